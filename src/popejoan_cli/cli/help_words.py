"""`--help` in the table's language: the commands' and options' help texts swapped for their translations
while the help is rendered, and put back after (docs/i18n.md: Help).

Typer reads the help texts from the docstrings and `typer.Option(help=...)` when a command module is
imported, in English, and renders them with rich when help is asked. Translating them there would mean a
lookup in every decorator and a catalogue read at every start; instead `PlainGroup.main` (cli/__init__.py)
imports this module only when help is asked in a language other than English, and `translated` swaps the
texts of the tree Typer built for this one invocation, looked up with the English as msgid under the
context `help` (`locales/ru/help.po`). English help never comes here, so it is byte for byte what Typer
makes of the decorators.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from popejoan_cli.render.i18n import marked

CONTEXT = "help"
"""The msgctxt of every help text in the catalogue: the catalogue test's code scan cannot find them
(tests/cli/test_russian_help.py walks the tree instead). The `marked` words below spell it out: the scan
reads string constants only."""
PANELS = {"argument": marked("Arguments", "help"), "option": marked("Options", "help"),
          "command": marked("Commands", "help")}
"""Typer's panel titles, given to each parameter and command as its own `rich_help_panel` (a per-object
attribute Typer reads before its English default), so Typer's module globals need not change for them."""
TYPER_WORDS = {"DEFAULT_STRING": marked("[default: {}]", "help"), "REQUIRED_LONG_STRING": marked("[required]", "help"),
               "ENVVAR_STRING": marked("[env var: {}]", "help"), "DEPRECATED_STRING": marked("(deprecated) ", "help")}
"""Typer's words after an option's help: only module constants of `typer.rich_utils` (no per-call
setting), so they are set for this help and put back in `translated`'s `finally`, never left changed."""
HELP_OPTION = marked("Show this message and exit.", "help")
"""The help option's own text, which Typer's bundled click creates (in English) per command."""


def commands(group: Any) -> Iterator[Any]:
    """The command `group` and every command and group under it, depth first."""
    yield group
    for sub in getattr(group, "commands", {}).values():
        yield from commands(sub)


def texts(group: Any) -> Iterator[str]:
    """Every help text of the tree under `group` that the catalogue must hold (the test of help.po)."""
    for cmd in commands(group):
        yield from (text for text in (cmd.help, cmd.short_help) if text)
        yield from (param.help for param in cmd.params if getattr(param, "help", None))


@contextmanager
def translated(group: Any, lang: str) -> Iterator[None]:
    """Within: every help text of the tree under `group` and Typer's words around them in `lang`."""
    from typer import rich_utils  # its words around the help texts; imported by the help anyway

    from popejoan_cli.render import i18n  # help in another language only

    before = i18n.language()
    i18n.use(lang)
    saved: list[tuple[Any, str, Any]] = []

    def swap(obj: Any, attr: str, value: Any) -> None:
        saved.append((obj, attr, getattr(obj, attr, None)))
        setattr(obj, attr, value)

    # The lookup of a text that is not a string constant: the catalogue test's scan cannot check it (and would
    # report a call of `tp` with one), tests/cli/test_russian_help.py walks the tree and checks help.po instead.
    in_lang = functools.partial(i18n.tp, CONTEXT)
    names = (getattr(group, "context_settings", None) or {}).get("help_option_names", ["--help"])
    try:
        for attr, text in TYPER_WORDS.items():
            swap(rich_utils, attr, in_lang(text))
        for cmd in commands(group):
            for attr in ("help", "short_help"):
                if getattr(cmd, attr):
                    swap(cmd, attr, in_lang(getattr(cmd, attr)))
            if not getattr(cmd, "rich_help_panel", None):  # unset, or Typer's falsy DefaultPlaceholder
                swap(cmd, "rich_help_panel", in_lang(PANELS["command"]))
            # Made now, as (Typer's bundled) click would make it for the help, with the same names, so that its
            # text can be swapped too; the command's own context class, so click is never imported here.
            shown = cmd.get_help_option(cmd.context_class(cmd, help_option_names=names))
            for param in [*cmd.params, *([shown] if shown is not None else [])]:
                if getattr(param, "help", None):
                    swap(param, "help", in_lang(param.help))
                if not getattr(param, "rich_help_panel", None):
                    kind = "argument" if param.param_type_name == "argument" else "option"
                    swap(param, "rich_help_panel", in_lang(PANELS[kind]))
        yield
    finally:
        for obj, attr, value in reversed(saved):
            setattr(obj, attr, value)
        i18n.use(before)
