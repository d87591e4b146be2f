"""A tally hand (`TallyHandDealt`, `PotsPaid`, `TallyOut`) settles as the recorded hand would.

For 20 seeded deals under each of modern-stops, russian and michigan, the hand is played out
by the referee (each leader's lowest lead); a tally of the same real deal pays the pots the
referee paid during play, says who went out and how many cards each other player held, and
must give the same balances and board. The fold is driven directly (no CLI).
"""

from __future__ import annotations

import pytest

from popejoan_cli.formats.presets import preset
from popejoan_cli.game.hand import Hand
from popejoan_cli.table.events import (
    Event,
    PotsPaid,
    TableOpened,
    TallyHandDealt,
    TallyOut,
    VoidDeclared,
)
from popejoan_cli.table.fold import replay
from popejoan_cli.table.view import TableView
from tallies import PLAYERS, pope_said, virtual


def tally_events(hand: Hand) -> list[Event]:
    """The tally of `hand`: its pots paid during play, then its end."""
    events: list[Event] = [TallyHandDealt(dealer=PLAYERS[hand.dealer],
                                          turnup=str(hand.turnup) if hand.turnup is not None else "")]
    if hand.ended_at_turnup:
        return events
    for a in hand.awards:
        if a.at == "play":
            events.append(PotsPaid(player=PLAYERS[a.seat], pots=[a.pot]))
    if hand.void:
        events.append(VoidDeclared())
        return events
    assert hand.out is not None
    left = {p: hand.left[s] for s, p in enumerate(PLAYERS) if s != hand.out}
    events.append(TallyOut(player=PLAYERS[hand.out], left=left, pope=pope_said(hand)))
    return events


def tallied(rules_name: str, hand: Hand) -> TableView:
    rules = preset(rules_name)
    opened = TableOpened(name="t", rules=rules.to_dict(), rules_name=rules_name, players=list(PLAYERS),
                         counters=50, dealer=PLAYERS[hand.dealer])
    return replay(list(enumerate([opened, *tally_events(hand)], start=1)))


@pytest.mark.parametrize("rules_name", ["modern-stops", "russian", "michigan"])
def test_a_tally_settles_as_the_referee_does(rules_name: str) -> None:
    for seed in range(20):
        dealer = seed % len(PLAYERS)
        hand = virtual(rules_name, seed, dealer)
        view = tallied(rules_name, hand)
        assert view.open_hand is None, (rules_name, seed)
        assert view.board == hand.board.snapshot(), (rules_name, seed)
        assert view.balances == {p: 50 + hand.net[s] for s, p in enumerate(PLAYERS)}, (rules_name, seed)
        assert view.hands[-1].hand.payments == hand.payments, (rules_name, seed)
