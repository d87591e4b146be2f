"""The fold's steps for a real deck kept as a tally: `TallyHandDealt`, `PotsPaid`, `TallyOut`.

Split from `real` for size; `fold.apply` hands these events here. What may be paid and the
settlement are the referee's (`game.tally`); here the names are checked and the hand closed.
A refusal is a `Said`, for the CLI to say in the table's language (docs/i18n.md: Errors).
"""

from __future__ import annotations

from popejoan_cli.base.errors import RuleViolation, Said, UsageError, allowed
from popejoan_cli.base.words import as_typed
from popejoan_cli.game import tally
from popejoan_cli.game.cards import SPARE
from popejoan_cli.game.state import UNKNOWN, HandKind
from popejoan_cli.game.tally import went_out_holding
from popejoan_cli.table.events import Event, PotsPaid, TallyHandDealt, TallyOut
from popejoan_cli.table.real import deal_unseen
from popejoan_cli.table.view import HandRecord, TableView, close_hand, seat_of


def apply_tally(view: TableView, seq: int, event: Event) -> None:
    """One step of a tally hand."""
    if isinstance(event, TallyHandDealt):
        deal_unseen(view, seq, event.dealer, event.turnup, HandKind.TALLY)
        return
    rec = _tally_hand(view)
    hand = rec.hand
    if isinstance(event, PotsPaid):
        pots = [_pot(view, p) for p in event.pots]
        if not pots:
            raise UsageError(Said("which pots? name at least one"),
                             allowed([p.name for p in view.the_rules().pots], ""))
        tally.pay(hand, seat_of(view, event.player), pots)
    elif isinstance(event, TallyOut):
        seat = seat_of(view, event.player)
        tally.go_out(hand, seat, _counts(view, rec, event), _pope(view, event.pope))
        close_hand(view, rec)


def _tally_hand(view: TableView) -> HandRecord:
    rec = view.open_hand
    if rec is None:
        raise RuleViolation(Said("no tally hand is being played: the last hand is over") if view.hands else
                            Said("no tally hand is being played: no hand has been dealt"),
                            Said("deal one first: `popejoan deal --real --tally`"))
    if rec.kind.records_cards:
        raise RuleViolation(Said("this hand is not kept as a tally: pots are paid as their cards are played"),
                            Said("deal with `popejoan deal --real --tally` to keep a tally"))
    return rec


def _pot(view: TableView, typed: str) -> str:
    names = [p.name for p in view.the_rules().pots]
    if typed not in names:
        raise UsageError(Said("no pot called {pot!r} on this board", pot=typed), allowed(names, typed))
    return typed


def _counts(view: TableView, rec: HandRecord, event: TallyOut) -> list[int]:
    """Each seat's cards left, in seat order: every other player given exactly once."""
    for name in event.left:
        if name not in rec.players:
            raise UsageError(Said("no player {typed!r} at this table", typed=name), allowed(rec.players, name))
    if event.left.get(event.player):
        raise RuleViolation(went_out_holding(event.player, event.left[event.player]))
    missing = [p for p in rec.players if p != event.player and p not in event.left]
    if missing:
        counts = ",".join(f"{p}=3" for p in rec.players if p != event.player)
        raise UsageError(Said("how many cards does {player} hold? give every other player's count", player=missing[0]),
                         Said("e.g. {example}", example=f"--left {as_typed(counts)}"))
    return [event.left.get(p, 0) for p in rec.players]


def _pope(view: TableView, pope: str) -> int | None:
    if not pope:
        return UNKNOWN
    if pope == "none":
        return None
    if pope == "spare":
        return SPARE
    return seat_of(view, pope)
