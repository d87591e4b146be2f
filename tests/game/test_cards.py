"""Card notation: every accepted spelling, printing, errors, deck and rank order."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from popejoan_cli.base.errors import EXIT_USAGE, UsageError
from popejoan_cli.game.cards import (
    CARDS,
    Card,
    Suit,
    canonical_deck,
    lookalike,
    parse_card_or_none,
    rank_order,
    successor_table,
    top_rank,
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Latin, any case, letter or symbol suits
        ("9D", "9D"), ("9♦", "9D"), ("9d", "9D"), ("10h", "10H"), ("10H", "10H"), ("Td", "10D"),
        ("TD", "10D"), ("qs", "QS"), ("Q♠", "QS"), ("a♣", "AC"), ("K♥", "KH"), ("jc", "JC"),
        ("2s", "2S"), (" 9D ", "9D"),
        # Russian ranks В Д К Т and suits т б ч п, either case
        ("Вч", "JH"), ("вЧ", "JH"), ("Дп", "QS"), ("дп", "QS"), ("Кб", "KD"), ("КБ", "KD"),
        ("Тт", "AC"), ("10т", "10C"), ("9б", "9D"), ("7ч", "7H"), ("2п", "2S"), ("Д♦", "QD"),
        # the look-alikes: Latin T is a ten, Cyrillic Т is an ace (rank) and clubs (suit); each word in one
        # script (a word mixing them is refused: test_look_alikes_mixed_are_refused_with_every_reading)
        ("TC", "10C"),  # Latin T, Latin C
        ("ТТ", "AC"),  # Cyrillic Т, Cyrillic Т: the ace of clubs
        # a Latin letter with no Cyrillic twin beside a Cyrillic one is read
        ("Qб", "QD"), ("Jп", "JS"), ("Дs", "QS"), ("9Б", "9D"),
    ],
)
def test_every_spelling_of_spec_1_parses(text: str, expected: str) -> None:
    assert str(Card.parse(text)) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # emoji suits: the symbol then U+FE0F (emoji presentation), or U+FE0E (text presentation)
        ("9\u2666\ufe0f", "9D"), ("A\u2660\ufe0f", "AS"), ("10\u2665\ufe0f", "10H"), ("K\u2663\ufe0f", "KC"),
        ("q\u2660\ufe0e", "QS"), (" 9\u2666\ufe0f ", "9D"), ("Д\u2666\ufe0f", "QD"),
        # full-width letters and digits (NFKC), alone or with the suit symbols
        ("Ａ♠", "AS"), ("１０Ｈ", "10H"), ("９ｄ", "9D"), ("ｑｓ", "QS"), ("Ｔｄ", "10D"), ("１0h", "10H"),
        ("Ｊ\u2663\ufe0f", "JC"),
    ],
)
def test_emoji_and_full_width_spellings_parse(text: str, expected: str) -> None:
    assert str(Card.parse(text)) == expected


@pytest.mark.parametrize("text", ["\ufe0f", "9\ufe0f", "\u2666\ufe0f", "9\ufe0f\ufe0f", "１１Ｈ", "ＢＣ", "９Ｘ"])
def test_emoji_and_full_width_mistakes_are_still_errors(text: str) -> None:
    assert parse_card_or_none(text) is None
    with pytest.raises(UsageError) as info:
        Card.parse(text)
    assert repr(text) in info.value.message
    assert "see `popejoan lead --help`" in info.value.hint


def test_look_alikes_are_different_letters() -> None:
    latin_t, cyrillic_t = "T", "\u0422"
    assert latin_t != cyrillic_t
    assert Card.parse(latin_t + "D") == Card.of(10, Suit.D)
    assert Card.parse(cyrillic_t + "\u0431") == Card.of(1, Suit.D)  # Тб
    assert Card.parse(cyrillic_t * 2) == Card.of(1, Suit.C)
    assert parse_card_or_none(cyrillic_t + "D") is None  # the two mixed: which was meant?


@pytest.mark.parametrize(
    ("text", "said"),
    [
        # a Latin T, the ten, or a Cyrillic Т, the ace? Both, each spelled in its suit letter's notation
        ("Tб", "Tб: Latin T or Cyrillic Т? — 10♦ or A♦; type 10б or Тб"),
        ("tб", "tб: Latin T or Cyrillic Т? — 10♦ or A♦; type 10б or Тб"),
        ("ТD", "ТD: Latin T or Cyrillic Т? — 10♦ or A♦; type 10D or AD"),
        ("ТH", "ТH: Latin T or Cyrillic Т? — 10♥ or A♥; type 10H or AH"),
        ("TТ", "TТ: Latin T or Cyrillic Т? — 10♣ or A♣; type 10т or Тт"),
        # one reading only: a twin that means the same (K, К), or that is no card letter in its script
        ("Kб", "Kб: Latin K or Cyrillic К? — K♦; type Кб"),
        ("Bб", "Bб: Latin B or Cyrillic В? — J♦; type Вб"),
        ("Aч", "Aч: Latin A or Cyrillic А? — A♥; type Тч"),
        ("ДC", "ДC: Latin C or Cyrillic С? — Q♣; type QC"),
    ],
)
def test_look_alikes_mixed_are_refused_with_every_reading(text: str, said: str) -> None:
    assert parse_card_or_none(text) is None  # never read as either
    assert lookalike(text) == said
    with pytest.raises(UsageError) as info:
        Card.parse(text)
    assert info.value.message == said and info.value.exit_code == EXIT_USAGE


def test_a_word_in_one_script_or_with_no_twin_is_no_look_alike() -> None:
    for text in ("Тб", "TD", "Qб", "10б", "9♦", "Д♦", "ZZ", "Xб", "ТЮ"):
        assert lookalike(text) is None, text
    with pytest.raises(UsageError, match="not a card"):
        Card.parse("TЮ")  # a twin, but no card either way: what a card is


def test_latin_b_is_not_the_russian_jack() -> None:
    assert str(Card.parse("\u0412" + "\u0442")) == "JC"  # Cyrillic В: jack (Вт)
    assert parse_card_or_none("BC") is None  # Latin B: nothing
    with pytest.raises(UsageError, match="'BC'"):
        Card.parse("BC")


def test_printing() -> None:
    nine = Card.parse("9♦")
    assert str(nine) == "9D"
    assert nine.face == "9♦"
    assert f"{nine}" == "9D"
    assert f"{nine:>4}" == "  9D"
    ten = Card.parse("Td")
    assert str(ten) == "10D"
    assert ten.face == "10♦"
    assert "T" not in str(Card.parse("10s"))


def test_repr_round_trips_through_eval() -> None:
    for card in CARDS:
        again = eval(repr(card), {"Card": Card})
        assert again == card
        assert type(again) is Card


@pytest.mark.parametrize("text", ["11H", "1S", "ZZ", "", "   ", "9", "D", "10", "9X", "BC", "9DD", "trump:A"])
def test_bad_text_is_an_error_naming_it_and_showing_valid_forms(text: str) -> None:
    with pytest.raises(UsageError) as info:
        Card.parse(text)
    err = info.value
    assert err.exit_code == EXIT_USAGE
    assert repr(text) in err.message
    # One line: a few forms and where every form is listed (issue 39), not all of them here.
    for form in ("rank then suit", "9D", "9♦", "`popejoan lead --help`"):
        assert form in err.hint
    assert repr(text) in str(err) and err.hint in str(err)


def test_non_text_is_not_a_card() -> None:
    assert parse_card_or_none(9) is None
    assert parse_card_or_none(None) is None


def test_canonical_deck_order() -> None:
    deck = canonical_deck()
    assert len(deck) == 52
    assert [str(c) for c in deck[:14]] == [
        "AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC", "AD"]
    assert [str(c) for c in deck[12::13]] == ["KC", "KD", "KH", "KS"]
    assert [c.suit for c in deck[::13]] == [Suit.C, Suit.D, Suit.H, Suit.S]
    assert deck == list(CARDS)


def test_canonical_deck_leaves_out_removed_cards() -> None:
    eight = Card.parse("8D")
    deck = canonical_deck([eight])
    assert len(deck) == 51
    assert eight not in deck
    assert [str(c) for c in deck[19:22]] == ["7D", "9D", "10D"]


def _run(start: str, ace_high: bool) -> list[str]:
    nxt = successor_table(ace_high)
    out = [Card.parse(start)]
    while nxt[out[-1]] != -1:
        out.append(CARDS[nxt[out[-1]]])
    return [str(c) for c in out]


def test_ace_low_order_and_runs() -> None:
    assert rank_order(Card.parse("AS"), ace_high=False) == 1
    assert rank_order(Card.parse("2S"), ace_high=False) == 2
    assert rank_order(Card.parse("KS"), ace_high=False) == 13
    assert top_rank(ace_high=False) == 13
    assert _run("AH", ace_high=False) == [
        "AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH"]
    nxt = successor_table(ace_high=False)
    assert nxt[Card.parse("KC")] == -1
    assert nxt[Card.parse("QC")] == Card.parse("KC")


def test_ace_high_order_and_runs() -> None:
    assert rank_order(Card.parse("AS"), ace_high=True) == 14
    assert rank_order(Card.parse("2S"), ace_high=True) == 2
    assert rank_order(Card.parse("KS"), ace_high=True) == 13
    assert top_rank(ace_high=True) == 1
    assert _run("2D", ace_high=True) == [
        "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "10D", "JD", "QD", "KD", "AD"]
    nxt = successor_table(ace_high=True)
    assert nxt[Card.parse("KC")] == Card.parse("AC")
    assert nxt[Card.parse("AC")] == -1


@pytest.mark.parametrize("ace_high", [False, True])
def test_successors_stay_in_suit_and_each_suit_has_one_top(ace_high: bool) -> None:
    nxt = successor_table(ace_high)
    assert len(nxt) == 52
    for card in CARDS:
        if nxt[card] != -1:
            assert CARDS[nxt[card]].suit == card.suit
            assert rank_order(nxt[card], ace_high) == rank_order(card, ace_high) + 1
    tops = [CARDS[c] for c in range(52) if nxt[c] == -1]
    assert [c.rank for c in tops] == [top_rank(ace_high)] * 4
    assert sorted(c.suit for c in tops) == list(Suit)


@given(st.sampled_from(CARDS))
def test_printed_forms_parse_back(card: Card) -> None:
    assert Card.parse(str(card)) == card
    assert Card.parse(card.face) == card
    assert Card.parse(str(card).lower()) == card
    assert Card.parse(card.face.lower()) == card
