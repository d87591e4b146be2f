"""The review of a hand that is over on the pages (issue 43): `GET /p/TOKEN/review` gives a person their own leads
judged (at practice: yours), `GET /b/TOKEN/review` every person's sums and lessons; nothing before a hand is over,
and the same figures as `history --review`."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient
from test_app import Served, play_your_leads

from popejoan_cli.formats.presets import preset
from popejoan_cli.render.review_views import review_page
from popejoan_cli.store import tables
from popejoan_cli.table.review import review
from popejoan_cli.web.app import make_app
from popejoan_cli.web.links import make_links
from popejoan_cli.web.practice import Practice, open_table


def test_a_practice_page_reviews_your_leads_once_the_hand_is_over(tmp_path: Path) -> None:
    practice = Practice(computers=3, level="simple", seed=5, pace=0.01)
    folder = tmp_path / "practice"
    open_table(folder, practice, preset("modern-stops"))
    links = make_links(practice.players)
    with TestClient(make_app(folder, links, poll=0.01, practice=practice)) as client:
        served = Served(client, links, folder)
        assert client.get(served.player("You", "/review")).status_code == 404  # no hand is over yet
        state, _ = play_your_leads(served, served.state("You"))
        assert state["over"]
        got = client.get(served.player("You", "/review"))
        assert got.status_code == 200
        doc = got.json()
        view = tables.view(folder)[0]
        assert doc == review_page(1, review(view, 1, ["You"]), view.the_rules(), rows=True)
        assert doc["title"] == "Review of hand 1" and all(line.startswith("Lead ") for line in doc["lines"])
        assert doc["sums"] and doc["sums"][0].startswith("You: ")
        board = client.get(served.board("/review")).json()
        assert board["lines"] == [] and board["sums"] == doc["sums"]  # the board: sums and lessons, no rows
        assert client.get(served.player("Computer 1", "/review")).status_code == 404  # a computer has no page
        assert client.get(served.player("You", "/review")).json() == doc  # asked again: the same review
