"""A signal in the first instant of a command: outcomes of timed SIGINT and SIGTERM against the installed
`popejoan board`, at fixed delays after the process starts.

Usage: python bench/signals_first_instant.py [--from MS] [--to MS] [--step MS] [--reps N] [--exe PATH]

It ends with the window: the latest delay, per signal, at which the process was still Python's (before
popejoan's handler was set). Each run is classed: `line` (one line and 130/143, as popejoan answers a
signal), `done` (the command had finished), `silent` (killed before Python or popejoan set a handler:
SIGTERM's default, or SIGINT's before Python's own), `traceback` (Python's handler: a KeyboardInterrupt
before popejoan's handlers were set, in Python's own start, pip's launcher's `import re` or the finding
and compiling of the package and `launch`; or popejoan's handler: its `Interrupted` escaping, which is
popejoan's to fix). Issue 26: from 16 to 61 ms, 3 runs each, SIGTERM gave 1 of 138 of popejoan's handler
(pip's launcher's `re.sub` between the import of `launch` and its call of `main`), none after.
"""

from __future__ import annotations

import argparse
import collections
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--from", dest="start", type=int, default=0)
    ap.add_argument("--to", type=int, default=60)
    ap.add_argument("--step", type=int, default=2)
    ap.add_argument("--reps", type=int, default=1)
    ap.add_argument("--exe", default=str(Path(sys.executable).with_name("popejoan")))
    args = ap.parse_args()
    home = tempfile.mkdtemp()
    env = {**os.environ, "POPEJOAN_HOME": home, "NO_COLOR": "1"}
    subprocess.run([args.exe, "table", "new", "t", "--rules", "hoyle", "--players", "A,B,C"], env=env,
                   check=True, capture_output=True)
    seen: collections.Counter[tuple[str, str]] = collections.Counter()
    last: dict[str, int] = {}  # the latest delay, per signal, at which popejoan's handler was not yet set
    for sig in (signal.SIGINT, signal.SIGTERM):
        for _ in range(args.reps):
            for ms in range(args.start, args.to + 1, args.step):
                proc = subprocess.Popen([args.exe, "board"], env=env, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True, encoding="utf-8")
                time.sleep(ms / 1000)
                proc.send_signal(sig)
                _, err = proc.communicate()
                own = "Interrupted" in err.replace("KeyboardInterrupt", "")  # popejoan's handler's exception
                kind = ("traceback (popejoan's handler)" if "Traceback" in err and own else
                        "traceback (Python's handler)" if "Traceback" in err else
                        "line" if proc.returncode == 128 + sig else "silent" if proc.returncode == -sig else
                        "done" if proc.returncode == 0 else f"exit {proc.returncode}")
                seen[(sig.name, kind)] += 1
                if kind in ("silent", "traceback (Python's handler)") or kind.startswith("exit"):
                    last[sig.name] = max(last.get(sig.name, -1), ms)
    for (name, kind), n in sorted(seen.items()):
        print(f"{name:8} {kind:30} {n}")
    for name, ms in sorted(last.items()):
        print(f"{name:8} before popejoan's handler up to {ms} ms after the start (the window, on this machine now)")


if __name__ == "__main__":
    main()
