"""`popejoan board --watch`: the board drawn again whenever the journal changes, down a pipe too,
with whose lead and the last run; Ctrl-C stops it with one line and exit 0.

A real process: the lead is recorded by another process, as at a table where the banker types
on the laptop and the board is watched on a second screen.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from conftest import Cli

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="sends SIGINT to a subprocess (POSIX)")


def popejoan(*args: str) -> list[str]:
    return [sys.executable, "-m", "popejoan_cli", *args]


def test_board_watch_draws_the_new_board_after_a_lead_from_another_process(cli: Cli, tmp_path: Path) -> None:
    cli.ok("table", "new", "fri", "--rules", "modern-stops", "--players", "Ann,Bob,Cat,Dan", "--counters", "50")
    cli.ok("deal", "--seed", "42")
    env = {**os.environ, "POPEJOAN_HOME": str(cli.home), "COLUMNS": "100", "NO_COLOR": "1"}
    env.pop("POPEJOAN_TABLE", None)
    watch = subprocess.Popen(popejoan("board", "--watch"), env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True, encoding="utf-8")
    seen: list[str] = []

    def read() -> None:
        assert watch.stdout is not None
        for line in watch.stdout:
            seen.append(line)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()

    def wait_for(text: str) -> str:
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            out = "".join(seen)
            if text in out:
                return out
            time.sleep(0.02)
        raise AssertionError(f"{text!r} never appeared:\n{''.join(seen)}")

    try:
        first = wait_for("Bob to lead")
        assert "Last run" not in first  # nothing led yet
        lead = subprocess.run(popejoan("lead", "AS"), env=env, capture_output=True, text=True, encoding="utf-8",
                              timeout=30)
        assert lead.returncode == 0, lead.stderr
        after = wait_for("Ann to lead")
        assert "Bob leads A♠, Ann 2♠" in after
        assert "fri: the board (15 counters)" in after
    finally:
        watch.send_signal(signal.SIGINT)
        watch.wait(timeout=10)
        reader.join(timeout=5)
    assert watch.stderr is not None
    assert (watch.returncode, watch.stderr.read()) == (0, "popejoan board: stopped watching\n")
    # What a watched board shows, the whole table has seen: the cards led and played, the turn-up, and
    # the card the stop named; never a card still in someone's hand.
    assert set(re.findall(r"(?:10|[2-9AJQK])[♣♦♥♠]", "".join(seen))) == {"A♠", "2♠", "3♠", "8♥"}


def test_board_watch_and_json_are_one_or_the_other(cli: Cli) -> None:
    cli.ok("table", "new", "fri", "--rules", "modern-stops", "--players", "Ann,Bob,Cat,Dan")
    cli.fails(2, "board", "--watch", "--json", said=["--watch"])
