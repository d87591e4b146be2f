"""Shared test helpers: where the test data lives, a CLI runner, and the bad house-rule files.

Each file in `tests/data/rules/bad/` says what it must produce in `# expect:` comment
lines at its top, one per problem: `# expect: LINE KEY | fragment | fragment ...` (KEY is
`-` when the problem names no key). A test that takes a `bad_rules_case` argument runs once
per file.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

DATA = Path(__file__).parent / "data"
BAD_RULES = DATA / "rules" / "bad"
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
    """Deal from `seed` at the current table and lead the lowest legal card until the hand ends."""
    from popejoan_cli import tables
    from popejoan_cli.replay import lowest_lead

    assert run("deal", "--seed", str(seed)).exit_code == 0
    while True:
        view, _ = tables.view(tables.folder())
        rec = view.open_hand
        if rec is None:
            return
        seat, card = lowest_lead(rec.hand)
        assert run("lead", str(card), "--by", rec.players[seat]).exit_code == 0
