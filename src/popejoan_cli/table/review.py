"""The review of a hand that is over: each lead its people made, judged from what their seat could see then
(`game.review.judge` of `lookahead.coach`'s figures), as chess sites review a game (docs/bots.md, "The review").

The hand is played again from its deal: the table's effective events up to the hand's `HandDealt` are folded
afresh (`fold.replay`), then the hand's own events one by one (`fold.extend`, the same referee), and before each
lead of a reviewed player the coach values every legal lead from that seat's observation at that moment, never
from the cards the end of the hand revealed. Only a closed virtual hand is reviewed: an open hand's review would
tell its players what the others hold, and a real deck's hands were never popejoan's to deal again.
Deterministic: the coach's seed is fixed (0, as `hint`'s), so the same journal gives the same review.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from popejoan_cli.base.errors import RuleViolation, Said, UsageError
from popejoan_cli.game.cards import Card
from popejoan_cli.game.lookahead import coach
from popejoan_cli.game.review import Judged, judge
from popejoan_cli.table import fold
from popejoan_cli.table.events import CardLed
from popejoan_cli.table.view import HandRecord, TableView


@dataclass(frozen=True)
class Reviewed:
    """One lead judged: its place among the hand's leads (from 1), who made it, and the verdict."""

    lead: int
    player: str
    judged: Judged


def hand_to_review(view: TableView, number: int) -> HandRecord:
    """Hand `number` of the table, if it may be reviewed: refused, saying why, when there is no such hand, it is
    still being played, or a real deck's."""
    rec = next((r for r in view.hands if r.number == number), None)
    if rec is None:
        raise UsageError(Said("there is no hand {number} at this table", number=number),
                         Said("hands 1 to {last} have been dealt", last=len(view.hands)) if view.hands else
                         Said("no hand has been dealt yet"))
    if not rec.closed:
        raise RuleViolation(Said("hand {number} is still being played", number=number),
                            Said("a hand is reviewed once it is over: its review would tell what the others hold"))
    if rec.kind.real:
        raise RuleViolation(Said("hand {number} was played with a real deck: popejoan never dealt its cards",
                                 number=number))
    return rec


def review(view: TableView, number: int, players: Sequence[str] | None = None, seed: int = 0) -> list[Reviewed]:
    """Each lead `players` made in hand `number` (by default every person's, no computer's), judged.

    A lead where the seat had a single legal card is judged too ("forced"); the Pope played in lieu of a stop by a
    player not on lead is not a lead of theirs to weigh, and is left out.
    """
    rec = hand_to_review(view, number)
    who = set(players) if players is not None else {p for p in rec.players if p not in view.computers}
    live = view.effective
    at = next(i for i, (seq, _) in enumerate(live) if seq == rec.seq)
    table = fold.replay(live[:at + 1])
    out: list[Reviewed] = []
    leads = 0
    for seq, event in live[at + 1:]:
        open_hand = table.open_hand
        if open_hand is None:
            break
        if isinstance(event, CardLed):
            leads += 1
            seat = open_hand.players.index(event.player)
            values = coach(open_hand.hand, seat, seed) if event.player in who else []
            if values:
                out.append(Reviewed(leads, event.player, judge(values, Card.parse(event.card))))
        fold.extend(table, [(seq, event)])
    return out
