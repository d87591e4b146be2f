"""Helpers the tally tests share (tests/table/test_tally.py, tests/cli/test_tally_cmd.py): a
seeded deal played out by the referee, and what the table tells `out --pope` at its end."""

from __future__ import annotations

from conftest import known_hand
from popejoan_cli.game.cards import SPARE
from popejoan_cli.game.hand import Hand

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


def virtual(rules_name: str, seed: int, dealer: int) -> Hand:
    return known_hand(rules_name, seed, dealer, PLAYERS)[0]


def pope_said(hand: Hand) -> str:
    """What the table says to `out --pope`: where the Pope is when the hand ends."""
    pope = hand.pope_card
    if pope is None or hand.rules.settle.pope_exempt == "none":
        return ""
    if any(a.pot == hand.rules.pope.name and a.at == "play" for a in hand.awards if hand.rules.pope):
        return ""  # paid during play: the record knows
    where = hand.holder[pope]
    return PLAYERS[where] if where >= 0 else "spare" if where == SPARE else "none"
