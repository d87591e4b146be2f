"""The leader's choice under Peel's Pope in lieu of a stop, at the command line and in the journal (issue 36).

`lead 9D` by the leader where the Pope may stand in for the last stop's card plays it in lieu, as before;
`lead 9D --ordinary` leads it as any other card. The journal keeps the choice (`"ordinary": true`, written
only then), so the fold replays the same hand, and `undo` takes it back like any lead.
"""

from __future__ import annotations

import json
from pathlib import Path

from conftest import Cli

RULES = """title = "Peel's Pope in lieu"
[deal]
spare_hand = true
turnup = "out-of-play"
[play]
lead = "any"
follow = "holder"
pope_in_lieu = true
"""


def table(run: Cli, tmp_path: Path) -> None:
    rules = tmp_path / "peel.toml"
    rules.write_text(RULES, encoding="utf-8")
    run.ok("table", "new", "peel", "-r", str(rules), "-p", "Ann,Bob,Cat,Dan")
    run.ok("deal", "--seed", "1")
    run.ok("lead", "AH")  # Ann deals; the run stops at 4♥ (5♥ in the spare hand): Bob leads again, holding the Pope


def test_the_leader_leads_the_pope_as_an_ordinary_lead_and_the_journal_keeps_it(run: Cli, tmp_path: Path) -> None:
    table(run, tmp_path)
    said = " ".join(run.ok("lead", "9D", "--ordinary").stdout.split())
    assert "in lieu" not in said and "10♦" in said
    plays = run.json("history")["hands"][0]["plays"]
    assert {"seat": "Bob", "card": "9D", "lead": True} in plays and plays[5]["card"] == "10D"
    journal = next(run.home.rglob("journal.jsonl")).read_text(encoding="utf-8")
    led = [e for line in journal.splitlines() if (e := json.loads(line)["event"]).get("card") == "9D"]
    assert led == [{"card": "9D", "ordinary": True, "player": "Bob", "type": "CardLed"}]
    run.ok("check")
    run.ok("undo", "--yes")
    said = " ".join(run.ok("lead", "9D").stdout.split())  # now in lieu of 5♥
    assert "Bob plays the Pope in lieu of 5♥" in said
    pope = next(p for p in run.json("history")["hands"][0]["plays"] if p["card"] == "9D")
    assert pope == {"seat": "Bob", "card": "9D", "lead": False, "in_lieu_of": "5H"}


def test_only_the_leader_may_lead_the_pope_as_an_ordinary_lead(run: Cli, tmp_path: Path) -> None:
    table(run, tmp_path)
    assert "it is Bob's lead" in run.fails(3, "lead", "9D", "--by", "Cat", "--ordinary")
