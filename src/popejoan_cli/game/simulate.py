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

Workers. A run starts no more workers than it was asked for, than there are chunks, or
than `MAX_PROCESSES` (64); the command line also keeps to 2 per core. The workers end
with the run however it ends: an exception or a signal in the parent (Ctrl-C, SIGTERM)
terminates them before it propagates, and on Linux a worker is sent SIGTERM by the kernel
if its parent dies outright (SIGKILL). Workers ignore SIGINT, which a terminal sends to
the whole process group: the parent alone decides, so Ctrl-C gives one message, not one
per process.

Levels. Each seat plays a `bots.LEVELS` level (`strong` searches with the run's seed, so a
run replays), or `peek`: `strong`'s search on the real deal, which reads every hand. No table
offers it; its margin over `good` is the bound a fair level's is measured against.

Bots never take the spare hand (`deal.spare_exchange`) and settle in full: a simulation
keeps no balances. Pure: no files, no printing; the caller chooses the number of
processes and gets progress through a callback.
"""

from __future__ import annotations

import math
import multiprocessing
import signal
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from popejoan_cli.game.board import Board
from popejoan_cli.game.bots import LEVELS, Chooser, play_out_bots
from popejoan_cli.game.deal import seeded_deal
from popejoan_cli.game.hand import Hand
from popejoan_cli.game.lookahead import peek_lead
from popejoan_cli.game.rules import HouseRules

CHUNK = 100
"""Hands per chunk: the board carries over within a chunk and starts empty at the next."""
SEED_STRIDE = 1_000_003
MAX_PROCESSES = 64
"""The most worker processes one run starts, whatever it is asked for."""
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


def _empty(rules: HouseRules, players: int) -> Tally:
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


def run_chunk(rules: HouseRules, players: int, seed: int, bots: Sequence[str], start: int, stop: int) -> Tally:
    """Hands start..stop-1 of a run, on a board that starts empty and carries over."""
    tally = _empty(rules, players)
    board = Board(rules)
    names = list(board.order)
    last_win = dict.fromkeys(names, start - 1)
    first, second = _groups(bots)
    g, s = len(first), len(second)
    net, net_sq, out = tally.net, tally.net_sq, tally.out
    wins, amounts, carry, biggest = tally.pot_wins, tally.pot_amount, tally.pot_carry, tally.pot_max
    for k in range(start, stop):
        dealer = k % players
        hand = Hand.deal(rules, players, dealer, board, seeded_deal(rules, players, dealer, hand_seed(seed, k)))
        play_out_bots(hand, bots, seed, BOUNDS)
        hn = hand.net
        total = 0
        for i, n in enumerate(hn):
            net[i] += n
            net_sq[i] += n * n
            total += n
        tally.conservation += total + hand.board_change()
        e = (players - 1) * hn[dealer] - (total - hn[dealer])
        tally.edge += e
        tally.edge_sq += e * e
        if g:
            m = s * sum(hn[i] for i in first) - g * sum(hn[i] for i in second)
            tally.margin += m
            tally.margin_sq += m * m
        ending = hand.ending  # a played-out hand has ended
        if ending is not None:
            if ending.at_turnup:
                tally.turnup_end += 1
            if ending.void:
                tally.void += 1
            if ending.out is not None:
                out[ending.out] += 1
        won: dict[str, int] = {}
        for a in hand.awards:
            won[a.pot] = won.get(a.pot, 0) + a.amount
        for name, amount in won.items():
            wins[name] += 1
            amounts[name] += amount
            carry[name] += k - last_win[name]
            last_win[name] = k
            if amount > biggest[name]:
                biggest[name] = amount
    tally.hands = stop - start
    return tally


# ------------------------------------------------------------------ worker processes
_JOB: tuple[HouseRules, int, int, tuple[str, ...]] | None = None
_STOP = {signal.SIGINT, signal.SIGTERM}
_PR_SET_PDEATHSIG = 1


def _hold_stops() -> set[int] | None:
    """Hold SIGINT and SIGTERM; one that comes meanwhile is delivered by `_release`.

    Held while the workers are forked, so that none is born with the parent's handlers
    (a worker sets its own first thing), and while they are ended, so that a second
    Ctrl-C cannot cut that short. Returns the mask to restore.
    """
    if not hasattr(signal, "pthread_sigmask"):
        return None
    return signal.pthread_sigmask(signal.SIG_BLOCK, _STOP)


def _release(mask: set[int] | None) -> None:
    if mask is not None:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)


def _die_with_parent() -> None:
    """Have the kernel send this worker SIGTERM when its parent dies (Linux only)."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes  # only a worker on Linux asks for it

        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)
    except (OSError, AttributeError):
        return
    parent = multiprocessing.parent_process()
    if parent is not None and not parent.is_alive():  # it died before prctl: no signal will come
        raise SystemExit(1)


def _init(rules: HouseRules, players: int, seed: int, bots: tuple[str, ...]) -> None:
    global _JOB
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOP)  # held by the parent as it forked
    _die_with_parent()
    _JOB = (rules, players, seed, bots)


def _work(span: tuple[int, int]) -> Tally:
    assert _JOB is not None
    rules, players, seed, bots = _JOB
    return run_chunk(rules, players, seed, bots, span[0], span[1])


# ------------------------------------------------------------------ the result
def _ci(total: float, total_sq: float, n: int, scale: float = 1.0) -> dict[str, float]:
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
        return {"seat": i, "bot": self.bots[i], **_ci(t.net[i], t.net_sq[i], t.hands),
                "out_first": round(t.out[i] / t.hands, 4) if t.hands else 0.0}

    def dealer_edge(self) -> dict[str, float]:
        t = self.tally
        return _ci(t.edge, t.edge_sq, t.hands, scale=self.players - 1)

    def margin(self) -> dict[str, Any] | None:
        first, second = _groups(self.bots)
        if not first:
            return None
        t = self.tally
        a, b = self.bots[first[0]], self.bots[second[0]]
        return {"of": a, "over": b, **_ci(t.margin, t.margin_sq, t.hands, scale=len(first) * len(second))}

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


def simulate(rules: HouseRules, players: int, hands: int, seed: int, bots: Sequence[str], processes: int = 1,
             progress: Callable[[int], None] | None = None) -> SimResult:
    """Play `hands` hands with `bots[seat]` at each seat; see the module docstring.

    At most `processes` workers play (fewer if there are fewer chunks, and never more
    than MAX_PROCESSES). `progress(n)` is called with the number of hands just finished,
    chunk by chunk.
    """
    levels = tuple(bots)
    if len(levels) == 1:
        levels = levels * players
    if len(levels) != players:
        raise ValueError(f"{players} players but {len(levels)} bot levels")
    for level in levels:
        if level not in SIM_LEVELS:
            raise ValueError(f"unknown bot level {level!r}; levels: {', '.join(SIM_LEVELS)}")
    if hands < 0:
        raise ValueError("hands must be 0 or more")
    spans = [(a, min(a + CHUNK, hands)) for a in range(0, hands, CHUNK)]
    total = _empty(rules, players)
    workers = max(1, min(processes, len(spans), MAX_PROCESSES))
    if workers == 1:
        for a, b in spans:
            total.add(run_chunk(rules, players, seed, levels, a, b))
            if progress is not None:
                progress(b - a)
    else:
        methods = multiprocessing.get_all_start_methods()
        ctx = multiprocessing.get_context("fork" if "fork" in methods else None)
        batch = max(1, min(8, len(spans) // (workers * 8)))  # fewer round trips, still a smooth bar
        held = _hold_stops()
        try:
            pool = ctx.Pool(workers, initializer=_init, initargs=(rules, players, seed, levels))
        except BaseException:
            _release(held)
            raise
        try:
            _release(held)  # a signal that came during the forks is raised here, inside the try
            # imap keeps chunk order; results are merged in that order whatever finishes first.
            for (a, b), tally in zip(spans, pool.imap(_work, spans, chunksize=batch), strict=True):
                total.add(tally)
                if progress is not None:
                    progress(b - a)
        finally:
            held = _hold_stops()
            try:
                pool.terminate()
                pool.join()
            finally:
                _release(held)
    return SimResult(rules.name, players, hands, seed, levels, total, workers=workers)
