"""What a screen's JSON shows of the cards, and what it may show: the web tests' shared helpers.

`cards_in(obj)` finds every card named anywhere in a JSON-ready object or JSON text, in either
notation ("AS" or "A♠"). `hidden_from(rec, seat)` is what one seat must never be shown while the
hand is open: the cards the other players hold and the spare hand, less what the table has seen
(the turn-up) or been told (the next card a stop named). Both are worked out here from the hand
itself, not from `table.seen`, so that a test of `seen` does not take its word for it.
"""

from __future__ import annotations

import json
import re
from typing import Any

from popejoan_cli.game.cards import CARDS, SPARE
from popejoan_cli.table.view import HandRecord

CARD = re.compile(r"(?<![0-9A-Za-z])(?:10|[2-9AJQK])[CDHS♣♦♥♠](?![A-Za-z])")
NUMBER = {spelt: c for c, card in enumerate(CARDS) for spelt in (str(card), card.face)}
"""Each card's two spellings ("AS", "A♠") to its number: a screen's JSON is scanned at every step of many hands."""


def _strings(obj: Any, into: list[str]) -> list[str]:
    """Every string in `obj`, keys too, appended to `into`."""
    if isinstance(obj, str):
        into.append(obj)
    elif isinstance(obj, dict):
        for k, v in obj.items():
            _strings(k, into)
            _strings(v, into)
    elif isinstance(obj, list):
        for v in obj:
            _strings(v, into)
    return into


def cards_in(obj: Any) -> set[int]:
    """Every card named in `obj` (an object, or JSON text, parsed first), but in its `history`: the hands
    there are over, their seeds told, so their cards are no secret (and the same cards are dealt again)."""
    if isinstance(obj, str | bytes) and obj[:1] in ("{", b"{"):
        obj = json.loads(obj)
    if isinstance(obj, dict) and "history" in obj:
        assert all((isinstance(h, dict) and h.get("seed") is not None) or h.get("real") for h in obj["history"]), \
            "a hand in the history is over: its seed is told"
        obj = {k: v for k, v in obj.items() if k != "history"}
    # One scan of all the strings, each apart: a NUL between them ends a word as the edges of a string do
    return {NUMBER[m[0]] for m in CARD.finditer("\0".join(_strings(obj, [])))}


def told(rec: HandRecord) -> set[int]:
    """The cards the whole table has seen or been told of: played, the turn-up, each stop's next card."""
    hand = rec.hand
    seen = {int(p.card) for p in hand.plays}
    if hand.turnup is not None:
        seen.add(int(hand.turnup))
    seen.update(hand.succ[s.card] for s in hand.stops if hand.succ[s.card] >= 0)
    return seen


def hidden_from(rec: HandRecord, seat: int | None) -> set[int]:
    """What `seat` (None: the board) must not be shown: every card held by another player or in the
    spare hand, less what the table has seen or been told."""
    hand = rec.hand
    held = {c for s, cards in enumerate(hand.holding) if s != seat for c in cards}
    spare = {c for c in range(52) if hand.holder[c] == SPARE}
    return (held | spare) - told(rec)


def names(cards: set[int]) -> list[str]:
    return sorted(str(CARDS[c]) for c in cards)
