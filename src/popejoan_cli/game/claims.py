"""Claims: "that's Matrimony, pay me", checked against the record of the hand.

`judge` answers right or wrong and cites the plays that decide it, from what the referee
derived (its awards and payments) and the plays themselves. Pure: no files, no printing.

A verdict's words are a `Said` (docs/i18n.md: Errors): the English, exactly as before, for `--json`
and the tests, and a whole sentence with named values for the CLI to say in the table's language.
Each reason is a whole clause; a verdict puts one in its place (`right: {reason}; ...`).
"""

from __future__ import annotations

from collections.abc import Sequence

from popejoan_cli.base.errors import Said, SaidN, UsageError, allowed
from popejoan_cli.base.records import Record
from popejoan_cli.game.cards import CARDS, SPARE, Card
from popejoan_cli.game.hand import OUT_OF_PLAY, REMOVED, Award, Hand
from popejoan_cli.game.laws import pair_verdict
from popejoan_cli.game.rules import PotRule


class Verdict(Record):
    right: bool
    text: str  # a `Said` where `judge` made it: the English, and its words for another language


def _play_no(hand: Hand, card: int) -> int:
    """1-based number of the play of `card` in this hand (0 if not played)."""
    return next((i + 1 for i, p in enumerate(hand.plays) if p.card == card), 0)


def _then(parts: Sequence[object]) -> object:
    """`a then b then c`, each `then` its own message so that a translator can put the word."""
    said = parts[0]
    for part in parts[1:]:
        said = Said("{first} then {second}", first=said, second=part)
    return said


def _where(hand: Hand, card: Card) -> Said:
    by = hand.played_by[card]
    if by >= 0:
        return Said("{card} was played by {player}", card=card, player=hand.names[by])
    h = hand.holder[card]
    if h == REMOVED:
        return Said("{card} is out of the pack", card=card)
    if h == OUT_OF_PLAY:
        return Said("{card} is the turn-up, out of play", card=card)
    # While a virtual hand is played, a claim must not reveal the spare hand beyond what the
    # stops already told the table.
    if h == SPARE and hand.spare_told(card):
        return Said("{card} is in the spare hand", card=card)
    if hand.turnup == card and card not in (p.card for p in hand.plays):
        return Said("{card} was turned up and has not been played", card=card)
    return Said("{card} has not been played", card=card)


def _no_cards(hand: Hand, seat: int) -> Said:
    """Why `seat` is owed nothing for cards left."""
    names = hand.names
    if hand.out is None:
        return Said("nobody has gone out yet")
    if hand.out != seat:
        return Said("{out} went out, not {player}", out=names[hand.out], player=names[seat])
    # settle.unplayed_card with a real deck (docs/house-rules.md)
    if hand.awaiting_pope and hand.ledger.unplaced_pots():
        return Said("the settlement waits to hear who holds the unplayed pots' cards (`popejoan out --holders`)")
    if hand.awaiting_pope:
        return Said("the settlement waits to hear who still holds the Pope (`popejoan out --pope`)")
    if hand.feeds and hand.rules.settle.losers_pay == "board":
        return Said("{player} went out, but the cards left are paid onto the board", player=names[seat])
    return Said("{player} went out, but nobody owes anything for cards left", player=names[seat])


CARDS_WORDS = frozenset({"cards", "card", "карты", "карта", "карт", "карте", "карту", "картой", "картою", "картам",
                         "картами", "картах"})
"""What a claim of the settlement for cards left may say instead of a pot: `cards` (or `card`) as the English
types it, or «карты» in any case, as a Russian table types it. Read at any table, as the answers `д`/`y` are."""


def means_cards(word: str) -> bool:
    """Whether `word` claims the settlement for cards left (`CARDS_WORDS`), in any case, «ё» as «е»."""
    return word.strip().lower().replace("ё", "е") in CARDS_WORDS


def judge(hand: Hand, seat: int, what: str, amount: int | None) -> Verdict:
    """Check that `seat` is owed pot `what` (or `cards`, the settlement: `means_cards`) in `hand`."""
    if means_cards(what):
        return _cards_claim(hand, seat, amount)
    pot = next((p for p in hand.rules.pots if p.name == what), None)
    if pot is None:
        raise UsageError(Said("no pot called {pot!r} on this board", pot=what),
                         allowed([*(p.name for p in hand.rules.pots), "cards"], what))
    won = [a for a in hand.awards if a.pot == pot.name]
    mine = [a for a in won if a.seat == seat]
    if not mine:
        return Verdict(False, Said("wrong: {why}", why=_why_not(hand, pot, seat, won)))
    how = _how_won(hand, seat, mine[0], shared=len(won) > 1)
    return _with_stakes(hand, seat, pot, how, sum(x.amount for x in mine), amount)


def _with_stakes(hand: Hand, seat: int, pot: PotRule, how: object, paid: int, claimed: int | None) -> Verdict:
    """The verdict on a pot won, with the stakes per card paid for the Pope when it is the Pope's pot (Peel:
    docs/house-rules.md, play.pope_stakes), which the Pope's player is owed with the pot."""
    stakes = [p for p in hand.payments if p.payee == seat and p.why == "pope"] if pot is hand.rules.pope else []
    if stakes:
        detail = ", ".join(f"{hand.names[p.payer]} {p.amount}" for p in stakes)  # names and numbers: no words
        how = Said("{how}; a stake for each card held: {detail}", how=how, detail=detail)
        paid += sum(p.amount for p in stakes)
    return _amount(how, paid, claimed)


def _cards_claim(hand: Hand, seat: int, amount: int | None) -> Verdict:
    """A claim of the settlement for cards left: what each player paid `seat`."""
    names = hand.names
    who = names[seat]
    paid = [p for p in hand.payments if p.payee == seat and p.why == "cards"]
    if not paid:
        return Verdict(False, Said("wrong: {player} is owed nothing for cards: {why}", player=who,
                                   why=_no_cards(hand, seat)))
    detail = ", ".join(f"{names[p.payer]} {p.amount}" for p in paid)  # names and numbers: no words
    return _amount(Said("{player} went out; paid for cards left: {detail}", player=who, detail=detail),
                   sum(p.amount for p in paid), amount)


def _how_won(hand: Hand, seat: int, a: Award, shared: bool) -> object:
    """How `seat` won the pot of award `a`: at the turn-up, by going out, or by the cards played."""
    who = hand.names[seat]
    if a.at == "turnup":
        up = hand.turnup if hand.turnup is not None else "?"
        return Said("{player} dealt and turned up {card}", player=who, card=up)
    if a.at == "out":
        return Said("{player} went out first", player=who)
    played = _played(hand, a.cards)
    return Said("{played} (shared)", played=played) if shared else played


def _played(hand: Hand, cards: Sequence[Card]) -> object:
    """`Bob played J♣ then Q♣`, or each card with its player when they differ: the cards and the players, as the
    table saw them played, never the play's number in the hand, which nobody at the table sees (issue 39)."""
    names = hand.names
    by = [hand.played_by[c] for c in cards]
    if len(set(by)) == 1:
        return Said("{player} played {cards}", player=names[by[0]], cards=_then(cards))
    return _then([Said("{player} played {cards}", player=names[b], cards=c) for c, b in zip(cards, by, strict=True)])


def _amount(reason: object, paid: int, claimed: int | None) -> Verdict:
    if claimed is not None and claimed != paid:
        return Verdict(False, SaidN("wrong: {reason}; that pays {n} counter, not {claimed}",
                                    "wrong: {reason}; that pays {n} counters, not {claimed}", paid,
                                    reason=reason, claimed=claimed))
    return Verdict(True, SaidN("right: {reason}; paid {n} counter", "right: {reason}; paid {n} counters", paid,
                               reason=reason))


def _why_not(hand: Hand, pot: PotRule, seat: int, won: Sequence[Award]) -> object:
    if won:
        return _won_by_another(hand, pot, won)
    if pot.wins == "first-out":
        return Said("nobody has gone out yet") if hand.out is None else \
            Said("{player} went out", player=hand.names[hand.out])
    cards = pot.winners(hand.trump)  # wins = "below": the card below the pot's wins it (docs/house-rules.md)
    if any(c is None for c in cards):
        return Said("{pot} needs a trump, and there is none this hand", pot=pot.label)
    faces = [CARDS[c] for c in cards if c is not None]
    if pot.wins != "pair":
        return _where(hand, faces[0])
    return _pair_not_won(hand, pot, seat, faces[0], faces[1])


def _won_by_another(hand: Hand, pot: PotRule, won: Sequence[Award]) -> object:
    names = hand.names
    first = won[0]
    if first.at == "turnup":
        up = hand.turnup if hand.turnup is not None else "?"
        return Said("the dealer, {player}, took {pot} when {card} was turned up", player=names[first.seat],
                    pot=pot.label, card=up)
    if first.at == "out":
        return Said("{player} went out first", player=names[first.seat])
    if pot.wins != "pair":
        return _where(hand, first.cards[0])
    winners = ", ".join(names[a.seat] for a in won)  # names: no words
    return Said("{pot} went to {winners}: {played}", pot=pot.label, winners=winners,
                played=_played(hand, first.cards))


def _pair_not_won(hand: Hand, pot: PotRule, seat: int, lo: Card, hi: Card) -> object:
    """Why a pair pot nobody won is not `seat`'s: by the rule the referee paid by (`pair_verdict`)."""
    by = [hand.played_by[c] for c in (lo, hi)]
    if min(by) < 0:
        return Said("{first}; {second}", first=_where(hand, lo), second=_where(hand, hi))
    earlier, later = (lo, hi) if _play_no(hand, lo) < _play_no(hand, hi) else (hi, lo)
    verdict = pair_verdict(hand.settings, earlier, later, by[0] == by[1])
    if verdict == "two-players":
        return Said("{first} and {second}: one player must play both", first=_where(hand, lo),
                    second=_where(hand, hi))
    if verdict == "out-of-order":
        return Said("{high} was played before {low}", high=hi, low=lo)
    return Said("{pot} is not owed to {player}", pot=pot.label, player=hand.names[seat])
