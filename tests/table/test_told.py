"""What the table may be told of an open hand: `table.view.told_reason` and `told_seed`.

`history --json` shows these; the referee's own record keeps the true reason.
"""

from __future__ import annotations

from popejoan_cli.formats.presets import preset
from popejoan_cli.game.board import Board
from popejoan_cli.game.cards import SPARE, Card, Dealt, canonical_deck
from popejoan_cli.game.hand import Hand
from popejoan_cli.game.rules import HouseRules, from_data
from popejoan_cli.table.view import HandRecord, told_reason, told_seed

PLAYERS = ["Ann", "Bob", "Cat"]


def rules(follow: str) -> HouseRules:
    got, problems = from_data({"play": {"follow": follow}}, base=preset("modern-stops"))
    assert not problems and got is not None, problems
    return got


def record(follow: str) -> HandRecord:
    """Ann leads 2♣ and stops: 3♣ lies in the spare hand (every card not dealt below)."""
    r = rules(follow)
    given = tuple(tuple(Card.parse(w) for w in h.split()) for h in ("2C 5H", "4C 6H", "7H 9S"))
    used = {x for h in given for x in h}
    up = Card.parse("2D")
    spare = tuple(x for x in canonical_deck(r.removed) if x not in used)
    hand = Hand.deal(r, 3, 2, Board(r, {}), Dealt(hands=given, spare=spare, turnup=up, turnup_holder=SPARE))
    hand.play(0, Card.parse("2C"))
    assert [s.reason for s in hand.stops] == ["spare"]
    return HandRecord(1, 1, 42, "Cat", PLAYERS, hand=hand)


def test_an_open_clockwise_hand_tells_a_spare_stop_as_not_in_turn() -> None:
    rec = record("clockwise")
    assert told_reason(rec, "spare") == "not-in-turn"
    assert told_reason(rec, "top") == "top"
    assert told_seed(rec) is None


def test_a_closed_hand_tells_the_truth() -> None:
    rec = record("clockwise")
    rec.closed = True
    assert told_reason(rec, "spare") == "spare"
    assert told_seed(rec) == 42


def test_without_clockwise_follow_the_spare_hand_is_named() -> None:
    rec = record("holder")
    assert told_reason(rec, "spare") == "spare"
    assert told_seed(rec) is None
