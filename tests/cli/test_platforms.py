"""A whole evening where the calls only Linux and macOS have are gone, as on Windows (docs/platforms.md).

A Windows machine cannot be had here, so each command runs in a Python from which the
POSIX-only modules (`fcntl`, `termios`, `readline`, `pwd`, ...) cannot be imported and the
POSIX-only calls (`os.pread`, `O_NOFOLLOW`, `O_NONBLOCK`, `geteuid`, `fchmod`, ...) are gone,
on a file system without hard links. The lock library keeps its own `fcntl`, as on Windows
it keeps its own `msvcrt`. Every command must say and write exactly what it does on Linux: what
it says and writes in the tests' own process (`Cli`), given the same environment and folder.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import Cli

WINDOWS_LIKE = """\
import errno, os, sys
import filelock  # the lock library keeps its own reference to fcntl, as on Windows to msvcrt
for name in ("fcntl", "termios", "readline", "pwd", "grp", "resource", "tty", "pty"):
    sys.modules[name] = None
for name in ("pread", "O_NOFOLLOW", "O_NONBLOCK", "O_NOCTTY", "O_CLOEXEC", "geteuid", "getegid", "getuid",
             "fchmod", "fchown"):
    if hasattr(os, name):
        delattr(os, name)
def link(*args, **kwargs):
    raise OSError(errno.EPERM, "Operation not permitted")  # a file system without hard links
os.link = link
sys.argv = ["popejoan", *sys.argv[1:]]
from popejoan_cli.launch import main
main()
"""

EVENING: list[list[str]] = [
    ["table", "new", "fridays", "--rules", "modern-stops", "--players", "Ann,Bob,Zoë,Dan", "--counters", "40"],
    ["ledger", "export", "ledger.csv"],  # between hands: no format is exported while a hand is played
    ["deal", "--seed", "42"],
    ["board"],
    ["hand", "show", "Bob", "--json"],
    ["lead", "AS"],
    ["undo", "--yes"],
    ["history"],
    ["ledger", "show", "--json"],
    ["rules", "new", "--from", "modern-stops", "-o", "mine.toml"],
    ["hand", "deal", "--rules", "mine.toml", "--players", "Ann,Bob,Cat", "--seed", "7", "-o", "deal.toml"],
    ["check"],
]


def run_evening(folder: Path, shim: Path) -> list[tuple[int, str, str]]:
    """Each command in a Python of its own without the POSIX calls, in `folder`."""
    folder.mkdir()
    env = {**os.environ, **Cli(folder / "home").env()}  # what `Cli` runs a command under
    out = []
    for argv in EVENING:
        done = subprocess.run([sys.executable, str(shim), *argv], cwd=folder, env=env, capture_output=True,
                              text=True, encoding="utf-8", check=False, timeout=60)
        out.append((done.returncode, done.stdout, done.stderr.replace(str(folder), "<here>")))
    return out


def run_evening_here(folder: Path, monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, str, str]]:
    """The same commands on Linux, in this process (`Cli`), in `folder` too."""
    folder.mkdir()
    monkeypatch.chdir(folder)
    cli = Cli(folder / "home")
    return [(res.exit_code, res.stdout, res.stderr.replace(str(folder), "<here>"))
            for res in (cli(*argv) for argv in EVENING)]


def test_an_evening_without_posix_calls_says_and_writes_what_it_does_on_linux(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shim = tmp_path / "windows_like.py"
    shim.write_text(WINDOWS_LIKE, encoding="utf-8")
    linux = run_evening_here(tmp_path / "linux", monkeypatch)
    windows_like = run_evening(tmp_path / "windows", shim)
    for argv, want, got in zip(EVENING, linux, windows_like, strict=True):
        assert got == want, f"popejoan {' '.join(argv)} differs"
    assert all(code == 0 for code, _, _ in linux), linux
    for name in ("ledger.csv", "mine.toml", "deal.toml"):  # a deal file names its rules file by its path
        linux_file = (tmp_path / "linux" / name).read_bytes().replace(str(tmp_path / "linux").encode(), b"<here>")
        assert (tmp_path / "windows" / name).read_bytes().replace(str(tmp_path / "windows").encode(),
                                                                 b"<here>") == linux_file
    journal = tmp_path / "windows" / "home" / "tables" / "fridays" / "journal.jsonl"
    assert b"\r\n" not in journal.read_bytes()
    assert "Zoë".encode() in journal.read_bytes()


def test_the_shim_really_removes_what_windows_lacks(tmp_path: Path) -> None:
    shim = tmp_path / "windows_like.py"
    probe = WINDOWS_LIKE.split("sys.argv =")[0] + (
        "import importlib\n"
        "for name in ('fcntl', 'readline', 'termios'):\n"
        "    try:\n        importlib.import_module(name)\n        print(name, 'imported')\n"
        "    except ImportError:\n        print(name, 'missing')\n"
        "print(hasattr(os, 'pread'), hasattr(os, 'O_NOFOLLOW'))\n")
    shim.write_text(probe, encoding="utf-8")
    done = subprocess.run([sys.executable, str(shim)], capture_output=True, text=True, encoding="utf-8", check=True)
    assert done.stdout.split("\n")[:4] == ["fcntl missing", "readline missing", "termios missing", "False False"]

