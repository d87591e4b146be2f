"""How a correction of a past hand is told (`table.corrections.Correction`): what `correct` says once it is
recorded (`corrected`), and the line `history` and `check` give it (`correction_said`), both from the record the
journal holds, never from the command's arguments.
"""

from __future__ import annotations

from popejoan_cli.base.visible import shown
from popejoan_cli.render.i18n import tn
from popejoan_cli.render.narrate import Line, said_n
from popejoan_cli.table.view import Correction, TableView


def corrected(view: TableView, fix: Correction) -> list[Line]:
    """`correct`'s answer: the correction as recorded, and what the two players hold now."""
    held = view.balances
    return [said_n("Hand {hand} corrected: {payer} pays {payee} {n} counter, as {by} said ({why}).",
                   "Hand {hand} corrected: {payer} pays {payee} {n} counters, as {by} said ({why}).", fix.counters,
                   hand=fix.hand, payer=fix.payer, payee=fix.payee, by=shown(fix.by), why=shown(fix.why)),
            said_n("{payer} now holds {n} counter, {payee} {held}.", "{payer} now holds {n} counters, {payee} {held}.",
                   held[fix.payer], payer=fix.payer, payee=fix.payee, held=held[fix.payee])]


def correction_said(view: TableView, fix: Correction) -> str:
    """A correction as `history` and `check` list it: which hand, when it was said and by whom, what it moved."""
    at = view.time_of(fix.seq)
    return tn("Hand {hand} corrected at {at}: {payer} pays {payee} {n} counter, as {by} said ({why}).",
              "Hand {hand} corrected at {at}: {payer} pays {payee} {n} counters, as {by} said ({why}).",
              fix.counters, hand=fix.hand, at=at[11:16] if at else "?", payer=fix.payer, payee=fix.payee,
              by=shown(fix.by), why=shown(fix.why))


def correction_lines(view: TableView) -> list[str]:
    """Every correction of the session, in the order recorded."""
    return [correction_said(view, fix) for fix in view.corrections]
