"""The coach's verdict on one lead made: what it was worth beside the lead `strong` would have made, marked as
chess sites mark a move, with the lesson the figures teach (docs/bots.md, "The review").

`judge` reads the coach's figures for the position (`lookahead.coach`: each legal lead valued over the deals the
seat could not see, from that seat's observation at that moment, never from the cards revealed later) and the
card the seat led. The cost is the best lead's expected counters less the led card's; the mark follows from the
cost (`MARKS`); a lead worse than an inaccuracy gets a lesson: the one figure that most separates it from the best
lead (the lead kept, going out first, a pot made yours, cards shed), or else just the counters. The words are the
render layer's (`render/review_views.py`): a `Judged` is the one record every screen and `--json` tell from.
Pure.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from popejoan_cli.game.cards import Card
from popejoan_cli.game.lookahead import LeadValue

MARKS: tuple[tuple[float, str], ...] = ((0.25, "good"), (1.0, "inaccuracy"), (2.5, "mistake"),
                                        (float("inf"), "blunder"))
"""Each mark with the expected cost, in counters, below which a lead gets it (a lead `strong` would make is "best",
a lead that was the only one "forced")."""
LESSONS = ("lead", "out", "pot", "shed")
"""The figures a lesson may name, checked in this order; the first whose gap is at least its `GAPS` wins."""
GAPS = {"lead": 0.25, "out": 0.15, "pot": 0.15, "shed": 1.0}
"""How far apart the best lead and the led card must be on a figure for the lesson to name it: a share of the
deals (the lead kept, out first, a pot won), or cards shed."""


@dataclass(frozen=True)
class Lesson:
    """What the best lead did that the led card did not: `kind` (one of `LESSONS`, or "counters"), the best lead's
    figure and the led card's (shares of the deals, or cards), and for "pot" the pot's name."""

    kind: str
    best: float
    led: float
    pot: str = ""


@dataclass(frozen=True)
class Judged:
    """One lead made, judged: the card, the best lead and the cost in counters (0 for the best), its mark, and a
    lesson for a mistake or a blunder."""

    card: Card
    best: Card
    led_value: float
    best_value: float
    mark: str
    lesson: Lesson | None = None

    @property
    def cost(self) -> float:
        return max(0.0, self.best_value - self.led_value)


def mark_of(cost: float) -> str:
    """The mark a lead gets for its expected `cost` in counters.

    >>> [mark_of(c) for c in (0.1, 0.5, 1.5, 4.0)]
    ['good', 'inaccuracy', 'mistake', 'blunder']
    """
    return next(mark for below, mark in MARKS if cost < below)


def _pot_share(value: LeadValue, pot: str) -> float:
    return next((share for name, share in value.pots if name == pot), 0.0)


def lesson(best: LeadValue, led: LeadValue) -> Lesson:
    """The figure that most clearly separates `best` from `led` (`LESSONS`, `GAPS`), or the counters alone."""
    if best.keeps - led.keeps >= GAPS["lead"]:
        return Lesson("lead", best.keeps, led.keeps)
    if best.out - led.out >= GAPS["out"]:
        return Lesson("out", best.out, led.out)
    for pot, share in best.pots:
        if share - _pot_share(led, pot) >= GAPS["pot"]:
            return Lesson("pot", share, _pot_share(led, pot), pot)
    if best.shed - led.shed >= GAPS["shed"]:
        return Lesson("shed", best.shed, led.shed)
    return Lesson("counters", best.counters, led.counters)


def judge(values: Sequence[LeadValue], card: Card) -> Judged:
    """The verdict on leading `card` where the coach gave `values` (best first; `card` among them).

    >>> from popejoan_cli.game.cards import Card
    >>> a = LeadValue(Card.parse("4S"), 1.0, 0.1, 1.0, 0.0, 0.0, (), 120)
    >>> b = LeadValue(Card.parse("AD"), 3.0, 0.8, 2.0, 0.2, 0.0, (("ace", 0.9),), 120)
    >>> j = judge([b, a], Card.parse("4S"))
    >>> j.mark, j.cost, j.lesson.kind
    ('mistake', 2.0, 'lead')
    >>> judge([b, a], Card.parse("AD")).mark, judge([a], Card.parse("4S")).mark
    ('best', 'forced')
    """
    best = values[0]
    led = next(v for v in values if v.card == card)
    if len(values) == 1:
        return Judged(card, best.card, led.counters, best.counters, "forced")
    if led.card == best.card:
        return Judged(card, best.card, led.counters, best.counters, "best")
    mark = mark_of(best.counters - led.counters)
    taught = lesson(best, led) if mark in ("mistake", "blunder") else None
    return Judged(card, best.card, led.counters, best.counters, mark, taught)
