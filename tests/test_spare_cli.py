"""`popejoan spare`: taking the spare hand at a table (spec §3 exchange and auction)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from popejoan_cli.cli import app


@pytest.fixture
def run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[..., Any]:
    monkeypatch.delenv("POPEJOAN_TABLE", raising=False)
    runner = CliRunner()
    env = {"POPEJOAN_HOME": str(tmp_path / "home"), "NO_COLOR": "1", "COLUMNS": "100"}
    return lambda *args: runner.invoke(app, list(args), env=env)


def test_an_auction_pays_the_dealer_and_swaps_the_hands(run: Callable[..., Any]) -> None:
    assert run("table", "new", "m", "-r", "michigan", "-p", "Ann,Bob,Cat,Dan").exit_code == 0
    assert run("deal", "--seed", "3").exit_code == 0
    before = json.loads(run("hand", "show", "Bob", "--json").stdout)["cards"]
    took = run("spare", "Bob", "--price", "2")
    assert took.exit_code == 0 and "paying Ann 2" in took.stdout
    after = json.loads(run("hand", "show", "Bob", "--json").stdout)["cards"]
    assert set(after).isdisjoint(before)
    # michigan: every player stakes 1 a pot, the dealer 2 a pot (4 pots); Bob paid Ann 2 for the spare hand
    assert json.loads(run("ledger", "show", "--json").stdout) == {"Ann": 50 - 8 + 2, "Bob": 50 - 4 - 2,
                                                                  "Cat": 46, "Dan": 46}
    again = run("spare", "Cat")
    assert again.exit_code == 3 and again.stdout == "" and "already been taken" in again.stderr


def test_rules_without_an_exchange_refuse_it(run: Callable[..., Any]) -> None:
    run("table", "new", "p", "-r", "modern-stops", "-p", "Ann,Bob,Cat")
    run("deal", "--seed", "1")
    refused = run("spare", "Ann")
    assert refused.exit_code == 3 and "deal.spare_exchange" in refused.stderr


def test_newmarket_lets_only_the_dealer_swap(run: Callable[..., Any]) -> None:
    run("table", "new", "n", "-r", "newmarket", "-p", "Ann,Bob,Cat")
    run("deal", "--seed", "1")
    assert run("spare", "Bob").exit_code == 3
    assert run("spare", "Ann").exit_code == 0
