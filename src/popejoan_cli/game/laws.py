"""The rules of play as predicates, asked by every check that applies them.

The referee's decision (`ruling.rule_on`), the re-check of a real deck's leads once its hands are
shown (`ruling.recheck_leads`), the paying of pair pots (`hand.Hand._pay_pots`) and the claims
(`claims`) all call these, so a rule is written once. `state.suit_allowed` (change of suit after a
stop) sits with the hand's state, which asks it on every lead. Pure: no files, no printing.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal

from popejoan_cli.game.rules import ChangeSuit
from popejoan_cli.game.state import Settings, suit_allowed

__all__ = ["PairVerdict", "fresh_held", "lower_held", "pair_verdict"]


def lower_held(rank: Sequence[int], held: Iterable[int], card: int) -> int | None:
    """The lowest of `held` below `card` in its suit: under `play.lead = "lowest-in-suit"` the
    card to lead before `card` (None: `card` is the lowest held). `rank` is `RANK[ace_high]`.

    >>> from popejoan_cli.game.state import RANK
    >>> lower_held(RANK[False], [2, 5, 14], 9)   # 3♣ and 6♣ are held below 10♣: 3♣ first
    2
    >>> lower_held(RANK[False], [14], 9) is None  # 2♦ is another suit
    True
    """
    lower = [c for c in held if c // 13 == card // 13 and rank[c] < rank[card]]
    return min(lower, key=rank.__getitem__) if lower else None


def fresh_held(change: ChangeSuit, stopped: int | None, held: Iterable[int]) -> int | None:
    """The first of `held` that a lead after a stop in `stopped` may be (a new suit, or colour,
    as `play.change_suit` asks), or None when every card held is of the stopped kind.

    >>> fresh_held("suit", 0, [1, 2, 27])   # after a stop in clubs, 2♥ (27) is a new suit
    27
    >>> fresh_held("colour", 1, [27]) is None  # diamonds then hearts: the same colour
    True
    """
    return next((c for c in held if suit_allowed(change, stopped, c // 13)), None)


PairVerdict = Literal["won", "shared", "two-players", "out-of-order"]


def pair_verdict(settings: Settings, earlier: int, later: int, same_seat: bool) -> PairVerdict:
    """How a pair pot stands once both its cards are played, `earlier` first: won by one player,
    shared (`play.pairs = "split"`), lost because two players played it under `same-player`, or
    lost because the higher card came first under `play.pair_order = "ascending"`. The referee
    pays by it, and a claim explains by it."""
    if not same_seat and not settings.pairs_split:
        return "two-players"
    if settings.pairs_ascending and settings.rank[earlier] > settings.rank[later]:
        return "out-of-order"
    return "won" if same_seat else "shared"
