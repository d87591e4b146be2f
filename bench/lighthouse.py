"""Lighthouse on the pages `serve` gives: a phone's page (mobile emulation) and the board (desktop).

What it measures: Google's Lighthouse (performance, accessibility, best practices) on a fresh table (modern-stops,
Ann, Bob, Cat, Dan, seed 42) served by `serve`, in Debian's Chromium: Bob's page, at his lead, with Lighthouse's
mobile emulation (a slow 4G phone), and the board with its desktop preset. It prints each category's score and
every audit that did not pass. Targets (issue 38): a phone's page performance at least 0.95, accessibility and
best practices 1.00.

Lighthouse is a Node.js tool, not a Python one, so it is not installed with popejoan; this needs it somewhere:

    cd /tmp/lh && npm install lighthouse@12        # once
    python bench/lighthouse.py                     # LIGHTHOUSE=/tmp/lh/node_modules/.bin/lighthouse by default

Run it from the repo root with the interpreter of the environment popejoan is installed in (the web extra and
the test extra: it serves the table as the browser tests do, tests/web/serving.py).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "tests" / "web")]

import serving  # noqa: E402  tests/web/serving.py

LIGHTHOUSE = os.environ.get("LIGHTHOUSE", "/tmp/lh/node_modules/.bin/lighthouse")


def audit(url: str, out: Path, extra: list[str]) -> dict[str, object]:
    """Lighthouse's report on `url` (its JSON), written to `out`."""
    chrome = serving.CHROMIUM if serving.CHROMIUM and "headless-shell" not in serving.CHROMIUM else "/usr/bin/chromium"
    subprocess.run([LIGHTHOUSE, url, "--output=json", f"--output-path={out}", f"--chrome-path={chrome}",
                    "--chrome-flags=--headless=new --no-sandbox",
                    "--only-categories=performance,accessibility,best-practices", "--quiet", *extra],
                   check=True, timeout=300)
    report: dict[str, object] = json.loads(out.read_text(encoding="utf-8"))
    return report


def main() -> int:
    if not Path(LIGHTHOUSE).exists():
        print(f"no Lighthouse at {LIGHTHOUSE}: npm install lighthouse@12, or set LIGHTHOUSE", file=sys.stderr)
        return 2
    work = Path(tempfile.mkdtemp(prefix="popejoan-lighthouse-"))
    try:
        home = work / "home"
        serving.table(home, ("Ann", "Bob", "Cat", "Dan"), seed=42)
        with serving.running(home) as served:
            for name, url, extra in (("phone (Bob, at his lead)", served.players["Bob"], []),
                                     ("board", served.board, ["--preset=desktop"])):
                report = audit(url, work / "report.json", extra)
                scores = {k: v["score"] for k, v in report["categories"].items()}  # type: ignore[attr-defined]
                print(f"{name}: " + ", ".join(f"{k} {v:.2f}" for k, v in scores.items()))
                for key, found in report["audits"].items():  # type: ignore[attr-defined]
                    if found.get("score") is not None and found["score"] < 1 \
                            and found.get("scoreDisplayMode") in ("binary", "numeric", "metricSavings"):
                        print(f"    not passed: {key} {found['score']} {found.get('displayValue') or ''}")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
