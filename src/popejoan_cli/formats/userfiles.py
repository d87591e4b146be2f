"""Reading a file a person points at: a house-rule file, a deal file, a ledger export.

Shell code, and the one place such files are opened. Only a regular file is read (a
symbolic link to one is fine), never more than a cap: a FIFO would block for ever and a
link to /dev/zero would be read until memory ran out. The file is opened non-blocking so
that opening a FIFO returns at once, then `fstat` tells what it is. Every way a path can
fail (no such file, a folder, a name the system refuses, no permission) is a message
naming the file, never a traceback.
"""

from __future__ import annotations

import errno
import os
import stat
from dataclasses import dataclass

from popejoan_cli.base.errors import DataError, PopejoanError, Problem, Said, StorageError, UsageError
from popejoan_cli.base.marks import Grouped
from popejoan_cli.base.visible import shown
from popejoan_cli.store import disk

_KINDS = ((stat.S_ISFIFO, Said("a FIFO (named pipe)")), (stat.S_ISCHR, Said("a character device")),
          (stat.S_ISBLK, Said("a block device")), (stat.S_ISSOCK, Said("a socket")), (stat.S_ISDIR, Said("a folder")))
_WHATS = {"house-rule file": Said("house-rule file"), "deal file": Said("deal file"),
          "ledger export": Said("ledger export")}
"""The kinds of file the callers name, so that another language says them too (another stays as given)."""


def label(path: str | os.PathLike[str]) -> str:
    """The path as a message shows it: control characters as escapes, a very long one shortened."""
    text = shown(os.fspath(path))
    return text if len(text) <= 200 else f"{text[:90]}…{text[-90:]} ({len(text):,} characters)"


def size_text(cap: int) -> str:
    if cap >= 1 << 20 and cap % (1 << 20) == 0:
        return Said("{n} MiB", n=cap >> 20)
    return Said("{size} bytes", size=Grouped(cap))


def read_user_file(path: str | os.PathLike[str], what: str, cap: int, *, usage: bool = False,
                   hint: str = "") -> bytes:
    """The bytes of the regular file at `path`, at most `cap` of them; `what` names it in messages
    ("house-rule file"); `hint` says what to give instead when there is no such file.

    Anything that stops the read is a `DataError` naming the file, so that a command checking
    several files reports them all. With `usage` the path is a command's own argument: a path
    that names no file is then a usage error (exit 2), and an unreadable one an I/O error (exit 6).
    """
    kind = _WHATS.get(what, what)
    say = _Refusal(label(path), kind, hint or Said("give the path of a {what}", what=kind), usage)
    fd = _open(path, say)
    try:
        _check_kind(os.fstat(fd), cap, say)
        return _read_capped(fd, cap, say)
    except OSError as err:
        raise say.unreadable(str(err.strerror or err).lower()) from None
    finally:
        os.close(fd)


@dataclass(frozen=True)
class _Refusal:
    """How a refusal to read the file is raised: as a problem with the file (a `DataError`, so
    a command checking several files reports them all), or, for a command's own argument, as a
    usage error (exit 2) or an I/O error (exit 6)."""

    name: str
    what: str
    hint: str
    usage: bool

    def where(self, message: str) -> PopejoanError:
        """The path names no file that can be read."""
        if self.usage:
            return UsageError(Said("{path}: {why}", path=self.name, why=message), self.hint)
        return DataError([Problem(message, file=self.name, hint=self.hint)])

    def unreadable(self, reason: str) -> PopejoanError:
        """The file is there, but the system will not give its bytes."""
        if self.usage:
            return StorageError(Said("cannot read {path}: {reason}", path=self.name, reason=reason))
        return DataError([Problem(Said("not readable: {reason}", reason=reason), file=self.name)])

    def too_big(self, size: str, cap: int) -> DataError:
        return DataError([Problem(Said("file is {size} bytes; a {what} is at most {most}", size=size, what=self.what,
                                       most=size_text(cap)),
                                  file=self.name, hint=Said("the limit is {limit} bytes ({most})", limit=Grouped(cap),
                                                            most=size_text(cap)))])


def _open(path: str | os.PathLike[str], say: _Refusal) -> int:
    """The file opened for reading, non-blocking (so that a FIFO opens at once)."""
    try:
        return os.open(path, disk.READ)  # not inherited by child processes either (PEP 446)
    except ValueError:  # a NUL byte: no system call can take the name
        raise say.where(Said("not a usable file name: it holds a NUL byte")) from None
    except FileNotFoundError:
        raise say.where(Said("no such file")) from None
    except IsADirectoryError:
        raise say.where(Said("is a folder, not a file")) from None
    except PermissionError:
        raise say.unreadable(Said("permission denied")) from None
    except OSError as err:
        if err.errno == errno.ENAMETOOLONG:
            raise say.where(Said("not a usable file name: it is longer than the system allows")) from None
        if err.errno in (errno.ENOTDIR, errno.ELOOP):
            raise say.where(Said("no such file ({reason})", reason=err.strerror.lower() if err.strerror else err)
                            ) from None
        raise say.unreadable(str(err.strerror or err).lower()) from None


def _check_kind(info: os.stat_result, cap: int, say: _Refusal) -> None:
    """A regular file of at most `cap` bytes, as far as `fstat` tells."""
    if not stat.S_ISREG(info.st_mode):
        kind = next((k for test, k in _KINDS if test(info.st_mode)), Said("not a regular file"))
        if kind == "a folder":
            raise say.where(Said("is a folder, not a file"))
        raise DataError([Problem(Said("is {kind}; a {what} must be a regular file", kind=kind, what=say.what),
                                 file=say.name,
                                 hint=Said("popejoan reads only regular files (a symbolic link to one is fine)"))])
    if info.st_size > cap:
        raise say.too_big(Grouped(info.st_size), cap)


def _read_capped(fd: int, cap: int, say: _Refusal) -> bytes:
    """The file's bytes, never more than `cap`: one past it shows that it grew while being read."""
    chunks: list[bytes] = []
    got = 0
    while got <= cap:
        chunk = os.read(fd, min(cap + 1 - got, 1 << 20))
        if not chunk:
            break
        chunks.append(chunk)
        got += len(chunk)
    if got > cap:  # it grew while being read
        raise say.too_big(Said("more than {most}", most=Grouped(cap)), cap)
    return b"".join(chunks)
