"""The `good` level: the old sources' advice, as a valuation of each legal lead from one seat's view.

`good_lead(view)` values each of the seat's legal leads, in this order of preference: a lead
that goes out; a lead that keeps the lead (a run of one's own cards ending at a known stop: the
top card, the card below a removed card such as 7♦ under 8♦, below a played card, below the
out-of-play turn-up or below a card known to be in the spare hand); the Pope and the trump ace,
early, since nothing can be played up to them; then the lead worth most: the pots it wins, the
cards it sheds, a bonus for a card only a lead can ever play, less a pot card it hands to the
next holder. Played cards are remembered through the referee's public record. Deterministic:
ties go to the lowest policy's order.

It reads a seat's view (`Sees`): at a table its `Observation` (`bots.pick_lead`), and in the
`strong` level's look-ahead (`lookahead`) a `Seen`, the same facts read from a dealt world in
place, for `play_out_good` (a hand played out so takes half the time: 0.28 ms, not 0.54).
Pure: no files, no printing.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Protocol

from popejoan_cli.game.cards import CARDS, Card
from popejoan_cli.game.hand import LEAD_KEY, Hand
from popejoan_cli.game.state import RANK, SUCC, Stop, Trigger, stops_by_rule


class Table(Protocol):
    """What `good` reads of the table's view (`sight.Public`): facts that hold for the whole hand."""

    @property
    def ace_high(self) -> bool: ...
    @property
    def clockwise(self) -> bool: ...
    @property
    def pairs_ascending(self) -> bool: ...
    @property
    def pairs_same_player(self) -> bool: ...
    @property
    def removed(self) -> frozenset[int]: ...
    @property
    def turnup(self) -> Card | None: ...
    @property
    def turnup_dead(self) -> bool: ...
    @property
    def trump(self) -> int | None: ...
    @property
    def pope_card(self) -> int | None: ...


class Sees(Protocol):
    """What `good` reads of a seat's observation: an `Observation`, or `Seen` in a look-ahead."""

    @property
    def seat(self) -> int: ...
    @property
    def own(self) -> Collection[int]: ...
    @property
    def legal(self) -> Sequence[int]: ...
    @property
    def public(self) -> Table: ...
    @property
    def left(self) -> Sequence[int]: ...
    @property
    def played_by(self) -> Sequence[int]: ...
    @property
    def stops(self) -> Sequence[Stop]: ...
    @property
    def counters(self) -> Mapping[str, int]: ...
    @property
    def triggers(self) -> Mapping[int, Sequence[Trigger]]: ...


class Seen:
    """A seat's view of a known hand in a look-ahead's play-out (`play_out_good`): the facts `good`
    reads, taken from the hand in place rather than copied into an `Observation`. The same facts a
    seat sees, but the stops' true reasons under clockwise follow (told later), which `good` reads
    only under holder follow: in a dealt world there is nothing to hide."""

    __slots__ = ("counters", "left", "legal", "own", "played_by", "public", "seat", "stops", "triggers")

    def __init__(self, hand: Hand, seat: int, table: Table) -> None:
        self.seat = seat
        self.own: Collection[int] = hand.ordered[seat]
        self.legal: Sequence[int] = hand.law.legal_leads(seat)
        self.public = table
        self.left: Sequence[int] = hand.left
        self.played_by: Sequence[int] = hand.played_by
        self.stops: Sequence[Stop] = () if table.clockwise else hand.stops
        self.counters: Mapping[str, int] = hand.board.counters
        self.triggers: Mapping[int, Sequence[Trigger]] = hand.trumps.triggers


Lead = Callable[[Sees, set[int]], Card]
"""A lead from a seat's view and the dead cards there: `good_lead`, or another policy's (`play_out_good`'s `own`)."""


def play_out_good(hand: Hand, table: Table, own: tuple[int, Lead] | None = None) -> Hand:
    """Play a known hand to its end with `good` at every seat, fast (`Seen`); `table`: its public
    facts for the whole hand (`Hand.public()`, or an observation's `public` from the same hand); `own`: one seat
    that leads by a policy of its own instead (bench/distil.py's experiment). The dead cards are kept as the hand
    goes (`Dead`), not worked out again at every lead: the same set `_dead` makes."""
    push = hand.push
    dead = Dead(table)
    own_seat, own_lead = own if own is not None else (-1, good_lead)
    while not hand.ended:
        if hand.turn.phase == "lead":
            seat = hand.leader
            view = Seen(hand, seat, table)
            push(seat, (own_lead if seat == own_seat else good_lead)(view, dead.now(hand, view)))
        else:
            hand.follow_run()
    return hand


class Dead:
    """The dead cards of one hand as it is played out (`_dead`, kept up to date): the cards removed and a dead
    turn-up from the start, then each card played and each card after a spare stop as the record grows (it only
    grows, so each lead adds what is new since the last)."""

    def __init__(self, table: Table) -> None:
        self.succ = SUCC[table.ace_high]
        self.cards: set[int] = set(table.removed)
        if table.turnup is not None and table.turnup_dead:
            self.cards.add(table.turnup)
        self.moves = self.stops = 0

    def now(self, hand: Hand, view: Sees) -> set[int]:
        """The dead cards at `view`, a lead of `hand`: what `_dead(view, succ)` gives."""
        cards, moves = self.cards, hand.moves
        for m in moves[self.moves:]:
            cards.add(m & 63)
        self.moves = len(moves)
        stops = view.stops
        for stop in stops[self.stops:]:
            if stop.reason == "spare" and self.succ[stop.card] >= 0:
                cards.add(self.succ[stop.card])
        self.stops = len(stops)
        return cards


_PRED: dict[bool, tuple[int, ...]] = {}
"""The card one rank below each card in its suit (-1 for the lowest), by ace rule."""


def _pred_table(ace_high: bool, succ: Sequence[int]) -> tuple[int, ...]:
    found = _PRED.get(ace_high)
    if found is None:
        pred = [-1] * 52
        for c, n in enumerate(succ):
            if n >= 0:
                pred[n] = c
        found = _PRED[ace_high] = tuple(pred)
    return found


_BELOW: dict[int, tuple[Mapping[int, Sequence[Trigger]], frozenset[int]]] = {}
"""Each set of triggers seen (by identity, kept alive with it) and the cards below a pot's it makes stops."""


def _below_stops(triggers: Mapping[int, Sequence[Trigger]]) -> frozenset[int]:
    found = _BELOW.get(id(triggers))
    if found is None or found[0] is not triggers:
        if len(_BELOW) > 256:  # a long run of different trumps: start again rather than grow
            _BELOW.clear()
        found = _BELOW[id(triggers)] = (triggers, frozenset(stops_by_rule(triggers)))
    return found[1]


def _dead(view: Sees, succ: Sequence[int]) -> set[int]:
    """Cards the leader knows can never be played from now on (public knowledge only)."""
    dead: set[int] = set(view.public.removed)
    played_by = view.played_by
    dead.update(c for c in range(52) if played_by[c] >= 0)
    if view.public.turnup is not None and view.public.turnup_dead:
        dead.add(view.public.turnup)
    for stop in view.stops:
        if stop.reason == "spare":
            nxt = succ[stop.card]
            if nxt >= 0:
                dead.add(nxt)
    return dead


class _Judge:
    """The `good` level's valuation of each legal lead, from one seat's observation."""

    def __init__(self, view: Sees, dead: set[int] | None = None) -> None:
        self.view = view
        self.succ = SUCC[view.public.ace_high]
        self.pred = _pred_table(view.public.ace_high, self.succ)
        self.rank = RANK[view.public.ace_high]
        self.dead = _dead(view, self.succ) if dead is None else dead
        trump = view.public.trump
        self.early = {view.public.pope_card, None if trump is None else trump * 13}  # the Pope and the trump ace
        # Cards below a `wins = "below"` pot's (docs/house-rules.md): each is a stop its player leads after. The
        # same for the whole hand (its triggers are its trumps'): made once a set of triggers.
        self.stops = _below_stops(view.triggers)

    def pots_of(self, chain: list[int]) -> float:
        view, rank = self.view, self.rank
        counters, played_by, seat = view.counters, view.played_by, view.seat
        won = 0.0
        in_chain = set(chain)
        for c in chain:
            for kind, name, other in view.triggers.get(c, ()):
                if kind != "pair":
                    won += counters[name]
                elif view.public.pairs_ascending and rank[other] > rank[c]:
                    continue
                elif other in in_chain or played_by[other] == seat:
                    won += counters[name]
                elif not view.public.pairs_same_player and played_by[other] >= 0:
                    won += counters[name] / 2
        return won

    def score(self, c: int, key: Sequence[int]) -> tuple[float, ...]:
        view, succ, mine = self.view, self.succ, self.view.own
        holder_follows = not view.public.clockwise
        chain = [c]
        nxt = succ[c]
        while holder_follows and nxt >= 0 and nxt in mine and chain[-1] not in self.stops:
            chain.append(nxt)
            nxt = succ[nxt]
        goes_out = len(chain) >= view.left[view.seat]
        # Holder follow: the player of the stop card leads next; clockwise: only a top stop (or a card below a
        # pot's) keeps it.
        keeps = nxt < 0 or chain[-1] in self.stops or (holder_follows and nxt in self.dead)
        value = self.pots_of(chain) + 0.6 * len(chain)
        p = self.pred[c]
        if p < 0 or p in self.dead:
            value += 1.5  # nothing can be played up to it: only a lead of ours ever plays it
        if not keeps and nxt >= 0 and nxt not in mine:
            # The run passes to someone else: a pot card next is a gift to him.
            for kind, name, _ in view.triggers.get(nxt, ()):
                if kind == "card":
                    value -= 0.5 * view.counters[name]
        return (float(goes_out), float(keeps), float(c in self.early), value, float(-key[c]))


def good_lead(view: Sees, dead: set[int] | None = None) -> Card:
    """The `good` level's lead from what its seat may know (`Hand.observe`); `dead`: the dead cards there, where
    the caller keeps them (`Dead`), else worked out from the view."""
    legal = view.legal
    if len(legal) == 1:
        return CARDS[legal[0]]
    key = LEAD_KEY[view.public.ace_high]
    judge = _Judge(view, dead)
    return CARDS[max(legal, key=lambda c: judge.score(c, key))]
