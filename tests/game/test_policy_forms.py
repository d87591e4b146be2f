"""`push(..., then=policy)` with the lowest policy's fast forms (`FirstHeld`, `FirstAllowed`) plays the hand
that one `lowest_lead` at a time, each pushed alone, plays: the same moves, stops, awards, payments and nets, and
the same turn, leader and suit of the last stop as the hand ends (`FirstHeld`'s are written only then)."""

from __future__ import annotations

import pytest

from popejoan_cli.formats.presets import preset, preset_names
from popejoan_cli.game.board import Board
from popejoan_cli.game.deal import seeded_deal
from popejoan_cli.game.fastplay import FirstAllowed, FirstHeld
from popejoan_cli.game.hand import Hand
from popejoan_cli.game.playout import play_out


def record(hand: Hand) -> tuple[object, ...]:
    return (hand.moves, hand.stop_codes, hand.awards, hand.payments, hand.net, hand.board.counters, hand.void,
            hand.turn, hand.leader, hand.after_stop_suit, hand.plays, hand.stops)


@pytest.mark.parametrize("name", preset_names())
def test_fast_forms_play_as_lowest_lead(name: str) -> None:
    rules = preset(name)
    forms = set()
    for seed in range(12):
        seats = 3 + seed % 4
        dealer = seed % seats

        def fresh() -> Hand:
            return Hand.deal(rules, seats, dealer, Board(rules), seeded_deal(rules, seats, dealer, seed))  # noqa: B023

        fast = fresh()
        forms.add(type(fast.law.lowest_policy()))
        play_out(fast)
        slow = fresh()
        while not slow.ended:
            if slow.turn.phase == "lead":
                slow.push(slow.leader, slow.law.lowest_lead(slow.leader))
            else:
                slow.follow_run()
        assert record(fast) == record(slow), seed
    change = rules.play.change_suit
    expected = FirstHeld if change == "no" else FirstAllowed if rules.play.no_new_suit == "pass" else None
    assert forms == {expected} if expected is not None else not forms & {FirstHeld, FirstAllowed}
