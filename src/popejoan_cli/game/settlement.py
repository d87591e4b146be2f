"""The end of a hand: going out, the pots and payments it brings, and the settlement.

`Settlement` adds to `Legality` the bookkeeping of awards and payments and what going out
does: the first-out pots, then each other player pays for the cards left, with the Pope's
holder exempt as the rules say; with unseen hands it waits to hear who holds the Pope. Its
refusals are `Said`s, for the CLI to say in the table's language (docs/i18n.md: Errors).
"""

from __future__ import annotations

from popejoan_cli.base.errors import IllegalPlay, Said
from popejoan_cli.game.cards import Card
from popejoan_cli.game.legality import Legality
from popejoan_cli.game.state import UNKNOWN, Award, AwardAt, Payment, PaymentWhy

_new = tuple.__new__


class Settlement(Legality):
    """A hand's state and legality, with its awards, payments and settlement."""

    __slots__ = ()

    def _award(self, pot: str, seat: int, amount: int, at: AwardAt, cards: tuple[Card, ...] = ()) -> None:
        if amount:
            self.awards.append(_new(Award, (pot, seat, amount, at, cards)))

    def _pay(self, payer: int, payee: int, amount: int, why: PaymentWhy) -> None:
        if amount:
            self.net[payer] -= amount
            self.net[payee] += amount
            self.payments.append(_new(Payment, (payer, payee, amount, why)))

    def _go_out(self, seat: int) -> None:
        self._end(seat)
        s = self.settings
        counters = self.board.counters
        for name in s.first_out:
            amount = counters[name]
            if amount:  # `Board.take` and `_award`, inline
                counters[name] = 0
                self.net[seat] += amount
                self.awards.append(_new(Award, (name, seat, amount, "out", ())))
        pope = self.trumps.pope_card
        if pope is not None and self.holder[pope] == UNKNOWN and s.pope_exempt != "none":
            assert self.ending is not None
            self.ending.awaiting_pope = True
            return
        self._settle_cards(None if pope is None else self.holder[pope])

    def shed(self) -> None:
        """Once the hand is over, hold each seat's remaining cards in a list of their own size: a
        long journal's replay keeps every hand."""
        self.ordered[:] = [list(cards) for cards in self.ordered]

    def settle(self, pope_holder: int | None) -> None:
        """With unseen hands: who still holds the Pope (a seat, `SPARE`, or None: played/nobody)."""
        if not self.awaiting_pope:
            raise IllegalPlay(Said("nothing is waiting to be settled"), rule=Said("settlement"))
        if pope_holder is not None and pope_holder >= 0 and (pope_holder == self.out or not self.left[pope_holder]):
            raise IllegalPlay(Said("{player} has no cards left to hold the Pope", player=self.name(pope_holder)),
                              rule=Said("settlement"))
        pope = self.pope_card
        if pope is not None and pope_holder is not None and pope_holder >= 0 and not self.has_unknown(pope_holder) \
                and pope not in self.ordered[pope_holder]:
            raise IllegalPlay(Said("{player}'s cards are known, and the Pope is not among them",
                                   player=self.name(pope_holder)), rule=Said("settlement"))
        assert self.ending is not None  # awaiting the Pope's holder: the hand has ended
        self.ending.awaiting_pope = False
        if self.pope_card is not None and pope_holder is not None:
            self.holder[self.pope_card] = pope_holder
        self._settle_cards(pope_holder)

    def _settle_cards(self, pope_holder: int | None) -> None:
        assert self.ending is not None
        out = self.ending.out
        assert out is not None
        s = self.settings
        per, exempt, seats, left = s.per_card, s.pope_exempt, self.seats, self.left
        if self.trumps.pope_card is None:
            pope_holder = None
        net, payments = self.net, self.payments
        for k in range(1, seats):
            seat = (out + k) % seats
            cards = left[seat]
            if seat == pope_holder:
                if exempt == "holder":
                    cards = 0
                elif exempt == "card":
                    cards -= 1
            amount = per * cards
            if amount:  # `_pay`, inline: every hand that ends by going out pays here
                net[seat] -= amount
                net[out] += amount
                payments.append(_new(Payment, (seat, out, amount, "cards")))
