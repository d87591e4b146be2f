"""Peel's Newmarket pot won by the card below its own (issue 29: `wins = "below"`), from the source's sentences.

W. H. Peel, *Round Games with Cards* (1891), Newmarket (survey §2b rows 3 and 5: /work/shared/reference/
rules-survey.md): a pool card is won by playing the card *preceding* it ("the king of spades wins the stake on
the ace of spades; the ten of diamonds wins the knave of diamonds"), "those plays become stops, and the player
would have the right to play another card", and "the ace is considered both as lowest and highest". Seats are
Ann (0), Bob (1), Cat (2); Cat deals, so Ann is eldest. Every card not given to a player lies in the spare hand.
"""

from __future__ import annotations

import pytest

from conftest import rules_with
from popejoan_cli.base.errors import DataError
from popejoan_cli.formats.rulefile import from_toml
from popejoan_cli.game import tally as tallied
from popejoan_cli.game.board import Board
from popejoan_cli.game.cards import Card, Dealt, canonical_deck
from popejoan_cli.game.claims import judge
from popejoan_cli.game.hand import Hand
from popejoan_cli.game.playout import final_from
from popejoan_cli.game.printed import with_sources
from popejoan_cli.game.rulekeys import below
from popejoan_cli.game.rules import HouseRules, from_data
from popejoan_cli.game.state import HandKind
from popejoan_cli.render import i18n, narrate
from popejoan_cli.render.rule_words import won_by

ANN, BOB, CAT = 0, 1, 2
POOLS = (("ace", "AS"), ("king", "KH"), ("queen", "QC"), ("jack", "JD"))
"""Peel's layout: "an ace, king, queen, and knave, each of a different suit" (survey §2b row 4, PE)."""


def peel(**keys: object) -> HouseRules:
    """Newmarket with Peel's pools, ace low and the four sevens out (his 48-card pack), no exchange."""
    pots: list[dict[str, object]] = [{"name": n, "wins": "below", "card": c, "stake": 1} for n, c in POOLS]
    doc: dict[str, dict[str, object]] = {"deck": {"ace": "low", "removed": ["7C", "7D", "7H", "7S"]},
                                         "deal": {"spare_exchange": "none"}}
    for k, v in keys.items():
        section, key = k.split("__")
        doc.setdefault(section, {})[key] = v
    made, problems = from_data({**doc, "pot": [*pots, {"name": "kitty", "wins": "first-out", "stake": 1}]},
                               base=rules_with("newmarket"))
    assert made is not None, problems
    return made


def hand_of(r: HouseRules, hands: list[str]) -> Hand:
    given = tuple(tuple(Card.parse(w) for w in h.split()) for h in hands)
    used = {c for h in given for c in h}
    rest = tuple(c for c in canonical_deck(r.removed) if c not in used)
    hand = Hand.deal(r, len(given), CAT, Board(r), Dealt(hands=given, spare=rest, turnup=None, turnup_holder=None))
    hand.names = ("Ann", "Bob", "Cat")[: len(given)]
    return hand


def test_peel_the_king_wins_the_ace_and_is_a_stop_its_player_leads_again() -> None:
    """Peel: "the king of spades wins the stake on the ace of spades ... those plays become stops, and the player
    would have the right to play another card"."""
    r = peel()
    hand = hand_of(r, ["QS KS 2C", "10D JD 3C", "4C 5C"])
    done = hand.lead(ANN, Card.parse("QS"))
    assert [str(p.card) for p in done.plays] == ["QS", "KS"]
    assert [(a.pot, a.seat, a.amount, a.at, tuple(map(str, a.cards))) for a in done.awards] == [
        ("ace", ANN, 4, "play", ("KS",))]  # Ann and Bob staked one each on the ace, the dealer double
    assert [(s.seat, str(s.card), s.reason) for s in done.stops] == [(ANN, "KS", "below")]
    assert hand.lead_due and hand.leader == ANN
    assert sum(hand.net) + hand.board_change() == 0


def test_peel_the_ten_of_diamonds_wins_the_knave_and_stops_the_run() -> None:
    """Peel: "the ten of diamonds wins the knave of diamonds": the run stops at 10♦ though its player holds J♦."""
    hand = hand_of(peel(), ["8D 9D 10D JD", "2C 3C", "4C 5C"])
    done = hand.lead(ANN, Card.parse("8D"))
    assert [str(p.card) for p in done.plays] == ["8D", "9D", "10D"]
    assert [(a.pot, a.seat) for a in done.awards] == [("jack", ANN)]
    assert done.stops[-1].reason == "below" and hand.leader == ANN


def test_the_ace_is_both_lowest_and_highest() -> None:
    """Peel: "the ace is considered both as lowest and highest": the king precedes the ace and the ace the two,
    under either ace rule."""
    assert [str(below(Card.parse(c))) for c in ("AS", "2C", "JD", "10H")] == ["KS", "AC", "10D", "9H"]
    high = peel(deck__ace="high")
    hand = hand_of(high, ["QS KS 3C", "4C 5C", "6C 8C"])
    done = hand.lead(ANN, Card.parse("QS"))  # ace high: A♠ would follow K♠, but K♠ wins the ace and stops
    assert [(a.pot, str(a.cards[0])) for a in done.awards] == [("ace", "KS")] and done.stops[-1].reason == "below"


def test_clockwise_the_same_player_leads_after_the_card_below() -> None:
    """Peel's "the right to play another card" keeps the lead where a stop passes it on (play.follow)."""
    hand = hand_of(peel(play__follow="clockwise"), ["KS 2C", "3C 4C", "5C 6C"])
    hand.lead(ANN, Card.parse("KS"))
    assert hand.stops[-1].reason == "below" and hand.leader == ANN


def test_an_empty_pot_still_stops_and_a_real_deck_records_it() -> None:
    """The card below is a stop by its place in the suit, whether or not its pot still holds counters."""
    r = peel()
    hand = hand_of(r, ["KS 2C", "3C 4C", "5C 6C"])
    hand.board.counters["ace"] = 0
    hand.lead(ANN, Card.parse("KS"))
    assert not hand.awards and hand.stops[-1].reason == "below"
    real = Hand.unseen(r, 3, CAT, Board(r), [16, 16, 16], 0, None, None)
    real.play(ANN, Card.parse("KS"))
    assert real.stops[-1].reason == "below" and real.lead_due and real.leader == ANN


def test_claim_and_tally_know_the_card_below() -> None:
    hand = hand_of(peel(), ["QS KS 2C", "10D 3C", "4C 5C"])
    hand.lead(ANN, Card.parse("QS"))
    assert judge(hand, ANN, "ace", 4).right
    wrong = judge(hand, BOB, "ace", None)
    assert not wrong.right and "K♠ was played by Ann" in str(wrong.text)
    not_yet = judge(hand, BOB, "jack", None)
    assert not not_yet.right and "10♦ has not been played" in str(not_yet.text)
    r = peel()
    tally = Hand.unseen(r, 3, CAT, Board(r), [16, 16, 16], 0, None, None, kind=HandKind.TALLY)
    assert not tally.kind.records_cards
    tallied.pay(tally, BOB, ["jack"])
    assert [(a.pot, a.seat, str(a.cards[0])) for a in tally.awards] == [("jack", BOB, "10D")]


def test_the_final_deal_gives_a_pot_to_the_holder_of_the_card_below() -> None:
    r = peel(final__deal="holders")
    given = (tuple(map(Card.parse, ["KS", "3C"])), tuple(map(Card.parse, ["AS", "10D"])), ())
    board = Board(r, {"ace": 4, "king": 4, "queen": 4, "jack": 4, "kitty": 4})
    done = final_from(r, 3, CAT, board, Dealt(hands=given, spare=(), turnup=None, turnup_holder=None))
    assert sorted((a.pot, a.seat, str(a.cards[0])) for a in done.awards) == [("ace", ANN, "KS"), ("jack", BOB, "10D")]


def test_rules_check_refuses_a_trump_card_and_a_pot_that_could_never_be_won() -> None:
    with pytest.raises(DataError) as trump:
        from_toml(b'[[pot]]\nname = "ace"\nwins = "below"\ncard = "trump:A"\n', "t.toml")
    assert [p.key for p in trump.value.problems] == ["pot[1].card"]
    with pytest.raises(DataError) as never:  # 9D's card below, 8D, is out of the default pack
        from_toml(b'[[pot]]\nname = "pope"\nwins = "below"\ncard = "9D"\n', "t.toml")
    assert [p.key for p in never.value.problems] == ["pot[1].card"]
    assert "8♦" in str(never.value.problems[0])
    with pytest.raises(DataError) as missing:
        from_toml(b'[[pot]]\nname = "ace"\nwins = "below"\n', "t.toml")
    assert [p.key for p in missing.value.problems] == ["pot[1]"]


def test_below_in_words_and_narrated_from_the_record() -> None:
    r = peel()
    hand = hand_of(r, ["QS KS 2C", "10D 3C", "4C 5C"])
    done = hand.lead(ANN, Card.parse("QS"))
    try:
        for lang, words, stop in (
                ("en", "whoever plays K♠ (KS), the card below A♠ (AS): a stop, after which that player leads again",
                 "Stop at K♠: the card below a pot's card is a stop."),
                ("ru", "тот, кто сыграет К♠ (Кп), карту ниже Т♠ (Тп): это стоп",
                 "Стоп на К♠: карта ниже карты секции — это стоп.")):
            i18n.use(lang)
            assert won_by(r.pots[0], r).replace("\u00a0", " ").startswith(words)  # the words as read
            assert narrate.plain(narrate.stop(hand.rules, done.stops[0], hand.names)).replace("\u00a0", " ") == stop
        told = [narrate.plain(line).replace("\u00a0", " ")
                for line in narrate.after_lead(hand.rules, hand.names, done)]
        assert "Ann забирает секцию «Туз» (К♠): 4 фишки" in told  # from the award record: the card played
    finally:
        i18n.use("en")


def test_rules_new_from_peels_newmarket() -> None:
    """Peel's Newmarket as a printed source (`rules new --from newmarket --from-source peel-newmarket`): his
    48-card pack (survey §2b row 2: "all four 7s removed"), and each pool won by the card preceding its own,
    "the king of spades wins the stake on the ace of spades" (row 5)."""
    r = with_sources(rules_with("newmarket"), ["peel-newmarket"])
    assert [(p.name, p.wins) for p in r.pots] == [("ace", "below"), ("king", "below"), ("queen", "below"),
                                                   ("jack", "below")]  # Peel's pools, and no kitty
    assert r.deck.removed == ("7C", "7D", "7H", "7S") and r.deck_size() == 48
    assert r.sources[-1] == "W. H. Peel, Round Games with Cards (1891), Newmarket"
    hoyle = with_sources(rules_with("hoyle"), ["peel-newmarket"])  # Peel's board whatever the preset's
    assert hoyle.pots == r.pots and hoyle.deck == r.deck


def test_no_pope_stands_in_after_the_card_below() -> None:
    """Peel's Pope "in lieu of a stop" takes the place of a missing card; the card below a pool's is a stop by rule
    ("those plays become stops"), which wanted no card: the Pope cannot be played in lieu of it."""
    r = from_data({"play": {"pope_in_lieu": True}, "pot": [
        {"name": "pope", "wins": "card", "card": "9D", "stake": 6},
        {"name": "five", "wins": "below", "card": "5S", "stake": 1}]}, base=rules_with("modern-stops"))[0]
    assert r is not None
    hand = hand_of(r, ["3S 4S 2C", "9D 5S 3C", "6S 7S"])
    hand.lead(ANN, Card.parse("3S"))
    assert hand.stops[-1].reason == "below" and hand.law.lieu_seat() == -1
    assert not hand.is_legal(BOB, Card.parse("9D"))
