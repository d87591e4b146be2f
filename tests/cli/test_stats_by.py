"""`ledger stats`: the final clearing deal is a deal, the won column says counters, and `--by month|session`
groups the standings by when the hands were dealt or by session (issue 24)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from conftest import Cli, play_hand
from popejoan_cli.store import journal, tables


def test_the_final_deal_counts_for_its_dealer_and_the_won_column_says_counters(run: Cli, tmp_path: Path) -> None:
    run.ok("table", "new", "fri", "-r", "russian", "-p", "Ann,Bob,Cat,Dan")
    play_hand(run, 1)
    play_hand(run, 2)
    run.ok("end", "--seed", "3")
    history = run.json("history")
    dealt = {name: sum(h["dealer"] == name for h in history["hands"]) for name in ("Ann", "Bob", "Cat", "Dan")}
    dealt[history["final"]["dealer"]] += 1
    stats = run.json("ledger", "stats")
    assert {p["player"]: p["dealt"] for p in stats["players"]} == dealt
    shown = run.ok("ledger", "stats", COLUMNS="120").stdout
    assert "Counters won" in shown and "Pots won" not in shown
    # Continued from its export on another laptop, the season's standings are the same.
    export = tmp_path / "fri.toml"
    run.ok("ledger", "export", str(export))
    shutil.rmtree(tables.folder())
    run.ok("table", "new", "sat", "--from", str(export))
    assert run.json("ledger", "stats")["players"] == stats["players"]
    # The export dated fri, all in December: its standings are December's, not undated.
    assert [g["group"] for g in run.json("ledger", "stats", "--by", "month")["groups"]] == ["2026-12"]


NOV = "2026-11-30T23:50:00+01:00"
DEC = "2026-12-01T00:10:00+01:00"
LATER = "2026-12-08T20:00:00+01:00"


def two_sessions_over_two_months(run: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    """fri: hand 1 in November, hand 2 and the final deal just after midnight; fri-s2: hand 3 a week later."""
    monkeypatch.setenv("POPEJOAN_NOW", NOV)
    run.ok("table", "new", "fri", "-r", "russian", "-p", "Ann,Bob,Cat")
    play_hand(run, 1)
    monkeypatch.setenv("POPEJOAN_NOW", DEC)
    play_hand(run, 2)
    run.ok("end", "--seed", "4")
    run.ok("session", "new")
    monkeypatch.setenv("POPEJOAN_NOW", LATER)
    play_hand(run, 3)


def totals(groups: list[dict[str, Any]], key: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for g in groups:
        for p in g["players"]:
            out[p["player"]] = out.get(p["player"], 0) + p[key]
    return out


def test_stats_by_month_and_by_session_add_up_to_the_season(run: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    two_sessions_over_two_months(run, monkeypatch)
    season = {p["player"]: p for p in run.json("ledger", "stats")["players"]}
    for by, labels in (("month", ["2026-11", "2026-12"]), ("session", ["fri", "fri-s2"])):
        doc = run.json("ledger", "stats", "--by", by)
        assert doc["by"] == by and doc["sessions"] == ["fri", "fri-s2"]
        assert [g["group"] for g in doc["groups"]] == labels
        for key in ("hands", "net", "first_out", "dealt"):
            assert totals(doc["groups"], key) == {name: p[key] for name, p in season.items()}, (by, key)
    november = run.json("ledger", "stats", "--by", "month")["groups"][0]["players"]
    assert [p["hands"] for p in november] == [1, 1, 1] and sum(p["dealt"] for p in november) == 1
    tonight = run.json("ledger", "stats", "--session", "--by", "session")
    assert [g["group"] for g in tonight["groups"]] == ["fri-s2"]
    shown = run.ok("ledger", "stats", "--by", "MONTH").stdout
    assert shown.startswith("Standings by month over 2 sessions: fri, fri-s2\n")
    assert "2026-11" in shown and "2026-12" in shown and "Counters won" in shown


def test_hands_without_a_time_are_undated(run: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    """A journal written before popejoan kept times (its lines as that writer wrote them), then a dated hand."""
    run.ok("table", "new", "old", "-r", "modern-stops", "-p", "Ann,Bob,Cat")
    play_hand(run, 1)
    folder = tables.folder()
    events = journal.load(folder).events
    (folder / journal.JOURNAL).write_bytes(b"".join(journal.encode(seq, e) for seq, e in events))
    monkeypatch.setenv("POPEJOAN_NOW", DEC)
    play_hand(run, 2)
    groups = run.json("ledger", "stats", "--by", "month")["groups"]
    assert [(g["group"], [p["hands"] for p in g["players"]]) for g in groups] == [("undated", [1, 1, 1]),
                                                                                   ("2026-12", [1, 1, 1])]
    assert "undated (no time recorded)" in run.ok("ledger", "stats", "--by", "month").stdout


def test_an_unknown_grouping_is_a_usage_error_naming_the_allowed_words(run: Cli) -> None:
    run.ok("table", "new", "fri", "-r", "modern-stops", "-p", "Ann,Bob,Cat")
    said = run.fails(2, "ledger", "stats", "--by", "week", said=("`month`", "`session`", "'week'"))
    assert len(said.splitlines()) == 1
