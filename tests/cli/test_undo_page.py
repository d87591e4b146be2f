"""`undo --yes` and a lead a player's page made a moment ago (issue 37, item 10).

A phone's lead can land a moment before the banker types `undo --yes`, who then meant their own command. The
journal marks a page's lead (`CardLed.page`, written only then), and undo names it and asks even when told
`--yes`; with nobody at a terminal to ask it refuses, exit 3, and nothing is undone. `--yes --page` says the page's
lead is meant. A page's lead older than `table.undo.RECENT` seconds is undone as any command.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from conftest import Cli
from popejoan_cli.game.cards import Card
from popejoan_cli.store import tables
from popejoan_cli.table import moves

THEN = "2026-12-01T21:04:05+01:00"


def page_lead(run: Cli) -> Path:
    """A table where Bob's first lead, A♠, came from his page at `THEN`."""
    run.ok("table", "new", "fri", "--rules", "modern-stops", "--players", "Ann,Bob,Cat,Dan", POPEJOAN_NOW=THEN)
    run.ok("deal", "--seed", "42", POPEJOAN_NOW=THEN)
    folder = next(p.parent for p in run.home.rglob("journal.jsonl"))
    old = dict(os.environ)
    os.environ.update(POPEJOAN_HOME=str(run.home), POPEJOAN_NOW=THEN)
    try:
        tables.record(lambda v: [moves.lead_by(v, "Bob", Card.parse("AS"), page=True)], where=folder)
    finally:
        os.environ.clear()
        os.environ.update(old)
    return folder


def test_a_page_lead_a_moment_ago_is_not_undone_by_a_blind_yes(run: Cli) -> None:
    folder = page_lead(run)
    journal = (folder / "journal.jsonl").read_text(encoding="utf-8").splitlines()
    assert json.loads(journal[-1])["event"] == {"card": "AS", "page": True, "player": "Bob", "type": "CardLed"}
    res = run("undo", "--yes", POPEJOAN_NOW="2026-12-01T21:04:09+01:00")
    assert res.exit_code == 3, res.stderr
    assert "Bob led A♠ from their page 4 seconds ago." in res.stderr
    assert "a player's page made that lead a moment ago: nothing was undone" in res.stderr
    assert "popejoan undo --yes --page" in res.stderr
    assert (folder / "journal.jsonl").read_text(encoding="utf-8").splitlines() == journal  # nothing recorded
    said = run.ok("undo", "--yes", "--page", POPEJOAN_NOW="2026-12-01T21:04:09+01:00").stdout
    assert "Undone: Bob's lead A♠" in said


def test_an_older_page_lead_and_a_command_lines_lead_are_undone_as_any_command(run: Cli) -> None:
    page_lead(run)
    assert "Undone: Bob's lead A♠" in run.ok("undo", "--yes", POPEJOAN_NOW="2026-12-01T21:05:05+01:00").stdout
    run.ok("lead", "AS", POPEJOAN_NOW=THEN)  # typed at the command line: no mark, no question
    assert "Undone: Bob's lead A♠" in run.ok("undo", "--yes", POPEJOAN_NOW=THEN).stdout


def test_the_question_in_russian(run: Cli) -> None:
    page_lead(run)
    res = run("undo", "--yes", POPEJOAN_NOW="2026-12-01T21:04:06+01:00", POPEJOAN_LANG="ru")
    assert res.exit_code == 3
    assert "со своей страницы 1 секунду назад" in res.stderr and "ничего не отменено" in res.stderr
