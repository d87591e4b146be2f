"""Practice's pace on the page: the computers' pause grows with the run they must be read after, a
player chooses slow, normal or fast, and "a lead per tap" makes the computers wait for a tap each.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient

from popejoan_cli.formats.presets import preset
from popejoan_cli.store import journal, tables
from popejoan_cli.table.events import CardLed
from popejoan_cli.web.app import make_app
from popejoan_cli.web.links import make_links
from popejoan_cli.web.practice import MOST, PACE, PER_CARD, SPEEDS, Practice, open_table


def leads(folder: Path) -> int:
    return sum(isinstance(e, CardLed) for _, e in journal.load(folder).events)


def test_the_pause_grows_with_the_run_and_the_speed(tmp_path: Path) -> None:
    practice = Practice(computers=3, level="simple", seed=7)
    folder = tmp_path / "t"
    view = open_table(folder, practice, preset("modern-stops"))
    assert practice.pause(view) == PACE  # no run yet: a run of one card
    rec = view.open_hand
    assert rec is not None
    led = CardLed(player=rec.players[rec.hand.leader], card=str(rec.hand.law.lowest_lead(rec.hand.leader)))
    view = tables.record(lambda v: [led], where=folder).view
    run = view.hands[-1].last_run()
    assert run is not None
    expected = min(MOST, PACE + PER_CARD * (len(run.plays) - 1))
    assert practice.pause(view) == pytest.approx(expected)
    assert practice.pause(view, "slow") == pytest.approx(expected * SPEEDS["slow"])
    assert practice.pause(view, "fast") == pytest.approx(expected * SPEEDS["fast"])


def test_a_lead_per_tap_makes_the_computers_wait_for_you(tmp_path: Path) -> None:
    practice = Practice(computers=3, level="simple", seed=7, pace=0.01)
    folder = tmp_path / "t"
    open_table(folder, practice, preset("modern-stops"))
    links = make_links(practice.players)
    you = f"/p/{links.players[practice.you]}"
    with TestClient(make_app(folder, links, poll=0.01, practice=practice)) as client:
        set_step = client.post(f"{you}/pace", json={"speed": "step"})
        assert set_step.json() == {"ok": True, "speed": "step"}
        assert client.get(f"{you}/state").json()["practice"]["speed"] == "step"
        _lead_until_a_computers_turn(client, you)
        before = leads(folder)
        time.sleep(0.5)
        assert leads(folder) == before  # the computers wait for a tap
        seq = client.get(f"{you}/state").json()["seq"]  # the tap is for the table as the page shows it
        assert client.post(f"{you}/pace", json={"step": True}).status_code == 400  # a tap without it says so
        assert client.post(f"{you}/pace", json={"step": True, "seq": seq}).status_code == 200
        deadline = time.monotonic() + 5
        while leads(folder) == before:
            assert time.monotonic() < deadline, "a step let no computer lead"
            time.sleep(0.02)
        time.sleep(0.3)
        assert leads(folder) == before + 1  # one tap, one lead
        assert client.post(f"{you}/pace", json={"speed": "warp"}).status_code == 400
        other = f"/p/{links.players['Computer 1']}"
        assert client.post(f"{other}/pace", json={"speed": "fast"}).status_code == 404


def _lead_until_a_computers_turn(client: TestClient, you: str) -> None:
    """You lead first (the last computer deals): lead your lowest card until a computer is to lead."""
    deadline = time.monotonic() + 10
    while True:
        state: dict[str, Any] = client.get(f"{you}/state").json()
        assert not state["over"] and time.monotonic() < deadline
        if state["lead"] is not None and not state["you"]["your_lead"]:
            return
        if state["you"]["your_lead"]:
            led = client.post(f"{you}/lead", json={"card": state["you"]["legal"][0], "seq": state["seq"]})
            assert led.status_code == 200
        time.sleep(0.02)
