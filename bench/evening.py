"""Shared by the table benchmarks: a long evening, and finding the installed command.

`open_table(folder)` opens the benches' table; `build(folder, hands)` plays `hands` hands out
with the lowest policy through the journal, deals one more, and returns its next lead (player,
card). `find_exe` finds the installed
`popejoan`. Used by bench/table.py, bench/shell.py and bench/serve.py; run them from the repo root
(`python bench/table.py`).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
from pathlib import Path

from popejoan_cli.formats.presets import preset
from popejoan_cli.store import autoplay, tables
from popejoan_cli.table import moves
from popejoan_cli.table.events import TableOpened

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


def open_table(folder: Path) -> None:
    """The benches' table at `folder`: modern-stops, four players with 500 counters each, Ann deals."""
    rules = preset("modern-stops")
    tables.record(lambda v: [TableOpened(name="bench", rules=rules.to_dict(), rules_name=rules.name,
                                         players=PLAYERS, counters=500, dealer="Ann")], where=folder, create=True)


def build(folder: Path, hands: int) -> tuple[str, str]:
    """A table with `hands` hands played out and one more dealt; returns the next lead (player, card)."""
    open_table(folder)
    for k in range(hands):
        autoplay.play_hand(folder, k)
    led = moves.lowest(autoplay.deal(folder, hands))
    if led is None:
        raise AssertionError("the last hand ended at the turn-up; pick another seed")
    return led.player, led.card


def find_exe(given: str | None, bench: str) -> str:
    """`--exe`, else the `popejoan` beside this interpreter, else the one on PATH."""
    if given:
        return given
    beside = Path(sys.executable).with_name("popejoan")
    found = str(beside) if beside.exists() else shutil.which("popejoan")
    if not found:
        sys.exit(f"{bench}: no installed `popejoan` found; pip install . first, or pass --exe")
    return found


def timed(cmd: list[str], env: dict[str, str], bench: str) -> float:
    """Seconds `cmd` took to run to its end; a failure stops the benchmark `bench`, saying why."""
    start = time.perf_counter()
    done = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False)
    took = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"{bench}: {' '.join(cmd)} failed ({done.returncode}): {done.stderr.decode()[:500]}")
    return took
