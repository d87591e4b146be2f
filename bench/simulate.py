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
    python bench/simulate.py --cluster [--hands 20000] [--bots good]   # the cluster extra: CPU against processes

Every mode prints CPU time beside wall time, and says when the load average is above the cores (`machine.py`).

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
from typing import Any

from machine import Spent, cores, load_note, timed  # bench/machine.py
from popejoan_cli.formats.presets import preset
from popejoan_cli.game.simulate import Z95, simulate

TARGET_HANDS_PER_S = 10_000.0
TARGET_RATIO = 1.7
REPEATS = 3


def mark(ok: bool) -> str:
    return "met" if ok else "MISSED"


def _speed(hands: int) -> None:
    """Hands a second with 1 and 2 processes by the wall clock, and the CPU seconds they cost (this process and
    its workers): `2 × cpu(1) / cpu(2)` is the ratio the two cores would give if nothing else ran on them."""
    rules = preset("modern-stops")
    bots = ["simple"] * 4
    simulate(rules, 4, 500, 0, bots)  # warm the caches (triggers, presets)
    best = {1: Spent(math.inf, math.inf), 2: Spent(math.inf, math.inf)}
    results = {}
    for _ in range(REPEATS):  # interleaved, so a busy moment hurts both alike
        for procs in (1, 2):
            with timed() as spent:
                res = simulate(rules, 4, hands, 0, bots, processes=procs)
            best[procs] = Spent(min(best[procs].wall, spent.wall), min(best[procs].cpu, spent.cpu))
            results[procs] = res.to_json()
    rates = {procs: hands / t.wall for procs, t in best.items()}
    ratio = rates[2] / rates[1]
    free = 2 * best[1].cpu / best[2].cpu
    same = results[1] == results[2]
    print(f"simulate: modern-stops, 4 simple bots, {hands:,} hands, best of {REPEATS}, "
          f"{cores()} cores, Python {sys.version.split()[0]}")
    print(f"  {'':<12} {'hands/s':>9} {'wall s':>8} {'CPU s':>8}")
    for procs in (1, 2):
        label = "1 process:" if procs == 1 else "2 processes:"
        print(f"  {label:<12} {rates[procs]:>9,.0f} {best[procs].wall:>8.2f} {best[procs].cpu:>8.2f}" +
              (f"   target >= {TARGET_HANDS_PER_S:,.0f} hands/s: {mark(rates[1] >= TARGET_HANDS_PER_S)}"
               if procs == 1 else ""))
    print(f"  ratio 2:1 by the wall clock: {ratio:.2f}   target >= {TARGET_RATIO}: {mark(ratio >= TARGET_RATIO)}")
    print(f"  ratio 2:1 from CPU time (2 × CPU of 1 ÷ CPU of 2, the cores free): {free:.2f}   "
          f"target >= {TARGET_RATIO}: {mark(free >= TARGET_RATIO)}")
    print(f"  identical numbers with 1 and 2 processes: {'yes' if same else 'NO'}")
    note = load_note()
    if note:
        print(f"  {note}")


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


def _cluster(hands: int, bots: str) -> None:
    """The cluster path's CPU time against this machine's processes for the same hands: a two-worker LocalCluster
    (its scheduler in this process, its nannies and workers children of it) and 2 processes, each run's CPU the
    user and system time of this process and of the processes under it (the pool's as `os.times` counts them once
    waited for; the cluster's read by psutil, which dask brings, before and after). Target
    (issue 42): the cluster's CPU at most 1.10× the processes'; the two JSON identical."""
    import importlib

    psutil: Any = importlib.import_module("psutil")  # both untyped: held as Any, as cli/cluster.py holds dask
    LocalCluster: Any = importlib.import_module("distributed").LocalCluster

    from popejoan_cli.cli.cluster import Cluster

    def cpu_of_all() -> float:
        me = psutil.Process()
        total = sum(sum(p.cpu_times()[:2]) for p in me.children(recursive=True) if p.is_running())
        return float(total + sum(me.cpu_times()[:2]))

    rules = preset("modern-stops")
    levels = bots.split(",") * (4 // len(bots.split(",")))
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as lc:
        engine = Cluster(lc.scheduler_address)
        simulate(rules, 4, 400, 0, levels, engine=engine)  # the workers import popejoan and warm their caches
        rows = {}
        with timed() as spent:  # the pool's workers are waited for as the run ends: in `os.times`' children
            res = simulate(rules, 4, hands, 0, levels, processes=2)
        rows["processes"] = (spent.wall, spent.cpu, json.dumps(res.to_json(), sort_keys=True))
        with timed() as spent:  # the cluster's processes live on: each one's CPU, read before and after
            before = cpu_of_all()
            res = simulate(rules, 4, hands, 0, levels, engine=engine)
            cpu = cpu_of_all() - before
        rows["cluster"] = (spent.wall, cpu, json.dumps(res.to_json(), sort_keys=True))
        engine.close()
    ratio = rows["cluster"][1] / rows["processes"][1]
    print(f"simulate --cluster: modern-stops, 4 players, bots {bots}, {hands:,} hands; "
          f"2 local processes against a 2-worker LocalCluster, {cores()} cores")
    print(f"  {'':<12} {'wall s':>8} {'CPU s':>8}")
    for name, (wall, cpu, _) in rows.items():
        print(f"  {name + ':':<12} {wall:>8.2f} {cpu:>8.2f}")
    print(f"  cluster CPU / processes CPU: {ratio:.3f}   target <= 1.10: {mark(ratio <= 1.10)}")
    print(f"  identical JSON: {'yes' if rows['cluster'][2] == rows['processes'][2] else 'NO'}")
    note = load_note()
    if note:
        print(f"  {note}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--hands", type=int, default=None, help="hands (speed: 40,000; margin: 20,000)")
    ap.add_argument("--margin", action="store_true", help="measure good vs simple instead of speed")
    ap.add_argument("--rules", default="modern-stops", help="with --margin: the preset")
    ap.add_argument("--players", type=int, default=4, help="with --margin: the number of players")
    ap.add_argument("--against", metavar="SRC", help="speed: also time the code under SRC (1 process)")
    ap.add_argument("--cpu", action="store_true", help="with --against: time by CPU time (time.process_time)")
    ap.add_argument("--repeats", type=int, default=REPEATS, help=f"with --against: best of N (default {REPEATS})")
    ap.add_argument("--cluster", action="store_true", help="the cluster path's CPU against local processes")
    ap.add_argument("--bots", default="good", help="with --cluster: the bots (default good)")
    ap.add_argument("--once", action="store_true", help=argparse.SUPPRESS)  # --against's subprocess: JSON out
    args = ap.parse_args()
    if args.once:
        secs, out = _one_process(args.hands or 40_000, args.cpu)
        print(json.dumps({"secs": secs, "json": out}))
    elif args.against:
        _against(args.against, args.hands or 40_000, args.cpu, args.repeats)
    elif args.cluster:
        _cluster(args.hands or 20_000, args.bots)
    elif args.margin:
        _margin(args.rules, args.players, args.hands or 20_000)
    else:
        _speed(args.hands or 40_000)


if __name__ == "__main__":
    main()
