"""The play-out benchmark's hand-written baselines (bench/playout.py: `OWN`) agree with the referee.

Each is a second, independent reading of one preset's rules, written as plain loops; where it and
popejoan agree on every player's net and every pot on many seeded deals, both read the rules alike,
and the benchmark's ratios compare the same work (issue 27).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).parents[2] / "bench" / "playout.py"


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_playout", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("name", ["modern-stops", "boodle"])
def test_a_hand_written_baseline_settles_as_the_referee_does(name: str) -> None:
    bench = _bench()
    written, pots = bench.OWN[name]
    one = bench.popejoan_hand(name)
    for seed in range(300):
        dealer = seed % bench.SEATS
        hand = one(seed, dealer)
        assert (hand.net, [hand.board.counters[pot] for pot in pots]) == written(seed, dealer), seed


def test_every_hand_written_baseline_is_checked() -> None:
    assert sorted(_bench().OWN) == ["boodle", "modern-stops"]
