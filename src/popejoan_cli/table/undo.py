"""What `undo` takes back, and how the table names it: `commands`, `to_undo`, `voids`, `describe`.

Pure: no files, no printing. The CLI asks here; it decides nothing about what a command was.
"""

from __future__ import annotations

from collections.abc import Iterable

from popejoan_cli.base.errors import RuleViolation, Said, SaidN
from popejoan_cli.base.words import plural
from popejoan_cli.game.cards import Card
from popejoan_cli.table.events import (
    OPENING,
    CardLed,
    CardPlayed,
    Counted,
    Event,
    EventVoided,
    FinalDealt,
    HandCheckpointed,
    HandDealt,
    HandShown,
    OutDeclared,
    PlayerJoined,
    PlayerLeft,
    PotsPaid,
    RealHandDealt,
    SessionEnded,
    SpareTaken,
    StopCalled,
    TallyHandDealt,
    TallyOut,
    VoidDeclared,
)
from popejoan_cli.table.view import TableView, need_hand

# What undo takes back (docs/journal.md). Undo voids the newest commands, so what is left is
# always a journal as it stood before them; the opening (OPENING) is never voided, a void is
# never voided (to redo, the command is typed again), and a checkpoint goes with the event
# that closed its hand. The journal does not mark where one command's events end, so they
# are grouped by the table's own logic: a lead and its checkpoint (the follows are the
# referee's, not events), a deal, a going out or a void and the checkpoint after it, the
# final deal and the session's end that `end` writes together. Each card of a real hand is
# one fact, so each is taken back on its own: `play Dan 5D 6D` is undone card by card.
Command = list[tuple[int, Event]]


def commands(view: TableView) -> list[Command]:
    """The events undo may take back, grouped into the commands that wrote them, newest first."""
    groups: list[Command] = []
    for seq, event in view.effective:
        if isinstance(event, (*OPENING, EventVoided)):
            continue
        ending = isinstance(event, SessionEnded) and groups and isinstance(groups[-1][-1][1], FinalDealt)
        if groups and (isinstance(event, HandCheckpointed) or ending):
            groups[-1].append((seq, event))
        else:
            groups.append([(seq, event)])
    return groups[::-1]


def hand_commands(view: TableView) -> list[Command]:
    """The commands of the hand being played, deal included, newest first."""
    rec = need_hand(view)
    return [g for g in commands(view) if g[0][0] >= rec.seq]


def to_undo(view: TableView, n: int = 1, *, hand: bool = False) -> list[Command]:
    """The commands `undo` takes back: the last `n`, or with `hand` the hand being played.

    Refused (a RuleViolation) when there are fewer: the opening of a table or of a session
    is never undone.
    """
    if hand:
        return hand_commands(view)
    groups = commands(view)
    if not groups:
        nothing = (Said("nothing can be undone here: this session has recorded nothing since it carried on from "
                        "{table!r}, and the opening of a table or of a session is never undone", table=view.continues)
                   if view.continues else
                   Said("nothing can be undone here: this table has recorded nothing since it was opened, and the "
                        "opening of a table or of a session is never undone"))
        raise RuleViolation(nothing, Said("start a new table instead"))
    if n > len(groups):
        raise RuleViolation(SaidN("there is only {n} command to undo", "there are only {n} commands to undo",
                                  len(groups)),
                            Said("the opening of a table or of a session is never undone: start a new table instead"))
    return groups[:n]


def voids(chosen: Iterable[Command]) -> list[Event]:
    """The journal entries that take `chosen` back, oldest first: undo deletes nothing."""
    return [EventVoided(seq=s) for s in sorted(s for group in chosen for s, _ in group)]


def describe(view: TableView, command: Command) -> str:
    """A command as the table would say it. It never shows a seed: while a hand is open its
    seed is a secret (it gives every hand away)."""
    seq, event = command[0]
    number = sum(1 for s, e in view.effective if s <= seq and isinstance(e, HandDealt | RealHandDealt | TallyHandDealt))
    closes = any(isinstance(e, HandCheckpointed) for _, e in command)
    closed = f", which closed hand {number}" if closes else ""
    if isinstance(event, HandDealt | RealHandDealt | TallyHandDealt):
        deck = (" (a real deck)" if isinstance(event, RealHandDealt)
                else " (a real deck, tallied)" if isinstance(event, TallyHandDealt) else "")
        ended = ", which ended at the turn-up" if closes else ""
        return f"the deal of hand {number} by {event.dealer}{deck}{ended}"
    if isinstance(event, CardLed):
        return _lead_words(view, number, seq, event) + closed
    if isinstance(event, CardPlayed):
        return f"{event.player}'s {Card.parse(event.card).face}{closed}"
    if isinstance(event, StopCalled):
        return f"the stop called in hand {number}"
    if isinstance(event, HandShown):
        return f"the {plural(len(event.cards), 'card')} {event.player} showed"
    if isinstance(event, VoidDeclared):
        return f"hand {number} declared void"
    if isinstance(event, PotsPaid):
        return f"{event.player} taking {', '.join(event.pots)}"
    if isinstance(event, OutDeclared | TallyOut):
        return f"{event.player} going out{closed}"
    if isinstance(event, SpareTaken):
        return f"{event.player} taking the spare hand" + (f" for {event.price}" if event.price else "")
    if isinstance(event, Counted):
        return f"the count of {event.target}: {event.counters}"
    if isinstance(event, PlayerJoined):
        return f"{event.player} joining with {plural(event.counters, 'counter')}"
    if isinstance(event, PlayerLeft):
        return f"{event.player} leaving"
    if isinstance(event, FinalDealt):
        return "the final clearing deal and the end of the session"
    if isinstance(event, SessionEnded):
        return "the end of the session"
    return type(event).__name__  # pragma: no cover - every undoable event is named above


def _lead_words(view: TableView, number: int, seq: int, event: CardLed) -> str:
    """"Bob's lead A♠, and Ann's 2♠ that followed": the lead and the follows the referee played."""
    rec = view.hands[number - 1]
    nth = sum(1 for s, e in view.effective if rec.seq < s < seq and isinstance(e, CardLed))
    plays = rec.hand.plays
    leads = [i for i, p in enumerate(plays) if p.lead]
    lead = f"{event.player}'s lead {Card.parse(event.card).face}"
    if nth >= len(leads):
        return lead
    start = leads[nth]
    stop = leads[nth + 1] if nth + 1 < len(leads) else len(plays)
    follows = [f"{rec.players[p.seat]}'s {p.card.face}" for p in plays[start + 1:stop]]
    if not follows:
        return lead
    joined = follows[0] if len(follows) == 1 else ", ".join(follows[:-1]) + " and " + follows[-1]
    return f"{lead}, and {joined} that followed"
