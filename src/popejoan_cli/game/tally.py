"""A tally hand: a real deck whose plays are not recorded, only the pots taken and the cards left.

A tally is a `Hand` dealt unseen whose kind records no cards (`Hand.unseen(..., kind=HandKind.TALLY)`:
the kind says what the hand allows, not a class of its own). Its own actions are here, as functions
over such a hand: what may be paid during play (`pay`): a pot its cards can win, not taken yet,
whose cards could have been played; going out (`go_out`), which puts the counts the table tells in
place of the cards left and settles with the same code as a recorded hand (`Settlement.go_out`),
so both settle alike; and a void hand (`void`). The pots paid are the hand's `paid`.

Every refusal and verdict is a `Said` (docs/i18n.md: Errors): the English, exactly as before, and
whole sentences with named values for the CLI to say in the table's language; a pot is named by
its label (`{pot}`), which the CLI puts in the language's words.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from popejoan_cli.base.errors import IllegalPlay, RuleViolation, Said, SaidN, UsageError
from popejoan_cli.base.names import PotName
from popejoan_cli.game.cards import CARDS, SPARE, Card
from popejoan_cli.game.claims import Verdict, judge
from popejoan_cli.game.hand import Hand
from popejoan_cli.game.rules import PotRule
from popejoan_cli.game.state import OUT_OF_PLAY, PLAYED, REMOVED, UNKNOWN

_GONE: dict[int, Callable[[str, Card], Said]] = {
    REMOVED: lambda pot, card: Said("{pot} cannot be won this hand: {card} is out of the pack", pot=pot, card=card),
    OUT_OF_PLAY: lambda pot, card: Said("{pot} cannot be won this hand: {card} was turned up and is out of play",
                                        pot=pot, card=card),
    SPARE: lambda pot, card: Said("{pot} cannot be won this hand: {card} lies in the spare hand", pot=pot, card=card),
}
"""Where a pot's card cannot have been played from: the whole sentence of each refusal."""


# --------------------------------------------------------------------- during play
def pay(hand: Hand, seat: int, pots: Sequence[str]) -> None:
    """`seat` showed the cards of `pots` during play and takes them (checked all first)."""
    if hand.ended:
        raise RuleViolation(Said("the hand is over: nothing more is paid during play"))
    if len(set(pots)) != len(pots):
        raise UsageError(Said("a pot is named twice"))
    wanted = [_payable(hand, seat, name) for name in pots]
    for name, cards in zip(pots, wanted, strict=True):
        for c in cards:
            hand.holder[c] = PLAYED
            hand.played_by[c] = seat
        hand.paid[name] = seat
        hand.ledger.award(name, seat, hand.board.take(name, seat, hand.net), "play", tuple(CARDS[c] for c in cards))

def _payable(hand: Hand, seat: int, name: str) -> list[int]:
    """The cards that win pot `name`, once it is sure `seat` may take it now."""
    pot = next(p for p in hand.rules.pots if p.name == name)
    if pot.wins == "first-out":
        raise IllegalPlay(Said("{pot} goes to whoever goes out first: `popejoan out NAME --left ...` pays it",
                               pot=pot.label),
                          rule=Said("pot {name}: wins = \"first-out\"", name=PotName(name, pot.label)))
    taken = _taken(hand, pot)
    if taken is not None:
        raise IllegalPlay(taken, rule=Said("a pot is taken once a hand"))
    if pot is hand.rules.pope and hand.rules.play.pope_stakes:
        # The stakes per card are owed on the cards each player held when the Pope was played, which a
        # tally does not record (docs/house-rules.md: play.pope_stakes).
        raise IllegalPlay(Said("{pot} also brings a stake for each card every other player held when it was "
                               "played, which a tally does not record: keep this hand card by card",
                               pot=pot.label), rule="play.pope_stakes")
    cards = pot.winners(hand.trump)  # wins = "below": the card below the pot's (docs/house-rules.md)
    if any(c is None for c in cards):
        raise IllegalPlay(Said("{pot} needs a trump, and there is none this hand", pot=pot.label),
                          rule=Said("pot {name}", name=PotName(name, pot.label)))
    return [_playable(hand, seat, pot, c) for c in cards if c is not None]

def _taken(hand: Hand, pot: PotRule) -> Said | None:
    """The refusal of a pot taken already this hand, saying by whom; None if it is still to take."""
    if pot.name in hand.paid:
        return Said("{pot} was already taken this hand (paid to {player})", pot=pot.label,
                    player=hand.name(hand.paid[pot.name]))
    for a in hand.awards:
        if a.pot == pot.name:
            if a.at == "turnup":
                return Said("{pot} was already taken this hand (the dealer, {player}, took it at the turn-up)",
                            pot=pot.label, player=hand.name(a.seat))
            return Said("{pot} was already taken this hand (by {player})", pot=pot.label,
                        player=hand.name(a.seat))
    return None

def _playable(hand: Hand, seat: int, pot: PotRule, card: int) -> int:
    """`card`, once it is sure it could have been played by `seat` to win `pot`."""
    where = hand.holder[card]
    gone = _GONE.get(where)
    if gone is not None:
        raise IllegalPlay(gone(pot.label, CARDS[card]),
                          rule=Said("pot {name}", name=PotName(pot.name, pot.label)))
    by = hand.played_by[card]
    if where == PLAYED and by != seat:
        raise IllegalPlay(_shown(hand, card, by),
                          rule=Said("each card is played once, by the player who holds it"))
    if where >= 0 and where != seat and (pot.wins != "pair" or hand.rules.play.pairs == "same-player"):
        raise IllegalPlay(Said("{player} holds {card} (the turn-up), so only {player} can win {pot}",
                               player=hand.name(where), card=CARDS[card], pot=pot.label),
                          rule=Said("pot {name}", name=PotName(pot.name, pot.label)))
    return card

def _shown(hand: Hand, card: int, by: int) -> Said:
    """The refusal of a card `by` has shown already, naming the pot it was shown for."""
    labels = {p.name: p.label for p in hand.rules.pots}
    pot = next((labels[a.pot] for a in hand.awards if CARDS[card] in a.cards), None)
    if pot is None:
        return Said("{card} was already shown by {player} (for another pot)", card=CARDS[card],
                    player=hand.name(by))
    return Said("{card} was already shown by {player} (for {pot})", card=CARDS[card], player=hand.name(by),
                pot=pot)

# --------------------------------------------------------------------- the end
def go_out(hand: Hand, seat: int, left: Sequence[int], pope: int | None = UNKNOWN) -> None:
    """`seat` went out and the others hold `left` cards; `pope`: who holds the Pope (a seat,
    `SPARE`, None for played or nobody, `UNKNOWN` when the table was not asked)."""
    if hand.ended:
        raise RuleViolation(Said("the hand is over"))
    _check_counts(hand, seat, left)
    pc = hand.pope_card
    if pc is not None and pope != UNKNOWN:
        _check_pope(hand, seat, left, pc, pope)
        hand.holder[pc] = PLAYED if pope is None else pope
    elif pc is not None and hand.settings.pope_exempt != "none" and hand.holder[pc] == UNKNOWN:
        raise UsageError(Said("who still holds the Pope? popejoan cannot see the cards"),
                         Said("add --pope NAME, --pope spare or --pope none"))
    hand.left[:] = left  # in place: `run_tables` holds this list
    hand.ledger.go_out(seat)

def _check_counts(hand: Hand, seat: int, left: Sequence[int]) -> None:
    if left[seat]:
        raise RuleViolation(went_out_holding(hand.name(seat), left[seat]))
    for s, n in enumerate(left):
        shown = sum(1 for c in range(52) if hand.played_by[c] == s)
        most = hand.dealt_sizes[s] - shown
        if not 0 <= n <= most:
            dealt = hand.dealt_sizes[s]
            why = SaidN("{player} cannot hold {held}: they were dealt {n} card and showed {shown} for pots",
                        "{player} cannot hold {held}: they were dealt {n} cards and showed {shown} for pots",
                        dealt, player=hand.name(s), held=n, shown=SaidN("{n} card", "{n} cards", shown)) \
                if shown else \
                SaidN("{player} cannot hold {held}: they were dealt {n} card",
                      "{player} cannot hold {held}: they were dealt {n} cards", dealt, player=hand.name(s), held=n)
            raise RuleViolation(why, Said("a number from 0 to {most}", most=max(most, 0)))

def _check_pope(hand: Hand, seat: int, left: Sequence[int], pc: int, pope: int | None) -> None:
    if pope is None:
        return
    card = CARDS[pc]
    if hand.holder[pc] == PLAYED:
        by = hand.played_by[pc]
        raise RuleViolation(Said("{player} was paid the Pope ({card}) this hand: nobody holds it",
                                 player=hand.name(by), card=card),
                            Said("leave out --pope, or say --pope none"))
    if pope >= 0 and (pope == seat or not left[pope]):
        raise RuleViolation(Said("{player} has no cards left to hold the Pope", player=hand.name(pope)))
    if hand.holder[pc] != UNKNOWN and hand.holder[pc] != pope and hand.holder[pc] != OUT_OF_PLAY:
        known = hand.holder[pc]
        raise RuleViolation(Said("the turn-up places the Pope ({card}) with {player}", card=card,
                                 player=hand.name(known)) if known >= 0 else
                            Said("the turn-up places the Pope ({card}) with the spare hand", card=card))
    if hand.holder[pc] == OUT_OF_PLAY:
        raise RuleViolation(Said("the Pope ({card}) was turned up: nobody holds it", card=card),
                            Said("say --pope none"))

def void(hand: Hand) -> None:
    """The table says nobody could lead a new suit after a stop: void, where the rules allow it."""
    if not hand.passing:
        raise IllegalPlay(Said("a hand is void only when, after a stop, nobody can lead a new suit"),
                          rule="play.no_new_suit = \"pass\"")
    if hand.ended:
        raise RuleViolation(Said("the hand is over"))
    hand.finish(void=True)


def went_out_holding(player: str, n: int) -> Said:
    """The refusal of a count of cards left for the player who went out (they hold none)."""
    return Said("{player} went out, so holds no cards, not {n}", player=player, n=n)


def tally_judge(hand: Hand, seat: int, what: str, amount: int | None) -> Verdict:
    """`claim` in a tally hand, answered from the record: "taken by Dan this hand" or "not taken
    yet" (`cards`, the settlement, as in any hand)."""
    pot = next((p for p in hand.rules.pots if p.name == what), None)
    if pot is None or hand.kind.records_cards:
        return judge(hand, seat, what, amount)
    won = [a for a in hand.awards if a.pot == pot.name]
    if not won:
        return Verdict(False, Said("wrong: {pot} has not been taken yet this hand", pot=pot.label))
    taker = hand.name(won[0].seat)
    said = Said("{pot} was taken by {player} this hand at the turn-up", pot=pot.label, player=taker) \
        if won[0].at == "turnup" else \
        Said("{pot} was taken by {player} this hand by going out first", pot=pot.label, player=taker) \
        if won[0].at == "out" else \
        Said("{pot} was taken by {player} this hand", pot=pot.label, player=taker)
    total = sum(a.amount for a in won if a.seat == seat)
    if won[0].seat != seat:
        return Verdict(False, Said("wrong: {why}", why=said))
    if amount is not None and amount != total:
        return Verdict(False, SaidN("wrong: {reason}; that paid {n} counter, not {claimed}",
                                    "wrong: {reason}; that paid {n} counters, not {claimed}", total,
                                    reason=said, claimed=amount))
    return Verdict(True, SaidN("right: {reason}; paid {n} counter", "right: {reason}; paid {n} counters", total,
                               reason=said))
