"""Computer players: which card a seat leads, and playing a known hand out with bots.

This module owns the bots' choice of lead and nothing else. Legality stays with the
referee: a bot chooses only among `Hand.legal_leads(seat)`, the one list the referee
itself checks plays against, so a bot can never play a card the referee would refuse.
Follows in a run are forced and are played by `Hand.push` / `Hand.follow_run`.

A bot is given only its seat's `Hand.observe(seat)` (`pick_lead(observation, level)`), what
the seat may know at a real table: its own cards, the cards played so far, the stops called
and their reasons as the table was told them (`sight.told_reason`), the turn-up
and where it lies (it is shown face up, so its place is public), the cards removed from
the pack, the trump and the counters on the board. It never sees another seat's cards or
the spare hand.

Levels (`LEVELS`):
- `simple`: the lowest policy (`playout.lowest_lead`): lowest rank, ties by suit C, D, H, S.
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

from collections.abc import Sequence

from popejoan_cli.game.cards import CARDS, Card
from popejoan_cli.game.hand import LEAD_KEY, Hand, Observation
from popejoan_cli.game.state import RANK, SUCC

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


def _dead(view: Observation, succ: Sequence[int]) -> set[int]:
    """Cards the leader knows can never be played from now on (public knowledge only)."""
    dead: set[int] = set(view.public.removed)
    played_by = view.played_by
    dead.update(c for c in range(52) if played_by[c] >= 0)
    if view.public.turnup is not None and view.public.turnup_dead:
        dead.add(view.public.turnup)
    for stop in view.stops:
        if stop.reason == "spare":
            nxt = succ[stop.card]
            if nxt >= 0:
                dead.add(nxt)
    return dead


class _Judge:
    """The `good` level's valuation of each legal lead, from one seat's observation."""

    def __init__(self, view: Observation) -> None:
        self.view = view
        self.succ = SUCC[view.public.ace_high]
        self.pred = _pred_table(view.public.ace_high, self.succ)
        self.rank = RANK[view.public.ace_high]
        self.dead = _dead(view, self.succ)
        trump = view.public.trump
        self.early = {view.public.pope_card, None if trump is None else trump * 13}  # the Pope and the trump ace

    def pots_of(self, chain: list[int]) -> float:
        view, rank = self.view, self.rank
        counters, played_by, seat = view.counters, view.played_by, view.seat
        won = 0.0
        in_chain = set(chain)
        for c in chain:
            for kind, name, other in view.triggers.get(c, ()):
                if kind == "card":
                    won += counters[name]
                elif view.public.pairs_ascending and rank[other] > rank[c]:
                    continue
                elif other in in_chain or played_by[other] == seat:
                    won += counters[name]
                elif not view.public.pairs_same_player and played_by[other] >= 0:
                    won += counters[name] / 2
        return won

    def score(self, c: int, key: Sequence[int]) -> tuple[float, ...]:
        view, succ, mine = self.view, self.succ, self.view.own
        holder_follows = not view.public.clockwise
        chain = [c]
        nxt = succ[c]
        while holder_follows and nxt >= 0 and nxt in mine:
            chain.append(nxt)
            nxt = succ[nxt]
        goes_out = len(chain) >= view.left[view.seat]
        # Holder follow: the player of the stop card leads next; clockwise: only a top stop keeps it.
        keeps = nxt < 0 or (holder_follows and nxt in self.dead)
        value = self.pots_of(chain) + 0.6 * len(chain)
        p = self.pred[c]
        if p < 0 or p in self.dead:
            value += 1.5  # nothing can be played up to it: only a lead of ours ever plays it
        if not keeps and nxt >= 0 and nxt not in mine:
            # The run passes to someone else: a pot card next is a gift to him.
            for kind, name, _ in view.triggers.get(nxt, ()):
                if kind == "card":
                    value -= 0.5 * view.counters[name]
        return (float(goes_out), float(keeps), float(c in self.early), value, float(-key[c]))


def good_lead(view: Observation) -> Card:
    """The `good` level's lead from what its seat may know (`Hand.observe`)."""
    legal = view.legal
    if len(legal) == 1:
        return CARDS[legal[0]]
    key = LEAD_KEY[view.public.ace_high]
    judge = _Judge(view)
    return CARDS[max(legal, key=lambda c: judge.score(c, key))]


def pick_lead(view: Observation, level: str) -> Card:
    """The lead `level` chooses from what its seat may know (`Hand.observe(seat)` of the seat
    whose lead it is): always one of `view.legal`, the referee's legal leads. A bot is given the
    observation only, never the hand: it cannot read another seat's cards or the spare hand.

    >>> from popejoan_cli.formats.presets import preset
    >>> from popejoan_cli.game.board import Board
    >>> from popejoan_cli.game.deal import seeded_deal
    >>> rules = preset("modern-stops")
    >>> hand = Hand.deal(rules, 4, 0, Board(rules), seeded_deal(rules, 4, 0, 42))
    >>> _ = hand.lead(1, Card.parse("AS"))  # Bob's A♠, Ann's 2♠, and a stop: Ann leads
    >>> pick_lead(hand.observe(0), "simple").face, pick_lead(hand.observe(0), "good").face
    ('A♦', 'A♦')
    """
    if level == "simple":
        return CARDS[view.legal[0]]  # the lowest policy: `legal` is in `LEAD_KEY` order
    if level == "good":
        return good_lead(view)
    raise ValueError(f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}")


def bot_lead(hand: Hand, level: str) -> tuple[int, Card]:
    """The seat whose lead it is and the lead its bot picks from that seat's observation."""
    seat = hand.lead_seats()[0]
    return seat, pick_lead(hand.observe(seat), level)


def play_out_bots(hand: Hand, levels: Sequence[str]) -> Hand:
    """Play a known hand to its end, each seat leading at its level (`levels[seat]`)."""
    for level in levels:
        if level not in LEVELS:
            raise ValueError(f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}")
    if len(levels) < hand.seats:
        raise ValueError(f"{hand.seats} seats but {len(levels)} bot levels")
    good = [level == "good" for level in levels]
    # The lowest policy straight from the referee's fast list: the same card as
    # `pick_lead(hand.observe(seat), "simple")` (tests/game/test_bots.py), without building the view.
    push, lowest = hand.push, hand.lowest_lead
    while not hand.ended:
        if hand.turn.phase == "lead":
            seat = hand.leader  # of a known hand, the one seat of `lead_seats()`
            push(seat, good_lead(hand.observe(seat)) if good[seat] else lowest(seat))
        else:
            before = len(hand.moves)
            hand.follow_run()
            if len(hand.moves) == before:
                raise RuntimeError("the hand is stuck: bots play known hands only")
    return hand
