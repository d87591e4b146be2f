"""The referee for one hand (`popejoan_cli.game.hand.Hand`), from hand-built deals: dressing, turn-up, play, settlement.

Each deal gives the players a few readable cards and puts the rest of the pack in the
spare hand, so every card has a known place. Seats are Ann (0), Bob (1), Cat (2) and,
where used, Dan (3); unless a test says otherwise Cat deals and Ann is eldest. Every
expected number below is worked out from the spec, not read off the program.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import pytest

from conftest import rules_with
from popejoan_cli.base.errors import IllegalPlay
from popejoan_cli.formats.presets import preset
from popejoan_cli.game.board import Board
from popejoan_cli.game.cards import SPARE, Card, Dealt, canonical_deck
from popejoan_cli.game.hand import Hand
from popejoan_cli.game.rules import HouseRules

NAMES = ("Ann", "Bob", "Cat", "Dan")
ANN, BOB, CAT, DAN = 0, 1, 2, 3
MODERN_DRESS = {"pope": 6, "matrimony": 2, "intrigue": 2, "ace": 1, "king": 1, "queen": 1, "jack": 1, "game": 1}


# --------------------------------------------------------------------------- helpers
def c(text: str) -> Card:
    return Card.parse(text)


def cs(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(w) for w in text.split())


rules = rules_with
"""A preset with some keys changed: rules("modern-stops", play__lead="any")."""


def dealt(r: HouseRules, hands: Iterable[str], turnup: str | None = None, holder: int | str | None = "spare",
          rest_to: int | None = None) -> Dealt:
    """Players' hands as given; every other card of the pack to the spare hand (or `rest_to`).

    `holder`: for an in-hand turn-up, the seat it is in or "spare"; None for out of play.
    """
    given = [cs(h) for h in hands]
    up = None if turnup is None else c(turnup)
    rest = rest_of_pack(r, given, up, out_of_play=up is not None and holder is None)
    if rest_to is not None:
        given[rest_to] = given[rest_to] + rest
        rest = ()
    spare = rest if r["deal.spare_hand"] else None
    return Dealt(hands=tuple(given), spare=spare, turnup=up, turnup_holder=turnup_lies(up, holder, given))


def rest_of_pack(r: HouseRules, given: list[tuple[Card, ...]], up: Card | None, *,
                 out_of_play: bool) -> tuple[Card, ...]:
    """The pack less its removed cards, the `given` hands, and the turn-up `up` if it is `out_of_play`."""
    used = {x for h in given for x in h}
    return tuple(x for x in canonical_deck(r.removed) if x not in used and not (out_of_play and x == up))


def turnup_lies(up: Card | None, holder: int | str | None, given: list[tuple[Card, ...]]) -> int | None:
    """Where the turn-up `up` lies: in the spare hand (`holder` "spare"), in seat `holder`'s hand
    (which must hold it), or nowhere (out of play, or no turn-up)."""
    if up is None:
        return None
    if isinstance(holder, int):
        assert up in given[holder]
        return holder
    return SPARE if holder == "spare" else None


def make(r: HouseRules, hands: Iterable[str], *, dealer: int = CAT, turnup: str | None = None,
         holder: int | str | None = "spare", board: Mapping[str, int] | None = None,
         rest_to: int | None = None) -> Hand:
    hands = list(hands)
    d = dealt(r, hands, turnup, holder, rest_to)
    hand = Hand.deal(r, len(hands), dealer, Board(r, dict(board or {})), d)
    hand.names = NAMES[: len(hands)]
    return hand


def awards(hand: Hand) -> list[tuple[str, int, int, str]]:
    return [(a.pot, a.seat, a.amount, a.at) for a in hand.awards]


def payments(hand: Hand) -> list[tuple[int, int, int, str]]:
    return [(p.payer, p.payee, p.amount, p.why) for p in hand.payments]


def stops(hand: Hand) -> list[tuple[int, str, str]]:
    return [(s.seat, str(s.card), s.reason) for s in hand.stops]


def plays(hand: Hand) -> list[tuple[int, str, bool]]:
    return [(p.seat, str(p.card), p.lead) for p in hand.plays]


def legal(hand: Hand) -> set[tuple[int, str]]:
    return {(s, str(x)) for s, x in hand.law.legal_plays()}


def conserved(hand: Hand) -> bool:
    return sum(hand.net) + hand.board_change() == 0


# --------------------------------------------------------------------------- dressing
def test_dressing_dealer_alone() -> None:
    hand = make(preset("modern-stops"), ["2C", "3C", "4C"], turnup="2H")
    assert hand.dressed == MODERN_DRESS
    assert hand.net == [0, 0, -15]
    assert hand.board.snapshot() == MODERN_DRESS
    assert conserved(hand)


def test_dressing_adds_to_carried_counters() -> None:
    hand = make(preset("modern-stops"), ["2C", "3C", "4C"], turnup="2H", board={"pope": 4, "game": 2})
    assert hand.dressed["pope"] == 6
    assert hand.board.counters["pope"] == 10
    assert hand.board.counters["game"] == 3
    assert hand.board_change() == 15


def test_dressing_each_player_russian() -> None:
    # Every player stakes Pope 4, Matrimony 2, Intrigue 2 and 1 on each other pot: 13 each.
    hand = make(preset("russian"), ["2C", "3C", "4C"], turnup="2H", holder=None)
    assert hand.dressed == {"pope": 12, "matrimony": 6, "intrigue": 6, "ace": 3, "king": 3, "queen": 3,
                            "jack": 3, "game": 3}
    assert hand.net == [-13, -13, -13]


def test_dressing_each_with_dealer_multiplier_michigan() -> None:
    # Four players, Bob deals: 1 from each of three players and 2 from the dealer on each pot.
    hand = make(preset("michigan"), ["2C", "3C", "4C", "5C"], dealer=BOB)
    assert hand.dressed == {"ace": 5, "king": 5, "queen": 5, "jack": 5}
    assert hand.net == [-4, -8, -4, -4]
    assert hand.board.total() == 20


def test_dressing_multiplier_three_applies_to_every_pot() -> None:
    r = rules("russian", stakes__dealer_multiplier=3)
    hand = make(r, ["2C", "3C", "4C"], turnup="2H", holder=None)
    assert hand.dressed["pope"] == 4 * (2 + 3)
    assert hand.dressed["game"] == 1 * (2 + 3)
    assert hand.net == [-13, -13, -39]
    assert conserved(hand)


def test_multiplier_ignored_when_the_dealer_pays_alone() -> None:
    r = rules("modern-stops", stakes__dealer_multiplier=3)
    hand = make(r, ["2C", "3C", "4C"], turnup="2H")
    assert hand.dressed == MODERN_DRESS
    assert hand.net == [0, 0, -15]


# --------------------------------------------------------------------------- the turn-up
def test_matching_turnup_gives_the_dealer_its_pot_and_play_goes_on() -> None:
    hand = make(preset("modern-stops"), ["AH 2C", "3C", "4C"], turnup="AH", holder=ANN, board={"ace": 3})
    assert hand.trump is not None and hand.trump.name == "H"
    assert awards(hand) == [("ace", CAT, 4, "turnup")]
    assert hand.board.counters["ace"] == 0
    assert hand.net == [0, 0, -15 + 4]
    assert not hand.ended
    # The turn-up stays in Ann's hand and is played normally; its pot has gone already.
    hand.play(ANN, c("AH"))
    assert awards(hand) == [("ace", CAT, 4, "turnup")]
    assert conserved(hand)


def test_matching_turnup_out_of_play_hoyle_does_not_end_the_hand() -> None:
    hand = make(preset("hoyle"), ["2C", "3C", "4C"], turnup="KS", holder=None)
    assert awards(hand) == [("king", CAT, 1, "turnup")]
    assert not hand.ended
    assert hand.law.legal_plays()


def test_non_matching_turnup_takes_nothing() -> None:
    hand = make(preset("modern-stops"), ["2C", "3C", "4C"], turnup="10H")
    assert awards(hand) == []
    assert hand.trump is not None and hand.trump.name == "H"


def test_dealer_takes_none() -> None:
    r = rules("modern-stops", turnup__dealer_takes="none")
    hand = make(r, ["AH 2C", "3C", "4C"], turnup="AH", holder=ANN)
    assert awards(hand) == []
    assert hand.board.counters["ace"] == 1


def test_russian_matching_turnup_ends_the_hand() -> None:
    hand = make(preset("russian"), ["2C 5C", "3C", "4C"], turnup="QC", holder=None)
    assert awards(hand) == [("queen", CAT, 3, "turnup")]
    assert hand.ended and hand.ended_at_turnup
    assert hand.law.legal_plays() == []
    assert hand.plays == [] and hand.out is None and hand.void is False
    assert hand.payments == []
    with pytest.raises(IllegalPlay):
        hand.check_play(ANN, c("2C"))


def test_russian_non_matching_turnup_plays_on() -> None:
    hand = make(preset("russian"), ["2C 5C", "3C", "4C"], turnup="5H", holder=None)
    assert awards(hand) == []
    assert not hand.ended


def test_russian_pope_turnup_takes_pope_and_game_and_ends() -> None:
    hand = make(preset("russian"), ["2C 5C", "3C", "4C"], turnup="9D", holder=None, board={"pope": 2})
    assert awards(hand) == [("pope", CAT, 14, "turnup"), ("game", CAT, 3, "turnup")]
    assert hand.ended and hand.ended_at_turnup
    assert hand.trump is not None and hand.trump.name == "D"
    assert hand.net == [-13, -13, -13 + 17]
    assert hand.board.counters["matrimony"] == 6
    assert conserved(hand)


def test_pope_takes_star_takes_the_whole_board() -> None:
    r = rules("russian", turnup__pope_takes=["*"])
    hand = make(r, ["2C 5C", "3C", "4C"], turnup="9D", holder=None, board={"king": 5})
    assert awards(hand) == [("pope", CAT, 12, "turnup"), ("matrimony", CAT, 6, "turnup"),
                            ("intrigue", CAT, 6, "turnup"), ("ace", CAT, 3, "turnup"),
                            ("king", CAT, 8, "turnup"), ("queen", CAT, 3, "turnup"), ("jack", CAT, 3, "turnup"),
                            ("game", CAT, 3, "turnup")]
    assert hand.board.total() == 0
    assert hand.net == [-13, -13, -13 + 44]


def test_hoyle_pope_per_card_counts_cards_dealt_spare_pays_nothing() -> None:
    # Ann was dealt 4 cards, Bob 3, the dealer Cat 2; the spare hand (the rest) pays nothing.
    hand = make(preset("hoyle"), ["2C 3C 4C 5C", "6C 7C 9C", "10C JC"], turnup="9D", holder=None)
    assert awards(hand) == [("pope", CAT, 6, "turnup"), ("game", CAT, 1, "turnup")]
    assert payments(hand) == [(ANN, CAT, 4, "turnup"), (BOB, CAT, 3, "turnup")]
    assert hand.net == [-4, -3, -15 + 7 + 7]
    assert hand.ended and hand.ended_at_turnup
    assert conserved(hand)


def test_pope_per_card_counts_the_turned_up_pope_in_its_hand() -> None:
    r = rules("modern-stops", turnup__pope_per_card=True)
    hand = make(r, ["9D 2C 3C", "4C 5C", "6C"], turnup="9D", holder=ANN)
    assert payments(hand) == [(ANN, CAT, 3, "turnup"), (BOB, CAT, 2, "turnup")]
    assert not hand.ended


def test_modern_stops_pope_turnup_takes_pope_only_and_plays_on() -> None:
    hand = make(preset("modern-stops"), ["9D 2C", "3C", "4C"], turnup="9D", holder=ANN)
    assert awards(hand) == [("pope", CAT, 6, "turnup")]
    assert hand.trump is not None and hand.trump.name == "D"
    assert not hand.ended
    assert legal(hand) == {(ANN, "2C"), (ANN, "9D")}
    # Ann plays the Pope later: the pot has gone, nothing more is won.
    hand.play(ANN, c("9D"))
    assert awards(hand) == [("pope", CAT, 6, "turnup")]


def test_pope_keys_apply_even_with_dealer_takes_none() -> None:
    r = rules("modern-stops", turnup__dealer_takes="none")
    hand = make(r, ["9D 2C", "3C", "4C"], turnup="9D", holder=ANN)
    assert awards(hand) == [("pope", CAT, 6, "turnup")]


def test_pope_takes_nothing_and_pope_keys_override_ends_hand() -> None:
    # ends_hand = true would end a hand whose turn-up paid; the Pope keys override it.
    r = rules("russian", turnup__pope_takes=[], turnup__pope_ends_hand=False)
    hand = make(r, ["2C 5C", "3C", "4C"], turnup="9D", holder=None)
    assert awards(hand) == []
    assert not hand.ended
    assert hand.board.counters["pope"] == 12


def test_pope_ends_hand_even_when_it_takes_nothing() -> None:
    r = rules("modern-stops", turnup__pope_takes=[], turnup__pope_ends_hand=True)
    hand = make(r, ["9D 2C", "3C", "4C"], turnup="9D", holder=ANN)
    assert awards(hand) == []
    assert hand.ended and hand.ended_at_turnup


# --------------------------------------------------------------------------- leads
def test_lowest_in_suit_lists_exactly_the_lowest_card_of_each_suit() -> None:
    hand = make(preset("modern-stops"), ["3C 5C 2H 7H KS", "4C", "6C"], turnup="2D")
    assert legal(hand) == {(ANN, "3C"), (ANN, "2H"), (ANN, "KS")}


def test_lowest_in_suit_with_ace_high() -> None:
    # Michigan ranks the ace above the king: Ann's lowest club is the 3, not the ace.
    hand = make(preset("michigan"), ["AC 3C AH", "4C", "6C"])
    assert legal(hand) == {(ANN, "3C"), (ANN, "AH")}


def test_lowest_in_suit_with_ace_low() -> None:
    hand = make(preset("modern-stops"), ["AC 3C KH", "4C", "6C"], turnup="2D")
    assert legal(hand) == {(ANN, "AC"), (ANN, "KH")}


def test_lead_any() -> None:
    hand = make(preset("hoyle"), ["3C 5C 2H 7H KS", "4C", "6C"], turnup="2D", holder=None)
    assert legal(hand) == {(ANN, "3C"), (ANN, "5C"), (ANN, "2H"), (ANN, "7H"), (ANN, "KS")}


def test_eldest_leads_first() -> None:
    hand = make(preset("modern-stops"), ["2C", "3C", "4C 5H", "6C"], dealer=BOB, turnup="2D")
    assert legal(hand) == {(CAT, "4C"), (CAT, "5H")}


# --------------------------------------------------------------------------- following
def test_holder_follow_runs_through_whoever_holds_the_next_card() -> None:
    hand = make(preset("modern-stops"), ["2C 4C 9S", "3C 9H", "5C KD"], turnup="2D")
    hand.play(ANN, c("2C"))
    assert legal(hand) == {(BOB, "3C")}
    hand.play(BOB, c("3C"))
    assert legal(hand) == {(ANN, "4C")}
    hand.play(ANN, c("4C"))
    hand.play(CAT, c("5C"))
    # 6C is in the spare hand: the run stops and its last player, Cat, leads.
    assert stops(hand) == [(CAT, "5C", "spare")]
    assert legal(hand) == {(CAT, "KD")}
    assert plays(hand) == [(ANN, "2C", True), (BOB, "3C", False), (ANN, "4C", False), (CAT, "5C", False)]


def test_clockwise_not_in_turn_and_the_player_who_cannot_follow_leads() -> None:
    r = rules("modern-stops", play__follow="clockwise")
    hand = make(r, ["2C 4C 9S", "3C 9H", "5C KD"], turnup="2D")
    hand.play(ANN, c("2C"))
    assert legal(hand) == {(BOB, "3C")}
    hand.play(BOB, c("3C"))
    # Next in turn is Cat, who does not hold 4C (Ann does): stop, and Cat leads.
    assert stops(hand) == [(BOB, "3C", "not-in-turn")]
    assert legal(hand) == {(CAT, "5C"), (CAT, "KD")}


def test_clockwise_run_ended_at_the_top_card_is_led_by_its_player() -> None:
    r = rules("modern-stops", play__follow="clockwise", play__lead="any")
    hand = make(r, ["JC 2H", "QC 3H", "KC 4H"], turnup="2D")
    hand.play(ANN, c("JC"))
    hand.play(BOB, c("QC"))
    hand.play(CAT, c("KC"))
    assert stops(hand) == [(CAT, "KC", "top")]
    assert {s for s, _ in legal(hand)} == {CAT}


def test_clockwise_missing_card_in_spare_next_player_leads() -> None:
    r = rules("modern-stops", play__follow="clockwise")
    hand = make(r, ["2C 5H", "4C 6H", "7H 9S"], turnup="2D")
    hand.play(ANN, c("2C"))
    # 3C is in the spare hand: reason "spare" (it comes before not-in-turn), and Bob,
    # the next player in turn, leads.
    assert stops(hand) == [(ANN, "2C", "spare")]
    assert {s for s, _ in legal(hand)} == {BOB}


def test_clockwise_removed_card_next_player_leads() -> None:
    r = rules("modern-stops", play__follow="clockwise")
    hand = make(r, ["7D 5H", "4C 6H", "7H 9S"], turnup="2D")
    hand.play(ANN, c("7D"))
    assert stops(hand) == [(ANN, "7D", "removed")]
    assert {s for s, _ in legal(hand)} == {BOB}


def test_clockwise_follow_is_forced_when_the_next_player_holds_it() -> None:
    r = rules("modern-stops", play__follow="clockwise")
    hand = make(r, ["2C 5H", "3C 6H", "4C 9S"], turnup="2D")
    hand.play(ANN, c("2C"))
    with pytest.raises(IllegalPlay):
        hand.check_play(CAT, c("3C"))
    hand.follow_run()
    assert plays(hand) == [(ANN, "2C", True), (BOB, "3C", False), (CAT, "4C", False)]
    assert stops(hand) == [(CAT, "4C", "spare")]
    assert {s for s, _ in legal(hand)} == {ANN}


# --------------------------------------------------------------------------- stop reasons
def test_stop_top_ace_low() -> None:
    hand = make(preset("modern-stops"), ["KS 2H", "3H", "4H"], turnup="2D")
    hand.play(ANN, c("KS"))
    assert stops(hand) == [(ANN, "KS", "top")]
    assert {s for s, _ in legal(hand)} == {ANN}


def test_stop_top_ace_high() -> None:
    hand = make(preset("parlett"), ["AS 2H", "3H", "4H"], turnup="2D")
    hand.play(ANN, c("AS"))
    assert stops(hand) == [(ANN, "AS", "top")]


def test_ace_high_king_runs_on_to_the_ace() -> None:
    hand = make(preset("parlett"), ["KS 2H", "AS 3H", "4H"], turnup="2D")
    hand.play(ANN, c("KS"))
    assert legal(hand) == {(BOB, "AS")}


def test_stop_removed() -> None:
    hand = make(preset("modern-stops"), ["7D 2H", "3H", "4H"], turnup="2C")
    hand.play(ANN, c("7D"))
    assert stops(hand) == [(ANN, "7D", "removed")]


def test_stop_spare() -> None:
    hand = make(preset("modern-stops"), ["4S 2H", "3H", "4H"], turnup="2C")
    hand.play(ANN, c("4S"))
    assert stops(hand) == [(ANN, "4S", "spare")]


def test_stop_turnup_out_of_play() -> None:
    hand = make(preset("hoyle"), ["4H 2C", "3C", "4C"], turnup="5H", holder=None)
    hand.play(ANN, c("4H"))
    assert stops(hand) == [(ANN, "4H", "turnup")]


def test_stop_played() -> None:
    hand = make(preset("hoyle"), ["5C 4C 2H", "7H", "9H"], turnup="2D", holder=None)
    hand.play(ANN, c("5C"))
    assert stops(hand) == [(ANN, "5C", "spare")]
    hand.play(ANN, c("4C"))
    assert stops(hand) == [(ANN, "5C", "spare"), (ANN, "4C", "played")]


def test_stop_not_in_turn_four_players() -> None:
    # Ann leads 2C; next in turn is Bob, but Dan holds 3C: stop, Bob leads.
    r = rules("modern-stops", play__follow="clockwise")
    hand = make(r, ["2C 5H", "6H 9S", "7H", "3C 9H"], dealer=DAN, turnup="2D")
    hand.play(ANN, c("2C"))
    assert stops(hand) == [(ANN, "2C", "not-in-turn")]
    assert {s for s, _ in legal(hand)} == {BOB}


# --------------------------------------------------------------------------- change of suit
def test_change_suit_suit() -> None:
    r = rules("michigan", play__no_new_suit="same-suit")
    hand = make(r, ["2C 9C 3H 5S", "10H", "JH"])
    # The first lead of a hand is not after a stop: any suit.
    assert legal(hand) == {(ANN, "2C"), (ANN, "3H"), (ANN, "5S")}
    hand.play(ANN, c("2C"))
    assert stops(hand) == [(ANN, "2C", "spare")]
    assert legal(hand) == {(ANN, "3H"), (ANN, "5S")}
    with pytest.raises(IllegalPlay) as err:
        hand.check_play(ANN, c("9C"))
    # The table hears the lead rules in force; why this lead broke one is Ann's alone (game.ruling).
    assert 'play.change_suit = "suit"' in err.value.rule
    assert str(err.value.message) == "Ann cannot lead 9♣ now"
    assert err.value.private == "after a stop in clubs ♣ you must change suit: you hold 3♥"


def test_change_suit_colour() -> None:
    hand = make(preset("newmarket"), ["2C 9C 4S 6H 3D", "10H", "JH"])
    hand.play(ANN, c("2C"))
    assert stops(hand) == [(ANN, "2C", "spare")]
    # Clubs are black: the lead must be red.
    assert legal(hand) == {(ANN, "6H"), (ANN, "3D")}
    with pytest.raises(IllegalPlay) as err:
        hand.check_play(ANN, c("4S"))
    assert 'play.change_suit = "colour"' in err.value.rule
    assert err.value.private == "after a stop in clubs ♣ you must change colour: you hold 3♦"


def test_no_new_suit_same_suit_leads_as_if_no_rule() -> None:
    r = rules("michigan", play__no_new_suit="same-suit")
    hand = make(r, ["2C 9C JC", "10H", "JH"])
    hand.play(ANN, c("2C"))
    assert legal(hand) == {(ANN, "9C")}


def test_no_new_suit_same_suit_under_colour() -> None:
    # Newmarket: Ann has only black cards after a stop in clubs, so she leads as if there
    # were no rule: her lowest club or her lowest spade.
    hand = make(preset("newmarket"), ["2C 9C 5S", "10H", "JH"])
    hand.play(ANN, c("2C"))
    assert legal(hand) == {(ANN, "9C"), (ANN, "5S")}


def test_no_new_suit_pass_goes_to_the_first_player_with_a_new_suit() -> None:
    hand = make(preset("michigan"), ["2C 9C", "10C 5S 7S", "JC QC"])
    hand.play(ANN, c("2C"))
    assert stops(hand) == [(ANN, "2C", "spare")]
    # Ann holds only clubs: the lead passes to Bob, who holds a spade (his 10C may not lead).
    assert legal(hand) == {(BOB, "5S")}
    assert not hand.void


def test_no_new_suit_pass_under_colour() -> None:
    r = rules("newmarket", play__no_new_suit="pass")
    hand = make(r, ["2C 9C", "10C 5S", "JC 4D"])
    hand.play(ANN, c("2C"))
    # Bob's spade is the same colour as clubs: the lead passes on to Cat and her diamond.
    assert legal(hand) == {(CAT, "4D")}


def test_void_hand_when_nobody_holds_a_new_suit() -> None:
    hand = make(preset("michigan"), ["2C 9C", "10C", "JC QC"], board={"king": 2})
    hand.play(ANN, c("2C"))
    assert stops(hand) == [(ANN, "2C", "spare")]
    assert hand.void is True
    assert hand.ended
    assert hand.out is None
    assert hand.payments == []
    assert hand.law.legal_plays() == []
    # The board carries over: every counter dressed stays, with what was there before.
    assert hand.board.snapshot() == {"ace": 4, "king": 6, "queen": 4, "jack": 4}
    assert hand.net == [-4, -4, -8]
    assert conserved(hand)


def test_void_keeps_pots_already_won() -> None:
    r = rules("michigan", play__no_new_suit="pass")
    hand = make(r, ["QD 7C JC", "8C 2C", "9C 4C"])
    hand.play(ANN, c("QD"))
    assert awards(hand) == [("queen", ANN, 4, "play")]
    assert stops(hand) == [(ANN, "QD", "spare")]
    assert legal(hand) == {(ANN, "7C")}
    hand.play(ANN, c("7C"))
    hand.follow_run()
    assert stops(hand)[-1] == (CAT, "9C", "spare")
    assert hand.void
    assert awards(hand) == [("queen", ANN, 4, "play")]
    assert hand.board.snapshot() == {"ace": 4, "king": 4, "queen": 0, "jack": 4}
    assert hand.net == [0, -4, -8]


# --------------------------------------------------------------------------- card pots
def test_card_pots_won_when_played() -> None:
    hand = make(preset("modern-stops"), ["AH 2C 7S", "9D 3C", "4C 5C"], turnup="2H", board={"ace": 2})
    hand.play(ANN, c("AH"))
    assert awards(hand) == [("ace", ANN, 3, "play")]
    assert hand.board.counters["ace"] == 0
    # The turn-up 2H is in the spare hand: the run stops at the ace.
    assert stops(hand) == [(ANN, "AH", "spare")]
    assert hand.net == [3, 0, -15]


def test_pope_wins_when_led() -> None:
    hand = make(preset("modern-stops"), ["2C 5S", "3C 9D 6S 7S", "10S JS"], turnup="2H", board={"pope": 3})
    hand.play(ANN, c("2C"))
    hand.follow_run()
    assert stops(hand) == [(BOB, "3C", "spare")]
    hand.play(BOB, c("9D"))
    assert awards(hand) == [("pope", BOB, 9, "play")]
    assert hand.board.counters["pope"] == 0


# --------------------------------------------------------------------------- pairs
def test_same_player_pairs_intrigue_then_matrimony() -> None:
    hand = make(preset("modern-stops"), ["JH QH KH 2C", "3C", "4C"], turnup="2H")
    hand.play(ANN, c("JH"))
    hand.follow_run()
    assert plays(hand) == [(ANN, "JH", True), (ANN, "QH", False), (ANN, "KH", False)]
    assert awards(hand) == [("jack", ANN, 1, "play"), ("intrigue", ANN, 2, "play"), ("queen", ANN, 1, "play"),
                            ("matrimony", ANN, 2, "play"), ("king", ANN, 1, "play")]
    assert stops(hand) == [(ANN, "KH", "top")]


def test_same_player_pairs_split_between_players_are_not_won() -> None:
    hand = make(preset("modern-stops"), ["JH KH 2C", "QH 3C", "4C"], turnup="2H")
    hand.play(ANN, c("JH"))
    hand.follow_run()
    assert awards(hand) == [("jack", ANN, 1, "play"), ("queen", BOB, 1, "play"), ("king", ANN, 1, "play")]
    assert hand.board.counters["intrigue"] == 2
    assert hand.board.counters["matrimony"] == 2


def test_split_pairs_odd_counter_stays() -> None:
    r = rules("modern-stops", play__pairs="split")
    hand = make(r, ["JH 2C", "QH 3C", "4C 5C"], turnup="2H", board={"intrigue": 1})
    hand.play(ANN, c("JH"))
    hand.follow_run()
    # Intrigue holds 3: one each to Ann and Bob, the odd counter stays on the pot.
    assert ("intrigue", ANN, 1, "play") in awards(hand)
    assert ("intrigue", BOB, 1, "play") in awards(hand)
    assert hand.board.counters["intrigue"] == 1
    assert conserved(hand)


def test_split_pairs_odd_counter_to_the_sharer_nearest_eldest_dealer_last() -> None:
    # Bob deals, so Cat is eldest and the order is Cat, Ann, Bob. Bob plays the jack, Cat
    # the queen: the odd counter goes to Cat, though Bob sits earlier in the list.
    r = rules("modern-stops", play__pairs="split", board__odd_counter="eldest")
    hand = make(r, ["2C 3C", "JH 6S", "10H QH 5S"], dealer=BOB, turnup="2H", board={"intrigue": 1})
    hand.play(CAT, c("10H"))
    hand.follow_run()
    assert plays(hand) == [(CAT, "10H", True), (BOB, "JH", False), (CAT, "QH", False)]
    got = awards(hand)
    assert ("intrigue", CAT, 2, "play") in got
    assert ("intrigue", BOB, 1, "play") in got
    assert hand.board.counters["intrigue"] == 0
    assert conserved(hand)


def test_split_pair_by_one_player_takes_it_all() -> None:
    r = rules("modern-stops", play__pairs="split")
    hand = make(r, ["JH QH 2C", "3C", "4C"], turnup="2H", board={"intrigue": 1})
    hand.play(ANN, c("JH"))
    hand.follow_run()
    assert ("intrigue", ANN, 3, "play") in awards(hand)


def test_ascending_queen_then_king_wins_matrimony() -> None:
    r = rules("modern-stops", play__lead="any")
    hand = make(r, ["QH KH 2C", "3C", "4C"], turnup="2H")
    hand.play(ANN, c("QH"))
    hand.follow_run()
    assert ("matrimony", ANN, 2, "play") in awards(hand)


def test_ascending_king_then_queen_does_not_win_matrimony() -> None:
    r = rules("modern-stops", play__lead="any")
    hand = make(r, ["KH QH 2C", "3C", "4C"], turnup="2H")
    hand.play(ANN, c("KH"))
    assert stops(hand) == [(ANN, "KH", "top")]
    hand.play(ANN, c("QH"))
    assert stops(hand)[-1] == (ANN, "QH", "played")
    assert awards(hand) == [("king", ANN, 1, "play"), ("queen", ANN, 1, "play")]
    assert hand.board.counters["matrimony"] == 2


def test_pair_order_any_king_then_queen_wins_matrimony() -> None:
    r = rules("modern-stops", play__lead="any", play__pair_order="any")
    hand = make(r, ["KH QH 2C", "3C", "4C"], turnup="2H")
    hand.play(ANN, c("KH"))
    hand.play(ANN, c("QH"))
    assert awards(hand) == [("king", ANN, 1, "play"), ("matrimony", ANN, 2, "play"), ("queen", ANN, 1, "play")]


def test_turned_up_card_still_counts_toward_a_pair() -> None:
    # Queen of hearts turned up in Ann's hand: the dealer takes the Queen pot at once, but
    # Ann's QH then KH still win Matrimony.
    hand = make(preset("modern-stops"), ["QH KH 2C", "3C", "4C"], turnup="QH", holder=ANN)
    assert awards(hand) == [("queen", CAT, 1, "turnup")]
    hand.play(ANN, c("QH"))
    hand.follow_run()
    assert awards(hand) == [("queen", CAT, 1, "turnup"), ("matrimony", ANN, 2, "play"), ("king", ANN, 1, "play")]


# --------------------------------------------------------------------------- going out, settlement
def test_first_out_takes_the_first_out_pot_and_cards_are_paid() -> None:
    hand = make(preset("modern-stops"), ["2C", "4S 5S 6S", "7S 9S"], turnup="2H", board={"game": 2})
    hand.play(ANN, c("2C"))
    assert hand.out == ANN and hand.ended
    assert stops(hand) == []
    assert awards(hand) == [("game", ANN, 3, "out")]
    assert payments(hand) == [(BOB, ANN, 3, "cards"), (CAT, ANN, 2, "cards")]
    assert hand.net == [3 + 5, -3, -15 - 2]
    assert hand.law.legal_plays() == []
    assert conserved(hand)


def test_per_card_two() -> None:
    r = rules("modern-stops", settle__per_card=2)
    hand = make(r, ["2C", "4S 5S 6S", "7S 9S"], turnup="2H")
    hand.play(ANN, c("2C"))
    assert payments(hand) == [(BOB, ANN, 6, "cards"), (CAT, ANN, 4, "cards")]


def test_per_card_zero_lists_no_payments() -> None:
    hand = make(preset("newmarket"), ["2C", "4S 5S 6S", "7S 9S"])
    hand.play(ANN, c("2C"))
    assert hand.out == ANN
    assert hand.payments == []
    assert awards(hand) == [("kitty", ANN, 4, "out")]


@pytest.mark.parametrize(("exempt", "bob_pays"), [("holder", 0), ("card", 3), ("none", 4)])
def test_pope_exemption_readings(exempt: str, bob_pays: int) -> None:
    r = rules("modern-stops", settle__pope_exempt=exempt)
    hand = make(r, ["2C", "9D 4S 5S 6S", "7S 9S"], turnup="2H")
    hand.play(ANN, c("2C"))
    expected = [(BOB, ANN, bob_pays, "cards")] if bob_pays else []
    assert payments(hand) == [*expected, (CAT, ANN, 2, "cards")]


def test_a_player_who_played_the_pope_pays_like_the_rest() -> None:
    hand = make(preset("modern-stops"), ["2C 5S", "3C 9D 4S 6S 7S", "10S JS"], turnup="2H")
    hand.play(ANN, c("2C"))
    hand.follow_run()
    assert stops(hand) == [(BOB, "3C", "spare")]
    hand.play(BOB, c("9D"))
    assert awards(hand) == [("pope", BOB, 6, "play")]
    assert stops(hand)[-1] == (BOB, "9D", "spare")
    hand.play(BOB, c("4S"))
    hand.follow_run()
    assert hand.out == ANN
    # Bob still holds 6S and 7S: he played the Pope, so he pays for both.
    assert payments(hand) == [(BOB, ANN, 2, "cards"), (CAT, ANN, 2, "cards")]


def test_pope_in_the_spare_hand_exempts_nobody() -> None:
    hand = make(preset("modern-stops"), ["2C", "4S 5S 6S", "7S 9S"], turnup="2H")
    hand.play(ANN, c("2C"))
    assert payments(hand) == [(BOB, ANN, 3, "cards"), (CAT, ANN, 2, "cards")]


def test_holder_of_a_turned_up_pope_never_played_is_exempt() -> None:
    hand = make(preset("modern-stops"), ["2C", "9D 4S 5S", "7S 9S"], turnup="9D", holder=BOB)
    hand.play(ANN, c("2C"))
    assert payments(hand) == [(CAT, ANN, 2, "cards")]


def test_going_out_ends_the_run_at_once() -> None:
    hand = make(preset("modern-stops"), ["2C", "3C 4S", "4C 5S"], turnup="2H")
    hand.play(ANN, c("2C"))
    # Bob holds 3C, but Ann went out: nothing more is played.
    assert plays(hand) == [(ANN, "2C", True)]
    assert hand.law.legal_plays() == []


# --------------------------------------------------------------------------- refusals
def test_refusal_lowest_in_suit_names_card_player_and_rule() -> None:
    hand = make(preset("modern-stops"), ["3C 5C 2H", "4C", "6C"], turnup="2D")
    with pytest.raises(IllegalPlay) as err:
        hand.check_play(ANN, c("5C"))
    assert err.value.rule == 'a player leads a card they hold; play.lead = "lowest-in-suit"'
    assert "Ann" in err.value.message and "5♣" in err.value.message
    assert err.value.private == "you hold 3♣, lower in that suit"
    assert "3♣" not in str(err.value)  # what is printed is public
    assert err.value.exit_code == 3


def test_refusal_card_not_held() -> None:
    hand = make(preset("modern-stops"), ["3C 5C 2H", "4C", "6C"], turnup="2D")
    with pytest.raises(IllegalPlay) as err:
        hand.check_play(ANN, c("4C"))
    assert "Ann" in err.value.message and "4♣" in err.value.message
    assert err.value.rule


def test_refusal_wrong_card_for_the_run() -> None:
    hand = make(preset("modern-stops"), ["3C 5C 2H", "4C 9H", "6C"], turnup="2D")
    hand.play(ANN, c("3C"))
    with pytest.raises(IllegalPlay) as err:
        hand.check_play(BOB, c("9H"))
    assert "Bob" in err.value.message and "9♥" in err.value.message and "4♣" in err.value.message
    assert err.value.rule


def test_refusal_clockwise_not_your_turn() -> None:
    r = rules("modern-stops", play__follow="clockwise")
    hand = make(r, ["2C 5H", "3C 6H", "4C 9S"], turnup="2D")
    hand.play(ANN, c("2C"))
    with pytest.raises(IllegalPlay) as err:
        hand.check_play(CAT, c("3C"))
    assert "Cat" in err.value.message and "3♣" in err.value.message
    assert err.value.rule == 'play.follow = "clockwise"'


def test_refusals_after_the_hand_ended() -> None:
    hand = make(preset("modern-stops"), ["2C", "3S", "4S"], turnup="2D")
    hand.play(ANN, c("2C"))
    with pytest.raises(IllegalPlay) as err:
        hand.check_play(BOB, c("3S"))
    assert "3♠" in err.value.message


REFUSALS = [
    pytest.param(BOB, "2C", id="lead-by-wrong-player"),
    pytest.param(ANN, "8D", id="removed-card"),
    pytest.param(ANN, "QS", id="spare-card"),
    pytest.param(ANN, "5C", id="not-lowest"),
    pytest.param(ANN, "4S", id="not-held"),
]


@pytest.mark.parametrize(("seat", "card"), REFUSALS)
def test_every_refusal_names_card_player_and_rule(seat: int, card: str) -> None:
    hand = make(preset("modern-stops"), ["2C 5C 3H", "4S", "6C"], turnup="2D")
    with pytest.raises(IllegalPlay) as err:
        hand.check_play(seat, c(card))
    assert err.value.rule
    assert c(card).face in err.value.message
    assert NAMES[seat] in err.value.message


# --------------------------------------------------------------------------- exchange
def test_exchange_dealer_swaps_with_the_spare_hand() -> None:
    hand = make(preset("newmarket"), ["2C 9S", "3C 9H", "4C 5C"])
    spare_before = {x for x in range(52) if hand.holder[x] == SPARE}
    hand.exchange(CAT)
    assert hand.holding[CAT] == spare_before
    assert {x for x in range(52) if hand.holder[x] == SPARE} == set(cs("4C 5C"))
    assert hand.left[CAT] == len(spare_before)
    assert hand.spare_size == 2
    assert hand.payments == []
    # The spare hand's former cards now follow in Cat's hand; 4C, now spare, stops 3C.
    hand.play(ANN, c("2C"))
    hand.follow_run()
    assert stops(hand) == [(BOB, "3C", "spare")]


def test_exchange_dealer_mode_refuses_another_player() -> None:
    hand = make(preset("newmarket"), ["2C", "3C", "4C 5C"])
    with pytest.raises(IllegalPlay) as err:
        hand.exchange(BOB)
    assert err.value.rule == 'deal.spare_exchange = "dealer"'


def test_exchange_auction_price_paid_to_the_dealer() -> None:
    hand = make(preset("michigan"), ["2C", "3C", "4C 5C"])
    spare_before = {x for x in range(52) if hand.holder[x] == SPARE}
    hand.exchange(BOB, 2)
    assert payments(hand) == [(BOB, CAT, 2, "exchange")]
    assert hand.net == [-4, -4 - 2, -8 + 2]
    assert hand.holding[BOB] == spare_before
    assert hand.holder[c("3C")] == SPARE
    assert conserved(hand)


def test_exchange_auction_dealer_pays_nothing() -> None:
    hand = make(preset("michigan"), ["2C", "3C", "4C 5C"])
    with pytest.raises(IllegalPlay):
        hand.exchange(CAT, 1)
    hand.exchange(CAT, 0)
    assert hand.payments == []


def test_exchange_refused_when_the_rules_allow_none() -> None:
    hand = make(preset("modern-stops"), ["2C", "3C", "4C 5C"], turnup="2H")
    with pytest.raises(IllegalPlay) as err:
        hand.exchange(CAT)
    assert err.value.rule == 'deal.spare_exchange = "none"'


def test_exchange_refused_after_the_first_lead_or_twice() -> None:
    hand = make(preset("michigan"), ["2C 9S", "3C", "4C 5C"])
    hand.exchange(BOB, 1)
    with pytest.raises(IllegalPlay):
        hand.exchange(ANN, 1)
    hand2 = make(preset("michigan"), ["2C 9S", "3C", "4C 5C"])
    hand2.play(ANN, c("2C"))
    with pytest.raises(IllegalPlay):
        hand2.exchange(CAT)


# --------------------------------------------------------------------------- unseen hands
def unseen(r: HouseRules | None = None) -> Hand:
    """Modern stops, Cat deals; Ann 2 cards, Bob 3, Cat 3 (the turn-up 2H among them)."""
    r = r or preset("modern-stops")
    hand = Hand.unseen(r, 3, CAT, Board(r), [2, 3, 3], 51 - 8, c("2H"), CAT)
    hand.names = NAMES[:3]
    return hand


def test_unseen_lead_by_the_wrong_player_is_refused() -> None:
    hand = unseen()
    assert hand.law.lead_seats() == [ANN]
    with pytest.raises(IllegalPlay):
        hand.check_play(BOB, c("5C"))
    with pytest.raises(IllegalPlay):
        hand.check_play(ANN, c("8D"))  # out of the pack
    with pytest.raises(IllegalPlay):
        hand.check_play(ANN, c("2H"))  # Cat's turn-up, known to be in her hand


def test_unseen_play_stop_and_go_out() -> None:
    hand = unseen()
    assert hand.dressed == MODERN_DRESS and hand.net == [0, 0, -15]
    hand.play(ANN, c("5C"))
    # Nobody knows who holds 6C: any seat with unseen cards may play it.
    assert legal(hand) == {(ANN, "6C"), (BOB, "6C"), (CAT, "6C")}
    with pytest.raises(IllegalPlay):
        hand.check_play(BOB, c("7C"))  # not the card the run needs
    hand.play(BOB, c("6C"))
    assert hand.law.can_call_stop()
    hand.call_stop()
    # Under holder follow a stop nobody can continue means the card is in the spare hand.
    assert stops(hand) == [(BOB, "6C", "spare")]
    assert hand.law.lead_seats() == [BOB]
    with pytest.raises(IllegalPlay) as err:
        hand.check_play(BOB, c("5C"))
    assert "already been played" in err.value.message
    with pytest.raises(IllegalPlay):
        hand.check_play(BOB, c("7C"))  # now known to be in the spare hand
    with pytest.raises(IllegalPlay):
        hand.check_play(ANN, c("9S"))  # Bob leads, not Ann
    hand.play(BOB, c("9S"))
    hand.play(ANN, c("10S"))
    # Ann's count reached 0: she is out and takes First out; who holds the Pope is unknown.
    assert hand.out == ANN and hand.ended
    assert awards(hand) == [("game", ANN, 1, "out")]
    assert hand.awaiting_pope
    assert hand.payments == []
    hand.ledger.settle(BOB)
    assert not hand.awaiting_pope
    # Bob still holds the Pope: he pays nothing; Cat pays for her three cards.
    assert payments(hand) == [(CAT, ANN, 3, "cards")]
    assert hand.net == [1 + 3, 0, -15 - 3]
    assert conserved(hand)


def test_unseen_settle_with_pope_played_or_in_spare() -> None:
    for who in (None, SPARE):
        hand = unseen()
        hand.play(ANN, c("5C"))
        hand.play(ANN, c("6C"))
        assert hand.out == ANN and hand.awaiting_pope
        hand.ledger.settle(who)
        assert payments(hand) == [(BOB, ANN, 3, "cards"), (CAT, ANN, 3, "cards")]


def test_unseen_settle_refuses_a_holder_with_no_cards() -> None:
    hand = unseen()
    hand.play(ANN, c("5C"))
    hand.play(ANN, c("6C"))
    with pytest.raises(IllegalPlay):
        hand.ledger.settle(ANN)


def test_unseen_settle_only_when_waiting() -> None:
    hand = unseen()
    with pytest.raises(IllegalPlay):
        hand.ledger.settle(BOB)


def test_unseen_call_stop_needs_an_open_run() -> None:
    hand = unseen()
    with pytest.raises(IllegalPlay):
        hand.call_stop()
