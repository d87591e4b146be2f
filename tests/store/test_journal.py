"""The journal keeps a table's data safe (see docs/journal.md): crashes, damage, faults, two writers, locks.

Every journal here is written through the real API (`tables.record`), then cut, flipped,
killed mid-write, starved of disk or locked. Loading must give exactly the events of the
complete lines, drop only a torn final line (with a warning), name the line of any other
damage (exit 5), and report I/O trouble as exit 6 and a busy table as exit 4.
"""

from __future__ import annotations

import bisect
import errno
import itertools
import json
import os
import random
import signal
import subprocess
import sys
import time
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from filelock import lock_descriptor

from conftest import FIGURE, HOSTILE, TESTS, Cli, read_only
from journal_writer import play_step
from popejoan_cli.base.errors import EXIT_BUSY, EXIT_DATA, EXIT_IO, DataError, StorageError, TableBusy, UsageError
from popejoan_cli.formats.presets import preset
from popejoan_cli.game.cards import CARDS
from popejoan_cli.game.hand import Hand
from popejoan_cli.store import autoplay, disk, journal, tables
from popejoan_cli.table import events as E
from popejoan_cli.table import fold, ledger
from popejoan_cli.table.view import TableView

WRITER = TESTS / "journal_writer.py"
PLAYERS = ["Ann", "Bo\\b", "Zoë", 'Dan "D"']
"""Seats whose names need JSON escapes and multi-byte UTF-8, so cuts and flips meet them too."""
RULES = "modern-stops"


# ----------------------------------------------------------------------------- building journals
def jpath(folder: Path) -> Path:
    return folder / journal.JOURNAL


def open_table(folder: Path, players: list[str] | None = None) -> tables.Recorded:
    rules = preset(RULES)
    seats = players or PLAYERS
    return tables.record(lambda v: [E.TableOpened(name="t", rules=rules.to_dict(), rules_name=rules.name,
                                                  players=seats, counters=50, dealer=seats[0])],
                         where=folder, create=True)


def step(folder: Path) -> tables.Recorded:
    """Deal when no hand is open, else lead with the lowest policy: the writer script's step."""
    return tables.record(play_step, where=folder)


def play_hand(folder: Path) -> None:
    """Deal from seed 1000 + hands so far and play the hand out, as the writer script would."""
    autoplay.play_hand(folder, 1000 + len(tables.view(folder)[0].hands))


def build_sample(folder: Path) -> None:
    """Six hands (~75 lines) with a banker's count, a player joining and an undone lead between them."""
    open_table(folder)
    play_hand(folder)
    play_hand(folder)
    tables.record(lambda v: [E.Counted(target="Zoë", counters=v.balances["Zoë"])], where=folder)
    done = step(folder)  # a deal
    done = step(folder)  # its first lead ...
    assert done.view.open_hand is not None
    lead_seq = done.written[0][0]
    tables.record(lambda v: [E.EventVoided(seq=lead_seq)], where=folder)  # ... undone
    while done.view.open_hand is not None:
        done = step(folder)
    tables.record(lambda v: [E.PlayerJoined(player="Eve", counters=30)], where=folder)
    for _ in range(3):
        play_hand(folder)
    tables.record(lambda v: [E.Counted(target="pope", counters=v.board["pope"])], where=folder)


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> tuple[bytes, journal.Loaded]:
    folder = tmp_path_factory.mktemp("sample") / "t"
    build_sample(folder)
    data = jpath(folder).read_bytes()
    full = journal.load(folder)
    assert full.warnings == [] and full.good_bytes == len(data)
    assert len(full.events) == data.count(b"\n") >= 60
    view = fold.replay(full.events)
    assert len(view.hands) == 6 and view.open_hand is None and ledger.conservation_problems(view) == []
    return data, full


def copy_table(data: bytes, folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    jpath(folder).write_bytes(data)
    return folder


def line_ends(data: bytes) -> list[int]:
    """The offset just past each newline."""
    return [i + 1 for i, b in enumerate(data) if b == 0x0A]


class Ends(list[int]):
    """`line_ends`, and `finals`: the lines (1-based) that end a command's write (those without `more`)."""

    finals: set[int]


def shape(data: bytes) -> Ends:
    ends = Ends(line_ends(data))
    ends.finals = {k + 1 for k, line in enumerate(data.split(b"\n")[:len(ends)]) if "more" not in json.loads(line)}
    return ends


def assert_sound(view: TableView, *, cut: bool = False) -> None:
    """Counters conserved, and every finished hand checkpointed (a hand's last lead and its checkpoint
    are one write; only a journal cut by hand between those two lines may lack the last checkpoint)."""
    assert view.conserved()
    assert ledger.conservation_problems(view) == []
    closed = [h for h in view.hands if h.closed]
    checkpoints = [e for _, e in view.effective if isinstance(e, E.HandCheckpointed)]
    assert len(closed) - (1 if cut else 0) <= len(checkpoints) <= len(closed)


# ----------------------------------------------------------------------------- 1. cut at every byte
def kept(ends: Ends, cut: int) -> tuple[int, int]:
    """Events a journal cut at `cut` keeps, and their bytes: every line whose text is whole, back to the
    end of a command's write (`ends` from `shape`: a command torn by a crash is left out whole).

    A line that lost only its newline still carries a checking CRC: it is an event."""
    whole = bisect.bisect_right(ends, cut)
    if whole < len(ends) and cut == ends[whole] - 1 and whole + 1 in ends.finals:
        return whole + 1, cut
    return commands_before(ends, cut)


def commands_before(ends: Ends, cut: int) -> tuple[int, int]:
    """The lines of the commands whose writes end (newline and all) by `cut`, and their bytes."""
    whole = bisect.bisect_right(ends, cut)
    while whole and whole not in ends.finals:
        whole -= 1
    return whole, (ends[whole - 1] if whole else 0)


def decoded_cut(data: bytes, full: journal.Loaded, ends: Ends, cut: int, *, wholly: bool) -> journal.Loaded:
    """`journal.decode(data[:cut], "j")`: wholly, or (quicker) only from the first line of the command the cut
    falls in, numbered with `line=` as `_decoded` does after a `.verified` note, the events of the commands
    before it put first.

    The two give the same. `decode` carries only three things from one line to the next: the line's number
    (the seq it must have and the line a message names: `line=` gives it), the lines its command's write still
    owes (none after a command's last line, where the cut decode starts) and the events so far (the same whole
    lines give the same events; that the commands before decode to `full`'s first events with nothing torn is
    checked at the cut between them, which is always decoded wholly). Its good bytes count from the cut decode's
    start, here added back; a torn write's message names its lines by `line=` and counts bytes from the end of
    the last whole command, the same in both."""
    if wholly:
        return journal.decode(data[:cut], "j")
    lines, start = commands_before(ends, cut)
    got = journal.decode(data[start:cut], "j", line=lines + 1)
    got.events[:0] = full.events[:lines]
    got.good_bytes += start
    return got


def test_cut_at_every_byte_gives_the_complete_prefix(sample: tuple[bytes, journal.Loaded],
                                                      record_property: Callable[[str, object], None]) -> None:
    data, full = sample
    record_property(FIGURE + "journal cuts, at every byte, decoded", len(data) + 1)
    ends = shape(data)
    finals = ends.finals
    assert len(finals) < len(ends)  # the sample has commands of several lines (a last lead and its checkpoint)
    torn_seen = unterminated = 0
    # Every command's end is decoded wholly (what `decoded_cut` rests on), and 1 cut in 20 anywhere: so a check
    # that a later decoder might carry across commands still meets cuts everywhere.
    wholly = {0, *(ends[k - 1] for k in finals), *random.Random(151).sample(range(len(data) + 1), len(data) // 20)}
    for cut in range(len(data) + 1):
        got = decoded_cut(data, full, ends, cut, wholly=cut in wholly)
        whole, good = kept(ends, cut)
        assert got.events == full.events[:whole], cut
        assert got.good_bytes == good, cut
        assert got.unterminated == (cut + 1 in ends and ends.index(cut + 1) + 1 in finals), cut
        unterminated += got.unterminated
        if good == cut:
            assert got.warnings == [], cut
        else:
            torn_seen += 1
            assert len(got.warnings) == 1, cut
            last = min(len(ends), 1 + bisect.bisect_left(ends, cut))  # the last line begun before the cut
            line = f"line {whole + 1} " if last == whole + 1 else f"lines {whole + 1}–{last} "
            assert "torn write" in got.warnings[0] and line in got.warnings[0], (cut, got.warnings)
            assert f"{cut - got.good_bytes} bytes" in got.warnings[0]
    assert unterminated == len(finals)
    assert torn_seen == len(data) - 2 * len(finals)  # all but 0 and a command's end, newline or not


def test_cut_journal_on_disk_replays_and_conserves(sample: tuple[bytes, journal.Loaded], tmp_path: Path,
                                                   record_property: Callable[[str, object], None]) -> None:
    data, full = sample
    ends = shape(data)
    rng = random.Random(7)
    cuts = sorted({*ends, *(e - 1 for e in ends), *(e - 2 for e in ends),
                   *rng.sample(range(1, len(data)), min(len(data) - 1, 40 * HOSTILE))})
    record_property(FIGURE + "journal cuts on disk, replayed and audited", len(cuts))
    for cut in cuts:
        folder = copy_table(data[:cut], tmp_path / f"c{cut}")
        whole, good = kept(ends, cut)
        if whole == 0:
            with pytest.raises(DataError, match="holds no event"):
                journal.load(folder)
            continue
        got = journal.load(folder)
        assert got.events == full.events[:whole]
        assert len(got.warnings) == (good != cut)
        view, warnings = tables.view(folder)
        assert warnings == got.warnings
        assert view.last_seq == whole
        assert_sound(view, cut=True)


def test_append_after_a_torn_tail_cuts_it_under_the_lock(sample: tuple[bytes, journal.Loaded],
                                                        tmp_path: Path) -> None:
    data, full = sample
    ends = shape(data)
    rng = random.Random(11)
    mids = [c for c in range(ends[0] + 1, len(data)) if c not in ends and c + 1 not in ends]
    cuts = sorted({*rng.sample(mids, 25), len(data) - 2, ends[1] - 2, ends[0] + 1})
    for cut in cuts:
        folder = copy_table(data[:cut], tmp_path / f"a{cut}")
        whole, good = kept(ends, cut)
        done = step(folder)
        assert len(done.warnings) == 1 and "torn write" in done.warnings[0]
        assert done.written[0][0] == whole + 1
        after = jpath(folder).read_bytes()
        assert after == data[:good] + written(folder, done.written)
        again = journal.load(folder)
        assert again.warnings == []
        assert again.events == full.events[:whole] + done.written
        assert_sound(fold.replay(again.events), cut=True)


def written(folder: Path, done: list[tuple[int, E.Event]]) -> bytes:
    """The lines the store wrote for `done` (one command's write), each with the time (at) it was written with."""
    times = journal.load(folder).times
    return b"".join(journal.encode(s, e, times[s], len(done) - 1 - k) for k, (s, e) in enumerate(done))


def test_a_whole_last_line_without_its_newline_is_kept_and_completed(sample: tuple[bytes, journal.Loaded],
                                                                     tmp_path: Path) -> None:
    """A final event whose CRC checks is never cut: a write adds its newline, then the new events."""
    data, full = sample
    ends = shape(data)
    for k in (1, 2, 12, len(ends)):
        cut = ends[k - 1] - 1
        folder = copy_table(data[:cut], tmp_path / f"u{k}")
        loaded = journal.load(folder)
        assert loaded.events == full.events[:k] and loaded.warnings == [] and loaded.unterminated
        done = step(folder)
        assert done.written[0][0] == k + 1 and done.warnings == []
        after = jpath(folder).read_bytes()
        assert after == data[:ends[k - 1]] + written(folder, done.written)
        assert journal.load(folder).events == full.events[:k] + done.written


def test_a_refused_command_never_cuts_or_completes_anything(sample: tuple[bytes, journal.Loaded],
                                                           tmp_path: Path) -> None:
    """The repair is made by a command that writes, after its events are validated: not before."""
    data, _ = sample
    ends = shape(data)
    for cut in (ends[0] - 1, ends[1] - 1, ends[1] + 7):
        folder = copy_table(data[:cut], tmp_path / f"r{cut}")
        before = jpath(folder).read_bytes()
        with pytest.raises(UsageError):
            tables.record(lambda v: [E.Counted(target="Nobody", counters=5)], where=folder)
        with pytest.raises(DataError):
            tables.record(lambda v: [E.TableOpened(name="x", rules=preset(RULES).to_dict(), rules_name=RULES,
                                                   players=PLAYERS, counters=1, dealer="Ann")], where=folder)
        tables.record(lambda v: [], where=folder)  # chooses nothing: writes nothing
        assert jpath(folder).read_bytes() == before


def test_an_empty_or_missing_journal_is_damage_naming_the_file(tmp_path: Path, invoke: Cli) -> None:
    for content in (b"", b"{\"seq\":1", b"\n"):
        folder = copy_table(content, tmp_path / f"e{len(content)}")
        for args in (["check"], ["end"], ["ledger", "export", str(tmp_path / "x.json")],
                     ["board"], ["table", "join", "Eve"]):
            result = invoke("--table", str(folder), *args)
            assert result.exit_code == EXIT_DATA, (content, args, result.output)
            assert str(jpath(folder)) in result.stderr and result.stdout == ""
            assert "Traceback" not in result.stderr
        assert jpath(folder).read_bytes() == content
    result = invoke("--table", str(tmp_path / "nowhere"), "check")  # no table there: what was typed is wrong
    assert result.exit_code == 2 and "no journal" in result.stderr


def test_a_journal_that_is_a_pipe_or_a_device_is_refused_at_once(tmp_path: Path, invoke: Cli) -> None:
    fifo = tmp_path / "fifo"
    fifo.mkdir()
    os.mkfifo(jpath(fifo))
    zero = tmp_path / "zero"
    zero.mkdir()
    jpath(zero).symlink_to("/dev/zero")
    for folder in (fifo, zero):
        for args in (["check"], ["board"], ["table", "join", "Eve"]):
            result = invoke("--table", str(folder), *args)  # a read of the pipe or of /dev/zero would never end
            assert result.exit_code == EXIT_DATA, result.output
            assert "not a regular file" in result.stderr or "symbolic link" in result.stderr, result.output


def test_a_journal_behind_a_symlink_is_read_but_never_written_through(sample: tuple[bytes, journal.Loaded],
                                                                      tmp_path: Path) -> None:
    data, full = sample
    elsewhere = tmp_path / "real.jsonl"
    elsewhere.write_bytes(data[:-7])  # a torn tail that a write would cut
    folder = tmp_path / "t"
    folder.mkdir()
    jpath(folder).symlink_to(elsewhere)
    assert journal.load(folder).events == full.events[:-1]
    with pytest.raises(DataError, match="symbolic link"):
        step(folder)
    assert elsewhere.read_bytes() == data[:-7]


# ----------------------------------------------------------------------------- 2. flip every byte
def check_flip(data: bytes, full: journal.Loaded, i: int, pattern: int) -> str:
    """Flip byte `i` with `pattern`; loading must refuse it naming its line (a crash cuts a line short,
    it never writes a wrong byte, so no flip is taken for a torn write)."""
    bad = bytearray(data)
    bad[i] ^= pattern
    line = data.count(b"\n", 0, i) + 1  # the line holding byte i (a newline belongs to its line)
    with pytest.raises(DataError) as caught:
        journal.decode(bytes(bad), "j")
    err = caught.value
    assert err.exit_code == EXIT_DATA
    assert err.problems[0].line == line, (i, pattern, str(err))
    assert f"line {line} is damaged" in str(err), (i, pattern, str(err))
    return "refused"


def test_flip_every_byte_never_loads_a_wrong_event(sample: tuple[bytes, journal.Loaded],
                                                    record_property: Callable[[str, object], None]) -> None:
    data, full = sample
    record_property(FIGURE + "journal bytes flipped, every byte, each refused", len(data))
    outcomes = [check_flip(data, full, i, 0x01) for i in range(len(data))]
    assert outcomes == ["refused"] * len(data)


def test_flip_other_bit_patterns(sample: tuple[bytes, journal.Loaded],
                                 record_property: Callable[[str, object], None]) -> None:
    data, full = sample
    rng = random.Random(3)
    ends = shape(data)
    # every bit of a short line, of the final line and of every newline; then random bytes and patterns
    short = next(k for k in range(1, len(ends)) if ends[k] - ends[k - 1] < 140)  # its time (at) included
    spots = [*range(ends[short - 1], ends[short]), *range(ends[-2], len(data))]
    cases = [(i, 1 << b) for i in spots for b in range(8)]
    cases += [(e - 1, p) for e in ends for p in (0x20, 0x2A, 0xFF)]
    cases += [(rng.randrange(len(data)), rng.randrange(1, 256)) for _ in range(1500 * HOSTILE)]
    record_property(FIGURE + "journal bits and bytes flipped in other patterns, each refused", len(cases))
    outcomes = [check_flip(data, full, i, p) for i, p in cases]
    assert outcomes == ["refused"] * len(cases)


def test_flips_and_cuts_followed_by_a_write_never_lose_a_committed_event(
        sample: tuple[bytes, journal.Loaded], tmp_path: Path, record_property: Callable[[str, object], None]) -> None:
    """Damage is refused by a write as by a read, and the file is left as it was; a cut journal takes
    the write after every whole event, each kept byte for byte."""
    data, full = sample
    ends = shape(data)
    rng = random.Random(5)
    flips = sorted({*range(ends[-2], len(data)), *range(0, ends[0], 97),
                    *rng.sample(range(len(data)), min(len(data), 40 * HOSTILE))})
    for i in flips:
        bad = bytearray(data)
        bad[i] ^= rng.choice((0x01, 0x20, 0x80, 0xFF))
        folder = copy_table(bytes(bad), tmp_path / f"f{i}")
        with pytest.raises(DataError, match=r"line \d+ is damaged"):
            step(folder)
        assert jpath(folder).read_bytes() == bad
    cuts = sorted({*range(ends[-3], len(data)), *rng.sample(range(ends[0], len(data)),
                                                          min(len(data) - ends[0], 40 * HOSTILE))})
    for cut in cuts:
        folder = copy_table(data[:cut], tmp_path / f"c{cut}")
        whole, good = kept(ends, cut)
        done = step(folder)
        after = jpath(folder).read_bytes()
        assert after[:good] == data[:good]  # nothing committed was changed or lost
        assert journal.load(folder).events == full.events[:whole] + done.written
    assert len(flips) + len(cuts) > 250
    record_property(FIGURE + "damaged journals written to: flips refused, cuts written after", len(flips) + len(cuts))


def test_flipped_journal_on_disk_refused_by_view_and_check(sample: tuple[bytes, journal.Loaded], tmp_path: Path,
                                                           invoke: Cli) -> None:
    data, _ = sample
    ends = shape(data)
    i = ends[29] + 20  # inside line 31
    bad = bytearray(data)
    bad[i] ^= 0x01
    folder = copy_table(bytes(bad), tmp_path / "t")
    with pytest.raises(DataError) as caught:
        tables.view(folder)
    assert caught.value.exit_code == EXIT_DATA and "line 31 is damaged" in str(caught.value)
    with pytest.raises(DataError, match="line 31 is damaged"):
        step(folder)  # nor does an append write past damage
    assert jpath(folder).read_bytes() == bytes(bad)
    result = invoke("--table", str(folder), "check")
    assert result.exit_code == EXIT_DATA
    assert "line 31" in result.stderr and result.stdout == ""


# ----------------------------------------------------------------------------- 3. SIGKILL loop
def test_sigkill_loop_never_loses_or_breaks_the_journal(tmp_path: Path,
                                                       record_property: Callable[[str, object], None]) -> None:
    folder = tmp_path / "t"
    open_table(folder)
    rng = random.Random(2024)
    before: list[tuple[int, E.Event]] = journal.load(folder).events
    killed_running = torn = 0
    for _ in range(10 * HOSTILE):
        proc = subprocess.Popen([sys.executable, str(WRITER), str(folder), "play"], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True, encoding="utf-8")
        assert proc.stdout is not None
        assert proc.stdout.readline() == "ready\n"
        time.sleep(rng.uniform(0.02, 0.15))
        killed_running += proc.poll() is None
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
        _, err = proc.communicate()
        assert proc.returncode == -signal.SIGKILL, err
        loaded = journal.load(folder)
        assert len(loaded.warnings) <= 1
        torn += len(loaded.warnings)
        assert all("torn write" in w for w in loaded.warnings)
        assert [s for s, _ in loaded.events] == list(range(1, len(loaded.events) + 1))
        assert loaded.events[:len(before)] == before, "a committed event was lost"
        view, warnings = tables.view(folder)
        assert warnings == loaded.warnings
        assert_sound(view)
        before = loaded.events
    assert killed_running == 10 * HOSTILE, "the writer must be killed while it is writing"
    record_property(FIGURE + "writers SIGKILLed mid-write, nothing committed lost", killed_running)
    record_property(FIGURE + "torn tails those kills left, each found and said", torn)
    assert len(before) > 10, f"the writers made too little progress to test anything ({len(before)} events)"
    step(folder)  # and the table goes on, any torn tail cut
    assert journal.load(folder).warnings == []


# ----------------------------------------------------------------------------- 4. fault injection
class FaultyOS:
    """Stands in for `os` inside journal.py and disk.py; each `fail_*` says which call (1-based) raises what."""

    def __init__(self) -> None:
        self.calls: dict[str, int] = {}
        self.faults: dict[str, tuple[int, Callable[..., Any]]] = {}

    def fail(self, name: str, at: int, action: Callable[..., Any]) -> None:
        """From now on, call `at` of `name` (or, with a negative `at`, every call from -at on) does `action`."""
        self.calls[name] = 0
        self.faults[name] = (at, action)

    def __getattr__(self, name: str) -> Any:
        real = getattr(os, name)
        if not callable(real) or name not in {"write", "fsync", "ftruncate", "pread", "open"}:
            return real

        def call(*args: Any) -> Any:
            self.calls[name] = self.calls.get(name, 0) + 1
            at, action = self.faults.get(name, (0, real))
            if self.calls[name] == at or (at < 0 and self.calls[name] >= -at):
                return action(*args)
            return real(*args)

        return call


def raiser(code: int) -> Callable[..., Any]:
    def go(*_: Any) -> Any:
        raise OSError(code, os.strerror(code))

    return go


def half_write(fd: int, blob: bytes) -> int:
    return os.write(fd, blob[: len(blob) // 2])


@pytest.fixture
def faulty(monkeypatch: pytest.MonkeyPatch) -> FaultyOS:
    fake = FaultyOS()
    monkeypatch.setattr(journal, "os", fake)
    monkeypatch.setattr(disk, "os", fake)  # the calls that differ by system go through store/disk.py
    return fake


WHY = {errno.ENOSPC: "the disk is full", errno.EIO: os.strerror(errno.EIO)}


@pytest.mark.parametrize("call", ["write", "fsync"])
@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EIO])
@pytest.mark.parametrize("at", [1, 2, 4])
def test_write_or_fsync_fails_at_call_n(tmp_path: Path, faulty: FaultyOS, call: str, code: int, at: int) -> None:
    folder = tmp_path / "t"
    open_table(folder)
    faulty.fail(call, at, raiser(code))
    for _ in range(at - 1):
        step(folder)
    snapshot = jpath(folder).read_bytes()
    events = journal.load(folder).events
    with pytest.raises(StorageError) as caught:
        step(folder)
    err = caught.value
    assert err.exit_code == EXIT_IO
    assert f"cannot write {jpath(folder)}: {WHY[code]}" in err.message
    assert "nothing was recorded" in err.hint
    assert jpath(folder).read_bytes() == snapshot, "the failed append must leave no trace"
    after = journal.load(folder)
    assert after.warnings == [] and after.events == events
    faulty.faults.clear()
    step(folder)  # the disk is back: the table goes on from where it was
    assert len(journal.load(folder).events) == len(events) + 1


def test_partial_write_is_cut_back(tmp_path: Path, faulty: FaultyOS) -> None:
    folder = tmp_path / "t"
    open_table(folder)
    snapshot = jpath(folder).read_bytes()
    faulty.fail("write", 1, half_write)
    with pytest.raises(StorageError) as caught:
        step(folder)
    assert caught.value.exit_code == EXIT_IO and "the disk is full" in caught.value.message
    assert jpath(folder).read_bytes() == snapshot
    assert journal.load(folder).warnings == []


def test_partial_write_that_cannot_be_cut_back_leaves_only_a_torn_tail(tmp_path: Path, faulty: FaultyOS) -> None:
    folder = tmp_path / "t"
    open_table(folder)
    step(folder)
    snapshot = jpath(folder).read_bytes()
    events = journal.load(folder).events
    faulty.fail("write", 1, half_write)
    faulty.fail("ftruncate", 1, raiser(errno.EIO))
    with pytest.raises(StorageError) as caught:
        step(folder)
    assert caught.value.exit_code == EXIT_IO
    data = jpath(folder).read_bytes()
    assert data.startswith(snapshot) and len(data) > len(snapshot) and not data.endswith(b"\n")
    after = journal.load(folder)
    assert after.events == events
    assert len(after.warnings) == 1 and "torn write" in after.warnings[0]
    faulty.faults.clear()
    done = step(folder)  # the next append repairs it
    assert "torn write" in done.warnings[0]
    assert journal.load(folder).warnings == []
    assert jpath(folder).read_bytes() == snapshot + written(folder, done.written)


def test_fsync_and_cut_back_both_fail_never_claims_nothing_was_recorded(tmp_path: Path, faulty: FaultyOS) -> None:
    folder = tmp_path / "t"
    open_table(folder)
    events = journal.load(folder).events
    faulty.fail("fsync", -1, raiser(errno.EIO))
    faulty.fail("ftruncate", 1, raiser(errno.EIO))
    with pytest.raises(StorageError) as caught:
        step(folder)
    faulty.faults.clear()
    after = journal.load(folder).events
    assert after == events or "nothing was recorded" not in str(caught.value), (
        f"the journal now holds {len(after) - len(events)} new event(s), but the error says: {caught.value}")


def test_create_with_a_failing_folder_fsync_is_a_storage_error(tmp_path: Path, faulty: FaultyOS) -> None:
    faulty.fail("fsync", 1, raiser(errno.EIO))
    with pytest.raises(StorageError):
        open_table(tmp_path / "t")


@pytest.mark.parametrize("where", ["pread", "flock", "ftruncate"])
def test_every_os_error_in_append_is_a_storage_error(tmp_path: Path, faulty: FaultyOS,
                                                     monkeypatch: pytest.MonkeyPatch, where: str) -> None:
    folder = tmp_path / "t"
    open_table(folder)
    if where == "flock":
        fcntl = pytest.importorskip("fcntl")  # the lock's system call on Linux and macOS
        monkeypatch.setattr(fcntl, "flock", raiser(errno.ENOLCK))
    elif where == "ftruncate":
        with jpath(folder).open("ab") as f:
            f.write(b'{"event":')  # a torn tail, which the append must cut
        faulty.fail("ftruncate", 1, raiser(errno.EIO))
    else:
        faulty.fail("pread", 1, raiser(errno.EIO))
    with pytest.raises(StorageError):
        step(folder)


@pytest.mark.parametrize("failure", ["bad-dealer", "write-ENOSPC", "fsync-EIO"])
def test_a_failed_create_leaves_no_table_behind(tmp_path: Path, faulty: FaultyOS, failure: str) -> None:
    folder = tmp_path / "t"
    rules = preset(RULES)
    dealer = "Zed" if failure == "bad-dealer" else "Ann"
    if failure == "write-ENOSPC":
        faulty.fail("write", 1, raiser(errno.ENOSPC))
    elif failure == "fsync-EIO":
        faulty.fail("fsync", 2, raiser(errno.EIO))  # call 1 syncs the folder, call 2 the journal
    with pytest.raises((StorageError, UsageError)):
        tables.record(lambda v: [E.TableOpened(name="t", rules=rules.to_dict(), rules_name=rules.name,
                                               players=PLAYERS, counters=50, dealer=dealer)],
                      where=folder, create=True)
    faulty.faults.clear()
    assert not jpath(folder).exists(), f"left behind: {jpath(folder).stat().st_size}-byte {journal.JOURNAL}"
    open_table(folder)  # and the same name can be used at once


# ----------------------------------------------------------------------------- 5. two writers at once
def two_writers_at_once(folder: Path) -> list[Any]:
    """Start two `journal_writer`s at `folder`, one playing, one counting for Zoë, 50 appends
    each; when both are ready, let them go at once. Returns their reports."""
    procs = [subprocess.Popen([sys.executable, str(WRITER), str(folder), *mode, "--max", "50", "--wait",
                              "--pause", "0.003"],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              encoding="utf-8")
             for mode in (["play"], ["count", "--target", "Zoë"])]
    for p in procs:
        assert p.stdout is not None and p.stdout.readline() == "ready\n"
    for p in procs:
        assert p.stdin is not None
        p.stdin.write("go\n")
        p.stdin.flush()
    reports = []
    for p in procs:
        out, err = p.communicate(timeout=120)
        assert p.returncode == 0, err
        reports.append(json.loads(out))
    return reports


def test_two_processes_appending_at_once(tmp_path: Path) -> None:
    folder = tmp_path / "t"
    open_table(folder)
    reports = two_writers_at_once(folder)
    assert [r["appends"] for r in reports] == [50, 50]
    loaded = journal.load(folder)
    assert loaded.warnings == []
    assert [s for s, _ in loaded.events] == list(range(1, 2 + sum(r["written"] for r in reports)))
    counts = [(s, e) for s, e in loaded.events if isinstance(e, E.Counted)]
    assert len(counts) == 50 and all(e.target == "Zoë" for _, e in counts)
    view, _ = tables.view(folder)
    assert_sound(view)
    # each count was decided on the journal as re-read under the lock, so none disagrees with the leads around it
    assert view.problems == []
    kinds = [type(e).__name__ for _, e in loaded.events]
    assert kinds.count("CardLed") + kinds.count("HandDealt") == 50
    switches = sum(1 for a, b in itertools.pairwise(kinds) if (a == "Counted") != (b == "Counted"))
    assert switches >= 3, "the two writers should have taken turns"


# ----------------------------------------------------------------------------- 6. a busy table
def test_a_table_locked_in_this_process_is_busy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "t"
    open_table(folder)
    snapshot = jpath(folder).read_bytes()
    monkeypatch.setattr(journal, "LOCK_WAIT", 0.2)
    fd = os.open(folder / disk.LOCK, os.O_RDWR)  # its own open file description, so its own lock
    try:
        assert lock_descriptor(fd, blocking=False)
        start = time.monotonic()
        with pytest.raises(TableBusy) as caught:
            step(folder)
        waited = time.monotonic() - start
        assert caught.value.exit_code == EXIT_BUSY and "busy" in caught.value.message
        assert waited >= 0.2  # it waited for the lock as long as it was told (no upper bound: a busy machine)
        assert jpath(folder).read_bytes() == snapshot
    finally:
        os.close(fd)
    step(folder)  # the lock is gone with its file description
    assert len(journal.load(folder).events) == 2


def test_a_table_locked_by_another_process_is_busy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                   invoke: Cli) -> None:
    folder = tmp_path / "t"
    open_table(folder)
    snapshot = jpath(folder).read_bytes()
    monkeypatch.setattr(journal, "LOCK_WAIT", 0.1)
    # Another program holding the lock through the library's own FileLock: the two contend.
    holder = ("import sys, filelock\nlock = filelock.FileLock(sys.argv[1])\nlock.acquire()\n"
              "print('locked', flush=True)\nsys.stdin.read()\n")
    proc = subprocess.Popen([sys.executable, "-c", holder, str(folder / disk.LOCK)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True, encoding="utf-8")
    try:
        assert proc.stdout is not None and proc.stdout.readline() == "locked\n"
        with pytest.raises(TableBusy):
            step(folder)
        result = invoke("--table", str(folder), "deal", "--seed", "1")
        assert result.exit_code == EXIT_BUSY and "busy" in result.stderr
        assert jpath(folder).read_bytes() == snapshot
        assert tables.view(folder)[0].last_seq == 1  # reading needs no lock
    finally:
        proc.communicate(input="", timeout=10)
    step(folder)
    assert len(journal.load(folder).events) == 2


# ----------------------------------------------------------------------------- 7. not writable
def test_an_unwritable_table_is_a_storage_error(tmp_path: Path) -> None:
    folder = tmp_path / "t"
    open_table(folder)
    step(folder)
    snapshot = jpath(folder).read_bytes()
    with read_only(jpath(folder), folder):
        with pytest.raises(StorageError) as caught:
            step(folder)
        assert caught.value.exit_code == EXIT_IO
        assert f"cannot write {jpath(folder)}" in caught.value.message and "permission denied" in caught.value.message
        assert tables.view(folder)[0].last_seq == 2  # still readable
    assert jpath(folder).read_bytes() == snapshot


def test_creating_a_table_in_an_unwritable_folder_is_a_storage_error(tmp_path: Path) -> None:
    folder = tmp_path / "t"
    folder.mkdir()
    with read_only(folder):
        with pytest.raises(StorageError) as caught:
            open_table(folder)
        assert caught.value.exit_code == EXIT_IO and "permission denied" in caught.value.message
    assert list(folder.iterdir()) == []


# ----------------------------------------------------------------------------- 8. damage and tampering
def lines_of(data: bytes) -> list[bytes]:
    return data.splitlines(keepends=True)


def refuse(data: bytes, tmp_path: Path, *fragments: str) -> DataError:
    folder = copy_table(data, tmp_path / f"d{len(list(tmp_path.iterdir()))}")
    with pytest.raises(DataError) as caught:
        tables.view(folder)
    err = caught.value
    assert err.exit_code == EXIT_DATA
    for fragment in fragments:
        assert fragment in str(err), str(err)
    return err


def find(full: journal.Loaded, kind: type, nth: int = 0) -> int:
    """The line index (0-based) of the nth event of `kind`."""
    return [k for k, (_, e) in enumerate(full.events) if isinstance(e, kind)][nth]


def test_a_line_edited_mid_file_with_its_old_crc(sample: tuple[bytes, journal.Loaded], tmp_path: Path) -> None:
    data, full = sample
    lines = lines_of(data)
    k = find(full, E.CardLed, 5)
    _, event = full.events[k]
    assert isinstance(event, E.CardLed)
    good = json.loads(lines[k])
    good["event"]["card"] = "KS" if event.card != "KS" else "QS"  # still a JSON entry, the crc is now wrong
    lines[k] = json.dumps(good, ensure_ascii=False, separators=(",", ":")).encode() + b"\n"
    err = refuse(b"".join(lines), tmp_path, f"line {k + 1} is damaged", "checksum")
    assert err.problems[0].line == k + 1


@pytest.mark.parametrize("how", ["wrong-seq", "repeated", "deleted", "swapped"])
def test_lines_out_of_sequence(sample: tuple[bytes, journal.Loaded], tmp_path: Path, how: str) -> None:
    data, full = sample
    lines = lines_of(data)
    k = len(lines) // 2
    if how == "wrong-seq":
        seq, event = full.events[k]
        lines[k] = journal.encode(seq + 1, event)  # a good crc, a wrong seq
        expected = f"sequence number {seq + 1}, expected {seq}"
    elif how == "repeated":
        lines.insert(k + 1, lines[k])
        expected = f"sequence number {k + 1}, expected {k + 2}"
    elif how == "deleted":
        del lines[k]
        expected = f"sequence number {k + 2}, expected {k + 1}"
    else:
        lines[k], lines[k + 1] = lines[k + 1], lines[k]
        expected = f"sequence number {k + 2}, expected {k + 1}"
    err = refuse(b"".join(lines), tmp_path, f"line {k + 1 + (how == 'repeated')} is damaged", expected)
    assert err.problems[0].line == k + 1 + (how == "repeated")


def reencode(data: bytes, k: int, event: E.Event) -> bytes:
    """Replace line k (0-based) by `event`, with a checksum that matches: damage only the replay can see."""
    lines = lines_of(data)
    lines[k] = journal.encode(k + 1, event)
    return b"".join(lines)


def refuse_tampering(data: bytes, tmp_path: Path, seq: int, *fragments: str) -> None:
    """Every check of a journal with a matching checksum but a forged event names the event's seq."""
    folder = copy_table(data, tmp_path / f"x{len(list(tmp_path.iterdir()))}")
    assert journal.load(folder).warnings == []  # the checksums hold: only the replay can tell

    def named(err: DataError) -> None:
        assert err.exit_code == EXIT_DATA
        assert err.problems[0].key == f"seq {seq}", str(err)
        for fragment in fragments:
            assert fragment in str(err), str(err)

    with pytest.raises(DataError) as caught:
        tables.view(folder, full=True)  # what `popejoan check` runs
    named(caught.value)
    # A plain load may take a finished hand on its checkpoint's word, but the hand is refereed, and the
    # forgery refused, no later than when something (here the ledger) looks at it.
    try:
        view, _ = tables.view(folder)
        ledger.conservation_problems(view)
    except DataError as err:
        named(err)
    else:
        pytest.fail("the forged journal was accepted")


def test_a_tampered_lead_with_a_matching_crc_breaks_the_rules(sample: tuple[bytes, journal.Loaded],
                                                             tmp_path: Path, invoke: Cli) -> None:
    data, full = sample
    k = find(full, E.CardLed, 3)  # in hand 1, long finished
    seq, event = full.events[k]
    assert isinstance(event, E.CardLed)
    rec = fold.replay(full.events[:k]).open_hand
    assert rec is not None
    seat = rec.players.index(event.player)
    illegal = next(str(c) for c in CARDS if c not in rec.hand.holding[seat])  # a card the leader does not hold
    tampered = reencode(data, k, E.CardLed(player=event.player, card=illegal))
    refuse_tampering(tampered, tmp_path, seq, f"event {seq} (CardLed) breaks the rules")
    # a card that is no card at all, and a lead by someone not at the table
    refuse_tampering(reencode(data, k, E.CardLed(player=event.player, card="ZZ")), tmp_path, seq, "not a card")
    refuse_tampering(reencode(data, k, E.CardLed(player="Mallory", card=event.card)), tmp_path, seq, "Mallory")
    folder = copy_table(tampered, tmp_path / "cli")
    result = invoke("--table", str(folder), "check")
    assert result.exit_code == EXIT_DATA and f"event {seq} (CardLed) breaks the rules" in result.stderr


def test_a_tampered_lead_in_the_open_hand_is_refused_on_load(sample: tuple[bytes, journal.Loaded],
                                                            tmp_path: Path) -> None:
    data, full = sample
    k = find(full, E.CardLed, -1) - 2  # a lead of the last hand, which the cut below leaves open
    seq, event = full.events[k]
    assert isinstance(event, E.CardLed)
    open_part = b"".join(lines_of(data)[:k + 1])
    assert fold.replay(full.events[:k + 1]).open_hand is not None
    rec = fold.replay(full.events[:k]).open_hand
    assert rec is not None
    illegal = next(str(c) for c in CARDS if c not in rec.hand.holding[rec.players.index(event.player)])
    err = refuse(reencode(open_part, k, E.CardLed(player=event.player, card=illegal)), tmp_path,
                 f"event {seq} (CardLed) breaks the rules")
    assert err.problems[0].key == f"seq {seq}"


def test_a_tampered_checkpoint_balance_is_refused(sample: tuple[bytes, journal.Loaded], tmp_path: Path,
                                                  invoke: Cli) -> None:
    data, full = sample
    k = find(full, E.HandCheckpointed, 2)
    seq, event = full.events[k]
    assert isinstance(event, E.HandCheckpointed)
    moved = dict(event.balances)
    moved["Ann"] += 1
    moved["Zoë"] -= 1  # still adds up
    forged = reencode(data, k, E.HandCheckpointed(hand=event.hand, balances=moved, board=event.board))
    refuse_tampering(forged, tmp_path, seq, f"checkpoint after hand {event.hand}")
    result = invoke("--table", str(copy_table(forged, tmp_path / "cli")), "check")
    assert result.exit_code == EXIT_DATA and f"checkpoint after hand {event.hand}" in result.stderr
    board = dict(event.board)
    board["pope"] -= 1
    board["game"] += 1
    refuse_tampering(reencode(data, k, E.HandCheckpointed(hand=event.hand, balances=event.balances, board=board)),
                     tmp_path, seq, f"checkpoint after hand {event.hand}")
    # counters made out of nothing are refused by every load, lazy or not
    moved["Zoë"] += 5
    err = refuse(reencode(data, k, E.HandCheckpointed(hand=event.hand, balances=moved, board=event.board)),
                 tmp_path, f"checkpoint after hand {event.hand}")
    assert err.problems[0].key == f"seq {seq}"


def forge_checkpoint(data: bytes, full: journal.Loaded, nth: int, amount: int) -> tuple[bytes, int]:
    """Move `amount` counters from Zoë to Ann in the nth checkpoint, CRC recomputed."""
    k = find(full, E.HandCheckpointed, nth)
    seq, event = full.events[k]
    assert isinstance(event, E.HandCheckpointed)
    moved = dict(event.balances)
    moved["Ann"] += amount
    moved["Zoë"] -= amount
    return reencode(data, k, E.HandCheckpointed(hand=event.hand, balances=moved, board=event.board)), seq


@pytest.mark.parametrize("with_note", ["no note", "note of the true journal", "forged note"])
def test_a_forged_checkpoint_is_refused_by_every_command_that_reads_it(
        sample: tuple[bytes, journal.Loaded], tmp_path: Path, invoke: Cli, with_note: str) -> None:
    """Moving counters between players in a checkpoint (CRC recomputed) passes no command: not the
    ledger or the board, not a deal written on top of it, not settling money, not an export."""
    data, full = sample
    forged, seq = forge_checkpoint(data, full, 3, 40)
    folder = tmp_path / "t"
    folder.mkdir()
    jpath(folder).write_bytes(data)
    if with_note != "no note":
        tables.view(folder)  # writes the note of the true journal
        assert (folder / journal.VERIFIED).is_file()
    jpath(folder).write_bytes(forged)
    if with_note == "forged note":
        import hashlib

        note = json.loads((folder / journal.VERIFIED).read_text(encoding="utf-8"))
        note["sha256"] = hashlib.sha256(forged[:note["bytes"]]).hexdigest()[::-1]
        (folder / journal.VERIFIED).write_text(json.dumps(note), encoding="utf-8")
    for args in (["ledger", "show"], ["board"], ["history"], ["deal", "--seed", "5"], ["ledger", "settle"],
                 ["ledger", "export", str(tmp_path / "out.json")], ["table", "join", "Eve"], ["check"]):
        result = invoke("--table", str(folder), *args)
        assert result.exit_code == EXIT_DATA, (args, result.output)
        assert f"seq {seq}" in result.stderr and "checkpoint" in result.stderr, (args, result.stderr)
        assert result.stdout == "", args
    assert jpath(folder).read_bytes() == forged
    assert not (tmp_path / "out.json").exists()


def test_the_verified_note_spares_refereeing_only_the_bytes_it_covers(
        sample: tuple[bytes, journal.Loaded], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data, full = sample
    folder = copy_table(data, tmp_path / "t")
    plays = 0
    real = Hand.check_play

    def counting(self: Any, *a: Any, **kw: Any) -> Any:
        nonlocal plays
        plays += 1
        return real(self, *a, **kw)

    # The referee's check of each card replayed: a virtual hand's lead (`Hand.lead`) or a real deck's card (`Hand.play`)
    monkeypatch.setattr(Hand, "check_play", counting)
    tables.view(folder)  # no note yet: every hand refereed
    first = plays
    assert first > 40 and journal.load(folder).trusted == len(full.events)
    plays = 0
    tables.view(folder)
    assert plays == 0  # every closed hand taken on its checkpoint's word
    step(folder)  # a deal: the write extends the note over the new events
    assert journal.load(folder).trusted == len(full.events) + 1
    tables.view(folder, full=True)
    assert plays >= first  # `check`, settle and exports ignore the note
    plays = 0
    jpath(folder).write_bytes(data)  # the journal before the deal: shorter than the note covers
    with pytest.raises(DataError, match=f"event {len(full.events) + 1} is missing"):
        journal.load(folder)
    (folder / journal.VERIFIED).unlink()  # going on from the shorter journal on purpose, as the hint says
    assert journal.load(folder).trusted == 0
    tables.view(folder)
    assert plays >= first


def with_crc(body: bytes) -> bytes:
    """A line for `body` (JSON ending in '}') with a checksum that matches."""
    return body[:-1] + b',"crc":"%08x"}\n' % zlib.crc32(body)


def test_a_line_with_a_key_twice_or_extra_text_is_damage(sample: tuple[bytes, journal.Loaded],
                                                          tmp_path: Path, invoke: Cli) -> None:
    data, full = sample
    lines = lines_of(data)
    k = find(full, E.CardLed, 3)
    seq, event = full.events[k]
    assert isinstance(event, E.CardLed)
    body = json.dumps({"seq": seq, "event": E.to_data(event)}, sort_keys=True, separators=(",", ":")).encode()
    other = E.to_data(E.CardLed(player=event.player, card="AS" if event.card != "AS" else "KS"))
    twice = body.replace(b'"event":{', b'"event":' + json.dumps(other, sort_keys=True, separators=(",", ":"))
                         .encode() + b',"event":{', 1)  # the last copy wins in json.loads: the true lead
    for forged_body in (twice, body.replace(b":", b": ", 1)):
        forged = b"".join([*lines[:k], with_crc(forged_body), *lines[k + 1:]])
        folder = copy_table(forged, tmp_path / f"k{len(forged_body)}")
        result = invoke("--table", str(folder), "check")
        assert result.exit_code == EXIT_DATA and f"line {k + 1} is damaged" in result.stderr, result.stderr
        assert "form popejoan writes" in result.stderr


@pytest.mark.parametrize("target", ["later", "itself", "missing", "a void", "twice"])
def test_a_void_that_names_no_earlier_event_is_damage(sample: tuple[bytes, journal.Loaded], tmp_path: Path,
                                                      invoke: Cli, target: str) -> None:
    data, full = sample
    n = len(full.events)
    k = find(full, E.EventVoided)
    voided_seq = full.events[k][1].seq  # type: ignore[union-attr]
    aim = {"later": n + 5, "itself": n + 1, "missing": 0, "a void": k + 1, "twice": voided_seq}[target]
    forged = data + journal.encode(n + 1, E.EventVoided(seq=aim))
    folder = copy_table(forged, tmp_path / "t")
    for args in (["check"], ["board"]):
        result = invoke("--table", str(folder), *args)
        assert result.exit_code == EXIT_DATA, result.output
        assert f"event {n + 1} voids event {aim}" in result.stderr


def test_huge_numbers_and_deep_nesting_in_a_line_are_damage(sample: tuple[bytes, journal.Loaded],
                                                            tmp_path: Path, invoke: Cli) -> None:
    data, full = sample
    n = len(full.events)
    bodies = [b'{"event":{"counters":' + b"9" * 5000 + b',"target":"Ann","type":"Counted"},"seq":%d}' % (n + 1),
              b'{"event":' + b"[" * 50_000 + b"]" * 50_000 + b',"seq":%d}' % (n + 1),
              b'{"event":{"counters":1e999,"target":"Ann","type":"Counted"},"seq":%d}' % (n + 1)]
    for body in bodies:
        folder = copy_table(data + with_crc(body), tmp_path / f"h{len(body)}")
        for args in (["check"], ["board"], ["table", "join", "Eve"]):
            result = invoke("--table", str(folder), *args)
            assert result.exit_code == EXIT_DATA and f"line {n + 1} is damaged" in result.stderr, result.output
            assert "Traceback" not in result.output


def test_a_tampered_buy_in_is_caught_by_the_first_checkpoint(sample: tuple[bytes, journal.Loaded],
                                                            tmp_path: Path) -> None:
    data, full = sample
    _, opened = full.events[0]
    assert isinstance(opened, E.TableOpened)
    forged = E.TableOpened(name=opened.name, rules=opened.rules, rules_name=opened.rules_name,
                           players=opened.players, counters=opened.counters + 10, dealer=opened.dealer)
    first = find(full, E.HandCheckpointed)
    err = refuse(reencode(data, 0, forged), tmp_path, "checkpoint after hand 1")
    assert err.problems[0].key == f"seq {first + 1}"


# ----------------------------------------------------------------------------- 9. undo appends
def test_undo_never_deletes(tmp_path: Path, invoke: Cli) -> None:
    folder = tmp_path / "t"
    open_table(folder)
    play_hand(folder)
    step(folder)
    step(folder)
    for n in ("1", "3"):  # the second undo reaches back past the end of hand 1: its checkpoint goes too
        old = jpath(folder).read_bytes()
        view_before, _ = tables.view(folder)
        result = invoke("--table", str(folder), "undo", n, "--yes")
        assert result.exit_code == 0, result.stderr
        new = jpath(folder).read_bytes()
        assert new.startswith(old) and len(new) > len(old)
        loaded = journal.load(folder)
        assert loaded.warnings == []
        tail = loaded.events[view_before.last_seq:]
        assert tail and all(isinstance(e, E.EventVoided) for _, e in tail)
        gone = {e.seq for _, e in tail if isinstance(e, E.EventVoided)}
        kinds = {type(loaded.events[s - 1][1]).__name__ for s in gone}
        assert kinds == ({"CardLed"} if n == "1" else {"CardLed", "HandDealt", "HandCheckpointed"})
        view, _ = tables.view(folder)
        assert len(view.effective) < len(view_before.effective)
        assert_sound(view)


def test_a_good_line_a_newer_popejoan_wrote_says_upgrade_never_restore(sample: tuple[bytes, journal.Loaded],
                                                                       tmp_path: Path, invoke: Cli) -> None:
    """A line whose checksum is good but whose event this popejoan does not know (a newer command, a newer optional
    field) is not damage to restore from a copy, which would throw a good record away (issue 37, item 8): the
    table says to upgrade, and that nothing is lost."""
    data, full = sample
    seq = full.events[-1][0] + 1
    for event in ({"type": "CardDoubled", "player": "Ann"},  # a kind from a newer popejoan
                  {"type": "CardLed", "player": "Ann", "card": "AS", "by_phone": "yes"}):  # a newer field
        body = json.dumps({"seq": seq, "event": event}, sort_keys=True, separators=(",", ":")).encode()
        folder = copy_table(data + with_crc(body), tmp_path / f"n{len(body)}")
        result = invoke("--table", str(folder), "check")
        assert result.exit_code == EXIT_DATA, result.stderr
        assert "written by a newer popejoan" in result.stderr and "upgrade popejoan" in result.stderr
        assert "restore" not in result.stderr.replace("do not restore", ""), result.stderr
