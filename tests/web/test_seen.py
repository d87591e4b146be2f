"""`table.seen` and the web layer's words: what each screen may be shown.

Hands are played out step by step through a table's journal (`store.autoplay`, as `popejoan lead`
records them) under several rule sets, and at every step, for every seat, the JSON a player's page
is sent names no card another player holds or the spare hand holds that the table has not seen,
and the board's JSON names none held by anyone. The legal leads are the referee's own, and a real
deck's hands are nobody's to show.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("starlette")

from seeing import cards_in, hidden_from, names

from popejoan_cli.formats.presets import preset
from popejoan_cli.game.cards import CARDS
from popejoan_cli.game.rules import HouseRules, from_data
from popejoan_cli.store import autoplay, tables
from popejoan_cli.table import seen
from popejoan_cli.table.events import RealHandDealt, TableOpened
from popejoan_cli.table.view import TableView
from popejoan_cli.web.words import board_json, seat_json

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


def rules_named(name: str) -> HouseRules:
    """A preset, or `clockwise-spare`: modern-stops with clockwise follow, where a stop at the spare
    hand is told only as "the next player does not hold it"."""
    if name != "clockwise-spare":
        return preset(name)
    rules, problems = from_data({"play": {"follow": "clockwise"}}, None, preset("modern-stops"))
    assert rules is not None, problems
    return rules


def open_table(where: Path, rules: HouseRules, players: list[str] = PLAYERS) -> None:
    tables.record(lambda view: [TableOpened(name="t", rules=rules.to_dict(), rules_name=rules.name,
                                            players=players, counters=50, dealer=players[-1])],
                  where=where, create=True)


def check_step(view: TableView) -> int:
    """Every screen's JSON at this step against what it may show; the number of open-hand checks made."""
    rec = seen.shown_hand(view)
    if rec is None:
        return 0
    if rec.closed:
        state = board_json(view)
        assert state["over"] and state["seed"] == str(rec.seed)
        assert state["settlement"] is not None and state["settlement"]["net"] == dict(zip(rec.players, rec.hand.net,
                                                                                       strict=True))
        return 0
    board = board_json(view)
    assert board["seed"] is None and board["settlement"] is None and not board["over"]
    for state in (board, seen.board_state(view)):
        shown = cards_in(json.dumps(state, ensure_ascii=False)) & hidden_from(rec, None)
        assert not shown, f"the board shows {names(shown)}"
    for seat, player in enumerate(rec.players):
        for state in (seat_json(view, player), seen.seat_state(view, player)):
            text = json.dumps(state, ensure_ascii=False)
            shown = cards_in(text) & hidden_from(rec, seat)
            assert not shown, f"{player}'s page shows {names(shown)}"
            assert state["seed"] is None
            you = state["you"]
            assert you["hand"] == [str(c) for c in seen.own_cards(rec.hand, seat)]
            assert sorted(you["hand"]) == names(rec.hand.holding[seat])
    return 1


SEEN_CASES = [("clockwise-spare", 1), ("clockwise-spare", 42), ("modern-stops", 1), ("boodle", 42),
              ("michigan", 42), ("hoyle", 7), ("newmarket", 42)]
"""Two seeds where a stop at the spare hand is told only as "the next player does not hold it", one for each
other rule set."""


@pytest.mark.parametrize(("rules_name", "seed"), SEEN_CASES, ids=[f"{seed}-{rules}" for rules, seed in SEEN_CASES])
def test_no_screen_shows_a_card_it_has_not_seen_at_any_step(tmp_path: Path, rules_name: str, seed: int) -> None:
    where = tmp_path / "t"
    open_table(where, rules_named(rules_name))
    checked = []
    view = tables.view(where)[0]
    for k in range(2):  # two hands: the second starts with the first's history and seed told
        view = autoplay.play_hand(where, seed + k, told=lambda v, marks: checked.append(check_step(v)))
        check_step(view)
    assert sum(checked) >= 4, "too few steps were checked with a hand open"
    assert [h["seed"] for h in board_json(view)["history"]] == [str(seed), str(seed + 1)]


@pytest.mark.parametrize("rules_name", ["modern-stops", "boodle", "michigan"])
def test_the_legal_leads_are_the_referees(tmp_path: Path, rules_name: str) -> None:
    where = tmp_path / "t"
    open_table(where, rules_named(rules_name))
    leads = 0

    def check(view: TableView, marks: object) -> None:
        nonlocal leads
        rec = view.open_hand
        if rec is None:
            return
        hand = rec.hand
        for seat, player in enumerate(rec.players):
            you = seen.seat_state(view, player)["you"]
            if seat in hand.law.lead_seats():
                leads += 1
                assert you["your_lead"] and seen.board_state(view)["lead"] == player
                assert you["legal"] == [str(CARDS[c]) for c in hand.law.legal_leads(seat)]
                for card in you["hand"]:
                    refused = hand.refusal(seat, CARDS[int(next(c for c in CARDS if str(c) == card))])
                    assert (refused is None) == (card in you["legal"]), (card, refused)
            else:
                assert not you["your_lead"] and you["legal"] == []

    autoplay.play_hand(where, 5, told=check)
    assert leads >= 2


def test_the_runs_stops_and_awards_are_told_as_the_command_line_tells_them(tmp_path: Path) -> None:
    where = tmp_path / "t"
    open_table(where, preset("modern-stops"))
    view = autoplay.play_hand(where, 42)
    rec = view.hands[-1]
    state = board_json(view)
    plays = [(c["player"], c["card"]) for run in state["runs"] for c in run["cards"]]
    assert plays == [(rec.players[p.seat], str(p.card)) for p in rec.hand.plays]
    assert all(run["cards"][0]["player"] == run["leader"] for run in state["runs"])
    stops = [run["stop"] for run in state["runs"] if run["stop"] is not None]
    assert [s["card"] for s in stops] == [str(s.card) for s in rec.hand.stops]
    assert all(s["why"].startswith("Stop at ") for s in stops)
    assert [(a["pot"], a["player"], a["counters"]) for a in state["awards"]] == [
        (a.pot, rec.players[a.seat], a.amount) for a in rec.hand.awards]
    assert [p["counters"] for p in state["pots"]] == [view.board[p.name] for p in view.the_rules().pots]
    assert [p["balance"] for p in state["players"]] == [view.balances[p] for p in view.players]
    assert state["said"].splitlines()[0].startswith(rec.players[rec.hand.plays[-1].seat]) or "leads" in state["said"]


def test_a_real_deck_hand_shows_no_hand_and_no_counts(tmp_path: Path) -> None:
    where = tmp_path / "t"
    open_table(where, preset("modern-stops"))
    view = tables.record(lambda v: [RealHandDealt(dealer=v.next_dealer, turnup="8H")], where=where).view
    for player in PLAYERS:
        state = seat_json(view, player)
        assert state["real"] is True
        assert state["you"]["hand"] is None and state["you"]["legal"] == []
        assert all(p["held"] is None for p in state["players"])
        assert state["turnup"] == "8H"
        assert cards_in(state) == {int(next(c for c in CARDS if str(c) == "8H"))}


def test_between_hands_there_is_no_hand_to_show(tmp_path: Path) -> None:
    where = tmp_path / "t"
    open_table(where, preset("modern-stops"))
    view = tables.view(where)[0]
    state = seat_json(view, "Ann")
    assert state["hand"] is None and state["phase"] == "none" and state["you"]["hand"] is None
    assert state["next_dealer"] == "Dan" and state["runs"] == [] and state["said"] == ""
    with pytest.raises(KeyError):
        seen.seat_state(view, "Eve")


def test_once_a_hand_is_over_your_page_keeps_what_you_were_left_with(tmp_path: Path) -> None:
    """The end of a hand: each player's page shows the cards they were left with (theirs alone), until
    the next deal; nobody may lead."""
    folder = tmp_path / "t"
    tables.record(lambda v: [TableOpened(name="t", rules=preset("modern-stops").to_dict(),
                                         rules_name="modern-stops", players=list(PLAYERS), counters=50,
                                         dealer=PLAYERS[0])], where=folder, create=True)
    view = autoplay.play_hand(folder, 42)
    rec = view.hands[-1]
    assert rec.closed and view.open_hand is None
    for seat, name in enumerate(rec.players):
        you = seen.seat_state(view, name)["you"]
        left = sorted(str(c) for c in rec.hand.observe(seat).own)
        assert you["left"] is True and sorted(you["hand"]) == left and you["legal"] == [] and not you["your_lead"]
        assert (len(left) == 0) == (seat == rec.hand.out)


def test_the_pope_in_lieu_is_offered_on_its_holders_page_alone(tmp_path: Path) -> None:
    """Peel's Pope in lieu of a stop (docs/house-rules.md: play.pope_in_lieu): after a stop, the Pope's holder off
    lead finds it playable on his own page and leads it through the server's check; nobody else's page changes."""
    from popejoan_cli.game.cards import Card
    from popejoan_cli.web.app import leading

    rules, problems = from_data({"play": {"pope_in_lieu": True}}, None, preset("modern-stops"))
    assert rules is not None, problems
    where = tmp_path / "t"
    open_table(where, rules)
    view = autoplay.deal(where, 3)
    while view.open_hand is not None and view.open_hand.hand.law.lieu_seat() in (-1, view.open_hand.hand.leader):
        view = autoplay.lead_lowest(where)
    rec = view.open_hand
    assert rec is not None, "seed 3 gives a chance for the Pope in lieu"
    holder = rec.players[rec.hand.law.lieu_seat()]
    for player in rec.players:
        you = seen.seat_state(view, player)["you"]
        if player == holder:
            assert you["your_lead"] and you["legal"] == ["9D"]
        elif player != rec.players[rec.hand.leader]:
            assert not you["your_lead"] and you["legal"] == []
    assert seen.board_state(view)["lead"] == rec.players[rec.hand.leader]
    check_step(view)
    view = tables.record(leading(holder, view.last_seq, Card.parse("9D")), where=where).view
    runs = board_json(view)["runs"]
    assert any(run["leader"] == holder and run["cards"][0]["card"] == "9D" for run in runs)
    check_step(view)


def test_between_hands_the_standings_mark_who_deals_next(tmp_path: Path) -> None:
    """Once a hand is over, "(deals)" is the next hand's dealer, as the turn line's "Ann deals next." says, not
    the last hand's; while a hand is open, its own dealer."""
    where = tmp_path / "t"
    open_table(where, preset("modern-stops"))
    view = autoplay.play_hand(where, 7)
    marked = [p["name"] for p in board_json(view)["players"] if p["dealer"]]
    assert marked == [view.next_dealer] and view.next_dealer != view.hands[-1].dealer
    view = autoplay.deal(where, 8)
    rec = view.open_hand
    assert rec is not None
    marked = [p["name"] for p in board_json(view)["players"] if p["dealer"]]
    assert marked == [rec.dealer]
