"""A write holds the table's lock for its own events, not for refereeing the whole journal (issue 26).

`journal.append` reads, checks and replays the journal before it takes the lock; under the lock it
reads the file again and uses that work only if the bytes are the same. A journal that another
command changed in between is all read again under the lock, so nothing written meanwhile is lost.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from popejoan_cli.formats.presets import preset
from popejoan_cli.store import autoplay, disk, journal, tables
from popejoan_cli.table import events as E
from popejoan_cli.table import fold

FAST_TMP = "/dev/shm" if os.access("/dev/shm", os.W_OK) else None


@pytest.fixture
def folder(monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    with tempfile.TemporaryDirectory(dir=FAST_TMP) as tmp:
        monkeypatch.setenv("POPEJOAN_HOME", tmp)
        where = Path(tmp) / "t"
        rules = preset("modern-stops")
        tables.record(lambda v: [E.TableOpened(name="t", rules=rules.to_dict(), rules_name=rules.name,
                                               players=["Ann", "Bob", "Cat"], counters=50, dealer="Ann")],
                      where=where, create=True)
        autoplay.play_hand(where, 3)
        autoplay.deal(where, 4)
        yield where


def count_ann(view: Any) -> list[E.Event]:
    return [E.Counted(target="Ann", counters=view.live_balances()["Ann"])]


def test_nothing_is_parsed_or_replayed_while_the_lock_is_held(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    locked = [False]
    under_lock: list[str] = []
    real_locked, real_decode, real_replay = disk.locked, journal.decode, fold.replay

    @contextlib.contextmanager
    def watched(*a: Any, **kw: Any) -> Iterator[None]:
        with real_locked(*a, **kw):
            locked[0] = True
            try:
                yield
            finally:
                locked[0] = False

    def decode(*a: Any, **kw: Any) -> Any:
        if locked[0]:
            under_lock.append("decode")
        return real_decode(*a, **kw)

    def replay(*a: Any, **kw: Any) -> Any:
        if locked[0]:
            under_lock.append("replay")
        return real_replay(*a, **kw)

    monkeypatch.setattr(disk, "locked", watched)
    monkeypatch.setattr(journal, "decode", decode)
    monkeypatch.setattr(fold, "replay", replay)
    before = (folder / journal.JOURNAL).read_bytes()
    done = tables.record(count_ann, where=folder)
    assert under_lock == [] and done.written[0][0] == len(journal.decode(before).events) + 1
    assert (folder / journal.JOURNAL).read_bytes().startswith(before)


def test_a_journal_changed_before_the_lock_is_read_again_under_it(folder: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Another command records between this one's early read and its lock: this one's events come after
    those, checked against the table as it then stands."""
    real = tables._Decision.ahead
    others: list[tables.Recorded] = []
    started = [False]

    def ahead(self: Any, loaded: journal.Loaded) -> None:
        real(self, loaded)
        if not started[0]:
            started[0] = True  # the other command works ahead too, with nobody in between
            others.append(autoplay_lead(self.path))

    monkeypatch.setattr(tables._Decision, "ahead", ahead)
    done = tables.record(count_ann, where=folder)
    assert others and done.written[0][0] == others[0].written[-1][0] + 1
    loaded = journal.load(folder)
    assert loaded.warnings == [] and loaded.events[-1] == done.written[-1]
    assert [s for s, _ in loaded.events] == list(range(1, len(loaded.events) + 1))
    assert done.view.live_balances()["Ann"] == fold.replay(loaded.events).live_balances()["Ann"]


def autoplay_lead(where: Path) -> tables.Recorded:
    from popejoan_cli.table import moves

    return tables.record(lambda v: [e for e in [moves.lowest(v)] if e is not None], where=where)
