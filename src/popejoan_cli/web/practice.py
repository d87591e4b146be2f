"""Practice in the browser: the pause before a computer's lead, and the throwaway table `serve --practice` opens.

The session itself (who plays, the computers' level, the seed that deals hand k, the coach) is
`render.practice_table.Practice`, which `popejoan practice` plays too: a table with one person and computer seats,
whose computers lead as any table's do (`web.seated` plays them at the pace the page chose, kept in the table's
journal). The pause before a computer's lead is the table's (`table.pace.pause`); this module keeps
`open_table`, which makes the session's table in a folder through `tables.record`, the journal and lock every
command uses.
"""

from __future__ import annotations

from pathlib import Path

from popejoan_cli.game.rules import HouseRules
from popejoan_cli.render.practice_table import COUNTERS, Practice
from popejoan_cli.store import tables
from popejoan_cli.table.pace import MOST, PACE, PER_CARD, SPEEDS, pause
from popejoan_cli.table.view import TableView

__all__ = ["COUNTERS", "MOST", "PACE", "PER_CARD", "SPEEDS", "Practice", "open_table", "pause"]


def open_table(where: Path, practice: Practice, rules: HouseRules) -> TableView:
    """Make the session's table at `where` (a new folder): the table, its computers, and its first hand."""
    tables.record(lambda view: practice.opening(rules), where=where, create=True)
    return tables.record(practice.next_deal, where=where).view
