"""Shared test helpers: where the test data lives, a CLI runner, and the bad house-rule files.

Each file in `tests/data/rules/bad/` says what it must produce in `# expect:` comment
lines at its top, one per problem: `# expect: LINE KEY | fragment | fragment ...` (KEY is
`-` when the problem names no key). A test that takes a `bad_rules_case` argument runs once
per file.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

TESTS = Path(__file__).parent
"""The tests folder: this file, the shared helpers and `data/` (test files sit in one folder per layer)."""
ROOT = TESTS.parent
"""The repository: README, house-rules/, src/."""
DATA = TESTS / "data"
GOLDEN = DATA / "golden"
BAD_RULES = DATA / "rules" / "bad"
REGEN = os.environ.get("POPEJOAN_REGEN") == "1"
"""`POPEJOAN_REGEN=1 python3 -m pytest ...` rewrites the golden files instead of comparing (review the diff)."""


def golden(path: Path, text: str) -> None:
    """`text` must equal the golden file at `path`; with POPEJOAN_REGEN=1 the file is rewritten first."""
    if REGEN:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"no golden file {path}: make it with POPEJOAN_REGEN=1 and review it"
    assert text == path.read_text(encoding="utf-8"), f"{path.name} differs; if the change is meant, POPEJOAN_REGEN=1"


PLAIN_ENV = {"COLUMNS": "100", "NO_COLOR": "1", "TERM": "dumb"}
"""Fixed width and no colour, so rendered output is stable."""


@dataclass(frozen=True)
class Expected:
    line: int
    key: str
    fragments: tuple[str, ...]


@dataclass(frozen=True)
class BadRulesCase:
    path: Path
    expected: tuple[Expected, ...]

    @staticmethod
    def read(path: Path) -> BadRulesCase:
        found = []
        for text in path.read_text(encoding="utf-8").splitlines():
            if not text.startswith("# expect:"):
                continue
            head, *fragments = (part.strip() for part in text.removeprefix("# expect:").split(" | "))
            line, key = head.split(" ", 1)
            found.append(Expected(int(line), "" if key == "-" else key, tuple(fragments)))
        assert found, f"{path} has no '# expect:' line"
        return BadRulesCase(path, tuple(found))


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "bad_rules_case" in metafunc.fixturenames:
        cases = [BadRulesCase.read(p) for p in sorted(BAD_RULES.glob("*.toml"))]
        metafunc.parametrize("bad_rules_case", cases, ids=[c.path.stem for c in cases])


@pytest.fixture
def data_dir() -> Path:
    return DATA


@pytest.fixture
def invoke() -> Callable[..., Result]:
    """Run the CLI in-process with a fixed width and no colour; stdout and stderr stay apart."""
    from popejoan_cli.cli import app

    runner = CliRunner()

    def run(*args: str) -> Result:
        return runner.invoke(app, list(args), env=PLAIN_ENV)

    return run


def play_hand(run: Callable[..., Result], seed: int) -> None:
    """Deal from `seed` at the current table and lead the lowest legal card until the hand ends.

    `run` is the CLI of the test's home folder; the hand is played through the journal of its
    current table, as `popejoan demo` plays its own."""
    from popejoan_cli.store import autoplay, tables

    autoplay.play_hand(tables.folder(), seed)


@pytest.fixture
def run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[..., Result]:
    """The CLI with its own home folder (the current table is whatever it creates), plain output."""
    monkeypatch.delenv("POPEJOAN_TABLE", raising=False)
    monkeypatch.setenv("POPEJOAN_HOME", str(tmp_path / "home"))
    from popejoan_cli.cli import app

    runner = CliRunner()

    def invoke(*args: str) -> Result:
        return runner.invoke(app, list(args), env=PLAIN_ENV)

    return invoke


@dataclass
class Cli:
    """The CLI in its own home folder: `ok` and `json` insist on success and no traceback."""

    home: Path
    columns: str = "100"

    def __call__(self, *args: str) -> Result:
        from popejoan_cli.cli import app

        env = {"POPEJOAN_HOME": str(self.home), "NO_COLOR": "1", "COLUMNS": self.columns}
        return CliRunner().invoke(app, list(args), env=env)

    def ok(self, *args: str) -> Result:
        res = self(*args)
        assert res.exit_code == 0, (args, res.exit_code, res.stdout, res.stderr, res.exception)
        assert "Traceback" not in res.stderr
        return res

    def json(self, *args: str) -> Any:
        return json.loads(self.ok(*args, "--json").stdout)
