"""The exit code of each kind of error: the one table behind README: Exit codes.

The core raises errors that say what kind of problem they are (`base.errors`); only the CLI
turns a kind into a process exit code, here; and `spoken` says an error's words in the language
this command speaks (docs/i18n.md: Errors).
"""

from __future__ import annotations

import sys

from popejoan_cli.base.errors import (
    BadInput,
    DataError,
    PopejoanError,
    RuleViolation,
    Said,
    StorageError,
    TableBusy,
)
from popejoan_cli.base.words import commands_as_typed

EXIT_OK = 0
EXIT_BUG = 1
"""An error of no kind below: a bug, to be reported."""
EXIT_CODES: dict[type[PopejoanError], int] = {
    BadInput: 2,
    RuleViolation: 3,
    TableBusy: 4,
    DataError: 5,
    StorageError: 6,
}


def exit_code(err: PopejoanError) -> int:
    """The code for `err`'s kind: its own class's, else the nearest kind it derives from."""
    for cls in type(err).__mro__:
        code = EXIT_CODES.get(cls)
        if code is not None:
            return code
    return EXIT_BUG


def spoken(text: str) -> str:
    """`text` in the language this command speaks: a `Said` by its msgid and values, filled in the
    language's words (cards in its faces); anything else, and everything in English, as it is. At `popejoan shell`
    a command it names is written as the shell takes it (`base.words.commands_as_typed`).

    English never imports the lookups: `cli.speak` imports `render.i18n` only for another language."""
    i18n = sys.modules.get("popejoan_cli.render.i18n")
    if not isinstance(text, Said) or i18n is None or i18n.language() == "en":
        return commands_as_typed(str(text))
    from popejoan_cli.render.rule_words import rule_cited  # a rule's key in words: only another language asks

    return commands_as_typed(str(i18n.spoken_said(rule_cited(text))))  # a command given as a value, too


def line_start(text: str) -> str:
    """A spoken message where it begins a line of its own (a hint under an error): in Russian its first letter
    a capital, as a book begins a line («Правило: …», «См. `popejoan deal --help`»); a word in another alphabet
    (`popejoan`), and everything in English, as it is."""
    i18n = sys.modules.get("popejoan_cli.render.i18n")
    if i18n is None or i18n.language() == "en" or not ("а" <= text[:1] <= "я" or text[:1] == "ё"):
        return text
    return text[0].upper() + text[1:]
