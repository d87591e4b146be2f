"""What `undo` takes back, and how the table names it: `commands`, `to_undo`, `voids`, `describe`, and which of
them is a lead a page made a moment ago (`from_a_page`), which undo asks about even when told `--yes`.

Pure: no files, no printing. The CLI asks here; it decides nothing about what a command was.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from datetime import datetime

from popejoan_cli.base.errors import RuleViolation, Said, SaidN, joined
from popejoan_cli.game.cards import Card
from popejoan_cli.table.events import (
    OPENING,
    CardLed,
    CardPlayed,
    ComputerSeated,
    Counted,
    Event,
    EventVoided,
    FinalDealt,
    HandCheckpointed,
    HandCorrected,
    HandDealt,
    HandShown,
    OutDeclared,
    PaceChosen,
    PlayerDescribed,
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
from popejoan_cli.table.fold import replay
from popejoan_cli.table.view import TableView, need_hand, pot_said

# What undo takes back (docs/journal.md). Undo voids the newest commands, so what is left is
# always a journal as it stood before them; the opening (OPENING) is never voided, a void is
# never voided (to redo, the command is typed again), and a checkpoint goes with the event
# that closed its hand. One typed command is one write of the journal (its lines' `more`,
# `TableView.write_of`): `play Eve 2H 3H 4H:Bob 5H:Cat stop` is one command, undone whole, as is
# `play Dan 5D 6D` at a real deck. A journal written before the marks is grouped by the table's
# own logic: an event and the checkpoint after it, the final deal and the session's end.
Command = list[tuple[int, Event]]


def commands(view: TableView) -> list[Command]:
    """The events undo may take back, grouped into the commands that wrote them, newest first."""
    write_of = view.write_of
    return _runs(_undoable(view.effective),
                 lambda run, pair: (_write(write_of, pair[0]) == _write(write_of, run[0][0])
                                    or _same_command(run[-1][1], pair[1]) or _computers(pair[1])))[::-1]


def _computers(event: Event) -> bool:
    """A computer's lead, written after the command whose lead handed it its turn: undone with that command
    (and a checkpoint after it with it, as after any lead)."""
    return isinstance(event, CardLed) and bool(event.level)


def _undoable(effective: Iterable[tuple[int, Event]]) -> Iterator[tuple[int, Event]]:
    """The events undo may take back: all but the opening (the players' descriptions written with it are part
    of it), the voids, and the pace a page chose (a setting of the pages: `undo` after a tap on a pace button
    takes back the last move, as the person typing it means)."""
    opening = True
    for seq, event in effective:
        if isinstance(event, (*OPENING, EventVoided, PaceChosen)) or (opening and isinstance(event, (PlayerDescribed,
                                                                                                       ComputerSeated))):
            continue
        opening = False
        yield seq, event


def _runs(pairs: Iterable[tuple[int, Event]], joins: Callable[[Command, tuple[int, Event]], bool]) -> list[Command]:
    """`pairs` in runs, in order: each joins the run before it where `joins(run, pair)` says so."""
    runs: list[Command] = []
    for pair in pairs:
        if runs and joins(runs[-1], pair):
            runs[-1].append(pair)
        else:
            runs.append([pair])
    return runs


def _write(write_of: dict[int, int], seq: int) -> int:
    """The first seq of the write that recorded `seq` (itself where it was written alone or first)."""
    return write_of.get(seq, seq)


def _parts(command: Command) -> list[Command]:
    """A command's parts as undo names them: one typed command may write several leads, cards or calls
    (`play Eve 2H 3H stop`), each named in turn; a checkpoint, the session's end after the final deal and
    a player's description after their joining are part of what came before them."""
    return _runs(command, lambda run, pair: _same_command(run[-1][1], pair[1])
                 or isinstance(pair[1], (PlayerDescribed, ComputerSeated)))


def _same_command(last: Event, event: Event) -> bool:
    """`event` was written by the command that wrote `last` in a journal that does not mark its writes: a
    checkpoint, the session's end after the final deal."""
    return isinstance(event, HandCheckpointed) or (isinstance(event, SessionEnded) and isinstance(last, FinalDealt))


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
    """A command as the table would say it: a `Said`, one whole phrase for each kind of command
    (docs/i18n.md: Errors), so that the CLI says it in the table's language; a command of several parts
    (`play Eve 2H 3H stop`) names each, "; " between them. It never shows a seed: while a hand is open
    its seed is a secret (it gives every hand away)."""
    return joined([_described(view, part) for part in _parts(command)], "; ")


def _described(view: TableView, command: Command) -> str:
    """One part of a command (`_parts`): one phrase."""
    seq, event = command[0]
    number = sum(1 for s, e in view.effective if s <= seq and isinstance(e, HandDealt | RealHandDealt | TallyHandDealt))
    closes = any(isinstance(e, HandCheckpointed) for _, e in command)
    if isinstance(event, HandDealt | RealHandDealt | TallyHandDealt):
        return _deal_words(event, number, closes)
    if isinstance(event, CardLed):
        return _lead_words(view, number, seq, event, closes)
    if isinstance(event, CardPlayed | OutDeclared | TallyOut):
        return _closing_words(event, number, closes)
    if isinstance(event, Counted):  # a player's count and a pot's are two phrases («у Бориса», «секции «Гейм»»)
        if event.target in view.players:
            return Said("the count of {player}: {counters}", player=event.target, counters=event.counters)
        return Said("the count of {pot}: {counters}", pot=pot_said(view.the_rules(), event.target),
                    counters=event.counters)
    if isinstance(event, PotsPaid):  # each pot by its board's label in another language («Матримония»)
        pots = joined([pot_said(view.the_rules(), pot) for pot in event.pots], ", ")
        return Said("{player} taking {pots}", player=event.player, pots=pots)
    return _words(event, number)


def last_undone(events: Sequence[tuple[int, Event]], write_of: Mapping[int, int] | None = None) -> list[str]:
    """What the journal's last undo took back, as `popejoan undo` said it (`describe`, on the table as it stood
    before the undo): a `Said` for each command, newest first; none if the journal does not end in an undo.

    The pages tell it from the journal (its trailing `EventVoided` lines and what they name), never from
    the view after the undo, which no longer holds what was undone. `write_of` is which lines were written
    together (`TableView.write_of`): one command, named as one.
    """
    k = len(events)
    while k and isinstance(events[k - 1][1], EventVoided):
        k -= 1
    voided = {event.seq for _, event in events[k:] if isinstance(event, EventVoided)}
    if not voided:
        return []
    before = replay(events[:k], write_of=dict(write_of or {}))
    return [describe(before, group) for group in commands(before) if {seq for seq, _ in group} <= voided]


def _closing_words(event: CardPlayed | OutDeclared | TallyOut, number: int, closes: bool) -> Said:
    """A card of a real hand, or a going out: either may have closed its hand."""
    if isinstance(event, CardPlayed):
        card = Card.parse(event.card)
        if closes:
            return Said("{player}'s {card}, which closed hand {number}", player=event.player, card=card,
                        number=number)
        return Said("{player}'s {card}", player=event.player, card=card)
    if closes:
        return Said("{player} going out, which closed hand {number}", player=event.player, number=number)
    return Said("{player} going out", player=event.player)


def _words(event: Event, number: int) -> str:
    """Every other command: one whole phrase each."""
    if isinstance(event, StopCalled):
        return Said("the stop called in hand {number}", number=number)
    if isinstance(event, HandShown):
        return SaidN("the {n} card {player} showed", "the {n} cards {player} showed", len(event.cards),
                     player=event.player)
    if isinstance(event, VoidDeclared):
        return Said("hand {number} declared void", number=number)
    if isinstance(event, SpareTaken):
        if event.price:
            return SaidN("{player} taking the spare hand for {n} counter",
                         "{player} taking the spare hand for {n} counters", event.price, player=event.player)
        return Said("{player} taking the spare hand", player=event.player)
    if isinstance(event, PlayerJoined):
        return SaidN("{player} joining with {n} counter", "{player} joining with {n} counters", event.counters,
                     player=event.player)
    if isinstance(event, PlayerLeft):
        return Said("{player} leaving", player=event.player)
    if isinstance(event, PlayerDescribed):
        return Said("what was said of {player}'s gender", player=event.player)
    if isinstance(event, FinalDealt):
        return Said("the final clearing deal and the end of the session")
    if isinstance(event, SessionEnded):
        return Said("the end of the session")
    if isinstance(event, HandCorrected):
        return SaidN("the correction of hand {hand}: {payer} paying {payee} {n} counter",
                     "the correction of hand {hand}: {payer} paying {payee} {n} counters", event.counters,
                     hand=event.hand, payer=event.payer, payee=event.payee)
    return type(event).__name__  # pragma: no cover - every undoable event is named above


def _deal_words(event: HandDealt | RealHandDealt | TallyHandDealt, number: int, closes: bool) -> Said:
    """"the deal of hand 2 by Ann (a real deck)": one whole phrase for each kind of deck, and for a
    deal whose hand ended at the turn-up."""
    dealer = event.dealer
    if isinstance(event, RealHandDealt):
        if closes:
            return Said("the deal of hand {number} by {dealer} (a real deck), which ended at the turn-up",
                        number=number, dealer=dealer)
        return Said("the deal of hand {number} by {dealer} (a real deck)", number=number, dealer=dealer)
    if isinstance(event, TallyHandDealt):
        if closes:
            return Said("the deal of hand {number} by {dealer} (a real deck, tallied), which ended at the turn-up",
                        number=number, dealer=dealer)
        return Said("the deal of hand {number} by {dealer} (a real deck, tallied)", number=number, dealer=dealer)
    if closes:
        return Said("the deal of hand {number} by {dealer}, which ended at the turn-up", number=number, dealer=dealer)
    return Said("the deal of hand {number} by {dealer}", number=number, dealer=dealer)


def _lead_words(view: TableView, number: int, seq: int, event: CardLed, closes: bool) -> Said:
    """"Bob's lead A♠, and Ann's 2♠ that followed": the lead and the follows the referee played (its
    record of the lead, `HandRecord.happened`), each follow a phrase of its own ("Ann's 2♠") and the
    list of them one more (`_listed`)."""
    rec = view.hands[number - 1]
    card = Card.parse(event.card)
    done = rec.happened.get(seq)  # the referee's record of this lead: what the table was told it did
    follows = [Said("{player}'s {card}", player=rec.players[p.seat], card=p.card)
               for p in (done.plays[1:] if done is not None else ())]
    if not follows:
        if closes:
            return Said("{player}'s lead {card}, which closed hand {number}", player=event.player, card=card,
                        number=number)
        return Said("{player}'s lead {card}", player=event.player, card=card)
    listed = _listed(follows)
    if closes:
        return Said("{player}'s lead {card}, and {follows} that followed, which closed hand {number}",
                    player=event.player, card=card, follows=listed, number=number)
    return Said("{player}'s lead {card}, and {follows} that followed", player=event.player, card=card, follows=listed)


def _listed(items: list[Said]) -> str:
    """"A", "A and B", "A, B and C": each item said in turn. A list's commas and its "and" are a
    language's too (a `Said` of their own)."""
    if len(items) == 1:
        return items[0]
    return joined([*items[:-2], Said("{first} and {last}", first=items[-2], last=items[-1])], ", ")


RECENT = 30
"""Seconds within which a lead from a page counts as "a moment ago" (docs/journal.md: undo): a banker typing `undo
--yes` then most likely meant their own command, which the phone's lead landed just before."""


def from_a_page(view: TableView, chosen: Iterable[Command], now: str) -> list[tuple[str, str, int]]:
    """The leads among `chosen` that a player's page made (`CardLed.page`) within `RECENT` seconds of `now` (an
    ISO instant), as (player, card, seconds ago), newest first; a lead whose time the journal lacks counts too.

    >>> from popejoan_cli.table.view import TableView
    >>> view = TableView()
    >>> view.times = {7: "2026-12-01T21:04:05+01:00"}
    >>> lead = [(7, CardLed(player="Bob", card="7H", page=True))]
    >>> from_a_page(view, [lead], "2026-12-01T21:04:09+01:00"), from_a_page(view, [lead], "2026-12-01T21:05:09+01:00")
    ([('Bob', '7H', 4)], [])
    """
    found: list[tuple[str, str, int]] = []
    then = datetime.fromisoformat(now)
    for command in chosen:
        for seq, event in command:
            if not (isinstance(event, CardLed) and event.page):
                continue
            at = view.times.get(seq)
            ago = max(0, round((then - datetime.fromisoformat(at)).total_seconds())) if at else 0
            if ago <= RECENT:
                found.append((event.player, event.card, ago))
    return found
