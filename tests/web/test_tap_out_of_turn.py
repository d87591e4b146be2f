"""A tap on a card when it is another player's lead, in a real browser (headless Chromium through Playwright):
the page asks the server, and shows the referee's refusal, as `popejoan lead CARD --by NAME` says it, told to the
page's player in the second person (issue 38), in English and at a Russian table; it never words "not your
lead" itself (issue 36).

Skipped, saying why, where Chromium or Playwright is missing (Debian's `chromium`, never a download).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
httpx = pytest.importorskip("httpx")
pytest.importorskip("playwright.sync_api", reason="Playwright is not installed (pip install playwright)")

import serving  # noqa: E402  tests/web/serving.py
from serving import CHROMIUM  # noqa: E402
from test_browser import PHONE, PLAYERS  # noqa: E402

from conftest import Cli  # noqa: E402

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium at /usr/bin/chromium or on PATH "
                                                          "(Debian: apt-get install chromium)")

def tapped_refusal(browser: Any, url: str, card: str) -> tuple[str, str, str]:
    """Open the page at `url` on a phone, tap `card` once, and read the refusal box: its words, rule and why."""
    page = browser.new_page(viewport=PHONE, has_touch=True)
    page.goto(url)
    page.locator(f"#hand button[data-card='{card}']").click(force=True, timeout=10000)
    box = page.locator("#refused")
    box.wait_for(state="visible", timeout=5000)
    return (box.locator("#refused-error").inner_text(), box.locator("#refused-rule").inner_text(),
            box.locator("#refused-why").inner_text())


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_tap_out_of_turn_shows_the_referees_refusal(tmp_path: Path, browser: Any, lang: str) -> None:
    """Seed 42, Ann deals: Bob leads. Ann taps a card of her own: the box says what the command line says."""
    home = tmp_path / "home"
    serving.banker(home, "table", "new", "fri", "--rules", "modern-stops", "--players", ",".join(PLAYERS),
                   "--counters", "50", *(("--lang", "ru") if lang == "ru" else ()))
    serving.banker(home, "deal", "--seed", "42")
    served = serving.start(home)
    try:
        state = serving.http.get(f"{served.players['Ann']}/state", timeout=5).json()
        assert state["lead"] == "Bob"
        card = state["you"]["hand"][0]
        said = Cli(home).fails(3, "lead", card, "--by", "Ann").splitlines()
        error, rule, why = tapped_refusal(browser, served.players["Ann"], card)
    finally:
        code, _ = served.stop()
    assert code == 0
    assert said[0].endswith({"en": ": it is Bob's lead", "ru": ": сейчас ходит Bob"}[lang])
    # The command line's words, told to Ann: "Ann cannot lead 4♣: …" is "You cannot lead 4♣: …" on her phone
    you = {"en": ("Ann cannot", "You cannot"), "ru": ("Ann не может", "Вы не можете")}[lang]
    error = error.replace("\u00a0", " ")  # the page's words as read (the CLI's are read so by `Cli`)
    assert said[0].removeprefix("popejoan: ").startswith(you[0])
    assert error == said[0].removeprefix("popejoan: ").replace(*you)
    # The page's rule line is the CLI's, its label in the page's words (`rule: {rule}`, «правило: …»).
    label, rule_said = said[1].strip().split(": ", 1)
    # a line of its own on the page: «Правило: …» begins with a capital in Russian, "rule: …" as before in English
    assert rule == (f"{label}: {rule_said}" if lang == "ru" else f"{label.lower()}: {rule_said}")
    assert why == ""
