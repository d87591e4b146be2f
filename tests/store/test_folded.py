"""The folded-state cache `.folded` (issue 27): a table opened from it is the table its journal folds to.

A command keeps the table's present beside the journal, keyed by the `.verified` note of the same bytes
and signed with the user's key; the next command takes it and folds only the lines written since, and
reads the history back from the journal only when it walks it. Every test compares the table opened
from the cache with the journal folded from its first line (`tables.view(note=False)` reads no cache).
"""

from __future__ import annotations

import random
import shutil
from pathlib import Path
from typing import Any

import pytest

from popejoan_cli.store import autoplay, folded, journal, tables
from popejoan_cli.table import fold
from popejoan_cli.table.undo import to_undo, voids
from popejoan_cli.table.view import TableView


@pytest.fixture
def table(evening_table: Path) -> Path:
    """The shared table (tests/conftest.py: `evening_table`): three hands played and a fourth dealt."""
    return evening_table


def _seen(view: TableView) -> dict[str, Any]:
    """What a command can see of a table, its history included."""
    return {
        "board": view.live_board(), "balances": view.live_balances(), "dealer": view.next_dealer,
        "hands": [(r.number, r.seq, r.seed, r.dealer, r.closed, r.end_seq) for r in view.hands],
        "open": None if view.open_hand is None else sorted(view.open_hand.happened),
        "effective": list(view.effective), "times": dict(view.times.items()), "last": view.last_seq,
        "counts": view.counts, "bought": view.bought, "cash_outs": view.cash_outs, "people": view.people,
    }


def _fresh(folder: Path) -> dict[str, Any]:
    return _seen(tables.view(folder, note=False)[0])


def _count_replays(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A 1 for each time the journal is folded from its first line, from now on."""
    replays: list[int] = []
    real = fold.replay

    def counted(*args: Any, **kwargs: Any) -> TableView:
        replays.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(fold, "replay", counted)
    return replays


def test_a_second_command_folds_nothing_again(table: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    tables.view(table)
    assert (table / folded.FOLDED).is_file()
    replays = _count_replays(monkeypatch)
    view, _ = tables.view(table)
    assert replays == [] and view.open_hand is not None and len(view.hands) == 4  # the present, unread history
    assert _seen(view) == _fresh(table) and replays == [1, 1]  # walking the history read it back once


def test_each_write_keeps_the_table_it_leaves(table: Path) -> None:
    """Leads, a hand's end and undos, each opened from the cache the command before kept."""
    rng = random.Random(27)
    for step in range(25):
        if rng.random() < 0.2 and step:
            tables.record(lambda v: voids(to_undo(v, 1)), where=table)
        elif tables.view(table)[0].open_hand is None:
            autoplay.deal(table, 100 + step)
        else:
            autoplay.lead_lowest(table)
        assert _seen(tables.view(table)[0]) == _fresh(table), step


def test_a_cache_is_believed_only_for_its_own_bytes(table: Path) -> None:
    tables.view(table)
    stale = (table / folded.FOLDED).read_bytes()
    autoplay.lead_lowest(table)
    (table / folded.FOLDED).write_bytes(stale)  # the cache of the journal before that lead
    assert _seen(tables.view(table)[0]) == _fresh(table)


@pytest.mark.parametrize("spoil", ["flip", "cut", "foreign", "version", "empty"])
def test_a_spoiled_cache_is_ignored_never_an_error(table: Path, spoil: str, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    tables.view(table)
    path = table / folded.FOLDED
    raw = path.read_bytes()
    if spoil == "flip":
        path.write_bytes(raw[:-10] + bytes([raw[-10] ^ 1]) + raw[-9:])
    elif spoil == "cut":
        path.write_bytes(raw[: len(raw) // 2])
    elif spoil == "version":
        path.write_bytes(raw.replace(folded.MAGIC, b"popejoan folded 0 ", 1))
    elif spoil == "empty":
        path.write_bytes(b"")
    else:  # signed by another user's key: the table copied from another machine
        other = tmp_path / "elsewhere"
        shutil.copytree(table, other)
        monkeypatch.setenv("POPEJOAN_HOME", str(tmp_path / "other-home"))
        tables.view(other)  # refereed in full once, under this user's key: its own note and cache
        shutil.copy(other / folded.FOLDED, path)
        monkeypatch.setenv("POPEJOAN_HOME", str(tmp_path / "home"))
    replays = _count_replays(monkeypatch)
    assert _seen(tables.view(table)[0]) == _fresh(table)
    assert replays[0] == 1  # folded from the journal, the cache ignored


def test_check_and_a_full_replay_never_read_it(table: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    tables.view(table)
    monkeypatch.setattr(folded, "read", lambda *a, **k: pytest.fail("the cache was read"))
    view, _ = tables.view(table, full=True)
    assert len(view.hands) == 4 and not tables.audit(view)


def test_a_torn_line_after_the_cache_is_left_out_as_ever(table: Path) -> None:
    tables.view(table)
    with (table / journal.JOURNAL).open("ab") as fh:
        fh.write(b'{"event":{"card":"AH"')
    view, warnings = tables.view(table)
    assert warnings and "cut short" in warnings[0]
    assert _seen(view) == _fresh(table)


@pytest.mark.parametrize("writes", [1, 6, 14])
def test_lines_the_note_does_not_cover_are_folded_onto_the_cache(table: Path, writes: int) -> None:
    """A command that crashed after its write but before its note (or whose note could not be written)
    leaves lines after the note: they are checked and folded onto the cache, a hand's end and a deal too."""
    tables.view(table)
    kept = {name: (table / name).read_bytes() for name in (journal.VERIFIED, folded.FOLDED)}
    for _ in range(writes):
        if tables.view(table, note=False)[0].open_hand is None:
            autoplay.deal(table, 77)
        else:
            autoplay.lead_lowest(table)
    for name, raw in kept.items():
        (table / name).write_bytes(raw)  # as they were before those writes
    loaded = journal.load(table, kept=True)
    assert loaded.folded is not None and len(loaded.events) > loaded.trusted
    assert _seen(tables.view(table)[0]) == _fresh(table)


def test_a_void_after_the_cache_folds_the_journal_again(table: Path) -> None:
    tables.view(table)
    kept = {name: (table / name).read_bytes() for name in (journal.VERIFIED, folded.FOLDED)}
    autoplay.lead_lowest(table)
    tables.record(lambda v: voids(to_undo(v, 1)), where=table)
    for name, raw in kept.items():
        (table / name).write_bytes(raw)
    assert _seen(tables.view(table)[0]) == _fresh(table)
