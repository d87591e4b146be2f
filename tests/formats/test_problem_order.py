"""Files damaged in many places at once: every problem is reported, each at its place, in order.

A ledger export is checked part by part (header, seats, history, final deal, totals), then, once
every part is whole, for its arithmetic; a deal file's problems are listed by line. These pin the
whole list of problems, not just one of them, through the real readers.
"""

from __future__ import annotations

import copy
import json
import os
from pathlib import Path
from typing import Any

import pytest

from conftest import GOLDEN
from popejoan_cli.base.errors import DataError, UsageError
from popejoan_cli.formats import dealfile, exports
from popejoan_cli.formats.presets import preset
from popejoan_cli.formats.userfiles import read_user_file

GOLDEN = GOLDEN


@pytest.fixture
def doc() -> dict[str, Any]:
    """The golden session's export: four players, three hands, no final deal.

    Its values are `Any`, as `exports.to_document`'s are: the tests put a value of the wrong
    type anywhere in it, which a TypedDict of docs/exports.md would refuse."""
    loaded: dict[str, Any] = json.loads((GOLDEN / "export_session.json").read_text(encoding="utf-8"))
    return loaded


def problems(doc: dict[str, Any]) -> list[tuple[str, str]]:
    with pytest.raises(DataError) as err:
        exports.from_document(doc, "ledger.json")
    assert all(p.file == "ledger.json" for p in err.value.problems)
    return [(p.key, p.message) for p in err.value.problems]


def test_the_golden_export_reads_back(doc: dict[str, Any]) -> None:
    imp = exports.from_document(doc)
    assert imp.players == ["Ann", "Bob Smith", "Жанна", "=1+1"] and imp.hands == 3
    assert imp.balances == {"Ann": 45, "Bob Smith": 33, "Жанна": 40, "=1+1": 31}
    assert imp.standings["Ann"]["hands"] == 3 and len(imp.standings["=1+1"]["balances"]) == 1


def test_every_part_of_the_document_reports_its_problems_in_order(doc: dict[str, Any]) -> None:
    doc["colour"] = "red"
    doc["session"] = -1
    doc["players"][1]["nickname"] = "Bobby"
    doc["hands"][0]["number"] = 7
    doc["hands"][2]["seed"] = 1.5
    doc["final"] = []
    doc["totals"]["hands"] = 4
    assert problems(doc) == [
        ("colour", "unknown key"),
        ("session", "found an integer (-1), expected a whole number from 0"),
        ("players[1].nickname", "unknown key"),
        ("hands[0].number", "hand 7 is out of place: expected hand 1"),
        ("hand 3.seed", "found a float (1.5), expected a seed"),
        ("final", "found an array, expected a table"),
        ("totals.hands", "history has 3 hands, file says 4"),
    ]


def test_the_arithmetic_is_checked_only_once_every_part_is_whole(doc: dict[str, Any]) -> None:
    broken = copy.deepcopy(doc)
    broken["hands"][1]["net"]["Ann"] += 2
    broken["session"] = "two"
    assert problems(broken) == [("session", "found a string ('two'), expected a whole number from 0")]
    doc["hands"][1]["net"]["Ann"] += 2
    doc["players"][0]["balance"] += 1
    doc["brought_in"] += 5
    assert problems(doc) == [
        ("hand 2.net.Ann", "Ann: dressing, awards and payments give 2, file says 4"),
        ("totals.net.Ann", "Ann: history gives -3, file says -5"),
        ("players[0].balance", "Ann: history gives 47, file says 46"),
        ("brought_in", "the players brought in 180, file says 185"),
        ("board", "players and board hold 181, but 185 were brought in and 0 taken away (185)"),
    ]


def test_a_seat_is_checked_against_the_history_and_the_next_dealer(doc: dict[str, Any]) -> None:
    doc["departed"] = [{"name": "Ann", "brought_in": 0, "taken_away": 0}]
    doc["next_dealer"] = "Dan"
    assert problems(doc) == [
        ("players", "a player is listed twice (seated or departed)"),
        ("next_dealer", "'Dan' is not a seated player"),
    ]


DEAL = """\
rules = "modern-stops"
players = ["Ann", "Bob", "Cat"]
dealer = "Dan"
colour = "red"
seed = 1.5
leads = ["ZZ"]

[board]
pope = -1
nope = 2
"""


def deal_problems(text: str) -> list[tuple[str, int, str]]:
    with pytest.raises(DataError) as err:
        dealfile.read(text.encode(), "deal.toml", preset, None)
    return [(p.key, p.line, p.message) for p in err.value.problems]


def test_a_deal_file_reports_every_key_wrong_by_line() -> None:
    assert deal_problems(DEAL) == [
        ("dealer", 3, "dealer 'Dan' is not a player"),
        ("colour", 4, "unknown key in a deal file"),
        ("seed", 5, "a seed is an integer or a string"),
        ("leads", 6, "unknown card 'ZZ'"),
        ("board.pope", 9, "found -1"),
        ("board.nope", 10, "no such pot on this board"),
    ]


def test_the_rules_and_the_seats_stop_a_deal_file_first() -> None:
    assert deal_problems(DEAL.replace('"modern-stops"', "3")) == [
        ("rules", 1, "missing or not a string"),
        ("colour", 4, "unknown key in a deal file"),
    ]
    assert deal_problems(DEAL.replace('["Ann", "Bob", "Cat"]', "[]")) == [
        ("players", 2, "expected a list of player names, clockwise"),
        ("colour", 4, "unknown key in a deal file"),
    ]


def test_hands_laid_out_wrongly_name_every_card() -> None:
    text = (GOLDEN.parent / "deals" / "modern-stops-small.toml").read_text(encoding="utf-8")
    text = text.replace('Bob = ["3C", "5H"]', "Bob = []").replace('"9S"]', '"9S", "2C", "8D"]')
    assert deal_problems(text) == [
        ("hands", 9, "2 cards missing: 3C 5H"),
        ("hands.Bob", 11, "Bob is dealt no cards"),
        ("hands.Cat", 12, "2C appears 2 times (Ann, Cat)"),
        ("hands.Cat", 12, "8D is removed from the pack by these rules"),
    ]


def test_a_user_file_is_refused_for_its_kind_and_its_size(tmp_path: Path) -> None:
    big = tmp_path / "big.toml"
    big.write_bytes(b"x" * 11)
    with pytest.raises(DataError) as err:
        read_user_file(big, "deal file", 10)
    assert "file is 11 bytes; a deal file is at most 10 bytes" in str(err.value)
    assert read_user_file(big, "deal file", 11) == b"x" * 11
    with pytest.raises(UsageError) as usage:
        read_user_file(tmp_path, "deal file", 10, usage=True)
    assert usage.value.message.endswith(": is a folder, not a file")
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(DataError) as err:  # at once: a FIFO is never waited on
        read_user_file(fifo, "deal file", 10)
    assert "is a FIFO (named pipe); a deal file must be a regular file" in str(err.value)
