"""A helper process for tests/store/test_journal.py: append to a table's journal in a loop.

    python tests/journal_writer.py FOLDER play  [--max N] [--wait] [--pause SECONDS]
    python tests/journal_writer.py FOLDER count --target NAME [--max N] [--wait] [--pause SECONDS]

`play` deals a hand whenever none is open and otherwise leads with the lowest policy;
`count` records the banker's (correct) count of one player's counters. Every change goes
through `tables.record`, the way the CLI makes it. The script prints `ready` once its imports
are done (with `--wait` it then waits for a line on stdin, so that two writers start
together; `--pause` sleeps between appends, leaving the lock free to the other), and at
the end one JSON line: how many appends it made and how many events they wrote. The tests
kill it with SIGKILL at random moments, or run two at once.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

from popejoan_cli.store import tables
from popejoan_cli.table import events as E
from popejoan_cli.table import moves
from popejoan_cli.table.view import TableView


def play_step(view: TableView) -> list[E.Event]:
    """Deal from seed 1000 + hands so far when no hand is open, else the leader's lowest legal lead
    (`table.moves.lowest`, as `store.autoplay` leads)."""
    led = moves.lowest(view)
    if led is None:
        return [E.HandDealt(seed=1000 + len(view.hands), dealer=view.next_dealer)]
    return [led]


def count_step(target: str) -> Callable[[TableView], list[E.Event]]:
    def make(view: TableView) -> list[E.Event]:
        return [E.Counted(target=target, counters=view.live_balances()[target])]

    return make


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("folder", type=Path)
    ap.add_argument("mode", choices=["play", "count"])
    ap.add_argument("--target", default="Ann")
    ap.add_argument("--max", type=int, default=100_000)
    ap.add_argument("--wait", action="store_true")
    ap.add_argument("--pause", type=float, default=0.0)
    args = ap.parse_args(argv)
    make = play_step if args.mode == "play" else count_step(args.target)
    sys.stdout.write("ready\n")
    sys.stdout.flush()
    if args.wait:
        sys.stdin.readline()
    appends = written = 0
    for _ in range(args.max):
        done = tables.record(make, where=args.folder)
        appends += 1
        written += len(done.written)
        if args.pause:
            time.sleep(args.pause)
    sys.stdout.write(json.dumps({"appends": appends, "written": written}) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
