"""The folded-state cache `.folded` beside a journal: the table as an earlier command left it.

Opening a table means reading its journal, checking it and folding it event by event: on a long
table, the longest part of every command (docs/journal.md). A command that has folded the journal
keeps here the table's present, for exactly the journal's first `size` bytes: the players, their
balances, the board, the hand being played, the counts; not its history (every event and every
earlier hand), which the table reads back from the journal only if a command walks it (`history`,
`undo`, the ledger: `base.later`). The next command whose journal begins with those very bytes
takes the table from here and checks and folds only the lines written since.

It is a cache, never an authority:
- it is used only with a `.verified` note that vouches for the same bytes (length, SHA-256, events,
  first line), so it never speaks for more than an earlier command refereed;
- it is signed (HMAC-SHA256) with the user's own key (`journal.KEY`, in popejoan's folder, never a
  table's): a cache copied with a table, written by hand or by another user is ignored, and its bytes
  are never unpickled;
- its format and popejoan's version open it: another version's cache is ignored;
- anything wrong with it (missing, short, damaged, foreign, stale) means it is ignored, never an
  error; `check`, `ledger settle` and the exports never read it (they referee every hand again);
- a journal whose new lines void an event is replayed whole, as without it.

The store alone writes it, beside the journal, replacing it whole (its own file: a link in its place is
replaced, never followed).
"""

from __future__ import annotations

import contextlib
import copy
import os
import stat
from pathlib import Path
from typing import Any

from popejoan_cli import __version__
from popejoan_cli.base.later import LaterDict, LaterList
from popejoan_cli.base.records import Record, replace
from popejoan_cli.store import disk

try:
    # The C half of `pickle`: the same `loads` and `dumps` (`pickle` itself re-exports them), without the
    # Python half's ~1.5 ms of definitions at every command's start-up (issue 27).
    from _pickle import dumps, loads  # type: ignore[import-not-found,unused-ignore]
except ImportError:  # pragma: no cover - an interpreter without the accelerator
    from pickle import dumps, loads

FOLDED = ".folded"
MAGIC = b"popejoan folded 1 "
"""A cache's first bytes: the format (1), then popejoan's version and a newline, then the MAC."""
_MAC = 32
_MAX = 1 << 28


class Folded(Record, kw_only=True):
    """What a cache holds: the present of a table whose journal's first `size` bytes hold `count` events."""

    size: int
    count: int
    sha: str
    """The SHA-256 of those bytes, in hex (the `.verified` note's)."""
    head: str
    """The SHA-256 of the journal's first line (which table)."""
    view: Any
    """The `table.view.TableView`, its history (`hands` but the last, `effective`, `times`) left to be read back."""


def light(view: Any) -> Any:
    """`view` without its history: the last hand kept, the others, every event and every time left to the
    journal (`base.later`)."""
    hands = view.hands
    kept = copy.copy(view)
    kept.hands = LaterList(len(hands) - 1, [hands[-1]]) if hands else LaterList(0, [])
    kept.effective, kept.times = LaterList(len(view.effective), []), LaterDict(view.last_seq, {})
    return kept


def _header() -> bytes:
    return MAGIC + __version__.encode("ascii") + b"\n"


def _sign(key: bytes, payload: bytes, sha256: Any) -> bytes:
    """HMAC-SHA256 (RFC 2104) of the header and `payload`, with the user's key."""
    block = key.ljust(64, b"\0")
    inner = sha256(bytes(b ^ 0x36 for b in block) + _header() + payload).digest()
    return bytes(sha256(bytes(b ^ 0x5C for b in block) + inner).digest())


def read(folder: Path, key: bytes | None, sha256: Any, *, size: int, count: int, sha: str, head: str) -> Any:
    """The view the cache beside `folder`'s journal keeps, if this user's key signed it for this version and
    it folds exactly the bytes described; None otherwise."""
    raw = _read(folder / FOLDED) if key is not None else None
    top = _header()
    if key is None or raw is None or not raw.startswith(top) or len(raw) < len(top) + _MAC:
        return None
    mac, payload = raw[len(top):len(top) + _MAC], raw[len(top) + _MAC:]
    from _operator import _compare_digest  # hmac.compare_digest, without loading OpenSSL

    if not _compare_digest(mac, _sign(key, payload, sha256)):
        return None
    try:
        got = loads(payload)  # signed with the user's own key: written by popejoan, for this user
    except Exception:  # never an error: a class renamed since, say
        return None
    if not isinstance(got, Folded) or (got.size, got.count, got.sha, got.head) != (size, count, sha, head):
        return None
    return got.view


def _read(path: Path) -> bytes | None:
    try:
        fd = os.open(path, disk.READ | disk.NOFOLLOW)
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_size > _MAX:
            return None
        chunks = []
        while chunk := os.read(fd, 1 << 22):
            chunks.append(chunk)
        return b"".join(chunks)
    except OSError:
        return None
    finally:
        os.close(fd)


def write(folder: Path, key: bytes | None, sha256: Any, folded: Folded) -> None:
    """Keep `folded` beside the journal, replacing any cache there (best effort: a cache that cannot be
    written is simply not there next time)."""
    if key is None:
        return
    try:
        payload = dumps(replace(folded, view=light(folded.view)), protocol=5)  # HIGHEST_PROTOCOL of 3.8–3.13
    except Exception:  # something in the view that cannot be kept: no cache, as before there was none
        forget(folder)
        return
    blob = _header() + _sign(key, payload, sha256) + payload
    tmp = folder / f"{FOLDED}.{os.getpid()}.tmp"
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | disk.BINARY, 0o600)
        try:
            view = memoryview(blob)
            while view:
                view = view[os.write(fd, view):]
        finally:
            os.close(fd)
        os.replace(tmp, folder / FOLDED)  # our own file: a link in its place is replaced, not followed
    except OSError:
        with contextlib.suppress(OSError):
            tmp.unlink()


def forget(folder: Path) -> None:
    """Remove the cache (best effort)."""
    with contextlib.suppress(OSError):
        (folder / FOLDED).unlink()
