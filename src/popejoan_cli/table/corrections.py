"""Corrections of a past hand (issue 39): `HandCorrected` as the fold applies it (`corrected`), the one verdict on
whether it may be recorded (`verify_correction`, which raises the very reason it decided on); the table keeps
each with its journal line (`TableView.corrections`), which `history`, the ledger, the exports and `check` tell.

A spreadsheet lets a banker fix hand 3 after hands 4 and 5 were played; so does this, without undoing them. A
correction moves counters between two players of that hand, recorded after everything since, dated when it
was said, with who said so and why: a transfer, so counters are conserved by construction and no later hand,
pot or checkpoint changes. What popejoan refereed is not corrected: a hand dealt from a seed has the payments
its cards give (docs/journal.md: Correcting a past hand). Pure: no files, no printing.
"""

from __future__ import annotations

from popejoan_cli.base.errors import RuleViolation, Said, SaidN
from popejoan_cli.base.visible import is_control
from popejoan_cli.table.events import HandCorrected
from popejoan_cli.table.view import TableView

MAX_WHY = 200
"""The most characters a correction's reason may hold: one sentence, on one line of every export."""


def verify_correction(view: TableView, event: HandCorrected) -> None:
    """Raise the reason `event` may not be recorded now (a RuleViolation), or nothing: the one verdict the
    command, the fold and a replay of the journal share.

    >>> from popejoan_cli.table.view import TableView
    >>> verify_correction(TableView(), HandCorrected(hand=3, payer="Dan", payee="Cat", counters=2, by="Ann",
    ...                                              why="Cat had 4 cards left, not 6"))
    Traceback (most recent call last):
    ...
    popejoan_cli.base.errors.RuleViolation: there is no hand 3 to correct: this session has 0 hands
    """
    _verify_words(event)
    open_hand = view.open_hand
    if open_hand is not None:
        raise RuleViolation(Said("a past hand is corrected between hands: hand {number} is still being played",
                                 number=open_hand.number), Said("finish the hand first (or undo its deal)"))
    if not 1 <= event.hand <= len(view.hands):
        raise RuleViolation(SaidN("there is no hand {hand} to correct: this session has {n} hand",
                                  "there is no hand {hand} to correct: this session has {n} hands",
                                  len(view.hands), hand=event.hand))
    rec = view.hands[event.hand - 1]
    if not rec.kind.real:
        raise RuleViolation(Said("hand {hand} was dealt from a seed: popejoan refereed every card of it, and its "
                                 "payments are what its cards give", hand=event.hand),
                            Said("a real deck's hand, or a tally's, is corrected; a dealt hand is undone"))
    for name in (event.payer, event.payee):
        if name not in rec.players:
            raise RuleViolation(Said("{player} did not play hand {hand}", player=name, hand=event.hand),
                                Said("a correction moves counters between two players of that hand"))
        if name not in view.players:
            raise RuleViolation(Said("{player} has left the table", player=name),
                                Said("bring them back first (`popejoan table join {player} --bring-back`)",
                                     player=name))


def _verify_words(event: HandCorrected) -> None:
    """What a correction says, before the table is asked: two players, counters, who said so and why."""
    if event.payer == event.payee:
        raise RuleViolation(Said("a correction moves counters from one player to another, not to {player} "
                                 "themselves", player=event.payer))
    if event.counters < 1:
        raise RuleViolation(Said("a correction moves at least one counter, not {n}", n=event.counters),
                            Said("name the player who should have paid first, then the one paid"))
    if not event.by.strip() or not event.why.strip():
        raise RuleViolation(Said("a correction says who said so and why"),
                            Said("--by NAME and --why \"what was wrong, and what is right\""))
    if len(event.why) > MAX_WHY or len(event.by) > MAX_WHY or any(is_control(ch) for ch in event.why + event.by):
        raise RuleViolation(Said("a correction's reason is one line of at most {n} characters", n=MAX_WHY))


def corrected(view: TableView, seq: int, event: HandCorrected) -> None:
    """The fold's step: the counters moved, and the correction kept for the history, the ledger and `check`."""
    verify_correction(view, event)
    view.balances[event.payer] -= event.counters
    view.balances[event.payee] += event.counters
    view.corrections.append((seq, event))
