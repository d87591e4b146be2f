"""`popejoan demo`: a short evening on the built-in defaults, dealt and played out.

Each hand is dealt from a fixed seed, the deal passes to the left, the board carries over
and every player's running total is shown at the end. It runs entirely in memory.
"""

from __future__ import annotations

from typing import Annotated

import typer

from popejoan_cli.cli import app, command, console, emit_json

DEFAULT_RULES = "modern-stops"


@command(app, "demo")
def demo(
    hands: Annotated[int, typer.Option("--hands", "-n", min=1, max=50, help="How many hands to play.")] = 3,
    rules_spec: Annotated[str, typer.Option("--rules", "-r", help="A preset name or house-rule file.")] = DEFAULT_RULES,
    players: Annotated[str, typer.Option("--players", "-p", help="Players clockwise.")] = "Ann,Bob,Cat,Dan",
    seed: Annotated[int, typer.Option("--seed", "-s", help="Seed of the first hand; each next hand adds one.")] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="Print each hand's spec §11 object and the totals.")] = False,
) -> None:
    """Play a short evening on the built-in defaults and show every hand and the totals."""
    from popejoan_cli.cli.hand_cmd import _seats
    from popejoan_cli.dealfile import DealSpec, seeded_deal
    from popejoan_cli.replay import replay, to_json
    from popejoan_cli.rules import HouseRules

    rules, names, dealer = _seats(players, None, rules_spec)
    assert isinstance(rules, HouseRules)
    board: dict[str, int] = {}
    totals = dict.fromkeys(names, 0)
    results = []
    out = None if as_json else console()
    for k in range(hands):
        dealt = seeded_deal(rules, len(names), dealer, seed + k)
        spec = DealSpec(rules, rules.name, tuple(names), dealer, dealt, seed + k, (), board, None)
        hand = replay(spec)
        data = to_json(hand, names, rules.name)
        results.append(data)
        for name, n in data["net"].items():
            totals[name] += n
        board = hand.board.snapshot()
        if out is not None:
            from popejoan_cli.render_hand import replay_view

            out.rule(f"Hand {k + 1} of {hands}: seed {seed + k}")
            out.print(replay_view(hand, spec))
        dealer = (dealer + 1) % len(names)
    if as_json:
        emit_json({"hands": results, "totals": totals, "board": board})
        return
    assert out is not None
    from popejoan_cli.render_hand import totals_view

    out.print(totals_view(rules, names, totals, board))
