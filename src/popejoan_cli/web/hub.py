"""Watching a table's journal and telling every open page when it changes.

One `Hub` per server: it keeps the view of the journal as last read, and the open event
streams, each for one screen (a player's seat, or the board). `refresh` looks at the journal's
size and modification time; when they change, the view is read again once, and each stream is
sent its own screen's JSON (made once per screen, not per stream). `watch` runs `refresh` every
`poll` seconds, so a lead recorded from the command line reaches the pages as quickly as one
made on a page. Reading the journal writes nothing (not even the `.verified` note that
`tables.view` keeps): the only write the server makes is `tables.record`.

A journal that cannot be read (damaged, or being repaired) leaves the last good view in place: every
page keeps it, with `trouble` saying the banker must look (`popejoan check`), until the journal reads
again. A stream whose player has left the table is told so (`Stream.GONE`) and ends; the others
carry on.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio
import anyio.to_thread

from popejoan_cli.base.errors import PopejoanError
from popejoan_cli.render.i18n import t
from popejoan_cli.store import journal, tables
from popejoan_cli.table.view import TableView

Screen = str | None
"""Whose screen: a player's name, or None for the board."""


def trouble() -> str:
    """What every page says while the journal cannot be read."""
    return t("The table's journal cannot be read: the banker must look (`popejoan check` says what is wrong). "
             "This page shows the last good state.")


def read_view(folder: Path) -> TableView:
    """The journal replayed, leaving no note behind: the server writes nothing but what it records."""
    return tables.view(folder, note=False)[0]


@dataclass(eq=False)
class Stream:
    """One open event stream: its screen, and the latest JSON not yet sent (older ones are dropped)."""

    screen: Screen
    waiting: asyncio.Queue[str] = field(default_factory=lambda: asyncio.Queue(maxsize=1))

    END = ""
    """Offered when the server is stopping: the stream ends, so that the server need not wait for it."""
    GONE = "\0gone"
    """Offered when the stream's player has left the table: the page is told so, and the stream ends."""

    def offer(self, text: str) -> None:
        if self.waiting.full():
            self.waiting.get_nowait()  # a slow page needs only the newest state
        self.waiting.put_nowait(text)


class Hub:
    """The view as last read, the open streams, and the news of each change."""

    def __init__(self, folder: Path, screen_json: Callable[[TableView, Screen], dict[str, Any]],
                 poll: float) -> None:
        self.folder = folder
        self.screen_json = screen_json
        self.poll = poll
        self.streams: set[Stream] = set()
        self.closing = False
        self._view: TableView | None = None
        self.trouble = False
        """True while the journal cannot be read (the last good view is kept meanwhile)."""
        self._stamp: tuple[int, int] | None = None
        self._lock = asyncio.Lock()
        self._changed = asyncio.Event()

    @property
    def last(self) -> TableView | None:
        """The view as last read (None before the first read): what a watcher beside the pages looks at,
        instead of replaying the journal a second time."""
        return self._view

    async def view(self) -> TableView:
        """The table now (read again if the journal changed since it was last read); a journal that cannot
        be read gives the last good view (`trouble` says why), or raises if there never was one."""
        try:
            await self.refresh()
        except PopejoanError:
            if self._view is None:
                raise
        assert self._view is not None
        return self._view

    async def refresh(self) -> bool:
        """Read the journal again if it changed, and push the new state to every stream; True if it did."""
        async with self._lock:
            now = journal.stamp(self.folder)
            if now == self._stamp and self._view is not None:
                return False  # unchanged, or still damaged: the last good view stands
            try:
                # Replaying refers every open hand: not on the event loop, so that streams keep flowing.
                view = await anyio.to_thread.run_sync(read_view, self.folder)
            except PopejoanError:
                if self._view is not None:
                    self._stamp = now  # read again once the journal changes: a damaged one stays damaged
                    if not self.trouble:
                        self.trouble = True
                        self._push(self._view)
                raise
            self._view, self._stamp, self.trouble = view, now, False
            self._push(view)
            return True

    def _push(self, view: TableView) -> None:
        made: dict[Screen, str] = {}
        for stream in list(self.streams):
            if stream.screen is not None and stream.screen not in view.players:
                stream.offer(Stream.GONE)  # a player who left: told so, without holding up the others
                continue
            if stream.screen not in made:
                made[stream.screen] = self.text(view, stream.screen)
            stream.offer(made[stream.screen])
        changed, self._changed = self._changed, asyncio.Event()
        changed.set()

    def text(self, view: TableView, screen: Screen) -> str:
        """One screen's state as one line of JSON (an event's `data:` line holds no newline), with `trouble`
        while the journal cannot be read."""
        state = self.screen_json(view, screen)
        if self.trouble:
            state = {**state, "trouble": trouble()}  # after screen_json: in the table's language
        return json.dumps(state, ensure_ascii=False, separators=(",", ":"))

    def end_streams(self) -> None:
        """End every open stream (the server is stopping); pages that reconnect are refused by then."""
        self.closing = True
        for stream in list(self.streams):
            stream.offer(Stream.END)

    def bind(self) -> None:
        """A fresh change signal for the event loop that starts serving now (an asyncio event belongs to the loop
        that first waits on it)."""
        self._changed = asyncio.Event()

    async def changed(self, timeout: float) -> None:
        """Wait for the next change (or `timeout` seconds)."""
        with anyio.move_on_after(timeout):
            await self._changed.wait()

    async def watch(self) -> None:
        """Look at the journal every `poll` seconds, for as long as the server runs."""
        while True:
            with contextlib.suppress(PopejoanError):  # a journal being repaired: the pages keep the last good state
                await self.refresh()
            await anyio.sleep(self.poll)
