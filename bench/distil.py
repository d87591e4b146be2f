"""An experiment (issue 43): does `strong` choose better if its play-outs play its own later leads as `strong`
would, through a cheap policy distilled from its choices, instead of as `good`?

1. Training: in hands `good` plays at every seat (seeds from 10,000 on, apart from the evaluation's), at each
   lead with a choice, `strong`'s choice from that seat's observation; each legal lead described by the features
   `good` itself reads (`heuristic._Judge`: goes out, keeps the lead, the Pope or the trump ace, the pots its run
   wins, the run's length, nothing below it, the pot it hands on) and two more (the card's rank, the cards held in
   its suit). A linear model over them, fitted by softmax regression (gradient descent, pure Python) to choose
   `strong`'s lead.
2. Evaluation: `bench/strong.py`'s regret on the same positions (seeds 0, 1, ...; the seat `seed % 4`; where the
   leads differ on the real deal, as `peek` values them), for `strong` as it is and for `strong` whose play-outs
   lead the searching seat's later leads by the distilled policy (the other seats stay `good`); the share of
   `good`'s regret each removes, with the paired difference between them.

    python bench/distil.py [--train 1500] [--positions 400] [--presets modern-stops,russian]

Prints the fitted weights, how often the policy agrees with `strong` on held-out positions, and the regrets;
ships nothing (a policy that helped would be data in the package, trained by this script).
"""

from __future__ import annotations

import argparse
import itertools
import math
import statistics
from collections.abc import Sequence

from popejoan_cli.formats.presets import preset
from popejoan_cli.game import lookahead
from popejoan_cli.game.bots import pick_lead
from popejoan_cli.game.cards import CARDS, Card
from popejoan_cli.game.hand import LEAD_KEY
from popejoan_cli.game.heuristic import Sees, _Judge, play_out_good
from popejoan_cli.game.simulate import Z95
from strong import _good_leads, _regret_positions  # bench/strong.py

NAMES = ("out", "keeps", "early", "pots", "run", "bottom", "gift", "rank", "suit")


def features(judge: _Judge, c: int) -> list[float]:
    """What `good` reads of leading `c` (its score's parts), and the card's rank and the cards held in its suit."""
    view = judge.view
    goes_out, keeps, early, _, _ = judge.score(c, LEAD_KEY[view.public.ace_high])
    succ, mine = judge.succ, view.own
    chain = [c]
    nxt = succ[c]
    while not view.public.clockwise and nxt >= 0 and nxt in mine and chain[-1] not in judge.stops:
        chain.append(nxt)
        nxt = succ[nxt]
    p = judge.pred[c]
    gift = 0.0
    if not keeps and nxt >= 0 and nxt not in mine:
        gift = sum(view.counters[name] for kind, name, _ in view.triggers.get(nxt, ()) if kind == "card")
    suit = sum(1 for x in mine if x // 13 == c // 13)
    return [goes_out, keeps, early, judge.pots_of(chain), float(len(chain)), float(p < 0 or p in judge.dead), gift,
            judge.rank[c] / 12.0, suit / 13.0]


def choose(weights: Sequence[float], view: Sees, dead: set[int] | None = None) -> Card:
    legal = view.legal
    if len(legal) == 1:
        return CARDS[legal[0]]
    judge = _Judge(view, dead)
    return CARDS[max(legal, key=lambda c: sum(w * f for w, f in zip(weights, features(judge, c), strict=True)))]


TRAIN_FROM = 10_000
"""The first seed of the training hands: well apart from the evaluation's (seeds 0, 1, ...)."""


Example = tuple[list[list[float]], int, int]
"""A position: each legal lead's features, the one `strong` chose and the one `good` chose (their places)."""


def training(name: str, count: int) -> list[Example]:
    """`count` positions of the training hands, each with `strong`'s choice and `good`'s."""
    rules = preset(name)
    out: list[Example] = []
    choices = (view for _, _, view in _good_leads(name, TRAIN_FROM) if len(view.legal) > 1)
    for view in itertools.islice(choices, count):
        legal = list(view.legal)
        judge = _Judge(view)
        out.append(([features(judge, c) for c in legal], legal.index(int(pick_lead(view, "strong", rules))),
                    legal.index(int(pick_lead(view, "good")))))
    return out


def fit(data: list[Example], steps: int = 300, rate: float = 0.5) -> list[float]:
    """Softmax regression: the weights that make `strong`'s lead the likeliest (gradient ascent, L2 0.01)."""
    w = [0.0] * len(NAMES)
    for _ in range(steps):
        grad = [-0.01 * x for x in w]
        for rows, chosen, _ in data:
            scores = [sum(a * b for a, b in zip(w, row, strict=True)) for row in rows]
            top = max(scores)
            exp = [math.exp(s - top) for s in scores]
            total = sum(exp)
            for k, row in enumerate(rows):
                p = exp[k] / total
                g = (1.0 if k == chosen else 0.0) - p
                for i, f in enumerate(row):
                    grad[i] += g * f / len(data)
        w = [a + rate * g for a, g in zip(w, grad, strict=True)]
    return w


def agreement(w: Sequence[float] | None, data: list[Example]) -> float:
    """How often the policy `w` (None: `good`) leads what `strong` led."""
    hits = 0
    for rows, chosen, good in data:
        if w is None:
            hits += good == chosen
            continue
        scores = [sum(a * b for a, b in zip(w, row, strict=True)) for row in rows]
        hits += scores.index(max(scores)) == chosen
    return hits / len(data)


def distilled(weights: Sequence[float], me: int) -> object:
    """`lookahead.play_out_good` for a search from seat `me`: that seat's later leads by the policy, the others
    `good`'s (`heuristic.play_out_good`'s `own`)."""
    def own(view: Sees, dead: set[int]) -> Card:
        return choose(weights, view, dead)

    return lambda hand, table: play_out_good(hand, table, (me, own))


def evaluate(name: str, count: int, weights: Sequence[float]) -> None:
    rules = preset(name)
    plain = play_out_good  # the function the search's play-outs call, by its name in lookahead
    good, strong, own = [], [], []
    for view, values in _regret_positions(name, count):
        best = max(values.values())
        good.append(best - values[int(pick_lead(view, "good"))])
        strong.append(best - values[int(pick_lead(view, "strong", rules))])
        setattr(lookahead, "play_out_good", distilled(weights, view.seat))  # noqa: B010 (a name mypy cannot see)
        try:
            own.append(best - values[int(pick_lead(view, "strong", rules))])
        finally:
            setattr(lookahead, "play_out_good", plain)  # noqa: B010
    g = statistics.mean(good)

    def share(regret: list[float]) -> str:
        removed = [a - b for a, b in zip(good, regret, strict=True)]
        half = Z95 * statistics.stdev(removed) / math.sqrt(len(removed))
        m = statistics.mean(removed)
        return f"{m / g:.0%} (95% {(m - half) / g:.0%} to {(m + half) / g:.0%})"

    diff = [a - b for a, b in zip(strong, own, strict=True)]
    half = Z95 * statistics.stdev(diff) / math.sqrt(len(diff))
    print(f"{name:>13}: {len(good)} positions; good's regret {g:.3f}; strong removes {share(strong)}; strong with "
          f"the distilled own leads removes {share(own)}; paired gain "
          f"{statistics.mean(diff) / g:+.1%} ± {half / g:.1%} of good's regret")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--train", type=int, default=1500)
    ap.add_argument("--positions", type=int, default=400)
    ap.add_argument("--presets", default="modern-stops,russian")
    args = ap.parse_args()
    for name in args.presets.split(","):
        data = training(name, args.train)
        cut = len(data) * 4 // 5
        weights = fit(data[:cut])
        print(f"{name}: weights " + ", ".join(f"{n} {w:+.2f}" for n, w in zip(NAMES, weights, strict=True)))
        print(f"{name}: agrees with strong on {agreement(weights, data[cut:]):.0%} of {len(data) - cut} held-out "
              f"positions (good's lead: {agreement(None, data[cut:]):.0%})")
        evaluate(name, args.positions, weights)


if __name__ == "__main__":
    main()
