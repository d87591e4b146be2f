"""A full replay shares what recurs in its records instead of copying it, and lets go of a closed
hand's record of each lead until it is asked for (issue 26, item 17).

`check` and `tables.view(full=True)` keep every closed hand's record of each lead (`Played`): the
plays and stops in them are the same few hundred values over and over, and the journal's own
(seq, event) pairs are what `TableView.effective` keeps. Each is made once and shared.
"""

from __future__ import annotations

from popejoan_cli.formats.presets import preset
from popejoan_cli.table import fold, moves
from popejoan_cli.table.events import Event, HandCheckpointed, HandDealt, TableOpened
from popejoan_cli.table.view import TableView


def journal(hands: int) -> list[tuple[int, Event]]:
    return played(hands)[1]


def played(hands: int) -> tuple[TableView, list[tuple[int, Event]]]:
    """A table of `hands` played hands with the lowest leads, as the store would write them, and
    the view that folded them one by one (as each command's write does)."""
    rules = preset("modern-stops")
    view = TableView()
    events: list[tuple[int, Event]] = []

    def add(event: Event) -> None:
        fold.apply(view, len(events) + 1, event)
        events.append((len(events) + 1, event))

    add(TableOpened(name="t", rules=rules.to_dict(), rules_name=rules.name, players=["Ann", "Bob", "Cat"],
                    counters=1000, dealer="Ann"))
    for k in range(hands):
        add(HandDealt(seed=k, dealer=view.next_dealer))
        while (led := moves.lowest(view)) is not None:
            add(led)
        add(HandCheckpointed(hand=len(view.hands), balances=dict(view.balances), board=dict(view.board)))
    return view, events


def test_a_full_replay_shares_its_plays_stops_and_events() -> None:
    events = journal(6)
    view = fold.replay(events)
    assert all(kept is given for kept, given in zip(view.effective, events, strict=True))
    records = [done for rec in view.hands for done in rec.happened.values()]
    plays = [p for done in records for p in done.plays]
    stops = [s for done in records for s in done.stops]
    seats = [done.lead_seats for done in records]
    assert len({id(p) for p in plays}) == len(set(plays)) < len(plays)
    assert len({id(s) for s in stops}) == len(set(stops)) < len(stops)
    assert len({id(s) for s in seats}) == len(set(seats)) < len(seats)


def test_a_replay_lets_go_of_a_closed_hands_leads_and_tells_them_alike_when_asked() -> None:
    folded, events = played(4)
    view = fold.replay(events)
    assert all(rec.closed and rec._happened is None for rec in view.hands)
    for mine, theirs in zip(view.hands, folded.hands, strict=True):
        assert mine.happened == theirs.happened and mine.happened
        assert mine.last_run() == theirs.last_run()
        assert mine.hand.net == theirs.hand.net and mine.hand.payments == theirs.hand.payments


def test_a_full_replay_keeps_what_a_closed_hand_came_to_not_its_state() -> None:
    """`check` of a 16,000-hand journal held every hand's whole state (208 MB for a 19 MB journal): a closed
    hand refereed in full keeps its outcome, which the ledger reads, and is replayed if more is asked."""
    from popejoan_cli.table.ledger import postings

    folded, events = played(4)
    view = fold.replay(events)
    assert all(rec._hand is None and rec._outcome is not None for rec in view.hands)
    assert any(p.what == "play" for p in postings(view))  # the ledger read the outcomes ...
    assert all(rec._hand is None for rec in view.hands)  # ... and replayed no hand
    for mine, theirs in zip(view.hands, folded.hands, strict=True):
        told, hand = mine.outcome, theirs.hand
        assert (told.awards, told.payments, told.net, told.out) == (tuple(hand.awards), tuple(hand.payments),
                                                                   tuple(hand.net), hand.out)
    for mine, theirs in zip(view.hands, folded.hands, strict=True):
        assert mine.hand.awards == theirs.hand.awards and mine.hand.net == theirs.hand.net  # replayed when asked
