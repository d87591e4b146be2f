"""Words from issue 24, through the CLI: what a command says where it used to say something wrong
or nothing at all.

- the turn-up's line says the trump once, in words and its symbol (`trump: diamonds ♦`);
- `out NAME --left ...` after a tally hand is settled says which hand and what to do;
- `hand show NAME` in a real-deck hand says popejoan does not know the cards;
- the shell's hints name its commands as the shell takes them (`hand show NAME`);
- `table new --from` names the formats a session continues from, and says the table is now current.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import GOLDEN, Cli, golden

WIDE = GOLDEN / "widths"

PLAYERS = "Ann,Bob,Cat,Dan"


def _table(cli: Cli, name: str = "t") -> None:
    cli.ok("table", "new", name, "--rules", "modern-stops", "--players", PLAYERS, "--dealer", "Ann")


# ------------------------------------------------------------------------------ the turn-up's trump
def test_the_turn_up_says_its_trump_once(cli: Cli) -> None:
    _table(cli)
    said = cli.ok("deal", "--real", "--turnup", "9D").stdout
    assert "Turn-up 9♦, trump: diamonds ♦." in said, said
    assert "♦ D diamonds" not in said
    cli.ok("undo", "--yes")
    lettered = cli.ok("deal", "--real", "--turnup", "9D", POPEJOAN_SUITS="letters").stdout
    assert "Turn-up 9D, trump: diamonds D." in lettered, lettered


def test_the_turn_up_says_its_trump_once_in_russian(cli: Cli) -> None:
    _table(cli)
    said = cli.ok("deal", "--real", "--turnup", "9D", POPEJOAN_LANG="ru").stdout
    assert "Открытая карта 9♦, козырь: бубны ♦." in said, said


# ------------------------------------------------------------------------------ out after the settlement
def test_out_after_a_tally_hand_is_settled_says_so(cli: Cli) -> None:
    _table(cli)
    cli.ok("deal", "--real", "--tally", "--turnup", "8H")
    cli.ok("out", "Dan", "--left", "Ann=3,Bob=2,Cat=4", "--pope", "none")
    for again in (["--left", "Ann=3,Bob=2,Cat=4", "--pope", "none"], ["--left", "Ann=3,Bob=2,Cat=4"], []):
        err = cli.fails(3, "out", "Dan", *again, said=["hand 1 is already settled: Dan went out",
                                                       "`popejoan deal --real --tally`", "`popejoan undo`"])
        assert "not a tally" not in err and "--left goes with" not in err


def test_out_after_a_recorded_hand_is_void_says_so(cli: Cli) -> None:
    cli.ok("table", "new", "t", "--rules", "michigan", "--players", PLAYERS)
    cli.ok("deal", "--real")
    cli.ok("play", "Bob", "2C", "stop")  # 3♣ is in the spare hand: nobody can change suit
    cli.ok("void")
    for again in ([], ["--left", "Ann=3"]):
        err = cli.fails(3, "out", "Bob", *again, said=["hand 1 is already settled: it was void",
                                                       "`popejoan deal --real`", "`popejoan undo`"])
        assert "--tally" not in err and "no hand is being played" not in err


def test_out_after_the_settlement_in_russian(cli: Cli) -> None:
    _table(cli)
    cli.ok("deal", "--real", "--tally", "--turnup", "8H")
    cli.ok("out", "Dan", "--left", "Ann=3,Bob=2,Cat=4", "--pope", "none")
    cli.fails(3, "out", "Dan", "--left", "Ann=3,Bob=2,Cat=4", POPEJOAN_LANG="ru",
              said=["раздача 1 уже рассчитана: карты кончились у игрока Dan", "`popejoan deal --real --tally`"])


# ------------------------------------------------------------------------------ hand show, real deck
def test_hand_show_in_a_real_hand_says_popejoan_does_not_know_the_cards(cli: Cli) -> None:
    _table(cli)
    for deal in (["--real", "--turnup", "8H"], ["--real", "--tally", "--turnup", "8H"]):
        cli.ok("deal", *deal)
        for asked in ([], ["--json"], ["--why", "2C"]):
            err = cli.fails(3, "hand", "show", "Ann", *asked,
                            said=["hand 1 is played with a real deck: popejoan does not know its cards",
                                  "they are in the players' hands"])
            assert "0 cards" not in err
        cli.ok("undo", "--yes")


def test_hand_show_in_a_real_hand_in_russian(cli: Cli) -> None:
    _table(cli)
    cli.ok("deal", "--real", "--turnup", "8H")
    cli.fails(3, "hand", "show", "Ann", POPEJOAN_LANG="ru", said=["раздача 1 играется настоящей колодой"])


def test_the_shell_passes_no_laptop_for_a_real_hand(tmp_path: Path) -> None:
    from test_shell import Term

    cli = Cli(tmp_path / "home")
    _table(cli)
    cli.ok("deal", "--real", "--turnup", "8H")
    term = Term(cli.home, "shell")
    try:
        term.prompt()
        out = term.line("hand show Ann")
        assert "Pass the laptop" not in out and "popejoan does not know its cards" in out, out
    finally:
        term.close()


# ------------------------------------------------------------------------------ the shell's hints
def test_the_shells_hints_name_its_own_commands(cli: Cli) -> None:
    _table(cli)
    out = cli.ok("shell", input="deal --seed 42\nundo --yes\ndeal --real --tally --turnup 8H\n").stdout
    assert "Each player sees their own hand with `hand show NAME`." in out, out
    assert "Record pots as they are taken with `pay NAME POT`, and the end with `out NAME --left NAME=N,...`." in out
    assert "`popejoan " not in out
    ru = cli.ok("shell", input="undo --yes\ndeal --real --turnup 8H\n", POPEJOAN_LANG="ru").stdout
    assert "записывайте каждую карту командой `play ИМЯ КАРТА`" in ru, ru
    # Outside the shell, in the same process, a command is typed after `popejoan` again.
    cli.ok("undo", "--yes")
    assert "`popejoan hand show NAME`" in cli.ok("deal", "--seed", "42").stdout


# ------------------------------------------------------------------------------ table new --from
def _exported(cli: Cli, where: Path) -> None:
    _table(cli, "fri")
    cli.ok("deal", "--seed", "42")
    cli.ok("undo", "--yes")
    for ext in ("csv", "journal", "hledger", "beancount", "toml", "json"):
        cli.ok("ledger", "export", str(where / f"fri.{ext}"))


def test_table_new_from_names_the_formats_a_session_continues_from(cli: Cli, tmp_path: Path) -> None:
    _exported(cli, tmp_path)
    for ext, kind in (("csv", "CSV"), ("journal", "hledger"), ("hledger", "hledger"), ("beancount", "beancount")):
        err = cli.fails(5, "table", "new", "sat", "--from", str(tmp_path / f"fri.{ext}"),
                        said=[f"fri.{ext}: a session continues only from a TOML or JSON ledger export, not {kind}",
                              "`popejoan ledger export FILE.toml`"])
        assert "not valid TOML" not in err
    (tmp_path / "fri.txt").write_bytes((tmp_path / "fri.csv").read_bytes())  # a CSV by any other name
    cli.fails(5, "table", "new", "sat", "--from", str(tmp_path / "fri.txt"),
              said=["not valid TOML", "a session continues only from a TOML or JSON ledger export"])
    (tmp_path / "fri.txt").write_bytes((tmp_path / "fri.toml").read_bytes())  # a TOML by any other name
    cli.ok("table", "new", "sat", "--from", str(tmp_path / "fri.txt"))


def test_table_new_from_says_the_current_table_changed(cli: Cli, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    _exported(cli, tmp_path)
    monkeypatch.chdir(tmp_path)
    for columns in ("60", "80", "120"):
        wide = Cli(cli.home, columns=columns)
        said = wide.ok("table", "new", f"sat{columns}", "--from", "fri.toml").stdout
        golden(WIDE / f"table-new-from_{columns}.txt", said)
        assert f"The current table is now 'sat{columns}' (it was 'fri')." in said
        wide.ok("table", "use", "fri")
    said = cli.ok("table", "new", "sun", "--from", "fri.json").stdout
    assert said.rstrip().endswith("The current table is now 'sun' (it was 'fri')."), said
    assert cli.json("table", "list")["current"] == "sun"
    kept = cli.ok("--table", str(tmp_path / "mon"), "table", "new", "mon", "--from", "fri.json").stdout
    assert "current table" not in kept  # --table: the current table stays 'sun'
    assert cli.json("table", "list")["current"] == "sun"
    ru = cli.ok("table", "new", "tue", "--from", "fri.json", POPEJOAN_LANG="ru").stdout
    assert "Текущий стол теперь «tue» (был «sun»)." in ru, ru
