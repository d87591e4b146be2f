"""Play-out speed of the referee: seeded hands with the lowest policy, per preset, vs a fixed-rule baseline.

What it measures: for each of the seven presets (`presets.preset_names()`) with 4 players, the
time to deal and play out hands from seeds 0..N-1, the dealer rotating (seed mod 4), each
hand on a fresh board: `deal.seeded_deal` + `board.Board` + `hand.Hand.deal` +
`replay.play_out` (the lowest policy: each leader leads his lowest legal card). Single process, one core; each figure is
the best of 3 repetitions, timed with `time.perf_counter`.

The baseline is a minimal play-out of `modern-stops` with 4 players written in this file,
every rule hard-coded: ace low, 8♦ removed, spare hand last, turn-up in hand, the dealer
dresses 6/2/2/1×5, a matching turn-up gives the dealer its pot, lowest card leads, the
holder follows, card pots, same-player ascending pairs, first out plus 1 per card with the
Pope holder exempt. It does the same work the referee must (the same deal v1 shuffle via
`cards.shuffled` + `cards.deal_cards`, the same pots paid, the same settlement), and is
checked to give the same net results and board as popejoan for the first 200 seeds; the
benchmark aborts (exit 1) naming the first seed that differs.

Targets (modern-stops, 4 players): at least 10,000 hands/s, and at most 1.5× the
baseline's time per hand.

Run it from the repo root with the interpreter of the environment popejoan is installed in:

    python bench/playout.py                 # 2000 hands per preset
    python bench/playout.py --hands 5000    # more hands (seeds 0..N-1)
    python bench/playout.py --profile       # also cProfile the modern-stops play-out: top 15 by tottime

It exits 0 whatever the figures, unless the baseline and popejoan disagree.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import sys
import time
from collections.abc import Callable

from popejoan_cli.formats import presets
from popejoan_cli.game import board, deal, hand
from popejoan_cli.game import playout as replay
from popejoan_cli.game.cards import Card, canonical_deck, deal_cards, shuffled

SEATS = 4
REPEATS = 3
CHECK_SEEDS = 200
TARGET_HANDS_PER_S = 10_000.0
TARGET_RATIO = 1.5
MAIN_PRESET = "modern-stops"

# ----------------------------------------------------------------------------- the baseline
# Cards are ints: suit * 13 + rank - 1, suits C D H S, ace = rank 1 (cards.py).
EIGHT_D = 13 + 7
POPE = 13 + 8  # 9♦
BASE_DECK: tuple[Card, ...] = tuple(canonical_deck((EIGHT_D,)))
POT_NAMES = ("pope", "matrimony", "intrigue", "ace", "king", "queen", "jack", "game")
STAKES = (6, 2, 2, 1, 1, 1, 1, 1)
DRESS = sum(STAKES)
MATRIMONY, INTRIGUE, GAME = 1, 2, 7
# The lowest policy's order: rank first, ties by suit C, D, H, S.
LOW_KEY = tuple((c % 13) * 4 + c // 13 for c in range(52))


def baseline_hand(seed: int, dealer: int) -> tuple[list[int], list[int]]:
    """One modern-stops hand for 4 players, rules hard-coded; returns (net by seat, board by pot)."""
    dealt = deal_cards(shuffled(BASE_DECK, seed), SEATS, dealer, "last", "in-hand")
    net = [0, 0, 0, 0]
    net[dealer] -= DRESS
    pots = list(STAKES)
    holder = [-1] * 52  # the seat holding each card; -1: removed, in the spare hand or played
    left = [0, 0, 0, 0]
    lows: list[list[int]] = []  # each seat's cards in lead order
    for seat, cards in enumerate(dealt.hands):
        for c in cards:
            holder[c] = seat
        left[seat] = len(cards)
        lows.append(sorted(cards, key=LOW_KEY.__getitem__))
    nxt_low = [0, 0, 0, 0]  # index of the first card in lows[seat] that may still be held

    up = dealt.turnup
    assert up is not None
    t = up - up % 13  # the trump ace
    tj, tq, tk = t + 10, t + 11, t + 12
    card_pot = {POPE: 0, t: 3, tk: 4, tq: 5, tj: 6}
    if up in card_pot:  # the turn-up's pot goes to the dealer
        i = card_pot[up]
        net[dealer] += pots[i]
        pots[i] = 0

    jack_by = queen_by = -1
    seat = (dealer + 1) % SEATS
    while True:
        # a lead: the seat's lowest card still held
        low = lows[seat]
        k = nxt_low[seat]
        while holder[low[k]] != seat:
            k += 1
        nxt_low[seat] = k
        card = low[k]
        # the run, the holder following
        while True:
            holder[card] = -1
            left[seat] -= 1
            i = card_pot.get(card, -1)
            if i >= 0:
                net[seat] += pots[i]
                pots[i] = 0
                if card == tj:
                    jack_by = seat
                elif card == tq:
                    if jack_by == seat:
                        net[seat] += pots[INTRIGUE]
                        pots[INTRIGUE] = 0
                    queen_by = seat
                elif card == tk and queen_by == seat:
                    net[seat] += pots[MATRIMONY]
                    pots[MATRIMONY] = 0
            if not left[seat]:  # out: the game pot, then 1 a card, the Pope's holder exempt
                net[seat] += pots[GAME]
                pots[GAME] = 0
                pope_holder = holder[POPE]
                for s in range(SEATS):
                    if s != seat and s != pope_holder:
                        net[s] -= left[s]
                        net[seat] += left[s]
                return net, pots
            if card % 13 == 12:
                break
            h = holder[card + 1]
            if h < 0:
                break
            card += 1
            seat = h
        # a stop: the player of the stop card leads next


# ----------------------------------------------------------------------------- the harness
def popejoan_hand(rules_name: str) -> Callable[[int, int], hand.Hand]:
    rules = presets.preset(rules_name)

    def one(seed: int, dealer: int) -> hand.Hand:
        dealt = deal.seeded_deal(rules, SEATS, dealer, seed)
        h = hand.Hand.deal(rules, SEATS, dealer, board.Board(rules), dealt)
        return replay.play_out(h)

    return one


def run_all(one: Callable[[int, int], object], n: int) -> None:
    for seed in range(n):
        one(seed, seed % SEATS)


def best_time(one: Callable[[int, int], object], n: int) -> float:
    """Seconds for the best of `REPEATS` runs of seeds 0..n-1."""
    best = float("inf")
    for _ in range(REPEATS):
        start = time.perf_counter()
        run_all(one, n)
        best = min(best, time.perf_counter() - start)
    return best


def check_baseline(n: int) -> None:
    """The baseline and popejoan agree on net and board for seeds 0..n-1, or exit 1."""
    one = popejoan_hand(MAIN_PRESET)
    for seed in range(n):
        dealer = seed % SEATS
        got = one(seed, dealer)
        net, pots = baseline_hand(seed, dealer)
        ref_board = [got.board.counters[name] for name in POT_NAMES]
        if got.net != net or ref_board != pots:
            dealt = deal.seeded_deal(presets.preset(MAIN_PRESET), SEATS, dealer, seed)
            hands = "; ".join(f"seat {s}: {' '.join(str(c) for c in h)}" for s, h in enumerate(dealt.hands))
            sys.exit(
                f"playout: baseline and popejoan DIFFER for {MAIN_PRESET}, seed {seed}, dealer seat {dealer}\n"
                f"  turn-up {dealt.turnup}; {hands}\n"
                f"  net:   popejoan {got.net}  baseline {net}\n"
                f"  board: popejoan {ref_board}  baseline {pots}  (pots {', '.join(POT_NAMES)})\n"
                "  check both by hand against the rules (turn-up, play, settlement) before trusting either figure."
            )


def profile(n: int) -> None:
    one = popejoan_hand(MAIN_PRESET)
    prof = cProfile.Profile()
    prof.enable()
    run_all(one, n)
    prof.disable()
    out = io.StringIO()
    pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(15)
    print(f"\ncProfile: {MAIN_PRESET}, {n} hands, top 15 by tottime")
    print(out.getvalue().rstrip())


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--hands", type=int, default=2000, help="hands per preset, seeds 0..N-1 (default 2000)")
    ap.add_argument("--profile", action="store_true", help=f"cProfile the {MAIN_PRESET} play-out")
    args = ap.parse_args(argv)
    n: int = args.hands
    if n < 1:
        ap.error("--hands must be at least 1")

    check_baseline(min(CHECK_SEEDS, n))
    print(f"baseline agrees with popejoan on net and board for seeds 0..{min(CHECK_SEEDS, n) - 1}")
    print(
        f"{n} hands per preset, {SEATS} players, dealer rotating; best of {REPEATS}; Python {sys.version.split()[0]}\n"
    )

    print(f"{'preset':<16}{'hands/s':>12}{'µs/hand':>12}")
    per_hand: dict[str, float] = {}
    for name in presets.preset_names():
        secs = best_time(popejoan_hand(name), n)
        per_hand[name] = secs / n
        print(f"{name:<16}{n / secs:>12,.0f}{secs / n * 1e6:>12.1f}")
    base = best_time(baseline_hand, n) / n
    print(f"{'baseline':<16}{1 / base:>12,.0f}{base * 1e6:>12.1f}   ({MAIN_PRESET} rules hard-coded)")

    ours = per_hand[MAIN_PRESET]
    ratio = ours / base
    rate = 1 / ours
    print(f"\n{MAIN_PRESET}: popejoan / baseline time per hand = {ratio:.2f}×")
    print(
        f"target ≥ {TARGET_HANDS_PER_S:,.0f} hands/s: {rate:,.0f}  {'met' if rate >= TARGET_HANDS_PER_S else 'MISSED'}"
    )
    print(f"target ≤ {TARGET_RATIO}× baseline:   {ratio:.2f}×  {'met' if ratio <= TARGET_RATIO else 'MISSED'}")

    if args.profile:
        profile(n)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
