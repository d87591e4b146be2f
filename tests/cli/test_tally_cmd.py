"""Tally mode through the CLI: `deal --real --tally`, `pay NAME POT...`, `out NAME --left ...`,
`claim`, `void`, `undo`, and every refusal (one message, its exit code, the journal unchanged).

The settlement itself is checked against the referee in tests/table/test_tally.py; here a few
seeded hands are tallied through the CLI and `ledger show --json` and `board --json` compared
with a virtual table that played the same deal.
"""

from __future__ import annotations

import pytest

import conftest
from popejoan_cli.game.hand import Hand
from tallies import PLAYERS, pope_said, virtual


class Cli(conftest.Cli):
    """conftest's CLI, on one table called `t`."""

    def table(self, rules: str = "modern-stops", name: str = "t", dealer: str = "Ann") -> None:
        self.ok("table", "new", name, "--rules", rules, "--players", ",".join(PLAYERS), "--dealer", dealer)

    def tally(self, rules: str = "modern-stops", turnup: str | None = "8H") -> str:
        self.table(rules)
        return self.ok("deal", "--real", "--tally", *(["--turnup", turnup] if turnup else [])).stdout


@pytest.fixture
def cli(cli: conftest.Cli) -> Cli:
    return Cli(cli.home)


LEFT = "Ann=3,Bob=2,Cat=4"


def test_a_tally_evening(cli: Cli) -> None:
    said = cli.tally()
    assert "pay NAME POT" in said
    assert "Bob wins Pope" in cli.ok("pay", "Bob", "pope").stdout
    assert "Cat wins Matrimony" in cli.ok("pay", "Cat", "matrimony").stdout
    assert "taken by Bob this hand" in cli.ok("claim", "Bob", "pope").stdout
    cli.fails(3, "claim", "Ann", "intrigue", said=["not been taken yet"])
    out = cli.ok("out", "Dan", "--left", LEFT).stdout
    assert "Dan is out" in out and "Cat pays 4 counters to Dan" in out
    hand = cli.json("history")["hands"][-1]
    assert hand["out"] == "Dan" and hand["closed"] is True
    assert "real deck, tallied" in cli.ok("history").stdout
    undone = cli.ok("undo", "--yes")
    assert "Dan going out" in undone.stdout + undone.stderr
    assert cli.json("history")["hands"][-1]["closed"] is False
    undone = cli.ok("undo", "--yes")
    assert "Cat taking matrimony" in undone.stdout + undone.stderr
    cli.ok("out", "Dan", "--left", LEFT)
    cli.ok("check")
    cli.ok("ledger", "stats")


def test_refusals(cli: Cli) -> None:
    cli.table()
    cli.fails(3, "pay", "Bob", "pope", said=["no tally hand"])
    cli.fails(2, "deal", "--real", "--tally", "--seed", "4", said=["--seed"])
    cli.fails(2, "deal", "--tally", "--seed", "4", said=["--seed"])
    cli.ok("deal", "--real", "--tally", "--turnup", "QH")  # the dealer, Ann, takes the Queen
    cli.fails(3, "pay", "Bob", "queen", said=["already taken", "turn-up"])
    cli.fails(3, "pay", "Bob", "game", said=["goes out first"])
    cli.fails(3, "pay", "Cat", "matrimony", said=["Bob holds Q♥ (the turn-up)"])  # the last card dealt: Bob's
    cli.fails(2, "pay", "Bob", "wat", said=["no pot"])
    cli.fails(2, "pay", "Bobo", "pope", said=["Bob"])
    cli.ok("pay", "Bob", "pope")
    cli.fails(3, "pay", "Cat", "pope", said=["already taken"])
    cli.fails(3, "play", "Bob", "2C", said=["tally"])
    cli.fails(3, "play", "Bob", "2C", "3C:Cat", "stop", said=["tally"])  # a one-line run is refused whole
    cli.fails(3, "stop", said=["tally"])
    cli.fails(3, "void", said=["no_new_suit"])
    cli.fails(2, "out", "Dan", "--left", "Ann=3,Bob=2,Cat=4,Zed=1", said=["Zed"])
    cli.fails(2, "out", "Dan", "--left", "Ann=3,Bob=2", said=["Cat"])
    cli.fails(3, "out", "Dan", "--left", "Ann=3,Bob=2,Cat=14", said=["dealt"])
    cli.fails(3, "out", "Dan", "--left", "Ann=3,Bob=13,Cat=1", said=["showed"])  # Bob showed 9♦
    cli.fails(2, "out", "Dan", "--left", "Ann=3,Bob=x,Cat=1", said=["not a number"])
    cli.fails(2, "out", "Dan", "--left", "Ann=3,Bob=-1,Cat=1", said=["not a number"])
    cli.fails(3, "out", "Dan", "--left", "Ann=3,Bob=2,Cat=1,Dan=2", said=["holds no cards"])
    cli.fails(3, "out", "Dan", "--left", LEFT, "--pope", "Bob", said=["paid the Pope"])
    cli.fails(2, "out", "Dan", said=["--left"])
    cli.ok("out", "Dan", "--left", LEFT)
    cli.fails(3, "pay", "Cat", "matrimony", said=["no tally hand"])


def test_a_matrimony_needs_both_cards(cli: Cli) -> None:
    cli.table("hoyle")
    cli.ok("deal", "--real", "--tally", "--turnup", "QH")  # out of play under hoyle
    cli.fails(3, "pay", "Bob", "matrimony", said=["Q♥", "out of play"])


def test_a_recorded_hand_takes_no_tally(cli: Cli) -> None:
    cli.table()
    cli.ok("deal", "--real", "--turnup", "8H")
    cli.fails(3, "pay", "Bob", "pope", said=["not kept as a tally"])
    cli.fails(2, "out", "Bob", "--left", LEFT, said=["--left"])


def test_void_where_the_rules_allow(cli: Cli) -> None:
    cli.tally("michigan", None)
    cli.ok("pay", "Ann", "ace")
    assert "void" in cli.ok("void").stdout
    assert cli.json("history")["hands"][-1]["void"] is True


@pytest.mark.parametrize(("rules", "seed"), [("modern-stops", 3), ("russian", 5), ("michigan", 7)])
def test_the_cli_tally_matches_a_virtual_table(cli: Cli, rules: str, seed: int) -> None:
    hand: Hand = virtual(rules, seed, 0)
    cli.table(rules, "v")
    cli.ok("deal", "--seed", str(seed))
    while cli.json("history")["hands"][-1]["closed"] is False:
        cli.lead_lowest(cli.home / "tables" / "v")
    board, ledger = cli.json("board"), cli.json("ledger", "show")
    cli.table(rules, "t")
    up = ["--turnup", str(hand.turnup)] if hand.turnup is not None else []
    cli.ok("deal", "--real", "--tally", *up)
    if not hand.ended_at_turnup:
        for a in hand.awards:
            if a.at == "play":
                cli.ok("pay", PLAYERS[a.seat], a.pot)
        if hand.void:
            cli.ok("void")
        else:
            assert hand.out is not None
            left = ",".join(f"{p}={hand.left[s]}" for s, p in enumerate(PLAYERS) if s != hand.out)
            pope = pope_said(hand)
            cli.ok("out", PLAYERS[hand.out], "--left", left, *(["--pope", pope] if pope else []))
    assert (cli.json("board"), cli.json("ledger", "show")) == (board, ledger)
