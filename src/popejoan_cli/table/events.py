"""The journal's vocabulary: the facts a table records, in the past tense.

Each event is a frozen, keyword-only record (`base.records.Record`: a dataclass's behaviour,
without the cost of defining two dozen dataclasses on every command's start-up). Events record
what happened at the table (a hand dealt from a seed, a card led), never a verdict: who won a
pot is derived by the referee when the journal is replayed, so a fixed rule re-derives every
result. `to_data` and `from_data` turn events into the JSON objects stored one per journal
line; events pickle and copy as records do.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from popejoan_cli.base.errors import DataError, Problem, Said
from popejoan_cli.base.records import Record, as_dict, field, made


class TableOpened(Record, kw_only=True):
    """A new table: its rules (embedded, so an old journal replays the same way) and seats."""

    name: str
    rules: dict[str, Any]
    rules_name: str
    players: list[str]
    counters: int
    dealer: str
    lang: str = "en"
    """The language the table speaks (`table new --lang ru`). Written only when it is not English,
    so every journal from before it existed, and every English table's, stays as it was."""


class BalancesCarried(Record, kw_only=True):
    """A new session continues an exported ledger: each player's balance and the board, brought in."""

    balances: dict[str, int]
    board: dict[str, int]
    session: int
    """The number of this session: one more than the session exported."""
    continues: str
    """The table this session continues (its name, as exported)."""


class HistoryCarried(Record, kw_only=True):
    """The standings of the sessions an imported ledger played before this one.

    The export carries their hands; only what `ledger stats` needs is kept, and no
    counter moves. Each player maps to `hands`, `net`, `balance`, `won` (pot to
    counters), `first_out`, `dealt` and `balances` (his balance after each hand he played).
    """

    sessions: list[str]
    players: dict[str, Any]
    dates: list[str] = field(default_factory=list)
    """When each of `sessions` was played, as an ISO 8601 interval (`began/ended`), "" where the export
    said no time; empty in a journal written before exports were dated (optional: written when known)."""


class PlayerJoined(Record, kw_only=True):
    """A player sat down between hands (at the dealer's right, last in the clockwise list)."""

    player: str
    counters: int


class PlayerDescribed(Record, kw_only=True):
    """How the table's language speaks of a player (base.people): their grammatical gender ("m", "f", or ""
    when the name does not tell and nobody said) and their name's oblique cases (case → form; empty when the
    name is not declined). Written when a player sits down or someone says their gender; the last one counts.
    No counter moves. Undo takes it back with the join it was written with, or alone (`table gender`)."""

    player: str
    gender: str
    forms: dict[str, str]


class ComputerSeated(Record, kw_only=True):
    """The player just seated (by the table's opening or a join, in the same write) is a computer that plays
    at `level` (`game.bots.LEVELS`): it leads by itself from its own seat's observation, at a virtual deal only.
    No counter moves; it leaves as a person does (`PlayerLeft`)."""

    player: str
    level: str


class PaceChosen(Record, kw_only=True):
    """The computers' pace at this table under `serve`, chosen on a page: "slow", "normal", "fast", or "step" (each
    computer's lead waits for a tap on the board page). No counter moves, and `undo` passes over it: a setting of
    the pages, not a move of the game; the last one counts (`TableView.pace`)."""

    speed: str


class PlayerLeft(Record, kw_only=True):
    """A player left between hands, taking his counters with him."""

    player: str


class HandDealt(Record, kw_only=True):
    """A virtual hand dealt from a seed: the cards follow from seed, rules and seats."""

    seed: int | str
    dealer: str


class SpareTaken(Record, kw_only=True):
    """A player took the spare hand, paying the dealer `price`."""

    player: str
    price: int


class CardLed(Record, kw_only=True):
    """A lead; in a virtual hand the referee plays the run's forced follows itself."""

    player: str
    card: str
    ordinary: bool = False
    """Under `play.pope_in_lieu`, the leader led the Pope as an ordinary lead where it could have stood in for
    the last stop's card (docs/house-rules.md; optional: written only when true)."""
    page: bool = False
    """The lead came from the player's own page under `serve`, not the command line (optional: written only when
    true): `undo` asks before it takes back a lead a page made a moment ago (docs/journal.md: undo)."""
    level: str = ""
    """A computer's lead: the level that chose it (optional: written only for a computer's lead). Undo takes it
    back with the command before it, whose lead handed the computer its turn."""
    seed: int = 0
    """A computer's lead: the seed its choice was made with (the `strong` level's search reads it)."""


class RealHandDealt(Record, kw_only=True):
    """A real deck was dealt: only the turn-up ("" when the rules turn none up) is known."""

    dealer: str
    turnup: str
    first: str = ""
    """Under `play.first_lead` (docs/house-rules.md), the player the table says holds the called card, who
    leads first; "" under eldest (optional: written only when given)."""


class CardPlayed(Record, kw_only=True):
    """One card of a real hand, as the table played it."""

    player: str
    card: str


class StopCalled(Record, kw_only=True):
    """The table called a stop in a real hand."""


class HandShown(Record, kw_only=True):
    """A player showed the cards he still holds in a real hand."""

    player: str
    cards: list[str]


class VoidDeclared(Record, kw_only=True):
    """In a real hand under a passing change of suit, nobody could lead a new suit, so the hand is void."""


class OutDeclared(Record, kw_only=True):
    """The banker declared who went out; `pope` says who still holds the Pope, where the referee
    cannot know: a player, "spare", "none" (played or nobody), or "" when it was not asked."""

    player: str
    pope: str
    holders: dict[str, str] = field(default_factory=dict)
    """Under `settle.unplayed_card` (docs/house-rules.md), who holds each card pot's card the record cannot
    place: pot name to a player or "spare" (optional: written only when some were asked)."""


class TallyHandDealt(Record, kw_only=True):
    """A real deck was dealt and is kept as a tally (pots paid, cards left), not card by card."""

    dealer: str
    turnup: str


class PotsPaid(Record, kw_only=True):
    """In a tally hand, a player showed the cards of these pots during play and took them."""

    player: str
    pots: list[str]


class TallyOut(Record, kw_only=True):
    """A tally hand ended: `player` went out, each other player held `left` cards; `pope` as in
    `OutDeclared` (a player, "spare", "none", or "" when it was not asked)."""

    player: str
    left: dict[str, int]
    pope: str


class Counted(Record, kw_only=True):
    """The banker counted the counters on a pot or in front of a player."""

    target: str
    counters: int


class EventVoided(Record, kw_only=True):
    """Undo: the event with sequence number `seq` no longer counts. Nothing is deleted."""

    seq: int


class HandCheckpointed(Record, kw_only=True):
    """The state after a hand: a balance assertion the replay must reproduce."""

    hand: int
    balances: dict[str, int]
    board: dict[str, int]


class FinalDealt(Record, kw_only=True):
    """The final clearing deal (every card dealt, each pot to its card's holder) from a seed."""

    seed: int | str


class SessionEnded(Record, kw_only=True):
    """The session was closed."""


class HandCorrected(Record, kw_only=True):
    """A past hand's payments were corrected, after the hands since (`table.corrections`): `payer` owed
    `payee` `counters` more from hand `hand` than was recorded, as `by` said, for the reason `why`."""

    hand: int
    payer: str
    payee: str
    counters: int
    by: str
    why: str


Event = (TableOpened | BalancesCarried | HistoryCarried | PlayerJoined | PlayerDescribed | ComputerSeated | PlayerLeft
         | PaceChosen | HandDealt
         | SpareTaken | CardLed
         | RealHandDealt | CardPlayed | StopCalled | HandShown | VoidDeclared | OutDeclared | Counted | EventVoided
         | HandCheckpointed | FinalDealt | SessionEnded | TallyHandDealt | PotsPaid | TallyOut | HandCorrected)

OPENING = (TableOpened, BalancesCarried, HistoryCarried)
"""Events that open a table or a session and bring its counters in: undo never voids them (a
table without its opening has no seats or rules, and a session without its carried balances
would lose every counter it brought in). A new table is the way to start again. The players'
descriptions written with the opening are part of it (`table.undo.commands`)."""

KINDS: dict[str, type[Any]] = {
    cls.__name__: cls
    for cls in (TableOpened, BalancesCarried, HistoryCarried, PlayerJoined, PlayerDescribed, ComputerSeated, PlayerLeft,
                PaceChosen, HandDealt,
                SpareTaken, CardLed,
                RealHandDealt, CardPlayed, StopCalled, HandShown, VoidDeclared, OutDeclared, Counted, EventVoided,
                HandCheckpointed, FinalDealt, SessionEnded, TallyHandDealt, PotsPaid, TallyOut, HandCorrected)
}


_FIELDS: dict[type[Any], dict[str, str]] = {
    cls: {name: str(cls.__annotations__[name]) for name in cls._fields} for cls in KINDS.values()
}
"""Each kind's fields and their annotations (text: this module reads annotations unevaluated)."""


OPTIONAL: dict[type[Any], dict[str, object]] = {TableOpened: {"lang": "en"}, HistoryCarried: {"dates": []},
                                                OutDeclared: {"holders": {}}, RealHandDealt: {"first": ""},
                                                CardLed: {"ordinary": False, "page": False, "level": "", "seed": 0}}
"""Fields an event may leave out, with the value they then have: written only when they differ."""


def _copied(value: object) -> Any:
    """JSON data copied as `dataclasses.asdict` copies a field: lists and dicts afresh, all the way down."""
    if isinstance(value, list):
        return [_copied(v) for v in value]
    if isinstance(value, dict):
        return {k: _copied(v) for k, v in value.items()}
    return value


def to_data(event: Event) -> dict[str, Any]:
    data: dict[str, Any] = {"type": type(event).__name__}
    for name, value in as_dict(event).items():
        data[name] = _copied(value) if isinstance(value, list | dict) else value
    for name, default in OPTIONAL.get(type(event), {}).items():
        if data[name] == default:
            del data[name]
    return data


def _checker(hint: str) -> Callable[[object], bool]:
    """A type test for one field, from its annotation (the journal is JSON: str, int, bool, list, dict)."""
    if hint.startswith("dict[str, int]"):
        return lambda v: isinstance(v, dict) and all(type(n) is int for n in v.values())
    if hint.startswith("dict"):
        return lambda v: isinstance(v, dict)
    if hint == "int | str":
        return lambda v: type(v) is int or isinstance(v, str)
    if hint == "int":
        return lambda v: type(v) is int
    if hint == "bool":
        return lambda v: type(v) is bool
    if hint == "str":
        return lambda v: isinstance(v, str)
    if hint.startswith("list"):
        return lambda v: isinstance(v, list) and all(isinstance(x, str) for x in v)
    raise AssertionError(hint)


_CHECKS: dict[type[Any], tuple[frozenset[str], tuple[tuple[str, Callable[[object], bool]], ...]]] = {
    cls: (frozenset(f), tuple((name, _checker(hint)) for name, hint in f.items())) for cls, f in _FIELDS.items()
}


def from_data(data: object, where: str = "") -> Event:
    """An event from its stored form; anything malformed is a `DataError` naming `where`."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise DataError([Problem(Said("not an event object"), key=where)])
    cls = KINDS.get(data["type"])
    if cls is None:
        raise DataError([Problem(Said("unknown event type {kind!r}", kind=data["type"]), key=where)])
    given = dict(data)
    del given["type"]
    names, checks = _CHECKS[cls]
    for name, default in OPTIONAL.get(cls, {}).items():
        given.setdefault(name, _copied(default))  # no shared list or dict
    if given.keys() != names:
        raise DataError([Problem(Said("{kind} has fields {given}, expected {names}", kind=data["type"],
                                      given=sorted(given), names=sorted(names)), key=where)])
    for name, ok in checks:
        value = given[name]
        if not ok(value):
            wrong = Said("{kind}.{name} has the wrong type", kind=data["type"], name=name)
            raise DataError([Problem(wrong, key=where)])
        if type(value) is str:
            given[name] = sys.intern(value)  # names and cards recur on every line: keep one copy of each
    event: Event = made(cls, given)  # the names were checked above: no keyword arguments to check again
    return event
