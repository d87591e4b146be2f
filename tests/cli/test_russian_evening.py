"""A whole Russian evening (issue 16), in one golden file at 80 columns: a virtual hand led to its end,
claims right and wrong, a real hand recorded with `play` lines, a stop, a stop the record already
shows, a refusal, going out, the board, history and settle; and no English sentence left in it.

Every command is shown as typed, with what it printed (stdout, then stderr: a wrong claim and a
refusal speak on stderr). The narration, refusals and commands have golden files of their own
(test_russian, test_russian_errors, test_russian_commands); this one is the evening as a table sees it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import GOLDEN, Cli, Transcript, golden

PLAYERS = "Аня,Боря,Вика"
HEARTS = ("2H", "3H:Аня", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH", "AH")
"""Вика leads 2♥ and Аня plays the rest of the suit: the run stops at its top card, and Аня, with one
card left, leads it and is out."""

AFTER_THE_VIRTUAL_HAND: list[tuple[int, tuple[str, ...]]] = [
    (0, ("claim", "Боря", "ace")),  # right: Боря played Т♦, the trump ace (seed 7)
    (3, ("claim", "Боря", "ace", "5")),  # wrong: it paid 3
    (3, ("claim", "Аня", "matrimony")),  # wrong: neither card of the pair was played
    (0, ("claim", "Вика", "cards", "4")),  # right: Вика went out, paid 3 + 1
    (0, ("deal", "--real", "--turnup", "4S")),
    (0, ("play", "Вика", "2C", "3C", "4C")),
    (0, ("stop",)),  # a real stop: nobody holds 5♣
    (0, ("stop",)),  # the record already shows it: nothing is written
    (3, ("play", "Аня", "5H")),  # a refusal: it is Вика's lead
    (0, ("play", "Вика", *HEARTS)),
    (0, ("stop",)),  # the run stopped at Т♥ already
    (0, ("play", "Аня", "2S")),
    (0, ("out", "Аня", "--pope", "none")),
    (0, ("claim", "Аня", "cards")),  # right
    (3, ("claim", "Вика", "game")),  # wrong: Аня went out first
    (3, ("claim", "Аня", "game", "7")),  # wrong: the amount
    (0, ("board",)),
    (0, ("history",)),
    (0, ("ledger", "show")),
    (0, ("ledger", "settle")),
    (0, ("ledger", "settle", "--value", "0.07", "--currency", "RUB")),
]

ENGLISH = (" the ", " leads ", " wins ", " pays ", " was ", " is ", " has ", " and ", " not ", " played ", " paid ",
           "counter", "right:", "wrong:", "Stop at", "Hand ", "nothing to record", "went out", "deals")
"""Common English words: none of them may be left in the Russian evening."""

def whole_evening(cli: Cli, mp: pytest.MonkeyPatch) -> str:
    mp.setenv("POPEJOAN_HOME", str(cli.home))  # `lead_lowest` reads the table in-process
    mp.delenv("POPEJOAN_TABLE", raising=False)
    evening = Transcript(cli)
    evening.typed(0, "table", "new", "vecher", "--rules", "russian", "--players", PLAYERS, "--lang", "ru")
    evening.typed(0, "deal", "--seed", "7")
    evening.typed(0, "board")
    evening.led_to_the_end(60)
    for code, args in AFTER_THE_VIRTUAL_HAND:
        evening.typed(code, *args)
    return evening.text


def test_a_whole_russian_evening_at_80_columns(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = whole_evening(Cli(tmp_path / "home", columns="80"), monkeypatch)
    golden(GOLDEN / "russian_evening_whole_80.txt", text)
    text = text.replace("\xa0", " ")  # a book's no-break spaces (render/typeset.py) read as spaces below
    for words in ("Верно: Боря сыграл Т♦; выплачено 3 фишки",
                  "Неверно: Боря сыграл Т♦; за это платится 3 фишки, а не 5",
                  "Верно: вышла Аня; за оставшиеся карты заплатили Боря 12, Вика 9; выплачена 21 фишка",
                  "Неверно: первой вышла Аня",
                  "Секвенция уже остановилась на 4♣ (следующая карта в дополнительной руке), так",
                  "Секвенция уже остановилась на Т♥ (следующая карта уже сыграна), так что",
                  "Аня не может пойти с 5♥", "Стоп на 4♣", "У Ани кончились карты.",
                  "Раздача 2: настоящая колода, сдаёт Боря.", "Итоги в фишках"):
        assert words in text, words
    # The rounding note under a settle in money, «до сотых» whatever the currency (not «копейки» for EUR).
    assert "каждая сумма округлена до сотых" in text.replace("\xa0", " ")
    left = [english for english in ENGLISH if english in text]
    assert left == [], f"English left in the Russian evening: {left}"


def test_a_claim_says_the_same_english_and_json_at_an_english_table(cli: Cli) -> None:
    """The verdict's words are a `Said`: at an English table, and in `--json` at a Russian one, the
    English is as it always was."""
    cli.ok("table", "new", "t", "--rules", "russian", "--players", "Ann,Bob,Cat")
    cli.ok("deal", "--real", "--turnup", "4S")
    cli.ok("play", "Bob", "2C", "3C", "4C")
    cli.ok("stop")
    assert cli.ok("stop").stdout == "The run had already stopped at 4♣ (spare): nothing to record.\n"
    assert cli.fails(3, "claim", "Ann", "king") == "popejoan: wrong: K♠ has not been played\n"
    cli.ok("table", "new", "r", "--rules", "russian", "--players", "Ann,Bob,Cat", "--lang", "ru")
    cli.ok("deal", "--real", "--turnup", "4S")
    assert cli.fails(3, "claim", "Ann", "king") == "popejoan: Неверно: К♠ не сыгран\n"  # король: masculine
    said = cli("claim", "Ann", "king", "--json")
    assert said.exit_code == 3 and '"why": "wrong: K♠ has not been played"' in said.stdout


def test_the_other_presets_pots_and_a_new_session_speak_russian(cli: Cli) -> None:
    """`First out` (modern-stops) and `Kitty` (newmarket) are the presets' labels too; `session new`
    replies in the language asked for (an export carries no language: POPEJOAN_LANG here)."""
    from popejoan_cli.render import i18n

    i18n.use("ru")
    try:
        assert i18n.pot_label("First out") == "Первый вышедший" and i18n.pot_label("Kitty") == "Котёл"
    finally:
        i18n.use("en")
    cli.ok("table", "new", "s", "--rules", "russian", "--players", "Ann,Bob,Cat")
    cli.ok("end")
    said = cli.ok("session", "new", POPEJOAN_LANG="ru").stdout
    assert said.startswith("Стол «s-s2» продолжает «s» как вечер 2"), said  # a session is «вечер»
    assert "на доске 0 фишек" in said and "Следующая сдача за игроком Ann" in said, said


def test_the_rounding_note_is_named_for_russian_and_its_english_is_unchanged() -> None:
    """`table.settle` names the note (its cents a plural); what `ledger settle` prints is the English yet."""
    from decimal import Decimal

    from popejoan_cli.cli.exits import spoken
    from popejoan_cli.render import i18n
    from popejoan_cli.table.settle import rounding_note, settle_nets

    note = rounding_note(settle_nets({"Аня": 1, "Боря": 1, "Вика": -2}, Decimal("0.333"), "RUB"))
    assert note == ("1 counter = 0.333 RUB; each amount is rounded half to even to a whole cent; the rounding left "
                    "-1 cent, taken by Вика (whose rounding moved furthest the other way; ties by name).")
    i18n.use("ru")
    try:
        assert spoken(note).replace("\xa0", " ").endswith(
            "от округления осталась −1 сотая, и её получает тот, чьё округление дальше всех ушло в другую сторону "
            "(при равенстве — первый по имени): Вика.")
    finally:
        i18n.use("en")
