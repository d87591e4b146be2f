"""Computers seated at a table beside people: who is one, the rules they sit by, and the lead each chooses.

A computer is a seat like any other (`TableOpened` or `PlayerJoined` seats it, `PlayerLeft` takes it away), marked
by `ComputerSeated` with its level, in the same write. Its counters are real: the ledger, the evening and every
export count them as a player's. What differs:

- it leads by itself (`table.computer_leads.computer_lead`), from its own seat's observation only (`Hand.observe`,
  the one view a seat's private facts leave a hand through), so it cannot see another hand or the spare one;
- its lead is recorded as any lead is, a `CardLed` with the level and the seed that chose it, so replaying the
  journal gives the same hand whatever the bots become;
- nobody else may lead for it, and nobody may look at its hand before the hand is over;
- it sits only at a virtual deal: a real deck or a tally needs a person to hold and play its cards.

Pure: the CLI and `serve` decide when a computer plays (at once after a command, or at the table's pace);
`table.computer_leads` decides what (apart, so that the fold does not import the bots' search).
"""

from __future__ import annotations

from popejoan_cli.base.errors import RuleViolation, Said, UsageError, allowed
from popejoan_cli.game.levels import LEVELS
from popejoan_cli.table.events import CardLed, ComputerSeated
from popejoan_cli.table.view import TableView, seat_of


def seated(view: TableView, seq: int, event: ComputerSeated) -> None:
    """The fold's step: the player seated just before is a computer at `level`."""
    seat_of(view, event.player)
    if event.level not in LEVELS:
        raise UsageError(Said("{level!r} is not a computer's level", level=event.level),
                         allowed(list(LEVELS), event.level))
    view.computers[event.player] = event.level


def left(view: TableView, player: str) -> None:
    """A computer that leaves is no longer one of the table's computers (it may come back as a person)."""
    view.computers.pop(player, None)


def check_lead(view: TableView, event: CardLed) -> None:
    """A lead for a computer's seat is the computer's own (`level` written), and a computer's lead is a computer's.

    >>> from popejoan_cli.table.view import TableView
    >>> view = TableView()
    >>> view.computers = {"Computer 1": "good"}
    >>> check_lead(view, CardLed(player="Ann", card="AS"))
    >>> try:
    ...     check_lead(view, CardLed(player="Computer 1", card="AS"))
    ... except RuleViolation as err:
    ...     print(err.message)
    Computer 1 is a computer: it leads by itself
    >>> check_lead(view, CardLed(player="Computer 1", card="AS", level="good"))
    """
    level = view.computers.get(event.player)
    if level is None and event.level:
        raise RuleViolation(Said("{player} is not a computer at this table", player=event.player))
    if level is not None and not event.level:
        raise RuleViolation(Said("{player} is a computer: it leads by itself", player=event.player),
                            Said("a computer's lead is chosen from its own cards; `popejoan board` shows whose "
                                 "lead it is"))


def refuse_real(view: TableView) -> None:
    """A real deck or a tally at a table with a computer: refused, with what to do (nobody holds its cards)."""
    if view.computers:
        names = ", ".join(view.computers)
        raise RuleViolation(Said("{names} cannot play a real deck: a computer sits only at a virtual deal",
                                 names=names),
                            Said("deal a virtual hand with `popejoan deal`, or let the computers leave first "
                                 "(`popejoan table leave NAME`)"))


def refuse_spare(view: TableView, player: str) -> None:
    """A computer never takes the spare hand: nobody may choose that for it."""
    if player in view.computers:
        raise RuleViolation(Said("{player} is a computer: nobody takes the spare hand for it", player=player))


def backed(nets: dict[str, int], view: TableView, backer: str) -> dict[str, int]:
    """`nets` with each computer's joined to its backer's, who pays what it lost or takes what it won when the
    evening is settled in money (`evening --value`; the banker by default): a computer has no purse.

    >>> view = TableView()
    >>> view.computers = {"Computer 1": "good"}
    >>> backed({"Ann": 5, "Bob": -2, "Computer 1": -3}, view, "Ann")
    {'Ann': 2, 'Bob': -2}
    """
    out = dict(nets)
    for name in view.computers:
        if name in out and name != backer:
            out[backer] = out.get(backer, 0) + out.pop(name)
    return out


def backer_of(view: TableView, bank: str) -> str:
    """Who pays or takes a computer's result: the banker, or the first person at the table if the banker's seat is a
    computer's."""
    if bank not in view.computers:
        return bank
    return next((p for p in view.players if p not in view.computers), bank)

