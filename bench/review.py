"""How long the review of a practice hand takes (issue 43's target: within 1 s of the hand's end, CPU, one core,
4 players): a practice table (`render.practice_table.Practice`, in memory as `popejoan practice` keeps it) of you
and three computers at `good`, you leading the lowest legal card, hands dealt from one session seed; after each
hand, `table.review.review` of your leads, timed by `time.process_time` (this process's CPU, one core).

    python bench/review.py [--hands 30] [--rules modern-stops]

Prints the median, 90th percentile and largest review time, and the leads judged a hand; asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import time

from machine import load_note  # bench/machine.py
from popejoan_cli.formats.presets import preset
from popejoan_cli.render.practice_table import Practice
from popejoan_cli.table import moves
from popejoan_cli.table.computer_leads import computer_lead
from popejoan_cli.table.review import review
from popejoan_cli.table.throwaway import Throwaway

TARGET = 1.0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--hands", type=int, default=30)
    ap.add_argument("--rules", default="modern-stops")
    args = ap.parse_args()
    game = Practice(computers=3, level="good", seed=11, you="You")
    table = Throwaway(game.opening(preset(args.rules)))
    secs, leads = [], []
    for number in range(1, args.hands + 1):
        table.record(game.next_deal(table.view))
        while table.view.open_hand is not None:
            led = computer_lead(table.view) or moves.lowest(table.view)
            assert led is not None
            table.record([led])
        start = time.process_time()
        done = review(table.view, number, ["You"])
        secs.append(time.process_time() - start)
        leads.append(len(done))
    secs.sort()
    p90 = secs[int(0.9 * (len(secs) - 1))]
    print(f"review of a practice hand: {args.rules}, 4 players (you and 3 good computers), {args.hands} hands, "
          f"CPU of one core")
    print(f"  leads judged a hand: median {statistics.median(leads):.0f}, most {max(leads)}")
    print(f"  review time: median {statistics.median(secs) * 1000:.0f} ms, p90 {p90 * 1000:.0f} ms, "
          f"max {secs[-1] * 1000:.0f} ms; target <= {TARGET * 1000:.0f} ms: "
          f"{'met' if secs[-1] <= TARGET else 'MISSED'} (max)")
    note = load_note()
    if note:
        print(note)


if __name__ == "__main__":
    main()
