"""TOML text with places: parse it, and find the line and column of each key.

`tomllib` gives plain dicts with no positions, so `locate` scans the text once and maps
each key path (`("deck", "ace")`, `("pot", 2, "stake")`) to where it is written. Parse
errors, duplicate keys among them, are turned into located `Problem`s. Size, integer and
float bounds are checked by the callers; this module only reads text.
"""

from __future__ import annotations

import re
import tomllib
from typing import Any

from popejoan_cli.errors import Problem

MAX_BYTES = 1 << 20
"""House-rule and deal files are small; anything past 1 MiB is refused unread."""

Path_ = tuple[str | int, ...]

_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\]]+?)\s*\]\]?\s*(#.*)?$")
_KEY = re.compile(r"""^(\s*)((?:[A-Za-z0-9_-]+|"[^"]*"|'[^']*')(?:\s*\.\s*(?:[A-Za-z0-9_-]+|"[^"]*"|'[^']*'))*)\s*=""")
_AT = re.compile(r"\(at line (\d+), column (\d+)\)")


def _split_key(text: str) -> list[str]:
    parts = re.findall(r"""[A-Za-z0-9_-]+|"[^"]*"|'[^']*'""", text)
    return [p[1:-1] if p[:1] in "\"'" else p for p in parts]


def locate(text: str) -> dict[Path_, tuple[int, int]]:
    """Key path -> (line, column), 1-based. Array-of-tables entries are counted."""
    places: dict[Path_, tuple[int, int]] = {}
    table: Path_ = ()
    counts: dict[Path_, int] = {}
    in_multiline: str | None = None
    depth = 0
    for n, line in enumerate(text.splitlines(), start=1):
        if in_multiline is not None:
            if in_multiline in line:
                in_multiline = None
            continue
        if depth > 0:
            depth += line.count("[") - line.count("]")
            continue
        header = _HEADER.match(line)
        if header:
            path: Path_ = tuple(_split_key(header.group(2)))
            col = line.index(header.group(1)) + 1
            if header.group(1) == "[[":
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


def parse(data: bytes) -> tuple[dict[str, Any] | None, list[Problem], str]:
    """Decode and parse; return (document or None, problems, text)."""
    if len(data) > MAX_BYTES:
        return None, [Problem(
            f"file is more than {MAX_BYTES:,} bytes; house-rule and deal files are small",
            hint=f"the limit is {MAX_BYTES:,} bytes (1 MiB)",
        )], ""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        return None, [Problem(
            f"not UTF-8 text (byte {exc.start})", hint="save the file as UTF-8"
        )], ""
    if not text.strip():
        return None, [Problem(
            "file is empty", hint="start from `popejoan rules new --from modern-stops`"
        )], text
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        return None, [_decode_problem(str(exc), text)], text
    return doc, [], text


def _decode_problem(message: str, text: str) -> Problem:
    at = _AT.search(message)
    line, col = (int(at.group(1)), int(at.group(2))) if at else (0, 0)
    reason = _AT.sub("", message).strip()
    key = ""
    lines = text.splitlines()
    if 0 < line <= len(lines):
        m = _KEY.match(lines[line - 1])
        if m:
            key = ".".join(_split_key(m.group(2)))
            # Name the key with its table, as every other problem does.
            for above in reversed(lines[: line - 1]):
                header = _HEADER.match(above)
                if header:
                    key = ".".join(_split_key(header.group(2))) + "." + key
                    break
    if "overwrite" in reason.lower() or "redefine" in reason.lower():
        return Problem(
            "duplicate key: this key (or table) is already defined",
            key=key, line=line, col=col,
            hint="each key may be given once; remove or rename one of them",
        )
    return Problem(
        f"not valid TOML: {reason}", key=key, line=line, col=col,
        hint="see https://toml.io for the syntax",
    )
