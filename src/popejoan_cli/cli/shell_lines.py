"""One line at `popejoan shell`: `Shell` runs it and keeps the table it is run at.

A line is split like a shell line (`shell_words.split`, as `shlex.split` does, in linear time)
and run by the SAME Typer app, in this process: no second parser and no new process per
command. A bad line prints one message on stderr and the prompt comes back; so does a line
longer than `MAX_LINE` (10,000 characters), which is not run at all. The shell's own words
(`help`, `exit`, `quit`) are answered here. After a command that changes the table, the board
is shown on one line. `hand show NAME` asks for the laptop to be passed first, and clears the
screen once the hand has been seen. `Shell` is also the completer the line editors ask
(`shell_words.Completion`), on the table view it keeps fresh.

Split from `shell_cmd` for size. Every `popejoan` invocation that registers all commands
imports this file with the shell, so only light modules are imported at the top; the store
and the table's words are imported inside the functions that need them, to keep start-up short.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import typer

from popejoan_cli import cli
from popejoan_cli.base.errors import Interrupted, PopejoanError, closest, interrupted_message
from popejoan_cli.base.marks import Grouped, Quoted
from popejoan_cli.base.visible import shown
from popejoan_cli.cli.exits import exit_code, spoken
from popejoan_cli.cli.shell_words import MAX_LINE, SHELL_WORDS, Completion, is_group, visible
from popejoan_cli.cli.shell_words import split as _split

if TYPE_CHECKING:
    from popejoan_cli.table.view import TableView

CLEAR = cli.CLEAR
"""Clear the screen, home the cursor, and drop the scrollback (where a terminal supports it)."""

CHANGING = frozenset({"deal", "lead", "play", "pay", "stop", "out", "undo", "count", "end", "correct", "table join",
                      "table leave"})
"""Commands after which the board is shown (when the journal did change)."""


def _err(text: str) -> None:
    from popejoan_cli.cli.widths import for_stderr

    sys.stdout.flush()
    sys.stderr.write(for_stderr(text) + "\n")
    sys.stderr.flush()


def ctrl_c(err: BaseException) -> bool:
    """Whether `err` is Ctrl-C: Python's own KeyboardInterrupt or the entry point's SIGINT.

    Ctrl-C drops the line (or the command) and the shell goes on; SIGTERM still ends it.
    """
    return isinstance(err, KeyboardInterrupt) or (isinstance(err, Interrupted) and err.signum == signal.SIGINT)


def _shown(word: str, width: int = 40) -> str:
    """`word` for a message, cut short: a pasted page is not echoed back whole."""
    return word if len(word) <= width else word[:width] + "…"


def _exit_status(word: str) -> int | None:
    """`exit N`: the status N, or None (the shell goes on) with a message when N is none: never `int()` of
    it, as ² is a digit too and 5,000 digits are too many to read (issue 37)."""
    from popejoan_cli.base.limits import whole_number
    from popejoan_cli.render.i18n import t

    code = whole_number(word, 0, 255)
    if code is None:
        _err("popejoan: " + t("exit {code}: an exit status is a whole number from 0 to 255", code=_shown(word)))
    return code


def _too_long() -> str:
    from popejoan_cli.render.i18n import t  # here, not at the top: every invocation imports this module

    return "popejoan: " + t("line too long (more than {limit} characters); nothing was run", limit=Grouped(MAX_LINE))


def _unfinished(line: str, err: ValueError) -> str:
    """One line for a half-typed line: what is wrong and the line it probably meant (each word as `as_typed`
    spells it, which `split` reads back: `play 'Mary Ann' 4C`, `play Дарья 4C`)."""
    from popejoan_cli.base.words import as_typed
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
            return "popejoan: " + t("half-typed line ({why}); did you mean: {line}", why=why,
                                    line=" ".join(map(as_typed, words)))
    return "popejoan: " + t("half-typed line ({why}); close the quote and enter it again", why=why)


def _misused(exc: typer.TyperException) -> int:
    """Say what the parser refused (a usage error, as `popejoan` would) and give its exit status;
    a group given no command word shows its help, with status 0."""
    if type(exc).__name__ == "NoArgsIsHelpError":
        sys.stdout.write(exc.format_message().rstrip("\n") + "\n")
        return 0
    ctx = getattr(exc, "ctx", None)
    path = str(getattr(ctx, "command_path", "") or "").removeprefix("popejoan").strip()
    message = shown(cli.parser_words(exc, exc.format_message()))  # click echoes the word typed: shown visibly
    if path:
        from popejoan_cli.render.i18n import t

        _err("popejoan: " + t("{path}: {message} (`{path} --help` for usage)", path=path, message=message))
    else:
        _err(f"popejoan: {message}")
    return int(getattr(exc, "exit_code", 2))


def _line_words(line: str) -> list[str]:
    """The words of `line`; none, once it has said why, for a line too long or half-typed."""
    if len(line) > MAX_LINE:
        _err(_too_long())
        return []
    try:
        return _split(line)
    except ValueError as err:
        _err(_unfinished(line, err))
        return []


class Shell(Completion):
    """What runs a line, the completer, and the table view they share."""

    def __init__(self, root: Any, override: str | None, interactive: bool) -> None:
        self.root = root
        self.override = override
        self.interactive = interactive
        self.view: TableView | None = None
        self.stamp: tuple[str, int, int, int] | None = None
        self.matches: list[str] = []
        self.line_before: Callable[[], str] = lambda: ""
        self.status = 0
        """The last line's exit status: a shell whose input ends leaves with it, as sh does (`printf 'lead ZZ\n' |
        popejoan shell` exits 2, as `popejoan lead ZZ` does)."""

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
        return self._board()[0]

    def _board(self) -> tuple[str, list[str]]:
        """The board line (`Board: Pope 6 · ...`; "" with no table or nothing on the board) and each pot in it."""
        view = self.view
        if view is None or view.rules is None:
            return "", []
        from popejoan_cli.render.i18n import pot_label, t

        labels = {p.name: pot_label(p.label) for p in view.rules.pots}
        try:
            board = view.live_board()
        except PopejoanError:
            return "", []
        if not board:
            return "", []
        pots = [f"{labels.get(k, k.capitalize())} {n}" for k, n in board.items()]
        return t("Board: {pots}", pots=" · ".join(pots)), pots

    def show_board(self) -> None:
        """The board line; at a terminal wrapped at its width between two pots (`listing`), never inside one
        (written out whole, the terminal broke `First out 1` wherever its edge fell)."""
        text, pots = self._board()
        if not text:
            return
        if self.interactive:
            from popejoan_cli.render.flow import listing

            cli.console().print(listing(text, pots, with_tail=True))
            return
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
            return _misused(exc)
        except PopejoanError as err:
            cli.fail(err)
            return exit_code(err)
        except SystemExit as exc:
            return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        except (KeyboardInterrupt, Interrupted) as exc:
            if not ctrl_c(exc):
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
                return "popejoan: " + t("no command {word}; did you mean {near}?", word=Quoted(_shown(first)),
                                        near=Quoted(near))
            return "popejoan: " + t("no command {word}; type `help` for the list", word=Quoted(_shown(first)))
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
        words = _line_words(line)
        if not words:
            if line.strip() and not line.lstrip().startswith("#"):
                self.status = 2  # a line refused before it ran (too long, half-typed): said, and a usage error
            return None
        first = words[0]
        if first in ("exit", "quit"):
            return _exit_status(words[1]) if len(words) > 1 and words[1].isdigit() else 0
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
            self.status = 2
            return None
        self.status = self.run_command(words)
        return None

    def run_command(self, words: list[str]) -> int:
        """Run a known command (`hand show` with the laptop passed first); the board after a change; its status."""
        first = words[0]
        key = " ".join(words[:2]) if is_group(visible(self.root).get(first)) else first
        if key == "hand show" and self.interactive:
            self.refresh()  # another terminal may have changed the table
            status = self.hand_show(words)
        else:
            status = self.call(words)
        if self.refresh() and key in CHANGING:
            self.show_board()
        return status

    def _ask(self, prompt: str) -> bool:
        """Wait for Enter; False on Ctrl-D or Ctrl-C."""
        try:
            input(prompt)
        except (EOFError, KeyboardInterrupt, Interrupted) as exc:
            if not isinstance(exc, EOFError) and not ctrl_c(exc):
                raise
            sys.stdout.write("\n")
            return False
        return True

    def hand_show(self, words: list[str]) -> int:
        """`hand show NAME`: pass the laptop first, clear the screen after; its status."""
        names = _named(words[2:])
        rec = self.view.open_hand if self.view is not None else None
        if "--help" in words or len(names) != 1 or rec is None or rec.kind.real or names[0] not in rec.players:
            return self.call(words)  # --help, or an error the command itself explains (a real deck: none to show)
        from popejoan_cli.render.i18n import t

        name = names[0]
        if not self._ask(t("Pass the laptop to {player} and press Enter ", player=name)):
            _err("popejoan: " + t("the hand was not shown"))
            return 1
        status = self.call(words)
        if status == 0:
            self._ask(t("Press Enter to hide it "))
        sys.stdout.write(CLEAR)
        sys.stdout.flush()
        if status == 0:
            sys.stdout.write(t("{player}'s hand is hidden.", player=name) + "\n")
            self.show_board()
        return status

    def help(self, topic: list[str]) -> None:
        from popejoan_cli.render.i18n import t

        if topic:
            if self.unknown(topic) is None and topic[0] not in SHELL_WORDS:
                self.call([*topic, "--help"])
            else:
                _err(self.unknown(topic) or "popejoan: " + t("`{word}` is a shell word: help, exit, quit",
                                                             word=topic[0]))
            return
        from popejoan_cli.cli.widths import columns, fit_line

        rows = self.summaries()
        width = max(len(n) for n, _ in rows) + 2
        most = columns(sys.stdout)  # each line fitted to it, a command's text wrapped under its own column
        lines = fit_line(t("Commands, as after `popejoan` (`help COMMAND` or `COMMAND --help` for its options):"),
                         most)
        for name, about in rows:
            lines += fit_line(f"  {name:<{width}}{about}", most, " " * (2 + width))
        lines += fit_line(t("Shell: help [COMMAND], exit or quit (or Ctrl-D). TAB completes commands, players, pots "
                            "and cards."), most)
        sys.stdout.write("\n".join(lines) + "\n")


    def summaries(self) -> list[tuple[str, str]]:
        """Each command's name and the start of its help, in the language the shell speaks: its help texts as
        `--help` gives them (`help_words.translated`, imported for another language only)."""
        import contextlib

        from popejoan_cli.render.i18n import language

        lang = language()
        words: contextlib.AbstractContextManager[None] = contextlib.nullcontext()
        if lang != "en":
            from popejoan_cli.cli.help_words import translated

            words = translated(self.root, lang)
        rows: list[tuple[str, str]] = []
        with words:
            for name, c in visible(self.root).items():
                if name == "shell":
                    continue
                about = " ".join(c.get_short_help_str(limit=10_000).split())  # its first sentence, whole
                if is_group(c):
                    about = f"{' | '.join(visible(c))}: {about}"
                rows.append((name, about))
        return rows


def _named(words: list[str]) -> list[str]:
    """The names among `hand show`'s words: not its options, nor the CARD that follows `--why`."""
    names: list[str] = []
    skip = False
    for word in words:
        if skip or word.startswith("-"):
            skip = word == "--why"
            continue
        names.append(word)
    return names
