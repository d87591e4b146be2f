"""The one fold from journal to state: `replay(events) -> TableView`.

A table's board, its hand in progress, every balance, its history and its problems are
all derived here from the journal's facts. `apply` is the same step used to validate a
new event before it is written, so what the journal accepts and what a replay reproduces
cannot disagree. Each kind of event has its own small step; a real deck's are in
`table.real`. The state types live in `table.view` and what undo takes back in
`table.undo`.
Pure: no files, no printing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from popejoan_cli.base.errors import (
    DataError,
    PopejoanError,
    Problem,
    RuleViolation,
    Said,
    SaidN,
    UsageError,
    allowed,
)
from popejoan_cli.base.people import CASES, GENDERS, Person
from popejoan_cli.game.board import Board
from popejoan_cli.game.cards import Card
from popejoan_cli.game.deal import MAX_NAME, check_players, seeded_deal
from popejoan_cli.game.hand import Hand
from popejoan_cli.game.playout import final_deal
from popejoan_cli.game.rules import HouseRules, from_data
from popejoan_cli.table import computers, pace
from popejoan_cli.table.corrections import corrected
from popejoan_cli.table.events import (
    OPENING,
    BalancesCarried,
    CardLed,
    CardPlayed,
    ComputerSeated,
    Counted,
    Event,
    EventVoided,
    FinalDealt,
    HandCheckpointed,
    HandCorrected,
    HandDealt,
    HandShown,
    HistoryCarried,
    OutDeclared,
    PaceChosen,
    PlayerDescribed,
    PlayerJoined,
    PlayerLeft,
    PotsPaid,
    RealHandDealt,
    SessionEnded,
    SpareTaken,
    StopCalled,
    TableOpened,
    TallyHandDealt,
    TallyOut,
    VoidDeclared,
)
from popejoan_cli.table.ledger import last_cash_out
from popejoan_cli.table.real import apply_real, not_led
from popejoan_cli.table.redealt import undone_deals
from popejoan_cli.table.tally import apply_tally
from popejoan_cli.table.view import (
    MAX_COUNTERS,
    Count,
    HandRecord,
    TableView,
    between_hands,
    check_counters,
    close_hand,
    deal_turn,
    need_hand,
    pot_said,
    seat_of,
)


def apply(view: TableView, seq: int, event: Event) -> None:
    """One step of the fold. Raises a PopejoanError when the event is not allowed now."""
    view.last_seq = seq
    if isinstance(event, TableOpened):
        _opened(view, seq, event)
        return
    if view.rules is None:
        raise DataError([Problem(Said("the journal does not start by opening a table"), key=f"seq {seq}")])
    _STEPS[type(event)](view, seq, event)


_RULES_SEEN: dict[str, HouseRules] = {}
"""Embedded rules already checked in this process, by the text of their document: a replay checks a table's
rules once, not once per replay (a test replays a table hundreds of times; the shell and `serve` replay it at
every command). A rule set is frozen, so sharing it is safe."""
_RULES_KEPT = 16


def _embedded_rules(doc: dict[str, Any]) -> HouseRules:
    key = repr(doc)  # the same JSON document reads back as the same dict, keys in the same order
    rules = _RULES_SEEN.get(key)
    if rules is not None:
        return rules
    rules, problems = from_data(doc)
    if rules is None:
        raise DataError([Problem(Said("the table's embedded rules are bad: {problem}", problem=problems[0].message))])
    if len(_RULES_SEEN) >= _RULES_KEPT:
        _RULES_SEEN.pop(next(iter(_RULES_SEEN)))
    _RULES_SEEN[key] = rules
    return rules


def _opened(view: TableView, seq: int, event: TableOpened) -> None:
    if view.rules is not None:
        raise DataError([Problem(Said("a table is opened only once"), key=f"seq {seq}")])
    rules = _embedded_rules(event.rules)
    view.name, view.rules, view.rules_name = event.name, rules, event.rules_name
    view.lang = event.lang
    issues = check_players(event.players, rules, words=False)  # the words: `table new` refused them
    if issues:
        raise UsageError(_all_of(issues))
    if event.dealer not in event.players:
        raise UsageError(Said("the dealer {dealer!r} is not a player", dealer=event.dealer),
                         allowed(event.players, event.dealer))
    check_counters(event.counters)
    view.players = list(event.players)
    view.balances = dict.fromkeys(event.players, event.counters)
    view.brought_in = event.counters * len(event.players)
    view.bought = dict.fromkeys(event.players, event.counters)
    view.board = dict.fromkeys((p.name for p in rules.pots), 0)
    view.next_dealer = event.dealer


def _described(view: TableView, seq: int, event: PlayerDescribed) -> None:
    """A player's gender and cases, for the sentences about them; the last description counts."""
    if event.player not in view.bought:  # undo takes a description back with the joining it was written with
        raise UsageError(Said("{player!r} is not a player of this table", player=event.player),
                         allowed(list(view.bought), event.player))
    if event.gender not in ("", *GENDERS) or not set(event.forms) <= set(CASES) or \
            not all(isinstance(f, str) and 0 < len(f) <= 4 * MAX_NAME for f in event.forms.values()):
        raise DataError([Problem(Said("the description of {player!r} is malformed", player=event.player),
                                 key=f"seq {seq}", hint=Said("the journal was changed by hand"))])
    view.people[event.player] = Person(event.gender, dict(event.forms))


def _all_of(issues: Sequence[str]) -> str:
    """Every issue, `; ` between them, each still said in the command's language (English: as joined before)."""
    said = issues[0]
    for issue in issues[1:]:
        said = Said("{first}; {second}", first=said, second=issue)
    return said


def _balances_carried(view: TableView, seq: int, event: BalancesCarried) -> None:
    if view.hands or any(not isinstance(e, TableOpened) for _, e in view.effective):
        raise DataError([Problem(Said("balances are carried in only right after the table is opened"),
                                 key=f"seq {seq}")])
    if set(event.balances) != set(view.players) or set(event.board) != set(view.board):
        raise DataError([Problem(Said("the carried balances must name exactly the table's players and pots"),
                                 key=f"seq {seq}")])
    for name, n in event.balances.items():
        check_counters(n, negative=True)
        view.balances[name] += n
        view.bought[name] += n
    for pot, n in event.board.items():
        check_counters(n)
        view.board[pot] += n
    view.brought_in += sum(event.balances.values()) + sum(event.board.values())
    if not 1 <= event.session <= MAX_COUNTERS:
        raise DataError([Problem(Said("session {session} is out of range", session=event.session), key=f"seq {seq}")])
    view.session = event.session
    view.continues = event.continues


def _history_carried(view: TableView, seq: int, event: HistoryCarried) -> None:
    if view.hands or not view.continues or view.carried_history is not None:
        raise DataError([Problem(Said("a history is carried in once, after the balances and before any hand"),
                                 key=f"seq {seq}")])
    if not _good_history(event):
        raise DataError([Problem(Said("the carried history is malformed"), key=f"seq {seq}",
                                 hint=Said("the journal was changed by hand"))])
    view.carried_history = event


def _joined(view: TableView, seq: int, event: PlayerJoined) -> None:
    between_hands(view, "players join")
    if event.player in view.players:
        raise UsageError(Said("{player!r} is already at the table", player=event.player))
    issues = check_players([*view.players, event.player], view.the_rules(), words=False)  # as `_opened`
    if issues:
        raise UsageError(_all_of(issues))
    # A player who left owing brings that debt back (`table join --bring-back`: exactly what they took away,
    # here below zero); anyone else brings counters (issue 39: a debt could never be brought back).
    check_counters(event.counters, negative=last_cash_out(view, event.player) == (event.player, event.counters))
    view.players.append(event.player)
    view.balances[event.player] = view.balances.get(event.player, 0) + event.counters
    view.brought_in += event.counters
    view.bought[event.player] = view.bought.get(event.player, 0) + event.counters


def _left(view: TableView, seq: int, event: PlayerLeft) -> None:
    between_hands(view, "players leave")
    seat_of(view, event.player)
    rest = [p for p in view.players if p != event.player]
    issues = [i for i in check_players(rest, view.the_rules()) if "players, but" in i]
    if issues:
        raise RuleViolation(Said("{player} cannot leave: {why}", player=event.player, why=issues[0]))
    if view.next_dealer == event.player:
        view.next_dealer = view.players[(view.players.index(event.player) + 1) % len(view.players)]
    view.players = rest
    computers.left(view, event.player)
    view.cash_outs[seq] = view.balances.pop(event.player)
    view.taken_out[event.player] = view.taken_out.get(event.player, 0) + view.cash_outs[seq]


def _dealt(view: TableView, seq: int, event: HandDealt) -> None:
    rules = view.the_rules()
    dealer = deal_turn(view, event.dealer)
    board = Board(rules, view.board)
    hand = Hand.deal(rules, len(view.players), dealer, board, seeded_deal(rules, len(view.players), dealer,
                                                                          event.seed))
    hand.names = list(view.players)
    rec = HandRecord(len(view.hands) + 1, seq, event.seed, event.dealer, list(view.players), hand=hand)
    view.hands.append(rec)
    if hand.ended:
        close_hand(view, rec)


def _spare_taken(view: TableView, seq: int, event: SpareTaken) -> None:
    computers.refuse_spare(view, event.player)
    rec = need_hand(view)
    rec.hand.exchange(seat_of(view, event.player), event.price)


def _led(view: TableView, seq: int, event: CardLed) -> None:
    rec, seat = _leading(view, event.player)
    computers.check_lead(view, event)
    # The referee rules on the lead (`Hand.check_play`) and refuses it in its own words.
    rec.happened[seq] = rec.hand.lead(seat, Card.parse(event.card), ordinary=event.ordinary)
    if rec.hand.ended:
        close_hand(view, rec)


def _leading(view: TableView, player: str) -> tuple[HandRecord, int]:
    """The hand `player` would lead in, and their seat: refused when no hand is being played, or when the table
    records the hand's cards itself (a real deck's, a tally's: `real.not_led`). Whether the lead is theirs, and
    of that card, is the referee's alone."""
    rec = need_hand(view)
    seat = seat_of(view, player)
    if rec.kind.real:
        raise not_led(rec)
    return rec, seat


def lead_refusal(view: TableView, player: str, card: Card) -> PopejoanError | None:
    """Why `player` may not lead `card` at this table now, exactly as recording the lead would refuse it (None:
    they may), with nothing applied: a page's question before a tap leads (`serve`). The referee's refusal keeps
    its private part, for that player alone (`IllegalPlay.private`)."""
    try:
        rec, seat = _leading(view, player)
    except PopejoanError as err:
        return err
    return rec.hand.refusal(seat, card)


def _counted(view: TableView, seq: int, event: Counted) -> None:
    check_counters(event.counters, negative=True)
    have = view.live_balances() | {f"pot:{k}": v for k, v in view.live_board().items()}
    key = event.target if event.target in view.players else f"pot:{event.target}"
    if key not in have:
        raise UsageError(Said("count what? {target!r} is neither a player nor a pot", target=event.target),
                         allowed([*view.players, *view.board], event.target))
    view.counts.append(Count(seq, event.target, event.counters, have[key]))
    if have[key] != event.counters:
        # A pot and a player are two sentences: Russian says «в секции «Гейм»» of one, «у Бориса» of the other.
        if event.target in view.players:
            said = SaidN("the count of {player} is {n}, but the journal says {journal}",
                         "the count of {player} is {n}, but the journal says {journal}", event.counters,
                         player=event.target, journal=have[key])
        else:
            said = SaidN("the count of {pot} is {n}, but the journal says {journal}",
                         "the count of {pot} is {n}, but the journal says {journal}", event.counters,
                         pot=pot_said(view.the_rules(), event.target), journal=have[key])
        # Fewer than the journal: counters are missing; more: some came from somewhere.
        hint = (Said("recount, or find the missing counters; `popejoan check` lists this")
                if event.counters < have[key] else
                Said("recount, or find where the extra counters came from; `popejoan check` lists this"))
        view.problems.append(Problem(said, key=f"seq {seq}", hint=hint))


def _checkpointed(view: TableView, seq: int, event: HandCheckpointed) -> None:
    if view.open_hand is not None or event.hand != len(view.hands):
        raise DataError([Problem(Said("checkpoint for hand {number} is out of place", number=event.hand),
                                 key=f"seq {seq}")])
    if event.balances != view.balances or event.board != view.board:
        raise DataError([Problem(Said("the replay does not reproduce the checkpoint after hand {number}",
                                      number=event.hand),
                                 key=f"seq {seq}", hint=Said("the journal or the rules were changed"))])
    if view.hands:
        view.hands[-1].end_seq = seq  # written with the event that closed the hand: its time is the hand's end


def _final_dealt(view: TableView, seq: int, event: FinalDealt) -> None:
    rules = view.the_rules()
    between_hands(view, "the final deal")
    if view.final is not None:
        raise RuleViolation(Said("the board has already been cleared by a final deal this session"))
    if rules.final.deal != "holders":
        raise RuleViolation(Said("{rules} has no final clearing deal", rules=view.rules_name))
    dealer = seat_of(view, view.next_dealer)
    res = final_deal(rules, len(view.players), dealer, Board(rules, view.board), event.seed)
    for name, n in zip(view.players, res.net, strict=True):
        view.balances[name] += n
    view.board = res.board.snapshot()
    view.final, view.final_seq, view.final_players = res, seq, list(view.players)


def _session_ended(view: TableView, seq: int, event: SessionEnded) -> None:
    between_hands(view, "the session ends")
    view.ended = True


def _voided(view: TableView, seq: int, event: EventVoided) -> None:
    """Nothing: voids are resolved before the fold (see `replay`)."""


_STEPS: dict[type[Any], Callable[[TableView, int, Any], None]] = {
    BalancesCarried: _balances_carried,
    HistoryCarried: _history_carried,
    PlayerJoined: _joined,
    PlayerDescribed: _described,
    ComputerSeated: computers.seated,
    PaceChosen: pace.chosen,
    PlayerLeft: _left,
    HandDealt: _dealt,
    SpareTaken: _spare_taken,
    CardLed: _led,
    Counted: _counted,
    HandCheckpointed: _checkpointed,
    FinalDealt: _final_dealt,
    SessionEnded: _session_ended,
    EventVoided: _voided,
    HandCorrected: corrected,
    **dict.fromkeys((CardPlayed, StopCalled, HandShown, VoidDeclared, OutDeclared), apply_real),
    **dict.fromkeys((PotsPaid, TallyOut), apply_tally),
    RealHandDealt: lambda view, seq, event: _dealt_by_hand(view, seq, event, apply_real),
    TallyHandDealt: lambda view, seq, event: _dealt_by_hand(view, seq, event, apply_tally),
}
"""Each kind of event (but the opening) to its step of the fold."""


def _dealt_by_hand(view: TableView, seq: int, event: Any, step: Callable[[TableView, int, Any], None]) -> None:
    """A real deck's or a tally's deal: refused at a table with a computer (nobody holds its cards)."""
    computers.refuse_real(view)
    step(view, seq, event)


def _good_history(event: HistoryCarried) -> bool:
    """Each player's standings: whole numbers where numbers belong, and nothing else."""
    def whole(v: object) -> bool:
        return type(v) is int and abs(v) <= MAX_COUNTERS * 1000

    if event.dates and len(event.dates) != len(event.sessions):
        return False  # one span (or "") per carried session
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



def voided(events: Iterable[tuple[int, Event]]) -> set[int]:
    """The seqs voided by undo. A void names an earlier event, once, and never another void."""
    gone: set[int] = set()
    kinds: dict[int, Event] = {}
    for seq, event in events:
        kinds[seq] = event
        if not isinstance(event, EventVoided):
            continue
        target = kinds.get(event.seq)
        # Each reason is its own whole sentence, so that another language can order it as it must.
        why = (Said("event {seq} voids event {target}, but names no earlier event", seq=seq, target=event.seq)
               if target is None or event.seq >= seq
               else Said("event {seq} voids event {target}, but names another void", seq=seq, target=event.seq)
               if isinstance(target, EventVoided)
               else Said("event {seq} voids event {target}, but names the table's opening ({kind}), which is never "
                         "undone", seq=seq, target=event.seq, kind=type(target).__name__)
               if isinstance(target, OPENING)
               else Said("event {seq} voids event {target}, but names an event already voided", seq=seq,
                         target=event.seq)
               if event.seq in gone else "")
        if why:
            raise DataError([Problem(why, key=f"seq {seq}", hint=Said("the journal was changed by hand"))])
        gone.add(event.seq)
    return gone


def replay(events: Sequence[tuple[int, Event]], *, trusted: int = 0,
           times: dict[int, str] | None = None, write_of: dict[int, int] | None = None) -> TableView:
    """Fold the whole journal. A stored event the fold refuses is damage: a DataError naming it.

    `times` is when each event was recorded, by seq (the store reads it from the journal's lines;
    an event without one is simply not in it): kept as it is in `TableView.times`, never parsed;
    `write_of` which lines were written together, as `TableView.write_of`.

    Every hand is refereed, except a closed hand whose checkpoint is among the first `trusted`
    events (those an earlier command refereed in full over the same bytes): it is taken on
    its checkpoint's word, and refereed again only if something asks for it (docs/journal.md).
    """
    view = TableView(times=times if times is not None else {})
    view.write_of = {} if write_of is None else write_of
    gone = voided(events)
    view.undone_deals = undone_deals(events, gone)
    # The loaded (seq, event) pairs themselves, not copies: `effective` keeps every one.
    live = [pair for pair in events if pair[0] not in gone and not isinstance(pair[1], EventVoided)]
    i = 0
    dealt_at: DealtAt = None
    while i < len(live):
        seq, event = live[i]
        end = _checkpoint_after(live, i) if trusted and isinstance(event, HandDealt) else -1
        if end > 0 and live[end][0] <= trusted:
            try:
                _skip_hand(view, live[i:end + 1])
            except DataError:
                raise
            except PopejoanError as err:
                raise _damage(seq, event, err) from None
            view.effective.extend(live[i:end + 1])
            i = end + 1
            continue
        dealt_at = _one(view, live, i, dealt_at)
        i += 1
    view.last_seq = events[-1][0] if events else 0
    return view


def _one(view: TableView, live: Sequence[tuple[int, Event]], i: int, dealt_at: DealtAt) -> DealtAt:
    """Referee `live[i]` (`_refereed`) and keep it among the effective events; a refusal is damage."""
    seq, event = live[i]
    try:
        dealt_at = _refereed(view, live, i, dealt_at)
    except DataError:
        raise
    except PopejoanError as err:
        raise _damage(seq, event, err) from None
    view.effective.append(live[i])
    return dealt_at


def extend(view: TableView, events: Sequence[tuple[int, Event]]) -> None:
    """Fold `events`, the journal's lines after those `view` was folded from (a view kept by the
    folded-state cache), as `replay` would have: each refereed in turn. None of them may be a void (a
    void changes the past: the journal is then replayed whole)."""
    dealt_at: DealtAt = None
    for i, (_, event) in enumerate(events):
        assert not isinstance(event, EventVoided)
        dealt_at = _one(view, events, i, dealt_at)
    if events:
        view.last_seq = events[-1][0]


def _damage(seq: int, event: Event, err: PopejoanError) -> DataError:
    return DataError([Problem(Said("event {seq} ({kind}) breaks the rules: {why}", seq=seq, kind=type(event).__name__,
                                   why=err.message),
                              key=f"seq {seq}", hint=Said("the journal was changed by hand, or the rules were"))])


def _checkpoint_after(live: Sequence[tuple[int, Event]], i: int) -> int:
    """Index of the checkpoint closing the hand dealt at `i`, if only plays lie between."""
    for j in range(i + 1, len(live)):
        event = live[j][1]
        if isinstance(event, HandCheckpointed):
            return j
        if not isinstance(event, CardLed | SpareTaken | PaceChosen):  # a pace chosen mid-hand: `_skip_hand` keeps it
            return -1
    return -1


class _Rebuild:
    """What replays a closed hand (`part`: its deal to its checkpoint) from the table before it: an object
    rather than a closure, so that the hand being played can be kept in the folded-state cache
    (`store.folded`)."""

    __slots__ = ("balances", "board", "computers", "part", "players", "rules")

    def __init__(self, rules: HouseRules, players: list[str], balances: dict[str, int], board: dict[str, int],
                 part: Sequence[tuple[int, Event]], computers: dict[str, str]) -> None:
        self.rules, self.players, self.balances, self.board, self.part = rules, players, balances, board, part
        self.computers = computers
        """The computers at the table as the hand was played: their leads are theirs (`table.computers`)."""

    def __getstate__(self) -> tuple[Any, ...]:
        return self.rules, self.players, self.balances, self.board, self.part, self.computers

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        self.rules, self.players, self.balances, self.board, self.part, self.computers = state

    def __call__(self) -> HandRecord:
        dealt, check = self.part[0][1], self.part[-1][1]
        assert isinstance(dealt, HandDealt) and isinstance(check, HandCheckpointed)
        again = TableView(rules=self.rules, players=list(self.players), balances=dict(self.balances),
                          board=dict(self.board), next_dealer=dealt.dealer, hands=[])
        again.computers = dict(self.computers)
        for s, e in self.part[:-1]:
            try:
                apply(again, s, e)
            except DataError:
                raise
            except PopejoanError as err:
                raise _damage(s, e, err) from None
        if again.open_hand is not None or again.balances != check.balances or again.board != check.board:
            raise DataError([Problem(Said("the replay does not reproduce the checkpoint after hand {number}",
                                          number=check.hand), key=f"seq {self.part[-1][0]}",
                                     hint=Said("the journal or the rules were changed"))])
        return again.hands[0]


DealtAt = tuple[int, dict[str, int], dict[str, int]] | None
"""Where the hand being replayed was dealt (its index among the live events) and the balances
and board before it."""


def _refereed(view: TableView, live: Sequence[tuple[int, Event]], i: int, dealt_at: DealtAt) -> DealtAt:
    """Apply `live[i]`. A closed virtual hand's record of each lead (`HandRecord.happened`) is then
    let go at its checkpoint and replayed from its events only if asked for: a long replay kept
    every lead's record of every hand (issue 26), and only the last hand's is ever told."""
    seq, event = live[i]
    if isinstance(event, HandDealt):
        dealt_at = (i, dict(view.balances), dict(view.board))
    apply(view, seq, event)
    if isinstance(event, HandCheckpointed) and dealt_at is not None and _checkpoint_after(live, dealt_at[0]) == i:
        rec = view.hands[-1]
        if rec.closed and not rec.kind.real and rec.number == event.hand:
            rec.forget_plays(_Rebuild(view.the_rules(), list(rec.players), dealt_at[1], dealt_at[2],
                                      live[dealt_at[0]:i + 1], dict(view.computers)))
    return dealt_at


def _skip_hand(view: TableView, part: Sequence[tuple[int, Event]]) -> None:
    """Take a closed hand on its checkpoint's word; keep what is needed to replay it later."""
    seq, dealt = part[0]
    check = part[-1][1]
    assert isinstance(dealt, HandDealt) and isinstance(check, HandCheckpointed)
    deal_turn(view, dealt.dealer)
    if check.hand != len(view.hands) + 1:
        raise DataError([Problem(Said("checkpoint for hand {number} is out of place", number=check.hand),
                                 key=f"seq {part[-1][0]}")])
    rules, players, board = view.the_rules(), list(view.players), dict(view.board)
    balances = dict(view.balances)
    # Not refereed now, but a checkpoint must still hold exactly the counters that were in play.
    before = sum(balances.values()) + sum(board.values())
    after = sum(check.balances.values()) + sum(check.board.values())
    if set(check.balances) != set(players) or set(check.board) != set(board) or before != after:
        raise DataError([Problem(Said("the checkpoint after hand {number} does not hold the {before} counters in "
                                      "play (it holds {after}) or names other seats or pots", number=check.hand,
                                      before=before, after=after),
                                 key=f"seq {part[-1][0]}", hint=Said("the journal was changed by hand"))])

    rec = HandRecord(len(view.hands) + 1, seq, dealt.seed, dealt.dealer, players,
                     build=_Rebuild(rules, players, balances, board, part, dict(view.computers)))
    rec.closed = True
    rec.end_seq = part[-1][0]
    view.hands.append(rec)
    # The journal stores dicts with sorted keys: keep the clockwise and board orders.
    view.balances = {p: check.balances[p] for p in players}
    view.board = {k: check.board[k] for k in board}
    view.next_dealer = players[(players.index(dealt.dealer) + 1) % len(players)]
    for at, event in part:  # the hand is taken on its checkpoint's word, but a pace chosen during it still counts
        if isinstance(event, PaceChosen):
            pace.chosen(view, at, event)


