"""`popejoan shell`: one prompt for the table, the same commands without typing `popejoan`.

Each line is split like a shell line (as `shlex.split` does, in linear time) and run by
the SAME Typer app, in this process: no second parser and no new process per command. A
bad line prints one message on stderr and the prompt comes back; so does a line longer
than `MAX_LINE` (10,000 characters), which is not run at all. TAB completes command words
(from the command tree), the table's players, its pot names and cards in every notation
`Card.parse` reads. After a command that changes the table, the board is shown on one
line. `hand show NAME` asks for the laptop to be passed first, and clears the screen once
the hand has been seen.

Only light modules are imported at the top: every `popejoan` invocation imports this file
to register the command, and start-up time matters.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TextIO

import typer

from popejoan_cli import cli
from popejoan_cli.base.errors import Interrupted, PopejoanError, closest, interrupted_message
from popejoan_cli.cli import command, root
from popejoan_cli.cli.exits import exit_code
from popejoan_cli.cli.shell_words import MAX_LINE, SHELL_WORDS, Completion, is_group, visible
from popejoan_cli.cli.shell_words import split as _split

if TYPE_CHECKING:
    from popejoan_cli.table.view import TableView

PROMPT = "popejoan> "
CLEAR = cli.CLEAR
"""Clear the screen, home the cursor, and drop the scrollback (where a terminal supports it)."""

CHANGING = frozenset({"deal", "lead", "play", "pay", "stop", "out", "undo", "count", "end", "table join",
                      "table leave"})
"""Commands after which the board is shown (when the journal did change)."""


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
    return f"popejoan: line too long (more than {MAX_LINE:,} characters); nothing was run"


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

    why = str(err).lower()
    for fix in (line + '"', line + "'", line.rstrip("\\")):
        try:
            words = _split(fix)
        except ValueError:
            continue
        if words:
            return f"popejoan: half-typed line ({why}); did you mean: {shlex.join(words)}"
    return f"popejoan: half-typed line ({why}); close the quote and enter it again"


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
        labels = {p.name: p.label for p in view.rules.pots}
        try:
            board = view.live_board()
        except PopejoanError:
            return ""
        if not board:
            return ""
        return "Board: " + " · ".join(f"{labels.get(k, k.capitalize())} {n}" for k, n in board.items())

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
            _err("popejoan: aborted")
            return 1
        except typer.TyperException as exc:  # click's UsageError and friends, as typer bundles them
            if type(exc).__name__ == "NoArgsIsHelpError":
                sys.stdout.write(exc.format_message().rstrip("\n") + "\n")
                return 0
            ctx = getattr(exc, "ctx", None)
            path = str(getattr(ctx, "command_path", "") or "").removeprefix("popejoan").strip()
            where = f"{path}: " if path else ""
            more = f" (`{path} --help` for usage)" if path else ""
            _err(f"popejoan: {where}{exc.format_message()}{more}")
            return int(getattr(exc, "exit_code", 2))
        except PopejoanError as err:
            cli.fail(err)
            return exit_code(err)
        except SystemExit as exc:
            return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        except (KeyboardInterrupt, Interrupted) as exc:
            if not _ctrl_c(exc):
                raise
            _err(interrupted_message(2).rstrip("\n"))
            return 130
        except Exception as exc:  # a bug in a command must not take the table's shell down
            _err(f"popejoan: unexpected error (a bug: please report it): {type(exc).__name__}: {exc}")
            return 1
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
        return rv if isinstance(rv, int) and not isinstance(rv, bool) else 0

    def unknown(self, words: list[str]) -> str | None:
        """The one-line message for an unknown command word, or None when the words are known."""
        first = words[0]
        if first.startswith("-"):
            return None
        top = visible(self.root)
        if first not in top or first == "shell":
            near = closest(first, [n for n in top if n != "shell"] + list(SHELL_WORDS))
            tail = f"; did you mean {near!r}?" if near else "; type `help` for the list"
            return f"popejoan: no command {_shown(first)!r}{tail}"
        node = top[first]
        if is_group(node) and len(words) > 1 and not words[1].startswith("-"):
            subs = visible(node)
            if words[1] not in subs:
                near = closest(words[1], list(subs))
                hint = f"did you mean '{first} {near}'?" if near else f"`{first}` takes {', '.join(subs)}"
                return f"popejoan: no command '{first} {_shown(words[1])}'; {hint}"
        return None

    def run_line(self, line: str) -> int | None:
        """Run one line; None to go on, or the status to leave the shell with."""
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
            _err("popejoan: this is already the shell; type `exit` to leave it")
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
        name = names[0]
        if not self._ask(f"Pass the laptop to {name} and press Enter "):
            _err("popejoan: the hand was not shown")
            return
        status = self.call(words)
        if status == 0:
            self._ask("Press Enter to hide it ")
        sys.stdout.write(CLEAR)
        sys.stdout.flush()
        if status == 0:
            sys.stdout.write(f"{name}'s hand is hidden.\n")
            self._show_board()

    def help(self, topic: list[str]) -> None:
        if topic:
            if self.unknown(topic) is None and topic[0] not in SHELL_WORDS:
                self.call([*topic, "--help"])
            else:
                _err(self.unknown(topic) or f"popejoan: `{topic[0]}` is a shell word: help, exit, quit")
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
        lines = ["Commands, as after `popejoan` (`help COMMAND` or `COMMAND --help` for its options):"]
        lines += [f"  {name:<{width}}{about}" for name, about in rows]
        lines.append("Shell: help [COMMAND], exit or quit (or Ctrl-D). TAB completes commands, players, pots "
                     "and cards.")
        sys.stdout.write("\n".join(lines) + "\n")


def _readline(shell: Shell) -> bool:
    """Line editing and TAB completion, where the stdlib readline exists."""
    try:
        import readline
    except ImportError:
        return False
    readline.set_completer(shell.complete)
    readline.set_completer_delims(" \t\n")
    if "libedit" in (readline.__doc__ or ""):
        readline.parse_and_bind("bind ^I rl_complete")
    else:
        # show-all-if-ambiguous: one TAB lists the candidates (`lead A` -> AC AD AH AS).
        for setting in ("tab: complete", "set show-all-if-ambiguous on",
                        "set input-meta on", "set output-meta on", "set convert-meta off"):
            readline.parse_and_bind(setting)
    shell.line_before = lambda: readline.get_line_buffer()[: readline.get_begidx()]
    return True


@command(root, "shell")
def shell(ctx: typer.Context) -> None:
    """A prompt for the table: the same commands without typing `popejoan`; TAB completes.

    Lines longer than 10,000 characters are refused, not run.
    """
    interactive = sys.stdin.isatty()
    cli.shell_running = True  # `hand show` inside the shell: the shell itself asks for the laptop
    sh = Shell(ctx.find_root().command, cli.table_override, interactive)
    if interactive:
        _readline(sh)
    sh.refresh()
    if interactive:
        view = sh.view
        where = f"table {view.name!r} ({', '.join(view.players)})" if view is not None and view.name else "no table yet"
        sys.stdout.write(f"popejoan shell: {where}. `help` lists the commands; `exit` or Ctrl-D leaves.\n")
        sh._show_board()
    status: int | None = None
    while status is None:
        try:
            line = input(PROMPT) if interactive else _read_piped(sys.stdin)
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
    cli.shell_running = False
    if status:
        raise typer.Exit(status)
