"""A player's page on a phone, in a real browser (headless Chromium through Playwright), used as a
person uses it: a double tap, a tap on a card that may not be led, a dropped connection.

- A lead is one deliberate act: the first tap picks a card, a second tap on it leads it. A double
  tap (at 50 and 600 ms, at the same spot on the screen) records exactly one lead.
- The page says whose it is: the player's name in its header and its title.
- A tap on a card the player may not lead says why, in the referee's words for that player alone;
  the box clears once the table moves on.
- A silent drop (no error, no word) shows a banner within the page's silence limit; it goes once
  the stream speaks again.

Skipped, saying why, where Chromium or Playwright is missing (Debian's `chromium`, never a download).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
httpx = pytest.importorskip("httpx")
sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed (pip install playwright)")

import serving  # noqa: E402  tests/web/serving.py
from serving import CHROMIUM, banker, board_state, wait_past  # noqa: E402
from test_browser import PHONE, PLAYERS  # noqa: E402

from popejoan_cli.store import tables  # noqa: E402
from popejoan_cli.table.events import CardLed  # noqa: E402

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium at /usr/bin/chromium or on PATH "
                                                          "(Debian: apt-get install chromium)")


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, serving.Served]]:
    """One table and server for the module: each test leaves the table as it found it (undo)."""
    home = tmp_path_factory.mktemp("phone") / "home"
    serving.table(home, PLAYERS, seed=42)  # Bob leads first
    served = serving.start(home)
    try:
        yield home, served
    finally:
        served.stop()


def phone(browser: Any, url: str, clock: bool = False) -> Any:
    page = browser.new_page(viewport=PHONE, has_touch=True)
    if clock:
        page.clock.install()
    page.goto(url)
    page.locator("#hand button").first.wait_for(state="visible", timeout=10000)
    return page


def leads_in_journal(home: Path) -> int:
    """The leads the table holds now (an undone one is not among them)."""
    view, _ = tables.view(home / "tables" / "fri", note=False)
    return sum(1 for _, e in view.effective if isinstance(e, CardLed))


def double_tap(page: Any, selector: str, gap_ms: int) -> None:
    """Two taps at the same spot of the screen, `gap_ms` apart: whatever is drawn there the second time."""
    box = page.locator(selector).first.bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.click(x, y)
    page.wait_for_timeout(gap_ms)
    page.mouse.click(x, y)


def test_a_double_tap_is_one_lead(table: tuple[Path, serving.Served], browser: Any) -> None:
    """At 50 and 600 ms between the taps, each double tap records one lead (undone before the next); four
    taps at 80 and 200 ms are test_thumb's."""
    home, served = table
    page = phone(browser, served.players["Bob"])
    for gap_ms in (50, 600):
        seq = board_state(served)["seq"]
        double_tap(page, "#hand button.legal", gap_ms)
        wait_past(served, seq)
        page.wait_for_timeout(600)  # long enough for a second lead to land, if one could (a tap lands in ~50 ms)
        assert leads_in_journal(home) == 1, gap_ms
        # ... and a third tap, on whatever is drawn under the finger now, records nothing more
        page.locator("#hand button").first.click(force=True)  # a tap, whatever the button says of itself
        page.wait_for_timeout(300)
        assert leads_in_journal(home) == 1, gap_ms
        seq = board_state(served)["seq"]
        banker(home, "undo", "--yes", "--page")  # Bob's lead from his page again, for the next gap
        wait_past(served, seq)
        page.locator("#hand button.legal").first.wait_for(state="visible", timeout=5000)
        assert leads_in_journal(home) == 0


def test_a_single_tap_picks_and_says_tap_again(table: tuple[Path, serving.Served], browser: Any) -> None:
    home, served = table
    page = phone(browser, served.players["Bob"])
    page.locator("#hand button.legal").first.click()
    picked = page.locator("#hand button.picked")
    picked.wait_for(state="visible", timeout=5000)
    assert picked.get_attribute("aria-pressed") == "true"
    assert "Tap again" in picked.inner_text()
    assert "again to lead it" in page.locator("#hand-note").inner_text()
    page.wait_for_timeout(500)
    assert leads_in_journal(home) == 0


def test_the_page_says_whose_it_is(table: tuple[Path, serving.Served], browser: Any) -> None:
    _, served = table
    for name in ("Ann", "Bob"):
        page = phone(browser, served.players[name])
        assert page.locator("#title").inner_text() == f"{name}'s hand"
        assert f"{name}'s hand" in page.title()
        mine = name == "Bob"  # Bob leads first
        assert ("your-lead" in (page.locator("body").get_attribute("class") or "")) == mine
        assert page.title().startswith("▶") == mine
        page.close()


def test_cards_are_named_in_words_for_a_screen_reader(table: tuple[Path, serving.Served], browser: Any) -> None:
    _, served = table
    page = phone(browser, served.players["Bob"])
    labels = page.eval_on_selector_all("#hand button", "bs => bs.map(b => b.getAttribute('aria-label'))")
    named = {label.split(":")[0] for label in labels}
    assert {"Ace of spades", "King of spades", "9 of clubs"} <= named
    # ... and each says what a tap does: Bob leads, so a legal card is picked by a tap, another says why not
    assert "Ace of spades: tap to pick it" in labels
    assert all(label.endswith((": tap to pick it", ": may not be led now; tap to hear why")) for label in labels)
    page.click("#hand button[data-card='AS']")
    page.locator("#hand button.picked[data-card='AS']").wait_for(timeout=5000)
    assert page.get_attribute("#hand button[data-card='AS']", "aria-label") == "Ace of spades: tap again to lead it"
    # A card in the story or on the board is a named image, read by its name, not as "A ♠ S"
    named_images = ("cs => cs.length > 0"
                    " && cs.every(c => c.getAttribute('role') === 'img' && c.getAttribute('aria-label'))")
    assert page.eval_on_selector_all("#centre .card", named_images)  # the turn-up, at least


def test_a_card_that_may_not_be_led_says_why_to_its_player_only(table: tuple[Path, serving.Served],
                                                                  browser: Any) -> None:
    home, served = table
    banker(home, "lead", "AS")  # Bob leads A♠, Ann plays 2♠: a stop, and Ann leads
    page = phone(browser, served.players["Ann"])
    page.locator("#hand button[data-card='10S']").click(force=True)  # Ann holds 4♠, lower
    box = page.locator("#refused")
    box.wait_for(state="visible", timeout=5000)
    # Told to Ann, on her own phone: the second person, the rule in words (no key's syntax), her reason
    assert box.locator("#refused-error").inner_text() == "You cannot lead 10♠ now"
    assert box.locator("#refused-rule").inner_text() == ("rule: a player leads a card they hold; a lead is the "
                                                         "lowest card its leader holds in that suit")
    assert box.locator("#refused-why").inner_text() == "You hold 4♠, lower in that suit"
    assert leads_in_journal(home) == 1  # asking why recorded nothing
    # The box goes once the table moves on.
    seq = board_state(served)["seq"]
    banker(home, "lead", "4C")
    wait_past(served, seq)
    box.wait_for(state="hidden", timeout=5000)
    banker(home, "undo", "2", "--yes")  # the table as the module's next test expects it
    assert leads_in_journal(home) == 0


def test_a_silent_drop_shows_a_banner_until_the_stream_speaks(table: tuple[Path, serving.Served],
                                                              browser: Any) -> None:
    _, served = table
    page = phone(browser, served.players["Ann"], clock=True)
    banner = page.locator("#banner")
    assert banner.is_hidden()
    # The connection goes quiet: the stream (and any new one) hangs, with no error and no word.
    held: list[Any] = []
    page.route("**/events", lambda route: held.append(route))
    page.clock.fast_forward(30_000)
    banner.wait_for(state="visible", timeout=5000)
    assert "No word from the table" in banner.inner_text()
    assert held  # the page did try again, and heard nothing
    # The network comes back: the next try reaches the server, and the banner goes.
    page.unroute("**/events")
    page.clock.fast_forward(30_000)
    banner.wait_for(state="hidden", timeout=10000)


def test_an_undo_is_announced_and_the_focus_stays_on_its_card(table: tuple[Path, serving.Served],
                                                               browser: Any) -> None:
    home, served = table
    page = phone(browser, served.players["Ann"])
    page.focus("#hand button[data-card='4C']")  # Ann is on her 4♣ (a keyboard, a screen reader)
    seq = board_state(served)["seq"]
    banker(home, "lead", "AS")  # Bob's A♠ takes Ann's 2♠: her page is drawn again
    wait_past(served, seq)
    page.locator("#hand button[data-card='2S']").wait_for(state="detached", timeout=5000)
    assert page.evaluate("() => document.activeElement.getAttribute('data-card')") == "4C"
    seq = board_state(served)["seq"]
    said = banker(home, "undo", "--yes").splitlines()[0]
    wait_past(served, seq)
    # Every page says what was undone in the very words `undo` said it (one record, one narration)
    assert said == "Undone: Bob's lead A♠, and Ann's 2♠ that followed."
    assert board_state(served)["said"].splitlines()[0] == said
    page.wait_for_function("() => document.getElementById('said').textContent.startsWith(\"Undone: Bob's lead A\")",
                           timeout=5000)
    assert leads_in_journal(home) == 0
