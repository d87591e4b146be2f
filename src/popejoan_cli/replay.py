"""Playing a deal out and the final clearing deal, as results.

`play_out` drives a `Hand` with the given leads and then the lowest policy; `final_deal`
deals the board clear to the holders. Both results turn into the documented JSON object
with `to_json`. Pure: no files, no printing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from popejoan_cli.board import Board
from popejoan_cli.cards import CARDS, Card, Dealt, Seed, Suit, canonical_deck, deal_cards, rank_order, shuffled
from popejoan_cli.dealfile import DealSpec
from popejoan_cli.errors import IllegalPlay
from popejoan_cli.hand import Award, Hand
from popejoan_cli.rules import HouseRules

_LEAD_KEY = {ah: tuple(rank_order(c, ah) * 4 + c // 13 for c in range(52)) for ah in (False, True)}
"""Rank first, then suit C, D, H, S: the order of the lowest policy."""


def lowest_lead(hand: Hand) -> tuple[int, Card]:
    """The lowest policy: the leader's legal lead of lowest rank, ties by suit C, D, H, S."""
    seat = hand.lead_seats()[0]
    key = _LEAD_KEY[hand.ace_high]
    return seat, CARDS[min(hand.legal_leads(seat), key=key.__getitem__)]


def play_out(hand: Hand, leads: Sequence[Card] = ()) -> Hand:
    """Play the hand to its end: each given lead in turn, then the lowest policy."""
    queue = list(leads)
    while not hand.ended:
        if hand.lead_due:
            if queue:
                hand.play(hand.leader, queue.pop(0))
            else:
                seat, card = lowest_lead(hand)
                hand._place(seat, card, follow=True)
        else:
            hand.follow_run()
    if queue:
        raise IllegalPlay(f"lead {queue[0].face} is left over: the hand has already ended",
                          rule="leads must match the hand as played", hint="remove the extra entries from leads")
    return hand


def replay(spec: DealSpec) -> Hand:
    board = Board(spec.rules, spec.board)
    hand = Hand.deal(spec.rules, len(spec.players), spec.dealer, board, spec.dealt)
    hand.names = spec.players
    if spec.exchange is not None and not hand.ended:
        hand.exchange(*spec.exchange)
    return play_out(hand, spec.leads)


def award_json(a: Award, names: Sequence[str]) -> dict[str, Any]:
    return {"pot": a.pot, "seat": names[a.seat], "amount": a.amount, "at": a.at}


def to_json(hand: Hand, names: Sequence[str], rules_name: str) -> dict[str, Any]:
    """The replay object (see README: A short tour of rules and hands), field for field."""
    return {
        "rules": rules_name,
        "dealer": names[hand.dealer],
        "turnup": None if hand.turnup is None else str(hand.turnup),
        "trump": None if hand.trump is None else hand.trump.name,
        "dressed": dict(hand.dressed),
        "plays": [{"seat": names[p.seat], "card": str(p.card), "lead": p.lead} for p in hand.plays],
        "stops": [{"seat": names[s.seat], "card": str(s.card), "reason": s.reason} for s in hand.stops],
        "awards": [award_json(a, names) for a in hand.awards],
        "out": None if hand.out is None else names[hand.out],
        "void": hand.void,
        "payments": [{"from": names[p.payer], "to": names[p.payee], "amount": p.amount, "for": p.why}
                     for p in hand.payments],
        "board": hand.board.snapshot(),
        "net": {names[i]: n for i, n in enumerate(hand.net)},
    }


@dataclass
class FinalResult:
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
    suit = Suit[rules["final.suit"]]
    before = board.snapshot()
    holder = {c: s for s, cards in enumerate(dealt.hands) for c in cards}
    eldest = [(dealer + 1 + k) % seats for k in range(seats)]
    net = [0] * seats
    awards: list[Award] = []
    odd = rules["board.odd_counter"]
    for pot in rules.pots:
        cards = [spec.resolve(suit) for spec in pot.cards]
        if pot.wins == "first-out" or any(c is None or c not in holder for c in cards):
            continue
        owners = sorted({holder[c] for c in cards if c is not None}, key=eldest.index)
        shares = ([(owners[0], board.take(pot.name, owners[0], net))] if len(owners) == 1
                  else board.share(pot.name, owners, eldest, odd, net))
        held = tuple(c for c in cards if c is not None)
        awards.extend(Award(pot.name, s, n, "final", held) for s, n in shares if n)
    return FinalResult(rules, dealer, dealt.hands, board, before, awards, net, suit)


def final_json(res: FinalResult, names: Sequence[str], rules_name: str) -> dict[str, Any]:
    ah = res.rules.ace_high
    return {
        "rules": rules_name,
        "dealer": names[res.dealer],
        "turnup": None,
        "trump": res.suit.name,
        "dressed": dict.fromkeys(res.board.order, 0),
        "plays": [],
        "stops": [],
        "awards": [award_json(a, names) for a in res.awards],
        "out": None,
        "void": False,
        "payments": [],
        "board": res.board.snapshot(),
        "net": {names[i]: n for i, n in enumerate(res.net)},
        "hands": {names[i]: [str(c) for c in sorted(h, key=lambda c: (c // 13, rank_order(c, ah)))]
                  for i, h in enumerate(res.hands)},
    }
