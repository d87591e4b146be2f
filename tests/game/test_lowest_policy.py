"""`Hand.lowest_policy` is `lowest_lead` at every lead of seeded hands of every preset (its fast form included)."""

from __future__ import annotations

import pytest

from conftest import leads_of
from popejoan_cli.formats.presets import preset, preset_names
from popejoan_cli.game.board import Board
from popejoan_cli.game.deal import seeded_deal
from popejoan_cli.game.hand import Hand


@pytest.mark.parametrize("name", preset_names())
def test_policy_is_lowest_lead(name: str) -> None:
    rules = preset(name)
    leads = 0
    for seed in range(20):
        seats = 3 + seed % 4
        hand = Hand.deal(rules, seats, seed % seats, Board(rules), seeded_deal(rules, seats, seed % seats, seed))
        policy = hand.law.lowest_policy()
        for seat in leads_of(hand):
            card = hand.law.lowest_lead(seat)
            assert policy(seat) == card
            assert card == hand.law.legal_leads(seat)[0]
            hand.push(seat, card)
            leads += 1
    assert leads > 20
