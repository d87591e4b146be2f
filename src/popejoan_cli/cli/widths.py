"""Plain text fitted to the terminal's width: stderr's lines, the shell's `help`, and `--help`'s texts reflowed.

rich wraps what it prints on stdout; what popejoan writes itself (an error and its hint, a warning, the undo
confirmation, the shell's list of commands) was written as it came, so a 300-character hint ran past the edge
and the terminal broke it mid-word (issue 39). Here:

- `columns`: the width to fit: `COLUMNS` when it is a whole number, else the terminal's own when the stream
  is one, else 80 (a pipe or a file);
- `fitted`: each line of a text broken at its spaces to that width, never inside a card (`10♥`), a quoted
  name (`'Mary Ann'`, «Мария Анна») or a `command` where it fits on a line; a continuation indented under
  the text it continues (under the message after `popejoan: `, two spaces deeper than an indented line);
- `Fitted`: a stream that fits each line written to it, which a command's stderr is while it runs
  (`cli.command`) where it is a terminal (a pipe or a log gets each line whole); text with an escape or a
  carriage return (a progress bar) passes as it is;
- `reflowed`: within, every help text of the command tree with the line breaks of its docstring's paragraphs
  taken out, so that rich wraps them to the width instead of keeping an orphan word on a line of its own.

Only the standard library at import; rich's cell widths are looked up for text that is not ASCII alone.
"""

from __future__ import annotations

import functools
import os
import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

FALLBACK = 80
"""The width of a stream that is no terminal when COLUMNS does not say: a pipe, a file, a test."""
LEAD = "popejoan: "
"""A message's own start: its continuation lines are indented under the words after it."""


@functools.cache
def quoted() -> re.Pattern[str]:
    """What a line is not broken inside where it fits whole: a `command`, a 'name', a "name", «имя», and a short
    aside in brackets (`(9♦️)`); an apostrophe inside a word (Ann's) opens no quote. Compiled when a line is
    first fitted, not as every command starts (a third of a millisecond)."""
    return re.compile(r"`[^`\n]+`|(?<!\w)'[^'\n]+'(?!\w)|\"[^\"\n]+\"|«[^»\n]+»|“[^”\n]+”|\([^()\n]{1,24}\)")


def columns(stream: Any = None) -> int:
    """The width to fit text to: COLUMNS when set to a whole number (at least 20), else the width of the
    terminal `stream` is, else `FALLBACK`."""
    told = os.environ.get("COLUMNS", "").strip()
    if told.isdigit() and int(told) > 0:
        return max(20, int(told))
    try:
        if stream is not None and stream.isatty():
            return max(20, os.get_terminal_size(stream.fileno()).columns)
    except (AttributeError, OSError, ValueError):
        pass
    return FALLBACK


def cells(text: str) -> int:
    """How many terminal cells `text` takes (a wide character two, a combining mark none)."""
    if text.isascii():
        return len(text)
    from rich.cells import cell_len  # only text that is not ASCII alone

    return cell_len(text)


def fitted(text: str, width: int) -> str:
    """Each line of `text` on lines of at most `width` cells (`fit_line`)."""
    return "\n".join("\n".join(fit_line(line, width)) for line in text.split("\n"))


def hanging(line: str) -> str:
    """The indent of `line`'s continuations: under the message after `popejoan: `, else two spaces deeper."""
    if line.startswith(LEAD):
        return " " * len(LEAD)
    return " " * (len(line) - len(line.lstrip(" ")) + 2)


def fit_line(line: str, width: int, indent: str | None = None) -> list[str]:
    """`line` broken at its spaces into lines of at most `width` cells, continuations indented by `indent`
    (`hanging`'s by default); a quoted span or short aside that fits a line is never broken inside, a word
    wider than a line is cut at the edge, as a last resort."""
    if cells(line) <= width:
        return [line]
    indent = hanging(line) if indent is None else indent
    if cells(indent) > width // 2:
        indent = "  "
    room = width - cells(indent)
    out: list[str] = []
    now = ""
    for piece in pieces(line, room):
        if now and cells((now + piece).rstrip(" ")) > (width if not out else room):
            out.append(now.rstrip(" "))
            now = ""
            piece = piece.lstrip(" ")
        now += piece
        while cells(now.rstrip(" ")) > (width if not out else room):  # one word wider than a line
            head, now = cut(now, width if not out else room)
            out.append(head)
    out.append(now.rstrip(" "))
    return [out[0], *(indent + rest for rest in out[1:] if rest)]


def pieces(line: str, room: int) -> list[str]:
    """`line` cut after each run of spaces, except inside a quoted span of at most `room` cells."""
    inside: set[int] = set()
    for found in quoted().finditer(line):
        if cells(found.group()) <= room:
            inside.update(range(found.start() + 1, found.end()))
    cuts = [i for i in range(1, len(line)) if line[i - 1] == " " and line[i] != " " and i not in inside]
    return [line[a:b] for a, b in zip([0, *cuts], [*cuts, len(line)], strict=True)]


def cut(text: str, width: int) -> tuple[str, str]:
    """The longest start of `text` that takes at most `width` cells (one character at least), and the rest."""
    n = 1
    while n < len(text) and cells(text[:n + 1]) <= width:
        n += 1
    return text[:n], text[n:]


class Fitted:
    """A text stream whose every whole line is written to `inner` fitted to its width (`columns`); a partial
    line (a question before its answer) is written at once, as it is. Anything else is `inner`'s."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.open = False
        """Whether `inner`'s current line was begun by an earlier write (its end is written as it is)."""

    def write(self, text: str) -> int:
        if "\x1b" in text or "\r" in text:
            self.inner.write(text)
            self.open = not text.endswith("\n")
            return len(text)
        *whole, rest = text.split("\n")
        width = columns(self.inner) if whole else 0
        for i, line in enumerate(whole):
            self.inner.write((line if i == 0 and self.open else "\n".join(fit_line(line, width))) + "\n")
        if whole:
            self.open = False
        if rest:
            self.inner.write(rest)
            self.open = True
        return len(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


def at_terminal(stream: Any) -> bool:
    """Whether what is written to `stream` is fitted: a terminal's (a pipe or a file gets the lines whole, as
    a script or a log reads them)."""
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def for_stderr(text: str) -> str:
    """`text` as written to stderr: fitted to its width at a terminal (`at_terminal`), else as it is."""
    return fitted(text, columns(sys.stderr)) if at_terminal(sys.stderr) else text


@contextmanager
def fitted_stderr() -> Iterator[None]:
    """Within: `sys.stderr` fitted to the width (`Fitted`) where it is a terminal, put back after."""
    before = sys.stderr
    if isinstance(before, Fitted) or not at_terminal(before):
        yield
        return
    sys.stderr = Fitted(before)
    try:
        yield
    finally:
        if isinstance(sys.stderr, Fitted):
            sys.stderr = sys.stderr.inner


def reflow(text: str) -> str:
    """`text` with the line breaks inside each paragraph taken out (a paragraph click keeps as it is, marked
    with a backspace line, stays); the blank lines between paragraphs stay."""
    return "\n\n".join(p if p.startswith("\b") else " ".join(s.strip() for s in p.split("\n") if s.strip())
                       for p in text.strip().split("\n\n"))


def _tree(group: Any) -> Iterator[Any]:
    yield group
    for sub in getattr(group, "commands", {}).values():
        yield from _tree(sub)


@contextmanager
def reflowed(group: Any) -> Iterator[None]:
    """Within: each help text of the tree under `group` (a command's help and short help, an option's help)
    reflowed (`reflow`); put back after, so the tree keeps its texts as typed (the catalogue's msgids)."""
    saved: list[tuple[Any, str, Any]] = []
    for obj in _tree(group):
        for thing in (obj, *getattr(obj, "params", ())):
            for attr in ("help", "short_help"):
                text = getattr(thing, attr, None)
                if isinstance(text, str) and "\n" in text.strip().replace("\n\n", ""):
                    saved.append((thing, attr, text))
                    setattr(thing, attr, reflow(text))
    try:
        yield
    finally:
        for thing, attr, text in reversed(saved):
            setattr(thing, attr, text)
