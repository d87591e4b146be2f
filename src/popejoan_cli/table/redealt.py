"""The deals undo took back (`UndoneDeal`, `undone_deals`): a hand, or the final clearing deal, that was dealt,
undone and maybe dealt again. The journal keeps them (an undo deletes nothing); `history` and `check` tell
them from here, so a table sees that hand 3 was dealt twice and, once it may, from which seeds (docs/journal.md:
What undo takes back).

Pure: no files, no printing.
"""

from __future__ import annotations

from collections.abc import Iterable

from popejoan_cli.base.records import Record
from popejoan_cli.table.events import Event, EventVoided, FinalDealt, HandDealt, RealHandDealt, TallyHandDealt

DEALS = (HandDealt, RealHandDealt, TallyHandDealt)


class UndoneDeal(Record, kw_only=True):
    """One deal an undo took back, as the journal recorded it."""

    number: int
    """The hand it was dealt as (the number the hand dealt after it has too); 0 for the final clearing deal."""
    kind: str
    """"virtual" (from a seed), "real" (a real deck, card by card), "tally" or "final"."""
    dealer: str
    """Who dealt it ("" for the final deal, whose dealer the rules name)."""
    seed: int | str | None
    """The seed of a virtual hand or of the final deal; None for a real deck."""
    seq: int
    """The deal's line in the journal."""
    undone: int
    """The line of the undo that took it back."""


def undone_deals(events: Iterable[tuple[int, Event]], gone: set[int]) -> list[UndoneDeal]:
    """Every deal among `events` that a void in them took back (`gone`: the seqs voided), in the order dealt.

    Each is numbered as the hand it was dealt as: one more than the deals then standing, a deal counting
    until the undo that took it back.

    >>> from popejoan_cli.table.events import HandDealt, EventVoided
    >>> journal = [(2, HandDealt(seed=7, dealer="Ann")), (3, EventVoided(seq=2)), (4, HandDealt(seed=9, dealer="Ann"))]
    >>> [(d.number, d.seed, d.seq, d.undone) for d in undone_deals(journal, {2})]
    [(1, 7, 2, 3)]

    Hands 2 and 3 taken back, the newest first, are still hands 2 and 3:

    >>> deals = [(s, HandDealt(seed=s, dealer="Ann")) for s in (2, 3, 4)]
    >>> journal = [*deals, (5, EventVoided(seq=4)), (6, EventVoided(seq=3))]
    >>> [(d.number, d.seq, d.undone) for d in undone_deals(journal, {3, 4})]
    [(2, 3, 6), (3, 4, 5)]
    """
    if not gone:
        return []
    standing = 0  # the hand deals dealt so far that no undo has taken back yet
    dealt: dict[int, tuple[Event, int]] = {}  # each deal that is undone in the end, and the hand it was dealt as
    found = []
    for seq, event in events:
        if isinstance(event, DEALS):
            standing += 1
        if seq in gone and isinstance(event, (*DEALS, FinalDealt)):
            dealt[seq] = (event, standing if isinstance(event, DEALS) else 0)
        elif isinstance(event, EventVoided) and event.seq in dealt:
            deal, number = dealt[event.seq]
            standing -= isinstance(deal, DEALS)
            found.append(_undone(deal, number, event.seq, seq))
    return sorted(found, key=lambda d: d.seq)


def _undone(event: Event, number: int, seq: int, undone: int) -> UndoneDeal:
    if isinstance(event, FinalDealt):
        return UndoneDeal(number=number, kind="final", dealer="", seed=event.seed, seq=seq, undone=undone)
    if isinstance(event, HandDealt):
        return UndoneDeal(number=number, kind="virtual", dealer=event.dealer, seed=event.seed, seq=seq, undone=undone)
    assert isinstance(event, RealHandDealt | TallyHandDealt)
    kind = "real" if isinstance(event, RealHandDealt) else "tally"
    return UndoneDeal(number=number, kind=kind, dealer=event.dealer, seed=None, seq=seq, undone=undone)


def told_seed(deal: UndoneDeal, open_hand: int | None) -> int | str | None:
    """An undone deal's seed as the table may see it, as a hand's own seed is (`view.told_seed`): none while the
    hand it was dealt as is being played, nor while an earlier one is (an undone deal of a hand not yet played
    again), since it may be dealt again from the same seed and a seed tells every card; told once that hand is
    over. `open_hand` is the number of the hand being
    played, None between hands. The final deal's seed is told as soon as it is undone.

    >>> deal = UndoneDeal(number=3, kind="virtual", dealer="Ann", seed=7, seq=40, undone=41)
    >>> told_seed(deal, 3), told_seed(deal, 4), told_seed(deal, None)
    (None, 7, 7)
    """
    if open_hand is not None and deal.number and deal.number >= open_hand:
        return None
    return deal.seed

