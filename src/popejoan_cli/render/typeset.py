"""How a Russian sentence is set, as a printed Russian book sets it: its spaces, its minus, its dates.

The one function every Russian message passes through once its placeholders are filled
(`i18n.tp`, `i18n.fill`, `narrate`'s lines): `typeset`. It puts a no-break space (U+00A0) where
a book never ends a line (Мильчин, «Справочник издателя и автора»; docs/i18n.md: Typography):

- before a dash: «Вика — 3 фишки», never «Вика / — 3 фишки»;
- between a number and the word after it: «10 фишек», «в 2 раза», «4 карты»;
- between a word and the number that names it, where no noun follows the number: «Компьютер 3»,
  «раздача 2:», «Вика −13»;
- after a one-letter word and a two-letter preposition, conjunction or particle: «в раздаче», «у Вики»,
  «и Дарья», «на доске», «не может»; a line never ends on one of them;
- a hyphen standing for a minus before a figure becomes the minus sign: «Вика −13» (not inside «ёлочки»,
  which quote what a person typed: «-3»).

What a person types is left exactly as written: the text between backquotes (`popejoan count Ann -3`),
which is a command to copy. English is never passed here (`i18n` calls it only for another language).
The rules are a few regular expressions, compiled when a Russian command first sets a sentence.

Whether a suit is set as its symbol or its letter is asked here too (`suits_as_letters`), by the terminal
that writes it and by the words that would otherwise say a card twice («9б (9б)»).

Dates are the other half: `day` and `month` write a date as a Russian writes it («1 декабря 2026»,
«декабрь 2026»), in English as ISO, exactly as before; the month names are in the catalogue (core.po,
contexts `month` and `month in the genitive`).
"""

from __future__ import annotations

import re
import sys
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from datetime import date

__all__ = ["NBSP", "day", "month", "on_day", "set_suits_as_letters", "short_day", "suits_as_letters", "typeset"]

NBSP = "\u00a0"
"""NO-BREAK SPACE: a space a line is never broken at."""
MINUS = "\u2212"

SHORT = ("в", "к", "с", "у", "о", "и", "а", "я", "во", "ко", "со", "на", "за", "по", "до", "из", "от", "об", "не",
         "ни", "но", "ее", "её", "их", "он", "мы", "вы", "Вы")
"""Words a book keeps with the word after them: every one-letter word, and the two-letter prepositions,
conjunctions, particles and pronouns (a line that ends on «в» or «не» reads as a mistake)."""


@cache
def _spaces() -> tuple[tuple[re.Pattern[str], str], ...]:
    """The spaces a book never breaks at, each a pattern and what it is replaced with."""
    short = "|".join(sorted(SHORT, key=len, reverse=True))
    letter = r"[^\W\d_]"
    return (
        (re.compile(r" +(?=[—–](?:\s|$))"), NBSP),  # before a dash (an en dash set as a dash too)
        (re.compile(rf"(?<=\d) (?={letter})"), NBSP),  # a number and its noun
        # a word and the number that names it, where no noun follows the number («Компьютер 3», «раздача 2:»;
        # «платит 3 фишки» keeps its number with its noun instead)
        (re.compile(rf"(?<=[А-Яа-яЁё]) (?=[−+-]?\d[\d\u202f]*(?:,\d+)?(?![ \u00a0]?{letter}))"), NBSP),
        (re.compile(rf"(?<![\w-])((?i:{short})) (?=\S)"), r"\1" + NBSP),  # a short word and the word after it
    )


@cache
def _hyphen() -> re.Pattern[str]:
    """A hyphen standing for a minus before a figure."""
    return re.compile(r"(?<![\w\-−])-(?=\d)")


def typeset(text: str) -> str:
    """A Russian sentence with the book's no-break spaces and minus; a command between backquotes as it is.

    >>> typeset("Вика платит 3 фишки Боре — в 2 раза больше")
    'Вика платит 3\\xa0фишки Боре\\xa0— в\\xa02\\xa0раза больше'
    >>> typeset("Итог: Вика -13, Компьютер 3 +4")
    'Итог: Вика\\xa0−13, Компьютер\\xa03 +4'
    >>> typeset("--counters «-3» — отрицательное число")
    '--counters «-3»\\xa0— отрицательное число'
    >>> typeset("Скажите `popejoan count Ann -3 в 2 раза`, и всё")
    'Скажите `popejoan count Ann -3 в 2 раза`, и\\xa0всё'
    >>> typeset(typeset("у Вики 5 фишек")) == typeset("у Вики 5 фишек")
    True
    >>> typeset("3 apples - a message the catalogue lacks")
    '3 apples - a message the catalogue lacks'

    """
    if (" " not in text and "-" not in text) or not any("а" <= c <= "я" or c == "ё" for c in text.lower()):
        return text  # no space to set, or not a Russian sentence (a message the catalogue lacks stays English)
    parts = text.split("`")
    for i in range(0, len(parts), 2):  # the even parts are outside backquotes
        for pattern, replacement in _spaces():
            parts[i] = pattern.sub(replacement, parts[i])
        parts[i] = _minus(parts[i])
    return "`".join(parts)


def _minus(text: str) -> str:
    """The minus for a hyphen before a figure, outside «ёлочки»: a quoted word is what a person typed (`--counters
    «-3»`), and stays so."""
    if "-" not in text:
        return text
    quoted = re.split(r"(«[^»]*»)", text)
    return "".join(part if part.startswith("«") else _hyphen().sub(MINUS, part) for part in quoted)


def _month_name(number: int, genitive: bool) -> str:
    """The month's name from the catalogue (`i18n.month_name`), read from the module as it stands imported: a
    language other than English has imported it to say anything, and this module is imported by it."""
    name: str = sys.modules["popejoan_cli.render.i18n"].month_name(number, genitive)
    return name


_SUITS = {"letters": False}
"""Whether this command's output sets each suit as its letter: `cli.terminal.prepare` says so as a command starts."""


def suits_as_letters() -> bool:
    """Whether a suit is set as its letter (POPEJOAN_SUITS=letters, or a terminal that cannot show ♦: the
    terminal writes them so, docs/terminal.md), so that words adding the letter after a symbol (`9♦ (9D)`) say
    the card once."""
    return _SUITS["letters"]


def set_suits_as_letters(letters: bool) -> None:
    """Told by the terminal as each command starts: its stdout sets the suits as letters, or not."""
    _SUITS["letters"] = letters


def _english() -> bool:
    """Whether the command speaks English (read from `render.i18n` once imported; an English command that writes
    a date need not import it)."""
    i18n = sys.modules.get("popejoan_cli.render.i18n")
    return i18n is None or i18n.language() == "en"


def day(when: date) -> str:
    """A day as the table's language writes it: `2026-12-01`; «1 декабря 2026».

    >>> from datetime import date
    >>> from popejoan_cli.render import i18n
    >>> day(date(2026, 12, 1))
    '2026-12-01'
    >>> i18n.use("ru")
    >>> day(date(2026, 12, 1))
    '1\\xa0декабря 2026'
    >>> i18n.use("en")
    """
    if _english():
        return when.isoformat()

    return f"{when.day}{NBSP}{_month_name(when.month, genitive=True)} {when.year}"


def month(year: int, number: int) -> str:
    """A month as the table's language writes it: `2026-12`; «декабрь 2026».

    >>> from popejoan_cli.render import i18n
    >>> i18n.use("ru")
    >>> month(2026, 12)
    'декабрь 2026'
    >>> i18n.use("en")
    >>> month(2026, 12)
    '2026-12'
    """
    if _english():
        return f"{year:04d}-{number:02d}"
    return f"{_month_name(number, genitive=False)} {year}"


def on_day(iso: str) -> str:
    """A day the journal wrote (`2026-12-01`, the start of an ISO time) as the language writes it: `2026-12-01`;
    «1 декабря 2026». Anything that is not such a day is returned as it is."""
    from datetime import date  # only where a day is written: most commands write none

    try:
        return day(date.fromisoformat(iso[:10]))
    except ValueError:
        return iso


def short_day(iso: str) -> str:
    """A day in a narrow cell (a history row's first), without its year: `12-01`; «01.12», as a Russian
    writes a date in figures (day, then month, with points)."""
    if _english() or len(iso) < 10:
        return iso[5:10]
    return f"{iso[8:10]}.{iso[5:7]}"
