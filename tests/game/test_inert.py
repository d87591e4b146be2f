"""`game.inert`: each entry of `INERT` is a key that truly does nothing where its predicate holds.

For every entry, in a rule set where it is the entry said for its key, the key is changed to each value that
asks for something, and seeded deals are played out under both rule sets by the referee: the same rulings
on every card of every leader, the same exchange of the spare hand or refusal of it, the same cards, awards,
payments, counters fed and nets. The leads are chosen at random among the allowed ones (so that improper
leads, where they are allowed, are made and fined), the same random choices under both. The same harness
finds a difference where the keys do count, so it can fail. Random combinations of the keys the entries
depend on are played out too. `rules check` itself: tests/cli/test_rules_inert_cli.py.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from popejoan_cli.base.errors import IllegalPlay
from popejoan_cli.formats.presets import PRESET_ORDER, preset
from popejoan_cli.game.board import Board
from popejoan_cli.game.cards import CARDS
from popejoan_cli.game.deal import seeded_deal
from popejoan_cli.game.hand import Hand
from popejoan_cli.game.inert import ASKS_NOTHING, INERT, Inert, inert_keys
from popejoan_cli.game.rulekeys import KEY_BY_PATH
from popejoan_cli.game.rules import HouseRules, from_data

Doc = Mapping[str, Any]

POPE_NO_TURNUP: Doc = {"pot": [
    {"name": "pope", "stake": 6, "wins": "card", "card": "9D"},
    {"name": "matrimony", "stake": 2, "wins": "pair", "cards": ["QH", "KH"]},
    {"name": "ace", "stake": 1, "wins": "card", "card": "AH"},
    {"name": "game", "stake": 1, "wins": "first-out"},
]}
"""A board with a Pope and fixed cards, so that `deal.turnup = "none"` may be played with a Pope."""

SETTINGS: list[tuple[str, Doc]] = [
    ("modern-stops", {}),
    ("michigan", {}),
    ("boodle", {}),
    ("newmarket", {}),
    ("hoyle", {}),
    ("modern-stops", {"turnup": {"dealer_takes": "none"}}),
    ("michigan", {"deal": {"turnup": "none"}, **POPE_NO_TURNUP}),
    ("michigan", {"deal": {"spare_exchange": "none"}, "play": {"improper_lead": "pay-each"}}),
    ("russian", {"final": {"deal": "none"}, "play": {"change_suit": "suit", "no_new_suit": "pass"}}),
    ("hoyle", {"play": {"improper_lead": "pay-board"}}),  # fines where no lead rule is set: none is improper
]
"""Rule sets to find each entry in: the presets, and a few combinations the presets do not make."""

SEEDS = range(6)


def rules_of(name: str, doc: Doc, base: HouseRules | None = None) -> HouseRules:
    got, problems = from_data(doc, base=base or preset(name))
    assert got is not None and not problems, problems
    return got


def values_asking(entry: Inert, rules: HouseRules) -> list[object]:
    """Each value of the entry's key, on this board, that asks for something (`inert_keys` would warn of it)."""
    key = KEY_BY_PATH[entry.key]
    quiet = (key.default, *ASKS_NOTHING.get(entry.key, ()))
    choices: list[object]
    if key.kind == "bool":
        choices = [True, False]
    elif key.kind == "int":
        choices = [v for v in (1, 3) if key.lo <= v <= key.hi]
    elif key.kind == "suit":
        choices = ["C", "D", "H", "S"]
    elif key.kind == "pots":
        choices = [tuple(p.name for p in rules.pots[:2]), ("*",)]
    elif entry.key == "play.pass_pot":
        choices = [p.name for p in rules.pots]
    else:
        choices = list(key.choices)
    return [v for v in choices if v not in quiet]


def changed(rules: HouseRules, key: str, value: object) -> HouseRules:
    section, name = key.split(".")
    return rules_of("", {section: {name: list(value) if isinstance(value, tuple) else value}}, rules)


def outcome(rules: HouseRules, seed: int) -> tuple[object, ...]:
    """A seeded deal played out by random allowed leads: everything the referee decided and paid."""
    seats = 3 + seed % 4
    dealer = seed % seats
    hand = Hand.deal(rules, seats, dealer, Board(rules), seeded_deal(rules, seats, dealer, seed))
    try:
        hand.exchange(dealer)
        exchanged: object = hand.exchanged
    except IllegalPlay as refused:
        exchanged = (str(refused), refused.rule)
    pick = random.Random(seed)
    rulings = []
    while not hand.ended:
        seat = hand.leader
        said = [hand.ruling(seat, CARDS[c]) for c in sorted(hand.ordered[seat])]
        rulings.append([(r.card, r.told, r.rule, r.private) for r in said])
        hand.lead(seat, pick.choice([r.card for r in said if r.told is None]))
    return (exchanged, rulings, list(hand.moves), hand.awards, hand.payments, hand.feeds, hand.net,
            dict(hand.board.counters))


def said_for(rules: HouseRules, key: str) -> Inert | None:
    """The entry `inert_keys` says for `key` in `rules`, whatever the key's value there."""
    return next((e for e in INERT if e.key == key and e.holds(rules)), None)


def where_said(entry: Inert) -> Iterator[HouseRules]:
    """The settings in which `entry` is the one said for its key."""
    for name, doc in SETTINGS:
        rules = rules_of(name, doc)
        if said_for(rules, entry.key) is entry:
            yield rules


def entry_id(entry: Inert) -> str:
    return f"{entry.key}:{getattr(entry.holds, '__name__', '?')}:{INERT.index(entry)}"


@pytest.mark.parametrize("entry", INERT, ids=entry_id)
def test_each_entry_changes_nothing_where_it_holds(entry: Inert) -> None:
    found = list(where_said(entry))
    assert found, f"no rule set in SETTINGS makes {entry_id(entry)} the entry said: add one"
    tried = 0
    for rules in found[:2]:  # two settings at most: each value's play-outs cost about 50 ms
        played = [outcome(rules, seed) for seed in SEEDS]
        for value in values_asking(entry, rules):
            other = changed(rules, entry.key, value)
            assert entry.holds(other)  # changing the key does not make it count
            assert entry in inert_keys(other)
            assert [outcome(other, seed) for seed in SEEDS] == played, (entry.key, value)
            tried += 1
    assert tried, f"{entry.key} has no value that asks for something"


LIVE: list[tuple[str, Doc, str, object]] = [
    ("hoyle", {}, "turnup.pope_limit", 1),
    ("michigan", {"play": {"pass_pays": 1}}, "play.pass_pays", 2),
    ("michigan", {}, "stakes.dealer_multiplier", 3),
    ("modern-stops", {"play": {"improper_lead": "pay-each", "change_suit": "suit"}}, "play.improper_penalty", 3),
    ("modern-stops", {"play": {"change_suit": "suit"}}, "play.no_new_suit", "pass"),
    ("modern-stops", {}, "deal.spare_position", "first"),
    ("michigan", {}, "deal.exchange_bar", "pot-card"),
    ("modern-stops", {}, "turnup.ends_hand", True),
    ("modern-stops", {}, "play.pope_stakes", 1),
    ("modern-stops", {}, "play.pairs", "split"),
    ("modern-stops", {"play": {"pairs": "split"}, "pot": [
        {"name": "matrimony", "stake": 3, "wins": "pair", "cards": ["trump:Q", "trump:K"]},
        {"name": "game", "stake": 1, "wins": "first-out"}]}, "board.odd_counter", "eldest"),
    ("hoyle", {}, "settle.pope_exempt", "none"),
    ("michigan", {"play": {"pass_pays": 1}}, "play.pass_pot", "king"),  # not the first pot, where passes go
    ("modern-stops", {}, "play.improper_lead", "pay-each"),  # play.lead = "lowest-in-suit": leads can be improper
]
"""Keys where they count: the same harness must see each one change something."""


@pytest.mark.parametrize(("name", "doc", "key", "value"), LIVE, ids=[f"{k}={v}" for _, _, k, v in LIVE])
def test_the_harness_sees_a_key_that_counts(name: str, doc: Doc, key: str, value: object) -> None:
    rules = rules_of(name, doc)
    assert said_for(rules, key) is None
    other = changed(rules, key, value)
    assert key not in [e.key for e in inert_keys(other)]
    assert any(outcome(rules, seed) != outcome(other, seed) for seed in range(300)), key


DEPENDED_ON: dict[str, tuple[object, ...]] = {
    "deal.spare_hand": (True, False),
    "deal.spare_exchange": ("none", "dealer", "auction"),
    "stakes.payer": ("dealer", "each"),
    "turnup.dealer_takes": ("matching", "none"),
    "turnup.pope_per_card": (True, False),
    "play.change_suit": ("no", "suit", "colour"),
    "play.no_new_suit": ("same-suit", "pass"),
    "play.improper_lead": ("refuse", "pay-each", "pay-board"),
    "play.pass_pays": (0, 1),
    "play.pairs": ("same-player", "split"),
    "final.deal": ("none", "holders"),
}
"""The keys the entries' predicates read, and values to combine at random."""


def random_rules(rng: random.Random) -> HouseRules:
    doc: dict[str, dict[str, object]] = {}
    for path, values in DEPENDED_ON.items():
        if rng.random() < 0.5:
            section, name = path.split(".")
            doc.setdefault(section, {})[name] = rng.choice(values)
    return rules_of(rng.choice(PRESET_ORDER), doc)


@pytest.mark.parametrize("case", range(12))
def test_random_combinations_change_nothing_where_an_entry_holds(case: int) -> None:
    rng = random.Random(case)
    rules = random_rules(rng)
    said = {e.key: e for e in INERT if said_for(rules, e.key) is e}
    for key, entry in said.items():
        values = values_asking(entry, rules)
        if not values:
            continue
        other = changed(rules, key, rng.choice(values))
        for seed in rng.sample(range(1000), 4):
            assert outcome(rules, seed) == outcome(other, seed), (key, seed)


@pytest.mark.parametrize("name", PRESET_ORDER)
def test_no_preset_is_warned_of(name: str) -> None:
    assert inert_keys(preset(name)) == []


def test_a_value_that_asks_for_nothing_is_not_warned_of() -> None:
    quiet = rules_of("modern-stops", {"turnup": {"pope_takes": []}, "settle": {"pope_exempt": "none"},
                                      "pot": [{"name": "game", "stake": 1, "wins": "first-out"}]})
    assert inert_keys(quiet) == []
    loud = changed(quiet, "settle.pope_exempt", "card")
    assert [(e.key, e.why) for e in inert_keys(loud)] == [
        ("settle.pope_exempt", "does nothing: the Pope's keys apply only where the board has a 'card' pot named "
                               "pope, and this board has none")]


def test_each_key_is_said_once_in_the_order_of_the_keys() -> None:
    rules = rules_of("michigan", {"turnup": {"pope_limit": 3, "ends_hand": True}, "final": {"suit": "S"},
                                  "stakes": {"payer": "dealer"}, "play": {"pairs": "split"}})
    said = inert_keys(rules)
    assert [e.key for e in said] == ["stakes.dealer_multiplier", "turnup.ends_hand", "turnup.pope_limit",
                                     "play.pairs", "final.suit"]
    # pope_limit is inert three ways here (no Pope, no turn-up, no pope_per_card): the first entry is said
    assert said[2].holds.__name__ == "_no_pope"
    assert said[1].why.startswith("does nothing: deal.turnup = \"none\" turns up no card")
