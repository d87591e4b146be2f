"""The referee for one hand: dressing, the turn-up, play, stops, awards and settlement.

`Hand` is a state with its legal actions: `legal_plays()` lists what may be played now,
`check_play()` refuses anything else with the rule it breaks, and `play()` applies a play.
Both read one decision, `legal_leads` / the run's expected card, so the list and the
check cannot disagree. Forced follows are single legal plays; `follow_run()` plays them
without choice. Hands may be fully known (a virtual or replayed deal) or unknown (a real
deal recorded card by card): then the referee checks what can be known and never guesses.
Cards are `int`s (see `cards`); seats are indexes into the clockwise player list.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from popejoan_cli.base.errors import IllegalPlay
from popejoan_cli.game.board import Board
from popejoan_cli.game.cards import CARDS, SPARE, Card, Dealt, Suit, rank_order, successor_table
from popejoan_cli.game.rules import HouseRules

REMOVED = -2
OUT_OF_PLAY = -3
UNKNOWN = -4
PLAYED = -5

STOP_REASONS = ("top", "removed", "spare", "turnup", "played", "not-in-turn", "called")
"""`called`: a recorded (unseen) hand where the table called a stop whose cause is unknown."""

_SUCC = {False: successor_table(False), True: successor_table(True)}
_RANK = {ah: tuple(rank_order(c, ah) for c in range(52)) for ah in (False, True)}
"""Each card's place in its suit, by ace rule: the referee compares these, not cards."""


def _triggers(rules: HouseRules, trump: Suit | None) -> dict[int, list[tuple[str, str, int]]]:
    """Which pots each card may win under this trump; built once per rule set and trump."""
    key = ("triggers", trump)
    found = rules.cache.get(key)
    if found is not None:
        return found  # type: ignore[return-value]
    table: dict[int, list[tuple[str, str, int]]] = {}
    for pot in rules.pots:
        cards = [s.resolve(trump) for s in pot.cards]
        if pot.wins == "card" and cards[0] is not None:
            table.setdefault(cards[0], []).append(("card", pot.name, -1))
        elif pot.wins == "pair" and cards[0] is not None and cards[1] is not None:
            a, b = cards[0], cards[1]
            table.setdefault(a, []).append(("pair", pot.name, b))
            table.setdefault(b, []).append(("pair", pot.name, a))
    rules.cache[key] = table
    return table


class Play(NamedTuple):
    seat: int
    card: Card
    lead: bool


class Stop(NamedTuple):
    seat: int
    card: Card
    reason: str


@dataclass(frozen=True, slots=True)
class Award:
    pot: str
    seat: int
    amount: int
    at: str  # turnup | play | out | final
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class Payment:
    payer: int
    payee: int
    amount: int
    why: str  # cards | turnup | exchange


class Hand:
    """One hand from dressing to settlement. Create it with `Hand.deal` or `Hand.unseen`."""

    def __init__(self, rules: HouseRules, seats: int, dealer: int, board: Board) -> None:
        self.rules = rules
        self.seats = seats
        self.dealer = dealer
        self.eldest = (dealer + 1) % seats
        self.eldest_order = [(self.eldest + k) % seats for k in range(seats)]
        self.board = board
        self.board_before = board.snapshot()
        self.net = [0] * seats
        self.ace_high = rules.ace_high
        self.succ = _SUCC[self.ace_high]
        self.rank = _RANK[self.ace_high]
        # The play choices, read once: the referee consults them on every card.
        self.clockwise = rules["play.follow"] == "clockwise"
        self.change_suit: str = rules["play.change_suit"]
        self.passing = self.change_suit != "no" and rules["play.no_new_suit"] == "pass"
        self.lowest_in_suit = rules["play.lead"] == "lowest-in-suit"
        self.holder = [UNKNOWN] * 52
        self.holding: list[set[int]] = [set() for _ in range(seats)]
        self.left = [0] * seats
        self.dealt_sizes = [0] * seats
        self.spare_size = 0
        self.known = True
        self.turnup: Card | None = None
        self.trump: Suit | None = None
        self.plays: list[Play] = []
        self.played_by = [-1] * 52
        self.stops: list[Stop] = []
        self.awards: list[Award] = []
        self.payments: list[Payment] = []
        self.dressed: dict[str, int] = {}
        self.out: int | None = None
        self.void = False
        self.ended = False
        self.ended_at_turnup = False
        self.awaiting_pope = False
        self.leader = self.eldest
        self.after_stop_suit: int | None = None
        self.expect: int | None = None
        self.expect_seat: int | None = None
        self.open_from: int | None = None
        self.pope_card: int | None = None
        self.triggers: dict[int, list[tuple[str, str, int]]] = {}
        self.exchanged: tuple[int, int] | None = None
        self.names: Sequence[str] = ()

    # ----------------------------------------------------------------- setting up
    @classmethod
    def deal(cls, rules: HouseRules, seats: int, dealer: int, board: Board, dealt: Dealt) -> Hand:
        """Dress the board, deal the known cards, then apply the turn-up, in that order."""
        hand = cls(rules, seats, dealer, board)
        hand.dressed = board.dress(rules, seats, dealer, hand.net)
        holder = hand.holder
        for c in rules.removed:
            holder[c] = REMOVED
        for seat, cards in enumerate(dealt.hands):
            for c in cards:
                holder[c] = seat
            hand.holding[seat] = set(cards)
            hand.left[seat] = hand.dealt_sizes[seat] = len(cards)
        for c in dealt.spare or ():
            holder[c] = SPARE
        hand.spare_size = len(dealt.spare or ())
        if dealt.turnup is not None and dealt.turnup_holder is None:
            holder[dealt.turnup] = OUT_OF_PLAY
        hand._turn_up(dealt.turnup)
        return hand

    @classmethod
    def unseen(cls, rules: HouseRules, seats: int, dealer: int, board: Board, sizes: Sequence[int],
               spare_size: int, turnup: Card | None, turnup_holder: int | None) -> Hand:
        """A real deal: only the sizes and the turn-up are known."""
        hand = cls(rules, seats, dealer, board)
        hand.known = False
        hand.dressed = board.dress(rules, seats, dealer, hand.net)
        for c in rules.removed:
            hand.holder[c] = REMOVED
        hand.left = list(sizes)
        hand.dealt_sizes = list(sizes)
        hand.spare_size = spare_size
        if turnup is not None:
            if turnup_holder is None:
                hand.holder[turnup] = OUT_OF_PLAY
            elif turnup_holder == SPARE:
                hand.holder[turnup] = SPARE
            else:
                hand.holder[turnup] = turnup_holder
                hand.holding[turnup_holder].add(turnup)
        hand._turn_up(turnup)
        return hand

    def _turn_up(self, turnup: Card | None) -> None:
        rules = self.rules
        self.turnup = turnup
        self.trump = None if turnup is None else turnup.suit
        pope = rules.pope
        self.pope_card = None if pope is None else pope.cards[0].resolve(self.trump)
        self.triggers = _triggers(rules, self.trump)
        if turnup is None:
            return
        if self.pope_card is not None and turnup == self.pope_card:
            takes = rules["turnup.pope_takes"]
            names = [p.name for p in rules.pots] if "*" in takes else [p.name for p in rules.pots
                                                                      if p.name in takes]
            for name in names:
                self._award(name, self.dealer, self.board.take(name, self.dealer, self.net), "turnup")
            if rules["turnup.pope_per_card"]:
                for seat in range(self.seats):
                    if seat != self.dealer:
                        self._pay(seat, self.dealer, self.dealt_sizes[seat], "turnup")
            if rules["turnup.pope_ends_hand"]:
                self._end_at_turnup()
            return
        if rules["turnup.dealer_takes"] != "matching":
            return
        matched = False
        for kind, name, _ in self.triggers.get(turnup, ()):
            if kind == "card":
                matched = True
                self._award(name, self.dealer, self.board.take(name, self.dealer, self.net), "turnup")
        if matched and rules["turnup.ends_hand"]:
            self._end_at_turnup()

    def _end_at_turnup(self) -> None:
        self.ended = True
        self.ended_at_turnup = True

    def exchange(self, seat: int, price: int = 0) -> None:
        """Swap `seat`'s hand for the spare hand, before any play."""
        mode = self.rules["deal.spare_exchange"]
        if self.ended or self.plays:
            raise IllegalPlay("the spare hand can be taken only before the first lead",
                              rule="deal.spare_exchange")
        if mode == "none" or not self.rules["deal.spare_hand"]:
            raise IllegalPlay("these rules do not let anyone take the spare hand",
                              rule="deal.spare_exchange = \"none\"")
        if mode == "dealer" and seat != self.dealer:
            raise IllegalPlay("only the dealer may take the spare hand",
                              rule="deal.spare_exchange = \"dealer\"")
        if self.exchanged is not None:
            raise IllegalPlay("the spare hand has already been taken", rule="deal.spare_exchange")
        if price < 0 or (seat == self.dealer and price):
            raise IllegalPlay("the dealer takes the spare hand for nothing; others pay 0 or more",
                              rule="deal.spare_exchange")
        mine = [c for c in range(52) if self.holder[c] == seat]
        spare = [c for c in range(52) if self.holder[c] == SPARE]
        for c in mine:
            self.holder[c] = SPARE
        for c in spare:
            self.holder[c] = seat
        self.holding[seat] = set(spare)
        self.left[seat], self.spare_size = self.spare_size, self.left[seat]
        self._pay(seat, self.dealer, price, "exchange")
        self.exchanged = (seat, price)

    # ----------------------------------------------------------------- bookkeeping
    def _award(self, pot: str, seat: int, amount: int, at: str, cards: tuple[Card, ...] = ()) -> None:
        if amount:
            self.awards.append(Award(pot, seat, amount, at, cards))

    def _pay(self, payer: int, payee: int, amount: int, why: str) -> None:
        if amount:
            self.net[payer] -= amount
            self.net[payee] += amount
            self.payments.append(Payment(payer, payee, amount, why))

    # ----------------------------------------------------------------- what is legal
    @property
    def lead_due(self) -> bool:
        return not self.ended and self.expect is None and self.open_from is None

    def _has_unknown(self, seat: int) -> bool:
        return self.left[seat] > len(self.holding[seat])

    def _suit_ok(self, suit: int) -> bool:
        stopped = self.after_stop_suit
        change = self.change_suit
        if stopped is None or change == "no":
            return True
        if change == "suit":
            return suit != stopped
        return (suit in (1, 2)) != (stopped in (1, 2))

    def legal_leads(self, seat: int) -> list[int]:
        """The cards `seat` may lead now; for unseen cards, those not ruled out."""
        if not self.left[seat]:
            return []
        held = self.holding[seat]
        unknown = self.left[seat] > len(held)
        cands = list(held)
        if unknown:
            holder = self.holder
            cands += [c for c in range(52) if holder[c] == UNKNOWN]
        if self.after_stop_suit is not None and self.change_suit != "no":
            ok = self._suit_ok
            fresh = [c for c in cands if ok(c // 13)]
            # Under "pass" a same-suit lead is never legal; under "same-suit" it is legal
            # only for a leader holding no new suit, which unseen cards cannot refute.
            if self.passing or any(ok(c // 13) for c in held):
                cands = fresh
        if self.lowest_in_suit:
            rank = self.rank
            low = [99, 99, 99, 99]
            for c in held:
                r = rank[c]
                if r < low[c // 13]:
                    low[c // 13] = r
            cands = [c for c in cands if rank[c] <= low[c // 13]]
        return cands

    def lead_seats(self) -> list[int]:
        """Who may lead now: the leader; with unseen hands and a passing lead, anyone."""
        if not self.lead_due:
            return []
        if self.passing and self.after_stop_suit is not None and not self.known:
            order = [(self.leader + k) % self.seats for k in range(self.seats)]
            return [s for s in order if self.left[s]]
        return [self.leader]

    def legal_plays(self) -> list[tuple[int, Card]]:
        """Every (seat, card) that may be played now."""
        if self.ended:
            return []
        if self.expect is not None and self.expect_seat is not None:
            return [(self.expect_seat, CARDS[self.expect])]
        if self.open_from is not None and self.expect is not None:
            return [(s, CARDS[self.expect]) for s in self._open_seats()]
        if self.open_from is not None:
            return []
        return [(s, CARDS[c]) for s in self.lead_seats() for c in sorted(self.legal_leads(s))]

    def _open_seats(self) -> list[int]:
        assert self.open_from is not None
        if self.clockwise:
            nxt = (self.open_from + 1) % self.seats
            return [nxt] if self._has_unknown(nxt) else []
        return [s for s in range(self.seats) if self._has_unknown(s)]

    def can_call_stop(self) -> bool:
        """With unseen hands, the table may call a stop where the next card's place is unknown."""
        return not self.ended and self.open_from is not None

    def check_play(self, seat: int, card: Card) -> None:
        """Raise `IllegalPlay` naming the card, the player and the rule, unless legal."""
        if (seat, card) in self.legal_plays():
            return
        from popejoan_cli.game.refusals import refusal  # only a refusal needs the words

        raise refusal(self, seat, card)

    def name(self, seat: int) -> str:
        return self.names[seat] if self.names else f"seat {seat}"

    # ----------------------------------------------------------------- applying plays
    def play(self, seat: int, card: Card) -> None:
        """Apply one checked play."""
        self.check_play(seat, card)
        self._place(seat, card)

    def follow_run(self) -> None:
        """Play every forced follow of the current run (known hands)."""
        if self.expect_seat is not None and self.expect is not None and not self.ended:
            self._place(self.expect_seat, self.expect, follow=True)

    def call_stop(self) -> None:
        """The table says the run has stopped (unseen hands only)."""
        if not self.can_call_stop():
            raise IllegalPlay("there is no open run to stop", rule="a stop ends a run")
        assert self.open_from is not None and self.expect is not None
        last = self.plays[-1]
        clockwise = self.clockwise
        if not clockwise and not self.rules["deal.spare_hand"]:
            raise IllegalPlay(f"{CARDS[self.expect].face} is held by a player, who must play it",
                              rule="play.follow = \"holder\"")
        if not clockwise:
            self.holder[self.expect] = SPARE
            reason = "spare"
        else:
            reason = "called" if self.rules["deal.spare_hand"] else "not-in-turn"
        self._stop(last.seat, last.card, reason)

    def _place(self, seat: int, card: int, follow: bool = False) -> None:
        """Play `card` from `seat`; with `follow`, go on with every forced follow of the run."""
        plays, played_by, holder, holding = self.plays, self.played_by, self.holder, self.holding
        left, triggers, succ, clockwise = self.left, self.triggers, self.succ, self.clockwise
        lead = self.expect is None
        while True:
            plays.append(Play(seat, CARDS[card], lead))
            played_by[card] = seat
            holder[card] = PLAYED
            holding[seat].discard(card)
            left[seat] -= 1
            trig = triggers.get(card)
            if trig:
                self._pay_pots(seat, CARDS[card], trig)
            if left[seat]:
                # The common case, kept short: the next card is in the hand that must play it.
                nxt = succ[card]
                h = holder[nxt] if nxt >= 0 else -1
                if h >= 0 and (not clockwise or h == (seat + 1) % self.seats):
                    if follow:
                        seat, card, lead = h, nxt, False
                        continue
                    self.expect, self.expect_seat, self.open_from = nxt, h, None
                    return
            self.expect = self.expect_seat = self.open_from = None
            if not left[seat]:
                self._go_out(seat)
                return
            self._next(seat, CARDS[card])
            if not (follow and self.expect_seat is not None and self.expect is not None and not self.ended):
                return
            seat, card, lead = self.expect_seat, self.expect, False

    def _pay_pots(self, seat: int, card: Card, trig: list[tuple[str, str, int]]) -> None:
        rules = self.rules
        rank = self.rank
        for kind, name, other in trig:
            if kind == "card":
                self._award(name, seat, self.board.take(name, seat, self.net), "play", (card,))
                continue
            by = self.played_by[other]
            if by < 0:
                continue
            if rank[other] > rank[card] and rules["play.pair_order"] == "ascending":
                continue
            pair = (CARDS[other], card)
            if by == seat:
                self._award(name, seat, self.board.take(name, seat, self.net), "play", pair)
            elif rules["play.pairs"] == "split":
                for s, n in self.board.share(name, [by, seat], self.eldest_order,
                                             rules["board.odd_counter"], self.net):
                    self._award(name, s, n, "play", pair)

    def _next(self, seat: int, card: Card) -> None:
        nxt = self.succ[card]
        if nxt < 0:
            self._stop(seat, card, "top")
            return
        h = self.holder[nxt]
        if h == REMOVED:
            reason = "removed"
        elif h == SPARE:
            reason = "spare"
        elif h == OUT_OF_PLAY:
            reason = "turnup"
        elif h == PLAYED:
            reason = "played"
        elif self.clockwise:
            turn = (seat + 1) % self.seats
            if h == turn:
                self.expect, self.expect_seat = nxt, turn
                return
            if h == UNKNOWN:
                self.expect, self.open_from = nxt, seat
                if not self._open_seats():
                    self.call_stop()
                return
            reason = "not-in-turn"
        else:
            if h >= 0:
                self.expect, self.expect_seat = nxt, h
                return
            self.expect, self.open_from = nxt, seat
            if not self._open_seats():
                self.call_stop()
            return
        self._stop(seat, card, reason)

    def _stop(self, seat: int, card: Card, reason: str) -> None:
        self.stops.append(Stop(seat, card, reason))
        self.expect = self.expect_seat = self.open_from = None
        self.leader = (seat + 1) % self.seats if self.clockwise and reason != "top" else seat
        self.after_stop_suit = card // 13
        if self.known and self.passing:
            for k in range(self.seats):
                s = (self.leader + k) % self.seats
                if any(self._suit_ok(c // 13) for c in self.holding[s]):
                    self.leader = s
                    return
            self.void = True
            self.ended = True

    # ----------------------------------------------------------------- going out
    def _go_out(self, seat: int) -> None:
        self.out = seat
        self.ended = True
        for pot in self.rules.pots:
            if pot.wins == "first-out":
                self._award(pot.name, seat, self.board.take(pot.name, seat, self.net), "out")
        pope = self.pope_card
        if (self.rules["settle.pope_exempt"] != "none" and pope is not None
                and self.holder[pope] == UNKNOWN):
            self.awaiting_pope = True
            return
        self._settle_cards(None if pope is None else self.holder[pope])

    def shed(self) -> None:
        """Once the hand is over, hold each seat's remaining cards in a set of their own size: a set
        never shrinks as cards leave it, and a long journal's replay keeps every hand."""
        self.holding = [set(cards) for cards in self.holding]

    def settle(self, pope_holder: int | None) -> None:
        """With unseen hands: who still holds the Pope (a seat, `SPARE`, or None: played/nobody)."""
        if not self.awaiting_pope:
            raise IllegalPlay("nothing is waiting to be settled", rule="settlement")
        if pope_holder is not None and pope_holder >= 0 and (pope_holder == self.out or not self.left[pope_holder]):
            raise IllegalPlay(f"{self.name(pope_holder)} has no cards left to hold the Pope", rule="settlement")
        pope = self.pope_card
        if pope is not None and pope_holder is not None and pope_holder >= 0 and not self._has_unknown(pope_holder) \
                and pope not in self.holding[pope_holder]:
            raise IllegalPlay(f"{self.name(pope_holder)}'s cards are known, and the Pope is not among them",
                              rule="settlement")
        self.awaiting_pope = False
        if self.pope_card is not None and pope_holder is not None:
            self.holder[self.pope_card] = pope_holder
        self._settle_cards(pope_holder)

    def _settle_cards(self, pope_holder: int | None) -> None:
        assert self.out is not None
        per = self.rules["settle.per_card"]
        exempt = self.rules["settle.pope_exempt"]
        for k in range(1, self.seats):
            seat = (self.out + k) % self.seats
            cards = self.left[seat]
            if seat == pope_holder and self.pope_card is not None:
                if exempt == "holder":
                    cards = 0
                elif exempt == "card":
                    cards -= 1
            self._pay(seat, self.out, per * cards, "cards")

    # ----------------------------------------------------------------- views
    def board_change(self) -> int:
        return self.board.total() - sum(self.board_before.values())

    def hands_now(self) -> list[list[Card]]:
        return [sorted((CARDS[c] for c in h), key=lambda c: (c // 13, rank_order(c, self.ace_high)))
                for h in self.holding]
