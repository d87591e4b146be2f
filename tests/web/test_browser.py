"""The pages in a real browser (headless Chromium through Playwright): an evening served to four phones
and a board screen at once.

Two players lead by tapping a card on their own page when it is their lead; the banker records
the other leads on the command line (`popejoan lead`), as at a table where not everyone has a
phone. Afterwards every page shows the same board as `popejoan board --json`, and no page, in its
HTML or in any event it was sent, ever held a card that is not its player's: a player's page may
show its own cards and the cards the table has seen (played, turned up, named by a stop).

Skipped, saying why, where Chromium or Playwright is missing. Chromium is the system's (Debian's
`chromium`), never a download. With POPEJOAN_SCREENSHOTS=1 the screenshots also go to docs/images/.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
httpx = pytest.importorskip("httpx")
sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed (pip install playwright)")

import serving  # noqa: E402  tests/web/serving.py
from serving import banker, board_state, wait_past  # noqa: E402

from conftest import FIGURE, ROOT  # noqa: E402

CHROMIUM = serving.CHROMIUM
ARGS = serving.ARGS
PHONE = {"width": 390, "height": 844}
SCREEN = {"width": 1280, "height": 720}
PLAYERS = ("Ann", "Bob", "Cat", "Dan")
TAPPING = ("Bob", "Ann")
"""Who leads from their phone; the banker types the others' leads."""
LEADS = 10
"""Leads played (fewer if the hand ends first): enough for both to tap and the banker to type."""
SHOT_AT = 2
"""The screenshots are taken before the first tap from this lead on: a hand in play, a few runs on the board."""
FACE = re.compile(r"(10|[2-9AJQK])([♣♦♥♠])")
CODE = re.compile(r"^(10|[2-9AJQK])([CDHS])$")
LABEL = re.compile(r'aria-label="(10|[2-9]|Ace|Jack|Queen|King) of (clubs|diamonds|hearts|spades)[":]')
DATA = re.compile(r'data-card="(10|[2-9AJQK])([CDHS])"')
WORD = {"Ace": "A", "Jack": "J", "Queen": "Q", "King": "K"}
SPANS = re.compile(r'<span class="rank">(10|[2-9AJQK])</span><span class="sym">([♣♦♥♠])</span>')
LETTER = {"♣": "C", "♦": "D", "♥": "H", "♠": "S", "clubs": "C", "diamonds": "D", "hearts": "H", "spades": "S"}

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium at /usr/bin/chromium or on PATH "
                                                          "(Debian: apt-get install chromium)")


def cards_in_html(html: str) -> set[str]:
    """Every card a page's HTML shows: drawn as a card (its label, its rank and symbol) or named in words."""
    found = {WORD.get(rank, rank) + LETTER[suit] for rank, suit in LABEL.findall(html)}
    found |= {rank + suit for rank, suit in DATA.findall(html)}
    found |= {rank + LETTER[suit] for rank, suit in SPANS.findall(html)}
    found |= {rank + LETTER[suit] for rank, suit in FACE.findall(html)}
    return found


def cards_in_json(data: Any) -> set[str]:
    """Every card a state JSON holds: as a code ("AS") or as a face in its words ("A♠")."""
    if isinstance(data, dict):
        return set().union(*(cards_in_json(v) for v in data.values())) if data else set()
    if isinstance(data, list):
        return set().union(*(cards_in_json(v) for v in data)) if data else set()
    if isinstance(data, str):
        found = {data} if CODE.match(data) else set()
        return found | {rank + LETTER[suit] for rank, suit in FACE.findall(data)}
    return set()


def told(state: dict[str, Any]) -> set[str]:
    """The cards the whole table has seen, from the board's own state: played, turned up, named by a stop."""
    seen = {c["card"] for run in state["runs"] for c in run["cards"]}
    seen |= {run["stop"]["next"] for run in state["runs"] if run["stop"] and run["stop"]["next"]}
    return seen | ({state["turnup"]} if state["turnup"] else set())


SHIFTS = """() => new Promise((done) => {
  let all = 0, first = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (!e.hadRecentInput) { all += e.value; if (!window.tapped) { first += e.value; } }
    }
    done([all, first]);
  }).observe({type: 'layout-shift', buffered: true});
  setTimeout(() => done([all, first]), 200);
})"""
"""The page's layout shift so far (Chromium's `layout-shift` entries, not those within 500 ms of an input), and
the part of it before the first tap (`window.tapped`): what a phone's player saw move."""


class Listener:
    """Reads one page's event stream in a thread (as the page's EventSource does) and keeps every payload."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.payloads: list[dict[str, Any]] = []
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self) -> None:
        try:
            with httpx.Client(timeout=httpx.Timeout(5, read=None)) as client, \
                    client.stream("GET", f"{self.url}/events") as events:
                named = None  # the event's name: a `ping` (the heartbeat) carries no state
                for line in events.iter_lines():
                    if line.startswith("event: "):
                        named = line.removeprefix("event: ")
                    elif line.startswith("data: ") and named is None:
                        self.payloads.append(json.loads(line.removeprefix("data: ")))
                    elif not line:
                        named = None
        except httpx.HTTPError:
            return  # the server stopped


@pytest.fixture
def evening(tmp_path: Path) -> Iterator[tuple[Path, serving.Served]]:
    home = tmp_path / "home"
    serving.table(home, PLAYERS, seed=42)
    served = serving.start(home)
    try:
        yield home, served
    finally:
        code, err = served.stop()
        assert (code, err) == (0, "popejoan serve: stopped\n")


def dom_board(page: Any) -> dict[str, int]:
    """The pots as a page draws them: label -> counters."""
    pairs = page.eval_on_selector_all("#pots .pot", "cells => cells.map(c => [c.querySelector('.label').textContent,"
                                                    " c.querySelector('.count').textContent])")
    return {label: int(count) for label, count in pairs}


def test_an_evening_in_the_browser_every_page_agrees_and_none_shows_anothers_cards(
        evening: tuple[Path, serving.Served], tmp_path: Path, browser: Any,
        record_property: Callable[[str, object], None]) -> None:
    home, served = evening
    dealt = {name: set(json.loads(banker(home, "hand", "show", name, "--json"))["cards"]) for name in PLAYERS}
    listeners = {name: Listener(url) for name, url in served.players.items()} | {"": Listener(served.board)}
    pages = open_pages(browser, served)
    htmls: dict[str, list[str]] = {name: [] for name in pages}

    def look(step: int, leader: str) -> None:
        # Every page's HTML as it is now, between leads (checked below), and the screenshots
        # mid-hand, as a phone shows a hand with its legal leads marked.
        for name, page in pages.items():
            htmls[name].append(page.content())
        if step >= SHOT_AT and leader in TAPPING and not (tmp_path / "serve-player.png").exists():
            screenshots(pages, leader, tmp_path)

    tapped, typed = play(home, served, pages, look)
    final = board_state(served)
    expected = json.loads(banker(home, "board", "--json"))
    assert_every_page_shows_the_board(pages, final, expected)
    seen = told(final)  # what the table has seen only grows: the end's covers every earlier look
    assert_no_page_shows_anothers_cards(pages, htmls, seen, dealt)
    if not (tmp_path / "serve-player.png").exists():
        screenshots(pages, TAPPING[0], tmp_path)
    assert tapped >= 2 and typed >= 1, (tapped, typed)
    for name, page in pages.items():  # nothing moved under a thumb (issue 38), the first draw included
        if name:
            total, first = page.evaluate(SHIFTS)
            record_property(FIGURE + f"layout shift x1000 over the evening's leads ({name}'s phone)",
                            round(total * 1000))
            assert first <= 0.1 and total <= 0.1, (name, first, total)
    assert_no_event_holds_anothers_cards(listeners, seen, dealt)
    for png in (tmp_path / "serve-player.png", tmp_path / "serve-board.png"):
        assert is_png(png), png


def open_pages(browser: Any, served: serving.Served) -> dict[str, Any]:
    """A phone page for each player and a screen page for the board ("" names it), each with its pots drawn."""
    pages = {}
    for name, url in [*served.players.items(), ("", served.board)]:
        context = browser.new_context(viewport=SCREEN if name == "" else PHONE)
        pages[name] = context.new_page()
        pages[name].goto(url)
    for page in pages.values():
        page.wait_for_selector("#pots .pot")
    return pages


def assert_every_page_shows_the_board(pages: dict[str, Any], final: dict[str, Any], expected: dict[str, int]) -> None:
    """Every page draws the pots as `popejoan board --json` gives them (waiting up to 5 s for the last event)."""
    labels = {pot["name"]: pot["label"] for pot in final["pots"]}
    want = {labels[name]: n for name, n in expected.items()}
    for name, page in pages.items():
        deadline = time.monotonic() + 5
        while dom_board(page) != want and time.monotonic() < deadline:
            time.sleep(0.02)
        assert dom_board(page) == want, name or "board"


def assert_no_page_shows_anothers_cards(pages: dict[str, Any], htmls: dict[str, list[str]], seen: set[str],
                                        dealt: dict[str, set[str]]) -> None:
    """No page's HTML, at any look or now, names a card but its player's own or one the table has seen."""
    for name, page in pages.items():
        allowed = seen | dealt.get(name, set())
        for html in [*htmls[name], page.content()]:
            assert cards_in_html(html) <= allowed, (name or "board", cards_in_html(html) - allowed)


def assert_no_event_holds_anothers_cards(listeners: dict[str, Listener], seen: set[str],
                                         dealt: dict[str, set[str]]) -> None:
    """Each page was sent at least two events, none naming another's card; only players' events carry "you"."""
    for name, listener in listeners.items():
        assert len(listener.payloads) >= 2, name or "board"  # the first state, and changes after it
        allowed = seen | dealt.get(name, set())
        for payload in listener.payloads:
            assert cards_in_json(payload) <= allowed, (name or "board", cards_in_json(payload) - allowed)
            assert ("you" in payload) == bool(name)


def play(home: Path, served: serving.Served, pages: dict[str, Any],
         look: Callable[[int, str], None]) -> tuple[int, int]:
    """Lead until LEADS leads or the hand's end: TAPPING tap a legal card on their page, the banker types the
    rest. Before each lead, `look(step, leader)`."""
    tapped = typed = 0
    state = board_state(served)
    for step in range(LEADS):
        if state["over"] or state["lead"] is None:
            break
        leader, seq = state["lead"], state["seq"]
        if leader in TAPPING:
            button = pages[leader].locator("#hand button.legal").first
            button.wait_for(state="visible", timeout=5000)
            look(step, leader)
            pages[leader].evaluate("window.tapped = true")  # what moves after this is not the first draw's
            button.click()  # the first tap picks the card...
            pages[leader].locator("#hand button.picked").wait_for(state="visible", timeout=5000)
            button.click()  # ... and the second leads it
            tapped += 1
        else:
            look(step, leader)
            legal = serving.http.get(f"{served.players[leader]}/state", timeout=5).json()["you"]["legal"]
            banker(home, "lead", legal[0])
            typed += 1
        state = wait_past(served, seq)
    return tapped, typed


def screenshots(pages: dict[str, Any], player: str, tmp_path: Path) -> None:
    """`player`'s phone and the board screen, into tmp_path; with POPEJOAN_SCREENSHOTS=1 into docs/images/ too."""
    shots = {"serve-player.png": pages[player], "serve-board.png": pages[""]}
    for name, page in shots.items():
        page.screenshot(path=str(tmp_path / name))
        if os.environ.get("POPEJOAN_SCREENSHOTS") == "1":
            (ROOT / "docs" / "images").mkdir(parents=True, exist_ok=True)
            shutil.copyfile(tmp_path / name, ROOT / "docs" / "images" / name)


def is_png(path: Path) -> bool:
    data = path.read_bytes() if path.is_file() else b""
    return len(data) > 1000 and data.startswith(b"\x89PNG\r\n\x1a\n") and b"IEND" in data[-16:]


@pytest.mark.parametrize("name", ["serve-player.png", "serve-board.png"])
def test_the_screenshots_in_the_docs_are_pngs(name: str) -> None:
    path = ROOT / "docs" / "images" / name
    if not path.exists():
        pytest.skip(f"docs/images/{name} is made by POPEJOAN_SCREENSHOTS=1 pytest tests/web/test_browser.py")
    assert is_png(path)
