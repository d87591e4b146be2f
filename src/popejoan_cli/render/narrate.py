"""The words for what happened: runs, stops, awards, settlements, as lines of text and cards.

A `Line` is a list of pieces, each a string or a `Card`. The rich renderers style the cards
(symbol and letter, never colour alone); plain output, for pipes and NO_COLOR terminals,
prints their faces. Both say the same words because both come from here. The names and
labels in a line come from people; both outputs show their control characters as visible
escapes (`visible.shown`), so a name cannot move the cursor or colour the terminal. Pure: no rich.
"""

from __future__ import annotations

from collections.abc import Sequence

from popejoan_cli.base.visible import shown
from popejoan_cli.base.words import plural
from popejoan_cli.game.cards import Card, Suit
from popejoan_cli.game.hand import Award, Hand, Play, Stop
from popejoan_cli.game.tally import TallyHand

Line = list[str | Card]

REASONS = {
    "top": "{card} is the top card of its suit",
    "removed": "the next card, {next}, is out of the pack",
    "spare": "the next card, {next}, is in the spare hand",
    "turnup": "the next card, {next}, is the turn-up, out of play",
    "played": "the next card, {next}, was played earlier",
    "not-in-turn": "{who} is next in turn and does not hold {next}",
    "called": "the table called a stop",
}


def suit_label(suit: Suit) -> str:
    return f"{suit.symbol} {suit.name} {suit.title}"


def plain(line: Line) -> str:
    return "".join(p.face if isinstance(p, Card) else shown(p) for p in line)


def award(a: Award, names: Sequence[str], labels: dict[str, str]) -> Line:
    """`Bob wins Matrimony (Q♣ then K♣): 4 counters`."""
    line: Line = [f"{names[a.seat]} wins {labels.get(a.pot, a.pot)}"]
    if a.cards:
        line.append(" (")
        for i, c in enumerate(a.cards):
            if i:
                line.append(" then " if a.at == "play" else " and ")
            line.append(c)
        line.append(")")
    line.append(f": {plural(a.amount, 'counter')}")
    return line


def final_awards(awards: Sequence[Award], names: Sequence[str], labels: dict[str, str]) -> list[Line]:
    """The final deal's pots: `Bob wins Matrimony (Q♣ and K♣): 4 counters`, or, when the
    cards fell to several players, `Cat and Bob share Matrimony (Q♣ and K♣): 2 counters each`."""
    groups: dict[str, list[Award]] = {}
    for a in awards:
        groups.setdefault(a.pot, []).append(a)
    lines: list[Line] = []
    for pot, group in groups.items():
        if len(group) == 1:
            lines.append(award(group[0], names, labels))
            continue
        who = [names[a.seat] for a in group]
        line: Line = [f"{', '.join(who[:-1])} and {who[-1]} share {labels.get(pot, pot)}"]
        if group[0].cards:
            line.append(" (")
            for i, c in enumerate(group[0].cards):
                if i:
                    line.append(" and ")
                line.append(c)
            line.append(")")
        amounts = {a.amount for a in group}
        if len(amounts) == 1:
            line.append(f": {plural(group[0].amount, 'counter')} each")
        else:
            line.append(": " + ", ".join(f"{names[a.seat]} {a.amount}" for a in group))
        lines.append(line)
    return lines


def stop(hand: Hand, s: Stop, names: Sequence[str]) -> Line:
    nxt = hand.succ[s.card]
    # Under clockwise follow the table sees only that the next player cannot go on: naming the
    # spare hand would tell it where a card it has not seen lies.
    reason = "not-in-turn" if s.reason == "spare" and hand.clockwise and not hand.ended else s.reason
    why = REASONS[reason].format(card=s.card.face, next=Card(nxt).face if nxt >= 0 else "",
                                   who=names[(s.seat + 1) % len(names)])
    return [f"Stop at {s.card.face}: {why}."]


def run(plays: Sequence[Play], names: Sequence[str]) -> Line:
    """`Ann leads 4♣ 5♣ (Dan) 6♣ (Ann)`: each card, and who played it when the player changes."""
    line: Line = [f"{names[plays[0].seat]} leads "]
    for k, p in enumerate(plays):
        if k:
            line.append(" ")
        line.append(p.card)
        if k and plays[k - 1].seat != p.seat:
            line.append(f" ({names[p.seat]})")
    return line


def settlement(hand: Hand, names: Sequence[str], labels: dict[str, str]) -> list[Line]:
    """Going out, the first-out pots, each payment for cards, and who kept the Pope."""
    if hand.out is None:
        return []
    lines: list[Line] = [award(a, names, labels) for a in hand.awards if a.at == "out"]
    lines += [[f"{names[p.payer]} pays {names[p.payee]} {p.amount} for cards left."]
              for p in hand.payments if p.why == "cards"]
    pope, exempt = hand.pope_card, hand.rules.settle.pope_exempt
    if pope is not None and exempt != "none" and 0 <= hand.holder[pope] != hand.out:
        holder = names[hand.holder[pope]]
        lines.append([f"{holder} still holds the Pope (", Card(pope), ") and pays nothing for cards left."]
                     if exempt == "holder" else [f"{holder}'s Pope (", Card(pope), ") is not counted."])
    return lines


def after_lead(hand: Hand, names: Sequence[str], plays: Sequence[Play], first_stop: int,
               first_award: int) -> list[Line]:
    """What one lead did: the run, its awards, the stop and who leads next, or the settlement."""
    labels = {p.name: p.label for p in hand.rules.pots}
    lines: list[Line] = [run(plays, names)]
    lines += [award(a, names, labels) for a in hand.awards[first_award:] if a.at == "play"]
    lines += [stop(hand, s, names) for s in hand.stops[first_stop:]]
    if hand.void:
        lines.append(["Nobody can lead a new suit: the hand is void. The board carries over."])
    elif hand.out is not None:
        lines.append([f"{names[hand.out]} is out."])
        lines += settlement(hand, names, labels)
    elif hand.lead_due:
        lines.append([f"{names[hand.leader]} leads next."])
    return lines


def dealt(hand: Hand, names: Sequence[str], number: int, dealer: str, seed: object = None) -> list[Line]:
    """A new hand: the dressing, the turn-up and its effects, and who leads. `seed` is shown
    only where it may be (a practice hand against computers): a table's seed deals every hand,
    so it stays unsaid until the hand is over."""
    labels = {p.name: p.label for p in hand.rules.pots}
    if not hand.known:  # a real deck has no seed
        head = f"Hand {number}: real deck, {dealer} deals."
    else:
        head = f"Hand {number}: {dealer} deals{'' if seed is None else f' (seed {seed})'}."
    lines: list[Line] = [[head], [f"The board is dressed with {plural(sum(hand.dressed.values()), 'counter')}."]]
    if hand.turnup is not None:
        lines.append(["Turn-up ", hand.turnup, f": trump is {suit_label(hand.turnup.suit)}."])
    lines += [["Turn-up: ", *award(a, names, labels), " (the dealer)"] for a in hand.awards if a.at == "turnup"]
    lines += [[f"{names[p.payer]} pays {names[p.payee]} {p.amount} for the turned-up Pope."]
              for p in hand.payments if p.why == "turnup"]
    if hand.ended_at_turnup:
        lines.append(["The hand ends at the turn-up; the board carries over."])
    elif isinstance(hand, TallyHand):
        lines.append([f"{names[hand.leader]} leads. Record pots as they are taken with `popejoan pay NAME POT`, "
                      "and the end with `popejoan out NAME --left NAME=N,...`."])
    elif not hand.known:  # a real deck: nobody but the players has seen the cards
        lines.append([f"{names[hand.leader]} leads: record each card with `popejoan play NAME CARD`."])
    else:
        lines.append([f"{names[hand.leader]} leads. Each player sees their own hand with `popejoan hand show NAME`."])
    return lines


def progress(hand: Hand, names: Sequence[str], first_play: int, first_stop: int,
             first_award: int) -> list[Line]:
    """A real hand after some plays: each card, its awards, any stop, and what comes next."""
    labels = {p.name: p.label for p in hand.rules.pots}
    lines: list[Line] = []
    for p in hand.plays[first_play:]:
        lines.append([f"{names[p.seat]} {'leads' if p.lead else 'plays'} ", p.card])
        lines += [award(a, names, labels) for a in hand.awards[first_award:]
                  if a.at == "play" and a.cards and a.cards[-1] == p.card]
    lines += [stop(hand, s, names) for s in hand.stops[first_stop:]]
    lines += next_step(hand, names)
    return lines


def next_step(hand: Hand, names: Sequence[str]) -> list[Line]:
    """What the table does next, in a real hand."""
    if hand.out is not None:
        lines: list[Line] = [[f"{names[hand.out]} is out."]]
        if hand.awaiting_pope:
            lines.append([f"Who still holds the Pope? `popejoan out {names[hand.out]} --pope NAME|spare|none`"])
        else:
            lines.append([f"Settle with `popejoan out {names[hand.out]}`."])
        return lines
    if hand.ended:
        return []
    if hand.turn.card is not None:
        want = Card(hand.turn.card)
        if hand.turn.phase == "follow" and hand.turn.seat is not None:
            return [["Next: ", want, f", which {names[hand.turn.seat]} holds."]]
        return [["Next: ", want, ", from whoever holds it; or `popejoan stop` if nobody can."]]
    seats = hand.lead_seats()
    if len(seats) == 1:
        return [[f"{names[seats[0]]} leads next."]]
    return [[f"{names[hand.leader]} leads next, or the first player after them who can change suit."]]
