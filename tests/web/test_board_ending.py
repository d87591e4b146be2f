"""The board read from three metres, and on a tablet (issue 38), in a real browser (headless Chromium).

Once a hand is over its end (`settlement.story`: who went out, the pots, each payment, who kept the Pope) takes
the middle of the screen, where the runs were, and every line of it is in sight, never cut, at 3, 6 and 8
players (the eight with long names), on a television at 1920x1080 and 1280x720 and on tablets at 800x1280,
810x1080 (portrait) and 1280x800 (landscape), none of which scrolls. At 1080p the runs, the standings and the
end of a hand are at least 32 px. Beside each player's counters stands their change this hand, the same
number as the hand's record; a run names each player before their cards.

With POPEJOAN_SCREENSHOTS=1 the end of a hand at six players, light and dark, and a tablet in portrait go
to docs/images/ (board-tv-ending.png, board-tv-ending-dark.png, board-tablet.png).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("playwright.sync_api", reason="Playwright is not installed (pip install playwright)")

import serving
from serving import board_state
from test_board_tv import FULL_HD, HD, MANY, hand_folder, is_png, open_board

from conftest import ROOT
from popejoan_cli.store import autoplay

pytestmark = pytest.mark.skipif(serving.CHROMIUM is None, reason="no Chromium at /usr/bin/chromium or on PATH "
                                                                  "(Debian: apt-get install chromium)")

SCREENS = {"tv 1080": FULL_HD, "tv 720": HD, "tablet portrait": {"width": 800, "height": 1280},
           "tablet 810x1080": {"width": 810, "height": 1080}, "tablet landscape": {"width": 1280, "height": 800}}
TABLES = {3: MANY[:3], 6: MANY[:6], 8: MANY}
"""The table sizes the issue names, with the long names of test_board_tv (the widest lines)."""

ENDING = """() => {
  const box = document.getElementById('ending-box'), end = document.getElementById('ending');
  const r = box.getBoundingClientRect(), lines = [...end.querySelectorAll('.line')];
  const px = (e) => parseFloat(getComputedStyle(e).fontSize);
  const de = document.documentElement;
  return {
    shown: !box.hidden && r.height > 0, runsShown: document.querySelector('.tv-runs').offsetParent !== null,
    lines: lines.map((l) => l.textContent),
    cut: lines.filter((l) => { const b = l.getBoundingClientRect();
      return b.bottom > r.bottom + 0.5 || b.bottom > innerHeight + 0.5 || b.right > r.right + 0.5 || b.height === 0;
    }).map((l) => l.textContent),
    size: Math.min(...lines.map(px)), standings: Math.min(...[...document.querySelectorAll('#standings td')].map(px)),
    scrolls: de.scrollHeight > innerHeight || de.scrollWidth > innerWidth,
    changes: [...document.querySelectorAll('#standings td.change')].map((c) => c.textContent),
  };
}"""
"""The end of a hand as the page drew it: its lines, any not wholly in sight, the smallest text."""


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


@pytest.fixture(scope="module")
def ended(tmp_path_factory: pytest.TempPathFactory) -> dict[int, Path]:
    """A table of each size with three hands played out: the board shows the last one's end."""
    homes = {}
    for seats, names in TABLES.items():
        home = tmp_path_factory.mktemp(f"ended{seats}") / "home"
        serving.table(home, names, seed=None)
        for seed in range(3):
            autoplay.play_hand(hand_folder(home), 500 + seed)
        homes[seats] = home
    return homes


@pytest.mark.parametrize("seats", sorted(TABLES))
def test_the_end_of_a_hand_is_whole_on_every_screen(ended: dict[int, Path], browser: Any, seats: int,
                                                     tmp_path: Path) -> None:
    with serving.running(ended[seats]) as served:
        state = board_state(served)
        assert state["over"] and state["settlement"]["story"], state
        told = state["settlement"]["story"]
        changes = [_signed(p["this_hand"]) for p in state["players"]]
        assert [p["this_hand"] for p in state["players"]] == [state["history"][-1]["net"][p["name"]]
                                                             for p in state["players"]]
        # One page, its window resized to each screen in turn (as a tablet turned round), the layout measured
        # once the browser has laid it out again (two animation frames).
        page = open_board(browser, served, FULL_HD)
        page.wait_for_function("n => document.querySelectorAll('#ending .line').length === n", arg=len(told))
        # The hand's review (review.js) comes in the board's column, and must not make the screen scroll either
        page.wait_for_selector("#review-box:not([hidden]) .sum", timeout=30000)
        for where, viewport in SCREENS.items():
            page.set_viewport_size(viewport)
            page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
            _assert_whole(page.evaluate(ENDING), (seats, where), len(told), changes)
            if seats == 6 and where in ("tv 1080", "tablet portrait"):
                _shot(page, "board-tv-ending.png" if where == "tv 1080" else "board-tablet.png", tmp_path)
        if seats == 6:
            dark = open_board(browser, served, FULL_HD, color_scheme="dark")
            dark.wait_for_function("n => document.querySelectorAll('#ending .line').length === n", arg=len(told))
            assert dark.evaluate(ENDING)["cut"] == []
            _shot(dark, "board-tv-ending-dark.png", tmp_path)


def _assert_whole(got: dict[str, Any], at: tuple[int, str], lines: int, changes: list[str]) -> None:
    """The end of a hand as `ENDING` measured it at `at` (players, screen): in the middle instead of the runs, each
    of its `lines` drawn and none cut, the page not scrolling, each player's change this hand, and the text sizes."""
    assert got["shown"] and not got["runsShown"], (at, got)
    assert len(got["lines"]) == lines and got["cut"] == [], (at, got)
    assert not got["scrolls"] and got["changes"] == changes, (at, got)
    if at[1] == "tv 1080":
        assert got["size"] >= 32 and got["standings"] >= 32, (at, got)
    if at[1].startswith("tablet"):
        assert got["size"] >= 16, (at, got)


def _shot(page: Any, name: str, tmp_path: Path) -> None:
    page.screenshot(path=str(tmp_path / name), animations="disabled")
    assert is_png(tmp_path / name)
    if os.environ.get("POPEJOAN_SCREENSHOTS") == "1":
        shutil.copyfile(tmp_path / name, ROOT / "docs" / "images" / name)


def test_mid_hand_the_runs_read_from_three_metres_each_name_before_its_cards(browser: Any, tmp_path: Path) -> None:
    home = tmp_path / "home"
    serving.table(home, MANY[:6], seed=None)
    autoplay.deal(hand_folder(home), 7)
    for _ in range(5):
        autoplay.lead_lowest(hand_folder(home))
    with serving.running(home) as served:
        state = board_state(served)
        assert not state["over"]
        mixed = next(run for run in state["runs"] if len({c["player"] for c in run["cards"]}) > 1)
        page = open_board(browser, served, FULL_HD)
        page.wait_for_function("n => document.querySelectorAll('#runs .run').length === n", arg=len(state["runs"]))
        sizes = page.evaluate("() => [...document.querySelectorAll('#runs .line, #runs .stop, #standings td')]"
                              ".map((e) => parseFloat(getComputedStyle(e).fontSize))")
        assert min(sizes) >= 32, sizes
        assert page.locator("#ending-box").is_hidden() and page.locator(".tv-runs").is_visible()
        lines = page.locator("#runs .run > .line").all_inner_texts()
        second = next(c for c in mixed["cards"] if c["player"] != mixed["leader"])
        # "Catherine leads 2♠ S, Fitzgerald 3♠ S, …": the second player's name, then their card
        assert any(f", {second['player']} " in line and "(" not in line for line in lines), lines


@pytest.mark.parametrize("name", ["board-tv-ending.png", "board-tv-ending-dark.png", "board-tablet.png"])
def test_the_ending_screenshots_in_the_docs_are_pngs(name: str) -> None:
    path = ROOT / "docs" / "images" / name
    if not path.exists():
        pytest.skip(f"docs/images/{name} is made by POPEJOAN_SCREENSHOTS=1 pytest tests/web/test_board_ending.py")
    assert is_png(path)


def test_the_history_heads_computers_apart(tmp_path: Path, browser: Any) -> None:
    """Practice's "Computer 1", "Computer 2", "Computer 3" once all read "Comput…" over the history's columns:
    names that differ only by their number are headed "C1", "C2", "C3", each with its whole name to be read."""
    home = tmp_path / "home"
    players = ("You", "Computer 1", "Computer 2", "Computer 3")
    serving.table(home, players, seed=None)
    for seed in range(2):
        autoplay.play_hand(hand_folder(home), 600 + seed)
    with serving.running(home) as served:
        for viewport in (FULL_HD, {"width": 390, "height": 844}):
            page = open_board(browser, served, viewport)
            page.wait_for_function("() => document.querySelectorAll('#history tr').length === 3")
            heads = page.evaluate("() => [...document.querySelectorAll('#history th')].slice(3)"
                                  ".map((th) => [th.textContent, th.getAttribute('aria-label'), "
                                  "th.scrollWidth <= th.clientWidth])")
            assert heads == [["You", None, True], ["C1", "Computer 1", True], ["C2", "Computer 2", True],
                             ["C3", "Computer 3", True]], (viewport, heads)
            page.context.close()
