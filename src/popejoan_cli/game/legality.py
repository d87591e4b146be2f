"""What may be played now, decided in one place, and the words of a refusal.

`Legality` adds to `HandState` the one decision of what may be played now (`_options`): the
list of legal plays (`legal_plays`) and the check of one play (`is_legal`, `refusal`,
`check_play`) both read it, so they cannot disagree. The words of a refusal are looked for
only once `_options` has refused the play, and each refusal carries the rule it breaks.
`recheck_leads` checks a recorded (unseen) hand's leads again once its cards are shown.

The words are `Said` values (whole sentences, named placeholders, the card and the player as
values) so that the CLI can say a refusal in the table's language (docs/i18n.md: Errors). A rule
that names a setting (`play.lead = "lowest-in-suit"`) is the rules file's own words and is never
translated.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from popejoan_cli.base.errors import IllegalPlay, Said
from popejoan_cli.game.cards import CARDS, SPARE, Card, Suit
from popejoan_cli.game.state import (
    ELSEWHERE,
    OUT_OF_PLAY,
    PLAYED,
    REMOVED,
    UNKNOWN,
    HandState,
    suit_allowed,
)


class Legality(HandState):
    """A hand's state with what may be played now."""

    __slots__ = ()

    def _leads(self, seat: int) -> Iterator[int]:
        """The cards `seat` may lead now, in `LEAD_KEY` order; for unseen cards, those not ruled out."""
        left = self.left[seat]
        if not left:
            return
        s = self.settings
        held = self.ordered[seat]
        ok = self.suit_ok
        # Under "pass" a same-suit lead is never legal; under "same-suit" it is legal
        # only for a leader holding no new suit, which unseen cards cannot refute.
        fresh = (self.after_stop_suit is not None and s.change_suit != "no"
                 and (s.passing or any(ok(c // 13) for c in held)))
        if left == len(held):
            # Known cards only: in LEAD_KEY order the first card of each suit is its lowest.
            seen = [False, False, False, False] if s.lowest_in_suit else None
            for c in held:
                suit = c // 13
                if seen is not None:
                    if seen[suit]:
                        continue
                    seen[suit] = True
                if not fresh or ok(suit):
                    yield c
            return
        holder = self.holder
        cands = sorted([*held, *(c for c in range(52) if holder[c] == UNKNOWN)], key=self.lead_key.__getitem__)
        rank = self.rank
        low = [99, 99, 99, 99]
        if s.lowest_in_suit:
            for c in reversed(held):
                low[c // 13] = rank[c]
        for c in cands:
            if rank[c] <= low[c // 13] and (not fresh or ok(c // 13)):
                yield c

    def legal_leads(self, seat: int) -> list[int]:
        """The cards `seat` may lead now, lowest first (`LEAD_KEY`); for unseen cards, those not ruled out."""
        return list(self._leads(seat))

    def lowest_lead(self, seat: int) -> Card:
        """The first of `legal_leads(seat)`: the lowest policy's lead."""
        held = self.ordered[seat]
        if held and self.left[seat] == len(held) and (self.after_stop_suit is None
                                                      or self.settings.change_suit == "no"):
            return CARDS[held[0]]  # `_leads`' first card when no suit is barred, without its set-up
        return CARDS[next(self._leads(seat))]

    def lead_seats(self) -> list[int]:
        """Who may lead now: the leader; with unseen hands and a passing lead, anyone."""
        if self.turn.phase != "lead":
            return []
        if self.passing and self.after_stop_suit is not None and not self.known:
            order = [(self.leader + k) % self.seats for k in range(self.seats)]
            return [s for s in order if self.left[s]]
        return [self.leader]

    def open_seats(self) -> list[int]:
        """In an open run (unseen hands): who might hold the run's next card and play it now."""
        start = self.turn.seat
        if self.turn.phase != "open" or start is None:
            return []
        if self.clockwise:
            nxt = (start + 1) % self.seats
            return [nxt] if self.has_unknown(nxt) else []
        return [s for s in range(self.seats) if self.has_unknown(s)]

    def _options(self) -> Iterator[tuple[int, Sequence[int]]]:
        """The one decision of what may be played now: each seat that may play, with its cards."""
        turn = self.turn
        if turn.phase == "follow" and turn.seat is not None and turn.card is not None:
            yield turn.seat, (turn.card,)
        elif turn.phase == "open" and turn.card is not None:
            for s in self.open_seats():
                yield s, (turn.card,)
        elif turn.phase == "lead":
            for s in self.lead_seats():
                yield s, self.legal_leads(s)

    def legal_plays(self) -> list[tuple[int, Card]]:
        """Every (seat, card) that may be played now."""
        return [(s, CARDS[c]) for s, cards in self._options() for c in sorted(cards)]

    def is_legal(self, seat: int, card: int) -> bool:
        return any(s == seat and card in cards for s, cards in self._options())

    def can_call_stop(self) -> bool:
        """With unseen hands, the table may call a stop where the next card's place is unknown."""
        return self.turn.phase == "open"

    def refusal(self, seat: int, card: Card) -> IllegalPlay | None:
        """None if `seat` may play `card` now; else the refusal, naming the card, the player and the rule."""
        if self.is_legal(seat, card):
            return None
        return _refusal_words(self, seat, card)

    def check_play(self, seat: int, card: Card) -> None:
        """Raise `IllegalPlay` naming the card, the player and the rule, unless legal."""
        refused = self.refusal(seat, card)
        if refused is not None:
            raise refused


def _refusal_words(hand: Legality, seat: int, card: Card) -> IllegalPlay:
    """Why a play `_options` refused is illegal: where the card is, then the turn, then the lead rules."""
    who = hand.name(seat)
    if hand.ended:
        return IllegalPlay(Said("{player} cannot play {card}: the hand is over", player=who, card=card),
                           rule=Said("the hand has ended"))
    h = hand.holder[card]
    placed = _placed_words(hand, who, card, h)
    if placed is not None:
        return placed
    if h == SPARE:
        # The table has not seen this card: refuse it exactly as a card another player
        # holds, so that probing with refused plays cannot find the spare hand.
        h = ELSEWHERE
    turn = hand.turn
    if turn.card is not None:
        return _run_words(hand, who, card, CARDS[turn.card])
    if turn.phase != "lead":
        return IllegalPlay(Said("{player} cannot play {card}: no run is waiting for it", player=who, card=card),
                           rule=Said("a run goes up one rank in its suit"))
    if seat not in hand.lead_seats():
        return IllegalPlay(Said("{player} cannot lead {card}: it is {leader}'s lead", player=who, card=card,
                                leader=hand.name(hand.leader)), rule=Said("who leads after a stop"))
    if h == ELSEWHERE or (h >= 0 and h != seat) or (h == UNKNOWN and not hand.has_unknown(seat)):
        return IllegalPlay(Said("{player} does not hold {card}", player=who, card=card),
                           rule=Said("a player leads a card they hold"))
    return _lead_words(hand, who, seat, card)


def _placed_words(hand: Legality, who: str, card: Card, h: int) -> IllegalPlay | None:
    if h == REMOVED:
        return IllegalPlay(Said("{player} cannot play {card}: it is out of the pack", player=who, card=card),
                           rule="deck.removed")
    if h == PLAYED:
        return IllegalPlay(Said("{player} cannot play {card}: it has already been played", player=who, card=card),
                           rule=Said("each card is played once"))
    if h == OUT_OF_PLAY:
        return IllegalPlay(Said("{player} cannot play {card}: it is the turn-up, out of play", player=who,
                                card=card), rule="deal.turnup = \"out-of-play\"")
    if h == SPARE and hand.spare_told(card):
        return IllegalPlay(Said("{player} cannot play {card}: it is in the spare hand", player=who, card=card),
                           rule=Said("the spare hand is not played"))
    return None


def _run_words(hand: Legality, who: str, card: Card, want: Card) -> IllegalPlay:
    if card != want:
        return IllegalPlay(Said("{player} cannot play {card}: the run needs {next} next", player=who, card=card,
                                next=want), rule=Said("a run goes up one rank in its suit"))
    if hand.clockwise:
        return IllegalPlay(Said("{player} cannot play {card}: it is the next player's turn", player=who,
                                card=card), rule="play.follow = \"clockwise\"")
    return IllegalPlay(Said("{player} does not hold {card}", player=who, card=card), rule="play.follow = \"holder\"")


def _lead_words(hand: Legality, who: str, seat: int, card: Card) -> IllegalPlay:
    if not hand.suit_ok(card // 13):
        stopped = Suit(hand.after_stop_suit or 0)
        change = hand.settings.change_suit
        # Two whole sentences, not one with "suit" or "colour" put in: Russian declines the word.
        words = (Said("{player} may not lead {card}: after a stop in {suit} the lead must change suit",
                      player=who, card=card, suit=stopped) if change == "suit" else
                 Said("{player} may not lead {card}: after a stop in {suit} the lead must change colour",
                      player=who, card=card, suit=stopped))
        return IllegalPlay(words, rule=f"play.change_suit = \"{change}\"")
    rank = hand.rank
    lower = [c for c in hand.ordered[seat] if c // 13 == card // 13 and rank[c] < rank[card]]
    if lower:
        low = CARDS[min(lower, key=rank.__getitem__)]
        return IllegalPlay(Said("{player} may not lead {card}: they hold {lower}, lower in that suit", player=who,
                                card=card, lower=low), rule="play.lead = \"lowest-in-suit\"")
    return IllegalPlay(Said("{player} may not lead {card} now", player=who, card=card), rule="play.lead")


@dataclass(frozen=True, slots=True)
class Breach:
    """A lead found illegal once the hands were shown."""

    seat: int
    card: Card
    rule: str
    message: str  # a `Said`: the English, and its words for another language


def recheck_leads(hand: Legality, shown: dict[int, Sequence[Card]]) -> list[Breach]:
    """Re-check leads once hands are shown: lowest-in-suit, and change of suit.

    `shown[seat]` is the cards that seat still holds; what it held at each earlier
    lead is those plus the cards it played from then on.
    """
    breaches: list[Breach] = []
    rank = hand.rank
    change = hand.settings.change_suit
    stopped: int | None = None
    for i, p in enumerate(hand.plays):
        if not p.lead:
            continue
        if i:
            stopped = hand.plays[i - 1].card // 13
        if p.seat not in shown:
            continue
        held = set(shown[p.seat]) | {q.card for q in hand.plays[i:] if q.seat == p.seat}
        lower = [c for c in held if c // 13 == p.card // 13 and rank[c] < rank[p.card]]
        if hand.settings.lowest_in_suit and lower:
            low = min(lower, key=rank.__getitem__)
            breaches.append(Breach(p.seat, p.card, "play.lead = \"lowest-in-suit\"",
                                   Said("{player} led {card} while holding {lower}", player=hand.name(p.seat),
                                        card=p.card, lower=CARDS[low])))
        if stopped is not None and change != "no":
            fresh = [c for c in held if suit_allowed(change, stopped, c // 13)]
            if not suit_allowed(change, stopped, p.card // 13) and fresh:
                who, other = hand.name(p.seat), CARDS[min(fresh)]
                words = Said("{player} led {card} after a stop in that suit while holding {other}", player=who,
                             card=p.card, other=other) if change == "suit" else \
                    Said("{player} led {card} after a stop in that colour while holding {other}", player=who,
                         card=p.card, other=other)
                breaches.append(Breach(p.seat, p.card, f"play.change_suit = \"{change}\"", words))
    return breaches
