"""Ctrl-C and SIGTERM: one line and exit 130 (143), never a traceback, and never a half-recorded change.

Real processes are interrupted at many moments of their first fraction of a second; a write
interrupted in the middle must finish and say what it recorded.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from conftest import FIGURE, Cli
from popejoan_cli.store import journal

POPEJOAN = [str(Path(sys.executable).with_name("popejoan"))]
"""The installed command, as a user runs it."""


def startup_seconds() -> float:
    """How long Python and pip's launcher (`import re`) take before popejoan's code runs: a signal
    before then meets Python's own handler, which popejoan cannot replace (docs/journal.md)."""
    times = []
    for _ in range(5):
        started = time.monotonic()
        subprocess.run([sys.executable, "-c", "import re"], check=True)
        times.append(time.monotonic() - started)
    return sorted(times)[2]


def new_table(home: Path) -> dict[str, str]:
    """A table in `home` (made in this process: only the commands interrupted need one of their own), and the
    environment they run in."""
    Cli(home).ok("table", "new", "t", "--rules", "modern-stops", "--players", "Ann,Bob,Cat")
    return {**os.environ, "POPEJOAN_HOME": str(home), "NO_COLOR": "1"}


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_in_the_first_instant_of_a_command_is_one_line(tmp_path: Path, sig: signal.Signals,
                                                                record_property: Callable[[str, object], None]) -> None:
    env = new_table(tmp_path)
    seen: dict[int, int] = {}
    base = startup_seconds()
    whole = subprocess.run([*POPEJOAN, "board"], env=env, capture_output=True, text=True, encoding="utf-8",
                           check=True).stdout
    for k in range(10):
        proc = subprocess.Popen([*POPEJOAN, "board"], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True, encoding="utf-8")
        time.sleep(base * 1.3 + k * 0.008)
        proc.send_signal(sig)
        out, err = proc.communicate(timeout=20)
        seen[proc.returncode] = seen.get(proc.returncode, 0) + 1
        if "Traceback" in err:
            # Only before popejoan's handlers are set (Python and pip's launcher starting, then finding and
            # compiling the package and `launch` themselves, which a loaded machine makes slower than the
            # measured start): Python's own KeyboardInterrupt, never popejoan's `Interrupted` escaping.
            assert "Interrupted" not in err.replace("KeyboardInterrupt", ""), (k, err)
            assert proc.returncode in (1, -signal.SIGINT) and err.rstrip().endswith("KeyboardInterrupt"), (k, err)
            seen[-1] = seen.get(-1, 0) + 1
            continue
        # Killed before Python set its handlers (no output), interrupted (one line), or already done.
        assert proc.returncode in (-sig, 128 + sig, 0), (k, proc.returncode, err)
        if proc.returncode == 128 + sig:
            assert err.count("\n") == 1 and "interrupted" in err and "nothing was recorded" in err, err
            # Nothing printed, or (a signal after the board was written, before the process ended) the whole
            # board: never half of it. Which of the two is the machine's load's to say.
            assert out in ("", whole), out
    # Where each moment falls (before Python, inside popejoan, after the command) is the machine's load's to
    # say: counting them would be a race. The import-by-import test below lands inside popejoan every time.
    record_property(FIGURE + "signals sent in a command's first instant, each one line or silent",
                    sum(n for code, n in seen.items() if code != -1))


AT_IMPORT = """
import os, sys
at, sig = int(sys.argv[1]), int(sys.argv[2])
sys.argv = ["popejoan", "board"]
from popejoan_cli import launch  # as pip's launcher does: the handlers are set by this line
seen = 0
def signal_at(event, args):
    global seen
    if event == "import":
        seen += 1
        if seen == at:
            os.kill(os.getpid(), sig)
sys.addaudithook(signal_at)
if at == 0:  # before `main`, as pip's launcher runs `re.sub` on sys.argv[0] between the import and the call
    os.kill(os.getpid(), sig)
    sum(range(10000))
launch.main()
"""
"""A command whose process signals itself as its `at`-th import after the launcher begins: each moment of
popejoan's own start-up (most of it imports: typer, click, the store), the same on every run and machine;
`at` 0 is between the launcher's import and its call of `main`."""


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_at_each_moment_of_the_imports_is_one_line(tmp_path: Path, sig: signal.Signals) -> None:
    """The first instant, made deterministic: a timed signal (above) lands wherever the machine's load puts
    it; here the signal comes at fixed imports, from the first to well into the command's modules."""
    env = new_table(tmp_path)
    codes = []
    for at in (0, 1, 4, 16, 64, 192):
        proc = subprocess.run([sys.executable, "-c", AT_IMPORT, str(at), str(int(sig))], env=env,
                              capture_output=True, text=True, encoding="utf-8", timeout=30)
        codes.append(proc.returncode)
        assert "Traceback" not in proc.stderr, (at, proc.stderr)
        if proc.returncode == 0:
            continue  # the command had imported all it needed before the `at`-th import
        assert proc.returncode == 128 + sig, (at, proc.returncode, proc.stderr)
        assert proc.stdout == "" and proc.stderr.count("\n") == 1, (at, proc.stdout, proc.stderr)
        assert "interrupted" in proc.stderr and "nothing was recorded" in proc.stderr, (at, proc.stderr)
    assert codes[:5] == [128 + sig] * 5, codes  # `board` imports far more than 64 modules


@pytest.fixture
def python_handlers() -> Iterator[None]:
    """Ctrl-C and SIGTERM handled as Python handles them in a fresh process, for the test's length: a test the
    same worker ran before may have imported `popejoan_cli.launch` (test_platforms does), whose handlers keep a
    signal for a `main` that is not running, or ignore it once its `main` has ended (issue 39: this test then
    failed when the two shared a worker)."""
    before = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM)}
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    try:
        yield
    finally:
        for sig, handler in before.items():
            signal.signal(sig, handler)


@pytest.mark.usefixtures("python_handlers")
def test_a_signal_during_a_write_waits_for_it_and_says_what_was_recorded(
        monkeypatch: pytest.MonkeyPatch, invoke: Cli) -> None:
    assert invoke("table", "new", "t", "--rules", "modern-stops", "--players", "Ann,Bob,Cat").exit_code == 0
    assert invoke("deal", "--seed", "3").exit_code == 0
    folder = invoke.home / "tables" / "t"
    before = journal.load(folder).events
    real = journal._write

    def interrupted_write(*args: Any) -> None:
        # Ctrl-C as the write begins: the handler in force runs here, as Python runs it for a signal between two
        # bytecodes of the main thread. Called, not sent: a signal sent with os.kill reaches the handler only
        # when the main thread next looks, which a worker process's threads and a busy machine make a race.
        handler = signal.getsignal(signal.SIGINT)
        assert callable(handler)
        handler(signal.SIGINT, None)
        real(*args)

    monkeypatch.setattr(journal, "_write", interrupted_write)
    monkeypatch.setattr(journal, "recorded", [])
    result = invoke("undo", "--yes")
    after = journal.load(folder).events
    assert len(after) == len(before) + 1  # the undo was written whole
    assert result.exit_code == 130
    assert result.stderr.endswith(f"popejoan: interrupted (Ctrl-C) after recording event {len(after)}: the change "
                                  "is in the journal; look at `popejoan history` before running the command again\n")
    monkeypatch.setattr(journal, "_write", real)
    assert invoke("deal", "--seed", "4").exit_code == 0  # the table goes on


def test_a_signal_wrapped_by_python_is_still_a_signal() -> None:
    """Python 3.11 wraps an exception raised while a class is made (a dataclass field's __set_name__)
    in a RuntimeError; the launcher still finds the signal underneath and prints its one line."""
    before = signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)
    try:
        from popejoan_cli import Interrupted, launch
    finally:
        signal.signal(signal.SIGINT, before[0])  # importing the launcher sets its handlers: put ours back
        signal.signal(signal.SIGTERM, before[1])
    try:
        try:
            raise Interrupted(signal.SIGTERM)
        except Interrupted as err:
            raise RuntimeError("Error calling __set_name__ on 'Field' instance") from err
    except RuntimeError as wrapped:
        assert launch._signal_in(wrapped) == signal.SIGTERM
    assert launch._signal_in(ValueError("a bug")) is None
    assert launch._signal_in(KeyboardInterrupt()) == signal.SIGINT
