"""Computer players: which card a seat leads, and playing a known hand out with bots.

This module owns the bots' choice of lead and nothing else. Legality stays with the
referee: a bot chooses only among `Hand.legal_leads(seat)`, the one list the referee
itself checks plays against, so a bot can never play a card the referee would refuse.
Follows in a run are forced and are played by `Hand.follow_run` / `_place(follow=True)`.

A bot sees only what its seat may know at a real table: its own cards
(`hand.holding[seat]`), the cards played so far (`hand.played_by`), the stops called and
their reasons (`hand.stops`), the turn-up and where it lies (it is shown face up, so its
place is public), the cards removed from the pack, the trump and the counters on the
board. It never reads another seat's cards or the spare hand.

Levels (`LEVELS`):
- `simple`: the lowest policy (`replay.lowest_lead`): lowest rank, ties by suit C, D, H, S.
- `good`: the old sources' advice, in this order of preference: a lead that goes out; a
  lead that keeps the lead (a run of one's own cards ending at a known stop: the top card,
  the card below a removed card such as 7♦ under 8♦, below a played card, below the
  out-of-play turn-up or below a card known to be in the spare hand); the Pope and the
  trump ace, early, since nothing can be played up to them; then the lead worth most:
  the pots it wins, the cards it sheds, a bonus for a card only a lead can ever play, less
  a pot card it hands to the next holder. Played cards are remembered through the
  referee's public record. Deterministic: ties go to the lowest policy's order.

Pure: no files, no printing.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from popejoan_cli.game.cards import CARDS, SPARE, Card
from popejoan_cli.game.hand import OUT_OF_PLAY, Hand
from popejoan_cli.game.playout import _LEAD_KEY, lowest_lead

LEVELS = ("simple", "good")

_PRED: dict[bool, tuple[int, ...]] = {}
"""The card one rank below each card in its suit (-1 for the lowest), by ace rule."""


def _pred_table(ace_high: bool, succ: Sequence[int]) -> tuple[int, ...]:
    found = _PRED.get(ace_high)
    if found is None:
        pred = [-1] * 52
        for c, n in enumerate(succ):
            if n >= 0:
                pred[n] = c
        found = _PRED[ace_high] = tuple(pred)
    return found


def _dead(hand: Hand) -> set[int]:
    """Cards the leader knows can never be played from now on (public knowledge only)."""
    dead: set[int] = set(hand.rules.removed)
    played_by = hand.played_by
    dead.update(c for c in range(52) if played_by[c] >= 0)
    up = hand.turnup
    if up is not None:
        # The turn-up is shown face up: where it lies (out of play, a hand, the spare hand) is public.
        where = hand.holder[up]
        if where in (OUT_OF_PLAY, SPARE):
            dead.add(up)
    succ = hand.succ
    for stop in hand.stops:
        if stop.reason == "spare":
            nxt = succ[stop.card]
            if nxt >= 0:
                dead.add(nxt)
    return dead


def _good_lead(hand: Hand, seat: int) -> Card:
    legal = hand.legal_leads(seat)
    key = _LEAD_KEY[hand.ace_high]
    if len(legal) == 1:
        return CARDS[legal[0]]
    mine = hand.holding[seat]
    left = hand.left[seat]
    succ = hand.succ
    pred = _pred_table(hand.ace_high, succ)
    dead = _dead(hand)
    triggers = hand.triggers
    counters = hand.board.counters
    rules = hand.rules
    played_by = hand.played_by
    rank = hand.rank
    holder_follows = not hand.clockwise
    same_player = rules["play.pairs"] == "same-player"
    ascending = rules["play.pair_order"] == "ascending"

    def pots_of(chain: list[int]) -> float:
        won = 0.0
        in_chain = set(chain)
        for c in chain:
            for kind, name, other in triggers.get(c, ()):
                if kind == "card":
                    won += counters[name]
                    continue
                if ascending and rank[other] > rank[c]:
                    continue
                if other in in_chain or played_by[other] == seat:
                    won += counters[name]
                elif not same_player and played_by[other] >= 0:
                    won += counters[name] / 2
        return won

    early = {hand.pope_card, None if hand.trump is None else hand.trump * 13}  # the Pope and the trump ace
    best: tuple[float, ...] | None = None
    choice = legal[0]
    for c in legal:
        chain = [c]
        if holder_follows:
            nxt = succ[c]
            while nxt >= 0 and nxt in mine:
                chain.append(nxt)
                nxt = succ[nxt]
        else:
            nxt = succ[c]
        goes_out = len(chain) >= left
        # Holder follow: the player of the stop card leads next; clockwise: only a top stop keeps it.
        keeps = nxt < 0 or (holder_follows and nxt in dead)
        value = pots_of(chain) + 0.6 * len(chain)
        p = pred[c]
        if p < 0 or p in dead:
            value += 1.5  # nothing can be played up to it: only a lead of ours ever plays it
        if not keeps and nxt >= 0 and nxt not in mine:
            # The run passes to someone else: a pot card next is a gift to him.
            for kind, name, _ in triggers.get(nxt, ()):
                if kind == "card":
                    value -= 0.5 * counters[name]
        score = (float(goes_out), float(keeps), float(c in early), value, float(-key[c]))
        if best is None or score > best:
            best, choice = score, c
    return CARDS[choice]


def pick_lead(hand: Hand, level: str, rng: random.Random | None = None) -> tuple[int, Card]:
    """The lead `level` chooses for the seat whose lead it is, always among its legal leads.

    `rng` is accepted for callers that want one; both levels are deterministic and use none.
    """
    if level == "simple":
        return lowest_lead(hand)
    if level == "good":
        seat = hand.lead_seats()[0]
        return seat, _good_lead(hand, seat)
    raise ValueError(f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}")


def play_out_bots(hand: Hand, levels: Sequence[str]) -> Hand:
    """Play a known hand to its end, each seat leading at its level (`levels[seat]`)."""
    for level in levels:
        if level not in LEVELS:
            raise ValueError(f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}")
    if len(levels) < hand.seats:
        raise ValueError(f"{hand.seats} seats but {len(levels)} bot levels")
    good = [level == "good" for level in levels]
    key = _LEAD_KEY[hand.ace_high].__getitem__
    while not hand.ended:
        if hand.lead_due:
            seat = hand.lead_seats()[0]
            # The simple level inlined (it is `lowest_lead`): the simulator's hot path.
            card = _good_lead(hand, seat) if good[seat] else min(hand.legal_leads(seat), key=key)
            hand._place(seat, card, follow=True)
        else:
            before = len(hand.plays)
            hand.follow_run()
            if len(hand.plays) == before:
                raise RuntimeError("the hand is stuck: bots play known hands only")
    return hand
