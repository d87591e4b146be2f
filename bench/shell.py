"""Time per command in `popejoan shell`, against the same commands as separate processes.

Builds a table (modern-stops, 4 players) with 50 played hands plus an open hand, starts ONE
`popejoan shell` on a pseudo-terminal and sends `board --json`, `ledger show --json` and
`lead CARD` (the open hand's lowest legal lead, each followed by an untimed `undo --yes`, so
every run records the same lead, and the shell shows the board after it) in turn, N times
each. A command's time runs from writing its line to the shell until the next `popejoan> `
prompt has been read back. The same commands are then run as separate `popejoan` processes,
in the same way and in the same run, for the ratio.

    python bench/shell.py [--hands 50] [--runs 30] [--exe PATH]

Target: the median time of a command in the shell is under 20 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import select
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from evening import build, find_exe, timed  # bench/evening.py: run from the repo root as `python bench/shell.py`

TARGET_MS = 20.0
PROMPT = b"popejoan> "
READS = (["board", "--json"], ["ledger", "show", "--json"])
UNDO = ["undo", "--yes"]


class Pty:
    """One `popejoan shell` on a pseudo-terminal, read until its prompt comes back."""

    def __init__(self, argv: list[str], env: dict[str, str]) -> None:
        self.fd, slave = os.openpty()
        self.proc = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True)
        os.close(slave)

    def until_prompt(self, timeout: float = 10.0) -> bytes:
        got = b""
        deadline = time.monotonic() + timeout
        while not got.endswith(PROMPT) and PROMPT not in got[-64:]:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.fd], [], [], left)[0]:
                sys.exit(f"bench/shell.py: no prompt after {timeout:.0f} s; got {got[-500:]!r}")
            got += os.read(self.fd, 65536)
        return got

    def command(self, words: list[str]) -> tuple[float, bytes]:
        line = " ".join(words).encode() + b"\r"
        start = time.perf_counter()
        os.write(self.fd, line)
        out = self.until_prompt()
        return time.perf_counter() - start, out

    def close(self) -> int:
        os.write(self.fd, b"exit\r")
        try:
            code = self.proc.wait(timeout=10)
        finally:
            os.close(self.fd)
        return code


def check_json(out: bytes, words: list[str]) -> None:
    """The shell's answer must be the command's JSON (its echo and prompt around it)."""
    text = out.decode("utf-8", "replace").replace("\r\n", "\n")
    body = text[text.index("{"): text.rindex("}") + 1] if "{" in text else ""
    try:
        json.loads(body)
    except ValueError:
        sys.exit(f"bench/shell.py: `{' '.join(words)}` in the shell gave no JSON: {text[:500]!r}")


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--hands", type=int, default=50)
    ap.add_argument("--runs", type=int, default=30)
    ap.add_argument("--exe")
    args = ap.parse_args()
    exe = find_exe(args.exe, "bench/shell.py")
    with tempfile.TemporaryDirectory(prefix="popejoan-bench-") as tmp:
        folder = Path(tmp) / "table"
        print(f"building a table with {args.hands} played hands ...", file=sys.stderr, flush=True)
        player, card = build(folder, args.hands)
        events = sum(1 for _ in (folder / "journal.jsonl").open("rb"))
        lead = ["lead", card, "--by", player]
        commands = [*READS, lead]
        env = {**os.environ, "POPEJOAN_TABLE": str(folder), "POPEJOAN_HOME": str(Path(tmp) / "home"),
               "NO_COLOR": "1", "TERM": "dumb", "COLUMNS": "100"}
        names = [" ".join(w) for w in commands]
        in_shell, startup = _timed_in_shell(exe, env, commands, names, lead, args.runs)
        as_process = _timed_as_processes(exe, env, commands, names, lead, args.runs)

    print(f"popejoan shell bench: {args.hands} played hands and one open, {events} journal events; "
          f"{args.runs} runs each; shell start-up {startup * 1000:.0f} ms\n")
    _report(names, in_shell, as_process)


def _timed_in_shell(exe: str, env: dict[str, str], commands: list[list[str]], names: list[str], lead: list[str],
                    runs: int) -> tuple[dict[str, list[float]], float]:
    """Each command's times in one shell, by name, and the shell's own start-up; the lead is undone after each
    run, untimed, so every run records the same lead."""
    in_shell: dict[str, list[float]] = {n: [] for n in names}
    start = time.perf_counter()
    sh = Pty([exe, "shell"], env)
    sh.until_prompt()
    startup = time.perf_counter() - start
    for words in READS:  # warm-up, and a check that the answer is the JSON
        check_json(sh.command(words)[1], words)
    for _ in range(runs):
        for words, name in zip(commands, names, strict=True):
            took, out = sh.command(words)
            in_shell[name].append(took)
            if words is lead:
                if b"Board: " not in out:
                    sys.exit(f"bench/shell.py: no board line after `{name}`: {out[-500:]!r}")
                sh.command(UNDO)
    code = sh.close()
    if code != 0:
        sys.exit(f"bench/shell.py: `exit` left the shell with status {code}")
    return in_shell, startup


def _timed_as_processes(exe: str, env: dict[str, str], commands: list[list[str]], names: list[str],
                        lead: list[str], runs: int) -> dict[str, list[float]]:
    """Each command's times as a separate `popejoan` process, by name, run as in the shell."""
    as_process: dict[str, list[float]] = {n: [] for n in names}
    for words in READS:  # warm-up
        timed([exe, *words], env, "bench/shell.py")
    for _ in range(runs):
        for words, name in zip(commands, names, strict=True):
            as_process[name].append(timed([exe, *words], env, "bench/shell.py"))
            if words is lead:
                timed([exe, *UNDO], env, "bench/shell.py")
    return as_process


def _report(names: list[str], in_shell: dict[str, list[float]], as_process: dict[str, list[float]]) -> None:
    """Each command's median and minimum in the shell and as a process, their ratio, and the target."""
    width = max(len(n) for n in names) + 2
    print(f"{'command':<{width}}{'shell median':>13}{'min':>9}{'process median':>16}{'min':>10}{'ratio':>8}")
    worst = 0.0
    for name in names:
        med, proc = statistics.median(in_shell[name]), statistics.median(as_process[name])
        worst = max(worst, med)
        print(f"{name:<{width}}{med * 1000:>10.1f} ms{min(in_shell[name]) * 1000:>6.1f} ms"
              f"{proc * 1000:>13.1f} ms{min(as_process[name]) * 1000:>7.1f} ms{proc / med:>7.1f}x")
    print(f"\ntarget: each median in the shell < {TARGET_MS:.0f} ms: {'met' if worst * 1000 < TARGET_MS else 'MISSED'} "
          f"(worst {worst * 1000:.1f} ms)")

if __name__ == "__main__":
    main()
