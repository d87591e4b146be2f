"""A `popejoan serve` in a subprocess for the web tests and the bench: start it on a table, read its
links (`--json`), and stop it with Ctrl-C; what the browser tests share besides: where Debian's
Chromium is and how it is started (`CHROMIUM`, `ARGS`), the banker's commands (`banker`), and the
board's state as the server gives it (`board_state`, `wait_past`). The banker's commands run in the tests'
own process (the CLI's test runner), so the server is still another process writing the same journal.

Each test that needs a real server (the pages over HTTP, the browser, signals, the lock) starts
one here; the app's own tests call it in-process (Starlette's test client) instead.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from browsing import ARGS as ARGS  # the web tests take them from here
from browsing import CHROMIUM as CHROMIUM
from popejoan_cli.cli import app

START_WAIT = 20.0
"""Seconds a server may take to print its links (a loaded CI machine, a cold import)."""


def popejoan(*args: str) -> list[str]:
    """The command line that runs `popejoan ARGS` with this interpreter (the package under test)."""
    return [sys.executable, "-m", "popejoan_cli", *args]


@dataclass
class Served:
    """A running `popejoan serve --json`: its process, the links it printed, and its later lines."""

    proc: subprocess.Popen[str]
    board: str
    players: dict[str, str]
    lines: queue.Queue[str] = field(default_factory=queue.Queue)
    local: str = ""
    """Behind a proxy (`--public-url`): where it listens, as its `--json` line says (`local`)."""

    @property
    def base(self) -> str:
        return self.board.split("/b/")[0]

    def next_line(self, wait: float = 10.0) -> str:
        """The next line the server prints on stdout (a player who joined)."""
        return self.lines.get(timeout=wait)

    def stop(self, wait: float = 10.0, sig: int = signal.SIGINT) -> tuple[int, str]:
        """Ctrl-C (SIGINT, or `sig`), then its exit code and stderr."""
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
        try:
            self.proc.wait(timeout=wait)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            raise AssertionError(f"popejoan serve did not stop within {wait} s of Ctrl-C") from None
        assert self.proc.stderr is not None
        return self.proc.returncode, self.proc.stderr.read()


def start(home: Path, *args: str, env: dict[str, str] | None = None, files: int | None = None) -> Served:
    """Start `popejoan serve --port 0 --json ARGS` with its home at `home`; wait for its links. `files`: the
    most file descriptors it may hold (RLIMIT_NOFILE, set in the child: POSIX), as on a small machine."""
    full = {**os.environ, "POPEJOAN_HOME": str(home), "NO_COLOR": "1", **(env or {})}
    full.pop("POPEJOAN_TABLE", None)

    def limited() -> None:
        import resource  # POSIX only: imported where it is used

        assert files is not None
        resource.setrlimit(resource.RLIMIT_NOFILE, (files, files))

    proc = subprocess.Popen(popejoan("serve", "--port", "0", "--json", *args), env=full, text=True,
                            encoding="utf-8", stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            preexec_fn=None if files is None else limited)
    lines: queue.Queue[str] = queue.Queue()

    def read() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.put(line)

    threading.Thread(target=read, daemon=True).start()
    deadline = time.monotonic() + START_WAIT
    while True:
        try:
            first = lines.get(timeout=0.1)
            break
        except queue.Empty:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                _, err = proc.communicate()
                raise AssertionError(f"popejoan serve did not start (exit {proc.returncode}): {err}") from None
    links: dict[str, Any] = json.loads(first)
    return Served(proc, links["board"], links["players"], lines, links.get("local", ""))


@contextlib.contextmanager
def running(home: Path, *args: str) -> Iterator[Served]:
    """`start(home, *args)` for the length of a `with`: the server is stopped as it ends, passed or not."""
    served = start(home, *args)
    try:
        yield served
    finally:
        served.stop()


def table(home: Path, players: Sequence[str] = ("Ann", "Bob", "Cat", "Dan"), seed: int | None = 42,
          rules: str = "modern-stops") -> None:
    """A table `fri` in `home` (the current one), with a hand dealt from `seed` unless it is None."""
    banker(home, "table", "new", "fri", "--rules", rules, "--players", ",".join(players), "--counters", "50")
    if seed is not None:
        banker(home, "deal", "--seed", str(seed))


def banker(home: Path, *args: str) -> str:
    """`popejoan ARGS` at the table in `home`, as the banker types it: its stdout (it must succeed).

    In the tests' own process (the CLI's test runner), not a process of its own: the server is the other
    process writing the journal either way, and a process per command cost a web test half a second each
    (an evening's leads typed one by one)."""
    done = CliRunner().invoke(app, list(args), env={"POPEJOAN_HOME": str(home), "NO_COLOR": "1",
                                                    "POPEJOAN_TABLE": None})
    assert done.exit_code == 0 and done.exception is None, (args, done.exit_code, done.stderr, done.exception)
    return done.stdout


class _Http:
    """`httpx.get`, `httpx.post` and `httpx.stream` through one client, made on first use (the web extra: only
    the tests that serve need it). Each `httpx.get` builds a client and its TLS context (40 ms here, 200 ms on
    a busy machine: a lead's wait, many times an evening); no connection is kept between requests, so each
    still opens its own, as `httpx.get` does, and a restarted server is met afresh."""

    _client: Any = None

    def __getattr__(self, verb: str) -> Any:
        if _Http._client is None:
            import httpx

            _Http._client = httpx.Client(limits=httpx.Limits(max_keepalive_connections=0))
        return getattr(_Http._client, verb)


http = _Http()
"""The web tests' requests: `serving.http.get(url, timeout=5)` as `httpx.get` would be called."""


def board_state(served: Served) -> dict[str, Any]:
    """The board's state as the server gives it now (`GET /b/TOKEN/state`)."""
    state: dict[str, Any] = http.get(f"{served.board}/state", timeout=5).json()
    return state


def wait_past(served: Served, seq: int) -> dict[str, Any]:
    """The board's state once the table has moved past `seq` (within 10 s)."""
    deadline = time.monotonic() + 10
    while (state := board_state(served))["seq"] <= seq:
        assert time.monotonic() < deadline, "the lead was never recorded"
        time.sleep(0.02)
    return state


OPENSSL = shutil.which("openssl")
"""The system's openssl, for a self-signed certificate (`self_signed`); None where there is none."""


def self_signed(folder: Path) -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1 and localhost in `folder` (a day's, RSA 2048), and its key:
    `cert.pem`, `key.pem`. A test that needs one skips where there is no openssl."""
    if OPENSSL is None:
        import pytest  # only a TLS test asks

        pytest.skip("no openssl on PATH to make a self-signed certificate (Debian: apt-get install openssl)")
    folder.mkdir(parents=True, exist_ok=True)
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run([OPENSSL, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost", "-keyout", str(key), "-out", str(cert)],
                   check=True, capture_output=True, timeout=60)
    return cert, key


def free_port() -> int:
    """A TCP port on 127.0.0.1 nobody listens on now: for a program that cannot be told to take any (Caddy)."""
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])
