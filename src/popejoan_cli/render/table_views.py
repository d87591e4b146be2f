"""Rich renderables for a table: the board as a board, the ledger, the history, a run told.

Builds renderables from a `TableView`; prints nothing and reads nothing. Player names, the
table's name, pot labels and seeds come from users and files: their control characters are
shown as visible escapes (`visible.shown`), so none reaches the terminal as itself, and they
are escaped before rich sees them (or put in `Text`, which parses nothing).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.align import Align
from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.markup import escape
from rich.measure import Measurement
from rich.padding import Padding
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from popejoan_cli.base.visible import shown
from popejoan_cli.game.cards import Card
from popejoan_cli.game.hand import Play
from popejoan_cli.render import narrate
from popejoan_cli.render.hand_views import card_text, cards_line, line_text
from popejoan_cli.render.narrate import suit_label
from popejoan_cli.table.ledger import change
from popejoan_cli.table.view import HandRecord, TableView


class _Fit:
    """The first of `choices` whose narrowest layout fits the width it is given (else the last).

    rich cuts a cell ("…") once a table's columns are narrower than their longest word; a
    choice whose minimum width fits is wrapped only at spaces.
    """

    def __init__(self, *choices: RenderableType) -> None:
        self.choices = choices

    def _pick(self, console: Console, options: ConsoleOptions) -> RenderableType:
        for choice in self.choices[:-1]:
            # Measured unbounded: rich clamps a table's minimum to the width it is offered.
            if Measurement.get(console, options.update_width(10_000), choice).minimum <= options.max_width:
                return choice
        return self.choices[-1]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self._pick(console, options)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self._pick(console, options))


def records_view(title: str, columns: Sequence[tuple[str, str]], rows: Sequence[Sequence[str]],
                 heading: str = "{}") -> RenderableType:
    """A table of `rows` (rich markup) under `columns` (header, justify) where it fits, else one block per row.

    The blocks are the table turned on its side: `heading` filled with the row's first cell,
    then each other cell beside its column's header; many columns or long names are never cut.
    """
    table = Table(title=title, title_justify="left", header_style="bold")
    for header, just in columns:
        table.add_column(header, justify=just)  # type: ignore[arg-type]
    for row in rows:
        table.add_row(*row)
    blocks: list[RenderableType] = [Text.from_markup(title)]
    for row in rows:
        grid = Table.grid(padding=(0, 2))
        grid.add_column(no_wrap=True)
        grid.add_column()
        for (header, _), cell in zip(columns[1:], row[1:], strict=True):
            grid.add_row(Text.from_markup(header), Text.from_markup(cell))
        blocks += [Text(""), Text.from_markup(heading.format(row[0]), style="bold"),
                   Padding(grid, (0, 0, 0, 2), expand=False)]
    return _Fit(table, Group(*blocks))


def board_view(view: TableView) -> RenderableType:
    """The pots laid out around the trump and the turn-up, with the counters on each."""
    rules = view.the_rules()
    board = view.live_board()
    rec = view.open_hand or (view.hands[-1] if view.hands else None)
    hand = rec.hand if rec is not None else None
    # Wide enough for the longest label in the title ("─ Ace of hearts ─" and the corners).
    width = max([16] + [cell_len(shown(p.label)) + 6 for p in rules.pots])
    cells = [Panel(Text(f"{board.get(p.name, 0)}", justify="center", style="bold"),
                   title=escape(shown(p.label)), width=width) for p in rules.pots]
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

    def laid_out(per_row: int) -> RenderableType:
        """The pots `per_row` to a row, the centre after the first half of them."""
        rows: list[RenderableType] = []
        half = (len(cells) + 1) // 2
        for start in range(0, len(cells), per_row):
            if start >= half and centre not in rows:
                rows.append(centre)
            grid = Table.grid(padding=(0, 1))
            grid.add_row(*cells[start:start + per_row])
            rows.append(grid)
        if centre not in rows:
            rows.append(centre)
        return Group(*(Align.center(r) for r in rows))

    # Two rows round the centre where they fit; else fewer pots to a row (never a cut label).
    half = (len(cells) + 1) // 2
    rows = [_Fit(*(laid_out(n) for n in range(max(half, 1), 0, -1)))]
    state = _state_line(view)
    title = f"{escape(shown(view.name))}: the board ({sum(board.values())} counters)"
    return Panel(Group(*rows, state), title=title, title_align="left")


def _state_line(view: TableView) -> Text:
    rec = view.open_hand
    if view.ended:
        return Text("The session has ended.")
    if rec is None:
        return Text(f"Between hands: {shown(view.next_dealer)} deals next (`popejoan deal`).")
    hand = rec.hand
    if hand.lead_due:
        how = "`popejoan play NAME CARD`" if rec.real else "`popejoan lead CARD`"  # `lead` is refused in a real hand
        return Text(f"Hand {rec.number}: {shown(rec.players[hand.leader])} to lead ({how}).")
    return Text(f"Hand {rec.number} is being played.")


def ledger_view(view: TableView) -> RenderableType:
    table = Table(title=f"{escape(shown(view.name))}: balances", title_justify="left", header_style="bold")
    table.add_column("Player")
    table.add_column("Counters", justify="right")
    table.add_column("Change", justify="right")
    for name, n in view.live_balances().items():
        table.add_row(escape(shown(name)), str(n), f"{change(view, name):+d}")
    foot = Text(f"Board: {sum(view.live_board().values())} counters. "
                f"Brought in {view.brought_in}, taken away {sum(view.taken_out.values())}.")
    if view.taken_out:
        foot.append("\nLeft the table: " + ", ".join(f"{shown(n)} (took {v})" for n, v in view.taken_out.items()))
    return Group(table, foot)


def history_view(view: TableView) -> RenderableType:
    """Hand by hand; with many players or a narrow terminal, one block per hand (see `records_view`)."""
    columns = [(escape(shown(col)), "right" if col in view.players else "left")
               for col in ("Hand", "Dealer", "Seed", "Turn-up", "Out", "Pots won", *view.players)]
    labels = {p.name: p.label for p in view.the_rules().pots}
    rows: list[list[str]] = []
    for rec in view.hands:
        hand = rec.hand
        won = ", ".join(f"{labels[a.pot]} {a.amount} → {rec.players[a.seat]}" for a in hand.awards)
        status = ("void" if hand.void else "(turn-up)" if hand.ended_at_turnup else
                  rec.players[hand.out] if hand.out is not None else "playing")
        # An open hand's seed would tell every hand: shown once the hand is over.
        seed = ("real deck, tallied" if rec.tally else "real deck" if rec.real
                else escape(shown(str(rec.seed))) if rec.closed else "–")
        row = [str(rec.number), escape(shown(rec.dealer)), seed,
               hand.turnup.face if hand.turnup is not None else "–", escape(shown(status)),
               escape(shown(won or "–"))]
        nets = dict(zip(rec.players, hand.net, strict=True))
        row += [f"{nets[p]:+d}" if p in nets else "" for p in view.players]
        rows.append(row)
    return records_view(f"{escape(shown(view.name))}: hand by hand", columns, rows, heading="Hand {}")


def run_view(rec: HandRecord, plays: Sequence[Play], start_stops: int, start_awards: int) -> RenderableType:
    """What one lead did: the run, each award, the stop and who leads next, or the settlement."""
    return Group(*(line_text(line) for line in narrate.after_lead(rec.hand, rec.players, plays, start_stops,
                                                                   start_awards)))


def deal_summary(rec: HandRecord) -> RenderableType:
    return Group(*(line_text(line) for line in narrate.dealt(rec.hand, rec.players, rec.number, rec.dealer,
                                                              rec.seed)))


def seat_hand_view(rec: HandRecord, seat: int) -> RenderableType:
    hand = rec.hand
    cards = [Card(c) for c in hand.holding[seat]]
    body = Group(cards_line(cards, hand.ace_high), Text(f"{len(cards)} card{'s' if len(cards) != 1 else ''}"))
    return Panel(body, title=f"{escape(shown(rec.players[seat]))}'s hand (hand {rec.number})", title_align="left")
