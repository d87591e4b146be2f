"""`ledger stats`: the final clearing deal is a deal, the won column says counters, and `--by month|session`
groups the standings by when the hands were dealt or by session (issue 24)."""

from __future__ import annotations

import shutil
from pathlib import Path

from conftest import Cli, play_hand
from popejoan_cli.store import tables


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
