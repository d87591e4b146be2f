"""Speed of `simulate.simulate`, and the margin of the `good` bot over `simple`.

Speed (default mode): `modern-stops`, 4 players, 4 `simple` bots, N hands (default
40,000) from seed 0, with 1 process and with 2 processes (this machine has 2 cores); each
figure is the best of 3 interleaved runs, timed with `time.perf_counter` around the whole call
(process start-up included). Targets: at least 10,000 hands/s with 1 process, and a
ratio of 2 processes to 1 of at least 1.7. The two runs must also give identical JSON.

Margin (`--margin`): 20,000 hands of `modern-stops` with 4 players, half with seats
good, simple, good, simple (seed 1) and half with the seating swapped (seed 2), to cancel
any seat bias. Each hand gives a margin m = mean net of the good seats − mean net of the
simple seats; the two halves are independent, so the combined mean is their average and
its standard error sqrt(se1² + se2²) / 2; the 95% interval is ±1.96 standard errors.

    python bench/simulate.py [--hands N]
    python bench/simulate.py --against /tmp/old-referee/src [--hands N]
    python bench/simulate.py --margin [--hands 20000] [--rules R] [--players 4]

With `--against SRC` the speed mode times 1 process only, here and in a subprocess running
this file with PYTHONPATH=SRC (interleaved, best of `--repeats`, default 3), and prints both
and the ratio; the two must give identical JSON. `--cpu` times by `time.process_time` (the
CPU time of the one process), which other processes' load on a shared machine disturbs less.

Exits 0 whatever the figures.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
import time

from popejoan_cli.formats.presets import preset
from popejoan_cli.game.simulate import Z95, simulate

TARGET_HANDS_PER_S = 10_000.0
TARGET_RATIO = 1.7
REPEATS = 3


def _speed(hands: int) -> None:
    rules = preset("modern-stops")
    bots = ["simple"] * 4
    simulate(rules, 4, 500, 0, bots)  # warm the caches (triggers, presets)
    best = {1: math.inf, 2: math.inf}
    results = {}
    for _ in range(REPEATS):  # interleaved, so a busy moment hurts both alike
        for procs in (1, 2):
            t0 = time.perf_counter()
            res = simulate(rules, 4, hands, 0, bots, processes=procs)
            best[procs] = min(best[procs], time.perf_counter() - t0)
            results[procs] = res.to_json()
    rates = {procs: hands / t for procs, t in best.items()}
    ratio = rates[2] / rates[1]
    same = results[1] == results[2]

    def mark(ok: bool) -> str:
        return "met" if ok else "MISSED"

    print(f"simulate: modern-stops, 4 simple bots, {hands:,} hands, best of {REPEATS}, "
          f"{os.cpu_count()} CPUs, Python {sys.version.split()[0]}")
    print(f"  1 process:   {rates[1]:>9,.0f} hands/s   target >= {TARGET_HANDS_PER_S:,.0f}: "
          f"{mark(rates[1] >= TARGET_HANDS_PER_S)}")
    print(f"  2 processes: {rates[2]:>9,.0f} hands/s")
    print(f"  ratio 2:1:   {ratio:>9.2f}           target >= {TARGET_RATIO}: {mark(ratio >= TARGET_RATIO)}")
    print(f"  identical numbers with 1 and 2 processes: {'yes' if same else 'NO'}")


def _one_process(hands: int, cpu: bool) -> tuple[float, str]:
    """Seconds for one 1-process run (caches warmed first), and its JSON."""
    clock = time.process_time if cpu else time.perf_counter
    rules = preset("modern-stops")
    bots = ["simple"] * 4
    simulate(rules, 4, 500, 0, bots)
    t0 = clock()
    res = simulate(rules, 4, hands, 0, bots, processes=1)
    return clock() - t0, json.dumps(res.to_json(), sort_keys=True)


def _against(src: str, hands: int, cpu: bool, repeats: int) -> None:
    env = {**os.environ, "PYTHONPATH": src}
    best = {"new": math.inf, "old": math.inf}
    out = {"new": "", "old": ""}
    for _ in range(repeats):
        secs, out["new"] = _one_process(hands, cpu)
        best["new"] = min(best["new"], secs)
        done = subprocess.run([sys.executable, __file__, "--hands", str(hands), "--once", *(["--cpu"] if cpu else [])],
                              env=env, check=True, capture_output=True, text=True, encoding="utf-8")
        found = json.loads(done.stdout)
        best["old"] = min(best["old"], found["secs"])
        out["old"] = found["json"]
    rates = {k: hands / t for k, t in best.items()}
    print(f"simulate: modern-stops, 4 simple bots, {hands:,} hands, 1 process, best of {repeats}, "
          f"{'CPU time' if cpu else 'wall time'}, Python {sys.version.split()[0]}")
    print(f"  new:         {rates['new']:>9,.0f} hands/s")
    print(f"  old:         {rates['old']:>9,.0f} hands/s   ({src})")
    print(f"  new / old:   {rates['new'] / rates['old']:>9.2f}")
    print(f"  identical numbers old and new: {'yes' if out['new'] == out['old'] else 'NO'}")


def _margin(rules_name: str, players: int, hands: int) -> None:
    rules = preset(rules_name)
    half = hands // 2
    seat_a = ["good" if s % 2 == 0 else "simple" for s in range(players)]
    seat_b = ["simple" if s % 2 == 0 else "good" for s in range(players)]
    procs = os.cpu_count() or 1
    t0 = time.perf_counter()
    parts = []
    for seed, bots in ((1, seat_a), (2, seat_b)):
        m = simulate(rules, players, half, seed, bots, processes=procs).to_json()["margin"]
        assert m is not None and m["of"] == bots[0]
        sign = 1.0 if m["of"] == "good" else -1.0  # the margin is of the first level named over the second
        parts.append((sign * m["mean"], m["stderr"]))
        print(f"  {','.join(bots)}: {sign * m['mean']:+.3f} counters/hand (± {Z95 * m['stderr']:.3f})")
    mean = (parts[0][0] + parts[1][0]) / 2
    se = math.sqrt(parts[0][1] ** 2 + parts[1][1] ** 2) / 2
    print(f"good over simple, {rules_name}, {players} players, {2 * half:,} hands "
          f"({time.perf_counter() - t0:.1f} s): {mean:+.3f} counters per hand per seat, "
          f"95% CI {mean - Z95 * se:+.3f} … {mean + Z95 * se:+.3f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--hands", type=int, default=None, help="hands (speed: 40,000; margin: 20,000)")
    ap.add_argument("--margin", action="store_true", help="measure good vs simple instead of speed")
    ap.add_argument("--rules", default="modern-stops", help="with --margin: the preset")
    ap.add_argument("--players", type=int, default=4, help="with --margin: the number of players")
    ap.add_argument("--against", metavar="SRC", help="speed: also time the code under SRC (1 process)")
    ap.add_argument("--cpu", action="store_true", help="with --against: time by CPU time (time.process_time)")
    ap.add_argument("--repeats", type=int, default=REPEATS, help=f"with --against: best of N (default {REPEATS})")
    ap.add_argument("--once", action="store_true", help=argparse.SUPPRESS)  # --against's subprocess: JSON out
    args = ap.parse_args()
    if args.once:
        secs, out = _one_process(args.hands or 40_000, args.cpu)
        print(json.dumps({"secs": secs, "json": out}))
    elif args.against:
        _against(args.against, args.hands or 40_000, args.cpu, args.repeats)
    elif args.margin:
        _margin(args.rules, args.players, args.hands or 20_000)
    else:
        _speed(args.hands or 40_000)


if __name__ == "__main__":
    main()
