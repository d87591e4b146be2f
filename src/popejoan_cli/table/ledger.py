"""The ledger: postings (who, how many, why, which event) and the conservation check.

Postings are derived from the replayed table, never stored: each hand's dressing, awards
and payments, each buy-in and cash-out, and the final deal. Every counter that moves has
a posting on both sides (a player and a pot, or two players), so the sum of all postings
to players and pots equals what was brought in less what was taken away.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from popejoan_cli.base.errors import Said
from popejoan_cli.base.names import find_name
from popejoan_cli.base.records import Record
from popejoan_cli.table.events import BalancesCarried, HandCorrected, PlayerJoined, PlayerLeft, TableOpened
from popejoan_cli.table.view import TableView


class Posting(Record):
    seq: int
    hand: int  # 0 outside a hand
    account: str  # "player:NAME", "pot:NAME" or "bank" (counters brought in or taken away)
    amount: int
    what: str  # buy-in, carried, cash-out, dress, turnup, play, out, cards, exchange, final, correction


def postings(view: TableView) -> list[Posting]:
    """Every posting of the session, in the order of the journal."""
    return list(each_posting(view))


def each_posting(view: TableView) -> Iterator[Posting]:
    """`postings` one at a time: summing a long table's hundreds of thousands holds none of them."""
    hands = iter(view.hands)
    next_hand = next(hands, None)
    for seq, event in view.effective:
        while next_hand is not None and next_hand.seq <= seq:
            yield from _hand_postings(view, next_hand.number, next_hand.seq)
            next_hand = next(hands, None)
        if isinstance(event, TableOpened):
            for p in event.players:
                yield from [Posting(seq, 0, f"player:{p}", event.counters, "buy-in"),
                            Posting(seq, 0, "bank", -event.counters, "buy-in")]
        elif isinstance(event, BalancesCarried):
            for p, n in event.balances.items():
                yield from [Posting(seq, 0, f"player:{p}", n, "carried"), Posting(seq, 0, "bank", -n, "carried")]
            for pot, n in event.board.items():
                yield from [Posting(seq, 0, f"pot:{pot}", n, "carried"), Posting(seq, 0, "bank", -n, "carried")]
        elif isinstance(event, PlayerJoined):
            n = buy_in(event)
            yield from [Posting(seq, 0, f"player:{event.player}", n, "buy-in"), Posting(seq, 0, "bank", -n, "buy-in")]
        elif isinstance(event, PlayerLeft):
            n = cash_out(view, seq)
            yield from [Posting(seq, 0, f"player:{event.player}", -n, "cash-out"),
                        Posting(seq, 0, "bank", n, "cash-out")]
        elif isinstance(event, HandCorrected):  # a past hand corrected: dated when it was said (table.corrections)
            yield from [Posting(seq, 0, f"player:{event.payer}", -event.counters, "correction"),
                        Posting(seq, 0, f"player:{event.payee}", event.counters, "correction")]
    while next_hand is not None:
        yield from _hand_postings(view, next_hand.number, next_hand.seq)
        next_hand = next(hands, None)
    if view.final is not None:
        res = view.final
        for a in res.awards:
            yield from [Posting(view.final_seq, 0, f"player:{view.final_players[a.seat]}", a.amount, "final"),
                        Posting(view.final_seq, 0, f"pot:{a.pot}", -a.amount, "final")]


def buy_in(event: PlayerJoined) -> int:
    """The counters a player brought when they joined: the buy-in posting, and what `table join` announces."""
    return event.counters


def cash_out(view: TableView, seq: int) -> int:
    """The counters taken away by the player who left at journal line `seq`: what they held then, this stay's
    alone (not what they took at an earlier leave). The cash-out posting, and what `table leave` announces."""
    return view.cash_outs[seq]


def last_cash_out(view: TableView, typed: str) -> tuple[str, int] | None:
    """The player `typed` names among those who left this session (as the table knows them) and what they took
    away when they last left (`cash_out`), or None when nobody by that name has left (an undone leave is no leave)."""
    left = {event.player: seq for seq, event in view.effective if isinstance(event, PlayerLeft)}
    name = find_name(typed, left)
    return None if name is None else (name, cash_out(view, left[name]))


def _hand_postings(view: TableView, number: int, seq: int) -> list[Posting]:
    rec = view.hands[number - 1]
    hand, names = rec.outcome, rec.players
    out: list[Posting] = []
    rules = view.the_rules()
    each = rules.stakes.payer == "each"
    mult = rules.stakes.dealer_multiplier if each else 1
    dealer = names.index(rec.dealer)
    for pot in rules.pots:
        payers = range(len(names)) if each else [dealer]
        for s in payers:
            n = pot.stake * (mult if s == dealer and each else 1)
            if n:
                out += [Posting(seq, number, f"player:{names[s]}", -n, "dress"),
                        Posting(seq, number, f"pot:{pot.name}", n, "dress")]
    for a in hand.awards:
        out += [Posting(seq, number, f"player:{names[a.seat]}", a.amount, a.at),
                Posting(seq, number, f"pot:{a.pot}", -a.amount, a.at)]
    for p in hand.payments:
        out += [Posting(seq, number, f"player:{names[p.payer]}", -p.amount, p.why),
                Posting(seq, number, f"player:{names[p.payee]}", p.amount, p.why)]
    for f in hand.feeds:  # counters a player put on a pot besides the dressing (docs/house-rules.md)
        out += [Posting(seq, number, f"player:{names[f.seat]}", -f.amount, f"fed-{f.why}"),
                Posting(seq, number, f"pot:{f.pot}", f.amount, f"fed-{f.why}")]
    return out


def change(view: TableView, name: str) -> int:
    """A player's change over this session: what they hold now, plus what they took away, less
    what they brought in. Counters carried in from the last session count as brought in, so
    a continued session starts every player at zero; leaving and coming back adds what they
    took to what they hold and both buy-ins to what they brought."""
    return view.live_balances().get(name, 0) + view.taken_out.get(name, 0) - view.bought.get(name, 0)


def changes(view: TableView) -> dict[str, int]:
    """`change` for everyone who played this session, in order of arrival."""
    return {name: change(view, name) for name in view.bought}


def balances_from(posts: Iterable[Posting]) -> dict[str, int]:
    """Each account's sum; with the bank included, the total is always zero."""
    out: dict[str, int] = {}
    for p in posts:
        out[p.account] = out.get(p.account, 0) + p.amount
    return out


def conservation_problems(view: TableView) -> list[str]:
    """Messages for every way the ledger and the replay disagree (none when all is well): `Said`s, which
    `popejoan check` says in the table's language."""
    problems: list[str] = []
    sums = balances_from(each_posting(view))
    if sum(sums.values()) != 0:
        problems.append(Said("postings do not balance: they sum to {n}", n=sum(sums.values())))
    for name, n in view.live_balances().items():
        if sums.get(f"player:{name}", 0) != n:
            problems.append(Said("{player}: postings give {postings}, the replay {replay}", player=name,
                                 postings=sums.get(f"player:{name}", 0), replay=n))
    for pot, n in view.live_board().items():
        if sums.get(f"pot:{pot}", 0) != n:
            problems.append(Said("pot {pot}: postings give {postings}, the replay {replay}", pot=pot,
                                 postings=sums.get(f"pot:{pot}", 0), replay=n))
    if not view.conserved():
        problems.append(Said("players plus board hold {held}, but {brought} were brought in and {taken} taken away",
                             held=view.total_in_play(), brought=view.brought_in, taken=sum(view.taken_out.values())))
    return problems
