"""Computer players: which card a seat leads, and playing a known hand out with bots.

This module owns the bots' choice of lead and nothing else. Legality stays with the
referee: a bot chooses only among `Hand.law.legal_leads(seat)`, the one list the referee
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
- `good`: the old sources' advice (`heuristic.good_lead`): a lead that goes out, then one
  that keeps the lead, the Pope and the trump ace early, then the lead worth most.
- `strong`: looks ahead (`lookahead.weigh`): deals the cards its seat cannot see again as its
  observation allows, plays each legal lead and the rest of the hand out on every such deal,
  and leads the one that gains its seat most on average. It reads the house rules too (public)
  and a seed; the same observation and seed give the same lead.

`QUICK` are the rule-of-thumb levels, which need nothing but the observation. `play_out_bots`
also takes levels of the caller's own (`more`): `simulate`'s `peek` bound, which no table offers.

Pure: no files, no printing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from popejoan_cli.game.cards import CARDS, Card
from popejoan_cli.game.hand import Hand, Observation
from popejoan_cli.game.heuristic import good_lead
from popejoan_cli.game.levels import LEVELS, QUICK  # the names, kept apart from the bots' search
from popejoan_cli.game.lookahead import strong_lead
from popejoan_cli.game.rules import HouseRules

__all__ = ["LEVELS", "QUICK", "bot_lead", "choosers", "pick_lead", "play_out_bots", "wants_lieu"]


def pick_lead(view: Observation, level: str, rules: HouseRules | None = None, seed: int = 0) -> Card:
    """The lead `level` chooses from what its seat may know (`Hand.observe(seat)` of the seat
    whose lead it is): always one of `view.legal`, the referee's legal leads. A bot is given the
    observation only, never the hand: it cannot read another seat's cards or the spare hand.
    `strong` also reads the house rules (public: every seat knows them) and a seed for its search.

    >>> from popejoan_cli.formats.presets import preset
    >>> from popejoan_cli.game.board import Board
    >>> from popejoan_cli.game.deal import seeded_deal
    >>> rules = preset("modern-stops")
    >>> hand = Hand.deal(rules, 4, 0, Board(rules), seeded_deal(rules, 4, 0, 42))
    >>> _ = hand.lead(1, Card.parse("AS"))  # Bob's A♠, Ann's 2♠, and a stop: Ann leads
    >>> [pick_lead(hand.observe(0), level, rules).face for level in LEVELS]
    ['A♦', 'A♦', 'A♦']
    """
    if level == "simple":
        return CARDS[view.legal[0]]  # the lowest policy: `legal` is in `LEAD_KEY` order
    if level == "good":
        return good_lead(view)
    if level == "strong":
        if rules is None:
            raise ValueError("the strong level reads the house rules: pass rules=")
        return strong_lead(view, rules, seed)
    raise ValueError(f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}")


def bot_lead(hand: Hand, level: str, seed: int = 0, human: int | None = None) -> tuple[int, Card]:
    """The seat whose lead it is and the lead its bot picks from that seat's observation; or, first, the Pope
    in lieu of a stop by the bot holding it, if it wants to (`wants_lieu`; `human`: a seat no bot plays)."""
    seat = hand.law.lead_seats()[0]
    lieu = hand.law.lieu_seat()
    if lieu not in (-1, seat, human) and wants_lieu(hand.observe(lieu), level, hand.rules):
        return lieu, CARDS[hand.observe(lieu).legal[0]]
    return seat, pick_lead(hand.observe(seat), level, hand.rules, seed)


def wants_lieu(view: Observation, level: str, rules: HouseRules) -> bool:
    """Whether a bot not on lead plays the Pope in lieu of a stop that its view offers it (docs/house-rules.md:
    play.pope_in_lieu; its leader weighs the Pope among its leads): `simple` never (it leads its lowest card
    and nothing else); the others when it wins something now, counters on the Pope's pot or stakes per card."""
    pope = rules.pope
    if level == "simple" or pope is None or not view.legal:
        return False
    return view.public.counters.get(pope.name, 0) > 0 or rules.play.pope_stakes > 0


Chooser = Callable[[Hand, int], Card]
"""A lead for a seat of a known hand: how `play_out_bots` plays a level."""


def choosers(levels: Sequence[str], seed: int = 0, more: Mapping[str, Chooser] | None = None) -> list[Chooser]:
    """How each seat leads at its level (`levels[seat]`); `more`: levels of the caller's own (`simulate`'s bound)."""
    known = {**_CHOOSERS, **(more or {})}
    for level in levels:
        if level not in known:
            raise ValueError(f"unknown bot level {level!r}; levels: {', '.join(known)}")

    def strong(hand: Hand, seat: int) -> Card:
        return strong_lead(hand.observe(seat), hand.rules, seed)

    return [strong if level == "strong" else known[level] for level in levels]


def _lowest(hand: Hand, seat: int) -> Card:
    # The lowest policy straight from the referee's fast list: the same card as
    # `pick_lead(hand.observe(seat), "simple")` (tests/game/test_bots.py), without building the view.
    return hand.law.lowest_lead(seat)


def _good(hand: Hand, seat: int) -> Card:
    return good_lead(hand.observe(seat))


_CHOOSERS: dict[str, Chooser] = {"simple": _lowest, "good": _good, "strong": _lowest}  # strong: made by `choosers`


def play_out_bots(hand: Hand, levels: Sequence[str], seed: int = 0,
                  more: Mapping[str, Chooser] | None = None) -> Hand:
    """Play a known hand to its end, each seat leading at its level (`levels[seat]`); `seed`: the
    `strong` level's; `more`: levels of the caller's own (see `choosers`)."""
    chosen = choosers(levels, seed, more)
    if len(levels) < hand.seats:
        raise ValueError(f"{hand.seats} seats but {len(levels)} bot levels")
    push = hand.push
    while not hand.ended:
        if hand.turn.phase == "lead":
            seat = hand.leader  # of a known hand, the one seat of `lead_seats()`
            lieu = hand.law.lieu_seat()
            if lieu not in (-1, seat) and wants_lieu(hand.observe(lieu), levels[lieu], hand.rules):
                push(lieu, hand.observe(lieu).legal[0])
                continue
            push(seat, chosen[seat](hand, seat))
        else:
            before = len(hand.moves)
            hand.follow_run()
            if len(hand.moves) == before:
                raise RuntimeError("the hand is stuck: bots play known hands only")
    return hand
