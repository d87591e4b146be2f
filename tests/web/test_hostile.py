"""`popejoan serve` on a hostile network (issue 26): a player who leaves with their page open, a damaged
journal, a body nested too deep, requests from another site or for another host, a link of a seat that
changed hands, idle and slow connections with few file descriptors, and the keep-alive latency.

Each test runs a real server in a subprocess (`serving`) and speaks to it over sockets, as a phone or an
attacker on the Wi-Fi would; the server's stderr must never hold a traceback.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import socket
import sys
import threading
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

pytest.importorskip("starlette")
httpx = pytest.importorskip("httpx")

import serving  # noqa: E402  tests/web/serving.py
from serving import banker  # noqa: E402

from popejoan_cli.store import journal  # noqa: E402

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="sends SIGINT to a subprocess (POSIX)")


def _stopped_cleanly(served: serving.Served) -> str:
    code, err = served.stop()
    assert code == 0 and "Traceback" not in err and "Error" not in err, err
    return err


def _split(url: str) -> tuple[str, int, str]:
    parts = urlsplit(url)
    assert parts.hostname is not None and parts.port is not None
    return parts.hostname, parts.port, parts.path


class Events:
    """One page's event stream, read in a thread: each event as (name, data)."""

    def __init__(self, url: str) -> None:
        host, port, path = _split(url)
        self.sock = socket.create_connection((host, port), timeout=10)
        self.sock.sendall(f"GET {path}/events HTTP/1.1\r\nHost: {host}:{port}\r\n\r\n".encode())
        self.events: list[tuple[str, str]] = []
        self.ended = False
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        name = "message"
        with self.sock.makefile("rb") as lines:
            try:
                for raw in lines:
                    line = raw.decode("utf-8").strip()
                    if line.startswith("event:"):
                        name = line.removeprefix("event:").strip()
                    elif line.startswith("data:"):
                        self.events.append((name, line.removeprefix("data:").strip()))
                        name = "message"
            except OSError:
                pass
        self.ended = True

    def wait(self, test: Any, wait: float = 10.0) -> tuple[str, str]:
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            for event in list(self.events):
                if test(event):
                    return event
            time.sleep(0.02)
        raise AssertionError(f"no such event among {self.events}")

    def close(self) -> None:
        self.sock.close()


def test_a_player_who_leaves_with_their_page_open_is_told_so_and_the_other_pages_carry_on(tmp_path: Path) -> None:
    home = tmp_path / "home"
    serving.table(home, seed=None)
    served = serving.start(home)
    streams: list[tuple[str, Events]] = []
    try:
        streams = [(name, Events(url)) for name, url in served.players.items() for _ in range(3)]
        for _, events in streams:
            events.wait(lambda e: e[0] == "message")
        banker(home, "table", "leave", "Bob")
        banker(home, "deal", "--seed", "42")
        for name, events in streams:
            if name == "Bob":
                event = events.wait(lambda e: e[0] == "gone")
                assert "You have left the table" in json.loads(event[1])["gone"]
            else:
                event = events.wait(lambda e: e[0] == "message" and json.loads(e[1])["you"]["hand"])
                assert "Bob" not in json.loads(event[1])["players"]
        assert serving.http.get(f"{served.players['Bob']}/state", timeout=5).status_code == 404
        assert serving.http.get(f"{served.players['Ann']}/state", timeout=5).status_code == 200
    finally:
        for _, events in streams:
            events.close()
        _stopped_cleanly(served)


def test_a_damaged_journal_keeps_the_last_good_state_and_a_wrong_secret_is_still_404(tmp_path: Path) -> None:
    home = tmp_path / "home"
    serving.table(home)
    served = serving.start(home)
    try:
        ann = served.players["Ann"]
        good = serving.http.get(f"{ann}/state", timeout=5).json()
        events = Events(ann)
        events.wait(lambda e: e[0] == "message")
        path = next(home.rglob(journal.JOURNAL))
        blob = bytearray(path.read_bytes())
        blob[10] ^= 0x20  # one flipped bit in the first line: damage, not a torn tail
        path.write_bytes(bytes(blob))
        event = events.wait(lambda e: "trouble" in json.loads(e[1]))
        assert "popejoan check" in json.loads(event[1])["trouble"]
        for _ in range(3):
            for wrong in ("/p/not-a-token/state", "/p/not-a-token", "/b/x/state"):
                got = serving.http.get(served.base + wrong, timeout=5)
                assert got.status_code == 404, (wrong, got.text)
            state = serving.http.get(f"{ann}/state", timeout=5)
            assert state.status_code == 200
            now = state.json()
            assert "popejoan check" in now.pop("trouble") and now == good
        events.close()
    finally:
        err = _stopped_cleanly(served)
    assert "Traceback" not in err


def test_a_body_nested_too_deep_is_a_short_400(tmp_path: Path) -> None:
    home = tmp_path / "home"
    serving.table(home)
    served = serving.start(home)
    try:
        got = serving.http.post(f"{served.players['Ann']}/lead", content=b"[" * 1000,
                         headers={"Content-Type": "application/json"}, timeout=5)
        assert got.status_code == 400 and got.json()["error"] == "the request is not valid JSON"
    finally:
        _stopped_cleanly(served)


def test_a_kept_alive_connection_serves_request_after_request(tmp_path: Path) -> None:
    """Twenty-five requests on one kept-alive connection, none closing it. How long each waits (without
    TCP_NODELAY, about 40 ms for the client's delayed ACK on Linux) is for bench/keepalive.py to measure, not a
    test: a busy machine decides the wall clock (issue 39)."""
    home = tmp_path / "home"
    serving.table(home)
    served = serving.start(home)
    try:
        host, port, path = _split(served.players["Ann"])
        conn = http.client.HTTPConnection(host, port, timeout=30)
        for _ in range(25):
            conn.request("GET", f"{path}/state")
            res = conn.getresponse()
            assert res.status == 200 and b'"players"' in res.read() and not res.will_close
        conn.close()
    finally:
        _stopped_cleanly(served)


def test_a_lead_from_another_sites_page_and_a_request_for_another_host_are_refused(tmp_path: Path) -> None:
    home = tmp_path / "home"
    serving.table(home)
    served = serving.start(home)
    try:
        bob = served.players["Bob"]
        own = served.base
        state = serving.http.get(f"{bob}/state", timeout=5).json()
        lead = {"card": state["you"]["legal"][0], "seq": state["seq"]}
        for header in ({"Origin": "http://evil.example"}, {"Origin": "null"},
                       {"Referer": "http://evil.example/x"}, {"Origin": own, "Sec-Fetch-Site": "cross-site"}):
            got = serving.http.post(f"{bob}/lead", json=lead, headers=header, timeout=5)
            assert got.status_code == 403, (header, got.text)
        assert serving.http.get(f"{bob}/state", timeout=5).json()["seq"] == state["seq"]  # nothing recorded
        _, port, _ = _split(bob)
        for host in ("evil.example", f"evil.example:{port}", f"127.0.0.2:{port}"):
            got = serving.http.get(f"{bob}/state", headers={"Host": host}, timeout=5)
            assert got.status_code == 421 and "Ann" not in got.text, host
        assert serving.http.get(f"{bob}/state", headers={"Host": f"localhost:{port}"}, timeout=5).status_code == 200
        got = serving.http.post(f"{bob}/lead", json=lead, headers={"Origin": own, "Sec-Fetch-Site": "same-origin"},
                                timeout=5)
        assert got.status_code == 200 and got.json()["ok"], got.text
    finally:
        _stopped_cleanly(served)


def _answered(url: str, wait: float) -> int:
    """The status of `GET url`, tried again until `wait` seconds have passed (0 if never answered)."""
    deadline = time.monotonic() + wait
    while True:
        try:
            return int(serving.http.get(url, timeout=2).status_code)
        except httpx.HTTPError:
            if time.monotonic() > deadline:
                return 0
            time.sleep(0.1)


@pytest.mark.skipif(sys.platform == "darwin", reason="Linux's accept queue: macOS refuses the 300 at once")
def test_idle_and_closed_connections_never_wedge_a_server_with_few_descriptors(tmp_path: Path) -> None:
    """256 descriptors (the macOS default): 300 connections that send nothing wedged it for good, every
    accept failing with "Too many open files"."""
    home = tmp_path / "home"
    serving.table(home)
    served = serving.start(home, env={"POPEJOAN_SERVE_TIMEOUT": "1"}, files=256)
    _, port, _ = _split(served.board)
    idle: list[socket.socket] = []
    try:
        for _ in range(300):
            with contextlib.suppress(OSError):  # refused or not yet accepted: the server guards itself
                idle.append(socket.create_connection(("127.0.0.1", port), timeout=2))
        assert _answered(f"{served.board}/state", 8) == 200  # the idle ones are dropped after a second
        for sock in idle:
            sock.close()
        idle = [socket.create_connection(("127.0.0.1", port), timeout=2) for _ in range(300)]
        for sock in idle:
            sock.close()
        assert _answered(f"{served.board}/state", 5) == 200
    finally:
        for sock in idle:
            sock.close()
        err = _stopped_cleanly(served)
    assert "Too many open files" not in err


def test_a_client_that_sends_nothing_or_a_byte_at_a_time_is_dropped(tmp_path: Path) -> None:
    home = tmp_path / "home"
    serving.table(home)
    served = serving.start(home, env={"POPEJOAN_SERVE_TIMEOUT": "0.5"})
    _, port, path = _split(served.board)
    try:
        silent = socket.create_connection(("127.0.0.1", port), timeout=5)
        slow = socket.create_connection(("127.0.0.1", port), timeout=5)
        start = time.monotonic()
        head = f"GET {path}/state HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-Slow: {'a' * 40}\r\n\r\n".encode()
        dropped = None
        for byte in head:
            try:
                slow.sendall(bytes([byte]))
            except OSError:
                dropped = time.monotonic() - start
                break
            time.sleep(0.1)
        assert dropped is not None, "the server let a client send its head a byte at a time to the end"
        silent.settimeout(3)
        assert silent.recv(10) == b""  # closed by the server, within its timeout
        slow.close()
        silent.close()
        assert _answered(f"{served.board}/state", 2) == 200
    finally:
        _stopped_cleanly(served)


def test_a_link_is_its_seat_holders_and_a_newcomer_under_a_departed_players_name_gets_a_new_one(
        tmp_path: Path) -> None:
    home = tmp_path / "home"
    serving.table(home, seed=None)  # between hands: players may leave and join
    served = serving.start(home)
    old = served.players["Bob"]
    try:
        assert serving.http.get(f"{old}/state", timeout=5).status_code == 200
        banker(home, "table", "leave", "Bob")
        banker(home, "table", "join", "Bob", "--counters", "30")  # someone else, under the same name
        joined = json.loads(served.next_line(wait=10))
        new = joined["players"]["Bob"]
        assert new != old and new.startswith(served.base + "/p/")
        assert serving.http.get(f"{new}/state", timeout=5).json()["you"]["name"] == "Bob"
        for _ in range(3):
            assert serving.http.get(f"{old}/state", timeout=5).status_code == 404
            time.sleep(0.3)
    finally:
        _stopped_cleanly(served)


def test_a_departed_players_old_link_never_opens_a_newcomers_page_even_between_two_looks(tmp_path: Path) -> None:
    """A leave and a join under the same name made while the server was stopped: the kept secret was
    the earlier holder's, and is not given to the newcomer."""
    home = tmp_path / "home"
    serving.table(home, seed=None)
    served = serving.start(home)
    old = served.players["Bob"].split("/p/")[1]
    _stopped_cleanly(served)
    banker(home, "table", "leave", "Bob")
    banker(home, "table", "join", "Bob", "--counters", "30")
    again = serving.start(home)
    try:
        new = again.players["Bob"].split("/p/")[1]
        assert new != old
        assert serving.http.get(f"{again.base}/p/{old}/state", timeout=5).status_code == 404
        assert serving.http.get(f"{again.base}/p/{new}/state", timeout=5).status_code == 200
    finally:
        _stopped_cleanly(again)
