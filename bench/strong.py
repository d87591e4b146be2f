"""The `strong` level (issue 28): how long it takes to choose a lead, and how much it wins.

Decision time (`--decisions N`, default 300): `good` plays hands of `modern-stops` and `russian`
at 4 players (seeds 0, 1, ...); at each lead of seat 0 with more than one legal card, `strong`
chooses from seat 0's observation (`bots.pick_lead`), timed by `time.perf_counter` around the call,
the process pinned to one core (`--clock cpu`: the process's CPU time instead, `time.process_time`,
which other work on a shared machine does not inflate). Printed: median and 95th percentile in ms, per
preset and together, against the targets (150 ms, 400 ms), and the same figures for `good` on the same observations (the
baseline measured in the same run: the ratio says what the search costs).

Margins (`--hands N`, default 4,000; `--processes P`, default 2): `simulate` at 4 players with
seats strong, good, good, good and with peek, good, good, good (the same deals: seed 1), per preset.
Each margin is `simulate`'s: the first level's mean net per hand and seat minus the second's, with
its 95% interval (`simulate.interval`, normal approximation). The share of peek's edge that strong
captures is the ratio of the two means; its interval is the ratio's by the delta method over two
independent runs (they share the deals, which only narrows the true interval). Targets: strong's
lower bound above 0, and a share of at least 1/2.

Regret (`--regret N`, default 0: off): a measure of the lead alone, far less noisy than the margins.
`good` plays hands of each preset at 4 players (seeds 0, 1, ...); at each lead with a choice of the
seat `seed % 4` where the leads' values differ, every legal lead is valued on the real deal as `peek`
values it (`lookahead.peek`: played out with `good` at every seat). A level's regret there is the best
lead's value less the value of the lead it chooses (peek's is 0 by definition). Printed per preset:
`good`'s and `strong`'s mean regret over N positions, and the share of `good`'s regret that `strong`
removes, with a 95% interval over the positions (paired): the lead-by-lead counterpart of the share
of peek's edge.

Four strong seats (`--four`): 1,000 hands of `modern-stops`, strong at every seat, on 2
processes, timed whole (target: under 10 minutes).

    python bench/strong.py [--decisions 300] [--hands 4000] [--processes 2] [--four] [--presets a,b]
                           [--regret N] [--clock wall|cpu]
    python bench/strong.py --decisions 0 --hands 1000     # margins only

Exits 0 whatever the figures.
"""

from __future__ import annotations

import argparse
import itertools
import math
import os
import statistics
import time
from collections.abc import Iterator

from popejoan_cli.formats.presets import preset
from popejoan_cli.game.board import Board
from popejoan_cli.game.bots import pick_lead
from popejoan_cli.game.deal import seeded_deal
from popejoan_cli.game.hand import Hand, Observation
from popejoan_cli.game.lookahead import peek
from popejoan_cli.game.simulate import Z95, simulate

PRESETS = ("modern-stops", "russian")
MEDIAN_MS, P95_MS = 150.0, 400.0
FOUR_TARGET_S = 600.0


def _one_core() -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})


def _good_leads(name: str, seed: int = 0) -> Iterator[tuple[int, Hand, Observation]]:
    """Every lead of hands `good` plays at every seat (seeds `seed`, `seed` + 1, ...): the seed, the hand, the
    leader's view."""
    rules = preset(name)
    while True:
        hand = Hand.deal(rules, 4, seed % 4, Board(rules), seeded_deal(rules, 4, seed % 4, seed))
        while not hand.ended:
            if hand.turn.phase != "lead":
                hand.follow_run()
                continue
            view = hand.observe(hand.leader)
            yield seed, hand, view
            hand.push(hand.leader, pick_lead(view, "good"))
        seed += 1


def _positions(name: str, count: int) -> list[Observation]:
    """Seat 0's observations at its leads with a choice, in hands `good` plays at every seat."""
    wanted = (view for _, _, view in _good_leads(name) if view.seat == 0 and len(view.legal) > 1)
    return list(itertools.islice(wanted, count))


CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}
"""`--clock`: wall time, or the process's CPU time (what a decision costs one core whatever else runs)."""


def _timed(views: list[Observation], level: str, name: str, clock: str) -> list[float]:
    rules, now = preset(name), CLOCKS[clock]
    out = []
    for view in views:
        t0 = now()
        pick_lead(view, level, rules)
        out.append((now() - t0) * 1000)
    return out


def _quantiles(ms: list[float]) -> tuple[float, float]:
    ordered = sorted(ms)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]


def decision_times(count: int, presets: list[str], clock: str = "wall") -> None:
    _one_core()
    every: list[float] = []
    for name in presets:
        views = _positions(name, count)
        strong, good = _timed(views, "strong", name, clock), _timed(views, "good", name, clock)
        every += strong
        (m, p), (gm, gp) = _quantiles(strong), _quantiles(good)
        print(f"{name:>13}: {len(views)} decisions; strong median {m:.1f} ms, p95 {p:.1f} ms; "
              f"good median {gm:.3f} ms, p95 {gp:.3f} ms; ratio of medians {m / gm:,.0f}")
    m, p = _quantiles(every)
    print(f"{'together':>13} ({clock} clock): strong median {m:.1f} ms (target <= {MEDIAN_MS:.0f}), p95 {p:.1f} ms "
          f"(target <= {P95_MS:.0f}): {'met' if m <= MEDIAN_MS and p <= P95_MS else 'NOT met'}")


def _share(a: dict[str, float], b: dict[str, float]) -> tuple[float, float, float]:
    """a.mean / b.mean with a 95% interval by the delta method (independent a and b)."""
    r = a["mean"] / b["mean"]
    se = abs(r) * math.sqrt((a["stderr"] / a["mean"]) ** 2 + (b["stderr"] / b["mean"]) ** 2) if a["mean"] else 0.0
    return r, r - Z95 * se, r + Z95 * se


def margins(hands: int, processes: int, presets: list[str]) -> None:
    print(f"{'preset':>13} {'level':>6} {'hands':>6} {'margin':>8} {'low':>8} {'high':>8} {'seconds':>8}")
    for name in presets:
        rules = preset(name)
        got = {}
        for level in ("strong", "peek"):
            t0 = time.perf_counter()
            run = simulate(rules, 4, hands, 1, [level, "good", "good", "good"], processes=processes)
            took = time.perf_counter() - t0
            m = run.margin()
            assert m is not None and run.tally.conservation == 0
            got[level] = m
            print(f"{name:>13} {level:>6} {hands:>6} {m['mean']:>+8.3f} {m['low']:>+8.3f} {m['high']:>+8.3f} "
                  f"{took:>8.1f}")
        r, lo, hi = _share(got["strong"], got["peek"])
        print(f"{name:>13}: strong captures {r:.0%} of peek's edge over good (95% {lo:.0%} to {hi:.0%}); "
              f"strong's lower bound {'above' if got['strong']['low'] > 0 else 'NOT above'} 0, "
              f"share {'at least' if r >= 0.5 else 'below'} 1/2")


def _regret_positions(name: str, count: int) -> list[tuple[Observation, dict[int, float]]]:
    """Positions where the leads differ on the real deal, each with every lead's value there (`peek`'s)."""
    found: list[tuple[Observation, dict[int, float]]] = []
    for seed, hand, view in _good_leads(name):
        if len(found) == count:
            break
        if view.seat == seed % 4 and len(view.legal) > 1:
            values = {int(v.card): v.counters for v in peek(hand, view.seat)}
            if len(set(values.values())) > 1:
                found.append((view, values))
    return found


def regrets(count: int, presets: list[str]) -> None:
    for name in presets:
        rules = preset(name)
        good, strong = [], []
        for view, values in _regret_positions(name, count):
            best = max(values.values())
            good.append(best - values[int(pick_lead(view, "good"))])
            strong.append(best - values[int(pick_lead(view, "strong", rules))])
        g = statistics.mean(good)
        removed = [a - b for a, b in zip(good, strong, strict=True)]
        half = Z95 * statistics.stdev(removed) / math.sqrt(len(removed))
        print(f"{name:>13}: {len(good)} positions; regret good {g:.3f}, strong {statistics.mean(strong):.3f}; "
              f"strong removes {statistics.mean(removed) / g:.0%} of good's (95% "
              f"{(statistics.mean(removed) - half) / g:.0%} to {(statistics.mean(removed) + half) / g:.0%})")


def four_strong(processes: int) -> None:
    t0 = time.perf_counter()
    run = simulate(preset("modern-stops"), 4, 1000, 1, ["strong"], processes=processes)
    took = time.perf_counter() - t0
    print(f"four strong seats, modern-stops, 1,000 hands on {run.workers} processes: {took:.0f} s "
          f"(target < {FOUR_TARGET_S:.0f} s): {'met' if took < FOUR_TARGET_S else 'NOT met'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=300)
    parser.add_argument("--hands", type=int, default=4000)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--presets", default=",".join(PRESETS))
    parser.add_argument("--four", action="store_true")
    parser.add_argument("--regret", type=int, default=0)
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="wall")
    args = parser.parse_args()
    presets = args.presets.split(",")
    if args.hands:
        margins(args.hands, args.processes, presets)  # before pinning: the workers need both cores
    if args.regret:
        regrets(args.regret, presets)
    if args.four:
        four_strong(args.processes)
    if args.decisions:
        decision_times(args.decisions, presets, args.clock)


if __name__ == "__main__":
    main()
