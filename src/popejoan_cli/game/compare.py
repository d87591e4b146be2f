"""Paired comparisons: two rule sets, or two line-ups of bots, on the same deals (`simulate --against`,
`--against-bots`; docs/simulate.md).

A table's question is a comparison ("does letting the Pope stand in for a stop change the dealer's edge?", "is
`strong` better than `good`?"). Two independent runs answer it badly: each hand's luck (who holds the Pope, who is
dealt the long suits) is most of its variance, and it differs between the runs. Here every deal of the run (the
deal-v1 seed `simulate.hand_seed(seed, k)`, dealer `k % players`) is played under A and under B, so the luck is
the same on both sides and the difference of each hand's result is what the change did:

- `--rules A --against B` plays each deal once under each rule set, with the same bots;
- `--bots X --against-bots Y` plays each deal under each line-up once for every turn of the line-up round the
  table (duplicate, as bridge does): line-up position p sits at seat (p + turn) % players, so every position
  holds every seat's cards once and no seat's luck counts for any position.

The unit of the paired statistics is the deal (the sum over its turns), so the interval is honest about the
turns of one deal being alike; `unpaired` beside it is the half-width two independent runs of as many hands
would give (from each side's own per-hand variance). Each side keeps its own board, carried within a chunk as
`simulate` carries it; the sides' own figures are `simulate`'s (`SimResult`), with the nets by line-up position.
Integer sums only, merged in any order: any number of processes, or a cluster, gives the same numbers. Pure.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from popejoan_cli.game.board import Board
from popejoan_cli.game.processes import Engine, Processes, Span
from popejoan_cli.game.rules import HouseRules
from popejoan_cli.game.simulate import (
    CHUNK,
    Z95,
    Counted,
    Counting,
    SimResult,
    Tally,
    chunks,
    empty_tally,
    hand_seed,
    interval,
    levels_for,
    merged,
    play,
)


@dataclass
class Paired:
    """Integer sums of each deal's differences (A − B, summed over the deal's turns), and each side's tally."""

    a: Tally
    b: Tally
    deals: int = 0
    net: list[int] = field(default_factory=list)  # by line-up position
    net_sq: list[int] = field(default_factory=list)
    edge: int = 0  # (players − 1) × the dealer's net − the others', as `Tally.edge`
    edge_sq: int = 0
    pot: dict[str, int] = field(default_factory=dict)  # counters the pot paid
    pot_sq: dict[str, int] = field(default_factory=dict)
    won: dict[str, int] = field(default_factory=dict)  # whether it was won (1 or 0)
    won_sq: dict[str, int] = field(default_factory=dict)

    def add(self, other: Paired) -> None:
        self.a.add(other.a)
        self.b.add(other.b)
        self.deals += other.deals
        self.net = [x + y for x, y in zip(self.net, other.net, strict=True)]
        self.net_sq = [x + y for x, y in zip(self.net_sq, other.net_sq, strict=True)]
        self.edge += other.edge
        self.edge_sq += other.edge_sq
        for sums, more in ((self.pot, other.pot), (self.pot_sq, other.pot_sq), (self.won, other.won),
                           (self.won_sq, other.won_sq)):
            for name in sums:
                sums[name] += more[name]


def _paired(rules_a: HouseRules, rules_b: HouseRules, players: int) -> Paired:
    """Nothing played yet; the pots are either side's, A's first (a pot only one side has is compared with 0)."""
    names = [p.name for p in rules_a.pots] + [p.name for p in rules_b.pots if rules_a.pot(p.name) is None]
    zero = dict.fromkeys(names, 0)
    return Paired(empty_tally(rules_a, players), empty_tally(rules_b, players), net=[0] * players,
                  net_sq=[0] * players, pot=dict(zero), pot_sq=dict(zero), won=dict(zero), won_sq=dict(zero))


def _turned(levels: Sequence[str], turn: int) -> tuple[str, ...]:
    """The line-up turned by `turn` seats: the level of each seat when position p sits at seat (p + turn) % n."""
    n = len(levels)
    return tuple(levels[(s - turn) % n] for s in range(n))


@dataclass(frozen=True)
class PairJob:
    """One comparison's chunks as a worker plays them (picklable, as `simulate.Job`)."""

    rules_a: HouseRules
    rules_b: HouseRules
    players: int
    seed: int
    bots_a: tuple[str, ...]
    bots_b: tuple[str, ...]
    turns: int = 1
    """1 for rule sets (the same bots in the same seats), `players` for line-ups (duplicate)."""

    def __call__(self, span: Span) -> Paired:
        start, stop = span
        pair = _paired(self.rules_a, self.rules_b, self.players)
        sides = [(rules, bots, pair.a if side == 0 else pair.b, turn) for side, (rules, bots) in
                 enumerate(((self.rules_a, self.bots_a), (self.rules_b, self.bots_b))) for turn in range(self.turns)]
        boards = [Board(rules) for rules, _, _, _ in sides]
        countings = [Counting(tally, bots, start) for _, bots, tally, _ in sides]
        for k in range(start, stop):
            dealer = k % self.players
            counted = []
            for (rules, bots, _, turn), board, counting in zip(sides, boards, countings, strict=True):
                hand = play(rules, self.players, dealer, board, hand_seed(self.seed, k), _turned(bots, turn),
                            self.seed)
                counted.append(counting.count(hand, k, dealer, turn))
            self._differences(pair, counted)
        pair.a.hands = pair.b.hands = (stop - start) * self.turns
        pair.deals = stop - start
        return pair

    def _differences(self, pair: Paired, counted: list[Counted]) -> None:
        """Add one deal's differences, from what each side's `Counting` counted of its hands: side A's are the first
        `turns`, side B's the rest."""
        n = self.players
        net = [0] * n
        edge = 0
        pots = dict.fromkeys(pair.pot, 0)
        won = dict.fromkeys(pair.pot, 0)
        for i, (by_position, hand_edge, paid) in enumerate(counted):
            sign = 1 if i < self.turns else -1
            for p in range(n):
                net[p] += sign * by_position[p]
            edge += sign * hand_edge
            for name, amount in paid.items():
                pots[name] += sign * amount
                won[name] += sign
        for p in range(n):
            pair.net[p] += net[p]
            pair.net_sq[p] += net[p] * net[p]
        pair.edge += edge
        pair.edge_sq += edge * edge
        for name in pots:
            pair.pot[name] += pots[name]
            pair.pot_sq[name] += pots[name] ** 2
            pair.won[name] += won[name]
            pair.won_sq[name] += won[name] ** 2


def _unpaired(a: tuple[int, int, int], b: tuple[int, int, int], scale: float = 1.0) -> float:
    """The half-width of the 95% interval on A − B that two independent runs of these sizes give, from each side's
    (sum, sum of squares, hands) of a per-hand figure."""
    def var(total: int, total_sq: int, n: int) -> float:
        if n < 2:
            return 0.0
        mean = total / n
        return max(0.0, (total_sq - n * mean * mean) / (n - 1)) / n

    return round(Z95 * math.sqrt(var(*a) + var(*b)) / scale, 4)


def _clear(ci: dict[str, float]) -> bool:
    """Whether the interval is clear of zero: the difference is there at 95%."""
    return ci["low"] > 0 or ci["high"] < 0


@dataclass
class Comparison:
    """A finished comparison: each side's run and the paired differences."""

    kind: str  # "rules" or "bots"
    a: SimResult
    b: SimResult
    pair: Paired
    turns: int
    workers: int = 1

    def seats(self) -> list[dict[str, Any]]:
        ta, tb = self.a.tally, self.b.tally
        out = []
        for p in range(self.a.players):
            ci = interval(self.pair.net[p], self.pair.net_sq[p], self.pair.deals, scale=self.turns)
            out.append({"seat": p, "a": self.a.bots[p], "b": self.b.bots[p], "a_mean": self.a.seat(p)["mean"],
                        "b_mean": self.b.seat(p)["mean"], **ci, "clear": _clear(ci),
                        "unpaired": _unpaired((ta.net[p], ta.net_sq[p], ta.hands),
                                              (tb.net[p], tb.net_sq[p], tb.hands))})
        return out

    def pots(self) -> list[dict[str, Any]]:
        pair, n = self.pair, self.pair.deals
        out = []
        for name in pair.pot:
            paid = interval(pair.pot[name], pair.pot_sq[name], n, scale=self.turns)
            won = interval(pair.won[name], pair.won_sq[name], n, scale=self.turns)
            out.append({"pot": name, "paid_per_hand": {**paid, "clear": _clear(paid)},
                        "won": {**won, "clear": _clear(won)}})
        return out

    def to_json(self) -> dict[str, Any]:
        """The documented object (docs/simulate.md): `a` and `b` are each side's `simulate --json` (nets by line-up
        position); `difference` holds A − B per position, for the dealer's edge and per pot, each a mean with its
        95% interval over the deals, `clear` when the interval excludes 0, and per position `unpaired`."""
        scale = self.a.players - 1
        edge = interval(self.pair.edge, self.pair.edge_sq, self.pair.deals, scale=self.turns * scale)
        ta, tb = self.a.tally, self.b.tally
        alone = _unpaired((ta.edge, ta.edge_sq, ta.hands), (tb.edge, tb.edge_sq, tb.hands), scale)
        return {"comparison": self.kind, "deals": self.pair.deals, "turns": self.turns, "seed": self.a.seed,
                "players": self.a.players, "chunk": CHUNK, "a": self.a.to_json(), "b": self.b.to_json(),
                "difference": {"seats": self.seats(), "dealer_edge": {**edge, "clear": _clear(edge), "unpaired": alone},
                               "pots": self.pots()}}


def compare(rules_a: HouseRules, rules_b: HouseRules, players: int, hands: int, seed: int, bots_a: Sequence[str],
            bots_b: Sequence[str] | None = None, processes: int = 1, progress: Callable[[int], None] | None = None,
            engine: Engine | None = None) -> Comparison:
    """Play `hands` deals under A and B: the rule sets (`bots_b` None: the same bots) or the line-ups (`bots_b`
    given: each deal once for every turn of the line-up, so `progress` counts `players` hands a deal a side).

    >>> from popejoan_cli.formats.presets import preset
    >>> rules = preset("modern-stops")
    >>> same = compare(rules, rules, 4, 100, 7, ["good"])
    >>> [s["mean"] for s in same.seats()], same.to_json()["difference"]["dealer_edge"]["mean"]
    ([0.0, 0.0, 0.0, 0.0], 0.0)
    """
    a = levels_for(bots_a, players)
    b = a if bots_b is None else levels_for(bots_b, players)
    if hands < 0:
        raise ValueError("hands must be 0 or more")
    turns = 1 if bots_b is None else players
    engine = engine if engine is not None else Processes(processes)
    job = PairJob(rules_a, rules_b, players, seed, a, b, turns)
    total = merged(engine, job, chunks(hands), _paired(rules_a, rules_b, players), None if progress is None else
                   lambda n: progress(n * turns))
    side_a = SimResult(rules_a.name, players, hands * turns, seed, a, total.a, workers=engine.workers)
    side_b = SimResult(rules_b.name, players, hands * turns, seed, b, total.b, workers=engine.workers)
    return Comparison("rules" if bots_b is None else "bots", side_a, side_b, total, turns, engine.workers)
