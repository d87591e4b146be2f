"""`hand show NAME` at a terminal: the laptop is passed first, and the hand is cleared after Enter."""

from __future__ import annotations

import pytest

from conftest import Cli
from popejoan_cli import cli
from popejoan_cli.game.cards import CARDS
from popejoan_cli.store import tables


@pytest.fixture
def table(invoke: Cli) -> list[str]:
    """Bob's cards of a seeded deal at the current table of `invoke`'s home (this process's too)."""
    invoke.ok("table", "new", "t", "--rules", "modern-stops", "--players", "Ann,Bob,Cat")
    invoke.ok("deal", "--seed", "42")
    view, _ = tables.view(tables.folder())
    rec = view.open_hand
    assert rec is not None
    return [CARDS[c].face for c in rec.hand.holding[rec.players.index("Bob")]]


def test_at_a_terminal_the_hand_waits_for_the_laptop_and_is_cleared(
        invoke: Cli, table: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli, "at_terminal", lambda: True)  # the terminal is faked here, not by the runner
    result = invoke.ok("hand", "show", "bob", input="\n\n")
    out = result.stdout
    assert out.index("Pass the laptop to Bob") < out.index(table[0]) < out.index("Press Enter to hide it")
    assert out.index("Press Enter to hide it") < out.index(cli.CLEAR)
    assert out.endswith(cli.CLEAR + "Bob's hand is hidden.\n")


def test_no_enter_means_the_hand_is_not_shown(invoke: Cli, table: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli, "at_terminal", lambda: True)
    result = invoke.ok("hand", "show", "Bob", input="")
    assert not any(card in result.stdout for card in table)
    assert "the hand was not shown" in result.stderr


def test_down_a_pipe_nothing_waits(invoke: Cli, table: list[str]) -> None:
    result = invoke.ok("hand", "show", "Bob", input="")
    assert "Pass the laptop" not in result.stdout and table[0] in result.stdout
    assert cli.CLEAR not in result.stdout
