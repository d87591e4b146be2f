"""`rules show` and `rules list` at a Russian table (issue 16): every rule in Russian in the seeds'
words (golden files at 80 columns), the presets' titles and descriptions translated at display time,
and what does not change with the language: `--json`, `rules new`'s file, and the English itself.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from conftest import GOLDEN, Cli, golden
from popejoan_cli.formats import presets
from popejoan_cli.render import i18n, rule_views

RU = {"POPEJOAN_LANG": "ru"}


@pytest.fixture
def cli80(tmp_path: Path) -> Cli:
    return Cli(tmp_path / "home", columns="80")


@pytest.mark.parametrize("preset", ["russian", "michigan"])
def test_rules_show_in_russian_at_80_columns(cli80: Cli, preset: str) -> None:
    text = cli80.ok("rules", "show", preset, **RU).set_stdout
    golden(GOLDEN / f"rules_show_{preset}_ru_80.txt", text)
    text = " ".join(text.split())
    for word in ("Доска", "Секция", "Ставка", "Игроки", "Колода", "Сдача", "Розыгрыш", "Расчёт", "сдатчик",
                 "фишк", "секвенци", "игрока слева от сдатчика"):
        assert word in text, word
    for english in ("Players", " counter", " dealer", "Won by", "Not used", " pot"):
        assert english not in text, english


def test_rules_show_russian_reads_like_seed_000(cli80: Cli) -> None:
    text = " ".join(cli80.ok("rules", "show", "russian", **RU).stdout.split())
    for word in ("Поп Джон по-русски", "Поп Джон 9♦ (9б)", "Матримония", "Интрига", "Король", "Дама", "Валет",
                 "Туз", "Гейм", "8♦ (8б)", "дополнительн", "козырного туза", "«Поп Джон» и «Гейм»",
                 "В игре 51 карта", "Играют от 3 до 8 игроков", "козырем считаются бубны ♦;"):
        assert word in text, word


def test_rules_show_michigan_uses_seed_002s_areas(cli80: Cli) -> None:
    text = " ".join(cli80.ok("rules", "show", "michigan", **RU).stdout.split())
    for word in ("Мичиган", "Т♥ (Тч)", "К♣ (Кт)", "Д♦ (Дб)", "В♠ (Вп)", "сдатчик ×2", "в 2 раза больше (8 фишек)",
                 "самой младшей", "в другой масти", "Полная колода в 52 карты"):
        assert word in text, word


def test_rules_list_in_russian_at_80_columns(cli80: Cli) -> None:
    text = cli80.ok("rules", "list", **RU).set_stdout
    golden(GOLDEN / "rules_list_ru_80.txt", text)
    text = _plain(text)  # the words, read with the typesetting's no-break spaces as spaces
    for title in ("Поп Джон по-русски", "Поп Джон по Парлетту", "Поп Джон по Хойлу", "Мичиган", "Будл",
                  "Ньюмаркет", "Наборы правил", "Название", "Описание"):
        assert title in text, title
    assert "Pope Joan" not in text and "Michigan" not in text.replace("Michigan (", "")


def test_english_is_unchanged_where_a_russian_table_is_not_asked_for(cli80: Cli) -> None:
    english = cli80.ok("rules", "show", "russian").stdout
    assert "Russian Pope Joan" in english and "Players" in english and "Поп" not in english
    assert cli80.ok("rules", "show", "russian", POPEJOAN_LANG="en").stdout == english
    assert cli80.ok("rules", "list", LANG="ru_RU.UTF-8", LC_ALL="").stdout == cli80.ok("rules", "list", **RU).stdout


@pytest.mark.parametrize("args", [("rules", "list", "--json"), ("rules", "show", "russian", "--json"),
                                  ("rules", "show", "michigan", "--json")])
def test_json_is_the_same_in_both_languages(cli80: Cli, args: tuple[str, ...]) -> None:
    english = cli80.ok(*args).stdout
    assert cli80.ok(*args, **RU).stdout == english
    json.loads(english)


def test_rules_new_writes_english_at_a_russian_table(cli80: Cli) -> None:
    english = cli80.ok("rules", "new", "--from", "russian").stdout
    assert cli80.ok("rules", "new", "--from", "russian", **RU).stdout == english
    assert "фишк" not in english
    # and the table still speaks Russian afterwards (each command chooses again)
    assert "Доска" in cli80.ok("rules", "show", "russian", **RU).stdout


def test_every_preset_has_its_title_and_description_in_russian() -> None:
    i18n.use("ru")
    try:
        for name, title, description in presets.summaries():
            assert i18n.preset_title(title) != title, name
            assert rule_views.preset_description(description) != description, name
        assert i18n.preset_title("Our own rules") == "Our own rules"
    finally:
        i18n.use("en")


_FORMS = {1: 0, 2: 1, 4: 1, 5: 2, 11: 2, 12: 2, 14: 2, 15: 2, 21: 0, 22: 1, 25: 2, 101: 0, 102: 1, 111: 2, 112: 2}


def _plain(text: str) -> str:
    """`text` with the typesetting's no-break spaces read as spaces (these tests read the words)."""
    return text.replace("\u00a0", " ")


@pytest.mark.parametrize("n", sorted(_FORMS))
def test_plural_forms_of_the_counts_shown(n: int) -> None:
    i18n.use("ru")
    try:
        every = ("фишку", "фишки", "фишек")[_FORMS[n]]
        per = ("фишке", "фишки", "фишек")[_FORMS[n]]
        players = ("игрока", "игроков", "игроков")[_FORMS[n]]
        times = ("раз", "раза", "раз")[_FORMS[n]]
        dress = _plain(i18n.tn("The dealer dresses the board with {n} counter before each deal.",
                               "The dealer dresses the board with {n} counters before each deal.", n))
        assert dress == f"Перед каждой сдачей сдатчик ставит на доску {n} {every}."
        pays = _plain(i18n.tn("Every other player pays the first player out {n} counter for each card left in their "
                              "hand.",
                              "Every other player pays the first player out {n} counters for each card left in their "
                              "hand.", n))
        assert f"по {n} {per} за каждую карту" in pays
        assert _plain(i18n.tn("{lo}–{n} player.", "{lo}–{n} players.", n, lo=1)) == f"Играют от 1 до {n} {players}."
        assert f"в {n} {times} больше" in _plain(i18n.tn(
            "Before each deal every player puts each pot's stake on it ({counters}), and the dealer pays "
            "{n} time as much ({dealer}).",
            "Before each deal every player puts each pot's stake on it ({counters}), and the dealer pays "
            "{n} times as much ({dealer}).", n, counters="", dealer=""))
        assert _plain(i18n.cards(n)) == f"{n} " + ("карта", "карты", "карт")[_FORMS[n]]
    finally:
        i18n.use("en")


@pytest.mark.parametrize("preset", presets.PRESET_ORDER)
def test_rules_show_names_pots_by_their_labels_in_russian_words(cli80: Cli, preset: str) -> None:
    """No pot's name as a file writes it («нет секции pope»), no calque («С этими правилами не используются»), a
    pot taken, never «берёт»; the games by their Russian names (docs/glossary-ru.md)."""
    out = cli80.ok("rules", "show", preset, **RU).stdout
    # The sources are the titles of printed works, as their file writes them («S2: seed 002, … Michigan (Boodle, …)»)
    text = " ".join(w for line in out.splitlines() if not re.search(r"• [A-Z0-9]{2}: ", line) for w in line.split())
    for wrong in ("секции pope", "С этими правилами", "берёт секци", "берут секци", "Boodle", "Newmarket"):
        assert wrong not in text, (wrong, text)
    if "ни на что не влияют" in text and "turnup.pope_takes" in text:
        assert "нет секции «Поп Джон»" in text


def test_rules_list_names_the_games_in_russian(cli80: Cli) -> None:
    text = " ".join(cli80.ok("rules", "list", **RU).stdout.split())
    assert "Будл" in text and "Boodle" not in text and "Stops" not in text
