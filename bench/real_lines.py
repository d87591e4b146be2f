"""How many lines a banker types to record a real five-player hand: card by card, runs on one line, a tally.

Over seeded modern-stops hands (five players, the dealer rotating), each hand is dealt and played
out virtually (`Hand`, `game.playout`) and its record is turned into the commands a banker would
type at a real deck: today, one `play NAME CARD...` for each player's cards in a row, `stop` where
the table must call it, and `out`; with one-line runs, one `play NAME CARD CARD:NAME ... [stop]`
per run, and `out`; as a tally, one `pay NAME POT...` each time a player shows the cards of pots,
and `out NAME --left ...` (with `--pope` where the Pope was not paid). All three are driven through
the CLI in-process (Typer's CliRunner) on a fresh table in a temporary POPEJOAN_HOME, and each
recorded hand must end as the virtual one did (awards, payments, net, board). Prints the lines per
hand (mean, max) each way; targets: no hand over 15 lines with one-line runs, nor over 8 as a
tally (exit 1 if missed or a hand differs).

Run from the repo root: `python bench/real_lines.py [--hands 20]`.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

from typer.testing import CliRunner

from popejoan_cli.cli import app
from popejoan_cli.formats.handjson import to_json
from popejoan_cli.formats.presets import preset
from popejoan_cli.game.board import Board
from popejoan_cli.game.cards import Dealt
from popejoan_cli.game.deal import seeded_deal
from popejoan_cli.game.hand import Hand
from popejoan_cli.game.playout import play_out

RULES = "modern-stops"
PLAYERS = ["Ann", "Bob", "Cat", "Dan", "Eve"]
TARGET = 15
TALLY_TARGET = 8


def known(seed: int, dealer: int) -> tuple[Hand, Dealt]:
    rules = preset(RULES)
    dealt = seeded_deal(rules, len(PLAYERS), dealer, seed)
    hand = Hand.deal(rules, len(PLAYERS), dealer, Board(rules), dealt)
    hand.names = list(PLAYERS)
    return play_out(hand), dealt


def table_calls(hand: Hand, at: int) -> bool:
    """Must the table say `stop` after the `at`-th stop? Only where the unseen referee cannot know
    the run is over: the next card in the spare hand (or, clockwise, not with the next player)."""
    return hand.stops[at].reason == ("not-in-turn" if hand.clockwise else "spare")


def going_out(hand: Hand, dealt: Dealt) -> list[list[str]]:
    """`out NAME`, with `--pope` where the referee cannot know who holds the Pope."""
    if hand.out is None:
        return []
    out = ["out", PLAYERS[hand.out]]
    pope = hand.pope_card
    if pope is None or hand.rules["settle.pope_exempt"] == "none" or hand.played_by[pope] >= 0 \
            or pope == dealt.turnup:
        return [out]
    held = [PLAYERS[s] for s in range(len(PLAYERS)) if pope in hand.holding[s]]
    return [[*out, "--pope", held[0] if held else "spare"]]


def by_card(hand: Hand, dealt: Dealt) -> list[list[str]]:
    """Today: one `play NAME CARD...` per player's cards in a row (over the referee's own stops)."""
    lines: list[list[str]] = []
    stops = 0
    for i, p in enumerate(hand.plays):
        if p.lead and i:
            if table_calls(hand, stops):
                lines.append(["stop"])
            stops += 1
        if lines and lines[-1][0] == "play" and lines[-1][1] == PLAYERS[p.seat]:
            lines[-1].append(str(p.card))
        else:
            lines.append(["play", PLAYERS[p.seat], str(p.card)])
    return lines + going_out(hand, dealt)


def by_run(hand: Hand, dealt: Dealt) -> list[list[str]]:
    """One line per run: `play NAME CARD CARD:NAME ...`, ending in `stop` where the table calls it."""
    lines: list[list[str]] = []
    stops = 0
    for i, p in enumerate(hand.plays):
        if p.lead:
            if i:
                if table_calls(hand, stops):
                    lines[-1].append("stop")
                stops += 1
            lines.append(["play", PLAYERS[p.seat], str(p.card)])
        else:
            same = hand.plays[i - 1].seat == p.seat
            lines[-1].append(str(p.card) if same else f"{p.card}:{PLAYERS[p.seat]}")
    return lines + going_out(hand, dealt)


def tallied(hand: Hand, dealt: Dealt) -> list[list[str]]:
    """A tally: `pay NAME POT...` each time a player shows the cards of pots, then `out NAME --left ...`."""
    lines: list[list[str]] = []
    shown = None
    for a in hand.awards:
        if a.at != "play":
            continue
        moment = (a.seat, a.cards[-1])  # the pots one card completes are paid on one line
        if moment == shown:
            lines[-1].append(a.pot)
        else:
            lines.append(["pay", PLAYERS[a.seat], a.pot])
        shown = moment
    if hand.out is None:
        return lines
    return [*lines, tally_out(hand, dealt, hand.out)]


def tally_out(hand: Hand, dealt: Dealt, out_seat: int) -> list[str]:
    """`out NAME --left ...`, with `--pope` where the Pope was not played."""
    left = ",".join(f"{PLAYERS[s]}={n}" for s, n in enumerate(hand.left) if s != out_seat)
    out = ["out", PLAYERS[out_seat], "--left", left]
    pope, paid = hand.pope_card, any(a.pot == "pope" and a.at == "play" for a in hand.awards)
    if pope is not None and not paid:
        held = [PLAYERS[s] for s in range(len(PLAYERS)) if pope in hand.holding[s]]
        where = held[0] if held else "spare" if dealt.spare is not None and pope in dealt.spare else "none"
        out += ["--pope", where]
    return out


def drive(home: Path, dealer: int, dealt: Dealt, lines: list[list[str]],
          tally: bool = False) -> tuple[int, dict[str, object]]:
    """Record the hand on a new table; the lines typed (the deal included) and the table's record."""
    runner = CliRunner()
    env = {"POPEJOAN_HOME": str(home), "NO_COLOR": "1", "COLUMNS": "100"}
    os.environ.pop("POPEJOAN_TABLE", None)

    def run(*args: str) -> str:
        res = runner.invoke(app, list(args), env=env)
        if res.exit_code:
            sys.exit(f"real_lines: `popejoan {' '.join(args)}` failed ({res.exit_code}): {res.stderr.strip()}")
        return res.stdout

    run("table", "new", "t", "--rules", RULES, "--players", ",".join(PLAYERS), "--dealer", PLAYERS[dealer])
    deal = ["deal", "--real", *(["--tally"] if tally else [])]
    typed = [[*deal, *(["--turnup", str(dealt.turnup)] if dealt.turnup is not None else [])], *lines]
    for words in typed:
        run(*words)
    hands = json.loads(run("history", "--json"))["hands"]
    return len(typed), hands[-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20)
    args = parser.parse_args()
    counts: dict[str, list[int]] = {"card by card": [], "one-line runs": [], "tally": []}
    with tempfile.TemporaryDirectory() as tmp:
        for seed in range(args.hands):
            dealer = seed % len(PLAYERS)
            hand, dealt = known(seed, dealer)
            want = to_json(hand, PLAYERS, RULES)
            for (way, got), make in zip(counts.items(), (by_card, by_run, tallied), strict=True):
                n, rec = drive(Path(tmp) / f"{seed}-{len(got)}-{make.__name__}", dealer, dealt, make(hand, dealt),
                               tally=make is tallied)
                if not rec["closed"] or any(rec[k] != want[k] for k in ("awards", "payments", "net", "board")):
                    sys.exit(f"real_lines: seed {seed}, {way}: the recorded hand differs from the virtual one")
                got.append(n)
    for way, got in counts.items():
        print(f"{way:>14}: {sum(got) / len(got):5.1f} lines per hand (max {max(got)})")
    today, runs = (sum(counts[k]) / len(counts[k]) for k in ("card by card", "one-line runs"))
    print(f"{'ratio':>14}: {today / runs:5.2f} (card by card / one-line runs); target: every hand <= {TARGET} lines "
          "with one-line runs")
    print(f"{'':>14}  target: every hand <= {TALLY_TARGET} lines as a tally")
    if max(counts["one-line runs"]) > TARGET or max(counts["tally"]) > TALLY_TARGET:
        sys.exit(1)


if __name__ == "__main__":
    main()
