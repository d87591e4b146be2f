"""A player who leaves and comes back (issue 39): `ledger show` no longer lists them as gone, and one who left
owing brings the debt back with `table join --bring-back` (it was refused: a negative number of counters)."""

from __future__ import annotations

from conftest import Cli
from popejoan_cli.store import autoplay


def _one_hand_played(cli: Cli, counters: str) -> None:
    cli.ok("table", "new", "fri", "--rules", "modern-stops", "--players", "Ann,Bob,Cat,Dan", "--counters", counters)
    autoplay.play_hand(cli.home / "tables" / "fri", 1)


def test_a_player_back_at_the_table_is_not_listed_as_gone(cli: Cli) -> None:
    _one_hand_played(cli, "50")
    before = cli.json("ledger", "show", "--json")
    cli.ok("table", "leave", "Cat")
    assert "Left the table: Cat" in cli.ok("ledger", "show").stdout
    cli.ok("table", "join", "Cat", "--bring-back")
    shown = cli.ok("ledger", "show").stdout
    assert "Left the table" not in shown and "Cat" in shown
    assert cli.json("ledger", "show", "--json") == before  # the same balances, Cat last in the order


def test_a_player_who_left_owing_brings_the_debt_back(cli: Cli) -> None:
    _one_hand_played(cli, "3")  # the dealer dresses the board with 15: Ann owes once the hand is over
    owed = cli.json("ledger", "show", "--json")["Ann"]
    assert owed < 0, owed
    cli.ok("table", "leave", "Ann")
    cli.ok("table", "join", "Ann", "--bring-back")
    assert cli.json("ledger", "show", "--json")["Ann"] == owed
    cli.ok("check")
    # Anyone else still brings counters, never a debt
    cli.fails(2, "table", "join", "Eve", "--counters", "-3")


def test_the_pots_each_won_are_listed_in_the_boards_order(cli: Cli) -> None:
    """`ledger stats` once listed each player's pots in the order each first won them (issue 39)."""
    cli.ok("table", "new", "fri", "--rules", "modern-stops", "--players", "Ann,Bob,Cat,Dan")
    for seed in range(4):
        autoplay.play_hand(cli.home / "tables" / "fri", seed)
    board = list(cli.json("board", "--json"))
    players = cli.json("ledger", "stats", "--json")["players"]
    assert any(len(p["won"]) > 2 for p in players)
    for p in players:
        assert list(p["won"]) == [pot for pot in board if pot in p["won"]], p
