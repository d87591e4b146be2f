"""The web app through Starlette's test client: tokens, leads, limits, headers, secrecy, streams, practice.

Each table is made with the command line (the `cli` fixture), so a lead posted on a page can be
compared with one typed at the command line, byte for byte in the journal.
"""

from __future__ import annotations

import json
import time
import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")

from seeing import cards_in, hidden_from, names

from conftest import Cli

with warnings.catch_warnings():  # starlette 1.x asks for httpx2 in place of httpx, which the test client still uses
    warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
    from starlette.testclient import TestClient

from popejoan_cli.formats.presets import preset
from popejoan_cli.game import bots
from popejoan_cli.game.cards import CARDS
from popejoan_cli.game.deal import session_seed
from popejoan_cli.store import journal, tables
from popejoan_cli.table import fold
from popejoan_cli.table.computer_leads import computer_lead
from popejoan_cli.table.events import CardLed, HandDealt
from popejoan_cli.web.app import STATIC, make_app
from popejoan_cli.web.links import Links, make_links
from popejoan_cli.web.practice import Practice, open_table

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
SECURITY = {"content-security-policy", "referrer-policy", "x-content-type-options", "cache-control"}


@dataclass
class Served:
    client: TestClient
    links: Links
    folder: Path

    def player(self, name: str, path: str = "") -> str:
        return f"/p/{self.links.players[name]}{path}"

    def board(self, path: str = "") -> str:
        return f"/b/{self.links.board}{path}"

    def journal(self) -> bytes:
        return (self.folder / journal.JOURNAL).read_bytes()

    def state(self, name: str) -> dict[str, Any]:
        got = self.client.get(self.player(name, "/state"))
        assert got.status_code == 200
        data: dict[str, Any] = got.json()
        return data


def new_table(cli: Cli, name: str = "fridays", seed: str = "42") -> Path:
    cli.ok("table", "new", name, "--rules", "modern-stops", "--players", ",".join(PLAYERS), "--dealer", "Dan",
           "--counters", "50")
    cli.ok("deal", "--seed", seed)
    return tables.folder()


@pytest.fixture
def served(cli: Cli) -> Iterator[Served]:
    folder = new_table(cli)
    links = make_links(PLAYERS)
    with TestClient(make_app(folder, links, poll=0.01)) as client:
        yield Served(client, links, folder)


def first_event(served: Served, url: str) -> dict[str, Any]:
    with served.client.stream("GET", url) as res:
        assert res.status_code == 200 and res.headers["content-type"].startswith("text/event-stream")
        for line in res.iter_lines():
            if line.startswith("data:"):
                data: dict[str, Any] = json.loads(line.removeprefix("data:"))
                return data
    raise AssertionError("the stream ended with no event")


def test_a_wrong_or_missing_token_is_404_and_says_nothing(served: Served) -> None:
    ann = served.links.players["Ann"]
    for url in ("/", "/p/", "/p/x/state", "/p/x/events", f"/b/{ann}/state",
                f"/p/{served.links.board}/state", f"/p/{ann}/nothing", "/s/player.html", "/s/../app.py",
                f"/p/{ann[:-1]}/state", f"/p/{ann}/lead", "/b/", "/b/x/events"):
        got = served.client.get(url)
        assert got.status_code == 404, url
        assert got.text == "Not found", url
        assert not any(n in got.text for n in PLAYERS) and ann not in got.text
    # A page's own address with a wrong token: one small page saying the link is not valid, the same
    # for every wrong token (a player's token on the board's address included), naming nobody.
    pages = {url: served.client.get(url) for url in ("/p/x", f"/b/{ann}", f"/p/{ann[:-1]}")}
    assert {(got.status_code, got.text) for got in pages.values()} == {(404, pages["/p/x"].text)}
    assert "not valid" in pages["/p/x"].text and "popejoan serve" in pages["/p/x"].text
    assert not any(n in pages["/p/x"].text for n in PLAYERS) and ann not in pages[f"/b/{ann}"].text
    for url in ("/p/x/lead", f"/b/{served.links.board}/lead", "/p/x/next"):
        got = served.client.post(url, json={"card": "AS", "seq": 2})
        assert got.status_code == 404 and got.text == "Not found", url


def test_every_response_carries_the_security_headers(served: Served) -> None:
    answers = [served.client.get(served.player("Ann")), served.client.get(served.player("Ann", "/state")),
               served.client.get(served.board()), served.client.get("/s/page.js"), served.client.get("/s/style.css"),
               served.client.get("/nowhere"),
               served.client.post(served.player("Bob", "/lead"), json={"card": "AS", "seq": 2})]
    for got in answers:
        assert set(got.headers) >= SECURITY, (got.url, got.headers)
        assert got.headers["referrer-policy"] == "no-referrer"
        assert got.headers["x-content-type-options"] == "nosniff"
        assert got.headers["cache-control"] == "no-store"
        assert got.headers["content-security-policy"].startswith("default-src 'self'")


def test_the_pages_load_nothing_from_elsewhere(served: Served) -> None:
    for url in (served.player("Ann"), served.board()):
        page = served.client.get(url)
        assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
        assert '<script src="/s/page.js" defer></script>' in page.text
        # The styles are in the page itself: nothing but the page holds back its first paint
        assert 'rel="stylesheet"' not in page.text and ".banner { position: fixed;" in page.text
        assert "http:" not in page.text and "https:" not in page.text and "//" not in page.text.replace("://", "")
    script = served.client.get("/s/page.js").text
    assert "EventSource" in script and "innerHTML" not in script and "http:" not in script and "https:" not in script


def test_the_pages_scripts_and_styles_come_compressed_to_a_browser_that_asks(served: Served) -> None:
    """gzip where the request accepts it (each asset compressed once), the bytes themselves where it does not;
    the event stream never (a proxy or a browser would hold it back to fill a compressed block)."""
    for name in ("page.js", "coach.js", "style.css", "live.css"):
        plain = (STATIC / name).read_bytes()
        asked = served.client.get(f"/s/{name}", headers={"Accept-Encoding": "gzip, br"})
        assert asked.headers["content-encoding"] == "gzip" and asked.headers["vary"] == "Accept-Encoding"
        assert asked.content == plain  # as the browser reads it once unpacked
        assert int(asked.headers["content-length"]) < len(plain) // 2, name
        bare = served.client.get(f"/s/{name}", headers={"Accept-Encoding": "identity"})
        assert "content-encoding" not in bare.headers and bare.content == plain
    for url in (served.player("Ann"), served.board()):  # the pages too, which hold the styles
        asked = served.client.get(url, headers={"Accept-Encoding": "gzip"})
        bare = served.client.get(url, headers={"Accept-Encoding": "identity"})
        assert asked.headers["content-encoding"] == "gzip" and asked.text == bare.text
        assert int(asked.headers["content-length"]) < len(bare.content) // 2, url
    with served.client.stream("GET", served.player("Ann", "/events"), headers={"Accept-Encoding": "gzip"}) as events:
        assert "content-encoding" not in events.headers
        assert events.headers["content-type"].startswith("text/event-stream")


def test_a_legal_lead_is_recorded_as_popejoan_lead_records_it(cli: Cli) -> None:
    web = new_table(cli, "web")
    typed = new_table(cli, "typed")
    links = make_links(PLAYERS)
    with TestClient(make_app(web, links, poll=0.01)) as client:
        seq = client.get(f"/p/{links.players['Ann']}/state").json()["seq"]
        got = client.post(f"/p/{links.players['Ann']}/lead", json={"card": "AS", "seq": seq})
    assert got.status_code == 200 and got.json()["ok"] is True
    assert got.json()["said"].startswith("Ann leads A♠")
    said = cli.ok("lead", "AS").stdout  # at the table `typed`, now the current one
    assert got.json()["said"].splitlines()[0] in said
    web_lines = (web / journal.JOURNAL).read_bytes().splitlines()
    typed_lines = (typed / journal.JOURNAL).read_bytes().splitlines()
    # The same event as the command line's, marked as a page's lead (`undo` asks before taking one back).
    web_events = [json.loads(line)["event"] for line in web_lines[1:]]
    assert web_events[-1] == {"card": "AS", "page": True, "player": "Ann", "type": "CardLed"}
    del web_events[-1]["page"]
    assert web_events == [json.loads(line)["event"] for line in typed_lines[1:]] and len(web_lines) == 3


def test_a_lead_out_of_turn_for_another_or_stale_is_refused_and_nothing_is_written(served: Served) -> None:
    seq = served.state("Ann")["seq"]
    before = served.journal()
    for who, body in (("Bob", {"card": "AS", "seq": seq}),                     # Ann's lead, from Bob's page
                      ("Bob", {"card": "AS", "seq": seq, "player": "Ann"}),    # naming Ann changes nothing
                      ("Ann", {"card": "AS", "seq": seq - 1})):                # a stale page
        got = served.client.post(served.player(who, "/lead"), json=body)
        assert got.status_code == 409, (who, body, got.text)
        assert set(got.json()) == {"error", "rule"}
        assert served.journal() == before
    first = served.client.post(served.player("Ann", "/lead"), json={"card": "AS", "seq": seq})
    assert first.status_code == 200
    after = served.journal()
    again = served.client.post(served.player("Ann", "/lead"), json={"card": "AS", "seq": seq})  # a double tap
    assert again.status_code == 409 and "moved on" in again.json()["error"]
    assert served.journal() == after


LEAD_RULE = 'a player leads a card they hold; play.lead = "lowest-in-suit"'
IN_WORDS = "a player leads a card they hold; a lead is the lowest card its leader holds in that suit"
"""The same rule as the refused player's own page says it: in words, not a key's syntax."""


def test_the_referee_refuses_a_lead_in_the_command_lines_words(served: Served, cli: Cli) -> None:
    seq = served.state("Ann")["seq"]
    before = served.journal()
    got = served.client.post(served.player("Ann", "/lead"), json={"card": "5S", "seq": seq})
    assert got.status_code == 409
    said = cli.fails(3, "lead", "5S")
    # The same refusal, told to Ann on her own page: the second person, and the rule in words
    assert got.json() == {"error": "You cannot lead 5♠ now", "rule": IN_WORDS,
                          "why": "you hold A♠, lower in that suit"}
    assert said == (f"popejoan: Ann cannot lead 5♠ now\n  rule: {LEAD_RULE}\n"
                    "  Ann alone may see why: `popejoan hand show Ann --why 5S`\n")
    # The reason is Ann's alone: her page and her `hand show --why` tell it; the table's words do not
    assert got.json()["why"] not in said and "lower" not in said
    assert cli.json("hand", "show", "Ann", "--why", "5S")["why"]["reason"] == got.json()["why"]
    # A card in the spare hand, or in Bob's: refused alike, never saying where it lies, nor (but to Ann) why.
    spare = served.client.post(served.player("Ann", "/lead"), json={"card": "3S", "seq": seq}).json()
    bobs = served.client.post(served.player("Ann", "/lead"), json={"card": "6H", "seq": seq}).json()
    assert spare == {"error": "You cannot lead 3♠ now", "rule": IN_WORDS, "why": "you do not hold 3♠"}
    assert bobs == {"error": "You cannot lead 6♥ now", "rule": IN_WORDS, "why": "you do not hold 6♥"}
    assert "spare" not in json.dumps(spare) and "Bob" not in json.dumps(bobs)
    # From another's page, even naming Ann, no reason of Ann's: Bob is refused for his own, public one
    for body in ({"card": "5S", "seq": seq}, {"card": "5S", "seq": seq, "player": "Ann"}):
        other = served.client.post(served.player("Bob", "/lead"), json=body)
        assert other.status_code == 409 and set(other.json()) == {"error", "rule"}, other.text
        assert "hold" not in other.text and "lower" not in other.text
    for name in PLAYERS:  # nor does any page's state keep a reason
        assert "why" not in served.state(name) and "lower in that suit" not in json.dumps(served.state(name))
    assert served.journal() == before


def test_bodies_over_a_kib_and_other_than_json_are_refused(served: Served) -> None:
    seq = served.state("Ann")["seq"]
    url = served.player("Ann", "/lead")
    before = served.journal()
    big = json.dumps({"card": "AS", "seq": seq, "pad": "x" * 2000})
    assert served.client.post(url, content=big, headers={"content-type": "application/json"}).status_code == 413

    def chunks() -> Iterator[bytes]:
        yield b'{"card": "AS", "seq": ' + str(seq).encode() + b', "pad": "'
        for _ in range(20):
            yield b"x" * 100
        yield b'"}'

    streamed = served.client.post(url, content=chunks(), headers={"content-type": "application/json"})
    assert streamed.status_code == 413
    assert served.client.post(url, content=f"card=AS&seq={seq}",
                              headers={"content-type": "application/x-www-form-urlencoded"}).status_code == 415
    assert served.client.post(url, content="AS", headers={"content-type": "text/plain"}).status_code == 415
    assert served.client.post(url, content="{not json", headers={"content-type": "application/json"}).status_code == 400
    assert served.client.post(url, json={"card": "AS"}).status_code == 400
    assert served.client.post(url, json={"card": "ZZ", "seq": seq}).status_code == 400
    assert served.journal() == before


def test_no_players_page_state_or_stream_holds_another_players_card(served: Served) -> None:
    view = tables.view(served.folder)[0]
    rec = view.open_hand
    assert rec is not None
    for seat, name in enumerate(rec.players):
        page = served.client.get(served.player(name)).text
        state = served.state(name)
        event = first_event(served, served.player(name, "/events"))
        assert not cards_in(page)
        for shown in (state, event):
            leaked = cards_in(shown) & hidden_from(rec, seat)
            assert not leaked, f"{name} is shown {names(leaked)}"
            assert shown["you"] == state["you"]
            assert sorted(state["you"]["hand"]) == names(rec.hand.holding[seat])
    board = first_event(served, served.board("/events"))
    assert not cards_in(board) & hidden_from(rec, None) and "you" not in board
    assert not cards_in(served.client.get(served.board()).text)


def test_a_lead_from_the_command_line_reaches_an_open_stream(served: Served, cli: Cli) -> None:
    with served.client.stream("GET", served.player("Bob", "/events")) as res:
        lines = res.iter_lines()
        first = next(json.loads(line[5:]) for line in lines if line.startswith("data:"))
        cli.ok("lead", "AS")
        # The stream's next state, however long a busy machine takes (the client's timeout bounds the wait): no
        # wall clock is asserted (bench/serve.py measures how soon a lead reaches the pages).
        second = next(json.loads(line[5:]) for line in lines if line.startswith("data:"))
    assert second["seq"] > first["seq"]
    assert second["runs"][0]["cards"][0] == {"card": "AS", "player": "Ann"}
    assert second["said"].startswith("Ann leads A♠") and second["you"]["name"] == "Bob"


def test_a_player_who_joins_later_gets_a_token_of_their_own() -> None:
    links = make_links(PLAYERS)
    others = {*links.players.values(), links.board}
    eve = links.token_for("Eve")
    assert eve == links.token_for("Eve") and eve not in others
    assert links.player_of(eve) == "Eve" and links.player_of(links.board) is None
    assert len({*links.players.values(), links.board}) == len(PLAYERS) + 2
    assert all(len(t) >= 21 for t in links.players.values())


def test_next_is_for_practice_only(served: Served) -> None:
    got = served.client.post(served.player("Ann", "/next"), json={})
    assert got.status_code == 404 and got.text == "Not found"


# ------------------------------------------------------------------------------- practice
def wait_for(served: Served, name: str, test: Callable[[dict[str, Any]], bool], wait: float = 20.0) -> dict[str, Any]:
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        state = served.state(name)
        if test(state):
            return state
        time.sleep(0.02)
    raise AssertionError(f"timed out; last state: {state}")


def your_turn_or_over(state: dict[str, Any]) -> bool:
    return bool(state["over"]) or bool(state["you"]["your_lead"])


def play_your_leads(served: Served, state: dict[str, Any]) -> tuple[dict[str, Any], int]:
    """Lead your first legal card each time it is your lead, until the hand is over: its last state, and how
    many leads you made."""
    leads = 0
    while not state["over"]:
        state = wait_for(served, "You", your_turn_or_over)
        if state["over"]:
            break
        got = served.client.post(served.player("You", "/lead"), json={"card": state["you"]["legal"][0],
                                                                      "seq": state["seq"]})
        assert got.status_code == 200, got.text
        leads += 1
    return state, leads


def assert_each_computer_led_the_bots_pick(folder: Path) -> None:
    """Practice's computers are a table's computers: each lead is `computer_lead`'s from the table as it stood,
    recorded with its level and seed, and the same level's pick from the seat's own view."""
    loaded = journal.load(folder).events
    computers = [(i, e) for i, (_, e) in enumerate(loaded) if isinstance(e, CardLed) and e.player != "You"]
    assert computers, "no computer led"
    for i, event in computers:  # each is the bot's pick from the table as it stood
        view = fold.replay(loaded[:i])
        assert computer_lead(view) == event and event.level == "good"
        rec = view.open_hand
        assert rec is not None
        seat, card = bots.bot_lead(rec.hand, "good", human=0)
        assert (rec.players[seat], str(card)) == (event.player, event.card)


def test_practice_the_computers_play_until_it_is_your_lead_and_next_deals_the_seeded_hand(tmp_path: Path) -> None:
    practice = Practice(computers=3, level="good", seed=7, pace=0.01)
    folder = tmp_path / "practice"
    open_table(folder, practice, preset("modern-stops"))
    links = make_links(practice.players)
    first, second = session_seed(7, 1), session_seed(7, 2)
    with TestClient(make_app(folder, links, poll=0.01, practice=practice)) as client:
        served = Served(client, links, folder)
        state = served.state("You")
        # Neither the session's seed nor the open hand's is told: either would deal out the computers' cards
        assert state["practice"] == {"level": "good", "computers": 3, "hand_seed": None, "speed": "normal"}
        assert state["seed"] is None and str(first) not in json.dumps(state)
        # A computer's seat has no page: its cards are nobody's to see (issue 41)
        assert client.get(served.player("Computer 1", "/state")).status_code == 404
        early = client.post(served.player("You", "/next"), json={})
        assert early.status_code == 409 and "still being played" in early.json()["error"]
        state, leads = play_your_leads(served, state)
        assert leads >= 1
        assert state["seed"] == str(first) and state["practice"]["hand_seed"] == first  # told once it is over
        assert_each_computer_led_the_bots_pick(folder)
        dealt = client.post(served.player("You", "/next"), json={})
        assert dealt.status_code == 200 and dealt.json()["hand"] == 2
        # The computers may already be leading hand 2: the deal is the last HandDealt, not the last event
        deals = [e for _, e in journal.load(folder).events if isinstance(e, HandDealt)]
        assert len(deals) == 2 and deals[-1].seed == second
        state = wait_for(served, "You", lambda s: s["hand"] == 2)
        assert state["practice"]["hand_seed"] == first and state["history"][0]["seed"] == str(first)
        assert state["seed"] is None and str(second) not in json.dumps(state)
        assert client.post(served.player("Computer 1", "/next"), json={}).status_code == 404
    assert str(CARDS[0]) == "AC"


def test_end_streams_ends_every_open_stream(cli: Cli) -> None:
    """A server waits for its open responses as it stops: `end_streams` lets the event streams end."""
    folder = new_table(cli)
    links = make_links(PLAYERS)
    app = make_app(folder, links, poll=0.01)
    with TestClient(app) as client, client.stream("GET", f"/p/{links.players['Ann']}/events") as res:
        lines = res.iter_lines()
        assert any(line.startswith("data:") for line in lines)
        app.state.end_streams()
        rest = list(lines)  # returns only because the stream ended
    assert not [line for line in rest if line.startswith("data:")]


def test_serving_pages_writes_nothing_and_a_real_deck_takes_no_leads(cli: Cli) -> None:
    """Reading the table for the pages leaves every file as it was; only a recorded lead writes."""
    folder = new_table(cli)
    cli.ok("undo", "--yes")
    cli.ok("deal", "--real", "--turnup", "8H")
    links = make_links(PLAYERS)
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    with TestClient(make_app(folder, links, poll=0.01)) as client:
        state = client.get(f"/p/{links.players['Ann']}/state").json()
        assert state["real"] is True and state["you"]["hand"] is None
        client.get(f"/b/{links.board}/state")
        client.get(f"/p/{links.players['Ann']}")
        first_event(Served(client, links, folder), f"/b/{links.board}/events")
        got = client.post(f"/p/{links.players['Ann']}/lead", json={"card": "AS", "seq": state["seq"]})
        assert got.status_code == 409 and "real deck" in got.json()["error"]
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before
