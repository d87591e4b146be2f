"""Input from outside reaching the terminal (issue 26, items 12–16): paths and typed words shown
visibly, POPEJOAN_LOCK_WAIT validated, the `current` pointer read safely, and no player named
after a word of the command language."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import Cli

POPEJOAN = [str(Path(sys.executable).with_name("popejoan"))]

ODD = "\x1b]0;X\x07\x9b31m\u202e\u2028"
"""An OSC title, a BEL, a C1 CSI, a right-to-left override and a line separator."""


def visible(text: str) -> None:
    for ch in "\x1b\x07\x9b\u202e\u2028":
        assert ch not in text, (ch, text)


@pytest.mark.parametrize("how", ["option", "env"])
def test_a_table_path_is_shown_visibly(cli: Cli, how: str) -> None:
    path = str(cli.home / f"t{ODD}")
    args, env = (["--table", path], {}) if how == "option" else ([], {"POPEJOAN_TABLE": path})
    res = cli(*args, "board", **env)
    assert res.exit_code != 0 and "Traceback" not in res.stderr
    visible(res.stderr)
    assert "\\x1b]0;X\\x07" in res.stderr and "\\u202e" in res.stderr


def test_a_damaged_journal_at_an_odd_path_is_named_visibly(cli: Cli) -> None:
    cli.ok("table", "new", "fri", "--rules", "hoyle", "--players", "Ann,Bob,Cat")
    odd = cli.home / f"t{ODD}"
    (cli.home / "tables" / "fri").rename(odd)
    with (odd / "journal.jsonl").open("a", encoding="utf-8") as f:
        f.write("garbage\n")
    for cmd in ("board", "check"):
        res = cli("--table", str(odd), cmd)
        assert res.exit_code == 5, res.stderr
        visible(res.stderr)


@pytest.mark.parametrize("word", ["--x\u202e\u2028", "a\u202eb\u2028c\x1b[2J"])
def test_click_errors_show_the_typed_word_visibly(cli: Cli, word: str) -> None:
    res = cli("board", word)
    assert res.exit_code == 2
    visible(res.stderr)
    assert "\\u202e" in res.stderr


@pytest.mark.parametrize("value", ["abc", "nan", "inf", "-1", "3601", "1" * 500])
def test_a_lock_wait_that_is_no_number_of_seconds_is_refused(cli: Cli, value: str) -> None:
    cli.fails(2, "table", "new", "fri", "--rules", "hoyle", "--players", "Ann,Bob,Cat",
              POPEJOAN_LOCK_WAIT=value, said=["POPEJOAN_LOCK_WAIT", "3600"])


def test_a_lock_wait_of_a_word_is_one_line_not_a_traceback(tmp_path: Path) -> None:
    env = {**os.environ, "POPEJOAN_HOME": str(tmp_path), "POPEJOAN_LOCK_WAIT": "abc", "POPEJOAN_LANG": "en"}
    env.pop("POPEJOAN_TABLE", None)
    res = subprocess.run([*POPEJOAN, "table", "new", "fri", "--rules", "hoyle", "--players", "Ann,Bob,Cat"],
                         env=env, capture_output=True, text=True, encoding="utf-8", timeout=60)
    assert res.returncode == 2, res.stderr
    assert res.stderr.startswith("popejoan: POPEJOAN_LOCK_WAIT=") and "Traceback" not in res.stderr
    env["POPEJOAN_LOCK_WAIT"] = "0.5"
    assert subprocess.run([*POPEJOAN, "table", "new", "fri", "--rules", "hoyle", "--players", "Ann,Bob,Cat"],
                          env=env, capture_output=True, timeout=60).returncode == 0


def _run(home: Path, *args: str, timeout: float = 20) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "POPEJOAN_HOME": str(home), "POPEJOAN_LANG": "en", "NO_COLOR": "1"}
    env.pop("POPEJOAN_TABLE", None)
    env.pop("POPEJOAN_LOCK_WAIT", None)
    return subprocess.run([*POPEJOAN, *args], env=env, capture_output=True, text=True, encoding="utf-8",
                          timeout=timeout)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_current_pointer_that_is_a_fifo_is_refused_not_waited_on(tmp_path: Path) -> None:
    cli = Cli(tmp_path)  # in this process, but for the command that might wait: a hang must fail, not stall
    cli.ok("table", "new", "fri", "--rules", "hoyle", "--players", "Ann,Bob,Cat")
    (tmp_path / "current").unlink()
    os.mkfifo(tmp_path / "current")
    res = _run(tmp_path, "board", timeout=10)  # the old code waited for a writer forever
    assert res.returncode == 5 and "not a regular file" in res.stderr and "table use NAME" in res.stderr
    cli.ok("table", "use", "fri")  # the fix it names works
    cli.ok("board")


@pytest.mark.parametrize(("content", "why"), [
    (b"fri\x00\n", "is not a table name"), (b"fri\x1b[2J", "is not a table name"), (b"\xff\xfe", "UTF-8"),
    (b"../../elsewhere", "is not a table name"), (b"a" * 5000, "longer than 4096 bytes"),
    ("/dev/zero", "not a regular file")])
def test_a_damaged_current_pointer_is_one_line_naming_the_fix(cli: Cli, content: bytes | str, why: str) -> None:
    cli.ok("table", "new", "fri", "--rules", "hoyle", "--players", "Ann,Bob,Cat")
    pointer = cli.home / "current"
    pointer.unlink()
    if isinstance(content, str):
        if not Path(content).exists():
            pytest.skip(f"no {content} here")
        pointer.symlink_to(content)
    else:
        pointer.write_bytes(content)
    err = cli.fails(5, "board", said=[why, "table use NAME"])
    assert "\x00" not in err and "\x1b" not in err
    cli.ok("table", "use", "fri")
    cli.ok("board")


@pytest.mark.parametrize("word", ["none", "None", "STOP", "board", "spare"])
def test_no_player_is_named_after_a_word_of_the_command_language(cli: Cli, word: str) -> None:
    cli.fails(2, "table", "new", "fri", "--rules", "hoyle", "--players", f"Ann,{word},Cat",
              said=[f"no player may be called '{word.lower()}'"])
    cli.fails(2, "hand", "deal", "--rules", "hoyle", "--players", f"Ann,{word},Cat", "--seed", "1",
              said=[f"'{word.lower()}'"])
    cli.ok("table", "new", "fri", "--rules", "hoyle", "--players", "Ann,Bob,Cat")
    cli.fails(2, "table", "join", word, said=[f"no player may be called '{word.lower()}'"])
    said = cli.fails(2, "table", "join", word, POPEJOAN_LANG="ru")
    assert f"игрока нельзя назвать «{word.lower()}»" in said


def test_an_export_naming_a_player_stop_is_refused(cli: Cli, tmp_path: Path) -> None:
    cli.ok("table", "new", "fri", "--rules", "hoyle", "--players", "Ann,Bob,Cat")
    exported = tmp_path / "fri.toml"
    cli.ok("ledger", "export", str(exported))
    exported.write_text(exported.read_text(encoding="utf-8").replace("Bob", "stop"), encoding="utf-8")
    cli.fails(5, "table", "new", "sat", "--from", str(exported), said=["no player may be called 'stop'"])


def test_a_path_written_or_checked_is_shown_visibly(cli: Cli, tmp_path: Path) -> None:
    rules = tmp_path / f"r{ODD}.toml"
    res = cli.ok("rules", "new", "--from", "hoyle", "-o", str(rules))
    visible(res.stdout + res.stderr)
    clean = tmp_path / "clean.toml"
    cli.ok("rules", "new", "--from", "hoyle", "-o", str(clean))
    checked = tmp_path / f"c{ODD}.toml"  # the file's own name and title plain: only its path is odd
    checked.write_bytes(clean.read_bytes())
    visible(cli.ok("rules", "check", str(checked)).stdout)
    deal = tmp_path / f"d{ODD}.toml"
    visible(cli.ok("hand", "deal", "--rules", "hoyle", "--players", "Ann,Bob,Cat", "--seed", "1", "-o",
                   str(deal)).stdout)


def test_a_deal_file_seating_a_player_none_is_refused(cli: Cli, tmp_path: Path) -> None:
    dealt = tmp_path / "d.toml"
    cli.ok("hand", "deal", "--rules", "hoyle", "--players", "Ann,Bob,Cat", "--seed", "1", "-o", str(dealt))
    dealt.write_text(dealt.read_text(encoding="utf-8").replace("Bob", "None"), encoding="utf-8")
    res = cli("hand", "replay", str(dealt))
    assert res.exit_code == 5 and "no player may be called 'none'" in res.stderr, res.stderr


def test_the_shell_shows_a_mistyped_option_visibly(cli: Cli) -> None:
    res = cli("shell", input="board --x\u202e\x1b[2J\u2028\n")
    visible(res.stderr)
    assert "No such option: --x\\u202e\\x1b[2J\\u2028" in res.stderr, res.stderr


def test_a_lock_wait_that_is_no_number_is_refused_by_a_command_that_only_reads(cli: Cli) -> None:
    cli.ok("table", "new", "fri", "--rules", "hoyle", "--players", "Ann,Bob,Cat")
    cli.fails(2, "board", POPEJOAN_LOCK_WAIT="nan", said=["POPEJOAN_LOCK_WAIT"])
    cli.ok("board", POPEJOAN_LOCK_WAIT="0")
