"""The `hand replay --json` object (see docs/hand-json.md): a played hand, or the final deal, as JSON data."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from popejoan_cli.game.cards import Card, rank_order
from popejoan_cli.game.hand import Award, Feed, Hand
from popejoan_cli.game.playout import FinalResult


def award_json(a: Award, names: Sequence[str]) -> dict[str, Any]:
    return {"pot": a.pot, "seat": names[a.seat], "amount": a.amount, "at": a.at}


def fed_json(feeds: Sequence[Feed], names: Sequence[str]) -> dict[str, Any]:
    """`{"fed": [...]}`: the counters players put on pots besides the dressing; `{}` when there are none, so
    that a hand played by rules without such payments is written as it always was (docs/hand-json.md)."""
    if not feeds:
        return {}
    return {"fed": [{"player": names[f.seat], "pot": f.pot, "amount": f.amount, "for": f.why} for f in feeds]}


def plays_json(hand: Hand, names: Sequence[str]) -> list[dict[str, Any]]:
    """Every card played, `{"seat", "card", "lead"}`. The Pope played in lieu of a stop (docs/house-rules.md:
    play.pope_in_lieu) is no lead: `"lead": false`, and `"in_lieu_of"` names the missing card it stood in for
    (written only there, so that every other hand reads as it always did)."""
    lieu = hand.law.pope_in_lieu_of()
    pope = hand.pope_card if lieu >= 0 else None
    out: list[dict[str, Any]] = []
    for p in hand.plays:
        if p.card == pope:
            out.append({"seat": names[p.seat], "card": str(p.card), "lead": False, "in_lieu_of": str(Card(lieu))})
        else:
            out.append({"seat": names[p.seat], "card": str(p.card), "lead": p.lead})
    return out


def to_json(hand: Hand, names: Sequence[str], rules_name: str) -> dict[str, Any]:
    """The replay object, field for field as docs/hand-json.md lists them."""
    return {
        "rules": rules_name,
        "dealer": names[hand.dealer],
        "turnup": None if hand.turnup is None else str(hand.turnup),
        "trump": None if hand.trump is None else hand.trump.name,
        "dressed": dict(hand.dressed),
        "plays": plays_json(hand, names),
        "stops": [{"seat": names[s.seat], "card": str(s.card), "reason": s.reason} for s in hand.stops],
        "awards": [award_json(a, names) for a in hand.awards],
        "out": None if hand.out is None else names[hand.out],
        "void": hand.void,
        "payments": [{"from": names[p.payer], "to": names[p.payee], "amount": p.amount, "for": p.why}
                     for p in hand.payments],
        **fed_json(hand.feeds, names),
        "board": hand.board.snapshot(),
        "net": {names[i]: n for i, n in enumerate(hand.net)},
    }


def final_json(res: FinalResult, names: Sequence[str], rules_name: str) -> dict[str, Any]:
    ah = res.rules.ace_high
    return {
        "rules": rules_name,
        "dealer": names[res.dealer],
        "turnup": None,
        "trump": res.suit.name,
        "dressed": dict.fromkeys(res.board.order, 0),
        "plays": [],
        "stops": [],
        "awards": [award_json(a, names) for a in res.awards],
        "out": None,
        "void": False,
        "payments": [],
        "board": res.board.snapshot(),
        "net": {names[i]: n for i, n in enumerate(res.net)},
        "hands": {names[i]: [str(c) for c in sorted(h, key=lambda c: (c // 13, rank_order(c, ah)))]
                  for i, h in enumerate(res.hands)},
    }
