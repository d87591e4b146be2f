"""The lead a computer seated at a table makes now (`table.computers` says who is one and the rules it sits by).

Apart from `table.computers`, which the fold imports on every command: this imports the bots (`game.bots`, and
with them the `strong` level's search), which only a command or a server that plays a computer needs.
"""

from __future__ import annotations

import zlib

from popejoan_cli.game import bots
from popejoan_cli.game.cards import CARDS
from popejoan_cli.table.events import CardLed
from popejoan_cli.table.view import TableView


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
