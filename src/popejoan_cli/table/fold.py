"""The one fold from journal to state: `replay(events) -> TableView`.

A table's board, its hand in progress, every balance, its history and its problems are
all derived here from the journal's facts. `apply` is the same step used to validate a
new event before it is written, so what the journal accepts and what a replay reproduces
cannot disagree. Pure: no files, no printing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from popejoan_cli.base.errors import DataError, IllegalPlay, PopejoanError, Problem, RuleViolation, UsageError, allowed
from popejoan_cli.base.limits import int_text
from popejoan_cli.base.names import find_name
from popejoan_cli.base.words import plural
from popejoan_cli.game.board import Board
from popejoan_cli.game.cards import Card, Seed
from popejoan_cli.game.deal import check_players, seeded_deal
from popejoan_cli.game.hand import Hand
from popejoan_cli.game.playout import FinalResult, final_deal
from popejoan_cli.game.rules import HouseRules, from_data
from popejoan_cli.table.events import (
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
    HistoryCarried,
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


@dataclass(frozen=True, slots=True)
class Count:
    """The banker's physical count of a pot or a player, and what the journal said then."""

    seq: int
    target: str
    counted: int
    journal: int


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
    counts: list[Count] = field(default_factory=list)
    """Every physical count, in order (a mismatch is also among `problems`)."""
    ended: bool = False
    session: int = 1
    continues: str = ""
    """The table of the previous session, when this one continues it."""
    carried_history: HistoryCarried | None = None
    """The earlier sessions' standings an imported ledger brought (for `ledger stats`)."""
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


def player_named(players: Sequence[str], typed: str) -> str:
    """The player a person means by `typed` (any case, any look-alike letters), or exit 2."""
    found = find_name(typed, players)
    if found is None:
        raise UsageError(f"no player {typed!r} at this table", allowed(players, typed))
    return found


def seat_of(view: TableView, name: str) -> int:
    return view.players.index(player_named(view.players, name))


def pot_named(rules: HouseRules, typed: str) -> str | None:
    """The pot a person means by `typed`: its name (`game`) or the label the board shows (`First out`)."""
    by_name = find_name(typed, [p.name for p in rules.pots])
    if by_name is not None:
        return by_name
    labels = {p.label: p.name for p in rules.pots}
    by_label = find_name(typed, labels)
    return labels[by_label] if by_label is not None else None


def between_hands(view: TableView, what: str) -> None:
    if view.open_hand is not None:
        raise RuleViolation(f"{what} only between hands: hand {view.open_hand.number} is still being played",
                            "finish the hand first (or undo its deal)")
    if view.ended:
        raise RuleViolation(f"{what}: this session has ended", "start the next one with `popejoan session new`")


def deal_turn(view: TableView, dealer: str) -> int:
    """The dealer's seat, once it is sure a hand may be dealt now and that it is their deal."""
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
    if isinstance(event, HistoryCarried):
        if view.hands or not view.continues or view.carried_history is not None:
            raise DataError([Problem("a history is carried in once, after the balances and before any hand",
                                     key=f"seq {seq}")])
        if not _good_history(event):
            raise DataError([Problem("the carried history is malformed", key=f"seq {seq}",
                                     hint="the journal was changed by hand")])
        view.carried_history = event
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
        from popejoan_cli.table.real import apply_real

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
        view.counts.append(Count(seq, event.target, event.counters, have[key]))
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


def _good_history(event: HistoryCarried) -> bool:
    """Each player's standings: whole numbers where numbers belong, and nothing else."""
    def whole(v: object) -> bool:
        return type(v) is int and abs(v) <= MAX_COUNTERS * 1000

    for row in event.players.values():
        if not isinstance(row, dict) or set(row) != {"hands", "net", "balance", "won", "first_out", "dealt",
                                                     "balances"}:
            return False
        if not all(whole(row[k]) for k in ("hands", "net", "balance", "first_out", "dealt")):
            return False
        won, series = row["won"], row["balances"]
        if not isinstance(won, dict) or not all(isinstance(k, str) and whole(v) for k, v in won.items()):
            return False
        if not isinstance(series, list) or not all(whole(v) for v in series):
            return False
    return True


def _check_counters(n: int, negative: bool = False) -> None:
    if not (-MAX_COUNTERS if negative else 0) <= n <= MAX_COUNTERS:
        low = -MAX_COUNTERS if negative else 0
        raise UsageError(f"{int_text(n)} is out of range for a number of counters",
                         f"allowed: {low:,} to {MAX_COUNTERS:,}")


OPENING = (TableOpened, BalancesCarried, HistoryCarried)
"""Events that open a table or a session and bring its counters in: undo never voids them (a
table without its opening has no seats or rules, and a session without its carried balances
would lose every counter it brought in). A new table is the way to start again."""


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
               else f"names the table's opening ({type(target).__name__}), which is never undone"
               if isinstance(target, OPENING)
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


# What undo takes back (docs/journal.md). Undo voids the newest commands, so what is left is
# always a journal as it stood before them; the opening (OPENING) is never voided, a void is
# never voided (to redo, the command is typed again), and a checkpoint goes with the event
# that closed its hand. The journal does not mark where one command's events end, so they
# are grouped by the table's own logic: a lead and its checkpoint (the follows are the
# referee's, not events), a deal, a going out or a void and the checkpoint after it, the
# final deal and the session's end that `end` writes together. Each card of a real hand is
# one fact, so each is taken back on its own: `play Dan 5D 6D` is undone card by card.
Command = list[tuple[int, Event]]


def commands(view: TableView) -> list[Command]:
    """The events undo may take back, grouped into the commands that wrote them, newest first."""
    groups: list[Command] = []
    for seq, event in view.effective:
        if isinstance(event, (*OPENING, EventVoided)):
            continue
        ending = isinstance(event, SessionEnded) and groups and isinstance(groups[-1][-1][1], FinalDealt)
        if groups and (isinstance(event, HandCheckpointed) or ending):
            groups[-1].append((seq, event))
        else:
            groups.append([(seq, event)])
    return groups[::-1]


def hand_commands(view: TableView) -> list[Command]:
    """The commands of the hand being played, deal included, newest first."""
    rec = need_hand(view)
    return [g for g in commands(view) if g[0][0] >= rec.seq]


def to_undo(view: TableView, n: int = 1, *, hand: bool = False) -> list[Command]:
    """The commands `undo` takes back: the last `n`, or with `hand` the hand being played.

    Refused (a RuleViolation) when there are fewer: the opening of a table or of a session
    is never undone.
    """
    if hand:
        return hand_commands(view)
    groups = commands(view)
    if not groups:
        opened = (f"this session has recorded nothing since it carried on from {view.continues!r}"
                  if view.continues else "this table has recorded nothing since it was opened")
        raise RuleViolation(f"nothing can be undone here: {opened}, and the opening of a table or of a "
                            "session is never undone", "start a new table instead")
    if n > len(groups):
        raise RuleViolation(f"there {'is' if len(groups) == 1 else 'are'} only {plural(len(groups), 'command')} "
                            f"to undo", "the opening of a table or of a session is never undone: "
                            "start a new table instead")
    return groups[:n]


def voids(chosen: Iterable[Command]) -> list[Event]:
    """The journal entries that take `chosen` back, oldest first: undo deletes nothing."""
    return [EventVoided(seq=s) for s in sorted(s for group in chosen for s, _ in group)]


def describe(view: TableView, command: Command) -> str:
    """A command as the table would say it. It never shows a seed: while a hand is open its
    seed is a secret (it gives every hand away)."""
    seq, event = command[0]
    number = sum(1 for s, e in view.effective if s <= seq and isinstance(e, HandDealt | RealHandDealt))
    closes = any(isinstance(e, HandCheckpointed) for _, e in command)
    closed = f", which closed hand {number}" if closes else ""
    if isinstance(event, HandDealt | RealHandDealt):
        deck = " (a real deck)" if isinstance(event, RealHandDealt) else ""
        ended = ", which ended at the turn-up" if closes else ""
        return f"the deal of hand {number} by {event.dealer}{deck}{ended}"
    if isinstance(event, CardLed):
        return _lead_words(view, number, seq, event) + closed
    if isinstance(event, CardPlayed):
        return f"{event.player}'s {Card.parse(event.card).face}{closed}"
    if isinstance(event, StopCalled):
        return f"the stop called in hand {number}"
    if isinstance(event, HandShown):
        return f"the {plural(len(event.cards), 'card')} {event.player} showed"
    if isinstance(event, VoidDeclared):
        return f"hand {number} declared void"
    if isinstance(event, OutDeclared):
        return f"{event.player} going out{closed}"
    if isinstance(event, SpareTaken):
        return f"{event.player} taking the spare hand" + (f" for {event.price}" if event.price else "")
    if isinstance(event, Counted):
        return f"the count of {event.target}: {event.counters}"
    if isinstance(event, PlayerJoined):
        return f"{event.player} joining with {plural(event.counters, 'counter')}"
    if isinstance(event, PlayerLeft):
        return f"{event.player} leaving"
    if isinstance(event, FinalDealt):
        return "the final clearing deal and the end of the session"
    if isinstance(event, SessionEnded):
        return "the end of the session"
    return type(event).__name__  # pragma: no cover - every undoable event is named above


def _lead_words(view: TableView, number: int, seq: int, event: CardLed) -> str:
    """"Bob's lead A♠, and Ann's 2♠ that followed": the lead and the follows the referee played."""
    rec = view.hands[number - 1]
    nth = sum(1 for s, e in view.effective if rec.seq < s < seq and isinstance(e, CardLed))
    plays = rec.hand.plays
    leads = [i for i, p in enumerate(plays) if p.lead]
    lead = f"{event.player}'s lead {Card.parse(event.card).face}"
    if nth >= len(leads):
        return lead
    start = leads[nth]
    stop = leads[nth + 1] if nth + 1 < len(leads) else len(plays)
    follows = [f"{rec.players[p.seat]}'s {p.card.face}" for p in plays[start + 1:stop]]
    if not follows:
        return lead
    joined = follows[0] if len(follows) == 1 else ", ".join(follows[:-1]) + " and " + follows[-1]
    return f"{lead}, and {joined} that followed"
