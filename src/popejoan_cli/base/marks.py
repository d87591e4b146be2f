"""Values a message shows in the marks of its language: a quoted word, a list of them, a grouped number.

Pure, and cheap to import.

The pure layers name their words before any language is chosen (`base.errors.Said`), and a value
put into such a message used to be written out in English there: `repr(name)` for a quoted name
(`'vecher'`), `f"{n:,}"` for a large number (`1,048,576`). Each mark below *is* that English text
(a `str`, so the English and everything that reads it is exactly as it was) and keeps the value
under it, so that another language writes it its own way where the message is said: «vecher»,
1 048 576 (`render.figures`, docs/i18n.md: Typography).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Iterable


class Quoted(str):
    """A word or name quoted in a message: its English is `repr(text)` (`'vecher'`); Russian puts it
    in «ёлочки» (`render.figures.quote`)."""

    text: str

    def __new__(cls, text: str) -> Quoted:
        self = super().__new__(cls, repr(text))
        self.text = text
        return self


class Listed(str):
    """Words listed, each quoted: its English is `'deal', 'lead'` (each `repr`, joined by `sep`); Russian
    puts each in «ёлочки» (`render.figures.quote`). One mark for the whole list, however long."""

    words: tuple[str, ...]
    sep: str

    def __new__(cls, words: Iterable[str], sep: str = ", ") -> Listed:
        listed = tuple(words)
        self = super().__new__(cls, sep.join(repr(w) for w in listed))
        self.words, self.sep = listed, sep
        return self


class Grouped(str):
    """A whole number grouped by thousands: its English is `f"{n:,}"` (`1,048,576`); Russian groups it
    with a narrow no-break space (`render.figures.grouped`)."""

    number: int

    def __new__(cls, number: int) -> Grouped:
        self = super().__new__(cls, f"{number:,}")
        self.number = number
        return self
