"""`popejoan demo`: a short evening on the built-in defaults, on a throwaway table.

It creates a table in a temporary folder and drives it exactly as a banker would, through
the journal: deal from a fixed seed, lead each leader's lowest legal card, let the referee
play the runs, settle, and pass the deal to the left. Then it shows the board and the ledger.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from popejoan_cli.base.words import plural
from popejoan_cli.cli import command, console, emit_json, root

DEFAULT_RULES = "modern-stops"


@command(root, "demo")
def demo(
    hands: Annotated[int, typer.Option("--hands", "-n", min=1, max=50, help="How many hands to play.")] = 3,
    rules_spec: Annotated[str, typer.Option("--rules", "-r", help="A preset name or house-rule file.")] = DEFAULT_RULES,
    players: Annotated[str, typer.Option("--players", "-p", help="Players clockwise.")] = "Ann,Bob,Cat,Dan",
    # Each next hand adds one, and a table's seeds stay below 2^63 (they must fit a TOML integer).
    seed: Annotated[int, typer.Option("--seed", "-s", min=0, max=(1 << 63) - 100,
                                      help="Seed of the first hand; each next hand adds one.")] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="Print each hand's replay JSON and the totals.")] = False,
) -> None:
    """Play a short evening on the built-in defaults: every run, award and settlement, then the board and ledger."""
    import tempfile

    from popejoan_cli.cli.hand_cmd import _seats
    from popejoan_cli.formats.handjson import to_json
    from popejoan_cli.game.playout import lowest_lead
    from popejoan_cli.store import tables
    from popejoan_cli.table.events import CardLed, Event, HandDealt, TableOpened
    from popejoan_cli.table.fold import TableView

    rules, names, _ = _seats(players, None, rules_spec)
    out = None if as_json else console()
    with tempfile.TemporaryDirectory(prefix="popejoan-demo-") as tmp:
        where = Path(tmp) / "demo"
        tables.record(lambda v: [TableOpened(name="demo", rules=rules.to_dict(), rules_name=rules.name,
                                             players=names, counters=50, dealer=names[0])], where=where, create=True)
        if out is not None:
            out.print(f"A throwaway table: {', '.join(names)} with 50 counters each, {rules.title} rules.",
                      markup=False)
        for k in range(hands):
            def deal(v: TableView, s: int = seed + k) -> list[Event]:
                return [HandDealt(seed=s, dealer=v.next_dealer)]

            done = tables.record(deal, where=where)
            view = done.view
            if out is not None:
                from popejoan_cli.render.table_views import deal_summary

                out.rule(f"Hand {k + 1} of {hands}")
                out.print(deal_summary(view.hands[-1]))
            while view.open_hand is not None:
                rec = view.open_hand
                marks = (len(rec.hand.plays), len(rec.hand.stops), len(rec.hand.awards))
                seat, card = lowest_lead(rec.hand)

                def lead(v: TableView, who: str = rec.players[seat], c: str = str(card)) -> list[Event]:
                    return [CardLed(player=who, card=c)]

                view = tables.record(lead, where=where).view
                if out is not None:
                    from popejoan_cli.render.table_views import run_view

                    out.print(run_view(rec := view.hands[rec.number - 1], rec.hand.plays[marks[0]:], marks[1],
                                       marks[2]))
        if as_json:
            emit_json({"hands": [to_json(r.hand, r.players, rules.name) for r in view.hands],
                       "ledger": view.live_balances(), "board": view.live_board()})
            return
        assert out is not None
        from popejoan_cli.render.table_views import board_view, ledger_view

        out.rule("After the evening")
        out.print(board_view(view))
        out.print(ledger_view(view))
        out.print(f"Players plus board: {plural(view.total_in_play(), 'counter')}, as brought in: "
                  "nothing created or lost.",
                  markup=False)
