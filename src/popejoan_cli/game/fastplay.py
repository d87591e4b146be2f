"""The play-out engine: `push`, the referee's run tuned for speed, for the bots, the play-outs and `simulate`.

The referee's own text of a run is `Hand._run` (game/hand.py), written as the rules read: a card is played,
wins what it wins, and the run goes on by whoever must play the next card, or stops and says why. `push` does
the same on the same record, but as a loop over tables made once per table size and follow rule (`run_tables`,
`stop_code_table`, `stopping`), with the printed rules' lead law as policies it reads without a call
(`FirstHeld`, `FirstAllowed`): about 1.4x hand-written code of the same rules (bench/playout.py). The two are
held to the same record, card for card and counter for counter, by property tests over every preset and random
combinations of keys (tests/game/test_fastplay.py), as the hand-written baselines are held to `push`.

`Hand.push` is this module's `push`: bots and play-outs call it as a method. Pure: no files, no printing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from popejoan_cli.game.cards import CARDS, Card
from popejoan_cli.game.state import (
    AWAY,
    BELOW_PLACE,
    LEAD,
    NO_CARD,
    NO_CARD_BELOW,
    PLAYED,
    STOP_CODE,
    STOP_REASONS,
    TOP_PLACE,
    UNKNOWN,
    Award,
    HandKind,
    StopReason,
    Trigger,
    Trumps,
    Turn,
)

Hand = Any
"""A `game.hand.Hand`, which imports this module: named here without an import, so that no import goes round
in a circle (tests/test_layers.py)."""

__all__ = ["FirstAllowed", "FirstHeld", "StopCodes", "push", "run_tables", "stop_code_table", "stopping"]

_PLACED: dict[int, StopReason | None] = {**AWAY, UNKNOWN: None, TOP_PLACE: "top", BELOW_PLACE: "below"}
"""Why a run stops at a card that `push` cannot follow, by where the card is: not in any hand, or (any seat,
the default) in a hand that may not play it now (clockwise follow: not the next player's); or no card at all,
after a top card or a card below a pot's (`NO_CARD`). None: unseen, the run waits (`_next`)."""
_VIRTUAL = HandKind.VIRTUAL  # looked up once: an Enum member read from its class is slow in Python 3.11
_FOLLOW = -1
_new = tuple.__new__
_WAIT = len(STOP_REASONS)
assert _FOLLOW == -1 and PLAYED == -5 and _WAIT == 8, "push's loop writes these as literals"
_TOP = STOP_CODE["top"]
_BELOW = STOP_CODE["below"]
_RUN_TABLES: dict[tuple[bool, int], tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]] = {}
StopCodes = tuple[tuple[tuple[int, ...], ...], ...]
_STOP_CODES: dict[int, StopCodes] = {}


def stop_code_table(seats: int) -> StopCodes:
    """`codes[seat][why][card]`, a stop's code in `stop_codes` (`seat << 9 | card << 3 | why`), made once per
    table size: worked out on each stop, the code was a new int object (Python keeps only those up to 256),
    and making and freeing it cost a play-out of clockwise follow, with a stop after most cards, 7% of its
    time. Kept here, not in the rules' cache or the hand, so that a table's `.folded` cache does not pickle it."""
    found = _STOP_CODES.get(seats)
    if found is None:
        found = _STOP_CODES[seats] = tuple(tuple(tuple(seat * 512 + card * 8 + why for card in range(52))
                                                 for why in range(len(STOP_REASONS)))
                                           for seat in range(seats))
    return found


def run_tables(clockwise: bool, seats: int) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """`_PLACED` and the next leader as tables, made once per follow rule and table size: `placed[seat][h]`,
    for the card after `seat`'s held by `h` (a seat, or a negative place: the index wraps), is `_FOLLOW` when
    `h` plays it next, else the stop's reason (`STOP_CODE`), or `_WAIT`; `after[seat][why]` is who leads after
    a stop for that reason on `seat`'s card: its player after a top card or a card below a pot's
    (docs/house-rules.md: wins = "below", "the right to play another card"), else clockwise the next seat."""
    found = _RUN_TABLES.get((clockwise, seats))
    if found is None:
        places = [*range(seats), *range(-7, 0)]  # index i of a tuple of seats + 7: place i, or i - (seats + 7)
        placed = tuple(
            tuple(_FOLLOW if h >= 0 and (not clockwise or h == (seat + 1) % seats)
                  else STOP_CODE[why] if (why := _PLACED.get(h, "not-in-turn")) is not None else _WAIT
                  for h in places)
            for seat in range(seats))
        after = tuple(tuple((seat + 1) % seats if clockwise and code not in (_TOP, _BELOW) else seat
                            for code in range(len(STOP_REASONS)))
                      for seat in range(seats))
        found = _RUN_TABLES[clockwise, seats] = (placed, after)
    return found


def stopping(succ: tuple[int, ...], trumps: Trumps) -> tuple[int, ...]:
    """`succ` as `push` reads it: `NO_CARD` after a top card, and after a card below a `wins = "below"` pot's
    (docs/house-rules.md: "those plays become stops") `NO_CARD_BELOW`, so that the run stops there, whoever
    holds the next card, and the stop is told as "below"."""
    made = [NO_CARD if c < 0 else c for c in succ]
    for c in trumps.stops_by_rule:
        made[c] = NO_CARD_BELOW
    return tuple(made)



class FirstHeld:
    """The policy "each seat leads the first card it holds in `LEAD_KEY` order": `lowest_lead` when every card
    is known and no lead must change suit (`Legality.lowest_policy`). A callable like any policy; `push`
    knows its type and reads `ordered` itself, without a call per lead."""

    __slots__ = ("ordered",)

    def __init__(self, ordered: list[list[int]]) -> None:
        self.ordered = ordered

    def __call__(self, seat: int) -> int:
        return self.ordered[seat][0]


class FirstAllowed:
    """`lowest_lead` where a stop passes the lead to the first seat that holds an allowed suit (known cards):
    that seat's first card of such a suit is its lowest lead. A callable like any policy; `push` takes the
    card passing the lead found instead of calling it."""

    __slots__ = ("lowest",)

    def __init__(self, lowest: Callable[[int], Card]) -> None:
        self.lowest = lowest

    def __call__(self, seat: int) -> int:
        return self.lowest(seat)


def push(self: Hand, seat: int, card: int, follow: bool = True, then: Callable[[int], int] | None = None) -> None:
    """Apply a play taken from `legal_plays()` / `legal_leads(seat)`, unchecked, then (with
    `follow`) every forced follow of its run: the fast path of bots and play-outs. With `then`
    (a policy: the leader's seat to its lead, one of `legal_leads`), each stop's next lead is
    `then`'s and played the same way, until the hand ends or a run waits on the table."""
    moves, played_by, holder, ordered, left, triggers, succ, placed, after, stop_codes = self.run_tables
    codes = _STOP_CODES.get(self.seats) or stop_code_table(self.seats)
    lead, passing, firsts, allowed = _run_mode(self, then, follow)
    # A `Card` is an int subclass, which misses the interpreter's fast paths for ints: unary plus makes it
    # a plain int, without the call `int(card)` costs.
    card = +card
    found = -1
    # A card leaves its player's `ordered` list where it is chosen: the first here, a follow as it is found,
    # a lead after a stop as the policy gives it, where `FirstHeld`'s is the list's first card, taken off
    # without a search or a call (under clockwise follow most cards are leads).
    _lift(self, seat, card)
    while True:
        moves.append(card + lead)  # the card, and 64 for a lead: its player is `played_by[card]`
        played_by[card] = seat
        holder[card] = -5  # PLAYED, a constant rather than a global on every card
        n = left[seat] = left[seat] - 1
        # The pots the card may win (a list, never empty), or None; the Pope led in lieu of a stop goes on as
        # the card it stands in for. (`is not None` rather than a truth test: Python 3.11 jumps on it without
        # calling the object's truth, about 4 ns a card.)
        if triggers[card] is not None:
            card = _pay_pots(self, seat, CARDS[card], triggers[card], lead)
        if not n:
            _out_after(self, seat, firsts is not None)
            return
        nxt = succ[card]  # `NO_CARD` after a top card, `NO_CARD_BELOW` after a card below a pot's
        why = placed[seat][h := holder[nxt]]
        if why == -1:  # _FOLLOW, the common case, kept short: the next card is in the hand `h` that must play it
            if follow:
                seat, card, lead = h, nxt, 0
                try:  # noqa: SIM105
                    ordered[h].remove(nxt)
                except ValueError:
                    pass  # not in the record's list of that hand (a real deck's card placed without it)
                continue
            self.turn = Turn("follow", nxt, h)
            return
        # A stop (`_stop`, inline): recorded by its code (seat << 9 | card << 3 | why, made once: `_stop_codes`);
        # the leader next, who may have to pass. `FirstHeld`'s lead is read here: in a dealt hand no run waits,
        # and nothing reads the turn before the hand ends, when the last stop's is written (`_out_after`).
        if firsts is not None:
            stop_codes.append(codes[seat][why][card])
            seat = after[seat][why]
            held = firsts[seat]
            card, lead = +held[0], 64
            del held[0]
            continue
        if why == 8:  # _WAIT
            self._next(seat, nxt)  # unseen: whoever plays it next is the table's to say
            return
        stop_codes.append(codes[seat][why][card])
        seat = after[seat][why]
        self.turn = LEAD
        self.leader = seat
        self.after_stop_suit = card // 13
        if passing:
            found = self._pass_lead(seat, card // 13)
            if found < 0:
                return  # a passing lead found nobody to lead: a void hand
            seat = self.leader
        if then is None:
            return
        # The policy's lead; its fast form without a call: the card passing the lead found.
        card, lead = +(found if allowed else then(seat)), 64
        try:  # noqa: SIM105
            ordered[seat].remove(card)
        except ValueError:
            pass  # an unseen card (a real deck)

def _lift(self: Hand, seat: int, card: int) -> None:
    """`card` leaves `seat`'s `ordered` list, where the record knows it (a real deck's unseen card is not)."""
    try:  # noqa: SIM105 (contextlib.suppress makes an object and runs two Python methods on every push)
        self.ordered[seat].remove(card)
    except ValueError:
        pass

def _out_after(self: Hand, seat: int, unwritten: bool) -> None:
    """`seat` went out (`push`); with `unwritten` (`FirstHeld`'s leads, where no lead passes), `push` did not
    write the turn after its stops, and the last stop's leader and suit are written first, from its code:
    under these rules the leader changes only at a stop, so they are what the stop's own path would write."""
    codes = self.stop_codes
    if unwritten and codes:
        code = codes[-1]  # seat << 9 | card << 3 | why
        self.leader = self.run_tables[8][code >> 9][code & 7]  # `after`
        self.after_stop_suit = (code >> 3 & 63) // 13
    self.ledger.go_out(seat)

def _run_mode(self: Hand, then: Callable[[int], int] | None,
          follow: bool) -> tuple[int, bool, list[list[int]] | None, bool]:
    """What `push` reads once: whether a lead is due (64 or 0, the lead's bit in a move's code: an int, int
    arithmetic is the fast path), whether a stop passes the lead (known hands), and the lowest policy's forms
    it reads without a call: `FirstHeld`'s lists (known hands, and every run followed: `push` then writes the
    turn only as the hand ends), and whether `then` is `FirstAllowed` where a stop passes the lead."""
    virtual = self.kind is _VIRTUAL
    passing = self.settings.passing and virtual
    firsts = then.ordered if type(then) is FirstHeld and follow and virtual else None
    return 64 if self.turn.phase == "lead" else 0, passing, firsts, passing and type(then) is FirstAllowed



def _pay_pots(self: Hand, seat: int, card: Card, trig: list[Trigger], lead: int) -> int:
    """`Hand._wins` for the engine: most cards that win a pot win one card pot, paid inline (`Board.take` and
    `Settlement.award` without their calls); a pair pot goes through the referee's own `_pair_played`."""
    net, awards, counters = self.net, self.awards, self.board.counters
    for kind, name, other in trig:
        if kind != "pair":  # "card", or "below" (Peel's card below a pot's: docs/house-rules.md)
            amount = counters[name]
            if amount:
                counters[name] = 0
                net[seat] += amount
                awards.append(_new(Award, (name, seat, amount, "play", (card,))))
        elif self.played_by[other] >= 0:
            self._pair_played(name, seat, other, card)
    if card != self.trumps.pope_card:
        return +card
    if self.rules.play.pope_stakes:
        self.ledger.pope_stakes(seat)
    return self._in_lieu(card) if lead and self.rules.play.pope_in_lieu else +card
