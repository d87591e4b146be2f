"""The `popejoan` entry point: Ctrl-C and SIGTERM end any command with one line, never a traceback.

Importing this module sets the handlers, before anything heavy is imported (through the
C module `_signal`, which builds no enum), so an interruption in the first instant of a
command is handled too. Only the launcher imports it. The handlers raise `Interrupted`,
which is not a `KeyboardInterrupt`, so that Typer does not turn it into "Aborted!" and
exit 1. The line says whether the journal had been written when the signal came (a write
itself is never cut in two: the store holds signals while it writes).
"""

from __future__ import annotations

import _signal  # type: ignore[import-not-found]  # no stub: the C half of `signal`, which builds no enum
import sys

from popejoan_cli import Interrupted

SIGINT, SIGTERM = 2, 15


def _raise(signum: int, frame: object) -> None:
    raise Interrupted(signum)  # nothing imported here: the signal may come in the middle of an import


for _sig in (SIGINT, SIGTERM):
    _signal.signal(_sig, _raise)


def _done() -> None:
    """The command has finished: a signal from now on has nothing left to stop (nor a traceback to print)."""
    for sig in (SIGINT, SIGTERM):
        _signal.signal(sig, _signal.SIG_IGN)


def main() -> None:
    """Run the command line; the handlers were set when this module was imported."""
    try:
        from popejoan_cli.cli import main as run

        run()
    except (Interrupted, KeyboardInterrupt) as err:
        _done()
        from popejoan_cli.errors import interrupted_message

        signum = err.signum if isinstance(err, Interrupted) else SIGINT
        sys.stderr.write(interrupted_message(signum))
        sys.exit(128 + signum)
    finally:
        _done()
