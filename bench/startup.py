"""Start-up of the installed `popejoan` against the framework's own floor: a bare two-command Typer app.

What it measures: the wall-clock time, from `subprocess` start until the process has exited, of
each command below, run in rounds: each round runs the floor and then every command (the order
rotated from round to round, after two warm-up rounds), so each command's time is paired with
the floor's time of its own round, and its ratio is the median of those per-round ratios; a
busy spell on this shared machine slows both sides of a pair alike.

- `bare typer`: a two-command Typer app written by this script, run by the same interpreter as
  the installed command (read from its script's shebang): the floor any Typer CLI pays;
- `python -c pass`, for reference;
- `popejoan --version`;
- `popejoan rules list --json` (the packaged presets);
- `popejoan board --json` and `popejoan lead CARD` on a table of 200 played hands plus an open one
  (modern-stops, four players; each `lead` run on a fresh copy of that table, copied untimed);
- `popejoan board --json` on a table of 16,000 played hands (`--long N`, 0 to leave it out), with
  the peak memory of that process (its own `ru_maxrss`, through `os.wait4`) as a multiple of the
  journal's size.

Targets (issue 27; ratios to the bare Typer app, medians of at least 15 rounds):
`board --json` and `lead` on 200 hands ≤ 1.25×; `rules list --json` ≤ 1.15×; `board --json` on
16,000 hands ≤ 1.5× its time on 200 hands, its peak memory ≤ 5× the journal.

    python bench/startup.py                  # 15 rounds, 16,000-hand table included
    python bench/startup.py --runs 30        # more rounds
    python bench/startup.py --long 0         # no 16,000-hand table (CI: report only)
    python bench/startup.py --exe PATH       # a popejoan script other than the one on PATH
    python bench/startup.py --check          # exit 1 if a target is missed
    python bench/startup.py --imports        # also `python -X importtime` of `board --json`: top 10

Each command's CPU time (user and system, from `os.wait4`) is printed beside its wall time, with its ratio to the
floor's; when the load average is above the cores (`machine.load_note`) the report says so, since the wall ratios
then depend on the other processes as much as on popejoan.

Run it from the repo root with an interpreter that can import popejoan_cli (it builds the tables
with the project's own fold); the timed commands are the installed script's. It exits 0 whatever
the figures unless `--check` is given.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from machine import load_note  # bench/machine.py

HERE = Path(__file__).parent
BUILD = """import sys; sys.path.insert(0, sys.argv[1]); from pathlib import Path
from evening import build as table; from journal_load import build as journal
where, hands = Path(sys.argv[3]), int(sys.argv[4])
print(table(where, hands)[1] if sys.argv[2] == "table" else journal(where, hands))
"""
"""The tables are built in a process of their own (bench/evening.py plays one through the store; bench/journal_load.py
folds a long journal in memory): a command started from this process would otherwise inherit its memory, and its
peak memory (`ru_maxrss`, which counts the image it was forked from) would be this process's."""


def build(kind: str, folder: Path, hands: int, env: dict[str, str]) -> str:
    """A table of `hands` played hands at `folder` (`kind` "table": its next lead's card is returned)."""
    return subprocess.run([sys.executable, "-c", BUILD, str(HERE), kind, str(folder), str(hands)], env=env, check=True,
                          capture_output=True, text=True, encoding="utf-8").stdout.strip()

WARMUPS = 2
MIN_RUNS = 15
BARE_TYPER = '''\
import typer

app = typer.Typer()


@app.command()
def hello(name: str = "world") -> None:
    print(f"hello {name}")


@app.command()
def bye() -> None:
    print("bye")


if __name__ == "__main__":
    app()
'''
TARGETS = {"rules list --json": 1.15, "board --json (200 hands)": 1.25, "lead (200 hands)": 1.25}


@dataclass
class Bench:
    """One command under test: what it runs, what its runs took, its peak memory, or why it failed."""

    label: str
    argv: list[str]
    fresh: tuple[Path, Path] | None = None
    """(from, to): a table folder copied afresh before each run, outside the timing."""
    times: list[float] = field(default_factory=list)
    cpus: list[float] = field(default_factory=list)
    """Each run's CPU seconds (user and system, from `os.wait4`): what another process's load disturbs less."""
    peak_kb: int = 0
    failure: str | None = None

    def run_once(self, env: dict[str, str]) -> float | None:
        """Time one run (None once it has failed: a non-zero exit is recorded, not timed)."""
        if self.failure is not None:
            return None
        if self.fresh is not None:
            shutil.rmtree(self.fresh[1], ignore_errors=True)
            shutil.copytree(*self.fresh, symlinks=True)
        start = time.perf_counter()
        proc = subprocess.Popen(self.argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        _, status, usage = os.wait4(proc.pid, 0)
        elapsed = time.perf_counter() - start
        err = proc.stderr.read().decode("utf-8", "replace") if proc.stderr else ""
        if proc.stderr:
            proc.stderr.close()
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode != 0:
            lines = [ln.strip(" │╭╮╰╯─") for ln in err.splitlines()]
            self.failure = f"exit {proc.returncode}: {next((ln for ln in reversed(lines) if ln), '(no stderr)')}"
            return None
        self.times.append(elapsed)
        self.cpus.append(usage.ru_utime + usage.ru_stime)
        self.peak_kb = max(self.peak_kb, usage.ru_maxrss)
        return elapsed

    @property
    def median_ms(self) -> float:
        return statistics.median(self.times) * 1000

    @property
    def median_cpu_ms(self) -> float:
        return statistics.median(self.cpus) * 1000


def find_exe(explicit: str | None) -> Path:
    """The popejoan script: `--exe`, else the one beside this interpreter, else the one on PATH."""
    if explicit:
        return Path(explicit)
    beside = Path(sys.executable).with_name("popejoan")
    return beside if beside.exists() else Path(shutil.which("popejoan") or beside)


def interpreter_of(exe: Path) -> str:
    """The Python that runs `exe`, read from its shebang (pip's `/bin/sh` trampoline too)."""
    try:
        head = exe.read_bytes()[:4096].decode("utf-8", "replace").splitlines()
    except OSError:
        return sys.executable
    words = head[0][2:].split() if head and head[0].startswith("#!") else []
    if not words:
        return sys.executable
    if Path(words[0]).name in ("sh", "bash") and len(head) > 1 and head[1].startswith("'''exec'"):
        parts = head[1].split('"')  # pip writes this form when the interpreter's path is too long
        return parts[1] if len(parts) > 1 else sys.executable
    return words[0] if "python" in Path(words[0]).name else sys.executable


def rounds(floor: Bench, benches: list[Bench], runs: int, env: dict[str, str]) -> dict[str, list[float]]:
    """`runs` rounds (after `WARMUPS`): the floor, then each command in a rotated order; each command's
    ratios to the floor of its own round, by the wall clock (`label`) and by CPU time (`label` + " cpu")."""
    ratios: dict[str, list[float]] = {key: [] for b in benches for key in (b.label, b.label + " cpu")}
    for i in range(WARMUPS + runs):
        if i == WARMUPS:
            for bench in (floor, *benches):
                bench.times.clear()
                bench.peak_kb = 0  # the first run of a table writes its cache: the warm-ups are not counted
        base = floor.run_once(env)
        for j in range(len(benches)):
            bench = benches[(i + j) % len(benches)]
            took = bench.run_once(env)
            if i >= WARMUPS and base and took:
                ratios[bench.label].append(took / base)
                ratios[bench.label + " cpu"].append(bench.cpus[-1] / floor.cpus[-1])
        print(f"\r  round {i + 1}/{WARMUPS + runs}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    return ratios


def import_costs(python: str, argv: list[str], env: dict[str, str], top: int = 10) -> None:
    """The `top` modules of `argv` by cumulative import time (`python -X importtime`)."""
    code = f"import sys; sys.argv={argv!r}; from popejoan_cli.launch import main; main()"
    proc = subprocess.run([python, "-X", "importtime", "-c", code], env=env, capture_output=True, text=True,
                          encoding="utf-8", check=False)
    rows = []
    for line in proc.stderr.splitlines():
        fields = line.removeprefix("import time:").split("|")
        if line.startswith("import time:") and len(fields) == 3 and fields[0].strip().isdigit():
            rows.append((int(fields[1]), int(fields[0]), fields[2].rstrip()))
    print(f"\n`python -X importtime` of `{' '.join(argv[1:])}`: {len(rows)} modules, "
          f"{sum(r[1] for r in rows) / 1000:.1f} ms in all; top {top} by cumulative time (self):")
    for cumulative, own, name in sorted(rows, reverse=True)[:top]:
        print(f"  {cumulative / 1000:7.1f} ms ({own / 1000:5.1f})  {name.strip()}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--exe", help="the popejoan script to time (default: beside this interpreter, or on PATH)")
    parser.add_argument("--runs", type=int, default=MIN_RUNS, help=f"timed rounds (minimum {MIN_RUNS})")
    parser.add_argument("--long", type=int, default=16_000, help="hands of the long table (0: none)")
    parser.add_argument("--check", action="store_true", help="exit 1 if a target is missed")
    parser.add_argument("--imports", action="store_true", help="the top-10 import costs of `board --json`")
    args = parser.parse_args(argv)
    exe = find_exe(args.exe)
    if not exe.is_file():
        print(f"popejoan not found at {exe}: pip install . first, or pass --exe PATH", file=sys.stderr)
        return 1 if args.check else 0
    python = interpreter_of(exe)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        env = {**os.environ, "POPEJOAN_HOME": str(work / "home"), "NO_COLOR": "1", "POPEJOAN_LANG": "en"}
        (work / "bare.py").write_text(BARE_TYPER, encoding="utf-8")
        print("building a table of 200 played hands ...", file=sys.stderr)
        card = build("table", work / "t200", 200, env)
        floor = Bench("bare typer (floor)", [python, str(work / "bare.py"), "hello"])
        benches = [
            Bench("python -c pass", [python, "-c", "pass"]),
            Bench("--version", [str(exe), "--version"]),
            Bench("rules list --json", [str(exe), "rules", "list", "--json"]),
            Bench("board --json (200 hands)", [str(exe), "--table", str(work / "t200"), "board", "--json"]),
            Bench("lead (200 hands)", [str(exe), "--table", str(work / "lead"), "lead", card],
                  fresh=(work / "t200", work / "lead")),
        ]
        if args.long:
            print(f"building a journal of {args.long:,} played hands ...", file=sys.stderr)
            build("journal", work / "long", args.long, env)
            benches.append(Bench(f"board --json ({args.long:,} hands)",
                                 [str(exe), "--table", str(work / "long"), "board", "--json"]))
        ratios = rounds(floor, benches, max(args.runs, MIN_RUNS), env)
        met = report(exe, python, floor, benches, ratios, work / "long" / "journal.jsonl")
        if args.imports:
            import_costs(python, ["popejoan", "--table", str(work / "t200"), "board", "--json"], env)
    return 1 if args.check and not met else 0


def report(exe: Path, python: str, floor: Bench, benches: list[Bench], ratios: dict[str, list[float]],
           long_journal: Path) -> bool:
    """Each command's median, its median ratio to the floor, and the targets; whether all were met."""
    print(f"popejoan: {exe}\npython:   {python}\nrounds:   {len(floor.times)} (after {WARMUPS} warm-ups)\n")
    note = load_note()
    print(f"{'command':<28} {'wall ms':>8} {'CPU ms':>7} {'ratio':>7} {'CPU ratio':>9}")
    print(f"{floor.label:<28} {floor.median_ms:8.1f} {floor.median_cpu_ms:7.1f} {'1.00×':>7} {'1.00×':>9}")
    met = True
    for bench in benches:
        if bench.failure:
            print(f"{bench.label:<28} FAILED ({bench.failure})")
            met = False
            continue
        ratio = statistics.median(ratios[bench.label])
        cpu = statistics.median(ratios[bench.label + " cpu"])
        target = TARGETS.get(bench.label)
        verdict = "" if target is None else (f"  target ≤ {target:.2f}×: wall {'met' if ratio <= target else 'MISSED'}"
                                             f", CPU {'met' if cpu <= target else 'MISSED'}")
        met &= target is None or ratio <= target
        print(f"{bench.label:<28} {bench.median_ms:8.1f} {bench.median_cpu_ms:7.1f} {ratio:6.2f}× {cpu:8.2f}×"
              f"{verdict}")
    if note:
        print(note)
    return _long_table(benches, long_journal) and met


def _long_table(benches: list[Bench], long_journal: Path) -> bool:
    """The 16,000-hand row against the 200-hand one: time and peak memory; whether both targets were met
    (True when the long table was not run)."""
    long = [b for b in benches if b.label.startswith("board") and "200" not in b.label]
    short = next(b for b in benches if b.label == "board --json (200 hands)")
    if not long or long[0].failure or short.failure:
        return not long
    grow = long[0].median_ms / short.median_ms
    size = long_journal.stat().st_size
    memory = long[0].peak_kb * 1024 / size
    print(f"\n{long[0].label}: {grow:.2f}× its time on 200 hands (target ≤ 1.50×: "
          f"{'met' if grow <= 1.5 else 'MISSED'}); peak memory {long[0].peak_kb / 1024:.0f} MB = "
          f"{memory:.1f}× the {size / 1e6:.1f} MB journal (target ≤ 5×: {'met' if memory <= 5 else 'MISSED'})")
    return grow <= 1.5 and memory <= 5


if __name__ == "__main__":
    sys.exit(main())
