"""The state of one hand: where each card is, the record so far, whose turn it is.

`HandState` holds the cards, the record (plays, stops, awards, payments) and the turn
(`Turn`: an explicit phase of play, not optional ints); what the rules decide is one cached
`Settings`, what the trump decides one cached `Trumps`, and how the hand ended one `Ending`,
made when it ends. `legality` adds what may be played now, `settlement` the end of the hand,
and `hand` the moves. The stop reasons, the times of
awards and the causes of payments are `Literal`s: their words appear in JSON and journals.
Cards are `int`s (see `cards`); seats index the clockwise player list.

About 460 lines: the records a hand keeps (plays, stops, awards, payments, feeds), the tables the rules and the
trump decide and the state itself belong together, since `Hand.push` reads them all on every card.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from enum import Enum
from typing import TYPE_CHECKING, Literal

from popejoan_cli.base.records import Record
from popejoan_cli.game.board import Board
from popejoan_cli.game.cards import CARDS, SPARE, Card, Suit, rank_order, successor_table
from popejoan_cli.game.rulekeys import below
from popejoan_cli.game.rules import ChangeSuit, HouseRules, OddCounter, PopeExempt

if TYPE_CHECKING:  # type checkers see named tuples; at run time they are made without compiling (base.records)
    from typing import NamedTuple as TupleRecord
else:
    from popejoan_cli.base.records import TupleRecord

REMOVED = -2
OUT_OF_PLAY = -3
UNKNOWN = -4
PLAYED = -5
NO_CARD = 52
"""The run's next "card" after a suit's top card, for the run's loop (`Hand.push`): one past the deck, where a
hand's `holder` keeps `TOP_PLACE`, so that a top card's stop is one more place looked up, not a test per card."""
NO_CARD_BELOW = 53
"""Likewise after a card below a `wins = "below"` pot's (docs/house-rules.md): `holder` keeps `BELOW_PLACE` there."""
TOP_PLACE = -6
BELOW_PLACE = -7
ELSEWHERE = -99
"""A card in the spare hand that the table has not seen: to the refusal's words, held by another."""

class HandKind(Enum):
    """How a hand is being kept, declared once with what it allows (OpenSpiel's `GameType`): a kind is its
    capabilities, and the few places that must differ ask them (`deals`, `records_cards`, `real`), never the
    kind's name, so that a kind added here is told everywhere by what it allows.

    | kind | `deals` | `records_cards` |
    |---|---|---|
    | `VIRTUAL` | yes: popejoan dealt every card from a seed, knows each hand and keeps each private | yes |
    | `CARD_BY_CARD` | no: a real deck, nobody but the players has seen the cards | yes |
    | `TALLY` | no | no: the pots each player took, then the cards each one held |

    >>> [(k.value, k.deals, k.records_cards, k.real) for k in HandKind]
    [('virtual', True, True, False), ('card-by-card', False, True, True), ('tally', False, False, True)]
    """

    deals: bool
    """popejoan dealt the cards: it knows every hand and keeps each one private (a refusal that turned on a card
    has a private part; each player sees their own hand; the seed is told once the hand is over)."""
    records_cards: bool
    """Each card is recorded as it is played (a lead and its run, a real deck's `play`), so the referee rules
    on each; a tally records the pots taken and, at the end, the cards each player held."""

    VIRTUAL = ("virtual", True, True)
    CARD_BY_CARD = ("card-by-card", False, True)
    TALLY = ("tally", False, False)

    def __new__(cls, value: str, deals: bool, records_cards: bool) -> HandKind:
        member = object.__new__(cls)
        member._value_ = value
        member.deals = deals
        member.records_cards = records_cards
        return member

    @property
    def real(self) -> bool:
        """A real deck (card by card or a tally): the table's cards, not popejoan's (`not deals`)."""
        return not self.deals


_VIRTUAL = HandKind.VIRTUAL
"""A member looked up once: reading one from its class is a slow attribute lookup in Python 3.11."""


StopReason = Literal["top", "removed", "spare", "turnup", "played", "not-in-turn", "called", "below"]
"""`called`: a recorded (unseen) hand where the table called a stop whose cause is unknown. `below`: the card
preceding a `wins = "below"` pot's card was played (Peel's Newmarket: it wins the pot, is a stop, and its player
leads again; docs/house-rules.md). The last of eight: a stop's code keeps its reason in three bits."""
STOP_REASONS: tuple[StopReason, ...] = ("top", "removed", "spare", "turnup", "played", "not-in-turn", "called",
                                        "below")
STOP_CODE: dict[StopReason, int] = {reason: i for i, reason in enumerate(STOP_REASONS)}
AWAY: dict[int, StopReason] = {REMOVED: "removed", SPARE: "spare", OUT_OF_PLAY: "turnup", PLAYED: "played"}
"""Why a run stops at its next card when that card lies in no hand, by where it is: the referee's run
(`Hand._next_card`) and the play-out engine's tables (`fastplay.run_tables`) both read it."""
AwardAt = Literal["turnup", "play", "out", "final"]
PaymentWhy = Literal["cards", "turnup", "exchange", "pope", "lead"]
FeedWhy = Literal["cards", "unplayed", "pass", "lead"]
"""Why a player puts counters on a pot besides the dressing: for his cards left (`settle.losers_pay = "board"`),
for a pot's card he did not play (`settle.unplayed_card`), for passing the lead (`play.pass_pays`), or for an
improper lead (`play.improper_lead = "pay-board"`)."""
Phase = Literal["lead", "follow", "open", "over"]
"""`lead`: a lead is due; `follow`: the run's next card is known to be in `Turn.seat`'s hand;
`open`: the run's next card may be anywhere (unseen hands); `over`: the hand has ended."""

SUCC = {False: successor_table(False), True: successor_table(True)}
RANK = {ah: tuple(rank_order(c, ah) for c in range(52)) for ah in (False, True)}
"""Each card's place in its suit, by ace rule: the referee compares these, not cards."""
LEAD_KEY = {ah: tuple(rank_order(c, ah) * 4 + c // 13 for c in range(52)) for ah in (False, True)}
"""Rank first, then suit C, D, H, S: the order of the lowest policy, and of `legal_leads`."""

Trigger = tuple[Literal["card", "pair", "below"], str, int]
"""(how the pot is won, the pot, the other card of a pair, the pot's own card for `below`, or -1)."""


def stops_by_rule(triggers: Mapping[int, Sequence[Trigger]]) -> list[int]:
    """The cards below a `wins = "below"` pot's (docs/house-rules.md: "those plays become stops"): each stops its
    run and its player leads again, whoever holds the next card. The referee's run tables (`Hand.push`) and the
    `good` level's valuation both read it.

    >>> stops_by_rule({11: [("below", "king", 12)], 12: [("card", "queen", -1)]})
    [11]
    """
    return [c for c, trig in triggers.items() if any(t[0] == "below" for t in trig)]


class Play(TupleRecord):
    seat: int
    card: Card
    lead: bool


class Stop(TupleRecord):
    seat: int
    card: Card
    reason: StopReason


class Turn(TupleRecord):
    """Whose turn it is. `card`: the run's next card (follow, open); `seat`: who holds it
    (follow) or who played the card before it (open). A lead's seats are `lead_seats()`."""

    phase: Phase
    card: int | None = None
    seat: int | None = None

    def forced(self) -> tuple[int, int] | None:
        """(seat, card) of the follow the rules force now, if one is due."""
        if self.phase != "follow" or self.seat is None or self.card is None:
            return None
        return self.seat, self.card


LEAD = Turn("lead")
OVER = Turn("over")


class Award(TupleRecord):
    """A pot (or part of one) won: a tuple, as cheap to make as the plays."""

    pot: str
    seat: int
    amount: int
    at: AwardAt
    cards: tuple[Card, ...] = ()


class Payment(TupleRecord):
    payer: int
    payee: int
    amount: int
    why: PaymentWhy


class Feed(TupleRecord):
    """Counters a player put on a pot besides the dressing (docs/house-rules.md: settle.losers_pay)."""

    seat: int
    pot: str
    amount: int
    why: FeedWhy


class Settings(Record):
    """The house rules the referee consults on every card, read once per rule set."""

    ace_high: bool
    clockwise: bool
    change_suit: ChangeSuit
    passing: bool
    lowest_in_suit: bool
    pairs_split: bool
    pairs_ascending: bool
    odd_counter: OddCounter
    per_card: int
    pope_exempt: PopeExempt
    spare_hand: bool
    first_out: tuple[str, ...]
    """The pots won by going out first."""
    succ: tuple[int, ...]
    rank: tuple[int, ...]
    lead_key: tuple[int, ...]
    lead_sort: Callable[[int], int]
    """`lead_key` as a sort key (a list's `__getitem__`: cheaper to call than a tuple's)."""
    holder: tuple[int, ...]
    """Where each card is before the deal: `REMOVED` or `UNKNOWN` (a fresh hand copies it); then, past the
    deck, the places of `NO_CARD` and `NO_CARD_BELOW`."""
    suit_ok: tuple[tuple[bool, ...], ...]
    """`suit_allowed` as a table: `suit_ok[stopped][suit]`, for a stop in each suit (0–3) and for no
    stop yet (4): what the referee asks on every lead after a stop, looked up rather than worked out."""

    @staticmethod
    def of(rules: HouseRules) -> Settings:
        found = rules.cache.get("settings")
        if isinstance(found, Settings):
            return found
        change = rules.play.change_suit
        made = Settings(
            ace_high=rules.ace_high, clockwise=rules.play.follow == "clockwise", change_suit=change,
            passing=change != "no" and rules.play.no_new_suit == "pass",
            lowest_in_suit=rules.play.lead == "lowest-in-suit", pairs_split=rules.play.pairs == "split",
            pairs_ascending=rules.play.pair_order == "ascending", odd_counter=rules.board.odd_counter,
            per_card=rules.settle.per_card, pope_exempt=rules.settle.pope_exempt,
            spare_hand=rules.deal.spare_hand, first_out=tuple(p.name for p in rules.pots if p.wins == "first-out"),
            succ=SUCC[rules.ace_high], rank=RANK[rules.ace_high], lead_key=LEAD_KEY[rules.ace_high],
            lead_sort=list(LEAD_KEY[rules.ace_high]).__getitem__,
            holder=(*(REMOVED if c in rules.removed else UNKNOWN for c in range(52)), TOP_PLACE, BELOW_PLACE),
            suit_ok=tuple(tuple(suit_allowed(change, None if stopped == 4 else stopped, suit) for suit in range(4))
                          for stopped in range(5)))
        rules.cache["settings"] = made
        return made


def suit_allowed(change: ChangeSuit, stopped: int | None, suit: int) -> bool:
    """Whether a lead in `suit` keeps `play.change_suit` after a stop in `stopped`."""
    if stopped is None or change == "no":
        return True
    if change == "suit":
        return suit != stopped
    return (suit in (1, 2)) != (stopped in (1, 2))


SUIT_OF: tuple[int, ...] = tuple(c // 13 for c in range(52))
"""Each card's suit, looked up (`map(SUIT_OF.__getitem__, cards)` runs in C)."""
_ORDERS: dict[tuple[int, int], tuple[int, ...]] = {}
_new = tuple.__new__

# A play or a stop is an immutable tuple named by its code (`moves`, `stop_codes`), and a code has
# only a few hundred values: each is made once and shared by every hand, so a long replay holds
# one per code, not one per card played (issue 26: a full replay kept one per card, per hand).
_PLAYS: dict[int, Play] = {}
_STOPS: dict[int, Stop] = {}


def _play(m: int) -> Play:
    """The play of code `seat << 7 | lead << 6 | card`."""
    made = _PLAYS[m] = _new(Play, (m >> 7, CARDS[m & 63], bool(m & 64)))
    return made


def _stop(m: int) -> Stop:
    made = _STOPS[m] = _new(Stop, (m >> 9, CARDS[m >> 3 & 63], STOP_REASONS[m & 7]))
    return made


def _clockwise_from(first: int, seats: int) -> tuple[int, ...]:
    found = _ORDERS.get((first, seats))
    if found is None:
        found = _ORDERS[first, seats] = tuple((first + k) % seats for k in range(seats))
    return found


class Trumps(TupleRecord):
    """What the trump decides: the Pope's card and which pots each card may win."""

    trump: Suit | None
    pope_card: int | None
    triggers: dict[int, list[Trigger]]
    pots_at: tuple[list[Trigger] | None, ...]
    """`triggers` as a table by card, for the run's loop."""
    stops_by_rule: frozenset[int] = frozenset()
    """The cards below a `wins = "below"` pot's (`stops_by_rule`), each a stop: what the referee's run asks of
    every card (`Hand._next_card`)."""

    @staticmethod
    def of(rules: HouseRules, suit: int | None) -> Trumps:
        """Built once per rule set and trump suit (an int: hashing a `Suit` calls Python code)."""
        key = ("trump", suit)
        found = rules.cache.get(key)
        if isinstance(found, Trumps):
            return found
        trump = None if suit is None else Suit(suit)
        table: dict[int, list[Trigger]] = {}
        for pot in rules.pots:
            cards = [s.resolve(trump) for s in pot.cards]
            if pot.wins == "card" and cards[0] is not None:
                table.setdefault(cards[0], []).append(("card", pot.name, -1))
            elif pot.wins == "below" and cards[0] is not None:
                table.setdefault(below(cards[0]), []).append(("below", pot.name, cards[0]))
            elif pot.wins == "pair" and cards[0] is not None and cards[1] is not None:
                a, b = cards[0], cards[1]
                table.setdefault(a, []).append(("pair", pot.name, b))
                table.setdefault(b, []).append(("pair", pot.name, a))
        pope = None if rules.pope is None else rules.pope.cards[0].resolve(trump)
        made = rules.cache[key] = Trumps(trump, pope, table, tuple(table.get(c) for c in range(52)),
                                         frozenset(stops_by_rule(table)))
        return made


NO_TRUMPS = Trumps(None, None, {}, ())


class Ending:
    """How the hand ended, made when it ends: who went out, void, at the turn-up, and whether
    the settlement still waits to hear who holds the Pope (unseen hands)."""

    __slots__ = ("at_turnup", "awaiting_pope", "out", "void")

    def __init__(self, out: int | None, at_turnup: bool, void: bool) -> None:
        self.out = out
        self.at_turnup = at_turnup
        self.void = void
        self.awaiting_pope = False


class HandState:
    """Where the cards are, the record so far, and what may be played now."""

    __slots__ = ("after_stop_suit", "awards", "board", "board_before", "dealer", "dealt_sizes", "dressed", "eldest",
                 "eldest_order", "ended", "ending", "exchanged", "feeds", "holder", "kind", "leader", "left",
                 "lieu_declined", "moves", "names", "net", "ordered", "paid", "payments", "played_by", "plays_made",
                 "rules", "run_tables", "seats", "settings", "spare_size", "stop_codes", "stops_made", "trumps",
                 "turn", "turnup")

    def __init__(self, rules: HouseRules, seats: int, dealer: int, board: Board, cards: Sequence[Sequence[int]],
                 left: list[int]) -> None:
        """`cards`: each seat's known cards; `left`: how many each holds (more than known: unseen cards)."""
        self.rules = rules
        self.settings = s = Settings.of(rules)
        self.seats = seats
        self.dealer = dealer
        self.eldest = self.leader = eldest = (dealer + 1) % seats
        self.eldest_order = _ORDERS.get((eldest, seats)) or _clockwise_from(eldest, seats)
        self.board = board
        self.board_before = board.counters.copy()  # `board.snapshot()`, without a call
        self.net, self.dressed = board.dress_hand(rules, seats, dealer)
        # Where each card is: a seat, or SPARE, REMOVED, OUT_OF_PLAY, UNKNOWN, PLAYED (and past the deck, for the
        # run's loop, the places of `NO_CARD` and `NO_CARD_BELOW`).
        self.holder = list(s.holder)
        # Each seat's known cards in `LEAD_KEY` order (`holding` gives them as sets). A loop, not a comprehension,
        # which Python 3.11 runs as a function made anew on every hand.
        key = s.lead_sort
        ordered: list[list[int]] = []
        self.ordered = ordered
        for held in cards:
            ordered.append(sorted(held, key=key))
        self.left = left
        self.dealt_sizes = left[:]
        self.spare_size = 0
        self.kind = _VIRTUAL
        self.turnup: Card | None = None
        self.trumps = NO_TRUMPS
        # The record.
        self.moves: list[int] = []
        """Every card played, as `card | lead << 6`: the run's loop writes only an int, and the least it can; the
        card's player is `played_by[card]` (a card is played once a hand)."""
        self.plays_made: list[Play] = []
        self.played_by = [-1] * 52
        self.stop_codes: list[int] = []
        """Every stop, as `seat << 9 | card << 3 | reason` (its index in `STOP_REASONS`), like `moves`."""
        self.stops_made: list[Stop] = []
        self.awards: list[Award] = []
        self.payments: list[Payment] = []
        self.feeds: list[Feed] = []
        self.exchanged: tuple[int, int] | None = None
        self.paid: dict[str, int] = {}
        """A tally's pots paid during play, to their seat (game/tally.py: `pay`); empty in a hand of any other kind."""
        self.lieu_declined = False
        """The leader led the Pope as an ordinary lead where it could have stood in for the last stop's card
        (docs/house-rules.md: play.pope_in_lieu, the leader's choice)."""
        # The turn and the ending.
        self.turn = LEAD
        self.after_stop_suit: int | None = None
        self.ended = False  # the same as `turn.phase == "over"`: a field, since every loop reads it
        self.ending: Ending | None = None
        self.names: Sequence[str] = ()

    @property
    def holding(self) -> list[set[int]]:
        """Each seat's known cards, as sets made when asked for: `ordered` is the one record of them,
        so a play updates one list, not two."""
        return [set(cards) for cards in self.ordered]

    @holding.setter
    def holding(self, cards: Sequence[Iterable[int]]) -> None:
        key = self.settings.lead_sort
        self.ordered[:] = [sorted(held, key=key) for held in cards]  # in place: `run_tables` holds this list

    # ----------------------------------------------------------------- what the rules and the trump decide
    @property
    def ace_high(self) -> bool:
        return self.settings.ace_high

    @property
    def clockwise(self) -> bool:
        return self.settings.clockwise

    @property
    def passing(self) -> bool:
        return self.settings.passing

    @property
    def succ(self) -> tuple[int, ...]:
        return self.settings.succ

    @property
    def rank(self) -> tuple[int, ...]:
        """Each card's place in its suit: the referee compares these, not cards."""
        return self.settings.rank

    @property
    def lead_key(self) -> tuple[int, ...]:
        return self.settings.lead_key

    @property
    def trump(self) -> Suit | None:
        return self.trumps.trump

    @property
    def pope_card(self) -> int | None:
        return self.trumps.pope_card

    @property
    def triggers(self) -> dict[int, list[Trigger]]:
        return self.trumps.triggers

    # ----------------------------------------------------------------- how it ended
    @property
    def out(self) -> int | None:
        """The seat that went out, if one did."""
        return None if self.ending is None else self.ending.out

    @property
    def void(self) -> bool:
        return self.ending is not None and self.ending.void

    @property
    def ended_at_turnup(self) -> bool:
        return self.ending is not None and self.ending.at_turnup

    @property
    def awaiting_pope(self) -> bool:
        return self.ending is not None and self.ending.awaiting_pope

    def hold(self, seat: int, cards: Sequence[int] | set[int]) -> None:
        """`seat`'s known cards are now exactly `cards`."""
        self.ordered[seat] = sorted(set(cards), key=self.settings.lead_sort)

    @property
    def plays(self) -> list[Play]:
        """Every card played so far, in order (made from `moves` as they are asked for)."""
        made, moves, by = self.plays_made, self.moves, self.played_by
        if len(made) < len(moves):
            made.extend(_PLAYS.get(m := by[c & 63] << 7 | c) or _play(m) for c in moves[len(made):])
        return made

    @property
    def stops(self) -> list[Stop]:
        """Every stop so far, in order (made from `stop_codes` as they are asked for)."""
        made, codes = self.stops_made, self.stop_codes
        if len(made) < len(codes):
            made.extend(_STOPS.get(m) or _stop(m) for m in codes[len(made):])
        return made

    # ----------------------------------------------------------------- the turn
    @property
    def lead_due(self) -> bool:
        return self.turn.phase == "lead"

    @property
    def phase(self) -> Phase:
        return self.turn.phase

    def has_unknown(self, seat: int) -> bool:
        """Whether some of `seat`'s cards are unseen (a real deck)."""
        return self.left[seat] > len(self.ordered[seat])

    def suit_ok(self, suit: int) -> bool:
        """Whether a lead in `suit` keeps `play.change_suit` after the last stop (`suit_allowed`)."""
        stopped = self.after_stop_suit
        return stopped is None or self.settings.suit_ok[stopped][suit]

    def spare_told(self, card: Card) -> bool:
        """Whether the table already knows that `card` lies in the spare hand: the hand is over, it
        was turned up, a real deck's table called the stop, or a stop under holder follow showed
        that nobody holds it. Under clockwise follow a stop says only that the next player lacks it."""
        if self.ended or self.kind.real or card == self.turnup:
            return True
        return not self.clockwise and any(s.reason == "spare" and self.succ[s.card] == card for s in self.stops)

    def name(self, seat: int) -> str:
        return self.names[seat] if self.names else f"seat {seat}"

    def finish(self, out: int | None = None, at_turnup: bool = False, void: bool = False) -> None:
        """The hand is over: `out` went out, or it ended at the turn-up, or it was void."""
        self.turn = OVER
        self.ended = True
        if self.ending is None:
            self.ending = Ending(out, at_turnup, void)
        else:
            self.ending.at_turnup = self.ending.at_turnup or at_turnup
            self.ending.void = self.ending.void or void
