"""Fixtures the store's tests share: a table three hands into an evening, written as the CLI writes it."""

from __future__ import annotations

from pathlib import Path

import pytest

from popejoan_cli.formats.presets import preset
from popejoan_cli.store import autoplay, tables
from popejoan_cli.table import events as E


@pytest.fixture
def played(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A table of three (modern-stops) with three hands played, each lead its own write, and a fourth dealt;
    its own home folder (its `.verified` key) and a fixed time."""
    monkeypatch.setenv("POPEJOAN_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("POPEJOAN_NOW", "2026-12-01T21:04:05+01:00")
    folder = tmp_path / "t"
    rules = preset("modern-stops")
    tables.record(lambda v: [E.TableOpened(name="t", rules=rules.to_dict(), rules_name=rules.name,
                                           players=["Ann", "Bob", "Cat"], counters=50, dealer="Ann")],
                  where=folder, create=True)
    for seed in (3, 4, 5):
        autoplay.play_hand(folder, seed)
    autoplay.deal(folder, 6)
    return folder
