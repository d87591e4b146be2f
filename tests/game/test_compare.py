"""Paired comparisons (`game.compare`): each side is the very run `simulate` plays, the difference is A − B deal
by deal, any number of processes gives the same numbers, and pairing narrows the interval."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from popejoan_cli.formats.presets import preset
from popejoan_cli.game.compare import compare
from popejoan_cli.game.rules import from_data
from popejoan_cli.game.simulate import CHUNK, simulate

RULES = preset("modern-stops")


def variant(base: str, doc: dict[str, Any]) -> Any:
    rules, problems = from_data(doc, None, preset(base))
    assert rules is not None, problems
    return rules


LIEU = variant("modern-stops", {"play": {"pope_in_lieu": True}})


def test_each_side_is_the_run_simulate_plays_and_the_difference_is_a_minus_b() -> None:
    hands = 2 * CHUNK + 13
    bots = ["good", "simple", "good", "simple"]
    done = compare(LIEU, RULES, 4, hands, 5, bots)
    doc = done.to_json()
    assert doc["a"] == simulate(LIEU, 4, hands, 5, bots).to_json()
    assert doc["b"] == simulate(RULES, 4, hands, 5, bots).to_json()
    ta, tb = done.a.tally, done.b.tally
    for p, seat in enumerate(doc["difference"]["seats"]):  # the paired mean is the difference of the means
        assert done.pair.net[p] == ta.net[p] - tb.net[p]
        assert abs(seat["mean"] - (ta.net[p] - tb.net[p]) / hands) < 1e-4
    assert done.pair.edge == ta.edge - tb.edge
    assert doc["deals"] == hands and doc["turns"] == 1 and doc["comparison"] == "rules"


def test_the_same_rules_against_themselves_differ_by_nothing() -> None:
    doc = compare(RULES, RULES, 3, 150, 2, ["good"]).to_json()
    for seat in doc["difference"]["seats"]:
        assert (seat["mean"], seat["low"], seat["high"], seat["clear"]) == (0.0, 0.0, 0.0, False)
    assert all(p["paid_per_hand"]["mean"] == 0.0 for p in doc["difference"]["pots"])


def test_one_process_or_two_give_the_same_json() -> None:
    one = compare(LIEU, RULES, 4, 3 * CHUNK + 1, 9, ["good"], processes=1).to_json()
    two = compare(LIEU, RULES, 4, 3 * CHUNK + 1, 9, ["good"], processes=2).to_json()
    assert one == two


def test_line_ups_are_turned_round_the_table_so_every_position_holds_every_seat() -> None:
    done = compare(RULES, RULES, 4, 120, 1, ["simple", "good", "simple", "good"], ["good"])
    doc = done.to_json()
    assert doc["comparison"] == "bots" and doc["turns"] == 4
    assert doc["a"]["hands"] == doc["b"]["hands"] == 480
    # B is good everywhere: turning it changes nothing, so each position's result is one good seat's average
    # over every seat, the same for all four positions
    b = [s["mean"] for s in doc["b"]["seats"]]
    assert max(b) - min(b) < 1e-9
    # A's positions 1 and 3 are both simple, and meet the same seats at the same turns: the same result
    a = doc["a"]["seats"]
    assert a[0]["mean"] == a[2]["mean"] and a[1]["mean"] == a[3]["mean"]
    seats = doc["difference"]["seats"]
    assert seats[0]["clear"] and seats[0]["mean"] < 0 < seats[1]["mean"]  # simple loses to good, clearly
    assert done.a.tally.conservation == done.b.tally.conservation == 0


def test_pairing_narrows_the_interval_on_the_difference() -> None:
    """The paired interval is well inside the one two independent runs of as many hands give (a rule change that
    moves counters but not the play: the pairs shared)."""
    split = variant("modern-stops", {"play": {"pairs": "split"}})
    doc = compare(split, RULES, 4, 600, 3, ["good"]).to_json()
    for seat in doc["difference"]["seats"]:
        half = (seat["high"] - seat["low"]) / 2
        assert 0 < half < 0.6 * seat["unpaired"], seat


def test_a_pot_only_one_side_has_is_compared_with_nothing() -> None:
    michigan = preset("michigan")
    doc = compare(RULES, michigan, 4, 100, 4, ["simple"]).to_json()
    pots = [p["pot"] for p in doc["difference"]["pots"]]
    assert pots[: len(RULES.pots)] == [p.name for p in RULES.pots]
    assert set(pots) == {p.name for p in RULES.pots} | {p.name for p in michigan.pots}


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(3, 6),
       lieu=st.booleans(), pairs=st.sampled_from(["same-player", "split"]), per_card=st.integers(0, 3))
def test_any_two_rule_sets_conserve_counters_and_pair_exactly(seed: int, players: int, lieu: bool, pairs: str,
                                                              per_card: int) -> None:
    other = variant("modern-stops", {"play": {"pope_in_lieu": lieu, "pairs": pairs}, "settle": {"per_card": per_card}})
    done = compare(other, RULES, players, 40, seed, [("good", "simple")[k % 2] for k in range(players)])
    assert done.a.tally.conservation == done.b.tally.conservation == 0
    assert done.pair.net == [x - y for x, y in zip(done.a.tally.net, done.b.tally.net, strict=True)]
    assert sum(done.pair.pot.values()) == sum(done.a.tally.pot_amount.values()) - sum(done.b.tally.pot_amount.values())
