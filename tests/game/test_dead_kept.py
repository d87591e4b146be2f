"""`heuristic.Dead`: the `good` level's dead cards kept as a hand is played out are, at every lead, the very set
`_dead` works out afresh from the seat's view, over every preset and random deals."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from popejoan_cli.formats.presets import preset, preset_names
from popejoan_cli.game.board import Board
from popejoan_cli.game.deal import seeded_deal
from popejoan_cli.game.hand import Hand
from popejoan_cli.game.heuristic import Dead, Seen, _dead, good_lead
from popejoan_cli.game.state import SUCC


@settings(max_examples=50, deadline=None)
@given(name=st.sampled_from(preset_names()), seed=st.integers(0, 100_000), seats=st.integers(3, 7))
def test_the_dead_cards_kept_are_those_worked_out_at_every_lead(name: str, seed: int, seats: int) -> None:
    rules = preset(name)
    seats = max(rules.players.min, min(seats, rules.players.max))
    hand = Hand.deal(rules, seats, seed % seats, Board(rules), seeded_deal(rules, seats, seed % seats, seed))
    table = hand.public()
    dead = Dead(table)
    leads = 0
    while not hand.ended:
        if hand.turn.phase != "lead":
            hand.follow_run()
            continue
        view = Seen(hand, hand.leader, table)
        kept = dead.now(hand, view)
        assert kept == _dead(view, SUCC[table.ace_high])
        assert good_lead(view, kept) == good_lead(view)
        hand.push(hand.leader, good_lead(view, kept))
        leads += 1
    assert leads >= 1 or hand.ended
