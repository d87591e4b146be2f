"""Text from people and files made safe to show on a terminal or to write into a line-based file.

Names, titles, labels, descriptions and seeds come from people and from files. A control
character in one must never reach a terminal or an accounting file as itself: an ESC
starts a terminal escape sequence (colours, a cleared screen, a changed window title), a
carriage return or backspace overwrites what was printed, and a newline in an hledger or
beancount file starts a new directive. `shown` replaces each such character with a visible
escape in the style Python uses (`\\x1b`, `\\n`, `\\u202e`), so the reader sees that
something odd was there. The entry points validate names as they come in; this is the
defence at the exit. Pure: no files, no printing.
"""

from __future__ import annotations

import unicodedata

from popejoan_cli.base.errors import Said

# The bidirectional controls can make a line read differently from the bytes it holds;
# the rest of the format characters (zero-width joiners in emoji, soft hyphens) are harmless.
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def is_control(ch: str) -> bool:
    """A character that acts instead of showing: C0/C1 controls, DEL, line and paragraph
    separators, and the bidirectional controls."""
    return unicodedata.category(ch) in ("Cc", "Zl", "Zp") or ch in _BIDI


def escape_char(ch: str) -> str:
    """One control character as a visible escape: `\\n`, `\\x1b`, `\\u2028`."""
    named = _NAMED.get(ch)
    if named is not None:
        return named
    code = ord(ch)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def shown(text: str, *, multiline: bool = False) -> str:
    """`text` with every control character as a visible escape; `multiline` keeps newlines
    and tabs (a description may run over several lines)."""
    if text.isprintable():
        return text
    keep = "\n\t" if multiline else ""
    return "".join(escape_char(ch) if is_control(ch) and ch not in keep else ch for ch in text)


def shown_lines(text: str) -> str:
    """`shown` for a message of several lines: each line's controls escaped, its newlines kept. Only a
    newline ends a line here (a path or a typed word may hold U+2028, which `splitlines` would obey)."""
    if text.isprintable():
        return text
    return "\n".join(shown(line) for line in text.split("\n"))


def shown_said(text: str) -> str:
    """`shown`, keeping a `Said` a `Said` so that another language still says it: its English escaped
    whole, as `shown` escapes any text, and each of its values escaped for the language that fills them
    in (a file's words sit in the values: a name with an ESC in it, say)."""
    if not isinstance(text, Said):
        return shown(text)
    if text.isprintable():
        return text
    out = str.__new__(type(text), shown(text))
    out.__dict__.update(text.__dict__)
    out.params = {k: shown_said(v) if isinstance(v, str) else v for k, v in text.params.items()}
    return out
