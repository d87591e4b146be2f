"""Random table sessions through `tables.record`, for every preset and 3–8 players.

A Hypothesis `RuleBasedStateMachine` opens a table in a temporary folder and then deals,
leads (a random legal play of the open hand), undoes (as `popejoan undo` does: voids of the
newest events plus any later checkpoints), counts a pot or a player with the right number,
seats and unseats players between hands, takes the spare hand where the rules allow it and
ends the session (with the final clearing deal where the rules have one). After every step:
counters are conserved, the ledger's postings agree with the replay, the journal on disk
replays to the view `record` returned, the usual load (closed hands taken on their
checkpoints) agrees with a full one, and every card of the open hand is accounted for once.

The plain tests at the end pin what the machine steers round (see their xfail reasons).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from conftest import HOSTILE
from popejoan_cli.base.errors import DataError, PopejoanError
from popejoan_cli.formats.presets import PRESET_ORDER, preset
from popejoan_cli.game.cards import SPARE
from popejoan_cli.game.hand import OUT_OF_PLAY, PLAYED, REMOVED, Hand
from popejoan_cli.store import tables
from popejoan_cli.table import ledger
from popejoan_cli.table.events import (
    CardLed,
    Counted,
    Event,
    EventVoided,
    FinalDealt,
    HandCheckpointed,
    HandDealt,
    PlayerJoined,
    PlayerLeft,
    SessionEnded,
    SpareTaken,
    TableOpened,
)
from popejoan_cli.table.undo import commands, to_undo, voids
from popejoan_cli.table.view import TableView

# 3 sessions of up to 30 steps per preset, seven presets: about 600 journal appends a run, within the
# suite's budget of three minutes on two cores (25 sessions took boodle alone 20 s); POPEJOAN_HOSTILE_SCALE=N
# runs N times as many.
SETTINGS = settings(max_examples=3 * HOSTILE, stateful_step_count=20, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "[red]Kit", "Łucja")
FAST_TMP = "/dev/shm" if os.access("/dev/shm", os.W_OK) else None
"""Each append fsyncs; on a RAM disk that costs nothing, which keeps the machine quick."""
seeds = st.one_of(st.integers(min_value=0, max_value=2**40), st.text(max_size=6))


def given(*events: Event) -> Callable[[TableView], list[Event]]:
    """A `make` for `tables.record` that writes `events` whatever the view."""
    return lambda view: list(events)


def undo_events(view: TableView, n: int = 1) -> list[Event]:
    """What `popejoan undo N --yes` writes: the table's own voids for its last N commands."""
    return voids(to_undo(view, n))


def same_state(a: TableView, b: TableView, effective: bool = True) -> None:
    """Two views of one journal agree on everything a command shows.

    Dicts are compared as dicts: their order differs after a hand taken on its checkpoint
    (pinned in test_table_cli.test_ledger_and_board_keep_their_order_after_a_hand).
    """
    same_ledger(a, b)
    same_hands(a, b)
    same_journal(a, b, effective)


def same_ledger(a: TableView, b: TableView) -> None:
    """The players, their balances, the board, and the counters brought, taken and bought."""
    assert a.players == b.players
    assert a.balances == b.balances
    assert a.board == b.board
    assert a.live_balances() == b.live_balances()
    assert a.live_board() == b.live_board()
    assert a.brought_in == b.brought_in
    assert a.taken_out == b.taken_out
    assert a.bought == b.bought


def same_hands(a: TableView, b: TableView) -> None:
    """The hands (closed or not, their plays), the next dealer and the final deal."""
    assert len(a.hands) == len(b.hands)
    assert [h.closed for h in a.hands] == [h.closed for h in b.hands]
    assert [h.hand.plays for h in a.hands] == [h.hand.plays for h in b.hands]
    assert a.next_dealer == b.next_dealer
    assert (a.final is None) == (b.final is None)


def same_journal(a: TableView, b: TableView, effective: bool) -> None:
    """The session's end, the last sequence number, the problems, and (with `effective`) the
    events in effect."""
    assert a.ended == b.ended
    assert a.last_seq == b.last_seq
    if effective:
        assert [s for s, _ in a.effective] == [s for s, _ in b.effective]
    assert [p.message for p in a.problems] == [p.message for p in b.problems]


def cards_accounted(view: TableView) -> None:
    """Every card of the open hand is in exactly one place, and the places add up."""
    rec = view.open_hand
    if rec is None:
        return
    hand, rules = rec.hand, view.the_rules()
    played = [int(p.card) for p in hand.plays]
    assert len(played) == len(set(played)), "a card was played twice"
    held = [c for cards in hand.holding for c in cards]
    assert len(held) == len(set(held)), "a card is in two hands"
    assert not set(held) & set(played)
    seats_accounted(hand)
    assert set(lying(hand, PLAYED)) == set(played)
    assert set(lying(hand, REMOVED)) == {int(c) for c in rules.removed}
    spare = lying(hand, SPARE)
    assert len(spare) == hand.spare_size
    out = out_of_play(hand)
    assert len(held) + len(played) + len(spare) + len(out) + len(rules.removed) == 52


def lying(hand: Hand, place: int) -> list[int]:
    """The cards whose holder is `place` (a seat, or PLAYED, REMOVED, SPARE, OUT_OF_PLAY)."""
    return [c for c in range(52) if hand.holder[c] == place]


def out_of_play(hand: Hand) -> list[int]:
    """The cards out of play: none, or the turn-up."""
    out = lying(hand, OUT_OF_PLAY)
    assert len(out) <= 1
    if out:
        assert hand.turnup is not None and out[0] == int(hand.turnup)
    return out


def seats_accounted(hand: Hand) -> None:
    """Each seat holds as many cards as it has left, each of them its own; unless it exchanged
    its hand, that is what it was dealt less what it played."""
    for seat, cards in enumerate(hand.holding):
        assert len(cards) == hand.left[seat]
        assert all(hand.holder[c] == seat for c in cards)
        if hand.exchanged is None or hand.exchanged[0] != seat:
            assert hand.left[seat] == hand.dealt_sizes[seat] - sum(1 for p in hand.plays if p.seat == seat)


class TableMachine(RuleBasedStateMachine):
    """One random session at one table under one preset."""

    def __init__(self, preset_name: str) -> None:
        super().__init__()
        self.preset_name = preset_name
        # not `self.rules`: RuleBasedStateMachine keeps its list of rule methods under that name
        self.house = preset(preset_name)
        self.base = Path(tempfile.mkdtemp(prefix="popejoan-state-", dir=FAST_TMP))
        self.folder = self.base / "table"
        self.view = TableView()

    def teardown(self) -> None:
        shutil.rmtree(self.base, ignore_errors=True)

    # ------------------------------------------------------------------ helpers
    def record(self, make: Callable[[TableView], Sequence[Event]], *, create: bool = False) -> None:
        before = self.view.last_seq
        done = tables.record(make, where=self.folder, create=create)
        assert [s for s, _ in done.written] == list(range(before + 1, before + 1 + len(done.written)))
        assert done.warnings == []
        from_disk, warnings = tables.view(self.folder)
        assert warnings == []
        assert from_disk.last_seq == done.view.last_seq == before + len(done.written)
        # `record` returns the view before any voids take effect, and without the new events in
        # `effective` (both pinned below as bugs): so an undo is compared with the journal only.
        if not any(isinstance(e, EventVoided) for _, e in done.written):
            same_state(done.view, from_disk, effective=False)
        self.view = from_disk
        for _, e in done.written:
            event(type(e).__name__)
        if any(isinstance(e, HandCheckpointed) for _, e in done.written):
            rec = from_disk.hands[-1].hand
            event("hand: void" if rec.void else "hand: at the turn-up" if rec.ended_at_turnup else "hand: out")

    def between_hands(self) -> bool:
        return self.view.rules is not None and self.view.open_hand is None and not self.view.ended

    def lead_due(self) -> bool:
        rec = self.view.open_hand
        return rec is not None and rec.hand.lead_due

    # ------------------------------------------------------------------ rules
    @initialize(data=st.data(), counters=st.integers(min_value=0, max_value=120))
    def open_table(self, data: st.DataObject, counters: int) -> None:
        lo, hi = self.house.players.min, self.house.players.max
        assert 3 <= lo <= hi <= 8
        n = data.draw(st.integers(min_value=lo, max_value=hi), label="players")
        names = data.draw(st.permutations(NAMES), label="names")[:n]
        dealer = data.draw(st.sampled_from(names), label="dealer")
        opened = TableOpened(name="t", rules=self.house.to_dict(), rules_name=self.house.name, players=list(names),
                             counters=counters, dealer=dealer)
        self.record(lambda view: [opened], create=True)
        assert self.view.players == list(names)

    @precondition(lambda self: self.between_hands())
    @rule(seed=seeds)
    def deal(self, seed: int | str) -> None:
        self.record(lambda view: [HandDealt(seed=seed, dealer=view.next_dealer)])
        assert self.view.hands[-1].seed == seed

    @precondition(lambda self: self.lead_due())
    @rule(data=st.data(), leads=st.integers(min_value=1, max_value=20))
    def lead(self, data: st.DataObject, leads: int) -> None:
        """A few leads in a row (so that hands get finished), each checked like a step."""
        for k in range(leads):
            if k:
                self.check_all()
                if not self.lead_due():
                    return
            rec = self.view.open_hand
            assert rec is not None
            legal = rec.hand.law.legal_plays()
            assert legal, "a lead is due but nothing is legal"
            seat, card = data.draw(st.sampled_from(legal), label="lead")
            plays = len(rec.hand.plays)
            led = CardLed(player=rec.players[seat], card=str(card))
            self.record(given(led))
            after = self.view.hands[rec.number - 1]
            assert after.hand.plays[plays].card == card
            assert after.hand.plays[plays].lead
            assert after.closed or after.hand.lead_due, "a virtual hand waits only for a lead"

    def spare_free(self) -> bool:
        rec = self.view.open_hand
        return (rec is not None and rec.hand.lead_due and not rec.hand.plays and rec.hand.exchanged is None
                and self.house.deal.spare_exchange != "none" and self.house.deal.spare_hand)

    @precondition(lambda self: self.spare_free())
    @rule(data=st.data())
    def take_spare(self, data: st.DataObject) -> None:
        rec = self.view.open_hand
        assert rec is not None
        mode = self.house.deal.spare_exchange
        dealer = rec.players.index(rec.dealer)
        seat = dealer if mode == "dealer" else data.draw(st.integers(0, len(rec.players) - 1), label="seat")
        price = 0 if seat == dealer else data.draw(st.integers(0, 5), label="price")
        self.record(lambda view: [SpareTaken(player=rec.players[seat], price=price)])
        assert self.view.open_hand is not None and self.view.open_hand.hand.exchanged == (seat, price)

    @precondition(lambda self: bool(self.view.rules is not None and commands(self.view)))
    @rule(n=st.integers(min_value=1, max_value=3))
    def undo(self, n: int) -> None:
        n = min(n, len(commands(self.view)))
        before = tables.view(self.folder)[0]
        gone = {seq for group in commands(self.view)[:n] for seq, _ in group}
        self.record(lambda view: undo_events(view, n))
        assert not gone & {s for s, _ in self.view.effective}
        assert self.view.last_seq > before.last_seq

    @precondition(lambda self: self.view.rules is not None)
    @rule(data=st.data())
    def count(self, data: st.DataObject) -> None:
        have = {**{f"pot:{k}": v for k, v in self.view.live_board().items()}, **self.view.live_balances()}
        key = data.draw(st.sampled_from(sorted(have)), label="target")
        self.record(lambda view: [Counted(target=key.removeprefix("pot:"), counters=have[key])])
        assert self.view.problems == []

    @precondition(lambda self: self.between_hands() and len(self.view.players) < self.house.players.max)
    @rule(data=st.data(), counters=st.integers(min_value=0, max_value=80))
    def join(self, data: st.DataObject, counters: int) -> None:
        free = [n for n in NAMES if n not in self.view.players]
        name = data.draw(st.sampled_from(free), label="joins")
        self.record(lambda view: [PlayerJoined(player=name, counters=counters)])
        assert self.view.players[-1] == name

    # After a final deal whose SessionEnded was undone, a leave shifts the seats the ledger reads
    # the final's awards by (pinned by test_a_leave_after_an_undone_end_keeps_the_ledger): steered round.
    @precondition(lambda self: self.between_hands() and len(self.view.players) > self.house.players.min
                  and self.view.final is None)
    @rule(data=st.data())
    def leave(self, data: st.DataObject) -> None:
        name = data.draw(st.sampled_from(self.view.players), label="leaves")
        holds = self.view.balances[name]
        taken = self.view.taken_out.get(name, 0)
        self.record(lambda view: [PlayerLeft(player=name)])
        assert name not in self.view.players
        assert self.view.taken_out[name] == taken + holds
        assert self.view.next_dealer in self.view.players

    # A second final deal (undo of `end` voids SessionEnded but leaves FinalDealt) breaks the
    # ledger: pinned by test_a_second_final_deal_keeps_the_ledger_balanced, so steered round here.
    @precondition(lambda self: self.between_hands() and self.view.final is None and len(self.view.hands) > 1)
    @rule(seed=seeds)
    def end(self, seed: int | str) -> None:
        final = self.house.final.deal == "holders"
        self.record(lambda view: [FinalDealt(seed=seed), SessionEnded()] if final else [SessionEnded()])
        assert self.view.ended
        if final:
            assert self.view.final is not None
            left = {p.name: n for p, n in zip(self.house.pots, (self.view.board[p.name] for p in self.house.pots),
                                              strict=True) if n}
            assert all(p.wins == "first-out" for p in self.house.pots if p.name in left), left

    # ------------------------------------------------------------------ invariants
    def check_all(self) -> None:
        self.conserved()
        self.a_full_replay_agrees()
        self.every_card_once()

    @invariant()
    def conserved(self) -> None:
        view = self.view
        assert view.conserved(), (view.total_in_play(), view.brought_in, view.taken_out)
        assert ledger.conservation_problems(view) == []
        assert tables.audit(view) == []

    @invariant()
    def a_full_replay_agrees(self) -> None:
        """Closed hands taken on their checkpoints (the usual load) and refereed again agree."""
        full, warnings = tables.view(self.folder, full=True)
        assert warnings == []
        same_state(full, self.view)

    @invariant()
    def every_card_once(self) -> None:
        cards_accounted(self.view)


@pytest.mark.parametrize("preset_name", PRESET_ORDER)
def test_random_sessions(preset_name: str) -> None:
    class Machine(TableMachine):  # run_state_machine_as_test takes a class: this one's preset is fixed
        def __init__(self) -> None:
            super().__init__(preset_name)

    run_state_machine_as_test(Machine, settings=SETTINGS)


# ---------------------------------------------------------------------- plain cases


def _open(where: Path, rules: str = "modern-stops", players: Sequence[str] = ("Ann", "Bob", "Cat"),
          counters: int = 50) -> TableView:
    r = preset(rules)
    opened = TableOpened(name="t", rules=r.to_dict(), rules_name=r.name, players=list(players), counters=counters,
                         dealer=players[0])
    return tables.record(lambda view: [opened], where=where, create=True).view


def _lead_lowest(where: Path) -> tables.Recorded:
    """`store.autoplay.lead_lowest`, but the whole record (what it wrote) back, and a hand must be open."""
    from popejoan_cli.table import moves

    def make(view: TableView) -> list[Event]:
        led = moves.lowest(view)
        assert led is not None
        return [led]

    return tables.record(make, where=where)


def _play_out(where: Path) -> None:
    while tables.view(where)[0].open_hand is not None:
        _lead_lowest(where)


def test_a_refused_event_writes_nothing(tmp_path: Path) -> None:
    where = tmp_path / "t"
    _open(where)
    tables.record(lambda view: [HandDealt(seed=42, dealer="Ann")], where=where)
    before = (where / "journal.jsonl").read_bytes()
    refused: list[list[Event]] = [[HandDealt(seed=1, dealer="Bob")], [PlayerJoined(player="Dan", counters=5)],
                                  [CardLed(player="Cat", card="KS")], [Counted(target="nobody", counters=1)],
                                  [PlayerLeft(player="Ann")]]
    for bad in refused:
        with pytest.raises(PopejoanError):
            tables.record(given(*bad), where=where)
        assert (where / "journal.jsonl").read_bytes() == before


def test_a_closing_lead_writes_its_checkpoint(tmp_path: Path) -> None:
    where = tmp_path / "t"
    _open(where)
    tables.record(lambda view: [HandDealt(seed=42, dealer="Ann")], where=where)
    while True:
        done = _lead_lowest(where)
        if done.view.open_hand is None:
            break
        assert [type(e) for _, e in done.written] == [CardLed]
    kinds = [type(e) for _, e in done.written]
    assert kinds == [CardLed, HandCheckpointed]
    check = done.written[1][1]
    assert isinstance(check, HandCheckpointed)
    assert check.balances == done.view.balances and check.board == done.view.board
    # and undoing the lead voids the checkpoint with it, as `popejoan undo` does
    view = tables.view(where)[0]
    taken = undo_events(view)
    assert [v.seq for v in taken if isinstance(v, EventVoided)] == [done.written[0][0], done.written[1][0]]
    tables.record(lambda v: taken, where=where)
    after = tables.view(where)[0]
    assert after.open_hand is not None and after.conserved() and ledger.conservation_problems(after) == []


def test_record_returns_the_view_after_an_undo(tmp_path: Path) -> None:
    where = tmp_path / "t"
    _open(where)
    tables.record(lambda view: [HandDealt(seed=42, dealer="Ann")], where=where)
    _lead_lowest(where)
    done = tables.record(lambda view: undo_events(view), where=where)
    same_state(done.view, tables.view(where)[0])


def test_a_void_that_breaks_the_replay_is_refused(tmp_path: Path) -> None:
    where = tmp_path / "t"
    _open(where)
    dealt = tables.record(lambda view: [HandDealt(seed=42, dealer="Ann")], where=where).written[0][0]
    _lead_lowest(where)
    before = (where / "journal.jsonl").read_bytes()
    with contextlib.suppress(PopejoanError):
        tables.record(lambda view: [EventVoided(seq=dealt)], where=where)
    assert (where / "journal.jsonl").read_bytes() == before
    tables.view(where)  # the table still loads


def test_a_second_final_deal_keeps_the_ledger_balanced(tmp_path: Path) -> None:
    where = tmp_path / "t"
    _open(where, rules="russian")
    tables.record(lambda view: [HandDealt(seed=7, dealer="Ann")], where=where)
    _play_out(where)
    tables.record(lambda view: [FinalDealt(seed=5), SessionEnded()], where=where)
    assert ledger.conservation_problems(tables.view(where)[0]) == []
    tables.record(lambda view: undo_events(view), where=where)  # voids SessionEnded only
    with contextlib.suppress(PopejoanError):  # refusing a second final deal is a fix too
        tables.record(lambda view: [FinalDealt(seed=9), SessionEnded()], where=where)
    view = tables.view(where)[0]
    assert ledger.conservation_problems(view) == []


def test_each_cash_out_posts_what_was_taken_then(tmp_path: Path) -> None:
    where = tmp_path / "t"
    _open(where, players=("Ann", "Bob", "Cat", "Dan"))
    tables.record(lambda view: [PlayerLeft(player="Dan")], where=where)
    tables.record(lambda view: [PlayerJoined(player="Dan", counters=30)], where=where)
    tables.record(lambda view: [PlayerLeft(player="Dan")], where=where)
    view = tables.view(where)[0]
    assert view.taken_out["Dan"] == 80
    outs = [p.amount for p in ledger.postings(view) if p.account == "player:Dan" and p.what == "cash-out"]
    assert outs == [-50, -30]


def test_a_leave_after_an_undone_end_keeps_the_ledger(tmp_path: Path) -> None:
    where = tmp_path / "t"
    _open(where, rules="russian", players=("Ann", "Bob", "Cat", "Dan"))
    tables.record(lambda view: [HandDealt(seed=7, dealer="Ann")], where=where)
    _play_out(where)
    tables.record(lambda view: [FinalDealt(seed=5), SessionEnded()], where=where)
    tables.record(lambda view: undo_events(view), where=where)  # voids SessionEnded only
    tables.record(lambda view: [PlayerLeft(player="Ann")], where=where)
    view = tables.view(where)[0]
    assert ledger.conservation_problems(view) == []


def test_record_returns_a_view_with_its_events(tmp_path: Path) -> None:
    where = tmp_path / "t"
    _open(where)
    done = tables.record(lambda view: [HandDealt(seed=42, dealer="Ann")], where=where)
    assert [s for s, _ in done.view.effective] == [s for s, _ in tables.view(where)[0].effective]
    assert ledger.conservation_problems(done.view) == []


def test_damage_is_refused_on_replay(tmp_path: Path) -> None:
    where = tmp_path / "t"
    _open(where)
    tables.record(lambda view: [HandDealt(seed=42, dealer="Ann")], where=where)
    _play_out(where)
    path = where / "journal.jsonl"
    lines = path.read_bytes().splitlines(keepends=True)
    # a checkpoint that no longer matches (re-encoded with a good CRC) is damage, exit 5
    from popejoan_cli.store.journal import decode, encode

    events = decode(b"".join(lines)).events
    seq, check = next((s, e) for s, e in events if isinstance(e, HandCheckpointed))
    forged = HandCheckpointed(hand=check.hand, balances={**check.balances, "Ann": check.balances["Ann"] + 1},
                              board=check.board)
    lines[seq - 1] = encode(seq, forged)
    path.write_bytes(b"".join(lines))
    with pytest.raises(DataError) as err:
        tables.view(where)
    from popejoan_cli.cli.exits import exit_code

    assert exit_code(err.value) == 5
    assert "checkpoint" in err.value.message
