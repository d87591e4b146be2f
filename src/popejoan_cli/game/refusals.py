"""The referee's words: why a play is refused, and the leads found wrong once hands are shown.

`Hand.check_play` decides legality (through `legal_plays`); this module only finds the
words for a refusal, naming the card, the player and the rule. `recheck_leads` checks the
leads of a recorded (unseen) hand again once the players show what they still hold.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from popejoan_cli.base.errors import IllegalPlay
from popejoan_cli.game.cards import CARDS, SPARE, Card, Suit, rank_order
from popejoan_cli.game.hand import OUT_OF_PLAY, PLAYED, REMOVED, UNKNOWN, Hand


@dataclass(frozen=True, slots=True)
class Breach:
    """A lead found illegal once the hands were shown."""

    seat: int
    card: Card
    rule: str
    message: str



ELSEWHERE = -99
"""A card in the spare hand that the table has not seen: to the referee's words, held by another."""


def spare_told(hand: Hand, card: Card) -> bool:
    """Whether the table already knows that `card` lies in the spare hand: the hand is over, it
    was turned up, a real deck's table called the stop, or a stop under holder follow showed
    that nobody holds it. Under clockwise follow a stop says only that the next player lacks it."""
    if hand.ended or not hand.known or card == hand.turnup:
        return True
    return not hand.clockwise and any(s.reason == "spare" and hand.succ[s.card] == card for s in hand.stops)


def refusal(hand: Hand, seat: int, card: Card) -> IllegalPlay:
    """The refusal of a play `check_play` found illegal: the card, the player and the rule."""
    who = hand.name(seat)
    if hand.ended:
        return IllegalPlay(f"{who} cannot play {card.face}: the hand is over", rule="the hand has ended")
    h = hand.holder[card]
    if h == REMOVED:
        return IllegalPlay(f"{who} cannot play {card.face}: it is out of the pack", rule="deck.removed")
    if h == PLAYED:
        return IllegalPlay(f"{who} cannot play {card.face}: it has already been played",
                           rule="each card is played once")
    if h == OUT_OF_PLAY:
        return IllegalPlay(f"{who} cannot play {card.face}: it is the turn-up, out of play",
                           rule="deal.turnup = \"out-of-play\"")
    if h == SPARE and spare_told(hand, card):
        return IllegalPlay(f"{who} cannot play {card.face}: it is in the spare hand",
                           rule="the spare hand is not played")
    if h == SPARE:
        # The table has not seen this card: refuse it exactly as a card another player
        # holds, so that probing with refused plays cannot find the spare hand.
        h = ELSEWHERE
    if hand.expect is not None:
        want = CARDS[hand.expect]
        if card != want:
            return IllegalPlay(f"{who} cannot play {card.face}: the run needs {want.face} next",
                               rule="a run goes up one rank in its suit")
        if hand.clockwise:
            return IllegalPlay(f"{who} cannot play {card.face}: it is the next player's turn",
                               rule="play.follow = \"clockwise\"")
        return IllegalPlay(f"{who} does not hold {card.face}", rule="play.follow = \"holder\"")
    if hand.open_from is not None:
        return IllegalPlay(f"{who} cannot play {card.face}: no run is waiting for it",
                           rule="a run goes up one rank in its suit")
    if seat not in hand.lead_seats():
        return IllegalPlay(f"{who} cannot lead {card.face}: it is {hand.name(hand.leader)}'s lead",
                           rule="who leads after a stop")
    if h == ELSEWHERE or (h >= 0 and h != seat):
        return IllegalPlay(f"{who} does not hold {card.face}", rule="a player leads a card they hold")
    if h == UNKNOWN and not hand._has_unknown(seat):
        return IllegalPlay(f"{who} does not hold {card.face}", rule="a player leads a card they hold")
    if not hand._suit_ok(card // 13):
        stopped = Suit(hand.after_stop_suit or 0)
        change = hand.change_suit
        what = "suit" if change == "suit" else "colour"
        return IllegalPlay(f"{who} may not lead {card.face}: after a stop in {stopped.symbol} {stopped.name} "
                           f"the lead must change {what}", rule=f"play.change_suit = \"{change}\"")
    lower = [c for c in hand.holding[seat] if c // 13 == card // 13
             and rank_order(c, hand.ace_high) < rank_order(card, hand.ace_high)]
    if lower:
        low = CARDS[min(lower, key=lambda c: rank_order(c, hand.ace_high))]
        return IllegalPlay(f"{who} may not lead {card.face}: they hold {low.face}, lower in that suit",
                           rule="play.lead = \"lowest-in-suit\"")
    return IllegalPlay(f"{who} may not lead {card.face} now", rule="play.lead")


def recheck_leads(hand: Hand, shown: dict[int, Sequence[Card]]) -> list[Breach]:
    """Re-check leads once hands are shown: lowest-in-suit, and change of suit.

    `shown[seat]` is the cards that seat still holds; what it held at each earlier
    lead is those plus the cards it played from then on.
    """
    breaches: list[Breach] = []
    ah = hand.ace_high
    change = hand.rules["play.change_suit"]
    stopped: int | None = None
    for i, p in enumerate(hand.plays):
        if not p.lead:
            continue
        if i:
            stopped = hand.plays[i - 1].card // 13
        if p.seat not in shown:
            continue
        held = set(shown[p.seat]) | {q.card for q in hand.plays[i:] if q.seat == p.seat}
        lower = [c for c in held if c // 13 == p.card // 13 and rank_order(c, ah) < rank_order(p.card, ah)]
        if hand.rules["play.lead"] == "lowest-in-suit" and lower:
            low = min(lower, key=lambda c: rank_order(c, ah))
            breaches.append(Breach(p.seat, p.card, "play.lead = \"lowest-in-suit\"",
                                   f"{hand.name(p.seat)} led {p.card.face} while holding {CARDS[low].face}"))
        if stopped is not None and change != "no":
            hand.after_stop_suit, saved = stopped, hand.after_stop_suit
            fresh = [c for c in held if hand._suit_ok(c // 13)]
            ok = hand._suit_ok(p.card // 13)
            hand.after_stop_suit = saved
            if not ok and fresh:
                breaches.append(Breach(p.seat, p.card, f"play.change_suit = \"{change}\"",
                                       f"{hand.name(p.seat)} led {p.card.face} after a stop in that "
                                       f"{'suit' if change == 'suit' else 'colour'} while holding "
                                       f"{CARDS[min(fresh)].face}"))
    return breaches
