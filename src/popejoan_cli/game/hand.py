"""The referee for one hand: dressing, the turn-up, play, stops, awards and settlement.

`Hand` is a state with its legal actions, after the engines that keep one decision of
legality (python-chess's `legal_moves`/`push`). `ruling(seat, card)` is the referee's one
decision on a play and its reason (`ruling.rule_on`: public words and rule, and a private part
for the seat alone); `check_play`, `refusal` and `is_legal` read it. `lead()` applies one checked
lead with every forced follow and returns the frozen record of what it did (`sight.Played`);
`play()` applies one checked card of a real deck; both go through the referee's run (`_run`),
written as the rules read. `push()` applies a card taken from the fast lists (`legal_plays`,
`legal_leads`: the bots' and play-outs', held to the same verdict) with its follows, through the
play-out engine (`game.fastplay`), held to the same record as `_run`. What a table does besides
playing goes through methods too: `exchange`, `call_stop`, `show`, `declare_void`, `settle`.
`observe(seat)` is the only way a private fact leaves the hand, and `public()` the table's one
view of it (`sight`). Hands may be fully known (a virtual or
replayed deal) or unseen (a real deal recorded card by card: `HandKind`): then the referee checks
what can be known and never guesses. A refusal is a `Said` (docs/i18n.md: Errors): the English,
and its words for the CLI to say in the table's language.

About 600 lines: a hand's life from the deal to the last stop (the deal, the turn-up, the spare hand, the
referee's checks, the run, the stop and who leads next, a passing lead, a real deck's shown cards) reads as one
story; the play-out engine that runs the same moves fast is `game.fastplay`.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any, Literal

from popejoan_cli.base.errors import IllegalPlay, RuleViolation, Said, SaidN, UsageError
from popejoan_cli.game import fastplay
from popejoan_cli.game.board import Board
from popejoan_cli.game.cards import CARDS, SPARE, Card, Dealt, rank_order
from popejoan_cli.game.laws import law_of, pair_verdict
from popejoan_cli.game.legality import Legality
from popejoan_cli.game.rules import HouseRules
from popejoan_cli.game.ruling import Breach, Ruling, recheck_leads, rule_on
from popejoan_cli.game.settlement import Settlement
from popejoan_cli.game.sight import Observation, Played, Public, mark, observe, public, since
from popejoan_cli.game.state import (
    AWAY,
    LEAD,
    LEAD_KEY,
    OUT_OF_PLAY,
    PLAYED,
    REMOVED,
    STOP_CODE,
    STOP_REASONS,
    SUIT_OF,
    UNKNOWN,
    Award,
    AwardAt,
    Feed,
    HandKind,
    HandState,
    Payment,
    PaymentWhy,
    Phase,
    Play,
    Stop,
    StopReason,
    Trumps,
    Turn,
)

_new = tuple.__new__
_STATE = frozenset(HandState.__slots__)
_LISTS = ("awards", "dealt_sizes", "feeds", "holder", "left", "moves", "net", "payments", "played_by", "plays_made",
          "stop_codes", "stops_made")
"""The state's flat lists, which `Hand.fork` copies by slicing (their items are ints or immutable records)."""
_SHARED = tuple(sorted(_STATE - {"run_tables", "ordered", "board", "board_before", "dressed", "paid", *_LISTS}))
"""The state's other fields, immutable or read-only once dealt (`Hand.fork` shares them; `ending` is copied apart
when it is set, since a settlement may still mark it)."""

__all__ = ["LEAD_KEY", "OUT_OF_PLAY", "PLAYED", "REMOVED", "STOP_REASONS", "UNKNOWN", "Award", "AwardAt",
           "Feed", "Hand", "Observation", "Payment", "PaymentWhy", "Phase", "Play", "Played", "Public", "Ruling",
           "Stop", "StopReason", "Turn"]

def _unseen_refusal(rules: HouseRules, tally: bool, first: int | None) -> IllegalPlay | None:
    """Why a real deck may not be dealt under `rules` (a `tally`, or recorded card by card), or None: the printed
    sources' keys a real deck cannot honour (docs/house-rules.md). `first`: who the table says leads first."""
    if rules.settle.unplayed_card != "none" and tally:
        return IllegalPlay(Said("these rules make whoever still holds a pot's card pay when a player goes out, "
                                "and a tally does not say who holds it: record the hand card by card "
                                "(`popejoan deal --real`)"), rule="settle.unplayed_card")
    if rules.play.first_lead != "eldest" and (first is None or tally):
        return IllegalPlay(Said("these rules call the first lead from whoever holds {card}, which popejoan cannot "
                                "see: record the deal with `popejoan deal --real --first NAME`",
                                card=Card.parse(rules.play.first_lead)), rule="play.first_lead")
    if rules.play.pope_in_lieu and rules.pope is not None:
        return IllegalPlay(Said("these rules let the Pope's holder play it in lieu of a stop, which popejoan can "
                                "offer only in a hand it deals: let popejoan deal"), rule="play.pope_in_lieu")
    if rules.play.improper_lead != "refuse" and tally and law_of(rules):  # with no lead rule, no lead is improper
        return IllegalPlay(Said("these rules fine an improper lead, and a tally records no lead: record the "
                                "hand card by card (`popejoan deal --real`)"), rule="play.improper_lead")
    if rules.play.pass_pays and rules.play.change_suit != "no" and rules.play.no_new_suit == "pass" and tally:
        return IllegalPlay(Said("these rules make a player who passes the lead pay, and a tally records no "
                                "lead: record the hand card by card (`popejoan deal --real`)"), rule="play.pass_pays")
    return None


class Hand(HandState):
    """One hand from dressing to settlement, made of three parts: its state (where the cards are and the record:
    `HandState`, which a hand is), its law (`law`: what may be played now, `legality.Legality`) and its
    settlement (`ledger`: awards, payments, going out, `settlement.Settlement`). The hand's actions are its own
    methods; each part reads (the settlement also writes) the one state and keeps nothing of its own. Create it
    with `Hand.deal` or `Hand.unseen`."""

    __slots__ = ()

    @property
    def law(self) -> Legality:
        """The hand's law over its state, made when asked for: a part holds the state, and the state holds no
        part, so a hand is no reference cycle (it is freed as soon as it is dropped, which a play-out of
        thousands of hands feels) and a `.folded` cache pickles the state alone."""
        return Legality(self)

    @property
    def ledger(self) -> Settlement:
        """The hand's settlement over its state (see `law`)."""
        return Settlement(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> Hand:
        """A hand that goes on apart from this one (a probe). `run_tables` is made again from the new hand's
        lists, and the tables it shares; the rules and what they decide are read-only and shared."""
        for kept in (self.rules, self.settings, self.trumps):
            memo[id(kept)] = kept
        new = object.__new__(type(self))
        memo[id(self)] = new
        for name in sorted(_STATE - {"run_tables"}):
            if hasattr(self, name):
                setattr(new, name, copy.deepcopy(getattr(self, name), memo))
        new.run_tables = (new.moves, new.played_by, new.holder, new.ordered, new.left, *self.run_tables[5:-1],
                          new.stop_codes)
        return new

    def fork(self) -> Hand:
        """The same hand, going on apart from this one, made by copying its state's lists and dicts one level deep:
        what `copy.deepcopy` makes (tests/game/test_fork.py holds the two to the same play-outs), at a fraction of
        its cost, and far less than replaying the position from its deal, which the `strong` level's search did
        for every lead it weighed on a world (`lookahead.search`). The records in the lists (a `Play`, an
        `Award`...) are immutable and shared; the rules, settings and trumps are read-only and shared."""
        new = object.__new__(type(self))
        for name in _SHARED:
            setattr(new, name, getattr(self, name))
        for name in _LISTS:
            setattr(new, name, getattr(self, name)[:])
        new.ordered = [cards[:] for cards in self.ordered]
        new.board = Board.__new__(Board)
        new.board.order, new.board.counters = self.board.order, self.board.counters.copy()
        new.board_before, new.dressed, new.paid = self.board_before.copy(), self.dressed.copy(), self.paid.copy()
        if self.ending is not None:
            new.ending = copy.copy(self.ending)
        new.run_tables = (new.moves, new.played_by, new.holder, new.ordered, new.left, *self.run_tables[5:-1],
                          new.stop_codes)
        return new

    # ----------------------------------------------------------------- setting up
    @classmethod
    def deal(cls, rules: HouseRules, seats: int, dealer: int, board: Board, dealt: Dealt) -> Hand:
        """Dress the board, deal the known cards, then apply the turn-up, in that order."""
        hands = dealt.hands
        hand = cls(rules, seats, dealer, board, hands, list(map(len, hands)))
        holder = hand.holder
        for seat, cards in enumerate(hands):
            for c in cards:
                holder[c] = seat
        spare = dealt.spare
        if spare:
            for c in spare:
                holder[c] = SPARE
            hand.spare_size = len(spare)
        up = dealt.turnup
        if up is not None and dealt.turnup_holder is None:
            holder[up] = OUT_OF_PLAY
        hand._turn_up(up)
        if rules.play.first_lead != "eldest" and not hand.ended:
            hand._called_lead(Card.parse(rules.play.first_lead))
        return hand

    @classmethod
    def unseen(cls, rules: HouseRules, seats: int, dealer: int, board: Board, sizes: Sequence[int],
               spare_size: int, turnup: Card | None, turnup_holder: int | None, first: int | None = None,
               kind: HandKind = HandKind.CARD_BY_CARD) -> Hand:
        """A real deal: only the sizes and the turn-up are known; under `play.first_lead`, `first` is the seat the
        table says holds the called card, who leads first (docs/house-rules.md). `kind`: recorded card by card, or
        kept as a tally (`HandKind.TALLY`, whose own actions are game/tally.py's)."""
        assert not kind.deals, "a hand popejoan deals is made by `deal`"
        refused = _unseen_refusal(rules, not kind.records_cards, first)
        if refused is not None:
            raise refused
        hand = cls(rules, seats, dealer, board, [()] * seats, list(sizes))
        hand.kind = kind
        hand.spare_size = spare_size
        if turnup is not None:
            if turnup_holder is None:
                hand.holder[turnup] = OUT_OF_PLAY
            elif turnup_holder == SPARE:
                hand.holder[turnup] = SPARE
            else:
                hand.holder[turnup] = turnup_holder
                hand.hold(turnup_holder, [turnup])
        hand._turn_up(turnup)
        if first is not None:
            hand.leader = first  # the table's word; the first lead is checked against nothing else
        return hand

    def _called_lead(self, card: int) -> None:
        """The Guardian's Newmarket (docs/house-rules.md: play.first_lead): the holder of the called card leads it,
        at the deal; if it lies in no hand the next card up is called, and so on (none left: eldest leads)."""
        holder, succ = self.holder, self.settings.succ
        while card >= 0 and holder[card] < 0:
            card = succ[card]
        if card >= 0:
            self.leader = holder[card]
            self._run(holder[card], card)

    def _turn_up(self, turnup: Card | None) -> None:
        rules = self.rules
        self.turnup = turnup
        key = ("run", self.seats, None if turnup is None else turnup // 13)
        found: Any = rules.cache.get(key)  # (Trumps, its `pots_at`, then what `push` reads besides), per trump
        if found is None:
            s = self.settings
            trumps = Trumps.of(rules, key[2])
            found = rules.cache[key] = (trumps, trumps.pots_at, fastplay.stopping(s.succ, trumps),
                                        *fastplay.run_tables(s.clockwise, self.seats))
        trumps, pots_at, succ, placed, after = found
        self.trumps = trumps
        # What `push` reads on every card, gathered once: the lists are changed in place, never replaced.
        # `moves` and `stop_codes` themselves, not their bound `append`: Python 3.11 appends to a list named in
        # the code (`moves.append(m)`) without a call, and calls a bound `append` kept in a variable.
        self.run_tables = (self.moves, self.played_by, self.holder, self.ordered, self.left,
                           pots_at, succ, placed, after, self.stop_codes)
        if turnup is None:
            return
        if turnup == trumps.pope_card:
            self._pope_turned_up()
            return
        if rules.turnup.dealer_takes != "matching":
            return
        matched = False
        for kind, name, _ in trumps.triggers.get(turnup, ()):
            if kind == "card":
                matched = True
                self.ledger.award(name, self.dealer, self.board.take(name, self.dealer, self.net), "turnup")
        if matched and rules.turnup.ends_hand:
            self.finish(at_turnup=True)

    def _pope_turned_up(self) -> None:
        rules = self.rules
        takes = rules.turnup.pope_takes
        names = [p.name for p in rules.pots] if "*" in takes else [p.name for p in rules.pots if p.name in takes]
        for name in names:
            self.ledger.award(name, self.dealer, self.board.take(name, self.dealer, self.net), "turnup")
        if rules.turnup.pope_per_card:
            limit = rules.turnup.pope_limit  # Peel's limit, per player (docs/house-rules.md); 0: none
            for seat in range(self.seats):
                if seat != self.dealer:
                    dealt = self.dealt_sizes[seat]
                    self.ledger.pay(seat, self.dealer, min(dealt, limit) if limit else dealt, "turnup")
        if rules.turnup.pope_ends_hand:
            self.finish(at_turnup=True)

    def exchange(self, seat: int, price: int = 0) -> None:
        """Swap `seat`'s hand for the spare hand, before any play."""
        self._check_exchange(seat, price)
        mine = [c for c in range(52) if self.holder[c] == seat]
        spare = [c for c in range(52) if self.holder[c] == SPARE]
        for c in mine:
            self.holder[c] = SPARE
        for c in spare:
            self.holder[c] = seat
        self.hold(seat, spare)
        self.left[seat], self.spare_size = self.spare_size, self.left[seat]
        self.ledger.pay(seat, self.dealer, price, "exchange")
        self.exchanged = (seat, price)

    def _check_exchange(self, seat: int, price: int) -> None:
        """Refuse an exchange the rules do not allow now, naming the rule."""
        mode = self.rules.deal.spare_exchange
        if self.ended or self.moves:
            raise IllegalPlay(Said("the spare hand can be taken only before the first lead"),
                              rule="deal.spare_exchange")
        if mode == "none" or not self.settings.spare_hand:
            raise IllegalPlay(Said("these rules do not let anyone take the spare hand"),
                              rule="deal.spare_exchange = \"none\"")
        if mode == "dealer" and seat != self.dealer:
            raise IllegalPlay(Said("only the dealer may take the spare hand"),
                              rule="deal.spare_exchange = \"dealer\"")
        if self.exchanged is not None:
            raise IllegalPlay(Said("the spare hand has already been taken"), rule="deal.spare_exchange")
        if price < 0 or (seat == self.dealer and price):
            raise IllegalPlay(Said("the dealer takes the spare hand for nothing; others pay 0 or more"),
                              rule="deal.spare_exchange")
        if self.rules.deal.exchange_bar == "pot-card":
            self._check_bar(seat)

    def _check_bar(self, seat: int) -> None:
        """Michigan's widow for a player with no money card (docs/house-rules.md: deal.exchange_bar): the
        table hears only that the seat may not take it, the seat alone which card bars it. A real deck's
        cards are the players' own to know: the table's word is taken."""
        pots_at = self.trumps.pots_at
        held = next((c for c in self.ordered[seat] if pots_at[c] is not None), None)
        if held is not None:
            who = self.name(seat)
            raise IllegalPlay(Said("{player} may not take the spare hand", player=who),
                              rule="deal.exchange_bar = \"pot-card\"",
                              private=Said("you hold {card}, which wins a pot", card=CARDS[held]), player=who)

    # ----------------------------------------------------------------- the table's actions
    def ruling(self, seat: int, card: Card) -> Ruling:
        """Whether `seat` may play `card` now, and why: the referee's one decision (`ruling.rule_on`)."""
        return rule_on(self.law, seat, card)

    def is_legal(self, seat: int, card: Card) -> bool:
        return rule_on(self.law, seat, card).allowed

    def refusal(self, seat: int, card: Card, ordinary: bool = False) -> IllegalPlay | None:
        """None if `seat` may play `card` now; else the refusal: public words and rule, and a private part.
        `ordinary`: asked of a lead as any other, never the Pope in lieu of a stop (`rule_on`)."""
        return rule_on(self.law, seat, card, ordinary).refusal()

    def check_play(self, seat: int, card: Card, ordinary: bool = False) -> None:
        """Raise the refusal `ruling` decided on, unless the play is legal."""
        refused = self.refusal(seat, card, ordinary)
        if refused is not None:
            raise refused

    def lead(self, seat: int, card: Card, ordinary: bool = False) -> Played:
        """Apply one checked lead and every forced follow of its run; return what it did. With `ordinary`, the
        Pope led where it could stand in for the last stop's card (`lieu_seat`) is an ordinary lead: its run goes
        on in diamonds (docs/house-rules.md: play.pope_in_lieu, the leader's choice); a non-leader's is refused.

        >>> from popejoan_cli.formats.presets import preset
        >>> from popejoan_cli.game.deal import seeded_deal
        >>> rules = preset("modern-stops")
        >>> hand = Hand.deal(rules, 4, 0, Board(rules), seeded_deal(rules, 4, 0, 42))
        >>> _ = hand.lead(1, Card.parse("AS"))  # Bob's A♠, Ann's 2♠, and a stop: Ann leads
        >>> done = hand.lead(0, Card.parse("4C"))
        >>> [p.card.face for p in done.plays], done.stops[0].reason, done.leader
        (['4♣', '5♣', '6♣', '7♣', '8♣', '9♣', '10♣', 'J♣', 'Q♣'], 'spare', 3)
        """
        before = mark(self)
        self.check_play(seat, card, ordinary)
        if ordinary:
            self.lieu_declined = card == self.trumps.pope_card and self.law.lieu_seat() == seat
        self._run(seat, card)
        return since(self, self.law, self.ledger, before)

    def play(self, seat: int, card: Card) -> Played:
        """Apply one checked play, without the follows after it (a real deck's card); return what it did.

        >>> from popejoan_cli.formats.presets import preset
        >>> rules = preset("modern-stops")
        >>> real = Hand.unseen(rules, 4, 0, Board(rules), [12, 12, 12, 12], 3, None, None)
        >>> done = real.play(1, Card.parse("5C"))  # nobody has seen the cards: 6♣ may be anywhere
        >>> done.phase, done.next_card == Card.parse("6C"), real.law.open_seats()
        ('open', True, [0, 1, 2, 3])
        """
        before = mark(self)
        self.check_play(seat, card)
        if self.rules.play.pass_pays and self.passing and self.after_stop_suit is not None and self.lead_due:
            # Tripoley's kitty (docs/house-rules.md: play.pass_pays): the record's lead after a stop, by `seat`, says
            # the lead passed over each seat from the leader up to `seat`.
            self._passed(self.leader, (seat - self.leader) % self.seats)
        self._run(seat, card, follow=False)
        return since(self, self.law, self.ledger, before)


    def follow_run(self) -> None:
        """Play every forced follow of the current run (known hands)."""
        turn = self.turn
        if turn.phase == "follow" and turn.seat is not None and turn.card is not None:
            self._run(turn.seat, turn.card)

    def call_stop(self) -> Played:
        """The table says the run has stopped (unseen hands only); return what it did."""
        before = mark(self)
        self._called()
        return since(self, self.law, self.ledger, before)

    def _called(self) -> None:
        if not self.law.can_call_stop():
            done = self.stops[-1] if self.stops and self.lead_due else None
            words = (Said("no run is waiting for a card that might be missing; the run already stopped at {card} "
                          "({reason}), and {leader} leads next", card=done.card, reason=done.reason,
                          leader=self.name(self.leader)) if done is not None else
                     Said("no run is waiting for a card that might be missing"))
            raise IllegalPlay(words, rule=Said("a stop ends a run"))
        want = self.turn.card
        assert want is not None
        last = self.plays[-1]
        spare_hand = self.settings.spare_hand
        if not self.clockwise and not spare_hand:
            raise IllegalPlay(Said("{card} is held by a player, who must play it", card=CARDS[want]),
                              rule="play.follow = \"holder\"")
        reason: StopReason
        if not self.clockwise:
            self.holder[want] = SPARE
            reason = "spare"
        else:
            reason = "called" if spare_hand else "not-in-turn"
        self._stop(last.seat, last.card, reason)

    def show(self, seat: int, cards: Sequence[Card], name: str, fine: bool = False) -> list[Breach]:
        """A player of a real hand shows the cards they still hold (`name`: as the table calls
        them): check them against the record, place them, and return the leads they prove wrong.
        With `fine` (the hand not yet settled), once the hand has ended, those leads are fined under
        `play.improper_lead` (docs/house-rules.md), unless the record already knew the seat's cards
        when it ended (then `ledger.fine_leads` fined them)."""
        self._check_shown(seat, cards, name)
        unknown = self.has_unknown(seat)
        for c in cards:
            self.holder[c] = seat
        self.hold(seat, cards)
        breaches = recheck_leads(self.law, {seat: cards})
        if fine and unknown and self.ended and self.rules.play.improper_lead != "refuse":
            self.ledger.fine(breaches)
        return breaches

    def _check_shown(self, seat: int, cards: Sequence[Card], name: str) -> None:
        if len(set(cards)) != len(cards):
            raise UsageError(Said("a card is listed twice"))
        if len(cards) != self.left[seat]:
            raise RuleViolation(SaidN("the record shows {player} holds {n} card, not {shown}",
                                      "the record shows {player} holds {n} cards, not {shown}", self.left[seat],
                                      player=name, shown=len(cards)))
        for c in cards:
            if self.holder[c] not in (seat, UNKNOWN):
                raise RuleViolation(
                    Said("{player} cannot hold {card}: the record places it elsewhere (played)", player=name, card=c)
                    if self.played_by[c] >= 0 else
                    Said("{player} cannot hold {card}: the record places it elsewhere (not in their hand)",
                         player=name, card=c))
        missing = [Card(c) for c in self.ordered[seat] if c not in cards]
        if missing:
            raise RuleViolation(Said("{player} must still hold {card}", player=name, card=missing[0]))

    def declare_void(self) -> None:
        """The table says nobody can lead a new suit after a stop: the hand ends void (unseen hands)."""
        if not (self.passing and self.lead_due and self.after_stop_suit is not None):
            raise IllegalPlay(Said("a hand is void only when, after a stop, nobody can lead a new suit"),
                              rule="play.no_new_suit = \"pass\"")
        self._void(self.leader)

    # ----------------------------------------------------------------- applying plays
    def _run(self, seat: int, card: int, follow: bool = True) -> None:
        """The referee's run, as the rules read (docs/house-rules.md: The play): `seat` plays `card`; it wins
        what it wins; a player with no card left goes out; else the next card up in its suit is played by
        whoever must play it (with `follow`, at once: a dealt hand's forced follow), or the run stops and says
        why, or (unseen hands) waits for the table to say who plays it. `push` (`game.fastplay`) is the same run
        on the same record, tuned for the play-outs."""
        lead = 64 if self.turn.phase == "lead" else 0
        while True:
            goes_on = self._played(seat, card, lead)
            if not self.left[seat]:
                self.ledger.go_out(seat)
                return
            nxt, reason, by = self._next_card(seat, goes_on)
            if reason == "wait":
                self._next(seat, nxt)
                return
            if reason is not None:
                self._stop(seat, goes_on, reason)
                return
            if not follow:
                self.turn = Turn("follow", nxt, by)
                return
            seat, card, lead = by, nxt, 0

    def _played(self, seat: int, card: int, lead: int) -> int:
        """`seat`'s `card` leaves its hand and is recorded (`moves`: the card, and 64 for a lead), and wins what it
        wins; returns the card its run goes on from (the Pope in lieu of a stop: the card it stood in for)."""
        try:  # noqa: SIM105 (contextlib.suppress makes an object on every card: a replayed evening's cost)
            self.ordered[seat].remove(card)
        except ValueError:
            pass  # an unseen card of a real deck: the record did not know it was there
        self.moves.append(card + lead)
        self.played_by[card] = seat
        self.holder[card] = PLAYED
        self.left[seat] -= 1
        return self._wins(seat, card, lead)

    def _next_card(self, seat: int, card: int) -> tuple[int, StopReason | Literal["wait"] | None, int]:
        """After `seat`'s `card`: the run's next card, and why the run stops there (None: it goes on, played by
        the seat returned; "wait": an unseen card, the table says who plays it). A top card, or a card below a
        `wins = "below"` pot's, stops its run whoever holds the next card."""
        nxt = self.settings.succ[card]
        if card in self.trumps.stops_by_rule:  # the king below an ace's pot too: "below", not "top"
            return nxt, "below", -1
        if nxt < 0:
            return nxt, "top", -1
        where = self.holder[nxt]
        if where == UNKNOWN:
            return nxt, "wait", -1
        if where >= 0:
            if self.clockwise and where != (seat + 1) % self.seats:
                return nxt, "not-in-turn", -1
            return nxt, None, where
        return nxt, AWAY[where], -1

    push = fastplay.push
    """Apply a play taken from `legal_plays()` / `legal_leads(seat)`, unchecked, then (with `follow`) every
    forced follow of its run, and with `then` (a policy) each later lead: the play-out engine (`game.fastplay`),
    held to the same record as the referee's `_run`."""

    def _wins(self, seat: int, card: int, lead: int) -> int:
        """What `seat`'s `card` wins (docs/house-rules.md: the board): each card pot it is the card of, and each pot
        it is the card below (wins = "below"); each pair pot it completes, as `laws.pair_verdict` says; for the
        Pope, the stakes per card (`play.pope_stakes`). Returns the card its run goes on from: itself, or for
        the Pope led in lieu of a stop the card it stands in for (`_in_lieu`)."""
        for kind, name, other in self.trumps.triggers.get(card, ()):
            if kind != "pair":
                self.ledger.award(name, seat, self.board.take(name, seat, self.net), "play", (CARDS[card],))
            elif self.played_by[other] >= 0:
                self._pair_played(name, seat, other, card)
        if card != self.trumps.pope_card:
            return card
        if self.rules.play.pope_stakes:
            self.ledger.pope_stakes(seat)
        return self._in_lieu(card) if lead and self.rules.play.pope_in_lieu else card

    def _pair_played(self, name: str, seat: int, other: int, card: int) -> None:
        """Pair pot `name` complete: `other` played earlier, `card` by `seat` now. Won by one player, shared, or
        lost (`laws.pair_verdict`)."""
        by = self.played_by[other]
        verdict = pair_verdict(self.settings, other, card, by == seat)
        pair = (CARDS[other], CARDS[card])
        if verdict == "won":
            self.ledger.award(name, seat, self.board.take(name, seat, self.net), "play", pair)
        elif verdict == "shared":
            for sh, n in self.board.share(name, [by, seat], self.eldest_order, self.settings.odd_counter, self.net):
                self.ledger.award(name, sh, n, "play", pair)

    def _in_lieu(self, pope: int) -> int:
        """Peel's Pope in lieu of a stop (docs/house-rules.md: play.pope_in_lieu), for the Pope just led: when the
        stop before it was not at the top card and did not want the Pope itself (`lieu_seat`, which the referee
        allows it by), the card that stop wanted, which the Pope's player stands in for: the run goes on from the
        card after it, by whoever must play that (the holder, or under clockwise follow the next player), or
        stops there, on the missing card, and the usual rule names the next leader. Else the Pope itself. The
        Pope is recorded as a lead, which starts a run after a stop as a lead does (no lead rule applies to it,
        nor an improper lead's fine: `pope_in_lieu_of` tells it from the record)."""
        codes = self.stop_codes
        missing = self.law.stood_in_for(codes[-1]) if codes and not self.lieu_declined else -1
        return +pope if missing < 0 else missing

    def _next(self, seat: int, nxt: int) -> None:
        """After `seat`'s card, whose next card `nxt` is unseen (a real deck): the run waits for a
        player who may hold it, or stops when none may."""
        self.turn = Turn("open", nxt, seat)
        if not self.law.open_seats():
            self._called()

    def _stop(self, seat: int, card: int, reason: StopReason) -> None:
        """The run stops on `seat`'s `card` for `reason`: recorded (`stop_codes`: `seat << 9 | card << 3 | why`),
        and a lead is due. Who leads: the player of the stop card; under clockwise follow the next player, except
        after a top card and a card below a pot's (docs/house-rules.md: wins = "below"); under a passing lead
        the first from there who can change suit (`_pass_lead`)."""
        self.stop_codes.append(seat << 9 | card << 3 | STOP_CODE[reason])
        self.turn = LEAD
        again = not self.clockwise or reason in ("top", "below")
        self.leader = seat if again else (seat + 1) % self.seats
        self.after_stop_suit = card // 13
        if self.settings.passing and self.kind.deals:
            self._pass_lead(self.leader, card // 13)

    def _pass_lead(self, leader: int, stopped: int) -> int:
        """After a stop in suit `stopped` under a passing lead (known hands), `leader` to lead: the lead passes
        from the leader to the first who can lead a new suit; returns that seat's first card of an allowed suit
        in `LEAD_KEY` order (its lowest lead), or with nobody, ends the hand void and returns -1. The leader
        most often holds one: that case costs a loop over its first cards, and the lead passes in
        `_lead_passed`."""
        ok = self.settings.suit_ok[stopped]
        for c in self.ordered[leader]:  # most often a card of another suit comes first: a loop that stops there
            if ok[SUIT_OF[c]]:
                return c
        return self._lead_passed(leader, ok)

    def _lead_passed(self, leader: int, ok: tuple[bool, ...]) -> int:
        """`_pass_lead` when `leader` holds no allowed suit: the lead passes clockwise to the first seat that
        does, who leads its first such card (returned), each seat passed over paying under `play.pass_pays`; with
        nobody, the hand ends void (-1)."""
        seats, ordered = self.seats, self.ordered
        for k in range(1, seats):
            who = (leader + k) % seats
            for c in ordered[who]:
                if ok[SUIT_OF[c]]:
                    self.leader = who
                    if self.rules.play.pass_pays:
                        self._passed(leader, k)
                    return c
        self._void(leader)
        return -1

    def _void(self, leader: int) -> None:
        """The lead passed all round from `leader` and nobody could lead a new suit: each seat pays its pass
        (docs/house-rules.md: play.pass_pays), the hand ends void, and its improper leads are fined."""
        if self.rules.play.pass_pays:
            self._passed(leader, self.seats)
        self.finish(void=True)
        if self.rules.play.improper_lead != "refuse":
            self.ledger.fine_leads()

    def _passed(self, leader: int, n: int) -> None:
        """Tripoley's kitty (docs/house-rules.md: play.pass_pays): the `n` seats from `leader` on who could not
        lead a new suit each put `pass_pays` counters on the pass pot, in the order the lead passed them."""
        pot, per, seats = self.rules.pass_pot, self.rules.play.pass_pays, self.seats
        for k in range(n):
            self.ledger.feed((leader + k) % seats, pot, per, "pass")

    # ----------------------------------------------------------------- views
    def now(self) -> Played:
        """Where the hand stands, as the table is told it: an action of no plays (`sight.since` from now).

        >>> from popejoan_cli.formats.presets import preset
        >>> from popejoan_cli.game.deal import seeded_deal
        >>> rules = preset("modern-stops")
        >>> hand = Hand.deal(rules, 4, 0, Board(rules), seeded_deal(rules, 4, 0, 42))
        >>> _ = hand.lead(1, Card.parse("AS"))
        >>> now = hand.now()
        >>> now.plays, now.phase, now.lead_seats, len(hand.whole().plays)
        ((), 'lead', (0,), 2)
        """
        return since(self, self.law, self.ledger, mark(self))

    def whole(self) -> Played:
        """The hand's whole record since the deal, as the table is told it: what a view of the whole hand tells."""
        return since(self, self.law, self.ledger, (0, 0, 0, 0, 0))

    def observe(self, seat: int) -> Observation:
        """What `seat` may know now (`sight.Observation`): the only way a private fact leaves the hand."""
        return observe(self, self.law, seat)

    def public(self) -> Public:
        """What the whole table has seen (`sight.Public`): nothing in it depends on a hidden card."""
        return public(self, self.law.lead_seats())

    def board_change(self) -> int:
        return self.board.total() - sum(self.board_before.values())

    def hands_now(self) -> list[list[Card]]:
        return [sorted((CARDS[c] for c in h), key=lambda c: (c // 13, rank_order(c, self.ace_high)))
                for h in self.ordered]
