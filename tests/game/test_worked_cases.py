"""Worked cases, one or more per preset, run through `popejoan hand replay FILE --json`.

Each case is a deal file written here with every hand given, so the hand is exact. The
expected JSON was worked out by hand from the rules of each preset and the seeds; the
comment above each case walks through it. Players are Ann, Bob and Cat (clockwise) unless
a case says otherwise; Cat deals, so Ann is eldest and leads first. Cards not named in a
case's hands are in the spare hand (or, under boodle, which deals none, in Cat's hand).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import NotRequired, TypedDict, cast

import pytest

from conftest import Cli

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
REMOVED = {"russian": {"8D"}, "modern-stops": {"8D"}, "parlett": {"8D"}, "hoyle": {"8D"},
           "michigan": set(), "boodle": set(), "newmarket": set()}
OUT_OF_PLAY = {"russian", "hoyle"}
NO_SPARE = {"boodle"}
KEYS = {"rules", "dealer", "turnup", "trump", "dressed", "plays", "stops", "awards", "out", "void", "payments",
        "board", "net"}
PJ_MODERN_DRESS = {"pope": 6, "matrimony": 2, "intrigue": 2, "ace": 1, "king": 1, "queen": 1, "jack": 1, "game": 1}
RUSSIAN_DRESS_3 = {"pope": 12, "matrimony": 6, "intrigue": 6, "ace": 3, "king": 3, "queen": 3, "jack": 3, "game": 3}
STOPS_DRESS_3 = {"ace": 4, "king": 4, "queen": 4, "jack": 4}


class Play(TypedDict):
    seat: str
    card: str
    lead: bool


class Stop(TypedDict):
    seat: str
    card: str
    reason: str


class Award(TypedDict):
    pot: str
    seat: str
    amount: int
    at: str


Payment = TypedDict("Payment", {"from": str, "to": str, "amount": int, "for": str})


class HandJson(TypedDict):
    """The replay object of docs/hand-json.md (`hand replay --json`, `hand final --json`)."""

    rules: str
    dealer: str
    turnup: str | None
    trump: str | None
    dressed: dict[str, int]
    plays: list[Play]
    stops: list[Stop]
    awards: list[Award]
    out: str | None
    void: bool
    payments: list[Payment]
    board: dict[str, int]
    net: dict[str, int]
    hands: NotRequired[dict[str, list[str]]]
    """`hand final` only."""


# --------------------------------------------------------------------------- helpers
def pack(preset: str) -> list[str]:
    return [r + s for s in "CDHS" for r in RANKS if r + s not in REMOVED[preset]]


def toml_list(cards: Sequence[str]) -> str:
    return "[" + ", ".join(f'"{x}"' for x in cards) + "]"


def deal_file(preset: str, hands: Mapping[str, str], *, players: Sequence[str] = ("Ann", "Bob", "Cat"),
              dealer: str = "Cat", turnup: str | None = None, rest: str = "spare",
              leads: Sequence[str] | None = None, board: Mapping[str, int] | None = None,
              exchange: tuple[str, int] | None = None) -> str:
    """A deal file with [hands]: the named cards, and every other card of the pack to `rest`."""
    given = {seat: cards.split() for seat, cards in hands.items()}
    used = {x for cards in given.values() for x in cards}
    if turnup is not None and preset in OUT_OF_PLAY:
        used.add(turnup)
    leftover = [x for x in pack(preset) if x not in used]
    given.setdefault(rest, [])
    given[rest] = given[rest] + leftover
    lines = [f'rules = "{preset}"', f"players = {toml_list(players)}", f'dealer = "{dealer}"']
    if turnup is not None:
        lines.append(f'turnup = "{turnup}"')
    if leads:
        lines.append(f"leads = {toml_list(leads)}")
    lines += ["", "[hands]"]
    for seat in [*players, "spare"]:
        if seat in given:
            lines.append(f"{seat} = {toml_list(given[seat])}")
    if board:
        lines += ["", "[board]", *(f"{k} = {v}" for k, v in board.items())]
    if exchange:
        lines += ["", "[exchange]", f'seat = "{exchange[0]}"', f"price = {exchange[1]}"]
    return "\n".join(lines) + "\n"


def replay(tmp_path: Path, text: str) -> HandJson:
    path = tmp_path / "deal.toml"
    path.write_text(text, encoding="utf-8")
    out = cast(HandJson, Cli(tmp_path / "home").json("hand", "replay", str(path)))  # its keys are checked next
    check_shape(out)
    return out


def check_shape(out: HandJson, extra: set[str] | None = None) -> None:
    """Exactly the documented keys of the replay object; no award or payment of 0; conservation."""
    assert set(out) == KEYS | (extra or set())
    assert all(a["amount"] > 0 for a in out["awards"])
    assert all(p["amount"] > 0 for p in out["payments"])


def P(seat: str, card: str, lead: bool = False) -> Play:
    return {"seat": seat, "card": card, "lead": lead}


def S(seat: str, card: str, reason: str) -> Stop:
    return {"seat": seat, "card": card, "reason": reason}


def A(pot: str, seat: str, amount: int, at: str) -> Award:
    return {"pot": pot, "seat": seat, "amount": amount, "at": at}


def Pay(frm: str, to: str, amount: int, why: str) -> Payment:
    return {"from": frm, "to": to, "amount": amount, "for": why}


def conserved(out: HandJson, before: Mapping[str, int] | None = None) -> bool:
    change = sum(out["board"].values()) - sum((before or {}).values())
    return sum(out["net"].values()) + change == 0


# --------------------------------------------------------------------------- the Pope turned up
def test_russian_pope_turned_up_dealer_takes_pope_and_game_hand_ends(tmp_path: Path) -> None:
    # Seed 000: everyone stakes 13 (Pope 4, M 2, I 2, five pots of 1): three players put
    # 12 on the Pope, on top of 2 carried over. The Pope turned up: the dealer (Cat) takes
    # Pope (14) and Game (3) and the hand ends: no play, no settlement.
    out = replay(tmp_path, deal_file("russian", {"Ann": "2C 3C", "Bob": "4C", "Cat": "5C"}, turnup="9D",
                                     board={"pope": 2}))
    assert out["rules"] == "russian"
    assert out["dealer"] == "Cat"
    assert out["turnup"] == "9D" and out["trump"] == "D"
    assert out["dressed"] == RUSSIAN_DRESS_3
    assert out["plays"] == [] and out["stops"] == []
    assert out["awards"] == [A("pope", "Cat", 14, "turnup"), A("game", "Cat", 3, "turnup")]
    assert out["out"] is None and out["void"] is False
    assert out["payments"] == []
    assert out["board"] == {**RUSSIAN_DRESS_3, "pope": 0, "game": 0}
    assert out["net"] == {"Ann": -13, "Bob": -13, "Cat": -13 + 17}
    assert conserved(out, {"pope": 2})


def test_hoyle_pope_turned_up_pope_game_and_a_counter_per_card_dealt(tmp_path: Path) -> None:
    # Hoyle: the dealer dresses 15 alone. The Pope turned up wins Pope (6) and Game (1),
    # and each other player pays one counter per card dealt him: Ann 5, Bob 4. The spare
    # hand pays nothing. The hand ends there.
    out = replay(tmp_path, deal_file("hoyle", {"Ann": "2C 3C 4C 5C 6C", "Bob": "7C 9C 10C JC", "Cat": "QC KC AC"},
                                     turnup="9D"))
    assert out["dressed"] == PJ_MODERN_DRESS
    assert out["turnup"] == "9D" and out["trump"] == "D"
    assert out["awards"] == [A("pope", "Cat", 6, "turnup"), A("game", "Cat", 1, "turnup")]
    assert out["payments"] == [Pay("Ann", "Cat", 5, "turnup"), Pay("Bob", "Cat", 4, "turnup")]
    assert out["plays"] == [] and out["stops"] == []
    assert out["out"] is None and out["void"] is False
    assert out["board"] == {**PJ_MODERN_DRESS, "pope": 0, "game": 0}
    assert out["net"] == {"Ann": -5, "Bob": -4, "Cat": -15 + 7 + 9}
    assert conserved(out)


def test_modern_stops_pope_turned_up_dealer_takes_pope_only_and_play_goes_on(tmp_path: Path) -> None:
    # Seed 001: the turn-up stays in its hand (Ann's) and its pot goes to the dealer: Cat
    # takes the Pope (6). Diamonds are trump. Play goes on, each leader leading his lowest:
    #   Ann 2C (lower than her 9D), Bob 3C, Cat 4C; 5C is in the spare hand: stop, Cat leads.
    #   Cat AS (rank 1); 2S in the spare hand: stop, Cat leads 10D, her last card: out.
    # First out (1) to Cat. Ann still holds the Pope she never played: she pays nothing.
    # Bob pays 1 for his 5H.
    out = replay(tmp_path, deal_file("modern-stops", {"Ann": "2C 9D", "Bob": "3C 5H", "Cat": "AS 4C 10D"},
                                     turnup="9D"))
    assert out["turnup"] == "9D" and out["trump"] == "D"
    assert out["plays"] == [P("Ann", "2C", True), P("Bob", "3C"), P("Cat", "4C"), P("Cat", "AS", True),
                            P("Cat", "10D", True)]
    assert out["stops"] == [S("Cat", "4C", "spare"), S("Cat", "AS", "spare")]
    assert out["awards"] == [A("pope", "Cat", 6, "turnup"), A("game", "Cat", 1, "out")]
    assert out["out"] == "Cat" and out["void"] is False
    assert out["payments"] == [Pay("Bob", "Cat", 1, "cards")]
    assert out["board"] == {**PJ_MODERN_DRESS, "pope": 0, "game": 0}
    assert out["net"] == {"Ann": 0, "Bob": -1, "Cat": -15 + 6 + 1 + 1}
    assert conserved(out)


# --------------------------------------------------------------------------- Intrigue and Matrimony
def test_modern_stops_intrigue_and_matrimony_won_by_one_player(tmp_path: Path) -> None:
    # Turn-up 2H (in the spare hand): hearts are trump, no pot for the dealer. Ann leads
    # her lowest heart JH, then plays QH and KH herself: Jack 1; at the queen Intrigue
    # (J then Q, same player) 2 and Queen 1; at the king Matrimony (Q then K) 2 and King 1.
    # KH is Ann's last card: she goes out (no stop) and takes First out 1. Bob pays 2, Cat 3.
    out = replay(tmp_path, deal_file("modern-stops", {"Ann": "JH QH KH", "Bob": "3C 4S", "Cat": "5C 6C 7C"},
                                     turnup="2H"))
    assert out["trump"] == "H"
    assert out["plays"] == [P("Ann", "JH", True), P("Ann", "QH"), P("Ann", "KH")]
    assert out["stops"] == []
    assert out["awards"] == [A("jack", "Ann", 1, "play"), A("intrigue", "Ann", 2, "play"),
                             A("queen", "Ann", 1, "play"), A("matrimony", "Ann", 2, "play"),
                             A("king", "Ann", 1, "play"), A("game", "Ann", 1, "out")]
    assert out["out"] == "Ann"
    assert out["payments"] == [Pay("Bob", "Ann", 2, "cards"), Pay("Cat", "Ann", 3, "cards")]
    assert out["board"] == {"pope": 6, "matrimony": 0, "intrigue": 0, "ace": 1, "king": 0, "queen": 0,
                            "jack": 0, "game": 0}
    assert out["net"] == {"Ann": 8 + 5, "Bob": -2, "Cat": -15 - 3}
    assert conserved(out)


def test_modern_stops_pairs_split_between_players_are_not_won(tmp_path: Path) -> None:
    # Ann JH, Bob QH, Ann KH: Intrigue (J Ann, Q Bob) and Matrimony (Q Bob, K Ann) each
    # have their two cards from two players: neither is won and both carry over. The
    # single-card pots still pay: Jack and King to Ann, Queen to Bob.
    out = replay(tmp_path, deal_file("modern-stops", {"Ann": "JH KH", "Bob": "QH 3C", "Cat": "4C 5C 6C"},
                                     turnup="2H"))
    assert out["plays"] == [P("Ann", "JH", True), P("Bob", "QH"), P("Ann", "KH")]
    assert out["awards"] == [A("jack", "Ann", 1, "play"), A("queen", "Bob", 1, "play"),
                             A("king", "Ann", 1, "play"), A("game", "Ann", 1, "out")]
    assert out["board"]["matrimony"] == 2 and out["board"]["intrigue"] == 2
    assert out["payments"] == [Pay("Bob", "Ann", 1, "cards"), Pay("Cat", "Ann", 3, "cards")]
    assert out["net"] == {"Ann": 3 + 4, "Bob": 1 - 1, "Cat": -15 - 3}
    assert conserved(out)


def test_parlett_ace_high_queen_king_ace_of_trumps(tmp_path: Path) -> None:
    # Parlett ranks the ace high: Ann's QS, KS, AS run on past the king. Queen 1;
    # Matrimony 2 and King 1 at the king; Ace 1 at the ace, her last card: First out 1.
    # Intrigue (JS not played), Jack and Pope stay. Bob pays 1, Cat 2.
    out = replay(tmp_path, deal_file("parlett", {"Ann": "QS KS AS", "Bob": "2C", "Cat": "3C 4C"}, turnup="5S"))
    assert out["trump"] == "S"
    assert out["plays"] == [P("Ann", "QS", True), P("Ann", "KS"), P("Ann", "AS")]
    assert out["awards"] == [A("queen", "Ann", 1, "play"), A("matrimony", "Ann", 2, "play"),
                             A("king", "Ann", 1, "play"), A("ace", "Ann", 1, "play"), A("game", "Ann", 1, "out")]
    assert out["payments"] == [Pay("Bob", "Ann", 1, "cards"), Pay("Cat", "Ann", 2, "cards")]
    assert out["board"] == {"pope": 6, "matrimony": 0, "intrigue": 2, "ace": 0, "king": 0, "queen": 0,
                            "jack": 1, "game": 0}
    assert out["net"] == {"Ann": 6 + 3, "Bob": -1, "Cat": -17}
    assert conserved(out)


# --------------------------------------------------------------------------- the Pope holder's exemption
def test_modern_stops_holder_exemption_pope_holder_pays_nothing(tmp_path: Path) -> None:
    # Ann leads 2C, her only card, and is out at once. Bob holds the Pope and three more
    # cards: under "holder" he pays nothing. Cat pays 2.
    out = replay(tmp_path, deal_file("modern-stops", {"Ann": "2C", "Bob": "9D 4S 5S 6S", "Cat": "7S 9S"},
                                     turnup="2H"))
    assert out["plays"] == [P("Ann", "2C", True)]
    assert out["stops"] == []
    assert out["awards"] == [A("game", "Ann", 1, "out")]
    assert out["payments"] == [Pay("Cat", "Ann", 2, "cards")]
    assert out["net"] == {"Ann": 3, "Bob": 0, "Cat": -17}
    assert conserved(out)


def test_russian_card_exemption_the_pope_is_not_counted(tmp_path: Path) -> None:
    # Seed 000, read as: the 9D is simply not counted. Turn-up 2S, out of play, pays
    # nothing. Lead any: Ann leads her lowest, 5C, then 6C, her last card: out. Game (3)
    # to Ann. Bob holds 9D 3H 4H: pays 2 (the Pope not counted); Cat pays 2.
    out = replay(tmp_path, deal_file("russian", {"Ann": "5C 6C", "Bob": "9D 3H 4H", "Cat": "7C 10S"},
                                     turnup="2S"))
    assert out["turnup"] == "2S" and out["trump"] == "S"
    assert out["dressed"] == RUSSIAN_DRESS_3
    assert out["plays"] == [P("Ann", "5C", True), P("Ann", "6C")]
    assert out["awards"] == [A("game", "Ann", 3, "out")]
    assert out["out"] == "Ann"
    assert out["payments"] == [Pay("Bob", "Ann", 2, "cards"), Pay("Cat", "Ann", 2, "cards")]
    assert out["board"] == {**RUSSIAN_DRESS_3, "game": 0}
    assert out["net"] == {"Ann": -13 + 3 + 4, "Bob": -15, "Cat": -15}
    assert conserved(out)


# --------------------------------------------------------------------------- boodle: clockwise stops
def test_boodle_clockwise_stop_the_player_who_cannot_follow_leads(tmp_path: Path) -> None:
    # Boodle deals no spare hand: Ann 2C 4C, Bob 2D 5H, Cat every other card (48).
    # Each pot: 1 + 1 + 2 from the dealer = 4.
    #   Ann leads 2C. Next in turn is Bob; Cat holds 3C: stop (not-in-turn), Bob leads.
    #   Bob leads his lowest, 2D; Cat, next in turn, holds 3D and plays it; next is Ann,
    #   but Cat holds 4D: stop (not-in-turn) and Ann, who could not follow, leads.
    #   Ann leads 4C, her last card: out. Bob pays 1, Cat 47.
    out = replay(tmp_path, deal_file("boodle", {"Ann": "2C 4C", "Bob": "2D 5H"}, rest="Cat"))
    assert out["turnup"] is None and out["trump"] is None
    assert out["dressed"] == STOPS_DRESS_3
    assert out["plays"] == [P("Ann", "2C", True), P("Bob", "2D", True), P("Cat", "3D"), P("Ann", "4C", True)]
    assert out["stops"] == [S("Ann", "2C", "not-in-turn"), S("Cat", "3D", "not-in-turn")]
    assert out["awards"] == []
    assert out["out"] == "Ann"
    assert out["payments"] == [Pay("Bob", "Ann", 1, "cards"), Pay("Cat", "Ann", 47, "cards")]
    assert out["board"] == STOPS_DRESS_3
    assert out["net"] == {"Ann": -4 + 48, "Bob": -5, "Cat": -8 - 47}
    assert conserved(out)


def test_boodle_pay_card_and_top_card(tmp_path: Path) -> None:
    # Ace high; Cat holds every card not named. leads = ["QD"] (Ann's only diamond, so her
    # lowest in the suit): the Queen pot (4) to Ann. Bob, next in turn, holds KD and plays
    # it; Cat, next, plays AD, the top card: stop (top) and Cat, who played it, leads (not
    # Ann, next in turn). Cat's lowest is 2C; Ann, next in turn, lacks 3C: stop
    # (not-in-turn), Ann leads 2S, her last card: out. Bob pays 1; Cat was dealt 48 cards
    # and played 2: pays 46.
    out = replay(tmp_path, deal_file("boodle", {"Ann": "QD 2S", "Bob": "KD 5H"}, rest="Cat", leads=["QD"]))
    assert out["plays"] == [P("Ann", "QD", True), P("Bob", "KD"), P("Cat", "AD"), P("Cat", "2C", True),
                            P("Ann", "2S", True)]
    assert out["stops"] == [S("Cat", "AD", "top"), S("Cat", "2C", "not-in-turn")]
    assert out["awards"] == [A("queen", "Ann", 4, "play")]
    assert out["out"] == "Ann"
    assert out["payments"] == [Pay("Bob", "Ann", 1, "cards"), Pay("Cat", "Ann", 46, "cards")]
    assert out["board"] == {"ace": 4, "king": 4, "queen": 0, "jack": 4}
    assert out["net"] == {"Ann": -4 + 4 + 47, "Bob": -5, "Cat": -8 - 46}
    assert conserved(out)


# --------------------------------------------------------------------------- michigan: a void hand
def test_michigan_void_hand_board_carries(tmp_path: Path) -> None:
    # Michigan: new lead must change suit, and the lead passes when it cannot.
    #   leads = ["QD"]: Ann leads QD (her lowest diamond): Queen (4). KD in the spare: stop.
    #   Ann must lead a new suit: 7C, her lowest club. Bob 8C, Cat 9C; 10C in the spare: stop.
    #   Cat must lead a suit other than clubs: she holds only 4C; Ann only JC; Bob only 2C:
    #   nobody can, the hand is void. No settlement; the rest of the board carries over.
    out = replay(tmp_path, deal_file("michigan", {"Ann": "QD 7C JC", "Bob": "8C 2C", "Cat": "9C 4C"},
                                     leads=["QD"], board={"ace": 1}))
    assert out["turnup"] is None and out["trump"] is None
    assert out["dressed"] == STOPS_DRESS_3
    assert out["plays"] == [P("Ann", "QD", True), P("Ann", "7C", True), P("Bob", "8C"), P("Cat", "9C")]
    assert out["stops"] == [S("Ann", "QD", "spare"), S("Cat", "9C", "spare")]
    assert out["awards"] == [A("queen", "Ann", 4, "play")]
    assert out["out"] is None and out["void"] is True
    assert out["payments"] == []
    assert out["board"] == {"ace": 5, "king": 4, "queen": 0, "jack": 4}
    assert out["net"] == {"Ann": 0, "Bob": -4, "Cat": -8}
    assert conserved(out, {"ace": 1})


def test_michigan_lead_passes_and_the_next_lead_entry_is_the_passed_players(tmp_path: Path) -> None:
    # leads = ["2C", "5S"]: Ann leads 2C; 3C is in the spare hand: stop. Ann holds only
    # clubs, so the lead passes to Bob, and the second entry is his: 5S (his lowest spade).
    # 6S spare: stop. Bob must leave spades: 10C; Cat plays JC and QC, her last card: out.
    # KC (the King pot) is in the spare hand: nobody wins it. Ann pays 1 (9C), Bob 1 (7S).
    out = replay(tmp_path, deal_file("michigan", {"Ann": "2C 9C", "Bob": "10C 5S 7S", "Cat": "JC QC"},
                                     leads=["2C", "5S"]))
    assert out["plays"] == [P("Ann", "2C", True), P("Bob", "5S", True), P("Bob", "10C", True), P("Cat", "JC"),
                            P("Cat", "QC")]
    assert out["stops"] == [S("Ann", "2C", "spare"), S("Bob", "5S", "spare")]
    assert out["awards"] == []
    assert out["out"] == "Cat" and out["void"] is False
    assert out["payments"] == [Pay("Ann", "Cat", 1, "cards"), Pay("Bob", "Cat", 1, "cards")]
    assert out["board"] == STOPS_DRESS_3
    assert out["net"] == {"Ann": -5, "Bob": -5, "Cat": -6}
    assert conserved(out)


def test_michigan_auction_exchange_price_paid_to_the_dealer(tmp_path: Path) -> None:
    # Bob buys the spare hand (3C 4D) for 2 counters, paid to the dealer Cat.
    # Ann leads 2C, Bob 3C (now his), Cat 4C; 5C is in the spare (Bob's old hand): stop.
    # Cat must change suit: JS, the Jack pot (4), her last card: out. Ann pays 1 (5H),
    # Bob 1 (4D).
    out = replay(tmp_path, deal_file("michigan", {"Ann": "2C 5H", "Cat": "4C JS", "spare": "3C 4D"}, rest="Bob",
                                     exchange=("Bob", 2)))
    assert out["plays"] == [P("Ann", "2C", True), P("Bob", "3C"), P("Cat", "4C"), P("Cat", "JS", True)]
    assert out["stops"] == [S("Cat", "4C", "spare")]
    assert out["awards"] == [A("jack", "Cat", 4, "play")]
    assert out["out"] == "Cat"
    assert out["payments"] == [Pay("Bob", "Cat", 2, "exchange"), Pay("Ann", "Cat", 1, "cards"),
                               Pay("Bob", "Cat", 1, "cards")]
    assert out["board"] == {"ace": 4, "king": 4, "queen": 4, "jack": 0}
    assert out["net"] == {"Ann": -5, "Bob": -7, "Cat": -8 + 2 + 4 + 2}
    assert conserved(out)


# --------------------------------------------------------------------------- newmarket
def test_newmarket_dealer_exchange_colour_change_kitty(tmp_path: Path) -> None:
    # Cat (dealer) swaps her 46 cards for the spare hand 3C JS. Each pot 4, kitty too.
    #   Ann leads 2C; Cat 3C; Bob 4C; 5C is now in the spare hand: stop, Bob leads.
    #   After black clubs Bob must lead red: 9H (though 5S is lower); 10H spare: stop.
    #   After red Bob must lead black: 5S, his last card: out. Kitty (4) to Bob;
    #   settle.per_card = 0: nobody pays, and no payment of 0 is listed.
    out = replay(tmp_path, deal_file("newmarket", {"Ann": "2C 3D", "Bob": "4C 5S 9H", "spare": "3C JS"},
                                     rest="Cat", exchange=("Cat", 0)))
    assert out["dressed"] == {**STOPS_DRESS_3, "kitty": 4}
    assert out["plays"] == [P("Ann", "2C", True), P("Cat", "3C"), P("Bob", "4C"), P("Bob", "9H", True),
                            P("Bob", "5S", True)]
    assert out["stops"] == [S("Bob", "4C", "spare"), S("Bob", "9H", "spare")]
    assert out["awards"] == [A("kitty", "Bob", 4, "out")]
    assert out["out"] == "Bob"
    assert out["payments"] == []
    assert out["board"] == {**STOPS_DRESS_3, "kitty": 0}
    assert out["net"] == {"Ann": -5, "Bob": -5 + 4, "Cat": -10}
    assert conserved(out)


# --------------------------------------------------------------------------- hoyle play
def test_hoyle_turnup_out_of_play_is_a_stop_and_matching_turnup_pays(tmp_path: Path) -> None:
    # Turn-up KH, out of play: the dealer takes King (1); play goes on (Hoyle). Lead any,
    # leads = ["JH"] (the lowest policy would lead 3S): Jack 1; QH (Bob): Queen 1; KH is the turn-up: stop
    # (reason turnup), Bob leads his lowest, 2S; 3S Ann, her last card: out.
    # Matrimony and Intrigue: J Ann, Q Bob, K never played: neither is won.
    out = replay(tmp_path, deal_file("hoyle", {"Ann": "JH 3S", "Bob": "QH 2S 9C", "Cat": "4C 5C"}, turnup="KH",
                                     leads=["JH"]))
    assert out["awards"] == [A("king", "Cat", 1, "turnup"), A("jack", "Ann", 1, "play"),
                             A("queen", "Bob", 1, "play"), A("game", "Ann", 1, "out")]
    assert out["plays"] == [P("Ann", "JH", True), P("Bob", "QH"), P("Bob", "2S", True), P("Ann", "3S")]
    assert out["stops"] == [S("Bob", "QH", "turnup")]
    assert out["out"] == "Ann"
    assert out["payments"] == [Pay("Bob", "Ann", 1, "cards"), Pay("Cat", "Ann", 2, "cards")]
    assert out["net"] == {"Ann": 2 + 3, "Bob": 1 - 1, "Cat": -15 + 1 - 2}
    assert conserved(out)


# --------------------------------------------------------------------------- the final deal
def spec_shuffle(seed: int | str, removed: set[str]) -> list[str]:
    deck = [r + s for s in "CDHS" for r in RANKS if r + s not in removed]
    rng = random.Random(seed)
    for i in range(len(deck) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def final(invoke: Cli, *args: str) -> HandJson:
    out = cast(HandJson, invoke.json("hand", "final", *args))  # its keys are checked next
    check_shape(out, {"hands"})
    return out


def test_russian_final_deal_seed_7_worked_by_hand(invoke: Cli) -> None:
    # Seed 7, players A, B, C, A deals: eldest B, then C, then A (the dealer last).
    # The spec shuffle deals 9D C, AD A, KD C, QD A, JD C (checked below from the hands).
    #   Pope 5 -> C; King 2 -> C; Queen 1 -> A; Jack 1 -> C; Ace holds 0: no award.
    #   Matrimony 3 between C (KD) and A (QD): 1 each, the odd one to C (nearer eldest).
    #   Intrigue 5 between C (JD) and A (QD): 2 each, the odd one to C.
    #   Game (first-out) 2 stays.
    out = final(invoke, "--rules", "russian", "--players", "A,B,C", "--dealer", "A", "--seed", "7",
                "--board", "pope=5,matrimony=3,intrigue=5,king=2,queen=1,jack=1,game=2")
    deck = spec_shuffle(7, {"8D"})
    expected_hands = {"A": deck[2::3], "B": deck[0::3], "C": deck[1::3]}
    assert {k: sorted(v) for k, v in out["hands"].items()} == {k: sorted(v) for k, v in expected_hands.items()}
    holder = {card: seat for seat, cards in out["hands"].items() for card in cards}
    assert [holder[x] for x in ("9D", "AD", "KD", "QD", "JD")] == ["C", "A", "C", "A", "C"]
    assert out["rules"] == "russian" and out["dealer"] == "A"
    assert out["turnup"] is None and out["trump"] == "D"
    assert out["dressed"] == dict.fromkeys(["pope", "matrimony", "intrigue", "ace", "king", "queen", "jack",
                                            "game"], 0)
    assert out["plays"] == [] and out["stops"] == [] and out["payments"] == []
    assert out["out"] is None and out["void"] is False
    assert out["awards"] == [A("pope", "C", 5, "final"), A("matrimony", "C", 2, "final"),
                             A("matrimony", "A", 1, "final"), A("intrigue", "C", 3, "final"),
                             A("intrigue", "A", 2, "final"), A("king", "C", 2, "final"),
                             A("queen", "A", 1, "final"), A("jack", "C", 1, "final")]
    assert out["board"] == {"pope": 0, "matrimony": 0, "intrigue": 0, "ace": 0, "king": 0, "queen": 0, "jack": 0,
                            "game": 2}
    assert out["net"] == {"A": 4, "B": 0, "C": 13}
    assert conserved(out, {"pope": 5, "matrimony": 3, "intrigue": 5, "king": 2, "queen": 1, "jack": 1, "game": 2})


@pytest.mark.parametrize(("players", "dealer", "seed"), [("A,B,C", "A", "evening"), ("A,B,C,D", "C", "12"),
                                                         ("A,B,C,D,E", "E", "x"), ("A,B,C,D,E,F,G,H", "B", "99")])
def test_russian_final_deal_every_pot_checked_against_the_hands(invoke: Cli, players: str, dealer: str,
                                                                 seed: str) -> None:
    board = {"pope": 5, "matrimony": 3, "intrigue": 4, "ace": 1, "king": 2, "queen": 1, "jack": 7, "game": 3}
    out = final(invoke, "--rules", "russian", "--players", players, "--dealer", dealer, "--seed", seed,
                "--board", ",".join(f"{k}={v}" for k, v in board.items()))
    names = players.split(",")
    n = len(names)
    d = names.index(dealer)
    eldest_order = [names[(d + 1 + k) % n] for k in range(n)]
    holder = dealt_round_from_eldest(out, int(seed) if seed.isdigit() else seed, eldest_order)
    net = dict.fromkeys(names, 0)
    left = dict(board)
    awards = final_awards_by_hand(board, holder, eldest_order)
    for a in awards:
        net[a["seat"]] += a["amount"]
        left[a["pot"]] -= a["amount"]
    assert sorted(out["awards"], key=pot_and_seat) == sorted(awards, key=pot_and_seat)
    assert out["net"] == net
    assert out["board"] == {**dict.fromkeys(board, 0), "game": 3}
    assert left == out["board"]
    assert conserved(out, board)


def dealt_round_from_eldest(out: HandJson, seed: int | str, eldest_order: list[str]) -> dict[str, str]:
    """The hands are the spec shuffle dealt round from eldest, no spare hand, no turn-up: all 51
    cards dealt. Returns who holds each card."""
    deck = spec_shuffle(seed, {"8D"})
    n = len(eldest_order)
    for k, seat in enumerate(eldest_order):
        assert sorted(out["hands"][seat]) == sorted(deck[k::n])
    holder = {card: seat for seat, cards in out["hands"].items() for card in cards}
    assert len(holder) == 51
    return holder


def final_awards_by_hand(board: dict[str, int], holder: dict[str, str], eldest_order: list[str]) -> list[Award]:
    """The Russian final deal's awards worked out here from who holds which card: each card's pot
    to its holder; Matrimony (Q♦ K♦) and Intrigue (J♦ Q♦) shared between the holders of their two
    cards, the odd counter to the one nearer eldest."""
    awards: list[Award] = []
    for pot, card in (("pope", "9D"), ("ace", "AD"), ("king", "KD"), ("queen", "QD"), ("jack", "JD")):
        awards.append(A(pot, holder[card], board[pot], "final"))
    for pot, (x, y) in (("matrimony", ("QD", "KD")), ("intrigue", ("JD", "QD"))):
        owners = sorted({holder[x], holder[y]}, key=eldest_order.index)
        each, odd = divmod(board[pot], len(owners))
        for i, seat in enumerate(owners):
            awards.append(A(pot, seat, each + (odd if i == 0 else 0), "final"))
    return awards


def pot_and_seat(a: Award) -> tuple[str, str]:
    return a["pot"], a["seat"]


def test_final_deal_pot_whose_card_is_not_dealt_stays(invoke: Cli, tmp_path: Path) -> None:
    # A house rule with a pot on the 8D, which its deck removes: the final deal never deals
    # it, so that pot stays; so does the first-out pot. The Pope goes to the 9D's holder.
    rules = tmp_path / "tiny.toml"
    rules.write_text('name = "tiny"\n[deck]\nremoved = ["8D"]\n[deal]\nturnup = "out-of-play"\n'
                     '[[pot]]\nname = "pope"\nstake = 1\nwins = "card"\ncard = "9D"\n'
                     '[[pot]]\nname = "eight"\nstake = 1\nwins = "card"\ncard = "8D"\n'
                     '[[pot]]\nname = "game"\nstake = 1\nwins = "first-out"\n'
                     '[final]\ndeal = "holders"\n', encoding="utf-8")
    out = final(invoke, "--rules", str(rules), "--players", "A,B,C", "--dealer", "C", "--seed", "1",
                "--board", "pope=2,eight=3,game=1")
    assert out["rules"] == "tiny"
    holder = next(seat for seat, cards in out["hands"].items() if "9D" in cards)
    assert out["awards"] == [A("pope", holder, 2, "final")]
    assert out["board"] == {"pope": 0, "eight": 3, "game": 1}
    assert all("8D" not in cards for cards in out["hands"].values())


def test_final_deal_needs_rules_with_a_final_deal(invoke: Cli) -> None:
    invoke.fails(2, "hand", "final", "--rules", "modern-stops", "--players", "A,B,C", "--seed", "1", "--json",
                 said=("final",))


# --------------------------------------------------------------------------- the deal file's own seed
def test_replay_of_a_seeded_deal_file_without_hands(tmp_path: Path) -> None:
    # Without [hands] the deal comes from the seed: modern-stops seed 42, D deals.
    # A holds 9C 4D 7D 7H 8H QH AS 5S 7S 9S KS (see test_deal's golden file) and leads
    # his lowest card: AS (rank 1). 2S is D's; 3S is in the spare hand: stop at 2S, D leads.
    text = 'rules = "modern-stops"\nplayers = ["A", "B", "C", "D"]\ndealer = "D"\nseed = 42\n'
    out = replay(tmp_path, text)
    assert out["turnup"] == "8H" and out["trump"] == "H"
    assert out["plays"][:2] == [P("A", "AS", True), P("D", "2S")]
    assert out["stops"][0] == S("D", "2S", "spare")
    assert out["plays"][2]["seat"] == "D" and out["plays"][2]["lead"] is True
    assert conserved(out)
