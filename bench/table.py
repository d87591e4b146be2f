"""Table command speed on a long evening: `popejoan board --json` and `popejoan lead`.

Builds a table (modern-stops, 4 players) with 200 played hands plus an open hand, then
times the INSTALLED `popejoan` against `python -c pass` in the same run, interleaved, and
prints medians and ratios. Each `lead` run starts from a fresh copy of the same journal
(copied outside the timing), so every run records the same lead.

    python bench/table.py [--hands 200] [--runs 15] [--exe PATH]

Target: the median of each command is at most 10x `python -c pass`.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

from evening import build, find_exe, timed  # bench/evening.py: run from the repo root as `python bench/table.py`

TARGET = 10.0


def timed_after(cmd: list[str], env: dict[str, str], before: object = None) -> float:
    if callable(before):
        before()  # untimed: a fresh copy of the journal for each lead
    return timed(cmd, env, "bench/table.py")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=200)
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--exe")
    args = ap.parse_args()
    exe = find_exe(args.exe, "bench/table.py")
    python = Path(exe).with_name("python") if Path(exe).with_name("python").exists() else Path(sys.executable)
    with tempfile.TemporaryDirectory(prefix="popejoan-bench-") as tmp:
        template = Path(tmp) / "template"
        print(f"building a table with {args.hands} played hands ...", file=sys.stderr)
        player, card = build(template, args.hands)
        events = sum(1 for _ in (template / "journal.jsonl").open("rb"))
        work = Path(tmp) / "work"
        shutil.copytree(template, work)
        env = {**os.environ, "POPEJOAN_TABLE": str(work), "NO_COLOR": "1"}

        def fresh() -> None:
            # The journal and its `.verified` note together, as the last command left them.
            for name in ("journal.jsonl", ".verified"):
                shutil.copyfile(template / name, work / name)

        commands = {
            "python -c pass": ([str(python), "-c", "pass"], None),
            "popejoan board --json": ([exe, "board", "--json"], None),
            f"popejoan lead {card}": ([exe, "lead", card, "--by", player], fresh),
        }
        times: dict[str, list[float]] = {k: [] for k in commands}
        for cmd, before in commands.values():  # warm-up
            timed_after(cmd, env, before)
        for r in range(args.runs):
            order = list(commands.items())
            order = order[r % len(order):] + order[: r % len(order)]
            for name, (cmd, before) in order:
                times[name].append(timed_after(cmd, env, before))
    base = statistics.median(times["python -c pass"])
    print(f"popejoan table bench: {args.hands} played hands, {events} journal events; {args.runs} runs each\n")
    print(f"{'command':<28}{'median ms':>10}{'min ms':>9}{'ratio':>8}")
    worst = 0.0
    for name, ts in times.items():
        med = statistics.median(ts)
        ratio = med / base
        if name != "python -c pass":
            worst = max(worst, ratio)
        print(f"{name:<28}{med * 1000:>10.1f}{min(ts) * 1000:>9.1f}{ratio:>7.1f}x")
    print(f"\ntarget: each median <= {TARGET:.0f}x `python -c pass`: {'met' if worst <= TARGET else 'MISSED'} "
          f"(worst {worst:.1f}x)")


if __name__ == "__main__":
    main()
