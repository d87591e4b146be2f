"""The store: a table's append-only journal on disk, and what it may trust of it.

One JSON object per line: `{"at": "...", "event": {...}, "seq": N, "crc": "xxxxxxxx"}`, the
CRC32 taken over the canonical JSON of at, event and seq (docs/journal.md). `at` is when the
store wrote the line (ISO 8601, local time with its offset: `now`); it is optional, since
journals written before it existed have none, and it is never parsed while replaying. Appends take the table's lock
(`store/disk.py`: the same guarantees on Linux, macOS and Windows), open with O_APPEND,
re-read the journal, let the caller validate the new events against the replayed state,
then make one `write()` and sync it to the disk.

A command's write is one unit: each of its lines but the last says how many follow (`more`).

Damage is handled so that nothing committed is ever lost:
- a final line whose CRC checks is an event, newline or not: a write completes the line;
- a final line cut short by a crash (no valid CRC), or a final write that stops on a line saying
  more follow, is a torn write: the whole command is left out with one warning, and cut off
  only by a command that is about to write, after its events have been validated; nothing is
  cut through a symbolic link;
- a journal holding fewer events than `.verified` says were recorded is damage (exit 5);
- any other damage is a hard error naming the line.

Only a regular file is read, up to `MAX_BYTES`. The file `.verified` beside the journal
records how much of it an earlier command refereed in full (its length, SHA-256, event
count, first line and the popejoan version), signed (HMAC) with the user's key in popejoan's
own folder (`KEY`), one line per home key (each home reads and replaces only its own: docs/journal.md);
a command may then take those hands on their checkpoints' word. It is
a cache: a note not signed by this user's key is not believed, anything that does not match
it is refereed again, and `popejoan check`, `ledger settle` and the exports ignore it (but
not the events it says were recorded).

One module although it is long: reading, repairing and appending share the line format, the
lock and the torn-write rules, and each is only safe alongside the others.
"""

from __future__ import annotations

import contextlib
import errno
import functools
import json
import os
import re
import signal
import stat
import zlib
from _operator import _compare_digest  # what hmac.compare_digest is, without loading OpenSSL
from collections.abc import Callable, Iterator, Sequence
from datetime import datetime
from pathlib import Path
from sys import intern
from typing import Any

from popejoan_cli import __version__

try:
    # CPython's own SHA-256 loads in a millisecond; hashlib first loads OpenSSL (about 3 ms more
    # on every command). It hashes a journal of one evening in about a millisecond.
    from _sha256 import sha256  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover - Python 3.12 renamed it; other builds may lack it
    try:
        from _sha2 import sha256  # type: ignore[import-not-found]
    except ImportError:
        from hashlib import sha256
from popejoan_cli.base.errors import (
    DataError,
    Problem,
    Said,
    SaidN,
    StorageError,
    TableBusy,
    UsageError,
    os_reason,
)
from popejoan_cli.base.limits import lock_wait
from popejoan_cli.base.marks import Grouped
from popejoan_cli.base.records import Record
from popejoan_cli.store import disk
from popejoan_cli.store.home import home
from popejoan_cli.table.events import KINDS, OPTIONAL, Event, from_data, to_data

JOURNAL = "journal.jsonl"
VERIFIED = ".verified"
MAX_BYTES = 256 << 20
"""The largest journal popejoan reads: about 200,000 hands, far beyond any evening."""
LOCK_WAIT: float | None = None
"""Seconds to wait for another process's lock before giving up with exit 4; None: `POPEJOAN_LOCK_WAIT`'s,
read (and refused when it is no number of seconds: `limits.lock_wait`) when a command takes the lock."""
_BATCH = 4096
"""Lines parsed in one `json.loads`: quick, while the transient memory stays bounded."""

recorded: list[int] = []
"""Sequence numbers this process has written, so an interruption can say what was recorded."""


@functools.cache
def _at() -> re.Pattern[str]:
    """What an `at` must look like: an instant with its offset, to the second (ISO 8601), in ASCII digits (`\\d`
    would take any Unicode digit, which no reader of the journal parses: issue 37). Compiled when a line
    is first checked, not as every command starts: a table opened from its cache checks none (issue 27)."""
    return re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]{1,6})?"
                      r"(?:Z|[+-][0-9]{2}:[0-5][0-9])")


@functools.lru_cache(maxsize=4096)  # the lines of one write share one time: each is checked once
def is_instant(text: str) -> bool:
    """Whether `text` is an `at` a journal may hold: the form `_at` gives, and a real instant (a calendar date,
    hours 0-23, minutes and seconds 0-59, an offset within ±24:00: what `datetime` reads), so that every
    reader of the journal (the exports, the evening) can parse it (docs/journal.md)."""
    if not _at().fullmatch(text):
        return False
    try:
        datetime.fromisoformat(text)
    except ValueError:
        return False
    return True


def now() -> str:
    """When the store writes: local time with its UTC offset, to the second.

    `POPEJOAN_NOW` (an ISO 8601 instant with an offset) fixes it, for tests and demonstrations; one that is no
    real instant is refused before anything is written (exit 2)."""
    fixed = os.environ.get("POPEJOAN_NOW")
    if fixed:
        if not is_instant(fixed):
            raise UsageError(Said("POPEJOAN_NOW={value!r} is not a real instant: give a real date and time with "
                                  "its offset, like 2026-12-01T21:04:05+01:00 (a calendar date, hours 00–23, "
                                  "minutes and seconds 00–59, an offset within ±24:00, in ASCII digits), or unset "
                                  "it", value=fixed[:40]))
        return fixed
    return datetime.now().astimezone().isoformat(timespec="seconds")


def encode(seq: int, event: Event, at: str | None = None, more: int = 0) -> bytes:
    """The line of one event; `more` is how many lines of the same command's write follow it."""
    obj: dict[str, object] = {"seq": seq, "event": to_data(event)}
    if at is not None:
        obj["at"] = at
    if more:
        obj["more"] = more
    body = _canonical(obj)
    crc = zlib.crc32(body)
    return body[:-1] + b',"crc":"%08x"}\n' % crc


def _canonical(obj: object) -> bytes:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


History = tuple[list[tuple[int, Event]], dict[int, str], dict[int, int]]
"""A journal's events, their times and which write each line is part of (`Loaded.events`, `times`, `write_of`)."""


class Loaded:
    """The events of a journal and what is known of its bytes (a plain class: a dataclass is compiled at
    every command's start-up)."""

    def __init__(self, *, size: int = 0, now: str | None = None) -> None:
        self.events: list[tuple[int, Event]] = []
        self.good_bytes = 0
        """Bytes holding whole events (a final event that lacks only its newline included)."""
        self.warnings: list[str] = []
        self.unterminated = False
        """The last event's line has a valid CRC but no newline: a write completes it."""
        self.trusted = 0
        """Events (seq 1..trusted) that an earlier command refereed in full (from `.verified`)."""
        self.size = size
        """Bytes in the file, a torn tail included."""
        self.sha: Any = None
        """A SHA-256 over the first `good_bytes` bytes: what a new `.verified` note would say."""
        self.times: dict[int, str] = {}
        """When each event was written (its line's `at`), by seq; a line without one is left out."""
        self.write_of: dict[int, int] = {}
        """For each line but the first of a write of several (`more`): the seq of that write's first line,
        by seq. One write is one command, which `undo` takes back whole (docs/journal.md)."""
        self.now = now
        """While appending: the time the new events' lines will carry."""
        self.head = ""
        """The SHA-256 of the journal's first line, which a `.verified` note names its table by."""
        self.folded: Any = None
        """The table as the folded-state cache keeps it (`store.folded`) for the first `trusted` events, when
        it matched: then `events` and `times` hold the older ones only as `base.later` containers."""
        self.history: Callable[[], History] | None = None
        """With `folded`: the first `trusted` events, their times and writes, read back from the journal's bytes."""
        self.written: Any = None
        """After `append`: the `.verified` note it wrote (what a new cache is keyed by)."""


def decode(data: bytes, name: str = JOURNAL, *, canonical_after: int = 0, line: int = 1) -> Loaded:
    """Check and parse a journal's bytes; lines past `canonical_after` must be canonical JSON.

    `data` may be the end of a journal, from a line boundary whose line number is `line` (what
    `_vouched` leaves to be checked); its events' seqs and the lines named are the journal's own.

    A canonical line is exactly what `encode` writes, so a line forged with a recomputed CRC
    but duplicate keys, another key order or extra spaces is refused. A command's write is
    kept whole or not at all: a tail that ends inside one (a line saying `more` follow, then
    nothing) is a torn write, left out from that command's first line.
    """
    out = Loaded(size=len(data))
    ends: list[int] = []
    pos = 0
    while (end := data.find(b"\n", pos)) >= 0:
        ends.append(end)
        pos = end + 1
    out.good_bytes = pos
    torn = _tail(data, ends, out, name, line - 1)
    units = _Units(name)
    start = 0
    base = line - 1
    for first in range(0, len(ends), _BATCH):
        # Only one batch of lines is held at a time, so a long journal costs little more than its events.
        bodies = []
        for k, end in enumerate(ends[first:first + _BATCH]):
            bodies.append(_checked_body(data[start:end], base + first + k + 1, name))
            start = end + 1
        objs = _parse_batch(bodies)
        for k, body in enumerate(bodies):
            n = base + first + k + 1
            obj = objs[k] if objs is not None else _parse_one(body, n, name)
            if n > canonical_after and not _is_canonical(obj, body):
                raise _bad(name, n, Said("not in the form popejoan writes (a key twice, or extra text)"))
            out.events.append(_event(obj, n, n, name))
            units.follow(obj, n)  # type: ignore[arg-type]  # `_event` checked it is a journal entry
            if units.start != n:
                out.write_of[n] = units.start
            if "at" in obj:  # type: ignore[operator]
                out.times[n] = intern(obj["at"])  # type: ignore[index]  # one write's events share one time
    if units.pending:
        _cut_command(out, ends, units.start - base)
    if out.good_bytes < len(data):
        out.warnings.append(_torn(name, len(ends) + torn - len(out.events), base + len(out.events) + 1,
                                  len(data) - out.good_bytes))
    return out


def _torn(name: str, lines: int, first: int, size: int) -> str:
    if lines == 1:
        return SaidN(  # "bytes" for one too, as English always said
            "{file}: line {line} was cut short by a crash (a torn write); it was left out: {n} bytes",
            "{file}: line {line} was cut short by a crash (a torn write); it was left out: {n} bytes",
            size, file=name, line=first)
    return SaidN(
        "{file}: lines {first}–{last} (one command's write) were cut short by a crash (a torn write); they were "
        "left out: {n} bytes",
        "{file}: lines {first}–{last} (one command's write) were cut short by a crash (a torn write); they were "
        "left out: {n} bytes",
        size, file=name, first=first, last=first + lines - 1)


def _tail(data: bytes, ends: list[int], out: Loaded, name: str, base: int = 0) -> bool:
    """Whether the bytes after the last newline are a torn line; a whole event there is kept
    (`unterminated`), a whole event followed by stray bytes is damage."""
    pos = out.good_bytes
    if pos == len(data):
        return False
    tail = data[pos:]
    if _is_whole(tail):
        ends.append(len(data))
        out.unterminated = True
        out.good_bytes = len(data)
        return False
    if _is_whole(tail[:(whole := tail.rfind(b',"crc":"') + _CRC_TAIL)]):
        # A crash cuts a line short; it never writes past the end of a line. So this is damage.
        raise _bad(name, base + len(ends) + 1, SaidN(  # English says "bytes" for one too, as it always has
            "a whole event followed by {n} stray bytes where its newline should be",
            "a whole event followed by {n} stray bytes where its newline should be", len(tail) - whole))
    return True


class _Units:
    """Which lines make one command's write: a line's `more` says how many lines of its write follow it.

    A line without `more` ends a write (every line of a journal from before it existed is one)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.pending = 0
        """Lines of the current write still to come."""
        self.start = 1
        """The current write's first line."""

    def follow(self, obj: dict[str, Any], n: int) -> None:
        more = obj.get("more", 0)
        if self.pending and more != self.pending - 1:
            raise _bad(self.name, n, Said("a line of one command's write is missing here (it says {more} more "
                                          "follow, the line before said {want})", more=more, want=self.pending - 1))
        if not self.pending:
            self.start = n
        self.pending = more


def _cut_command(out: Loaded, ends: list[int], first: int) -> None:
    """Leave out the last command's write, from its line `first` on (counted in `out`'s own lines): a crash
    stopped it before its end."""
    for seq, _ in out.events[first - 1:]:
        out.times.pop(seq, None)
        out.write_of.pop(seq, None)
    del out.events[first - 1:]
    out.good_bytes, out.unterminated = (ends[first - 2] + 1 if first > 1 else 0), False


def _is_whole(raw: bytes) -> bool:
    try:
        _checked_body(raw, 0, "")
    except DataError:
        return False
    return True


def _parse_batch(bodies: list[bytes]) -> list[object] | None:
    try:
        # One parse for many lines: far quicker than a json.loads per line.
        objs = json.loads(b"[" + b",".join(bodies) + b"]")
    except (ValueError, RecursionError):  # bad JSON, an integer past Python's digit limit, deep nesting
        return None
    return objs if isinstance(objs, list) and len(objs) == len(bodies) else None


def _is_canonical(obj: object, body: bytes) -> bool:
    try:
        return _canonical(obj) == body
    except (ValueError, RecursionError):  # a lone surrogate, or nesting too deep to write back
        return False


_CRC_TAIL = len(',"crc":"xxxxxxxx"}')


def _bad(name: str, line_no: int, why: str) -> DataError:
    return DataError([Problem(Said("line {line} is damaged: {why}", line=line_no, why=why), file=name, line=line_no,
                              hint=Said("the journal may have been edited or corrupted; restore it from a copy"))])


def _checked_body(raw: bytes, line_no: int, name: str) -> bytes:
    """The line without its CRC, once the CRC is checked on the raw bytes."""
    # The line is the canonical JSON of {"event", "seq"} with the CRC spliced in last.
    tail = raw[-_CRC_TAIL:]
    if len(raw) <= _CRC_TAIL or not tail.startswith(b',"crc":"') or not tail.endswith(b'"}'):
        raise _bad(name, line_no, Said("not a journal entry (no checksum at its end)"))
    body = raw[:-_CRC_TAIL] + b"}"
    if b"%08x" % zlib.crc32(body) != tail[8:16]:
        raise _bad(name, line_no, Said("its checksum does not match its text"))
    return body


def _parse_one(body: bytes, line_no: int, name: str) -> object:
    try:
        return json.loads(body.decode("utf-8"))
    except (ValueError, RecursionError):
        raise _bad(name, line_no, Said("not a JSON object popejoan can read (bad text, a number of more than "
                                       "4,300 digits, or nesting too deep)")) from None


def _event(obj: object, line_no: int, want_seq: int, name: str) -> tuple[int, Event]:
    if not isinstance(obj, dict) or not _KEYS <= obj.keys() <= _KEYS_ALL:
        raise _bad(name, line_no, Said("not a journal entry (seq, event, crc)"))
    if "at" in obj and not (isinstance(at := obj["at"], str) and is_instant(at)):
        raise _bad(name, line_no, Said("its time (at) {at!r} is not a real instant: it must be a calendar date, "
                                       "hours 00–23, minutes and seconds 00–59 and an offset within ±24:00, "
                                       "in ASCII digits", at=at[:40] if isinstance(at, str) else repr(at)[:40]))
    if "more" in obj and not (isinstance(more := obj["more"], int) and not isinstance(more, bool)
                              and 0 < more < _MAX_WRITE):
        raise _bad(name, line_no, Said("its count of the lines that follow it in one write (more) is not a "
                                       "whole number from 1"))
    seq, event = obj["seq"], obj["event"]
    if seq != want_seq or isinstance(seq, bool):
        raise _bad(name, line_no, Said("sequence number {seq}, expected {want}", seq=seq, want=want_seq))
    try:
        return seq, from_data(event, f"line {line_no}")
    except DataError as err:
        if _from_a_newer_popejoan(event):
            raise _newer(name, line_no, err.problems[0].message) from None
        raise _bad(name, line_no, err.problems[0].message) from None


def _from_a_newer_popejoan(event: object) -> bool:
    """Whether a line whose checksum is good holds an event of a kind, or a field, this popejoan does not know:
    what a newer popejoan writes (a new command, a new optional field), not damage."""
    if not isinstance(event, dict):
        return False
    cls = KINDS.get(event.get("type"))  # type: ignore[arg-type]
    return cls is None or not set(event) - {"type"} <= set(cls._fields)


def _newer(name: str, line_no: int, why: str) -> DataError:
    """A good line this popejoan cannot read: said so, with the remedy that keeps it (never "restore")."""
    return DataError([Problem(Said("line {line} was written by a newer popejoan: {why}", line=line_no, why=why),
                              file=name, line=line_no,
                              hint=Said("upgrade popejoan to read this table (`python3 -m pip install -U "
                                        "popejoan`); nothing is lost, so do not restore or edit the journal"))])


_KEYS = {"seq", "event"}
_KEYS_ALL = {"seq", "event", "at", "more"}
_MAX_WRITE = 1 << 20
"""More lines than one command ever writes (an undo of a whole session writes one per event)."""


def _no_table(path: Path) -> UsageError:
    """A table named (`--table`, the current one, its folder since removed) that is not there: a usage error
    (exit 2), as `table use NOSUCH` is; damage is a journal that is there and wrong (README: Exit codes)."""
    return UsageError(Said("{path}: no table here (no journal)", path=str(path)),
                      Said("create one with `popejoan table new NAME`"))


def _empty(path: Path) -> DataError:
    return DataError([Problem(Said("the journal holds no event, so this is not a table (the file is empty, or its "
                                   "first line is incomplete)"), file=str(path),
                              hint=Said("restore the journal from a copy, or remove the folder and start a new "
                                        "table"))])


def _read_regular(fd: int, path: Path) -> bytes:
    """All of an open journal, once it is sure to be a regular file of at most MAX_BYTES."""
    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode):
        raise DataError([Problem(Said("the journal is not a regular file (a pipe, a device or a folder?)"),
                                 file=str(path), hint=Said("a table's journal.jsonl must be an ordinary file"))])
    if st.st_size > MAX_BYTES:
        raise DataError([Problem(Said("the journal is {size} bytes, more than popejoan reads ({most})",
                                      size=Grouped(st.st_size), most=Grouped(MAX_BYTES)), file=str(path),
                                 hint=Said("a table holds one session; start the next with `popejoan session new`"))])
    chunks: list[bytes] = []
    offset = 0
    # The whole file in one read, and a byte more to see that it has not grown since `fstat`: a long journal is
    # not copied a second time by a join (19 MB for 16,000 hands: a tenth of `board`'s time, issue 27). What a
    # writer adds meanwhile is read on in chunks.
    want = st.st_size + 1
    while offset <= MAX_BYTES:
        chunk = disk.pread(fd, want, offset)
        if not chunk:
            return chunks[0] if len(chunks) == 1 else b"".join(chunks)
        chunks.append(chunk)
        offset += len(chunk)
        want = 1 << 20
    raise DataError([Problem(Said("the journal grew past {most} bytes while it was read", most=Grouped(MAX_BYTES)),
                             file=str(path))])


def load(folder: Path, *, trust: bool = True, kept: bool = False) -> Loaded:
    """The journal's events; with `trust`, how many of them `.verified` vouches for; with `kept`, the
    table the folded-state cache keeps for them, where it matches (`Loaded.folded`)."""
    path = folder / JOURNAL
    note = _note(folder)  # before the journal: see `_loaded`
    try:
        fd = os.open(path, disk.READ)
    except FileNotFoundError:
        raise _no_table(path) from None
    except OSError as err:
        raise StorageError(Said("cannot read {path}: {reason}", path=str(path), reason=os_reason(err))) from None
    try:
        data = _read_regular(fd, path)
    except OSError as err:
        raise StorageError(Said("cannot read {path}: {reason}", path=str(path), reason=os_reason(err))) from None
    finally:
        os.close(fd)
    return _loaded(folder, data, trust, note, kept=kept)


def stamp(folder: Path) -> tuple[int, int] | None:
    """The journal's size and modification time, which change whenever anything is recorded (None while
    it is missing): what a watcher compares to know the table changed, without reading it."""
    try:
        st = os.stat(folder / JOURNAL)
    except OSError:
        return None
    return st.st_size, st.st_mtime_ns


def opening(folder: Path) -> Event | None:
    """The table's first event, from the journal's first line alone (its checksum checked), or None.

    For an error's path: the language of a table whose journal is damaged further on is still
    its own (`cli._table_language`), and nothing past the first line is read or refereed."""
    try:
        fd = os.open(folder / JOURNAL, disk.READ)
    except OSError:
        return None
    try:
        head = disk.pread(fd, 1 << 20, 0) if stat.S_ISREG(os.fstat(fd).st_mode) else b""
    except OSError:
        return None
    finally:
        os.close(fd)
    try:
        return _event(json.loads(_checked_body(head.partition(b"\n")[0], 1, "")), 1, 1, "")[1]
    except (DataError, ValueError, RecursionError):
        return None


def _loaded(folder: Path, data: bytes, trust: bool, note: _Note | None, *, kept: bool = False) -> Loaded:
    """The journal's `data` checked against `note`, which must have been read before `data` was: a
    writer writes its note after its events, so a note read first never speaks of events that a
    reader reading while someone writes has not got yet (`_missing`)."""
    path = folder / JOURNAL
    digest = _covers(note, data) if note is not None and trust else None
    trusted, covered = (note.events, note.size) if note is not None and digest is not None else (0, 0)
    head = _head(data)
    view = _kept(folder, note, head) if kept and note is not None and digest is not None else None
    loaded = _decoded(data, str(path), trusted, covered) if view is None else _after(data, str(path), note, view)
    if not loaded.events:
        raise _empty(path)
    loaded.head = head
    if note is not None and note.head == loaded.head and len(loaded.events) < note.events:
        # Fewer events in at least the bytes that were vouched for: not a cut of them, another copy's journal
        raise _missing(path, note.events, len(loaded.events), forked=len(data) >= note.size)
    loaded.trusted = trusted
    if digest is None:
        digest = _long_sha256() if len(data) > _LONG else sha256()
    digest.update(data[covered:loaded.good_bytes])
    loaded.sha = digest
    return loaded


def _kept(folder: Path, note: _Note | None, head: str) -> Any:
    """The table the folded-state cache keeps for exactly the bytes `note` vouches for (the journal's first
    line hashing to `head`), or None."""
    from popejoan_cli.store import folded  # pickle, which only a command that reads a table needs

    assert note is not None
    return folded.read(folder, _signer(make=False), size=note.size, count=note.events, sha=note.sha, head=head)


def _after(data: bytes, name: str, note: _Note | None, view: Any) -> Loaded:
    """The journal as the cache `view` leaves it to be read: the lines after the note checked as ever, the
    ones before it read back (and only parsed: `_vouched`) if something asks for them."""
    from popejoan_cli.base.later import LaterDict, LaterList  # only where a cache was found

    assert note is not None
    size, count = note.size, note.events
    rest = decode(data[size:], name, line=count + 1)
    parsed: list[History] = []

    def history() -> History:
        if not parsed:
            early = _vouched(data, size, count)
            if early is None:  # what the note vouched for does not parse: check it all, naming the damage
                whole = decode(data[:size], name)
                early = whole.events, whole.times, whole.write_of
            parsed.append(early)
        return parsed[0]

    # The older events stand in the list: its length, its last events and appending need no reading back.
    rest.events = LaterList(count, rest.events, lambda: history()[0])  # type: ignore[assignment]
    rest.times = LaterDict(count, rest.times, lambda: history()[1])  # type: ignore[assignment]
    rest.write_of = LaterDict(count, rest.write_of, lambda: history()[2])  # type: ignore[assignment]
    rest.good_bytes, rest.size, rest.folded, rest.history = rest.good_bytes + size, len(data), view, history
    return rest


def keep(folder: Path, loaded: Loaded, view: Any) -> None:
    """Keep `view`, folded from every event of `loaded`, in the folded-state cache, keyed as the `.verified`
    note for them is (best effort); nothing when the cache already keeps it."""
    if loaded.sha is None or loaded.unterminated or not loaded.events:
        return
    if loaded.folded is not None and loaded.trusted == len(loaded.events):
        return  # nothing new since the cache
    _keep(folder, _Note(loaded.good_bytes, len(loaded.events), loaded.sha.hexdigest(), loaded.head), view)


def keep_written(folder: Path, loaded: Loaded, view: Any) -> None:
    """After `append` (or a table's creation): keep `view`, the table with the events just written."""
    if loaded.written is not None:
        _keep(folder, loaded.written, view)


def _keep(folder: Path, note: _Note, view: Any) -> None:
    from popejoan_cli.store import folded  # pickle, which only a command that reads a table needs

    folded.write(folder, _signer(make=True),
                 folded.Folded(size=note.size, count=note.events, sha=note.sha, head=note.head, view=view))


def _decoded(data: bytes, name: str, trusted: int, covered: int) -> Loaded:
    """`decode`, taking the first `covered` bytes (`trusted` events) at the word of a `.verified` note
    whose SHA-256 they match: an earlier command checked every one of those lines in full, so they are
    only parsed (`_vouched`); the lines after them are checked as ever."""
    early = _vouched(data, covered, trusted) if trusted else None
    if early is None:
        return decode(data, name, canonical_after=trusted)
    rest = decode(data[covered:], name, line=trusted + 1)
    rest.events[:0] = early[0]
    early[1].update(rest.times)
    early[2].update(rest.write_of)
    rest.times, rest.write_of, rest.good_bytes, rest.size = early[1], early[2], rest.good_bytes + covered, len(data)
    return rest


_CHUNK = 1 << 20
"""Bytes of vouched lines parsed at a time: a long journal is never held twice over."""


def _vouched(data: bytes, size: int, count: int) -> History | None:
    """The `count` events of `data[:size]`, lines that an earlier command checked in full (their CRC,
    their form, their fields: `decode`) and a signed note vouches for byte for byte, parsed without
    checking them again; None if they do not parse as that (then they are checked in full)."""
    events: list[tuple[int, Event]] = []
    times: dict[int, str] = {}
    write_of: dict[int, int] = {}
    pos, start, more = 0, 1, 0
    try:
        while pos < size:
            end = data.find(b"\n", min(pos + _CHUNK, size) - 1)
            for obj in json.loads(b"[" + data[pos:end].replace(b"\n", b",") + b"]"):
                events.append((seq := len(events) + 1, _known(obj["event"])))
                if "at" in obj:
                    times[seq] = intern(obj["at"])  # one write's events share one time
                if more:
                    write_of[seq] = start
                else:
                    start = seq
                more = obj.get("more", 0)
            pos = end + 1
    except (ValueError, KeyError, TypeError, RecursionError):
        return None
    return (events, times, write_of) if len(events) == count and pos == size else None


def _known(data: dict[str, Any]) -> Event:
    """An event from a line already checked in full (`from_data` checks one that is not)."""
    cls = KINDS[data.pop("type")]
    for name, value in data.items():
        if type(value) is str:
            data[name] = intern(value)  # names and cards recur on every line: keep one copy of each
    for name, default in OPTIONAL.get(cls, {}).items():
        data.setdefault(name, list(default) if isinstance(default, list) else default)  # no shared list
    event: Event = cls(**data)
    return event


def _head(data: bytes) -> str:
    """The SHA-256 of the journal's first line with one newline: which table a `.verified` note speaks of.

    The newline is added, never read: a journal cut just before its first line's newline (a truncating copy,
    sync or restore) still names the same table, so its loss is damage (issue 37); and a journal whose first
    line ends in its newline hashes as earlier versions hashed it, so their notes keep their word."""
    end = data.find(b"\n")
    return str(sha256((data if end < 0 else data[:end]) + b"\n").hexdigest())


def _missing(path: Path, want: int, have: int, *, forked: bool = False) -> DataError:
    """An event that `.verified` says was recorded, refereed and acknowledged is no longer in the journal;
    `forked`: the journal is as long as what was vouched for, so it is not a cut of it but another journal
    (another copy of the table that went its own way, whose `.verified` came with it, or an edited one)."""
    if forked:
        return DataError([Problem(Said(
            "this journal is not the one .verified speaks of: an earlier command recorded and verified {want} "
            "events of this table, and this journal holds {have}, written differently (another copy of the table "
            "that went its own way, or an edited journal)", want=want, have=have), file=str(path), hint=Said(
            "if this copy is the one to go on from, delete the file .verified beside it; if not, restore the "
            "journal from a copy"))])
    if want == have + 1:
        what = Said("event {want} is missing: an earlier command recorded and verified {want} events, and the "
                    "journal now ends at event {have}", want=want, have=have)
    else:
        what = Said("events {first}–{want} are missing: an earlier command recorded and verified {want} events, "
                    "and the journal now ends at event {have}", first=have + 1, want=want, have=have)
    # A shorter journal may also be another copy's that went its own way before the end: the bytes to tell
    # a cut from a fork are gone (docs/journal.md), so the hint names both
    return DataError([Problem(what, file=str(path), hint=Said(
        "restore the journal from a copy; to go on from this shorter journal on purpose (or if it is another "
        "copy of the table that went its own way), delete the file .verified beside it"))])


class _Note(Record):
    """What `.verified` says, once its MAC is checked with this user's key."""

    size: int
    """The journal's first `size` bytes were refereed in full ..."""
    events: int
    """... and hold exactly this many events (lines) ..."""
    sha: str
    """... whose SHA-256 is this; ..."""
    head: str
    """... and the journal's first line hashes to this (which table)."""


def _note(folder: Path) -> _Note | None:
    """This home's line of `.verified`, if this user's key signed it for this version of popejoan; else None
    (refereed in full). A line of another home (another key) is not believed, nor replaced (`_write_verified`)."""
    key = _key(make=False)
    if key is None:
        return None
    mine = _key_id(key)
    for raw in _witness_lines(folder):
        if raw.get("key", mine) == mine:  # a line without a key: written before notes had one (convert it)
            note = _signed(raw, key)
            if note is not None:
                return note
    return None


def _witness_lines(folder: Path) -> list[dict[str, Any]]:
    """The lines of `.verified` that are JSON objects: one per home key that has read the table (docs/journal.md)."""
    data = disk.read_own(folder / VERIFIED, _WITNESS_BYTES)
    found: list[dict[str, Any]] = []
    for line in (data or b"").splitlines():
        with contextlib.suppress(ValueError, RecursionError):
            raw = json.loads(line)
            if isinstance(raw, dict):
                found.append(raw)
    return found


def _signed(raw: dict[str, Any], key: bytes) -> _Note | None:
    """The note one line of `.verified` says, if `key` signed it for this version of popejoan."""
    try:
        note = _Note(raw["bytes"], raw["events"], raw["sha256"], raw["head"])
        mac = raw["mac"]
        if raw["version"] != __version__ or not _well_formed(note) or not isinstance(mac, str):
            return None
    except (KeyError, TypeError):  # an old note (no mac), or not one at all
        return None
    return note if _compare_digest(mac, _mac(key, note)) else None


_WITNESS_BYTES = 64 << 10
"""`.verified` is read up to this: each home's line is about 300 bytes, `_HOMES` of them at most."""
_HOMES = 32
"""Lines of other homes kept in `.verified` (the most recently written first); one more is dropped."""


def _key_id(key: bytes) -> str:
    """Which home's key signed a line of `.verified`: a hash of the key that reveals nothing of it."""
    return str(sha256(b"popejoan .verified key\0" + key).hexdigest()[:16])


def _well_formed(note: _Note) -> bool:
    return (all(isinstance(n, int) and not isinstance(n, bool) and n > 0 for n in (note.size, note.events))
            and isinstance(note.sha, str) and isinstance(note.head, str))


def _covers(note: _Note, data: bytes) -> Any:
    """The SHA-256 over the bytes `note` vouches for, if the journal still begins with exactly them."""
    size = note.size
    # Their lines are not counted (half a millisecond on an evening's journal): bytes that hash as the
    # signed note says are the very bytes whose `events` lines the command that wrote it counted.
    if size > len(data) or data[size - 1:size] != b"\n":
        return None
    covered = memoryview(data)[:size]  # not a copy of a long journal
    digest = _long_sha256(covered) if size > _LONG else sha256(covered)
    return digest if digest.hexdigest() == note.sha else None


_LONG = 1 << 20
"""A journal longer than this is hashed by OpenSSL (hashlib), whose SHA-256 is several times quicker than
CPython's own on a long file, and worth the milliseconds it takes to load."""


def _long_sha256(data: bytes | memoryview = b"") -> Any:
    from hashlib import sha256 as quick  # OpenSSL: milliseconds to load, for a long journal only

    return quick(data)


def _mac(key: bytes, note: _Note) -> str:
    """HMAC-SHA256 (RFC 2104) of the note's fields, made with CPython's own SHA-256: the `hmac`
    module would load OpenSSL through hashlib, milliseconds on every command."""
    msg = _canonical({"version": __version__, "bytes": note.size, "events": note.events, "sha256": note.sha,
                      "head": note.head})
    return _hmac(key, msg).hex()


def _hmac(key: bytes, msg: bytes) -> bytes:
    """HMAC-SHA256 (RFC 2104) of `msg` with this user's key: what signs a `.verified` note and a cache.

    >>> _hmac(b"key", b"The quick brown fox jumps over the lazy dog").hex()[:16]  # as hmac.new gives it
    'f7bc83f430538424'
    """
    inner, outer = _pads(key)
    inner = inner.copy()
    inner.update(msg)
    outer = outer.copy()
    outer.update(inner.digest())
    return bytes(outer.digest())


@functools.lru_cache(maxsize=4)
def _pads(key: bytes) -> tuple[Any, Any]:
    """SHA-256 begun on the key's inner and outer pads, made once a key: a command signs and checks a note
    for every read and write, and XORing the pads byte by byte in Python was a tenth of a small command's time."""
    block = key.ljust(64, b"\0")
    return sha256(bytes(b ^ 0x36 for b in block)), sha256(bytes(b ^ 0x5C for b in block))


def _signer(*, make: bool) -> Callable[[bytes], bytes] | None:
    """`_hmac` with this user's key (made first, with `make`), or None where there is none."""
    key = _key(make=make)
    return None if key is None else functools.partial(_hmac, key)


KEY = "verified.key"
"""The file in popejoan's own folder (`store.home`, never a table's) holding the key that signs
`.verified` notes: a note copied with a table, or written by hand, is not believed."""
_KEY_BYTES = 32
_keys: dict[Path, bytes] = {}


def _key(*, make: bool) -> bytes | None:
    """This user's key for `.verified` notes (made on the first note written), or None where there is
    none and none can be made: then nothing is taken on a note's word."""
    path = home() / KEY
    key = _keys.get(path) or _read_key(path)
    if key is None and make:
        key = _make_key(path)
    if key is not None:
        _keys[path] = key
    return key


def _read_key(path: Path) -> bytes | None:
    key = disk.read_own(path, _KEY_BYTES)
    return key if key is not None and len(key) == _KEY_BYTES else None


def _make_key(path: Path) -> bytes | None:
    """A new random key, published whole (a hard link refuses a key another command made first: then that one)."""
    key = os.urandom(_KEY_BYTES)
    tmp = path.with_name(f".{KEY}.{os.getpid()}.new")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        _write_new(tmp, key, 0o600)  # the key is the user's alone
        disk.publish(tmp, path)
    except FileExistsError:
        return _read_key(path)
    except OSError:
        return None
    finally:
        with contextlib.suppress(OSError):
            tmp.unlink()
    return key


def mark_verified(folder: Path, loaded: Loaded) -> None:
    """Note that every event of `loaded` has now been refereed in full (a cache: best effort)."""
    if loaded.sha is None or loaded.unterminated or loaded.trusted >= len(loaded.events):
        return
    note = _Note(loaded.good_bytes, len(loaded.events), loaded.sha.hexdigest(), loaded.head)
    # Under the table's lock, not waiting for it (a writer writes its own note): `.verified` is rewritten
    # whole, and two homes' reads rewriting it at once could each drop the other's line (issue 37). Nor
    # does a read replace a note that a write made meanwhile, for more events, with its own for fewer.
    with contextlib.suppress(disk.Busy, disk.NoLock, OSError), disk.locked(folder, 0):
        now_said = _note(folder)
        if now_said is None or now_said.head != note.head or now_said.events < note.events:
            _write_verified(folder, note)


def _write_verified(folder: Path, note: _Note) -> None:
    """Put this home's line in `.verified`, first, keeping every other home's line as it was (issue 37: one
    home's read never voids another's guarantee); a line without a key is dropped only where this key signed it."""
    key = _key(make=True)
    if key is None:
        return
    mine = _key_id(key)
    text = json.dumps({"version": __version__, "bytes": note.size, "events": note.events, "sha256": note.sha,
                       "head": note.head, "key": mine, "mac": _mac(key, note)})
    others = [json.dumps(raw) for raw in _witness_lines(folder)
              if raw.get("key", mine) != mine or ("key" not in raw and _signed(raw, key) is None)]
    disk.replace_own(folder / VERIFIED, "".join(f"{line}\n" for line in [text, *others[:_HOMES]]).encode("utf-8"))


@contextlib.contextmanager
def _locked(folder: Path) -> Iterator[None]:
    """The table's lock, or TableBusy (exit 4) after LOCK_WAIT seconds of another writer."""
    try:
        wait = LOCK_WAIT if LOCK_WAIT is not None else lock_wait(os.environ.get("POPEJOAN_LOCK_WAIT"))
        with disk.locked(folder, wait):
            yield
    except disk.Busy:
        raise TableBusy(Said("the table at {folder} is busy: another popejoan is writing to it", folder=str(folder)),
                        Said("wait for it to finish and try again")) from None
    except disk.NoLock as no:
        raise StorageError(Said("cannot open the table's lock file {path}: {reason}", path=str(no.path),
                                reason=os_reason(no.error)),
                           Said("nothing was recorded; a table in a folder popejoan cannot write to can be read, not "
                                "played: copy it somewhere writable, or fix the folder's permissions")) from None


def _io_error(err: OSError, path: Path) -> StorageError:
    return StorageError(Said("cannot write {path}: {reason}", path=str(path), reason=os_reason(err)),
                        Said("nothing was recorded; free space or fix permissions, then run the command again"))


_STOPS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGBREAK") if hasattr(signal, name))
"""The signals that end a command: SIGBREAK is Ctrl-Break, on Windows only."""


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
    """Hold Ctrl-C, SIGTERM and Ctrl-Break while a write is made, so it is whole or not made at all.

    A signal that arrives meanwhile is noted and raised again as soon as the write is done;
    `recorded` then tells the interrupted command what is in the journal. (Python runs its
    handlers in the main thread whatever thread the signal reaches, which masking would not
    cover.)
    """
    pending: list[int] = []

    def hold(signum: int, frame: object) -> None:
        pending.append(signum)

    held: dict[int, Any] = {}
    try:
        for sig in _STOPS:
            before = signal.getsignal(sig)
            if before is not None:  # None: set outside Python, and it could not be put back
                held[sig] = signal.signal(sig, hold)
    except ValueError:  # not the main thread: signals are not ours to handle here
        pass
    try:
        yield
    finally:
        for num, before in held.items():
            signal.signal(num, before)
        for num in pending[:1]:
            signal.raise_signal(num)


def append(folder: Path, decide: Callable[[Loaded], Sequence[Event]], *,
           create: bool = False) -> tuple[list[tuple[int, Event]], list[str]]:
    """Lock, re-read, let `decide` turn the journal into new events (or raise), write them.

    `decide` is given the loaded journal, with the events `.verified` vouches for, and must
    referee the rest. Returns the events written with their seqs, and warnings (a repaired
    tail). `decide` raising, or choosing nothing, leaves the journal exactly as it was.

    A long journal is read, checked and (`decide.ahead`, where it has one) replayed before the
    lock is taken; under the lock it is read again, and that work is used only if the file still
    holds exactly the same bytes (else it is all done again, under the lock). So another command
    waits for this one's own events, not for a whole journal to be refereed.
    """
    path = folder / JOURNAL
    if create:
        return _create(folder, decide), []
    fd = _open_for_append(path)
    try:
        early = _ahead(folder, fd, path, decide)
        with _locked(folder):
            if early is not None and _unchanged(fd, early[1]):
                loaded = early[0]
            else:
                note = _note(folder)
                loaded = _loaded(folder, _read_regular(fd, path), True, note, kept=True)
            early = None  # the bytes are no longer needed
            loaded.now = now()
            new = list(decide(loaded))
            if not new:
                return [], loaded.warnings
            first = len(loaded.events) + 1
            written = [(first + k, e) for k, e in enumerate(new)]
            blob = _lines(written, loaded.now)
            if loaded.unterminated:
                blob = b"\n" + blob  # complete the last event's line: it is kept, never cut
            with _signals_held():
                _write(fd, path, loaded, blob)
                recorded.extend(seq for seq, _ in written)
            sha = loaded.sha.copy()
            sha.update(blob)
            loaded.written = _Note(loaded.good_bytes + len(blob), written[-1][0], sha.hexdigest(), loaded.head)
            _write_verified(folder, loaded.written)
            return written, loaded.warnings
    except OSError as err:
        raise _io_error(err, path) from None
    finally:
        os.close(fd)


def _ahead(folder: Path, fd: int, path: Path,
           decide: Callable[[Loaded], Sequence[Event]]) -> tuple[Loaded, bytes] | None:
    """The journal loaded and handed to `decide.ahead` before the lock, with the bytes it was read from;
    None where `decide` cannot work ahead, or where the journal is damaged (then it is all read again
    under the lock, which says what is wrong as before)."""
    ahead = getattr(decide, "ahead", None)
    if ahead is None:
        return None
    note = _note(folder)  # before the journal, as in `load`
    data = _read_regular(fd, path)
    try:
        loaded = _loaded(folder, data, True, note, kept=True)
        ahead(loaded)
    except DataError:
        return None
    return loaded, data


def _unchanged(fd: int, data: bytes) -> bool:
    """Whether the journal holds exactly `data` still: read again piece by piece (never held twice)."""
    if os.fstat(fd).st_size != len(data):
        return False
    step = 1 << 20
    # Compared as bytes with bytes (a memcmp): bytes against a memoryview is compared item by item, about
    # 2 ms for an evening's 300 KB on every write (issue 27); the slice copies a mebibyte at most.
    return all(disk.pread(fd, step, at) == data[at:at + step] for at in range(0, len(data), step))


def _lines(written: list[tuple[int, Event]], at: str | None) -> bytes:
    """One command's lines: each but the last says how many follow it, so that a write torn by a
    crash is left out whole (`decode`), never applied in part."""
    return b"".join(encode(seq, e, at, len(written) - 1 - k) for k, (seq, e) in enumerate(written))


def _linked(path: Path) -> DataError:
    return DataError([Problem(Said("the journal is a symbolic link; popejoan writes only to the file itself"),
                              file=str(path), hint=Said("put the file the link points to in its place"))])


def _open_for_append(path: Path) -> int:
    if disk.is_link(path):  # where O_NOFOLLOW does not exist (Windows)
        raise _linked(path)
    try:
        return os.open(path, os.O_RDWR | os.O_APPEND | disk.NONBLOCK | disk.NOFOLLOW | disk.BINARY)
    except FileNotFoundError:
        raise _no_table(path) from None
    except OSError as err:
        if err.errno == errno.ELOOP:
            raise _linked(path) from None
        raise _io_error(err, path) from None


def _write(fd: int, path: Path, loaded: Loaded, blob: bytes) -> None:
    """Cut a torn tail (the command's events are valid by now), then write and sync."""
    if loaded.size > loaded.good_bytes:
        os.ftruncate(fd, loaded.good_bytes)
    try:
        n = os.write(fd, blob)
        if n != len(blob):
            raise OSError(errno.ENOSPC, "short write")
        disk.sync(fd)
    except OSError as err:
        if _undo_partial(fd, loaded.good_bytes):
            raise _io_error(err, path) from None
        raise StorageError(Said("cannot write {path}: {reason}; the change may have been recorded", path=str(path),
                                reason=os_reason(err)),
                           Said("run `popejoan check` and look at the history before trying again")) from None


def _exists(path: Path) -> DataError:
    return DataError([Problem(Said("a table already exists here"), file=str(path))])


def _create(folder: Path, decide: Callable[[Loaded], Sequence[Event]]) -> list[tuple[int, Event]]:
    """A new journal appears whole or not at all: written aside, then published under its name."""
    path = folder / JOURNAL
    if os.path.lexists(path):
        raise _exists(path)
    at = now()
    fresh = Loaded(now=at)
    new = list(decide(fresh))  # raising here creates nothing
    written = [(k + 1, e) for k, e in enumerate(new)]
    blob = _lines(written, at)
    tmp = folder / f".{JOURNAL}.{os.getpid()}.new"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with _locked(folder):  # so that publishing is safe where the file system has no hard links
            _write_new(tmp, blob)
            try:
                disk.publish(tmp, path)
            except FileExistsError:
                raise _exists(path) from None
            try:
                disk.sync_folder(folder)
            except OSError:
                with contextlib.suppress(OSError):
                    path.unlink()  # we report failure, so the table must not half-exist
                raise
    except OSError as err:
        raise _io_error(err, path) from None
    finally:
        with contextlib.suppress(OSError):
            tmp.unlink()
    recorded.extend(seq for seq, _ in written)
    fresh.written = _Note(len(blob), len(written), sha256(blob).hexdigest(), _head(blob))
    _write_verified(folder, fresh.written)
    return written


def _write_new(tmp: Path, blob: bytes, mode: int = 0o644) -> None:
    """`blob` written whole to a new file `tmp` and synced (a short write is ENOSPC), before it is published."""
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | disk.BINARY, mode)
    try:
        if os.write(fd, blob) != len(blob):
            raise OSError(errno.ENOSPC, "short write")
        disk.sync(fd)
    finally:
        os.close(fd)


def _undo_partial(fd: int, size: int) -> bool:
    """After a failed write, cut back whatever part of it reached the file; False if that failed too."""
    try:
        os.ftruncate(fd, size)
        disk.sync(fd)
    except OSError:
        return False
    return True
