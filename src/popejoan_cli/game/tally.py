"""A tally hand: a real deck whose plays are not recorded, only the pots taken and the cards left.

`TallyHand` is a `Hand` dealt unseen (`Hand.unseen`). What may be paid during play is decided
here (`pay`): a pot its cards can win, not taken yet, whose cards could have been played. Going
out (`go_out`) puts the counts the table tells in place of the cards left and settles with the
same code as a recorded hand (`Settlement._go_out`), so both settle alike.

Every refusal and verdict is a `Said` (docs/i18n.md: Errors): the English, exactly as before, and
whole sentences with named values for the CLI to say in the table's language; a pot is named by
its label (`{pot}`), which the CLI puts in the language's words.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from popejoan_cli.base.errors import IllegalPlay, RuleViolation, Said, SaidN, UsageError
from popejoan_cli.game.board import Board
from popejoan_cli.game.cards import CARDS, SPARE, Card
from popejoan_cli.game.claims import Verdict, judge
from popejoan_cli.game.hand import Hand
from popejoan_cli.game.rules import HouseRules, PotRule
from popejoan_cli.game.state import OUT_OF_PLAY, PLAYED, REMOVED, UNKNOWN, HandKind

_GONE: dict[int, Callable[[str, Card], Said]] = {
    REMOVED: lambda pot, card: Said("{pot} cannot be won this hand: {card} is out of the pack", pot=pot, card=card),
    OUT_OF_PLAY: lambda pot, card: Said("{pot} cannot be won this hand: {card} was turned up and is out of play",
                                        pot=pot, card=card),
    SPARE: lambda pot, card: Said("{pot} cannot be won this hand: {card} lies in the spare hand", pot=pot, card=card),
}
"""Where a pot's card cannot have been played from: the whole sentence of each refusal."""


class TallyHand(Hand):
    """A real hand kept as a tally: the pots each player took, then the cards each one held."""

    __slots__ = ("paid",)
    UNSEEN = HandKind.TALLY

    def __init__(self, rules: HouseRules, seats: int, dealer: int, board: Board, cards: Sequence[Sequence[int]],
                 left: list[int]) -> None:
        super().__init__(rules, seats, dealer, board, cards, left)
        self.paid: dict[str, int] = {}
        """Each pot paid during play, to its seat."""

    # ----------------------------------------------------------------- during play
    def pay(self, seat: int, pots: Sequence[str]) -> None:
        """`seat` showed the cards of `pots` during play and takes them (checked all first)."""
        if self.ended:
            raise RuleViolation(Said("the hand is over: nothing more is paid during play"))
        if len(set(pots)) != len(pots):
            raise UsageError(Said("a pot is named twice"))
        wanted = [self._payable(seat, name) for name in pots]
        for name, cards in zip(pots, wanted, strict=True):
            for c in cards:
                self.holder[c] = PLAYED
                self.played_by[c] = seat
            self.paid[name] = seat
            self._award(name, seat, self.board.take(name, seat, self.net), "play", tuple(CARDS[c] for c in cards))

    def _payable(self, seat: int, name: str) -> list[int]:
        """The cards that win pot `name`, once it is sure `seat` may take it now."""
        pot = next(p for p in self.rules.pots if p.name == name)
        if pot.wins == "first-out":
            raise IllegalPlay(Said("{pot} goes to whoever goes out first: `popejoan out NAME --left ...` pays it",
                                   pot=pot.label),
                              rule=Said("pot {name}: wins = \"first-out\"", name=name))
        taken = self._taken(pot)
        if taken is not None:
            raise IllegalPlay(taken, rule=Said("a pot is taken once a hand"))
        if pot is self.rules.pope and self.rules.play.pope_stakes:
            # The stakes per card are owed on the cards each player held when the Pope was played, which a
            # tally does not record (docs/house-rules.md: play.pope_stakes).
            raise IllegalPlay(Said("{pot} also brings a stake for each card every other player held when it was "
                                   "played, which a tally does not record: keep this hand card by card",
                                   pot=pot.label), rule="play.pope_stakes")
        cards = pot.winners(self.trump)  # wins = "below": the card below the pot's (docs/house-rules.md)
        if any(c is None for c in cards):
            raise IllegalPlay(Said("{pot} needs a trump, and there is none this hand", pot=pot.label),
                              rule=Said("pot {name}", name=name))
        return [self._playable(seat, pot, c) for c in cards if c is not None]

    def _taken(self, pot: PotRule) -> Said | None:
        """The refusal of a pot taken already this hand, saying by whom; None if it is still to take."""
        if pot.name in self.paid:
            return Said("{pot} was already taken this hand (paid to {player})", pot=pot.label,
                        player=self.name(self.paid[pot.name]))
        for a in self.awards:
            if a.pot == pot.name:
                if a.at == "turnup":
                    return Said("{pot} was already taken this hand (the dealer, {player}, took it at the turn-up)",
                                pot=pot.label, player=self.name(a.seat))
                return Said("{pot} was already taken this hand (by {player})", pot=pot.label,
                            player=self.name(a.seat))
        return None

    def _playable(self, seat: int, pot: PotRule, card: int) -> int:
        """`card`, once it is sure it could have been played by `seat` to win `pot`."""
        where = self.holder[card]
        gone = _GONE.get(where)
        if gone is not None:
            raise IllegalPlay(gone(pot.label, CARDS[card]), rule=Said("pot {name}", name=pot.name))
        by = self.played_by[card]
        if where == PLAYED and by != seat:
            raise IllegalPlay(self._shown(card, by),
                              rule=Said("each card is played once, by the player who holds it"))
        if where >= 0 and where != seat and (pot.wins != "pair" or self.rules.play.pairs == "same-player"):
            raise IllegalPlay(Said("{player} holds {card} (the turn-up), so only {player} can win {pot}",
                                   player=self.name(where), card=CARDS[card], pot=pot.label),
                              rule=Said("pot {name}", name=pot.name))
        return card

    def _shown(self, card: int, by: int) -> Said:
        """The refusal of a card `by` has shown already, naming the pot it was shown for."""
        labels = {p.name: p.label for p in self.rules.pots}
        pot = next((labels[a.pot] for a in self.awards if CARDS[card] in a.cards), None)
        if pot is None:
            return Said("{card} was already shown by {player} (for another pot)", card=CARDS[card],
                        player=self.name(by))
        return Said("{card} was already shown by {player} (for {pot})", card=CARDS[card], player=self.name(by),
                    pot=pot)

    # ----------------------------------------------------------------- the end
    def go_out(self, seat: int, left: Sequence[int], pope: int | None = UNKNOWN) -> None:
        """`seat` went out and the others hold `left` cards; `pope`: who holds the Pope (a seat,
        `SPARE`, None for played or nobody, `UNKNOWN` when the table was not asked)."""
        if self.ended:
            raise RuleViolation(Said("the hand is over"))
        self._check_counts(seat, left)
        pc = self.pope_card
        if pc is not None and pope != UNKNOWN:
            self._check_pope(seat, left, pc, pope)
            self.holder[pc] = PLAYED if pope is None else pope
        elif pc is not None and self.settings.pope_exempt != "none" and self.holder[pc] == UNKNOWN:
            raise UsageError(Said("who still holds the Pope? popejoan cannot see the cards"),
                             Said("add --pope NAME, --pope spare or --pope none"))
        self.left[:] = left  # in place: `run_tables` holds this list
        self._go_out(seat)

    def _check_counts(self, seat: int, left: Sequence[int]) -> None:
        if left[seat]:
            raise RuleViolation(went_out_holding(self.name(seat), left[seat]))
        for s, n in enumerate(left):
            shown = sum(1 for c in range(52) if self.played_by[c] == s)
            most = self.dealt_sizes[s] - shown
            if not 0 <= n <= most:
                dealt = self.dealt_sizes[s]
                why = SaidN("{player} cannot hold {held}: they were dealt {n} card and showed {shown} for pots",
                            "{player} cannot hold {held}: they were dealt {n} cards and showed {shown} for pots",
                            dealt, player=self.name(s), held=n, shown=SaidN("{n} card", "{n} cards", shown)) \
                    if shown else \
                    SaidN("{player} cannot hold {held}: they were dealt {n} card",
                          "{player} cannot hold {held}: they were dealt {n} cards", dealt, player=self.name(s), held=n)
                raise RuleViolation(why, Said("a number from 0 to {most}", most=max(most, 0)))

    def _check_pope(self, seat: int, left: Sequence[int], pc: int, pope: int | None) -> None:
        if pope is None:
            return
        card = CARDS[pc]
        if self.holder[pc] == PLAYED:
            by = self.played_by[pc]
            raise RuleViolation(Said("{player} was paid the Pope ({card}) this hand: nobody holds it",
                                     player=self.name(by), card=card),
                                Said("leave out --pope, or say --pope none"))
        if pope >= 0 and (pope == seat or not left[pope]):
            raise RuleViolation(Said("{player} has no cards left to hold the Pope", player=self.name(pope)))
        if self.holder[pc] != UNKNOWN and self.holder[pc] != pope and self.holder[pc] != OUT_OF_PLAY:
            known = self.holder[pc]
            raise RuleViolation(Said("the turn-up places the Pope ({card}) with {player}", card=card,
                                     player=self.name(known)) if known >= 0 else
                                Said("the turn-up places the Pope ({card}) with the spare hand", card=card))
        if self.holder[pc] == OUT_OF_PLAY:
            raise RuleViolation(Said("the Pope ({card}) was turned up: nobody holds it", card=card),
                                Said("say --pope none"))

    def tally_void(self) -> None:
        """The table says nobody could lead a new suit after a stop: void, where the rules allow it."""
        if not self.passing:
            raise IllegalPlay(Said("a hand is void only when, after a stop, nobody can lead a new suit"),
                              rule="play.no_new_suit = \"pass\"")
        if self.ended:
            raise RuleViolation(Said("the hand is over"))
        self._end(void=True)


def went_out_holding(player: str, n: int) -> Said:
    """The refusal of a count of cards left for the player who went out (they hold none)."""
    return Said("{player} went out, so holds no cards, not {n}", player=player, n=n)


def tally_judge(hand: Hand, seat: int, what: str, amount: int | None) -> Verdict:
    """`claim` in a tally hand, answered from the record: "taken by Dan this hand" or "not taken
    yet" (`cards`, the settlement, as in any hand)."""
    pot = next((p for p in hand.rules.pots if p.name == what), None)
    if pot is None or not isinstance(hand, TallyHand):
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
