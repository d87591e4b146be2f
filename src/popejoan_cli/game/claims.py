"""Claims: "that's Matrimony, pay me", checked against the record of the hand.

`judge` answers right or wrong and cites the plays that decide it, from what the referee
derived (its awards and payments) and the plays themselves. Pure: no files, no printing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from popejoan_cli.base.errors import UsageError, allowed
from popejoan_cli.game.cards import CARDS, SPARE, Card
from popejoan_cli.game.hand import OUT_OF_PLAY, REMOVED, Award, Hand
from popejoan_cli.game.rules import PotRule


@dataclass(frozen=True, slots=True)
class Verdict:
    right: bool
    text: str


def _play_no(hand: Hand, card: int) -> int:
    """1-based number of the play of `card` in this hand (0 if not played)."""
    return next((i + 1 for i, p in enumerate(hand.plays) if p.card == card), 0)


def _where(hand: Hand, card: Card) -> str:
    by = hand.played_by[card]
    if by >= 0:
        return f"{card.face} was played by {hand.names[by]}, play {_play_no(hand, card)}"
    h = hand.holder[card]
    if h == REMOVED:
        return f"{card.face} is out of the pack"
    if h == OUT_OF_PLAY:
        return f"{card.face} is the turn-up, out of play"
    # While a virtual hand is played, a claim must not reveal the spare hand beyond what the
    # stops already told the table.
    if h == SPARE and hand.spare_told(card):
        return f"{card.face} is in the spare hand"
    if hand.turnup == card and card not in (p.card for p in hand.plays):
        return f"{card.face} was turned up and has not been played"
    return f"{card.face} has not been played"


def judge(hand: Hand, seat: int, what: str, amount: int | None) -> Verdict:
    """Check that `seat` is owed pot `what` (or `cards`, the settlement) in `hand`."""
    names = hand.names
    who = names[seat]
    if what == "cards":
        paid = [p for p in hand.payments if p.payee == seat and p.why == "cards"]
        total = sum(p.amount for p in paid)
        if not paid:
            if hand.out is None:
                why = "nobody has gone out yet"
            elif hand.out != seat:
                why = f"{names[hand.out]} went out, not {who}"
            elif hand.awaiting_pope:
                why = "the settlement waits to hear who still holds the Pope (`popejoan out --pope`)"
            else:
                why = f"{who} went out, but nobody owes anything for cards left"
            return Verdict(False, f"wrong: {who} is owed nothing for cards: {why}")
        detail = ", ".join(f"{names[p.payer]} {p.amount}" for p in paid)
        return _amount(f"{who} went out; paid for cards left: {detail}", total, amount)
    pot = next((p for p in hand.rules.pots if p.name == what), None)
    if pot is None:
        raise UsageError(f"no pot called {what!r} on this board",
                         allowed([*(p.name for p in hand.rules.pots), "cards"], what))
    won = [a for a in hand.awards if a.pot == pot.name]
    mine = [a for a in won if a.seat == seat]
    if mine:
        a = mine[0]
        total = sum(x.amount for x in mine)
        if a.at == "turnup":
            up = hand.turnup.face if hand.turnup is not None else "?"
            return _amount(f"{who} dealt and turned up {up}", total, amount)
        if a.at == "out":
            return _amount(f"{who} went out first", total, amount)
        return _amount(_played(hand, a.cards) + (" (shared)" if len(won) > 1 else ""), total, amount)
    return Verdict(False, "wrong: " + _why_not(hand, pot, seat, won))


def _played(hand: Hand, cards: Sequence[Card]) -> str:
    """`Bob played J♣ then Q♣, plays 22–23`, or each card with its player when they differ."""
    names = hand.names
    plays = [_play_no(hand, c) for c in cards]
    by = [hand.played_by[c] for c in cards]
    if len(set(by)) == 1:
        span = f"play {plays[0]}" if len(plays) == 1 else f"plays {plays[0]}–{plays[-1]}"
        return f"{names[by[0]]} played {' then '.join(c.face for c in cards)}, {span}"
    return " then ".join(f"{names[b]} played {c.face} (play {n})" for c, b, n in zip(cards, by, plays, strict=True))


def _amount(reason: str, paid: int, claimed: int | None) -> Verdict:
    counters = f"{paid} counter{'s' if paid != 1 else ''}"
    if claimed is not None and claimed != paid:
        return Verdict(False, f"wrong: {reason}; that pays {counters}, not {claimed}")
    return Verdict(True, f"right: {reason}; paid {counters}")


def _why_not(hand: Hand, pot: PotRule, seat: int, won: Sequence[Award]) -> str:
    names = hand.names
    if won:
        first = hand.awards[next(i for i, a in enumerate(hand.awards) if a.pot == pot.name)]
        if first.at == "turnup":
            up = hand.turnup.face if hand.turnup is not None else "?"
            return f"the dealer, {names[first.seat]}, took {pot.label} when {up} was turned up"
        if first.at == "out":
            return f"{names[first.seat]} went out first"
        if pot.wins == "card":
            return _where(hand, first.cards[0])
        winners = ", ".join(names[a.seat] for a in won)
        return f"{pot.label} went to {winners}: {_played(hand, first.cards)}"
    if pot.wins == "first-out":
        return "nobody has gone out yet" if hand.out is None else f"{names[hand.out]} went out"
    cards = [spec.resolve(hand.trump) for spec in pot.cards]
    if any(c is None for c in cards):
        return f"{pot.label} needs a trump, and there is none this hand"
    faces = [CARDS[c] for c in cards if c is not None]
    if pot.wins == "card":
        return _where(hand, faces[0])
    lo, hi = faces
    by = [hand.played_by[c] for c in faces]
    if min(by) < 0:
        return "; ".join(_where(hand, c) for c in faces)
    if by[0] != by[1] and hand.rules.play.pairs == "same-player":
        return f"{_where(hand, lo)} and {_where(hand, hi)}: one player must play both"
    if hand.rules.play.pair_order == "ascending" and _play_no(hand, lo) > _play_no(hand, hi):
        return f"{hi.face} (play {_play_no(hand, hi)}) came before {lo.face} (play {_play_no(hand, lo)})"
    return f"{pot.label} is not owed to {names[seat]}"
