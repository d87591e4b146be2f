"""Issue 39's smaller items, each through the CLI as a banker meets it: the shell's hints name commands as
the shell takes them, a table that does not exist is one exit code, ..."""

from __future__ import annotations

import shutil
from pathlib import Path

from conftest import Cli


def _table(cli: Cli, *extra: str) -> None:
    cli.ok("table", "new", "fri", "--rules", "modern-stops", "--players", "Ann,Bob,Cat", "--counters", "50", *extra)


def test_every_hint_inside_the_shell_names_a_command_without_popejoan(cli: Cli) -> None:
    """Narration, plain messages and errors (message and hint) follow one rule at `popejoan shell`: a command
    in backquotes is written as the shell takes it (`deal`), in English and in Russian; outside it, as typed
    at the system's shell (`popejoan deal`)."""
    lines = "table new fri --rules modern-stops --players Ann,Bob,Cat --counters 50\nhistory\ndeal --seed 3\n" \
            "ledger settle\nlead 2C\nexit\n"
    res = cli("shell", input=lines)
    said = res.stdout + res.stderr
    assert "`popejoan" not in said, said
    assert "deals first: `deal`." in said  # a plain message (table new)
    assert "Ann deals first (`deal`)." in said  # a line drawn by the history
    assert "own hand with `hand show NAME`" in said  # the narration
    assert "finish it with `lead ...` until someone is out, or take it back with `undo --hand`" in said  # a hint
    assert "`hand show Bob --why 2C`" in said  # a refused lead's pointer
    ru = cli("shell", input="ledger settle\nlead 2C\nexit\n", POPEJOAN_LANG="ru")
    assert "`popejoan" not in ru.stdout + ru.stderr, ru.stderr
    assert "ходами `lead ...`" in ru.stderr and "`undo --hand`" in ru.stderr
    # Outside the shell the same hints keep `popejoan`: the rule lasts as long as the shell runs.
    out = cli.fails(3, "ledger", "settle")
    assert "`popejoan lead ...`" in out and "`popejoan undo --hand`" in out
    assert "`popejoan deal`" in cli.ok("table", "new", "sat", "--rules", "hoyle", "--players", "A,B,C",
                                       COLUMNS="200").stdout


def test_a_table_that_is_not_there_is_exit_2_wherever_it_is_named(cli: Cli, tmp_path: Path) -> None:
    """`table use NOSUCH`, `--table PATH`, POPEJOAN_TABLE and the current table's folder removed: one usage error
    (exit 2, README: Exit codes), where `--table` used to be exit 5, as a damaged journal is."""
    _table(cli)
    cli.fails(2, "table", "use", "nosuch", said=("no table called 'nosuch'",))
    cli.fails(2, "--table", str(tmp_path / "nosuch"), "ledger", "show", said=("no table here (no journal)",))
    cli.fails(2, "board", POPEJOAN_TABLE=str(tmp_path / "nosuch"), said=("no table here",))
    cli.ok("table", "new", "sat", "--rules", "hoyle", "--players", "A,B,C")
    shutil.rmtree(cli.home / "tables" / "sat")
    cli.fails(2, "deal", said=("sat/journal.jsonl: no table here (no journal)", "`popejoan table new NAME`"))
    ru = cli.fails(2, "check", POPEJOAN_LANG="ru")
    assert "sat/journal.jsonl: здесь нет стола (нет журнала)" in ru, ru
    cli.fails(2, "table", "use", "sat", said=("no table called 'sat'",))
    (tmp_path / "bad.toml").write_text("name = [\n", encoding="utf-8")
    cli.fails(5, "rules", "check", str(tmp_path / "bad.toml"))  # bad data is still exit 5: a file there and wrong
