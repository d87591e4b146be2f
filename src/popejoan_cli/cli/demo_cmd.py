"""`popejoan demo`: a short evening on the built-in defaults, on a throwaway table.

It creates a table in a temporary folder and drives it exactly as a banker would, through
the journal: deal from a fixed seed, lead each leader's lowest legal card, let the referee
play the runs, settle, and pass the deal to the left. Then it shows the board and the ledger.

The referee, the store, the formats and rich are imported inside the commands that need
them, to keep start-up short: a command pays only for what it uses.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from popejoan_cli.cli import command, console, emit_json, root

if TYPE_CHECKING:
    from popejoan_cli.game.sight import Played
    from popejoan_cli.table.view import TableView

DEFAULT_RULES = "modern-stops"
DEFAULT_PLAYERS = "Ann,Bob,Cat,Dan"


@command(root, "demo")
def demo(
    ctx: typer.Context,
    hands: Annotated[int, typer.Option("--hands", "-n", min=1, max=50, help="How many hands to play.")] = 3,
    rules_spec: Annotated[str, typer.Option("--rules", "-r", help="A preset name or house-rule file.")] = DEFAULT_RULES,
    players: Annotated[str, typer.Option("--players", "-p", help="Players clockwise.")] = DEFAULT_PLAYERS,
    # Each next hand adds one, and a table's seeds stay below 2^63 (they must fit a TOML integer).
    seed: Annotated[int, typer.Option("--seed", "-s", min=0, max=(1 << 63) - 100,
                                      help="Seed of the first hand; each next hand adds one.")] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="Print each hand's replay JSON and the totals.")] = False,
) -> None:
    """Play a short evening on the built-in defaults: every run, award and settlement, then the board and ledger."""
    import tempfile

    from popejoan_cli.cli.common import seats
    from popejoan_cli.cli.practice_cmd import typed
    from popejoan_cli.formats.handjson import to_json
    from popejoan_cli.store import autoplay, tables
    from popejoan_cli.table.events import TableOpened

    if not typed(ctx, "players") and not as_json:
        from popejoan_cli.render.i18n import tp

        players = tp("demo players", "Ann,Bob,Cat,Dan")  # names in the language the demo speaks: Аня,Боря,Вика,Дима
    rules, names, _ = seats(players, None, rules_spec)
    out = None if as_json else console()
    with tempfile.TemporaryDirectory(prefix="popejoan-demo-") as tmp:
        where = Path(tmp) / "demo"
        view = tables.record(lambda v: [TableOpened(name="demo", rules=rules.to_dict(), rules_name=rules.name,
                                                    players=names, counters=50, dealer=names[0])],
                             where=where, create=True).view
        if out is not None:
            from popejoan_cli.render.i18n import preset_title, tn

            out.print(tn("A throwaway table: {players} with {n} counter each, {rules} rules.",
                         "A throwaway table: {players} with {n} counters each, {rules} rules.", 50,
                         players=", ".join(names), rules=preset_title(rules.title)), markup=False)
        for k in range(hands):
            view = autoplay.play_hand(where, seed + k, told=None if out is None else _teller(out, k, hands))
        if as_json:
            emit_json({"hands": [to_json(r.hand, r.players, rules.name) for r in view.hands],
                       "ledger": view.live_balances(), "board": view.live_board()})
            return
        assert out is not None
        from popejoan_cli.render.i18n import t, tn
        from popejoan_cli.render.table_views import board_view, ledger_view

        out.rule(t("After the evening"))
        out.print(board_view(view))
        out.print(ledger_view(view))
        out.print(tn("Players plus board: {n} counter, as brought in: nothing created or lost.",
                     "Players plus board: {n} counters, as brought in: nothing created or lost.",
                     view.total_in_play()), markup=False)
        # The board above says who deals next, as at any table; this one is gone with the demo (issue 39).
        out.print(t("That table was the demo's own, and it is gone. To play at a table of your own: `popejoan "
                    "table new NAME --rules modern-stops --players A,B,C`, then `popejoan deal`."), markup=False)


def _teller(out: Any, k: int, hands: int) -> Callable[[TableView, Played | None], None]:
    """Show hand `k` as it is played: its deal, then each run as the referee played it."""
    from popejoan_cli.render.i18n import t
    from popejoan_cli.render.table_views import deal_summary, run_view

    def told(view: TableView, played: Played | None) -> None:
        rec = view.hands[-1]
        if played is None:
            out.rule(t("Hand {number} of {hands}", number=k + 1, hands=hands))
            out.print(deal_summary(rec))
            return
        out.print(run_view(rec, played))

    return told
