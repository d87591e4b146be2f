"""Settling up in money, and per-player standings. Pure: no files, no printing.

Settlement (`settle`):

- Only between hands (`between_hands`): while a hand is being played its dressing sits on the
  board and its pots are half paid, so a settlement then would count counters that have not
  yet changed hands. It is refused (exit 3), naming the hand and how to finish or undo it.

- Each player's net is what he holds now, plus what he took away, less what he brought
  in (counters). Counters still on the board belong to no player: they are a participant
  of their own, "the board", kept by the banker for the next session, so the nets always
  sum to zero.
- Money is exact, in integer cents: net × value × 100, with `value` a `Decimal` (money per
  counter). Each participant's amount is rounded half to even to a whole cent. When the
  value has more than two decimals the rounded amounts may not sum to zero; the residue is
  then taken one cent at a time by the participants whose rounding moved them furthest the
  other way (ties by name), and they are named, so the payments always sum exactly.
- Transfers: the largest debtor pays the largest creditor (ties by name) as much as
  settles one of them, until all are settled. Each transfer settles at least one
  participant and the last settles two, so there are at most n − 1 transfers for n
  participants with a nonzero amount. That bound is guaranteed; the fewest possible is
  not (finding it is NP-hard: greedy misses splits into zero-sum groups).
- The board's money is the banker's to hold, so the banker and the board are one purse for
  the payments: each pair of people has one transfer at most (issue 39: the board's share and
  the banker's own were two, "Ann pays Bob 11 for the board", "Ann pays Bob 2"), and the
  board's part is one transfer of its own between the banker and the board, last. Every
  participant's net is still what it receives less what it pays.

Standings (`stats`, `season`): per player, hands, net, counters won from each pot, firsts out
and deals, over one session or several; `grouped` splits them by the month each hand was dealt
in (as the journal recorded it, in the table's local time), by session, or by evening
(`table.evening.by_evening`). A hand recorded before popejoan kept times has no month: it is in the group
`UNDATED`; so are the earlier sessions an imported ledger carries only as totals, unless the
export dated them all within one month.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import ROUND_HALF_EVEN, Decimal, InvalidOperation

from popejoan_cli.base.errors import RuleViolation, Said, SaidN, UsageError, allowed, joined
from popejoan_cli.table.computers import backed, backer_of
from popejoan_cli.table.ledger import changes, postings
from popejoan_cli.table.view import HandRecord, TableView

BOARD = "the board"
MAX_VALUE = Decimal(1_000_000)


@dataclass(frozen=True, slots=True)
class Transfer:
    payer: str
    payee: str
    cents: int


@dataclass
class Settlement:
    value: Decimal
    currency: str
    nets: dict[str, int]  # counters, by participant (players, then the board)
    cents: dict[str, int]  # money, by participant, after rounding and the residue
    residue: int  # cents the half-even rounding left over (0 when the value has ≤ 2 decimals)
    residue_to: list[str] = field(default_factory=list)
    transfers: list[Transfer] = field(default_factory=list)

    @property
    def settled(self) -> bool:
        return not any(self.cents.values())


def parse_value(text: str) -> Decimal:
    """Money per counter: a positive decimal such as 0.05, or 0,05 as a Russian table prints it (issue 39: the
    table printed "0,05 EUR" and refused `--value 0,05`). One comma and no point is the decimal mark: a value
    per counter has no thousands to group.

    >>> parse_value("0,05"), parse_value(" 0.05 ")
    (Decimal('0.05'), Decimal('0.05'))
    """
    typed = text.strip()
    if typed.count(",") == 1 and "." not in typed:
        typed = typed.replace(",", ".")
    try:
        value = Decimal(typed)
    except InvalidOperation:
        raise UsageError(Said("--value {typed!r} is not a number", typed=text),
                         Said("e.g. --value 0.05 (money per counter)")) from None
    if not value.is_finite() or not 0 < value <= MAX_VALUE:
        raise UsageError(Said("--value {typed!r} is out of range", typed=text),
                         Said("a value per counter above 0 and at most {most}", most=MAX_VALUE))
    return value


def between_hands(view: TableView) -> None:
    """`ledger settle` settles between hands only: a rule violation naming the open hand, and how to finish it
    (as that hand is kept) or take it back."""
    rec = view.open_hand
    if rec is None:
        return
    finish = (Said("finish it with `popejoan lead ...` until someone is out, or take it back with "
                   "`popejoan undo --hand`") if rec.kind.deals
              else Said("finish it with `popejoan play ...` (or `popejoan pay ...`) and `popejoan out NAME`, or "
                        "take it back with `popejoan undo --hand`"))
    raise RuleViolation(Said("hand {number} is still being played: a settlement now would count its dressing "
                             "and half-paid pots", number=rec.number), finish)


def nets(view: TableView) -> dict[str, int]:
    """Each player's net in counters (held + taken away − brought in), and the board's change."""
    out = changes(view)
    # What the board held when the session began (carried from the last one) was brought in too.
    carried = view.brought_in - sum(view.bought.values())
    board = sum(view.live_board().values()) - carried
    if board:
        out[BOARD] = board
    return out


def banker(view: TableView, name: str | None = None) -> str:
    """Who holds the board's money between sessions: `name`, or the first player at the table."""
    everyone = list(dict.fromkeys([*view.players, *view.bought]))
    if name is None:
        return view.players[0]
    if name not in everyone:
        raise UsageError(Said("--bank {typed!r} is not a player of this table", typed=name), allowed(everyone, name))
    return name


def to_cents(net: int, value: Decimal) -> tuple[int, Decimal]:
    """One amount in whole cents (half to even), and the exact amount in cents it rounds."""
    exact = Decimal(net) * value * 100
    return int(exact.quantize(Decimal(1), rounding=ROUND_HALF_EVEN)), exact


def settle_nets(counters: dict[str, int], value: Decimal, currency: str = "EUR", bank: str | None = None
                ) -> Settlement:
    """Money for each net (which must sum to zero) and the transfers that settle it."""
    if sum(counters.values()) != 0:
        raise ValueError(f"nets must sum to zero, not {sum(counters.values())}")
    cents: dict[str, int] = {}
    error: dict[str, Decimal] = {}
    for name, n in counters.items():
        cents[name], exact = to_cents(n, value)
        error[name] = cents[name] - exact  # > 0: rounded up
    residue = sum(cents.values())
    takers: list[str] = []
    if residue:
        step = -1 if residue > 0 else 1
        # Nudge those whose rounding moved furthest against the residue's sign back toward exact.
        order = sorted(cents, key=lambda k: (error[k] * step, k))
        for i in range(abs(residue)):
            who = order[i % len(order)]
            cents[who] += step
            takers.append(who)
    return Settlement(value, currency, dict(counters), cents, residue, takers, transfers(cents, bank))


def transfers(cents: dict[str, int], bank: str | None = None) -> list[Transfer]:
    """Who pays whom: with `bank`, the board's amount joins the banker's for the payments between people (one
    transfer a pair at most), and the board's part is the banker's own transfer to (or from) the board, last.

    >>> transfers({"Ann": -14, "Bob": 2, "Cat": 1, BOARD: 11}, "Bob")
    [Transfer(payer='Ann', payee='Bob', cents=13), Transfer(payer='Ann', payee='Cat', cents=1), \
Transfer(payer='Bob', payee='the board', cents=11)]
    """
    board = cents.get(BOARD, 0)
    if bank is None or not board:
        return _greedy(cents)
    purse = {k: v for k, v in cents.items() if k != BOARD}
    purse[bank] = purse.get(bank, 0) + board
    return [*_greedy(purse), Transfer(bank, BOARD, board) if board > 0 else Transfer(BOARD, bank, -board)]


def _greedy(cents: dict[str, int]) -> list[Transfer]:
    """Largest debtor pays largest creditor until all are settled: ≤ n − 1 transfers, one a pair at most."""
    owe = {k: -v for k, v in cents.items() if v < 0}
    due = {k: v for k, v in cents.items() if v > 0}
    out: list[Transfer] = []
    while owe and due:
        payer = min(owe, key=lambda k: (-owe[k], k))
        payee = min(due, key=lambda k: (-due[k], k))
        n = min(owe[payer], due[payee])
        out.append(Transfer(payer, payee, n))
        owe[payer] -= n
        due[payee] -= n
        if not owe[payer]:
            del owe[payer]
        if not due[payee]:
            del due[payee]
    return out


def paid(view: TableView, bank: str) -> dict[str, int]:
    """The nets as they are paid (`ledger settle`, `evening`): each computer's result its backer's, since a computer
    has no purse (`computers.backed`, `computers.backer_of`: the banker `bank`, or the first person); `nets` itself
    when no computer sat at the table.

    >>> view = TableView()
    >>> view.players, view.computers = ["Ann", "Computer 1"], {"Computer 1": "good"}
    >>> view.bought, view.brought_in = {"Ann": 10, "Computer 1": 10}, 20
    >>> view.balances = {"Ann": 13, "Computer 1": 7}
    >>> nets(view), paid(view, "Computer 1")
    ({'Ann': 3, 'Computer 1': -3}, {'Ann': 0})
    """
    counted = nets(view)
    return backed(counted, view, backer_of(view, bank)) if view.computers else counted


def settle(view: TableView, value: Decimal, currency: str = "EUR", bank: str | None = None) -> Settlement:
    """The settle-up in money of the nets as they are paid (`paid`: a computer's result its backer's)."""
    return settle_nets(paid(view, banker(view, bank)), value, currency, bank)


def rounding_note(s: Settlement) -> str:
    """The rounding, stated: a `Said` (docs/i18n.md: Errors), so the CLI can say it in the table's language."""
    if not s.residue:
        return Said("1 counter = {value} {currency}; each amount is rounded half to even to a whole cent; "
                    "nothing was left over.", value=s.value, currency=s.currency)
    who = _named(list(dict.fromkeys(s.residue_to)))
    # The count is the residue's size, for the plural; the sentence shows it signed, as the language writes
    # a sign (render.figures), and the value per counter with the language's decimal mark.
    return SaidN("1 counter = {value} {currency}; each amount is rounded half to even to a whole cent; the rounding "
                 "left {residue:+d} cent, taken by {who} (whose rounding moved furthest the other way; ties by name).",
                 "1 counter = {value} {currency}; each amount is rounded half to even to a whole cent; the rounding "
                 "left {residue:+d} cents, taken by {who} (whose rounding moved furthest the other way; ties by name).",
                 abs(s.residue), value=s.value, currency=s.currency, residue=s.residue, who=who)


def _named(takers: list[str]) -> str:
    """"Ann, the board": names as they are, and the board in the table's words (a `Said`); the list is
    built from the last one back, each comma a `Said` too, so that another language says every part."""
    return joined([Said("the board") if name == BOARD else name for name in takers], ", ")


# ------------------------------------------------------------------------------ stats
@dataclass
class PlayerStats:
    name: str
    hands: int = 0
    net: int = 0
    balance: int = 0
    won: dict[str, int] = field(default_factory=dict)  # counters won from each pot (hands and final deal)
    first_out: int = 0
    dealt: int = 0  # the hands he dealt, and the final clearing deal when he dealt it
    series: list[int] = field(default_factory=list)  # balance after each hand he played (and the final deal)


def stats(view: TableView) -> list[PlayerStats]:
    """Per player across the table's hands, in order of arrival."""
    live = view.live_balances()
    counted = nets(view)
    out = {name: PlayerStats(name, net=counted[name], balance=live.get(name, 0)) for name in view.bought}
    running: dict[str, int] = {}
    posts = postings(view)
    by_hand: dict[int, list[int]] = {}
    for i, p in enumerate(posts):
        if p.hand:
            by_hand.setdefault(p.hand, []).append(i)
    last = -1
    for rec in view.hands:
        idx = by_hand.get(rec.number, [])
        end = max(idx, default=last)
        for p in posts[last + 1:end + 1]:
            running[p.account] = running.get(p.account, 0) + p.amount
        last = max(last, end)
        _count_hand(out.__getitem__, rec)
        for name in rec.players:
            out[name].series.append(running.get(f"player:{name}", 0))
    if view.final is not None:
        _count_final(out.__getitem__, view)
        for name in view.final_players:
            out[name].series.append(live.get(name, 0))
    # The pots each won, in the board's order (issue 39: they came in the order first won, different per player)
    place = {p.name: i for i, p in enumerate(view.the_rules().pots)}
    for st in out.values():
        st.won = dict(sorted(st.won.items(), key=lambda kv: place.get(kv[0], len(place))))
    return list(out.values())


def _count_hand(row: Callable[[str], PlayerStats], rec: HandRecord) -> None:
    """One hand in the standings of its players (`row` gives a player's): a hand each, the dealer's deal, who
    went out first, and the counters each award paid."""
    hand = rec.outcome
    for seat, name in enumerate(rec.players):
        st = row(name)
        st.hands += 1
        st.dealt += name == rec.dealer
        st.first_out += hand.out == seat
    for a in hand.awards:
        won = row(rec.players[a.seat]).won
        won[a.pot] = won.get(a.pot, 0) + a.amount


def _count_final(row: Callable[[str], PlayerStats], view: TableView) -> None:
    """The final clearing deal in the standings: dealt too (`history` shows it as a row), so it counts for its
    dealer; its awards as a hand's."""
    final = view.final
    assert final is not None
    row(view.final_players[final.dealer]).dealt += 1
    for a in final.awards:
        won = row(view.final_players[a.seat]).won
        won[a.pot] = won.get(a.pot, 0) + a.amount


def carried_stats(view: TableView) -> tuple[list[str], list[PlayerStats]]:
    """The earlier sessions an imported ledger brought (names, oldest first, and standings)."""
    h = view.carried_history
    if h is None:
        return [], []
    rows = [PlayerStats(name, hands=r["hands"], net=r["net"], balance=r["balance"], won=dict(r["won"]),
                        first_out=r["first_out"], dealt=r["dealt"], series=list(r["balances"]))
            for name, r in h.players.items()]
    return list(h.sessions), rows


def season(sessions: list[list[PlayerStats]]) -> list[PlayerStats]:
    """Stats of several sessions (oldest first) added up per player: the season so far.

    Hands, pots won, firsts out and deals add up; nets add up (each session's net is counted
    from what it began with); the balance is the latest; the chart runs on across sessions.
    """
    out: dict[str, PlayerStats] = {}
    for rows in sessions:
        for r in rows:
            st = out.setdefault(r.name, PlayerStats(r.name))
            st.hands += r.hands
            st.net += r.net
            st.balance = r.balance
            st.first_out += r.first_out
            st.dealt += r.dealt
            st.series += r.series
            for pot, n in r.won.items():
                st.won[pot] = st.won.get(pot, 0) + n
    return list(out.values())


GROUPINGS = ("month", "session", "evening")
"""What `ledger stats --by` groups the standings by."""
UNDATED = "undated"
"""The month of a hand the journal recorded no time for."""


def grouping(typed: str) -> str:
    """`--by`'s word (any case), or a usage error naming the allowed words (one line: there are three)."""
    word = typed.strip().lower()
    if word not in GROUPINGS:
        raise UsageError(Said("--by groups the standings by `month`, `session` or `evening`, not {typed!r}",
                              typed=typed))
    return word


def month_of(at: str | None) -> str:
    """The month of a recorded time, "2026-12": its own date, the table's local one (the journal writes each time
    with its offset); UNDATED when there is none."""
    return at[:7] if at else UNDATED


def _hand_nets(view: TableView) -> dict[int, dict[str, int]]:
    """Each player's change from each hand, by its number (0: the final clearing deal): the ledger's own postings
    to players, less what was brought in or taken away, which is no hand's."""
    out: dict[int, dict[str, int]] = {}
    for p in postings(view):
        if p.account.startswith("player:") and (p.hand or p.what == "final"):
            per = out.setdefault(p.hand, {})
            name = p.account.removeprefix("player:")
            per[name] = per.get(name, 0) + p.amount
    return out


def by_month(view: TableView) -> dict[str, list[PlayerStats]]:
    """This session's standings in each month a hand was dealt (the final deal in the month it was dealt), each
    player's net the sum of their hands' changes; players in order of arrival. No balance or chart: a month has
    no balance of its own."""
    changed = _hand_nets(view)
    months: dict[str, dict[str, PlayerStats]] = {}
    order = {name: k for k, name in enumerate(dict.fromkeys([*view.bought, *view.players]))}

    def rows(month: str) -> Callable[[str], PlayerStats]:
        group = months.setdefault(month, {})
        return lambda name: group.setdefault(name, PlayerStats(name))

    for rec in view.hands:
        row = rows(month_of(view.dealt_at(rec)))
        _count_hand(row, rec)
        for name in rec.players:
            row(name).net += changed.get(rec.number, {}).get(name, 0)
    if view.final is not None:
        row = rows(month_of(view.time_of(view.final_seq)))
        _count_final(row, view)
        for name in view.final_players:
            row(name).net += changed.get(0, {}).get(name, 0)
    return {month: sorted(group.values(), key=lambda r: order.get(r.name, len(order)))
            for month, group in months.items()}


def carried_month(view: TableView) -> str:
    """The month the earlier sessions an imported ledger carried were played in, when the export dated every one
    of them within that month (`HistoryCarried.dates`); else UNDATED: their standings are totals, which cannot
    be split between months."""
    h = view.carried_history
    if h is None or not h.sessions or len(h.dates) != len(h.sessions) or not all(h.dates):
        return UNDATED
    months = {month_of(at) for span in h.dates for at in span.split("/")}
    return months.pop() if len(months) == 1 else UNDATED


def grouped(by: str, views: list[TableView], earlier: tuple[list[str], list[PlayerStats]],
            earlier_month: str = UNDATED) -> list[tuple[str, list[PlayerStats]]]:
    """The standings of the sessions `views` (oldest first), after the `earlier` ones an imported ledger carried
    (`carried_stats`, played in `earlier_month`: `carried_month`), grouped `by` session (each session's, the
    carried ones together under their names) or by month (added up over the sessions, oldest month first,
    UNDATED before them all: those hands came first)."""
    names, carried = earlier
    if by == "session":
        return ([(", ".join(names), carried)] if names else []) + [(v.name, stats(v)) for v in views]
    months: dict[str, list[list[PlayerStats]]] = {earlier_month: [carried]} if names else {}
    for view in views:
        for month, rows in by_month(view).items():
            months.setdefault(month, []).append(rows)
    return [(month, season(months[month])) for month in sorted(months, key=lambda m: (m != UNDATED, m))]


BARS = "▁▂▃▄▅▆▇█"


def sparkline(series: list[int]) -> str:
    if not series:
        return ""
    lo, hi = min(series), max(series)
    if lo == hi:
        return BARS[3] * len(series)
    return "".join(BARS[(n - lo) * (len(BARS) - 1) // (hi - lo)] for n in series)
