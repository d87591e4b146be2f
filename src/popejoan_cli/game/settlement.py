"""The end of a hand: going out, the pots and payments it brings, and the settlement.

`Settlement` is a hand's settlement, one of the three parts a `Hand` is made of (beside its state and its law,
`Legality`): the bookkeeping of awards and payments and what going out
does: the first-out pots, then each other player pays for the cards left, with the Pope's
holder exempt as the rules say; with unseen hands it waits to hear who holds the Pope. The printed
sources' payments are here too (docs/house-rules.md: Rules from the printed sources): the stakes per
card for playing the Pope, the cards left paid onto the board, and the unplayed cards' pots doubled,
each a `Payment` or a `Feed` in the hand's record. Its refusals are `Said`s, for the CLI to say in
the table's language (docs/i18n.md: Errors).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from popejoan_cli.base.errors import IllegalPlay, Said
from popejoan_cli.game.cards import CARDS, Card, Suit
from popejoan_cli.game.legality import Legality
from popejoan_cli.game.ruling import Breach, recheck_leads
from popejoan_cli.game.state import UNKNOWN, Award, AwardAt, Feed, FeedWhy, HandKind, HandState, Payment, PaymentWhy

_new = tuple.__new__
_VIRTUAL = HandKind.VIRTUAL  # looked up once: an Enum member read from its class is slow in Python 3.11


class Settlement:
    """A hand's settlement: its awards, payments and what going out does, written into its state (`hand`)."""

    __slots__ = ("hand",)

    def __init__(self, hand: HandState) -> None:
        self.hand = hand

    def award(self, pot: str, seat: int, amount: int, at: AwardAt, cards: tuple[Card, ...] = ()) -> None:
        h = self.hand
        if amount:
            h.awards.append(_new(Award, (pot, seat, amount, at, cards)))

    def pay(self, payer: int, payee: int, amount: int, why: PaymentWhy) -> None:
        h = self.hand
        if amount:
            h.net[payer] -= amount
            h.net[payee] += amount
            h.payments.append(_new(Payment, (payer, payee, amount, why)))

    def fine_leads(self) -> None:
        """PR and IO's penalty for an improper lead (docs/house-rules.md: play.improper_lead): each lead that broke
        `play.lead` or `play.change_suit`, found by the predicates `rule_on` refuses by (`recheck_leads`), costs its
        leader `improper_penalty` to each other player clockwise, or onto the pass pot. Paid as the hand ends, with
        the cards seen: before that nothing public may depend on what a leader held. A real deck's leads are fined
        here only for the seats whose cards the record knows (all played, or shown); `Hand.show` fines the others'
        as they are shown, until the hand is settled."""
        h = self.hand
        real = h.kind.real
        held: dict[int, Sequence[Card]] = {seat: [CARDS[c] for c in h.ordered[seat]] for seat in range(h.seats)
                                           if not (real and h.has_unknown(seat))}
        self.fine(recheck_leads(Legality(h), held))  # the hand's law re-checks its leads

    def fine(self, breaches: Sequence[Breach]) -> None:
        """Each lead among `breaches` (a lead may break two rules) costs its leader the penalty, once."""
        h = self.hand
        play, seats = h.rules.play, h.seats
        fined = dict.fromkeys((b.seat, b.card) for b in breaches)
        for seat, _ in fined:
            if play.improper_lead == "pay-board":
                self.feed(seat, h.rules.pass_pot, play.improper_penalty, "lead")
                continue
            for k in range(1, seats):
                self.pay(seat, (seat + k) % seats, play.improper_penalty, "lead")

    def pope_stakes(self, seat: int) -> None:
        """Peel's stake per card to the Pope's player (docs/house-rules.md: play.pope_stakes): each other seat,
        clockwise from `seat`'s left, pays for the cards it holds as the Pope is played."""
        h = self.hand
        per, seats, left = h.rules.play.pope_stakes, h.seats, h.left
        for k in range(1, seats):
            other = (seat + k) % seats
            self.pay(other, seat, per * left[other], "pope")

    def go_out(self, seat: int) -> None:
        h = self.hand
        h.finish(seat)
        s = h.settings
        counters = h.board.counters
        for name in s.first_out:
            amount = counters[name]
            if amount:  # `Board.take` and `award`, inline
                counters[name] = 0
                h.net[seat] += amount
                h.awards.append(_new(Award, (name, seat, amount, "out", ())))
        if h.rules.play.improper_lead != "refuse":
            self.fine_leads()
        pope = h.trumps.pope_card
        # Only a real deck's record may not place the Pope or a pot's card (a dealt hand's are all placed).
        if h.kind is not _VIRTUAL and (self.pope_unplaced() or self.unplaced_pots()):
            assert h.ending is not None
            h.ending.awaiting_pope = True  # the table's word: who holds the Pope, or a pot's card
            return
        self._settle_cards(None if pope is None else h.holder[pope])

    def pope_unplaced(self) -> bool:
        """Whether the settlement needs to hear who holds the Pope, which the record cannot place (a real deck)."""
        h = self.hand
        pope = h.trumps.pope_card
        return pope is not None and h.holder[pope] == UNKNOWN and h.settings.pope_exempt != "none"

    def unplaced_pots(self) -> dict[str, int]:
        """Foster's unplayed cards with a real deck (docs/house-rules.md: settle.unplayed_card): each card pot
        whose card the record cannot place, by its name, with its card. The Pope's card is not among them while
        the Pope's holder is asked for anyway (`settle.pope_exempt`)."""
        h = self.hand
        if h.rules.settle.unplayed_card == "none" or h.kind.deals:
            return {}
        holder, pope = h.holder, h.trumps.pope_card
        trump = h.trumps.trump
        asked = pope if h.settings.pope_exempt != "none" else None
        return {name: card for name, card in self._unplayed_cards(trump) if card != asked and holder[card] == UNKNOWN}

    def _unplayed_cards(self, trump: Suit | None) -> list[tuple[str, int]]:
        """Each pot one card wins (`card`, or `below`: the card below its own), by name, with that card: what
        `settle.unplayed_card` charges its holder for (docs/house-rules.md)."""
        h = self.hand
        found: list[tuple[str, int]] = []
        for pot in h.rules.pots:
            card = pot.winners(trump)[0] if pot.by_one_card else None  # below: the card that wins it
            if card is not None:
                found.append((pot.name, card))
        return found

    def shed(self) -> None:
        """Once the hand is over, hold each seat's remaining cards in a list of their own size: a
        long journal's replay keeps every hand."""
        h = self.hand
        h.ordered[:] = [list(cards) for cards in h.ordered]

    def settle(self, pope_holder: int | None, placed: Mapping[str, int] | None = None) -> None:
        """With unseen hands: who still holds the Pope (a seat, `SPARE`, or None: played/nobody), and under
        `settle.unplayed_card` who holds each of `unplaced_pots`' cards (pot name to a seat or `SPARE`)."""
        h = self.hand
        if not h.awaiting_pope:
            raise IllegalPlay(Said("nothing is waiting to be settled"), rule=Said("settlement"))
        if pope_holder is not None and pope_holder >= 0 and (pope_holder == h.out or not h.left[pope_holder]):
            raise IllegalPlay(Said("{player} has no cards left to hold the Pope", player=h.name(pope_holder)),
                              rule=Said("settlement"))
        pope = h.pope_card
        if pope is not None and pope_holder is not None and pope_holder >= 0 and not h.has_unknown(pope_holder) \
                and pope not in h.ordered[pope_holder]:
            raise IllegalPlay(Said("{player}'s cards are known, and the Pope is not among them",
                                   player=h.name(pope_holder)), rule=Said("settlement"))
        assert h.ending is not None  # awaiting the Pope's holder: the hand has ended
        self.place(placed or {}, pope_holder)  # checks all before it places any
        h.ending.awaiting_pope = False
        if h.pope_card is not None and pope_holder is not None:
            h.holder[h.pope_card] = pope_holder
        self._settle_cards(pope_holder)

    def place(self, placed: Mapping[str, int], pope_holder: int | None) -> None:
        """Place each unplaced pot's card where the table says (`settle`): a seat that still holds an unseen
        card (besides the Pope, if `pope_holder` is to hold it), or the spare hand; every one must be named, and
        nothing else."""
        h = self.hand
        unplaced = self.unplaced_pots()
        self._check_placed(unplaced, placed, pope_holder)
        for name, seat in placed.items():
            card = unplaced[name]
            h.holder[card] = seat
            if seat >= 0:
                h.hold(seat, [*h.ordered[seat], card])

    def _check_placed(self, unplaced: Mapping[str, int], placed: Mapping[str, int], pope_holder: int | None) -> None:
        """Refuse a placing of the unplaced pots' cards (`_place`) that leaves one out, names another, or puts
        more cards on a seat than it holds unseen."""
        h = self.hand
        rule = "settle.unplayed_card"
        missing = [name for name in unplaced if name not in placed]
        if missing:
            raise IllegalPlay(Said("who holds the cards of {pots}? popejoan cannot see them",
                                   pots=", ".join(missing)), rule=rule)
        room = {seat: h.left[seat] - len(h.ordered[seat]) for seat in range(h.seats) if seat != h.out}
        if pope_holder is not None and pope_holder in room and self.pope_unplaced():
            room[pope_holder] -= 1
        for name, seat in placed.items():
            if name not in unplaced:
                raise IllegalPlay(Said("{pot}'s card needs no holder named: the record places it, or it wins no "
                                       "card pot", pot=name), rule=rule)
            if seat >= 0 and room.get(seat, 0) < 1:
                raise IllegalPlay(Said("{player} holds no unseen card left to be {card}", player=h.name(seat),
                                       card=CARDS[unplaced[name]]), rule=rule)
            if seat >= 0:
                room[seat] -= 1

    def _settle_cards(self, pope_holder: int | None) -> None:
        h = self.hand
        assert h.ending is not None
        out = h.ending.out
        assert out is not None
        s = h.settings
        per, exempt, seats, left = s.per_card, s.pope_exempt, h.seats, h.left
        if h.trumps.pope_card is None:
            pope_holder = None
        settle = h.rules.settle
        if settle.unplayed_card != "none":
            self._unplayed(settle.unplayed_card == "double")
        net, payments = h.net, h.payments
        onto_board: list[tuple[int, int]] | None = [] if settle.losers_pay == "board" else None
        for k in range(1, seats):
            seat = (out + k) % seats
            cards = left[seat]
            if seat == pope_holder:
                if exempt == "holder":
                    cards = 0
                elif exempt == "card":
                    cards -= 1
            amount = per * cards
            if amount and onto_board is not None:
                onto_board.append((seat, amount))
            elif amount:  # `pay`, inline: every hand that ends by going out pays here
                net[seat] -= amount
                net[out] += amount
                payments.append(_new(Payment, (seat, out, amount, "cards")))
        if onto_board:
            self._onto_board(onto_board)

    def feed(self, seat: int, pot: str, amount: int, why: FeedWhy) -> None:
        """`seat` puts `amount` counters on `pot` (besides the dressing), recorded as one `Feed`."""
        h = self.hand
        if amount:
            h.net[seat] -= amount
            h.board.counters[pot] += amount
            h.feeds.append(_new(Feed, (seat, pot, amount, why)))

    def _onto_board(self, owed: list[tuple[int, int]]) -> None:
        """Peel's losers paying into the pool (docs/house-rules.md: settle.losers_pay): in turn, one counter at a
        time on the pots in the board's order, round and round, each payer going on from the pot after the last
        counter placed, so every pot is covered once there are counters enough; a payer's counters on a pot are
        one record, in the order he first put one there."""
        h = self.hand
        order = h.board.order
        at = 0
        for seat, amount in owed:
            placed: dict[str, int] = {}
            for i in range(at, at + amount):
                name = order[i % len(order)]
                placed[name] = placed.get(name, 0) + 1
            at = (at + amount) % len(order)
            for name, n in placed.items():
                self.feed(seat, name, n, "cards")

    def _unplayed(self, double: bool) -> None:
        """Foster's rule (docs/house-rules.md: settle.unplayed_card): whoever still holds the card of a card pot
        adds to it as many counters as it holds (`double`) or its stake, before the payment for cards left.
        Only a card in a player's hand costs anything: one in the spare hand, out of play or played, nothing."""
        h = self.hand
        holder, counters, stakes = h.holder, h.board.counters, {p.name: p.stake for p in h.rules.pots}
        owed = [(holder[card], name, counters[name] if double else stakes[name])
                for name, card in self._unplayed_cards(h.trumps.trump) if holder[card] >= 0]
        for seat, name, amount in owed:
            self.feed(seat, name, amount, "unplayed")
