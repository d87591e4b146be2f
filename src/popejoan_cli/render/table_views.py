"""Rich renderables for a table: the board as a board, the ledger, the history, a run told.

Builds renderables from a `TableView`; prints nothing and reads nothing. Player names, the
table's name, pot labels and seeds come from users and files: their control characters are
shown as visible escapes (`visible.shown`), so none reaches the terminal as itself, and they
are escaped before rich sees them (or put in `Text`, which parses nothing).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.align import Align
from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.markup import escape
from rich.measure import Measurement
from rich.padding import Padding
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from popejoan_cli.base.people import Person
from popejoan_cli.base.visible import shown
from popejoan_cli.base.words import as_typed
from popejoan_cli.game.cards import Card
from popejoan_cli.game.hand import Award, Played
from popejoan_cli.game.rules import HouseRules
from popejoan_cli.render import narrate
from popejoan_cli.render.figures import count, signed
from popejoan_cli.render.hand_views import Fit, cards_line, line_text
from popejoan_cli.render.history_notes import notes
from popejoan_cli.render.i18n import cards, counters, face, language, pot_label, suit_named, t, tn, tp
from popejoan_cli.render.narrate import said
from popejoan_cli.render.typeset import on_day, short_day
from popejoan_cli.table.ledger import change
from popejoan_cli.table.view import HandRecord, TableView


def records_view(title: str, columns: Sequence[tuple[str, str]], rows: Sequence[Sequence[RenderableType]],
                 heading: str = "{}", headings: Sequence[str] = ()) -> RenderableType:
    """A table of `rows` (rich markup, or `_Awards`) under `columns` (header, justify) where it fits, else
    one block per row.

    The blocks are the table turned on its side: `heading` filled with the row's first cell (or the row's
    own in `headings`, where one is given), then each other cell beside its column's header; many columns
    or long names are never cut.
    A column of `_Awards` keeps each award whole on its line where the table has the room (the
    other columns give theirs up first); else it is as narrow as its awards allow when each
    breaks before its winner's name; else the blocks are shown, where it has the room there is.

    The first column (a player's name, a hand's number) is never wrapped in the table: a name is
    what a reader finds a row by, and "Bartholomew" / "Quincey0" reads as two players. The
    headers wrap first ("Counters" / "won"), where the table still fits with the names whole
    (`ledger stats` with eight 20-character names at 80 columns); where it does not, the blocks,
    each headed by its name whole, are longer to read but break no name.
    """
    floors: dict[int, int] = {}
    for row in rows:
        for i, cell in enumerate(row):
            if isinstance(cell, _Awards):
                floors[i] = max(floors.get(i, 0), cell.floor)
    for i in floors:  # a column that wide must hold its header's longest word too ("Counters" / "won")
        floors[i] = max(floors[i], *(cell_len(word) for word in Text.from_markup(columns[i][0]).plain.split()))
    tables = [_records_table(title, columns, rows, floors, whole=True)]
    if floors:
        tables.append(_records_table(title, columns, rows, floors, whole=False))
    blocks: list[RenderableType] = [Text.from_markup(title)]
    for k, row in enumerate(rows):
        grid = Table.grid(padding=(0, 2))
        grid.add_column(no_wrap=True)
        grid.add_column()
        for (header, _), cell in zip(columns[1:], row[1:], strict=True):
            grid.add_row(Text.from_markup(header), Text.from_markup(cell) if isinstance(cell, str) else cell)
        head = headings[k] if k < len(headings) else heading.format(row[0])
        blocks += [Text(""), Text.from_markup(head, style="bold"),
                   Padding(grid, (0, 0, 0, 2), expand=False)]
    return Fit(*tables, Group(*blocks))


def _records_table(title: str, columns: Sequence[tuple[str, str]], rows: Sequence[Sequence[RenderableType]],
                   floors: dict[int, int], *, whole: bool) -> Table:
    """`records_view`'s table: the columns with `floors` (of `_Awards`) never narrowed (`whole`), or `floors` wide.
    The first column (a player's name, a hand's number) is never wrapped: where it would have to be, the
    blocks are shown, each headed by it whole."""
    table = Table(title=title, title_justify="left", header_style="bold")
    for i, (header, just) in enumerate(columns):
        table.add_column(header, justify=just, no_wrap=i == 0 or (whole and i in floors),  # type: ignore[arg-type]
                         width=None if whole else floors.get(i))
    for row in rows:
        table.add_row(*row)
    return table


def board_view(view: TableView) -> RenderableType:
    """The pots laid out around the trump and the turn-up, with the counters on each."""
    rules = view.the_rules()
    board = view.live_board()
    # Only a hand being played has a turn-up and a trump: a hand over is history's (and says so).
    hand = view.open_hand.hand if view.open_hand is not None else None
    # Wide enough for the longest label in the title ("─ Ace of hearts ─" and the corners).
    labels = [pot_label(p.label) for p in rules.pots]  # the seeds' own words at a Russian table
    width = max([16] + [cell_len(shown(label)) + 6 for label in labels])
    cells = [Panel(Text(count(board.get(p.name, 0)), justify="center", style="bold"),
                   title=escape(shown(label)), width=width) for p, label in zip(rules.pots, labels, strict=True)]
    middle = Text(justify="center")
    if hand is not None and hand.turnup is not None:
        middle.append_text(line_text(said("turn-up {card}", card=hand.turnup)))
        middle.append("\n")
        # The suit once, after a card of it, as `deal` says it: "trump: clubs ♣" (not "♣ C clubs").
        middle.append_text(line_text(said("trump: {suit}", suit=suit_named(hand.turnup.suit))))
    elif hand is not None:
        # The words that say it inside a rule's parentheses («(без открытой карты)»), begun as a line here.
        said_alone = t("no turn-up")
        middle.append(said_alone if language() == "en" else said_alone[:1].upper() + said_alone[1:])
    elif view.hands or view.final is not None:
        middle.append(t("no hand being played"))
    else:
        middle.append(t("no hand dealt yet"))
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
    rows = [Fit(*(laid_out(n) for n in range(max(half, 1), 0, -1)))]
    state = _state_line(view)
    total = sum(board.values())
    title = tn("{table}: the board ({n} counter)", "{table}: the board ({n} counters)", total,
               table=escape(shown(view.name)))
    return Panel(Group(*rows, state), title=title, title_align="left")


def _state_line(view: TableView) -> Text:
    rec = view.open_hand
    if view.ended:
        return Text(t("The session has ended."))
    if rec is None:
        return Text(t("Between hands: {player} deals next (`popejoan deal`).", player=shown(view.next_dealer)))
    hand = rec.hand
    if hand.lead_due:
        # `lead` is refused in a real hand. A sentence with each command whole: its words are the language's
        # (`popejoan lead КАРТА` in Russian, as the Russian narration writes the words a person fills in).
        leader = shown(rec.players[hand.leader])
        if rec.kind.real:
            return Text(t("Hand {number}: {player} to lead (`popejoan play NAME CARD`).", number=rec.number,
                          player=leader))
        return Text(t("Hand {number}: {player} to lead (`popejoan lead CARD`).", number=rec.number, player=leader))
    return Text(t("Hand {number} is being played.", number=rec.number))


def ledger_view(view: TableView) -> RenderableType:
    table = Table(title=t("{table}: balances", table=escape(shown(view.name))), title_justify="left",
                  header_style="bold")
    table.add_column(tp("ledger column", "Player"))
    table.add_column(tp("ledger column", "Counters"), justify="right")
    table.add_column(tp("ledger column", "Change"), justify="right")
    for name, n in view.live_balances().items():
        table.add_row(escape(shown(name)), count(n), signed(change(view, name)))
    foot = Text(_board_foot(view))
    # Those who left and are not back: one who came back (`table join --bring-back`) sits in the table above,
    # and what they took when they left is in the foot's "taken away" (issue 39).
    away = {name: n for name, n in view.taken_out.items() if name not in view.players}
    if away:
        gone = ", ".join(_took(name, n) for name, n in away.items())
        foot.append("\n" + t("Left the table: {players}", players=gone))
    return Group(table, foot)


def _board_foot(view: TableView) -> str:
    """The board, what was brought in and what was taken away; when those who left owe the table more than
    the others took, that is said as a debt («ушедшие должны столу 6 фишек», not «унесено −6»)."""
    on_board, taken = sum(view.live_board().values()), sum(view.taken_out.values())
    if taken >= 0:
        return tn("Board: {n} counter. Brought in {brought}, taken away {taken}.",
                  "Board: {n} counters. Brought in {brought}, taken away {taken}.", on_board,
                  brought=count(view.brought_in), taken=count(taken))
    return tn("Board: {n} counter. Brought in {brought}; those who left owe {owed}.",
              "Board: {n} counters. Brought in {brought}; those who left owe {owed}.", on_board,
              brought=count(view.brought_in), owed=counters(-taken))


def _took(name: str, n: int) -> str:
    """What a player took away when they left; a negative balance (`settle.negative`) is what they owe, said as a
    debt and not as a negative amount taken («долг: 27 фишек», never «унесено -27»)."""
    if n >= 0:
        return t("{player} (took {n})", player=shown(name), n=count(n))
    return tn("{player} (left owing {n})", "{player} (left owing {n})", -n, player=shown(name), n=count(-n))


def _hand_status(rec: HandRecord) -> str:
    """How the hand stands: void, ended on the turn-up, who went out, or still playing."""
    hand = rec.hand
    return (tp("hand", "void") if hand.void else t("(turn-up)") if hand.ended_at_turnup else
            rec.players[hand.out] if hand.out is not None else t("playing"))


def _seed_shown(rec: HandRecord) -> str:
    """The hand's deck: a real deck (tallied or not), or the seed."""
    # An open hand's seed would tell every hand: shown once the hand is over.
    return (t("real deck, tallied") if not rec.kind.records_cards else t("real deck") if rec.kind.real
            else escape(shown(str(rec.seed))) if rec.closed else "–")


def history_view(view: TableView) -> RenderableType:
    """Hand by hand, and the final clearing deal; with many players or a narrow terminal, one block per
    hand (see `records_view`). Each hand shows the time it was dealt beside its number, and the day
    where a new one begins; the title names the days (as the journal recorded them, the table's
    local time). A hand recorded before popejoan kept times shows none.

    A table with no hand (and no final deal) has no rows to head: one sentence says so, and
    who deals first (or that the session ended with none)."""
    if not view.hands and view.final is None:
        return _with_notes(view, _no_hands(view))
    heads = (tp("history column", "Hand"), tp("history column", "Dealer"), tp("history column", "Seed"),
             tp("history column", "Turn-up"), tp("history column", "Out"), tp("history column", "Pots won"))
    columns = [(escape(shown(col)), "left") for col in heads]
    columns += [(escape(shown(col)), "right") for col in view.players]
    labels = {p.name: pot_label(p.label) for p in view.the_rules().pots}
    rows: list[list[RenderableType]] = []
    days: list[str] = []
    heading = t("Hand {number}", number="{}")
    for rec in view.hands:
        hand = rec.hand
        rows.append([_when(str(rec.number), view.dealt_at(rec), days), escape(shown(rec.dealer)), _seed_shown(rec),
                     face(hand.turnup) if hand.turnup is not None else "–", escape(shown(_hand_status(rec))),
                     _won(hand.awards, labels, rec.players), *_nets(view.players, rec.players, hand.net)])
    headings = [heading.format(row[0]) for row in rows]
    if view.final is not None:
        rows.append(_final_row(view, labels, days))
        # Its block is headed by its name alone, as a line begins: «Финальный кон», not «Раздача финальный кон».
        first = str(rows[-1][0])
        headings.append(first[:1].upper() + first[1:])
    title = t("{table}: hand by hand", table=escape(shown(view.name)))
    if days:
        title = t("{title}, {days}", title=title,
                  days=on_day(days[0]) if len(days) == 1 else f"{on_day(days[0])} – {on_day(days[-1])}")
    return _with_notes(view, records_view(title, columns, rows, headings=headings))


def _with_notes(view: TableView, shown_first: RenderableType) -> RenderableType:
    """`shown_first`, then the history's notes (`history_notes.notes`): a hand dealt, undone and dealt again
    stays in the history, and a past hand corrected is said under it."""
    lines = notes(view)
    return Group(shown_first, *(Text(line) for line in lines)) if lines else shown_first


class _Awards:
    """A history row's pots won, one award to a line (`Pope 6 → Ann`).

    Why one to a line: comma-joined, the awards wrapped wherever the cell ended, inside a pot's
    label or a name ("King of" / "clubs 9 → ..."), and a banker paying out reads award by award.
    So a line break falls between awards; an award wider than its cell breaks before its
    winner's name (indented under it where there is room), and a part still too wide only at
    its spaces, as a last resort (rich cuts only a word wider than the whole cell).
    """

    def __init__(self, awards: Sequence[tuple[str, str]]) -> None:
        """`awards`: each award as the table says it, and the winner's name within it."""
        self.awards = [(shown(told), *_broken(shown(told), shown(name))) for told, name in awards]
        self.floor = max(max(cell_len(head), cell_len(name) + 2 if name else 0) for _, head, name in self.awards)
        """The narrowest this cell is with each award broken only before its winner's name (indented)."""

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        room = options.max_width
        for told, head, name in self.awards:
            if cell_len(told) <= room or not name:
                yield Text(told)
                continue
            yield Text(head)
            yield Text(("  " if cell_len(name) + 2 <= room else "") + name)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        words = [cell_len(word) for told, _, _ in self.awards for word in told.split()]
        widest = max(cell_len(told) for told, _, _ in self.awards)
        return Measurement(max(words), widest).with_maximum(options.max_width)


def _broken(told: str, name: str) -> tuple[str, str]:
    """An award as said, split before the winner's name where it ends with it (else whole, and no name)."""
    at = told.rfind(name)
    return (told[:at].rstrip(), told[at:]) if at > 0 and told[at:] == name else (told, "")


def _won(awards: Sequence[Award], labels: dict[str, str], names: Sequence[str]) -> RenderableType:
    """The pots won, as `_Awards` lays them out; "–" for none."""
    if not awards:
        return "–"
    return _Awards([(t("{pot} {n} → {player}", pot=labels[a.pot], n=a.amount, player=names[a.seat]), names[a.seat])
                    for a in awards])


def one_per_line(entries: Sequence[str]) -> RenderableType:
    """A cell of `entries` (`queen 4`, `jack 8`: what a player won from each pot, in `ledger stats`), one to
    a line as `_Awards` lays out a history's pots won, so a line breaks between two entries, never inside
    one ("queen 4, jack" / "8" once, comma-joined at 80 columns); "-" for none."""
    return _Awards([(entry, "") for entry in entries]) if entries else "-"


def _no_hands(view: TableView) -> Text:
    """`history` with no row: one sentence (names shown by `line_text`, control characters escaped)."""
    if view.ended:
        return line_text(said("No hands were played at {table}: the session has ended.", table=view.name))
    # `said`: at `popejoan shell` the hint names the command as the shell takes it (`deal`)
    return line_text(said("No hands yet at {table}: {player} deals first (`popejoan deal`).", table=view.name,
                          player=view.next_dealer))


def _when(first: str, at: str | None, days: list[str]) -> str:
    """The first cell of a history row: `first` (the hand's number), under it the time it was dealt, and
    before that the day (month-day) when a later day begins; `days` gathers each day met."""
    if at is None:
        return first
    date, clock = at[:10], at[11:16]
    shown_day = f"{short_day(date)} " if days and date != days[-1] else ""  # 12-01; 01.12 in Russian
    if not days or date != days[-1]:
        days.append(date)
    return f"{first}\n{shown_day}{clock}"


def _nets(players: Sequence[str], seated: Sequence[str], net: Sequence[int]) -> list[str]:
    nets = dict(zip(seated, net, strict=True))
    return [signed(nets[p]) if p in nets else "" for p in players]


def _final_row(view: TableView, labels: dict[str, str], days: list[str]) -> list[RenderableType]:
    """The final clearing deal as a row of the history: no dealer's hand, every pot to its holder."""
    final = view.final
    assert final is not None
    names = view.final_players
    return [_when(tp("history row", "final"), view.time_of(view.final_seq), days), escape(shown(names[final.dealer])),
            "–", "–", "–", _won(final.awards, labels, names), *_nets(view.players, names, final.net)]


def run_view(rec: HandRecord, played: Played) -> RenderableType:
    """What one lead did (the referee's record of it): the run, each award, the stop and who leads
    next, or the settlement."""
    return Group(*(line_text(line) for line in narrate.after_lead(rec.hand.rules, rec.players, played)))


def deal_summary(rec: HandRecord) -> RenderableType:
    return Group(*(line_text(line) for line in narrate.dealt(rec.hand, rec.players, rec.number, rec.dealer,
                                                              rec.seed)))


def seat_hand_view(rec: HandRecord, seat: int) -> RenderableType:
    """One player's own cards, from their observation (`Hand.observe`): for their eyes only."""
    hand = rec.hand
    held = [Card(c) for c in hand.observe(seat).own]  # cards_line sorts them
    body = Group(cards_line(held, hand.ace_high), Text(cards(len(held))))
    title = t("{player}'s hand (hand {number})", player=escape(shown(rec.players[seat])), number=rec.number)
    return Panel(body, title=title, title_align="left")


def pot_words(rules: HouseRules) -> Callable[[str], str]:
    """How a pot is named in settle and stats: English keeps the pot's name as it always has (`pope`), another
    language the pot's label in its words (`Поп Джон`), as the board shows it."""
    if language() == "en":
        return lambda name: name
    labels = {p.name: pot_label(p.label) for p in rules.pots}
    return lambda name: labels.get(name, name)


def gender_unknown(view: TableView, names: Sequence[str]) -> Text | None:
    """Said once, right after the reply of a command that seats `names` (`table new`, `table join`, `session new`),
    at a table whose language agrees with a player: those whose gender the name does not tell (Саша, Ann), and the
    command that says it; None when every one is known, or in English, which needs no gender.

    Until it is said their sentences are built so that none is needed (docs/i18n.md: Gender and case), which
    reads well but leaves the table never knowing it could say «Саша сыграла».
    """
    if language() == "en":
        return None
    unknown = [name for name in names if not view.people.get(name, Person()).gender]
    if not unknown:
        return None
    if len(unknown) == 1:
        return line_text(said("{player}'s gender cannot be told from the name: say it with "
                              "`popejoan table gender {as_typed} f` (or `m`).", player=unknown[0],
                              as_typed=as_typed(unknown[0])))
    return line_text(said("The gender of {players} and {last} cannot be told from the names: say each with "
                          "`popejoan table gender NAME f` (or `m`).", players=", ".join(unknown[:-1]),
                          last=unknown[-1]))
