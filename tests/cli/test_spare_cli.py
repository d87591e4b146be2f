"""`popejoan spare` (the spare-hand exchange and auction) and `popejoan void` (a real hand nobody can lead)."""

from __future__ import annotations

import json

from conftest import Cli


def test_an_auction_pays_the_dealer_and_swaps_the_hands(run: Cli) -> None:
    assert run("table", "new", "m", "-r", "michigan", "-p", "Ann,Bob,Cat,Dan").exit_code == 0
    assert run("deal", "--seed", "3").exit_code == 0
    before = json.loads(run("hand", "show", "Bob", "--json").stdout)["cards"]
    took = run("spare", "Bob", "--price", "2")
    assert took.exit_code == 0 and "paying 2 counters to Ann" in took.stdout
    after = json.loads(run("hand", "show", "Bob", "--json").stdout)["cards"]
    assert set(after).isdisjoint(before)
    # michigan: every player stakes 1 a pot, the dealer 2 a pot (4 pots); Bob paid Ann 2 for the spare hand
    assert json.loads(run("ledger", "show", "--json").stdout) == {"Ann": 50 - 8 + 2, "Bob": 50 - 4 - 2,
                                                                  "Cat": 46, "Dan": 46}
    again = run("spare", "Cat")
    assert again.exit_code == 3 and again.stdout == "" and "already been taken" in again.stderr


def test_rules_without_an_exchange_refuse_it(run: Cli) -> None:
    run("table", "new", "p", "-r", "modern-stops", "-p", "Ann,Bob,Cat")
    run("deal", "--seed", "1")
    refused = run("spare", "Ann")
    assert refused.exit_code == 3 and "deal.spare_exchange" in refused.stderr


def test_newmarket_lets_only_the_dealer_swap(run: Cli) -> None:
    run("table", "new", "n", "-r", "newmarket", "-p", "Ann,Bob,Cat")
    run("deal", "--seed", "1")
    assert run("spare", "Bob").exit_code == 3
    assert run("spare", "Ann").exit_code == 0


def test_a_real_michigan_hand_can_be_declared_void(run: Cli) -> None:
    """Michigan passes the lead when the leader cannot change suit; with real cards only the
    table knows that nobody can, so the banker declares the hand void."""
    assert run("table", "new", "r", "-r", "michigan", "-p", "Ann,Bob,Cat").exit_code == 0
    assert run("deal", "--real").exit_code == 0
    early = run("void")
    assert early.exit_code == 3 and early.stdout == "" and "no_new_suit" in early.stderr
    before = json.loads(run("board", "--json").stdout)
    assert run("play", "Bob", "2C").exit_code == 0
    assert run("stop").exit_code == 0
    done = run("void")
    assert done.exit_code == 0 and "void" in done.stdout
    assert json.loads(run("board", "--json").stdout) == before  # no pot was won: the board carries
    history = json.loads(run("history", "--json").stdout)["hands"][0]
    assert history["void"] is True and history["out"] is None and history["payments"] == []
    assert run("check").exit_code == 0
    assert run("deal", "--real").exit_code == 0  # the next hand can be dealt


def test_void_is_refused_where_the_lead_never_passes(run: Cli) -> None:
    run("table", "new", "m", "-r", "modern-stops", "-p", "Ann,Bob,Cat")
    run("deal", "--real", "--turnup", "10C")
    run("play", "Bob", "AS")
    run("stop")
    refused = run("void")
    assert refused.exit_code == 3 and "no_new_suit" in refused.stderr
