"""The fold checks a table's embedded rules once per process (`fold._embedded_rules`), and never keeps bad ones."""

from __future__ import annotations

import pytest

from popejoan_cli.base.errors import DataError
from popejoan_cli.formats.presets import preset
from popejoan_cli.table import fold
from popejoan_cli.table.events import TableOpened


def opened(rules: dict[str, object]) -> TableOpened:
    return TableOpened(name="t", rules=rules, rules_name="x", players=["Ann", "Bob", "Cat"], counters=20,
                       dealer="Ann")


def test_two_replays_of_one_table_share_its_checked_rules_and_each_preset_keeps_its_own() -> None:
    first = fold.replay([(1, opened(preset("hoyle").to_dict()))])
    again = fold.replay([(1, opened(preset("hoyle").to_dict()))])
    other = fold.replay([(1, opened(preset("michigan").to_dict()))])
    assert first.rules is again.rules and first.rules == preset("hoyle")
    assert other.rules == preset("michigan") and other.rules != first.rules


def test_bad_embedded_rules_refuse_at_every_replay() -> None:
    doc = preset("modern-stops").to_dict()
    doc["play"] = {**doc["play"], "lead": "sideways"}  # type: ignore[dict-item]
    for _ in range(2):
        with pytest.raises(DataError, match="embedded rules are bad"):
            fold.replay([(1, opened(doc))])
