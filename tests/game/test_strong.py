"""The `strong` level and the `peek` bound: legal, replayable, and reading only the seat's observation.

A few positions of a few rule sets, and small searches (`worlds`) where the property does not
depend on their size: the whole file runs in about two seconds.
"""

from __future__ import annotations

import copy
import random

import pytest
from test_sight import rules_of  # the presets and the house variants the referee's tests play

from conftest import leads_of
from popejoan_cli.formats.presets import preset
from popejoan_cli.game import bots, heuristic, lookahead
from popejoan_cli.game.board import Board
from popejoan_cli.game.cards import CARDS, SPARE
from popejoan_cli.game.deal import seeded_deal
from popejoan_cli.game.hand import Hand
from popejoan_cli.game.simulate import SIM_LEVELS, simulate
from popejoan_cli.game.worlds import Worlds


def position(name: str, seats: int, seed: int, leads: int) -> Hand:
    """A hand after `leads` leads of `good`, at a lead with more than one legal card if one comes."""
    rules = rules_of(name)
    hand = Hand.deal(rules, seats, seed % seats, Board(rules), seeded_deal(rules, seats, seed % seats, seed))
    for done, seat in enumerate(leads_of(hand)):
        if done >= leads and len(hand.law.legal_leads(seat)) >= 2:
            break
        hand.push(*bots.bot_lead(hand, "good"))
    return hand


def shuffled_hidden(hand: Hand, seat: int, rng: random.Random) -> Hand:
    """A copy of `hand` with the cards hidden from `seat` (the other seats' and the spare hand's, bar
    any the table was told of) shuffled among their places: `seat` sees the same table."""
    cards = [c for c in range(52) if c != hand.turnup
             and ((hand.holder[c] >= 0 and hand.holder[c] != seat)
                  or (hand.holder[c] == SPARE and not hand.spare_told(CARDS[c])))]
    places = [hand.holder[c] for c in cards]
    rng.shuffle(places)
    other = copy.deepcopy(hand)
    for c, place in zip(cards, places, strict=True):
        other.holder[c] = place
    other.holding = [set(hand.ordered[k]) if k == seat else {c for c in range(52) if other.holder[c] == k}
                     for k in range(other.seats)]
    return other


CASES = [("modern-stops", 4, 11, 2), ("russian", 4, 5, 3), ("clockwise, change suit", 5, 3, 4)]


@pytest.mark.parametrize(("name", "seats", "seed", "leads"), CASES)
def test_strong_leads_a_legal_card_and_the_same_one_again(name: str, seats: int, seed: int, leads: int) -> None:
    hand = position(name, seats, seed, leads)
    seat, card = bots.bot_lead(hand, "strong")
    assert (seat, card) in hand.law.legal_plays()
    assert bots.pick_lead(hand.observe(seat), "strong", hand.rules) == card  # and the same one again


@pytest.mark.parametrize(("name", "seats", "seed", "leads"), CASES)
def test_every_world_replays_to_what_the_seat_sees(name: str, seats: int, seed: int, leads: int) -> None:
    """The sampler keeps every public fact: the record replays on each world to the same public view."""
    hand = position(name, seats, seed, leads)
    seat = hand.leader
    view = hand.observe(seat)
    worlds, rng = Worlds(view, hand.rules), random.Random(seed)
    before = lookahead.board_before(view, hand.rules)
    for _ in range(20):
        dealt = worlds.deal(rng)
        assert dealt is not None
        replayed = lookahead.replay(hand.rules, view, before, dealt)
        assert replayed is not None
        assert replayed.observe(seat) == view


@pytest.mark.parametrize(("name", "seats", "seed", "leads"), CASES)
def test_strong_reads_only_its_seats_observation(name: str, seats: int, seed: int, leads: int) -> None:
    """Non-interference: every hidden card moved, the same figures for every lead, for the same seed."""
    hand = position(name, seats, seed, leads)
    seat = hand.leader
    rng = random.Random(seed)
    for _ in range(2):
        other = shuffled_hidden(hand, seat, rng)
        assert other.ordered != hand.ordered or other.holder != hand.holder  # something hidden moved
        assert other.observe(seat) == hand.observe(seat)
        ours = lookahead.weigh(hand.observe(seat), hand.rules, seed=7, worlds=24)
        assert lookahead.weigh(other.observe(seat), other.rules, seed=7, worlds=24) == ours
    assert bots.bot_lead(shuffled_hidden(hand, seat, rng), "strong") == bots.bot_lead(hand, "strong")


def test_the_seed_changes_the_worlds_not_the_legality() -> None:
    hand = position("russian", 4, 5, 3)
    view = hand.observe(hand.leader)
    one, two = (lookahead.weigh(view, hand.rules, seed=s, worlds=24) for s in (1, 2))
    assert {v.card for v in one} == {v.card for v in two} == set(view.legal)
    assert [v.counters for v in one] != [v.counters for v in two]


def test_every_lead_is_weighed_and_the_best_third_go_on_to_every_world() -> None:
    """Successive halving: every legal lead on the first third of the deals, the best `KEEP` on all of them,
    ranked first; the play-outs are `rollouts`' count."""
    hand = position("russian", 4, 5, 3)
    view = hand.observe(hand.leader)
    assert len(view.legal) > lookahead.KEEP
    values = lookahead.weigh(view, hand.rules, seed=3, worlds=24)
    assert {v.card for v in values} == set(view.legal)
    assert [v.worlds for v in values] == [24] * lookahead.KEEP + [8] * (len(view.legal) - lookahead.KEEP)
    assert sum(v.worlds for v in values) == lookahead.rollouts(len(view.legal), 24)


@pytest.mark.parametrize(("name", "seats", "seed", "leads"), CASES)
def test_peek_is_strongs_search_on_the_real_deal(name: str, seats: int, seed: int, leads: int) -> None:
    """The bound is honest: `strong`'s own search (the board before the hand, the record replayed, every lead
    played out) given the one world that is the real deal finds exactly `peek`'s figures."""
    hand = position(name, seats, seed, leads)
    seat, rules = hand.leader, hand.rules
    view = hand.observe(seat)
    real = seeded_deal(rules, seats, seed % seats, seed)
    before = lookahead.board_before(view, rules)

    def again() -> Hand:
        replayed = lookahead.replay(rules, view, before, real)
        assert replayed is not None and replayed.observe(seat) == view
        return replayed

    assert lookahead.search(view, rules, [again()], 1) == lookahead.peek(hand, seat)


def test_peek_is_for_simulate_only() -> None:
    assert "peek" not in bots.LEVELS and "peek" in SIM_LEVELS
    hand = position("modern-stops", 4, 11, 2)
    with pytest.raises(ValueError, match="unknown bot level 'peek'"):
        bots.bot_lead(hand, "peek")
    with pytest.raises(ValueError, match="unknown bot level 'peek'"):
        bots.play_out_bots(copy.deepcopy(hand), ["peek"] * 4)
    seat = hand.leader
    assert lookahead.peek_lead(hand, seat) in hand.law.legal_leads(seat)


def test_simulate_reports_strong_and_peek_over_good() -> None:
    rules = preset("modern-stops")
    runs = {level: simulate(rules, 4, 2, 1, [level, "good", "good", "good"]).to_json() for level in ("strong", "peek")}
    for level, run in runs.items():
        assert run["margin"]["of"] == level and run["margin"]["over"] == "good"
        assert run["conservation"] == 0 and run["hands"] == 2
    assert simulate(rules, 4, 2, 1, ["strong", "good", "good", "good"]).to_json() == runs["strong"]


@pytest.mark.parametrize("name", ["modern-stops", "russian", "clockwise, change suit"])
def test_good_reads_a_dealt_world_in_place_as_it_reads_an_observation(name: str) -> None:
    """The play-outs' `Seen` gives `good` the lead its observation gives (every lead of a few hands)."""
    rules = rules_of(name)
    for seed in range(6):
        hand = Hand.deal(rules, 5, seed % 5, Board(rules), seeded_deal(rules, 5, seed % 5, seed))
        table = hand.public()
        for seat in leads_of(hand):
            card = heuristic.good_lead(hand.observe(seat))
            assert heuristic.good_lead(heuristic.Seen(hand, seat, table)) == card
            hand.push(seat, card)
