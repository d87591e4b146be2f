"""`popejoan shell`: one prompt for the table, the same commands without typing `popejoan`.

This module owns the command itself: it picks how lines are read (the line editor of
`shell_editors` at a terminal; a piped stdin is read line by line as UTF-8, with no editor, a
runaway line cut at `MAX_LINE` + 1 characters), greets an interactive shell with its table and
board, and `serve` reads and runs lines (`shell_lines.Shell.run_line`) until `exit`, whose status
the shell leaves with, or Ctrl-D or the end of the input, where it leaves with the last line's
status, as sh does (`printf 'lead ZZ\n' | popejoan shell` exits 2). Ctrl-C drops the line. How a line is
split and what TAB completes is `shell_words`.

Only light modules are imported at the top: every `popejoan` invocation imports this file
to register the command, and start-up time matters.
"""

from __future__ import annotations

import contextlib
import sys
from typing import TextIO

import typer

from popejoan_cli import cli
from popejoan_cli.base.errors import Interrupted
from popejoan_cli.base.marks import Quoted
from popejoan_cli.cli import command, root
from popejoan_cli.cli.shell_editors import Reader, choose_editor, reader
from popejoan_cli.cli.shell_lines import Shell as Shell  # re-exported: tests build a `Shell` from here
from popejoan_cli.cli.shell_lines import ctrl_c
from popejoan_cli.cli.shell_words import MAX_LINE

PROMPT = "popejoan> "


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
            if not ctrl_c(exc):
                raise
            sys.stdout.write("^C\n")
            continue
        status = sh.run_line(line)
    sys.stdout.flush()
    return sh.status if status is None else status  # the input ended: the last line's status, as sh leaves


def _interactive() -> bool:
    """Whether a person types at the shell (a test says yes for CliRunner's stdin, which is no terminal)."""
    return sys.stdin.isatty()


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


def _piped(prompt: str) -> str:
    """The `Reader` of a piped stdin: no prompt shown, no editor."""
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
    from popejoan_cli.base.words import typed_at_shell

    interactive = _interactive()
    cli.shell_running = True  # `hand show` inside the shell: the shell itself asks for the laptop
    typed_at_shell(True)  # and every hint names a command as the shell takes it (`deal`, not `popejoan deal`)
    try:
        status = _run(ctx, interactive)
    finally:
        cli.shell_running = False
        typed_at_shell(False)
    if status:
        raise typer.Exit(status)


def _run(ctx: typer.Context, interactive: bool) -> int:
    """Greet an interactive shell, then read and run its lines; the status to leave with."""
    sh = Shell(ctx.find_root().command, cli.table_override, interactive)
    if not interactive:
        _utf8_stdin()
    read = reader(sh, choose_editor()) if interactive else _piped
    sh.refresh()
    if interactive:
        from popejoan_cli.base.visible import shown
        from popejoan_cli.render.flow import listing
        from popejoan_cli.render.i18n import t

        view = sh.view
        names = [shown(p) for p in view.players] if view is not None and view.name else []
        if view is not None and view.name:
            cli.speak(view.lang)  # the banner in the table's language, as its commands will speak
            banner = t("popejoan shell: table {name} ({players}). `help` lists the commands; `exit` or Ctrl-D "
                       "leaves.", name=Quoted(view.name), players=", ".join(names))
        else:
            banner = t("popejoan shell: no table yet. `help` lists the commands; `exit` or Ctrl-D leaves.")
        # Wrapped at the console's width between two names, never inside one (written out whole, the
        # terminal broke it mid-name).
        cli.console().print(listing(banner, names, ", "))
        sh.show_board()
    return serve(sh, read, interactive)
