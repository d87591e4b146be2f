"""A refusal told to its own player (issue 38): the second person, and the rule in words, never a key's syntax.

The page of the refused player says the referee's decision to them (`practice_views.said_to`, `IllegalPlay.words`);
the table and the command line keep the third person and the key, as before."""

from __future__ import annotations

import pytest

from popejoan_cli.base.errors import IllegalPlay
from popejoan_cli.formats.presets import preset, preset_names
from popejoan_cli.game.board import Board
from popejoan_cli.game.cards import CARDS
from popejoan_cli.game.deal import seeded_deal
from popejoan_cli.game.hand import Hand
from popejoan_cli.game.ruling import lead_rules
from popejoan_cli.render import i18n
from popejoan_cli.render.practice_views import said_to

NAMES = ["Ann", "Bob", "Cat", "Dan"]


def _refused_leads(name: str) -> list[tuple[IllegalPlay, str, str]]:
    """Each refused lead of a leader's own card over a few seeded hands of preset `name`, as it was refused
    then: the refusal, its player, and the lead rules in force then in words."""
    rules = preset(name)
    found = []
    for seed in range(4):
        hand = Hand.deal(rules, 4, 3, Board(rules), seeded_deal(rules, 4, 3, seed))
        hand.names = NAMES
        while not hand.ended and hand.turn.phase == "lead":
            seat = hand.leader
            for c in hand.ordered[seat]:
                err = hand.refusal(seat, CARDS[c])
                if err is not None:
                    found.append((err, NAMES[seat], lead_rules(hand.law, words=True)))
            hand.lead(seat, hand.law.lowest_lead(seat))
    return found


@pytest.mark.parametrize("name", preset_names())
def test_a_refused_lead_is_told_to_its_player_in_words(name: str) -> None:
    refused = _refused_leads(name)
    if preset(name).play.lead == "any" and preset(name).play.change_suit == "no":
        assert refused == []  # no lead rule: every card a leader holds may be led
        return
    assert refused, "these rules refuse some lead of the leader's own cards"
    for err, who, words in refused:
        assert "play." not in err.words and "=" not in err.words, err.words
        assert str(err.words) in words  # all the lead rules in force, or the one that refused whatever was held
        assert said_to(err.message, who).startswith(("You cannot ", "You may not "))
        assert str(err.message).startswith((f"{who} cannot ", f"{who} may not "))  # the table's words stay
        i18n.use("ru")
        try:
            told = said_to(err.message, who).replace("\u00a0", " ")  # its words, as read
            assert told.startswith("Вы не можете "), told  # «Игрок Ann не может» put right
            assert "play." not in i18n.spoken_said(err.words)
        finally:
            i18n.use("en")


def test_words_about_somebody_else_stay_in_the_third_person() -> None:
    rules = preset("michigan")
    hand = Hand.deal(rules, 4, 3, Board(rules), seeded_deal(rules, 4, 3, 0))
    hand.names = NAMES
    other = (hand.leader + 1) % 4
    err = hand.refusal(other, CARDS[hand.ordered[other][0]])
    assert err is not None
    assert said_to(err.message, NAMES[other]) == f"You cannot lead {err.message.split('lead ', 1)[1]}"
    assert said_to(err.message, NAMES[hand.leader]) == str(err.message)
