"""A hint that names a player inside a command spells the name as a command line must type it.

`popejoan hand show Mary Ann` names two players, at a POSIX shell and at `popejoan shell` alike;
`popejoan hand show 'Mary Ann'` names one (`base.words.as_typed`). Each hint is read back by the
shell's own splitter (and `shlex`, as a POSIX shell reads it) and, where it can be, run as written:
`Дарья` and `Ann` need no quotes and get none.
"""

from __future__ import annotations

import shlex

import pytest

from conftest import Cli
from popejoan_cli.base.words import as_typed
from popejoan_cli.cli.shell_words import split

SPACED = "Mary Ann"
EIGHT = ("Ann", "Bob", SPACED, "Dan", "Eve", "Fay", "Gus", "Hal")


@pytest.mark.parametrize("name", ["Ann", "Дарья", SPACED, "O'Neil", "Bob&Co", "a#b", "$HOME", "", "Анна Мария"])
def test_a_name_as_typed_reads_back_as_itself(name: str) -> None:
    typed = as_typed(name)
    assert split(f"hand show {typed}") == shlex.split(f"hand show {typed}") == ["hand", "show", name]
    assert (typed == name) == (name in ("Ann", "Дарья"))


def hint(text: str) -> list[str]:
    """The words of the command in backquotes at the end of `text`, as the shell's splitter reads them."""
    command = text.rstrip().rsplit("`", 2)[1]
    assert shlex.split(command) == split(command)
    return split(command)


def test_the_referees_hint_and_the_spare_hand_quote_a_spaced_name(cli: Cli) -> None:
    cli.ok("table", "new", "m", "--rules", "modern-stops", "--players", f"Ann,{SPACED},Bob")
    assert f"{SPACED} leads." in cli.ok("deal", "--seed", "3").stdout
    err = cli.fails(3, "lead", "KS")
    assert err.endswith(f"  {SPACED} alone may see why: `popejoan hand show 'Mary Ann' --why KS`\n"), err
    words = hint(err)
    assert words[:4] == ["popejoan", "hand", "show", SPACED]
    assert "Why not K♠" in cli.ok(*words[1:]).stdout
    shell = cli("shell", input="lead KS\n")
    assert "`hand show 'Mary Ann' --why KS`" in shell.stderr, shell.stderr  # as the shell takes it
    cli.ok("table", "new", "s", "--rules", "michigan", "--players", f"Ann,{SPACED},Bob", "--dealer", SPACED)
    cli.ok("deal", "--seed", "3")
    said = " ".join(cli.ok("spare", SPACED).stdout.split())
    assert "`popejoan hand show 'Mary Ann'` shows the new one." in said, said
    assert split(said.split("`")[1]) == ["popejoan", "hand", "show", SPACED]
    cli.ok("undo", "--yes")
    ru = " ".join(cli.ok("spare", SPACED, POPEJOAN_LANG="ru").stdout.split())
    assert "Новые карты показывает `popejoan hand show 'Mary Ann'`." in ru, ru


def test_out_hint_at_the_cli_and_at_the_shell(cli: Cli) -> None:
    """A real hand: Bob leads the Pope, Mary Ann plays 10♦ to K♦ and goes out with 2♣ 3♣."""
    cli.ok("table", "new", "t", "--rules", "modern-stops", "--players", ",".join(EIGHT), "--dealer", "Ann")
    cli.ok("deal", "--real", "--turnup", "8H")
    cli.ok("play", "Bob", "9D")
    cli.ok("play", SPACED, "10D", "JD", "QD", "KD")
    said = cli.ok("play", SPACED, "2C", "3C").stdout
    assert said.endswith("Settle with `popejoan out 'Mary Ann'`.\n"), said
    cli.ok("undo", "--yes")  # the whole line: 2♣ and 3♣
    out = cli.ok("shell", input=f"play '{SPACED}' 2C 3C\n").stdout
    assert "Settle with `out 'Mary Ann'`." in out, out
    line = out.rsplit("`", 2)[1]
    assert split(line) == ["out", SPACED]
    settled = cli.ok("shell", input=line + "\n").stdout
    assert f"{SPACED} is out." in settled and "Settle with" not in settled


def test_usage_examples_quote_a_spaced_name(cli: Cli) -> None:
    cli.ok("table", "new", "t", "--rules", "modern-stops", "--players", f"Ann,{SPACED},Bob", "--dealer", "Bob")
    err = cli.fails(2, "table", "join", "Zoë Kay", "--bring-back")
    assert err.endswith("say what they bring: `popejoan table join 'Zoë Kay' --counters 50`\n"), err
    assert hint(err)[3] == "Zoë Kay"
    cli.ok("deal", "--real", "--tally", "--turnup", "8H")
    err = cli.fails(2, "out", "Ann", "--left", "Bob=3")
    assert err.endswith("e.g. --left 'Mary Ann=3,Bob=3'\n"), err
    assert split(err.split("e.g. ")[1]) == ["--left", "Mary Ann=3,Bob=3"]


def test_a_half_typed_line_is_offered_back_as_the_shell_reads_it(cli: Cli) -> None:
    cli.ok("table", "new", "t", "--rules", "modern-stops", "--players", "Ann,Дарья,Bob")
    err = cli("shell", input='board Дарья "x\nboard \'Mary Ann\n').stderr.splitlines()
    assert err == ["popejoan: half-typed line (no closing quotation); did you mean: board Дарья x",
                   "popejoan: half-typed line (no closing quotation); did you mean: board 'Mary Ann'"], err
