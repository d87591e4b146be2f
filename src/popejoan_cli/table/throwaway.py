"""A table kept in memory, never written: `popejoan practice` in the terminal plays on one.

It is a table like any other (the same events, the same fold, the same referee and computers), only its journal
is a list that ends with the session: `record` folds each new event into the view as `store.tables.record` folds a
journal's new lines (`fold.extend`), and a lead is first asked of the referee (`fold.lead_refusal`, the question a
page asks before a tap leads), so that a refused lead is told to the person and nothing is recorded. Pure.
"""

from __future__ import annotations

from collections.abc import Sequence

from popejoan_cli.base.errors import PopejoanError
from popejoan_cli.game.cards import Card
from popejoan_cli.table import fold
from popejoan_cli.table.events import CardLed, Event
from popejoan_cli.table.view import HandRecord, TableView


class Throwaway:
    """A table opened by `opening`, in memory; its view is `view`, its journal `events`.

    >>> from popejoan_cli.formats.presets import preset
    >>> from popejoan_cli.table.events import HandDealt, TableOpened
    >>> rules = preset("modern-stops")
    >>> table = Throwaway([TableOpened(name="t", rules=rules.to_dict(), rules_name=rules.name,
    ...                                players=["Ann", "Bob", "Cat"], counters=50, dealer="Cat")])
    >>> _ = table.record([HandDealt(seed=7, dealer="Cat")])
    >>> table.view.open_hand.number, len(table.events)
    (1, 2)
    """

    def __init__(self, opening: Sequence[Event]) -> None:
        self.events: list[tuple[int, Event]] = list(enumerate(opening, 1))
        self.view: TableView = fold.replay(self.events)

    def record(self, events: Sequence[Event]) -> list[tuple[int, Event]]:
        """Fold `events` into the table, each refereed as the journal's would be; the (seq, event) pairs written.
        A refused event is damage here as in a journal (`fold.extend`): ask first what may be refused (`lead`)."""
        written = [(self.view.last_seq + k, event) for k, event in enumerate(events, 1)]
        fold.extend(self.view, written)
        self.events += written
        return written

    def lead(self, player: str, card: Card) -> PopejoanError | HandRecord:
        """`player` leads `card`: the referee's refusal, nothing recorded; or the hand it was led in, which tells
        what the lead did (`HandRecord.what_happened` of the seq just written)."""
        refused = fold.lead_refusal(self.view, player, card)
        if refused is not None:
            return refused
        rec = self.view.open_hand
        assert rec is not None  # else the referee had refused it
        self.record([CardLed(player=player, card=str(card))])
        return rec
