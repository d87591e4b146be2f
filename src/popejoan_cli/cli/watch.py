"""`popejoan board --watch`: the board on a screen of its own, redrawn whenever the table changes.

This module owns the watching loop: it looks at the journal's size and modification time
every tenth of a second and, when either changed, replays the table and draws the board, whose
lead it is and the last run, exactly what `popejoan board` shows plus what the whole table has
seen played. It holds no private information: no hand, no seed, nothing the table has not seen.
At a terminal the board is redrawn in place (rich `Live`); down a pipe each new board is printed
after the last one. Ctrl-C stops it with one line and exit 0; SIGTERM is an interruption as for
any command (143).

Rich and the referee are imported inside the functions, for start-up (the store is imported at
the top: only `board --watch` imports this module, and it reads the table anyway).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from popejoan_cli import Interrupted
from popejoan_cli.cli import console
from popejoan_cli.store.journal import stamp

if TYPE_CHECKING:
    from popejoan_cli.table.view import HandRecord, TableView

INTERVAL = 0.1
"""Seconds between looks at the journal: quick enough to feel live, cheap enough to be free."""


def last_run(rec: HandRecord) -> list[Any]:
    """The last run of `rec`'s hand as narrated lines: its cards, the pots they took, where it
    stopped and who leads next (or the settlement); nothing when no card has been led."""
    from popejoan_cli.render.narrate import after_lead

    told = rec.last_run()  # the referee's own record of the run, as the journal holds it
    return [] if told is None else after_lead(rec.hand.rules, rec.players, told)


def drawn(view: TableView) -> Any:
    """The board, then the last run of the hand in play (or of the hand just over)."""
    from rich.console import Group
    from rich.text import Text

    from popejoan_cli.render.hand_views import line_text
    from popejoan_cli.render.table_views import board_view

    parts: list[Any] = [board_view(view)]
    rec = view.open_hand or (view.hands[-1] if view.hands else None)
    lines = last_run(rec) if rec is not None else []
    if lines and rec is not None:
        from popejoan_cli.render.i18n import t

        parts.append(Text(t("Last run (hand {number}):", number=rec.number), style="bold"))
        parts += [line_text(line) for line in lines]
    return Group(*parts)


def _now(folder: Path) -> Any:
    """The drawing of the table as it is now; a journal that cannot be read is said, not fatal."""
    from rich.text import Text

    from popejoan_cli import cli
    from popejoan_cli.base.errors import DataError, PopejoanError
    from popejoan_cli.cli.exits import spoken
    from popejoan_cli.store import tables

    try:
        view, _ = tables.view(folder)
    except PopejoanError as err:
        from popejoan_cli.render.i18n import t

        what = err.told(spoken) if isinstance(err, DataError) else spoken(err.message)
        return Text(t("popejoan: {error} (watching: the board comes back once the journal can be read)", error=what))
    cli.speak(view.lang)  # the table's own language, read with it: it may be set (or undone) as it is watched
    return drawn(view)


def watch_board(folder: Path, interval: float = INTERVAL) -> None:
    """Draw the board of the table at `folder`, again on every change, until Ctrl-C."""
    out = console()
    try:
        seen = stamp(folder)
        first = _now(folder)
        if out.is_terminal:
            _live(out, folder, first, seen, interval)
        else:
            _printed(out, folder, first, seen, interval)
    except (Interrupted, KeyboardInterrupt) as err:
        if isinstance(err, Interrupted) and err.signum != 2:
            raise  # SIGTERM: an interruption, as for any command
        from popejoan_cli.render.i18n import t

        sys.stderr.write(t("popejoan board: stopped watching\n"))


def _live(out: Any, folder: Path, first: Any, seen: tuple[int, int] | None, interval: float) -> None:
    from rich.live import Live

    with Live(first, console=out, auto_refresh=False, screen=False) as live:
        while True:
            time.sleep(interval)
            now = stamp(folder)
            if now != seen:
                seen = now
                live.update(_now(folder), refresh=True)


def _printed(out: Any, folder: Path, first: Any, seen: tuple[int, int] | None, interval: float) -> None:
    """Down a pipe or into a file: each new board after the last, flushed at once."""
    out.print(first)
    out.file.flush()
    while True:
        time.sleep(interval)
        now = stamp(folder)
        if now != seen:
            seen = now
            out.rule()
            out.print(_now(folder))
            out.file.flush()
