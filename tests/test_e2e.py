"""End to end: drive the installed `popejoan` as a subprocess, as a user would (design §8).

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
from pathlib import Path
from typing import Any

import pytest

from popejoan_cli import __version__

ROOT = Path(__file__).resolve().parents[1]
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
def run(tmp_path: Path) -> Any:
    home = tmp_path / "home"
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("POPEJOAN", "XDG_"))}
    env.update(HOME=str(home), USERPROFILE=str(home), NO_COLOR="1", COLUMNS="100")
    env.pop("PYTHONPATH", None)

    def go(*argv: str | Path) -> subprocess.CompletedProcess[str]:
        return subprocess.run([str(a) for a in argv], cwd=tmp_path, env=env, capture_output=True,
                              text=True, timeout=60, check=False)

    return go


def test_version(exe: Path, run: Any) -> None:
    proc = run(exe, "--version")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["popejoan", __version__]
    assert proc.stderr == ""


def test_python_m_version(run: Any) -> None:
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


def test_rules_list_json_lists_the_seven_presets(exe: Path, run: Any) -> None:
    proc = run(exe, "rules", "list", "--json")
    assert proc.returncode == 0, proc.stderr
    names = _names(json.loads(proc.stdout))
    assert sorted(names) == sorted(PRESETS)


def test_unknown_command_is_a_usage_error(exe: Path, run: Any) -> None:
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
