"""`popejoan ledger settle` and `popejoan ledger stats`.

`settle` with no table in use fails like every table command (exit 2, usage). A table
where every net is zero (nobody won or lost, and the board is empty) is not an error: it
says so and exits 0, with an empty list of transfers in `--json`.
"""

from __future__ import annotations

from typing import Annotated

import typer

from popejoan_cli.cli import command, console, emit_json, ledger_app

JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON on stdout.")]


@command(ledger_app, "settle")
def ledger_settle(
    value: Annotated[str, typer.Option("--value", "-v", help="Money per counter, e.g. 0.05.")] = "0.05",
    currency: Annotated[str, typer.Option("--currency", help="Currency code or symbol to print.")] = "EUR",
    as_json: JsonOpt = False,
) -> None:
    """Turn each player's net counters into money, and list who pays whom (at most players − 1 transfers)."""
    from popejoan_cli.cli.table_cmd import _view
    from popejoan_cli.errors import UsageError
    from popejoan_cli.settle import money, parse_value, rounding_note, settle

    cur = currency.strip()
    if not cur or len(cur) > 10 or not cur.isprintable():
        raise UsageError(f"--currency {currency!r} is not allowed", "e.g. --currency EUR (1–10 characters)")
    result = settle(_view(full=True), parse_value(value), cur)  # money: every hand refereed again
    note = rounding_note(result)
    if as_json:
        emit_json({"value": str(result.value), "currency": cur, "settled": result.settled,
                   "nets": result.nets, "cents": result.cents,
                   "rounding": {"mode": "half-even per participant", "residue_cents": result.residue,
                                "residue_to": result.residue_to},
                   "transfers": [{"from": t.payer, "to": t.payee, "cents": t.cents} for t in result.transfers],
                   "note": note})
        return
    out = console()
    if result.settled:
        out.print("No balances to settle: every player's net is zero and the board is empty.", markup=False)
        return
    from rich.table import Table

    nets = Table(title=f"Nets at {result.value} {cur} a counter", title_justify="left")
    nets.add_column("Player")
    nets.add_column("Counters", justify="right")
    nets.add_column("Money", justify="right")
    for name, n in result.nets.items():
        nets.add_row(name, f"{n:+d}", money(result.cents[name], cur))
    out.print(nets)
    for t in result.transfers:
        out.print(f"{t.payer} pays {t.payee} {money(t.cents, cur)}", markup=False)
    out.print(note, markup=False, style="dim")


@command(ledger_app, "stats")
def ledger_stats(
    as_json: JsonOpt = False,
    this_session: Annotated[bool, typer.Option("--session", help="Only this session, not the season.")] = False,
) -> None:
    """Per player across sessions: hands, net counters, pots won, firsts out, deals, and a balance chart."""
    from popejoan_cli import tables
    from popejoan_cli.cli.table_cmd import _view
    from popejoan_cli.settle import season, sparkline, stats

    view = _view()
    sessions = [stats(view)]
    names = [view.name]
    # Earlier sessions are earlier tables (`session new` / `table new --from`), followed back by name.
    while not this_session and view.continues and view.continues not in names and len(names) < 1000:
        if view.continues not in tables.table_names():
            break
        view, _ = tables.view(tables.folder_of(view.continues))
        sessions.insert(0, stats(view))
        names.insert(0, view.name)
    rows = season(sessions)
    if as_json:
        emit_json({"sessions": names,
                   "players": [{"player": r.name, "hands": r.hands, "net": r.net, "balance": r.balance,
                                "won": r.won, "first_out": r.first_out, "dealt": r.dealt,
                                "balances": r.series} for r in rows]})
        return
    from rich.table import Table
    from rich.text import Text

    t = Table(title=f"Standings over {len(names)} session{'s' if len(names) != 1 else ''}: {', '.join(names)}",
              title_justify="left")
    for col, just in (("Player", "left"), ("Hands", "right"), ("Net", "right"), ("Pots won", "left"),
                      ("First out", "right"), ("Dealt", "right"), ("Balance", "left")):
        t.add_column(col, justify=just)  # type: ignore[arg-type]
    for r in rows:
        won = ", ".join(f"{pot} {n}" for pot, n in r.won.items()) or "-"
        t.add_row(Text(r.name), str(r.hands), f"{r.net:+d}", won, str(r.first_out), str(r.dealt),
                  Text(sparkline(r.series), style="cyan"))
    console().print(t)
