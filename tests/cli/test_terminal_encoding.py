"""A terminal that cannot show ♣ ♦ ♥ ♠ (`cli.terminal`): the suits come out as letters, JSON as
escapes, and a person at a terminal is told once how to see the symbols.

The subprocesses run under a C locale that Python does not turn into UTF-8 (LC_ALL=C,
PYTHONUTF8=0, PYTHONCOERCECLOCALE=0), so stdout is ASCII, as a Windows pipe is cp1252. The
hint's terminal is a pseudo-terminal on stderr; the table is made in-process first.
"""

from __future__ import annotations

import io
import json
import os
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import Cli
from popejoan_cli.cli import terminal

SYMBOLS = "♣♦♥♠"


def env_for(home: Path, *, utf8: bool = False, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("POPEJOAN", "LC_")) and k not in ("PYTHONIOENCODING", "PYTHONUTF8")}
    env.update(LC_ALL="C", LANG="C", PYTHONUTF8="1" if utf8 else "0", PYTHONCOERCECLOCALE="0",
               PYTHONWARNDEFAULTENCODING="1", POPEJOAN_HOME=str(home), NO_COLOR="1", COLUMNS="100", **extra)
    return env


def popejoan(home: Path, *args: str, utf8: bool = False, **extra: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "popejoan_cli", *args], env=env_for(home, utf8=utf8, **extra),
                          capture_output=True, timeout=60, check=False)


def on_a_tty_stderr(home: Path, *args: str, utf8: bool = False, **extra: str) -> tuple[int, bytes, str]:
    """Run with stderr on a pseudo-terminal: (exit code, stdout, what the terminal showed)."""
    master, slave = os.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "popejoan_cli", *args], env=env_for(home, utf8=utf8, **extra),
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=slave)
    os.close(slave)
    shown = b""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and select.select([master], [], [], 1)[0]:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # the child has gone and closed the pty
            break
        if not chunk:
            break
        shown += chunk
    out, _ = proc.communicate(timeout=60)
    os.close(master)
    return proc.returncode, out, shown.decode("utf-8", "replace").replace("\r", "")


@pytest.fixture
def home(tmp_path: Path) -> Path:
    """A table of three with a hand dealt from seed 42 and one run led (Bob leads 3♠)."""
    found = tmp_path / "home"
    cli = Cli(found)
    cli.ok("table", "new", "t", "--rules", "modern-stops", "--players", "Ann,Bob,Zoë")
    cli.ok("deal", "--seed", "42")
    cli.ok("lead", "3S")
    return found


@pytest.mark.parametrize(("args", "letters"), [
    (("board",), "8H"),
    (("hand", "show", "Bob"), "3C"),
    (("history",), "8H"),
    (("ledger", "show"), "Zo?"),
    (("rules", "show", "modern-stops"), "9D"),
], ids=["board", "hand-show", "history", "ledger-show", "rules-show"])
def test_an_ascii_stdout_gets_letters(home: Path, args: tuple[str, ...], letters: str) -> None:
    done = popejoan(home, *args)
    assert done.returncode == 0, done.stderr.decode("utf-8", "replace")
    assert done.stdout.isascii()
    assert letters in done.stdout.decode("ascii")
    assert b"Traceback" not in done.stderr and b"EncodingWarning" not in done.stderr
    assert b"POPEJOAN_SUITS" not in done.stderr  # stderr is a pipe here: no hint


def test_board_shows_the_cards_as_typed(home: Path) -> None:
    shown = popejoan(home, "board").stdout.decode("ascii")
    assert "turn-up 8H" in shown
    assert "+---" in shown  # rich's ASCII borders, as the encoding is not UTF
    utf8 = popejoan(home, "board", utf8=True).stdout.decode("utf-8")
    assert "turn-up 8♥" in utf8 and "───" in utf8


@pytest.mark.parametrize("args", [("board", "--json"), ("ledger", "show", "--json"), ("history", "--json")])
def test_json_is_escaped_and_equals_the_utf8_run(home: Path, args: tuple[str, ...]) -> None:
    ascii_run = popejoan(home, *args)
    utf8_run = popejoan(home, *args, utf8=True)
    assert ascii_run.returncode == utf8_run.returncode == 0, ascii_run.stderr
    assert ascii_run.stdout.isascii()
    assert json.loads(ascii_run.stdout) == json.loads(utf8_run.stdout.decode("utf-8"))


def test_the_hint_is_shown_once_when_stderr_is_a_terminal(home: Path) -> None:
    code, out, shown = on_a_tty_stderr(home, "board")
    assert code == 0 and out.isascii() and b"8H" in out
    assert shown.count("popejoan: this terminal's encoding") == 1, shown
    assert "POPEJOAN_SUITS=letters" in shown and "PYTHONUTF8=1" in shown
    assert shown.isascii()


def test_letters_asked_for_silence_the_hint(home: Path) -> None:
    code, out, shown = on_a_tty_stderr(home, "board", POPEJOAN_SUITS="letters")
    assert code == 0 and b"8H" in out
    assert shown == ""


def test_letters_on_a_utf8_terminal(home: Path) -> None:
    code, out, shown = on_a_tty_stderr(home, "board", utf8=True, POPEJOAN_SUITS="letters")
    text = out.decode("utf-8")
    assert code == 0 and shown == ""
    assert "turn-up 8H" in text and not set(SYMBOLS) & set(text)
    assert "───" in text  # only the suits change: the borders stay drawn as lines
    as_json = popejoan(home, "ledger", "show", "--json", utf8=True, POPEJOAN_SUITS="letters").stdout
    assert as_json.isascii() and "Zoë" in json.loads(as_json)  # escaped, exact


def test_a_utf8_terminal_keeps_the_symbols_and_says_nothing(home: Path) -> None:
    code, out, shown = on_a_tty_stderr(home, "board", utf8=True)
    assert code == 0 and "turn-up 8♥" in out.decode("utf-8")
    assert shown == ""


def test_letters_in_process(home: Path) -> None:
    shown = Cli(home).ok("hand", "show", "Bob", POPEJOAN_SUITS="letters").stdout
    assert "3C" in shown and not set(SYMBOLS) & set(shown)
    assert set(SYMBOLS) & set(Cli(home).ok("hand", "show", "Bob").stdout)


def test_the_error_handler_writes_ascii() -> None:
    text = "A♠ 10♥ Q♦ 2♣ … – — × · ’ “x” → ≤ ─│┌ █ Ёж\u00a0é"
    assert text.encode("ascii", terminal.HANDLER) == b"""AS 10H QD 2C ... - - x . ' "x" -> <= -|+ # ?? ?"""
    # Only what the encoding cannot encode is replaced: cp1252 keeps its dashes and accents.
    assert "Zoë – A♠ …".encode("cp1252", terminal.HANDLER) == "Zoë – AS …".encode("cp1252")


def test_the_letters_codec_changes_only_the_suits() -> None:
    assert "Zoë A♠ ─".encode("utf-8-letters") == "Zoë AS ─".encode()
    assert b"AS".decode("utf-8-letters") == "AS"


def test_fix_changes_a_stream_once() -> None:
    ascii_out = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    assert terminal.fix(ascii_out, letters_wanted=False)
    assert not terminal.fix(ascii_out, letters_wanted=False)
    ascii_out.write("10♥…")
    ascii_out.flush()
    assert ascii_out.buffer.getvalue() == b"10H..."
    utf8_out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    assert not terminal.fix(utf8_out, letters_wanted=False)
    assert terminal.fix(utf8_out, letters_wanted=True)
    assert not terminal.fix(utf8_out, letters_wanted=True)
    assert utf8_out.encoding == "utf-8-letters"


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_hint_is_for_a_person_who_did_not_ask_for_letters() -> None:
    assert terminal.should_hint(Tty(), "ascii", letters_wanted=False)
    assert not terminal.should_hint(io.StringIO(), "ascii", letters_wanted=False)  # a pipe or a file
    assert not terminal.should_hint(Tty(), "ascii", letters_wanted=True)
    assert not terminal.should_hint(Tty(), None, letters_wanted=False)  # nothing was short
    assert terminal.hint("cp1252").isascii() and "(cp1252)" in terminal.hint("cp1252")


def test_utf8_arguments_under_an_ascii_locale() -> None:
    undecoded = os.fsdecode("Zoë".encode())
    assert terminal.as_utf8(undecoded) == "Zoë" or sys.getfilesystemencoding().lower() == "utf-8"
    assert terminal.as_utf8("Ann") == "Ann"


def test_letters_at_a_russian_table_are_the_russian_notation(tmp_path: Path) -> None:
    """At a Russian table the letters are those a Russian table types (Тб, 2п), which popejoan reads
    back; the same table in English keeps C D H S."""
    cli = Cli(tmp_path / "home")
    cli.ok("table", "new", "t", "--rules", "russian", "--players", "Аня,Боря,Вика", "--lang", "ru")
    dealt = cli.ok("deal", "--seed", "7", POPEJOAN_SUITS="letters").stdout
    assert "Открытая карта 4б, козырь: бубны б." in dealt and not set(SYMBOLS) & set(dealt)
    led = cli.ok("lead", "Тб", POPEJOAN_SUITS="letters").stdout
    assert led.startswith("Боря ходит: Тб, Аня 2б, Вика 3б\n"), led
    english = cli.ok("board", POPEJOAN_SUITS="letters", POPEJOAN_LANG="en").stdout
    assert "turn-up 4D" in english and "б" not in english


def test_the_letters_codec_writes_a_russian_commands_suits_in_russian() -> None:
    from popejoan_cli.render import i18n

    i18n.use("ru")
    try:
        assert "Т♠ 10♥ ♦ б".encode("utf-8-letters") == "Тп 10ч б б".encode()
    finally:
        i18n.use("en")
    assert "Т♠".encode("utf-8-letters") == "ТS".encode()
