"""Computers at a real table (issue 41): their names and levels as a command seats them (the events that seat them
are `render.practice_table.computer_seats`, practice's too), their leads after a command hands them the lead,
narrated as `lead` narrates a person's, and their part of `--json` (`paid_by_json`).

What a computer may do and which lead it chooses are the table's (`table.computers`); this module only says when:
right after the command that recorded a person's lead, a deal or the spare hand's exchange, each computer whose
lead it then is leads, one journal write each (`CardLed` with its level and seed). `undo` takes them back with the
person's command before them (`table.undo`). Under `serve` the server plays them at the table's pace instead.

Its imports of popejoan's modules sit inside the functions for start-up: a table without computers imports none.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from popejoan_cli.base.errors import Said, UsageError, allowed
from popejoan_cli.cli import common

if TYPE_CHECKING:
    from collections.abc import Sequence
    from pathlib import Path


LEVELS_SAID = "simple, good or strong (простой, хороший, сильный)"


def level_of(typed: str) -> str:
    """The level `--level` names: simple, good or strong, in any case (the Russian words at a Russian table too)."""
    from popejoan_cli.game import bots
    from popejoan_cli.render.levels import level_typed  # the words of the table's language too

    level = level_typed(typed.strip())
    if level not in bots.LEVELS:
        raise UsageError(Said("--level {typed!r} is not a computer's level", typed=typed),
                         allowed(list(bots.LEVELS), typed))
    return level


def names(taken: Sequence[str], n: int) -> list[str]:
    """`n` computers' names not yet at the table: "Computer 1" and on («Компьютер 1» at a Russian table)."""
    from popejoan_cli.render.practice_views import computer_name

    out: list[str] = []
    number = 1
    while len(out) < n:
        name = computer_name(number)
        if name not in taken and name not in out:
            out.append(name)
        number += 1
    return out


def paid_by_json(computers: dict[str, str], backer: str) -> dict[str, dict[str, str]]:
    """`--json`'s "computers" of `evening` and `ledger settle`: each computer's level, and whose purse pays or takes
    its result (`table.computers.backer_of`)."""
    return {name: {"level": level, "paid_by": backer} for name, level in computers.items()}


def play() -> None:
    """Each computer whose lead it now is leads, in turn, until a person's lead or the hand's end; each lead
    narrated as `popejoan lead` narrates one, from the referee's record of it. While `popejoan serve` serves the
    table, the server plays them at the table's pace instead (`web.seated`), and this says so."""
    from popejoan_cli.cli import say
    from popejoan_cli.render.narrate import after_lead
    from popejoan_cli.table.computer_leads import computer_lead

    if served(common.where()):
        _left_to_the_server()
        return
    while True:
        done = common.record(lambda view: [led] if (led := computer_lead(view)) is not None else [])
        if not done.written:
            return
        rec = done.view.hands[-1]
        told = rec.what_happened(seq for seq, _ in done.written)
        if told is not None:
            say(after_lead(rec.hand.rules, rec.players, told))


def served(folder: Path) -> bool:
    """Whether a `popejoan serve` holds this table now (its `serve.lock` is held): a lock left by a server that
    stopped, or crashed, is free, so a stale file never keeps the computers from leading."""
    from popejoan_cli.cli.serve_cmd import LOCK
    from popejoan_cli.store import disk

    if not (folder / LOCK).is_file():  # never served here: nothing to try (and no file made)
        return False
    try:
        with disk.locked(folder, 0, name=LOCK):
            return False
    except disk.Busy:
        return True
    except disk.NoLock:  # a folder that cannot be written is served read-only, if at all: nobody plays there
        return False


def _left_to_the_server() -> None:
    """Say, when a computer's lead is due, that the server plays it at the table's pace."""
    from popejoan_cli.cli import console
    from popejoan_cli.render.i18n import t

    view = common.view()
    rec = view.open_hand
    if rec is None or rec.kind.real or not rec.hand.lead_due:
        return
    who = rec.players[rec.hand.law.lead_seats()[0]]
    if who in view.computers:
        console().print(t("{player} leads at the table's pace: `popejoan serve` plays the computers while it runs",
                          player=who), markup=False)
