"""How far pairing the deals narrows the interval on a difference (`game.compare`, `simulate --against`).

For each comparison below, at 4 players: the paired 95% half-width of A − B at every seat (line-up position) and
for the dealer's edge, beside the half-width two independent runs of as many hands would give (each side's own
per-hand variance), and their ratio. Target (issue 42): a ratio of at most 0.4, measured on `strong` against
`good` and on one house-rule change.

- `play.pope_in_lieu` true against false, `play.pairs` split against same-player, `settle.per_card` 2 against 1
  (modern-stops, `good` at every seat; `--deals`, default 4,000);
- `strong,good,good,good` against `good` everywhere, duplicate (each deal at every turn round the table;
  `--strong-deals`, default 400: about a minute on two cores; 0 leaves it out).

    python bench/compare.py [--deals 4000] [--strong-deals 400] [--processes 2]

Prints; asserts nothing.
"""

from __future__ import annotations

import argparse
from typing import Any

from machine import cores, load_note, timed  # bench/machine.py
from popejoan_cli.formats.presets import preset
from popejoan_cli.game.compare import compare
from popejoan_cli.game.rules import from_data

CHANGES: dict[str, dict[str, Any]] = {"play.pope_in_lieu = true": {"play": {"pope_in_lieu": True}},
                                      'play.pairs = "split"': {"play": {"pairs": "split"}},
                                      "settle.per_card = 2": {"settle": {"per_card": 2}}}


def _rules(doc: dict[str, Any]) -> Any:
    rules, problems = from_data(doc, None, preset("modern-stops"))
    assert rules is not None, problems
    return rules


def _row(label: str, doc: dict[str, Any], secs: float) -> None:
    diff = doc["difference"]
    cells = []
    for s in diff["seats"]:
        half = (s["high"] - s["low"]) / 2
        cells.append(f"{s['mean']:+.3f} ±{half:.2f} / ±{s['unpaired']:.2f} = {half / s['unpaired']:.2f}")
    edge = diff["dealer_edge"]
    half = (edge["high"] - edge["low"]) / 2
    print(f"{label} ({doc['deals']:,} deals, {doc['a']['hands']:,} hands a side, {secs:.0f} s)")
    for i, cell in enumerate(cells, 1):
        print(f"  seat {i}: A − B {cell}")
    print(f"  dealer's edge: A − B {edge['mean']:+.3f} ±{half:.2f} / ±{edge['unpaired']:.2f} = "
          f"{half / edge['unpaired']:.2f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--deals", type=int, default=4000)
    ap.add_argument("--strong-deals", type=int, default=400)
    ap.add_argument("--processes", type=int, default=cores())
    args = ap.parse_args()
    base = preset("modern-stops")
    print(f"paired half-width / two independent runs' half-width (95%), modern-stops, 4 players, "
          f"{args.processes} processes; target <= 0.40")
    for label, change in CHANGES.items():
        with timed() as spent:
            doc = compare(_rules(change), base, 4, args.deals, 1, ["good"], processes=args.processes).to_json()
        _row(label, doc, spent.wall)
    if args.strong_deals:
        with timed() as spent:
            doc = compare(base, base, 4, args.strong_deals, 1, ["strong", "good", "good", "good"], ["good"],
                          processes=args.processes).to_json()
        _row("strong,good,good,good against good (duplicate)", doc, spent.wall)
    note = load_note()
    if note:
        print(note)


if __name__ == "__main__":
    main()
