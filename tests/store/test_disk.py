"""Our side of each seam between systems (store/disk.py, docs/platforms.md), tested on Linux.

Each test tells the code it is somewhere else (a missing call, another `sys.platform`, the
library's own Windows or macOS class) and checks what popejoan then does.
"""

from __future__ import annotations

import errno
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import platformdirs
import platformdirs.macos
import platformdirs.unix
import platformdirs.windows
import pytest
from filelock import FileLock
from platformdirs.api import PlatformDirsABC

from popejoan_cli.store import disk, tables


# ----------------------------------------------------------------------------- reading and syncing
def test_pread_without_os_pread_reads_the_same_bytes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "f"
    path.write_bytes(bytes(range(256)) * 10)
    fd = os.open(path, disk.READ)
    try:
        native = [disk.pread(fd, 100, off) for off in (0, 5, 2550, 2600)]
        monkeypatch.delattr(os, "pread")
        assert [disk.pread(fd, 100, off) for off in (0, 5, 2550, 2600)] == native
        assert native[2] == bytes(range(246, 256)) and native[3] == b""
    finally:
        os.close(fd)


def test_sync_on_macos_asks_for_a_full_sync(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    fcntl = pytest.importorskip("fcntl")  # macOS's module: these tests stand in for macOS on Linux

    seen: list[tuple[int, int]] = []

    def full_sync(fd: int, op: int) -> int:
        seen.append((fd, op))
        return 0

    monkeypatch.setattr(sys, "platform", "darwin")
    monkeypatch.setattr(fcntl, "F_FULLFSYNC", 51, raising=False)
    monkeypatch.setattr(fcntl, "fcntl", full_sync)
    monkeypatch.setattr(os, "fsync", lambda fd: pytest.fail("fsync was called although F_FULLFSYNC worked"))
    disk.sync(7)
    assert seen == [(7, 51)]


def test_sync_on_macos_falls_back_to_fsync_where_full_sync_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    fcntl = pytest.importorskip("fcntl")  # macOS's module: these tests stand in for macOS on Linux

    synced: list[int] = []

    def refuse(fd: int, op: int) -> int:
        raise OSError(errno.ENOTSUP, "not supported")

    monkeypatch.setattr(sys, "platform", "darwin")
    monkeypatch.setattr(fcntl, "F_FULLFSYNC", 51, raising=False)
    monkeypatch.setattr(fcntl, "fcntl", refuse)
    monkeypatch.setattr(os, "fsync", synced.append)
    disk.sync(9)
    assert synced == [9]


def test_a_folder_is_synced_on_posix_and_skipped_on_windows(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    synced: list[int] = []
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        synced.append(fd)
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    disk.sync_folder(tmp_path)
    assert len(synced) == 1
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(os, "open", lambda *a: pytest.fail("Windows cannot open a folder; it must not try"))
    disk.sync_folder(tmp_path)
    assert len(synced) == 1


# ----------------------------------------------------------------------------- publishing a new file
def test_publish_links_and_never_replaces(tmp_path: Path) -> None:
    tmp, path = tmp_path / "new", tmp_path / "journal.jsonl"
    tmp.write_bytes(b"one")
    disk.publish(tmp, path)
    assert path.read_bytes() == b"one"
    tmp.unlink()  # as the journal does: the name aside goes once the file is published
    tmp.write_bytes(b"two")
    with pytest.raises(FileExistsError):
        disk.publish(tmp, path)
    assert path.read_bytes() == b"one"


@pytest.mark.parametrize("code", [errno.EPERM, errno.ENOTSUP, errno.ENOSYS])
def test_publish_without_hard_links_renames_and_still_never_replaces(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                     code: int) -> None:
    def no_links(src: object, dst: object) -> None:
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(os, "link", no_links)
    tmp, path = tmp_path / "new", tmp_path / "journal.jsonl"
    tmp.write_bytes(b"one")
    disk.publish(tmp, path)
    assert path.read_bytes() == b"one" and not tmp.exists()
    tmp.write_bytes(b"two")
    with pytest.raises(FileExistsError):
        disk.publish(tmp, path)
    assert path.read_bytes() == b"one"


def test_publish_on_windows_without_links_uses_rename(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    renamed: list[tuple[object, object]] = []

    def no_links(src: object, dst: object) -> None:
        raise OSError(errno.EINVAL, "Incorrect function")  # what FAT answers on Windows

    monkeypatch.setattr(os, "link", no_links)
    monkeypatch.setattr(os, "rename", lambda a, b: renamed.append((a, b)))
    monkeypatch.setattr(sys, "platform", "win32")
    disk.publish(tmp_path / "a", tmp_path / "b")
    assert renamed == [(tmp_path / "a", tmp_path / "b")]


def test_a_real_link_error_is_not_mistaken_for_no_links(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def denied(src: object, dst: object) -> None:
        raise OSError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(os, "link", denied)
    with pytest.raises(PermissionError):
        disk.publish(tmp_path / "a", tmp_path / "b")


def test_without_o_nofollow_a_link_is_looked_for(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "file").write_bytes(b"")
    (tmp_path / "link").symlink_to(tmp_path / "file")
    assert not disk.is_link(tmp_path / "link")  # here O_NOFOLLOW refuses it at open
    monkeypatch.setattr(disk, "NOFOLLOW", 0)
    assert disk.is_link(tmp_path / "link") and not disk.is_link(tmp_path / "file")


# ----------------------------------------------------------------------------- the lock
def test_the_lock_is_busy_while_the_library_holds_it_and_free_after(tmp_path: Path) -> None:
    with FileLock(str(tmp_path / disk.LOCK)):
        start = time.monotonic()
        with pytest.raises(disk.Busy), disk.locked(tmp_path, 0.15):
            pytest.fail("the lock was taken twice")
        assert time.monotonic() - start >= 0.15
    with disk.locked(tmp_path, 0.15):
        pass


def test_the_library_finds_the_lock_busy_while_popejoan_holds_it(tmp_path: Path) -> None:
    """Issue 27: on POSIX popejoan calls flock itself, the library's own primitive, so either waits for the other
    (an older popejoan, which takes the library's lock, included); it never imports the library there."""
    from filelock import lock_descriptor, unlock_descriptor

    fd = os.open(tmp_path / disk.LOCK, os.O_RDWR | os.O_CREAT)
    try:
        with disk.locked(tmp_path, 0):
            assert not lock_descriptor(fd, blocking=False)
        assert lock_descriptor(fd, blocking=False)
        unlock_descriptor(fd)
    finally:
        os.close(fd)
    code = ("import sys, pathlib; from popejoan_cli.store import disk\n"
            "with disk.locked(pathlib.Path(sys.argv[1]), 0): pass\nprint('filelock' in sys.modules)")
    if sys.platform != "win32":
        said = subprocess.run([sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True,
                              encoding="utf-8", check=True).stdout
        assert said == "False\n"


def test_two_threads_of_one_process_exclude_each_other(tmp_path: Path) -> None:
    inside: list[int] = []
    overlaps: list[int] = []

    def work(n: int) -> None:
        for _ in range(20):
            with disk.locked(tmp_path, 10):
                inside.append(n)
                if len(inside) > 1:
                    overlaps.append(n)
                time.sleep(0.0005)
                inside.remove(n)

    threads = [threading.Thread(target=work, args=(n,)) for n in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert overlaps == []


def test_a_killed_holder_frees_the_lock(tmp_path: Path) -> None:
    holder = ("import sys\nfrom pathlib import Path\nfrom popejoan_cli.store import disk\n"
              "with disk.locked(Path(sys.argv[1]), 1):\n    print('locked', flush=True)\n    sys.stdin.read()\n")
    proc = subprocess.Popen([sys.executable, "-c", holder, str(tmp_path)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True, encoding="utf-8")
    assert proc.stdout is not None and proc.stdout.readline() == "locked\n"
    with pytest.raises(disk.Busy), disk.locked(tmp_path, 0.05):
        pass
    proc.kill()
    proc.wait(timeout=10)
    with disk.locked(tmp_path, 1):
        pass


# ----------------------------------------------------------------------------- where tables live
@pytest.fixture
def no_home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    user = tmp_path / "user"
    user.mkdir()
    monkeypatch.delenv("POPEJOAN_HOME", raising=False)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("HOME", str(user))
    return user


def on(monkeypatch: pytest.MonkeyPatch, system: type[PlatformDirsABC]) -> None:
    """Tell platformdirs which system it is on."""
    monkeypatch.setattr(platformdirs, "PlatformDirs", system)


def test_windows_tables_live_in_local_app_data(no_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    local = no_home / "AppData" / "Local"
    monkeypatch.setenv("LOCALAPPDATA", str(local))
    monkeypatch.setattr(platformdirs.windows, "_RESOLVE_WIN_FOLDER", platformdirs.windows.get_win_folder_from_env_vars)
    on(monkeypatch, platformdirs.windows.Windows)
    assert tables.home() == local / "popejoan"
    assert tables.tables_dir() == local / "popejoan" / "tables"


def test_macos_tables_live_in_application_support(no_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    on(monkeypatch, platformdirs.macos.MacOS)
    assert tables.home() == no_home / "Library" / "Application Support" / "popejoan"


def test_linux_tables_follow_xdg_data_home(no_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    on(monkeypatch, platformdirs.unix.Unix)
    assert tables.home() == no_home / ".local" / "share" / "popejoan"
    monkeypatch.setenv("XDG_DATA_HOME", str(no_home / "data"))
    assert tables.home() == no_home / "data" / "popejoan"


def test_popejoan_home_comes_first(no_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    on(monkeypatch, platformdirs.macos.MacOS)
    monkeypatch.setenv("POPEJOAN_HOME", str(no_home / "mine"))
    assert tables.home() == no_home / "mine"


@pytest.mark.parametrize("system", [platformdirs.macos.MacOS, platformdirs.unix.Unix])
def test_tables_made_before_under_local_share_are_found_where_they_are(
        no_home: Path, monkeypatch: pytest.MonkeyPatch, system: type[PlatformDirsABC]) -> None:
    on(monkeypatch, system)
    if system is platformdirs.unix.Unix:
        monkeypatch.setenv("XDG_DATA_HOME", str(no_home / "data"))
    earlier = no_home / ".local" / "share" / "popejoan"
    (earlier / "tables" / "fridays").mkdir(parents=True)
    assert tables.home() == earlier
    # once the system's folder holds popejoan's tables, it is used
    chosen = system("popejoan", appauthor=False).user_data_path
    (chosen / "tables").mkdir(parents=True)
    assert tables.home() == chosen


def test_an_empty_earlier_folder_does_not_hold_the_home_back(no_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    on(monkeypatch, platformdirs.macos.MacOS)
    (no_home / ".local" / "share" / "popejoan").mkdir(parents=True)
    assert tables.home() == no_home / "Library" / "Application Support" / "popejoan"


def test_the_library_is_loaded_only_without_popejoan_home(tmp_path: Path) -> None:
    code = ("import sys\nfrom popejoan_cli.store import tables\ntables.home()\n"
            "print('platformdirs' in sys.modules)\n")
    env = {**os.environ, "POPEJOAN_HOME": str(tmp_path)}
    with_home = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                               encoding="utf-8", check=True)
    env.pop("POPEJOAN_HOME")
    env["HOME"] = str(tmp_path)
    without = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                             encoding="utf-8", check=True)
    assert (with_home.stdout, without.stdout) == ("False\n", "True\n")

