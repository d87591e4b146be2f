"""A phone trusted with a thumb (issue 38), in a real browser (headless Chromium through Playwright).

- Four taps on one card, 80 or 200 ms apart, record one lead: the card led and the run's follows
  leave gaps where they were (nothing slides under the finger), so the third and fourth taps meet
  no card.
- A lead whose answer is lost (the request reached the server, the answer never came back) is not
  called a failure: the page says it was sent and shows it once the table does; a tap again at the
  same spot leads nothing.
- The layout shift of each phone over a hand is measured in `test_browser`'s evening.
- A page whose stream died while the phone slept shows the table as it is as soon as it wakes
  (`visibilitychange`) or finds its network (`online`): with the page's clock stopped, nothing
  else could bring it. A silence of 5 s is shown.
- A link that `serve --new-links` revoked says so, instead of "reconnecting" for ever.

Skipped, saying why, where Chromium or Playwright is missing (Debian's `chromium`, never a download).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")
pytest.importorskip("playwright.sync_api", reason="Playwright is not installed (pip install playwright)")

import serving
from serving import CHROMIUM, banker, board_state, wait_past
from test_browser import PHONE, PLAYERS
from test_phone import phone

from conftest import FIGURE
from popejoan_cli.game.cards import Card
from popejoan_cli.store import tables
from popejoan_cli.table.events import CardLed

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium at /usr/bin/chromium or on PATH "
                                                          "(Debian: apt-get install chromium)")

@pytest.fixture
def table(tmp_path: Path) -> Iterator[tuple[Path, serving.Served]]:
    """Seed 42 at Ann, Bob, Cat, Dan (modern-stops): Ann deals, Bob leads first. A table of its own for each
    test (test_phone's is shared): these tests lead, stop the server and revoke links."""
    home = tmp_path / "home"
    serving.table(home, PLAYERS, seed=42)
    with serving.running(home) as served:
        yield home, served


def leads(home: Path) -> list[CardLed]:
    view, _ = tables.view(home / "tables" / "fri", note=False)
    return [e for _, e in view.effective if isinstance(e, CardLed)]


def centre(page: Any, selector: str) -> tuple[float, float]:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def settled(home: Path, served: serving.Served, page: Any, seq: int) -> None:
    """Long enough for a second lead to land, if one could: past the table's next seq, then the page's guard."""
    wait_past(served, seq)
    page.wait_for_timeout(1200)


@pytest.mark.parametrize("gap_ms", [80, 200])
def test_four_taps_on_one_card_lead_it_once(table: tuple[Path, serving.Served], browser: Any, gap_ms: int) -> None:
    home, served = table
    page = phone(browser, served.players["Bob"])
    assert page.locator("#hand button[data-card='7H']").get_attribute("class").count("legal") == 1
    x, y = centre(page, "#hand button[data-card='7H']")
    seq = board_state(served)["seq"]
    for k in range(4):
        if k:
            page.wait_for_timeout(gap_ms)
        page.mouse.click(x, y)
    settled(home, served, page, seq)
    assert [(e.player, e.card) for e in leads(home)] == [("Bob", "7H")]
    assert board_state(served)["lead"] == "Bob"  # he kept the lead: a second lead was his to make, and was not
    # Where 7♥ was is a gap now: nothing there to tap
    assert page.evaluate(f"() => document.elementFromPoint({x}, {y}).closest('button') === null")


def test_a_lead_whose_answer_is_lost_is_sent_not_failed(table: tuple[Path, serving.Served], browser: Any) -> None:
    home, served = table
    page = phone(browser, served.players["Bob"])

    def answer_lost(route: Any) -> None:
        route.fetch()  # the server records it ...
        route.abort("connectionreset")  # ... and its answer never reaches the phone

    page.route("**/lead", answer_lost)
    x, y = centre(page, "#hand button[data-card='7H']")
    seq = board_state(served)["seq"]
    page.mouse.click(x, y)
    page.mouse.click(x, y)
    page.locator("#hand button[data-card='7H']").wait_for(state="detached", timeout=10000)
    assert page.locator("#refused").is_hidden(), page.locator("#refused").inner_text()
    page.unroute("**/lead")
    page.mouse.click(x, y)  # a retry at the same spot: a gap, nothing led
    page.mouse.click(x, y)
    settled(home, served, page, seq)
    assert [(e.player, e.card) for e in leads(home)] == [("Bob", "7H")]
    assert page.locator("#refused").is_hidden()


def test_a_lead_that_never_reached_the_table_says_so(table: tuple[Path, serving.Served], browser: Any) -> None:
    home, served = table
    page = phone(browser, served.players["Bob"])
    page.route("**/lead", lambda route: route.abort("connectionreset"))
    page.click("#hand button[data-card='7H']")
    page.click("#hand button[data-card='7H']")
    box = page.locator("#refused")
    box.wait_for(state="visible", timeout=10000)
    assert box.locator("#refused-error").inner_text() == "7♥ was not recorded: the server could not be reached"
    assert leads(home) == [] and page.locator("#hand button[data-card='7H']").count() == 1


TELLS = "(face) => document.getElementById('said').textContent.includes(face)"
"""Whether the page's story of the last run names the card `face` ("7♥")."""


def someone_leads(home: Path, served: serving.Served) -> str:
    """The leader's first legal card, typed by the banker, once the table has it; the card."""
    state = board_state(served)
    card = serving.http.get(f"{served.players[state['lead']]}/state", timeout=5).json()["you"]["legal"][0]
    banker(home, "lead", card)
    wait_past(served, state["seq"])
    return str(card)


def test_a_page_that_wakes_shows_the_table_at_once(table: tuple[Path, serving.Served], browser: Any,
                                                  record_property: Callable[[str, object], None]) -> None:
    """The phone's stream dies while it sleeps (here: the server goes, and comes back); the page's clock is
    stopped and every new stream hangs, so no timer and no stream of its own can bring the news. Only finding
    the network again (`online`) and waking (`visibilitychange`) can, each from the table as it is now."""
    home, served = table
    page = phone(browser, served.players["Ann"], clock=True)
    page.clock.pause_at(page.evaluate("Date.now()") + 1000)
    page.route("**/events", lambda route: None)
    port = served.base.rsplit(":", 1)[1]
    assert served.stop()[0] == 0
    page.locator("#banner").wait_for(state="visible", timeout=10000)  # the stream broke: said at once
    banker(home, "lead", "7H")  # Bob's lead, typed while the server is down
    again = serving.start(home, "--port", port)
    try:
        assert not page.evaluate(TELLS, Card.parse("7H").face)
        woke = time.monotonic()
        page.evaluate("() => window.dispatchEvent(new Event('online'))")
        page.wait_for_function(TELLS, arg=Card.parse("7H").face, timeout=10000)
        # A figure, never asserted (the machine's load decides it): how soon the news was on the page
        record_property(FIGURE + "ms from the network's return to the table as it is now, on a woken phone",
                        round((time.monotonic() - woke) * 1000))
        card = someone_leads(home, again)
        page.wait_for_timeout(500)
        assert not page.evaluate(TELLS, Card.parse(card).face)  # the page heard nothing of it: its stream hangs
        page.evaluate("() => document.dispatchEvent(new Event('visibilitychange'))")
        page.wait_for_function(TELLS, arg=Card.parse(card).face, timeout=10000)
    finally:
        again.stop()


def test_a_silence_of_five_seconds_is_shown(table: tuple[Path, serving.Served], browser: Any) -> None:
    _, served = table
    page = phone(browser, served.players["Ann"], clock=True)
    page.route("**/events", lambda route: None)  # any new stream hangs: no error and no word
    page.clock.fast_forward(5_000)
    page.locator("#banner").wait_for(state="visible", timeout=5000)
    assert "No word from the table" in page.locator("#banner").inner_text()


def test_a_revoked_link_says_so_not_reconnecting(table: tuple[Path, serving.Served], browser: Any,
                                                 tmp_path: Path) -> None:
    home, served = table
    page = phone(browser, served.players["Ann"])
    port = served.base.rsplit(":", 1)[1]
    assert served.stop()[0] == 0
    renewed = serving.start(home, "--port", port, "--new-links")
    try:
        banner = page.locator("#banner")
        page.wait_for_function("() => document.getElementById('banner').textContent.includes('no longer opens')",
                               timeout=15000)
        assert banner.inner_text() == ("This link no longer opens your page: it was replaced, or you left the "
                                       "table. Ask the banker for your link.")
    finally:
        renewed.stop()


def test_a_phone_page_writes_nothing_to_the_console(table: tuple[Path, serving.Served], browser: Any) -> None:
    """No console error or warning over a lead at two phones: no `/hint` asked where there is no practice, no
    buzz before the page was touched, nothing thrown."""
    home, served = table
    said: list[str] = []
    pages = {}
    for name in ("Ann", "Bob"):
        page = browser.new_page(viewport=PHONE, has_touch=True)
        page.on("console", lambda msg: said.append(f"{msg.type}: {msg.text}") if msg.type in ("error", "warning")
                else None)
        page.on("pageerror", lambda err: said.append(f"thrown: {err}"))
        page.goto(served.players[name])
        page.locator("#hand button").first.wait_for(state="visible", timeout=10000)
        pages[name] = page
    seq = board_state(served)["seq"]
    pages["Bob"].click("#hand button[data-card='7H']")
    pages["Bob"].click("#hand button[data-card='7H']")
    settled(home, served, pages["Bob"], seq)
    assert [(e.player, e.card) for e in leads(home)] == [("Bob", "7H")]
    assert said == []


def test_a_practice_page_speaks_to_you(tmp_path: Path, browser: Any) -> None:
    """At a practice the page is the learner's own: "You deal next.", "You lead", never "You deals" or "You
    leads"; and once you have gone out, "you went out", not "you were left with 0 cards"."""
    practice = serving.start(tmp_path / "home", "--practice", "--computers", "2", "--seed", "7", "--level", "simple")
    try:
        page = browser.new_page(viewport=PHONE, has_touch=True)
        page.goto(practice.players["You"])
        page.locator("#pace button[data-speed='fast']").click()
        for _ in range(60):  # your leads, by taps, until the hand is over
            page.wait_for_function("() => document.querySelector('#hand button.legal') !== null"
                                   " || document.getElementById('turn').textContent.includes('is over')",
                                   timeout=20000)
            card = page.locator("#hand button.legal").first
            if not card.count():
                break
            code = card.get_attribute("data-card")
            card.click()
            page.locator(f"#hand button.picked[data-card='{code}']").wait_for(timeout=5000)
            page.locator(f"#hand button[data-card='{code}']").click()
            page.locator(f"#hand button[data-card='{code}']").wait_for(state="detached", timeout=5000)
        text = page.inner_text("body")
        assert "is over" in page.inner_text("#turn")
        for wrong in ("You deals", "You leads", "You wins", "left with 0 cards"):
            assert wrong not in text, wrong
        state = serving.http.get(f"{practice.players['You']}/state", timeout=5).json()
        if state["next_dealer"] == "You":
            assert "You deal next." in page.inner_text("#turn")
        if state["you"]["hand"] == []:
            assert page.inner_text("#hand-note") == "The hand is over: you went out."
    finally:
        practice.stop()


WAKE_LOCK = """(() => { window.wakeAsked = 0; Object.defineProperty(navigator, 'wakeLock', {value: {request: () => {
  window.wakeAsked += 1; return Promise.reject(new DOMException('refused', 'NotAllowedError')); }}}); })()"""
"""A Screen Wake Lock that refuses, counting how often the page asks for it."""


def test_the_wake_lock_is_asked_for_once_while_the_page_stays_in_sight(table: tuple[Path, serving.Served],
                                                                       browser: Any) -> None:
    """Every state is drawn through the page's wake-lock step: a refusal is not asked again at each one, only
    when the page is shown again."""
    home, served = table
    page = browser.new_page(viewport=PHONE, has_touch=True)
    page.add_init_script(WAKE_LOCK)
    page.goto(served.players["Ann"])
    page.locator("#hand button").first.wait_for(state="visible", timeout=10000)
    for _ in range(3):  # three more states drawn
        before = board_state(served)["seq"]
        someone_leads(home, served)
        wait_past(served, before)
    page.wait_for_timeout(300)
    assert page.evaluate("window.wakeAsked") == 1
    page.evaluate("() => document.dispatchEvent(new Event('visibilitychange'))")
    page.wait_for_function("() => window.wakeAsked === 2", timeout=5000)
