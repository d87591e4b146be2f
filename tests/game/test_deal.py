"""Deal v1: the seeded shuffle, the round deal, the spare hand and the turn-up.

The shuffle is pinned twice: against a tiny re-implementation of the spec's Fisher–Yates
written here from the spec text (not from popejoan), and against golden files holding the
hands that re-implementation deals, so a change to either side is caught.
"""

from __future__ import annotations

import random

import pytest

from conftest import GOLDEN
from popejoan_cli.base.errors import UsageError
from popejoan_cli.formats.presets import preset
from popejoan_cli.game.cards import (
    CARDS,
    SPARE,
    Card,
    Dealt,
    canonical_deck,
    deal_cards,
    hand_sizes,
    parse_seed,
    shuffled,
)
from popejoan_cli.game.deal import seeded_deal

GOLDEN = GOLDEN
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


# --------------------------------------------------------------------------- the deal by hand
def spec_deck(removed: set[str]) -> list[str]:
    """The canonical deck: suits C, D, H, S; within a suit A, 2, …, 10, J, Q, K; removed cards left out."""
    return [r + s for s in "CDHS" for r in RANKS if r + s not in removed]


def spec_shuffle(deck: list[str], seed: int | str) -> list[str]:
    """Fisher–Yates from the end: for i from n-1 down to 1, j = int(rng.random() * (i + 1)), swap i and j."""
    cards = list(deck)
    rng = random.Random(seed)
    for i in range(len(cards) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def names(cards: tuple[Card, ...] | list[Card] | None) -> list[str]:
    return [str(c) for c in cards or ()]


def read_golden(name: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for line in (GOLDEN / name).read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        key, _, rest = line.partition(":")
        out[key] = rest.split()
    return out


# --------------------------------------------------------------------------- golden seed 42
@pytest.mark.parametrize(("seed", "golden"), [(42, "deal_modern-stops_42.txt"),
                                              ("42", "deal_modern-stops_42-string.txt")])
def test_seed_42_modern_stops_four_players_dealer_3(seed: int | str, golden: str) -> None:
    rules = preset("modern-stops")
    deck = spec_deck({"8D"})
    assert len(deck) == 51
    expected = spec_shuffle(deck, seed)
    # The program's shuffle is the spec's, card by card.
    assert names(shuffled(canonical_deck(rules.removed), seed)) == expected
    by_hand = deal_by_hand(expected)
    dealt = seeded_deal(rules, 4, 3, seed)
    for seat in range(4):
        assert names(dealt.hands[seat]) == by_hand[seat], seat
    assert names(dealt.spare) == by_hand["spare"]
    # 51 cards to 5 receivers: 10 rounds and one card more, to eldest; it is the turn-up.
    assert [len(h) for h in dealt.hands] == [11, 10, 10, 10]
    assert dealt.turnup is not None and str(dealt.turnup) == expected[-1]
    assert dealt.turnup_holder == 0
    assert str(dealt.hands[0][-1]) == expected[-1]
    # And both agree with the stored golden file.
    agrees_with_golden(golden, expected, dealt)


def deal_by_hand(cards: list[str]) -> dict[object, list[str]]:
    """Deal by hand: eldest (seat 0) first, dealer (seat 3) fourth, the spare hand last."""
    receivers = [0, 1, 2, 3, "spare"]
    by_hand: dict[object, list[str]] = {r: [] for r in receivers}
    for k, card in enumerate(cards):
        by_hand[receivers[k % 5]].append(card)
    return by_hand


def agrees_with_golden(golden: str, shuffled_cards: list[str], dealt: Dealt) -> None:
    """The golden file `golden` holds the shuffle, the four hands (A to D), the spare hand, and the
    turn-up in A's hand."""
    gold = read_golden(golden)
    assert gold["shuffled"] == shuffled_cards
    for seat, name in enumerate("ABCD"):
        assert gold[name] == names(dealt.hands[seat])
    assert gold["spare"] == names(dealt.spare)
    assert gold["turnup"] == [str(dealt.turnup), "in", "A"]


def test_seed_42_integer_and_string_differ() -> None:
    deck = canonical_deck({Card.parse("8D")})
    assert shuffled(deck, 42) != shuffled(deck, "42")


def test_seed_42_pins_the_known_first_cards() -> None:
    # Literal values (from the golden files) so a change of generator is caught even if the
    # re-implementation above were changed alongside the program.
    deck = canonical_deck({Card.parse("8D")})
    assert names(shuffled(deck, 42)[:6]) == ["5S", "3H", "6S", "6C", "JD", "AS"]
    assert names(shuffled(deck, "42")[:6]) == ["10D", "7C", "3C", "9D", "5S", "JS"]
    assert str(shuffled(deck, 42)[-1]) == "8H"


@pytest.mark.parametrize("seed", [0, 1, 7, 2**40, "", "x42", "Поп Джон", "seed with spaces"])
def test_shuffle_matches_spec_for_other_seeds(seed: int | str) -> None:
    full = spec_deck(set())
    assert names(shuffled(canonical_deck(), seed)) == spec_shuffle(full, seed)
    less = spec_deck({"8D", "2H"})
    removed = {Card.parse("8D"), Card.parse("2H")}
    assert names(shuffled(canonical_deck(removed), seed)) == spec_shuffle(less, seed)


def test_canonical_deck_order() -> None:
    deck = canonical_deck()
    assert names(deck[:14]) == ["AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC",
                                "AD"]
    assert str(deck[-1]) == "KS"
    assert "8D" not in names(canonical_deck({Card.parse("8D")}))
    assert len(canonical_deck({Card.parse("8D")})) == 51


def test_shuffle_is_a_permutation_and_does_not_touch_its_input() -> None:
    deck = canonical_deck()
    before = list(deck)
    out = shuffled(deck, 123)
    assert deck == before
    assert sorted(out) == sorted(deck)
    assert out != deck


# --------------------------------------------------------------------------- the round deal
def test_spare_last_receives_after_the_dealer() -> None:
    # 52 cards in canonical order, 3 seats, dealer 0: round is seat 1, seat 2, dealer 0, spare.
    cards = list(CARDS)
    dealt = deal_cards(cards, 3, 0, "last", "none")
    assert names(dealt.hands[1])[:2] == ["AC", "5C"]
    assert names(dealt.hands[2])[:2] == ["2C", "6C"]
    assert names(dealt.hands[0])[:2] == ["3C", "7C"]
    assert names(dealt.spare)[:2] == ["4C", "8C"]
    assert [len(h) for h in dealt.hands] == [13, 13, 13]
    assert len(dealt.spare or ()) == 13
    assert str((dealt.spare or ())[-1]) == "KS"


def test_spare_first_receives_before_eldest() -> None:
    cards = list(CARDS)
    dealt = deal_cards(cards, 3, 0, "first", "none")
    assert names(dealt.spare)[:2] == ["AC", "5C"]
    assert names(dealt.hands[1])[:2] == ["2C", "6C"]
    assert names(dealt.hands[2])[:2] == ["3C", "7C"]
    assert names(dealt.hands[0])[:2] == ["4C", "8C"]
    # The last card of the pack goes to the dealer, who comes last in the round.
    assert str(dealt.hands[0][-1]) == "KS"


def test_no_spare_hand() -> None:
    dealt = deal_cards(list(CARDS), 4, 1, None, "none")
    assert dealt.spare is None
    # Eldest is seat 2: it gets the first card; the dealer (seat 1) the fourth.
    assert str(dealt.hands[2][0]) == "AC"
    assert str(dealt.hands[3][0]) == "2C"
    assert str(dealt.hands[0][0]) == "3C"
    assert str(dealt.hands[1][0]) == "4C"
    assert [len(h) for h in dealt.hands] == [13, 13, 13, 13]


def test_uneven_hands_extra_cards_go_to_the_first_receivers() -> None:
    # 51 cards, 4 players + spare (last), dealer 3: 10 rounds and 1 card: eldest gets 11.
    dealt = deal_cards(canonical_deck({Card.parse("8D")}), 4, 3, "last", "none")
    assert [len(h) for h in dealt.hands] == [11, 10, 10, 10]
    assert len(dealt.spare or ()) == 10
    # 51 cards, 5 players + spare (first), dealer 4: 8 rounds of 6 and 3 cards more:
    # the spare hand, eldest (seat 0) and seat 1 get one more.
    dealt = deal_cards(canonical_deck({Card.parse("8D")}), 5, 4, "first", "none")
    assert len(dealt.spare or ()) == 9
    assert [len(h) for h in dealt.hands] == [9, 9, 8, 8, 8]
    # 50 cards (one held back as an out-of-play turn-up), 3 players + spare, dealer 0:
    # 12 rounds of 4, then seats 1 and 2 (eldest and the next) get one more.
    dealt = deal_cards(canonical_deck({Card.parse("8D")}), 3, 0, "last", "out-of-play")
    assert [len(h) for h in dealt.hands] == [12, 13, 13]
    assert len(dealt.spare or ()) == 12


def test_turnup_in_hand_stays_with_the_last_receiver_a_player() -> None:
    # 51 cards, 3 players + spare (last), dealer 0: order 1, 2, 0, spare; 51 = 12*4 + 3,
    # so the last card goes to the third receiver, the dealer.
    deck = canonical_deck({Card.parse("8D")})
    dealt = deal_cards(deck, 3, 0, "last", "in-hand")
    assert dealt.turnup == deck[-1] == Card.parse("KS")
    assert dealt.turnup_holder == 0
    assert dealt.hands[0][-1] == dealt.turnup
    assert sum(len(h) for h in dealt.hands) + len(dealt.spare or ()) == 51


def test_turnup_in_hand_may_be_in_the_spare_hand() -> None:
    # 52 cards, 3 players + spare (last): 13 rounds exactly, the last card is the spare's.
    dealt = deal_cards(list(CARDS), 3, 2, "last", "in-hand")
    assert dealt.turnup == Card.parse("KS")
    assert dealt.turnup_holder == SPARE
    assert (dealt.spare or ())[-1] == dealt.turnup
    assert all(dealt.turnup not in h for h in dealt.hands)


def test_turnup_out_of_play_belongs_to_no_hand() -> None:
    deck = canonical_deck({Card.parse("8D")})
    dealt = deal_cards(deck, 4, 3, "last", "out-of-play")
    assert dealt.turnup == deck[-1]
    assert dealt.turnup_holder is None
    held = [c for h in dealt.hands for c in h] + list(dealt.spare or ())
    assert dealt.turnup not in held
    # Every other card is dealt, exactly once.
    assert sorted(held) == sorted(deck[:-1])
    # 50 cards, 5 receivers: 10 each.
    assert [len(h) for h in dealt.hands] == [10, 10, 10, 10]


def test_turnup_none() -> None:
    deck = list(CARDS)
    dealt = deal_cards(deck, 4, 0, "first", "none")
    assert dealt.turnup is None
    assert dealt.turnup_holder is None
    held = [c for h in dealt.hands for c in h] + list(dealt.spare or ())
    assert sorted(held) == deck


def test_seeded_deal_per_preset_uses_the_preset_deal_keys() -> None:
    # russian: out-of-play turn-up, 8D removed.
    d = seeded_deal(preset("russian"), 4, 0, 5)
    assert d.turnup is not None and d.turnup_holder is None
    held = [c for h in d.hands for c in h] + list(d.spare or ())
    assert len(held) == 50 and Card.parse("8D") not in held and d.turnup not in held
    # michigan: full pack, spare first, no turn-up.
    d = seeded_deal(preset("michigan"), 4, 0, 5)
    assert d.turnup is None
    deck = shuffled(canonical_deck(), 5)
    assert (d.spare or ())[0] == deck[0]
    assert d.hands[1][0] == deck[1]
    # boodle: no spare hand at all.
    d = seeded_deal(preset("boodle"), 4, 0, 5)
    assert d.spare is None
    assert sum(len(h) for h in d.hands) == 52


@pytest.mark.parametrize("spare", [None, "first", "last"])
@pytest.mark.parametrize("turnup", ["in-hand", "out-of-play", "none"])
@pytest.mark.parametrize(("seats", "dealer"), [(3, 0), (3, 2), (4, 3), (5, 1), (7, 6), (8, 4)])
def test_hand_sizes_agrees_with_deal_cards(spare: str | None, turnup: str, seats: int, dealer: int) -> None:
    for deck in (list(CARDS), canonical_deck({Card.parse("8D")}), canonical_deck({Card.parse("2H"),
                                                                                   Card.parse("8D")})):
        dealt = deal_cards(deck, seats, dealer, spare, turnup)
        n = len(deck) - (1 if turnup == "out-of-play" else 0)
        sizes, spare_size, last = hand_sizes(n, seats, dealer, spare)
        assert sizes == [len(h) for h in dealt.hands]
        assert spare_size == len(dealt.spare or ())
        if turnup == "in-hand":
            assert last == dealt.turnup_holder


def test_parse_seed() -> None:
    assert parse_seed("42") == 42 and isinstance(parse_seed("42"), int)
    assert parse_seed("x42") == "x42" and isinstance(parse_seed("x42"), str)
    assert parse_seed("0") == 0
    assert isinstance(parse_seed("-3"), str)  # not decimal digits: a string seed
    assert isinstance(parse_seed("4.2"), str)
    assert parse_seed("007") == 7


def test_parse_seed_superscript_digit_is_a_string() -> None:
    assert parse_seed("²") == "²"


def test_same_seed_same_deal_and_seat_count_matters() -> None:
    rules = preset("parlett")
    assert seeded_deal(rules, 5, 2, "evening") == seeded_deal(rules, 5, 2, "evening")
    assert seeded_deal(rules, 5, 2, "evening") != seeded_deal(rules, 5, 3, "evening")


# --------------------------------------------------------------------------- the range of a seed
def test_parse_seed_takes_every_seed_an_export_can_hold() -> None:
    assert parse_seed("0") == 0
    assert parse_seed(str(2**63 - 1)) == 2**63 - 1
    assert parse_seed("007") == 7
    assert parse_seed("friday 1") == "friday 1"
    assert parse_seed("-5") == "-5"  # not digits: a text seed, as it always was


@pytest.mark.parametrize("text", [str(2**63), str(10**40), "9" * 4000, "9" * 5000, "0" * 5000 + "1" * 20])
def test_parse_seed_refuses_an_integer_out_of_range_without_converting_it(text: str) -> None:
    with pytest.raises(UsageError) as info:
        parse_seed(text)
    assert "out of range" in info.value.message and len(info.value.message) < 200
    assert "9,223,372,036,854,775,807" in info.value.hint


@pytest.mark.parametrize("text", ["x" * 101, "a\x1bb", "new\nline"])
def test_parse_seed_refuses_a_long_or_control_text(text: str) -> None:
    with pytest.raises(UsageError):
        parse_seed(text)


def test_leading_zeros_do_not_count_against_the_range() -> None:
    assert parse_seed("0" * 5000 + "42") == 42
