"""The secrets in `popejoan serve`'s links, kept in the table's folder so that they outlive the server.

This module owns `serve-links.json` beside the journal: the board's secret and each player's,
`{"board": SECRET, "players": {NAME: SECRET}}`. A server started again on the same table reads
it and prints the same links, so that the pages open on the players' phones carry on (their
event streams reconnect with the same secret); `serve --new-links` makes every secret anew,
which revokes every link given out before. A secret belongs to one seat-holder, not to a name:
`"seats": {NAME: SEQ}` keeps the seq of the event that seated them (0: seated when the table
opened), so that someone who joins later under the name of a player who left gets a secret of
their own, and the old link stays dead (a file without `seats`, from before, is read as it was).

The file is the server's alone: it is never part of the journal, of `.verified` or of an
export, and nothing else in popejoan reads it. It is written whole (a temporary file, synced,
then renamed over it) with mode 0600, since anyone who reads it can open any player's page;
a `serve-links.json` that is a symbolic link is written through, never replaced, as
`tables.set_current` writes `current`. The `serve` command holds `serve.lock` while it reads
and writes it, so that one server at a time owns it. A file that cannot be read as links is
an error that says how to start over (`--new-links`), never silently new links: that would
leave every phone on a dead page without a word.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import stat
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from popejoan_cli.base.errors import DataError, Problem, Said, StorageError, os_reason
from popejoan_cli.store import disk

FILE = "serve-links.json"
"""The file in the table folder that keeps the secrets of `serve`'s links."""
MODE = 0o600
"""Only the owner may read it: the secrets open every player's page."""
MAX_BYTES = 1 << 20
"""More than any table's links; a larger file is not one of ours."""
TOKEN = re.compile(r"^[A-Za-z0-9_-]{16,128}$")
"""A secret as `token` makes it (URL-safe base64); a kept one must look like one to be used."""


def token() -> str:
    """A new secret: 16 random bytes, URL-safe (22 characters)."""
    return secrets.token_urlsafe(16)


@dataclass
class Kept:
    """The board's secret and each player's, as the file keeps them."""

    board: str
    players: dict[str, str] = field(default_factory=dict)
    seats: dict[str, int] = field(default_factory=dict)
    """The seat-holder each player's secret belongs to: the seq of the event that seated them."""


def fresh(players: Sequence[str]) -> Kept:
    """New secrets for the board and for each of `players`."""
    return Kept(token(), {name: token() for name in players})


def kept(folder: Path, players: Sequence[str], *, renew: bool = False, seats: dict[str, int] | None = None,
         write: bool = True) -> Kept:
    """The table's links for `players`: the kept ones (a player with none gets a new one, a player who
    has left the table loses theirs, and so does a name now held by someone else: `seats`, the seq that
    seated each), or all new with `renew`; written back whenever they changed, unless not to `write`
    (a table served read-only: the links kept there still open their pages, new ones last this run)."""
    before = None if renew else load(folder)
    seated = dict(seats or {})
    if before is None:
        now = fresh(players)
    else:
        def same(name: str) -> bool:
            return name not in seated or before.seats.get(name, seated[name]) == seated[name]

        now = Kept(before.board, {name: (before.players.get(name) if same(name) else None) or token()
                                  for name in players})
    if seats is not None:
        now.seats = {name: seated[name] for name in now.players if name in seated}
    elif before is not None:
        now.seats = {name: seq for name, seq in before.seats.items() if name in now.players}
    if now != before and write:
        save(folder, now)
    return now


def load(folder: Path) -> Kept | None:
    """The links kept in `folder`, or None if there are none yet."""
    path = folder / FILE
    try:
        fd = os.open(path, disk.READ)
    except FileNotFoundError:
        return None
    except OSError as err:
        raise StorageError(Said("cannot read {path}: {reason}", path=str(path), reason=os_reason(err))) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_BYTES:
            raise _damaged(path)
        data = disk.pread(fd, MAX_BYTES + 1, 0)
    except OSError as err:
        raise StorageError(Said("cannot read {path}: {reason}", path=str(path), reason=os_reason(err))) from None
    finally:
        os.close(fd)
    return _parsed(data, path)


def _parsed(data: bytes, path: Path) -> Kept:
    """The links in the file's bytes, each secret checked; anything else is damage."""
    try:
        doc = json.loads(data.decode("utf-8"))
    except ValueError:
        raise _damaged(path) from None
    if not isinstance(doc, dict) or not isinstance(doc.get("players"), dict):
        raise _damaged(path)
    board, players, seats = doc.get("board"), doc["players"], doc.get("seats", {})
    every = [board, *players.values()]
    if not all(isinstance(s, str) and TOKEN.match(s) for s in every) or len(set(every)) != len(every):
        raise _damaged(path)
    if not isinstance(seats, dict) or not all(type(seq) is int and seq >= 0 for seq in seats.values()):
        raise _damaged(path)
    return Kept(str(board), {str(name): str(s) for name, s in players.items()},
                {str(name): seq for name, seq in seats.items() if name in players})


def _damaged(path: Path) -> DataError:
    return DataError([Problem(Said("this file does not hold popejoan serve's links"), file=str(path),
                              hint=Said("`popejoan serve --new-links` makes new ones (every link given out "
                                        "before stops working)"))])


def save(folder: Path, links: Kept) -> None:
    """Write `links` to the table's links file, whole, readable by its owner only; a file that is a
    symbolic link is written through (its target is replaced), never replaced itself."""
    path = folder / FILE
    try:
        if path.is_symlink():
            path = Path(os.path.realpath(path))
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        doc: dict[str, object] = {"board": links.board, "players": links.players}
        if links.seats:  # a table served by a practice, or before seats were kept, has none
            doc["seats"] = links.seats
        blob = json.dumps(doc, ensure_ascii=False, indent=1) + "\n"
        _write_new(tmp, blob.encode("utf-8"))
        try:
            os.replace(tmp, path)
        except OSError:
            tmp.unlink(missing_ok=True)
            raise
        disk.sync_folder(path.parent)
    except OSError as err:
        raise StorageError(Said("cannot write {path}: {reason}", path=str(path), reason=os_reason(err))) from None


def _write_new(tmp: Path, blob: bytes) -> None:
    """`blob` as the new file `tmp`, mode 0600 from the start: never readable by others, not even briefly."""
    with contextlib.suppress(FileNotFoundError):
        tmp.unlink()  # left by a crash: made anew, so that its mode is ours
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | disk.BINARY | disk.NOFOLLOW, MODE)
    try:
        view = memoryview(blob)
        while view:
            view = view[os.write(fd, view):]
        disk.sync(fd)
    except OSError:
        os.close(fd)
        tmp.unlink(missing_ok=True)
        raise
    os.close(fd)
