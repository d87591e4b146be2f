"""Computers at a served table (issue 41): each leads by itself at the table's pace, and the pages choose it.

`table new --computers 2` seats computers beside people. At the command line a computer leads at once after the
command that handed it the lead (`cli.computers.play`); while `serve` runs, the server plays them instead, at the
pace kept in the table's journal (`PaceChosen`, `TableView.pace`), so that the people at the table can follow:

- `Seated.play` watches the view the hub reads (a lead from a page, a command typed at the terminal, the server
  started again mid-hand: all the same journal); whenever a computer's lead is due, it waits the pause the pace
  gives (`table.pace.pause`: a longer run takes longer to read) or, in "step", a tap on the board page for that very
  state of the table, and records the lead `table.computer_leads.computer_lead` chose, through `tables.record` as every
  page's lead is recorded (the referee, the lock and the journal of `popejoan lead`);
- a computer that plays the Pope in lieu of a stop answers the stop at once, as at the command line: a person's
  lead meanwhile would take its chance away, and the Pope is shown to everyone the moment it is played;
- `Seated.chosen` records a pace a page chose (`table.pace.PACES`), and `Seated.step` the board's tap.

Nothing here sees more than the table's public view but the computer's own choice, made from its seat's
observation. Split from `app` for size.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import anyio
import anyio.to_thread

from popejoan_cli.base.errors import PopejoanError
from popejoan_cli.table.computer_leads import computer_lead
from popejoan_cli.table.events import CardLed, Event, PaceChosen
from popejoan_cli.table.pace import PACE, pause
from popejoan_cli.table.view import TableView
from popejoan_cli.web.hub import Hub

Record = Callable[[Callable[[TableView], Sequence[Event]]], Awaitable[Any]]
"""`Served.record`: `tables.record` off the event loop, then the news to every page."""
QUIET = 2.0
"""Seconds the player waits for news while no computer's lead is due (a change wakes it at once)."""


def on_lead(view: TableView, led: CardLed) -> bool:
    """Whether `led` is the lead of the seat whose lead it is (not the Pope in lieu of a stop by another)."""
    rec = view.open_hand
    return rec is not None and rec.players[rec.hand.law.lead_seats()[0]] == led.player


def at(seq: int, led: CardLed) -> Callable[[TableView], list[Event]]:
    """The events of `led` if the table still stands at `seq`, the state it was chosen from; else none (the
    table moved on meanwhile: an undo, a pace changed, a lead from the terminal; the player looks again)."""
    return lambda view: [led] if view.last_seq == seq else []


class Seated:
    """The computers of one served table: when each leads, and the taps that let one lead in "step"."""

    def __init__(self, hub: Hub, record: Record, pace: float = PACE) -> None:
        self.hub, self.record, self.pace = hub, record, pace
        """`pace`: the pause after a run of one card at "normal" (`table.pace.pause`; a practice may choose its own)."""
        self.tapped = -1
        """The table's seq when the board page's "the computer leads" was last tapped: a tap lets the computer
        lead in the state the page showed, never a later one (two taps are one lead)."""
        self._tap = asyncio.Event()

    async def play(self) -> None:
        """For as long as the server runs: each computer's lead, when it is due, at the table's pace."""
        while True:
            view = await self.hub.view()
            # A strong computer searches for its lead: off the event loop, so that the streams keep flowing.
            led = await anyio.to_thread.run_sync(computer_lead, view) if view.computers else None
            if led is None:
                await self.hub.changed(QUIET)
                continue
            seq = view.last_seq
            if on_lead(view, led) and not await self.waited(view):
                continue  # the table moved on during the pause: look again
            try:
                await self.record(at(seq, led))  # nothing written if the table moved on: looked at again
            except PopejoanError:  # the journal busy or damaged: wait for it to change before trying again
                await self.hub.changed(QUIET)

    async def waited(self, view: TableView) -> bool:
        """Wait the pause the table's pace gives before the lead due at `view` (in "step", until the board's tap
        for this state); False if the table changed meanwhile."""
        seq = view.last_seq
        if view.pace == "step":
            return await self._tapped(seq)
        deadline = time.monotonic() + pause(view, view.pace, self.pace)
        while (left := deadline - time.monotonic()) > 0:
            await self.hub.changed(left)
            if self._moved(seq):
                return False
        return True

    async def _tapped(self, seq: int) -> bool:
        """Wait for the tap at `seq`; False as soon as the table moves on without it."""
        while True:
            self._tap.clear()
            if self.tapped == seq:
                return True
            if self._moved(seq):
                return False
            with anyio.move_on_after(self.hub.poll * 4 + 0.05):  # a change of the journal is seen as the hub polls
                await self._tap.wait()

    def _moved(self, seq: int) -> bool:
        last = self.hub.last
        return last is not None and last.last_seq != seq

    def step(self, seq: int) -> None:
        """The board's tap ("the computer leads") at the table's `seq`: in "step", that computer leads now."""
        self.tapped = seq
        self._tap.set()

    async def chosen(self, speed: str) -> str:
        """Record `speed` (one of `PACES`) as the table's pace, nothing when it is the pace already; the pace now.
        A journal that refuses the write raises, as a lead's would."""
        def make(view: TableView) -> list[Event]:
            return [] if view.pace == speed else [PaceChosen(speed=speed)]

        done = await self.record(make)
        return str(done.view.pace)
