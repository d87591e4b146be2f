"""The web tests' one Chromium: a `browser` for every test that drives real pages (a plugin of
the tests' conftest, so any test may ask for it).

Debian's Chromium (`CHROMIUM`, never a download) is started once per test process and kept for the run:
starting Playwright's driver and the browser took 1.2 s each time, and eight modules started
their own. Each test gets it as `browser` and its pages are closed when it ends, passed or not:
a page left open keeps its event stream, and its reconnecting after its server stopped, running
beside every later test. A test that needs a browser is skipped, saying why, where Chromium or
Playwright is missing.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = next((p for p in (os.environ.get("POPEJOAN_CHROMIUM"), "/usr/bin/chromium-headless-shell",
                             "/usr/bin/chromium", shutil.which("chromium"), shutil.which("chromium-browser"))
                 if p and Path(p).is_file()), None)
"""The system's Chromium, never a download; None where there is none. Debian's `chromium-headless-shell` first
(the same Chromium's headless shell: a page opens in a fifth of the time, measured), else its `chromium`."""
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
"""Chromium's flags here: headless as root, and no connection of its own to the outside."""


@pytest.fixture(scope="session")
def _chromium() -> Iterator[Any]:
    if CHROMIUM is None:
        pytest.skip("no Chromium at /usr/bin/chromium or on PATH (Debian: apt-get install chromium)")
    sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed (pip install playwright)")
    with sync_api.sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def browser(_chromium: Any) -> Iterator[Any]:
    """The run's Chromium; every page (and its context) this test opened is closed after it."""
    yield _chromium
    for context in _chromium.contexts:
        context.close()
