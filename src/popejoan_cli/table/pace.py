"""The computers' pace at a served table (`PaceChosen`): how long `serve` waits before a computer leads.

A table keeps its pace in its journal, so that every page, a restarted server and the next evening see the
one chosen: "slow", "normal" and "fast" stretch the pause the server waits (`web.practice.pause`), and "step"
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
