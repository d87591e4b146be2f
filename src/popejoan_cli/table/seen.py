"""What each screen may be shown of a table: the board for everyone, and one seat's own hand.

`board_state(view)` is what the whole table may see (the board, the standings, the runs as
played, the awards, whose lead); `seat_state(view, player)` adds that player's own cards and,
when it is their lead, the leads the referee would accept. Both are JSON-ready dicts, cards in
popejoan notation ("AS", "10H"). Neither ever holds another player's cards, the spare hand, or
an open hand's seed: the table is told only what it has seen (the cards played, the turn-up)
and what the stops said: the hand's part is built from `Hand.public()` (the stops' told reasons) and
`Hand.observe(seat)`, and an open hand's seed is never told (`told_seed`). The words
of a narration live in the web layer, above `render`; this module gives the facts. Pure: no
files, no printing.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from popejoan_cli.game.cards import CARDS, Card, sort_key
from popejoan_cli.game.hand import Hand, Play, Public, Stop
from popejoan_cli.table.view import HandRecord, TableView, told_seed

State = dict[str, Any]


def shown_hand(view: TableView) -> HandRecord | None:
    """The hand a screen shows: the one being played, else the last one (its end stays in view)."""
    return view.open_hand or (view.hands[-1] if view.hands else None)


def _players(view: TableView, rec: HandRecord | None, pub: Public | None) -> list[State]:
    """Each player's standing; `this_hand`: their change in the hand on show (its dressing, pots and payments so
    far, public: `Public.net`); `dealer` marks who deals: the open hand's dealer, or once it is over (or before
    the first) the next hand's, as the turn line says "Dan deals next." (issue 38: not the last hand's)."""
    balances = view.live_balances()
    between = (rec is None or rec.closed) and not view.ended  # an ended session: nobody deals
    out = []
    for name in view.players:
        seat = rec.players.index(name) if rec is not None and name in rec.players else None
        out.append({"name": name, "balance": balances.get(name, 0), "held": _held(rec, pub, seat),
                    "this_hand": None if pub is None or seat is None else pub.net[seat],
                    "dealer": (name == view.next_dealer if between else
                               pub is not None and seat == pub.dealer and not view.ended),
                    "leader": pub is not None and seat is not None and pub.phase == "lead" and seat == pub.leader})
    return out


def _held(rec: HandRecord | None, pub: Public | None, seat: int | None) -> int | None:
    """How many cards `seat` holds. A real deck's hands are unseen: that is the table's to count, not ours."""
    if rec is None or pub is None or seat is None or rec.kind.real:
        return None
    return pub.left[seat]


def _runs(rec: HandRecord, pub: Public) -> list[State]:
    """The hand's runs as played: each lead and its follows, and the stop that ended it (if one did),
    its reason as the table was told it (`Public.stops`)."""
    names = rec.players
    runs: list[list[Play]] = []
    for p in pub.plays:
        if p.lead or not runs:
            runs.append([])
        runs[-1].append(p)
    stops = list(pub.stops)
    out: list[State] = []
    k = 0
    for run in runs:
        stop: Stop | None = None
        # A stop right after the Pope in lieu of a stop is on the card it stood in for (docs/house-rules.md).
        if k < len(stops) and (stops[k].card == run[-1].card or (len(run) == 1 and run[0].card == rec.hand.pope_card
                                                                 and rec.hand.law.pope_in_lieu_of() >= 0)):
            stop, k = stops[k], k + 1
        out.append({"leader": names[run[0].seat],
                    "cards": [{"card": str(p.card), "player": names[p.seat]} for p in run],
                    "stop": None if stop is None else _stop(rec, stop)})
    return out


def _stop(rec: HandRecord, stop: Stop) -> State:
    nxt = rec.hand.succ[stop.card]
    return {"card": str(stop.card), "reason": stop.reason, "next": str(CARDS[nxt]) if nxt >= 0 else None}


def _awards(rec: HandRecord, pub: Public, labels: dict[str, str]) -> list[State]:
    names = rec.players
    return [{"pot": a.pot, "label": labels.get(a.pot, a.pot), "player": names[a.seat], "counters": a.amount,
             "at": a.at, "cards": [str(c) for c in a.cards]} for a in pub.awards]


def _settlement(rec: HandRecord, pub: Public) -> State:
    names = rec.players
    return {"out": None if pub.out is None else names[pub.out], "void": pub.void,
            "at_turnup": pub.at_turnup,
            "net": {names[i]: n for i, n in enumerate(pub.net)},
            "payments": [{"from": names[p.payer], "to": names[p.payee], "counters": p.amount, "for": p.why}
                         for p in pub.payments],
            "fed": [{"player": names[f.seat], "pot": f.pot, "counters": f.amount, "for": f.why} for f in pub.feeds]}


def history(view: TableView) -> list[State]:
    """The hands played to their end, each with its seed (told once the hand is over) and each player's change."""
    out = []
    for rec in view.hands:
        if not rec.closed:
            continue
        hand = rec.hand
        seed = told_seed(rec)
        out.append({"hand": rec.number, "dealer": rec.dealer, "real": rec.kind.real,
                    "seed": None if seed is None or rec.kind.real else str(seed),
                    "turnup": None if hand.turnup is None else str(hand.turnup),
                    "out": None if hand.out is None else rec.players[hand.out], "void": hand.void,
                    "net": {rec.players[i]: n for i, n in enumerate(hand.net)}})
    return out


def _turn(rec: HandRecord | None, pub: Public | None) -> State:
    if rec is None or pub is None:
        return {"phase": "none", "lead": None}
    lead = rec.players[pub.leader] if pub.phase == "lead" and not rec.closed else None
    return {"phase": "over" if rec.closed else pub.phase, "lead": lead}


def _hand_part(view: TableView, rec: HandRecord | None) -> State:
    """What the table has seen of the hand on show, all from its one public view (`Hand.public`)."""
    if rec is None:
        return {"players": _players(view, None, None), "spare": None, "turnup": None, "trump": None,
                **_turn(None, None), "runs": [], "awards": [], "over": False, "seed": None, "settlement": None}
    pub = rec.hand.public()
    labels = {p.name: p.label for p in view.the_rules().pots}
    seed = told_seed(rec) if not rec.kind.real else None
    return {
        "players": _players(view, rec, pub),
        "spare": None if pub.kind.real else pub.spare_size,
        **_turnup(pub),
        **_turn(rec, pub),
        "runs": _runs(rec, pub),
        "awards": _awards(rec, pub, labels),
        "over": rec.closed,
        "seed": None if seed is None else str(seed),
        "settlement": _settlement(rec, pub) if rec.closed else None,
    }


def _turnup(pub: Public) -> State:
    up = pub.turnup
    if up is None:
        return {"turnup": None, "trump": None}
    return {"turnup": str(up), "trump": {"suit": up.suit.name, "symbol": up.suit.symbol, "title": up.suit.title}}


def board_state(view: TableView) -> State:
    """What the whole table may see now (see the module's docstring for what it never holds)."""
    rules = view.the_rules()
    rec = shown_hand(view)
    board = view.live_board()
    return {
        "table": view.name, "rules": view.rules_name, "seq": view.last_seq,
        "hand": rec.number if rec is not None else None,
        "real": rec is not None and rec.kind.real,
        "dealer": rec.dealer if rec is not None else None, "next_dealer": view.next_dealer,
        "ended": view.ended,
        "pots": [{"name": p.name, "label": p.label, "counters": board.get(p.name, 0)} for p in rules.pots],
        **_hand_part(view, rec),
        "history": history(view),
    }


def own_cards(hand: Hand, seat: int) -> list[Card]:
    """A seat's cards sorted as `hand show` sorts them: by suit, then rank (from its observation)."""
    return _in_hand_order(hand.observe(seat).own, hand.ace_high)


def _in_hand_order(cards: Iterable[int], ace_high: bool) -> list[Card]:
    return sorted((CARDS[c] for c in cards), key=lambda c: sort_key(c, ace_high))


def your_part(view: TableView, player: str) -> State:
    """`player`'s own cards and, when it is their lead, the leads the referee would accept: from
    their observation (`Hand.observe`), the only way a private fact leaves the hand. Once the hand
    is over (until the next deal), the cards they were left with, with `left` true."""
    rec = shown_hand(view)
    you: State = {"name": player, "hand": None, "legal": [], "your_lead": False, "left": False}
    if rec is None or rec.kind.real or player not in rec.players:
        return you
    hand, seat = rec.hand, rec.players.index(player)
    mine = hand.observe(seat)
    you.update(hand=[str(c) for c in _in_hand_order(mine.own, hand.ace_high)],
               # `legal` off the lead: the Pope in lieu of a stop, offered to its holder alone (docs/house-rules.md)
               your_lead=not rec.closed and mine.public.phase == "lead" and (seat in mine.public.lead_seats
                                                                              or bool(mine.legal)),
               legal=[] if rec.closed else [str(CARDS[c]) for c in mine.legal],
               left=rec.closed)  # the hand is over: what you were left with stays on your page
    return you


def seat_state(view: TableView, player: str) -> State:
    """`board_state` and, under `you`, what only `player` may see: `name`, `hand` (their cards, sorted;
    None in a real-deck hand or before the first deal), `legal` (their legal leads, when it is their
    lead), `your_lead`, and `left` (the hand is over: `hand` is what they were left with)."""
    if player not in view.players:
        raise KeyError(player)
    return {**board_state(view), "you": your_part(view, player)}
