"""docs/hand-json.md lists every word the hand JSON can write for a stop's reason, an award's time and the cause of a
payment or of counters fed to a pot: the referee's `Literal`s (game/state.py) against the doc's tables.

Each table sits under a heading that names its field, `### ... (`payments[].for`)`; its rows open with the word in
backticks. A word added to a `Literal` and not to the doc (or left in the doc after the code dropped it) fails here.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import get_args

import pytest

from popejoan_cli.formats.handjson import to_json
from popejoan_cli.formats.presets import preset
from popejoan_cli.game.board import Board
from popejoan_cli.game.deal import seeded_deal
from popejoan_cli.game.hand import Hand
from popejoan_cli.game.playout import play_out
from popejoan_cli.game.printed import with_sources
from popejoan_cli.game.state import AwardAt, FeedWhy, PaymentWhy, StopReason

DOC = Path(__file__).parents[2] / "docs" / "hand-json.md"
FIELDS = {"stops[].reason": StopReason, "awards[].at": AwardAt, "payments[].for": PaymentWhy, "fed[].for": FeedWhy}


def documented() -> dict[str, set[str]]:
    """Each `### ... (`list[].field`)` heading's table: the words its rows open with."""
    tables: dict[str, set[str]] = {}
    field: str | None = None
    for line in DOC.read_text(encoding="utf-8").splitlines():
        heading = re.match(r"#{2,4} .*\(`(\w+\[\]\.\w+)`\)\s*$", line)
        if heading:
            field = heading.group(1)
            tables[field] = set()
        elif line.startswith("#"):
            field = None
        elif field is not None and (row := re.match(r"\|\s*`([^`]+)`\s*\|", line)):
            tables[field].add(row.group(1))
    return tables


@pytest.mark.parametrize("field", sorted(FIELDS))
def test_the_doc_lists_every_word_the_referee_can_write(field: str) -> None:
    words = set(get_args(FIELDS[field]))
    assert documented().get(field) == words, f"docs/hand-json.md ({field}) against game/state.py"


def test_the_fields_the_doc_names_are_the_ones_the_hand_json_writes() -> None:
    """`stops[].reason` is the `reason` of each `stops` entry that `hand replay --json` writes, and so on."""
    seen: dict[str, set[str]] = {}
    for rules in (preset("modern-stops"), with_sources(preset("modern-stops"), ["peel-pool"])):
        for seed in range(3):
            dealt = seeded_deal(rules, 4, 3, seed)
            hand = play_out(Hand.deal(rules, 4, 3, Board(rules), dealt))
            for name, entries in to_json(hand, ["Ann", "Bob", "Cat", "Dan"], rules.name).items():
                if isinstance(entries, list):
                    for entry in entries:
                        seen.setdefault(name, set()).update(entry)
    for field in FIELDS:
        name, key = field.split("[].")
        assert key in seen[name], field
    assert set(documented()) == set(FIELDS)
