"""Every command that states a player's change over the session states the same number."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from conftest import Cli, play_hand


@pytest.fixture
def run(cli: Cli) -> Cli:
    """conftest's `cli`, 120 columns wide (the ledger's Change column is read from the table)."""
    return Cli(cli.home, columns="120")


def shown_changes(run: Cli) -> dict[str, int]:
    """The Change column of `ledger show`, by player."""
    out = run.ok("ledger", "show").stdout
    return {m[1]: int(m[2]) for m in re.finditer(r"(Ann|Bob|Cat|Dan)\W+-?\d+\W+([+-]\d+)", out)}


def test_a_player_who_left_and_came_back_has_one_change_everywhere(run: Cli, tmp_path: Path) -> None:
    run.ok("table", "new", "fri", "-r", "modern-stops", "-p", "Ann,Bob,Cat,Dan")
    play_hand(run, 1)
    play_hand(run, 2)
    took = run.json("ledger", "show")["Bob"]
    run.ok("table", "leave", "Bob")
    run.ok("table", "join", "Bob", "--counters", "10")
    play_hand(run, 3)
    now = run.json("ledger", "show")["Bob"]
    want = now + took - 60  # what he holds, plus what he took away, less the 50 and the 10 he brought

    shown = shown_changes(run)
    settled = run.json("ledger", "settle")["nets"]
    stats = {p["player"]: p["net"] for p in run.json("ledger", "stats")["players"]}
    export = tmp_path / "fri.json"
    run.ok("ledger", "export", str(export))
    exported = json.loads(export.read_text(encoding="utf-8"))["totals"]["net"]
    assert shown["Bob"] == settled["Bob"] == stats["Bob"] == exported["Bob"] == want
    for name in ("Ann", "Cat", "Dan"):
        assert shown[name] == settled[name] == stats[name] == exported[name]


def test_a_later_matching_count_resolves_a_miscount(run: Cli) -> None:
    run.ok("table", "new", "fri", "-r", "modern-stops", "-p", "Ann,Bob,Cat,Dan")
    play_hand(run, 1)
    pope = run.json("board")["pope"]
    ann = run.json("ledger", "show")["Ann"]
    assert "MISMATCH" in run("count", "pope", str(pope + 3)).stderr
    bad = run("check")  # a report of problems, not one message: not `run.fails`
    # a miscount is not damage: the journal is sound, the table disagrees with it (exit 3)
    assert bad.exit_code == 3 and "the count of pope" in bad.stderr and bad.stdout == ""
    run.ok("count", "Ann", str(ann))  # another target resolves nothing
    assert run("check").exit_code == 3
    run.ok("count", "pope", str(pope))
    good = run.ok("check")
    assert f"resolved: the count of pope was {pope + 3}" in good.stdout
    data = run.json("check")
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
