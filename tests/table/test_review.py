"""The review of a hand that is over (`history --review N`, practice after each hand): each person's lead judged
from what their seat could see then, marked, with a lesson per mistake; refused while the hand is open."""

from __future__ import annotations

import json

import pytest

from conftest import Cli
from popejoan_cli.base.errors import RuleViolation, UsageError
from popejoan_cli.game.review import MARKS, mark_of
from popejoan_cli.store import tables
from popejoan_cli.table import moves
from popejoan_cli.table.review import review

MARK_WORDS = {"best", "forced", *(mark for _, mark in MARKS)}


def _play_out(cli: Cli) -> None:
    """Every lead the lowest legal card (the people's, and the computer's by itself after each command)."""
    for _ in range(80):
        view = tables.view(tables.folder())[0]
        led = moves.lowest(view)
        if led is None:
            return
        cli.ok("lead", led.card, "--by", led.player)


@pytest.fixture
def played(cli: Cli) -> Cli:
    cli.ok("table", "new", "rev", "--rules", "modern-stops", "--players", "Ann,Bob,Cat", "--computers", "1",
           "--level", "good")
    cli.ok("deal", "--seed", "12")
    _play_out(cli)
    return cli


def test_each_persons_lead_is_judged_and_no_computers(played: Cli) -> None:
    view = tables.view(tables.folder())[0]
    done = review(view, 1)
    assert done and {r.player for r in done} <= {"Ann", "Bob", "Cat"}
    for r in done:
        j = r.judged
        assert j.mark in MARK_WORDS and j.cost >= 0
        if j.mark in ("best", "forced"):  # the lead strong would make, or the only one: nothing lost
            assert j.best == j.card and j.cost == 0
        else:
            assert j.best != j.card and j.mark == mark_of(j.cost)
        assert (j.lesson is not None) == (j.mark in ("mistake", "blunder"))
    assert review(view, 1) == done  # the same journal, the same review
    assert [r.player for r in review(view, 1, ["Bob"])] == [r.player for r in done if r.player == "Bob"]


def test_the_lowest_card_every_time_is_not_always_best(played: Cli) -> None:
    """Leading the lowest card blindly costs something somewhere: the review finds more than "best" everywhere."""
    view = tables.view(tables.folder())[0]
    assert {r.judged.mark for r in review(view, 1)} - {"best", "forced"}


def test_a_hand_still_being_played_or_never_dealt_is_refused(cli: Cli) -> None:
    cli.ok("table", "new", "rev", "--rules", "modern-stops", "--players", "Ann,Bob,Cat")
    view = tables.view(tables.folder())[0]
    with pytest.raises(UsageError):
        review(view, 1)
    cli.ok("deal", "--seed", "3")
    view = tables.view(tables.folder())[0]
    with pytest.raises(RuleViolation, match="still being played"):
        review(view, 1)
    cli.fails(3, "history", "--review", "1", said=["hand 1 is still being played",
                                                   "its review would tell what the others hold"])
    cli.fails(2, "history", "--review", "7", said=["there is no hand 7 at this table", "hands 1 to 1"])


def test_history_review_at_the_command_line(played: Cli) -> None:
    played.columns = "80"
    said = played.ok("history", "--review", "1").stdout
    assert "Review of hand 1" in said and "strong's lead" in said
    assert all(len(line) <= 80 for line in said.splitlines())
    doc = played.json("history", "--review", "1")
    assert doc["hand"] == 1 and doc["leads"]
    assert {lead["mark"] for lead in doc["leads"]} <= MARK_WORDS
    assert all(lead["player"] != "Computer 1" for lead in doc["leads"])
    only = played.json("history", "--review", "1", "--player", "ann")  # a name in any case, as everywhere
    assert {lead["player"] for lead in only["leads"]} <= {"Ann"}
    played.fails(2, "history", "--player", "Ann", said=["give --review N too"])
    played.fails(2, "history", "--review", "1", "--player", "Zed", said=["no player 'Zed' at this table"])
    ru = played.ok("history", "--review", "1", POPEJOAN_LANG="ru").stdout
    assert "Разбор раздачи 1" in ru and "ход сильного" in ru
    assert json.loads(played.ok("history", "--review", "1", "--json", POPEJOAN_LANG="ru").stdout) == doc
