"""A card agrees as the noun it is: each rank's gender in the catalogue, checked against the morphology
dictionary, and a sentence about a card chooses its wording by it (render/grammar.py, docs/i18n.md)."""

from __future__ import annotations

import re

import pymorphy3  # type: ignore[import-untyped]
import pytest

from popejoan_cli.base.errors import Said
from popejoan_cli.formats import po
from popejoan_cli.game.cards import RANK_NAMES, Card
from popejoan_cli.render import i18n
from popejoan_cli.render.grammar import CardFace, agree
from popejoan_cli.render.i18n import RANK_GENDERS, card_gender

NOUNS = ("туз", "двойка", "тройка", "четвёрка", "пятёрка", "шестёрка", "семёрка", "восьмёрка", "девятка",
         "десятка", "валет", "дама", "король")
"""Each rank's Russian noun, ace first, as a Russian table names the card."""

_GENDER = {"masc": "m", "femn": "f", "neut": "n"}


pytestmark = pytest.mark.usefixtures("russian")  # conftest: Russian, English again after


def test_each_rank_has_the_gender_the_dictionary_gives_its_noun() -> None:
    morph = pymorphy3.MorphAnalyzer()
    for rank, noun in enumerate(NOUNS, start=1):
        parse = next(p for p in morph.parse(noun) if p.tag.POS == "NOUN" and {"nomn", "sing"} <= p.tag.grammemes)
        assert card_gender(Card.parse(RANK_NAMES[rank - 1] + "C")) == _GENDER[str(parse.tag.gender)], noun
    assert len(RANK_GENDERS) == 13


def test_english_has_no_card_gender() -> None:
    i18n.use("en")
    assert card_gender(Card.parse("QC")) == ""


@pytest.mark.parametrize(("card", "said"), [("JC", "В♣ не сыгран"), ("KS", "К♠ не сыгран"), ("AS", "Т♠ не сыгран"),
                                            ("QD", "Д♦ не сыграна"), ("7H", "7♥ не сыграна"),
                                            ("10H", "10♥ не сыграна")])
def test_a_sentence_about_a_card_agrees_with_it(card: str, said: str) -> None:
    c = Card.parse(card)
    text, values = agree("{card} не {?card|сыгран|сыграна}", {"card": CardFace(i18n.face(c), c)}, {},
                         card_gender=card_gender)
    assert text.format(**values) == said
    text, values = agree("{card} не {?card|сыгран|сыграна}", {"card": c}, {}, card_gender=card_gender)
    assert text.replace("{card}", i18n.face(c)) == said


def test_an_errors_card_is_said_as_a_face_that_knows_its_card() -> None:
    said = i18n.spoken_said(Said("{card} is not played", card=Card.parse("JC")))
    assert isinstance(said, str)
    face = CardFace("В♣", Card.parse("JC"))
    assert face == "В♣" and face.card == Card.parse("JC")


CARD_PLACEHOLDERS = ("card", "next", "lower", "turnup", "other", "top", "led", "higher")
"""The placeholders the code fills with a card."""
AGREES = re.compile(r"(?<![а-яё] )(?<!карта, )(?<!\()\{(" + "|".join(CARD_PLACEHOLDERS) + r")\}[,:]?"
                    r"(?: (?:не|уже|тоже|ещё|сейчас))*"
                    r" (сыгран|открыт|убран|сдан|показан|вынут|отложен|положен|бит|нужен|нужна|должен|должна)"
                    r"(а|ы|о)?\b")
"""A card as the subject of a short participle or adjective: «{card} не сыграна» must agree with the card."""


def _forms() -> list[tuple[str, str, str]]:
    out = []
    for path in sorted((po.locales_dir() / "ru").glob("*.po")):
        catalog = po.parse(path.read_text(encoding="utf-8"), str(path))
        out += [(path.name, msgid, form) for (_, msgid), forms in catalog.messages.items() if msgid for form in forms]
    return out


def test_a_card_that_is_the_subject_agrees_by_a_choice() -> None:
    """«В♣ не сыграна» was the defect: wherever a card itself (not «карта {card}») is what a participle speaks
    of, the message chooses the participle by the card's gender."""
    bad = [f"{file}: {msgid[:60]!r}: {m.group(0)!r}" for file, msgid, form in _forms()
           for m in AGREES.finditer(form) if f"{{?{m.group(1)}|" not in form]
    assert not bad, "a card that does not agree:\n" + "\n".join(bad)


def test_the_scan_finds_a_card_that_does_not_agree() -> None:
    assert AGREES.search("{card} не сыграна") and AGREES.search("Дальше: {next} уже сыгран.")
    assert not AGREES.search("карта {card} уже сыграна")
    assert not AGREES.search("следующая карта, {next}, уже сыграна") and not AGREES.search("Поп Джон ({card}) сыгран")
