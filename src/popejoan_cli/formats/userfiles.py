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

from popejoan_cli.base.errors import DataError, PopejoanError, Problem, StorageError, UsageError
from popejoan_cli.base.visible import shown

_KINDS = ((stat.S_ISFIFO, "a FIFO (named pipe)"), (stat.S_ISCHR, "a character device"),
          (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"), (stat.S_ISDIR, "a folder"))


def label(path: str | os.PathLike[str]) -> str:
    """The path as a message shows it: control characters as escapes, a very long one shortened."""
    text = shown(os.fspath(path))
    return text if len(text) <= 200 else f"{text[:90]}…{text[-90:]} ({len(text):,} characters)"


def size_text(cap: int) -> str:
    return f"{cap >> 20} MiB" if cap >= 1 << 20 and cap % (1 << 20) == 0 else f"{cap:,} bytes"


def read_user_file(path: str | os.PathLike[str], what: str, cap: int, *, usage: bool = False,
                   hint: str = "") -> bytes:
    """The bytes of the regular file at `path`, at most `cap` of them; `what` names it in messages
    ("house-rule file"); `hint` says what to give instead when there is no such file.

    Anything that stops the read is a `DataError` naming the file, so that a command checking
    several files reports them all. With `usage` the path is a command's own argument: a path
    that names no file is then a usage error (exit 2), and an unreadable one an I/O error (exit 6).
    """
    name = label(path)
    hint = hint or f"give the path of a {what}"

    def where(message: str) -> PopejoanError:
        if usage:
            return UsageError(f"{name}: {message}", hint)
        return DataError([Problem(message, file=name, hint=hint)])

    def unreadable(reason: str) -> PopejoanError:
        if usage:
            return StorageError(f"cannot read {name}: {reason}")
        return DataError([Problem(f"not readable: {reason}", file=name)])

    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except ValueError:  # a NUL byte: no system call can take the name
        raise where("not a usable file name: it holds a NUL byte") from None
    except FileNotFoundError:
        raise where("no such file") from None
    except IsADirectoryError:
        raise where("is a folder, not a file") from None
    except PermissionError:
        raise unreadable("permission denied") from None
    except OSError as err:
        if err.errno == errno.ENAMETOOLONG:
            raise where("not a usable file name: it is longer than the system allows") from None
        if err.errno in (errno.ENOTDIR, errno.ELOOP):
            raise where(f"no such file ({err.strerror.lower() if err.strerror else err})") from None
        raise unreadable(str(err.strerror or err).lower()) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            kind = next((k for test, k in _KINDS if test(info.st_mode)), "not a regular file")
            if kind == "a folder":
                raise where("is a folder, not a file")
            raise DataError([Problem(f"is {kind}; a {what} must be a regular file", file=name,
                                     hint="popejoan reads only regular files (a symbolic link to one is fine)")])
        if info.st_size > cap:
            raise DataError([Problem(f"file is {info.st_size:,} bytes; a {what} is at most {size_text(cap)}",
                                     file=name, hint=f"the limit is {cap:,} bytes ({size_text(cap)})")])
        chunks: list[bytes] = []
        got = 0
        while got <= cap:
            chunk = os.read(fd, min(cap + 1 - got, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
        if got > cap:  # it grew while being read
            raise DataError([Problem(f"file is more than {cap:,} bytes; a {what} is at most {size_text(cap)}",
                                     file=name, hint=f"the limit is {cap:,} bytes ({size_text(cap)})")])
        return b"".join(chunks)
    except OSError as err:
        raise unreadable(str(err.strerror or err).lower()) from None
    finally:
        os.close(fd)
