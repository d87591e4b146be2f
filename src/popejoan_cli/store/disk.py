"""What differs between Linux, macOS and Windows when popejoan writes a file that must survive.

The journal and the writer of people's files call these instead of calls that exist on
one system only. docs/journal.md ("On each system") says what each one guarantees where.

- **The lock** is the `filelock` library's lock on an open descriptor (`flock` on Linux and
  macOS, `LockFileEx` on Windows), taken on `journal.lock` beside the journal, never on the
  journal itself: Windows locks are mandatory, so a lock on the journal would stop other
  commands from reading it while one writes. Where `fcntl` exists, `flock` is called here
  directly, as the library itself calls it (the same lock, so either contends with the other):
  importing the library costs ~25 ms of every writing command's start-up (issue 27), on
  Python before 3.15, which ignores its lazy imports.
- **Opening**: `O_BINARY` on Windows (else every newline written would become two bytes);
  `O_NONBLOCK` (a FIFO opens at once) and `O_NOFOLLOW` where they exist. Without
  `O_NOFOLLOW` a symbolic link is looked for just before the file is opened.
- **Reading at an offset**: `os.pread`, else a seek and a read (Windows has no `pread`).
- **Making bytes durable**: `F_FULLFSYNC` on macOS, where `fsync` reaches only the drive's
  own cache; `fsync` elsewhere. A folder is synced where it can be opened (not on Windows,
  whose file system journals a rename itself).
- **Publishing a new file whole**: a hard link, which refuses a name that exists. Where the
  file system has no hard links (FAT, some network shares), a rename that refuses an
  existing name on Windows; elsewhere, under the table's lock, a check and a rename.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

LOCK = "journal.lock"
"""The file beside a table's journal that writers lock; it is empty and never read."""

BINARY = getattr(os, "O_BINARY", 0)
NONBLOCK = getattr(os, "O_NONBLOCK", 0)
NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
NOCTTY = getattr(os, "O_NOCTTY", 0)

READ = os.O_RDONLY | NONBLOCK | BINARY
"""Flags to read a file that may turn out to be a FIFO or a device (checked after opening)."""

_NO_LINKS = {errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.ENOSYS, errno.EXDEV, errno.EMLINK}
"""What `link` fails with on a file system that has no hard links (Linux, macOS)."""


class Busy(Exception):
    """Another process held the lock for longer than we were willing to wait."""


class NoLock(Exception):
    """The lock file could not be opened (a read-only folder, no permission): `error` says why. Apart from an
    `OSError` of the journal's own, so that the table names the file that failed (issue 37)."""

    def __init__(self, path: Path, error: OSError) -> None:
        super().__init__(str(path))
        self.path, self.error = path, error


def pread(fd: int, size: int, offset: int) -> bytes:
    if hasattr(os, "pread"):
        return os.pread(fd, size, offset)
    os.lseek(fd, offset, os.SEEK_SET)  # Windows: the descriptor is ours alone while we read
    return os.read(fd, size)


def sync(fd: int) -> None:
    """Make what was written to `fd` durable: as far as the system allows, through the drive's cache."""
    if sys.platform == "darwin":
        import fcntl  # macOS only; this module must import on Windows, which has no fcntl

        full = getattr(fcntl, "F_FULLFSYNC", None)
        if full is not None:
            try:
                fcntl.fcntl(fd, full)
                return
            except OSError:  # a file system that does not support it (some network shares)
                pass
    os.fsync(fd)


def sync_folder(folder: Path) -> None:
    """Make a rename or link in `folder` durable; on Windows a folder cannot be opened, and NTFS
    records the change in its own journal."""
    if sys.platform == "win32":
        return
    dfd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(dfd)
    finally:
        os.close(dfd)


def is_link(path: Path) -> bool:
    """Whether `path` is a symbolic link, for systems that cannot refuse one at `open` (no O_NOFOLLOW)."""
    return not NOFOLLOW and os.path.islink(path)


def publish(tmp: Path, path: Path) -> None:
    """Give the whole file `tmp` the name `path`, which must not exist yet (FileExistsError if it does).

    The caller holds the table's lock, which is what makes the check-and-rename safe on a file
    system with no hard links and no rename that refuses an existing name.
    """
    try:
        os.link(tmp, path)
        return
    except FileExistsError:
        raise
    except (AttributeError, NotImplementedError):
        pass
    except OSError as err:
        if err.errno not in _NO_LINKS and sys.platform != "win32":
            raise
    if sys.platform == "win32":
        os.rename(tmp, path)  # Windows' rename refuses an existing name, so it cannot replace a table
        return
    if os.path.lexists(path):
        raise FileExistsError(errno.EEXIST, "File exists", str(path))
    os.rename(tmp, path)


@contextlib.contextmanager
def locked(folder: Path, wait: float, name: str = LOCK) -> Iterator[None]:
    """Hold the lock file `name` in `folder` (by default the journal's): raises `Busy` after `wait`
    seconds of another holder (0: one try).

    Each call opens the lock file afresh, so two threads of one process exclude each other
    just as two processes do. The lock goes with the descriptor, so a crash releases it.
    """
    lock_descriptor, unlock_descriptor = _descriptor_locks()
    try:
        fd = os.open(folder / name, os.O_RDWR | os.O_CREAT | BINARY, 0o644)
    except OSError as err:
        raise NoLock(folder / name, err) from None
    try:
        _acquire(fd, wait, lock_descriptor)
        try:
            yield
        finally:
            with contextlib.suppress(OSError):  # closing the descriptor releases it in any case
                unlock_descriptor(fd)
    finally:
        os.close(fd)


_CONTENDED = frozenset({errno.EACCES, errno.EAGAIN, errno.EWOULDBLOCK})
"""What `flock` says when another holds the lock (some file systems say EACCES): filelock's own list."""


def _descriptor_locks() -> tuple[Callable[..., bool], Callable[[int], None]]:
    """Lock and unlock an open descriptor: `flock` where `fcntl` exists, else the `filelock` library's."""
    try:
        import fcntl  # POSIX only: Windows takes the library's LockFileEx
    except ImportError:
        from filelock import lock_descriptor, unlock_descriptor  # only commands that write load it: start-up

        return lock_descriptor, unlock_descriptor

    def lock(fd: int, blocking: bool = False) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | (0 if blocking else fcntl.LOCK_NB))
        except OSError as err:
            if err.errno in _CONTENDED:
                return False
            raise
        return True

    def unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)

    return lock, unlock


def _acquire(fd: int, wait: float, lock: Callable[..., bool]) -> None:
    if lock(fd, blocking=False):
        return
    import random  # only when the lock is contended: it is slow to import, and start-up matters

    deadline = time.monotonic() + wait
    while not lock(fd, blocking=False):
        if time.monotonic() >= deadline:
            raise Busy
        time.sleep(0.001 + random.random() * 0.003)  # short and jittered, so a waiting writer gets its turn


def read_own(path: Path, most: int) -> bytes | None:
    """All of one of popejoan's own small files (a key, a cache), or None where it is missing, unreadable, not
    a regular file, a symbolic link, or over `most` bytes: such a file is simply not believed."""
    try:
        fd = os.open(path, READ | NOFOLLOW)
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_size > most:
            return None
        chunks = []
        while chunk := os.read(fd, 1 << 22):
            chunks.append(chunk)
        data = b"".join(chunks)
    except OSError:
        return None
    finally:
        os.close(fd)
    return data if len(data) <= most else None


def replace_own(path: Path, data: bytes, mode: int = 0o644) -> None:
    """Put `data` in one of popejoan's own files (a note, a cache) whole: written beside it, then renamed over
    it, so a link in its place is replaced, never followed. Best effort: where it cannot be written nothing
    is left behind, and it is simply not there next time (each reader checks what it reads)."""
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        with os.fdopen(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | BINARY, mode), "wb") as fh:
            fh.write(data)  # a file object writes it all (a short write is written on)
        os.replace(tmp, path)
    except OSError:
        with contextlib.suppress(OSError):
            tmp.unlink()
