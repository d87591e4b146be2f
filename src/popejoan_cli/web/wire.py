"""The server's connections on a hostile network: how many it holds, how long it waits, and how it
accepts them when it runs out of file descriptors.

Anyone on the Wi-Fi (`serve --lan`) can open connections without a secret. Three guards keep them
from wedging the server for good (issue 26):

- `Guarded`, uvicorn's h11 protocol with deadlines: a connection must send a whole request's head
  within `HEAD_TIMEOUT` seconds of opening (or of its previous response's end), and its body within
  `BODY_TIMEOUT` seconds of its head, else it is closed; one that sends nothing, or a byte at a
  time, is dropped (issue 37: a body trickling a byte every 2 s stayed open for good).
- It holds at most `room()` connections (the file descriptors it may open, less a reserve for the
  journal and the threads): one more is closed at once, instead of taking the last descriptor.
- `Loop` accepts one connection per turn of the event loop: asyncio's accept loop (3.11-3.13) keeps
  calling `accept` after "Too many open files", logging a traceback and scheduling a retry each time,
  so that one burst of connections wedged the server (and flooded its stderr) for good.

`config` gives uvicorn's settings with these guards and its own timeouts (keep-alive, the h11 limit
on a head still arriving, `limit_concurrency`), and its log as `Notes`: one line a note, never a
traceback, written by a thread of its own, so that a stderr nobody reads (a full pipe, a stopped
terminal) never holds the server up; notes that find the queue full are dropped.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import queue
import sys
import threading
import time
from typing import Any

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

HEAD_TIMEOUT = float(os.environ.get("POPEJOAN_SERVE_TIMEOUT") or 10.0)
"""Seconds a connection may take to send a request's head (and may stay idle between requests)."""
BODY_TIMEOUT = HEAD_TIMEOUT
"""Seconds a request's body may take to arrive after its head (`POPEJOAN_SERVE_TIMEOUT` sets both)."""
KEEP_ALIVE = 5
"""Seconds an idle kept-alive connection stays open after a response."""
RESERVE = 64
"""File descriptors kept for the server's own use (the journal, its lock, threads, the log)."""
MOST = 1000
"""Connections held at most, however many descriptors there are: ten tables' worth of pages."""
MAX_HEAD = 16 * 1024
"""The most a request's head (its line and headers) may hold, in bytes."""
NOTES = 100
"""Notes waiting for stderr at most: more are dropped rather than wait for a reader."""


def room() -> int:
    """How many connections the server may hold: its descriptors less the reserve, at most `MOST`."""
    try:
        import resource  # POSIX only

        soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    except (ImportError, OSError, ValueError):
        return MOST
    if soft == resource.RLIM_INFINITY:
        return MOST
    return max(8, min(MOST, soft - RESERVE))


def more_files() -> None:
    """Raise the soft limit on open files toward the hard one (macOS gives 256): a failure changes nothing."""
    try:
        import resource  # POSIX only

        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        want = 4096 if hard == resource.RLIM_INFINITY else min(hard, 4096)
        if soft != resource.RLIM_INFINITY and soft < want:
            resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
    except (ImportError, OSError, ValueError):
        pass


class Guarded(H11Protocol):
    """uvicorn's h11 protocol, which closes a connection that is slow to send a request's head, and one
    more than the server may hold."""

    most = MOST

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)  # type: ignore[arg-type]
        if len(self.connections) > self.most:
            transport.close()  # the descriptor back at once: better one refused than the server wedged
            return
        self._deadline: asyncio.TimerHandle | None = None
        self._arm()

    def _arm(self, seconds: float = HEAD_TIMEOUT) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(seconds, self._too_slow)

    def _disarm(self) -> None:
        deadline = getattr(self, "_deadline", None)
        if deadline is not None:
            deadline.cancel()
            self._deadline = None

    def data_received(self, data: bytes) -> None:
        cycle = self.cycle
        super().data_received(data)
        if self.cycle is not cycle and self.cycle is not None and self.cycle.more_body:
            self._arm(BODY_TIMEOUT)  # a new request's head is in: its body has its own time to arrive

    def _too_slow(self) -> None:
        """The deadline passed with a head, or a body not yet answered, still to come: close the connection."""
        self._deadline = None
        cycle = self.cycle
        if cycle is None or cycle.response_complete or (cycle.more_body and not cycle.response_started):
            self.transport.close()  # a request cut short: the app reads a disconnect, and says nothing

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._arm()  # the next request's head has the same time to arrive

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)


class Loop(asyncio.SelectorEventLoop):
    """The selector loop, accepting one connection per turn: after "Too many open files" asyncio's own
    accept loop goes on calling `accept` up to the backlog, each failure logged and a retry scheduled."""

    said = False

    def _accept_connection(self, protocol_factory: Any, sock: Any, sslcontext: Any = None, server: Any = None,
                           backlog: int = 100, *rest: Any) -> None:
        super()._accept_connection(protocol_factory, sock, sslcontext, server, 1, *rest)  # type: ignore[misc]

    def call_exception_handler(self, context: dict[str, Any]) -> None:
        if context.get("message") == "socket.accept() out of system resource":
            # Out of descriptors: asyncio accepts again in a second, by when idle connections are closing.
            return
        super().call_exception_handler(context)


class Notes(logging.Handler):
    """The server's log on stderr: each note one line (an exception is named, never traced back), queued
    for a thread that writes them; when `NOTES` are waiting, more are dropped, so that a stderr nobody
    reads never blocks the server."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.waiting: queue.Queue[str] = queue.Queue(NOTES)
        threading.Thread(target=self._write, name="popejoan-notes", daemon=True).start()

    def emit(self, record: logging.LogRecord) -> None:
        self.put(self.line(record))

    def put(self, line: str) -> None:
        """Queue `line` for stderr, or drop it if `NOTES` are waiting: the server must not wait for stderr."""
        with contextlib.suppress(queue.Full):
            self.waiting.put_nowait(line)

    @staticmethod
    def line(record: logging.LogRecord) -> str:
        """`record` as one line: its message's first line, and the exception's kind and words if any."""
        text = " ".join(str(record.getMessage()).split())
        exc = record.exc_info[1] if record.exc_info else None
        if exc is not None:
            said = " ".join(str(exc).split())
            text = f"{text}: {type(exc).__name__}" + (f": {said}" if said else "")
        return f"popejoan serve: {text[:300]}\n"

    def drain(self, seconds: float) -> None:
        """Wait up to `seconds` for the notes queued to be written (as the server stops: then no more come)."""
        deadline = time.monotonic() + seconds
        while self.waiting.unfinished_tasks and time.monotonic() < deadline:
            time.sleep(0.01)

    def _write(self) -> None:
        while True:
            line = self.waiting.get()
            with contextlib.suppress(OSError, ValueError):  # a closed or broken stderr: nothing to tell
                sys.stderr.write(line)
                sys.stderr.flush()
            self.waiting.task_done()


_notes: list[Notes] = []


def notes() -> Notes:
    """The one `Notes` of this process, taking uvicorn's and asyncio's logs (installed on first call)."""
    if not _notes:
        _notes.append(Notes())
        for name in ("uvicorn", "asyncio"):
            log = logging.getLogger(name)
            log.handlers[:] = [_notes[0]]
            log.propagate = False
    return _notes[0]


def note(line: str) -> None:
    """Say `line` (one line, with its newline) on stderr while serving, without waiting for it to be read."""
    notes().put(line)


def loop_factory() -> asyncio.AbstractEventLoop:
    """The loop `serve` runs on: `Loop` where asyncio's is a selector loop (everywhere but Windows)."""
    return asyncio.new_event_loop() if sys.platform == "win32" else Loop()


def config(app: Any) -> uvicorn.Config:
    """uvicorn's settings for `serve`: quiet, with the guards above and uvicorn's own limits."""
    more_files()
    most = room()
    Guarded.most = most
    notes()
    return uvicorn.Config(app, log_config=None, log_level="warning", access_log=False, loop="asyncio",
                          lifespan="auto",
                          timeout_graceful_shutdown=1, server_header=False, http=Guarded,
                          timeout_keep_alive=KEEP_ALIVE, h11_max_incomplete_event_size=MAX_HEAD,
                          limit_concurrency=most, backlog=128)
