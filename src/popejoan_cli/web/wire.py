"""The server's connections on a hostile network: how many it holds, how long it waits, and how it
accepts them when it runs out of file descriptors.

Anyone on the Wi-Fi (`serve --lan`) can open connections without a secret. Three guards keep them
from wedging the server for good (issue 26):

- `Guarded`, uvicorn's h11 protocol with a deadline: a connection must send a whole request's head
  within `HEAD_TIMEOUT` seconds of opening (or of its previous response's end), else it is closed;
  one that sends nothing, or a byte at a time, is dropped.
- It holds at most `room()` connections (the file descriptors it may open, less a reserve for the
  journal and the threads): one more is closed at once, instead of taking the last descriptor.
- `Loop` accepts one connection per turn of the event loop: asyncio's accept loop (3.11-3.13) keeps
  calling `accept` after "Too many open files", logging a traceback and scheduling a retry each time,
  so that one burst of connections wedged the server (and flooded its stderr) for good.

`config` gives uvicorn's settings with these guards and its own timeouts (keep-alive, the h11 limit
on a request's head, `limit_concurrency`).
"""

from __future__ import annotations

import asyncio
import os
import sys
from typing import Any

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

HEAD_TIMEOUT = float(os.environ.get("POPEJOAN_SERVE_TIMEOUT") or 10.0)
"""Seconds a connection may take to send a request's head (and may stay idle between requests)."""
KEEP_ALIVE = 5
"""Seconds an idle kept-alive connection stays open after a response."""
RESERVE = 64
"""File descriptors kept for the server's own use (the journal, its lock, threads, the log)."""
MOST = 1000
"""Connections held at most, however many descriptors there are: ten tables' worth of pages."""
MAX_HEAD = 16 * 1024
"""The most a request's head (its line and headers) may hold, in bytes."""


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

    def _arm(self) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(HEAD_TIMEOUT, self._too_slow)

    def _disarm(self) -> None:
        deadline = getattr(self, "_deadline", None)
        if deadline is not None:
            deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        """No request under way since the deadline was set: nothing, or a head too slow in coming."""
        self._deadline = None
        if self.cycle is None or self.cycle.response_complete:
            self.transport.close()

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


def loop_factory() -> asyncio.AbstractEventLoop:
    """The loop `serve` runs on: `Loop` where asyncio's is a selector loop (everywhere but Windows)."""
    return asyncio.new_event_loop() if sys.platform == "win32" else Loop()


def config(app: Any) -> uvicorn.Config:
    """uvicorn's settings for `serve`: quiet, with the guards above and uvicorn's own limits."""
    more_files()
    most = room()
    Guarded.most = most
    return uvicorn.Config(app, log_level="warning", access_log=False, loop="asyncio", lifespan="auto",
                          timeout_graceful_shutdown=1, server_header=False, http=Guarded,
                          timeout_keep_alive=KEEP_ALIVE, h11_max_incomplete_event_size=MAX_HEAD,
                          limit_concurrency=most, backlog=128)
