"""`popejoan ledger settle` and `popejoan ledger stats`.

`settle` with no table in use fails like every table command (exit 2, usage); while a hand
is being played it is refused (exit 3), naming the hand and how to finish or undo it. A table
where every net is zero (nobody won or lost this session, and the board neither grew nor
shrank) is not an error: it says so, says what stays on the board, and exits 0, with an
empty list of transfers in `--json`.

Without `--value` every amount is in counters: there is no silent money default. The
board's share is paid to (or by) the banker, who holds the board's money between
sessions; the counters still on the board stay there for next time.

The referee, the store, the formats and rich are imported inside the commands that need
them, to keep start-up short: a command pays only for what it uses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from popejoan_cli.base.errors import Said, UsageError
from popejoan_cli.base.visible import shown
from popejoan_cli.cli import command, common, computers, console, emit_json, ledger_app

if TYPE_CHECKING:
    from collections.abc import Callable
    from decimal import Decimal

    from rich.table import Table

    from popejoan_cli.table.settle import PlayerStats, Settlement, Transfer
    from popejoan_cli.table.view import TableView

JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON on stdout.")]


def transfer_line(move: Transfer, amount: str, bank: str) -> str:
    """One transfer in words; the board's share goes through the banker, who holds its money."""
    from popejoan_cli.render.i18n import t
    from popejoan_cli.table.settle import BOARD

    if move.payee == BOARD:
        if move.payer == bank:
            return t("{bank} (the banker) puts {amount} aside for the board", bank=bank, amount=amount)
        return t("{payer} pays {bank} (the banker) {amount} for the board", payer=move.payer, bank=bank,
                 amount=amount)
    if move.payer == BOARD:
        if move.payee == bank:
            return t("{bank} (the banker) takes {amount} out of the board's money", bank=bank, amount=amount)
        return t("{bank} (the banker) pays {payee} {amount} out of the board's money", bank=bank,
                 payee=move.payee, amount=amount)
    return t("{payer} pays {payee} {amount}", payer=move.payer, payee=move.payee, amount=amount)


def board_line(pots: dict[str, int], on_board: int, worth: str | None, bank: str, word: Callable[[str], str]) -> str:
    """What stays on the board, and who holds it: one whole sentence for each case."""
    from popejoan_cli.render.figures import count
    from popejoan_cli.render.i18n import counters, t, tn

    if not on_board:
        return t("Nothing stays on the board for next time.")
    listed = ", ".join(f"{word(k)} {count(n)}" for k, n in pots.items())
    if worth is not None:
        return t("What stays on the board for next time: {counters} ({pots}), worth {worth}; {bank} (the banker) "
                 "holds that money.", counters=counters(on_board), pots=listed, worth=worth, bank=bank)
    return tn("What stays on the board for next time: {n} counter ({pots}); {bank} (the banker) holds it.",
              "What stays on the board for next time: {n} counters ({pots}); {bank} (the banker) holds them.",
              on_board, pots=listed, bank=bank)


@command(ledger_app, "settle")
def ledger_settle(
    value: common.ValueOpt = None,
    currency: common.CurrencyOpt = None,
    bank: common.BankOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Each player's net this session, and who pays whom (at most players − 1 transfers).

    Settling counts what changed hands this session. The board's share is paid to (or by)
    the banker; the counters on the board stay there for the next session.
    """
    from popejoan_cli.render.figures import money  # in the table's language: 7.60 EUR, 7,60 EUR
    from popejoan_cli.table.computers import backer_of
    from popejoan_cli.table.settle import (
        banker,
        between_hands,
        nets,
        paid,
        parse_value,
        settle,
        to_cents,
        transfers,
    )

    cur = currency_of(value, currency)
    per = parse_value(value) if value is not None else None
    view = common.view(full=True)  # money: every hand refereed again
    between_hands(view)  # an open hand's dressing has not changed hands yet: exit 3
    bank_name = banker(view, bank)
    pots = {k: n for k, n in view.live_board().items() if n}
    on_board = sum(view.live_board().values())
    counted = nets(view)
    # A computer has no purse: who pays for it is the one `evening` names (`settle.paid`)
    result = settle(view, per, cur, bank_name) if per is not None else None
    moves = result.transfers if result is not None else transfers(paid(view, bank_name), bank_name)
    settled = result.settled if result is not None else not any(counted.values())

    worth = money(to_cents(on_board, per)[0], cur) if per is not None else None
    if as_json:
        doc = _settlement_json(per, cur, settled, bank_name, counted, pots, on_board, result, moves)
        if view.computers:  # who they are, and whose purse pays their result, as `evening --json` says
            doc["computers"] = computers.paid_by_json(view.computers, backer_of(view, bank_name))
        emit_json(doc)
        return
    from popejoan_cli.render.i18n import counters, t

    def amount(n: int) -> str:  # counters, or cents when there is a value
        return money(n, cur) if result is not None else counters(n)

    from popejoan_cli.render.table_views import pot_words

    stays = board_line(pots, on_board, worth, bank_name, pot_words(view.the_rules()))
    out = console()
    if settled:
        out.print(t("Nothing changed hands this session: every player's net is zero, and so is the board's."),
                  markup=False)
        out.print(stays, markup=False)
        return
    out.print(_nets_table(counted, per, cur, bank_name, result, view.computers))
    if view.computers:
        from popejoan_cli.render.levels import paid_for

        out.print(paid_for(view.computers, backer_of(view, bank_name)), markup=False)
    for move in moves:
        out.print(transfer_line(move, amount(move.cents), bank_name), markup=False)
    out.print(stays, markup=False)
    if result is not None:
        from popejoan_cli.cli.exits import spoken  # the note is the table's, in its language
        from popejoan_cli.table.settle import rounding_note

        out.print(spoken(rounding_note(result)), markup=False, style="dim")


def currency_of(value: str | None, currency: str | None) -> str:
    """The currency `--currency` names (EUR unless it names one); refused without `--value`, or when it is not
    1–10 printable characters."""
    if value is None and currency is not None:
        raise UsageError(Said("--currency needs --value: without a value per counter the amounts are in counters"),
                         Said("e.g. {example}", example="--value 0.05 --currency GBP"))
    cur = (currency if currency is not None else "EUR").strip()
    if not cur or len(cur) > 10 or not cur.isprintable():
        raise UsageError(Said("--currency {typed!r} is not allowed", typed=currency),
                         Said("e.g. --currency EUR (1–10 characters)"))
    return cur


def _settlement_json(per: Decimal | None, cur: str, settled: bool, bank_name: str, counted: dict[str, int],
                 pots: dict[str, int], on_board: int, result: Settlement | None,
                 moves: list[Transfer]) -> dict[str, object]:
    """`settle --json`: the nets, the board and who holds it, and the transfers, in cents when there is a value
    (with how the rounding went) and in counters when there is none."""
    from popejoan_cli.table.settle import rounding_note

    doc: dict[str, object] = {
        "value": str(per) if per is not None else None, "currency": cur if per is not None else None,
        "settled": settled, "bank": bank_name, "nets": counted,
        "board": {"counters": on_board, "pots": pots, "held_by": bank_name}}
    if result is not None:
        doc |= {"cents": result.cents,
                "rounding": {"mode": "half-even per participant", "residue_cents": result.residue,
                             "residue_to": result.residue_to},
                "transfers": [{"from": t.payer, "to": t.payee, "cents": t.cents} for t in moves],
                "note": rounding_note(result)}
    else:
        doc["transfers"] = [{"from": t.payer, "to": t.payee, "counters": t.cents} for t in moves]
    return doc


def _nets_table(counted: dict[str, int], per: Decimal | None, cur: str, bank_name: str,
                result: Settlement | None, levels: dict[str, str]) -> Table:
    """Each participant's net in counters, and in money when there is a value; the board's row says who holds
    it, a computer's its level (its money is its backer's: `settle.paid`)."""
    from rich.table import Table

    from popejoan_cli.render.figures import money, signed
    from popejoan_cli.render.i18n import t, tp
    from popejoan_cli.render.levels import with_level
    from popejoan_cli.table.settle import BOARD

    title = t("Nets at {value} {currency} a counter", value=per, currency=cur) if per is not None \
        else t("Nets in counters")
    table = Table(title=title, title_justify="left")
    table.add_column(tp("settle column", "Player"))
    table.add_column(tp("settle column", "Counters"), justify="right")
    if result is not None:
        table.add_column(tp("settle column", "Money"), justify="right")
    for name, n in counted.items():
        who = (t("the board (held by {bank})", bank=bank_name) if name == BOARD
               else with_level(name, levels.get(name)))
        # a computer's money is its backer's (in theirs, and said under the table): no cents of its own
        cents = [money(result.cents[name], cur) if name in result.cents else "–"] if result is not None else []
        table.add_row(who, signed(n), *cents)
    return table


@command(ledger_app, "stats")
def ledger_stats(
    as_json: JsonOpt = False,
    this_session: Annotated[bool, typer.Option("--session", help="Only this session, not the season.")] = False,
    by: Annotated[str | None, typer.Option(
        "--by", help="Group the standings by month (when each hand was dealt), by session, or by evening.")] = None,
) -> None:
    """Per player across sessions: hands, net counters, counters won from each pot, firsts out, deals, a chart."""
    from popejoan_cli.render.table_views import pot_words
    from popejoan_cli.table.settle import grouping, season, sparkline, stats

    how = grouping(by) if by is not None else None  # a usage error before the table is read
    view = common.view()
    word = pot_words(view.the_rules())
    views, (earlier, carried) = _sessions(view, this_session)
    names = [*earlier, *(v.name for v in views)]
    if how is not None:
        _grouped(how, views, (earlier, carried), names, as_json, word)
        return
    rows = season(([carried] if earlier else []) + [stats(v) for v in views])
    if as_json:
        emit_json({"sessions": names,
                   "players": [{"player": r.name, "hands": r.hands, "net": r.net, "balance": r.balance,
                                "won": r.won, "first_out": r.first_out, "dealt": r.dealt,
                                "balances": r.series} for r in rows]})
        return
    from rich.markup import escape

    from popejoan_cli.render.i18n import tn, tp
    from popejoan_cli.render.table_views import records_view

    columns = [*_stats_columns(), (tp("stats column", "Balance"), "left")]
    table_rows = [[*_stats_cells(r, word), f"[cyan]{sparkline(r.series)}[/cyan]"] for r in rows]
    title = escape(shown(tn("Standings over {n} session: {names}", "Standings over {n} sessions: {names}",
                            len(names), names=", ".join(names))))
    console().print(records_view(title, columns, table_rows))


def _sessions(view: TableView, this_session: bool) -> tuple[list[TableView], tuple[list[str], list[PlayerStats]]]:
    """The sessions `ledger stats` counts, oldest first: this table's view and, unless `this_session`, the earlier
    tables it continues (`session new` / `table new --from`), followed back by name; where the earlier table is not
    here, the earlier sessions' names and standings that an imported ledger brought along (`carried_stats`)."""
    from popejoan_cli.store import tables
    from popejoan_cli.table.settle import carried_stats

    views = [view]
    while not this_session and view.continues and view.continues not in [v.name for v in views] and len(views) < 1000:
        if view.continues not in tables.table_names():
            return views, carried_stats(view)
        view, _ = tables.view(tables.folder_of(view.continues))
        views.insert(0, view)
    return views, ([], [])


def _stats_columns() -> list[tuple[str, str]]:
    """The columns every standings table has: who, hands, net, counters won from each pot, firsts out, deals."""
    from popejoan_cli.render.i18n import tp

    return [(tp("stats column", "Player"), "left"), (tp("stats column", "Hands"), "right"),
            (tp("stats column", "Net"), "right"), (tp("stats column", "Counters won"), "left"),
            (tp("stats column", "First out"), "right"), (tp("stats column", "Dealt"), "right")]


def _stats_cells(r: PlayerStats, word: Callable[[str], str]) -> list[Any]:
    """A player's cells under `_stats_columns` (rich markup: names escaped); what they won from each pot one
    entry to a line (`one_per_line`: never "queen 4, jack" / "8")."""
    from rich.markup import escape

    from popejoan_cli.render.figures import count, signed
    from popejoan_cli.render.table_views import one_per_line

    won = one_per_line([f"{word(pot)} {count(n)}" for pot, n in r.won.items()])
    return [escape(shown(r.name)), count(r.hands), signed(r.net), won, count(r.first_out), count(r.dealt)]


def _grouped(how: str, views: list[TableView], earlier: tuple[list[str], list[PlayerStats]], names: list[str],
             as_json: bool, word: Callable[[str], str]) -> None:
    """`ledger stats --by month|session|evening`: one table of standings per group, as JSON with `--json`.
    A group has no balance or chart: a month has no balance of its own."""
    from popejoan_cli.table.evening import by_evening, carried_evening
    from popejoan_cli.table.settle import UNDATED, carried_month, grouped

    # The oldest session here carried any earlier ones; an evening is `popejoan evening`'s own (table.evening)
    groups = by_evening(views, earlier, carried_evening(views[0])) if how == "evening" else \
        grouped(how, views, earlier, carried_month(views[0]))
    if as_json:
        emit_json({"sessions": names, "by": how,
                   "groups": [{"group": label,
                               "players": [{"player": r.name, "hands": r.hands, "net": r.net, "won": r.won,
                                            "first_out": r.first_out, "dealt": r.dealt} for r in rows]}
                              for label, rows in groups]})
        return
    from rich.console import Group
    from rich.markup import escape
    from rich.text import Text

    from popejoan_cli.render.i18n import t, tn
    from popejoan_cli.render.table_views import records_view

    head = (tn("Standings by month over {n} session: {names}", "Standings by month over {n} sessions: {names}",
               len(names), names=", ".join(names)) if how == "month" else
            tn("Standings by evening over {n} session: {names}", "Standings by evening over {n} sessions: {names}",
               len(names), names=", ".join(names)) if how == "evening" else
            tn("Standings by session over {n} session: {names}", "Standings by session over {n} sessions: {names}",
               len(names), names=", ".join(names)))
    parts: list[Any] = [Text(shown(head))]
    for label, rows in groups:
        title = t("undated (no time recorded)") if label == UNDATED else _dated(how, label)
        parts += [Text(""), records_view(escape(shown(title)), _stats_columns(),
                                         [_stats_cells(r, word) for r in rows])]
    console().print(Group(*parts))


def _dated(how: str, label: str) -> str:
    """A group's title as the language writes its date: a month `2026-12` («декабрь 2026»), an evening's day
    `2026-12-01` («1 декабря 2026»); a session's name as it is."""
    from popejoan_cli.render.typeset import month, on_day

    if how == "month" and len(label) == 7 and label[:4].isdigit() and label[5:].isdigit():
        return month(int(label[:4]), int(label[5:]))
    return on_day(label) if how == "evening" else label

