"""The journal's vocabulary: the facts a table records, in the past tense.

Each event is a frozen, keyword-only dataclass. Events record what happened at the table
(a hand dealt from a seed, a card led), never a verdict: who won a pot is derived by the
referee when the journal is replayed, so a fixed rule re-derives every result. `to_data`
and `from_data` turn events into the JSON objects stored one per journal line.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

from popejoan_cli.errors import DataError, Problem


@dataclass(frozen=True, kw_only=True, slots=True)
class TableOpened:
    """A new table: its rules (embedded, so an old journal replays the same way) and seats."""

    name: str
    rules: dict[str, Any]
    rules_name: str
    players: list[str]
    counters: int
    dealer: str


@dataclass(frozen=True, kw_only=True, slots=True)
class PlayerJoined:
    """A player sat down between hands (at the dealer's right, last in the clockwise list)."""

    player: str
    counters: int


@dataclass(frozen=True, kw_only=True, slots=True)
class PlayerLeft:
    """A player left between hands, taking his counters with him."""

    player: str


@dataclass(frozen=True, kw_only=True, slots=True)
class HandDealt:
    """A virtual hand dealt from a seed (spec §3): the cards follow from seed, rules and seats."""

    seed: int | str
    dealer: str


@dataclass(frozen=True, kw_only=True, slots=True)
class SpareTaken:
    """A player took the spare hand (spec §3), paying the dealer `price`."""

    player: str
    price: int


@dataclass(frozen=True, kw_only=True, slots=True)
class CardLed:
    """A lead; in a virtual hand the referee plays the run's forced follows itself."""

    player: str
    card: str


@dataclass(frozen=True, kw_only=True, slots=True)
class Counted:
    """The banker counted the counters on a pot or in front of a player."""

    target: str
    counters: int


@dataclass(frozen=True, kw_only=True, slots=True)
class EventVoided:
    """Undo: the event with sequence number `seq` no longer counts. Nothing is deleted."""

    seq: int


@dataclass(frozen=True, kw_only=True, slots=True)
class HandCheckpointed:
    """The state after a hand: a balance assertion the replay must reproduce."""

    hand: int
    balances: dict[str, int]
    board: dict[str, int]


@dataclass(frozen=True, kw_only=True, slots=True)
class FinalDealt:
    """The final clearing deal (spec §8) from a seed."""

    seed: int | str


@dataclass(frozen=True, kw_only=True, slots=True)
class SessionEnded:
    """The session was closed."""


Event = (TableOpened | PlayerJoined | PlayerLeft | HandDealt | SpareTaken | CardLed | Counted | EventVoided
         | HandCheckpointed | FinalDealt | SessionEnded)

KINDS: dict[str, type[Any]] = {
    cls.__name__: cls
    for cls in (TableOpened, PlayerJoined, PlayerLeft, HandDealt, SpareTaken, CardLed, Counted, EventVoided,
                HandCheckpointed, FinalDealt, SessionEnded)
}


_FIELDS: dict[type[Any], dict[str, str]] = {cls: {f.name: str(f.type) for f in fields(cls)} for cls in KINDS.values()}


def to_data(event: Event) -> dict[str, Any]:
    return {"type": type(event).__name__, **asdict(event)}


def _type_ok(value: object, hint: str) -> bool:
    if hint.startswith("dict[str, int]"):
        return isinstance(value, dict) and all(isinstance(v, int) and not isinstance(v, bool)
                                               for v in value.values())
    if hint.startswith("dict"):
        return isinstance(value, dict)
    if hint == "int | str":
        return isinstance(value, int | str) and not isinstance(value, bool)
    if hint == "int":
        return isinstance(value, int) and not isinstance(value, bool)
    if hint == "str":
        return isinstance(value, str)
    if hint.startswith("list"):
        return isinstance(value, list) and all(isinstance(v, str) for v in value)
    return False


def from_data(data: object, where: str = "") -> Event:
    """An event from its stored form; anything malformed is a `DataError` naming `where`."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise DataError([Problem("not an event object", key=where)])
    cls = KINDS.get(data["type"])
    if cls is None:
        raise DataError([Problem(f"unknown event type {data['type']!r}", key=where)])
    given = {k: v for k, v in data.items() if k != "type"}
    wanted = _FIELDS[cls]
    if set(given) != set(wanted):
        raise DataError([Problem(f"{data['type']} has fields {sorted(given)}, expected {sorted(wanted)}", key=where)])
    for name, hint in wanted.items():
        if not _type_ok(given[name], hint):
            raise DataError([Problem(f"{data['type']}.{name} has the wrong type", key=where)])
    event: Event = cls(**given)
    return event
