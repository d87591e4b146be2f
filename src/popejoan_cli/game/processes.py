"""Who plays a run's chunks on this machine: `Processes`, the worker processes of `simulate` and `compare`.

An `Engine` plays each chunk of a run (a span of hands, given to a picklable job) and yields its result once, in
any order (the tallies' sums are integers: any order merges alike). `Processes` is this machine's: at most the
processes asked for, never more than there are chunks or `MAX_PROCESSES`; one plays in this process itself. A
cluster's engine is the command line's (`cli.cluster`), since it speaks to the network.

The workers end with the run however it ends: an exception or a signal in the parent (Ctrl-C, SIGTERM)
terminates them before it propagates, and on Linux a worker is sent SIGTERM by the kernel if its parent dies
outright (SIGKILL). Workers ignore SIGINT, which a terminal sends to the whole process group: the parent alone
decides, so Ctrl-C gives one message, not one per process. No files, no printing.
"""

from __future__ import annotations

import multiprocessing
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Protocol

MAX_PROCESSES = 64
"""The most worker processes one run starts, whatever it is asked for."""
Span = tuple[int, int]
"""Hands start..stop-1 of a run: one chunk."""


class Engine(Protocol):
    """Who plays a run's chunks: `Processes` on this machine, or a cluster (`cli.cluster.Cluster`). `run` yields
    each chunk's span and result once, in any order: a tally's sums are integers, so any order merges alike."""

    workers: int

    def run(self, job: Callable[[Span], Any], spans: Sequence[Span]) -> Iterator[tuple[Span, Any]]: ...


_JOB: Callable[[Span], Any] | None = None
_STOP = {signal.SIGINT, signal.SIGTERM}
_PR_SET_PDEATHSIG = 1


def _hold_stops() -> set[int] | None:
    """Hold SIGINT and SIGTERM; one that comes meanwhile is delivered by `_release`.

    Held while the workers are forked, so that none is born with the parent's handlers
    (a worker sets its own first thing), and while they are ended, so that a second
    Ctrl-C cannot cut that short. Returns the mask to restore.
    """
    if not hasattr(signal, "pthread_sigmask"):
        return None
    return signal.pthread_sigmask(signal.SIG_BLOCK, _STOP)


def _release(mask: set[int] | None) -> None:
    if mask is not None:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)


def _die_with_parent() -> None:
    """Have the kernel send this worker SIGTERM when its parent dies (Linux only)."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes  # only a worker on Linux asks for it

        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)
    except (OSError, AttributeError):
        return
    parent = multiprocessing.parent_process()
    if parent is not None and not parent.is_alive():  # it died before prctl: no signal will come
        raise SystemExit(1)


def _init(job: Callable[[Span], Any]) -> None:
    global _JOB
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOP)  # held by the parent as it forked
    _die_with_parent()
    _JOB = job


def _work(span: Span) -> tuple[Span, Any]:
    assert _JOB is not None
    return span, _JOB(span)


class Processes:
    """This machine's worker processes: at most `processes`, never more than there are chunks or
    `MAX_PROCESSES`; one plays in this process itself."""

    def __init__(self, processes: int = 1) -> None:
        self.asked = processes
        self.workers = 1

    def run(self, job: Callable[[Span], Any], spans: Sequence[Span]) -> Iterator[tuple[Span, Any]]:
        self.workers = workers = max(1, min(self.asked, len(spans), MAX_PROCESSES))
        if workers == 1:
            for span in spans:
                yield span, job(span)
            return
        methods = multiprocessing.get_all_start_methods()
        ctx = multiprocessing.get_context("fork" if "fork" in methods else None)
        batch = max(1, min(8, len(spans) // (workers * 8)))  # fewer round trips, still a smooth bar
        held = _hold_stops()
        try:
            pool = ctx.Pool(workers, initializer=_init, initargs=(job,))
        except BaseException:
            _release(held)
            raise
        try:
            _release(held)  # a signal that came during the forks is raised here, inside the try
            yield from pool.imap(_work, spans, chunksize=batch)
        finally:
            held = _hold_stops()
            try:
                pool.terminate()
                pool.join()
            finally:
                _release(held)
