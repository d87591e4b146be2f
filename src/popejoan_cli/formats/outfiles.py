"""Writing the files people point at: `ledger export FILE`, `rules new -o FILE`, `hand deal -o FILE`.

Shell code, and the one way those commands write a file a person named:

- `-` (and `/dev/stdout`, `/dev/stderr`) is this process's own stream.
- A regular file, or a new one, is written atomically: a temporary file in the same folder,
  then `os.replace`, so a crash never leaves half a file under the name asked for. The
  permission bits (and, where allowed, the owner) of a file replaced are kept.
- A symlink is written through: the file it points at is replaced, never the link.
- A character device or a pipe (`/dev/null`, a terminal, `>(gzip > x.gz)`) is written to
  as it is, never replaced.
- Nothing is written inside popejoan's tables folder, inside the folder of the table in use,
  or over the file naming the current table: an export over `journal.jsonl` would destroy
  the table. Paths are compared resolved, so symlinks and `..` cannot get round it.
- An existing file is replaced only with `force`, or when the caller recognises it as its
  own (an earlier export of the same table).

A name that cannot be a file (a folder, a NUL, too long, a loop of symlinks) is a
`UsageError` (exit 2); a place that cannot be written (a missing or read-only folder, a
permission refused, a full disk) is a `StorageError` (exit 6), each in one line.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from popejoan_cli.base.errors import PopejoanError, Said, StorageError, UsageError, os_reason
from popejoan_cli.formats.userfiles import label as path_label
from popejoan_cli.store import disk

STREAMS: dict[str, Callable[[], TextIO]] = {"-": lambda: sys.stdout, "/dev/stdout": lambda: sys.stdout,
                                             "/dev/stderr": lambda: sys.stderr}
"""Names that mean one of this process's own streams (looked up late: tests swap them)."""
MAX_RECOGNISE = 64 << 20
"""An existing file larger than this is not read to see whether it is ours."""


def _bad_name(name: str, err: OSError) -> PopejoanError:
    """An OSError met while looking at the path: the name's fault (exit 2) or the place's (exit 6)."""
    if err.errno in (errno.ENAMETOOLONG, errno.ELOOP, errno.ENOTDIR):
        return UsageError(_cannot_write(name, err), Said("give another file name"))
    return StorageError(_cannot_write(name, err))


def _cannot_write(name: str, err: OSError) -> str:
    return Said("cannot write {path}: {reason}", path=name, reason=os_reason(err))


def protected_places(table: str | None) -> list[tuple[Path, str]]:
    """Where nothing may be written, each with what it is: popejoan's tables folder ("tables"), the
    file naming the current table ("current"), and the folder of the table in use ("table": `--table`
    or the current one)."""
    from popejoan_cli.store import tables  # the store loads the whole referee: `-o -` never needs it

    places = [(tables.tables_dir(), "tables"), (tables.home() / "current", "current")]
    with contextlib.suppress(PopejoanError):  # no table in use: nothing more to protect
        places.append((tables.folder(table), "table"))
    return places


def _refuse_table_files(name: str, resolved: Path, table: str | None) -> None:
    for place, what in protected_places(table):
        real = Path(os.path.realpath(place))
        if resolved == real or real in resolved.parents:
            where = path_label(real)
            # Each place is its own whole sentence, not a phrase glued into one.
            why = (Said("will not write {path}: it is inside popejoan's tables folder, {place}", path=name,
                        place=where) if what == "tables" else
                   Said("will not write {path}: it is popejoan's record of the current table, {place}", path=name,
                        place=where) if what == "current" else
                   Said("will not write {path}: it is inside the folder of the table in use, {place}", path=name,
                        place=where))
            raise UsageError(why, Said("a table's files are written by popejoan alone; write somewhere else"))


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _read_head(path: Path) -> bytes | None:
    try:
        with path.open("rb") as fh:
            data = fh.read(MAX_RECOGNISE + 1)
    except OSError:
        return None
    return None if len(data) > MAX_RECOGNISE else data


def write_text(target: str | os.PathLike[str], text: str, *, force: bool = False, table: str | None = None,
               ours: Callable[[bytes], bool] | None = None, ours_words: str = "") -> str:
    """Write `text` to the file a person named; returns where it went ("stdout" or the name).

    `force` allows replacing an existing file; without it, an existing file is replaced only
    if `ours(its bytes)` says it is ours (`ours_words` says what that means, for the refusal).
    `table` is the `--table` of this command, whose folder is protected like every table's.
    """
    name = os.fspath(target)
    if name in STREAMS:
        stream = STREAMS[name]()
        _write_stream(stream, text)
        return "stdout" if stream is sys.stdout else "stderr"
    _refuse_unnamable(name)
    path = Path(name)
    label = path_label(name)  # for messages: a name may hold an ESC, or run to thousands of characters
    st, resolved = _looked_at(path, label)
    _refuse_table_files(label, resolved, table)
    data = text.encode("utf-8")
    if st is not None and stat.S_ISDIR(st.st_mode):
        raise UsageError(Said("cannot write {path}: it is a folder", path=label), Said("give a file name"))
    if st is not None and (stat.S_ISCHR(st.st_mode) or stat.S_ISFIFO(st.st_mode)):
        _write_in_place(label, path, data)
        return name
    if st is not None and not stat.S_ISREG(st.st_mode):
        raise UsageError(Said("cannot write {path}: it is not a regular file", path=label), Said("give a file name"))
    if st is not None and not force:
        _refuse_overwrite(label, resolved, ours, ours_words)
    _refuse_missing_folder(label, resolved.parent)
    _replace(label, resolved, data, st)
    return name


def _refuse_unnamable(name: str) -> None:
    """A name no file can have, refused before anything looks at the disk: an empty one, one holding a NUL."""
    if not name:
        raise UsageError(Said("the file name is empty"), Said("give a file name, or - for stdout"))
    if "\0" in name:
        raise UsageError(Said("cannot write {path!r}: a file name cannot hold a NUL character", path=name),
                         Said("give another file name"))


def _looked_at(path: Path, label: str) -> tuple[os.stat_result | None, Path]:
    """What is at `path` now (None: nothing), through any symlink, and the path resolved."""
    try:
        st: os.stat_result | None = os.stat(path)  # through any symlink
    except FileNotFoundError:
        st = None
    except OSError as err:
        raise _bad_name(label, err) from None
    try:
        resolved = Path(os.path.realpath(path))
    except OSError as err:
        raise _bad_name(label, err) from None
    return st, resolved


def _refuse_overwrite(label: str, resolved: Path, ours: Callable[[bytes], bool] | None, ours_words: str) -> None:
    """An existing file, without `force`: refused unless `ours` recognises its bytes."""
    head = _read_head(resolved) if ours is not None else None
    if ours is None or head is None or not ours(head):
        exists = (Said("{path} already exists and is not {what}; not overwriting it", path=label, what=ours_words)
                  if ours_words else Said("{path} already exists; not overwriting it", path=label))
        raise UsageError(exists, Said("use --force to overwrite it, or choose another file"))


def _refuse_missing_folder(label: str, folder: Path) -> None:
    """The folder the file goes in, which must already be there: a missing one is refused, never made."""
    try:
        is_folder = stat.S_ISDIR(os.stat(folder).st_mode)
    except (FileNotFoundError, NotADirectoryError):
        is_folder = False
    except OSError as err:
        raise _bad_name(label, err) from None
    if not is_folder:
        raise StorageError(Said("cannot write {path}: the folder {folder} does not exist", path=label,
                                folder=path_label(folder)))


def _write_stream(stream: TextIO, text: str) -> None:
    """A file sent to a stream is the file's bytes, UTF-8 like the file, whatever the stream's own
    encoding (which may be ASCII, or a Windows code page, and would write letters for the suits)."""
    stream.flush()
    raw = getattr(stream, "buffer", None)
    if raw is None:  # a stream with no bytes beneath it (a test's StringIO): it takes text
        stream.write(text)
    else:
        raw.write(text.encode("utf-8"))
        raw.flush()


def _write_in_place(name: str, path: Path, data: bytes) -> None:
    """A device or a pipe: written to, never replaced (O_APPEND, so a file behind it is not overwritten)."""
    # What this process already printed must come first if the device is its own terminal.
    sys.stdout.flush()
    sys.stderr.flush()
    try:
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | disk.NOCTTY | disk.BINARY)
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
        finally:
            os.close(fd)
    except OSError as err:
        raise StorageError(_cannot_write(name, err)) from None


def _replace(name: str, resolved: Path, data: bytes, old: os.stat_result | None) -> None:
    """A temporary file beside `resolved`, made whole on disk, then renamed over it."""
    tmp: str | None = None
    try:
        fd, tmp = tempfile.mkstemp(dir=resolved.parent, prefix=f".{resolved.name[:60]}.", suffix=".tmp")
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            _keep_mode(fh.fileno(), tmp, old)
            disk.sync(fh.fileno())
        os.replace(tmp, resolved)
        tmp = None
        with contextlib.suppress(OSError):  # so the rename itself survives a crash; no reason to fail
            disk.sync_folder(resolved.parent)
    except OSError as err:
        raise StorageError(_cannot_write(name, err)) from None
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


def _keep_mode(fd: int, tmp: str, old: os.stat_result | None) -> None:
    """mkstemp makes the file 0600: give it the bits of the file it replaces, or a new file's, and
    (where the system has owners and we may) that file's owner."""
    mode = stat.S_IMODE(old.st_mode) & 0o777 if old is not None else 0o666 & ~_umask()
    if hasattr(os, "fchmod"):
        os.fchmod(fd, mode)
    else:  # Windows before Python 3.13: only the read-only bit means anything there
        os.chmod(tmp, mode)
    if old is not None and hasattr(os, "geteuid") and (old.st_uid, old.st_gid) != (os.geteuid(), os.getegid()):
        with contextlib.suppress(OSError):  # only root may give a file away; keep ours otherwise
            os.fchown(fd, old.st_uid, old.st_gid)
