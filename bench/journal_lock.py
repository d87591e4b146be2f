"""How long a write holds the table's lock on a long journal, and how long the whole write takes.

    python bench/journal_lock.py [--hands 8000] [--writes 3]

Builds a journal of --hands played hands (as bench/journal_load.py does, in memory), lets a
reading command write its `.verified` note, then records a banker's count --writes times through
`tables.record`, timing each call and the time spent inside the table's lock. Another command
waiting for the lock waits that long (POPEJOAN_LOCK_WAIT, 3 s by default, before "busy").
"""

from __future__ import annotations

import argparse
import contextlib
import os
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from journal_load import build  # beside this script, which Python puts first on the path
from popejoan_cli.store import disk, journal, tables
from popejoan_cli.table import events as E
from popejoan_cli.table.view import TableView


def count_ann(view: TableView) -> list[E.Event]:
    return [E.Counted(target="Ann", counters=view.live_balances()["Ann"])]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=8000)
    ap.add_argument("--writes", type=int, default=3)
    args = ap.parse_args()
    fast = "/dev/shm" if os.access("/dev/shm", os.W_OK) else None
    with tempfile.TemporaryDirectory(dir=fast) as tmp:
        os.environ["POPEJOAN_HOME"] = tmp  # the key of `.verified` notes, not the user's
        folder = Path(tmp) / "t"
        events = build(folder, args.hands)
        size = (folder / journal.JOURNAL).stat().st_size
        held: list[float] = []
        real = disk.locked

        @contextlib.contextmanager
        def timed(*a: Any, **kw: Any) -> Iterator[None]:
            with real(*a, **kw):
                started = time.perf_counter()
                try:
                    yield
                finally:
                    held.append(time.perf_counter() - started)

        disk.locked = timed
        tables.view(folder)  # a reading command: its note
        for _ in range(args.writes):
            started = time.perf_counter()
            tables.record(count_ann, where=folder)
            total = time.perf_counter() - started
            print(f"{events:,} events, {size / 1e6:.1f} MB: write {total:.2f} s, lock held {held[-1]:.3f} s")


if __name__ == "__main__":
    main()
