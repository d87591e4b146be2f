"""Every command that states a player's change over the session states the same number."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from conftest import play_hand
from popejoan_cli.cli import app


@pytest.fixture
def run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[..., Result]:
    monkeypatch.delenv("POPEJOAN_TABLE", raising=False)
    monkeypatch.setenv("POPEJOAN_HOME", str(tmp_path / "home"))
    runner = CliRunner()
    env = {"POPEJOAN_HOME": str(tmp_path / "home"), "NO_COLOR": "1", "COLUMNS": "120", "TERM": "dumb"}
    return lambda *args: runner.invoke(app, list(args), env=env)


def shown_changes(run: Callable[..., Result]) -> dict[str, int]:
    """The Change column of `ledger show`, by player."""
    out = run("ledger", "show").stdout
    return {m[1]: int(m[2]) for m in re.finditer(r"(Ann|Bob|Cat|Dan)\W+-?\d+\W+([+-]\d+)", out)}


def test_a_player_who_left_and_came_back_has_one_change_everywhere(run: Callable[..., Result], tmp_path: Path) -> None:
    assert run("table", "new", "fri", "-r", "modern-stops", "-p", "Ann,Bob,Cat,Dan").exit_code == 0
    play_hand(run, 1)
    play_hand(run, 2)
    took = json.loads(run("ledger", "show", "--json").stdout)["Bob"]
    assert run("table", "leave", "Bob").exit_code == 0
    assert run("table", "join", "Bob", "--counters", "10").exit_code == 0
    play_hand(run, 3)
    now = json.loads(run("ledger", "show", "--json").stdout)["Bob"]
    want = now + took - 60  # what he holds, plus what he took away, less the 50 and the 10 he brought

    shown = shown_changes(run)
    settled = json.loads(run("ledger", "settle", "--json").stdout)["nets"]
    stats = {p["player"]: p["net"] for p in json.loads(run("ledger", "stats", "--json").stdout)["players"]}
    export = tmp_path / "fri.json"
    assert run("ledger", "export", str(export)).exit_code == 0
    exported = json.loads(export.read_text(encoding="utf-8"))["totals"]["net"]
    assert shown["Bob"] == settled["Bob"] == stats["Bob"] == exported["Bob"] == want
    for name in ("Ann", "Cat", "Dan"):
        assert shown[name] == settled[name] == stats[name] == exported[name]


def test_a_later_matching_count_resolves_a_miscount(run: Callable[..., Result]) -> None:
    assert run("table", "new", "fri", "-r", "modern-stops", "-p", "Ann,Bob,Cat,Dan").exit_code == 0
    play_hand(run, 1)
    pope = json.loads(run("board", "--json").stdout)["pope"]
    ann = json.loads(run("ledger", "show", "--json").stdout)["Ann"]
    assert "MISMATCH" in run("count", "pope", str(pope + 3)).stderr
    bad = run("check")
    # a miscount is not damage: the journal is sound, the table disagrees with it (exit 3)
    assert bad.exit_code == 3 and "the count of pope" in bad.stderr and bad.stdout == ""
    assert run("count", "Ann", str(ann)).exit_code == 0  # another target resolves nothing
    assert run("check").exit_code == 3
    assert run("count", "pope", str(pope)).exit_code == 0
    good = run("check")
    assert good.exit_code == 0, good.stderr
    assert f"resolved: the count of pope was {pope + 3}" in good.stdout
    data = json.loads(run("check", "--json").stdout)
    assert data["ok"] is True and data["problems"] == []
    assert [r["target"] for r in data["resolved"]] == ["pope"]
    # a new miscount is reported again, the old one stays history
    run("count", "Bob", "999")
    again = run("check", "--json")
    assert again.exit_code == 3
    data = json.loads(again.stdout)
    assert data["ok"] is False and len(data["problems"]) == 1 and "Bob" in data["problems"][0]["message"]
    assert [r["target"] for r in data["resolved"]] == ["pope"]
    failing = run("check")
    assert failing.exit_code == 3 and failing.stdout == ""
    assert "resolved: the count of pope" in failing.stderr and "the count of Bob is 999" in failing.stderr
