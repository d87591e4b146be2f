"""`popejoan evening`: the end-of-evening summary, one screen of 80 columns, or JSON.

When the table breaks up the banker reads out four things: when the evening ran, where each
player stands, who pays whom, and what stays on the board for next time. All of them come
from one record, `table.evening.evening`, built from the ledger's own functions (the nets
`ledger settle` uses, its transfers, its board line), so the summary never disagrees with
`ledger show` or `ledger settle`. Like `ledger settle` it is refused mid-hand (exit 3).

The options are `ledger settle`'s: without `--value` every amount is in counters. The store,
the table and rich are imported inside the functions that need them, to keep start-up short.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from popejoan_cli.base.visible import shown
from popejoan_cli.cli import command, common, computers, console, emit_json, root

if TYPE_CHECKING:
    from rich.console import RenderableType

    from popejoan_cli.table.evening import Evening
    from popejoan_cli.table.view import TableView


@command(root, "evening")
def evening(
    value: common.ValueOpt = None,
    currency: common.CurrencyOpt = None,
    bank: common.BankOpt = None,
    as_json: common.JsonOpt = False,
) -> None:
    """The evening in one screen: when, the standings, who pays whom, and what stays on the board."""
    from popejoan_cli.cli.settle_cmd import currency_of
    from popejoan_cli.table.evening import evening as summarise
    from popejoan_cli.table.settle import banker, parse_value

    cur = currency_of(value, currency)
    per = parse_value(value) if value is not None else None
    view = common.view(full=True)  # money: every hand refereed again, as `ledger settle` does
    bank_name = banker(view, bank)
    night = summarise(view, per, cur, bank_name)
    if as_json:
        emit_json(_json(night, bank_name))
        return
    console().print(_screen(view, night, bank_name))


def _json(night: Evening, bank: str) -> dict[str, Any]:
    """`evening --json`: the same record; money in cents (with the value and currency) when there is a value."""
    money = night.money
    doc: dict[str, Any] = {
        "table": night.table, "began": night.began, "finished": night.finished, "days": list(night.days),
        "hands": night.hands, "final_deal": night.final, "ended": night.ended,
        "value": str(money.value) if money else None, "currency": money.currency if money else None,
        "standings": [{"player": s.name, "counters": s.counters, "took_away": s.took, "net": s.net,
                       "seated": s.seated,
                       **({"cents": money.cents[s.name]} if money and s.name in money.cents else {})}
                      for s in night.standings],
        "board": {"counters": night.on_board, "pots": night.board, "net": night.board_net, "held_by": bank}}
    unit = "cents" if money else "counters"
    doc["transfers"] = [{"from": m.payer, "to": m.payee, unit: m.cents} for m in night.transfers]
    if night.computers:  # who they are, and whose purse pays their result (`table.computers.backed`)
        doc["computers"] = computers.paid_by_json(night.computers, night.backer)
    return doc


def _when(night: Evening) -> str:
    """`2026-12-01, 19:02–23:41`, or both days for an evening past midnight; '' when the journal has no times."""
    if night.began is None or night.finished is None:
        return ""
    return common.span(night.began, night.finished)


def _header(night: Evening) -> str:
    """The title and how much was played, in whole sentences."""
    from popejoan_cli.render.figures import count
    from popejoan_cli.render.i18n import t

    when = _when(night)
    lines = [t("{table}: the evening of {when}", table=shown(night.table), when=when) if when
             else t("{table}: the evening", table=shown(night.table)),
             t("Hands played: {n}.", n=count(night.hands))]
    if night.final:
        lines.append(t("The final clearing deal was played."))
    lines.append(t("The session has ended.") if night.ended
                 else t("The session is still open: `popejoan end` closes it."))
    return "\n".join(lines)


def _signed(n: int) -> str:
    """A net as the ledger writes it: +5, -3, and a plain 0 (a zero is neither won nor lost); −3 in Russian."""
    from popejoan_cli.render.figures import signed

    return signed(n) if n else "0"


def _standings(night: Evening, bank: str) -> RenderableType:
    """Best first: counters held now (or taken away), the net, and the money when there is a value."""
    from rich.markup import escape
    from rich.table import Table

    from popejoan_cli.render.figures import count, money
    from popejoan_cli.render.i18n import t, tp
    from popejoan_cli.render.levels import with_level
    from popejoan_cli.table.settle import BOARD

    cur = night.money
    table = Table(title=t("Standings"), title_justify="left")
    table.add_column(tp("settle column", "Player"))
    table.add_column(tp("settle column", "Counters"), justify="right")
    table.add_column(tp("evening column", "Net"), justify="right")
    if cur is not None:
        table.add_column(tp("settle column", "Money"), justify="right")
    for s in night.standings:
        who = escape(shown(s.name)) if s.seated else _left(escape(shown(s.name)), s.took)
        who = with_level(who, night.computers.get(s.name))  # the line under the table says they are computers
        table.add_row(who, count(s.counters) if s.seated else "–", _signed(s.net),
                      *([money(cur.cents[s.name], cur.currency)] if cur is not None and s.name in cur.cents
                        else ["–"] if cur is not None else []))
    if night.on_board or night.board_net:
        table.add_row(t("the board (held by {bank})", bank=escape(shown(bank))), count(night.on_board),
                      _signed(night.board_net),
                      *([money(cur.cents.get(BOARD, 0), cur.currency)] if cur is not None else []))
    return table


def _left(name: str, took: int) -> str:
    """A player who left and what they took away; a negative balance is a debt to the table, said as one."""
    from popejoan_cli.render.figures import count
    from popejoan_cli.render.i18n import t, tn

    if took >= 0:
        return t("{player} (left, took {n})", player=name, n=count(took))
    return tn("{player} (left, owing {n})", "{player} (left, owing {n})", -took, player=name, n=count(-took))


def _screen(view: TableView, night: Evening, bank: str) -> RenderableType:
    """The whole summary: header, standings, the settle-up, the board."""
    from rich.console import Group
    from rich.text import Text

    from popejoan_cli.cli.settle_cmd import board_line, transfer_line
    from popejoan_cli.render.figures import money
    from popejoan_cli.render.i18n import counters, t
    from popejoan_cli.render.levels import paid_for
    from popejoan_cli.render.table_views import pot_words
    from popejoan_cli.table.settle import to_cents

    cur = night.money
    parts: list[RenderableType] = [Text(_header(night)), _standings(night, bank)]
    if night.computers:
        # Who pays for them: said before the payments that include their results
        parts.append(Text(paid_for(night.computers, night.backer)))
    if night.transfers:
        amount = (lambda n: money(n, cur.currency)) if cur is not None else counters
        parts.append(Text(t("Settle up:") + "".join(
            "\n  " + transfer_line(m, amount(m.cents), bank) for m in night.transfers)))
    else:
        parts.append(Text(t("Nothing changes hands: every net is zero.")))
    worth = money(to_cents(night.on_board, cur.value)[0], cur.currency) if cur is not None else None
    parts.append(Text(board_line(night.board, night.on_board, worth, bank, pot_words(view.the_rules()))))
    return Group(*parts)
