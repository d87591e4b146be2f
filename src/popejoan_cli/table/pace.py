"""The computers' pace at a served table (`PaceChosen`): how long `serve` waits before a computer leads.

A table keeps its pace in its journal, so that every page, a restarted server and the next evening see the
one chosen: "slow", "normal" and "fast" stretch the pause the server waits (`pause`), and "step"
makes each computer's lead wait for a tap on the board page. The command line never waits: a computer leads
at once after a command typed there while no server runs (`cli.computers.play`). Pure.
"""

from __future__ import annotations

from popejoan_cli.base.errors import Said, UsageError, allowed
from popejoan_cli.table.events import PaceChosen
from popejoan_cli.table.view import TableView

PACES = ("slow", "normal", "fast", "step")
"""Every pace a page may choose, slowest first; "step" waits for a tap, not a time."""
DEFAULT = "normal"
"""A table's pace until a page chooses one (`TableView.pace`)."""


def chosen(view: TableView, seq: int, event: PaceChosen) -> None:
    """The fold's step: the table's pace is now `event.speed` (the last one chosen counts).

    >>> view = TableView()
    >>> chosen(view, 3, PaceChosen(speed="fast"))
    >>> view.pace
    'fast'
    """
    if event.speed not in PACES:
        raise UsageError(Said("{speed!r} is not a pace", speed=event.speed), allowed(list(PACES), event.speed))
    view.pace = event.speed


PACE = 0.6
"""Seconds before a computer's lead after a run of one card, so that a person can follow each run; a longer
run takes longer to read, so the pause grows with it (`pause`)."""
PER_CARD = 0.25
"""The pause's share for each card of the run just played, at normal speed."""
MOST = 4.0
"""The longest pause at normal speed, whatever the run."""
SPEEDS = {"slow": 2.0, "normal": 1.0, "fast": 0.4}
"""How the pause is stretched at each speed a player may choose on their page; "step" waits for a tap."""


def pause(view: TableView, speed: str = "normal", pace: float = PACE) -> float:
    """Seconds to wait before the next computer's lead, at practice or at a served table with computers: longer
    after a longer run (its cards must be read), stretched by `speed` (`SPEEDS`); "step" waits for a tap, not a
    time. Only the public run counts: the pause says nothing of anyone's cards."""
    rec = view.open_hand
    run = rec.last_run() if rec is not None else None
    cards = len(run.plays) if run is not None else 1
    return min(MOST, pace + PER_CARD * (cards - 1)) * SPEEDS.get(speed, 1.0)
