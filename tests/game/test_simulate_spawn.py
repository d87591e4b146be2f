"""`simulate` with worker processes started as Windows (and macOS by choice) start them: by spawning.

On Linux the workers are forked; where a system cannot fork, each worker is a fresh Python
that is sent the rules and the bots, so they must travel whole.
"""

from __future__ import annotations

import multiprocessing

import pytest

from popejoan_cli.formats.presets import preset
from popejoan_cli.game import simulate as sim

RULES = preset("modern-stops")


def test_spawned_workers_give_the_numbers_of_one_process(monkeypatch: pytest.MonkeyPatch) -> None:
    bots = ["good", "simple", "good", "simple"]
    one = sim.simulate(RULES, 4, 2 * sim.CHUNK + 5, 3, bots, processes=1)
    monkeypatch.setattr(multiprocessing, "get_all_start_methods", lambda: ["spawn"])
    started: list[str | None] = []
    real = multiprocessing.get_context

    def context(method: str | None = None) -> object:
        started.append(method)
        return real("spawn" if method is None else method)

    monkeypatch.setattr(multiprocessing, "get_context", context)
    two = sim.simulate(RULES, 4, 2 * sim.CHUNK + 5, 3, bots, processes=2)
    assert started == [None]  # no fork asked for where the system has none
    assert two.workers == 2
    assert two.to_json() == one.to_json()
