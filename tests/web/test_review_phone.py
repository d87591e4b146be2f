"""The review of a practice hand on a phone, in a real browser (headless Chromium through Playwright), as a learner
meets it (issue 43): you tap your cards until the hand is over, and the page then shows "Review of hand 1" under
the practice box: each of your leads with its mark, the lesson of each mistake, and your sum, in the page's width.
The next hand's deal takes it away. With `POPEJOAN_SHOTS=DIR` the page is saved as DIR/review-phone.png.

Skipped, saying why, where Chromium or Playwright is missing (Debian's `chromium`, never a download).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("playwright.sync_api", reason="Playwright is not installed (pip install playwright)")

import serving
from serving import CHROMIUM
from test_browser import PHONE

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium at /usr/bin/chromium or on PATH "
                                                          "(Debian: apt-get install chromium)")
WAIT = 20_000
NOTE = "document.addEventListener('popejoan:state', e => { window.popejoanState = e.detail; });"
"""Each state the page draws, noted as it draws it (page.js tells each as `popejoan:state`): the test waits for
states, never for a time."""


def test_the_review_of_your_hand_on_a_phone(tmp_path: Path, browser: Any) -> None:
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    practice = serving.start(tmp_path / "home", "--practice", "--computers", "3", "--seed", "5", "--level", "good",
                             env={"TMPDIR": str(scratch)})
    try:
        page = browser.new_page(viewport=PHONE, has_touch=True)
        page.add_init_script(NOTE)
        page.goto(practice.players["You"])
        page.locator('#pace button[data-speed="fast"]').tap()
        # The pace is recorded in the table's journal: a new state, which must be drawn before your first tap (a
        # hand drawn again between your two taps would lose the card picked)
        page.wait_for_function("() => window.popejoanState && window.popejoanState.practice && "
                               "window.popejoanState.practice.speed === 'fast'", timeout=WAIT)
        while True:  # until the hand is over: at each of your leads, tap your first legal card twice
            page.wait_for_function("() => window.popejoanState && (window.popejoanState.over || "
                                   "window.popejoanState.you.your_lead)", timeout=WAIT)
            state = page.evaluate("window.popejoanState")
            if state["over"]:
                break
            page.locator("#hand button.legal").first.tap()  # your lead: nothing moves until you lead
            page.locator("#hand button.picked").first.tap()
            page.wait_for_function("seq => window.popejoanState.seq > seq", arg=state["seq"], timeout=WAIT)
        review = page.locator("#review-box")
        review.wait_for(state="visible", timeout=WAIT)
        said = review.inner_text()
        assert said.startswith("Review of hand 1") and "You: " in said, said
        assert page.locator("#review-box p.row").count() >= 1
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]  # no sideways scroll
        where = os.environ.get("POPEJOAN_SHOTS")
        if where:
            Path(where).mkdir(parents=True, exist_ok=True)
            review.scroll_into_view_if_needed()
            page.screenshot(path=str(Path(where) / "review-phone.png"), full_page=True)
        page.locator("#next").tap()  # the next hand: the review goes
        review.wait_for(state="hidden", timeout=WAIT)
    finally:
        practice.stop()
