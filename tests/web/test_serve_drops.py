"""`popejoan serve` and requests cut short or dragged out (issue 37, items 4-5): a phone that drops
mid-lead leaves no traceback, the server's notes never wait for a stderr nobody reads, a body that
trickles in is closed at its deadline, and a head over 16 KiB is refused (docs/serve.md).

Each server is a real one in a subprocess (`serving`), spoken to over loopback sockets; its stderr is
a pipe nobody reads until it stops.
"""

from __future__ import annotations

import io
import json
import logging
import socket
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest

pytest.importorskip("starlette")
httpx = pytest.importorskip("httpx")

import serving  # noqa: E402  tests/web/serving.py

from popejoan_cli.web import wire  # noqa: E402

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="sends SIGINT to a subprocess (POSIX)")

CLOSE_WAIT = 30.0
"""Seconds the test waits for the server to close a connection (its deadline is set far smaller)."""


def _where(url: str) -> tuple[int, str]:
    parts = urlsplit(url)
    assert parts.port is not None
    return parts.port, parts.path


def _post_head(port: int, path: str, length: int) -> bytes:
    return (f"POST {path}/lead HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {length}\r\n\r\n").encode()


def _stopped(served: serving.Served) -> str:
    code, err = served.stop()
    assert code == 0 and "Traceback" not in err, err
    return err


def test_phones_that_drop_mid_lead_leave_no_traceback_and_the_server_answers(tmp_path: Path) -> None:
    """Each drop printed a 3 KB traceback of `ClientDisconnect`; with stderr unread, about twenty
    blocked the server."""
    home = tmp_path / "home"
    serving.table(home)
    served = serving.start(home)
    port, path = _where(served.players["Ann"])
    try:
        for _ in range(30):
            with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
                sock.sendall(_post_head(port, path, 40) + b'{"card": "A')  # 11 of 40 bytes, then gone
        got = serving.http.get(f"{served.players['Ann']}/state", timeout=10)
        assert got.status_code == 200, got.text
        lead = serving.http.post(f"{served.players['Ann']}/lead", json={"card": "XX", "seq": 0}, timeout=10)
        assert lead.status_code >= 400 and "error" in lead.json()  # a whole request is still heard and answered
    finally:
        err = _stopped(served)
    assert "ClientDisconnect" not in err
    assert len(err.splitlines()) <= 2, err  # the stop line, no note per drop


def _closed_within(sock: socket.socket, wait: float, trickle: bytes = b"") -> bool:
    """Whether the server closes `sock` within `wait` seconds, while one byte of `trickle` goes every 0.2 s."""
    deadline = time.monotonic() + wait
    sock.settimeout(0.2)
    for byte in trickle.ljust(int(wait / 0.2) + 1, b" "):
        if time.monotonic() > deadline:
            return False
        try:
            return sock.recv(100) == b""  # closed; anything else is an answer: the request was heard out
        except TimeoutError:
            pass
        except OSError:  # reset: closed by the server
            return True
        try:
            sock.send(bytes([byte]))
        except OSError:
            return True
    return False


def test_a_body_trickling_in_is_closed_at_its_deadline_and_the_server_answers(tmp_path: Path) -> None:
    """The 10 s deadline covered heads only: a body of a byte every 2 s stayed open for good."""
    home = tmp_path / "home"
    serving.table(home)
    served = serving.start(home, env={"POPEJOAN_SERVE_TIMEOUT": "1"})
    port, path = _where(served.players["Ann"])
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
            sock.sendall(_post_head(port, path, 1000))  # then far fewer than 1,000 bytes in the 30 s
            assert _closed_within(sock, CLOSE_WAIT, trickle=b'{"card": "AS", "seq": 0}')
        assert serving.http.get(f"{served.players['Ann']}/state", timeout=10).status_code == 200
    finally:
        err = _stopped(served)
    assert len(err.splitlines()) <= 2, err


def _status(port: int, head: bytes) -> int:
    """The status the server answers `head` with; 0 if it closed the connection without one."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        try:
            sock.sendall(head)
            line = sock.makefile("rb").readline()
        except OSError:
            return 0
    return int(line.split()[1]) if line.startswith(b"HTTP/1.1 ") else 0


def test_a_head_over_16_kib_is_refused_and_one_within_is_answered(tmp_path: Path) -> None:
    """A head of 100 KB was answered, though docs/serve.md says a head may hold 16 KiB."""
    home = tmp_path / "home"
    serving.table(home)
    served = serving.start(home)
    port, path = _where(served.board)

    def head(size: int) -> bytes:
        return f"GET {path}/state HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-Pad: {'a' * size}\r\n\r\n".encode()

    try:
        assert _status(port, head(15 * 1024)) == 200
        for size in (17 * 1024, 100 * 1024):
            assert _status(port, head(size)) in (0, 400, 431), size
        got = serving.http.get(f"{served.board}/state", headers={"X-Pad": "a" * 17 * 1024}, timeout=10)
        assert got.status_code == 431 and "16384" in got.text
        assert json.loads(serving.http.get(f"{served.board}/state", timeout=10).text)
    finally:
        _stopped(served)


class _Stuck(io.StringIO):
    """A stderr whose writes wait until released: a pipe nobody reads."""

    def __init__(self) -> None:
        super().__init__()
        self.released = threading.Event()

    def write(self, text: str) -> int:
        self.released.wait(30)
        return super().write(text)


def test_the_servers_notes_never_wait_for_a_full_stderr_and_are_one_line_each(
        monkeypatch: pytest.MonkeyPatch) -> None:
    stuck = _Stuck()
    monkeypatch.setattr(sys, "stderr", stuck)
    notes = wire.Notes()
    log = logging.getLogger("popejoan-test-notes")
    log.addHandler(notes)
    log.propagate = False
    try:
        done = threading.Event()

        def many() -> None:
            for n in range(wire.NOTES * 5):
                try:
                    raise ValueError(f"boom {n}\nsecond line")
                except ValueError:
                    log.exception("Exception in ASGI application\n")
            done.set()

        threading.Thread(target=many, daemon=True).start()
        assert done.wait(CLOSE_WAIT)  # 500 notes logged while stderr takes none
    finally:
        stuck.released.set()
        log.removeHandler(notes)
    deadline = time.monotonic() + CLOSE_WAIT
    while not notes.waiting.empty() and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.1)  # the line taken last is written
    lines = stuck.getvalue().splitlines()
    assert 1 <= len(lines) <= wire.NOTES + 1  # the rest were dropped
    assert lines[0] == "popejoan serve: Exception in ASGI application: ValueError: boom 0 second line"
