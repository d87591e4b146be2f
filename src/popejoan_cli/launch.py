"""The `popejoan` entry point: Ctrl-C and SIGTERM end any command with one line, never a traceback.

On Windows, Ctrl-C and Ctrl-Break (SIGBREAK) do; no other program can send a Windows process
SIGTERM (it is ended outright), so there the handler for it only answers `signal.raise_signal`.

Importing this module sets the handlers, before anything heavy is imported (through the
C module `_signal`, which builds no enum), so an interruption in the first instant of a
command is handled too; one before `main` runs (in pip's launcher) is kept until it does.
Only the launcher imports it. The handlers raise `Interrupted`, which is not a
`KeyboardInterrupt`, so that Typer does not turn it into "Aborted!" and exit 1. The line
says whether the journal had been written when the signal came (a write itself is never
cut in two: the store holds signals while it writes).

Importing it also holds the garbage collector off until the command itself runs (`cli.command`
sets what start-up made aside and turns the collector back on).
"""

from __future__ import annotations

import _signal  # type: ignore[import-not-found]  # no stub: the C half of `signal`, which builds no enum
import gc
import sys

from popejoan_cli import Interrupted

SIGINT, SIGTERM, SIGBREAK = 2, 15, 21
STOPS = (SIGINT, SIGTERM, SIGBREAK) if sys.platform == "win32" else (SIGINT, SIGTERM)
"""The signals that end a command with one line (SIGBREAK exists on Windows only)."""


_running: list[bool] = []
"""Not empty once `main` runs: a signal from then on is raised; one before it is kept in `_pending`."""
_pending: list[int] = []
"""A signal that came between this module's import and `main` (pip's launcher still running: its `re.sub`
of `sys.argv[0]`), which `main` reports as its first act: raised there, it would be a traceback."""


def _raise(signum: int, frame: object) -> None:
    if not _running:
        _pending.append(signum)
        return
    raise Interrupted(signum)  # nothing imported here: the signal may come in the middle of an import


for _sig in STOPS:
    _signal.signal(_sig, _raise)

# Start-up makes tens of thousands of objects that live as long as the process (modules, classes, Typer's
# command): the collector would look them over every 700 allocations, and once more at exit, for nothing
# (about a tenth of a command's start-up, issue 27). A command turns it back on as it begins (`cli.command`).
gc.disable()


def _unraisable(args: sys.UnraisableHookArgs) -> None:
    # A signal that came inside a callback Python cannot stop (an import lock's weakref callback):
    # Python reports the exception and carries on, so the command runs to its end and its own
    # output and exit code stand (the signal came too early to stop anything). Say nothing more.
    if isinstance(args.exc_value, Interrupted):
        return
    sys.__unraisablehook__(args)


sys.unraisablehook = _unraisable


def _done() -> None:
    """The command has finished: a signal from now on has nothing left to stop (nor a traceback to print)."""
    for sig in STOPS:
        _signal.signal(sig, _signal.SIG_IGN)


def _signal_in(err: BaseException) -> int | None:
    """The signal behind `err`, if one is: Python 3.11 wraps an exception raised while a class is
    being made (a dataclass field's `__set_name__`) in a RuntimeError, so look down the chain."""
    seen: BaseException | None = err
    for _ in range(20):
        if seen is None:
            return None
        if isinstance(seen, Interrupted):
            return seen.signum
        if isinstance(seen, KeyboardInterrupt):
            return SIGINT
        seen = seen.__cause__ or seen.__context__
    return None


def _told(signum: int) -> str:
    """The interrupted command's one line, in the language it was speaking (`cli.exits.spoken`: Russian at a
    Russian table); English when the signal came before it chose one. Nothing is read to choose it now."""
    from popejoan_cli.base.errors import interrupted_message  # only when interrupted

    said = interrupted_message(signum)
    exits = sys.modules.get("popejoan_cli.cli.exits")
    try:
        return str(exits.spoken(said)) if exits is not None else str(said)
    except Exception:  # a catalogue that cannot be read now: the English is still the whole line
        return str(said)


def main() -> None:
    """Run the command line; the handlers were set when this module was imported."""
    try:
        _running.append(True)
        if _pending:
            raise Interrupted(_pending[0])
        from popejoan_cli.cli import main as run  # here, not at the top: the handlers must come first

        run()
    except SystemExit:
        raise  # the command's own exit, an interruption already told included
    except BaseException as err:
        signum = _signal_in(err)
        if signum is None:
            raise
        _done()
        sys.stderr.write(_told(signum))
        sys.exit(128 + signum)
    finally:
        _done()
