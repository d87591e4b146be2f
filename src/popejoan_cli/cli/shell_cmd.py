"""`popejoan shell`: one prompt for the table, the same commands without typing `popejoan`.

Each line is split like a shell line (as `shlex.split` does, in linear time) and run by
the SAME Typer app, in this process: no second parser and no new process per command. A
bad line prints one message on stderr and the prompt comes back; so does a line longer
than `MAX_LINE` (10,000 characters), which is not run at all. TAB completes command words
(from the command tree), the table's players, its pot names and cards in every notation
`Card.parse` reads. After a command that changes the table, the board is shown on one
line. `hand show NAME` asks for the laptop to be passed first, and clears the screen once
the hand has been seen.

The line editor of an interactive shell, chosen by `choose_editor`: prompt_toolkit when it
is installed (the `popejoan[shell]` extra; Windows has no readline): a completion menu at
TAB, in-memory history with Ctrl-R search; else the stdlib readline (TAB lists the
candidates); else plain `input()`, with no completion. On a dumb terminal (TERM=dumb, as in
Emacs's shell buffer) readline comes first: there prompt_toolkit can draw no menu. The
environment variable POPEJOAN_LINE_EDITOR=readline or =plain asks for that editor instead
(readline falls back to plain where it is missing). In every editor Ctrl-C drops the line
and Ctrl-D leaves. A piped stdin is read line by line, with no editor.

Only light modules are imported at the top: every `popejoan` invocation imports this file
to register the command, and start-up time matters.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, TextIO

import typer

from popejoan_cli import cli
from popejoan_cli.base.errors import Interrupted, PopejoanError, closest, interrupted_message
from popejoan_cli.cli import command, root
from popejoan_cli.cli.exits import exit_code, spoken
from popejoan_cli.cli.shell_words import MAX_LINE, SHELL_WORDS, Completion, is_group, visible
from popejoan_cli.cli.shell_words import split as _split

if TYPE_CHECKING:
    from prompt_toolkit.completion import CompleteEvent, Completer
    from prompt_toolkit.completion import Completion as Offer
    from prompt_toolkit.document import Document
    from prompt_toolkit.input import Input
    from prompt_toolkit.output import Output

    from popejoan_cli.table.view import TableView

PROMPT = "popejoan> "
CLEAR = cli.CLEAR
"""Clear the screen, home the cursor, and drop the scrollback (where a terminal supports it)."""

CHANGING = frozenset({"deal", "lead", "play", "pay", "stop", "out", "undo", "count", "end", "table join",
                      "table leave"})
"""Commands after which the board is shown (when the journal did change)."""

EDITOR_VARIABLE = "POPEJOAN_LINE_EDITOR"
"""`readline` or `plain` here overrides the line editor `choose_editor` would pick."""
_DELIMS = " \t\n"
"""What ends a word for completion, in every editor (readline's completer delimiters)."""

Reader = Callable[[str], str]
"""Reads one line after showing the prompt it is given, as `input` does."""


def _err(text: str) -> None:
    sys.stdout.flush()
    sys.stderr.write(text + "\n")
    sys.stderr.flush()


def _ctrl_c(err: BaseException) -> bool:
    """Whether `err` is Ctrl-C: Python's own KeyboardInterrupt or the entry point's SIGINT.

    Ctrl-C drops the line (or the command) and the shell goes on; SIGTERM still ends it.
    """
    return isinstance(err, KeyboardInterrupt) or (isinstance(err, Interrupted) and err.signum == signal.SIGINT)


def _shown(word: str, width: int = 40) -> str:
    """`word` for a message, cut short: a pasted page is not echoed back whole."""
    return word if len(word) <= width else word[:width] + "…"


def _too_long() -> str:
    from popejoan_cli.render.i18n import t  # here, not at the top: every invocation imports this module

    return "popejoan: " + t("line too long (more than {limit} characters); nothing was run", limit=f"{MAX_LINE:,}")


def _read_piped(stream: TextIO) -> str:
    """The next line of a piped stdin, without its newline, cut to MAX_LINE + 1 characters.

    The rest of a longer line is read and dropped in bounded pieces, so a pasted megabyte
    costs linear time and no more memory than the limit. EOFError at the end, as `input`.
    """
    line = stream.readline(MAX_LINE + 1)
    if not line:
        raise EOFError
    if line.endswith("\n"):
        return line[:-1]
    if len(line) > MAX_LINE:
        while True:
            rest = stream.readline(1 << 16)
            if not rest or rest.endswith("\n"):
                break
    return line


def _unfinished(line: str, err: ValueError) -> str:
    """One line for a half-typed line: what is wrong and the line it probably meant."""
    import shlex

    from popejoan_cli.cli.exits import spoken
    from popejoan_cli.render.i18n import t

    reason = err.args[0] if err.args else str(err)
    why = spoken(reason).lower()  # a `Said` of `shell_words.split`, in the table's language
    for fix in (line + '"', line + "'", line.rstrip("\\")):
        try:
            words = _split(fix)
        except ValueError:
            continue
        if words:
            return "popejoan: " + t("half-typed line ({why}); did you mean: {line}", why=why, line=shlex.join(words))
    return "popejoan: " + t("half-typed line ({why}); close the quote and enter it again", why=why)


class Shell(Completion):
    """The loop, the completer and the table view they share."""

    def __init__(self, root: Any, override: str | None, interactive: bool) -> None:
        self.root = root
        self.override = override
        self.interactive = interactive
        self.view: TableView | None = None
        self.stamp: tuple[str, int, int, int] | None = None
        self.matches: list[str] = []
        self.line_before: Callable[[], str] = lambda: ""

    # ------------------------------------------------------------------------- the table
    def _stamp(self) -> tuple[str, int, int, int] | None:
        from popejoan_cli.store import journal, tables

        try:
            where = tables.folder(self.override)
            st = os.stat(where / journal.JOURNAL)
        except (PopejoanError, OSError):
            return None
        return (str(where), st.st_ino, st.st_size, st.st_mtime_ns)

    def refresh(self) -> bool:
        """Reload the view if the journal (or the current table) changed; True if it did."""
        stamp = self._stamp()
        if stamp == self.stamp:
            return False
        self.stamp = stamp
        self.view = None
        if stamp is not None:
            from pathlib import Path

            from popejoan_cli.store import tables

            try:
                self.view = tables.view(Path(stamp[0]))[0]
            except PopejoanError:
                self.view = None
        return True

    def board_line(self) -> str:
        view = self.view
        if view is None or view.rules is None:
            return ""
        from popejoan_cli.render.i18n import pot_label, t

        labels = {p.name: pot_label(p.label) for p in view.rules.pots}
        try:
            board = view.live_board()
        except PopejoanError:
            return ""
        if not board:
            return ""
        return t("Board: {pots}", pots=" · ".join(f"{labels.get(k, k.capitalize())} {n}" for k, n in board.items()))

    def _show_board(self) -> None:
        text = self.board_line()
        if text:
            sys.stdout.write(text + "\n")
            sys.stdout.flush()

    # ------------------------------------------------------------------------- running
    def call(self, words: list[str]) -> int:
        """Run one command line through the Typer app, in this process; its exit status."""
        args = ["--table", self.override, *words] if self.override else list(words)
        sys.stdout.flush()
        try:
            rv = self.root.main(args=args, prog_name="popejoan", standalone_mode=False)
        except typer.Abort:
            from popejoan_cli.render.i18n import t

            _err("popejoan: " + t("aborted"))
            return 1
        except typer.TyperException as exc:  # click's UsageError and friends, as typer bundles them
            if type(exc).__name__ == "NoArgsIsHelpError":
                sys.stdout.write(exc.format_message().rstrip("\n") + "\n")
                return 0
            ctx = getattr(exc, "ctx", None)
            path = str(getattr(ctx, "command_path", "") or "").removeprefix("popejoan").strip()
            message = cli.parser_words(exc, exc.format_message())
            if path:
                from popejoan_cli.render.i18n import t

                _err("popejoan: " + t("{path}: {message} (`{path} --help` for usage)", path=path, message=message))
            else:
                _err(f"popejoan: {message}")
            return int(getattr(exc, "exit_code", 2))
        except PopejoanError as err:
            cli.fail(err)
            return exit_code(err)
        except SystemExit as exc:
            return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        except (KeyboardInterrupt, Interrupted) as exc:
            if not _ctrl_c(exc):
                raise
            _err(spoken(interrupted_message(2)).rstrip("\n"))
            return 130
        except Exception as exc:  # a bug in a command must not take the table's shell down
            from popejoan_cli.render.i18n import t

            _err("popejoan: " + t("unexpected error (a bug: please report it): {kind}: {error}",
                                  kind=type(exc).__name__, error=exc))
            return 1
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
        return rv if isinstance(rv, int) and not isinstance(rv, bool) else 0

    def unknown(self, words: list[str]) -> str | None:
        """The one-line message for an unknown command word, or None when the words are known."""
        from popejoan_cli.render.i18n import t

        first = words[0]
        if first.startswith("-"):
            return None
        top = visible(self.root)
        if first not in top or first == "shell":
            near = closest(first, [n for n in top if n != "shell"] + list(SHELL_WORDS))
            if near:
                return "popejoan: " + t("no command {word}; did you mean {near}?", word=repr(_shown(first)),
                                        near=repr(near))
            return "popejoan: " + t("no command {word}; type `help` for the list", word=repr(_shown(first)))
        node = top[first]
        if is_group(node) and len(words) > 1 and not words[1].startswith("-"):
            subs = visible(node)
            if words[1] not in subs:
                near = closest(words[1], list(subs))
                typed = f"'{first} {_shown(words[1])}'"
                if near:
                    return "popejoan: " + t("no command {words}; did you mean {near}?", words=typed,
                                            near=f"'{first} {near}'")
                return "popejoan: " + t("no command {words}; `{group}` takes {subs}", words=typed, group=first,
                                        subs=", ".join(subs))
        return None

    def run_line(self, line: str) -> int | None:
        """Run one line; None to go on, or the status to leave the shell with."""
        # The shell's own lines (a half-typed line, an unknown command) in its table's language, as its
        # commands speak it: the last command may have left another (a table used, a mistyped option).
        cli.speak(self.view.lang if self.view is not None else None)
        if len(line) > MAX_LINE:
            _err(_too_long())
            return None
        try:
            words = _split(line)
        except ValueError as err:
            _err(_unfinished(line, err))
            return None
        if not words:
            return None
        first = words[0]
        if first in ("exit", "quit"):
            if len(words) > 1 and words[1].isdigit():
                return int(words[1])
            return 0
        if first == "help":
            self.help(words[1:])
            return None
        if first == "shell":
            from popejoan_cli.render.i18n import t

            _err("popejoan: " + t("this is already the shell; type `exit` to leave it"))
            return None
        wrong = self.unknown(words)
        if wrong is not None:
            _err(wrong)
            return None
        key = " ".join(words[:2]) if is_group(visible(self.root).get(first)) else first
        if key == "hand show" and self.interactive:
            self.refresh()  # another terminal may have changed the table
            self.hand_show(words)
        else:
            self.call(words)
        if self.refresh() and key in CHANGING:
            self._show_board()
        return None

    def _ask(self, prompt: str) -> bool:
        """Wait for Enter; False on Ctrl-D or Ctrl-C."""
        try:
            input(prompt)
        except (EOFError, KeyboardInterrupt, Interrupted) as exc:
            if not isinstance(exc, EOFError) and not _ctrl_c(exc):
                raise
            sys.stdout.write("\n")
            return False
        return True

    def hand_show(self, words: list[str]) -> None:
        """`hand show NAME`: pass the laptop first, clear the screen after."""
        names = [w for w in words[2:] if not w.startswith("-")]
        rec = self.view.open_hand if self.view is not None else None
        if "--help" in words or len(names) != 1 or rec is None or names[0] not in rec.players:
            self.call(words)  # --help, or an error the command itself explains
            return
        from popejoan_cli.render.i18n import t

        name = names[0]
        if not self._ask(t("Pass the laptop to {player} and press Enter ", player=name)):
            _err("popejoan: " + t("the hand was not shown"))
            return
        status = self.call(words)
        if status == 0:
            self._ask(t("Press Enter to hide it "))
        sys.stdout.write(CLEAR)
        sys.stdout.flush()
        if status == 0:
            sys.stdout.write(t("{player}'s hand is hidden.", player=name) + "\n")
            self._show_board()

    def help(self, topic: list[str]) -> None:
        from popejoan_cli.render.i18n import t

        if topic:
            if self.unknown(topic) is None and topic[0] not in SHELL_WORDS:
                self.call([*topic, "--help"])
            else:
                _err(self.unknown(topic) or "popejoan: " + t("`{word}` is a shell word: help, exit, quit",
                                                             word=topic[0]))
            return
        rows: list[tuple[str, str]] = []
        for name, c in visible(self.root).items():
            if name == "shell":
                continue
            about = c.get_short_help_str(limit=72)
            if is_group(c):
                about = f"{' | '.join(visible(c))}: {about}"
            rows.append((name, about))
        width = max(len(n) for n, _ in rows) + 2
        lines = [t("Commands, as after `popejoan` (`help COMMAND` or `COMMAND --help` for its options):")]
        lines += [f"  {name:<{width}}{about}" for name, about in rows]
        lines.append(t("Shell: help [COMMAND], exit or quit (or Ctrl-D). TAB completes commands, players, pots and "
                       "cards."))
        sys.stdout.write("\n".join(lines) + "\n")


def _importable(name: str) -> bool:
    """Whether the module `name` imports here (one set to None in sys.modules does not)."""
    import importlib  # only an interactive shell asks, and asking imports the editor itself

    try:
        importlib.import_module(name)
    except ImportError:
        return False
    return True


def choose_editor(environ: Mapping[str, str] | None = None) -> str:
    """The line editor for an interactive shell: "prompt_toolkit", "readline" or "plain"."""
    env = os.environ if environ is None else environ
    wanted = env.get(EDITOR_VARIABLE, "").strip().lower()
    if wanted == "plain":
        return "plain"
    # A dumb terminal cannot show prompt_toolkit's menu; readline lists the candidates as text.
    dumb = env.get("TERM", "").strip().lower() in ("dumb", "unknown")
    auto = wanted != "readline"
    if auto and not dumb and _importable("prompt_toolkit"):
        return "prompt_toolkit"
    if _importable("readline"):
        return "readline"
    if auto and dumb and _importable("prompt_toolkit"):  # no readline (Windows): still the better editor
        return "prompt_toolkit"
    return "plain"


def _readline(shell: Shell) -> bool:
    """Line editing and TAB completion, where the stdlib readline exists."""
    try:
        import readline
    except ImportError:
        return False
    readline.set_completer(shell.complete)
    readline.set_completer_delims(_DELIMS)
    if "libedit" in (readline.__doc__ or ""):
        readline.parse_and_bind("bind ^I rl_complete")
    else:
        # show-all-if-ambiguous: one TAB lists the candidates (`lead A` -> AC AD AH AS).
        for setting in ("tab: complete", "set show-all-if-ambiguous on",
                        "set input-meta on", "set output-meta on", "set convert-meta off"):
            readline.parse_and_bind(setting)
    shell.line_before = lambda: readline.get_line_buffer()[: readline.get_begidx()]
    return True


def _last_word(before: str) -> str:
    """The word the cursor is in, as readline's delimiters cut it."""
    return before[max(before.rfind(c) for c in _DELIMS) + 1:]


def completer(shell: Shell) -> Completer:
    """A prompt_toolkit completer that offers what the shell's `Completion` offers readline."""
    # Imported here, not at the top: only an interactive shell edits lines, and every other
    # command's start-up would pay for prompt_toolkit (which may not even be installed).
    from prompt_toolkit.completion import Completer
    from prompt_toolkit.completion import Completion as Offer

    class ShellCompleter(Completer):
        def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterator[Offer]:
            before = document.text_before_cursor
            word = _last_word(before)
            for found in shell.offers(before[: len(before) - len(word)], word):
                # The space ends the word, as readline's does: the next TAB completes the next word.
                yield Offer(found + " ", start_position=-len(word), display=found)

    return ShellCompleter()


def prompt_toolkit_reader(shell: Shell, term_in: Input | None = None, term_out: Output | None = None) -> Reader:
    """Read lines through a prompt_toolkit session: TAB menu, history, Ctrl-R search.

    `term_in` and `term_out` default to the terminal; a test passes a pipe and a dummy.
    Ctrl-C raises KeyboardInterrupt and Ctrl-D (on an empty line) EOFError, as `input` does.
    """
    # Imported here: prompt_toolkit is for the interactive shell only (start-up of every other command).
    from prompt_toolkit import PromptSession
    from prompt_toolkit.history import InMemoryHistory
    from prompt_toolkit.shortcuts import CompleteStyle

    # Completions at TAB only, like readline: a menu that follows every key is noise at the table.
    session: PromptSession[str] = PromptSession(
        completer=completer(shell), complete_while_typing=False, complete_style=CompleteStyle.MULTI_COLUMN,
        history=InMemoryHistory(), input=term_in, output=term_out)
    return session.prompt  # a plain-text prompt: no colour to turn off; a test reaches the session through it


def reader(shell: Shell, editor: str) -> Reader:
    """The line reader for `editor` (as `choose_editor` names them)."""
    if editor == "prompt_toolkit":
        return prompt_toolkit_reader(shell)
    if editor == "readline":
        _readline(shell)  # `input` edits through readline once it is imported
    return input


def serve(sh: Shell, read: Reader, interactive: bool) -> int:
    """Read and run lines until Ctrl-D, the end of the input, or `exit`; the status to leave with."""
    status: int | None = None
    while status is None:
        try:
            line = read(PROMPT)
        except EOFError:
            if interactive:
                sys.stdout.write("\n")
            break
        except (KeyboardInterrupt, Interrupted) as exc:
            if not _ctrl_c(exc):
                raise
            sys.stdout.write("^C\n")
            continue
        status = sh.run_line(line)
    sys.stdout.flush()
    return status or 0


def _interactive() -> bool:
    return sys.stdin.isatty()


def _piped(prompt: str) -> str:
    return _read_piped(sys.stdin)


def _utf8_stdin() -> None:
    """Piped lines are read as UTF-8, as every file popejoan reads, not in the locale's encoding
    (ASCII under a C locale, a code page on Windows), so `Zoë` in a script is Zoë."""
    stream = sys.stdin
    encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "").replace("_", "")
    if encoding != "utf8" and hasattr(stream, "reconfigure"):
        with contextlib.suppress(ValueError, OSError):  # already read from: it keeps its encoding
            stream.reconfigure(encoding="utf-8", errors="replace")


@command(root, "shell")
def shell(ctx: typer.Context) -> None:
    """A prompt for the table: the same commands without typing `popejoan`; TAB completes.

    Lines longer than 10,000 characters are refused, not run. POPEJOAN_LINE_EDITOR=readline
    or =plain chooses the line editor (prompt_toolkit, where installed, otherwise).
    """
    interactive = _interactive()
    cli.shell_running = True  # `hand show` inside the shell: the shell itself asks for the laptop
    sh = Shell(ctx.find_root().command, cli.table_override, interactive)
    if not interactive:
        _utf8_stdin()
    read = reader(sh, choose_editor()) if interactive else _piped
    sh.refresh()
    if interactive:
        from popejoan_cli.render.i18n import t

        view = sh.view
        if view is not None and view.name:
            cli.speak(view.lang)  # the banner in the table's language, as its commands will speak
            banner = t("popejoan shell: table {name} ({players}). `help` lists the commands; `exit` or Ctrl-D "
                       "leaves.", name=repr(view.name), players=", ".join(view.players))
        else:
            banner = t("popejoan shell: no table yet. `help` lists the commands; `exit` or Ctrl-D leaves.")
        sys.stdout.write(banner + "\n")
        sh._show_board()
    status = serve(sh, read, interactive)
    cli.shell_running = False
    if status:
        raise typer.Exit(status)
