"""`correct` (issue 39): hand 1 of a tally corrected after hands 2 and 3 were played, without undoing them. The
correction is its own event, dated, with who said so and why; history, check, the ledger, the exports (an
adjusting entry `hledger check --strict` accepts) and `table new --from` all hold it; undo takes it back. What
popejoan refereed (a hand dealt from a seed) is refused, as is anything that is no transfer between two
players of that hand."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import Cli, accounting_tool, play_hand, run_tool

AT = "2026-12-01T21:04:05+01:00"
FIXED = "2026-12-01T22:10:00+01:00"
WHY = "Bob had 4 cards left, not 6"


def _tally(cli: Cli, left: str) -> None:
    cli.ok("deal", "--tally", "--turnup", "8H", POPEJOAN_NOW=AT)
    cli.ok("out", "Cat", "--left", left, "--pope", "none", POPEJOAN_NOW=AT)


@pytest.fixture
def three(cli: Cli) -> Cli:
    """Three tally hands; in the first, Bob was recorded with 6 cards left when he had 4."""
    cli.ok("table", "new", "t", "--rules", "modern-stops", "--players", "Ann,Bob,Cat,Dan", POPEJOAN_NOW=AT)
    for left in ("Ann=3,Bob=6,Dan=2", "Ann=1,Bob=2,Dan=5", "Ann=2,Bob=2,Dan=2"):
        _tally(cli, left)
    return cli


def test_hand_one_is_corrected_after_hands_two_and_three(three: Cli) -> None:
    before = three.json("ledger", "show")
    history = three.json("history")["hands"]
    said = three.ok("correct", "1", "Cat", "Bob", "2", "--by", "Ann", "--why", WHY, POPEJOAN_NOW=FIXED).stdout
    assert said == (f"Hand 1 corrected: Cat pays Bob 2 counters, as Ann said ({WHY}).\n"
                    f"Cat now holds {before['Cat'] - 2} counters, Bob {before['Bob'] + 2}.\n")
    after = three.json("ledger", "show")
    assert after == {**before, "Cat": before["Cat"] - 2, "Bob": before["Bob"] + 2}
    assert three.json("history")["hands"] == history  # the hands as refereed: none is replayed or changed
    line = f"Hand 1 corrected at 22:10: Cat pays Bob 2 counters, as Ann said ({WHY})."
    assert line in " ".join(three.ok("history", COLUMNS="200").stdout.split())
    checked = three.ok("check", COLUMNS="200").stdout
    assert checked.startswith("ok: ") and line in checked
    assert three.json("check")["corrections"] == [{"hand": 1, "from": "Cat", "to": "Bob", "counters": 2, "by": "Ann",
                                                   "why": WHY, "at": FIXED}]
    undone = three.ok("undo", "--yes").stdout
    assert undone.startswith("Undone: the correction of hand 1: Cat paying Bob 2 counters.")
    assert three.json("ledger", "show") == before


def test_the_correction_is_a_dated_adjusting_entry_hledger_checks(three: Cli, tmp_path: Path) -> None:
    three.ok("correct", "1", "cat", "bob", "2", "--by", "Ann", "--why", WHY, POPEJOAN_NOW=FIXED)  # names in any case
    journal = tmp_path / "t.journal"
    three.ok("ledger", "export", str(journal))
    text = journal.read_text(encoding="utf-8")
    entry = text[text.index("2026-12-01 * correction of hand 1"):]
    assert entry.splitlines()[:3] == [f"2026-12-01 * correction of hand 1, said by Ann – {WHY}  ; event 11",
                                      "    players:Cat  -2 CTR  ; correction", "    players:Bob  2 CTR  ; correction"]
    assert "2026-12-01 * balances after the correction" in entry
    csv = three.ok("ledger", "export", "-", "-f", "csv").stdout
    assert csv.splitlines()[-1].endswith(f",correction,player:Bob,Bob,,2,{three.json('ledger', 'show')['Bob']},"
                                         f"2026-12-01,{FIXED}")
    exe = accounting_tool("hledger")
    run_tool(exe, "-f", str(journal), "check", "--strict")
    assert "Bob" in run_tool(exe, "-f", str(journal), "balance", "players")


def test_the_next_session_carries_the_correction(three: Cli, tmp_path: Path) -> None:
    three.ok("correct", "1", "Cat", "Bob", "2", "--by", "Ann", "--why", WHY, POPEJOAN_NOW=FIXED)
    doc = tmp_path / "t.json"
    three.ok("ledger", "export", str(doc))
    data = json.loads(doc.read_text(encoding="utf-8"))
    assert data["corrections"] == [{"hand": 1, "from": "Cat", "to": "Bob", "counters": 2, "by": "Ann", "why": WHY,
                                    "at": FIXED}]
    balances = three.json("ledger", "show")
    three.ok("table", "new", "next", "--from", str(doc))
    assert three.json("ledger", "show") == balances
    data["corrections"][0]["counters"] = 3  # edited by hand: the balances no longer follow from the history
    doc.write_text(json.dumps(data), encoding="utf-8")
    three.fails(5, "table", "new", "again", "--from", str(doc), said=("history gives",), several=True)


@pytest.mark.parametrize(("args", "said"), [
    (("9", "Cat", "Bob", "2"), "there is no hand 9 to correct: this session has 3 hands"),
    (("1", "Cat", "Cat", "2"), "not to Cat themselves"),
    (("1", "Cat", "Bob", "0"), "at least one counter, not 0"),
    (("1", "Cat", "Eve", "2"), "Eve did not play hand 1"),
])
def test_what_is_no_transfer_between_two_players_of_the_hand_is_refused(three: Cli, args: tuple[str, ...],
                                                                        said: str) -> None:
    journal = three.journals()
    three.fails(3, "correct", *args, "--by", "Ann", "--why", WHY, said=(said,))
    assert three.journals() == journal


def test_a_hand_popejoan_refereed_or_one_being_played_is_not_corrected(three: Cli) -> None:
    play_hand(three, 42)  # hand 4, dealt from a seed
    three.fails(3, "correct", "4", "Cat", "Bob", "2", "--by", "Ann", "--why", WHY,
                said=("hand 4 was dealt from a seed", "a dealt hand is undone"))
    three.ok("deal", "--tally", "--turnup", "8H")
    three.fails(3, "correct", "1", "Cat", "Bob", "2", "--by", "Ann", "--why", WHY,
                said=("between hands: hand 5 is still being played",))
    three.fails(2, "correct", "1", "Cat", "Bob", "2", "--by", "Ann")  # no reason given: a usage error


def test_a_player_who_left_is_brought_back_first(three: Cli) -> None:
    three.ok("table", "leave", "Bob")
    three.fails(3, "correct", "1", "Cat", "Bob", "2", "--by", "Ann", "--why", WHY,
                said=("Bob has left the table", "--bring-back"))


def test_a_correction_in_russian(cli: Cli) -> None:
    cli.ok("table", "new", "t", "--rules", "modern-stops", "--players", "Аня,Боря,Вика,Дима", "--lang", "ru")
    cli.ok("deal", "--tally", "--turnup", "8H")
    cli.ok("out", "Вика", "--left", "Аня=3,Боря=6,Дима=2", "--pope", "none")
    said = cli.ok("correct", "1", "Вика", "Боря", "2", "--by", "Аня", "--why", "у Бори было 4 карты").stdout
    assert said.startswith("Раздача 1 исправлена: Вика платит Боре 2 фишки (Аня: «у Бори было 4 карты»).\n"), said
    assert "Теперь у Вики " in said and ", у Бори " in said
    cli.fails(3, "correct", "1", "Вика", "Гена", "2", "--by", "Аня", "--why", "x", said=("Гена не играл",))
