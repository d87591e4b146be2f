"""Playing a deal out and the final clearing deal, as results.

`play_out` drives a `Hand` with the given leads and then the lowest policy; `final_deal`
deals the board clear to the holders. Both results turn into the documented JSON object
with `to_json`. Pure: no files, no printing.
"""

from __future__ import annotations

from collections.abc import Sequence

from popejoan_cli.base.errors import IllegalPlay, Said
from popejoan_cli.base.records import Record
from popejoan_cli.game.board import Board
from popejoan_cli.game.cards import Card, Dealt, Seed, Suit, canonical_deck, deal_cards, shuffled
from popejoan_cli.game.hand import Award, Hand
from popejoan_cli.game.rules import HouseRules, PotRule


def lowest_lead(hand: Hand) -> tuple[int, Card]:
    """The lowest policy: the leader's legal lead of lowest rank, ties by suit C, D, H, S."""
    seat = hand.law.lead_seats()[0]
    return seat, hand.law.lowest_lead(seat)


def play_out(hand: Hand, leads: Sequence[Card] = ()) -> Hand:
    """Play the hand to its end: each given lead in turn, then the lowest policy."""
    queue = list(leads)
    while queue and not hand.ended:
        if hand.turn.phase != "lead":
            hand.follow_run()
        else:
            hand.play(hand.leader, queue.pop(0))
    lowest = hand.law.lowest_policy()  # `lowest_lead`, as cheap a call as the rules allow
    while not hand.ended:
        if hand.turn.phase == "lead":
            seat = hand.leader
            hand.push(seat, lowest(seat), True, lowest)  # each later lead the lowest too, within push's loop
        else:
            hand.follow_run()
    if queue:
        raise IllegalPlay(Said("lead {card} is left over: the hand has already ended", card=queue[0]),
                          rule=Said("leads must match the hand as played"),
                          hint=Said("remove the extra entries from leads"))
    return hand


class FinalResult(Record):
    """The final clearing deal: every card to the players, pots to the holders."""

    rules: HouseRules
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    board: Board
    board_before: dict[str, int]
    awards: list[Award]
    net: list[int]
    suit: Suit


def final_deal(rules: HouseRules, seats: int, dealer: int, board: Board, seed: Seed) -> FinalResult:
    deck = shuffled(canonical_deck(rules.removed), seed)
    return final_from(rules, seats, dealer, board, deal_cards(deck, seats, dealer, None, "none"))


def final_from(rules: HouseRules, seats: int, dealer: int, board: Board, dealt: Dealt) -> FinalResult:
    suit = Suit[rules.final.suit]
    before = board.snapshot()
    holder = {c: s for s, cards in enumerate(dealt.hands) for c in cards}
    eldest = [(dealer + 1 + k) % seats for k in range(seats)]
    net = [0] * seats
    awards: list[Award] = []
    odd = rules.board.odd_counter
    for pot in rules.pots:
        awards.extend(_pot_cleared(pot, suit, holder, eldest, board, odd, net))
    return FinalResult(rules, dealer, dealt.hands, board, before, awards, net, suit)


def _pot_cleared(pot: PotRule, suit: Suit, holder: dict[Card, int], eldest: list[int], board: Board, odd: str,
                 net: list[int]) -> list[Award]:
    """One pot in the final deal: taken by the one who holds its cards, or shared among those who do (from the
    eldest hand); it stays on the board when it is won by going out, or one of its cards was dealt to no one."""
    cards = pot.winners(suit)  # wins = "below": the holder of the card below the pot's (docs/house-rules.md)
    if pot.wins == "first-out" or any(c is None or c not in holder for c in cards):
        return []
    owners = sorted({holder[c] for c in cards if c is not None}, key=eldest.index)
    shares = ([(owners[0], board.take(pot.name, owners[0], net))] if len(owners) == 1
              else board.share(pot.name, owners, eldest, odd, net))
    held = tuple(c for c in cards if c is not None)
    return [Award(pot.name, s, n, "final", held) for s, n in shares if n]


