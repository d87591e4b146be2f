"""Every house-rule key has words (issue 40): a refusal's rule line that cites a key (`deck.removed`,
`deal.turnup = "out-of-play"`) says what the key decides, in English and in Russian, with the key after it for
the person who edits their rules file (`render.rule_words.key_words`, `cited`).
"""

from __future__ import annotations

import re

import pytest

from popejoan_cli.base.errors import Said, joined
from popejoan_cli.game.laws import LEAD_LAW
from popejoan_cli.game.rulekeys import KEYS
from popejoan_cli.render import i18n
from popejoan_cli.render.rule_words import cited, key_words

CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)


def ru(text: str) -> str:
    """`text` spoken in Russian, its no-break spaces (the typesetting's) read as spaces."""
    return i18n.spoken_said(text).replace("\u00a0", " ")


@pytest.mark.parametrize("path", [k.path for k in KEYS])
def test_every_key_has_english_and_russian_words(path: str) -> None:
    english = key_words(path)
    assert isinstance(english, Said) and english.endswith(f" ({path})") and english != f"({path})"
    assert len(english) > len(path) + 10, english
    i18n.use("ru")
    try:
        russian = ru(english)
    finally:
        i18n.use("en")
    assert russian.endswith(f"({path})") and CYRILLIC.search(russian), russian
    assert ":" not in russian.replace(f"({path})", ""), russian  # after «Правило:», no second colon


def test_the_lead_laws_keys_have_words() -> None:
    for rule in LEAD_LAW:
        assert key_words(rule.key) != rule.key, rule.key


def test_a_key_cited_alone_or_with_its_value_is_said_in_words(russian: None) -> None:
    assert ru(cited("deck.removed")) == "карты, убранные из колоды (deck.removed)"
    assert (ru(cited('deal.turnup = "out-of-play"'))
            == 'что становится с открытой картой (deal.turnup = "out-of-play")')
    i18n.use("en")
    assert cited("deck.removed") == "cards taken out of the pack (deck.removed)"
    assert cited('deal.spare_exchange = "none"') == 'who may take the spare hand (deal.spare_exchange = "none")'


def test_a_joined_rule_line_words_each_key_and_keeps_its_words(russian: None) -> None:
    line = joined([Said("a player leads a card they hold"), 'play.lead = "lowest-in-suit"'])
    said = ru(cited(line))
    assert said.endswith('; с какой карты можно ходить (play.lead = "lowest-in-suit")'), said
    assert not said.startswith("play."), said


def test_what_is_no_key_is_as_it_was() -> None:
    words = Said("a stop ends a run")
    assert cited(words) is words
    for text in ("pot game", "play.no_such_key", "settlement"):
        assert cited(text) == text
