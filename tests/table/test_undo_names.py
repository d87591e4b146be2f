"""Undo in the table's words, what it never takes back, names typed any way, and usage errors
as one plain message. Driven through the real CLI (conftest's `Cli`) in an isolated home folder."""

from __future__ import annotations

from pathlib import Path
from typing import TypedDict, cast

import pytest

from conftest import Cli
from popejoan_cli.base.errors import DataError
from popejoan_cli.store import journal, tables
from popejoan_cli.table.events import EventVoided
from popejoan_cli.table.fold import replay

BOXED = ("╭", "│", "Usage:")
"""What a usage error must not show (beyond what `Cli.fails` checks): Click's box and usage text."""


def counters(run: Cli, *args: str) -> dict[str, int]:
    """`ledger show` or `board` as JSON: player or pot -> counters, in the order shown."""
    data = run.json(*args)
    assert isinstance(data, dict) and all(isinstance(v, int) for v in data.values()), data
    return data


class Played(TypedDict):
    """A play as docs/hand-json.md writes it."""

    seat: str
    card: str
    lead: bool


class HistoryHand(TypedDict):
    """A hand of `history --json`: the hand JSON (docs/hand-json.md) and its number; the fields read here."""

    hand: int
    plays: list[Played]


class History(TypedDict):
    hands: list[HistoryHand]


def history(run: Cli) -> History:
    return cast(History, run.json("history"))  # its shape: docs/hand-json.md, a list under "hands"


def lead_lowest(run: Cli) -> None:
    """The leader's lowest legal lead (`table.moves.lowest`), through the CLI."""
    run.lead_lowest(tables.folder(), by=True)


def play_hand(run: Cli, seed: int) -> None:
    run.ok("deal", "--seed", str(seed))
    while tables.view(tables.folder())[0].open_hand is not None:
        lead_lowest(run)


# ------------------------------------------------------------------------ the opening stays
def test_undo_never_takes_back_a_sessions_carried_balances(run: Cli, tmp_path: Path) -> None:
    run.ok("table", "new", "fri", "-r", "modern-stops", "-p", "Ann,Bob,Cat,Dan")
    play_hand(run, 1)
    run.ok("end")
    balances, board = counters(run, "ledger", "show"), counters(run, "board")
    assert sum(board.values()) > 0
    said = run.ok("session", "new").stdout
    assert said.count("'fri'") == 1, said  # "Table 'fri-s2' continues 'fri' as session 2", not twice
    journal_before = (tables.folder() / "journal.jsonl").read_bytes()
    err = run.fails(3, "undo", "--yes", said=("nothing can be undone here", "carried on from 'fri'", "never undone"))
    assert not any(junk in err for junk in BOXED), err
    assert (tables.folder() / "journal.jsonl").read_bytes() == journal_before
    assert run.json("ledger", "show") == balances and run.json("board") == board
    assert run.ok("check").stdout.startswith("ok:")

    export = tmp_path / "fri.toml"
    run.ok("ledger", "export", str(export))
    run.ok("table", "new", "elsewhere", "--from", str(export))
    err = run.fails(3, "undo", "--yes", said=("opening",))
    assert not any(junk in err for junk in BOXED), err
    assert run.json("ledger", "show") == balances and run.json("board") == board
    assert run.ok("check").stdout.startswith("ok:")


def test_a_journal_that_voids_the_opening_is_damage(run: Cli) -> None:
    run.ok("table", "new", "fri", "-r", "modern-stops", "-p", "Ann,Bob,Cat,Dan")
    events = list(journal.load(tables.folder()).events)
    for target in (1,):
        with pytest.raises(DataError, match="opening"):
            replay([*events, (len(events) + 1, EventVoided(seq=target))])


# ------------------------------------------------------------------------ undo in words
def test_undo_takes_back_a_lead_with_its_follows_in_words(run: Cli) -> None:
    run.ok("table", "new", "fri", "-r", "modern-stops", "-p", "Ann,Bob,Cat,Dan")
    run.ok("deal", "--seed", "42")
    run.ok("lead", "AS")  # Bob leads A♠; popejoan plays Ann's 2♠ and stops
    before = history(run)["hands"][0]["plays"]
    assert [p["card"] for p in before] == ["AS", "2S"]
    res = run.ok("undo", "--yes")
    assert res.stderr == "Undo:\n  Bob's lead A♠, and Ann's 2♠ that followed\n"
    assert res.stdout == ("Undone: Bob's lead A♠, and Ann's 2♠ that followed.\n"
                          "Bob leads. Each player sees their own hand with `popejoan hand show NAME`.\n")
    assert history(run)["hands"][0]["plays"] == []
    # the deal is one command too; while the hand is open its seed stays secret
    res = run("undo", input="n\n")
    assert res.exit_code == 0 and "the deal of hand 1 by Ann" in res.stderr
    assert "42" not in res.stderr and "HandDealt" not in res.stderr and "seed" not in res.stderr


def test_undo_hand_takes_back_the_whole_hand(run: Cli) -> None:
    run.ok("table", "new", "fri", "-r", "modern-stops", "-p", "Ann,Bob,Cat,Dan")
    play_hand(run, 1)
    after_one = run.json("ledger", "show"), run.json("board")
    run.ok("deal", "--seed", "42")
    lead_lowest(run)
    lead_lowest(run)
    res = run.ok("undo", "--hand", "--yes")
    assert "the deal of hand 2 by Bob" in res.stderr and "Undone: 3 commands." in res.stdout
    assert (run.json("ledger", "show"), run.json("board")) == after_one
    assert len(history(run)["hands"]) == 1
    assert run.ok("check").stdout.startswith("ok:")
    err = run.fails(3, "undo", "--hand", "--yes", said=("no hand is being played",))
    assert not any(junk in err for junk in BOXED), err


def test_no_answer_to_undo_is_no(run: Cli) -> None:
    run.ok("table", "new", "fri", "-r", "modern-stops", "-p", "Ann,Bob,Cat,Dan")
    run.ok("deal", "--seed", "42")
    before = (tables.folder() / "journal.jsonl").read_bytes()
    res = run("undo", input="")
    assert res.exit_code == 0, (res.stdout, res.stderr)
    assert "Nothing was undone." in res.stderr and "Aborted" not in res.stderr + res.stdout
    assert (tables.folder() / "journal.jsonl").read_bytes() == before


# ------------------------------------------------------------------------ names
@pytest.mark.parametrize("players", ["Ann,ann,Bob", "Ann,\u0410nn,Bob", "Ann,Bob,ＡＮＮ"])
def test_names_that_look_alike_are_refused(run: Cli, players: str) -> None:
    err = run.fails(2, "table", "new", "fri", "-r", "modern-stops", "-p", players, said=("look alike",))
    assert not any(junk in err for junk in BOXED), err


def test_a_joining_player_who_looks_like_one_seated_is_refused(run: Cli) -> None:
    run.ok("table", "new", "fri", "-r", "modern-stops", "-p", "Ann,Bob,Zoe", "-c", "30")
    err = run.fails(2, "table", "join", "zoe", said=("look alike",))
    assert not any(junk in err for junk in BOXED), err
    res = run.ok("table", "join", "Eve")
    assert "Eve joins with 30 counters" in res.stdout  # the table's starting counters
    assert run.json("ledger", "show") == {"Ann": 30, "Bob": 30, "Zoe": 30, "Eve": 30}
    res = run.ok("undo", "--yes")
    assert "Eve joining with 30 counters" in res.stderr


def test_typed_names_match_any_case(run: Cli) -> None:
    run.ok("table", "new", "fri", "-r", "modern-stops", "-p", "Harold,Bob,Cat,Dan")
    run.ok("deal", "--seed", "42")
    shown = run.json("hand", "show", "harold")
    assert isinstance(shown, dict) and shown["player"] == "Harold"
    board = counters(run, "board")
    res = run.ok("count", "first out", str(board["game"]))
    assert "as the journal says" in res.stdout
    run.ok("count", "POPE", str(board["pope"]))
    run.ok("count", "harold", str(counters(run, "ledger", "show")["Harold"]))
    lead_lowest(run)
    res = run("claim", "bob", "FIRST OUT")
    assert "no pot" not in res.stderr and "no player" not in res.stderr, res.stderr
    run.ok("undo", "--hand", "--yes")
    run.ok("table", "leave", "dan")
    assert list(counters(run, "ledger", "show")) == ["Harold", "Bob", "Cat"]


# ------------------------------------------------------------------------ usage errors
@pytest.mark.parametrize("args", [("table", "show"), ("undo", "-1"), ("count", "pope", "abc"), ("help",)])
def test_usage_errors_are_one_plain_message(run: Cli, args: tuple[str, ...]) -> None:
    run.ok("table", "new", "fri", "-r", "modern-stops", "-p", "Ann,Bob,Cat,Dan")
    err = run.fails(2, *args)
    assert not any(junk in err for junk in BOXED), err


def test_usage_error_names_the_nearest_command(run: Cli) -> None:
    err = run.fails(2, "bord", said=("board",))
    assert not any(junk in err for junk in BOXED), err


def test_h_is_help_and_table_may_follow_the_command(run: Cli, tmp_path: Path) -> None:
    assert "Usage" in run.ok("-h").stdout
    assert "Usage" in run.ok("board", "-h").stdout
    run.ok("table", "new", "fri", "-r", "modern-stops", "-p", "Ann,Bob,Cat,Dan")
    run.ok("table", "new", "sat", "-r", "modern-stops", "-p", "Eve,Fay,Gus")
    fri = tables.tables_dir() / "fri"
    assert list(counters(run, "ledger", "show", "--table", str(fri))) == ["Ann", "Bob", "Cat", "Dan"]
    assert list(counters(run, "ledger", "show")) == ["Eve", "Fay", "Gus"]
    assert run.json("table", "path") == {"path": str(tables.tables_dir() / "sat")}


# ------------------------------------------------------------------------ hints
def test_hints_point_to_the_right_command(run: Cli) -> None:
    run.ok("table", "new", "fri", "-r", "modern-stops", "-p", "Ann,Bob,Cat,Dan")
    res = run.ok("deal", "--real", "--turnup", "8H")
    assert "hand show" not in res.stdout
    board = run.ok("board").stdout
    assert "popejoan play" in board and "popejoan lead" not in board
    run.ok("undo", "--yes")
    run.ok("end")
    err = run.fails(3, "end", said=("session new",))
    assert not any(junk in err for junk in BOXED), err
