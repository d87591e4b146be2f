"""What leaves a hand: the table's one public view, each seat's observation, and the record of
what one action did.

- `Public` is what the whole table has seen: the plays, the stops with their *told* reasons,
  the awards and payments, how many cards each seat holds, the turn-up and where it lies, the
  counters on the board. `public(hand)` builds it; nothing in it depends on a card the table
  has not seen (tests/game/test_sight.py permutes every hidden card to prove it).
- `Observation` is `Public` plus one seat's own cards and, when it is their lead, the leads the
  referee would accept. `Hand.observe(seat)` is the only way a private fact leaves a hand: the
  bots choose from it, the screens (`table.seen`) and the hand views are built from it.
- `Played` is the frozen record of one action at the table (a lead and its forced follows, a
  real deck's card or called stop): what the CLI, the shell, the web and undo narrate.

`told_reason` is the one place a stop's reason is told as the table may hear it: under
clockwise follow a stop says only that the next player could not go on, so "spare" is told as
"not-in-turn" until the hand is over. Pure: no files, no printing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from popejoan_cli.base.records import Record
from popejoan_cli.game.cards import CARDS, SPARE, Card, Suit
from popejoan_cli.game.state import (
    OUT_OF_PLAY,
    Award,
    Feed,
    HandKind,
    HandState,
    Payment,
    Phase,
    Play,
    Stop,
    StopReason,
    Trigger,
)


class _Law(Protocol):
    """What an observation needs of the hand's law beyond its state (`legality.Legality`): the fast lists."""

    def lead_seats(self) -> list[int]: ...
    def legal_leads(self, seat: int) -> list[int]: ...
    def lieu_seat(self) -> int: ...
    def pope_in_lieu_of(self) -> int: ...


class _Ledger(Protocol):
    """What the record of an action needs of the hand's settlement (`settlement.Settlement`): what it waits for."""

    def pope_unplaced(self) -> bool: ...
    def unplaced_pots(self) -> dict[str, int]: ...


def told_reason(hand: HandState, reason: StopReason) -> StopReason:
    """A stop's reason as the table may hear it now (see the module's docstring).

    >>> from popejoan_cli.formats.presets import preset
    >>> from popejoan_cli.game.board import Board
    >>> from popejoan_cli.game.deal import seeded_deal
    >>> from popejoan_cli.game.hand import Hand
    >>> from popejoan_cli.game.rules import from_data
    >>> rules, problems = from_data({"play": {"follow": "clockwise"}}, None, preset("modern-stops"))
    >>> hand = Hand.deal(rules, 4, 0, Board(rules), seeded_deal(rules, 4, 0, 0))
    >>> _ = hand.lead(1, Card.parse("4S"))  # Bob's 4♠ stops: 5♠ lies in the spare hand
    >>> hand.stops[0].reason, told_reason(hand, hand.stops[0].reason)
    ('spare', 'not-in-turn')
    """
    if reason == "spare" and not hand.ended and hand.settings.clockwise:
        return "not-in-turn"
    return reason


# A replay keeps every action's record (`Played`), so what recurs in them is shared, not copied:
# the seats that may lead (a few hundred sets at most) and a lone stop told as it is recorded.
_LEAD_SEATS: dict[tuple[int, ...], tuple[int, ...]] = {}
_LONE_STOPS: dict[Stop, tuple[Stop, ...]] = {}


def told_stops(hand: HandState, stops: Sequence[Stop]) -> tuple[Stop, ...]:
    """`stops` with each reason as the table may hear it now: under holder follow, as they are.

    >>> from popejoan_cli.formats.presets import preset
    >>> from popejoan_cli.game.board import Board
    >>> from popejoan_cli.game.deal import seeded_deal
    >>> from popejoan_cli.game.hand import Hand
    >>> rules = preset("modern-stops")
    >>> hand = Hand.deal(rules, 4, 0, Board(rules), seeded_deal(rules, 4, 0, 42))
    >>> _ = hand.lead(1, Card.parse("AS"))  # Bob's A♠, Ann's 2♠: 3♠ lies in the spare hand
    >>> told_stops(hand, hand.stops)
    (Stop(seat=0, card=Card.parse('2S'), reason='spare'),)
    """
    if not stops:
        return ()
    if len(stops) == 1 and told_reason(hand, (lone := stops[0]).reason) == lone.reason:
        return _LONE_STOPS.get(lone) or _LONE_STOPS.setdefault(lone, (lone,))
    return tuple(s if (told := told_reason(hand, s.reason)) == s.reason else Stop(s.seat, s.card, told)
                 for s in stops)


class Public(Record):
    """What the whole table has seen of a hand. The turn-up is shown face up, so where it lies
    (out of play, the spare hand) is public; so are the stops and their told reasons.

    >>> from popejoan_cli.formats.presets import preset
    >>> from popejoan_cli.game.board import Board
    >>> from popejoan_cli.game.deal import seeded_deal
    >>> from popejoan_cli.game.hand import Hand
    >>> rules = preset("modern-stops")
    >>> hand = Hand.deal(rules, 4, 0, Board(rules), seeded_deal(rules, 4, 0, 42))
    >>> _ = hand.lead(1, Card.parse("AS"))  # Bob's A♠, Ann's 2♠: 3♠ lies in the spare hand
    >>> view = hand.public()
    >>> [p.card.face for p in view.plays], view.stops[0].reason, view.lead_seats, view.left, view.spare_size
    (['A♠', '2♠'], 'spare', (0,), (9, 10, 10, 10), 10)
    >>> view.played_by[Card.parse("AS")], view.played_by[Card.parse("3S")], view.turnup.face, view.ended
    (1, -1, '8♥', False)
    """

    seats: int
    dealer: int
    kind: HandKind
    """A virtual hand (popejoan dealt every card), or a real deck recorded card by card or tallied."""
    phase: Phase
    leader: int
    lead_seats: tuple[int, ...]
    next_card: int | None
    """The card the run waits for (follow, open), or None."""
    left: tuple[int, ...]
    spare_size: int
    plays: tuple[Play, ...]
    played_by: tuple[int, ...]
    stops: tuple[Stop, ...]
    awards: tuple[Award, ...]
    payments: tuple[Payment, ...]
    net: tuple[int, ...]
    removed: frozenset[int]
    turnup: Card | None
    turnup_dead: bool
    trump: Suit | None
    pope_card: int | None
    counters: Mapping[str, int]
    triggers: Mapping[int, Sequence[Trigger]]
    ace_high: bool
    clockwise: bool
    pairs_same_player: bool
    pairs_ascending: bool
    ended: bool
    out: int | None
    void: bool
    at_turnup: bool
    """The hand ended at the turn-up (a matching or Pope turn-up)."""
    feeds: tuple[Feed, ...] = ()
    """Counters players put on pots besides the dressing (docs/house-rules.md: settle.losers_pay)."""


def public(hand: HandState, lead_seats: Sequence[int]) -> Public:
    """The table's view of `hand` now. `lead_seats`: who may lead (the referee's, public).

    >>> from popejoan_cli.formats.presets import preset
    >>> from popejoan_cli.game.board import Board
    >>> from popejoan_cli.game.deal import seeded_deal
    >>> from popejoan_cli.game.hand import Hand
    >>> rules = preset("modern-stops")
    >>> hand = Hand.deal(rules, 4, 0, Board(rules), seeded_deal(rules, 4, 0, 42))
    >>> view = public(hand, hand.law.lead_seats())
    >>> view.phase, view.lead_seats, view.left, view.counters["pope"]
    ('lead', (1,), (10, 11, 10, 10), 6)
    >>> view == hand.observe(0).public == hand.observe(1).public  # every seat sees the same
    True
    """
    up, s = hand.turnup, hand.settings
    return Public(
        seats=hand.seats, dealer=hand.dealer, kind=hand.kind, phase=hand.turn.phase, leader=hand.leader,
        lead_seats=tuple(lead_seats), next_card=hand.turn.card, left=tuple(hand.left), spare_size=hand.spare_size,
        plays=tuple(hand.plays), played_by=tuple(hand.played_by), stops=told_stops(hand, hand.stops),
        awards=tuple(hand.awards), payments=tuple(hand.payments), net=tuple(hand.net),
        removed=frozenset(hand.rules.removed), turnup=up,
        turnup_dead=up is not None and hand.holder[up] in (OUT_OF_PLAY, SPARE),
        trump=hand.trumps.trump, pope_card=hand.trumps.pope_card, counters=dict(hand.board.counters),
        triggers=hand.trumps.triggers, ace_high=s.ace_high, clockwise=s.clockwise,
        pairs_same_player=hand.rules.play.pairs == "same-player", pairs_ascending=s.pairs_ascending,
        ended=hand.ended, out=hand.out, void=hand.void,
        at_turnup=hand.ending is not None and hand.ending.at_turnup, feeds=tuple(hand.feeds))


class Observation(Record):
    """What one seat may know at a real table: `public`, its own cards, and its legal leads when
    it may lead; never another seat's cards or the unseen spare hand. The bots read only this.

    >>> from popejoan_cli.formats.presets import preset
    >>> from popejoan_cli.game.board import Board
    >>> from popejoan_cli.game.deal import seeded_deal
    >>> from popejoan_cli.game.hand import Hand
    >>> rules = preset("modern-stops")
    >>> hand = Hand.deal(rules, 4, 0, Board(rules), seeded_deal(rules, 4, 0, 42))
    >>> seen = hand.observe(1)  # Bob, whose lead it is
    >>> seen.seat, len(seen.own), [c.face for c in seen.legal], seen.left, seen.stops
    (1, 11, ['A♠', '4♦', '7♥', '9♣'], (10, 11, 10, 10), ())
    >>> hand.observe(0).legal  # Ann may not lead now
    ()
    """

    seat: int
    own: frozenset[int]
    legal: tuple[int, ...]
    public: Public

    # The public facts a bot reads most, by name (an observation is read, never changed).
    @property
    def left(self) -> tuple[int, ...]:
        return self.public.left

    @property
    def played_by(self) -> tuple[int, ...]:
        return self.public.played_by

    @property
    def stops(self) -> tuple[Stop, ...]:
        return self.public.stops

    @property
    def counters(self) -> Mapping[str, int]:
        return self.public.counters

    @property
    def triggers(self) -> Mapping[int, Sequence[Trigger]]:
        return self.public.triggers


def observe(hand: HandState, law: _Law, seat: int) -> Observation:
    """`seat`'s observation of `hand` (`law`: the hand's law, for its fast lists of leads).

    >>> from popejoan_cli.formats.presets import preset
    >>> from popejoan_cli.game.board import Board
    >>> from popejoan_cli.game.deal import seeded_deal
    >>> from popejoan_cli.game.hand import Hand
    >>> rules = preset("modern-stops")
    >>> hand = Hand.deal(rules, 4, 0, Board(rules), seeded_deal(rules, 4, 0, 42))
    >>> seen = observe(hand, hand.law, 1)
    >>> seen == hand.observe(1), Card.parse("AS") in seen.own, Card.parse("2S") in seen.own
    (True, True, False)
    """
    seats = law.lead_seats()
    # The Pope in lieu of a stop (docs/house-rules.md: play.pope_in_lieu) is offered in its holder's own view only.
    legal = (tuple(law.legal_leads(seat)) if seat in seats
             else (hand.trumps.pope_card or 0,) if law.lieu_seat() == seat else ())
    return Observation(seat=seat, own=frozenset(hand.ordered[seat]), legal=legal, public=public(hand, seats))


class Played(Record):
    """What one action at the table did, as it is told: the cards played in order (a lead and
    its forced follows, or one card of a real deck), the stops (told reasons), the awards and
    payments it made, and where the hand stands after it (whose lead, or how it ended).

    Made by `Hand.lead`, `Hand.play` and `Hand.call_stop` from the hand's own record, so that
    what is narrated is what the ledger and the journal hold.

    >>> from popejoan_cli.formats.presets import preset
    >>> from popejoan_cli.game.board import Board
    >>> from popejoan_cli.game.deal import seeded_deal
    >>> from popejoan_cli.game.hand import Hand
    >>> rules = preset("modern-stops")
    >>> hand = Hand.deal(rules, 4, 0, Board(rules), seeded_deal(rules, 4, 0, 42))
    >>> done = hand.lead(1, Card.parse("AS"))
    >>> [p.card.face for p in done.plays], [s.reason for s in done.stops], done.leader, done.lead_seats
    (['A♠', '2♠'], ['spare'], 0, (0,))
    >>> done.next_card, done.out, done.ended
    (None, None, False)
    """

    plays: tuple[Play, ...]
    stops: tuple[Stop, ...]
    awards: tuple[Award, ...]
    payments: tuple[Payment, ...]
    phase: Phase
    leader: int
    lead_seats: tuple[int, ...]
    next_card: int | None
    follower: int | None
    """In a real deck: who holds the run's next card, when the record knows."""
    out: int | None
    void: bool
    ended: bool
    awaiting_pope: bool
    feeds: tuple[Feed, ...] = ()
    """Counters put on pots during the action (`play.pass_pays`)."""
    lieu: int = -1
    """The card the action's first play, the Pope, stood in for (docs/house-rules.md: play.pope_in_lieu), or -1."""
    pope_kept: tuple[int, Card] | None = None
    """Once a player went out: who still holds the Pope, exempt by `settle.pope_exempt`, and the Pope's card
    (None: nobody, or no exemption). Told only with the hand's end, when every hand is shown."""
    unplaced: tuple[str, ...] = ()
    """A real deck gone out: the pots whose card the table must say who holds (`settle.unplayed_card`)."""
    pope_unplaced: bool = False
    """A real deck gone out: the table must say who holds the Pope."""

    def then(self, later: Played) -> Played:
        """This action and a later one, told as one (a typed line of a real deck).

        >>> from popejoan_cli.formats.presets import preset
        >>> from popejoan_cli.game.board import Board
        >>> from popejoan_cli.game.deal import seeded_deal
        >>> from popejoan_cli.game.hand import Hand
        >>> rules = preset("modern-stops")
        >>> hand = Hand.deal(rules, 4, 0, Board(rules), seeded_deal(rules, 4, 0, 42))
        >>> first, second = hand.lead(1, Card.parse("AS")), hand.lead(0, Card.parse("4C"))
        >>> both = first.then(second)
        >>> len(both.plays), [s.card.face for s in both.stops], both.leader
        (11, ['2♠', 'Q♣'], 3)
        """
        return Played(self.plays + later.plays, self.stops + later.stops, self.awards + later.awards,
                      self.payments + later.payments, later.phase, later.leader, later.lead_seats,
                      later.next_card, later.follower, later.out, later.void, later.ended, later.awaiting_pope,
                      self.feeds + later.feeds, self.lieu if self.plays else later.lieu, later.pope_kept,
                      later.unplaced, later.pope_unplaced)


Mark = tuple[int, int, int, int, int]
"""How long the record was before an action: plays, stops, awards, payments, feeds."""


def mark(hand: HandState) -> Mark:
    """How long `hand`'s record is now: where `since` starts.

    >>> from popejoan_cli.formats.presets import preset
    >>> from popejoan_cli.game.board import Board
    >>> from popejoan_cli.game.deal import seeded_deal
    >>> from popejoan_cli.game.hand import Hand
    >>> rules = preset("modern-stops")
    >>> hand = Hand.deal(rules, 4, 0, Board(rules), seeded_deal(rules, 4, 0, 42))
    >>> mark(hand)
    (0, 0, 0, 0, 0)
    >>> _ = hand.lead(1, Card.parse("AS"))  # two plays and a stop
    >>> mark(hand)
    (2, 1, 0, 0, 0)
    """
    return len(hand.moves), len(hand.stop_codes), len(hand.awards), len(hand.payments), len(hand.feeds)


def since(hand: HandState, law: _Law, ledger: _Ledger, before: Mark) -> Played:
    """The record of what `hand` did since `before` (`mark`), as the table is told it.

    >>> from popejoan_cli.formats.presets import preset
    >>> from popejoan_cli.game.board import Board
    >>> from popejoan_cli.game.deal import seeded_deal
    >>> from popejoan_cli.game.hand import Hand
    >>> rules = preset("modern-stops")
    >>> hand = Hand.deal(rules, 4, 0, Board(rules), seeded_deal(rules, 4, 0, 42))
    >>> before = mark(hand)
    >>> first, second = hand.lead(1, Card.parse("AS")), hand.lead(0, Card.parse("4C"))
    >>> law, ledger = hand.law, hand.ledger
    >>> since(hand, law, ledger, before) == first.then(second), since(hand, law, ledger, mark(hand)).plays
    (True, ())
    """
    plays, stops, awards, payments, feeds = before
    turn = hand.turn
    seats = tuple(law.lead_seats())
    seats = _LEAD_SEATS.setdefault(seats, seats)
    made = hand.plays[plays:]
    pope = hand.trumps.pope_card
    lieu = law.pope_in_lieu_of() if made and made[0].card == pope else -1
    out = hand.out
    return Played(tuple(made), told_stops(hand, hand.stops[stops:]), tuple(hand.awards[awards:]),
                  tuple(hand.payments[payments:]), turn.phase, hand.leader, seats,
                  turn.card, turn.seat if turn.phase == "follow" else None, out, hand.void, hand.ended,
                  hand.awaiting_pope, tuple(hand.feeds[feeds:]) if len(hand.feeds) > feeds else (), lieu,
                  _pope_kept(hand, pope), tuple(ledger.unplaced_pots()) if out is not None else (),
                  out is not None and ledger.pope_unplaced())


def _pope_kept(hand: HandState, pope: int | None) -> tuple[int, Card] | None:
    """`Played.pope_kept`: once a player went out, who still holds the Pope under an exemption, and its card."""
    out = hand.out
    if out is None or pope is None or hand.rules.settle.pope_exempt == "none":
        return None
    held = hand.holder[pope]
    return (held, CARDS[pope]) if held >= 0 and held != out else None
