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
from collections.abc import Callable
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
MAGIC = b"popejoan folded 7 "
"""A cache's first bytes: the format (4), then popejoan's version and a newline, then the MAC. Format 2: a stop
reason was added ("below", docs/hand-json.md), and a pickled hand's run tables hold the stop codes and the
code for a run that waits: a format-1 cache, even of the same version, is ignored rather than misread.
Format 3: a hand's `moves` hold a card and its lead bit, no longer its player (issue 27's play-out).
Format 4: a hand keeps whether its leader led the Pope as an ordinary lead (`lieu_declined`) and a tally's pots
paid (`paid`: a tally is a `Hand` of that kind, no longer a `TallyHand`), issue 36.
Format 7: a table keeps the computers' pace chosen under `serve` (`TableView.pace`, issue 41).
A change to the shape a cache pickles (a class's state, the stop reasons) raises the format: the store's tests
pin that shape to it, so a build cannot forget."""
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
    """The `table.view.TableView`, its history (`hands` but the last, `effective`, `times`, `write_of`) left to be
    read back."""


def light(view: Any) -> Any:
    """`view` without its history: the last hand kept, the others, every event and every time left to the
    journal (`base.later`)."""
    hands = view.hands
    kept = copy.copy(view)
    kept.hands = LaterList(len(hands) - 1, [hands[-1]]) if hands else LaterList(0, [])
    kept.effective, kept.times = LaterList(len(view.effective), []), LaterDict(view.last_seq, {})
    kept.write_of = LaterDict(view.last_seq, {})
    return kept


def _header() -> bytes:
    return MAGIC + __version__.encode("ascii") + b"\n"


def read(folder: Path, sign: Callable[[bytes], bytes] | None, *, size: int, count: int, sha: str, head: str) -> Any:
    """The view the cache beside `folder`'s journal keeps, if this user's key signed it (`sign`: HMAC-SHA256
    with it) for this version and it folds exactly the bytes described; None otherwise."""
    raw = disk.read_own(folder / FOLDED, _MAX) if sign is not None else None
    top = _header()
    if sign is None or raw is None or not raw.startswith(top) or len(raw) < len(top) + _MAC:
        return None
    mac, payload = raw[len(top):len(top) + _MAC], raw[len(top) + _MAC:]
    from _operator import _compare_digest  # hmac.compare_digest, without loading OpenSSL

    if not _compare_digest(mac, sign(top + payload)):
        return None
    try:
        got = loads(payload)  # signed with the user's own key: written by popejoan, for this user
    except Exception:  # never an error: a class renamed since, say
        return None
    if not isinstance(got, Folded) or (got.size, got.count, got.sha, got.head) != (size, count, sha, head):
        return None
    return got.view


def write(folder: Path, sign: Callable[[bytes], bytes] | None, folded: Folded) -> None:
    """Keep `folded` beside the journal, replacing any cache there (best effort: a cache that cannot be
    written is simply not there next time)."""
    if sign is None:
        return
    try:
        payload = dumps(replace(folded, view=light(folded.view)), protocol=5)  # HIGHEST_PROTOCOL of 3.8–3.13
    except Exception:  # something in the view that cannot be kept: no cache, as before there was none
        forget(folder)
        return
    top = _header()
    disk.replace_own(folder / FOLDED, top + sign(top + payload) + payload, 0o600)


def forget(folder: Path) -> None:
    """Remove the cache (best effort)."""
    with contextlib.suppress(OSError):
        (folder / FOLDED).unlink()
