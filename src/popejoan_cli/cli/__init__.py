"""The command line: a Typer app with `table`, `ledger`, `session`, `rules` and `hand` groups, one `*_cmd`
module per group of commands.

The CLI parses, calls the core and renders; nothing here decides a rule. Every command is
registered through `command`, which turns a `PopejoanError` into one message on stderr
and the exit code of its kind (`exits`; README: Exit codes), with no traceback. Heavy modules (rich, the
referee) are imported inside the commands that need them, to keep startup quick.
"""

from __future__ import annotations

import contextlib
import functools
import gc
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import typer
from typer.core import TyperGroup

from popejoan_cli import __version__
from popejoan_cli.base.errors import DataError, PopejoanError, interrupted_message
from popejoan_cli.base.visible import shown, shown_lines
from popejoan_cli.cli import terminal
from popejoan_cli.cli.exits import exit_code, line_start, spoken
from popejoan_cli.cli.widths import fitted_stderr, for_stderr, reflowed

F = TypeVar("F", bound=Callable[..., Any])


def usage_message(exc: Exception) -> str:
    """A parsing error (click's, as Typer bundles it) as popejoan's one message and a hint with
    the nearest word, instead of Typer's boxed panel, in the command's language (click's other errors through
    `help_words.parser_said`). Duck-typed: click is never imported."""
    from popejoan_cli.base.errors import Said, closest
    from popejoan_cli.base.marks import Listed

    speak(_table_language())
    ctx = getattr(exc, "ctx", None)
    path = str(getattr(ctx, "command_path", "") or "popejoan")
    text: str = exc.format_message().strip().split("\n")[0]  # type: ignore[attr-defined]
    hint: str = Said("see `{path} --help`", path=path)
    group: Any = getattr(ctx, "command", None)
    if text.startswith("No such command") and ctx is not None and hasattr(group, "list_commands"):
        # Click's own words are English; an unknown command is the one popejoan says itself, whole.
        word = text.split("'")[1] if text.count("'") >= 2 else None
        names = [n for n in group.list_commands(ctx) if not getattr(group.get_command(ctx, n), "hidden", False)]
        if text.split(".")[0] + "." == f"No such command {word!r}.":
            text = Said("No such command {word!r}.", word=word)
        else:
            text = text.split(".")[0] + "."
        listed = Listed(names)  # each in the language's quotes: «deal»
        close = closest(word, names) if word is not None else None
        if word == "help":
            hint = Said("for help: `{path} --help`", path=path)
        elif close is not None:
            hint = Said("allowed: {choices}; did you mean {word!r}?; see `{path} --help`", choices=listed,
                        word=close, path=path)
        else:
            hint = Said("allowed: {choices}; see `{path} --help`", choices=listed, path=path)
    else:
        text, hint = too_long_number(exc) or (parser_words(exc, text), spaced_name(exc) or hint)
    # Click echoes the typed word (an option, an extra argument) as it came: shown visibly, never acted on.
    return f"popejoan: {shown(spoken(text))}\n  {shown(line_start(spoken(hint)))}\n"


def spaced_name(exc: Exception) -> str | None:
    """For `hand show Mary Ann` unquoted (click: "Got unexpected extra argument(s) (Ann)"), the hint that names
    the player meant and says to quote a name with a space (issue 39); None when the words make no player's
    name at the current table, or there is none."""
    import re
    from itertools import pairwise

    from popejoan_cli.base.errors import Said

    found = re.fullmatch(r"Got unexpected extra argument\(s\) \((.*)\)", str(getattr(exc, "message", "")), re.S)
    params = getattr(getattr(exc, "ctx", None), "params", None) or {}
    if found is None:
        return None
    try:
        from popejoan_cli.store import tables  # only on an error's path

        players = tables.view(tables.folder(table_override), note=False)[0].players
    except Exception:  # no table, or a damaged one: the error at hand is what to report
        return None
    # The words as click took them, then the extra one: a name with a space is two of them side by side
    # (`hand show Mary Ann`: name "Mary", extra "Ann"; `count Mary Ann 3`: name "Mary", count "Ann", extra "3").
    words = [v for v in params.values() if isinstance(v, str)] + [found[1]]
    name = next((f"{a} {b}" for a, b in pairwise(words) if f"{a} {b}" in players), None)
    return None if name is None else Said("did you mean {name!r}? Quote a name with a space: \"{name}\"", name=name)


def too_long_number(exc: Exception) -> tuple[str, str] | None:
    """A whole number click could not read only because Python reads at most 4,300 digits (issue 37): said as
    out of range, with the range the option allows, instead of click's "not a valid integer" and all its
    digits. None for any other error."""
    import re

    from popejoan_cli.base.errors import Said, SaidN
    from popejoan_cli.base.limits import cut
    from popejoan_cli.base.marks import Grouped

    param: Any = getattr(exc, "param", None)
    kind = getattr(getattr(param, "type", None), "name", "")
    found = re.fullmatch(r"'([+-]?[0-9]+)' is not a valid int(eger)?( range)?\.", str(getattr(exc, "message", "")))
    if param is None or kind not in ("integer", "integer range", "int", "int range") or found is None:
        return None
    name = max(param.opts, key=len) if param.param_type_name == "option" else param.human_readable_name
    least, most = getattr(param.type, "min", None), getattr(param.type, "max", None)
    if least is not None and most is not None:
        allowed = Said("allowed: a whole number from {least} to {most}", least=Grouped(least), most=Grouped(most))
    elif least is not None:
        allowed = SaidN("allowed: a whole number from {least} up, of at most {n:,} digit",
                        "allowed: a whole number from {least} up, of at most {n:,} digits",
                        sys.get_int_max_str_digits(), least=Grouped(least))
    else:
        allowed = SaidN("allowed: a whole number of at most {n:,} digit",
                        "allowed: a whole number of at most {n:,} digits", sys.get_int_max_str_digits())
    return Said("{option} {typed} is out of range", option=name, typed=cut(found[1], 20)), allowed


def parser_words(exc: Exception, english: str) -> str:
    """Click's message `english` for the parsing error `exc`, in the command's language: its sentence said
    whole where `help_words.parser_said` knows it, click's English otherwise (and always in English)."""
    i18n = sys.modules.get("popejoan_cli.render.i18n")  # imported by `speak` for another language only
    if i18n is None or i18n.language() == "en":
        return english
    from popejoan_cli.cli.help_words import parser_said  # click's words in another language only

    said = parser_said(exc, english)
    return spoken(missing_argument(exc, said) or said)


def missing_argument(exc: Exception, said: str) -> str | None:
    """Click's `Missing argument 'seat'.` (its parameter's name, which nobody types) as a sentence that says what
    is missing in words, with what to type in the message's words (`ИМЯ`): None for any other error, or an
    argument not named here. Only another language asks: the English stays click's own line."""
    from popejoan_cli.base.errors import Said

    if getattr(said, "msgid", None) != "Missing argument {argument}.":
        return None
    name = str(getattr(getattr(exc, "param", None), "name", ""))
    command = str(getattr(getattr(getattr(exc, "ctx", None), "command", None), "name", ""))
    if name == "name" and command in ("new", "use"):
        return Said("Missing the table's name: give NAME.")  # `table new`, `table use`: a table, not a player
    player = Said("Missing the player: give NAME.")
    words = {
        "name": player, "seat": player, "payer": player, "payee": player,
        "card": Said("Missing the card: give CARD."),
        "cards": Said("Missing the cards: list them."),
        "words": Said("Missing the cards played: give [NAME] CARD[:NAME]..."),
        "what": Said("Missing what is claimed: give a pot, or cards."),
        "target": Said("Missing what was counted: give a pot, a player or board."),
        "counters": Said("Missing the number of counters: give N."),
        "hand": Said("Missing the hand's number, as `popejoan history` shows it."),
        "gender": Said("Missing the gender: give f or m (ж or м)."),
        "spec": Said("Missing the rules: give a preset's NAME or a FILE."),
        "a": Said("Missing the rules to compare: give A and B."),
        "b": Said("Missing the rules to compare: give A and B."),
        "files": Said("Missing the file: give FILE..."),
        "file": Said("Missing the file: give FILE."),
        "pots": Said("Missing the pots taken: give POT..."),
    }
    return words.get(name)


def _table_language() -> str | None:
    """The current table's own language, for an error that came before its command read the table (a
    mistyped command or option): a Russian table's reads Russian too. None when there is no table to read."""
    if os.environ.get("POPEJOAN_LANG", "").strip().lower() in ("en", "ru"):
        return None  # it decides anyway; no need to read a journal
    try:
        from popejoan_cli.store import journal, tables  # only on an error's path

        # The opening's own field, without replaying (or refereeing) the table: only an error waits for it.
        lang = getattr(journal.opening(tables.folder(table_override)), "lang", None)  # even if damaged further on
        return lang if isinstance(lang, str) else None
    except Exception:  # no table, or a damaged one: the error at hand is what to report
        return None


def _asks_help(group: Any, argv: list[str]) -> bool:
    """Whether `argv` shows help: `-h`/`--help`, or a group with nothing after it (`popejoan`, `popejoan table`),
    which Typer answers with the group's help (no_args_is_help)."""
    if "--help" in argv or "-h" in argv:
        return True
    cmd, rest = group, argv
    while rest:
        if rest[0] == "--table":
            rest = rest[2:]
            continue
        if rest[0].startswith("-"):
            return False  # an option of this group (`--version`), or a mistyped one the parser reports
        cmd, rest = getattr(cmd, "commands", {}).get(rest[0]), rest[1:]
        if cmd is None or not hasattr(cmd, "commands"):
            return False  # a command (or an unknown word, which the parser reports)
    return bool(getattr(cmd, "no_args_is_help", False))


class PlainGroup(TyperGroup):
    """The root command group: `--table PATH` anywhere, and usage errors as one plain message."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        # `board --table PATH` means `--table PATH board`: the option belongs to the root, but people
        # put it after the command too. Only the first occurrence counts; `--` ends the options.
        moved: list[str] = []
        rest: list[str] = []
        i = 0
        while i < len(args):
            word = args[i]
            if word == "--":
                rest += args[i:]
                break
            if rest and not moved and word == "--table" and i + 1 < len(args):
                moved, i = [word, args[i + 1]], i + 2
                continue
            if rest and not moved and word.startswith("--table="):
                moved = [word]
            else:
                rest.append(word)
            i += 1
        return super().parse_args(ctx, moved + rest)

    def _help_words(self, args: Sequence[str] | None) -> contextlib.AbstractContextManager[object]:
        """Help in the command's language (`help_words`, docs/i18n.md: Help): only help asked in another language
        than English imports it; any other command, English help included, costs one look at its arguments."""
        if not _asks_help(self, list(sys.argv[1:] if args is None else args)):
            return contextlib.nullcontext()
        from popejoan_cli.base.words import choose

        lang = choose(os.environ, _table_language())
        words = contextlib.ExitStack()
        if lang != "en":
            from popejoan_cli.cli.help_words import translated

            words.enter_context(translated(self, lang))
        words.enter_context(reflowed(self))  # a docstring's line breaks would stay on screen (cli/widths)
        return words

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None, complete_var: str | None = None,
             standalone_mode: bool = True, windows_expand_args: bool = True, **extra: Any) -> Any:
        if os.environ.get("_POPEJOAN_COMPLETE"):
            # A TAB in the user's shell (`popejoan completion`): Typer's completers answer it.
            from typer._completion_classes import completion_init  # no public name for it

            completion_init()
        if not standalone_mode:  # the shell reports errors itself
            with self._help_words(args):
                return super().main(args, prog_name, complete_var, False, windows_expand_args, **extra)
        try:
            with self._help_words(args):
                rv = super().main(args, prog_name, complete_var, False, windows_expand_args, **extra)
        except Exception as exc:
            name = type(exc).__name__
            if name == "NoArgsIsHelpError":
                sys.exit(getattr(exc, "exit_code", 2))
            if name == "Abort":
                sys.stderr.write("popejoan: aborted\n")
                sys.exit(1)
            if not (hasattr(exc, "format_message") and hasattr(exc, "exit_code")):
                raise
            sys.stderr.write(for_stderr(usage_message(exc)))
            sys.exit(exc.exit_code)
        sys.exit(rv if isinstance(rv, int) and not isinstance(rv, bool) else 0)


root = typer.Typer(
    name="popejoan",
    help="Banker, dealer and referee for a Pope Joan table (and Michigan, Boodle, Newmarket).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    cls=PlainGroup,
    context_settings={"help_option_names": ["-h", "--help"]},
)
rules_app = typer.Typer(help="House rules: list, show, check, write and compare them.",
                        no_args_is_help=True)
hand_app = typer.Typer(help="Deal, replay and clear one hand.", no_args_is_help=True)
table_app = typer.Typer(help="Tables: create, list and pick them; players join and leave.", no_args_is_help=True)
ledger_app = typer.Typer(help="Balances, counted from the table's journal.", no_args_is_help=True)
root.add_typer(table_app, name="table")
root.add_typer(ledger_app, name="ledger")
session_app = typer.Typer(help="Sessions: the next evening of the same table.", no_args_is_help=True)
root.add_typer(session_app, name="session")
root.add_typer(rules_app, name="rules")
root.add_typer(hand_app, name="hand")


def fail(err: PopejoanError) -> typer.Exit:
    """Print `err` for people on stderr, in the language of the command (or of its table, when the error
    came before the command read it: a mistyped option), and return the Exit to raise."""
    i18n = sys.modules.get("popejoan_cli.render.i18n")
    if i18n is None or i18n.language() == "en":
        speak(_table_language())
    # A path (--table, POPEJOAN_TABLE) or a typed word in the message is shown visibly: an ESC in it
    # must not reach the terminal as itself, nor a U+2028 or U+202E rearrange the line.
    told = shown_lines(err.told(spoken) if isinstance(err, DataError) else spoken(err.message))
    sys.stderr.write(f"popejoan: {told}\n")
    if err.hint:
        sys.stderr.write("".join(f"  {line_start(line)}\n" for line in shown_lines(spoken(err.hint)).split("\n")))
    return typer.Exit(exit_code(err))


def command(group: typer.Typer, name: str | None = None, **kw: Any) -> Callable[[F], F]:
    """Register a command whose PopejoanErrors become a message and an exit code."""

    def wrap(fn: F) -> F:
        @functools.wraps(fn)
        def run(*args: Any, **kwargs: Any) -> Any:
            store = sys.modules.get("popejoan_cli.store.journal")
            if store is not None:
                store.recorded.clear()  # what an interruption reports is this command's (the shell runs many)
            # Each command decides again (the shell runs many, at more than one table), and speaks as the
            # current table does: one that reads no table (`rules show`, `hand deal`, `demo`) speaks Russian at a
            # Russian table too. JSON says no words: it reads nothing (`rules list --json` starts quickest).
            speak(None if kwargs.get("as_json") else _table_language())
            if not gc.isenabled():
                # The launcher held the collector off while popejoan started: what start-up made lives as long
                # as the process, so it is set aside for good, and the command runs with the collector on.
                gc.freeze()
                gc.enable()
            try:
                with fitted_stderr():  # each line it writes there fitted to the width (cli/widths)
                    return _run(fn, args, kwargs)
            except KeyboardInterrupt:
                # Python's own Ctrl-C (in-process use). The launcher's `Interrupted` passes through to
                # it, or to the shell, which decides whether the signal ends it.
                sys.stderr.write(spoken(interrupted_message(2)))
                raise typer.Exit(130) from None

        group.command(name, **kw)(run)
        return fn

    return wrap


def _run(fn: Callable[..., Any], args: Any, kwargs: Any) -> Any:
    """`fn(*args, **kwargs)`, a command, with a PopejoanError said on stderr and turned into its exit."""
    try:
        if os.environ.get("POPEJOAN_LOCK_WAIT"):
            from popejoan_cli.base.limits import lock_wait  # only when set: refused by every command

            lock_wait(os.environ["POPEJOAN_LOCK_WAIT"])  # not only by one that writes, when it writes
        return fn(*args, **kwargs)
    except PopejoanError as err:
        raise fail(err) from None


def speak(table: str | None = None) -> None:
    """Speak the language this command should (`i18n.choose`: POPEJOAN_LANG, else `table`'s own, else the
    locale, else English). Called as each command starts, and again once its table is read."""
    from popejoan_cli.base.words import choose

    lang = choose(os.environ, table)
    if lang == "en" and "popejoan_cli.render.i18n" not in sys.modules:
        return  # English is where the words start: a command that needs none pays nothing for them
    from popejoan_cli.render import i18n

    i18n.use(lang)


CLEAR = "\x1b[2J\x1b[H\x1b[3J"
"""Clear the screen and its scrollback, so a hand once shown cannot be scrolled back to."""
shell_running = False
"""True while `popejoan shell` runs the commands: it asks for the laptop to be passed itself."""


def at_terminal() -> bool:
    """A person at a terminal, outside the shell: private things are shown behind a prompt."""
    return not shell_running and sys.stdin.isatty() and sys.stdout.isatty()


def wait_for_enter(prompt: str) -> bool:
    """Wait for Enter; False at the end of input or on Ctrl-C."""
    try:
        input(prompt)
    except (EOFError, KeyboardInterrupt):
        sys.stdout.write("\n")
        return False
    return True


def emit_json(data: Any) -> None:
    """Stable, documented JSON on stdout: one object, keys in the order built. On a stream that
    cannot show every character, non-ASCII text is escaped (exact), never written as letters."""
    import json

    sys.stdout.write(json.dumps(data, ensure_ascii=terminal.ascii_json(), indent=2) + "\n")


def console() -> Any:
    """A rich Console on stdout that respects NO_COLOR and non-TTY output. On a stdout that cannot
    show the suits (`terminal`), it writes them as letters and draws ASCII borders by itself."""
    from rich.console import Console

    i18n = sys.modules.get("popejoan_cli.render.i18n")
    if i18n is not None and i18n.language() != "en":
        from popejoan_cli.render.figures import keep_together  # only another language writes no-break spaces

        keep_together()  # 60 000 never broken at the end of a line
    width = os.environ.get("COLUMNS")
    return Console(highlight=False, width=int(width) if width and width.isdigit() else None)


def say(lines: list[Any]) -> None:
    """Narrated lines (`narrate.Line`): styled on a terminal, plain text down a pipe.

    Plain text needs no rich at all, which keeps a scripted `popejoan lead` quick.
    """
    if sys.stdout.isatty():
        from popejoan_cli.render.hand_views import line_text

        out = console()
        for line in lines:
            out.print(line_text(line))
        return
    from popejoan_cli.render.narrate import plain

    sys.stdout.write("".join(plain(line) + "\n" for line in lines))


def _version(value: bool) -> None:
    if value:
        sys.stdout.write(f"popejoan {__version__}\n")
        raise typer.Exit(0)


@root.callback()
def _root(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                 help="Print the version and exit."),
    table: str = typer.Option(None, "--table", metavar="PATH", envvar="POPEJOAN_TABLE",
                              help="The table folder to use for this command (default: the current table)."),
) -> None:
    """Banker, dealer and referee for a Pope Joan table."""
    global table_override
    terminal.prepare()  # again here: in-process runs (tests, the shell) come in without `main`
    table_override = table or None


table_override: str | None = None
"""The `--table PATH` of this invocation (POPEJOAN_TABLE feeds the same option)."""


COMMAND_MODULES: dict[str, tuple[str, ...]] = {
    "rules": ("rules_cmd",),
    "hand": ("hand_cmd",),
    "table": ("tables_cmd",),
    "ledger": ("table_cmd", "ledger_cmd", "settle_cmd"),
    "session": ("ledger_cmd",),
    **dict.fromkeys(("deal", "lead", "play", "spare", "board", "history", "undo", "count", "check", "end"),
                    ("table_cmd",)),
    **dict.fromkeys(("stop", "out", "show", "claim", "void"), ("real_cmd",)),
    "correct": ("correct_cmd",),
    "pay": ("tally_cmd",),
    "evening": ("evening_cmd",),
    "demo": ("demo_cmd",),
    "practice": ("practice_cmd",),
    "serve": ("serve_cmd",),
    "simulate": ("simulate_cmd",),
    "completion": ("completion_cmd",),
}
"""Which module defines each top-level command or group (a test checks it against the tree)."""
ALL_MODULES = ("demo_cmd", "hand_cmd", "ledger_cmd", "practice_cmd", "serve_cmd", "table_cmd", "tables_cmd",
               "real_cmd", "tally_cmd", "correct_cmd", "rules_cmd", "settle_cmd", "evening_cmd", "shell_cmd",
               "simulate_cmd", "completion_cmd")
"""Every command module, in the order they register: `--help` and TAB list commands in that order."""


def modules_for(argv: list[str]) -> tuple[str, ...]:
    """The command modules an invocation needs: Typer builds every registered command on each
    run, so registering only the one asked for keeps start-up short. Anything else (help, an
    unknown word, the shell) gets them all."""
    words = _words(argv)
    if words:
        return COMMAND_MODULES.get(words[0], ALL_MODULES)
    # Options alone: `--version` needs no command; help (asked, or given for no arguments) needs all.
    return ALL_MODULES if not argv or "--help" in argv or "-h" in argv else ()


def _register(modules: tuple[str, ...] = ALL_MODULES) -> None:
    # Importing a command module registers its commands on the groups above.
    import importlib

    for name in modules:
        importlib.import_module(f"popejoan_cli.cli.{name}")


def __getattr__(name: str) -> Any:
    # `app` is the whole command tree (tests and the shell use it); `main` registers less.
    if name == "app":
        _register()
        return root
    raise AttributeError(name)


def _words(argv: list[str]) -> list[str]:
    """The command's words (`board`, `table new`): the first two arguments that are not options (nor `--`),
    `--table`'s value skipped."""
    words: list[str] = []
    rest = iter(argv)
    for word in rest:
        if word == "--table":
            next(rest, None)
        elif not word.startswith("-"):
            words.append(word)
            if len(words) == 2:
                break
    return words


def _named(infos: list[Any], word: str) -> list[Any]:
    """The registered commands (or groups) of `infos` called `word`, as Typer names them."""
    from typer.main import get_command_name

    return [i for i in infos if (i.name or (get_command_name(i.callback.__name__) if i.callback else None)) == word]


def only(argv: list[str]) -> None:
    """Keep only the command `argv` runs in the tree Typer is about to build: Typer turns every registered
    command into a click command on each run, the dearest part of its start-up. A word that names no command
    keeps them all, so an unknown command or subcommand is answered with every name, as before."""
    words = _words(argv)
    if not words:
        return  # `popejoan --help`, `--version`: the whole root
    command = _named(root.registered_commands, words[0])
    group = _named(root.registered_groups, words[0])
    if command:
        root.registered_commands, root.registered_groups = command, []
    elif group:
        root.registered_commands, root.registered_groups = [], group
        sub = group[0].typer_instance
        chosen = _named(sub.registered_commands, words[1]) if len(words) > 1 else []
        if chosen:
            sub.registered_commands = chosen


def main() -> None:
    terminal.prepare()  # first: a usage error or `--help` is written on the same streams
    terminal.utf8_argv()
    modules = modules_for(sys.argv[1:])
    _register(modules)
    if modules != ALL_MODULES and not os.environ.get("_POPEJOAN_COMPLETE"):
        only(sys.argv[1:])  # not the shell (it runs every command) nor a TAB (it lists them)
    root()
