"""The board page on a television (issue 23), in a real browser (headless Chromium through Playwright).

At 1920x1080 and at 1280x720 the board never scrolls, at any point of an evening: before the first
lead, after every lead of a whole hand typed by the banker (`popejoan lead`), and after many more hands
(many history rows), with four players and with eight of long names. The standings are always whole,
the newest run and the newest hand of the history always in sight; older ones are cut off. Whose lead it
is reads from across the room (#turn at least 48 px at 1080p). A pot just paid is highlighted, its pulse
left out when the system asks for less motion. Dark mode comes from the system or from `?theme=dark`,
`?theme=light` forces light; a red suit stays readable on the dark card, on the board and on a phone.

Skipped, saying why, where Chromium or Playwright is missing (Debian's `chromium`, never a download).
With POPEJOAN_SCREENSHOTS=1 the 1920x1080 screenshots mid-hand also go to docs/images/board-tv.png
and docs/images/board-tv-dark.png.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
httpx = pytest.importorskip("httpx")
sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed (pip install playwright)")

import serving  # noqa: E402  tests/web/serving.py
from serving import banker, board_state, wait_past  # noqa: E402

from conftest import ROOT  # noqa: E402
from popejoan_cli.store import autoplay  # noqa: E402

CHROMIUM = serving.CHROMIUM
ARGS = serving.ARGS
FULL_HD = {"width": 1920, "height": 1080}
HD = {"width": 1280, "height": 720}
PHONE = {"width": 390, "height": 844}
PLAYERS = ("Ann", "Bob", "Cat", "Dan")
MANY = ("Margaret", "Bartholomew", "Catherine", "Dan", "Evangeline", "Fitzgerald", "Gwendolyn", "Hal")
"""The most players a table may have (8), with long names: the widest standings and history."""
MORE_HANDS = 9
"""Hands played after the first: more history rows than the board has room for."""
SHOT_AFTER = 5
"""Leads into the last hand before the screenshots: a hand in play, several runs on the board."""

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium at /usr/bin/chromium or on PATH "
                                                          "(Debian: apt-get install chromium)")

FITS = """() => {
  const de = document.documentElement, vw = innerWidth, vh = innerHeight;
  const box = (sel) => { const e = document.querySelector(sel); return e ? e.getBoundingClientRect() : null; };
  const within = (r, o) => r === null || o === null ||
    (r.top >= o.top - 0.5 && r.bottom <= o.bottom + 0.5 && r.left >= o.left - 0.5 && r.right <= o.right + 0.5);
  const screen = {top: 0, left: 0, bottom: vh, right: vw};
  const side = box('.tv-side'), runs = box('#runs'), history = box('#history-box:not([hidden]) .clip-end');
  const newestRun = box('#runs > :first-child');
  const newestHand = box('#history tr:last-child');
  const pots = [...document.querySelectorAll('#pots .pot')];
  return {
    scrollHeight: de.scrollHeight, scrollWidth: Math.max(de.scrollWidth, document.body.scrollWidth),
    height: vh, width: vw,
    turn: within(box('#turn'), screen),
    standings: within(box('#standings'), side) && within(box('#standings'), screen),
    newestRun: newestRun === null || (newestRun.top >= runs.top - 0.5 && newestRun.top < vh - 20),
    newestHand: within(newestHand, history),
    pots: pots.length === 8 && pots.every((p) => within(p.getBoundingClientRect(), screen)
                                           && p.scrollWidth <= p.clientWidth),
  };
}"""
"""What a screen shows, measured in the page: whether it scrolls, and whether what must be in sight is."""

DRAWN = """([runs, history, pots]) => document.querySelectorAll('#runs .run').length === runs
  && document.querySelectorAll('#history tr').length === history + 1
  && [...document.querySelectorAll('#pots .count')].map((c) => Number(c.textContent)).join() === pots.join()
  && document.getElementById('turn').textContent !== ''"""
"""Whether a page has drawn a state: its runs, its history's rows and its pots."""

LUMINANCE = """(sel) => {
  const rgb = (c) => c.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const lin = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
  const lum = (c) => { const [r, g, b] = rgb(c); return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b); };
  const e = document.querySelector(sel), s = getComputedStyle(e);
  return {background: lum(s.backgroundColor), ink: lum(s.color)};
}"""
"""The relative luminance (WCAG) of an element's background and of its text colour."""

CARDS = """() => { for (const s of ['C', 'D', 'H', 'S']) {
  const c = document.createElement('span');
  c.id = 'probe-' + s;
  c.className = 'card suit-' + s;
  c.innerHTML = '<span class="rank">A</span><span class="sym">?</span><small class="letter">' + s + '</small>';
  document.body.appendChild(c);
} }"""
"""An ace of each suit drawn as page.js draws a card, to measure its colours (`#probe-D`)."""


def contrast(a: float, b: float) -> float:
    """The WCAG contrast ratio of two relative luminances."""
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)


def drawn(page: Any, state: dict[str, Any]) -> None:
    """Wait until `page` has drawn `state` (its event reached the page)."""
    pots = [pot["counters"] for pot in state["pots"]]
    page.wait_for_function(DRAWN, arg=[len(state["runs"]), len(state["history"]), pots], timeout=10000)


def assert_fits(page: Any, where: str) -> dict[str, Any]:
    """The page does not scroll either way, and #turn, the standings, the pots, the newest run and the
    newest hand of the history are all in sight; the measurements."""
    got: dict[str, Any] = page.evaluate(FITS)
    size = f"{got['width']}x{got['height']}"
    assert got["scrollHeight"] <= got["height"], (where, size, got)
    assert got["scrollWidth"] <= got["width"], (where, size, got)
    for shown in ("turn", "standings", "newestRun", "newestHand", "pots"):
        assert got[shown], (where, size, shown, got)
    return got


def hand_folder(home: Path) -> Path:
    return home / "tables" / "fri"


def open_board(browser: Any, served: serving.Served, viewport: dict[str, int], query: str = "",
               **context: Any) -> Any:
    page = browser.new_context(viewport=viewport, **context).new_page()
    page.goto(served.board + query)
    page.wait_for_selector("#pots .pot")
    return page


def lead_by_banker(home: Path, served: serving.Served, state: dict[str, Any]) -> dict[str, Any]:
    """The leader's first legal lead, typed by the banker (`popejoan lead CARD`); the state after it."""
    legal = serving.http.get(f"{served.players[state['lead']]}/state", timeout=5).json()["you"]["legal"]
    banker(home, "lead", legal[0])
    return wait_past(served, state["seq"])


def paid_pots(before: dict[str, Any], after: dict[str, Any]) -> set[str]:
    was = {pot["name"]: pot["counters"] for pot in before["pots"]}
    return {pot["name"] for pot in after["pots"] if pot["counters"] < was[pot["name"]]}


def assert_paid_highlighted(pages: dict[str, Any], paid: set[str]) -> None:
    """Each pot just paid is drawn `pot paid`, outlined; it pulses, but not where less motion is asked for."""
    for name, page in pages.items():
        for pot in paid:
            cell = page.locator(f'#pots .pot.paid[data-pot="{pot}"]')
            cell.wait_for(timeout=5000)
            style = cell.evaluate("c => { const s = getComputedStyle(c); "
                                  "return [parseFloat(s.outlineWidth), s.outlineStyle, s.animationName]; }")
            assert style[0] >= 4 and style[1] == "solid", (name, pot, style)
            assert style[2] == ("none" if name == "720, less motion" else "paid"), (name, pot, style)


def play_the_hand(home: Path, served: serving.Served, pages: dict[str, Any]) -> tuple[int, int, set[str]]:
    """The whole hand, each lead typed by the banker; after each, both screens fit. The number of leads,
    the tallest page measured, and the pots that were paid."""
    state = board_state(served)
    leads = tallest = 0
    paid: set[str] = set()
    while not state["over"] and state["lead"] is not None:
        after = lead_by_banker(home, served, state)
        leads += 1
        for name, page in pages.items():
            drawn(page, after)
            tallest = max(tallest, assert_fits(page, f"lead {leads} ({name})")["scrollHeight"])
        if paid_pots(state, after):
            assert_paid_highlighted(pages, paid_pots(state, after))
            paid |= paid_pots(state, after)
        state = after
    return leads, tallest, paid


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


def test_the_board_fits_a_television_all_evening_without_scrolling(
        evening: tuple[Path, serving.Served], browser: Any, tmp_path: Path) -> None:
    home, served = evening
    pages = {"1080": open_board(browser, served, FULL_HD),
             "720, less motion": open_board(browser, served, HD, reduced_motion="reduce")}
    for name, page in pages.items():
        drawn(page, board_state(served))
        assert_fits(page, f"dealt ({name})")
    turn = pages["1080"].evaluate("() => parseFloat(getComputedStyle(document.getElementById('turn')).fontSize)")
    assert turn >= 48, turn
    leads, tallest, paid = play_the_hand(home, served, pages)
    assert leads >= 8 and board_state(served)["over"], leads
    assert paid, "a whole hand pays at least the pot for going out first"
    assert tallest <= FULL_HD["height"]
    for seed in range(MORE_HANDS):
        autoplay.play_hand(hand_folder(home), 100 + seed)
    state = board_state(served)
    assert len(state["history"]) == 1 + MORE_HANDS
    for name, page in pages.items():
        drawn(page, state)
        assert_fits(page, f"after {len(state['history'])} hands ({name})")
    autoplay.deal(hand_folder(home), 7)
    for _ in range(SHOT_AFTER):
        autoplay.lead_lowest(hand_folder(home))
    state = board_state(served)
    for name, page in pages.items():
        drawn(page, state)
        assert_fits(page, f"mid-hand after {len(state['history'])} hands ({name})")
    screenshots(browser, served, pages["1080"], state, tmp_path)


def screenshots(browser: Any, served: serving.Served, light: Any, state: dict[str, Any], tmp_path: Path) -> None:
    """The board at 1920x1080 mid-hand, light and dark, into tmp_path; with POPEJOAN_SCREENSHOTS=1 into
    docs/images/ too."""
    dark = open_board(browser, served, FULL_HD, color_scheme="dark")
    drawn(dark, state)
    assert_fits(dark, "dark, mid-hand")
    shots = {"board-tv.png": light, "board-tv-dark.png": dark}
    for name, page in shots.items():
        page.screenshot(path=str(tmp_path / name), animations="disabled")
        assert is_png(tmp_path / name)
        if os.environ.get("POPEJOAN_SCREENSHOTS") == "1":
            (ROOT / "docs" / "images").mkdir(parents=True, exist_ok=True)
            shutil.copyfile(tmp_path / name, ROOT / "docs" / "images" / name)


def test_eight_players_with_long_names_and_many_hands_still_fit(tmp_path: Path, browser: Any) -> None:
    home = tmp_path / "home"
    serving.table(home, MANY, seed=None)
    for seed in range(12):
        autoplay.play_hand(hand_folder(home), 200 + seed)
    autoplay.deal(hand_folder(home), 3)
    for _ in range(4):
        autoplay.lead_lowest(hand_folder(home))
    served = serving.start(home)
    try:
        state = board_state(served)
        for viewport in (FULL_HD, HD):
            page = open_board(browser, served, viewport)
            drawn(page, state)
            assert_fits(page, "eight players")
            # The standings name every player, and the newest hand's row holds a number for each.
            assert page.locator("#standings tr").count() == 1 + len(MANY)
            assert len(page.locator("#history tr:last-child td.num").all_inner_texts()) == 1 + len(MANY)
            # A pot of three digits (a long evening's Pope) still fits its cell.
            page.evaluate("() => document.querySelectorAll('#pots .count').forEach((c) => { c.textContent = '188'; })")
            assert_fits(page, "a pot of 188")
            # The connection's banner (live.css), when shown, takes its room from the columns, not the screen's.
            page.evaluate("() => { const b = document.getElementById('banner'); b.hidden = false; "
                          "b.textContent = 'The connection to the table was lost; trying again.'; }")
            assert_fits(page, "with the banner")
    finally:
        code, _ = served.stop()
        assert code == 0


@pytest.fixture(scope="module")
def dealt(tmp_path_factory: pytest.TempPathFactory) -> Iterator[serving.Served]:
    """A table with a hand dealt, served once for the tests that only look at it."""
    home = tmp_path_factory.mktemp("dealt") / "home"
    serving.table(home, PLAYERS, seed=42)
    served = serving.start(home)
    try:
        yield served
    finally:
        code, _ = served.stop()
        assert code == 0


THEMES = [
    ("light", "", False),
    ("dark", "", True),
    ("no-preference", "?theme=dark", True),
    ("light", "?theme=dark", True),
    ("dark", "?theme=light", False),
]


def test_dark_mode_from_the_system_or_the_link_and_light_when_asked(dealt: serving.Served, browser: Any) -> None:
    """Each theme in turn on one board screen and one phone: the system's scheme, then the link's over it."""
    served = dealt
    board = open_board(browser, served, FULL_HD)
    phone = browser.new_context(viewport=PHONE).new_page()
    for scheme, query, dark in THEMES:
        theme = f"{scheme}{query.replace('?theme=', '+')}"
        for page, url, drawn_when in ((board, served.board, "#pots .pot"),
                                      (phone, served.players["Ann"], "#hand .card")):
            page.emulate_media(color_scheme=scheme)
            page.goto(url + query)
            page.wait_for_selector(drawn_when)
        for name, page in (("board", board), ("phone", phone)):
            body = page.evaluate(LUMINANCE, "body")
            assert (body["background"] < 0.2) == dark, (theme, name, body)
            assert (body["ink"] > 0.5) == dark, (theme, name, body)
            assert contrast(body["background"], body["ink"]) >= 7, (theme, name, body)
            # A card of each suit: its symbol and its letter, and a red that reads on the card's own ground.
            page.evaluate(CARDS)
            for suit in "CDHS":
                card = page.evaluate(LUMINANCE, f"#probe-{suit}")
                assert contrast(card["background"], card["ink"]) >= 4.5, (theme, name, suit, card)
        if dark:  # the browser's own parts (scroll bars, form controls) dark too
            scheme_used = board.evaluate("() => getComputedStyle(document.documentElement).colorScheme")
            assert "dark" in scheme_used, (theme, scheme_used)


def is_png(path: Path) -> bool:
    data = path.read_bytes() if path.is_file() else b""
    return len(data) > 1000 and data.startswith(b"\x89PNG\r\n\x1a\n") and b"IEND" in data[-16:]


@pytest.mark.parametrize("name", ["board-tv.png", "board-tv-dark.png"])
def test_the_tv_screenshots_in_the_docs_are_pngs(name: str) -> None:
    path = ROOT / "docs" / "images" / name
    if not path.exists():
        pytest.skip(f"docs/images/{name} is made by POPEJOAN_SCREENSHOTS=1 pytest tests/web/test_board_tv.py")
    assert is_png(path)
