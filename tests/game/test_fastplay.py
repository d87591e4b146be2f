"""The play-out engine (`game.fastplay.push`) against the referee's run (`Hand._run`), written as the rules read.

Both apply the same plays to the same record. Over random hands of every preset and of random combinations of
the printed sources' keys (and `play.change_suit`, `play.follow`), each lead is applied once through the
referee (`Hand.lead`, which runs `_run`) and once through `push`, and the two hands must then agree on every
part of their state: the moves, the stops, every award, payment and feed, the board, each player's net, the
cards' places, the turn and the ending. A real deck's cards (`play`, without follows) are held the same way.
"""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_printed_properties import variants

from popejoan_cli.base.records import replace
from popejoan_cli.formats.presets import preset, preset_names
from popejoan_cli.game.board import Board
from popejoan_cli.game.cards import CARDS
from popejoan_cli.game.deal import seeded_deal
from popejoan_cli.game.hand import Hand
from popejoan_cli.game.rules import HouseRules

SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def state(hand: Hand) -> tuple[object, ...]:
    """Everything a hand's record and position hold."""
    ending = hand.ending
    return (hand.moves, hand.stop_codes, hand.awards, hand.payments, hand.feeds, hand.net, dict(hand.board.counters),
            hand.holder, hand.ordered, hand.left, hand.played_by, hand.turn, hand.leader, hand.after_stop_suit,
            hand.ended, None if ending is None else (ending.out, ending.at_turnup, ending.void, ending.awaiting_pope),
            hand.lieu_declined)


def dealt(rules: HouseRules, seats: int, seed: int) -> Hand:
    seats = max(rules.players.min, min(seats, rules.players.max))
    return Hand.deal(rules, seats, seed % seats, Board(rules), seeded_deal(rules, seats, seed % seats, seed))


def both_ways(hand: Hand, rng: random.Random) -> None:
    """Lead at random from the lists to the hand's end, each lead through the referee and through `push`."""
    fast = copy.deepcopy(hand)
    assert state(fast) == state(hand)
    while not hand.ended and hand.lead_due:
        choices = hand.law.legal_plays()
        seat, card = rng.choice(choices)
        hand.lead(seat, card)
        fast.push(seat, card)
        assert state(fast) == state(hand), (seat, card.face)


@pytest.mark.parametrize("name", preset_names())
def test_every_preset_runs_the_same_through_the_referee_and_the_engine(name: str) -> None:
    rules = preset(name)
    for seed in range(24):
        both_ways(dealt(rules, 3 + seed % 5, seed), random.Random(seed))


@SETTINGS
@given(variants(), st.sampled_from(["no", "suit", "colour"]), st.sampled_from(["holder", "clockwise"]),
       st.integers(3, 7), st.integers(0, 2**32))
def test_random_keys_run_the_same_through_the_referee_and_the_engine(rules: HouseRules, change: str, follow: str,
                                                                      seats: int, seed: int) -> None:
    rules = replace(rules, values={**rules.values, "play.change_suit": change, "play.follow": follow})
    both_ways(dealt(rules, seats, seed), random.Random(seed))


@SETTINGS
@given(variants(), st.integers(3, 7), st.integers(0, 2**32))
def test_a_real_decks_cards_one_at_a_time_run_the_same(rules: HouseRules, seats: int, seed: int) -> None:
    """`play` (the referee's run without follows) against `push(..., follow=False)`, card by card, on a dealt
    hand's cards: the turn after each card (follow, stop) must agree too."""
    hand = dealt(rules, seats, seed)
    fast = copy.deepcopy(hand)
    rng = random.Random(seed)
    while not hand.ended:
        choices = hand.law.legal_plays()
        if not choices:
            break
        seat, card = rng.choice(choices)
        hand.check_play(seat, card)
        hand._run(seat, card, follow=False)
        fast.push(seat, card, follow=False)
        assert state(fast) == state(hand), (seat, CARDS[card].face)
