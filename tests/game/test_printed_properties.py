"""Properties of the referee under the printed sources' keys (issue 29), drawn at random with the old ones.

Hypothesis draws a preset (its fixed-card pots sometimes won by the card below: wins = "below"), a few of the
keys of docs/house-rules.md "Rules from the printed sources" (and some older keys they interact with), a table
and a seed; the hand, played with random leads, must conserve counters, account for every card once, and replay
card by card (`play`) to the same record as the fast path (`push` with its follows). Kept cheap: a few dozen
examples, one hand each.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from popejoan_cli.base.errors import IllegalPlay
from popejoan_cli.formats.presets import preset
from popejoan_cli.game.board import Board
from popejoan_cli.game.cards import SPARE, Card, Dealt
from popejoan_cli.game.deal import seeded_deal
from popejoan_cli.game.hand import Hand
from popejoan_cli.game.printed import below_board
from popejoan_cli.game.rules import HouseRules, from_data

PRESETS = ("modern-stops", "hoyle", "russian", "parlett", "michigan", "boodle", "newmarket")
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def variants(draw: st.DrawFn) -> HouseRules:
    """A preset with random values of the new keys, and of the older keys they touch."""
    name = draw(st.sampled_from(PRESETS))
    doc: dict[str, dict[str, object]] = {
        "deal": {"exchange_bar": draw(st.sampled_from(["none", "pot-card"]))},
        "turnup": {"pope_per_card": draw(st.booleans()), "pope_limit": draw(st.integers(0, 6))},
        "play": {"pope_stakes": draw(st.integers(0, 2)), "lead": draw(st.sampled_from(["any", "lowest-in-suit"])),
                 "pass_pays": draw(st.integers(0, 2)), "no_new_suit": draw(st.sampled_from(["same-suit", "pass"])),
                 "improper_lead": draw(st.sampled_from(["refuse", "pay-each", "pay-board"])),
                 "first_lead": draw(st.sampled_from(["eldest", "2D", "AS"])), "pope_in_lieu": draw(st.booleans())},
        "settle": {"per_card": draw(st.integers(0, 2)), "losers_pay": draw(st.sampled_from(["winner", "board"])),
                   "unplayed_card": draw(st.sampled_from(["none", "stake", "double"])),
                   "pope_exempt": draw(st.sampled_from(["holder", "card", "none"]))},
    }
    if doc["play"]["first_lead"] != "eldest":
        doc["deal"]["spare_exchange"] = "none"  # a called lead is made at the deal: no exchange before it
    base = preset(name)
    if draw(st.booleans()):
        doc["pot"] = below_board(base)  # type: ignore[assignment]  # a list of [[pot]] tables
    rules, problems = from_data(doc, base=base)
    assert rules is not None, problems
    return rules


def dealt_hand(rules: HouseRules, seats: int, dealer: int, seed: int) -> tuple[Hand, Dealt]:
    dealt = seeded_deal(rules, seats, dealer, seed)
    return Hand.deal(rules, seats, dealer, Board(rules), dealt), dealt


def accounted(hand: Hand, dealt: Dealt) -> None:
    """Every card once: played, held, in the spare hand, removed or out of play."""
    out_of_play = [dealt.turnup] if dealt.turnup is not None and dealt.turnup_holder is None else []
    spare = [c for c in range(52) if hand.holder[c] == SPARE]  # after an exchange, the hand given up
    every = [p.card for p in hand.plays] + [c for held in hand.ordered for c in held] + spare \
        + list(hand.rules.removed) + out_of_play
    assert sorted(every) == list(range(52))


def conserved(hand: Hand) -> None:
    assert sum(hand.net) + hand.board_change() == 0
    assert all(v >= 0 for v in hand.board.counters.values())
    assert all(p.amount > 0 for p in hand.payments) and all(a.amount > 0 for a in hand.awards)
    assert all(f.amount > 0 for f in hand.feeds)


def plays(hand: Hand) -> list[tuple[int, Card]]:
    """What may be played now: `legal_plays`, and under `play.improper_lead` every card the leader holds that the
    referee allows (improper leads, which the bots' lists leave out)."""
    legal = hand.law.legal_plays()
    if hand.lead_due and hand.rules.play.improper_lead != "refuse":
        legal += [(s, Card(c)) for s in hand.law.lead_seats() for c in hand.ordered[s]
                  if (s, c) not in legal and hand.is_legal(s, Card(c))]
    return legal


def exchange(hand: Hand, seat: int) -> int | None:
    """`seat` tries to take the spare hand where the rules let someone: barred exactly when `deal.exchange_bar`
    bars a holder of a pot's card and he holds one. Returns the seat that took it, if one did."""
    rules = hand.rules
    if rules.deal.spare_exchange == "none" or not rules.deal.spare_hand or hand.ended:
        return None
    if rules.deal.spare_exchange == "dealer":
        seat = hand.dealer
    barred = rules.deal.exchange_bar == "pot-card" and any(hand.trumps.pots_at[c] for c in hand.ordered[seat])
    try:
        hand.exchange(seat, 0 if seat == hand.dealer else 1)
    except IllegalPlay:
        assert barred
        return None
    assert not barred
    return seat


@SETTINGS
@given(variants(), st.integers(3, 8), st.integers(0, 2**32), st.data())
def test_new_keys_conserve_account_and_replay(rules: HouseRules, seats: int, seed: int, data: st.DataObject) -> None:
    dealer = data.draw(st.integers(0, seats - 1))
    hand, dealt = dealt_hand(rules, seats, dealer, seed)
    taker = exchange(hand, data.draw(st.integers(0, seats - 1)))
    while not hand.ended:
        seat, card = data.draw(st.sampled_from(plays(hand)))
        if hand.lead_due:
            hand.lead(seat, card)  # with its forced follows: the fast path
        else:
            hand.play(seat, card)
    conserved(hand)
    accounted(hand, dealt)
    again, _ = dealt_hand(rules, seats, dealer, seed)
    if taker is not None:
        again.exchange(taker, 0 if taker == dealer else 1)
    for p in hand.plays[len(again.plays):]:  # a called first lead is played at the deal
        again.play(p.seat, p.card)
    assert (again.net, again.awards, again.payments, again.feeds, again.stops) == (
        hand.net, hand.awards, hand.payments, hand.feeds, hand.stops)
    assert again.board.snapshot() == hand.board.snapshot()
