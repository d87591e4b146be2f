"""Bounds on what people's files and options may hold: integers, nesting, and text.

House-rule files, deal files and ledger exports come from people, so everything read from
them is bounded before the rest of popejoan sees it. Each value has its own range, checked
where it is used (a stake, a seed); before that, an integer of more than 100 digits is
refused where it is read, so that no later message tries to print it (Python refuses to
turn an integer of more than 4,300 digits into text, and `0x` integers have no such limit).
Nesting is bounded so that nothing downstream recurses into a hostile document. Text that
reaches a terminal, a journal or an accounting export may hold no control characters (as
`visible` defines them). Pure: no files.
"""

from __future__ import annotations

import math
import re
from typing import Any

from popejoan_cli.base.errors import BadInput, Said, SaidN
from popejoan_cli.base.marks import Grouped, Quoted
from popejoan_cli.base.visible import is_control, shown

HUGE_DIGITS = 100
HUGE = 10**HUGE_DIGITS
INT_RULE = Said("no number in a popejoan file has more than 19 digits")
MAX_DEPTH = 16
"""No popejoan file nests tables and arrays more than 5 deep; 16 leaves room and stops abuse."""
_MAX_REPORTED = 20

_LONG_DIGITS = r"[0-9][0-9_]{4300,}"
"""More digits than Python turns into an integer, which is when `tomllib` fails unplaced. A pattern that `re`
compiles (and keeps) when a file is first read, not as every command starts (issue 27)."""


class TooLong:
    """Stands in for a JSON integer with too many digits to convert (see `json_int`)."""

    __slots__ = ("digits",)

    def __init__(self, digits: int) -> None:
        self.digits = digits


def json_int(text: str) -> int | TooLong:
    """`json.loads(parse_int=...)`: an integer, or a `TooLong` that `shape_problems` reports."""
    digits = len(text.lstrip("-").lstrip("0"))
    return TooLong(digits) if digits > HUGE_DIGITS else int(text)


def int_text(n: int) -> str:
    """A number for a message: `1,234`, or `a number of about 5,000 digits` when it is huge."""
    if -(10**24) < n < 10**24:
        return Grouped(n)
    digits = int(n.bit_length() * 0.30103) + 1
    if n < 0:
        return SaidN("a negative number of about {n:,} digit", "a negative number of about {n:,} digits", digits)
    return SaidN("a number of about {n:,} digit", "a number of about {n:,} digits", digits)


def cut(text: str, limit: int = 40) -> str:
    """`text` quoted for a message, cut in the middle when long: 'aaaa…aaaa' (5,000 characters)."""
    if len(text) <= limit:
        return Quoted(text)
    half = limit // 2
    return SaidN("{text} ({n:,} character)", "{text} ({n:,} characters)", len(text),
                 text=Quoted(text[:half] + "…" + text[-half:]))


def digits_problem(text: str) -> tuple[int, int, str] | None:
    """Where a TOML text holds an integer too long to read: (line, column, message), or None."""
    m = re.search(_LONG_DIGITS, text)
    if m is None:
        return None
    line = text.count("\n", 0, m.start()) + 1
    col = m.start() - (text.rfind("\n", 0, m.start()) + 1) + 1
    digits = len(m.group().replace("_", "").lstrip("0"))
    return line, col, SaidN("an integer of {n:,} digit is out of range", "an integer of {n:,} digits is out of range",
                            digits)


def shape_problems(doc: Any, max_depth: int = MAX_DEPTH) -> list[tuple[tuple[str | int, ...], str]]:
    """Integers of more than 100 digits and nesting too deep in a parsed document, as
    (key path, message).

    Walks without recursion, so a document nested to any depth is reported, not crashed on.
    """
    found: list[tuple[tuple[str | int, ...], str]] = []
    stack: list[tuple[tuple[str | int, ...], Any]] = [((), doc)]
    while stack and len(found) < _MAX_REPORTED:
        path, value = stack.pop()
        if isinstance(value, dict | list):
            if len(path) >= max_depth:
                found.append((path, Said("nested more than {depth} deep; no popejoan file nests that far",
                                         depth=max_depth)))
                continue
            items = value.items() if isinstance(value, dict) else enumerate(value)
            stack.extend(reversed([((*path, k), v) for k, v in items]))
        elif isinstance(value, TooLong):
            found.append((path, SaidN("an integer of {n:,} digit is out of range; {rule}",
                                      "an integer of {n:,} digits is out of range; {rule}", value.digits,
                                      rule=INT_RULE)))
        elif isinstance(value, int) and not isinstance(value, bool) and not -HUGE < value < HUGE:
            found.append((path, Said("{value} is out of range; {rule}", value=int_text(value), rule=INT_RULE)))
    return found


def key_text(path: tuple[str | int, ...]) -> str:
    """A key path as people read it: `pot[2].stake`, `hands[3].net.Ann`."""
    out = ""
    for part in path:
        out += f"[{part + 1}]" if isinstance(part, int) else (f".{part}" if out else part)
    return shown(out)


def _refused(c: str) -> bool:
    # A control character (see `visible`), or half of a surrogate pair, which JSON can spell
    # ("\ud800") but no UTF-8 file can hold: writing it to the journal would fail.
    if is_control(c):
        return True
    import unicodedata  # only odd text gets this far

    return unicodedata.category(c) == "Cs"


def text_problem(text: str, *, max_len: int, multiline: bool = False, blank_ok: bool = True,
                 padded_ok: bool = False) -> str | None:
    """What is wrong with one text from a file (a name, a title, a label), or None.

    With `multiline` the text may hold newlines and tabs (a description); no text may hold
    other control characters, such as the escape that starts a terminal sequence.
    """
    # Each a clause that follows the text it is about ("'Ann\\n' holds a newline ..."): a caller puts
    # it after the quoted text as `{problem}` in a sentence of its own, and Russian after a colon.
    if len(text) > max_len:
        return SaidN("is {n:,} character long; at most {most} are allowed",
                     "is {n:,} characters long; at most {most} are allowed", len(text), most=Grouped(max_len))
    allowed = "\n\t" if multiline else ""
    if multiline:
        text = text.replace("\r\n", "\n")  # a file saved with Windows line ends
    if not text.isprintable():
        for i, c in enumerate(text):
            if c not in allowed and _refused(c):
                return _control_problem(c, i + 1 if len(text) > 1 else 0, multiline)
    if not blank_ok and not text.strip():
        return Said("is empty")
    if not (multiline or padded_ok) and text != text.strip():
        return Said("starts or ends with a space")
    return None


def _control_problem(c: str, at: int, multiline: bool) -> str:
    """The clause for a control character `c` at character `at` (0: the text is that one character)."""
    if c not in "\r\n\u2028\u2029":
        code = f"U+{ord(c):04X}"
        if at:
            return Said("holds the control character {code} at character {at}", code=code, at=at)
        return Said("holds the control character {code}", code=code)
    if multiline:
        return Said("holds a newline at character {at}", at=at) if at else Said("holds a newline")
    if at:
        return Said("holds a newline at character {at}: it must be one line", at=at)
    return Said("holds a newline: it must be one line")


def whole_number(text: str, lo: int, hi: int) -> int | None:
    """An option's digits as an integer in lo..hi, or None; never converts thousands of digits."""
    word = text.strip()
    negative = word.startswith("-")
    digits = word[1:] if negative else word
    if not (digits.isascii() and digits.isdigit()):
        return None
    digits = digits.lstrip("0") or "0"
    if len(digits) > 19:
        return None
    n = -int(digits) if negative else int(digits)
    return n if lo <= n <= hi else None


def clip(value: object, limit: int = 60) -> object:
    """A value from a file as a message may quote it: a long text is cut short."""
    if isinstance(value, str) and len(value) > limit:
        return value[:limit] + "…"
    return value


def quoted(value: object, limit: int = 60) -> str:
    """`repr` of a value from a file, cut short: a message quotes it, never all of a huge one (a text in the
    language's quotes, `Quoted`, unless its escapes make it too long)."""
    text = repr(clip(value, limit))
    if len(text) > limit + 20:
        return text[:limit] + "…"
    return Quoted(str(clip(value, limit))) if isinstance(value, str) else text


MAX_LOCK_WAIT = 3600
"""The longest `POPEJOAN_LOCK_WAIT` popejoan accepts, in seconds: an hour is longer than any writer holds a table."""


def lock_wait(text: str | None, default: float = 3.0) -> float:  # the hint says 3: keep them one
    """`POPEJOAN_LOCK_WAIT`: seconds to wait for another writer's lock, 0 to 3600; unset or empty, `default`.
    Anything else (a word, `nan`, `inf`, a negative number) is refused (exit 2), never waited on forever."""
    if text is None or not text.strip():
        return default
    try:
        value = float(text) if len(text) <= 40 else math.nan
    except ValueError:
        value = math.nan
    if not 0 <= value <= MAX_LOCK_WAIT:  # NaN compares false: refused too
        raise BadInput(Said("POPEJOAN_LOCK_WAIT={value} is not a number of seconds from 0 to {most}",
                            value=quoted(text), most=MAX_LOCK_WAIT),
                       Said("set it to the seconds to wait for another writer (e.g. 10), or unset it for the "
                            "default of 3"))
    return value
