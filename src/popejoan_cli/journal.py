"""The store: a table's append-only journal on disk (design §2).

One JSON object per line: `{"seq": N, "event": {...}, "crc": "xxxxxxxx"}`, the CRC32 taken
over the canonical JSON of seq and event. Appends open with O_APPEND, take an exclusive
`flock` (not `lockf`, which another open/close of the file in this process would drop),
re-read the journal, let the caller validate the new events against the replayed state,
then make one `write()` and `fsync`. A final line cut short by a crash is a torn write:
it is dropped with a warning (and cut off under the lock on the next append). Any other
damage is a hard error naming the line; nothing is ever cut silently.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import json
import os
import time
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from popejoan_cli.errors import DataError, Problem, StorageError, TableBusy
from popejoan_cli.events import Event, from_data, to_data

JOURNAL = "journal.jsonl"
LOCK_WAIT = float(os.environ.get("POPEJOAN_LOCK_WAIT", "3"))
"""Seconds to wait for another process's lock before giving up with exit 4."""


def encode(seq: int, event: Event) -> bytes:
    body = json.dumps({"seq": seq, "event": to_data(event)}, sort_keys=True, separators=(",", ":"),
                      ensure_ascii=False)
    crc = zlib.crc32(body.encode("utf-8"))
    return (body[:-1] + f',"crc":"{crc:08x}"}}\n').encode("utf-8")


@dataclass
class Loaded:
    """The events of a journal, the byte length of its good part, and any warnings."""

    events: list[tuple[int, Event]] = field(default_factory=list)
    good_bytes: int = 0
    warnings: list[str] = field(default_factory=list)


def decode(data: bytes, name: str = JOURNAL) -> Loaded:
    out = Loaded()
    bodies: list[bytes] = []
    lines = data.split(b"\n")
    if lines[-1]:
        out.warnings.append(f"{name}: line {len(lines)} was cut short by a crash (a torn write); "
                            f"it was dropped: {len(lines[-1])} bytes")
    whole = lines[:-1]
    for n, raw in enumerate(whole, start=1):
        bodies.append(_checked_body(raw, n, name))
    out.good_bytes = len(data) - len(lines[-1])
    try:
        # One parse for the whole journal: far quicker than a json.loads per line.
        objs = json.loads(b"[" + b",".join(bodies) + b"]")
    except (UnicodeDecodeError, json.JSONDecodeError):
        objs = None
    if objs is not None and len(objs) != len(whole):
        objs = None  # a body that is not one object: find it line by line
    for n in range(1, len(whole) + 1):
        obj = objs[n - 1] if objs is not None else _parse_one(bodies[n - 1], n, name)
        out.events.append(_event(obj, n, n, name))
    return out


_CRC_TAIL = len(',"crc":"xxxxxxxx"}')


def _bad(name: str, line_no: int, why: str) -> DataError:
    return DataError([Problem(f"line {line_no} is damaged: {why}", file=name, line=line_no,
                              hint="the journal may have been edited or corrupted; restore it from a copy")])


def _checked_body(raw: bytes, line_no: int, name: str) -> bytes:
    """The line without its CRC, once the CRC is checked on the raw bytes."""
    # The line is the canonical JSON of {"event", "seq"} with the CRC spliced in last.
    tail = raw[-_CRC_TAIL:]
    if len(raw) <= _CRC_TAIL or not tail.startswith(b',"crc":"') or not tail.endswith(b'"}'):
        raise _bad(name, line_no, "not a journal entry (no checksum at its end)")
    body = raw[:-_CRC_TAIL] + b"}"
    if b"%08x" % zlib.crc32(body) != tail[8:16]:
        raise _bad(name, line_no, "its checksum does not match its text")
    return body


def _parse_one(body: bytes, line_no: int, name: str) -> object:
    try:
        return json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise _bad(name, line_no, "not a JSON object") from None


def _event(obj: object, line_no: int, want_seq: int, name: str) -> tuple[int, Event]:
    if not isinstance(obj, dict) or set(obj) != {"seq", "event"}:
        raise _bad(name, line_no, "not a journal entry (seq, event, crc)")
    seq, event = obj["seq"], obj["event"]
    if seq != want_seq:
        raise _bad(name, line_no, f"sequence number {seq}, expected {want_seq}")
    try:
        return seq, from_data(event, f"line {line_no}")
    except DataError as err:
        raise _bad(name, line_no, err.problems[0].message) from None


def load(folder: Path) -> Loaded:
    path = folder / JOURNAL
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise DataError([Problem("no table here (no journal)", file=str(path),
                                 hint="create one with `popejoan table new NAME`")]) from None
    except OSError as err:
        raise StorageError(f"cannot read {path}: {err.strerror}") from None
    return decode(data, str(path))


def _lock(fd: int, path: Path) -> None:
    import random

    deadline = time.monotonic() + LOCK_WAIT
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            if time.monotonic() >= deadline:
                raise TableBusy(f"the table at {path.parent} is busy: another popejoan is writing to it",
                                "wait for it to finish and try again") from None
            time.sleep(0.001 + random.random() * 0.003)  # short and jittered, so a waiting writer gets its turn


def _read_all(fd: int) -> bytes:
    chunks: list[bytes] = []
    offset = 0
    while True:
        chunk = os.pread(fd, 1 << 20, offset)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        offset += len(chunk)


def _io_error(err: OSError, path: Path) -> StorageError:
    return StorageError(f"cannot write {path}: {_why(err)}", "nothing was recorded; free space or fix permissions, "
                        "then run the command again")


def append(folder: Path, decide: Callable[[list[tuple[int, Event]]], Sequence[Event]], *,
           create: bool = False) -> tuple[list[tuple[int, Event]], list[str]]:
    """Lock, re-read, let `decide` turn the journal into new events (or raise), write them.

    Returns the events written with their seqs, and warnings (a repaired torn tail).
    `decide` raising leaves the journal exactly as it was (and creates nothing).
    """
    path = folder / JOURNAL
    if create:
        return _create(folder, decide), []
    try:
        fd = os.open(path, os.O_RDWR | os.O_APPEND)
    except FileNotFoundError:
        raise DataError([Problem("no table here (no journal)", file=str(path),
                                 hint="create one with `popejoan table new NAME`")]) from None
    except OSError as err:
        raise _io_error(err, path) from None
    try:
        _lock(fd, path)
        data = _read_all(fd)
        loaded = decode(data, str(path))
        if loaded.good_bytes < len(data):
            os.ftruncate(fd, loaded.good_bytes)  # a torn tail: cut it, under the lock, before appending
        new = list(decide(loaded.events))
        if not new:
            return [], loaded.warnings
        first = len(loaded.events) + 1
        written = [(first + k, e) for k, e in enumerate(new)]
        blob = b"".join(encode(seq, e) for seq, e in written)
        try:
            n = os.write(fd, blob)
            if n != len(blob):
                raise OSError(errno.ENOSPC, "short write")
            os.fsync(fd)
        except OSError as err:
            if _undo_partial(fd, loaded.good_bytes):
                raise _io_error(err, path) from None
            raise StorageError(f"cannot write {path}: {_why(err)}; the change may have been recorded",
                               "run `popejoan check` and look at the history before trying again") from None
        return written, loaded.warnings
    except OSError as err:
        raise _io_error(err, path) from None
    finally:
        os.close(fd)


def _create(folder: Path, decide: Callable[[list[tuple[int, Event]]], Sequence[Event]]) -> list[tuple[int, Event]]:
    """A new journal appears whole or not at all: written aside, then linked into place."""
    path = folder / JOURNAL
    if path.exists():
        raise DataError([Problem("a table already exists here", file=str(path))])
    new = list(decide([]))  # raising here creates nothing
    written = [(k + 1, e) for k, e in enumerate(new)]
    blob = b"".join(encode(seq, e) for seq, e in written)
    tmp = folder / f".{JOURNAL}.{os.getpid()}.new"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        try:
            if os.write(fd, blob) != len(blob):
                raise OSError(errno.ENOSPC, "short write")
            os.fsync(fd)
        finally:
            os.close(fd)
        try:
            os.link(tmp, path)
        except FileExistsError:
            raise DataError([Problem("a table already exists here", file=str(path))]) from None
        try:
            _fsync_dir(folder)
        except OSError:
            with contextlib.suppress(OSError):
                path.unlink()  # we report failure, so the table must not half-exist
            raise
    except OSError as err:
        raise _io_error(err, path) from None
    finally:
        with contextlib.suppress(OSError):
            tmp.unlink()
    return written


def _why(err: OSError) -> str:
    return {errno.ENOSPC: "the disk is full", errno.EACCES: "permission denied", errno.EROFS: "read-only disk",
            errno.EPERM: "permission denied", errno.EDQUOT: "over the disk quota"}.get(err.errno or 0,
                                                                                      err.strerror or str(err))


def _undo_partial(fd: int, size: int) -> bool:
    """After a failed write, cut back whatever part of it reached the file; False if that failed too."""
    try:
        os.ftruncate(fd, size)
        os.fsync(fd)
    except OSError:
        return False
    return True


def _fsync_dir(folder: Path) -> None:
    dfd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(dfd)
    finally:
        os.close(dfd)
