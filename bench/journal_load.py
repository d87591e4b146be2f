"""Loading a long journal: time and peak memory per 1,000 events, at growing sizes.

    python bench/journal_load.py [--hands 1000,4000,16000] [--runs 3]

Builds journals of the given numbers of played hands (modern-stops, four players, the
lowest policy) in memory through the table's own fold, writes them, then measures in a
fresh process for each size: `journal.load` alone, `tables.view` with the `.verified`
note (what most commands do), and `tables.view(full=True)` (what `check`, settle and
the exports do), each the best of --runs; and the process's peak memory above a process
that only imports popejoan. The baseline is the smallest size: every other size prints
its time and memory per 1,000 events as a ratio to it, so 1.0x means linear, and the
peak memory as a multiple of the journal's size. Target: every ratio within 1.5x.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from popejoan_cli.formats.presets import preset
from popejoan_cli.store import journal
from popejoan_cli.table import fold, moves
from popejoan_cli.table.events import Event, HandCheckpointed, HandDealt, TableOpened
from popejoan_cli.table.view import TableView

PROBE = r"""
import json, sys, time
from pathlib import Path
from popejoan_cli.store import journal
from popejoan_cli.store import tables
def hwm():  # the peak resident size of this process image (ru_maxrss would count the forking parent)
    for line in open("/proc/self/status", encoding="utf-8"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
folder, what, runs = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
before = hwm()
best = float("inf")
for _ in range(runs if what != "none" else 0):
    start = time.perf_counter()
    if what == "load":
        journal.load(folder, trust=False)
    elif what == "view":
        tables.view(folder)
    else:
        tables.view(folder, full=True)
    best = min(best, time.perf_counter() - start)
peak = hwm()
print(json.dumps({"seconds": best, "peak_kb": peak, "import_kb": before}))
"""


def build(folder: Path, hands: int) -> int:
    """A journal of `hands` played hands, made by the same fold, leads and checkpoints as
    `store.autoplay`, but in memory: through `tables.record` each lead would replay the whole
    journal, and 16,000 hands would take hours."""
    rules = preset("modern-stops")
    players = ["Ann", "Bob", "Cat", "Dan"]
    view = TableView()
    lines: list[bytes] = []

    def add(event: Event) -> None:
        seq = len(lines) + 1
        fold.apply(view, seq, event)
        lines.append(journal.encode(seq, event))

    add(TableOpened(name="bench", rules=rules.to_dict(), rules_name=rules.name, players=players,
                    counters=100_000, dealer="Ann"))
    for k in range(hands):
        add(HandDealt(seed=k, dealer=view.next_dealer))
        while (led := moves.lowest(view)) is not None:
            add(led)
        add(HandCheckpointed(hand=len(view.hands), balances=dict(view.balances), board=dict(view.board)))
    folder.mkdir(parents=True, exist_ok=True)
    (folder / journal.JOURNAL).write_bytes(b"".join(lines))
    return len(lines)


def probe(folder: Path, what: str, runs: int) -> dict[str, float]:
    out = subprocess.run([sys.executable, "-c", PROBE, str(folder), what, str(runs)], check=True,
                         capture_output=True, text=True, encoding="utf-8").stdout
    result: dict[str, float] = json.loads(out)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", default="1000,4000,16000")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    sizes = [int(h) for h in args.hands.split(",")]
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for hands in sizes:
            folder = Path(tmp) / f"t{hands}"
            events = build(folder, hands)
            size = (folder / journal.JOURNAL).stat().st_size
            idle = probe(folder, "none", 1)["peak_kb"]
            probe(folder, "view", 1)  # writes the .verified note, as any command would
            row = {"hands": hands, "events": events, "mb": size / 1e6}
            for what in ("load", "view", "full"):
                got = probe(folder, what, args.runs)
                row[f"{what}_ms"] = got["seconds"] * 1000 / (events / 1000)
                row[f"{what}_mb"] = (got["peak_kb"] - idle) / 1024 / (events / 1000)
                row[f"{what}_x_file"] = (got["peak_kb"] - idle) * 1024 / size
            rows.append(row)
    base = rows[0]
    print(f"{'hands':>7} {'events':>8} {'MB':>6} | per 1,000 events: ms (ratio to {base['hands']} hands), "
          f"peak MB (ratio), peak / file size")
    worst = 0.0
    for row in rows:
        parts = []
        for what in ("load", "view", "full"):
            t_ratio = row[f"{what}_ms"] / base[f"{what}_ms"]
            m_ratio = row[f"{what}_mb"] / base[f"{what}_mb"] if base[f"{what}_mb"] > 0 else 1.0
            worst = max(worst, t_ratio, m_ratio)
            parts.append(f"{what} {row[f'{what}_ms']:.2f} ms ({t_ratio:.2f}x) {row[f'{what}_mb']:.2f} MB "
                         f"({m_ratio:.2f}x) {row[f'{what}_x_file']:.1f}x file")
        print(f"{row['hands']:>7} {row['events']:>8} {row['mb']:>6.1f} | " + " | ".join(parts))
    peak = max(row[f"{w}_x_file"] for row in rows for w in ("load", "view", "full"))
    print(f"worst ratio to the baseline: {worst:.2f}x (target <= 1.5x: linear); worst peak memory: {peak:.1f}x "
          f"the journal")


if __name__ == "__main__":
    main()
