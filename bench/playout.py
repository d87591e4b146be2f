"""Play-out speed of the referee: seeded hands with the lowest policy, per preset, vs a fixed-rule baseline.

What it measures: for each of the seven presets (`presets.preset_names()`) with 4 players, the
time to deal and play out hands from seeds 0..N-1, the dealer rotating (seed mod 4), each
hand on a fresh board: `deal.seeded_deal` + `board.Board` + `hand.Hand.deal` +
`playout.play_out` (the lowest policy: each leader leads his lowest legal card). Single process,
one core; each figure is the best of 3 repetitions, timed with `time.perf_counter`.

The baseline is a minimal play-out of `modern-stops` with 4 players written in this file,
every rule hard-coded: ace low, 8♦ removed, spare hand last, turn-up in hand, the dealer
dresses 6/2/2/1×5, a matching turn-up gives the dealer its pot, lowest card leads, the
holder follows, card pots, same-player ascending pairs, first out plus 1 per card with the
Pope holder exempt. It does the same work the referee must (the same deal v1 shuffle via
`cards.shuffled` + `cards.deal_cards`, the same pots paid, the same settlement), and is
checked to give the same net results and board as popejoan for the first 200 seeds; the
benchmark aborts (exit 1) naming the first seed that differs.

Targets (4 players): at least 10,000 hands/s for modern-stops, and every preset at most 1.5× the
baseline's time per hand (issue 27).

A second hand-written baseline plays boodle (`boodle_hand`: full pack, ace high, no spare hand, clockwise
follow, four card pots, each player dressing and the dealer twice), checked the same way against popejoan.
A boodle hand is longer than a modern-stops hand (about 47 cards and 38 stops against 30 and 9), so its
ratio to the modern-stops baseline holds its own length as well as the referee's cost; the "÷ own" column
gives the referee's cost alone, against hand-written code of the same rules (issue 27's title).

Run it from the repo root with the interpreter of the environment popejoan is installed in:

    python bench/playout.py                 # 2000 hands per preset
    python bench/playout.py --hands 5000    # more hands (seeds 0..N-1)
    python bench/playout.py --profile       # also cProfile the modern-stops play-out: top 15 by tottime
    python bench/playout.py --against /tmp/old-referee/src   # the same measurement of another tree's code
    python bench/playout.py --bytecodes     # bytecodes run per hand (200 hands): a count, not a time

Each preset runs in alternating chunks of 100 seeds with the baseline, so that a busy spell on a
shared machine slows both alike and their ratio holds: each preset's ratio is to the baseline timed
beside it.
With `--against SRC` each repetition also runs this file in a subprocess with PYTHONPATH=SRC
(interleaved with this tree's), and the table shows that code's time per hand over the baseline run
beside it too ("old ÷ base"): the two trees' ratios, each measured pair by pair in its own process.
On a shared machine add `--cpu` (time each run by `time.process_time`, the CPU time of the
process, which other processes' load disturbs less) and `--repeats N` (best of N).

It exits 0 whatever the figures, unless a baseline and popejoan disagree.

About 470 lines: two hand-written baselines, each a whole play-out of its rules, beside the harness that times
them against popejoan and the bytecode count.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import subprocess
import sys
import time
from collections.abc import Callable
from types import FrameType
from typing import Any

from popejoan_cli.formats import presets
from popejoan_cli.game import board, deal, hand, playout
from popejoan_cli.game.cards import Card, canonical_deck, deal_cards, shuffled

SEATS = 4
REPEATS = 3
CHECK_SEEDS = 200
TARGET_HANDS_PER_S = 10_000.0
TARGET_RATIO = 1.5
MAIN_PRESET = "modern-stops"
CHUNK = 100

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
    i = card_pot.get(up, -1)
    if i >= 0:  # the turn-up's pot goes to the dealer
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
            if card in card_pot:
                jack_by, queen_by = _pot_card(card, seat, card_pot, pots, net, (tj, tq, tk), jack_by, queen_by)
            if not left[seat]:
                _go_out(seat, holder, left, pots, net)
                return net, pots
            if card % 13 == 12:
                break
            h = holder[card + 1]
            if h < 0:
                break
            card += 1
            seat = h
        # a stop: the player of the stop card leads next


def _pot_card(card: int, seat: int, card_pot: dict[int, int], pots: list[int], net: list[int],
              trumps: tuple[int, int, int], jack_by: int, queen_by: int) -> tuple[int, int]:
    """A pot card played: its pot, and Intrigue (J, Q) or Matrimony (Q, K) by one player, ascending."""
    tj, tq, tk = trumps
    i = card_pot[card]
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
    return jack_by, queen_by


def _go_out(seat: int, holder: list[int], left: list[int], pots: list[int], net: list[int]) -> None:
    """Out: the game pot, then 1 a card, the Pope's holder exempt."""
    net[seat] += pots[GAME]
    pots[GAME] = 0
    pope_holder = holder[POPE]
    for s in range(SEATS):
        if s != seat and s != pope_holder:
            net[s] -= left[s]
            net[seat] += left[s]


# Boodle, rules hard-coded: no card removed, ace high (2 … K, A), every card dealt, no turn-up.
BOODLE_DECK: tuple[Card, ...] = tuple(canonical_deck(()))
BOODLE_POTS = ("ace", "king", "queen", "jack")
BOODLE_POT_OF = {26: 0, 12: 1, 24: 2, 49: 3}  # A♥, K♣, Q♦, J♠
BOODLE_LOW_KEY = tuple(((c % 13 - 1) % 13) * 4 + c // 13 for c in range(52))  # rank, ace high, then suit
BOODLE_NEXT = tuple(-1 if c % 13 == 0 else c - 12 if c % 13 == 12 else c + 1 for c in range(52))  # K→A; A: top


def boodle_hand(seed: int, dealer: int) -> tuple[list[int], list[int]]:
    """One boodle hand for 4 players, rules hard-coded; returns (net by seat, board by pot)."""
    dealt = deal_cards(shuffled(BOODLE_DECK, seed), SEATS, dealer, None, "none")
    net = [-4, -4, -4, -4]  # each player dresses each pot with 1, the dealer twice
    net[dealer] -= 4
    pots = [5, 5, 5, 5]
    holder = [-1] * 52
    left = [0, 0, 0, 0]
    lows: list[list[int]] = []
    for seat, cards in enumerate(dealt.hands):
        for c in cards:
            holder[c] = seat
        left[seat] = len(cards)
        lows.append(sorted(cards, key=BOODLE_LOW_KEY.__getitem__))
    nxt_low = [0, 0, 0, 0]
    seat = (dealer + 1) % SEATS
    while True:
        low = lows[seat]  # a lead: the seat's lowest card still held
        k = nxt_low[seat]
        while holder[low[k]] != seat:
            k += 1
        nxt_low[seat] = k
        card = low[k]
        while True:  # the run: the next card up, from the next player clockwise only
            holder[card] = -1
            left[seat] -= 1
            i = BOODLE_POT_OF.get(card, -1)
            if i >= 0:
                net[seat] += pots[i]
                pots[i] = 0
            if not left[seat]:  # out: 1 a card from each other player
                for s in range(SEATS):
                    net[s] -= left[s]
                    net[seat] += left[s]
                return net, pots
            nxt = BOODLE_NEXT[card]
            if nxt < 0:
                break  # a stop at the top card: its player leads again
            after = (seat + 1) % SEATS
            card, seat = nxt, after
            if holder[nxt] != after:
                break  # a stop: the next player leads


OWN: dict[str, tuple[Callable[[int, int], tuple[list[int], list[int]]], tuple[str, ...]]] = {
    "modern-stops": (baseline_hand, POT_NAMES),
    "boodle": (boodle_hand, BOODLE_POTS),
}
"""Each preset with hand-written code of its own rules, and its pots in the order that code keeps them."""


# ----------------------------------------------------------------------------- the harness
def popejoan_hand(rules_name: str) -> Callable[[int, int], hand.Hand]:
    rules = presets.preset(rules_name)

    def one(seed: int, dealer: int) -> hand.Hand:
        dealt = deal.seeded_deal(rules, SEATS, dealer, seed)
        h = hand.Hand.deal(rules, SEATS, dealer, board.Board(rules), dealt)
        return playout.play_out(h)

    return one


def dealing(rules_name: str) -> Callable[[int, int], object]:
    """The deal of a popejoan hand alone: what `popejoan_hand` does before its play-out begins."""
    rules = presets.preset(rules_name)

    def one(seed: int, dealer: int) -> object:
        return deal.seeded_deal(rules, SEATS, dealer, seed)

    return one


def baseline_deal(seed: int, dealer: int) -> object:
    """The baseline's deal alone (`baseline_hand`'s first line)."""
    return deal_cards(shuffled(BASE_DECK, seed), SEATS, dealer, "last", "in-hand")


def run_all(one: Callable[[int, int], object], n: int, start: int = 0) -> None:
    for seed in range(start, n):
        one(seed, seed % SEATS)


def check_baseline(n: int) -> None:
    """Each hand-written baseline (`OWN`) and popejoan agree on net and board for seeds 0..n-1, or exit 1."""
    for name, (written, pot_names) in OWN.items():
        one = popejoan_hand(name)
        for seed in range(n):
            dealer = seed % SEATS
            got = one(seed, dealer)
            net, pots = written(seed, dealer)
            ref_board = [got.board.counters[pot] for pot in pot_names]
            if got.net != net or ref_board != pots:
                dealt = deal.seeded_deal(presets.preset(name), SEATS, dealer, seed)
                hands = "; ".join(f"seat {s}: {' '.join(str(c) for c in h)}" for s, h in enumerate(dealt.hands))
                sys.exit(
                    f"playout: baseline and popejoan DIFFER for {name}, seed {seed}, dealer seat {dealer}\n"
                    f"  turn-up {dealt.turnup}; {hands}\n"
                    f"  net:   popejoan {got.net}  baseline {net}\n"
                    f"  board: popejoan {ref_board}  baseline {pots}  (pots {', '.join(pot_names)})\n"
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


BYTECODE_HANDS = 200
"""Hands per preset counted by `--bytecodes` (tracing each bytecode runs some 50 times slower)."""


def bytecodes(n: int) -> dict[str, float]:
    """Bytecodes run per hand (`sys.settrace`'s opcode events) by each preset's play-out and each hand-written
    baseline (`OWN`), seeds 0..n-1: a count no other load on the machine moves, unlike a time, though it weighs a
    call into C (a list's `append`, a sort) as one bytecode however long it takes."""
    counted = [0]

    def each(frame: FrameType, event: str, arg: object) -> Any:
        if event == "opcode":
            counted[0] += 1
        return each

    def entered(frame: FrameType, event: str, arg: object) -> Any:
        frame.f_trace_opcodes = True
        return each

    def per_hand(one: Callable[[int, int], object]) -> float:
        counted[0] = 0
        sys.settrace(entered)
        try:
            run_all(one, n)
        finally:
            sys.settrace(None)
        return counted[0] / n

    found = {name: per_hand(popejoan_hand(name)) for name in presets.preset_names()}
    found.update((OWN_BESIDE + name, per_hand(written)) for name, (written, _) in OWN.items())
    return found


def report_bytecodes(n: int, ours: dict[str, float], theirs: dict[str, float], against: str | None) -> None:
    base = ours[OWN_BESIDE + MAIN_PRESET]
    print(f"bytecodes run per hand, seeds 0..{n - 1} (the deal's included, as in the times)"
          + (f"; old: {against}" if theirs else ""))
    old = f"{'old':>10}{'old ÷ base':>12}" if theirs else ""
    print(f"{'preset':<16}{'popejoan':>10}{'÷ base':>9}{'÷ own':>9}{old}")
    for name in presets.preset_names():
        own = ours.get(OWN_BESIDE + name)
        owned = "" if own is None else f"{ours[name] / own:>8.2f}×"
        line = f"{name:<16}{ours[name]:>10,.0f}{ours[name] / base:>8.2f}×{owned:>9}"
        if theirs:
            line += f"{theirs[name]:>10,.0f}{theirs[name] / theirs[OWN_BESIDE + MAIN_PRESET]:>11.2f}×"
        print(line)
    for name in OWN:
        print(f"{'hand-written ' + name:<28}{ours[OWN_BESIDE + name]:>10,.0f}")


BESIDE = "baseline beside "
"""The key of the baseline's time measured in the same chunks as a preset's (`measure_once`)."""
OWN_BESIDE = "own beside "
DEAL = "deal of "
"""The deal alone (`deal.seeded_deal`: the deal v1 shuffle and the hands dealt), which popejoan and the baseline
share: timed beside each preset, with the baseline's own deal (`BASE_DEAL`), so that the "no deal" column gives
the play-out's ratio with that shared cost left out."""
BASE_DEAL = "baseline's deal beside "
"""Likewise for a preset's own hand-written baseline (`OWN`), other than modern-stops's, which is the baseline."""


def measure_once(n: int, cpu: bool) -> dict[str, float]:
    """Seconds per hand of each preset, and of the baseline run beside it, one repetition each. Each
    preset and the baseline run in alternating chunks of CHUNK seeds, so that a busy spell on a shared
    machine falls on both alike and the ratio holds: `BESIDE + name` is the baseline's time measured
    with that preset's chunks, and "baseline" (all of them) is shown in the table."""
    clock = time.process_time if cpu else time.perf_counter
    out: dict[str, float] = {}
    for name in presets.preset_names():
        sides: list[tuple[str, Callable[[int, int], object]]] = [(name, popejoan_hand(name)),
                                                                 (BESIDE + name, baseline_hand)]
        if name in OWN and name != MAIN_PRESET:
            sides.append((OWN_BESIDE + name, OWN[name][0]))
        sides += [(DEAL + name, dealing(name)), (BASE_DEAL + name, baseline_deal)]
        spent = dict.fromkeys((key for key, _ in sides), 0.0)
        for first in range(0, n, CHUNK):
            last = min(n, first + CHUNK)
            for key, one in sides:
                start = clock()
                run_all(one, last, first)
                spent[key] += clock() - start
        out.update((key, secs / n) for key, secs in spent.items())
    out["baseline"] = min(out[BESIDE + name] for name in presets.preset_names())
    return out


def measure_other(src: str, n: int, cpu: bool, more: list[str] | None = None) -> dict[str, float]:
    """`measure_once` (or with `more`, what those options measure) of the code under `src`, in a subprocess (the
    same bench file)."""
    env = {**os.environ, "PYTHONPATH": src}
    done = subprocess.run([sys.executable, __file__, "--hands", str(n), "--once", *(["--cpu"] if cpu else []),
                           *(more or [])],
                          env=env, check=True, capture_output=True, text=True, encoding="utf-8")
    found: dict[str, float] = json.loads(done.stdout)
    return found


def best_of(n: int, against: str | None, cpu: bool, repeats: int) -> tuple[dict[str, float], dict[str, float]]:
    """Best seconds per hand over `repeats`, here and (if asked) under `against`, interleaved."""
    ours: dict[str, float] = {}
    theirs: dict[str, float] = {}
    for _ in range(repeats):
        for got, into in ((measure_once(n, cpu), ours), (measure_other(against, n, cpu) if against else {}, theirs)):
            for name, secs in got.items():
                into[name] = min(into.get(name, float("inf")), secs)
    return ours, theirs


def report(n: int, ours: dict[str, float], theirs: dict[str, float], against: str | None) -> None:
    shown = [*presets.preset_names(), "baseline"]
    if theirs:
        print(f"{'preset':<16}{'hands/s':>10}{'µs/hand':>10}{'÷ base':>9}{'÷ own':>9}{'old ÷ base':>12}"
              f"   (old: {against})")
    else:
        print(f"{'preset':<16}{'hands/s':>12}{'µs/hand':>12}{'÷ baseline':>12}{'÷ own':>9}{'no deal':>9}")
    for name in shown:
        secs = ours[name]
        ratio = secs / ours.get(BESIDE + name, ours["baseline"])
        note = f"   ({MAIN_PRESET} rules hard-coded)" if name == "baseline" else ""
        own = _own_ratio(ours, name)
        owned = "" if own is None else f"{own:>8.2f}×"
        if theirs:
            old = theirs[name] / theirs.get(BESIDE + name, theirs["baseline"])
            print(f"{name:<16}{1 / secs:>10,.0f}{secs * 1e6:>10.1f}{ratio:>8.2f}×{owned:>9}{old:>11.2f}×{note}")
        else:
            print(f"{name:<16}{1 / secs:>12,.0f}{secs * 1e6:>12.1f}{ratio:>11.2f}×{owned:>9}{_no_deal(ours, name):>9}"
                  f"{note}")
    print("(÷ baseline: each preset's time per hand over the baseline's, the two run in alternating chunks of "
          f"{CHUNK} seeds; the baseline row: its best. ÷ own: over hand-written code of the preset's own rules, "
          "run beside it likewise. no deal: ÷ baseline with the deal both share, the shuffle and the hands dealt, "
          "left out of both)")
    ratio = ours[MAIN_PRESET] / ours[BESIDE + MAIN_PRESET]
    rate = 1 / ours[MAIN_PRESET]
    print(f"\n{MAIN_PRESET}: popejoan / baseline time per hand = {ratio:.2f}×")
    if theirs:
        print(f"{MAIN_PRESET}: old popejoan / its baseline in the same run = "
              f"{theirs[MAIN_PRESET] / theirs.get(BESIDE + MAIN_PRESET, theirs['baseline']):.2f}×")
    met = "met" if rate >= TARGET_HANDS_PER_S else "MISSED"
    print(f"target ≥ {TARGET_HANDS_PER_S:,.0f} hands/s: {rate:,.0f}  {met}")
    worst = max(presets.preset_names(), key=lambda name: ours[name] / ours[BESIDE + name])
    top = ours[worst] / ours[BESIDE + worst]
    print(f"target ≤ {TARGET_RATIO}× baseline, every preset: worst {worst} {top:.2f}×  "
          f"{'met' if top <= TARGET_RATIO else 'MISSED'}")
    for name in OWN:
        own = _own_ratio(ours, name)
        if name != MAIN_PRESET and own is not None:
            print(f"{name}: popejoan / hand-written {name} = {own:.2f}× (its hands' length left out)")


def _no_deal(ours: dict[str, float], name: str) -> str:
    """The preset's time per hand over the baseline's, each less its deal (timed beside it), or "" where it was not
    timed (the baseline's row, or another tree's figures)."""
    if DEAL + name not in ours:
        return ""
    mine = ours[name] - ours[DEAL + name]
    base = ours[BESIDE + name] - ours[BASE_DEAL + name]
    return f"{mine / base:.2f}×"


def _own_ratio(ours: dict[str, float], name: str) -> float | None:
    """A preset's time per hand over its own hand-written baseline's, run beside it (`OWN`), if it has one."""
    if name == MAIN_PRESET:
        return ours[name] / ours[BESIDE + name]
    own = ours.get(OWN_BESIDE + name)
    return None if own is None else ours[name] / own


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--hands", type=int, help=f"hands per preset, seeds 0..N-1 (default 2000; {BYTECODE_HANDS} with "
                    "--bytecodes)")
    ap.add_argument("--profile", action="store_true", help=f"cProfile the {MAIN_PRESET} play-out")
    ap.add_argument("--against", metavar="SRC", help="also measure the code under SRC (e.g. an old worktree's src)")
    ap.add_argument("--cpu", action="store_true", help="time by CPU time (time.process_time)")
    ap.add_argument("--repeats", type=int, default=REPEATS, help=f"best of N (default {REPEATS})")
    ap.add_argument("--bytecodes", action="store_true",
                    help=f"count the bytecodes run per hand instead of timing ({BYTECODE_HANDS} hands unless --hands)")
    ap.add_argument("--once", action="store_true", help=argparse.SUPPRESS)  # --against's subprocess: JSON out
    args = ap.parse_args(argv)
    n: int = args.hands if args.hands is not None else BYTECODE_HANDS if args.bytecodes else 2000
    if n < 1:
        ap.error("--hands must be at least 1")
    if args.once:
        print(json.dumps(bytecodes(n) if args.bytecodes else measure_once(n, args.cpu)))
        return 0
    if args.bytecodes:
        theirs = measure_other(args.against, n, False, ["--bytecodes"]) if args.against else {}
        report_bytecodes(n, bytecodes(n), theirs, args.against)
        return 0

    check_baseline(min(CHECK_SEEDS, n))
    print(f"the hand-written baselines ({', '.join(OWN)}) agree with popejoan on net and board for seeds "
          f"0..{min(CHECK_SEEDS, n) - 1}")
    print(
        f"{n} hands per preset, {SEATS} players, dealer rotating; best of {args.repeats}; "
        f"{'CPU time' if args.cpu else 'wall time'}; Python {sys.version.split()[0]}\n"
    )
    ours, theirs = best_of(n, args.against, args.cpu, args.repeats)
    report(n, ours, theirs, args.against)
    if args.profile:
        profile(n)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
