"""A translation that agrees with the players it speaks of: their gender and their name's case.

English needs neither, so only a translation asks, with two marks of its own inside a
message's text (docs/i18n.md: Gender and case):

- `{?player|masculine|feminine|neither}` is one of three wordings, chosen by the gender of
  the player whose name fills `{player}`: «{?player|{player} сдал|{player} сдала|сдаёт
  {player}}». The third is for a player whose gender nobody knows (the name does not tell and
  nobody said): it must need none (present tense, or another construction), never the
  masculine by default. Each wording may hold placeholders of its own.
- `{?card|masculine|feminine}` is one of two wordings, chosen by the grammatical gender of the
  card that fills `{card}`, as the noun it is: валет, король, туз are masculine («В♣ не сыгран»),
  дама and the numbered cards (семёрка, десятка) feminine («Д♣ не сыграна», «7♣ не сыграна»).
  Each rank's gender is in the catalogue (context `rank gender`, `m` or `f`: grammar.po; `i18n.card_gender`), so a
  language without genders needs none; tests/render/test_card_gender.py checks it against the
  morphology dictionary's reading of the rank's noun. A card said by an error (a `Said`) is
  filled in as its face, a `CardFace` that still knows its card.
- `{player@dat}` is the name in a case (gen, dat, acc, ins, pre), as the journal keeps it
  («Дарье»); a name that is not declined takes the construction the catalogue gives for that
  case («игроку Max»), which needs no case of its own.

A player the journal does not describe (a table from before descriptions) is described here
from the name once, as `table new` would have done.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from popejoan_cli.base.people import Person
from popejoan_cli.game.cards import Card

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping, MutableMapping

_CASED = re.compile(r"\{(\w+)@(gen|dat|acc|ins|pre)\}")


def agree(text: str, named: Mapping[str, object], people: MutableMapping[str, Person],
          construction: Callable[[str], str] = lambda case: "{name}",
          card_gender: Callable[[Card], str] = lambda card: "") -> tuple[str, dict[str, object]]:
    """`text` with each gender choice made and each `{name@case}` given its value in `named`; a name not
    declined goes into the `construction` for its case («игроку {name}», from the catalogue).

    >>> from popejoan_cli.render import i18n
    >>> i18n.use("ru")
    >>> people = {"Дарья": Person("f", {"dat": "Дарье"}), "Max": Person()}
    >>> def said(text, **named):
    ...     text, values = agree(text, named, people, i18n.construction)
    ...     return text.format(**values)
    >>> said("{?who|{who} сдал|{who} сдала|сдаёт {who}}, платит {to@dat}", who="Дарья", to="Max")
    'Дарья сдала, платит игроку Max'
    >>> said("{?who|{who} сдал|{who} сдала|сдаёт {who}}, платит {to@dat}", who="Max", to="Дарья")
    'сдаёт Max, платит Дарье'
    >>> i18n.use("en")
    """
    values = dict(named)
    text = _choose(text, values, people, card_gender)
    for name, case in set(_CASED.findall(text)):
        value = values.get(name, "")
        form = person(value, people).form(case)
        values[f"{name}@{case}"] = form if form is not None else construction(case).format(name=value)
    return text, values


def person(value: object, people: MutableMapping[str, Person]) -> Person:
    """How the language speaks of the player named `value` (described from the name when the journal does not)."""
    if not isinstance(value, str):
        return Person()
    found = people.get(value)
    if found is None:
        from popejoan_cli.render.morph import describe  # a table from before descriptions: once per name

        found = people[value] = describe(value)
    return found


class CardFace(str):
    """A card's face as a sentence writes it (`Д♣`), which still knows the card, so that the words
    about it agree with it («Д♣ не сыграна», «В♣ не сыгран»)."""

    __slots__ = ("card",)
    card: Card

    def __new__(cls, face: str, card: Card) -> CardFace:
        made = super().__new__(cls, face)
        made.card = card
        return made


def _card(value: object) -> Card | None:
    """The card a placeholder's value is, or None: a `Card`, or a `CardFace` (an error's card said as its face)."""
    if isinstance(value, CardFace):
        return value.card
    return value if isinstance(value, Card) else None


def _choose(text: str, values: Mapping[str, object], people: MutableMapping[str, Person],
            card_gender: Callable[[Card], str] = lambda card: "") -> str:
    """Each `{?name|m|f|x}` replaced by the wording for that player's gender, and each `{?card|m|f}` by the
    wording for that card's, innermost choices too."""
    start = text.find("{?")
    while start >= 0:
        bar = text.index("|", start)
        name = text[start + 2:bar]
        parts, end = _alternatives(text, bar)
        card = _card(values.get(name))
        if card is not None and len(parts) == 2:  # `card_gender`: the catalogue's, as i18n gives it (`rank gender`)
            chosen = parts[1 if card_gender(card) == "f" else 0]
        else:
            gender = person(values.get(name), people).gender
            chosen = parts[{"m": 0, "f": 1}.get(gender, 2)] if len(parts) == 3 else text[start:end]
        text = text[:start] + chosen + text[end:]
        start = text.find("{?", start)
    return text


def _alternatives(text: str, bar: int) -> tuple[list[str], int]:
    """The `|`-separated wordings after `bar` up to the `}` that closes the choice, and the index past it."""
    depth, begun = 0, bar + 1
    parts: list[str] = []
    for i in range(bar + 1, len(text)):
        ch = text[i]
        if ch == "{":
            depth += 1
        elif ch == "}" and depth:
            depth -= 1
        elif ch == "}":
            return [*parts, text[begun:i]], i + 1
        elif ch == "|" and not depth:
            parts.append(text[begun:i])
            begun = i + 1
    raise ValueError(f"a gender choice is not closed: {text!r}")
