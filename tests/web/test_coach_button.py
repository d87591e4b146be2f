"""The practice page's hint button (issue 28): `GET /p/{token}/hint` gives its label and, asked, the coach's
lead among your legal leads; only your page at a practice table answers, never a real table's."""

from __future__ import annotations

import re
import warnings
from pathlib import Path

import pytest

pytest.importorskip("starlette")

from conftest import Cli

with warnings.catch_warnings():  # starlette 1.x asks for httpx2 in place of httpx, which the test client still uses
    warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
    from starlette.testclient import TestClient

from popejoan_cli.formats.presets import preset
from popejoan_cli.store import tables
from popejoan_cli.web.app import make_app
from popejoan_cli.web.links import make_links
from popejoan_cli.web.practice import Practice, open_table


def test_the_hint_is_your_legal_lead_at_practice_and_nowhere_else(tmp_path: Path, cli: Cli) -> None:
    practice = Practice(computers=3, level="good", seed=7, pace=60.0)  # you are eldest: your lead comes first
    folder = tmp_path / "practice"
    open_table(folder, practice, preset("modern-stops"))
    links = make_links(practice.players)
    with TestClient(make_app(folder, links, poll=0.01, practice=practice)) as client:
        you = f"/p/{links.players['You']}"
        assert client.get(f"{you}/hint").json() == {"label": "Hint", "lines": None}
        lines = client.get(f"{you}/hint?ask=1").json()["lines"]
        found = re.match(r"Coach: lead (\S+)\.", lines[0])
        assert found is not None, lines
        legal = client.get(f"{you}/state").json()["you"]["legal"]
        assert len(lines) == 3 and "cannot see:" in lines[2]
        assert any(found.group(1) == face for face in _faces(legal)), (found.group(1), legal)
        assert client.get(f"/p/{links.players['Computer 1']}/hint?ask=1").status_code == 404
        assert client.get(f"/b/{links.board}/hint").status_code == 404
        assert b"/hint" in client.get("/s/coach.js").content
    cli.ok("table", "new", "fridays", "--rules", "modern-stops", "--players", "Ann,Bob,Cat", "--dealer", "Cat")
    cli.ok("deal", "--seed", "42")
    real = make_links(["Ann", "Bob", "Cat"])
    with TestClient(make_app(tables.folder(), real, poll=0.01)) as client:
        assert client.get(f"/p/{real.players['Ann']}/hint?ask=1").status_code == 404


def _faces(codes: list[str]) -> list[str]:
    """`9D` as `9♦`: the page's card codes as the coach's words write them."""
    return [code[:-1] + "♣♦♥♠"["CDHS".index(code[-1])] for code in codes]
