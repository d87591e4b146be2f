"""The end-of-evening summary (`popejoan evening`): one record of the evening, pure.

`evening(view)` gathers, from the same view and the same functions the ledger and `settle`
use, everything a banker reads out when the table breaks up:

- when: from its first hand dealt to its last hand (or final deal) ended (`played`, the table's local
  time, as each line says; a journal older than popejoan's times says none). This is the one span of
  an evening: an export dates its session by it (`played_between`), so `session new` says the times
  `evening` said;
- how much was played: hands dealt, whether the final clearing deal was played, whether
  the session has ended;
- the standings: each player's counters now (`live_balances`), what they took away when
  they left, and their net (`settle.nets`: held + taken away − brought in), best first;
- the board: what stays on it for next time, pot by pot, and the board's own net;
- the settle-up: `settle.transfers` over the same nets (or `settle.settle` in money), so the
  summary's amounts are the ledger's and `ledger settle`'s own figures, never a sum kept
  beside them.

`ledger stats --by evening` groups the standings by the same evenings (`by_evening`): one definition.

Like `ledger settle` it is refused while a hand is being played (`settle.between_hands`):
an open hand's dressing has not changed hands yet.

>>> from popejoan_cli.table.view import TableView
>>> view = TableView(name="demo", players=["Ann", "Bob"], balances={"Ann": 55, "Bob": 45})
>>> view.bought, view.brought_in = {"Ann": 50, "Bob": 50}, 100
>>> night = evening(view)
>>> [(s.name, s.counters, s.net) for s in night.standings], night.transfers
([('Ann', 55, 5), ('Bob', 45, -5)], (Transfer(payer='Bob', payee='Ann', cents=5),))
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as dataclass_field
from typing import TYPE_CHECKING

from popejoan_cli.table.computers import backer_of
from popejoan_cli.table.settle import (
    BOARD,
    UNDATED,
    PlayerStats,
    Settlement,
    Transfer,
    between_hands,
    nets,
    paid,
    season,
    settle_nets,
    stats,
    transfers,
)

if TYPE_CHECKING:
    from collections.abc import Iterable
    from decimal import Decimal

    from popejoan_cli.table.view import TableView


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's evening: counters held now, counters taken away on leaving, and the net."""

    name: str
    counters: int
    took: int
    net: int
    seated: bool


@dataclass(frozen=True, slots=True)
class Evening:
    """What `popejoan evening` says, in the ledger's own figures."""

    table: str
    began: str | None  # ISO 8601 with the offset, as the journal recorded it
    finished: str | None
    hands: int
    final: bool
    ended: bool
    standings: tuple[Standing, ...]
    board: dict[str, int]  # pot -> counters staying on the board (pots holding none left out)
    board_net: int  # how much the board grew (+) or shrank (−) this evening
    nets: dict[str, int]  # participant -> counters, the board as `settle.BOARD`, as `ledger settle` has them
    transfers: tuple[Transfer, ...]  # in counters, or in cents when `money` is set
    money: Settlement | None
    computers: dict[str, str] = dataclass_field(default_factory=dict)  # name -> level: their results their backer's
    backer: str = ""  # who pays or takes the computers' results (the banker, or the first person)

    @property
    def on_board(self) -> int:
        return sum(self.board.values())

    @property
    def days(self) -> tuple[str, ...]:
        """The evening's days (YYYY-MM-DD), one or two (an evening past midnight), none when undated."""
        found = [at[:10] for at in (self.began, self.finished) if at]
        return tuple(dict.fromkeys(found))


def played_between(dealt: Iterable[str | None], ended: Iterable[str | None]) -> tuple[str, str] | None:
    """When an evening was played: from the first of its hands' `dealt` times to the last of their `ended` ones
    (the final deal's among them); None when the journal (or export) gave either no time. The journal's times
    never go back, so the first written is the first played and the last the last. `evening` and an export's
    dates (`session new`, `table new --from`) both come from here.

    >>> played_between(["2026-12-01T21:04:05+01:00", None], ["2026-12-01T21:30:00+01:00", "2026-12-02T00:15:09+01:00"])
    ('2026-12-01T21:04:05+01:00', '2026-12-02T00:15:09+01:00')
    >>> played_between([None], [])
    """
    began = [at for at in dealt if at]
    done = [at for at in ended if at]
    return (began[0], done[-1]) if began and done else None


def played(view: TableView) -> tuple[str, str] | None:
    """`played_between` the table's hands, as its journal recorded them: each hand dealt and ended, and the final
    clearing deal; a table, `table new` to `end`, is no evening until a hand is played at it."""
    ended = [view.ended_at(rec) for rec in view.hands]
    return played_between([view.dealt_at(rec) for rec in view.hands],
                          [*ended, *([view.time_of(view.final_seq)] if view.final is not None else [])])


def evening(view: TableView, value: Decimal | None = None, currency: str = "EUR", bank: str | None = None) -> Evening:
    """The evening's summary; `value` (money per counter) turns the settle-up into cents; `bank` holds the board's
    money, as in `ledger settle` (`settle.transfers`)."""
    between_hands(view)  # exit 3 mid-hand, naming the hand and how to finish or undo it
    counted = nets(view)
    # A computer has no purse: its result is its backer's when the evening is paid (the banker's, by default).
    payable = paid(view, bank) if bank is not None else counted
    money = settle_nets(payable, value, currency, bank) if value is not None else None
    moves = money.transfers if money is not None else transfers(payable, bank)
    held = view.live_balances()
    rows = [Standing(name, held.get(name, 0), view.taken_out.get(name, 0), counted[name], name in view.players)
            for name in view.bought]
    order = {name: i for i, name in enumerate(view.bought)}
    rows.sort(key=lambda s: (-s.net, order[s.name]))  # best first; ties in order of arrival
    began, finished = played(view) or (None, None)
    return Evening(
        table=view.name, began=began, finished=finished, hands=len(view.hands), final=view.final is not None,
        ended=view.ended, standings=tuple(rows), board={k: n for k, n in view.live_board().items() if n},
        board_net=counted.get(BOARD, 0), nets=counted, transfers=tuple(moves), money=money,
        computers=dict(view.computers), backer=backer_of(view, bank) if view.computers and bank is not None else "")


def carried_evening(view: TableView) -> str:
    """The evening the earlier sessions an imported ledger carried were played on, when the export dated every one
    of them as begun that day (`HistoryCarried.dates`, as `table.evening.played` dates an evening); else UNDATED."""
    h = view.carried_history
    if h is None or not h.sessions or len(h.dates) != len(h.sessions) or not all(h.dates):
        return UNDATED
    days = {span.partition("/")[0][:10] for span in h.dates}
    return days.pop() if len(days) == 1 else UNDATED


def by_evening(views: list[TableView], earlier: tuple[list[str], list[PlayerStats]],
               earlier_evening: str = UNDATED) -> list[tuple[str, list[PlayerStats]]]:
    """The standings of each evening, by the day it began: an evening is what `popejoan evening` sums up, a
    session from its first hand dealt to its last hand ended (`table.evening.played`, the one definition), so
    an evening past midnight is one evening, and two sessions begun the same day are one. A session with no hand
    is no evening; the earlier sessions an imported ledger carried are one group (`carried_evening`)."""
    names, carried = earlier
    nights: dict[str, list[list[PlayerStats]]] = {earlier_evening: [carried]} if names else {}
    for view in views:
        if view.hands or view.final is not None:
            span = played(view)
            nights.setdefault(span[0][:10] if span else UNDATED, []).append(stats(view))
    return [(day, season(nights[day])) for day in sorted(nights, key=lambda d: (d != UNDATED, d))]
