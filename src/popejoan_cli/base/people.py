"""How a language speaks of a player: their grammatical gender and their name in each case.

A Russian sentence about a player agrees with them («Дарья сдала», «Борис сдал») and puts
their name in its case («платит Дарье», «у Бориса»). A `Person` holds what that needs; it is
worked out once, when the player sits down (`render.morph`), and kept in the journal
(`PlayerDescribed`), so no command ever loads a dictionary to say a sentence. Where the name
does not tell the gender (Саша, Женя, a Latin name) it stays unknown until someone says it
(`--players "Саша:ж"`, `table join NAME --gender ж`), and the sentences are then built so that
none is needed (docs/i18n.md: Gender and case). Pure: no files, no printing.
"""

from __future__ import annotations

from popejoan_cli.base.records import Record, field

GENDERS = ("m", "f")
"""A player's grammatical gender as stored: masculine or feminine; "" when unknown."""
CASES = ("gen", "dat", "acc", "ins", "pre")
"""The oblique cases a name is kept in (the nominative is the name itself)."""
GENDER_WORDS = {"m": "m", "f": "f", "м": "m", "ж": "f", "male": "m", "female": "f", "муж": "m", "жен": "f"}
"""What a person may type for a gender, in either language."""


class Person(Record):
    """A player as a language speaks of them: `gender` ("m", "f" or "" when unknown) and the name's
    oblique `forms` by case (empty when the name is not declined: a Latin name, a word it cannot read).

    >>> Person("f", {"dat": "Дарье"}).form("dat"), Person("").form("dat")
    ('Дарье', None)
    """

    gender: str = ""
    forms: dict[str, str] = field(default_factory=dict)

    def form(self, case: str) -> str | None:
        return self.forms.get(case)


def gender_of(typed: str) -> str | None:
    """The stored gender a person typed (`ж`, `f`, `female`, `м`, ...), or None when it is none of them.

    >>> gender_of("Ж"), gender_of("m"), gender_of("x")
    ('f', 'm', None)
    """
    return GENDER_WORDS.get(typed.strip().lower())


def split_gender(entry: str) -> tuple[str, str | None]:
    """`Саша:ж` → (`Саша`, `f`): a seat of `--players` with its gender said; a name with no such
    ending (or a colon that is part of the name) is returned whole, with None.

    >>> split_gender("Саша:ж"), split_gender("Ann"), split_gender("Mr:Smith")
    (('Саша', 'f'), ('Ann', None), ('Mr:Smith', None))
    """
    name, colon, tail = entry.rpartition(":")
    said = gender_of(tail) if colon else None
    return (name.strip(), said) if said is not None and name.strip() else (entry, None)
