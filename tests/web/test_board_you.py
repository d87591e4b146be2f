"""The board page at a practice table tells its player, named "You", in the second person as the player's
own page does ("You lead", "You pay"), never "You leads" (web/words.py: `board_json`)."""

from __future__ import annotations

import re
from pathlib import Path

from popejoan_cli.formats.presets import preset
from popejoan_cli.store import autoplay, tables
from popejoan_cli.table.events import TableOpened
from popejoan_cli.web.words import board_json

PLAYERS = ["You", "Computer 1", "Computer 2", "Computer 3"]
THIRD_PERSON = re.compile(r"\bYou (leads|wins|pays|plays|holds|takes|is|has|goes|puts|cannot)\b")


def _opened(where: Path) -> None:
    tables.record(lambda v: [TableOpened(name="t", rules=preset("modern-stops").to_dict(), rules_name="modern-stops",
                                         players=list(PLAYERS), counters=50, dealer=PLAYERS[-1])],
                  where=where, create=True)


def test_the_practice_board_says_you_lead_at_the_deal(tmp_path: Path) -> None:
    _opened(tmp_path / "t")
    board = board_json(autoplay.deal(tmp_path / "t", 5))  # Computer 3 deals: You are eldest
    assert "You lead." in board["said"] and not THIRD_PERSON.search(board["said"]), board["said"]
    assert board["lead"] == board["practice_you"] == "You"  # the page heads it "Your lead."


def test_a_table_without_you_names_nobody_in_the_second_person(tmp_path: Path) -> None:
    tables.record(lambda v: [TableOpened(name="t", rules=preset("modern-stops").to_dict(), rules_name="modern-stops",
                                         players=["Ann", "Bob", "Cat"], counters=50, dealer="Cat")],
                  where=tmp_path / "t", create=True)
    board = board_json(autoplay.deal(tmp_path / "t", 5))
    assert "practice_you" not in board and "Ann leads." in board["said"], board["said"]


def test_the_practice_board_tells_the_hand_and_its_settlement_to_you(tmp_path: Path) -> None:
    _opened(tmp_path / "t")
    state = board_json(autoplay.play_hand(tmp_path / "t", 5))
    said = "\n".join([state["said"], state["settlement"]["said"],
                      *(run["stop"]["why"] for run in state["runs"] if run["stop"] is not None)])
    assert "You lead 10♠, Computer 2 J♠" in said and "You pay 2 counters to Computer 2" in said, said
    assert not THIRD_PERSON.search(said), said
