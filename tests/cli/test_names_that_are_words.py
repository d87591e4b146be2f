"""One meaning per word (issue 39): a player may not be named like one of the table's pots or like a card.

At a table with a player Jack, `count jack 1` was recorded against the player, not the Jack pot, and `check`
failed until he was recounted. `table new` and `table join` now refuse such a name, saying why, with another to
use; a name only like a pot ("Jackie") sits down as before.
"""

from __future__ import annotations

import pytest

from conftest import Cli


@pytest.mark.parametrize(("name", "why"), [
    ("Jack", "it is a pot's name (Jack)"), ("pope", "it is a pot's name (Pope)"), ("Ace", "it is a pot's name (Ace)"),
    ("First out", "it is a pot's name (First out)"), ("game", "it is a pot's name (First out)"),
    ("QS", "it is a card"), ("10h", "it is a card"),
])
def test_a_new_table_refuses_a_player_named_like_a_pot_or_a_card(cli: Cli, name: str, why: str) -> None:
    cli.fails(2, "table", "new", "fri", "--rules", "modern-stops", "--players", f"Ann,{name},Cat",
              said=[f"no player may be called '{name}'", why, "give the player another name"])
    assert not (cli.home / "tables" / "fri").exists()


def test_joining_under_a_pots_name_is_refused_and_nothing_is_written(cli: Cli) -> None:
    cli.ok("table", "new", "fri", "--rules", "modern-stops", "--players", "Ann,Bob,Cat")
    journal = (cli.home / "tables" / "fri" / "journal.jsonl").read_bytes()
    cli.fails(2, "table", "join", "Queen", said=["no player may be called 'Queen' at this table", "'Queen B.'"])
    cli.fails(2, "table", "join", "Queen", said=["игрока нельзя назвать «Queen» за этим столом", "секция"],
              POPEJOAN_LANG="ru")
    assert (cli.home / "tables" / "fri" / "journal.jsonl").read_bytes() == journal


def test_a_pots_name_is_the_tables_own_and_a_name_only_like_one_sits_down(cli: Cli) -> None:
    cli.ok("table", "new", "fri", "--rules", "modern-stops", "--players", "Ann,Jackie,Queenie")
    said = cli.ok("count", "jack", "0")  # the pot, which no player's name can be taken for, holds nothing yet
    assert said.stdout == "jack: 0 counters, as the journal says.\n"  # the pot, not Jackie


@pytest.mark.parametrize("args", [("hand", "show", "Mary", "Ann"), ("count", "Mary", "Ann", "3")])
def test_an_unquoted_name_with_a_space_is_recognised(cli: Cli, args: tuple[str, ...]) -> None:
    """`hand show Mary Ann` unquoted: click's "unexpected extra argument (Ann)", and the name meant (issue 39)."""
    cli.ok("table", "new", "fri", "--rules", "modern-stops", "--players", "Mary Ann,Bob,Cat")
    cli.ok("deal", "--seed", "1")
    cli.fails(2, *args, said=["unexpected extra argument", "did you mean 'Mary Ann'? Quote a name with a space"])
    cli.fails(2, *args, said=["Возможно, имелось в виду «Mary Ann»", "в кавычки"], POPEJOAN_LANG="ru")
    cli.fails(2, "hand", "show", "Bob", "Ann", said=["see `popejoan hand show --help`"])  # no such player: as before


@pytest.mark.parametrize("typed", ["Саша:x", "Ann:q", "Bob:zz"])
def test_a_mistyped_gender_is_refused_not_kept_in_the_name(cli: Cli, typed: str) -> None:
    """`--players "Саша:x"` once seated a player called "Саша:x" (issue 39)."""
    head = typed.split(":")[0]
    cli.fails(2, "table", "new", "fri", "--rules", "modern-stops", "--players", f"{typed},Cat,Dan",
              said=[f"after the colon in '{typed}' is not a gender", f"{head}:f or {head}:m"])
    cli.fails(2, "table", "new", "fri", "--rules", "modern-stops", "--players", f"{typed},Cat,Dan",
              said=["это не род", f"{head}:ж или {head}:м"], POPEJOAN_LANG="ru")


def test_a_colon_with_more_after_it_is_part_of_the_name(cli: Cli) -> None:
    cli.ok("table", "new", "fri", "--rules", "modern-stops", "--players", "Mr:Smith,Саша:ж,Dan")
    assert cli.json("ledger", "show", "--json") == {"Mr:Smith": 50, "Саша": 50, "Dan": 50}


def test_two_letters_written_as_a_name_after_a_colon_are_part_of_the_name(cli: Cli) -> None:
    """"Ann:Li" was refused as a mistyped gender, though it may be a name: a capital and a small letter are a name,
    while "Bob:zz" and "Саша:x" are still refused (above) (issue 39)."""
    cli.ok("table", "new", "fri", "--rules", "modern-stops", "--players", "Ann:Li,Вика:Ян,Dan")
    assert cli.json("ledger", "show", "--json") == {"Ann:Li": 50, "Вика:Ян": 50, "Dan": 50}
    cli.fails(2, "table", "new", "sat", "--rules", "modern-stops", "--players", "Ann:LI,Cat,Dan",
              said=["after the colon in 'Ann:LI' is not a gender"])
