"""`Hand.fork`: a copy of a hand that goes on apart from it, held to `copy.deepcopy` over every preset and random
positions: the fork and a deep copy play out to the same record, card for card and counter for counter, and the
hand they were made from is left as it was."""

from __future__ import annotations

import copy

from hypothesis import given, settings
from hypothesis import strategies as st

from popejoan_cli.formats.presets import preset, preset_names
from popejoan_cli.game.board import Board
from popejoan_cli.game.bots import play_out_bots
from popejoan_cli.game.deal import seeded_deal
from popejoan_cli.game.hand import Hand
from popejoan_cli.game.playout import lowest_lead


def _record(hand: Hand) -> tuple[object, ...]:
    return (list(hand.net), list(hand.awards), list(hand.moves), list(hand.payments), dict(hand.board.counters),
            hand.ended, None if hand.ending is None else (hand.ending.out, hand.ending.void, hand.ending.at_turnup),
            [list(cards) for cards in hand.ordered], list(hand.holder), list(hand.left), hand.leader)


@settings(max_examples=60, deadline=None)
@given(name=st.sampled_from(preset_names()), seed=st.integers(0, 100_000), seats=st.integers(3, 6),
       leads=st.integers(0, 12), level=st.sampled_from(["simple", "good"]))
def test_a_fork_plays_out_as_a_deep_copy_and_leaves_the_hand_alone(name: str, seed: int, seats: int, leads: int,
                                                                    level: str) -> None:
    rules = preset(name)
    seats = max(rules.players.min, min(seats, rules.players.max))
    hand = Hand.deal(rules, seats, seed % seats, Board(rules, {p.name: seed % 7 for p in rules.pots}),
                     seeded_deal(rules, seats, seed % seats, seed))
    for _ in range(leads):  # some way into the hand, by the lowest policy
        if hand.ended:
            break
        if hand.turn.phase != "lead":
            hand.follow_run()
            continue
        seat, card = lowest_lead(hand)
        hand.push(seat, int(card))
    before = _record(hand)
    forked, deep = hand.fork(), copy.deepcopy(hand)
    assert _record(forked) == _record(deep) == before
    for other in (forked, deep):
        play_out_bots(other, [level] * seats)
    assert _record(forked) == _record(deep)
    assert _record(hand) == before  # the hand itself went nowhere
