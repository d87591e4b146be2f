"""Gettext catalogues: reading a `.po` file into a `Catalog`, and the packaged ones (`locales/<lang>/*.po`).

popejoan reads its `.po` sources at run time with this small reader instead of compiling them
to `.mo`: the build (hatch) has no compile step, the repository keeps no binaries that could
drift from their sources, and the standard library's `gettext` reads only `.mo`. The reader
covers what popejoan's catalogues use: `msgctxt`, `msgid`, `msgid_plural`, `msgstr` and
`msgstr[N]`, strings continued over several lines, the C escapes, `#,` flags (a `fuzzy` entry
is left out, as gettext leaves it out) and the header's `Plural-Forms`. Reading and parsing
the Russian catalogue costs about 10 ms (docs/i18n.md has the figure), paid only when
a table speaks Russian. Anything malformed is a `DataError` naming the file and the line.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from popejoan_cli.base.errors import DataError, Problem

Key = tuple[str | None, str]
"""(context or None, msgid): the key of a message, as gettext keys it."""

_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "a": "\a", "b": "\b", "f": "\f", "v": "\v"}
_KEYWORDS = ("msgctxt", "msgid_plural", "msgid", "msgstr")


def english_plural(n: int) -> int:
    return 0 if n == 1 else 1


@dataclass(frozen=True)
class Catalog:
    """The translated messages of one language: each key to its forms (one, or one per plural form)."""

    messages: dict[Key, tuple[str, ...]] = field(default_factory=dict)
    nplurals: int = 2
    plural: Callable[[int], int] = english_plural
    """Which of the forms a count takes (from `Plural-Forms`)."""
    plural_ids: dict[Key, str] = field(default_factory=dict)
    """The `msgid_plural` of each plural message (for the tests that compare placeholders)."""


def _unquote(text: str, where: str, line: int) -> str:
    """The value of one quoted C string, `"..."`, with its escapes read."""
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise DataError([Problem(f"{where}:{line}: expected a quoted string, found {text[:40]!r}")])
    body, out, i = text[1:-1], [], 0
    if "\\" not in body and '"' not in body:
        return body  # most strings: nothing to read character by character
    while i < len(body):
        ch = body[i]
        if ch == '"':
            raise DataError([Problem(f"{where}:{line}: a quote inside a string must be written \\\"")])
        if ch == "\\":
            if i + 1 >= len(body) or body[i + 1] not in _ESCAPES:
                raise DataError([Problem(f"{where}:{line}: unknown escape {body[i:i + 2]!r}")])
            out.append(_ESCAPES[body[i + 1]])
            i += 2
            continue
        out.append(ch)
        i += 1
    return "".join(out)


class _Entry:
    """The parts of one entry as they are read; `field` is the keyword whose strings come next."""

    def __init__(self) -> None:
        self.parts: dict[str, str] = {}
        self.flags: set[str] = set()
        self.field: str | None = None
        self.line = 0

    def empty(self) -> bool:
        return not self.parts and not self.flags


def _plural_forms(header: str, where: str) -> tuple[int, Callable[[int], int]]:
    """`nplurals` and the plural function from a header's `Plural-Forms: nplurals=3; plural=...;`."""
    for line in header.split("\n"):
        name, _, value = line.partition(":")
        if name.strip().lower() != "plural-forms":
            continue
        settings = dict(part.strip().partition("=")[::2] for part in value.split(";") if "=" in part)
        try:
            count = int(settings["nplurals"])
            import gettext  # c2py: the stdlib's safe reader of a C plural expression; needed only here

            return count, gettext.c2py(settings["plural"].strip())
        except (KeyError, ValueError, SyntaxError) as err:
            raise DataError([Problem(f"{where}: bad Plural-Forms {value.strip()!r} ({err})")]) from None
    return 2, english_plural


def _finish(entry: _Entry, where: str, found: dict[Key, tuple[str, ...]], ids: dict[Key, str]) -> None:
    """Keep a complete entry (not fuzzy, translated); refuse an incomplete one."""
    parts = entry.parts
    if "msgid" not in parts:
        raise DataError([Problem(f"{where}:{entry.line}: an entry without a msgid")])
    forms = sorted(k for k in parts if k.startswith("msgstr"))
    if not forms:
        raise DataError([Problem(f"{where}:{entry.line}: msgid {parts['msgid']!r} has no msgstr")])
    if ("msgid_plural" in parts) != (forms[0] != "msgstr"):
        raise DataError([Problem(f"{where}:{entry.line}: msgid_plural goes with msgstr[N], and only with them")])
    key = (parts.get("msgctxt"), parts["msgid"])
    if key in found:
        raise DataError([Problem(f"{where}:{entry.line}: msgid {parts['msgid']!r} appears twice")])
    values = tuple(parts[f] for f in forms) if forms[0] == "msgstr" else tuple(
        parts.get(f"msgstr[{i}]", "") for i in range(len(forms)))
    if "fuzzy" in entry.flags or not all(values):
        return  # gettext's own rule: a fuzzy or untranslated entry is as good as absent
    found[key] = values
    if "msgid_plural" in parts:
        ids[key] = parts["msgid_plural"]


def parse(text: str, where: str = "catalogue") -> Catalog:
    """A catalogue from the text of a `.po` file; `where` names the file in any error."""
    found: dict[Key, tuple[str, ...]] = {}
    ids: dict[Key, str] = {}
    entry = _Entry()
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or (line.startswith("#") and not line.startswith("#,")):
            continue
        if line.startswith("#,"):
            if entry.parts:
                _finish(entry, where, found, ids)
                entry = _Entry()
            entry.flags |= {f.strip() for f in line[2:].split(",")}
            continue
        if line.startswith('"'):
            if entry.field is None:
                raise DataError([Problem(f"{where}:{number}: a string with no keyword before it")])
            entry.parts[entry.field] += _unquote(line, where, number)
            continue
        entry = _keyword_read(entry, line, number, where, found, ids)
    if not entry.empty():
        _finish(entry, where, found, ids)
    count, rule = _header_plurals(found, ids, where)
    return Catalog(found, count, rule, ids)


def _keyword_read(entry: _Entry, line: str, number: int, where: str, found: dict[Key, tuple[str, ...]],
                  ids: dict[Key, str]) -> _Entry:
    """The entry after a keyword's line (`msgid "..."`, line `number`) was read: `entry`, or a new one when the
    keyword starts the next entry (`entry` is then finished)."""
    word, _, rest = line.partition(" ")
    name = word.split("[")[0]
    if name not in _KEYWORDS:
        raise DataError([Problem(f"{where}:{number}: unknown keyword {word[:30]!r}")])
    starts = name == "msgctxt" or (name == "msgid" and "msgid" in entry.parts)
    if starts and entry.parts:
        _finish(entry, where, found, ids)
        entry = _Entry()
    if word in entry.parts:
        raise DataError([Problem(f"{where}:{number}: {word} given twice in one entry")])
    entry.line = entry.line or number
    entry.field = word
    entry.parts[word] = _unquote(rest.strip(), where, number)
    return entry


def _header_plurals(found: dict[Key, tuple[str, ...]], ids: dict[Key, str],
                    where: str) -> tuple[int, Callable[[int], int]]:
    """The header's `Plural-Forms` (the header, msgid "", is taken out of `found`), refused when a plural
    message has another number of forms."""
    header = ""
    header_forms = found.pop((None, ""), None)
    if header_forms is not None:
        header = header_forms[0]
    count, rule = _plural_forms(header, where)
    bad = [m for k, m in found.items() if k in ids and len(m) != count]
    if bad:
        raise DataError([Problem(f"{where}: a plural message has {len(bad[0])} forms, Plural-Forms says {count}")])
    return count, rule


def locales_dir() -> Path:
    """`popejoan_cli/locales/`, installed with the package (the wheel takes the whole folder)."""
    return Path(__file__).resolve().parents[1] / "locales"


@functools.cache
def packaged(lang: str) -> Catalog:
    """The shipped catalogue of `lang`: every `locales/<lang>/*.po`, read once per process.

    A language's messages are split by subject (the narration, errors, rules, help...), one
    file each, so that translators of different parts never edit the same file; together
    they are one catalogue, and a message in two of them is an error.
    """
    folder = locales_dir() / lang
    paths = sorted(folder.glob("*.po"))
    if not paths:
        raise DataError([Problem(f"cannot read the {lang} catalogue: no .po files in {folder}")])
    parts = []
    for path in paths:
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as err:
            raise DataError([Problem(f"cannot read the {lang} catalogue {path}: {err.strerror or err}")]) from None
        parts.append((path, parse(text, str(path))))
    return merged(parts)


def merged(parts: list[tuple[Path, Catalog]]) -> Catalog:
    """One catalogue from several files of the same language (their Plural-Forms must agree)."""
    first = parts[0][1]
    out = Catalog({}, first.nplurals, first.plural, {})
    seen: dict[Key, Path] = {}
    for path, cat in parts:
        if cat.nplurals != first.nplurals:
            raise DataError([Problem(f"{path}: Plural-Forms has {cat.nplurals} forms, {parts[0][0].name} "
                                     f"has {first.nplurals}")])
        for key in cat.messages:
            if key in seen:
                raise DataError([Problem(f"{path}: {key[1]!r} is already in {seen[key].name}")])
            seen[key] = path
        out.messages.update(cat.messages)
        out.plural_ids.update(cat.plural_ids)
    return out
