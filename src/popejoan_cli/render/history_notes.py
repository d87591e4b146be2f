"""The lines under a table's history, which `history` and `check` both end with (`notes`): each deal an undo took
back (`table.redealt`) and each correction of a past hand (`table.corrections`); and what `correct` says once a
correction is recorded (`corrected`). Each is told from the record the journal holds (the `HandCorrected` at its
line, the `UndoneDeal`), never from a command's arguments.
"""

from __future__ import annotations

from popejoan_cli.base.visible import shown
from popejoan_cli.render.i18n import t, tn
from popejoan_cli.render.narrate import Line, said_n
from popejoan_cli.table.events import HandCorrected
from popejoan_cli.table.redealt import UndoneDeal, told_seed
from popejoan_cli.table.view import TableView


def notes(view: TableView) -> list[str]:
    """Every deal undone, then every correction, in the order recorded: the lines under `history` and `check`."""
    return ([undone_said(view, deal, told_seed(deal, view.open_number())) for deal in view.undone_deals]
            + [correction_said(view, seq, fix) for seq, fix in view.corrections])


def undone_said(view: TableView, deal: UndoneDeal, seed: int | str | None) -> str:
    """One undone deal: which hand, who dealt it and when, when it was undone; its seed where it may be told
    (`redealt.told_seed`)."""
    dealt, undone = clock(view.time_of(deal.seq)), clock(view.time_of(deal.undone))
    if deal.kind == "final":
        return t("The final deal, dealt at {dealt} (seed {seed}), was undone at {undone}.", dealt=dealt,
                 seed=shown(str(deal.seed)), undone=undone)
    named = {"number": deal.number, "dealer": shown(deal.dealer), "dealt": dealt, "undone": undone}
    if deal.kind != "virtual":
        return t("Hand {number}, dealt by {dealer} at {dealt} from a real deck, was undone at {undone}.", **named)
    if seed is None:
        return t("Hand {number}, dealt by {dealer} at {dealt}, was undone at {undone}; its seed is told once the "
                 "hand is over.", **named)
    return t("Hand {number}, dealt by {dealer} at {dealt} (seed {seed}), was undone at {undone}.",
             seed=shown(str(seed)), **named)


def correction_said(view: TableView, seq: int, fix: HandCorrected) -> str:
    """The correction recorded at journal line `seq`: which hand, when it was said and by whom, what it moved."""
    return tn("Hand {hand} corrected at {at}: {payer} pays {payee} {n} counter, as {by} said ({why}).",
              "Hand {hand} corrected at {at}: {payer} pays {payee} {n} counters, as {by} said ({why}).",
              fix.counters, hand=fix.hand, at=clock(view.time_of(seq)), payer=fix.payer, payee=fix.payee,
              by=shown(fix.by), why=shown(fix.why))


def corrected(view: TableView, fix: HandCorrected) -> list[Line]:
    """`correct`'s answer: the correction as recorded, and what the two players hold now."""
    held = view.balances
    return [said_n("Hand {hand} corrected: {payer} pays {payee} {n} counter, as {by} said ({why}).",
                   "Hand {hand} corrected: {payer} pays {payee} {n} counters, as {by} said ({why}).", fix.counters,
                   hand=fix.hand, payer=fix.payer, payee=fix.payee, by=shown(fix.by), why=shown(fix.why)),
            said_n("{payer} now holds {n} counter, {payee} {held}.", "{payer} now holds {n} counters, {payee} {held}.",
                   held[fix.payer], payer=fix.payer, payee=fix.payee, held=held[fix.payee])]


def clock(at: str | None) -> str:
    """An instant as a history's notes say it, the time of day ("21:04": the history's title names the days);
    "?" where the journal does not say (a table recorded before popejoan kept times)."""
    return at[11:16] if at else "?"
