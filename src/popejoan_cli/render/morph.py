"""A player's gender and their name's cases, read from the name by a Russian dictionary.

`describe(name, said)` is called once, when a player sits down (`table new`, `table join`,
`session new`, practice), and its `Person` goes into the journal (`PlayerDescribed`): the
dictionary (pymorphy3, about 90 ms to load) is never loaded to say a sentence.

- **Gender.** What a person said (`--players "Саша:ж"`) wins. Otherwise the dictionary's
  readings of the first name decide, only when every reading as a first name agrees: «Дарья»
  is feminine, «Борис» masculine, while «Саша», «Женя» (either) and «Ника» (read both ways)
  stay unknown, as does a Latin name. A name that is no first name but a plain noun
  («Компьютер») takes that noun's gender. Unknown is never guessed as masculine: the
  sentences about such a player are built so that they need none (docs/i18n.md).
- **Cases.** Each Cyrillic word of the name is put in the genitive, dative, accusative,
  instrumental and prepositional by the reading that matches the gender; words that are not
  Cyrillic (a number, a Latin word) stay as typed («Компьютер 2» → «Компьютеру 2»). When a
  Cyrillic word has no reading the forms are left out, and the sentences fall back to a
  construction that needs no case («игроку Max»).
"""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING, Any

from popejoan_cli.base.people import CASES, Person

if TYPE_CHECKING:
    from collections.abc import Iterable

_GRAMMEMES = {"gen": "gent", "dat": "datv", "acc": "accs", "ins": "ablt", "pre": "loct"}
_GENDERS = {"masc": "m", "femn": "f"}
_CYRILLIC = re.compile(r"^[А-Яа-яЁё]+(-[А-Яа-яЁё]+)*$")


@cache
def _analyzer() -> Any:
    import pymorphy3  # type: ignore[import-untyped]  # the dictionary loads only when a player sits down at a table that needs it

    return pymorphy3.MorphAnalyzer()


def describe(name: str, said: str | None = None) -> Person:
    """The `Person` for `name`: `said` ("m"/"f") or the dictionary's gender, and the name's cases.

    >>> describe("Дарья").gender, describe("Дарья").form("dat"), describe("Борис").form("gen")
    ('f', 'Дарье', 'Бориса')
    >>> describe("Саша").gender, describe("Саша", "f").form("ins"), describe("Max")
    ('', 'Сашей', Person(gender='', forms={}))
    """
    words = name.split(" ")
    cyrillic = [w for w in words if _CYRILLIC.match(w)]
    if not cyrillic:
        return Person(said or "", {})
    gender = said if said is not None else _gender(cyrillic[0])
    forms: dict[str, str] = {}
    for case in CASES:
        declined = [_declined(w, case, gender) if _CYRILLIC.match(w) else w for w in words]
        if any(d is None for d in declined):
            return Person(gender, {})
        forms[case] = " ".join(d for d in declined if d is not None)
    return Person(gender, forms)


def _names(word: str) -> list[Any]:
    return [p for p in _analyzer().parse(word) if {"Name", "Surn", "Patr"} & p.tag.grammemes]


def _gender(word: str) -> str:
    """The gender every reading of `word` as a name agrees on; a plain noun's own; else unknown ("")."""
    readings = _names(word)
    if readings:
        found = {_GENDERS.get(str(p.tag.gender)) for p in readings}
        return found.pop() or "" if len(found) == 1 else ""
    first = _analyzer().parse(word)[0]
    return _GENDERS.get(str(first.tag.gender), "") if "NOUN" in first.tag.grammemes else ""


def _declined(word: str, case: str, gender: str) -> str | None:
    """`word` in `case`, by its readings as a name of that gender (or as a plain noun), cased as typed;
    None when no reading declines it, or when the gender is unknown and the readings disagree
    («Ника»: «Нике» as a woman's name, «Нику» as a man's)."""
    readings = _names(word) or [p for p in _analyzer().parse(word)[:1] if "NOUN" in p.tag.grammemes]
    forms = {form.word for form in (p.inflect({_GRAMMEMES[case]}) for p in _matching(readings, gender)) if form}
    return _cased(forms.pop(), word) if len(forms) == 1 else None


def _matching(readings: Iterable[Any], gender: str) -> list[Any]:
    """The readings of the player's gender (every reading, when it is unknown)."""
    return [p for p in readings if not gender or _GENDERS.get(str(p.tag.gender), gender) == gender]


def _cased(form: str, typed: str) -> str:
    """The dictionary's lower-case form written as the name was: «дарье» → «Дарье», «анне-марии» → «Анне-Марии»."""
    if typed.isupper() and len(typed) > 1:
        return form.upper()
    parts, shape = form.split("-"), typed.split("-")
    return "-".join(p.capitalize() if i < len(shape) and shape[i][:1].isupper() else p for i, p in enumerate(parts))
