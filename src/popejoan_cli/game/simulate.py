"""The simulator: what a table's house rules do over many bot-played hands.

`simulate` deals and plays out `hands` seeded hands with one bot level per seat and
returns a `SimResult`: counters per hand for each seat, each bot level and the dealer's
edge, each with a 95% confidence interval; for each pot how often it is won, its mean
size when won and how long it carries; how often a hand ends at the turn-up or is void.

Determinism. Hand k (0-based) is dealt with the deal-v1 seed `seed * 1_000_003 + k` and
dealer `k % players`. The board carries over from hand to hand within fixed chunks of
`CHUNK` (100) hands and starts empty at each chunk: long enough to let the Pope pot grow
as it does at a table, and the chunk boundaries depend on nothing but `hands`. Chunks
are spread over worker processes and merged in chunk order, with integer sums only, so
1 and 8 processes give the same numbers to the last digit.

Workers. The chunks are played by an engine (`game.processes`): by default `Processes`, no more
workers than it was asked for, than there are chunks, or than `MAX_PROCESSES` (64; the command
line also keeps to 2 per core), each ending with the run however it ends; or a Dask cluster
(`cli.cluster`). A `Job` is picklable, so any of them plays a chunk from it alone.

Levels. Each seat plays a `bots.LEVELS` level (`strong` searches with the run's seed, so a
run replays), or `peek`: `strong`'s search on the real deal, which reads every hand. No table
offers it; its margin over `good` is the bound a fair level's is measured against.

Bots never take the spare hand (`deal.spare_exchange`) and settle in full: a simulation
keeps no balances. Pure: no files, no printing; the caller chooses the number of
processes and gets progress through a callback.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from popejoan_cli.game.board import Board
from popejoan_cli.game.bots import LEVELS, Chooser, play_out_bots
from popejoan_cli.game.deal import seeded_deal
from popejoan_cli.game.hand import Hand
from popejoan_cli.game.lookahead import peek_lead
from popejoan_cli.game.playout import play_out
from popejoan_cli.game.processes import Engine, Processes, Span
from popejoan_cli.game.rules import HouseRules

CHUNK = 100
"""Hands per chunk: the board carries over within a chunk and starts empty at the next."""
SEED_STRIDE = 1_000_003
Z95 = 1.959963984540054
BOUNDS: dict[str, Chooser] = {"peek": peek_lead}
"""Levels `simulate` plays and no table offers: `peek`, `strong`'s search on the real deal (it reads every
hand), the upper bound a fair bot's margin is measured against."""
SIM_LEVELS = (*LEVELS, *BOUNDS)


def hand_seed(seed: int, k: int) -> int:
    """The deal-v1 seed of hand k of a run."""
    return seed * SEED_STRIDE + k


@dataclass
class Tally:
    """Integer sums over some hands; adding two tallies is exact and order-free."""

    hands: int = 0
    net: list[int] = field(default_factory=list)
    net_sq: list[int] = field(default_factory=list)
    edge: int = 0  # per hand: (n-1) * net[dealer] - sum(net of the others)
    edge_sq: int = 0
    margin: int = 0  # per hand: s * sum(net of first level) - g * sum(net of second level)
    margin_sq: int = 0
    turnup_end: int = 0
    void: int = 0
    out: list[int] = field(default_factory=list)  # hands each seat went out first
    pot_wins: dict[str, int] = field(default_factory=dict)
    pot_amount: dict[str, int] = field(default_factory=dict)
    pot_carry: dict[str, int] = field(default_factory=dict)  # sum over wins of hands built
    pot_max: dict[str, int] = field(default_factory=dict)
    conservation: int = 0  # sum(net) + board change over all hands: 0

    def add(self, other: Tally) -> None:
        self.hands += other.hands
        self.net = [a + b for a, b in zip(self.net, other.net, strict=True)]
        self.net_sq = [a + b for a, b in zip(self.net_sq, other.net_sq, strict=True)]
        self.out = [a + b for a, b in zip(self.out, other.out, strict=True)]
        self.edge += other.edge
        self.edge_sq += other.edge_sq
        self.margin += other.margin
        self.margin_sq += other.margin_sq
        self.turnup_end += other.turnup_end
        self.void += other.void
        self.conservation += other.conservation
        for name in self.pot_wins:
            self.pot_wins[name] += other.pot_wins[name]
            self.pot_amount[name] += other.pot_amount[name]
            self.pot_carry[name] += other.pot_carry[name]
            self.pot_max[name] = max(self.pot_max[name], other.pot_max[name])


def empty_tally(rules: HouseRules, players: int) -> Tally:
    names = [p.name for p in rules.pots]
    return Tally(net=[0] * players, net_sq=[0] * players, out=[0] * players,
                 pot_wins=dict.fromkeys(names, 0), pot_amount=dict.fromkeys(names, 0),
                 pot_carry=dict.fromkeys(names, 0), pot_max=dict.fromkeys(names, 0))


def _groups(bots: Sequence[str]) -> tuple[list[int], list[int]]:
    """The seats of the first and second levels in `bots` (the margin compares them)."""
    order = list(dict.fromkeys(bots))
    if len(order) != 2:
        return [], []
    return [s for s, b in enumerate(bots) if b == order[0]], [s for s, b in enumerate(bots) if b == order[1]]


def play(rules: HouseRules, players: int, dealer: int, board: Board, deal_seed: int, bots: Sequence[str],
         seed: int) -> Hand:
    """Deal one hand of a run on `board` and play it out, each seat at its level. A table of `simple` bots takes the
    referee's one-call path (`playout.play_out`: the lowest policy inside `push`'s loop), the same hand as
    `play_out_bots` plays it (tests/game/test_simulate.py), at three quarters of its cost (bench/playout.py)."""
    hand = Hand.deal(rules, players, dealer, board, seeded_deal(rules, players, dealer, deal_seed))
    if all(level == "simple" for level in bots):
        return play_out(hand)
    return play_out_bots(hand, bots, seed, BOUNDS)


Counted = tuple[list[int], int, dict[str, int]]
"""What `Counting.count` counted of one hand: the nets by line-up position, the dealer's edge (`Tally.edge`'s
term), and what each pot paid."""


class Counting:
    """Adds each hand played on one board to `tally`: the nets by line-up position (a seat, unless the line-up is
    rotated round the table: position p then sits at seat (p + turn) % players), the dealer's edge, the margin
    between the two levels, the endings and the pots with how long each carried."""

    def __init__(self, tally: Tally, bots: Sequence[str], start: int) -> None:
        self.tally = tally
        self.players = len(bots)
        self.first, self.second = _groups(bots)
        self.last_win = dict.fromkeys(tally.pot_wins, start - 1)

    def count(self, hand: Hand, k: int, dealer: int, turn: int = 0) -> Counted:
        """Hand `k` of the run, dealt by seat `dealer`, the line-up turned by `turn` seats; what it counted of the
        hand (`compare` takes its differences from it)."""
        tally, n = self.tally, self.players
        hn = [hand.net[(p + turn) % n] for p in range(n)]  # by position
        total = sum(hn)
        for p, net in enumerate(hn):
            tally.net[p] += net
            tally.net_sq[p] += net * net
        tally.conservation += total + hand.board_change()
        mine = hand.net[dealer]
        e = (n - 1) * mine - (total - mine)
        tally.edge += e
        tally.edge_sq += e * e
        if self.first:
            g, s = len(self.first), len(self.second)
            m = s * sum(hn[i] for i in self.first) - g * sum(hn[i] for i in self.second)
            tally.margin += m
            tally.margin_sq += m * m
        self._ending(hand, turn)
        won = won_by_pot(hand)
        self._pots(won, k)
        return hn, e, won

    def _ending(self, hand: Hand, turn: int) -> None:
        tally, end = self.tally, hand.ending  # a played-out hand has ended
        if end is None:
            return
        tally.turnup_end += end.at_turnup
        tally.void += end.void
        if end.out is not None:
            tally.out[(end.out - turn) % self.players] += 1

    def _pots(self, won: dict[str, int], k: int) -> None:
        tally = self.tally
        for name, amount in won.items():
            tally.pot_wins[name] += 1
            tally.pot_amount[name] += amount
            tally.pot_carry[name] += k - self.last_win[name]
            self.last_win[name] = k
            tally.pot_max[name] = max(tally.pot_max[name], amount)


def won_by_pot(hand: Hand) -> dict[str, int]:
    """What each pot paid in `hand`, pot by pot (a pot paid twice, as a turn-up's and a card's, counted once)."""
    won: dict[str, int] = {}
    for a in hand.awards:
        won[a.pot] = won.get(a.pot, 0) + a.amount
    return won


def run_chunk(rules: HouseRules, players: int, seed: int, bots: Sequence[str], start: int, stop: int) -> Tally:
    """Hands start..stop-1 of a run, on a board that starts empty and carries over."""
    tally = empty_tally(rules, players)
    board = Board(rules)
    counting = Counting(tally, bots, start)
    for k in range(start, stop):
        dealer = k % players
        counting.count(play(rules, players, dealer, board, hand_seed(seed, k), bots, seed), k, dealer)
    tally.hands = stop - start
    return tally


# ------------------------------------------------------------------ what a worker plays, and who plays it
@dataclass(frozen=True)
class Job:
    """One run's chunks as a worker plays them: picklable, so that a process of this machine's or a cluster's
    worker (`cli.cluster`) plays a chunk from it alone, and gives the same tally whoever plays it."""

    rules: HouseRules
    players: int
    seed: int
    bots: tuple[str, ...]

    def __call__(self, span: Span) -> Tally:
        return run_chunk(self.rules, self.players, self.seed, self.bots, span[0], span[1])


def chunks(hands: int) -> list[Span]:
    """The run's chunks of `CHUNK` hands (the last one shorter): they depend on nothing but `hands`."""
    return [(a, min(a + CHUNK, hands)) for a in range(0, hands, CHUNK)]



# ------------------------------------------------------------------ the result
def interval(total: float, total_sq: float, n: int, scale: float = 1.0) -> dict[str, float]:
    """Mean and 95% confidence interval (normal approximation) from a sum and sum of squares."""
    if n <= 0:
        return {"mean": 0.0, "low": 0.0, "high": 0.0, "stderr": 0.0}
    mean = total / n
    var = (total_sq - n * mean * mean) / (n - 1) if n > 1 else 0.0
    se = math.sqrt(max(var, 0.0) / n)
    m, e = mean / scale, Z95 * se / scale
    return {"mean": round(m, 4), "low": round(m - e, 4), "high": round(m + e, 4), "stderr": round(se / scale, 4)}


@dataclass
class SimResult:
    """A finished run: the parameters and the merged integer tally."""

    rules_name: str
    players: int
    hands: int
    seed: int
    bots: tuple[str, ...]
    tally: Tally
    chunk: int = CHUNK
    workers: int = 1
    """How many processes played the hands (not part of the JSON: it changes no number)."""

    def seat(self, i: int) -> dict[str, Any]:
        t = self.tally
        return {"seat": i, "bot": self.bots[i], **interval(t.net[i], t.net_sq[i], t.hands),
                "out_first": round(t.out[i] / t.hands, 4) if t.hands else 0.0}

    def dealer_edge(self) -> dict[str, float]:
        t = self.tally
        return interval(t.edge, t.edge_sq, t.hands, scale=self.players - 1)

    def margin(self) -> dict[str, Any] | None:
        first, second = _groups(self.bots)
        if not first:
            return None
        t = self.tally
        a, b = self.bots[first[0]], self.bots[second[0]]
        return {"of": a, "over": b, **interval(t.margin, t.margin_sq, t.hands, scale=len(first) * len(second))}

    def pots(self) -> list[dict[str, Any]]:
        t = self.tally
        out = []
        for name in t.pot_wins:
            w = t.pot_wins[name]
            out.append({
                "pot": name,
                "won": round(w / t.hands, 4) if t.hands else 0.0,
                "wins": w,
                "mean_when_won": round(t.pot_amount[name] / w, 4) if w else 0.0,
                "max_when_won": t.pot_max[name],
                "mean_hands_carried": round(t.pot_carry[name] / w, 4) if w else 0.0,
            })
        return out

    def to_json(self) -> dict[str, Any]:
        """The documented object: integers are counters or counts; floats are per-hand means.

        Keys: rules, players, hands, seed, bots, chunk; seats (per seat: bot, mean counters
        per hand, 95% CI low/high, stderr, out_first = share of hands it went out first);
        levels (per bot level: mean counters per hand per seat); margin (first level named
        in bots minus the second, counters per hand per seat, with CI; null unless exactly
        two levels play); dealer_edge (the dealer's mean net minus the others' mean net,
        with CI); pots (won = share of hands in which it was won, wins, mean_when_won,
        max_when_won, mean_hands_carried = hands it had been building when won, the
        winning hand included); endings (turnup, void, out: shares of hands);
        conservation (sum of nets plus board change over the run: always 0).
        """
        t = self.tally
        n = t.hands
        levels: dict[str, float] = {}
        for level in dict.fromkeys(self.bots):
            seats = [i for i, b in enumerate(self.bots) if b == level]
            levels[level] = round(sum(t.net[i] for i in seats) / (n * len(seats)), 4) if n else 0.0
        return {
            "rules": self.rules_name,
            "players": self.players,
            "hands": n,
            "seed": self.seed,
            "bots": list(self.bots),
            "chunk": self.chunk,
            "seats": [self.seat(i) for i in range(self.players)],
            "levels": levels,
            "margin": self.margin(),
            "dealer_edge": self.dealer_edge(),
            "pots": self.pots(),
            "endings": {
                "turnup": round(t.turnup_end / n, 4) if n else 0.0,
                "void": round(t.void / n, 4) if n else 0.0,
                "out": round(sum(t.out) / n, 4) if n else 0.0,
            },
            "conservation": t.conservation,
        }


def levels_for(bots: Sequence[str], players: int) -> tuple[str, ...]:
    """Each seat's level: `bots` as given, or one level for every seat; refused when it names another number of
    seats or a level `simulate` does not play."""
    levels = tuple(bots)
    if len(levels) == 1:
        levels = levels * players
    if len(levels) != players:
        raise ValueError(f"{players} players but {len(levels)} bot levels")
    for level in levels:
        if level not in SIM_LEVELS:
            raise ValueError(f"unknown bot level {level!r}; levels: {', '.join(SIM_LEVELS)}")
    return levels


def merged(engine: Engine, job: Callable[[Span], Any], spans: Sequence[Span], total: Any,
           progress: Callable[[int], None] | None) -> Any:
    """`total` with every chunk's result added (`add`), as `engine` plays them; `progress(n)` after each chunk."""
    for (a, b), part in engine.run(job, spans):
        total.add(part)
        if progress is not None:
            progress(b - a)
    return total


def simulate(rules: HouseRules, players: int, hands: int, seed: int, bots: Sequence[str], processes: int = 1,
             progress: Callable[[int], None] | None = None, engine: Engine | None = None) -> SimResult:
    """Play `hands` hands with `bots[seat]` at each seat; see the module docstring.

    The chunks are played by `engine` (by default `Processes(processes)`: at most `processes` workers, fewer if
    there are fewer chunks, never more than MAX_PROCESSES). `progress(n)` is called with the number of hands just
    finished, chunk by chunk.
    """
    levels = levels_for(bots, players)
    if hands < 0:
        raise ValueError("hands must be 0 or more")
    engine = engine if engine is not None else Processes(processes)
    total = merged(engine, Job(rules, players, seed, levels), chunks(hands), empty_tally(rules, players), progress)
    return SimResult(rules.name, players, hands, seed, levels, total, workers=engine.workers)
