"""Deals a seat cannot tell from the real one: the hidden cards, placed as its observation allows.

The `strong` level (`lookahead`) looks ahead over hands it cannot see. `Worlds(view, rules)`
reads one seat's `Observation` and nothing else, and deals the cards that seat has not seen
(the other seats' and the spare hand's) again and again, each time so that everything the
seat may know still holds:

- each seat holds as many cards as the table sees it hold (`left`), the spare hand its size;
- a card played, removed, in the seat's own hand or turned up out of play is where it is;
- the turn-up lies where the table saw it dealt (`deal.turnup`: the last card dealt);
- a stop whose told reason is "spare" puts the run's next card in the spare hand;
- a stop told "not-in-turn" (clockwise follow) says the next player lacked the next card;
- a proper lead says its player held no card that a lead rule in force would have named against it
  (the lead law, `laws.barred_by`: under `play.lead = "lowest-in-suit"` no lower card of its suit,
  under `play.change_suit` after a stop no card of a new suit if it led the stopped one), unless the
  rules let an improper lead stand (`play.improper_lead`: then a lead proves nothing);
- under `no_new_suit = "pass"` a seat passed over for the lead held no card of a suit it could lead.

Each world is the deal as it was dealt: every seat's cards now plus the cards it has played,
so that `Hand.deal` and the public record's leads replayed by `Hand.push` reach the position
the seat sees (`lookahead.replay`). Cards with a rule on them are placed first, at random
among the places left to them, weighted by the room left there; the rest are shuffled into
the room that remains. The random numbers come from the caller's `random.Random`, never from
the global state, so a world depends only on the observation and the seed
(tests/game/test_strong.py permutes the hidden cards and finds the same choice). Pure.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from popejoan_cli.game.cards import CARDS, SPARE, Dealt, hand_sizes
from popejoan_cli.game.laws import barred_by, called_chain, law_of, leads_after_stops, not_refused_outright
from popejoan_cli.game.rules import HouseRules
from popejoan_cli.game.sight import Observation
from popejoan_cli.game.state import SUCC

TRIES = 20
"""Attempts at placing the ruled cards before a world is given up (a contradiction: none is dealt)."""


def turnup_place(view: Observation, rules: HouseRules) -> int | None:
    """Where the turn-up was dealt: a seat, `SPARE`, or None (out of play, or no turn-up). Its place is
    public: it is shown face up, and the last card of the deal goes to the deal order's last place."""
    up = view.public.turnup
    if up is None or rules.deal.turnup != "in-hand":
        return None
    played = view.played_by[up]
    if played >= 0:
        return played
    if up in view.own:
        return view.seat
    if view.public.turnup_dead:
        return SPARE
    spare = rules.deal.spare_position if rules.deal.spare_hand else None
    _, _, last = hand_sizes(rules.deck_size(), view.public.seats, view.public.dealer, spare)
    return last


def hidden_cards(view: Observation, up_place: int | None) -> list[int]:
    """The cards `view`'s seat cannot place: not its own, played, removed or turned up out of play."""
    pub = view.public
    gone = set(pub.removed) | set(view.own)
    gone.update(c for c in range(52) if pub.played_by[c] >= 0)
    if pub.turnup is not None and up_place is None:
        gone.add(pub.turnup)
    return [c for c in range(52) if c not in gone]


class Worlds:
    """The deals `view`'s seat cannot tell apart from the real one (see the module's docstring)."""

    def __init__(self, view: Observation, rules: HouseRules) -> None:
        pub = view.public
        self.view, self.rules = view, rules
        self.up_place = turnup_place(view, rules)
        self.hidden = hidden_cards(view, self.up_place)
        self.unseen = set(self.hidden)
        # The places: every other seat, then the spare hand (index `seats`).
        seats = pub.seats
        self.room = [0 if s == view.seat else pub.left[s] for s in range(seats)] + [pub.spare_size]
        if sum(self.room) != len(self.hidden):
            raise ValueError("the observation's hidden cards do not fill the seats' and the spare hand's room")
        self.fixed: dict[int, int] = {}
        self.barred: dict[int, set[int]] = {}
        self._inferred()
        self.ruled = sorted((c for c in self.barred if c not in self.fixed),
                            key=lambda c: (-len(self.barred[c]), c))
        self.free = [c for c in self.hidden if c not in self.fixed and c not in self.barred]
        self.played = [[c for c in range(52) if pub.played_by[c] == s] for s in range(seats)]

    def _inferred(self) -> None:
        """Everything the public record says of where the hidden cards are (the module's list)."""
        rules = self.rules
        self._told()
        if rules.play.improper_lead == "refuse" and law_of(rules):
            self._proper_leads()
        if rules.play.change_suit != "no" and rules.play.no_new_suit == "pass":
            self._passes()

    def _place(self, card: int, where: int) -> None:
        if card in self.unseen:
            self.fixed[card] = where

    def _bar(self, card: int, where: int) -> None:
        if card in self.unseen:
            self.barred.setdefault(card, set()).add(where)

    def _told(self) -> None:
        """The turn-up's place, and what each stop's told reason says of the run's next card."""
        pub, seats = self.view.public, self.view.public.seats
        up = pub.turnup
        if up is not None and self.up_place is not None:
            self._place(up, seats if self.up_place == SPARE else self.up_place)
        succ = SUCC[pub.ace_high]
        for stop in pub.stops:
            nxt = succ[stop.card]
            if nxt < 0:
                continue
            if stop.reason == "spare":
                self._place(nxt, seats)
            elif stop.reason == "not-in-turn":
                self._bar(nxt, (stop.seat + 1) % seats)

    def _proper_leads(self) -> None:
        """Each lead was proper (`play.improper_lead = "refuse"`): its player held none of the cards the lead law
        bars by it (`laws.barred_by`), after the stop before it. The first lead `play.first_lead` calls, and the
        Pope under `play.pope_in_lieu` (no lead rule applies to it in lieu of a stop), prove nothing."""
        pub, rules = self.view.public, self.rules
        lieu = pub.pope_card if rules.play.pope_in_lieu else None
        for i, (play, stopped) in enumerate(leads_after_stops(pub.plays, pub.stops)):
            if play.card == lieu or (i == 0 and called_chain(rules, play.card)):
                continue
            for c in barred_by(rules, stopped, play.card):
                self._bar(c, play.seat)

    def _passes(self) -> None:
        """Under `no_new_suit = "pass"` a seat passed over for the lead after a stop held no card it could have
        led: none that the lead law leaves open after that stop (`laws.not_refused_outright`). The lead after a
        stop starts from the stop's player, or under clockwise follow the next player, except after a top card
        and a card below a pot's (`Hand._stop`)."""
        pub, seats = self.view.public, self.view.public.seats
        leads = [p.seat for p in pub.plays if p.lead]
        for j, stop in enumerate(pub.stops):
            # Lead j + 1 follows stop j (`laws.leads_after_stops`); with none yet, the leader the table was told.
            leader = leads[j + 1] if j + 1 < len(leads) else pub.leader
            again = not pub.clockwise or stop.reason in ("top", "below")
            seat = stop.seat if again else (stop.seat + 1) % seats
            open_cards = not_refused_outright(self.rules, stop.card // 13)
            for _ in range(seats):
                if seat == leader:
                    break
                for c in open_cards:
                    self._bar(c, seat)
                seat = (seat + 1) % seats

    def deal(self, rng: random.Random) -> Dealt | None:
        """One world: the deal as it was dealt, with the hidden cards placed at random as the
        observation allows; None if the ruled cards could not be placed (`TRIES` times)."""
        for _ in range(TRIES):
            placed = self._try(rng)
            if placed is not None:
                return self._dealt(placed)
        return None

    def _try(self, rng: random.Random) -> list[list[int]] | None:
        room = list(self.room)
        places: list[list[int]] = [[] for _ in room]
        for card, where in self.fixed.items():
            places[where].append(card)
            room[where] -= 1
        rand = rng.random
        for card in self.ruled:
            barred = self.barred[card]
            open_room = [(w, r) for w, r in enumerate(room) if r > 0 and w not in barred]
            total = sum(r for _, r in open_room)
            if not total:
                return None
            pick = rand() * total
            where = open_room[-1][0]
            for w, r in open_room:
                pick -= r
                if pick < 0:
                    where = w
                    break
            places[where].append(card)
            room[where] -= 1
        if min(room) < 0:
            return None
        rest = list(self.free)
        rng.shuffle(rest)
        k = 0
        for where, r in enumerate(room):
            places[where].extend(rest[k:k + r])
            k += r
        return places

    def _dealt(self, places: Sequence[Sequence[int]]) -> Dealt:
        view, seats = self.view, self.view.public.seats
        hands = []
        for s in range(seats):
            now = view.own if s == view.seat else places[s]
            hands.append(tuple(CARDS[c] for c in (*now, *self.played[s])))
        spare = tuple(CARDS[c] for c in places[seats]) if self.rules.deal.spare_hand else None
        up = view.public.turnup
        return Dealt(tuple(hands), spare, up, self.up_place)

