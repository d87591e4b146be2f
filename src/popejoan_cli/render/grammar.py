"""A translation that agrees with the players it speaks of: their gender and their name's case.

English needs neither, so only a translation asks, with two marks of its own inside a
message's text (docs/i18n.md: Gender and case):

- `{?player|masculine|feminine|neither}` is one of three wordings, chosen by the gender of
  the player whose name fills `{player}`: «{?player|{player} сдал|{player} сдала|сдаёт
  {player}}». The third is for a player whose gender nobody knows (the name does not tell and
  nobody said): it must need none (present tense, or another construction), never the
  masculine by default. Each wording may hold placeholders of its own.
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

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping, MutableMapping

_CASED = re.compile(r"\{(\w+)@(gen|dat|acc|ins|pre)\}")


def agree(text: str, named: Mapping[str, object], people: MutableMapping[str, Person],
          construction: Callable[[str], str] = lambda case: "{name}") -> tuple[str, dict[str, object]]:
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
    text = _choose(text, values, people)
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


def _choose(text: str, values: Mapping[str, object], people: MutableMapping[str, Person]) -> str:
    """Each `{?name|m|f|x}` replaced by the wording for that player's gender, innermost choices too."""
    start = text.find("{?")
    while start >= 0:
        bar = text.index("|", start)
        name = text[start + 2:bar]
        parts, end = _alternatives(text, bar)
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
