"""The printed sources' keys (issue 29) through the commands: `rules new --from-source`, `check`, `show`,
`diff`, a table played by them, its journal, ledger, export and replay (docs/house-rules.md)."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import Cli, play_hand


def test_a_table_by_peel_and_foster_keeps_every_counter(run: Cli, tmp_path: Path) -> None:
    rules = tmp_path / "old-books.toml"
    run.ok("rules", "new", "--from", "modern-stops", "--from-source", "peel-pool", "--from-source", "foster",
           "-o", str(rules))
    assert "ok" in run.ok("rules", "check", str(rules)).stdout
    shown = " ".join(run.ok("rules", "show", str(rules)).stdout.split())
    assert "puts 1 counter on the board for each card left" in shown and "doubles that pot" in shown
    differ = run.json("rules", "diff", "modern-stops", str(rules))["differences"]
    assert {d["key"] for d in differ} >= {"turnup.pope_limit", "play.pope_stakes", "settle.losers_pay",
                                          "settle.unplayed_card"}
    assert "settle.losers_pay" in run.ok("rules", "diff", "modern-stops", str(rules)).stdout
    run.ok("table", "new", "books", "-r", str(rules), "-p", "Ann,Bob,Cat,Dan")
    for seed in range(1, 5):
        play_hand(run, seed)
    run.ok("check")
    export = tmp_path / "books.json"
    run.ok("ledger", "export", str(export))
    hands = json.loads(export.read_text(encoding="utf-8"))["hands"]
    fed = [f for h in hands for f in h.get("fed", [])]
    assert {f["for"] for f in fed} == {"cards", "unplayed"}
    deal = tmp_path / "deal.toml"
    run.ok("hand", "deal", "-r", str(rules), "-p", "Ann,Bob,Cat,Dan", "--seed", "1", "-o", str(deal))
    replay = " ".join(run.ok("hand", "replay", str(deal)).stdout.split())
    assert "Bob adds 6 counters to Pope: its card was left in hand." in replay
    assert "Ann puts 2 counters on the board for cards left: Pope 1, Matrimony 1." in replay
    run.ok("table", "new", "books-2", "--from", str(export))  # the export's fed payments add up on import
