"""The practice coach on a phone, in a real browser (headless Chromium through Playwright), as a learner uses it
(issue 28): a tap on "hint" shows the lead the strong level would choose, why, and the top leads' counters, in
the page's width; a tap on a card of the hand clears it. The page is headed "Your hand" (its seat is called
"You": it read "You's hand"). That a real table's page has no button is `test_coach_button`'s: its `/hint`
answers 404 there, and the script adds the button only where `/hint` answers.

Skipped, saying why, where Chromium or Playwright is missing (Debian's `chromium`, never a download).
"""

from __future__ import annotations

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


def test_a_hint_on_a_phone(tmp_path: Path, browser: Any) -> None:
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    practice = serving.start(tmp_path / "home", "--practice", "--computers", "2", "--seed", "7", "--level",
                             "strong", env={"TMPDIR": str(scratch)})
    try:
        page = browser.new_page(viewport=PHONE, has_touch=True)
        page.goto(practice.players["You"])
        hint = page.locator("#hint")
        hint.wait_for(state="visible", timeout=10000)
        assert page.locator("#title").inner_text() == "Your hand"  # the learner's own page, not "You's hand"
        hint.tap()
        coach = page.locator("#coach p")
        coach.first.wait_for(state="visible", timeout=20000)
        said = page.locator("#coach").inner_text()
        assert "lead" in said.lower() and "·" in said, said  # the choice, and the top leads' counters
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]  # no sideways scroll
        page.locator("#hand button").first.tap()
        assert page.locator("#coach p").count() == 0  # a tap on the hand clears the hint
    finally:
        practice.stop()
