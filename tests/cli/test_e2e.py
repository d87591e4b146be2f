"""End to end: drive the installed `popejoan` as a subprocess, as a user would.

The command is looked for beside the interpreter running the tests first (the venv the
package was installed into), then on PATH; the tests skip if it is not installed. Each run
gets an empty working folder and home, so no house-rule file of the developer's leaks in.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from conftest import ROOT, Cli
from popejoan_cli import __version__

Run = Callable[..., subprocess.CompletedProcess[str]]
"""The installed `popejoan` (or any program) run in the test's own home folder."""

ROOT = ROOT
PRESETS = {"russian", "modern-stops", "parlett", "hoyle", "michigan", "boodle", "newmarket"}


def find_popejoan() -> Path | None:
    beside = Path(sys.executable).parent / ("popejoan.exe" if os.name == "nt" else "popejoan")
    if beside.is_file():
        return beside
    found = shutil.which("popejoan")
    return Path(found) if found else None


@pytest.fixture(scope="module")
def exe() -> Path:
    found = find_popejoan()
    if found is None:
        pytest.skip(f"the popejoan command is not installed (not beside {sys.executable} nor on PATH): "
                    "run `pip install '.[test]'`")
    return found


@pytest.fixture
def run(tmp_path: Path) -> Run:
    home = tmp_path / "home"
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("POPEJOAN", "XDG_"))}
    env.update(HOME=str(home), USERPROFILE=str(home), NO_COLOR="1", COLUMNS="100")
    env.pop("PYTHONPATH", None)

    def go(*argv: str | Path) -> subprocess.CompletedProcess[str]:
        return subprocess.run([str(a) for a in argv], cwd=tmp_path, env=env, capture_output=True,
                              text=True, encoding="utf-8", timeout=60, check=False)

    return go


def test_version(exe: Path, run: Run) -> None:
    proc = run(exe, "--version")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["popejoan", __version__]
    assert proc.stderr == ""


def test_python_m_version(run: Run) -> None:
    proc = run(sys.executable, "-m", "popejoan_cli", "--version")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["popejoan", __version__]


def _names(data: Any) -> list[str]:
    """Preset names from `rules list --json`: a list, or an object holding one, of names or objects."""
    if isinstance(data, dict):
        for key in ("presets", "rules", "items"):
            if key in data:
                return _names(data[key])
        return [str(k) for k in data]
    assert isinstance(data, list), f"expected a JSON list or object, got {type(data).__name__}"
    return [item["name"] if isinstance(item, dict) else item for item in data]


def test_rules_list_json_lists_the_seven_presets(exe: Path, run: Run) -> None:
    proc = run(exe, "rules", "list", "--json")
    assert proc.returncode == 0, proc.stderr
    names = _names(json.loads(proc.stdout))
    assert sorted(names) == sorted(PRESETS)


def test_unknown_command_is_a_usage_error(exe: Path, run: Run) -> None:
    proc = run(exe, "no-such-command")
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert "no-such-command" in proc.stderr


def test_nothing_imports_click() -> None:
    # Typer bundles its own click. Built by concatenation so this file does not match itself.
    name = "cli" + "ck"
    forbidden = re.compile(r"^\s*(?:import|from)\s+" + name + r"\b")
    files = [p for d in ("src", "tests") for p in sorted((ROOT / d).rglob("*.py"))]
    assert files, f"no Python files found under {ROOT}/src or tests"
    offenders = [f"{p.relative_to(ROOT)}:{n}: {line.strip()}"
                 for p in files
                 for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
                 if forbidden.match(line)]
    assert offenders == []


def test_the_readme_evening(exe: Path, run: Run, tmp_path: Path) -> None:
    """The README's evening, typed into the installed command, then played to the end."""
    folder = tmp_path / "home" / ".local" / "share" / "popejoan" / "tables" / "fridays"
    made = run(exe, "table", "new", "fridays", "--rules", "modern-stops", "--players", "Ann,Bob,Cat,Dan",
               "--counters", "50")
    assert made.returncode == 0, made.stderr
    assert run(exe, "table", "path").stdout.strip() == str(folder)
    dealt = run(exe, "deal", "--seed", "42")
    assert dealt.returncode == 0 and "Bob leads" in dealt.stdout
    shown = run(exe, "hand", "show", "Bob", "--json")
    assert "AS" in json.loads(shown.stdout)["cards"]
    readme_leads_refusal_and_undo(exe, run, folder)
    step = lead_lowest_to_the_end(exe, run, folder)
    assert " is out." in step.stdout and "for cards left" in step.stdout
    history = json.loads(run(exe, "history", "--json").stdout)["hands"]
    assert len(history) == 1 and history[0]["out"] is not None
    checked = run(exe, "check")
    assert checked.returncode == 0 and checked.stdout.startswith("ok:")
    ended = run(exe, "end")
    assert ended.returncode == 0 and "The session has ended." in ended.stdout
    assert run(exe, "deal").returncode == 3


def readme_leads_refusal_and_undo(exe: Path, run: Run, folder: Path) -> None:
    """The README's first leads at `folder` (seed 42): A♠ stops at the spare hand, a card Ann does not
    hold is refused (the journal unchanged), a slip is undone, and 4♣ passes the lead to Dan."""
    first = run(exe, "lead", "AS")
    assert first.returncode == 0
    assert "Stop at 2♠: the next card, 3♠, is in the spare hand." in first.stdout
    journal_before = (folder / "journal.jsonl").read_bytes()
    refused = run(exe, "lead", "7H")
    assert (refused.returncode, refused.stdout) == (3, "")
    assert "Ann cannot lead 7♥ now" in refused.stderr and "Traceback" not in refused.stderr
    assert (folder / "journal.jsonl").read_bytes() == journal_before
    assert run(exe, "lead", "4S").returncode == 0
    undone = run(exe, "undo", "--yes")
    assert undone.returncode == 0 and "Ann's lead 4♠" in undone.stderr
    again = run(exe, "lead", "4C")
    assert "Dan leads next." in again.stdout


def lead_lowest_to_the_end(exe: Path, run: Run, folder: Path) -> subprocess.CompletedProcess[str]:
    """Lead the lowest legal card at `folder` until the hand ends, 200 counters in play after each
    lead; returns the last lead."""
    from popejoan_cli.store import tables
    from popejoan_cli.table import moves

    while True:
        led = moves.lowest(tables.view(folder)[0])
        if led is None:
            break
        step = run(exe, "lead", led.card, "--by", led.player)
        assert step.returncode == 0, step.stderr
        board = json.loads(run(exe, "board", "--json").stdout)
        ledger = json.loads(run(exe, "ledger", "show", "--json").stdout)
        assert sum(board.values()) + sum(ledger.values()) == 200
    return step


def test_demo_runs_on_the_defaults(exe: Path, run: Run) -> None:
    proc = run(exe, "demo")
    assert proc.returncode == 0, proc.stderr
    assert "Hand 3 of 3" in proc.stdout and "nothing created or lost" in proc.stdout
    # Its board says "Dan deals next (`popejoan deal`)", but the demo's table is gone: the last words say so
    assert "it is gone" in proc.stdout.splitlines()[-1] + proc.stdout.splitlines()[-2]
    assert "popejoan table new NAME" in " ".join(proc.stdout.split())


# The real deck of the README: seed 42's deal with Ann dealing, typed in as the table plays it.
REAL_PLAYS = [
    ("Bob", "AS"), ("Ann", "2S"), "stop", ("Ann", "AD"), "stop", ("Ann", "3D"), ("Bob", "4D"), ("Dan", "5D"),
    ("Dan", "6D"), ("Bob", "7D"), ("Bob", "5S"), ("Dan", "6S"), ("Bob", "7S"), "stop", ("Bob", "7H"),
    ("Bob", "8H"), "stop", ("Bob", "9C"), ("Ann", "10C"), ("Dan", "JC"), ("Dan", "QC"), "stop", ("Dan", "2H"),
    ("Cat", "3H"), ("Cat", "4H"), ("Cat", "5H"), ("Ann", "6H"), ("Ann", "4C"), ("Dan", "5C"), ("Ann", "6C"),
    ("Cat", "7C"), ("Dan", "8C"), ("Dan", "10D"), "stop", ("Dan", "JH"),
]


def test_the_readme_real_deck(exe: Path, run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The README's real-deck evening: plays, stops, a slip undone, a claim, going out, settlement. The
    installed command opens, deals, claims and settles; the forty plays between are typed in-process at the
    same table (the suite's time: each process costs a start-up, and `test_the_real_deck_tour_in_the_shell`
    types them all into the installed command)."""
    made = run(exe, "table", "new", "tuesday", "--rules", "modern-stops", "--players", "Ann,Bob,Cat,Dan")
    assert made.returncode == 0
    dealt = run(exe, "deal", "--real", "--turnup", "8H")
    assert dealt.returncode == 0 and "Bob leads" in dealt.stdout
    data = tmp_path / "home" / ".local" / "share" / "popejoan"  # the system's data folder under that HOME
    assert (data / "tables" / "tuesday").is_dir()
    monkeypatch.setenv("POPEJOAN_HOME", str(data))
    monkeypatch.delenv("POPEJOAN_TABLE", raising=False)
    cli = Cli(data)
    for step in REAL_PLAYS:
        if step == ("Dan", "5D"):
            cli.ok("play", "Cat", "5D")  # the README's slip, undone
            cli.ok("undo", "--yes")
        last = cli.ok("stop") if step == "stop" else cli.ok("play", *step)
    assert "Dan is out." in last.stdout and "--pope" in last.stdout
    claim = run(exe, "claim", "Dan", "jack")
    assert (claim.returncode, claim.stdout.strip()) == (0, "right: Dan played J♥; paid 1 counter")
    wrong = run(exe, "claim", "Ann", "cards", "9")
    assert wrong.returncode == 3 and "wrong" in wrong.stderr
    settled = run(exe, "out", "Dan", "--pope", "spare")
    assert settled.returncode == 0, settled.stderr
    assert "Cat pays 6 counters to Dan for cards left." in settled.stdout
    shown = run(exe, "show", "Ann", "QD", "4S", "10S")
    assert shown.returncode == 0 and "all legal" in shown.stdout
    ledger = json.loads(run(exe, "ledger", "show", "--json").stdout)
    assert ledger == {"Ann": 50 - 15 - 3, "Bob": 50 - 3, "Cat": 50 - 6, "Dan": 50 + 1 + 1 + 12}
    assert run(exe, "check").returncode == 0


def test_the_real_deck_tour_in_the_shell(exe: Path, run: Run, tmp_path: Path) -> None:
    """The same real-deck evening typed into one `popejoan shell` (its input piped, as a script)."""
    made = run(exe, "table", "new", "tuesday", "--rules", "modern-stops", "--players", "Ann,Bob,Cat,Dan")
    assert made.returncode == 0
    lines = ["deal --real --turnup 8H"]
    for step in REAL_PLAYS:
        if step == ("Dan", "5D"):
            lines += ["play Cat 5D", "undo --yes"]
        lines.append("stop" if step == "stop" else f"play {step[0]} {step[1]}")
    lines += ["claim Dan jack", "out Dan --pope spare", "ledger show --json", "exit"]
    env = {k: v for k, v in os.environ.items() if not k.startswith(("POPEJOAN", "XDG_"))}
    env.update(HOME=str(tmp_path / "home"), NO_COLOR="1")
    proc = subprocess.run([str(exe), "shell"], input="\n".join(lines) + "\n", cwd=tmp_path, env=env,
                          capture_output=True, text=True, encoding="utf-8", timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    assert "right: Dan played J♥; paid 1 counter" in proc.stdout
    assert "Cat pays 6 counters to Dan for cards left." in proc.stdout
    ledger = json.loads(proc.stdout[proc.stdout.rindex("{"):proc.stdout.rindex("}") + 1])
    assert ledger == {"Ann": 50 - 15 - 3, "Bob": 50 - 3, "Cat": 50 - 6, "Dan": 50 + 1 + 1 + 12}
