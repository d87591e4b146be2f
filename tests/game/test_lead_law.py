"""The lead law (`game.laws.LEAD_LAW`): every part of popejoan that asks what may be led reads it.

Two kinds of test. First, the fast forms the play-out and the bots use for the printed rules (`Legality`'s
known-card lists, `lowest_lead`, `FirstHeld`, `FirstAllowed`) are held equal to the law's plain form
(`laws.allowed_leads`) over random hands of random combinations of keys. Second, a toy house rule that no
part of popejoan knows ("no black lead while you hold a red card") is added through the one place rules
live (`laws.extended`), and the referee with its words in English and Russian, the lists, the fast play-out,
the re-check of a real deck's leads, the fines of improper leads and the `strong` bot's worlds all honour
it, with nothing else changed (docs/adding-a-rule.md).
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_printed_properties import variants

from popejoan_cli.base.records import replace
from popejoan_cli.formats.presets import preset
from popejoan_cli.game.board import Board
from popejoan_cli.game.cards import CARDS, Card
from popejoan_cli.game.deal import seeded_deal
from popejoan_cli.game.hand import Hand
from popejoan_cli.game.laws import LeadRule, allowed_leads, extended, in_force, law_of, shortcuts
from popejoan_cli.game.rules import HouseRules
from popejoan_cli.game.ruling import lead_rules, recheck_leads, rule_on
from popejoan_cli.game.state import LEAD_KEY
from popejoan_cli.game.worlds import Worlds
from popejoan_cli.render import i18n
from toy_rules import TOY, RedFirst

SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


def hand_of(rules: HouseRules, seats: int, seed: int) -> Hand:
    seats = max(rules.players.min, min(seats, rules.players.max))
    hand = Hand.deal(rules, seats, seed % seats, Board(rules), seeded_deal(rules, seats, seed % seats, seed))
    hand.names = NAMES[:seats]
    return hand


def plain_leads(hand: Hand, seat: int) -> list[int]:
    """What the law's plain form says `seat` may lead now (known cards: a dealt hand)."""
    held = sorted(hand.ordered[seat], key=LEAD_KEY[hand.rules.ace_high].__getitem__)
    return allowed_leads(hand.rules, hand.after_stop_suit, held, held)


def walk(hand: Hand, rng: random.Random) -> None:
    """Play the hand to its end by random proper leads, checking the fast forms against the plain one at each."""
    while not hand.ended:
        if not hand.lead_due:
            hand.follow_run()
            continue
        seat = hand.leader
        leads = hand.law.legal_leads(seat)
        expected = plain_leads(hand, seat)
        lieu = hand.trumps.pope_card if hand.law.lieu_seat() == seat else None
        assert [c for c in leads if c != lieu] == [c for c in expected if c != lieu], (seat, leads, expected)
        assert hand.law.lowest_lead(seat) == expected[0]  # the lowest ordinary lead: never the Pope in lieu
        hand.push(seat, rng.choice(leads))


@SETTINGS
@given(variants(), st.sampled_from(["no", "suit", "colour"]), st.integers(3, 7), st.integers(0, 2**32))
def test_the_fast_lists_say_what_the_law_says_under_random_keys(rules: HouseRules, change: str, seats: int,
                                                                  seed: int) -> None:
    rules = replace(rules, values={**rules.values, "play.change_suit": change})
    walk(hand_of(rules, seats, seed), random.Random(seed))


@SETTINGS
@given(variants(), st.sampled_from(["no", "suit", "colour"]), st.integers(3, 7), st.integers(0, 2**32))
def test_the_lowest_policy_play_out_makes_only_the_leads_the_law_allows(rules: HouseRules, change: str,
                                                                         seats: int, seed: int) -> None:
    """`push(..., then=lowest_policy())`, the play-out's fastest path, against the plain lowest lead at each stop."""
    rules = replace(rules, values={**rules.values, "play.change_suit": change})
    fast, plain = hand_of(rules, seats, seed), hand_of(rules, seats, seed)
    if not fast.ended:
        seat = fast.leader
        fast.push(seat, fast.law.lowest_lead(seat), then=fast.law.lowest_policy())
    while not plain.ended and plain.lead_due:
        seat = plain.leader
        plain.push(seat, plain_leads(plain, seat)[0])
    assert fast.moves == plain.moves and fast.net == plain.net and fast.stop_codes == plain.stop_codes


# ---------------------------------------------------------------------------------------------- a toy rule
def toy_rules(base: str = "hoyle", **values: object) -> HouseRules:
    rules = preset(base)
    return replace(rules, values={**rules.values, "name": TOY, **values})


def black_lead_with_red(hand: Hand, seat: int) -> Card:
    black = next(c for c in hand.ordered[seat] if c // 13 in (0, 3))
    return CARDS[black]


def first_position(rules: HouseRules) -> tuple[Hand, int]:
    """A fresh hand whose leader holds both a black and a red card."""
    for seed in range(100):
        hand = hand_of(rules, 4, seed)
        suits = {c // 13 for c in hand.ordered[hand.leader]}
        if not hand.ended and suits & {0, 3} and suits & {1, 2}:
            return hand, hand.leader
    raise AssertionError("no such deal in 100 seeds")


def test_the_toy_rule_is_in_force_only_where_it_applies_and_only_while_added() -> None:
    with extended(RedFirst()) as toy:
        assert toy in law_of(toy_rules()) and toy not in law_of(preset("hoyle"))
        assert not shortcuts(toy_rules()).builtin and shortcuts(preset("hoyle")).builtin
    assert law_of(toy_rules()) == () and shortcuts(toy_rules()).builtin


def test_the_referee_refuses_by_the_toy_rule_with_its_words_public_and_private() -> None:
    with extended(RedFirst()):
        hand, seat = first_position(toy_rules())
        card = black_lead_with_red(hand, seat)
        ruled = rule_on(hand.law, seat, card)
        who = hand.names[seat]
        # The table hears one sentence whatever Ann holds; the rules it cites name the toy rule.
        assert ruled.told == f"{who} cannot lead {card.face} now"
        assert "play.red_first = true" in ruled.rule and ruled.rule == lead_rules(hand.law)
        assert ruled.private is not None and ruled.private.endswith(", a red card") and ruled.player == who
        red = next(c for c in hand.ordered[seat] if c // 13 in (1, 2))
        assert rule_on(hand.law, seat, CARDS[red]).allowed
        # In Russian the table's sentence is the referee's, in the table's words: nothing of the toy is English.
        i18n.use("ru")
        try:
            russian, cited = str(i18n.spoken_said(ruled.told)), str(i18n.spoken_said(ruled.rule))
        finally:
            i18n.use("en")
        assert who in russian and "cannot" not in russian and "lead" not in russian, russian
        assert "play.red_first = true" in cited and "a player" not in cited, cited


def test_the_lists_and_the_fast_play_out_honour_the_toy_rule() -> None:
    with extended(RedFirst()):
        for seed in range(40):
            hand = hand_of(toy_rules(), 4, seed)
            walk(hand, random.Random(seed))
            fast = hand_of(toy_rules(), 4, seed)
            if fast.ended:
                continue
            fast.push(fast.leader, fast.law.lowest_lead(fast.leader), then=fast.law.lowest_policy())
            replayed = hand_of(toy_rules(), 4, seed)
            for p in fast.plays:
                if p.lead:  # every lead the play-out made is one the referee allows, by the toy rule too
                    assert replayed.is_legal(p.seat, p.card), (seed, p)
                    replayed.push(p.seat, p.card)
            assert replayed.moves == fast.moves


def test_the_recheck_and_the_fine_find_a_toy_breach_once_the_cards_are_shown() -> None:
    """With `play.improper_lead = "pay-each"` the referee lets a black lead stand; the hand's end finds it by the
    toy rule and fines its leader a counter to each other player."""
    with extended(RedFirst()):
        rules = toy_rules(**{"play.improper_lead": "pay-each"})
        hand, seat = first_position(rules)
        card = black_lead_with_red(hand, seat)
        assert hand.is_legal(seat, card)
        hand.lead(seat, card)
        breaches = recheck_leads(hand.law, {s: [CARDS[c] for c in hand.ordered[s]] for s in range(hand.seats)})
        assert [(b.seat, b.card, b.rule) for b in breaches][:1] == [(seat, card, "play.red_first = true")]
        while not hand.ended:
            leader = hand.leader
            hand.push(leader, hand.law.legal_leads(leader)[0], then=hand.law.lowest_policy())
        fined = [p for p in hand.payments if p.why == "lead" and p.payer == seat]
        assert len(fined) == hand.seats - 1


def test_the_strong_bots_worlds_know_what_a_proper_black_lead_says() -> None:
    """A black lead under the toy rule says its leader held no red card then: no world deals them one."""
    checked = 0
    with extended(RedFirst()):
        for seed in range(20):
            hand = hand_of(toy_rules(), 4, seed)
            while not hand.ended and hand.lead_due:
                seat = hand.leader
                card = CARDS[hand.law.legal_leads(seat)[-1]]
                hand.lead(seat, card)
                if hand.ended or card // 13 in (1, 2):
                    continue
                viewer = (seat + 1) % hand.seats
                worlds, rng = Worlds(hand.observe(viewer), hand.rules), random.Random(seed)
                for _ in range(5):
                    dealt = worlds.deal(rng)
                    assert dealt is not None
                    held_now = [c for c in dealt.hands[seat] if hand.played_by[c] < 0]
                    assert not any(c // 13 in (1, 2) for c in held_now), (seed, card.face)
                checked += 1
    assert checked > 10


def test_the_law_names_the_same_witness_everywhere() -> None:
    """The lowest of the cards that would break a rule: the referee's private words and the breach name it."""
    rules = preset("modern-stops")
    rule = in_force(rules, None)[0]
    assert rule.witness(rules, None, Card.parse("10S"), [Card.parse("7S"), Card.parse("4S"), 14]) == \
        Card.parse("4S")


@SETTINGS
@given(variants(), st.sampled_from(["no", "suit", "colour"]), st.sampled_from([None, 0, 1, 2, 3]),
       st.integers(0, 51), st.lists(st.integers(0, 51), max_size=13, unique=True))
def test_each_rules_fast_witness_names_what_the_plain_one_names(rules: HouseRules, change: str, stopped: int | None,
                                                                 card: int, held: list[int]) -> None:
    """A rule may give a faster form of its witness (`LowestInSuit`, `ChangeSuit`); it names the same card as the
    plain form every rule has (`LeadRule.witness`: the lowest held card that `forbids` the lead)."""
    rules = replace(rules, values={**rules.values, "play.change_suit": change})
    for rule in law_of(rules):
        assert rule.witness(rules, stopped, card, held) == LeadRule.witness(rule, rules, stopped, card, held)


@SETTINGS
@given(variants(), st.sampled_from(["no", "suit", "colour"]), st.sampled_from(["holder", "clockwise"]),
       st.integers(3, 6), st.integers(0, 2**32), st.integers(0, 12))
def test_what_the_worlds_infer_from_the_record_always_holds_of_the_real_deal(rules: HouseRules, change: str,
                                                                            follow: str, seats: int, seed: int,
                                                                            leads: int) -> None:
    """Every card a seat's worlds fix in a place is there, and none is barred from where it really lies: the
    lead law's inferences (`barred_by`, `not_refused_outright`) and the stops' told reasons never rule out
    the real deal, under random keys (proper leads only: the bots' lists)."""
    rules = replace(rules, values={**rules.values, "play.change_suit": change, "play.follow": follow})
    hand = hand_of(rules, seats, seed)
    rng = random.Random(seed)
    for _ in range(leads):
        if hand.ended or not hand.lead_due:
            break
        hand.push(hand.leader, rng.choice(hand.law.legal_leads(hand.leader)))
    if hand.ended:
        return
    for viewer in range(hand.seats):
        worlds = Worlds(hand.observe(viewer), hand.rules)
        for card in worlds.hidden:
            where = hand.holder[card]
            place = hand.seats if where < 0 else where  # the spare hand is the last place
            assert worlds.fixed.get(card, place) == place, (viewer, CARDS[card].face)
            assert place not in worlds.barred.get(card, set()), (viewer, CARDS[card].face, place)
