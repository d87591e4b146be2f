"""Exports dated by when things happened (issue 24): a table played over two days, exported to hledger
and beancount, shows both days, passes the tools' strict checks, and balances as `ledger show` says."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import Cli, accounting_tool, play_hand, run_tool

DAY1 = "2026-12-01T21:04:05+01:00"
DAY2 = "2026-12-02T00:15:09+01:00"




def two_days(run: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POPEJOAN_NOW", DAY1)
    run.ok("table", "new", "fri", "-r", "modern-stops", "-p", "Ann,Bob,Cat,Dan")
    play_hand(run, 1)
    play_hand(run, 2)
    monkeypatch.setenv("POPEJOAN_NOW", DAY2)  # past midnight
    play_hand(run, 3)


def test_hledger_export_is_dated_by_day(run: Cli, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    two_days(run, monkeypatch)
    path = tmp_path / "fri.journal"
    run.ok("ledger", "export", str(path))
    text = path.read_text(encoding="utf-8")
    days = re.findall(r"^(\d{4}-\d\d-\d\d) \* hand (\d)", text, re.M)
    assert days == [("2026-12-01", "1"), ("2026-12-01", "2"), ("2026-12-02", "3")]
    assert "2026-01-01" not in text
    exe = accounting_tool("hledger")
    run_tool(exe, "-f", str(path), "check", "--strict")
    got = {m.group(2).strip(): int(m.group(1))
           for m in re.finditer(r"^\s*(-?\d+) CTR\s+(\S.*)$", run_tool(exe, "-f", str(path), "bal", "--flat",
                                                                     "--no-total", "players"), re.M)}
    assert got == {f"players:{n}": b for n, b in run.json("ledger", "show").items() if b}


def test_beancount_export_is_dated_by_day(run: Cli, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    two_days(run, monkeypatch)
    path = tmp_path / "fri.beancount"
    run.ok("ledger", "export", str(path))
    text = path.read_text(encoding="utf-8")
    assert re.findall(r'^(\d{4}-\d\d-\d\d) \* "hand (\d)', text, re.M) == [
        ("2026-12-01", "1"), ("2026-12-01", "2"), ("2026-12-02", "3")]
    assert "2026-12-02 balance" in text and "2026-12-03 balance" in text
    run_tool(accounting_tool("bean-check"), str(path))


def test_csv_toml_and_json_exports_say_when(run: Cli, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import csv
    import json
    import tomllib

    two_days(run, monkeypatch)
    run.ok("ledger", "export", str(tmp_path / "fri.csv"))
    rows = list(csv.DictReader((tmp_path / "fri.csv").read_text(encoding="utf-8").splitlines()))
    by_hand = {r["hand"]: (r["date"], r["at"]) for r in rows}
    assert by_hand == {"0": ("2026-12-01", DAY1), "1": ("2026-12-01", DAY1), "2": ("2026-12-01", DAY1),
                       "3": ("2026-12-02", DAY2)}
    run.ok("ledger", "export", str(tmp_path / "fri.toml"))
    run.ok("ledger", "export", str(tmp_path / "fri.json"))
    toml = tomllib.loads((tmp_path / "fri.toml").read_text(encoding="utf-8"))
    doc = json.loads((tmp_path / "fri.json").read_text(encoding="utf-8"))
    for got in (toml, doc):
        assert [(h["dealt_at"], h["ended_at"]) for h in got["hands"]] == [(DAY1, DAY1), (DAY1, DAY1), (DAY2, DAY2)]
    run.ok("table", "new", "sat", "--from", str(tmp_path / "fri.toml"))  # the dated export still imports


def test_a_journal_without_times_exports_as_before(run: Cli, monkeypatch: pytest.MonkeyPatch,
                                                   tmp_path: Path) -> None:
    from popejoan_cli.formats import exports
    from popejoan_cli.store import tables

    two_days(run, monkeypatch)
    view, _ = tables.view(tables.folder())
    view.times.clear()
    assert "dealt_at" not in exports.to_document(view)["hands"][0]
    assert {line.split(",")[-2:] == ["2026-01-01", ""] for line in exports.to_csv(view).splitlines()[1:]} == {True}
