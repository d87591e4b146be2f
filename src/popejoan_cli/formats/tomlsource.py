"""TOML text with places: parse it, and find the line and column of each key.

`tomllib` gives plain dicts with no positions, so `locate` scans the text once and maps
each key path (`("deck", "ace")`, `("pot", 2, "stake")`) to where it is written. Parse
errors, duplicate keys among them, are turned into located `Problem`s, and so are integers
of absurd size and nesting deeper than any popejoan file needs. The bounds of
each value (a stake, a seed) are checked by the callers.
"""

from __future__ import annotations

import re
import tomllib
from typing import Any

from popejoan_cli.base.errors import Path_, Problem, Said
from popejoan_cli.base.limits import INT_RULE, MAX_DEPTH, digits_problem, key_text, shape_problems
from popejoan_cli.base.marks import Grouped
from popejoan_cli.base.visible import shown, shown_said

MAX_BYTES = 1 << 20
"""House-rule and deal files are small; anything past 1 MiB is refused unread."""

_KEY = re.compile(r"""^(\s*)((?:[A-Za-z0-9_-]+|"[^"]*"|'[^']*')(?:\s*\.\s*(?:[A-Za-z0-9_-]+|"[^"]*"|'[^']*'))*)\s*=""")
_AT = re.compile(r"\(at line (\d+), column (\d+)\)")


def _header(line: str) -> tuple[str, str] | None:
    """(`[` or `[[`, the key text) when `line` is a table header, else None.

    Written by hand: a regular expression for this backtracks cubically on a long line of
    spaces, and a file is up to 1 MiB.
    """
    text = line.strip()
    if not text.startswith("["):
        return None
    opener = "[[" if text.startswith("[[") else "["
    body = text[len(opener):]
    end = body.find("]")
    key = body[:end].strip() if end >= 0 else ""
    rest = body[end + 1:] if end >= 0 else ""
    if opener == "[[":
        if not rest.startswith("]"):
            return None
        rest = rest[1:]
    rest = rest.strip()
    if not key or (rest and not rest.startswith("#")):
        return None
    return opener, key


def _split_key(text: str) -> list[str]:
    parts = re.findall(r"""[A-Za-z0-9_-]+|"[^"]*"|'[^']*'""", text)
    return [_unquote(p) if p[:1] in "\"'" else p for p in parts]


def _unquote(part: str) -> str:
    """A quoted key as the parser reads it: escapes such as `\\u001b` decoded."""
    if part[0] == '"' and "\\" in part:
        try:
            return str(tomllib.loads(f"k = {part}")["k"])
        except tomllib.TOMLDecodeError:
            pass
    return part[1:-1]


def locate(text: str) -> dict[Path_, tuple[int, int]]:
    """Key path -> (line, column), 1-based. Array-of-tables entries are counted."""
    places: dict[Path_, tuple[int, int]] = {}
    table: Path_ = ()
    counts: dict[Path_, int] = {}
    in_multiline: str | None = None
    depth = 0
    for n, line in enumerate(source_lines(text), start=1):
        if in_multiline is not None:
            if in_multiline in line:
                in_multiline = None
            continue
        if depth > 0:
            depth += line.count("[") - line.count("]")
            continue
        header = _header(line)
        if header:
            path: Path_ = tuple(_split_key(header[1]))
            col = line.index(header[0]) + 1
            if header[0] == "[[":
                idx = counts.get(path, 0)
                counts[path] = idx + 1
                table = (*path, idx)
            else:
                table = path
            places.setdefault(table, (n, col))
            continue
        m = _KEY.match(line)
        if not m:
            continue
        key_path = (*table, *_split_key(m.group(2)))
        places.setdefault(key_path, (n, len(m.group(1)) + 1))
        rest = line[m.end() :]
        for quote in ('"""', "'''"):
            if rest.count(quote) == 1:
                in_multiline = quote
        stripped = re.sub(r"""("[^"]*"|'[^']*')""", "", rest.split("#")[0])
        depth = max(stripped.count("[") - stripped.count("]"), 0)
    return places


def source_lines(text: str) -> list[str]:
    """The lines of a TOML text as TOML counts them: only a newline ends a line."""
    return [line.removesuffix("\r") for line in text.split("\n")]


def parse(data: bytes) -> tuple[dict[str, Any] | None, list[Problem], str]:
    """Decode and parse; return (document or None, problems, text).

    Besides TOML's own errors, an integer of more than 100 digits and nesting deeper than any
    popejoan file needs are problems here, located at their keys, so that no caller ever
    meets them.
    """
    if len(data) > MAX_BYTES:
        return None, [Problem(
            Said("file is more than {size} bytes; house-rule and deal files are small", size=Grouped(MAX_BYTES)),
            hint=Said("the limit is {size} bytes (1 MiB)", size=Grouped(MAX_BYTES)),
        )], ""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        return None, [Problem(
            Said("not UTF-8 text (byte {at})", at=exc.start), hint=Said("save the file as UTF-8")
        )], ""
    if not text.strip():
        return None, [Problem(
            Said("file is empty"), hint=Said("start from `popejoan rules new --from modern-stops`")
        )], text
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        return None, [_decode_problem(str(exc), text)], text
    except RecursionError:
        return None, [Problem(Said("arrays or tables nested too deeply to read; popejoan files nest at most "
                                   "{depth} deep", depth=MAX_DEPTH), hint=Said("is this a popejoan file?"))], text
    except ValueError:  # an integer of more digits than Python converts: tomllib does not place it
        found = digits_problem(text)
        line, col, message = found or (0, 0, Said("an integer is out of range"))
        return None, [Problem(message, line=line, col=col, hint=Said("allowed: {rule}", rule=INT_RULE))], text
    shape = shape_problems(doc)
    if shape:
        places = locate(text)
        problems = []
        for path, message in shape:
            line, col = _place(places, path)
            problems.append(Problem(message, key=key_text(path), line=line, col=col))
        return None, problems, text
    return doc, [], text


def _place(places: dict[Path_, tuple[int, int]], path: Path_) -> tuple[int, int]:
    """Where `path` is written: its own line, its table's, or (for a dotted key cut short at
    the nesting limit) the first key written under it."""
    below = [at for key, at in places.items() if key[:len(path)] == path]
    if below:
        return min(below)
    while path:
        if path in places:
            return places[path]
        path = path[:-1]
    return (0, 0)


def located(problems: list[Problem], file: str, text: str) -> list[Problem]:
    """`Problem.located` for each problem, quoting its line safely: a very long line is shown
    around the column, and characters a terminal would act on are shown as escapes."""
    lines = source_lines(text)
    out = []
    for p in problems:
        source = lines[p.line - 1] if 0 < p.line <= len(lines) else ""
        col = p.col
        if len(source) > _QUOTE:
            start = max(min(col - 1 - _QUOTE // 2, len(source) - _QUOTE), 0)
            tail = "…" if start + _QUOTE < len(source) else ""
            source = ("…" if start else "") + source[start:start + _QUOTE] + tail
            col = col - start + (1 if start else 0)
        col = len(shown(source[:col - 1], multiline=True)) + 1 if col > 0 else col
        out.append(Problem(shown_said(p.message), shown(p.key), p.line, col, shown_said(p.hint),
                           shown(source, multiline=True), file))
    return out


_QUOTE = 100
"""At most this many characters of a source line are quoted in a message."""


def _decode_problem(message: str, text: str) -> Problem:
    at = _AT.search(message)
    line, col = (int(at.group(1)), int(at.group(2))) if at else (0, 0)
    reason = _AT.sub("", message).strip()
    key = ""
    lines = source_lines(text)
    if 0 < line <= len(lines):
        m = _KEY.match(lines[line - 1])
        if m:
            key = ".".join(_split_key(m.group(2)))
            # Name the key with its table, as every other problem does.
            for above in reversed(lines[: line - 1]):
                header = _header(above)
                if header:
                    key = ".".join(_split_key(header[1])) + "." + key
                    break
    if "overwrite" in reason.lower() or "redefine" in reason.lower():
        return Problem(
            Said("duplicate key: this key (or table) is already defined"),
            key=key, line=line, col=col,
            hint=Said("each key may be given once; remove or rename one of them"),
        )
    return Problem(
        Said("not valid TOML: {reason}", reason=_reason(reason)), key=key, line=line, col=col,
        hint=Said("see https://toml.io for the syntax"),
    )


def _reason(reason: str) -> str:
    """The TOML reader's reason, as a `Said` when it is one of its fixed sentences (so that another
    language says it too); a reason that quotes the file (`Illegal character ...`) stays as it is."""
    known = {
        "Invalid value": Said("Invalid value"),
        "Invalid statement": Said("Invalid statement"),
        "Unclosed array": Said("Unclosed array"),
        "Unclosed inline table": Said("Unclosed inline table"),
        "Unterminated string": Said("Unterminated string"),
        "Invalid initial character for a key part": Said("Invalid initial character for a key part"),
        "Expected '=' after a key in a key/value pair": Said("Expected '=' after a key in a key/value pair"),
        "Expected ']' at the end of a table declaration": Said("Expected ']' at the end of a table declaration"),
        "Expected ']]' at the end of an array declaration": Said("Expected ']]' at the end of an array declaration"),
        "Expected newline or end of document after a statement":
            Said("Expected newline or end of document after a statement"),
        "Invalid date or datetime": Said("Invalid date or datetime"),
        "Invalid hex value": Said("Invalid hex value"),
        "Unescaped '\\' in a string": Said("Unescaped '\\' in a string"),
        "Escaped character is not a Unicode scalar value": Said("Escaped character is not a Unicode scalar value"),
    }
    end = " (at end of document)"
    if reason.endswith(end) and reason[:-len(end)] in known:
        return Said("{reason} (at end of document)", reason=known[reason[:-len(end)]])
    return known.get(reason, reason)
