"""`simulate --cluster tcp://HOST:8786`: a run's chunks played on a Dask cluster (the `cluster` extra).

`Cluster` is a `simulate.Engine`: it submits every chunk of the run (`simulate.Job` or `compare.PairJob` with its
span, both picklable) as one task of its own, and yields each result as it comes back. Each chunk's result depends
on nothing but its span and the job, and the sums are integers, so the JSON is byte for byte the local run's
whatever the order, the number of workers, or a worker lost on the way: the scheduler runs a lost worker's chunk
again elsewhere, and each chunk's one result is merged once (docs/simulate.md). Ctrl-C (or any error) cancels
every task of the run before it propagates, so the cluster stops playing the hands of a run nobody waits for.

`dask.distributed` is imported here only, by `simulate --cluster` only: without the extra every other command, and
`simulate` on this machine's processes, is as it was; `--cluster` then says how to install it.
"""

from __future__ import annotations

import importlib
import warnings
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from popejoan_cli.base.errors import Said, StorageError, UsageError
from popejoan_cli.game.processes import Span

CONNECT = 10.0
"""Seconds to wait for the scheduler to answer before saying it cannot be reached."""
BATCH = 32
"""The most chunks one task plays (3,200 hands): a run gives each worker at least eight tasks, up to this size."""


class ClusterLost(StorageError):
    """The cluster stopped playing a run's hands: its scheduler gone, or a chunk it could not play (its workers
    lost more often than the scheduler allows, `KilledWorker`). Exit 6, as any I/O that failed; one line."""


class Cluster:
    """The Dask cluster whose scheduler is at `address`: as many workers as it has when the run starts."""

    def __init__(self, address: str) -> None:
        try:
            distributed = _distributed()
        except ImportError:
            raise UsageError(Said("--cluster needs Dask's distributed scheduler, which is not installed"),
                             Said("install it with `pip install 'popejoan[cluster]'`, or leave --cluster out to "
                                  "play on this machine's processes")) from None
        try:
            self.client: Any = distributed.Client(address, timeout=CONNECT, set_as_default=False)
        except (OSError, TimeoutError, ValueError) as err:
            raise UsageError(Said("--cluster {address}: no Dask scheduler answered there ({why})", address=address,
                                  why=str(err) or type(err).__name__),
                             Said("start one with `dask scheduler` and workers with `dask worker {address}` "
                                  "(docs/simulate.md)", address=address)) from None
        self.workers = max(1, len(self.client.scheduler_info().get("workers", {})))

    def run(self, job: Callable[[Span], Any], spans: Sequence[Span]) -> Iterator[tuple[Span, Any]]:
        """The chunks played in batches, one task each (`pure=False`: a batch is never taken for another run's):
        a few chunks a task keep the scheduler's and the pickling's share of the CPU small, and still give every
        worker many tasks (so a lost worker costs one batch, and the bar moves). Each chunk's result is yielded
        once, as its batch comes back; on the way out, finished or not, every task of the run is cancelled."""
        as_completed = _distributed().as_completed
        size = max(1, min(BATCH, len(spans) // (self.workers * 8)))
        batches = [tuple(spans[i:i + size]) for i in range(0, len(spans), size)]
        futures = [self.client.submit(_batch, job, batch, pure=False) for batch in batches]
        try:
            for future in as_completed(futures, loop=self.client.loop):
                yield from _result(future)
        finally:
            self.client.cancel(futures)

    def close(self) -> None:
        self.client.close()


def _distributed() -> Any:
    """`dask.distributed`, the `cluster` extra, imported for this command alone; untyped, so held as `Any` (mypy
    checks this module alike with the extra installed or not). Its own files opened without an encoding warn as it
    is imported where Python is asked to say so (`PYTHONWARNDEFAULTENCODING`): that is Dask's to mend, and this
    command says one thing on stderr."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", EncodingWarning)
        return importlib.import_module("dask.distributed")


def _batch(job: Callable[[Span], Any], spans: Sequence[Span]) -> list[tuple[Span, Any]]:
    """One task: its chunks played in turn, each with its span (run by a worker)."""
    return [(span, job(span)) for span in spans]


def _result(future: Any) -> list[tuple[Span, Any]]:
    """A batch's results, or the cluster's failure said in one line (`ClusterLost`): never a traceback."""
    try:
        return list(future.result())
    except Exception as err:  # whatever Dask raises: a lost scheduler, a killed worker, a task's error
        raise ClusterLost(Said("the cluster stopped playing the run's hands: {why}",
                               why=f"{type(err).__name__}: {err}".strip(": ")),
                          Said("check its scheduler and workers (`dask scheduler`, `dask worker`), or leave "
                               "--cluster out to play on this machine's processes")) from None
