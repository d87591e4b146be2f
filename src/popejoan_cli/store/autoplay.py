"""Playing a hand out by the lowest policy, through a table's journal, as a banker would.

Deal from a seed, then record each leader's lowest legal lead (`table.moves.lowest`) until
the hand ends, each as its own command through `tables.record`. `popejoan demo`, the
benchmarks and the tests' evenings share it, so they all play the same game.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from popejoan_cli.game.cards import Seed
from popejoan_cli.game.sight import Played
from popejoan_cli.store import tables
from popejoan_cli.table import moves
from popejoan_cli.table.events import Event, HandDealt
from popejoan_cli.table.view import TableView


def deal(where: Path, seed: Seed, dealer: str | None = None) -> TableView:
    """Deal a hand from `seed`; `dealer` defaults to whoever's deal it is (the fold checks it)."""
    def make(view: TableView) -> list[Event]:
        return [HandDealt(seed=seed, dealer=dealer if dealer is not None else view.next_dealer)]

    return tables.record(make, where=where).view


def lead_lowest(where: Path) -> TableView:
    """Record the leader's lowest legal lead in the open hand; the referee plays the run."""
    def make(view: TableView) -> list[Event]:
        led = moves.lowest(view)
        return [led] if led is not None else []

    return tables.record(make, where=where).view


def play_hand(where: Path, seed: Seed, dealer: str | None = None, *,
              told: Callable[[TableView, Played | None], None] | None = None) -> TableView:
    """Deal from `seed` and lead the lowest legal card until the hand ends; the view after.

    `told(view, played)` is called after the deal (`played` None) and after each lead (the
    referee's record of what it did), so that a caller can show each run as it is played.
    """
    view = deal(where, seed, dealer)
    if told is not None:
        told(view, None)
    while view.open_hand is not None:
        view = lead_lowest(where)
        if told is not None:
            told(view, view.hands[-1].last_run())
    return view
