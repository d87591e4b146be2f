"""What the journal's own witness vouches for is never lost, and nothing else is believed (issue 26).

`.verified` says how much of the journal an earlier command refereed in full; it is signed with a key
kept in popejoan's own folder (POPEJOAN_HOME), never the table's. So a journal shorter than what a
note of this user's vouches for is damage (exit 5), whichever line or byte it was cut at, and a write
on top of it is refused; a note written by hand or copied from another user is not believed. A
command's write is one unit on disk: a crash inside it leaves out the whole command, never half of an
`undo 2` or an undo without the checkpoint it voids. Each cut below is followed by a write.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from conftest import FIGURE, Cli
from popejoan_cli.base.errors import EXIT_DATA, DataError
from popejoan_cli.formats.presets import preset
from popejoan_cli.game.hand import Hand
from popejoan_cli.store import autoplay, journal, tables
from popejoan_cli.table import events as E
from popejoan_cli.table import moves
from popejoan_cli.table.undo import to_undo, voids
from popejoan_cli.table.view import TableView

FAST_TMP = "/dev/shm" if os.access("/dev/shm", os.W_OK) else None
"""Journals are synced on every write: in memory where the machine allows, the cuts below stay quick."""
PLAYERS = ["Ann", "Bob", "Zoë"]


def open_table(folder: Path) -> None:
    rules = preset("modern-stops")
    tables.record(lambda v: [E.TableOpened(name="t", rules=rules.to_dict(), rules_name=rules.name,
                                           players=PLAYERS, counters=50, dealer="Ann")], where=folder, create=True)


def undo(folder: Path, n: int) -> tables.Recorded:
    return tables.record(lambda v: voids(to_undo(v, n)), where=folder)


def step(folder: Path) -> tables.Recorded:
    """A write (straight to `tables.record`, nothing read before): a deal when no hand is open, else the
    leader's lowest lead."""

    def make(view: TableView) -> list[E.Event]:
        led = moves.lowest(view)
        return [led] if led is not None else [E.HandDealt(seed=50 + len(view.hands), dealer=view.next_dealer)]

    return tables.record(make, where=folder)


@pytest.fixture
def home(monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """popejoan's own folder (where the key lives), in memory where it can be."""
    with tempfile.TemporaryDirectory(dir=FAST_TMP) as tmp:
        monkeypatch.setenv("POPEJOAN_HOME", tmp)
        yield Path(tmp)


@pytest.fixture
def scratch() -> Iterator[Path]:
    with tempfile.TemporaryDirectory(dir=FAST_TMP) as tmp:
        yield Path(tmp)


def build(folder: Path, last: str) -> tuple[bytes, str, bytes, str]:
    """A small table whose last command writes two lines: `undo 2` (two leads), or the undo of the lead
    that went out and of its hand's checkpoint. Returns the journal and note before that command and after."""
    open_table(folder)
    autoplay.play_hand(folder, 7)
    undo(folder, 1)  # the out and its checkpoint taken back (two lines) ...
    autoplay.lead_lowest(folder)  # ... and played again (two lines)
    autoplay.deal(folder, 8)
    autoplay.lead_lowest(folder)
    if last == "undo 2":
        autoplay.lead_lowest(folder)
    else:
        while tables.view(folder)[0].open_hand is not None:
            autoplay.lead_lowest(folder)
    before = (folder / journal.JOURNAL).read_bytes(), (folder / journal.VERIFIED).read_text(encoding="utf-8")
    done = undo(folder, 2 if last == "undo 2" else 1)
    assert len(done.written) == 2 and all(isinstance(e, E.EventVoided) for _, e in done.written)
    if last != "undo 2":
        gone = {type(journal.load(folder).events[e.seq - 1][1]) for _, e in done.written
                if isinstance(e, E.EventVoided)}
        assert gone == {E.CardLed, E.HandCheckpointed}
    return (*before, (folder / journal.JOURNAL).read_bytes(), (folder / journal.VERIFIED).read_text(encoding="utf-8"))


def put(folder: Path, data: bytes, note: str | None) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / journal.JOURNAL).write_bytes(data)
    if note is not None:
        (folder / journal.VERIFIED).write_text(note, encoding="utf-8")
    return folder


def line_starts(data: bytes) -> list[int]:
    return [0, *(i + 1 for i, b in enumerate(data) if b == 0x0A)]


def vouched(note: str) -> int:
    return int(json.loads(note)["events"])


def test_a_cut_at_every_line_boundary_is_damage_and_no_write_goes_on_top(home: Path, scratch: Path) -> None:
    """The issue's case: keep the first lines of a journal whose `.verified` vouches for more. Every
    command refuses it (exit 5), `check` included, naming what is missing; nothing is written."""
    _, _, data, note = build(scratch / "t", "undo 2")
    ends = line_starts(data)[1:]
    assert len(ends) == vouched(note)
    caught = 0
    for k, end in enumerate(ends[:-1], start=1):  # keep k lines
        folder = put(scratch / f"l{k}", data[:end], note)
        for trust in (True, False):  # every command, and `check` (which trusts nothing)
            with pytest.raises(DataError, match="missing: an earlier command recorded and verified"):
                journal.load(folder, trust=trust)
        with pytest.raises(DataError) as err:
            step(folder)
        have = len(journal.decode(data[:end]).events)  # k lines, or k - 1 where line k begins a write of two
        assert f"{have + 1}–{len(ends)} are missing" in str(err.value) and f"ends at event {have}" in str(err.value)
        assert (folder / journal.JOURNAL).read_bytes() == data[:end]
        caught += 1
    assert caught == len(ends) - 1
    step(put(scratch / "whole", data, note))  # the whole journal goes on


@pytest.mark.parametrize("last", ["undo 2", "undo of an out and its checkpoint"])
def test_every_byte_of_the_last_command_cut_then_a_write(home: Path, scratch: Path, last: str,
                                                          record_property: Callable[[str, object], None]) -> None:
    """Cut inside the last command's write at every byte, then write. With the note that command left,
    every cut loses a vouched-for event and is refused (a cut of the last newline alone keeps every event,
    and the write completes it). With the note from before it (a crash in the write leaves that one), the
    torn command is left out whole, said once, and the write goes on after the command before it."""
    old, old_note, data, note = build(scratch / "t", last)
    assert data.startswith(old) and len(data) - len(old) > 100
    old_events = journal.decode(old).events  # decoded once: the same bytes give the same events at every cut
    refused = kept = cut_back = 0
    for cut in range(len(old), len(data)):
        folder = put(scratch / f"n{cut}", data[:cut], note)
        if cut == len(data) - 1:
            done = step(folder)  # only the newline was lost: every event is there
            assert (folder / journal.JOURNAL).read_bytes().startswith(data)
            assert journal.load(folder).events[:vouched(note)] == journal.decode(data).events
            kept += 1
            continue
        with pytest.raises(DataError, match="missing"):
            step(folder)
        assert (folder / journal.JOURNAL).read_bytes() == data[:cut]
        refused += 1
    for cut in range(len(old) + 1, len(data) - 1):
        folder = put(scratch / f"o{cut}", data[:cut], old_note)
        loaded = journal.load(folder)
        assert loaded.events == old_events and loaded.good_bytes == len(old)
        assert len(loaded.warnings) == 1 and "torn write" in loaded.warnings[0]
        tables.view(folder, note=False)  # the table before the command: nothing out of place
        done = step(folder)
        assert done.warnings == loaded.warnings
        after = (folder / journal.JOURNAL).read_bytes()
        assert after.startswith(old) and journal.load(folder).events[:len(loaded.events)] == loaded.events
        assert done.written[0][0] == len(loaded.events) + 1
        cut_back += 1
    assert (refused, kept, cut_back) == (len(data) - len(old) - 1, 1, len(data) - len(old) - 2)
    record_property(FIGURE + "cuts inside a command's write, then a write (with its note, and the one before)",
                    refused + kept + cut_back)


def test_a_torn_undo_2_is_never_applied_in_half(home: Path, scratch: Path) -> None:
    old, old_note, data, _ = build(scratch / "t", "undo 2")
    second = data.index(b"\n", len(old)) + 1  # the first of the undo's two lines is whole here
    folder = put(scratch / "half", data[:second], old_note)
    view, warnings = tables.view(folder)
    assert view.last_seq == len(journal.decode(old).events) and "torn write" in warnings[0]
    assert not any(isinstance(e, E.EventVoided) for _, e in view.effective[-2:])


def test_a_journal_written_before_the_marks_loads_byte_for_byte(home: Path, scratch: Path) -> None:
    """Lines without `more` are each a whole write, as every journal before issue 26 was written."""
    _, _, data, _ = build(scratch / "t", "undo 2")
    full = journal.decode(data)
    plain = b"".join(journal.encode(s, e, full.times.get(s)) for s, e in full.events)
    assert plain != data and b'"more"' not in plain
    loaded = journal.decode(plain)
    assert loaded.events == full.events and loaded.warnings == [] and loaded.good_bytes == len(plain)
    last = plain.rindex(b"\n", 0, len(plain) - 1) + 1
    assert journal.decode(plain[:last + 20]).events == full.events[:-1]  # a torn line: that line alone
    folder = put(scratch / "old", plain, None)
    step(folder)
    assert (folder / journal.JOURNAL).read_bytes().startswith(plain)


def forged(data: bytes) -> tuple[bytes, int]:
    """The journal with its last checkpoint (in force: the first was undone) moving 10 counters from Bob to
    Ann, CRC recomputed."""
    loaded = journal.decode(data)
    seq, cp = [(s, e) for s, e in loaded.events if isinstance(e, E.HandCheckpointed)][-1]
    assert isinstance(cp, E.HandCheckpointed)
    moved = {**cp.balances, "Ann": cp.balances["Ann"] + 10, "Bob": cp.balances["Bob"] - 10}
    lines = data.splitlines(keepends=True)
    lines[seq - 1] = journal.encode(seq, E.HandCheckpointed(hand=cp.hand, balances=moved, board=cp.board),
                                    loaded.times.get(seq))
    return b"".join(lines), seq


def test_a_forged_verified_note_is_not_believed(home: Path, scratch: Path, cli: Cli) -> None:
    """The issue's forgery: a checkpoint moved, and `.verified` written with the first line's length and
    hash and a million events, in the old form and with a MAC made by another key. Every command
    referees in full and refuses it before any write; no note comes to vouch for it."""
    _, _, data, note = build(scratch / "t", "undo 2")
    bad, seq = forged(data)
    first = bad[:bad.index(b"\n") + 1]
    old_form = {"version": json.loads(note)["version"], "bytes": len(first), "events": 1_000_000,
                "sha256": hashlib.sha256(first).hexdigest()}
    fields = {**old_form, "head": hashlib.sha256(first).hexdigest()}
    other_key = {**fields, "mac": hmac.new(b"k" * 32, json.dumps(fields).encode(), hashlib.sha256).hexdigest()}
    refused = 0
    for n, forged_note in enumerate((old_form, other_key, {**json.loads(note), "events": 1_000_000})):
        folder = put(scratch / f"f{n}", bad, json.dumps(forged_note))
        for args in (["board"], ["ledger", "show"], ["deal", "--seed", "5"], ["check"]):
            result = cli("--table", str(folder), *args)
            assert result.exit_code == EXIT_DATA, (n, args, result.output)
            assert f"seq {seq}" in result.stderr, (n, args, result.stderr)
            refused += 1
        assert (folder / journal.JOURNAL).read_bytes() == bad
        assert journal.load(folder).trusted == 0
    assert refused == 12


def counting_plays(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    plays = [0]
    real = Hand.check_play

    def counting(self: Any, *a: Any, **kw: Any) -> Any:
        plays[0] += 1
        return real(self, *a, **kw)

    monkeypatch.setattr(Hand, "check_play", counting)
    return plays


def test_a_copied_table_is_refereed_in_full_once(home: Path, scratch: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The key is in popejoan's own folder, not the table's: a table copied to another user (another
    home, another key) is refereed in full once, then its own note spares it."""
    _, _, data, note = build(scratch / "t", "undo 2")
    assert (home / journal.KEY).is_file() and not any("key" in p.name for p in (scratch / "t").iterdir())
    assert len((home / journal.KEY).read_bytes()) == 32
    plays = counting_plays(monkeypatch)
    tables.view(scratch / "t")
    assert plays[0] == 0  # this user's own note: the closed hand is taken on its checkpoint's word
    copy = scratch / "copy"
    shutil.copytree(scratch / "t", copy)
    monkeypatch.setenv("POPEJOAN_HOME", str(scratch / "elsewhere"))
    assert journal.load(copy).trusted == 0
    tables.view(copy)
    assert plays[0] > 0
    plays[0] = 0
    assert journal.load(copy).trusted == vouched(note)
    tables.view(copy)
    assert plays[0] == 0
    (copy / journal.JOURNAL).write_bytes(data[:data.rindex(b"\n", 0, len(data) - 1) + 1])
    with pytest.raises(DataError, match="missing"):  # and the copy's own note now guards it
        journal.load(copy)


def test_the_note_is_an_hmac_of_what_it_says(home: Path, scratch: Path) -> None:
    _, _, _, note = build(scratch / "t", "undo 2")
    said = json.loads(note)
    fields = {k: said[k] for k in ("version", "bytes", "events", "sha256", "head")}
    msg = json.dumps(fields, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
    assert said["mac"] == hmac.new((home / journal.KEY).read_bytes(), msg, hashlib.sha256).hexdigest()


def test_deleting_the_last_line_is_refused_by_every_command(home: Path, scratch: Path, cli: Cli) -> None:
    _, _, data, note = build(scratch / "t", "undo 2")
    cut = data[:data.rindex(b"\n", 0, len(data) - 1) + 1]
    folder = put(scratch / "cut", cut, note)
    have = len(journal.decode(cut).events)  # the undo's first line is left out with its last
    assert have == vouched(note) - 2
    for args in (["check"], ["board"], ["count", "pope", "6"], ["deal", "--seed", "3"], ["undo", "--yes"]):
        result = cli("--table", str(folder), *args)
        assert result.exit_code == EXIT_DATA, (args, result.output)
        assert f"events {have + 1}–{have + 2} are missing" in result.stderr, result.stderr
        assert "restore the journal from a copy" in result.stderr
        assert "Traceback" not in result.stderr and result.stdout == ""


def test_a_torn_tail_past_the_note_is_cut_and_said_once(home: Path, scratch: Path, cli: Cli) -> None:
    """Bytes no command verified, cut short by a crash: the write cuts them back and says so once, though
    the command reads its table before it writes."""
    _, _, data, note = build(scratch / "t", "undo 2")
    torn = data + b'{"at":"2026-12-01T21'
    ann = tables.view(scratch / "t")[0].live_balances()["Ann"]
    for args in (["count", "Ann", str(ann)], ["undo", "--yes"]):
        folder = put(scratch / args[0], torn, note)
        result = cli("--table", str(folder), *args)
        assert result.exit_code == 0, (args, result.output)
        assert result.stderr.count("torn write") == 1, (args, result.stderr)
        after = (folder / journal.JOURNAL).read_bytes()
        assert after.startswith(data) and journal.load(folder).warnings == []


def test_a_reader_racing_a_writer_never_takes_new_events_for_missing(home: Path, scratch: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """A command that reads while another writes: the writer's events and its note may land between the
    reader's read of the journal and of the note. The note is read first, so it never says more than
    the journal the reader got."""
    _, _, _, note = build(scratch / "t", "undo 2")
    real = journal._read_regular

    def racing(fd: int, path: Path) -> bytes:
        got = real(fd, path)
        monkeypatch.setattr(journal, "_read_regular", real)
        step(scratch / "t")  # another command records meanwhile, and writes its note
        return got

    monkeypatch.setattr(journal, "_read_regular", racing)
    assert len(journal.load(scratch / "t").events) == vouched(note)
    assert vouched((scratch / "t" / journal.VERIFIED).read_text(encoding="utf-8")) == vouched(note) + 1
