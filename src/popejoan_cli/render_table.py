"""Rich renderables for a table: the board as a board, the ledger, the history, a run told.

Builds renderables from a `TableView`; prints nothing and reads nothing. Player names come
from users and are escaped before rich sees them (or put in `Text`, which parses nothing).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.align import Align
from rich.console import Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from popejoan_cli.cards import Card
from popejoan_cli.hand import Hand, Play
from popejoan_cli.render_hand import REASONS, _award_line, card_text, cards_line, suit_label
from popejoan_cli.table import HandRecord, TableView


def board_view(view: TableView) -> RenderableType:
    """The pots laid out around the trump and the turn-up, with the counters on each."""
    rules = view.the_rules()
    board = view.live_board()
    rec = view.open_hand or (view.hands[-1] if view.hands else None)
    hand = rec.hand if rec is not None else None
    cells = [Panel(Text(f"{board.get(p.name, 0)}", justify="center", style="bold"),
                   title=escape(p.label), width=16) for p in rules.pots]
    middle = Text(justify="center")
    if hand is not None and hand.turnup is not None:
        middle.append("turn-up ")
        middle.append_text(card_text(hand.turnup))
        middle.append(f"\ntrump {suit_label(hand.turnup.suit)}")
    elif hand is not None:
        middle.append("no turn-up")
    else:
        middle.append("no hand dealt yet")
    centre = Panel(middle, width=26, border_style="dim")
    half = (len(cells) + 1) // 2
    rows: list[RenderableType] = []
    for part in (cells[:half], cells[half:]):
        if part:
            grid = Table.grid(padding=(0, 1))
            grid.add_row(*part)
            rows.append(Align.center(grid))
        if not rows[1:]:
            rows.append(Align.center(centre))
    state = _state_line(view)
    title = f"{escape(view.name)}: the board ({sum(board.values())} counters)"
    return Panel(Group(*rows, state), title=title, title_align="left")


def _state_line(view: TableView) -> Text:
    rec = view.open_hand
    if view.ended:
        return Text("The session has ended.")
    if rec is None:
        return Text(f"Between hands: {view.next_dealer} deals next (`popejoan deal`).")
    hand = rec.hand
    if hand.lead_due:
        return Text(f"Hand {rec.number}: {rec.players[hand.leader]} to lead (`popejoan lead CARD`).")
    return Text(f"Hand {rec.number} is being played.")


def ledger_view(view: TableView) -> RenderableType:
    table = Table(title=f"{escape(view.name)}: balances", title_justify="left", header_style="bold")
    table.add_column("Player")
    table.add_column("Counters", justify="right")
    table.add_column("Change", justify="right")
    live = view.live_balances()
    for name, n in live.items():
        table.add_row(escape(name), str(n), f"{n - view.bought.get(name, 0):+d}")
    foot = Text(f"Board: {sum(view.live_board().values())} counters. "
                f"Brought in {view.brought_in}, taken away {sum(view.taken_out.values())}.")
    if view.taken_out:
        foot.append("\nLeft the table: " + ", ".join(f"{n} (took {v})" for n, v in view.taken_out.items()))
    return Group(table, foot)


def history_view(view: TableView) -> RenderableType:
    table = Table(title=f"{escape(view.name)}: hand by hand", title_justify="left", header_style="bold")
    for col in ("Hand", "Dealer", "Seed", "Turn-up", "Out", "Pots won", *view.players):
        table.add_column(escape(col), justify="right" if col in view.players else "left")
    for rec in view.hands:
        hand = rec.hand
        labels = {p.name: p.label for p in view.the_rules().pots}
        won = ", ".join(f"{labels[a.pot]} {a.amount} → {rec.players[a.seat]}" for a in hand.awards)
        status = ("void" if hand.void else "(turn-up)" if hand.ended_at_turnup else
                  rec.players[hand.out] if hand.out is not None else "playing")
        row = [str(rec.number), escape(rec.dealer), escape(str(rec.seed)),
               hand.turnup.face if hand.turnup is not None else "–", escape(status), escape(won or "–")]
        nets = dict(zip(rec.players, hand.net, strict=True))
        row += [f"{nets[p]:+d}" if p in nets else "" for p in view.players]
        table.add_row(*row)
    return table


def run_view(rec: HandRecord, plays: Sequence[Play], start_stops: int, start_awards: int) -> RenderableType:
    """What one lead did: the run, each award, the stop and who leads next, or the settlement."""
    hand, names = rec.hand, rec.players
    labels = {p.name: p.label for p in hand.rules.pots}
    parts: list[RenderableType] = []
    line = Text(f"{names[plays[0].seat]} leads ")
    for k, p in enumerate(plays):
        if k:
            line.append(" ")
        line.append_text(card_text(p.card))
        if k and plays[k - 1].seat != p.seat:
            line.append(f" ({names[p.seat]})", style="dim")
    parts.append(line)
    parts += [_award_line(a, names, labels) for a in hand.awards[start_awards:] if a.at == "play"]
    parts += _ending(hand, names, start_stops, labels)
    return Group(*parts)


def _ending(hand: Hand, names: Sequence[str], start_stops: int, labels: dict[str, str]) -> list[RenderableType]:
    parts: list[RenderableType] = []
    for stop in hand.stops[start_stops:]:
        nxt = hand.succ[stop.card]
        why = REASONS[stop.reason].format(card=stop.card.face, next=Card(nxt).face if nxt >= 0 else "",
                                          who=names[(stop.seat + 1) % len(names)])
        parts.append(Text(f"Stop at {stop.card.face}: {why}."))
    if hand.void:
        parts.append(Text("Nobody can lead a new suit: the hand is void. The board carries over."))
    elif hand.out is not None:
        parts.append(Text(f"{names[hand.out]} is out.", style="bold"))
        parts += [_award_line(a, names, labels) for a in hand.awards if a.at == "out"]
        parts += [Text(f"{names[p.payer]} pays {names[p.payee]} {p.amount} for cards left.")
                  for p in hand.payments if p.why == "cards"]
    elif hand.lead_due:
        parts.append(Text(f"{names[hand.leader]} leads next."))
    return parts


def deal_summary(rec: HandRecord) -> RenderableType:
    hand, names = rec.hand, rec.players
    labels = {p.name: p.label for p in hand.rules.pots}
    parts: list[RenderableType] = [Text(f"Hand {rec.number}: {rec.dealer} deals (seed {rec.seed}).")]
    dressed = sum(hand.dressed.values())
    parts.append(Text(f"The board is dressed with {dressed} counters."))
    if hand.turnup is not None:
        parts.append(Text.assemble("Turn-up ", card_text(hand.turnup), f": trump is {suit_label(hand.turnup.suit)}."))
    parts += [Text("Turn-up: ").append_text(_award_line(a, names, labels)).append(" (the dealer)")
              for a in hand.awards if a.at == "turnup"]
    parts += [Text(f"{names[p.payer]} pays {names[p.payee]} {p.amount} for the turned-up Pope.")
              for p in hand.payments if p.why == "turnup"]
    if hand.ended_at_turnup:
        parts.append(Text("The hand ends at the turn-up; the board carries over."))
    else:
        parts.append(Text(f"{names[hand.leader]} leads. Each player sees his own hand with "
                          "`popejoan hand show NAME`."))
    return Group(*parts)


def seat_hand_view(rec: HandRecord, seat: int) -> RenderableType:
    hand = rec.hand
    cards = [Card(c) for c in hand.holding[seat]]
    body = Group(cards_line(cards, hand.ace_high), Text(f"{len(cards)} card{'s' if len(cards) != 1 else ''}"))
    return Panel(body, title=f"{escape(rec.players[seat])}'s hand (hand {rec.number})", title_align="left")
