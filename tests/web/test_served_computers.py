"""Computers at a served table (issue 41, `web/seated.py`): under `serve`, a computer whose lead it is leads by
itself after the pause the table's pace gives, whether a page's lead, a command typed at the terminal or a
restart handed it the lead; the pace is kept in the journal (`PaceChosen`); "step" waits for the board's tap; a
computer's seat has no link, no page, and is marked a computer on every page; and nothing any page returns
before the hand ends depends on a card it may not see, the computers' hands included (non-interference).

The app runs in-process (Starlette's test client); the pause is shortened here (`quick`) where the pace itself is
not what is tested. A test waits for states, never for a time, except where it shows that nothing happens.
"""

from __future__ import annotations

import contextlib
import copy
import json
import random
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
from seeing import cards_in, hidden_from, names
from starlette.testclient import TestClient

from conftest import Cli
from popejoan_cli.cli.serve_cmd import LOCK
from popejoan_cli.game.hand import Hand
from popejoan_cli.store import disk, journal, tables
from popejoan_cli.table import fold, moves, undo
from popejoan_cli.table.events import CardLed, PaceChosen
from popejoan_cli.table.view import HandRecord, TableView
from popejoan_cli.web import seated
from popejoan_cli.web.app import make_app
from popejoan_cli.web.links import Links, make_links, seats_of
from popejoan_cli.web.words import board_json, seat_json

MIXED = ("table", "new", "fam", "--rules", "modern-stops", "--players", "Ann,Bob", "--computers", "2",
         "--level", "good")
PEOPLE = ("Ann", "Bob")
WAIT = 10.0
"""Seconds a state may take to come (a loaded machine): a test waits for it, never this long when all is well."""


@pytest.fixture
def mixed(cli: Cli) -> Path:
    """Ann, Bob, Computer 1 and Computer 2 at one table, no hand dealt yet: its folder."""
    cli.ok(*MIXED)
    return tables.folder()


@pytest.fixture
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    """The computers' pause shortened to 10 ms (still stretched by the pace): the tests play many leads."""
    monkeypatch.setattr(seated, "pause", lambda view, speed, pace: 0.01)


@contextlib.contextmanager
def served(folder: Path) -> Iterator[None]:
    """`serve.lock` held as a running `popejoan serve` holds it: the terminal leaves the computers to the server."""
    with disk.locked(folder, 0, name=LOCK):
        yield


def view_of(folder: Path) -> TableView:
    return tables.view(folder, note=False)[0]


def wait_for(ok: Callable[[], Any], what: str) -> Any:
    """`ok()` once it is true (a state the server reaches by itself), within `WAIT` seconds."""
    deadline = time.monotonic() + WAIT
    while not (got := ok()):
        assert time.monotonic() < deadline, what
        time.sleep(0.01)
    return got


def links_for(view: TableView) -> Links:
    return make_links(list(seats_of(view)), seats=seats_of(view))


class Pages:
    """The board's and each person's page of one served table, through the test client."""

    def __init__(self, client: TestClient, links: Links) -> None:
        self.client, self.links = client, links

    def state(self, who: str | None = None) -> dict[str, Any]:
        url = f"/b/{self.links.board}/state" if who is None else f"/p/{self.links.players[who]}/state"
        got: dict[str, Any] = self.client.get(url).json()
        return got

    def pace(self, body: dict[str, Any], who: str | None = None) -> Any:
        url = f"/b/{self.links.board}/pace" if who is None else f"/p/{self.links.players[who]}/pace"
        return self.client.post(url, json=body)

    def lead(self, state: dict[str, Any]) -> None:
        """The person on lead taps their first legal card, as the board's `state` shows the table."""
        who = state["lead"]
        mine = self.state(who)
        if mine["seq"] != state["seq"] or not mine["you"]["legal"]:
            return  # the table moved on (a computer played the Pope in lieu): look again
        self.client.post(f"/p/{self.links.players[who]}/lead", json={"card": mine["you"]["legal"][0],
                                                                      "seq": mine["seq"]})

    def past(self, seq: int, what: str) -> None:
        """Wait until the table has moved past `seq`."""
        wait_for(lambda: self.state()["seq"] != seq, what)

    def play_out(self) -> dict[str, Any]:
        """The people lead whenever it is theirs; the computers by themselves: the board's state once it is over."""
        deadline = time.monotonic() + 6 * WAIT
        while not (state := self.state())["over"]:
            assert time.monotonic() < deadline, "the hand never ended"
            if state["lead"] in PEOPLE:
                self.lead(state)
            else:
                self.past(state["seq"], "a computer never led")
        return state


@contextlib.contextmanager
def pages(folder: Path) -> Iterator[Pages]:
    links = links_for(view_of(folder))
    with TestClient(make_app(folder, links, poll=0.01)) as client:
        yield Pages(client, links)


def computers_leads(folder: Path) -> list[CardLed]:
    return [e for _, e in journal.load(folder).events if isinstance(e, CardLed) and e.level]


def test_the_computers_lead_by_themselves_after_the_pages_leads_to_the_hands_end(cli: Cli, mixed: Path,
                                                                                  quick: None) -> None:
    with served(mixed):
        cli.ok("deal", "--seed", "5")
        with pages(mixed) as table:
            state = table.play_out()
    assert state["settlement"] is not None
    led = computers_leads(mixed)
    assert led and {e.player for e in led} <= {"Computer 1", "Computer 2"} and {e.level for e in led} == {"good"}
    view = view_of(mixed)
    assert view.hands[-1].closed and set(view.balances) == {"Ann", "Bob", "Computer 1", "Computer 2"}
    assert all(e.page for _, e in view.effective if isinstance(e, CardLed) and not e.level)  # the people tapped


def test_a_command_typed_at_the_terminal_hands_the_lead_to_the_served_computers(cli: Cli, mixed: Path,
                                                                                 quick: None) -> None:
    told = []
    with served(mixed), pages(mixed) as table:
        told.append(cli.ok("deal", "--seed", "5").stdout)
        deadline = time.monotonic() + 6 * WAIT
        while not (state := table.state())["over"]:
            assert time.monotonic() < deadline, "the hand never ended"
            if state["lead"] in PEOPLE:
                led = moves.lowest(view_of(mixed))
                assert led is not None and led.player == state["lead"]
                told.append(cli.ok("lead", led.card).stdout)
            else:
                table.past(state["seq"], "a computer never led")
    said = "".join(told)
    assert "leads at the table's pace: `popejoan serve` plays the computers while it runs" in said
    assert not re.search(r"Computer \d leads \S*[♣♦♥♠]", said)  # the server led for them, not the terminal
    assert computers_leads(mixed)


def test_a_server_started_again_mid_hand_plays_the_computer_whose_lead_it_is(cli: Cli, mixed: Path,
                                                                              quick: None) -> None:
    with served(mixed):  # a server that stopped mid-hand: the terminal left the computers to it
        cli.ok("deal", "--seed", "5")
        for _ in range(20):
            view = view_of(mixed)
            rec = view.open_hand
            assert rec is not None
            if rec.players[rec.hand.law.lead_seats()[0]] in view.computers:
                break
            led = moves.lowest(view)
            assert led is not None
            cli.ok("lead", led.card)
    seq = view_of(mixed).last_seq
    with pages(mixed) as table:
        wait_for(lambda: table.state()["seq"] != seq, "the computer on lead never led after the restart")
    assert computers_leads(mixed)


def test_the_pace_is_kept_in_the_journal_and_step_waits_for_the_boards_tap(cli: Cli, mixed: Path) -> None:
    with served(mixed), pages(mixed) as table:
        assert table.state()["computers"] == {"names": ["Computer 1", "Computer 2"], "pace": "normal"}
        assert table.pace({"speed": "fast"}).json() == {"ok": True, "speed": "fast"}
        assert table.pace({"speed": "slow"}, "Bob").json() == {"ok": True, "speed": "slow"}  # a person's page too
        assert table.pace({"speed": "warp"}).status_code == 400
        assert table.pace({"step": True}).status_code == 400  # a tap says which state it answers
        assert table.pace({"speed": "step"}).json()["speed"] == "step"
        assert [e.speed for _, e in journal.load(mixed).events if isinstance(e, PaceChosen)] == ["fast", "slow",
                                                                                                "step"]
        cli.ok("deal", "--seed", "5")
        while (state := table.state())["lead"] in PEOPLE:
            table.lead(state)
            table.past(state["seq"], "a person's lead was not recorded")
        seq = state["seq"]
        assert state["lead"] in ("Computer 1", "Computer 2") and state["computers"]["pace"] == "step"
        time.sleep(0.3)  # nothing happens without a tap (this shows an absence: no state to wait for)
        assert table.state()["seq"] == seq
        table.pace({"step": True, "seq": seq - 1})  # a tap on a page drawn before: it leads nobody
        time.sleep(0.1)
        assert table.state()["seq"] == seq
        assert table.pace({"step": True, "seq": seq}).json()["ok"]
        wait_for(lambda: table.state()["seq"] != seq, "the tap let no computer lead")
    last = journal.load(mixed).events[-1][1]
    assert isinstance(last, CardLed) and last.player == state["lead"] and last.level == "good"
    view = view_of(mixed)
    assert view.pace == "step" and not any(isinstance(e, PaceChosen) for c in undo.commands(view) for _, e in c)


def test_a_pace_that_is_none_of_the_four_is_refused_by_the_fold(mixed: Path) -> None:
    with pytest.raises(Exception, match="is not a pace"):
        tables.record(lambda view: [PaceChosen(speed="warp")], where=mixed)
    assert fold.replay(journal.load(mixed).events).pace == "normal"


def test_a_computer_has_no_link_and_no_page(cli: Cli, mixed: Path) -> None:
    view = view_of(mixed)
    assert seats_of(view) == {"Ann": 0, "Bob": 0}
    links = links_for(view)
    links.players["Computer 1"] = "a-computers-token"  # as if a person's link had been kept under its name
    cli.ok("deal", "--seed", "5")
    with TestClient(make_app(mixed, links, poll=0.01)) as client:
        for path in ("", "/state", "/words", "/hint"):
            assert client.get(f"/p/a-computers-token{path}").status_code == 404
        assert client.post("/p/a-computers-token/lead", json={"card": "2S", "seq": 1}).status_code == 404
        board = client.get(f"/b/{links.board}/state").json()
    shown = {p["name"]: p["computer"] for p in board["players"]}
    assert shown == {"Ann": False, "Bob": False, "Computer 1": True, "Computer 2": True}


# ------------------------------------------------------------------ non-interference, the computers' hands too
def shuffled_hidden(rec: HandRecord, seat: int | None, rng: random.Random) -> Hand:
    """A copy of the hand with every card `seat` (None: the board) may not see shuffled among their places
    (`seeing.hidden_from`): the other hands, the computers' among them, and the spare hand."""
    hand = rec.hand
    other = copy.deepcopy(hand)
    cards = sorted(hidden_from(rec, seat))
    places = [hand.holder[c] for c in cards]
    rng.shuffle(places)
    for c, place in zip(cards, places, strict=True):
        other.holder[c] = place
    other.holding = [set(hand.ordered[k]) if k == seat else {c for c in range(52) if other.holder[c] == k}
                     for k in range(other.seats)]
    return other


def screens(view: TableView) -> dict[str | None, str]:
    """What every page of a person (and the board's) is sent now, as its JSON text."""
    out: dict[str | None, str] = {None: json.dumps(board_json(view), ensure_ascii=False, sort_keys=True)}
    for name in PEOPLE:
        out[name] = json.dumps(seat_json(view, name), ensure_ascii=False, sort_keys=True)
    return out


@pytest.mark.parametrize("seed", ["5", "11"])
def test_permuting_every_card_a_page_may_not_see_changes_nothing_it_is_sent(cli: Cli, mixed: Path,
                                                                            seed: str) -> None:
    cli.ok("deal", "--seed", seed)  # no server: the computers lead at once after each command, as typed
    steps = 0
    while (view := view_of(mixed)).open_hand is not None:
        rec = view.open_hand
        sent = screens(view)
        for who in (None, *PEOPLE):
            seat = None if who is None else rec.players.index(who)
            leaked = cards_in(sent[who]) & hidden_from(rec, seat)
            assert not leaked, f"{who or 'the board'} is shown {names(leaked)}"
            for k in range(3):
                again = view_of(mixed)
                shown = again.open_hand
                assert shown is not None
                shown._hand = shuffled_hidden(rec, seat, random.Random(f"{seed}:{steps}:{k}"))
                assert screens(again)[who] == sent[who], f"{who or 'the board'}'s page tells a hidden card"
        led = moves.lowest(view)
        assert led is not None and led.player in PEOPLE  # the computers led by themselves
        cli.ok("lead", led.card)
        steps += 1
    assert steps and view.hands[-1].closed


def test_a_russian_page_marks_a_computer_in_russian() -> None:
    from popejoan_cli.render import i18n
    from popejoan_cli.web.words import page_words

    i18n.use("ru")
    try:
        words = page_words("ru")["words"]
    finally:
        i18n.use("en")
    assert words["{player} (computer)"] == "{player} (компьютер)"
    assert words["The computer leads"] == "Ход компьютера"
