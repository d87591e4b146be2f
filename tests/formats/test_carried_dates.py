"""`table new --from` and `session new` carry the dates of the session they continue (issue 24).

The export's hands say when they were dealt and ended; the new table keeps that span in its
carried history (`HistoryCarried.dates`, an ISO 8601 interval) and says it when it opens. A time
that is not a date and time with its offset is refused at its place; an export without times
carries none, and its journal line has no `dates` at all (old journals read as before).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import Cli, play_hand
from popejoan_cli.store import tables

DAY1 = "2026-12-01T21:04:05+01:00"
DAY2 = "2026-12-02T00:15:09+01:00"


def _exported(run: Cli, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    monkeypatch.setenv("POPEJOAN_NOW", DAY1)
    run.ok("table", "new", "fri", "-r", "russian", "-p", "Ann,Bob,Cat")
    play_hand(run, 1)
    monkeypatch.setenv("POPEJOAN_NOW", DAY2)
    play_hand(run, 2)
    run.ok("end", "--seed", "3")
    path = tmp_path / "fri.json"
    run.ok("ledger", "export", str(path))
    return path


def _carried(folder: Path) -> dict[str, object]:
    for line in (folder / "journal.jsonl").read_text(encoding="utf-8").splitlines():
        event = json.loads(line)["event"]
        if event["type"] == "HistoryCarried":
            return dict(event)
    raise AssertionError("no HistoryCarried")


def test_the_dates_come_along(run: Cli, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    path = _exported(run, monkeypatch, tmp_path)
    out = run.ok("table", "new", "sat", "--from", str(path)).stdout
    assert "The session it continues was played 2026-12-01 21:04 – 2026-12-02 00:15." in out
    assert _carried(tables.folder())["dates"] == [f"{DAY1}/{DAY2}"]
    assert tables.view(tables.folder())[0].carried_history.dates == [f"{DAY1}/{DAY2}"]  # type: ignore[union-attr]
    run.ok("table", "use", "fri")
    assert "continues was played 2026-12-01" in run.ok("session", "new").stdout


def test_a_time_that_is_not_one_is_refused_at_its_place(run: Cli, monkeypatch: pytest.MonkeyPatch,
                                                       tmp_path: Path) -> None:
    path = _exported(run, monkeypatch, tmp_path)
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["hands"][1]["dealt_at"] = "tuesday night"
    path.write_text(json.dumps(doc), encoding="utf-8")
    err = run.fails(5, "table", "new", "sat", "--from", str(path))
    assert "hand 2.dealt_at" in err and "2026-12-01T21:04:05+01:00" in err


def test_an_export_without_times_carries_none(run: Cli, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    path = _exported(run, monkeypatch, tmp_path)
    doc = json.loads(path.read_text(encoding="utf-8"))
    for hand in doc["hands"]:
        hand.pop("dealt_at"), hand.pop("ended_at")
    doc["final"].pop("at")
    path.write_text(json.dumps(doc), encoding="utf-8")
    out = run.ok("table", "new", "sat", "--from", str(path)).stdout
    assert "was played" not in out and "dates" not in _carried(tables.folder())
