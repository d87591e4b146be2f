"""`history` tells when each hand was dealt, and shows the final clearing deal (issue 24)."""

from __future__ import annotations

import pytest

from conftest import NOW, Cli, play_hand

DAY2 = "2026-12-02T20:15:09+01:00"


def two_days(run: Cli, monkeypatch: pytest.MonkeyPatch, rules: str = "modern-stops") -> None:
    run.ok("table", "new", "fri", "-r", rules, "-p", "Ann,Bob,Cat,Dan")
    play_hand(run, 1)
    monkeypatch.setenv("POPEJOAN_NOW", DAY2)
    play_hand(run, 2)


def test_history_json_gives_each_hands_deal_and_end(run: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    two_days(run, monkeypatch)
    run.ok("deal", "--seed", "3")
    hands = run.json("history")["hands"]
    assert [(h["dealt_at"], h["ended_at"]) for h in hands] == [(NOW, NOW), (DAY2, DAY2), (DAY2, None)]
    assert "final" not in run.json("history")


def test_history_shows_the_time_and_each_new_day(run: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    two_days(run, monkeypatch)
    out = run.ok("history").stdout
    assert "hand by hand, 2026-12-01 – 2026-12-02" in out
    cells = [line.split("│")[1].strip() for line in out.splitlines() if line.startswith("│")]
    assert [c for c in cells if c] == ["1", "21:04", "2", "12-02 20:15"]
    assert max(len(line) for line in run.ok("history", COLUMNS="80").stdout.splitlines()) <= 80


def test_the_final_clearing_deal_is_a_row_of_the_history(run: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    two_days(run, monkeypatch, rules="russian")
    monkeypatch.setenv("POPEJOAN_NOW", "2026-12-02T23:59:00+01:00")
    run.ok("end")
    doc = run.json("history")
    final = doc["final"]
    assert final["dealt_at"] == "2026-12-02T23:59:00+01:00"
    assert final["awards"] and sum(a["amount"] for a in final["awards"]) == sum(final["net"].values())
    assert set(final["net"]) == {"Ann", "Bob", "Cat", "Dan"} and "pope" in final["board"]
    shown = run.ok("history", COLUMNS="200").stdout
    row = next(line for line in shown.splitlines() if line.startswith("│ final"))
    award = final["awards"][0]
    assert award["player"] in row and str(award["amount"]) in row
