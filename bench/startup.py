"""Startup time of the installed `popejoan` command, against `python -c pass`.

What it measures: the wall-clock time, from `subprocess.run` until the process has exited,
of three commands run interleaved in the same session (after two warm-up runs of each):

- `python -c pass`, with the same interpreter as the installed command (read from its
  script's shebang), as the floor any Python CLI pays;
- `popejoan --version`, the cost of importing the CLI and Typer;
- `popejoan rules list --json`, a real command that loads the packaged presets.

It prints the median and minimum of each in milliseconds and the ratio of medians against
`python -c pass`. The target (which guards the typer<0.29 pin) is:
`rules list --json` median ≤ 8× `python -c pass`.

Run it from the repo root with the interpreter of the environment popejoan is installed in:

    python bench/startup.py                 # 20 interleaved runs of each
    python bench/startup.py --runs 50       # more runs (minimum 10)
    python bench/startup.py --exe PATH      # a popejoan script other than the one on PATH
    python bench/startup.py --check         # exit 1 if the target is missed
    python bench/startup.py --imports       # also the top-5 import costs of `rules list --json`

It exits 0 whatever the figures, unless `--check` is given. A command that fails (a
non-zero exit) is reported as a failed row rather than timed.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

TARGET_RATIO = 8.0
WARMUPS = 2
MIN_RUNS = 10
IMPORTTIME_CODE = (
    "import sys; sys.argv=['popejoan','rules','list','--json']; "
    "from popejoan_cli.cli import main; main()"
)


@dataclass
class Bench:
    """One command under test and what its runs gave."""

    label: str
    argv: list[str]
    times: list[float] = field(default_factory=list)
    failure: str | None = None

    def run_once(self) -> None:
        """Time one run; on a non-zero exit, record the failure instead."""
        if self.failure is not None:
            return
        start = time.perf_counter()
        proc = subprocess.run(self.argv, capture_output=True, text=True, encoding="utf-8", check=False)
        elapsed = time.perf_counter() - start
        if proc.returncode != 0:
            # The last line that is not a box border: click's and Python's own message.
            lines = [ln.strip(" │╭╮╰╯─") for ln in proc.stderr.splitlines()]
            detail = next((ln for ln in reversed(lines) if ln), "(no stderr)")
            self.failure = f"exit {proc.returncode}: {detail}"
            self.times.clear()
            return
        self.times.append(elapsed)

    @property
    def median_ms(self) -> float:
        return statistics.median(self.times) * 1000

    @property
    def min_ms(self) -> float:
        return min(self.times) * 1000


def find_exe(explicit: str | None) -> Path:
    """The popejoan script: `--exe`, else the one on PATH, else the one beside this interpreter."""
    if explicit:
        return Path(explicit)
    found = shutil.which("popejoan")
    if found:
        return Path(found)
    return Path(sys.executable).parent / "popejoan"


def interpreter_of(exe: Path) -> str:
    """The Python that runs `exe`, read from its shebang (pip's `/bin/sh` trampoline too)."""
    try:
        with exe.open("rb") as fh:
            head = fh.read(4096).decode("utf-8", "replace").splitlines()
    except OSError:
        return sys.executable
    if not head or not head[0].startswith("#!"):
        return sys.executable
    words = head[0][2:].split()
    if not words:
        return sys.executable
    if Path(words[0]).name == "env" and len(words) > 1:
        return shutil.which(words[1]) or sys.executable
    if Path(words[0]).name in ("sh", "bash") and len(head) > 1 and head[1].startswith("'''exec'"):
        # pip writes this form when the interpreter path is too long for a shebang line.
        parts = head[1].split('"')
        if len(parts) > 1:
            return parts[1]
    if "python" in Path(words[0]).name:
        return words[0]
    return sys.executable


def import_costs(python: str, top: int = 5) -> None:
    """Print the `top` imports of `rules list --json` by self and by cumulative time."""
    proc = subprocess.run([python, "-X", "importtime", "-c", IMPORTTIME_CODE],
                          capture_output=True, text=True, encoding="utf-8", check=False)
    rows: list[tuple[int, int, str]] = []
    for line in proc.stderr.splitlines():
        if not line.startswith("import time:"):
            continue
        fields = line[len("import time:"):].split("|")
        if len(fields) != 3:
            continue
        self_us, cumulative_us, name = fields
        if not self_us.strip().isdigit():
            continue  # the header line
        rows.append((int(self_us), int(cumulative_us), name.strip()))
    status = "ok" if proc.returncode == 0 else f"exit {proc.returncode}"
    print(f"\nimport costs of `popejoan rules list --json` (python -X importtime, {status}, {len(rows)} modules)")
    if not rows:
        print("  no importtime lines found on stderr")
        return
    for title, col in (("self", 0), ("cumulative", 1)):
        print(f"  top {top} by {title} time:")
        for row in sorted(rows, key=lambda r: r[col], reverse=True)[:top]:
            print(f"    {int(row[col]) / 1000:8.1f} ms  {row[2]}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Startup time of the installed popejoan vs `python -c pass`.")
    parser.add_argument("--exe", help="the popejoan script to time (default: the one on PATH)")
    parser.add_argument("--runs", type=int, default=20, help=f"timed runs of each command (minimum {MIN_RUNS})")
    parser.add_argument("--check", action="store_true", help="exit 1 if the target is missed")
    parser.add_argument("--imports", action="store_true", help="print the top-5 import costs of `rules list --json`")
    args = parser.parse_args(argv)
    runs = max(args.runs, MIN_RUNS)

    exe = find_exe(args.exe)
    if not exe.is_file():
        print(f"popejoan not found at {exe}: install it (pip install '.[test]') or pass --exe PATH", file=sys.stderr)
        return 1 if args.check else 0
    python = interpreter_of(exe)

    base = Bench("python -c pass", [python, "-c", "pass"])
    benches = [
        base,
        Bench("popejoan --version", [str(exe), "--version"]),
        Bench("popejoan rules list --json", [str(exe), "rules", "list", "--json"]),
    ]
    target = benches[2]

    _timed(benches, runs)
    _report_times(exe, python, runs, benches)
    met = _target_met(base, target)

    if args.imports:
        import_costs(python)
    return 1 if args.check and not met else 0


def _timed(benches: list[Bench], runs: int) -> None:
    """`runs` timed runs of each command, after `WARMUPS` untimed ones of each."""
    for _ in range(WARMUPS):
        for bench in benches:
            bench.run_once()
    for bench in benches:
        bench.times.clear()
    for i in range(runs):
        # Rotate the order so that no command always runs right after the same one.
        for j in range(len(benches)):
            benches[(i + j) % len(benches)].run_once()


def _report_times(exe: Path, python: str, runs: int, benches: list[Bench]) -> None:
    """What was timed, and each command's median, minimum and ratio against the first (`python -c pass`)."""
    base = benches[0]
    print(f"popejoan: {exe}")
    print(f"python:   {python}")
    print(f"runs:     {runs} interleaved (after {WARMUPS} warm-ups of each)\n")
    width = max(len(b.label) for b in benches)
    print(f"{'command':<{width}}  {'median ms':>9}  {'min ms':>7}  {'ratio':>6}")
    for bench in benches:
        if bench.failure is not None:
            print(f"{bench.label:<{width}}  FAILED ({bench.failure})")
            continue
        ratio = "" if base.failure else f"{bench.median_ms / base.median_ms:5.1f}×"
        print(f"{bench.label:<{width}}  {bench.median_ms:9.1f}  {bench.min_ms:7.1f}  {ratio:>6}")


def _target_met(base: Bench, target: Bench) -> bool:
    """Whether `target`'s median is within `TARGET_RATIO` of `base`'s, said with the figure; not met when
    either command failed."""
    print(f"\ntarget: `rules list --json` median ≤ {TARGET_RATIO:g}× `python -c pass`")
    if base.failure is not None or target.failure is not None:
        print("result: not measured (a command failed)")
        return False
    ratio_value = target.median_ms / base.median_ms
    met = ratio_value <= TARGET_RATIO
    print(f"result: {ratio_value:.1f}× — {'met' if met else 'MISSED'}")
    return met


if __name__ == "__main__":
    sys.exit(main())
