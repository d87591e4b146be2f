"""What the benches say of the machine they ran on: its cores, its load, and CPU time beside wall time.

A wall-clock figure on a shared machine is the machine's as much as the code's: with the load average above the
cores, another process takes turns on them and a ratio of wall times may flip between two runs. CPU time (the
user and system time of the process and of the children it waited for: `os.times`) is disturbed much less, so
the benches print it beside the wall time, and `load_note` says when the wall figures are not to be trusted.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass


def cores() -> int:
    """The cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1


def load_note() -> str | None:
    """A line saying that the load average (1 minute) is above the cores, or None when it is not (or unknown)."""
    try:
        load = os.getloadavg()[0]
    except (AttributeError, OSError):
        return None
    if load <= cores():
        return None
    return (f"NOTE: load average {load:.2f} over {cores()} cores: other processes share them, so the wall-clock "
            f"figures (and their ratios) are not to be trusted; read the CPU columns")


def cpu_seconds() -> float:
    """User and system time of this process and of the children it has waited for."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


@dataclass
class Spent:
    """Wall and CPU seconds of a piece of work (`timed`)."""

    wall: float = 0.0
    cpu: float = 0.0


class timed:
    """`with timed() as spent:` measures the block's wall and CPU seconds (children waited for included)."""

    def __enter__(self) -> Spent:
        self.spent = Spent()
        self._wall, self._cpu = time.perf_counter(), cpu_seconds()
        return self.spent

    def __exit__(self, *exc: object) -> None:
        self.spent.wall = time.perf_counter() - self._wall
        self.spent.cpu = cpu_seconds() - self._cpu
