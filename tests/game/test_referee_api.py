"""The referee's public surface: one decision of legality, refusals with their rules, the
explicit turn, the table's actions as methods, and a seat's observation.

Hands come from seeded deals of every preset, played part way with the lowest policy, so
the checks run over many real positions, not a few made-up ones.
"""

from __future__ import annotations

from typing import get_args

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_sight import position

from popejoan_cli.base.errors import IllegalPlay
from popejoan_cli.formats.presets import preset, preset_names
from popejoan_cli.game.board import Board
from popejoan_cli.game.cards import CARDS, SPARE, Card, Dealt, hand_sizes
from popejoan_cli.game.deal import seeded_deal
from popejoan_cli.game.hand import Hand
from popejoan_cli.game.playout import play_out
from popejoan_cli.game.sight import Observation
from popejoan_cli.game.state import STOP_REASONS, AwardAt, PaymentWhy, StopReason

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


positions = st.tuples(st.sampled_from(preset_names()), st.integers(3, 8), st.integers(0, 2**32), st.integers(0, 12))


@SETTINGS
@given(positions)
def test_the_check_and_the_list_of_legal_plays_agree(pos: tuple[str, int, int, int]) -> None:
    """`refusal` says None for exactly the plays `legal_plays` lists: both read one decision."""
    hand = position(*pos)
    legal = set(hand.law.legal_plays())
    for seat in range(hand.seats):
        for card in CARDS:
            refused = hand.refusal(seat, card)
            assert (refused is None) == ((seat, card) in legal), (seat, card.face, refused)
            assert hand.is_legal(seat, card) == ((seat, card) in legal)


@SETTINGS
@given(positions)
def test_each_refusal_carries_its_rule(pos: tuple[str, int, int, int]) -> None:
    hand = position(*pos)
    for seat in range(hand.seats):
        for card in CARDS:
            refused = hand.refusal(seat, card)
            if refused is None:
                continue
            assert isinstance(refused, IllegalPlay)
            assert refused.rule and refused.rule in str(refused.hint)
            assert card.face in str(refused) or "hand is over" in str(refused)
            with pytest.raises(IllegalPlay) as err:
                hand.check_play(seat, card)
            assert err.value.rule == refused.rule and str(err.value) == str(refused)


@SETTINGS
@given(positions)
def test_the_lowest_lead_is_the_first_legal_lead(pos: tuple[str, int, int, int]) -> None:
    hand = position(*pos)
    if hand.ended:
        assert hand.phase == "over" and hand.law.legal_plays() == []
        return
    assert hand.phase == "lead" and hand.lead_due
    seat = hand.leader
    leads = hand.law.legal_leads(seat)
    assert leads == sorted(leads, key=hand.lead_key.__getitem__)
    assert hand.law.lowest_lead(seat) == leads[0]
    assert hand.law.legal_plays() == [(seat, CARDS[c]) for c in sorted(leads)]


@SETTINGS
@given(positions)
def test_an_observation_holds_no_other_seats_cards(pos: tuple[str, int, int, int]) -> None:
    """Every card an observation names is the seat's own, played, out of the pack, or the turn-up."""
    hand = position(*pos)
    for seat in range(hand.seats):
        view = hand.observe(seat)
        public = _public_cards(hand)
        assert view.own == frozenset(hand.holding[seat])
        assert set(view.legal) <= view.own
        others = _others_cards(hand, seat)
        named = _named_cards(view)
        assert not (named & others - public)


def _public_cards(hand: Hand) -> set[int]:
    """Cards anyone may know: played, out of the pack, or the turn-up."""
    return ({c for c in range(52) if hand.played_by[c] >= 0} | set(hand.rules.removed)
            | ({hand.turnup} if hand.turnup is not None else set()))


def _others_cards(hand: Hand, seat: int) -> set[int]:
    """Cards held by the other seats or in the spare hand."""
    others = {c for s in range(hand.seats) if s != seat for c in hand.holding[s]}
    others |= {c for c in range(52) if hand.holder[c] == SPARE}
    return others


def _named_cards(view: Observation) -> set[int]:
    """Every card an observation names."""
    named = set(view.own) | set(view.legal) | {s.card for s in view.stops} | set(view.public.removed)
    named |= {c for c in range(52) if view.played_by[c] >= 0}
    return named


def test_an_observation_is_the_same_whatever_the_others_hold() -> None:
    """Two deals alike for seat 1 but with cards moved between the others give equal observations."""
    rules = preset("modern-stops")
    for seed in range(40):
        dealt = seeded_deal(rules, 4, 0, seed)
        hands = [list(h) for h in dealt.hands]
        up = dealt.turnup
        a = next(c for c in hands[2] if c != up)
        b = next(c for c in hands[3] if c != up)
        hands[2][hands[2].index(a)], hands[3][hands[3].index(b)] = b, a
        moved = Dealt(tuple(tuple(h) for h in hands), dealt.spare, up, dealt.turnup_holder)
        one = Hand.deal(rules, 4, 0, Board(rules), dealt)
        two = Hand.deal(rules, 4, 0, Board(rules), moved)
        if one.ended or two.ended:
            continue
        assert one.observe(1) == two.observe(1)


def test_stop_reasons_awards_and_payments_keep_their_words() -> None:
    assert get_args(StopReason) == STOP_REASONS
    seen_stops: set[str] = set()
    seen_at: set[str] = set()
    seen_why: set[str] = set()
    for name in preset_names():
        for seed in range(30):
            hand = play_out(position(name, 4, seed, 0))
            seen_stops |= {s.reason for s in hand.stops}
            seen_at |= {a.at for a in hand.awards}
            seen_why |= {p.why for p in hand.payments}
    assert seen_stops <= set(STOP_REASONS) and {"top", "removed", "spare", "played"} <= seen_stops
    assert seen_at <= set(get_args(AwardAt)) and {"play", "out"} <= seen_at
    assert seen_why <= set(get_args(PaymentWhy)) and "cards" in seen_why


def test_play_and_push_give_the_sameposition() -> None:
    """`play` (checked, one card) with `follow_run`, and `push` (a legal card and its follows), agree."""
    for name in preset_names():
        for seed in range(10):
            checked, pushed = position(name, 4, seed, 0), position(name, 4, seed, 0)
            while not checked.ended:
                if checked.phase == "lead":
                    seat = checked.leader
                    card = checked.law.lowest_lead(seat)
                    checked.play(seat, card)
                    pushed.push(seat, card)
                else:
                    assert checked.phase == "follow" and checked.turn.card is not None
                    checked.follow_run()
            assert checked.plays == pushed.plays and checked.net == pushed.net and checked.awards == pushed.awards


def _unseen(name: str, players: int = 4) -> Hand:
    rules = preset(name)
    spare = rules.deal.spare_position if rules.deal.spare_hand else None
    sizes, spare_size, _ = hand_sizes(rules.deck_size(), players, 0, spare)
    hand = Hand.unseen(rules, players, 0, Board(rules), sizes, spare_size, None, None)
    hand.names = NAMES[:players]
    return hand


def test_an_open_run_and_a_called_stop() -> None:
    """Boodle (clockwise, no spare hand), unseen cards: after a lead the next card's place is
    unknown, so the run is open to the next player alone until the table calls the stop."""
    hand = _unseen("boodle")
    hand.play(1, Card.parse("5C"))
    assert hand.phase == "open" and hand.turn.card == Card.parse("6C") and hand.turn.seat == 1
    assert hand.law.can_call_stop() and hand.law.open_seats() == [2]
    assert hand.law.legal_plays() == [(2, Card.parse("6C"))]
    refused = hand.refusal(3, Card.parse("6C"))
    assert refused is not None and refused.rule == 'play.follow = "clockwise"'
    hand.call_stop()
    assert hand.lead_due and hand.stops[-1].reason == "not-in-turn" and hand.leader == 2
    with pytest.raises(IllegalPlay) as err:
        hand.call_stop()
    assert err.value.rule == "a stop ends a run"


def test_show_places_the_cards_and_finds_a_bad_lead() -> None:
    """Newmarket (change of colour): after a stop in clubs Bob leads 2♠ while holding K♦."""
    hand = _unseen("newmarket")
    for card in ("5C", "6C"):
        hand.play(1, Card.parse(card))
    hand.call_stop()
    assert hand.stops[-1].reason == "spare" and hand.leader == 1
    hand.play(1, Card.parse("2S"))
    faces = ("KD", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH")
    shown = [Card.parse(t) for t in faces[: hand.left[1]]]
    breaches = hand.show(1, shown, "Bob")
    assert hand.holding[1] == set(shown) and all(hand.holder[c] == 1 for c in shown)
    assert not hand.has_unknown(1)
    assert [b.rule for b in breaches] == ['play.change_suit = "colour"']


def test_declare_void_needs_a_passing_lead_after_a_stop() -> None:
    hand = _unseen("newmarket")
    with pytest.raises(IllegalPlay) as err:
        hand.declare_void()
    assert err.value.rule == 'play.no_new_suit = "pass"'
    michigan = _unseen("michigan")
    if not michigan.passing:
        pytest.skip("michigan does not pass")
    michigan.play(1, Card.parse("5C"))
    while michigan.phase == "open":
        michigan.call_stop()
    michigan.declare_void()
    assert michigan.ended and michigan.void and michigan.phase == "over" and michigan.law.legal_plays() == []


def test_a_deep_copy_plays_on_apart_from_itsposition() -> None:
    """`copy.deepcopy(hand)` is a probe: its plays, holders and stops are its own."""
    import copy

    rules = preset("modern-stops")
    hand = Hand.deal(rules, 4, 0, Board(rules), seeded_deal(rules, 4, 0, 42))
    before = (list(hand.moves), list(hand.played_by), [list(o) for o in hand.ordered], list(hand.left))
    probe = copy.deepcopy(hand)
    play_out(probe)
    assert probe.ended and probe.plays and not hand.plays
    assert (list(hand.moves), list(hand.played_by), [list(o) for o in hand.ordered], list(hand.left)) == before
    assert play_out(hand).plays == probe.plays
    assert probe.rules is hand.rules
