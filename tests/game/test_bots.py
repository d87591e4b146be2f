"""The computer players: legal plays only, public knowledge only, and the old sources' advice.

Hypothesis draws a preset, 3–8 players, a dealer, a seed, a carried board and a level per
seat; every pick must be one of the referee's `legal_plays()` before it is applied, and
every hand must finish with counters conserved.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import SupportsIndex, TypeVar, overload

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from popejoan_cli.formats.presets import preset, preset_names
from popejoan_cli.game.board import Board
from popejoan_cli.game.bots import QUICK, bot_lead, play_out_bots
from popejoan_cli.game.cards import SPARE, Card, Dealt
from popejoan_cli.game.deal import seeded_deal
from popejoan_cli.game.hand import OUT_OF_PLAY, Hand
from popejoan_cli.game.playout import lowest_lead, play_out

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def games(draw: st.DrawFn) -> tuple[str, int, int, int, dict[str, int], list[str]]:
    name = draw(st.sampled_from(preset_names()))
    rules = preset(name)
    seats = draw(st.integers(min_value=max(3, rules.players.min), max_value=min(8, rules.players.max)))
    dealer = draw(st.integers(min_value=0, max_value=seats - 1))
    seed = draw(st.integers(min_value=0, max_value=2**40))
    pots = [p.name for p in rules.pots]
    board = draw(st.dictionaries(st.sampled_from(pots), st.integers(min_value=0, max_value=30), max_size=3))
    levels = draw(st.lists(st.sampled_from(QUICK), min_size=seats, max_size=seats))  # strong: test_strong.py
    return name, seats, dealer, seed, board, levels


def _deal(name: str, seats: int, dealer: int, seed: int, board: dict[str, int] | None = None) -> Hand:
    rules = preset(name)
    return Hand.deal(rules, seats, dealer, Board(rules, board), seeded_deal(rules, seats, dealer, seed))


@SETTINGS
@given(games())
def test_bots_play_only_legal_cards_and_conserve(game: tuple[str, int, int, int, dict[str, int], list[str]]) -> None:
    name, seats, dealer, seed, board, levels = game
    hand = _deal(name, seats, dealer, seed, board)
    while not hand.ended:
        if hand.lead_due:
            seat = hand.law.lead_seats()[0]
            picked = bot_lead(hand, levels[seat])
            assert picked in hand.law.legal_plays()
            hand.push(*picked)
        else:
            hand.follow_run()
    assert sum(hand.net) + hand.board_change() == 0
    again = play_out_bots(_deal(name, seats, dealer, seed, board), levels)
    assert again.plays == hand.plays and again.net == hand.net


@SETTINGS
@given(games())
def test_simple_is_the_lowest_policy(game: tuple[str, int, int, int, dict[str, int], list[str]]) -> None:
    name, seats, dealer, seed, board, _ = game
    ours = play_out_bots(_deal(name, seats, dealer, seed, board), ["simple"] * seats)
    theirs = play_out(_deal(name, seats, dealer, seed, board))
    assert ours.plays == theirs.plays and ours.net == theirs.net


T = TypeVar("T")


class _Spy(list[T]):
    """A list that records which indexes (or slices) were read."""

    def __init__(self, items: Iterable[T], seen: set[object]) -> None:
        super().__init__(items)
        self.seen = seen

    @overload
    def __getitem__(self, i: SupportsIndex) -> T: ...
    @overload
    def __getitem__(self, i: slice) -> list[T]: ...
    def __getitem__(self, i: SupportsIndex | slice) -> T | list[T]:
        self.seen.add(i)
        return super().__getitem__(i)


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(preset_names()), st.integers(min_value=3, max_value=8), st.integers(0, 2**40),
       st.integers(0, 30))
def test_good_reads_only_its_own_hand(name: str, seats: int, seed: int, leads: int) -> None:
    """Mid-hand, `good` reads its own holding and the turn-up's (public) place, nothing else."""
    hand = _deal(name, seats, 0, seed)
    for _ in range(leads):
        if hand.ended:
            return
        seat, card = lowest_lead(hand)
        hand.push(seat, card)
    if hand.ended:
        return
    seat = hand.law.lead_seats()[0]
    expected = bot_lead(hand, "good")
    held: set[object] = set()
    holder: set[object] = set()
    # Each seat's cards live in `ordered` (`holding` is built from it), card owners in `holder`.
    hand.ordered = _Spy(hand.ordered, held)
    hand.holder = _Spy(hand.holder, holder)
    assert bot_lead(hand, "good") == expected
    assert held == {seat}  # it did read its own hand, and no other
    assert holder <= {hand.turnup}


def _swap(x: tuple[Card, ...], y: tuple[Card, ...], up: Card | None) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """Swap every card but the turn-up between two hands (the turn-up's place is public)."""
    keep_x, keep_y = tuple(c for c in x if c == up), tuple(c for c in y if c == up)
    return tuple(c for c in y if c != up) + keep_x, tuple(c for c in x if c != up) + keep_y


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(preset_names()), st.integers(min_value=3, max_value=8), st.integers(0, 2**40))
def test_good_same_pick_when_only_other_hands_differ(name: str, seats: int, seed: int) -> None:
    """Two deals the same for the leader but not for the others, or the spare hand: the same lead."""
    rules = preset(name)
    dealt = seeded_deal(rules, seats, 0, seed)
    hands = list(dealt.hands)
    up = dealt.turnup
    hands[2], hands[0] = _swap(hands[2], hands[0], up)
    spare = dealt.spare
    if spare is not None and seats > 3:
        hands[3], spare = _swap(hands[3], spare, up)
    changed = Dealt(tuple(hands), spare, up, dealt.turnup_holder)
    one = Hand.deal(rules, seats, 0, Board(rules), dealt)
    two = Hand.deal(rules, seats, 0, Board(rules), changed)
    assert one.ended == two.ended
    if one.ended:
        return
    # The leader (eldest, seat 1) leads in both; its cards are the same.
    assert one.law.lead_seats() == two.law.lead_seats() == [1]
    assert one.holding[1] == two.holding[1]
    assert bot_lead(one, "good") == bot_lead(two, "good")


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(preset_names()), st.integers(min_value=3, max_value=8), st.integers(0, 2**40))
def test_good_leads_the_pope_early(name: str, seats: int, seed: int) -> None:
    """When it may lead the Pope, `good` does, unless its lead goes out or keeps the lead."""
    hand = _deal(name, seats, 0, seed)
    pope = hand.pope_card
    while not hand.ended:
        if not hand.lead_due:
            hand.follow_run()
            continue
        seat, card = bot_lead(hand, "good")
        may = pope is not None and pope in hand.law.legal_leads(seat)
        hand.push(seat, card)
        if may and card != pope:
            assert hand.ended or hand.stops[-1].seat == seat


def test_good_leads_the_pope_at_once() -> None:
    """Worked cases: at the first lead the leader may lead 9♦ and no lead keeps the lead: 9♦ it is."""
    rules = preset("russian")
    found = 0
    for seed in range(300):
        hand = _deal("russian", 4, 0, seed)
        if hand.ended:
            continue
        seat = hand.law.lead_seats()[0]
        legal = hand.law.legal_leads(seat)
        if hand.pope_card not in legal:
            continue
        dead = set(rules.removed)
        if hand.turnup is not None and hand.holder[hand.turnup] in (OUT_OF_PLAY, SPARE):
            dead.add(hand.turnup)
        keeps = []
        for c in legal:
            n = hand.succ[c]
            while n >= 0 and n in hand.holding[seat]:
                n = hand.succ[n]
            keeps.append(n < 0 or n in dead)
        if not any(keeps):
            assert bot_lead(hand, "good") == (seat, hand.pope_card)
            found += 1
    assert found


def test_unknown_level() -> None:
    hand = _deal("modern-stops", 4, 0, 1)
    with pytest.raises(ValueError, match="unknown bot level"):
        bot_lead(hand, "clever")
    with pytest.raises(ValueError, match="unknown bot level"):
        play_out_bots(hand, ["clever"] * 4)
