"""Text that cannot be shown: stdout and stderr on a stream whose encoding has no ♣ ♦ ♥ ♠.

This module owns what popejoan writes when the terminal, file or pipe it writes to cannot
encode the suit symbols: a C or POSIX locale (ASCII), or Windows, where output redirected
to a file or a pipe is encoded in the ANSI code page (cp1252). Python would stop the command
with a UnicodeEncodeError; instead `prepare`, called as each command starts, gives such a
stream the error handler `popejoan-letters`, which writes:

- the suits as their letters, so a card reads as popejoan takes it as input: A♠ is `AS`,
  10♥ `10H` (♣ C, ♦ D, ♥ H, ♠ S);
- common typography as ASCII (… `...`, – and — `-`, × `x`, · `.`, ’ `'`, “ ” `"`, → `->`,
  box drawing `+ - |`), and anything else as `?` (a name written in another script too).

Only what the stream cannot encode is replaced: cp1252 keeps its é and its dashes. rich
draws its tables with ASCII borders by itself when the stream's encoding is not a UTF one.
`--json` output on such a stream escapes every non-ASCII character instead (`ensure_ascii`),
so the data stays exact (`ascii_json`). Files popejoan writes are always UTF-8, whatever the
locale.

When it happens and stderr is a terminal, one line on stderr says so and how to see the
symbols (PYTHONUTF8=1; on Windows, `chcp 65001` in an old console). `POPEJOAN_SUITS=letters`
writes the suits as letters even where they could be shown (a Windows console font without
the glyphs) and silences that line; the rest of the text is left as it is. docs/terminal.md
says the same for users.

Under such a locale the arguments come in undecoded too: `utf8_argv` reads them as UTF-8 when
they are, so `--players Zoë` is Zoë in the journal whatever the locale.
"""

from __future__ import annotations

import codecs
import os
import sys
from typing import Any, TextIO

from popejoan_cli.render.typeset import set_suits_as_letters

SUITS = "♣♦♥♠"
HANDLER = "popejoan-letters"
"""The codecs error handler that writes what a stream cannot encode in ASCII."""
LETTERS = "-letters"
"""The suffix of the codec `POPEJOAN_SUITS=letters` gives a stream: `utf-8-letters` is UTF-8 with
the suits as letters (rich still sees a UTF encoding, so its borders stay drawn as lines)."""

SUIT_LETTERS = {ord(k): v for k, v in {"♣": "C", "♦": "D", "♥": "H", "♠": "S",
                                        "♧": "C", "♢": "D", "♡": "H", "♤": "S"}.items()}
RUSSIAN_LETTERS = {ord(k): v for k, v in {"♣": "т", "♦": "б", "♥": "ч", "♠": "п",
                                           "♧": "т", "♢": "б", "♡": "ч", "♤": "п"}.items()}
"""The suits as a Russian table types them (Тб is the ace of diamonds): where the stream can write
Cyrillic (`POPEJOAN_SUITS=letters` on a UTF-8 terminal), a Russian command's cards read `Тб`, not `ТD`."""
ASCII_FOR = {**SUIT_LETTERS, **{ord(k): v for k, v in {
    "…": "...", "–": "-", "—": "-", "‒": "-", "―": "-", "−": "-", "‐": "-", "‑": "-", "×": "x", "·": ".",
    "•": "*", "‘": "'", "’": "'", "‚": ",", "“": '"', "”": '"', "„": '"', "«": '"', "»": '"', "′": "'",
    "→": "->", "←": "<-", "↔": "<->", "⇒": "=>", "↑": "^", "↓": "v", "≤": "<=", "≥": ">=", "≠": "!=",
    "\u00a0": " ", "\u2009": " ", "\u202f": " ", "\u2007": " ", "\u200b": "", "\ufe0f": "", "\ufe0e": "",
    "✓": "v", "✔": "v", "✗": "x", "✘": "x"}.items()}}
HORIZONTAL = frozenset((0x2500, 0x2501, 0x2504, 0x2505, 0x2508, 0x2509, 0x254C, 0x254D, 0x2550,
                        0x2574, 0x2576, 0x2578, 0x257A, 0x257C, 0x257E))
VERTICAL = frozenset((0x2502, 0x2503, 0x2506, 0x2507, 0x250A, 0x250B, 0x254E, 0x254F, 0x2551,
                      0x2575, 0x2577, 0x2579, 0x257B, 0x257D, 0x257F))


def ascii_for(char: str) -> str:
    """What `char`, which the stream cannot encode, is written as."""
    found = ASCII_FOR.get(ord(char))
    if found is not None:
        return found
    code = ord(char)
    if 0x2500 <= code <= 0x257F:  # box drawing: a line across, a line down, or a corner or crossing
        return "-" if code in HORIZONTAL else "|" if code in VERTICAL else "+"
    if 0x2580 <= code <= 0x259F:  # block elements: the bars of a chart
        return "#"
    return "?"


def letters(err: UnicodeError) -> tuple[str, int]:
    """The `popejoan-letters` error handler: each character the encoder could not encode, in ASCII."""
    if not isinstance(err, UnicodeEncodeError):
        raise err
    return "".join(ascii_for(c) for c in err.object[err.start:err.end]), err.end


def suit_letters() -> dict[int, str]:
    """The letters the suits are written as in the command's language (English's C D H S unless it
    speaks Russian). `render.i18n` is looked up, not imported: a command that says no words has none."""
    i18n = sys.modules.get("popejoan_cli.render.i18n")
    return RUSSIAN_LETTERS if i18n is not None and i18n.language() == "ru" else SUIT_LETTERS


class LettersEncoder(codecs.IncrementalEncoder):
    """An encoder that writes the suits as letters, then encodes as its base codec does."""

    def __init__(self, base: codecs.CodecInfo, errors: str = "strict") -> None:
        super().__init__(errors)
        self.inner = base.incrementalencoder(errors)

    def encode(self, input: str, final: bool = False) -> bytes:
        return self.inner.encode(input.translate(suit_letters()), final)

    def reset(self) -> None:
        self.inner.reset()


def find_codec(name: str) -> codecs.CodecInfo | None:
    """The codec search function: `utf-8-letters` (codecs hands it over as `utf_8_letters`)."""
    base_name = name.removesuffix(LETTERS.replace("-", "_"))
    if base_name == name:
        return None
    base = codecs.lookup(base_name)

    def encode(text: str, errors: str = "strict") -> tuple[bytes, int]:
        return base.encode(text.translate(suit_letters()), errors)[0], len(text)

    def incremental(errors: str = "strict") -> LettersEncoder:
        return LettersEncoder(base, errors)

    return codecs.CodecInfo(encode, base.decode, incrementalencoder=incremental,
                            incrementaldecoder=base.incrementaldecoder, name=base.name + LETTERS)


codecs.register_error(HANDLER, letters)
codecs.register(find_codec)


def can_show(stream: Any, text: str = SUITS) -> bool:
    """Whether `stream` encodes `text` as it is (a stream without an encoding is taken to be UTF-8)."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    if encoding.lower().endswith(LETTERS):
        return False
    try:
        text.encode(encoding)
    except (UnicodeError, LookupError):
        return False
    return True


def forced() -> bool:
    """POPEJOAN_SUITS=letters: letters even where the symbols could be shown, and no hint."""
    return os.environ.get("POPEJOAN_SUITS", "").strip().lower() == "letters"


def fix(stream: Any, letters_wanted: bool) -> bool:
    """Give `stream` the letters if it needs them (or they are wanted); True if this call changed it.

    Calling it again on the same stream changes nothing: the shell runs many commands on one."""
    if not hasattr(stream, "reconfigure") or stream.errors == HANDLER:
        return False
    encoding = stream.encoding or "utf-8"
    if encoding.lower().endswith(LETTERS):
        return False
    if not can_show(stream):
        stream.reconfigure(errors=HANDLER)
        return True
    if letters_wanted:
        stream.reconfigure(encoding=codecs.lookup(encoding).name + LETTERS)
        return True
    return False


def hint(encoding: str) -> str:
    """The line on stderr that says what happened and how to see the symbols (ASCII itself)."""
    return (f"popejoan: this terminal's encoding ({encoding}) cannot show the suit symbols; suits are shown "
            "as letters (C D H S: AS is the ace of spades). To see the symbols, set PYTHONUTF8=1 (on Windows "
            "also run `chcp 65001` in an old console), or set POPEJOAN_SUITS=letters to keep letters and "
            "silence this.\n")


def should_hint(err: TextIO, short: str | None, letters_wanted: bool) -> bool:
    """The hint is for a person (stderr a terminal) who did not ask for letters, when a stream was short."""
    return short is not None and not letters_wanted and err.isatty()


def prepare() -> None:
    """At the start of a command: stdout and stderr write what they cannot encode in ASCII, and a
    person at a terminal is told once (the first time a stream is changed)."""
    wanted = forced()
    short: str | None = None
    for stream in (sys.stdout, sys.stderr):
        was_short = not can_show(stream)
        if fix(stream, wanted) and was_short and short is None:
            short = stream.encoding
    if should_hint(sys.stderr, short, wanted):
        sys.stderr.write(hint(short or "ascii"))
        sys.stderr.flush()
    set_suits_as_letters(wanted or not can_show(sys.stdout))  # the suits as letters: `9б`, never `9б (9б)`


def ascii_json() -> bool:
    """Whether `--json` on stdout must escape non-ASCII text: stdout is not plain UTF (the letters
    of POPEJOAN_SUITS=letters included), so transliterating would change the data."""
    encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
    try:
        name = codecs.lookup(encoding).name
    except LookupError:
        return True
    return not name.startswith("utf") or name.endswith(LETTERS)


def utf8_argv() -> None:
    """Read the arguments as UTF-8 where the locale could not: under a C locale Python decodes
    `Zoë` typed in a UTF-8 terminal as `Zo` and two undecodable bytes, which would become a
    name nobody can type again. An argument that is not valid UTF-8 is left as it came."""
    if os.name != "posix" or sys.getfilesystemencoding().lower().replace("-", "") == "utf8":
        return
    sys.argv[1:] = [as_utf8(arg) for arg in sys.argv[1:]]


def as_utf8(arg: str) -> str:
    """`arg`'s bytes, as the system handed them over, decoded as UTF-8 if they are UTF-8."""
    if arg.isascii():
        return arg
    try:
        return os.fsencode(arg).decode("utf-8")
    except UnicodeError:
        return arg
