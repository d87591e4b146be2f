"""The computers' levels in words (issue 40): `simulate` says «хороший», «простой», «сильный», «всевидящий» at a
Russian table, «хороший против простого», and reads the Russian word typed there too; English as typed.
"""

from __future__ import annotations

import re

from conftest import Cli
from popejoan_cli.render import i18n
from popejoan_cli.render.levels import FORMS, LEVELS, level_typed, level_word

RU = {"POPEJOAN_LANG": "ru"}
ENGLISH_LEVEL = re.compile(r"\b(simple|good|strong|peek)\b")


def test_every_level_in_every_form_has_russian_words(russian: None) -> None:
    said = {(level, form): level_word(level, form) for level in LEVELS for form in FORMS}
    assert all(re.fullmatch("[а-яё]+", word) for word in said.values()), said
    assert said["good", "nominative"] == "хороший" and said["simple", "genitive"] == "простого"
    assert said["peek", "nominative"] == "всевидящий" and said["strong", "plural"] == "сильные"


def test_english_says_each_level_as_it_is_typed() -> None:
    assert [level_word(level, form) for level in LEVELS for form in FORMS] == [lv for lv in LEVELS for _ in FORMS]


def test_a_russian_word_is_read_at_a_russian_table_only(russian: None) -> None:
    assert [level_typed(w) for w in ("Хороший", "простые", "всевидящий", "сильного", "good", "хард")] == [
        "good", "simple", "peek", "strong", "good", None]
    i18n.use("en")
    assert level_typed("хороший") is None and level_typed("Strong") == "strong"


def test_simulate_says_the_levels_in_russian(cli: Cli) -> None:
    two = cli.ok("simulate", "-r", "russian", "-p", "4", "-k", "30", "-b", "хороший,простой", "-P", "1", **RU).stdout
    assert "Хороший против простого:" in " ".join(two.replace("\u00a0", " ").split()), two
    out = cli.ok("simulate", "-r", "russian", "-p", "3", "-k", "30", "-b", "сильный,простой,peek", "-P", "1",
                 **RU).stdout
    for word in ("сильный", "простой", "всевидящий"):
        assert f"│ {word} " in out, word
    for text in (two, out):
        assert not ENGLISH_LEVEL.search(text), text
    english = cli.ok("simulate", "-r", "russian", "-p", "4", "-k", "30", "-b", "good,simple", "-P", "1",
                     POPEJOAN_LANG="en").stdout
    assert "good over simple:" in " ".join(english.split())
    cli.fails(2, "simulate", "-r", "russian", "-p", "4", "-k", "3", "-b", "хороший", POPEJOAN_LANG="en")
