"""Undo in the table's words, what it never takes back, names typed any way, and usage errors
as one plain message. Driven through the real CLI (CliRunner) in an isolated home folder."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import TypedDict, cast

import pytest
from typer.testing import CliRunner, Result

from popejoan_cli.base.errors import DataError
from popejoan_cli.cli import app
from popejoan_cli.store import journal, tables
from popejoan_cli.table import moves
from popejoan_cli.table.events import EventVoided
from popejoan_cli.table.fold import replay

Run = Callable[..., Result]


@pytest.fixture
def run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Run:
    monkeypatch.delenv("POPEJOAN_TABLE", raising=False)
    monkeypatch.setenv("POPEJOAN_HOME", str(tmp_path / "home"))
    env = {"POPEJOAN_HOME": str(tmp_path / "home"), "NO_COLOR": "1", "COLUMNS": "100", "TERM": "dumb"}

    def go(*args: str, input: str | None = None) -> Result:
        return CliRunner().invoke(app, list(args), env=env, input=input)

    return go


def ok(res: Result) -> Result:
    assert res.exit_code == 0, (res.exit_code, res.stdout, res.stderr, res.exception)
    return res


def one_message(res: Result, code: int, *fragments: str) -> str:
    """A failure for people: its exit code, one plain `popejoan:` message, no box, no traceback."""
    assert res.exit_code == code, (res.exit_code, res.stdout, res.stderr, res.exception)
    assert res.stderr.startswith("popejoan: "), res.stderr
    for junk in ("╭", "│", "Traceback", "Usage:"):
        assert junk not in res.stderr, res.stderr
    for f in fragments:
        assert f in res.stderr, (f, res.stderr)
    return res.stderr


def js(run: Run, *args: str) -> object:
    return json.loads(ok(run(*args, "--json")).stdout)


def counters(run: Run, *args: str) -> dict[str, int]:
    """`ledger show` or `board` as JSON: player or pot -> counters, in the order shown."""
    data = js(run, *args)
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


def history(run: Run) -> History:
    return cast(History, js(run, "history"))  # its shape: docs/hand-json.md, a list under "hands"


def lead_lowest(run: Run) -> None:
    """The leader's lowest legal lead (`table.moves.lowest`), through the CLI."""
    led = moves.lowest(tables.view(tables.folder())[0])
    assert led is not None
    ok(run("lead", led.card, "--by", led.player))


def play_hand(run: Run, seed: int) -> None:
    ok(run("deal", "--seed", str(seed)))
    while tables.view(tables.folder())[0].open_hand is not None:
        lead_lowest(run)


# ------------------------------------------------------------------------ the opening stays
def test_undo_never_takes_back_a_sessions_carried_balances(run: Run, tmp_path: Path) -> None:
    ok(run("table", "new", "fri", "-r", "modern-stops", "-p", "Ann,Bob,Cat,Dan"))
    play_hand(run, 1)
    ok(run("end"))
    balances, board = counters(run, "ledger", "show"), counters(run, "board")
    assert sum(board.values()) > 0
    said = ok(run("session", "new")).stdout
    assert said.count("'fri'") == 1, said  # "Table 'fri-s2' continues 'fri' as session 2", not twice
    journal_before = (tables.folder() / "journal.jsonl").read_bytes()
    one_message(run("undo", "--yes"), 3, "nothing can be undone here", "carried on from 'fri'", "never undone")
    assert (tables.folder() / "journal.jsonl").read_bytes() == journal_before
    assert js(run, "ledger", "show") == balances and js(run, "board") == board
    assert ok(run("check")).stdout.startswith("ok:")

    export = tmp_path / "fri.toml"
    ok(run("ledger", "export", str(export)))
    ok(run("table", "new", "elsewhere", "--from", str(export)))
    one_message(run("undo", "--yes"), 3, "opening")
    assert js(run, "ledger", "show") == balances and js(run, "board") == board
    assert ok(run("check")).stdout.startswith("ok:")


def test_a_journal_that_voids_the_opening_is_damage(run: Run) -> None:
    ok(run("table", "new", "fri", "-r", "modern-stops", "-p", "Ann,Bob,Cat,Dan"))
    events = list(journal.load(tables.folder()).events)
    for target in (1,):
        with pytest.raises(DataError, match="opening"):
            replay([*events, (len(events) + 1, EventVoided(seq=target))])


# ------------------------------------------------------------------------ undo in words
def test_undo_takes_back_a_lead_with_its_follows_in_words(run: Run) -> None:
    ok(run("table", "new", "fri", "-r", "modern-stops", "-p", "Ann,Bob,Cat,Dan"))
    ok(run("deal", "--seed", "42"))
    ok(run("lead", "AS"))  # Bob leads A♠; popejoan plays Ann's 2♠ and stops
    before = history(run)["hands"][0]["plays"]
    assert [p["card"] for p in before] == ["AS", "2S"]
    res = ok(run("undo", "--yes"))
    assert res.stderr == "Undo:\n  Bob's lead A♠, and Ann's 2♠ that followed\n"
    assert res.stdout == "Undone: 1 command.\n"
    assert history(run)["hands"][0]["plays"] == []
    # the deal is one command too; while the hand is open its seed stays secret
    res = run("undo", input="n\n")
    assert res.exit_code == 0 and "the deal of hand 1 by Ann" in res.stderr
    assert "42" not in res.stderr and "HandDealt" not in res.stderr and "seed" not in res.stderr


def test_undo_hand_takes_back_the_whole_hand(run: Run) -> None:
    ok(run("table", "new", "fri", "-r", "modern-stops", "-p", "Ann,Bob,Cat,Dan"))
    play_hand(run, 1)
    after_one = js(run, "ledger", "show"), js(run, "board")
    ok(run("deal", "--seed", "42"))
    lead_lowest(run)
    lead_lowest(run)
    res = ok(run("undo", "--hand", "--yes"))
    assert "the deal of hand 2 by Bob" in res.stderr and "Undone: 3 commands." in res.stdout
    assert (js(run, "ledger", "show"), js(run, "board")) == after_one
    assert len(history(run)["hands"]) == 1
    assert ok(run("check")).stdout.startswith("ok:")
    one_message(run("undo", "--hand", "--yes"), 3, "no hand is being played")


def test_no_answer_to_undo_is_no(run: Run) -> None:
    ok(run("table", "new", "fri", "-r", "modern-stops", "-p", "Ann,Bob,Cat,Dan"))
    ok(run("deal", "--seed", "42"))
    before = (tables.folder() / "journal.jsonl").read_bytes()
    res = run("undo", input="")
    assert res.exit_code == 0, (res.stdout, res.stderr)
    assert "Nothing was undone." in res.stderr and "Aborted" not in res.stderr + res.stdout
    assert (tables.folder() / "journal.jsonl").read_bytes() == before


# ------------------------------------------------------------------------ names
@pytest.mark.parametrize("players", ["Ann,ann,Bob", "Ann,\u0410nn,Bob", "Ann,Bob,ＡＮＮ"])
def test_names_that_look_alike_are_refused(run: Run, players: str) -> None:
    one_message(run("table", "new", "fri", "-r", "modern-stops", "-p", players), 2, "look alike")


def test_a_joining_player_who_looks_like_one_seated_is_refused(run: Run) -> None:
    ok(run("table", "new", "fri", "-r", "modern-stops", "-p", "Ann,Bob,Zoe", "-c", "30"))
    one_message(run("table", "join", "zoe"), 2, "look alike")
    res = ok(run("table", "join", "Eve"))
    assert "Eve joins with 30 counters" in res.stdout  # the table's starting counters
    assert js(run, "ledger", "show") == {"Ann": 30, "Bob": 30, "Zoe": 30, "Eve": 30}
    res = ok(run("undo", "--yes"))
    assert "Eve joining with 30 counters" in res.stderr


def test_typed_names_match_any_case(run: Run) -> None:
    ok(run("table", "new", "fri", "-r", "modern-stops", "-p", "Harold,Bob,Cat,Dan"))
    ok(run("deal", "--seed", "42"))
    shown = js(run, "hand", "show", "harold")
    assert isinstance(shown, dict) and shown["player"] == "Harold"
    board = counters(run, "board")
    res = ok(run("count", "first out", str(board["game"])))
    assert "as the journal says" in res.stdout
    ok(run("count", "POPE", str(board["pope"])))
    ok(run("count", "harold", str(counters(run, "ledger", "show")["Harold"])))
    lead_lowest(run)
    res = run("claim", "bob", "FIRST OUT")
    assert "no pot" not in res.stderr and "no player" not in res.stderr, res.stderr
    ok(run("undo", "--hand", "--yes"))
    ok(run("table", "leave", "dan"))
    assert list(counters(run, "ledger", "show")) == ["Harold", "Bob", "Cat"]


# ------------------------------------------------------------------------ usage errors
@pytest.mark.parametrize("args", [("table", "show"), ("undo", "-1"), ("count", "pope", "abc"), ("help",)])
def test_usage_errors_are_one_plain_message(run: Run, args: tuple[str, ...]) -> None:
    ok(run("table", "new", "fri", "-r", "modern-stops", "-p", "Ann,Bob,Cat,Dan"))
    res = run(*args)
    one_message(res, 2)
    assert res.stdout == ""


def test_usage_error_names_the_nearest_command(run: Run) -> None:
    one_message(run("bord"), 2, "board")


def test_h_is_help_and_table_may_follow_the_command(run: Run, tmp_path: Path) -> None:
    assert "Usage" in ok(run("-h")).stdout
    assert "Usage" in ok(run("board", "-h")).stdout
    ok(run("table", "new", "fri", "-r", "modern-stops", "-p", "Ann,Bob,Cat,Dan"))
    ok(run("table", "new", "sat", "-r", "modern-stops", "-p", "Eve,Fay,Gus"))
    fri = tables.tables_dir() / "fri"
    assert list(counters(run, "ledger", "show", "--table", str(fri))) == ["Ann", "Bob", "Cat", "Dan"]
    assert list(counters(run, "ledger", "show")) == ["Eve", "Fay", "Gus"]
    assert js(run, "table", "path") == {"path": str(tables.tables_dir() / "sat")}


# ------------------------------------------------------------------------ hints
def test_hints_point_to_the_right_command(run: Run) -> None:
    ok(run("table", "new", "fri", "-r", "modern-stops", "-p", "Ann,Bob,Cat,Dan"))
    res = ok(run("deal", "--real", "--turnup", "8H"))
    assert "hand show" not in res.stdout
    board = ok(run("board")).stdout
    assert "popejoan play" in board and "popejoan lead" not in board
    ok(run("undo", "--yes"))
    ok(run("end"))
    one_message(run("end"), 3, "session new")
