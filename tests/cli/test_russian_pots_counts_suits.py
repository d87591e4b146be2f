"""A Russian table's pots typed in Russian, `count` said of a pot or a player, and each suit said once (issue 25).

- Wherever a pot is typed (`count`, `count board`, `pay`, `claim`), its label as the board shows it at a
  Russian table is read too: «Матримония», «поп джон», in any case, «ё» and «е» alike.
- `count` says a pot by its label («в секции «Гейм» насчитано 4 фишки») and a player in their case («у
  Бориса насчитано 48 фишек»), `check` says when each count was made and in which hand («в 21:04, до первой раздачи»),
  and the hint says «лишние»
  when the count is too high; the English is byte for byte what it was.
- A suit is said once, by its name and then its symbol («после стопа в масти трефы ♣», "clubs ♣"), in a
  refusal, `rules show` and `hand final`: never «♣ т трефы», nor «б б бубны» where ♦ is written as б.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import Cli
from popejoan_cli.base.errors import Said
from popejoan_cli.cli.terminal import RUSSIAN_LETTERS
from popejoan_cli.formats.presets import preset
from popejoan_cli.game.cards import Card, Suit
from popejoan_cli.render import i18n
from popejoan_cli.table.view import pot_named

PLAYERS = "Дарья,Борис,Вика:ж"


def russian_table(cli: Cli, mp: pytest.MonkeyPatch) -> None:
    mp.setenv("POPEJOAN_HOME", str(cli.home))
    cli.ok("table", "new", "vecher", "--rules", "russian", "--players", PLAYERS, "--lang", "ru")


# --------------------------------------------------------------------------- pots typed in Russian
def test_a_pot_is_read_by_its_russian_label_in_any_case_with_yo_as_ye() -> None:
    rules = preset("russian")
    words = {"Гейм": "Game", "Поп Джон": "Pope", "Ёлка": "Matrimony"}  # «Ёлка»: a label with ё, made up
    assert pot_named(rules, "гейм", words) == "game"
    assert pot_named(rules, "ПОП ДЖОН", words) == "pope"
    assert pot_named(rules, "елка", words) == "matrimony"  # typed with е for the label's ё
    assert pot_named(rules, "Гейм") is None  # no words given: an English table reads names and labels only
    assert pot_named(rules, "game", words) == "game" and pot_named(rules, "First out", words) is None


def test_count_pay_and_claim_take_the_board_s_russian_labels(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    russian_table(cli, monkeypatch)
    assert cli.ok("count", "Матримония", "0").stdout == "В секции «Матримония» 0 фишек, как и в журнале.\n"
    assert cli.ok("count", "поп джон", "0").stdout == "В секции «Поп Джон» 0 фишек, как и в журнале.\n"
    board = "Поп Джон=0,Матримония=0,Интрига=0,Туз=0,Король=0,Дама=0,Валет=0,гейм=0"
    # It begins a line, so with a capital; «Доска: …, каждая секция как в журнале» read as a ledger's label.
    assert cli.ok("count", "board", board).stdout.replace("\xa0", " ") == (
        "Доска: 0 фишек, в каждой секции столько, сколько по журналу.\n")
    cli.ok("deal", "--real", "--tally", "--turnup", "4S")
    assert "Туз" in cli.ok("pay", "Вика", "Туз").stdout
    assert cli.ok("claim", "Вика", "туз").stdout.lower().startswith("верно")
    cli.fails(2, "pay", "Борис", "Свадьба", said=["Свадьба"])  # no pot of that name, in any language
    # An English table knows no Russian words: «Матримония» is nobody there.
    cli.ok("table", "new", "eng", "--rules", "russian", "--players", "Ann,Bob,Cat")
    cli.fails(2, "count", "Матримония", "0", said=["'Матримония' is neither a player nor a pot"])


# --------------------------------------------------------------------------- count's words
def test_count_says_a_pot_by_its_label_and_a_player_in_their_case(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    russian_table(cli, monkeypatch)
    high = cli("count", "game", "4")
    assert (high.exit_code, high.stdout) == (3, "")
    said, hint = high.stderr.splitlines()
    assert said == "popejoan: РАСХОЖДЕНИЕ: в секции «Гейм» насчитано 4 фишки, а по журналу 0"
    assert "ересчитайте или найдите, откуда взялись лишние фишки;" in hint
    said, hint = cli("count", "Борис", "48").stderr.splitlines()
    assert said == "popejoan: РАСХОЖДЕНИЕ: у Бориса насчитано 48 фишек, а по журналу 50"
    assert "ересчитайте или найдите недостающие фишки;" in hint
    check = cli("check")
    # Each count by when it was made and the hand, as the banker knows it, not the journal's entry (issue 39)
    assert check.stderr.splitlines()[:2] == [
        "popejoan: в секции «Гейм» насчитано 4 фишки, а по журналу 0 (в 21:04, до первой раздачи)",
        "popejoan: у Бориса насчитано 48 фишек, а по журналу 50 (в 21:04, до первой раздачи)"]
    assert cli.ok("count", "pope", "0").stdout == "В секции «Поп Джон» 0 фишек, как и в журнале.\n"
    assert cli.ok("count", "Борис", "50").stdout == "У Бориса 50 фишек, как и в журнале.\n"
    assert cli.ok("count", "game", "0").stdout == "В секции «Гейм» 0 фишек, как и в журнале.\n"
    resolved = cli.ok("check").stdout
    resolved = " ".join(resolved.split())
    assert "Улажено: в секции «Гейм» насчитали 4 фишки (в 21:04, до первой раздачи), а в журнале было 0; следующий " \
           "пересчёт (в 21:04, до первой раздачи) совпал." in resolved
    assert "Улажено: у Бориса насчитали 48 фишек (в 21:04, до первой раздачи)" in resolved


def test_count_s_english_is_as_it_was_but_for_too_many(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    """The pot's name as typed, the count by its time and hand; too many counters get a hint of their own ("extra")."""
    russian_table(cli, monkeypatch)
    cli("count", "game", "4")
    cli.ok("count", "game", "0")
    english = cli("check", POPEJOAN_LANG="en")
    assert "resolved: the count of game was 4 (at 21:04, before the first hand), the journal said 0; the later " \
           "count (at 21:04, before the first hand) agreed." in " ".join(english.stdout.split())
    assert "game" in cli.ok("count", "game", "0", POPEJOAN_LANG="en").stdout
    assert cli("count", "game", "9", POPEJOAN_LANG="en").stderr == (
        "popejoan: MISMATCH: the count of game is 9, but the journal says 0\n"
        "  recount, or find where the extra counters came from; `popejoan check` lists this\n")
    english = cli("check", POPEJOAN_LANG="en")
    assert "\npopejoan: at 21:04, before the first hand: the count of game is 9, but the journal says 0\n" \
        in english.stderr


# --------------------------------------------------------------------------- a suit said once
def test_a_refusal_says_the_suit_once_by_name_then_symbol() -> None:
    said = Said("after a stop in {suit} you must change suit: you hold {other}", suit=Suit.C, other=Card.parse("3H"))
    assert said == "after a stop in clubs ♣ you must change suit: you hold 3♥"
    i18n.use("ru")
    spoken = i18n.spoken_said(said).replace("\xa0", " ")  # a book's no-break spaces (render/typeset.py) aside
    assert spoken == "после стопа в масти трефы ♣ нужно сменить масть: у Вас есть 3♥"
    # Where ♣ is written as its letter (POPEJOAN_SUITS=letters), the suit is still said once: «трефы т».
    lettered = spoken.translate(RUSSIAN_LETTERS)
    assert lettered == "после стопа в масти трефы т нужно сменить масть: у Вас есть 3ч"


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_rules_show_and_hand_final_say_a_suit_once(cli: Cli, lang: str) -> None:
    newmarket = cli.ok("rules", "show", "newmarket", POPEJOAN_LANG=lang).stdout
    russian = cli.ok("rules", "show", "russian", POPEJOAN_LANG=lang).stdout
    final = cli.ok("hand", "final", "--rules", "russian", "--players", "Аня,Боря,Вика", "--seed", "1",
                   POPEJOAN_LANG=lang).stdout
    flat = " ".join((newmarket + russian + final).replace("│", " ").split())
    if lang == "ru":
        assert "красные — бубны ♦ и" in flat and "козырем считаются бубны ♦;" in flat
        assert "козырными считаются бубны ♦." in flat
    else:
        assert "red is diamonds ♦ and hearts ♥" in flat and "trump read as diamonds ♦;" in flat
        assert "`trump` pots read as diamonds ♦." in flat
    # (The hands table's column headings show each suit's symbol and letter, `♦ D`: a key to typing, not words.)
    for doubled in ("♦ б бубны", "♦ D diamonds", "(б)", "(D)", "бубны б"):
        assert doubled not in flat, doubled


def test_practice_names_the_trump_once(tmp_path: Path) -> None:
    res = Cli(tmp_path / "home").ok("practice", "--seed", "5", "--computers", "2", "--hands", "1", "--name", "Аня",
                                    input="q\n", POPEJOAN_LANG="ru")
    flat = " ".join(res.stdout.replace("│", " ").split())
    assert "· Козырь: трефы ♣" in flat and "трефы ♣ пока нет" in flat  # the turn-up's line, the table history
    for doubled in ("♣ т", "♦ б", "♥ ч", "♠ п"):
        assert doubled not in res.stdout, doubled
