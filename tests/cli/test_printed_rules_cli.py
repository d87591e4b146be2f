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
    # Peel's variation dresses no pot but Game ("the dealer alone paying a single stake"): the Pope Bob still
    # holds is empty, so Foster's doubling adds nothing to it this first hand.
    assert "Bob adds" not in replay and "Bob still holds the Pope (9♦) and pays nothing for cards left." in replay
    assert "Ann puts 2 counters on the board for cards left: Pope 1, Matrimony 1." in replay
    run.ok("table", "new", "books-2", "--from", str(export))  # the export's fed payments add up on import


def test_the_pope_in_lieu_of_a_stop_through_the_journal(run: Cli, tmp_path: Path) -> None:
    """Peel's "Pope in lieu of a stop" at a table: its holder types `lead 9D --by NAME` after a stop, the
    journal keeps it as his lead, undo takes it back, and the fold replays it through the referee."""
    from popejoan_cli.store import autoplay, tables

    rules = tmp_path / "lieu.toml"
    rules.write_text('title = "Peel"\n[play]\npope_in_lieu = true\n', encoding="utf-8")
    assert "Whoever holds the Pope" not in run.ok("rules", "show", "modern-stops").stdout
    assert "may play it in place of the missing card" in " ".join(run.ok("rules", "show", str(rules)).stdout.split())
    run.ok("table", "new", "lieu", "-r", str(rules), "-p", "Ann,Bob,Cat,Dan")
    view = autoplay.deal(tables.folder(), 3)
    while (hand := view.open_hand.hand if view.open_hand else None) is not None and hand.law.lieu_seat() in (
            -1, hand.leader):
        view = autoplay.lead_lowest(tables.folder())  # the lowest leads, to a stop where a non-leader holds it
    assert hand is not None, "seed 3 gives a chance for the Pope in lieu"
    names = view.open_hand.players if view.open_hand else []
    holder, other = names[hand.law.lieu_seat()], next(n for k, n in enumerate(names)
                                                   if k not in (hand.leader, hand.law.lieu_seat()))
    assert "lead 9♦: it is" in run.fails(3, "lead", "9D", "--by", other)
    said = " ".join(run.ok("lead", "9D", "--by", holder).stdout.split())
    assert f"{holder} plays the Pope in lieu of" in said and f"{holder} wins Pope" in said
    run.ok("undo", "--yes")
    run.ok("lead", "9D", "--by", holder)
    run.ok("check")
