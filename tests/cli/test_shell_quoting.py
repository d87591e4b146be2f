"""Shell completion quotes a word the shell's own splitter would cut (issue 24).

A player called "Mary Ann": `6C:Ma` TAB gave `6C:Mary Ann`, which the shell then read as two
words. What TAB offers is quoted so that `shell_words.split` reads it back as the one word
meant (a name with a quote, a backslash or `#` too); a plain word stays as it is.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.main import get_command

from conftest import Cli
from popejoan_cli.cli import app
from popejoan_cli.cli.shell_lines import Shell
from popejoan_cli.cli.shell_words import split

PLAYERS = ("Ann", "Mary Ann", "O'Neil #2", "Dan")


@pytest.fixture
def table(cli: Cli) -> Cli:
    cli.ok("table", "new", "t", "--rules", "modern-stops", "--players", ",".join(PLAYERS), "--dealer", "Ann")
    cli.ok("deal", "--real", "--turnup", "8H")  # Mary Ann leads
    return cli


def _shell() -> Shell:
    return Shell(get_command(app), None, interactive=False)


def test_a_name_with_a_space_is_offered_quoted(table: Cli) -> None:
    sh = _shell()
    assert sh.offers("play Ann AS ", "2S:M") == ["'2S:Mary Ann'"]
    assert sh.offers("hand show ", "M") == ["'Mary Ann'"]
    assert sh.offers("hand show ", "A") == ["Ann"]  # a plain word is left alone
    assert sh.offers("count ", "o") == ["'O'\"'\"'Neil #2'"]
    assert split(sh.offers("count ", "o")[0]) == ["O'Neil #2"]
    for before, text in [("play Ann AS ", "2S:"), ("hand show ", ""), ("out Ann --pope ", "")]:
        offered = sh.offers(before, text)
        meant = sh.candidates(before, text)
        assert [split(word) for word in offered] == [[word] for word in meant], (offered, meant)


def test_a_word_begun_with_a_quote_still_completes(table: Cli) -> None:
    sh = _shell()
    assert sh.offers("play Ann AS ", "'2S:M") == ["'2S:Mary Ann'"]
    assert sh.offers("hand show ", '"Ma') == ["'Mary Ann'"]


def test_the_completed_line_runs_in_the_shell(table: Cli, tmp_path: Path) -> None:
    sh = _shell()
    before = "play 'Mary Ann' AS 2S:Ann "
    line = before + sh.offers(before, "3S:Ma")[0] + " stop"
    res = table("shell", input=line + "\nexit\n")
    assert res.exit_code == 0, res.stderr
    hands = table.json("history")["hands"]
    assert [(p["seat"], p["card"]) for p in hands[-1]["plays"]] == [("Mary Ann", "AS"), ("Ann", "2S"),
                                                                    ("Mary Ann", "3S")]
