"""Matching a name a person types against the names a table knows: players, pots.

People type "harold" for Harold and "first out" for the pot whose label is "First out",
so a typed name matches without regard to case. The same key decides which two names are
too alike to sit at one table: two players whose names differ only by case, by Unicode
compatibility forms or by a Cyrillic or Greek letter drawn like a Latin one could never be
told apart when typed or read. Pure: no files, no printing.

That key is cheap, as every command matches typed names with it. Where a name is added to a table
(`table new --players`, `table join`), `looks_same` asks more (issue 37): it drops the marks a reader
cannot see (format characters such as U+200B, variation selectors such as U+FE0F, the combining
grapheme joiner U+034F, the Hangul fillers U+3164, U+115F, U+1160 and U+FFA0, the blank Braille
pattern U+2800) and compares what is left by the Unicode confusables data (UTS #39), through the
`confusables` library, so that Armenian Օ beside Latin O, Cyrillic Ӏ beside I and "Ian" beside "lan"
are refused. The library reads its data when first imported (some 70 ms), so it is imported there only.
"""

from __future__ import annotations

import unicodedata
import warnings
from collections.abc import Iterable, Sequence

from popejoan_cli.base.errors import Said, UsageError
from popejoan_cli.base.marks import Quoted

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


_UNSEEN = ("VARIATION SELECTOR", "FILLER", "GRAPHEME JOINER", "BRAILLE PATTERN BLANK", "KHMER VOWEL INHERENT")
"""Words in the Unicode names of the characters that draw nothing although they are no format character
(category Cf): the default-ignorable code points of other categories (variation selectors, the combining
grapheme joiner, the Hangul fillers, the inherent Khmer vowels) and the blank Braille pattern."""


def unseen(c: str) -> bool:
    """Whether a reader cannot see the character `c`: a format character, or one `_UNSEEN` names."""
    if c.isascii():
        return False
    return unicodedata.category(c) == "Cf" or any(word in unicodedata.name(c, "") for word in _UNSEEN)


def _seen(name: str) -> str:
    """`name` as a reader sees it: its compatibility forms composed, the marks nobody can see dropped."""
    return "".join(c for c in unicodedata.normalize("NFKC", name) if not unseen(c))


def looks_same(name: str, others: Sequence[str]) -> str | None:
    """The name among `others` that `name` cannot be told from when read, although `name_key` tells them
    apart (its look-alikes, its case and the same name are for `alike`), or None."""
    with warnings.catch_warnings():
        # Its data is read on import, so only where names are added. The library opens its (ASCII) data file
        # without naming an encoding: Python's EncodingWarning (PYTHONWARNDEFAULTENCODING) is about its code.
        warnings.simplefilter("ignore", EncodingWarning)
        import confusables  # type: ignore[import-untyped]

    seen = _seen(name)
    for other in others:
        if name_key(other) != name_key(name) and (name_key(_seen(other)) == name_key(seen)
                                                   or confusables.is_confusable(_seen(other), seen)):
            return other
    return None


def shown_name(name: str) -> str:
    """`name` with each character nobody can see written as its escape (`Ann\\ufe0f`), so that a message
    shows how two names that look the same differ."""
    return "".join(f"\\u{ord(c):04x}" if unseen(c) else c for c in name)


def _quoted(name: str) -> Quoted:
    """`name` quoted for a message with its unseen characters as escapes, each one backslash (`repr` would
    double the backslash `shown_name` wrote)."""
    seen = shown_name(name)
    if seen == name:
        return Quoted(name)
    quoted = str.__new__(Quoted, repr(seen).replace("\\\\u", "\\u"))
    quoted.text = seen
    return quoted


def refuse_lookalikes(new: Sequence[str], seated: Sequence[str] = ()) -> None:
    """Refuse (exit 2) the first of the `new` names that looks the same as a name `seated` or before it."""
    for i, name in enumerate(new):
        other = looks_same(name, [*seated, *new[:i]])
        if other is not None:
            differ = [c for c in name if c not in other] + [c for c in other if c not in name]
            chars = ", ".join(f"U+{ord(c):04X}" if unseen(c) else f"{c} (U+{ord(c):04X})" for c in differ[:4])
            raise UsageError(Said("{name} looks the same as {other}", name=_quoted(name), other=_quoted(other)),
                             Said("the names differ only in {chars}, which look alike or cannot be seen; give one "
                                  "of them another name", chars=chars))


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
