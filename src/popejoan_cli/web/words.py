"""The words the pages show: the narration of the last thing recorded, why each run stopped, and
the settlement, in the command line's own words (`render.narrate`), added to what `table.seen`
says each screen may see.

`board_json(view)` and `seat_json(view, player)` are the JSON the routes send. A narrated line
is given twice: as text (`said`, cards as faces such as "A♠") and as `story`, a list of lines,
each a list of pieces (a string, or {"card": "AS"}) that the pages draw with the suit's symbol
and letter. The narration says only what the command line says at the table: stops told as
`told_reason` tells them, and no seed until the hand is over.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from popejoan_cli.game.cards import Card
from popejoan_cli.render import narrate
from popejoan_cli.render.narrate import Line
from popejoan_cli.render.practice_views import for_you
from popejoan_cli.table.events import CardLed, EventVoided, HandCheckpointed, HandDealt, RealHandDealt, TallyHandDealt
from popejoan_cli.table.seen import State, board_state, seat_state, shown_hand
from popejoan_cli.table.view import HandRecord, TableView

Piece = str | dict[str, str]


def story(lines: Sequence[Line]) -> list[list[Piece]]:
    """Narrated lines as JSON: text pieces as they are, cards as {"card": "AS"}."""
    return [[{"card": str(p)} if isinstance(p, Card) else p for p in line] for line in lines]


def text(lines: Sequence[Line]) -> str:
    return "\n".join(narrate.plain(line) for line in lines)


def lead_lines(rec: HandRecord) -> list[Line]:
    """What the hand's last lead did, as `popejoan lead` tells it: the run, its awards, the stop, what next."""
    hand = rec.hand
    plays = hand.plays
    first = max(i for i, p in enumerate(plays) if p.lead)
    when = {int(p.card): i for i, p in enumerate(plays)}
    # The awards and stops the earlier runs brought, counted as the command counted them before the lead.
    awards = sum(1 for a in hand.awards if a.at == "turnup" or (a.at == "play" and when[int(a.cards[-1])] < first))
    stops = sum(1 for s in hand.stops if when[int(s.card)] < first)
    return narrate.after_lead(hand, rec.players, plays[first:], stops, awards)


def dealt_lines(rec: HandRecord) -> list[Line]:
    """A new hand, as `popejoan deal` tells it, without the seed; the last line says who leads."""
    hand = rec.hand
    lines = narrate.dealt(hand, rec.players, rec.number, rec.dealer)
    if not hand.ended_at_turnup and hand.known:
        lines[-1] = [f"{rec.players[hand.leader]} leads."]
    return lines


def last_lines(view: TableView) -> list[Line]:
    """The narration of the last thing recorded at the table."""
    events = [e for _, e in view.effective if not isinstance(e, HandCheckpointed)]
    rec = shown_hand(view)
    last = events[-1] if events else None
    if rec is not None and isinstance(last, CardLed) and rec.hand.plays:
        return lead_lines(rec)
    if rec is not None and isinstance(last, HandDealt | RealHandDealt | TallyHandDealt):
        return dealt_lines(rec)
    if isinstance(last, EventVoided):
        return [["A command was taken back (undo)."]]
    if rec is not None and rec.real and rec.hand.plays:
        return [["Real deck: the cards are recorded as the table plays them."]]
    return []


def _add_words(state: State, view: TableView, you: str | None = None) -> State:
    """The narration, each stop's words and the settlement's lines, beside the facts; with `you`, told to
    that player in the second person where their name is "You" (practice), as `popejoan practice` tells it."""
    rec = shown_hand(view)

    def told(lines: Sequence[Line]) -> list[Line]:
        return for_you(lines, you) if you else list(lines)

    lines = told(last_lines(view))
    state["said"] = text(lines)
    state["story"] = story(lines)
    if rec is not None:
        stops = iter(rec.hand.stops)
        for run in state["runs"]:
            if run["stop"] is not None:
                run["stop"]["why"] = text(told([narrate.stop(rec.hand, next(stops), rec.players)]))
        if state["settlement"] is not None:
            labels = {p.name: p.label for p in view.the_rules().pots}
            lines = told(narrate.settlement(rec.hand, rec.players, labels))
            state["settlement"]["said"] = text(lines)
            state["settlement"]["story"] = story(lines)
    return state


def board_json(view: TableView) -> State:
    """`table.seen.board_state` with the words: `said`, `story`, each stop's `why`, the settlement's lines."""
    return _add_words(board_state(view), view)


def seat_json(view: TableView, player: str, extra: dict[str, Any] | None = None) -> State:
    """`table.seen.seat_state` with the same words, told to `player`; `extra` is merged in (practice adds its part)."""
    state = _add_words(seat_state(view, player), view, player)
    if extra:
        state.update(extra)
    return state
