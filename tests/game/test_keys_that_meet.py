"""Where two printed variants' keys meet (issue 36): the payments the sources' own sentences ask for.

Each key was tested alone against its source; these are the combinations where the referee once paid wrong.
"""

from __future__ import annotations

from popejoan_cli.base.records import replace
from popejoan_cli.formats.presets import preset
from popejoan_cli.game.board import Board
from popejoan_cli.game.cards import Card
from popejoan_cli.game.deal import seeded_deal
from popejoan_cli.game.hand import Hand
from popejoan_cli.game.rules import HouseRules


def with_keys(name: str, **values: object) -> HouseRules:
    rules = preset(name)
    return replace(rules, values={**rules.values, **values})


def test_the_called_first_lead_is_never_fined_as_an_improper_lead() -> None:
    """The Guardian: "the holder of 2♦ starts" — the rules choose that lead, so `play.improper_lead` (a fine for
    a lead that "breaks play.lead") cannot fine it, though an ace-low holder of A♦ breaks lowest-in-suit by it."""
    rules = with_keys("modern-stops", **{"play.first_lead": "2D", "play.improper_lead": "pay-each"})
    two, ace = Card.parse("2D"), Card.parse("AD")
    found = 0
    for seed in range(200):
        dealt = seeded_deal(rules, 4, 3, seed)
        holder = next((s for s, cards in enumerate(dealt.hands) if two in cards), None)
        if holder is None or ace not in dealt.hands[holder]:
            continue
        hand = Hand.deal(rules, 4, 3, Board(rules), dealt)
        assert hand.plays[0].card == two and hand.plays[0].seat == holder and hand.plays[0].lead
        while not hand.ended:
            hand.push(hand.leader, hand.law.lowest_lead(hand.leader), then=hand.law.lowest_policy())
        assert [p for p in hand.payments if p.why == "lead" and p.payer == holder] == [], seed
        found += 1
    assert found >= 3


PEEL_LIEU = {"deal.spare_hand": True, "deal.turnup": "out-of-play", "play.lead": "any", "play.follow": "holder",
             "play.pope_in_lieu": True}
"""The issue's rules: hoyle's, with a spare hand, the turn-up out of play and Peel's Pope in lieu of a stop."""


def lieu_hand(seed: int) -> Hand:
    rules = with_keys("hoyle", **PEEL_LIEU)
    hand = Hand.deal(rules, 4, 3, Board(rules), seeded_deal(rules, 4, 3, seed))
    hand.names = ["Ann", "Bob", "Cat", "Dan"]
    return hand


def test_the_pope_led_after_the_seven_of_diamonds_is_an_ordinary_lead() -> None:
    """Peel: "Pope Joan is sometimes allowed to be played at any time in lieu of a stop" — in lieu of the card
    the stop wanted, so that its run goes on from the card after it. After 7♦ (8♦ is out of the pack) the card
    after the missing 8♦ is the Pope itself: the Pope stands in for nothing, and its lead runs 10♦ to K♦, as it
    does without the key. (It once stood in for 8♦, and its run stopped at 8♦, "played", a card out of the pack.)"""
    hand = lieu_hand(58)
    hand.lead(0, Card.parse("7D"))
    assert hand.law.lieu_seat() == -1 and hand.leader == 0
    done = hand.lead(0, Card.parse("9D"))
    assert [str(p.card) for p in done.plays] == ["9D", "10D", "JD", "QD", "KD"]
    assert [(str(s.card), s.reason) for s in done.stops] == [("KD", "top")]
    assert hand.law.pope_in_lieu_of() == -1


def chance_for_the_leader() -> Hand:
    """Seed 1: Ann leads A♥, the run stops at 4♥ (5♥ in the spare hand), and Ann, on lead again, holds the Pope."""
    hand = lieu_hand(1)
    hand.lead(0, Card.parse("AH"))
    assert hand.stops[-1].card == Card.parse("4H") and hand.stops[-1].reason == "spare"
    assert hand.leader == 0 and hand.law.lieu_seat() == 0
    return hand


def test_the_leader_holding_the_pope_chooses_in_lieu_or_an_ordinary_lead() -> None:
    """"Sometimes allowed": the leader may still lead the Pope as an ordinary lead (`ordinary`); a non-leader
    holding it may only play it in lieu (docs/house-rules.md: play.pope_in_lieu)."""
    hand = chance_for_the_leader()
    lieu = hand.lead(0, Card.parse("9D"))  # the Pope stands in for 5♥; 6♥ lies in the spare hand too: a stop
    assert [(str(s.card), s.reason) for s in lieu.stops] == [("5H", "spare")]
    assert hand.law.pope_in_lieu_of() == Card.parse("5H")
    hand = chance_for_the_leader()
    plain = hand.lead(0, Card.parse("9D"), ordinary=True)
    assert str(plain.plays[1].card) == "10D" and hand.law.pope_in_lieu_of() == -1
    assert any(a.pot == "pope" and a.seat == 0 for a in plain.awards)


def test_a_pope_in_lieu_is_written_as_no_lead_in_the_hand_json() -> None:
    """docs/house-rules.md: "it is no lead". The hand JSON says so, and names the card it stood in for."""
    from popejoan_cli.formats.handjson import to_json

    hand = chance_for_the_leader()
    hand.lead(0, Card.parse("9D"))
    pope = next(p for p in to_json(hand, hand.names, "peel")["plays"] if p["card"] == "9D")
    assert pope == {"seat": "Ann", "card": "9D", "lead": False, "in_lieu_of": "5H"}
    ordinary = chance_for_the_leader()
    ordinary.lead(0, Card.parse("9D"), ordinary=True)
    assert {"seat": "Ann", "card": "9D", "lead": True} in to_json(ordinary, ordinary.names, "peel")["plays"]


def test_a_tally_is_kept_under_improper_lead_where_no_lead_rule_is_set() -> None:
    """A tally records no lead, so it is refused where leads may be fined; with `play.lead = "any"` and no change
    of suit no lead can be improper (`rules check` says `play.improper_lead` does nothing, game/inert.py), and a
    tally is kept as under any other rules."""
    import pytest

    from popejoan_cli.base.errors import IllegalPlay
    from popejoan_cli.game.state import HandKind

    def tally(rules: HouseRules) -> Hand:
        return Hand.unseen(rules, 4, 3, Board(rules), [12, 12, 12, 12], 3, None, None, kind=HandKind.TALLY)

    assert tally(with_keys("hoyle", **{"play.improper_lead": "pay-each"})).kind.name == "TALLY"
    with pytest.raises(IllegalPlay, match="fine an improper lead"):
        tally(with_keys("modern-stops", **{"play.improper_lead": "pay-each"}))
