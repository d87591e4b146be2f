"""Claims: "that's Matrimony, pay me", checked against the record of the hand.

`judge` answers right or wrong and cites the plays that decide it, from what the referee
derived (its awards and payments) and the plays themselves. Pure: no files, no printing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from popejoan_cli.cards import CARDS, SPARE, Card
from popejoan_cli.errors import UsageError, allowed
from popejoan_cli.hand import OUT_OF_PLAY, REMOVED, Hand
from popejoan_cli.rules import PotRule


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
    if h == SPARE:
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
            why = "nobody has gone out yet" if hand.out is None else f"{names[hand.out]} went out, not {who}"
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
            return _amount(f"{who} dealt and turned up {hand.turnup.face if hand.turnup else ''}", total, amount)
        if a.at == "out":
            return _amount(f"{who} went out first", total, amount)
        plays = [_play_no(hand, c) for c in a.cards]
        cards = " then ".join(c.face for c in a.cards)
        span = f"play {plays[0]}" if len(plays) == 1 else f"plays {plays[0]}–{plays[-1]}"
        shared = " (shared)" if len(won) > 1 else ""
        return _amount(f"{who} played {cards}, {span}{shared}", total, amount)
    return Verdict(False, "wrong: " + _why_not(hand, pot, seat, won))


def _amount(reason: str, paid: int, claimed: int | None) -> Verdict:
    counters = f"{paid} counter{'s' if paid != 1 else ''}"
    if claimed is not None and claimed != paid:
        return Verdict(False, f"wrong: {reason}; that pays {counters}, not {claimed}")
    return Verdict(True, f"right: {reason}; paid {counters}")


def _why_not(hand: Hand, pot: PotRule, seat: int, won: Sequence[object]) -> str:
    names = hand.names
    if won:
        others = ", ".join(sorted({names[a.seat] for a in hand.awards if a.pot == pot.name}))
        return f"{pot.label} went to {others}"
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
    if by[0] != by[1] and hand.rules["play.pairs"] == "same-player":
        return f"{_where(hand, lo)} and {_where(hand, hi)}: one player must play both"
    if hand.rules["play.pair_order"] == "ascending" and _play_no(hand, lo) > _play_no(hand, hi):
        return f"{hi.face} (play {_play_no(hand, hi)}) came before {lo.face} (play {_play_no(hand, lo)})"
    return f"{pot.label} is not owed to {names[seat]}"
