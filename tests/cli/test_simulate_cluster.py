"""`simulate --cluster` on a real two-worker Dask `LocalCluster` (the `cluster` extra: skipped, saying so, where
`dask.distributed` is not installed; `.ci/run` installs it): the JSON is byte for byte the local run's, for a run
and for a comparison, and a worker killed in the middle of a chunk loses or doubles no hand.

The kill is not a race: the job itself kills the worker that plays one chosen chunk, the first time that chunk is
played (a marker file says it was), so the scheduler must play that chunk again on a worker that lives.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from conftest import Cli
from popejoan_cli.formats.presets import preset
from popejoan_cli.game.processes import Span
from popejoan_cli.game.simulate import Job, Tally, chunks, empty_tally, merged, simulate

distributed = pytest.importorskip("dask.distributed", reason="the cluster extra (dask.distributed) is not "
                                                             "installed: pip install 'popejoan[cluster]'")

RUN = ("simulate", "--rules", "modern-stops", "--players", "4", "--hands", "1234", "--bots", "good,simple",
       "--seed", "3")


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """A scheduler and two worker processes (each with its nanny, which starts a killed worker again)."""
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as c:
        yield str(c.scheduler_address)


def test_the_cluster_gives_the_local_json_byte_for_byte(cli: Cli, scheduler: str) -> None:
    one = cli.ok(*RUN, "-P", "1", "--json").stdout
    two = cli.ok(*RUN, "-P", "2", "--json").stdout
    there = cli.ok(*RUN, "--cluster", scheduler, "--json").stdout
    assert one == two == there and json.loads(there)["hands"] == 1234


def test_a_comparison_on_the_cluster_is_the_local_one(cli: Cli, scheduler: str) -> None:
    args = (*RUN, "--against-bots", "good", "--json")
    assert cli.ok(*args, "--cluster", scheduler).stdout == cli.ok(*args, "-P", "1").stdout


@dataclass(frozen=True)
class Dying:
    """`job`, except that the worker playing the chunk that starts at `at` dies in it (SIGKILL, as an out-of-memory
    killer or a pulled cable would end it), the first time only (`marker`)."""

    job: Job
    at: int
    marker: str

    def __call__(self, span: Span) -> Tally:
        if span[0] == self.at and not os.path.exists(self.marker):
            Path(self.marker).write_text(str(os.getpid()), encoding="utf-8")
            os.kill(os.getpid(), signal.SIGKILL)
        return self.job(span)


def test_a_worker_killed_mid_chunk_changes_nothing(scheduler: str, tmp_path: Path) -> None:
    from popejoan_cli.cli.cluster import Cluster

    rules = preset("modern-stops")
    levels = ("good", "simple", "good", "simple")
    hands = 1500
    marker = tmp_path / "killed"
    engine = Cluster(scheduler)
    try:
        job: Any = Dying(Job(rules, 4, 3, levels), at=700, marker=str(marker))
        seen: list[int] = []
        total = merged(engine, job, chunks(hands), empty_tally(rules, 4), seen.append)
    finally:
        engine.close()
    assert marker.exists(), "no worker was killed"
    assert sum(seen) == hands  # each chunk counted once: none lost, none doubled
    local = simulate(rules, 4, hands, 3, levels)
    assert total == local.tally


def _tasks(client: Any) -> int:
    """How many tasks the scheduler holds now."""
    return int(client.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks)))


def _until(check: Any, what: str, proc: subprocess.Popen[str] | None = None) -> None:
    """Wait for `check()` to hold (a state, polled; the deadline is only for a run gone wrong)."""
    deadline = time.monotonic() + 60
    while not check():
        assert proc is None or proc.poll() is None, proc.stderr.read() if proc and proc.stderr else ""
        assert time.monotonic() < deadline, f"never: {what}"
        time.sleep(0.05)


def test_ctrl_c_stops_the_clusters_work_and_exits_130(scheduler: str, tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "POPEJOAN_TABLE"} | {"POPEJOAN_HOME": str(tmp_path)}
    proc = subprocess.Popen([sys.executable, "-m", "popejoan_cli", *RUN[:6], "200000", "--cluster", scheduler,
                             "--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, encoding="utf-8",
                            env=env)
    client = distributed.Client(scheduler, set_as_default=False)
    try:
        _until(lambda: _tasks(client) > 0, "the run's tasks reached the scheduler", proc)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
        assert proc.returncode == 130, err
        assert "Traceback" not in err and err.count("\n") == 1 and err.startswith("popejoan: interrupted"), err
        assert out == ""
        _until(lambda: _tasks(client) == 0, "the cluster let go of the run's tasks")
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        client.close()


@dataclass(frozen=True)
class Failing:
    """A job whose every chunk fails on the worker (as a chunk a cluster cannot play)."""

    def __call__(self, span: Span) -> Tally:
        raise RuntimeError(f"chunk {span[0]} could not be played")


def test_a_run_the_cluster_cannot_play_is_one_error_not_a_traceback(scheduler: str) -> None:
    from popejoan_cli.cli.cluster import Cluster, ClusterLost
    from popejoan_cli.cli.exits import exit_code

    rules = preset("modern-stops")
    engine = Cluster(scheduler)
    try:
        with pytest.raises(ClusterLost, match="the cluster stopped playing the run's hands: RuntimeError: chunk") \
                as caught:
            merged(engine, Failing(), chunks(300), empty_tally(rules, 4), None)
    finally:
        engine.close()
    assert exit_code(caught.value) == 6 and "dask scheduler" in str(caught.value)
