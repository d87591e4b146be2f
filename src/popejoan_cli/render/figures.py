"""How the table's language writes figures and quotes: counts, signed nets, decimals, money, ranges, and a quoted word.

The one place that knows it. English is written exactly as it always was (`1,048,576`, `+15`, `-27`,
`7.60 EUR`, `'vecher'`); a Russian table reads them as a Russian book sets them (Мильчин, «Справочник
издателя и автора»):

- a decimal comma: `0,05`, `7,60`;
- thousands grouped by U+202F NARROW NO-BREAK SPACE, never a comma: `12 000`, `1 048 576`. A
  number of four digits is not split (`2500`), as the book has it; from five digits on it is. The
  narrow no-break space is the separator Unicode and CLDR give French; in a terminal's fixed width
  it takes one cell, as a space does, and it says "keep these digits together";
- the minus sign U+2212 for a negative (`−27`), never the hyphen; a net above zero keeps its plus
  (`+15`), and a zero is `0`, unsigned;
- money: the amount, a no-break space (U+00A0) and the currency as it was typed (`--currency`, EUR
  by default; JSON keeps it too): `7,60 EUR`, `−0,35 RUB`, `12 345,00 EUR`. The code and not a sign
  (€, ₽): the currency is free text a person types, and a code reads the same in every language;
- an en dash between the ends of a range: `2–7`;
- a quoted word or name in «ёлочки» (`{name!r}` in a message, a `base.marks.Quoted` from the pure
  layers), its control characters shown as the escapes `repr` would write.

A message's placeholders are filled by `book` in Russian, so a translation needs no code of its own:
a whole number is written as `count` writes it (`{n}`, `{n:,}`: 11 980, −27), `{net:+d}` is signed,
`{name!r}` takes «», a `Decimal` its comma. Only a number a person types back is written as typed,
never grouped: a seed, a port, a process id (`AS_TYPED`, by the placeholder's name).

Why not Babel (the guide prefers a well-kept library for number formatting): measured on 1 December
2026, Babel 2.19 is 36 MB installed and its first Russian `format_currency` costs 36–47 ms (import
and locale data) in a command whose whole start-up is about 80 ms (bench/startup.py); and CLDR's
Russian is not the book's: it writes the hyphen-minus for a negative (`-27`), U+00A0 as the group
separator, groups four digits (`1 000`) and the sign after the amount (`7,60 €`), so its output would
have to be rewritten anyway. The rules above are a few lines, and this module imports nothing that
start-up would notice (it is imported only where a figure is written, and in Russian by `i18n.fill`).
"""

from __future__ import annotations

import re
import string
import sys
from decimal import Decimal
from typing import TYPE_CHECKING

from popejoan_cli.base.marks import Grouped, Listed, Quoted
from popejoan_cli.base.visible import escape_char, is_control

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

__all__ = ["book", "count", "decimal", "field", "grouped", "keep_together", "money", "quote", "signed", "span"]

GROUP = "\u202f"
"""Between groups of three digits in Russian: NARROW NO-BREAK SPACE."""
BEFORE_CURRENCY = "\u00a0"
"""Between an amount and its currency in Russian: NO-BREAK SPACE, so a line never ends on the number."""
MINUS = "\u2212"
EN_DASH = "\u2013"

AS_TYPED = frozenset({"seed", "port", "pid"})
"""Placeholders whose number a person types back (`--seed 123456`): written as typed in every language."""

_NUMBER = r"([+-]?)(\d+)((?:\.\d+)?)"
"""A number as English writes it; compiled at its first use (`re`'s cache), so English never pays for it."""


def _russian(english: str) -> str:
    """A number as English writes it without grouping (`-1234567.5`, `+15`), as a Russian book does (`−1 234 567,5`)."""
    def one(m: re.Match[str]) -> str:
        sign, whole, fraction = m.groups()
        if len(whole) >= 5:
            whole = f"{int(whole):,}".replace(",", GROUP)
        return (MINUS if sign == "-" else sign) + whole + fraction.replace(".", ",")

    return re.sub(_NUMBER, one, english)


def _english() -> bool:
    """Whether the command speaks English: it does until `render.i18n` has been told another language (read from
    the module once imported, never imported here: `i18n.fill` imports this module)."""
    i18n = sys.modules.get("popejoan_cli.render.i18n")
    return i18n is None or i18n.language() != "ru"


def count(n: int) -> str:
    """A count as a sentence or a column shows it: `12000` (as it always was); `12 000`, `−27`."""
    return str(n) if _english() else _russian(str(n))


def grouped(n: int) -> str:
    """A number the English groups by thousands: `1,048,576`; `1 048 576` (`2500` stays whole)."""
    return f"{n:,}" if _english() else _russian(str(n))


def signed(n: int) -> str:
    """A net, a change: `+15`, `-27`, `+0`; `+15`, `−27`, `0`."""
    if _english():
        return f"{n:+d}"
    return _russian(f"{n:+d}") if n else "0"


def decimal(value: Decimal | float, spec: str = "") -> str:
    """A decimal (money per counter, a mean): `0.05`, `+0.125`; `0,05`, `+0,125`. `spec` is a format
    spec for it (`+.3f`); without one a `Decimal` is written as it was typed (`0.050`), never with an
    exponent in Russian."""
    if _english():
        return format(value, spec) if spec else str(value)
    return _russian(format(value, spec or ("f" if isinstance(value, Decimal) else "")))


def money(cents: int, currency: str) -> str:
    """An amount of money in whole cents: `-7.60 EUR`; `−7,60 EUR`."""
    sign = "-" if cents < 0 else ""
    amount = f"{sign}{abs(cents) // 100}.{abs(cents) % 100:02d}"
    return f"{amount} {currency}" if _english() else f"{_russian(amount)}{BEFORE_CURRENCY}{currency}"


def span(low: object, high: object) -> str:
    """The ends of a range: `2-7`; `2–7`."""
    return f"{low}-{high}" if _english() else f"{low}{EN_DASH}{high}"


def quote(text: str) -> str:
    """A word or name quoted: `'vecher'`; `«vecher»` (a control character in it shown as its escape, as `repr` does)."""
    if _english():
        return repr(text)
    return "«" + "".join(escape_char(c) if is_control(c) or not c.isprintable() else c for c in text) + "»"


NO_BREAK = "\u00a0\u202f"
_WORD = rf"[^\S{NO_BREAK}]*(?:\S|[{NO_BREAK}])+[^\S{NO_BREAK}]*"
"""A word as rich wraps a line, a no-break space inside it (rich's own, `\\s*\\S+\\s*`, breaks at any space)."""


def keep_together() -> None:
    """Tell rich that a no-break space holds its word together: it wraps at any Unicode space (`\\s` in
    `rich._wrap.re_word`), so a wrapped sentence could end on «60» and go on with «000 фишек». Done once, only
    where rich's pattern is the one it has always had; another rich is left as it is."""
    wrap = sys.modules.get("rich._wrap")
    pattern = getattr(wrap, "re_word", None)
    if wrap is not None and pattern is not None and pattern.pattern == r"\s*\S+\s*":
        wrap.re_word = re.compile(_WORD)  # type: ignore[attr-defined]


def field(value: object, spec: str = "", conversion: str | None = None, name: str = "") -> str:
    """The value of the placeholder `name` as the current language writes it (`book` does this for each)."""
    if name in AS_TYPED and type(value) is int:
        value = str(value)
    return _BOOK.format_field(_BOOK.convert_field(value, conversion), spec)


class _Book(string.Formatter):
    """Fills a Russian message's placeholders: figures and quotes as the module's docstring says, anything else
    as `str.format` would."""

    def get_value(self, key: int | str, args: Sequence[object], kwargs: Mapping[str, object]) -> object:
        value = super().get_value(key, args, kwargs)
        return str(value) if key in AS_TYPED and type(value) is int else value

    def convert_field(self, value: object, conversion: str | None) -> object:
        if conversion == "r" and type(value) is str:
            return Quoted(value)
        return super().convert_field(value, conversion)

    def format_field(self, value: object, format_spec: str) -> str:
        if isinstance(value, Quoted):
            return quote(value.text)
        if isinstance(value, Listed):
            return value.sep.join(quote(word) for word in value.words)
        if isinstance(value, Grouped):
            return grouped(value.number)
        if type(value) is int and format_spec in ("", "d", ",", ",d", "+", "+d"):
            return signed(value) if format_spec.startswith("+") else count(value)
        if isinstance(value, (Decimal, float)):
            return decimal(value, format_spec)
        return format(value, format_spec)


_BOOK = _Book()


def book(text: str, named: dict[str, object]) -> str:
    """`text`'s placeholders filled from `named` as the current language writes figures and quotes (`text.format`
    in English)."""
    return text.format(**named) if _english() else _BOOK.vformat(text, (), named)
