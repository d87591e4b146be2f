"""Matching a name a person types against the names a table knows: players, pots.

People type "harold" for Harold and "first out" for the pot whose label is "First out",
so a typed name matches without regard to case. The same key decides which two names are
too alike to sit at one table: two players whose names differ only by case, by Unicode
compatibility forms or by a Cyrillic or Greek letter drawn like a Latin one could never be
told apart when typed or read. Pure: no files, no printing.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

# Lower-case Cyrillic and Greek letters drawn like a Latin one (after casefolding, so the
# capitals are covered too: Н folds to н, which is drawn like the H it folds from).
_LOOKALIKE = str.maketrans({
    "а": "a", "в": "b", "е": "e", "ё": "e", "һ": "h", "н": "h", "і": "i", "ї": "i", "ј": "j", "к": "k",
    "ӏ": "l", "м": "m", "о": "o", "р": "p", "ԛ": "q", "с": "c", "ѕ": "s", "т": "t", "у": "y", "х": "x",
    "ԁ": "d", "ԝ": "w", "ү": "y",
    "α": "a", "β": "b", "ε": "e", "η": "h", "ι": "i", "κ": "k", "μ": "m", "ν": "n", "ο": "o", "ρ": "p",
    "τ": "t", "υ": "y", "χ": "x", "ζ": "z", "ϲ": "c", "ϳ": "j",
})


def name_key(name: str) -> str:
    """What a name looks like, whatever its case or alphabet: equal keys cannot be told apart."""
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    return folded.translate(_LOOKALIKE)


def find_name(typed: str, names: Iterable[str]) -> str | None:
    """The one name among `names` that `typed` means (the exact one first), or None."""
    choices = list(names)
    if typed in choices:
        return typed
    key = name_key(typed.strip())
    found = [n for n in choices if name_key(n) == key]
    return found[0] if len(found) == 1 else None


def alike(names: Iterable[str]) -> list[tuple[str, str]]:
    """Each pair of names that cannot be told apart (the later one second)."""
    seen: dict[str, str] = {}
    pairs = []
    for n in names:
        key = name_key(n)
        if key in seen:
            pairs.append((seen[key], n))
        else:
            seen[key] = n
    return pairs


class PotName(str):
    """A pot named in words another language says: the pot's name as the English has always said it
    (`game`, what a person types), carrying the label its board shows (`Game`), which a Russian
    sentence says instead («Гейм»: `render.i18n.spoken_said`). Built by the pure layers, which cannot
    look a label up."""

    label: str

    def __new__(cls, name: str, label: str) -> PotName:
        self = super().__new__(cls, name)
        self.label = label
        return self
