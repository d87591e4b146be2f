"""`ledger settle` refuses while a hand is being played (issue 24): settling then would count the
open hand's dressing as if it had changed hands. Exit 3, naming the hand and how to finish or undo it."""

from __future__ import annotations

from conftest import Cli, play_hand


def _table(cli: Cli, *more: str) -> None:
    cli.ok("table", "new", "t", "--rules", "modern-stops", "--players", "Ann,Bob,Cat,Dan", *more)


def test_settle_refuses_an_open_hand_and_says_how_to_finish_or_undo_it(cli: Cli) -> None:
    _table(cli)
    play_hand(cli, 3)
    before = cli.json("ledger", "settle")
    cli.ok("deal", "--seed", "42")
    for args in (("ledger", "settle"), ("ledger", "settle", "--json"),
                 ("ledger", "settle", "--value", "0.05", "--bank", "Bob")):
        cli.fails(3, *args, said=("hand 2 is still being played", "popejoan lead", "popejoan undo --hand"))
    cli.lead_lowest(cli.home / "tables" / "t")
    cli.fails(3, "ledger", "settle", said=("hand 2",))
    cli.ok("undo", "--hand", "--yes")
    assert cli.json("ledger", "settle") == before  # the hand taken back: the same settlement as before it


def test_settle_refuses_an_open_real_hand_naming_play_and_out(cli: Cli) -> None:
    _table(cli)
    cli.ok("deal", "--real", "--turnup", "8H")
    cli.fails(3, "ledger", "settle", said=("hand 1 is still being played", "popejoan play", "popejoan out",
                                           "popejoan undo --hand"))


def test_settle_refuses_an_open_hand_in_russian(cli: Cli) -> None:
    cli.ok("table", "new", "t", "--rules", "russian", "--players", "Аня,Боря,Вика", "--lang", "ru")
    cli.ok("deal", "--seed", "7")
    said = cli.fails(3, "ledger", "settle", said=("popejoan undo --hand",))
    assert "still being played" not in said and "раздача 1" in said.lower(), said


def test_settle_after_the_hand_still_works(cli: Cli) -> None:
    _table(cli)
    play_hand(cli, 3)
    doc = cli.json("ledger", "settle")
    assert sum(doc["nets"].values()) == 0


def test_a_value_with_a_decimal_comma_is_read_as_a_russian_table_prints_it(cli: Cli) -> None:
    """A Russian table prints "0,05 EUR", and `--value 0,05` was refused as not a number (issue 39)."""
    from popejoan_cli.store import autoplay

    cli.ok("table", "new", "fri", "--rules", "modern-stops", "--players", "Аня,Боря,Вика", "--lang", "ru")
    autoplay.play_hand(cli.home / "tables" / "fri", 1)
    comma = cli.ok("ledger", "settle", "--value", "0,05").stdout
    assert comma == cli.ok("ledger", "settle", "--value", "0.05").stdout and "0,05" in comma
    cli.fails(2, "ledger", "settle", "--value", "0,0,5", said=["не число"])
