"""Words from issue 24, through the CLI: what a command says where it used to say something wrong
or nothing at all.

- the turn-up's line says the trump once, in words and its symbol (`trump: diamonds ♦`);
- `out NAME --left ...` after a tally hand is settled says which hand and what to do;
- `hand show NAME` in a real-deck hand says popejoan does not know the cards;
- the shell's hints name its commands as the shell takes them (`hand show NAME`);
- `table new --from` names the formats a session continues from, and says the table is now current.
"""

from __future__ import annotations

from conftest import Cli

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
