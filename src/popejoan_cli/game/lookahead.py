"""Looking ahead: the `strong` level's search over the hands it cannot see, and its figures.

`weigh(view, rules, seed)` values each legal lead of the seat whose lead it is, from that
seat's observation only (determinized Monte Carlo): it deals the hidden cards again as the
observation allows (`worlds.Worlds`), replays the public record's leads on each such deal to
reach the position the seat sees, then plays each candidate lead and the rest of the hand out
with `good` at every seat (`heuristic.play_out_good`): the level it plays against. A lead's value is the counters
its seat gains from now to the end of the hand, pots and settlement, on average over the
worlds. Every candidate is played on the same worlds (common random numbers), so the
differences between leads are not drowned by the differences between deals.

The random numbers come from a `random.Random` seeded with a hash of what the seat may know
and the caller's seed (`seed_of`), never from the global state: the same observation and seed
give the same lead, in any process, and a seat's hidden cards cannot change it.

The cost is fixed, not timed (a timed search would not replay), and spent where it decides
(successive halving): every legal lead is played on the first third of `WORLDS` deals, then the
best `KEEP` go on to all `WORLDS` and the rest are dropped (`rollouts` counts the play-outs); a
single legal lead needs no search. `LeadValue`
also keeps what the coach tells a learner (`render.practice_views.hint_lines`): how often the
lead keeps the lead, the cards it sheds, and the pots its seat wins from now on.

`peek` weighs the same leads on the real deal (`Hand`, not an observation): the bound a fair
bot is measured against in `simulate`, reachable from `game.simulate` only and never offered
at a table. Pure: no files, no printing.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from popejoan_cli.game.board import Board
from popejoan_cli.game.cards import CARDS, Card, Dealt
from popejoan_cli.game.hand import LEAD_KEY, Hand, Observation
from popejoan_cli.game.heuristic import Table, play_out_good
from popejoan_cli.game.rules import HouseRules
from popejoan_cli.game.worlds import Worlds

WORLDS = 120
"""Deals the leads still in the running at the end of a search have been played on."""
KEEP = 3
"""Leads that go on to `WORLDS` deals after a third of them (the coach shows three)."""


def first_worlds(worlds: int = WORLDS) -> int:
    """Deals every legal lead is played on before all but the best `KEEP` are dropped: a third."""
    return max(1, worlds // 3)


def rollouts(candidates: int, worlds: int = WORLDS) -> int:
    """Play-outs a search over `candidates` legal leads makes.

    >>> rollouts(2), rollouts(3), rollouts(4), rollouts(12)
    (240, 360, 400, 720)
    """
    if candidates <= KEEP:
        return candidates * worlds
    first = first_worlds(worlds)
    return candidates * first + KEEP * (worlds - first)


@dataclass(frozen=True, slots=True)
class LeadValue:
    """What a lead is worth to its seat over the worlds it was played on."""

    card: Card
    counters: float
    """Mean counters the seat gains from now to the end of the hand (pots and settlement)."""
    keeps: float
    """Share of worlds in which the seat leads again straight after this lead's run."""
    shed: float
    """Mean number of the seat's own cards played in this lead's run."""
    out: float
    """Share of worlds in which the seat goes out first."""
    ends: float
    """Share of worlds in which this lead's run ends the hand (the seat goes out with it)."""
    pots: tuple[tuple[str, float], ...]
    """The pots the seat wins (or shares) from now on, each with the share of worlds, most likely first."""
    worlds: int


@dataclass
class _Sums:
    gain: int = 0
    keeps: int = 0
    shed: int = 0
    out: int = 0
    ends: int = 0
    pots: dict[str, int] = field(default_factory=dict)
    n: int = 0

    def value(self, card: int, order: Sequence[str]) -> LeadValue:
        n = max(1, self.n)
        pots = sorted(((p, w / n) for p, w in self.pots.items()), key=lambda pw: (-pw[1], order.index(pw[0])))
        return LeadValue(CARDS[card], self.gain / n, self.keeps / n, self.shed / n, self.out / n, self.ends / n,
                         tuple(pots), self.n)


def seed_of(view: Observation, seed: int) -> int:
    """The search's seed: a hash of what the seat may know and the caller's seed."""
    pub = view.public
    known = (seed, view.seat, pub.dealer, sorted(view.own), [(p.seat, int(p.card), p.lead) for p in pub.plays],
             [(s.seat, int(s.card), s.reason) for s in pub.stops], sorted(pub.counters.items()), pub.turnup)
    return int.from_bytes(hashlib.blake2b(repr(known).encode("utf-8"), digest_size=8).digest(), "big")


def board_before(view: Observation, rules: HouseRules) -> dict[str, int]:
    """The board as it was before the hand was dressed: now, less the dressing, plus what was won."""
    pub = view.public
    dressed = Board(rules).dress(rules, pub.seats, pub.dealer, [0] * pub.seats)
    before = {name: n - dressed.get(name, 0) for name, n in pub.counters.items()}
    for award in pub.awards:
        before[award.pot] += award.amount
    return before


def replay(rules: HouseRules, view: Observation, before: dict[str, int], dealt: Dealt) -> Hand | None:
    """The position `view`'s seat sees, on the deal `dealt`: None if the record cannot be replayed
    on it (a world the record rules out)."""
    pub = view.public
    hand = Hand.deal(rules, pub.seats, pub.dealer, Board(rules, before), dealt)
    push = hand.push
    for play in pub.plays:
        if play.lead:
            if hand.ended or hand.turn.phase != "lead":
                return None
            push(play.seat, play.card)
    if hand.ended or hand.turn.phase != "lead" or hand.leader != view.seat or len(hand.moves) != len(pub.plays):
        return None
    return hand


def _roll(hand: Hand, seat: int, card: int, table: Table, sums: _Sums) -> None:
    """Play `card` and the rest of the hand out; add what it did for `seat` to `sums`."""
    net, awards, moves = hand.net[seat], len(hand.awards), len(hand.moves)
    hand.push(seat, card)
    by = hand.played_by
    sums.shed += sum(1 for m in hand.moves[moves:] if by[m & 63] == seat)
    sums.keeps += not hand.ended and hand.leader == seat
    sums.ends += hand.ended
    play_out_good(hand, table)
    sums.gain += hand.net[seat] - net
    sums.out += hand.out == seat
    won = {a.pot for a in hand.awards[awards:] if a.seat == seat}
    for pot in won:
        sums.pots[pot] = sums.pots.get(pot, 0) + 1
    sums.n += 1


def _ranked(sums: dict[int, _Sums], view: Observation, rules: HouseRules) -> list[LeadValue]:
    """Best first; equal values in the lowest policy's order (`LEAD_KEY`)."""
    key = LEAD_KEY[view.public.ace_high]
    order = [p.name for p in rules.pots]
    values = [s.value(c, order) for c, s in sums.items()]
    return sorted(values, key=lambda v: (-v.counters, key[v.card]))


Position = Hand
"""A position the search plays leads from: each lead on a fork of it (`Hand.fork`), the last on itself (a play-out
spends it). It was replayed from its deal for every lead: a fifth of a decision's time."""


def _positions(view: Observation, rules: HouseRules, seed: int, worlds: int) -> Iterator[Position]:
    """Up to `worlds` deals of the hidden cards that replay to `view`, each as its replayed position
    (tries twice as many: a deal the record rules out is dropped)."""
    dealer = Worlds(view, rules)
    rng = random.Random(seed_of(view, seed))
    before = board_before(view, rules)
    found = 0
    for _ in range(worlds * 2):
        dealt = dealer.deal(rng)
        start = None if dealt is None else replay(rules, view, before, dealt)
        if dealt is not None and start is not None:
            yield start
            found += 1
            if found == worlds:
                return


def search(view: Observation, rules: HouseRules, positions: Iterable[Position], worlds: int) -> list[LeadValue]:
    """Each of `view.legal` played out from each of `positions` (`worlds` of them at most), best first:
    the leads that went on to every position first, then those dropped after the first third."""
    legal = view.legal
    sums = {c: _Sums() for c in legal}
    running, first = list(legal), first_worlds(worlds)
    for k, start in enumerate(positions):
        if k == first and len(running) > KEEP:
            running = [int(v.card) for v in _ranked({c: sums[c] for c in running}, view, rules)[:KEEP]]
        last = len(running) - 1
        for j, c in enumerate(running):  # each lead on a fork of the world, the last on the world itself
            _roll(start if j == last else start.fork(), view.seat, c, view.public, sums[c])
    dropped = {c: s for c, s in sums.items() if c not in running}
    return _ranked({c: sums[c] for c in running}, view, rules) + _ranked(dropped, view, rules)


def weigh(view: Observation, rules: HouseRules, seed: int = 0, worlds: int = WORLDS) -> list[LeadValue]:
    """Each of `view.legal` valued over deals of the hidden cards, best first (see the module's docstring)."""
    return search(view, rules, _positions(view, rules, seed, worlds), worlds) if view.legal else []


def strong_lead(view: Observation, rules: HouseRules, seed: int = 0) -> Card:
    """The `strong` level's lead: the best of `weigh`; a single legal lead needs no search."""
    if len(view.legal) == 1:
        return CARDS[view.legal[0]]
    return weigh(view, rules, seed)[0].card


def coach(hand: Hand, seat: int, seed: int = 0) -> list[LeadValue]:
    """The coach's figures on `seat`'s lead (practice only): `weigh` from that seat's own observation,
    best first, the first being the lead `strong` would choose. Empty unless it is that seat's lead of a
    virtual hand: a real deck's cards are the table's, never popejoan's to deal again."""
    if hand.kind.real or hand.ended or seat not in hand.law.lead_seats():
        return []
    return weigh(hand.observe(seat), hand.rules, seed)


def peek(hand: Hand, seat: int) -> list[LeadValue]:
    """`strong`'s search (`search`) on one position, the real one: each legal lead played out on a copy of
    `hand` itself. Not fair play: it reads every hand (the bound `simulate` measures `strong` against)."""
    return search(hand.observe(seat), hand.rules, [hand.fork()], 1)


def peek_lead(hand: Hand, seat: int) -> Card:
    """The `peek` bound's lead (simulate only)."""
    legal = hand.law.legal_leads(seat)
    if len(legal) == 1:
        return CARDS[legal[0]]
    return peek(hand, seat)[0].card
