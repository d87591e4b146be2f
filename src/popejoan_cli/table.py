"""The one fold from journal to state: `replay(events) -> TableView`.

A table's board, its hand in progress, every balance, its history and its problems are
all derived here from the journal's facts. `apply` is the same step used to validate a
new event before it is written, so what the journal accepts and what a replay reproduces
cannot disagree. Pure: no files, no printing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from popejoan_cli.board import Board
from popejoan_cli.cards import Card, Seed
from popejoan_cli.dealfile import check_players, seeded_deal
from popejoan_cli.errors import DataError, IllegalPlay, PopejoanError, Problem, RuleViolation, UsageError, allowed
from popejoan_cli.events import (
    BalancesCarried,
    CardLed,
    CardPlayed,
    Counted,
    Event,
    EventVoided,
    FinalDealt,
    HandCheckpointed,
    HandDealt,
    HandShown,
    OutDeclared,
    PlayerJoined,
    PlayerLeft,
    RealHandDealt,
    SessionEnded,
    SpareTaken,
    StopCalled,
    TableOpened,
    VoidDeclared,
)
from popejoan_cli.hand import Hand
from popejoan_cli.replay import FinalResult, final_deal
from popejoan_cli.rules import HouseRules, from_data

MAX_COUNTERS = 1_000_000


class HandRecord:
    """One finished (or open) hand, for the history.

    A closed hand whose checkpoint follows it may be replayed lazily: `hand` is rebuilt from
    its events the first time it is asked for (and must then reproduce the checkpoint).
    """

    def __init__(self, number: int, seq: int, seed: Seed, dealer: str, players: list[str],
                 hand: Hand | None = None, build: Callable[[], Hand] | None = None) -> None:
        self.number, self.seq, self.seed, self.dealer, self.players = number, seq, seed, dealer, players
        self.closed = False
        self.real = False
        """A real deck, recorded card by card: the hands are unseen."""
        self.breaches: list[str] = []
        self._hand = hand
        self._build = build

    @property
    def hand(self) -> Hand:
        if self._hand is None:
            assert self._build is not None
            self._hand = self._build()
        return self._hand


@dataclass
class TableView:
    """Everything the journal implies."""

    name: str = ""
    rules: HouseRules | None = None
    rules_name: str = ""
    players: list[str] = field(default_factory=list)
    balances: dict[str, int] = field(default_factory=dict)
    board: dict[str, int] = field(default_factory=dict)
    next_dealer: str = ""
    hands: list[HandRecord] = field(default_factory=list)
    final: FinalResult | None = None
    final_seq: int = 0
    final_players: list[str] = field(default_factory=list)
    cash_outs: dict[int, int] = field(default_factory=dict)
    """Counters taken away at each PlayerLeft, by its seq."""
    brought_in: int = 0
    bought: dict[str, int] = field(default_factory=dict)
    """Counters each player brought to the table (at the start and on joining)."""
    taken_out: dict[str, int] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    ended: bool = False
    session: int = 1
    continues: str = ""
    """The table of the previous session, when this one continues it."""
    last_seq: int = 0
    effective: list[tuple[int, Event]] = field(default_factory=list)

    @property
    def open_hand(self) -> HandRecord | None:
        return self.hands[-1] if self.hands and not self.hands[-1].closed else None

    def the_rules(self) -> HouseRules:
        assert self.rules is not None
        return self.rules

    def live_balances(self) -> dict[str, int]:
        """Balances now, counting the open hand's moves so far."""
        out = dict(self.balances)
        rec = self.open_hand
        if rec is not None:
            for name, n in zip(rec.players, rec.hand.net, strict=True):
                out[name] = out.get(name, 0) + n
        return out

    def live_board(self) -> dict[str, int]:
        rec = self.open_hand
        return rec.hand.board.snapshot() if rec is not None else dict(self.board)

    def total_in_play(self) -> int:
        return sum(self.live_balances().values()) + sum(self.live_board().values())

    def conserved(self) -> bool:
        """Players plus board equals what was brought in less what was taken away."""
        return self.total_in_play() == self.brought_in - sum(self.taken_out.values())


def seat_of(view: TableView, name: str) -> int:
    if name not in view.players:
        raise UsageError(f"no player {name!r} at this table", allowed(view.players, name))
    return view.players.index(name)


def between_hands(view: TableView, what: str) -> None:
    if view.open_hand is not None:
        raise RuleViolation(f"{what} only between hands: hand {view.open_hand.number} is still being played",
                            "finish the hand first (or undo its deal)")
    if view.ended:
        raise RuleViolation(f"{what}: this session has ended", "start a new table for the next session")


def deal_turn(view: TableView, dealer: str) -> int:
    """The dealer's seat, once it is sure a hand may be dealt now and that it is his deal."""
    between_hands(view, "a hand is dealt")
    if dealer != view.next_dealer:
        raise RuleViolation(f"it is {view.next_dealer}'s deal, not {dealer}'s",
                            "the deal passes to the left after each hand")
    return seat_of(view, dealer)


def close_hand(view: TableView, rec: HandRecord) -> None:
    rec.closed = True
    rec.hand.shed()
    for name, n in zip(rec.players, rec.hand.net, strict=True):
        view.balances[name] += n
    view.board = rec.hand.board.snapshot()
    dealer = rec.players.index(rec.dealer)
    view.next_dealer = rec.players[(dealer + 1) % len(rec.players)]


def apply(view: TableView, seq: int, event: Event) -> None:
    """One step of the fold. Raises a PopejoanError when the event is not allowed now."""
    view.last_seq = seq
    if isinstance(event, TableOpened):
        if view.rules is not None:
            raise DataError([Problem("a table is opened only once", key=f"seq {seq}")])
        rules, problems = from_data(event.rules)
        if rules is None:
            raise DataError([Problem(f"the table's embedded rules are bad: {problems[0].message}")])
        view.name, view.rules, view.rules_name = event.name, rules, event.rules_name
        issues = check_players(event.players, rules)
        if issues:
            raise UsageError("; ".join(issues))
        if event.dealer not in event.players:
            raise UsageError(f"the dealer {event.dealer!r} is not a player", allowed(event.players, event.dealer))
        _check_counters(event.counters)
        view.players = list(event.players)
        view.balances = dict.fromkeys(event.players, event.counters)
        view.brought_in = event.counters * len(event.players)
        view.bought = dict.fromkeys(event.players, event.counters)
        view.board = dict.fromkeys((p.name for p in rules.pots), 0)
        view.next_dealer = event.dealer
        return
    if view.rules is None:
        raise DataError([Problem("the journal does not start by opening a table", key=f"seq {seq}")])
    rules = view.rules
    if isinstance(event, BalancesCarried):
        if view.hands or any(not isinstance(e, TableOpened) for _, e in view.effective):
            raise DataError([Problem("balances are carried in only right after the table is opened",
                                     key=f"seq {seq}")])
        if set(event.balances) != set(view.players) or set(event.board) != set(view.board):
            raise DataError([Problem("the carried balances must name exactly the table's players and pots",
                                     key=f"seq {seq}")])
        for name, n in event.balances.items():
            _check_counters(n, negative=True)
            view.balances[name] += n
            view.bought[name] += n
        for pot, n in event.board.items():
            _check_counters(n)
            view.board[pot] += n
        view.brought_in += sum(event.balances.values()) + sum(event.board.values())
        if not 1 <= event.session <= MAX_COUNTERS:
            raise DataError([Problem(f"session {event.session} is out of range", key=f"seq {seq}")])
        view.session = event.session
        view.continues = event.continues
        return
    if isinstance(event, PlayerJoined):
        between_hands(view, "players join")
        if event.player in view.players:
            raise UsageError(f"{event.player!r} is already at the table")
        issues = check_players([*view.players, event.player], rules)
        if issues:
            raise UsageError("; ".join(issues))
        _check_counters(event.counters)
        view.players.append(event.player)
        view.balances[event.player] = view.balances.get(event.player, 0) + event.counters
        view.brought_in += event.counters
        view.bought[event.player] = view.bought.get(event.player, 0) + event.counters
    elif isinstance(event, PlayerLeft):
        between_hands(view, "players leave")
        seat_of(view, event.player)
        rest = [p for p in view.players if p != event.player]
        issues = [i for i in check_players(rest, rules) if "players, but" in i]
        if issues:
            raise RuleViolation(f"{event.player} cannot leave: {issues[0]}")
        if view.next_dealer == event.player:
            view.next_dealer = view.players[(view.players.index(event.player) + 1) % len(view.players)]
        view.players = rest
        view.cash_outs[seq] = view.balances.pop(event.player)
        view.taken_out[event.player] = view.taken_out.get(event.player, 0) + view.cash_outs[seq]
    elif isinstance(event, HandDealt):
        dealer = deal_turn(view, event.dealer)
        board = Board(rules, view.board)
        hand = Hand.deal(rules, len(view.players), dealer, board, seeded_deal(rules, len(view.players), dealer,
                                                                              event.seed))
        hand.names = list(view.players)
        rec = HandRecord(len(view.hands) + 1, seq, event.seed, event.dealer, list(view.players), hand=hand)
        view.hands.append(rec)
        if hand.ended:
            close_hand(view, rec)
    elif isinstance(event, RealHandDealt | CardPlayed | StopCalled | HandShown | VoidDeclared | OutDeclared):
        from popejoan_cli.table_real import apply_real

        apply_real(view, seq, event)
    elif isinstance(event, SpareTaken):
        rec = need_hand(view)
        rec.hand.exchange(seat_of(view, event.player), event.price)
    elif isinstance(event, CardLed):
        rec = need_hand(view)
        card = Card.parse(event.card)
        hand = rec.hand
        seat = seat_of(view, event.player)
        if rec.real:
            raise RuleViolation("this hand is dealt from a real deck: record each card with "
                                "`popejoan play SEAT CARD...`")
        if not hand.lead_due:
            raise IllegalPlay("no lead is due", rule="a lead follows a stop")
        hand.play(seat, card)
        hand.follow_run()
        if hand.ended:
            close_hand(view, rec)
    elif isinstance(event, Counted):
        _check_counters(event.counters, negative=True)
        have = view.live_balances() | {f"pot:{k}": v for k, v in view.live_board().items()}
        key = event.target if event.target in view.players else f"pot:{event.target}"
        if key not in have:
            raise UsageError(f"count what? {event.target!r} is neither a player nor a pot",
                             allowed([*view.players, *view.board], event.target))
        if have[key] != event.counters:
            view.problems.append(Problem(
                f"the count of {event.target} is {event.counters}, but the journal says {have[key]}",
                key=f"seq {seq}", hint="recount, or find the missing counters; `popejoan check` lists this"))
    elif isinstance(event, HandCheckpointed):
        if view.open_hand is not None or event.hand != len(view.hands):
            raise DataError([Problem(f"checkpoint for hand {event.hand} is out of place", key=f"seq {seq}")])
        if event.balances != view.balances or event.board != view.board:
            raise DataError([Problem(f"the replay does not reproduce the checkpoint after hand {event.hand}",
                                     key=f"seq {seq}", hint="the journal or the rules were changed")])
    elif isinstance(event, FinalDealt):
        between_hands(view, "the final deal")
        if view.final is not None:
            raise RuleViolation("the board has already been cleared by a final deal this session")
        if rules["final.deal"] != "holders":
            raise RuleViolation(f"{view.rules_name} has no final clearing deal")
        dealer = seat_of(view, view.next_dealer)
        res = final_deal(rules, len(view.players), dealer, Board(rules, view.board), event.seed)
        for name, n in zip(view.players, res.net, strict=True):
            view.balances[name] += n
        view.board = res.board.snapshot()
        view.final, view.final_seq, view.final_players = res, seq, list(view.players)
    elif isinstance(event, SessionEnded):
        between_hands(view, "the session ends")
        view.ended = True
    elif isinstance(event, EventVoided):
        pass  # voids are resolved before the fold (see `replay`)


def need_hand(view: TableView) -> HandRecord:
    rec = view.open_hand
    if rec is None:
        raise RuleViolation("no hand is being played", "deal one first: `popejoan deal`")
    return rec


def _check_counters(n: int, negative: bool = False) -> None:
    if not (-MAX_COUNTERS if negative else 0) <= n <= MAX_COUNTERS:
        raise UsageError(f"{n:,} counters is out of range", f"allowed: 0 to {MAX_COUNTERS:,}")


def voided(events: Iterable[tuple[int, Event]]) -> set[int]:
    """The seqs voided by undo. A void names an earlier event, once, and never another void."""
    gone: set[int] = set()
    kinds: dict[int, Event] = {}
    for seq, event in events:
        kinds[seq] = event
        if not isinstance(event, EventVoided):
            continue
        target = kinds.get(event.seq)
        why = ("names no earlier event" if target is None or event.seq >= seq
               else "names another void" if isinstance(target, EventVoided)
               else "names an event already voided" if event.seq in gone else "")
        if why:
            raise DataError([Problem(f"event {seq} voids event {event.seq}, but {why}", key=f"seq {seq}",
                                     hint="the journal was changed by hand")])
        gone.add(event.seq)
    return gone


def replay(events: Sequence[tuple[int, Event]], *, trusted: int = 0) -> TableView:
    """Fold the whole journal. A stored event the fold refuses is damage: a DataError naming it.

    Every hand is refereed, except a closed hand whose checkpoint is among the first `trusted`
    events (those an earlier command refereed in full over the same bytes): it is taken on
    its checkpoint's word, and refereed again only if something asks for it (docs/journal.md).
    """
    view = TableView()
    gone = voided(events)
    live = [(seq, e) for seq, e in events if seq not in gone and not isinstance(e, EventVoided)]
    i = 0
    while i < len(live):
        seq, event = live[i]
        end = _checkpoint_after(live, i) if trusted and isinstance(event, HandDealt) else -1
        try:
            if end > 0 and live[end][0] <= trusted:
                _skip_hand(view, live[i:end + 1])
                view.effective.extend(live[i:end + 1])
                i = end + 1
                continue
            apply(view, seq, event)
        except DataError:
            raise
        except PopejoanError as err:
            raise _damage(seq, event, err) from None
        view.effective.append((seq, event))
        i += 1
    view.last_seq = events[-1][0] if events else 0
    return view


def _damage(seq: int, event: Event, err: PopejoanError) -> DataError:
    return DataError([Problem(f"event {seq} ({type(event).__name__}) breaks the rules: {err.message}",
                              key=f"seq {seq}", hint="the journal was changed by hand, or the rules were")])


def _checkpoint_after(live: Sequence[tuple[int, Event]], i: int) -> int:
    """Index of the checkpoint closing the hand dealt at `i`, if only plays lie between."""
    for j in range(i + 1, len(live)):
        event = live[j][1]
        if isinstance(event, HandCheckpointed):
            return j
        if not isinstance(event, CardLed | SpareTaken):
            return -1
    return -1


def _skip_hand(view: TableView, part: Sequence[tuple[int, Event]]) -> None:
    """Take a closed hand on its checkpoint's word; keep what is needed to replay it later."""
    seq, dealt = part[0]
    check = part[-1][1]
    assert isinstance(dealt, HandDealt) and isinstance(check, HandCheckpointed)
    deal_turn(view, dealt.dealer)
    if check.hand != len(view.hands) + 1:
        raise DataError([Problem(f"checkpoint for hand {check.hand} is out of place", key=f"seq {part[-1][0]}")])
    rules, players, board = view.the_rules(), list(view.players), dict(view.board)
    balances = dict(view.balances)
    # Not refereed now, but a checkpoint must still hold exactly the counters that were in play.
    before = sum(balances.values()) + sum(board.values())
    after = sum(check.balances.values()) + sum(check.board.values())
    if set(check.balances) != set(players) or set(check.board) != set(board) or before != after:
        raise DataError([Problem(f"the checkpoint after hand {check.hand} does not hold the {before} counters "
                                 f"in play (it holds {after}) or names other seats or pots",
                                 key=f"seq {part[-1][0]}", hint="the journal was changed by hand")])

    def build() -> Hand:
        again = TableView(rules=rules, players=list(players), balances=dict(balances), board=dict(board),
                          next_dealer=dealt.dealer, hands=[])
        for s, e in part[:-1]:
            try:
                apply(again, s, e)
            except DataError:
                raise
            except PopejoanError as err:
                raise _damage(s, e, err) from None
        if again.open_hand is not None or again.balances != check.balances or again.board != check.board:
            raise DataError([Problem(f"the replay does not reproduce the checkpoint after hand {check.hand}",
                                     key=f"seq {part[-1][0]}", hint="the journal or the rules were changed")])
        return again.hands[0].hand

    rec = HandRecord(len(view.hands) + 1, seq, dealt.seed, dealt.dealer, players, build=build)
    rec.closed = True
    view.hands.append(rec)
    # The journal stores dicts with sorted keys: keep the clockwise and board orders.
    view.balances = {p: check.balances[p] for p in players}
    view.board = {k: check.board[k] for k in board}
    view.next_dealer = players[(players.index(dealt.dealer) + 1) % len(players)]


def undoable(view: TableView) -> list[tuple[int, Event]]:
    """Events `undo` may void, newest first (checkpoints go with the event before them)."""
    return [(s, e) for s, e in reversed(view.effective)
            if not isinstance(e, TableOpened | HandCheckpointed)]
