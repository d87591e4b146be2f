"""An evening under a locale that is not UTF-8: what popejoan writes to files is UTF-8 whatever the
locale, names typed in a UTF-8 terminal stay intact, and popejoan's own code opens no file
without saying its encoding (PYTHONWARNDEFAULTENCODING=1 would print an EncodingWarning).

The commands run as subprocesses with LC_ALL=C and Python's UTF-8 mode and C-locale coercion
both off, so the child's preferred encoding really is ASCII (the first test proves it). A table that a
test only reads is made in the tests' own process (`Cli`): the evening test makes its own under ASCII.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import Cli

NAMES = ("Zoë", "Bob", "Ёжик")


def ascii_env(home: Path, **extra: str) -> dict[str, str]:
    """The environment of a C locale that Python does not turn into UTF-8."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("POPEJOAN", "LC_", "XDG_")) and k not in ("PYTHONIOENCODING", "PYTHONUTF8")}
    env.update(LC_ALL="C", LANG="C", PYTHONUTF8="0", PYTHONCOERCECLOCALE="0", PYTHONWARNDEFAULTENCODING="1",
               POPEJOAN_HOME=str(home), NO_COLOR="1", COLUMNS="100", **extra)
    return env


def run(home: Path, *args: str | Path, **extra: str) -> subprocess.CompletedProcess[bytes]:
    """`popejoan ARGS` under the ASCII locale; stdout and stderr as bytes, as the child wrote them."""
    # Arguments go down as UTF-8 bytes, as a UTF-8 terminal would send them whatever the locale says.
    argv = [os.fsencode(sys.executable), b"-m", b"popejoan_cli",
            *(os.fsencode(a) if isinstance(a, Path) else a.encode("utf-8") for a in args)]
    return subprocess.run(argv, env=ascii_env(home, **extra), capture_output=True, timeout=60, check=False,
                          cwd=home.parent)


def ok(home: Path, *args: str | Path) -> bytes:
    done = run(home, *args)
    assert done.returncode == 0, (args, done.returncode, done.stderr.decode("utf-8", "replace"))
    assert b"EncodingWarning" not in done.stderr, done.stderr.decode("utf-8", "replace")
    assert b"Traceback" not in done.stderr
    return done.stdout


@pytest.fixture
def home(tmp_path: Path) -> Path:
    found = tmp_path / "home"
    found.mkdir()
    return found


def test_the_child_locale_really_is_ascii(home: Path) -> None:
    probe = "import locale, sys; print(sys.flags.utf8_mode, locale.getpreferredencoding(False), sys.stdout.encoding)"
    done = subprocess.run([sys.executable, "-c", probe], env=ascii_env(home), capture_output=True, timeout=60,
                          check=True)
    utf8_mode, preferred, stdout = done.stdout.decode("ascii").split()
    assert utf8_mode == "0"
    assert preferred.lower() in ("ansi_x3.4-1968", "ascii", "us-ascii")
    assert stdout.lower() in ("ansi_x3.4-1968", "ascii", "us-ascii")


def test_an_evening_under_the_c_locale_writes_utf8_files(home: Path, tmp_path: Path) -> None:
    ok(home, "table", "new", "fridays", "--rules", "modern-stops", "--players", ",".join(NAMES))
    journal = (home / "tables" / "fridays" / "journal.jsonl").read_bytes().decode("utf-8")
    assert all(name in journal for name in NAMES)
    ok(home, "ledger", "export", tmp_path / "before.json")  # between hands: the JSON export
    ok(home, "ledger", "export", tmp_path / "during.csv")  # and the CSV (no format is exported mid-hand)
    dealt = ok(home, "deal", "--seed", "42")
    assert dealt.isascii() and b"Zo? deals" in dealt
    led = run(home, "lead", "3S")
    assert led.returncode == 0, led.stderr
    assert b"3S" in led.stdout and led.stdout.isascii()
    refused = run(home, "lead", "7H")  # not the leader's card, nor anyone's turn: refused, exit 3
    assert refused.returncode == 3 and b"EncodingWarning" not in refused.stderr
    assert run(home, "ledger", "export", tmp_path / "mid.csv").returncode == 3  # refused while a hand is played
    ok(home, "rules", "new", "-o", tmp_path / "house.toml")
    ok(home, "hand", "deal", "-r", "modern-stops", "-p", ",".join(NAMES), "-s", "7", "-o", tmp_path / "deal.toml")
    replayed = ok(home, "hand", "replay", tmp_path / "deal.toml", "--json")
    assert json.loads(replayed)["dealer"] == "Zoë"
    assert b"ok:" in ok(home, "check")

    csv_text = (tmp_path / "during.csv").read_bytes().decode("utf-8")
    assert "player:Zoë" in csv_text and "player:Ёжик" in csv_text
    exported = (tmp_path / "before.json").read_bytes().decode("utf-8")
    json.loads(exported)
    assert all(f'"{name}"' in exported for name in NAMES)
    deal_text = (tmp_path / "deal.toml").read_bytes().decode("utf-8")
    assert 'players = ["Zoë", "Bob", "Ёжик"]' in deal_text
    (tmp_path / "house.toml").read_bytes().decode("utf-8")  # valid UTF-8, whatever it holds
    assert b"ok" in ok(home, "rules", "check", tmp_path / "house.toml")


def test_json_on_an_ascii_stdout_is_escaped_and_exact(home: Path) -> None:
    Cli(home).ok("table", "new", "t", "--rules", "modern-stops", "--players", ",".join(NAMES))
    out = ok(home, "ledger", "show", "--json")
    assert out.isascii()
    assert list(json.loads(out)) == list(NAMES)


def test_a_file_sent_to_stdout_is_the_files_utf8_bytes(home: Path, tmp_path: Path) -> None:
    Cli(home).ok("table", "new", "fridays", "--rules", "modern-stops", "--players", ",".join(NAMES))
    ok(home, "ledger", "export", tmp_path / "ledger.csv")
    to_stdout = ok(home, "ledger", "export", "-", "--format", "csv")
    assert to_stdout == (tmp_path / "ledger.csv").read_bytes()
    assert "Ёжик".encode() in to_stdout


def test_piped_shell_lines_are_read_as_utf8(home: Path) -> None:
    lines = "table new fridays --rules modern-stops --players Zoë,Bob,Cat\ntable join Ёжик\nledger show --json\n"
    done = subprocess.run([sys.executable, "-m", "popejoan_cli", "shell"], input=lines.encode("utf-8"),
                          env=ascii_env(home), capture_output=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr.decode("utf-8", "replace")
    balances = json.loads(done.stdout[done.stdout.index(b"{"):])
    assert list(balances) == ["Zoë", "Bob", "Cat", "Ёжик"]
