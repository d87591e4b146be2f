"""The referee's one decision (`game.ruling.rule_on`) against its fast lists, and its two parts.

`rule_on` decides and explains every play the table records; `legal_plays` / `legal_leads` are
the bots' and `simulate`'s fast lists. Over random positions of every preset and of the house
rules the tests use (clockwise follow with a spare hand among them), both agree on every seat and
every card. A refusal's public words never say why a lead that turned on someone's cards was
refused: the issue's pair (a card the leader lacks, a card above a lower one she holds) reads the
same, at the command line too, and only `hand show NAME --why CARD` tells her why.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_sight import RULE_SETS, position

from conftest import Cli
from popejoan_cli.game.board import Board
from popejoan_cli.game.cards import CARDS
from popejoan_cli.game.deal import seeded_deal
from popejoan_cli.game.hand import Hand
from popejoan_cli.game.ruling import rule_on

SETTINGS = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
positions = st.tuples(st.integers(3, 8), st.integers(0, 2**32), st.integers(0, 14))


@pytest.mark.parametrize("name", RULE_SETS)
@SETTINGS
@given(positions)
def test_the_decision_and_the_fast_lists_agree_on_every_card(name: str, pos: tuple[int, int, int]) -> None:
    hand = position(name, *pos)
    legal = set(hand.law.legal_plays())
    for seat in range(hand.seats):
        for card in CARDS:
            ruled = rule_on(hand.law, seat, card)
            assert ruled.allowed == ((seat, card) in legal), (name, pos, seat, card.face, ruled)
            if not ruled.allowed:
                assert ruled.told and ruled.rule, ruled
                assert ruled.private is None or ruled.player == hand.names[seat]


def test_the_issues_pair_reads_the_same_and_only_the_leader_hears_why(cli: Cli) -> None:
    cli.ok("table", "new", "fridays", "--rules", "modern-stops", "--players", "Ann,Bob,Cat,Dan")
    cli.ok("deal", "--seed", "42")
    cli.ok("lead", "AS")  # Bob; Ann plays 2♠ and the run stops: Ann leads
    held_lower = cli.fails(3, "lead", "10S")  # Ann holds 4♠, lower
    lacked = cli.fails(3, "lead", "9S")  # Ann does not hold 9♠
    assert held_lower.replace("10♠", "X").replace("10S", "X") == lacked.replace("9♠", "X").replace("9S", "X")
    assert held_lower.startswith("popejoan: Ann cannot lead 10♠ now\n")
    assert "4♠" not in held_lower and "hold 9" not in lacked
    assert "Why not 10♠: you hold 4♠, lower in that suit." in cli.ok("hand", "show", "Ann", "--why", "10S").stdout
    assert "Why not 9♠: you do not hold 9♠." in cli.ok("hand", "show", "Ann", "--why", "9S").stdout
    assert "You may play 4♠ now." in cli.ok("hand", "show", "Ann", "--why", "4S").stdout
    assert cli.ok("hand", "show", "Ann", "--why", "10S", "--json").stdout.count('"allowed": false') == 1



@pytest.mark.parametrize("name", RULE_SETS)
@SETTINGS
@given(positions)
def test_on_a_real_decks_hand_too_the_decision_and_the_lists_agree(name: str, pos: tuple[int, int, int]) -> None:
    """The same agreement on a real deck's hand recorded card by card (only hand sizes known), where
    nothing is hidden from the table: every refusal there is public and has no private part."""
    known = position(name, *pos)
    seats, dealer = known.seats, known.dealer
    dealt = seeded_deal(known.rules, seats, dealer, pos[1])
    real = Hand.unseen(known.rules, seats, dealer, Board(known.rules), [len(h) for h in dealt.hands],
                       len(dealt.spare or ()), dealt.turnup, dealt.turnup_holder)
    for p in known.plays:
        if p.lead and real.law.can_call_stop():
            real.call_stop()
        real.play(p.seat, p.card)
    legal = set(real.law.legal_plays())
    for seat in range(seats):
        for card in CARDS:
            ruled = rule_on(real.law, seat, card)
            assert ruled.allowed == ((seat, card) in legal), (name, pos, seat, card.face, ruled)
            assert ruled.private is None
