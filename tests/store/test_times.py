"""When each event was recorded: the `at` of each journal line (issue 24).

The store writes it (`journal.now`, fixed by `POPEJOAN_NOW`); a journal from before it existed
has none and still loads and replays byte for byte; the fold keeps each time by seq, and
each hand's deal and end, without parsing a date.
"""

from __future__ import annotations

import json
import zlib
from pathlib import Path

import pytest

from conftest import NOW
from popejoan_cli.base.errors import DataError, UsageError
from popejoan_cli.store import autoplay, journal, tables
from popejoan_cli.table import events as E
from popejoan_cli.table import fold

DAY2 = "2026-12-02T20:15:00+01:00"


def opened() -> E.TableOpened:
    from popejoan_cli.formats.presets import preset

    return E.TableOpened(name="t", rules=preset("modern-stops").to_dict(), rules_name="modern-stops",
                         players=["Ann", "Bob", "Cat"], counters=100, dealer="Ann")


def new_table(folder: Path) -> None:
    tables.record(lambda view: [opened()], where=folder, create=True)


def test_every_line_the_store_writes_carries_its_time(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POPEJOAN_NOW", NOW)
    folder = tmp_path / "t"
    new_table(folder)
    autoplay.play_hand(folder, 7)
    monkeypatch.setenv("POPEJOAN_NOW", DAY2)
    autoplay.play_hand(folder, 8)
    lines = [json.loads(x) for x in (folder / journal.JOURNAL).read_bytes().splitlines()]
    assert all(set(x) - {"more"} == {"at", "event", "seq", "crc"} for x in lines)  # more: a write's lines to come
    assert lines[0]["at"] == NOW and lines[-1]["at"] == DAY2
    view, _ = tables.view(folder, full=True)
    first, second = view.hands
    assert (view.dealt_at(first), view.ended_at(first)) == (NOW, NOW)
    assert (view.dealt_at(second), view.ended_at(second)) == (DAY2, DAY2)
    trusted, _ = tables.view(folder)  # hands taken on their checkpoints' word keep their times too
    assert [(trusted.dealt_at(h), trusted.ended_at(h)) for h in trusted.hands] == [(NOW, NOW), (DAY2, DAY2)]


def test_the_view_a_command_records_knows_its_own_times(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POPEJOAN_NOW", DAY2)
    folder = tmp_path / "t"
    new_table(folder)
    done = tables.record(lambda view: [E.HandDealt(seed=3, dealer=view.next_dealer)], where=folder)
    assert done.view.dealt_at(done.view.hands[0]) == DAY2 and done.view.ended_at(done.view.hands[0]) is None


def test_a_journal_without_times_loads_replays_and_is_kept_byte_for_byte(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """The writer as it was before `at` (encode without a time): every line is kept; new lines get times."""
    made = tmp_path / "made"
    new_table(made)
    autoplay.play_hand(made, 5)
    events = journal.load(made).events
    old = b"".join(journal.encode(seq, e) for seq, e in events)
    folder = tmp_path / "old"
    folder.mkdir()
    (folder / journal.JOURNAL).write_bytes(old)
    loaded = journal.load(folder, trust=False)
    assert loaded.events == events and loaded.times == {}
    view = fold.replay(loaded.events, times=loaded.times)
    assert view.dealt_at(view.hands[0]) is None and view.ended_at(view.hands[0]) is None
    assert view.balances == tables.view(made, full=True)[0].balances
    monkeypatch.setenv("POPEJOAN_NOW", DAY2)
    autoplay.play_hand(folder, 6)
    data = (folder / journal.JOURNAL).read_bytes()
    assert data.startswith(old)
    after = journal.load(folder, trust=False)
    assert set(after.times) == set(range(len(events) + 1, len(after.events) + 1))
    view, _ = tables.view(folder, full=True)
    assert [view.dealt_at(h) for h in view.hands] == [None, DAY2]


def test_a_bad_time_in_a_line_is_damage(tmp_path: Path) -> None:
    for bad in ("yesterday", 5, "2026-12-01 21:04:05", "2026-12-01T21:04:05"):
        body = json.dumps({"at": bad, "event": {"type": "StopCalled"}, "seq": 1}, sort_keys=True,
                          separators=(",", ":")).encode()
        line = body[:-1] + b',"crc":"%08x"}\n' % zlib.crc32(body)
        with pytest.raises(DataError, match="line 1 is damaged"):
            journal.decode(line)


def test_popejoan_now_must_be_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POPEJOAN_NOW", "noon")
    with pytest.raises(UsageError, match="POPEJOAN_NOW"):
        journal.now()
    monkeypatch.delenv("POPEJOAN_NOW")
    assert journal._at().fullmatch(journal.now())


def test_the_journals_kept_in_tests_data_still_load() -> None:
    found = sorted(Path(__file__).parents[1].joinpath("data").rglob("*.jsonl"))
    for path in found:
        loaded = journal.decode(path.read_bytes(), str(path))
        fold.replay(loaded.events, times=loaded.times)
