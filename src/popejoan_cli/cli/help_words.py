"""`--help` in the table's language: the commands' and options' help texts, and the usage line's words,
swapped for their translations while the help is rendered, and put back after (docs/i18n.md: Help); and the
parser's own errors said in the command's language (`parser_said`).

Typer reads the help texts from the docstrings and `typer.Option(help=...)` when a command module is
imported, in English, and renders them with rich when help is asked. Translating them there would mean a
lookup in every decorator and a catalogue read at every start; instead `PlainGroup.main` (cli/__init__.py)
imports this module only when help is asked in a language other than English, and `translated` swaps the
texts of the tree Typer built for this one invocation, looked up with the English as msgid under the
context `help` (`locales/ru/help.po`). English help never comes here, so it is byte for byte what Typer
makes of the decorators.

The parser's errors (`No such option: --foo`) are click's, as Typer bundles it, formatted in English from
the exception's fields. `parser_said` gives the same sentence as a `Said`, made from the exception's class
and fields (`locales/ru/parser.po`), and only when its English is exactly what click wrote: a wording of a
newer click, or a case not named here, stays click's English rather than becoming a wrong translation.
Only an error in a language other than English comes here (`cli.usage_message`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from popejoan_cli.base.errors import Said
from popejoan_cli.base.marks import Listed, Quoted
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
USAGE = {"prefix": marked("Usage: ", "usage"), "options": marked("[OPTIONS]", "usage"),
         "commands": marked("COMMAND [ARGS]...", "usage")}
"""Click's words of the usage line: its prefix, which click's formatter writes unless given another (so each
command's `format_usage` is swapped for one that gives it), and the default metavars of a command's options and
of a group's command, per-command attributes. Their own context: they are no command's help text (help.po's
test walks the tree for those), and the catalogue test's scan finds them here."""
DEFAULTS = {("practice", "name"): ("practice name", marked("You", "practice name")),
            ("demo", "players"): ("demo players", marked("Ann,Bob,Cat,Dan", "demo players"))}
"""The defaults a command gives in the language it speaks, not as its option is declared (`practice` seats you as
«Вы», `demo` plays Аня, Боря, Вика, Дима), by command and parameter, with their context: help shows that default
(«[по умолчанию: Вы]»), swapped while the help renders, and only where the option's default is still this
English."""
_ABSENT = object()
"""An attribute that was not the object's own (a method of its class): put back by deleting the swapped one."""
_Swap = Callable[[Any, str, Any], None]
"""`translated`'s swap: set an object's attribute for this help, remembering what to put back."""
_Lookup = Callable[[str], str]
"""A text's translation in the help's language, under one msgctxt."""


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
        own = vars(obj)
        saved.append((obj, attr, own.get(attr, _ABSENT)))
        setattr(obj, attr, value)

    # The lookup of a text that is not a string constant: the catalogue test's scan cannot check it (and would
    # report a call of `tp` with one), tests/cli/test_russian_help.py walks the tree and checks help.po instead.
    in_lang = functools.partial(i18n.tp, CONTEXT)
    in_usage = functools.partial(i18n.tp, "usage")
    names = (getattr(group, "context_settings", None) or {}).get("help_option_names", ["--help"])
    prefix = in_usage(USAGE["prefix"])
    try:
        for attr, text in TYPER_WORDS.items():
            swap(rich_utils, attr, in_lang(text))
        # Typer's highlighter styles the usage line's prefix by its English word: one that knows this one too.
        known = rich_utils.OptionHighlighter.highlights
        usage = type("UsageHighlighter", (rich_utils.OptionHighlighter,),
                     {"highlights": [*known, f"(?P<usage>{re.escape(prefix)})"]})
        swap(rich_utils, "highlighter", usage())
        for cmd in commands(group):
            swap(cmd, "format_usage", functools.partial(_write_usage, cmd, prefix))
            _swap_command_words(cmd, swap, in_lang, in_usage)
            # Made now, as (Typer's bundled) click would make it for the help, with the same names, so that its
            # text can be swapped too; the command's own context class, so click is never imported here.
            shown = cmd.get_help_option(cmd.context_class(cmd, help_option_names=names))
            for param in [*cmd.params, *([shown] if shown is not None else [])]:
                _swap_param_words(param, swap, in_lang)
            _swap_defaults(cmd, swap)
        yield
    finally:
        for obj, attr, value in reversed(saved):
            if value is _ABSENT:
                delattr(obj, attr)
            else:
                setattr(obj, attr, value)
        i18n.use(before)


def _swap_command_words(cmd: Any, swap: _Swap, in_lang: _Lookup, in_usage: _Lookup) -> None:
    """`cmd`'s own words for `translated`: its usage line's default metavars, its help texts, its panel."""
    for attr, key in (("options_metavar", "options"), ("subcommand_metavar", "commands")):
        if getattr(cmd, attr, None) == USAGE[key]:  # click's default, not a command's own
            swap(cmd, attr, in_usage(USAGE[key]))
    for attr in ("help", "short_help"):
        if getattr(cmd, attr):
            swap(cmd, attr, in_lang(getattr(cmd, attr)))
    if not getattr(cmd, "rich_help_panel", None):  # unset, or Typer's falsy DefaultPlaceholder
        swap(cmd, "rich_help_panel", in_lang(PANELS["command"]))


def _swap_param_words(param: Any, swap: _Swap, in_lang: _Lookup) -> None:
    """An argument's or option's words for `translated`: its help text and its panel."""
    if getattr(param, "help", None):
        swap(param, "help", in_lang(param.help))
    if not getattr(param, "rich_help_panel", None):
        kind = "argument" if param.param_type_name == "argument" else "option"
        swap(param, "rich_help_panel", in_lang(PANELS[kind]))


def _swap_defaults(cmd: Any, swap: _Swap) -> None:
    """`cmd`'s defaults that the command itself gives in the help's language (`DEFAULTS`): Typer shows an option's
    `default`, so that is what is swapped, for this help only."""
    from popejoan_cli.render import i18n  # only help in another language swaps a default

    for param in cmd.params:
        ctx, english = DEFAULTS.get((cmd.name, param.name), (None, None))
        if english is not None and param.default == english:
            in_ctx = functools.partial(i18n.tp, ctx)  # each msgid a constant in `DEFAULTS`, found by its `marked`
            swap(param, "default", in_ctx(english))


def _write_usage(cmd: Any, prefix: str, ctx: Any, formatter: Any) -> None:
    """`cmd`'s usage line as click's `Command.format_usage` writes it, with the prefix in the help's language."""
    formatter.write_usage(ctx.command_path, " ".join(cmd.collect_usage_pieces(ctx)), prefix)


def parser_said(exc: Any, english: str) -> str:
    """The parser's error `exc`, whose English click wrote as `english`, as a `Said` the CLI says in its
    language; `english` itself when no sentence below is exactly it."""
    said = _said(exc)
    return said if said is not None and said == english else english


def _said(exc: Any) -> Said | None:
    """The sentence of click's error `exc`, from its class and fields. Duck-typed by the class's name, as
    `cli.usage_message` does: click (Typer's bundled copy) is never imported here."""
    kind, message = type(exc).__name__, str(getattr(exc, "message", ""))
    if kind == "NoSuchOption":
        return _no_such_option(exc)
    if kind == "BadOptionUsage":
        for said in (Said("Option {option!r} requires an argument.", option=exc.option_name),
                     Said("Option {option!r} does not take a value.", option=exc.option_name)):
            if said == message:
                return said
        return None
    if kind == "MissingParameter":
        return _missing(exc, message)
    if kind == "BadParameter":
        return _bad_value(exc, message)
    if kind == "UsageError":
        if message == "Missing command.":
            return Said("Missing command.")
        extra = re.fullmatch(r"Got unexpected extra argument\(s\) \((.*)\)", message, re.DOTALL)
        if extra:  # click keeps the words only in its message
            return Said("Got unexpected extra argument(s) ({words})", words=extra[1])
    return None


def _no_such_option(exc: Any) -> Said:
    """`No such option: --foo`, with the options click found near it when it found any."""
    option = exc.option_name
    near = ", ".join(sorted(exc.possibilities or ()))  # click's own order and joining
    if near:
        return Said("No such option: {option} (Possible options: {options})", option=option, options=near)
    return Said("No such option: {option}", option=option)


def _missing(exc: Any, message: str) -> Said | None:
    """`Missing argument 'NAME'.` or `Missing option '--rules'.`; None when click said more than that."""
    kind_of = exc.param_type or getattr(exc.param, "param_type_name", None)
    if message or kind_of not in ("argument", "option"):
        return None  # a type's own words after it (a choice's list): not one of the sentences here
    if kind_of == "argument":
        return Said("Missing argument {argument}.", argument=_hint(exc))
    return Said("Missing option {option}.", option=_hint(exc))


def _hint(exc: Any) -> str:
    """The parameter as click names it in an error: `'--rules' / '-r'`, `'name'`; each name a word the language
    quotes its own way («--rules» / «-r»: `base.marks.Listed`) when click quoted them all as `repr` would."""
    hint: str | Sequence[str] = exc.param_hint if exc.param_hint is not None else exc.param.get_error_hint(exc.ctx)
    if not isinstance(hint, str):
        return Listed(hint, " / ")
    names = re.findall(r"'([^'\\]*)'", hint)
    listed = Listed(names, " / ")
    return listed if names and listed == hint else hint


def _typed(value: str) -> str:
    """A value click quoted in its words (`'abc'`) as a word the language quotes its own way («abc»), when
    `repr` gives click's very text back; anything else as click wrote it."""
    if len(value) >= 2 and value[0] == value[-1] == "'" and Quoted(value[1:-1]) == value:
        return Quoted(value[1:-1])
    return value


VALUE_NOT_READ = re.compile(r"(?P<value>.+) is not a valid (?P<type>int|int range)\.", re.DOTALL)
OUT_OF_RANGE = re.compile(r"(?P<value>-?\d+) is not in the range (?P<range>\S+)\.")
NOT_READABLE = re.compile(r"Path (?P<path>.+) is not readable\.", re.DOTALL)
"""What a parameter's type says of a value it refused (click keeps the value only in these words): the whole
numbers (`--seed`, `--port`, `undo N`) and the paths (`--output`) popejoan's commands take."""


def _bad_value(exc: Any, message: str) -> Said | None:
    """`Invalid value for '--port' / '-p': ...`, one whole sentence for each thing a type refuses."""
    if exc.param_hint is None and exc.param is None:
        return None  # click's `Invalid value: ...`, which no popejoan parameter raises
    option = _hint(exc)
    if found := VALUE_NOT_READ.fullmatch(message):
        if found["type"] == "int":
            return Said("Invalid value for {option}: {value} is not a valid int.", option=option,
                        value=_typed(found["value"]))
        return Said("Invalid value for {option}: {value} is not a valid int range.", option=option,
                    value=_typed(found["value"]))
    if found := OUT_OF_RANGE.fullmatch(message):
        return Said("Invalid value for {option}: {value} is not in the range {range}.", option=option,
                    value=found["value"], range=found["range"])
    if found := NOT_READABLE.fullmatch(message):
        return Said("Invalid value for {option}: Path {path} is not readable.", option=option,
                    path=_typed(found["path"]))
    return None
