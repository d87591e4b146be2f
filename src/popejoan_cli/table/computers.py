"""Computers seated at a table beside people: who is one, the rules they sit by, and the lead each chooses.

A computer is a seat like any other (`TableOpened` or `PlayerJoined` seats it, `PlayerLeft` takes it away), marked
by `ComputerSeated` with its level, in the same write. Its counters are real: the ledger, the evening and every
export count them as a player's. What differs:

- it leads by itself (`computer_lead`), from its own seat's observation only (`Hand.observe`, the one view a
  seat's private facts leave a hand through), so it cannot see another hand or the spare one;
- its lead is recorded as any lead is, a `CardLed` with the level and the seed that chose it, so replaying the
  journal gives the same hand whatever the bots become;
- nobody else may lead for it, and nobody may look at its hand before the hand is over;
- it sits only at a virtual deal: a real deck or a tally needs a person to hold and play its cards.

Pure: the CLI and `serve` decide when a computer plays (at once after a command, or at the table's pace);
`computer_lead` decides what.
"""

from __future__ import annotations

import zlib

from popejoan_cli.base.errors import RuleViolation, Said, UsageError, allowed
from popejoan_cli.game import bots
from popejoan_cli.game.cards import CARDS
from popejoan_cli.table.events import CardLed, ComputerSeated
from popejoan_cli.table.view import TableView, seat_of


def seated(view: TableView, seq: int, event: ComputerSeated) -> None:
    """The fold's step: the player seated just before is a computer at `level`."""
    seat_of(view, event.player)
    if event.level not in bots.LEVELS:
        raise UsageError(Said("{level!r} is not a computer's level", level=event.level),
                         allowed(list(bots.LEVELS), event.level))
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


def computer_lead(view: TableView) -> CardLed | None:
    """The lead a computer makes now, or None when no virtual hand waits for a computer: the computer on lead, or
    first a computer not on lead that plays the Pope in lieu of a stop (`bots.wants_lieu`). Each chooses from its
    own seat's observation; its seed is drawn from the hand's number and the cards played so far, so the same
    journal chooses the same lead."""
    rec = view.open_hand
    if rec is None or rec.kind.real or not rec.hand.lead_due or not view.computers:
        return None
    hand = rec.hand
    seat = hand.law.lead_seats()[0]
    lieu = hand.law.lieu_seat()
    if lieu not in (-1, seat) and rec.players[lieu] in view.computers:
        by = view.computers[rec.players[lieu]]
        if bots.wants_lieu(hand.observe(lieu), by, hand.rules):
            return CardLed(player=rec.players[lieu], card=str(CARDS[hand.observe(lieu).legal[0]]), level=by,
                           seed=_seed(view))
    who = rec.players[seat]
    level = view.computers.get(who)
    if level is None:
        return None
    seed = _seed(view)
    card = bots.pick_lead(hand.observe(seat), level, hand.rules, seed)
    return CardLed(player=who, card=str(card), level=level, seed=seed)


def _seed(view: TableView) -> int:
    """A decision's seed: the hand's number and how far it has gone, mixed (never the hand's own seed, which deals
    every card)."""
    rec = view.open_hand
    assert rec is not None
    return zlib.crc32(f"{rec.number}:{rec.seq}:{view.last_seq}".encode())


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

