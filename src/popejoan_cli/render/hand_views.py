"""Rich renderables for one hand: a deal, a played-out hand told run by run, a final deal; and `Fit`,
the choice between layouts (a table, or the same told another way) that the table's views use too.

Builds renderables from core results; prints nothing and reads nothing. Player names, pot
labels, titles and seeds come from users and files: their control characters are shown as
visible escapes (`visible.shown`), so none reaches the terminal as itself, and they are
escaped before rich sees them. Suits always show symbol and letter.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.markup import escape
from rich.measure import Measurement
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from popejoan_cli.base.visible import shown
from popejoan_cli.formats.dealfile import DealSpec
from popejoan_cli.game.cards import Card, Dealt, Seed, Suit, sort_key
from popejoan_cli.game.hand import Award, Hand
from popejoan_cli.game.playout import FinalResult
from popejoan_cli.game.rules import HouseRules
from popejoan_cli.render import i18n, narrate
from popejoan_cli.render.figures import count, quote, signed
from popejoan_cli.render.i18n import face, pot_label, preset_title, t, tn, tp
from popejoan_cli.render.narrate import Line, said

SUIT_STYLE = {Suit.C: "bold", Suit.D: "bold red", Suit.H: "bold red", Suit.S: "bold"}


class Fit:
    """The first of `choices` that fits the width it is given without a cut cell (else the last).

    rich cuts a cell ("…") once a table's columns are narrower than their longest word. A
    choice whose narrowest layout is wider than the room is passed over; so is one that rich,
    given less room than it wants, would cut all the same: rich narrows the widest columns
    first and does not stop at their longest word, so a column of one long word (a 20-character
    name without a space) is cut while another's wrapping text still had room to give. Only
    such a choice is drawn to see (twice at most); one that fits at its widest is not.
    """

    def __init__(self, *choices: RenderableType) -> None:
        self.choices = choices
        self._picked: dict[int, RenderableType] = {}

    def _pick(self, console: Console, options: ConsoleOptions) -> RenderableType:
        if options.max_width not in self._picked:
            self._picked[options.max_width] = next(
                (c for c in self.choices[:-1] if _fits(console, options, c)), self.choices[-1])
        return self._picked[options.max_width]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self._pick(console, options)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self._pick(console, options))


def _fits(console: Console, options: ConsoleOptions, choice: RenderableType) -> bool:
    """Whether `choice` is drawn in `options.max_width` with no cell cut: its narrowest layout fits,
    and drawn there it shows no "…" beyond those its own words hold (drawn with all the room it wants)."""
    # Measured unbounded: rich clamps a table's minimum to the width it is offered.
    room = Measurement.get(console, options.update_width(10_000), choice)
    if room.minimum > options.max_width:
        return False
    if room.maximum <= options.max_width:
        return True

    def cuts(width: int) -> int:
        lines = console.render_lines(choice, options.update_width(width), pad=False)
        return sum(segment.text.count("…") for line in lines for segment in line)

    here = cuts(options.max_width)
    return here == 0 or here <= cuts(room.maximum)


def card_text(card: Card) -> Text:
    return Text(face(card), style=SUIT_STYLE[card.suit])


def line_text(line: Line) -> Text:
    """A narrated line for rich: cards styled, everything else as written (control characters as escapes)."""
    text = Text()
    for piece in line:
        if isinstance(piece, Card):
            text.append_text(card_text(piece))
        else:
            text.append(shown(piece))
    return text


def _names(names: Sequence[str]) -> list[str]:
    return [shown(n) for n in names]


def _labels(rules: HouseRules) -> dict[str, str]:
    return {p.name: shown(p.label) for p in rules.pots}


def cards_line(cards: Sequence[Card], ace_high: bool) -> Text:
    text = Text()
    for i, c in enumerate(sorted(cards, key=lambda c: sort_key(c, ace_high))):
        if i:
            text.append(" ")
        text.append_text(card_text(c))
    return text


def hands_table(names: Sequence[str], hands: Sequence[Sequence[Card]], spare: Sequence[Card] | None,
                ace_high: bool, dealer: int, turnup: Card | None = None) -> RenderableType:
    """One row per seat, its cards sorted by suit and rank, grouped by suit.

    Where rich, short of room, would narrow the seat column below a name's longest word (and cut
    it: `Anne-Sophie-Lefevre0` has no space), the seat column is as wide as that word instead
    and the names wrap only at their spaces; the cards' columns wrap."""
    rows: list[tuple[str, Sequence[Card]]] = [
        (escape(shown(n)) + (t(" (dealer)") if i == dealer else ""), hands[i]) for i, n in enumerate(names)]
    if spare is not None:
        rows.append((t("spare hand"), spare))
    longest = max(cell_len(word) for label, _ in rows for word in Text.from_markup(label).plain.split())
    return Fit(_seats_table(rows, ace_high, turnup, None), _seats_table(rows, ace_high, turnup, longest))


def _seats_table(rows: Sequence[tuple[str, Sequence[Card]]], ace_high: bool, turnup: Card | None,
                 seat_width: int | None) -> Table:
    """`hands_table` laid out: the seat column as rich sizes it, or `seat_width` wide."""
    table = Table(box=None, pad_edge=False, show_header=True, header_style="bold")
    letters = {Suit.C: tp("suit letter", "C"), Suit.D: tp("suit letter", "D"), Suit.H: tp("suit letter", "H"),
               Suit.S: tp("suit letter", "S")}
    table.add_column(tp("hand column", "Seat"), width=seat_width)
    table.add_column("#", justify="right")
    for s in Suit:
        table.add_column(f"{s.symbol} {letters[s]}")
    for label, cards in rows:
        cells: list[Text | str] = [label, str(len(cards))]
        for s in Suit:
            line = Text()
            for c in sorted((c for c in cards if c.suit == s), key=lambda c: sort_key(c, ace_high)):
                if line:
                    line.append(" ")
                line.append_text(card_text(c))
                if c == turnup:
                    line.append("*", style="bold")
            cells.append(line)
        table.add_row(*cells)
    return table


def deal_view(rules: HouseRules, names: Sequence[str], dealer: int, seed: Seed, dealt: Dealt) -> RenderableType:
    parts: list[RenderableType] = [hands_table(names, dealt.hands, dealt.spare, rules.ace_high, dealer,
                                               dealt.turnup if dealt.turnup_holder is not None else None)]
    if dealt.turnup is not None:
        parts.append(Text.assemble(tp("hand", "Turn-up: "), card_text(dealt.turnup),
                                   _turnup_where(dealt.turnup, dealt.turnup_holder is None)))
    else:
        parts.append(Text(t("No turn-up and no trump under these rules.")))
    title = t("{rules}: {dealer} deals, seed {seed}", rules=escape(shown(preset_title(rules.title))),
              dealer=escape(shown(names[dealer])),
              seed=escape(shown(quote(seed) if isinstance(seed, str) else repr(seed))))  # «abc» at a Russian table
    return Panel(Group(*parts), title=title, title_align="left")


def _turnup_where(turnup: Card, out_of_play: bool) -> str:
    """What follows the deal's turn-up: where it lies, and the trump once, after a card of it ("diamonds ♦").
    An English face (`K♣`) is followed by the notation typed for it (`KC`); a Russian face is itself what a
    Russian table types (`К♣`, and `Кт` where suits are letters), so it is not followed by a copy of itself
    («К♣ (Кт, …)», and «Кт (Кт, …)» with POPEJOAN_SUITS=letters), nor by the Latin notation («(KC, …)»)."""
    trump = i18n.suit_named(turnup.suit)
    if i18n.language() != "en":
        return (t(" (out of play); trump: {suit}", suit=trump) if out_of_play
                else t(" (marked * in its hand); trump: {suit}", suit=trump))
    return (t(" ({notation}, out of play); trump: {suit}", notation=turnup, suit=trump) if out_of_play
            else t(" ({notation}, marked * in its hand); trump: {suit}", notation=turnup, suit=trump))


def _award_line(a: Award, names: Sequence[str], labels: dict[str, str]) -> Text:
    return line_text(narrate.award(a, names, labels))


def board_table(rules: HouseRules, before: dict[str, int], after: dict[str, int], dressed: dict[str, int]) -> Table:
    table = Table(title=tp("hand", "Board"), title_justify="left", box=None, header_style="bold")
    for col in (tp("hand column", "Pot"), tp("hand column", "Before"), tp("hand column", "Dressed"),
                tp("hand column", "After")):
        table.add_column(col, justify="right" if table.columns else "left")
    for pot in rules.pots:
        table.add_row(escape(shown(pot_label(pot.label))), count(before.get(pot.name, 0)),
                      count(dressed.get(pot.name, 0)), count(after.get(pot.name, 0)))
    return table


def net_table(names: Sequence[str], net: Sequence[int]) -> Table:
    table = Table(title=t("Net change"), title_justify="left", box=None, header_style="bold")
    table.add_column(tp("hand column", "Player"))
    table.add_column(tp("hand column", "Net"), justify="right")
    for n, v in zip(names, net, strict=True):
        table.add_row(escape(shown(n)), signed(v))
    return table


def replay_view(hand: Hand, spec: DealSpec) -> RenderableType:
    """The hand told for people: the deal, each run and its stop, awards, settlement, board."""
    names = _names(spec.players)
    rules = spec.rules
    labels = _labels(rules)
    ah = rules.ace_high
    parts: list[RenderableType] = [hands_table(names, spec.dealt.hands, spec.dealt.spare, ah, spec.dealer,
                                               spec.dealt.turnup if spec.dealt.turnup_holder is not None else None)]
    if hand.turnup is not None:
        parts.append(line_text(said("Turn-up {card}, trump: {suit}.", card=hand.turnup,
                                    suit=i18n.suit_named(hand.turnup.suit))))  # as `deal` says it (narrate)
    parts += [line_text(line) for line in narrate.turnup_awards(hand.awards, names, labels)]  # as `deal` says them
    for pay in hand.payments:
        if pay.why == "turnup":
            parts.append(Text(tn("{payer} pays {n} counter to {payee} for the turned-up Pope.",
                                 "{payer} pays {n} counters to {payee} for the turned-up Pope.", pay.amount,
                                 payer=names[pay.payer], payee=names[pay.payee])))
        elif pay.why == "exchange":
            parts.append(Text(tn("{payer} pays {n} counter to {payee} for the spare hand.",
                                 "{payer} pays {n} counters to {payee} for the spare hand.", pay.amount,
                                 payer=names[pay.payer], payee=names[pay.payee])))
    if hand.exchanged is not None:
        parts.append(Text(t("{player} takes the spare hand.", player=names[hand.exchanged[0]])))
    if hand.ended_at_turnup:
        parts.append(Text(t("The hand ends at the turn-up: no play, and the board carries over.")))
    parts += _runs_told(hand, names, labels)
    parts += _end_told(hand, names, labels)
    parts.append(board_table(rules, hand.board_before, hand.board.snapshot(), hand.dressed))
    parts.append(net_table(names, hand.net))
    title = t("{rules}: {dealer} deals", rules=escape(shown(preset_title(rules.title))),
              dealer=escape(names[spec.dealer]))
    return Panel(Group(*parts), title=title, title_align="left")


def _end_told(hand: Hand, names: Sequence[str], labels: dict[str, str]) -> list[RenderableType]:
    """After the runs: what passing the lead cost (`play.pass_pays`), a void hand and its fines, the settlement."""
    parts: list[RenderableType] = [line_text(line) for line in
                                   narrate.fed([f for f in hand.feeds if f.why == "pass"], names, labels)]
    if hand.void:
        parts.append(Text(t("Nobody can lead a new suit: the hand is void. No settlement; the board carries over.")))
        parts += [line_text(line) for line in narrate.lead_fines(hand.payments, hand.feeds, names, labels)]
    return parts + [line_text(line) for line in narrate.settlement(hand.rules, names, labels, hand.whole())]


def _runs_of(hand: Hand) -> list[list[int]]:
    """The plays of the hand, by index, split into runs: each lead starts a new run."""
    runs: list[list[int]] = []
    for i, p in enumerate(hand.plays):
        if p.lead or not runs:
            runs.append([])
        runs[-1].append(i)
    return runs


def _run_won(
    hand: Hand, run: list[int], play_awards: list[Award], names: Sequence[str], labels: dict[str, str]
) -> list[RenderableType]:
    """What the run won: each award in play whose last card was played in this run, and the stakes per card
    paid for the Pope when it was played in this run (`play.pope_stakes`)."""
    cards = [hand.plays[i].card for i in run]
    won: list[RenderableType] = [Text("    ").append_text(_award_line(a, names, labels))
                                 for a in play_awards if a.cards and a.cards[-1] in cards]
    if hand.pope_card in cards:
        won += [Text("    ").append_text(line_text(line)) for line in narrate.pope_stakes(hand.payments, names)]
    return won


def _runs_told(hand: Hand, names: Sequence[str], labels: dict[str, str]) -> list[RenderableType]:
    """Each run of the hand: its plays, then its stop or the going out, then what it won."""
    parts: list[RenderableType] = []
    runs = _runs_of(hand)
    stops = iter(hand.whole().stops)  # each reason as the table may hear it now (`sight.told_stops`)
    play_awards = [a for a in hand.awards if a.at == "play"]
    for n, run in enumerate(runs, start=1):
        plays = [hand.plays[i] for i in run]
        told = line_text(narrate.run(plays, names, narrate.lieu_of(hand, plays)))
        parts.append(Text(t("Run {number}: ", number=n)).append_text(told))
        last = hand.plays[run[-1]]
        if hand.out is not None and n == len(runs) and last.seat == hand.out:
            parts.append(Text("    " + t("{player} plays the last card in hand and goes out.", player=names[hand.out])))
        else:
            stop = next(stops, None)
            if stop is not None:
                parts.append(Text("    ").append_text(line_text(narrate.stop(hand.rules, stop, names, hand.kind.real))))
        parts += _run_won(hand, run, play_awards, names, labels)
    return parts


def final_view(res: FinalResult, names: Sequence[str]) -> RenderableType:
    rules = res.rules
    names = _names(names)
    labels = _labels(rules)
    parts: list[RenderableType] = [
        Text(t("The final deal: every card dealt round; `trump` pots read as {suit}.", suit=i18n.suit_named(res.suit))),
        hands_table(names, res.hands, None, rules.ace_high, res.dealer),
    ]
    parts += ([line_text(line) for line in narrate.final_awards(res.awards, names, labels)]
              or [Text(t("No pot is won."))])
    parts.append(board_table(rules, res.board_before, res.board.snapshot(), {}))
    parts.append(net_table(names, res.net))
    title = t("{rules}: final deal", rules=escape(shown(preset_title(rules.title))))
    return Panel(Group(*parts), title=title, title_align="left")


def totals_view(
    rules: HouseRules, names: Sequence[str], totals: dict[str, int], board: dict[str, int]
) -> RenderableType:
    """The evening so far: each player's total and what is left on the board."""
    table = Table(title=t("Totals"), title_justify="left", header_style="bold")
    table.add_column(tp("hand column", "Player"))
    table.add_column(tp("hand column", "Counters"), justify="right")
    for n in names:
        table.add_row(escape(shown(n)), signed(totals[n]))
    pots = Table(title=t("Board carried over"), title_justify="left", header_style="bold")
    pots.add_column(tp("hand column", "Pot"))
    pots.add_column(tp("hand column", "Counters"), justify="right")
    for pot in rules.pots:
        pots.add_row(escape(shown(pot_label(pot.label))), count(board.get(pot.name, 0)))
    note = Text(t("Players {players}, board {board}: nothing created or lost.", players=signed(sum(totals.values())),
                  board=signed(sum(board.values()))))
    return Group(table, pots, note)
