"""Small helpers for the words a table reads, and which language it reads them in. Pure, and cheap to import."""

from __future__ import annotations

import re
from collections.abc import Mapping

LANGUAGES = ("en", "ru")
"""The languages popejoan speaks; English is the default and the source (docs/i18n.md)."""


def marked(msgid: str, ctx: str | None = None) -> str:
    """A message named where it cannot be looked up (the pure layers cannot import `render.i18n`):
    returned as it is. The catalogue test finds it as it finds `render.i18n.marked`."""
    return msgid


_SAFE = r"[\w@%+=:,./-]+"
"""The characters a word needs no quotes for, as `shlex.quote` has them but in every alphabet (`Дарья`
is as plain to a POSIX shell as `Ann`): none a shell or `popejoan shell`'s splitter reads as special."""


def as_typed(word: str) -> str:
    """`word` as a command line must spell it to read back as that one word, at a POSIX shell and at
    `popejoan shell` alike (`shell_words.split` reads quotes as the POSIX shell does): as it is when
    plain, else in single quotes, a `'` in it written `'"'"'` (`hand show 'Mary Ann'`). For the hints
    that name a player inside a command: `popejoan hand show Mary Ann` would name two players."""
    if re.fullmatch(_SAFE, word):
        return word
    return "'" + word.replace("'", "'\"'\"'") + "'"


_AT_SHELL = {"on": False}
"""Whether the commands are typed at `popejoan shell` (`typed_at_shell`)."""


def typed_at_shell(on: bool) -> None:
    """`popejoan shell` takes the commands without `popejoan`: while it runs, every hint names a command as
    the shell takes it (`commands_as_typed`)."""
    _AT_SHELL["on"] = on


def commands_as_typed(text: str) -> str:
    """`text` with each command it names in backquotes written as it is typed here: at `popejoan shell`
    without `popejoan` (`hand show NAME`, not `popejoan hand show NAME`), elsewhere as it is. Every message
    writes a command as `popejoan ...` in backquotes, in each language; this is the one rule that turns it
    into the shell's (applied to a message as looked up, before its values are filled in, where it can be)."""
    return text.replace("`popejoan ", "`") if _AT_SHELL["on"] else text


def choose(env: Mapping[str, str], table: str | None = None) -> str:
    """The language of a command: `POPEJOAN_LANG`, else the table's own, else the locale
    (the first of `LC_ALL`, `LC_MESSAGES`, `LANG` that is set), else English. A table's English
    is no setting (the journal never records it), so the locale still decides there."""
    asked = env.get("POPEJOAN_LANG", "").strip().lower()
    if asked in LANGUAGES:
        return asked
    if table in LANGUAGES and table != "en":
        return table
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if value:
            return "ru" if value.lower().startswith("ru") else "en"
    return "en"


def plural(n: int, noun: str, many: str | None = None) -> str:
    """`1 hand`, `3 hands`, `0 cards`: a count with its noun, singular only for one."""
    return f"{n} {noun if n == 1 else many or noun + 's'}"
