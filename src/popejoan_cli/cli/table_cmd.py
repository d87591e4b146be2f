"""The table verbs: `table ...`, `deal`, `lead`/`play`, `hand show`, `board`, `ledger show`,
`history`, `undo`, `count`, `check` and `end`. Each change goes through `tables.record`."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated, Any

import typer

from popejoan_cli import cli
from popejoan_cli.base.errors import RuleViolation, UsageError
from popejoan_cli.base.words import plural
from popejoan_cli.cli import command, console, emit_json, hand_app, ledger_app, root, say, table_app

if TYPE_CHECKING:
    from popejoan_cli.table.events import Event
    from popejoan_cli.table.fold import TableView

JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON on stdout.")]


def _where() -> Any:
    from popejoan_cli.store import tables

    return tables.folder(cli.table_override)


def _view(full: bool = False) -> TableView:
    from popejoan_cli.store import tables

    view, warnings = tables.view(_where(), full=full)
    for w in warnings:
        sys.stderr.write(f"popejoan: warning: {w}\n")
    return view


def _record(make: Any, **kw: Any) -> Any:
    from popejoan_cli.store import tables

    done = tables.record(make, where=kw.pop("where", None) or _where(), **kw)
    for w in done.warnings:
        sys.stderr.write(f"popejoan: warning: {w}\n")
    return done


# ------------------------------------------------------------------------------- tables
def _counters(text: str) -> int:
    """`--counters N`: a whole number of counters in range, read without converting thousands
    of digits (Python refuses those with a traceback)."""
    from popejoan_cli.base.limits import cut, whole_number
    from popejoan_cli.table.fold import MAX_COUNTERS

    n = whole_number(text, 0, MAX_COUNTERS)
    if n is None:
        word = text.strip()
        digits = word.removeprefix("-")
        if not (digits.isascii() and digits.isdigit()):
            why = "is not a whole number"
        else:
            why = "is negative" if word.startswith("-") else "is too large"
        raise UsageError(f"--counters {cut(word, 20)} {why}", f"allowed: a whole number from 0 to {MAX_COUNTERS:,}")
    return n


@command(table_app, "new")
def table_new(
    name: Annotated[str, typer.Argument(help="A name for the table, e.g. fridays.")],
    rules_spec: Annotated[str | None, typer.Option("--rules", "-r", help="A preset name or house-rule file.")]
    = None,
    players: Annotated[str | None, typer.Option("--players", "-p", help="Players clockwise: Ann,Bob,Cat.")] = None,
    dealer: Annotated[str | None, typer.Option("--dealer", "-d", help="First dealer (default: first player).")] = None,
    counters: Annotated[str | None, typer.Option("--counters", "-c", metavar="N",
                                                 help="Counters each player brings (50).")] = None,
    from_file: Annotated[str | None, typer.Option("--from", metavar="FILE",
                                                  help="Continue an exported ledger (TOML or JSON) as a new "
                                                       "session.")] = None,
) -> None:
    """Create a table and make it the current one (or continue an exported ledger with --from)."""
    from popejoan_cli.cli.hand_cmd import _players
    from popejoan_cli.formats.presets import load_rules
    from popejoan_cli.store import tables
    from popejoan_cli.table.events import TableOpened

    tables.check_name(name)  # with --table too: the name is shown, exported and journalled
    where = tables.tables_dir() / name if not cli.table_override else _where()
    if from_file is not None:
        given = [o for o, v in (("--rules", rules_spec), ("--players", players), ("--dealer", dealer),
                                ("--counters", counters)) if v is not None]
        if given:
            raise UsageError(f"--from takes the rules, players, dealer and counters from the file: "
                             f"leave out {', '.join(given)}")
        from popejoan_cli.cli.ledger_cmd import read_export

        continue_table(name, read_export(from_file), from_file, where)
        return
    if rules_spec is None or players is None:
        missing = " and ".join(o for o, v in (("--rules", rules_spec), ("--players", players)) if v is None)
        raise UsageError(f"a new table needs {missing}",
                         "e.g. `popejoan table new fridays --rules modern-stops --players Ann,Bob,Cat`, "
                         "or continue an export with --from FILE")
    each = 50 if counters is None else _counters(counters)
    rules = load_rules(rules_spec)
    names = _players(players)
    from popejoan_cli.base.names import find_name

    first = (find_name(dealer, names) or dealer) if dealer is not None else names[0]
    _record(lambda view: [TableOpened(name=name, rules=rules.to_dict(), rules_name=rules.name, players=names,
                                      counters=each, dealer=first)], where=where, create=True)
    if not cli.table_override:
        tables.set_current(name)
    console().print(f"Table {name!r} is ready: {', '.join(names)}, {plural(each, 'counter')} each, "
                    f"{rules.title} rules. {first} deals first: `popejoan deal`.", markup=False)


@command(table_app, "list")
def table_list(as_json: JsonOpt = False) -> None:
    """The tables in the popejoan home folder; the current one is marked."""
    from popejoan_cli.store import tables

    names, current = tables.table_names(), tables.current_name()
    if as_json:
        emit_json({"tables": names, "current": current if current in names else None})
        return
    out = console()
    if not names:
        out.print("No tables yet: `popejoan table new NAME --rules R --players A,B,C`.", markup=False)
    for n in names:
        out.print(f"{'*' if n == current else ' '} {n}", markup=False)


@command(table_app, "use")
def table_use(name: Annotated[str, typer.Argument(help="The table to make current.")]) -> None:
    """Make a table the current one."""
    from popejoan_cli.store import tables

    tables.folder_of(name)
    tables.set_current(name)
    console().print(f"Now using table {name!r}.", markup=False)


@command(table_app, "path")
def table_path(as_json: JsonOpt = False) -> None:
    """Print the folder that holds the current table's journal."""
    if as_json:
        emit_json({"path": str(_where())})
        return
    sys.stdout.write(f"{_where()}\n")


@command(table_app, "join")
def table_join(
    name: Annotated[str, typer.Argument(help="The new player.")],
    counters_text: Annotated[str | None, typer.Option("--counters", "-c", metavar="N",
                                                      help="Counters the player brings (default: what each "
                                                           "player brought when the table opened).")] = None,
) -> None:
    """A player sits down between hands (last in the clockwise order)."""
    from popejoan_cli.table.events import PlayerJoined, TableOpened

    given = None if counters_text is None else _counters(counters_text)
    if "," in name:
        raise UsageError(f"{name!r} is not one player's name", "a name may not contain a comma")

    brings: list[int] = []

    def make(view: TableView) -> list[Event]:
        if given is not None:
            brings.append(given)
            return [PlayerJoined(player=name, counters=given)]
        if view.continues:
            # A continued session opens with no counters of its own: there is no starting stake to copy.
            raise UsageError(f"how many counters does {name} bring? this session continues {view.continues!r}",
                             f"e.g. `popejoan table join {name} --counters 50`")
        opened = view.effective[0][1]
        assert isinstance(opened, TableOpened)
        brings.append(opened.counters)
        return [PlayerJoined(player=name, counters=opened.counters)]

    _record(make)
    console().print(f"{name} joins with {plural(brings[-1], 'counter')}.", markup=False)


@command(table_app, "leave")
def table_leave(name: Annotated[str, typer.Argument(help="The player who leaves.")]) -> None:
    """A player leaves between hands, taking their counters (recorded in the ledger)."""
    from popejoan_cli.table.events import PlayerLeft
    from popejoan_cli.table.fold import player_named

    who: list[str] = []

    def make(view: TableView) -> list[Event]:
        who.append(player_named(view.players, name))
        return [PlayerLeft(player=who[-1])]

    done = _record(make)
    console().print(f"{who[-1]} leaves, taking {plural(done.view.taken_out.get(who[-1], 0), 'counter')}.", markup=False)


def continue_table(name: str, imp: Any, source: str, where: Any) -> None:
    """Open table `name` as the next session of an export `imp` (validated), and make it current.
    `source` names the file it came from ("" when it is the table itself)."""
    from popejoan_cli.formats.exports import carried_opening
    from popejoan_cli.store import tables

    first_events = carried_opening(name, imp)
    _record(lambda view: first_events, where=where, create=True)
    if not cli.table_override:
        tables.set_current(name)
    held = ", ".join(f"{p} {n}" for p, n in imp.balances.items())
    origin = f" from {source}" if source else ""
    console().print(f"Table {name!r} continues {imp.table!r}{origin} as session {imp.session + 1} "
                    f"({imp.rules_name} rules): {held}; {plural(sum(imp.board.values()), 'counter')} on the board. "
                    f"{imp.next_dealer} deals next: `popejoan deal`.", markup=False)


# ------------------------------------------------------------------------------- a hand
@command(root, "deal")
def deal(
    seed: Annotated[str | None, typer.Option("--seed", "-s", help="Seed (default: a fresh random one, recorded).")]
    = None,
    real: Annotated[bool, typer.Option("--real", help="A real deck was dealt: record it card by card.")] = False,
    turnup: Annotated[str | None, typer.Option("--turnup", "-t", help="With --real: the card turned up.")] = None,
) -> None:
    """Dress the board and deal a virtual hand (or record a real deal); the turn-up's effects apply at once."""
    import secrets

    from popejoan_cli.game.cards import Card, parse_seed
    from popejoan_cli.render.narrate import dealt
    from popejoan_cli.table.events import HandDealt, RealHandDealt

    if real:
        if seed is not None:
            raise UsageError("--seed deals a virtual hand; --real records a real deck", "give one or the other")
        up = str(Card.parse(turnup)) if turnup else ""
        done = _record(lambda view: [RealHandDealt(dealer=view.next_dealer, turnup=up)])
        rec = done.view.hands[-1]
        say(dealt(rec.hand, rec.players, rec.number, rec.dealer))
        return
    if turnup is not None:
        raise UsageError("--turnup goes with --real: a virtual deal turns up its own card")
    the_seed = parse_seed(seed) if seed is not None else secrets.randbelow(1 << 31)
    done = _record(lambda view: [HandDealt(seed=the_seed, dealer=view.next_dealer)])
    rec = done.view.hands[-1]
    # The seed deals every card: anyone who saw it could work out every hand. The journal
    # keeps it, and `history` shows it once the hand is over.
    say(dealt(rec.hand, rec.players, rec.number, rec.dealer))


def _lead(card: str, player: str | None) -> None:
    from popejoan_cli.game.cards import Card
    from popejoan_cli.render.narrate import after_lead
    from popejoan_cli.table.events import CardLed

    the_card = Card.parse(card)
    mark: dict[str, int] = {}

    def make(view: TableView) -> list[Event]:
        rec = view.open_hand
        if rec is None:
            raise RuleViolation("no hand is being played", "deal one first: `popejoan deal`")
        hand = rec.hand
        leader = rec.players[hand.leader]
        from popejoan_cli.base.names import find_name

        who = find_name(player, rec.players) if player is not None else leader
        if who is None:
            from popejoan_cli.base.errors import allowed

            raise UsageError(f"no player {player!r} in this hand", allowed(rec.players, player))
        mark.update(plays=len(hand.plays), stops=len(hand.stops), awards=len(hand.awards), hand=rec.number)
        return [CardLed(player=who, card=str(the_card))]

    done = _record(make)
    rec = done.view.hands[mark["hand"] - 1]
    say(after_lead(rec.hand, rec.players, rec.hand.plays[mark["plays"]:], mark["stops"], mark["awards"]))


@command(root, "spare")
def spare(
    name: Annotated[str, typer.Argument(help="Who takes the spare hand (the dealer, or the auction's winner).")],
    price: Annotated[int, typer.Option("--price", help="Counters paid to the dealer (auction).")] = 0,
) -> None:
    """Before the first lead: NAME swaps their hand for the spare hand, paying the dealer PRICE."""
    from popejoan_cli.table.events import SpareTaken
    from popejoan_cli.table.fold import player_named

    name = player_named(_view().players, name)
    done = _record(lambda view: [SpareTaken(player=name, price=price)])
    rec = done.view.hands[-1]
    paid = f", paying {rec.players[rec.hand.dealer]} {price}" if price else ""
    console().print(f"{name} takes the spare hand{paid}; their old hand is now the spare hand. "
                    f"`popejoan hand show {name}` shows the new one.", markup=False)


@command(root, "lead")
def lead(
    card: Annotated[str, typer.Argument(help="The card led, e.g. 9D or 9♦.")],
    player: Annotated[str | None, typer.Option("--by", help="Who leads (checked; default: the leader).")] = None,
) -> None:
    """Record a lead; popejoan plays the run's forced follows and says where it stops."""
    _lead(card, player)


@command(root, "play")
def play(
    words: Annotated[list[str], typer.Argument(metavar="[NAME] CARD...",
                                               help="Who plays (optional for a virtual lead) and the cards.")],
) -> None:
    """Record cards as the table plays them (a real deck); in a virtual hand, the same as `lead`."""
    from popejoan_cli.base.names import find_name
    from popejoan_cli.game.cards import Card
    from popejoan_cli.render.narrate import progress
    from popejoan_cli.table.events import CardPlayed

    view = _view()
    player = find_name(words[0], view.players)
    cards = [Card.parse(w) for w in (words[1:] if player is not None else words)]
    if not cards:
        raise UsageError("play what? give one or more cards", "e.g. `popejoan play Ann 4C 5C`")
    rec = view.open_hand
    if rec is None or not rec.real:
        if len(cards) != 1:
            raise UsageError("popejoan plays the follows of a virtual hand itself: lead one card")
        _lead(str(cards[0]), player)
        return
    if player is None:
        raise UsageError(f"who played {cards[0].face}? in a real hand, name the player first",
                         f"e.g. `popejoan play {rec.players[rec.hand.leader]} {cards[0]}`")
    mark = (len(rec.hand.plays), len(rec.hand.stops), len(rec.hand.awards))
    done = _record(lambda v: [CardPlayed(player=player, card=str(c)) for c in cards])
    hand = done.view.hands[rec.number - 1].hand
    say(progress(hand, rec.players, *mark))


@command(hand_app, "show")
def hand_show(
    seat: Annotated[str, typer.Argument(help="Whose hand to show (only their own!).")],
    as_json: JsonOpt = False,
) -> None:
    """Show one player's cards in the hand being played."""
    from popejoan_cli.table.fold import seat_of

    view = _view()
    rec = view.open_hand
    if rec is None:
        raise RuleViolation("no hand is being played", "deal one first: `popejoan deal`")
    seat = view.players[seat_of(view, seat)]
    if seat not in rec.players:
        raise UsageError(f"{seat} is not in this hand")
    s = rec.players.index(seat)
    if as_json:
        from popejoan_cli.game.cards import CARDS, sort_key

        cards = sorted((CARDS[c] for c in rec.hand.holding[s]), key=lambda c: sort_key(c, rec.hand.ace_high))
        emit_json({"player": seat, "hand": rec.number, "cards": [str(c) for c in cards]})
        return
    from popejoan_cli.render.table_views import seat_hand_view

    # At a terminal the laptop goes round the table: ask for it to be passed, show the hand, and
    # clear the screen (scrollback too) once its owner has seen it, as the shell does.
    private = cli.at_terminal()
    if private and not cli.wait_for_enter(f"Pass the laptop to {seat} and press Enter "):
        sys.stderr.write("popejoan: the hand was not shown\n")
        return
    try:
        console().print(seat_hand_view(rec, s))
        if private:
            cli.wait_for_enter("Press Enter to hide it ")
    finally:
        if private:
            sys.stdout.write(cli.CLEAR + f"{seat}'s hand is hidden.\n")
            sys.stdout.flush()


# ------------------------------------------------------------------------------- reading
@command(root, "board")
def board(as_json: JsonOpt = False) -> None:
    """The board: each pot and the counters on it."""
    view = _view()
    if as_json:
        emit_json(view.live_board())
        return
    from popejoan_cli.render.table_views import board_view

    console().print(board_view(view))


@command(ledger_app, "show")
def ledger_show(as_json: JsonOpt = False) -> None:
    """Each player's balance."""
    view = _view()
    if as_json:
        emit_json(view.live_balances())
        return
    from popejoan_cli.render.table_views import ledger_view

    console().print(ledger_view(view))


@command(root, "history")
def history(as_json: JsonOpt = False) -> None:
    """Hand by hand: dealer, seed, turn-up, who went out, pots won and each player's change."""
    view = _view()
    if as_json:
        from popejoan_cli.formats.handjson import to_json

        def told(r: Any) -> dict[str, Any]:
            data = to_json(r.hand, r.players, view.rules_name)
            if not r.closed and r.hand.clockwise:
                # As the stop was told: under clockwise follow the table saw only that the
                # next player could not go on, not that the card lies in the spare hand.
                for s in data["stops"]:
                    if s["reason"] == "spare":
                        s["reason"] = "not-in-turn"
            return data

        # An open hand's seed would tell every hand: it is null until the hand is over.
        emit_json({"hands": [{"hand": r.number, "seed": r.seed if r.closed else None, "closed": r.closed,
                              **told(r)} for r in view.hands]})
        return
    from popejoan_cli.render.table_views import history_view

    console().print(history_view(view))


# ------------------------------------------------------------------------------- corrections
@command(root, "undo")
def undo(
    n: Annotated[int, typer.Argument(min=1, max=1000, help="How many commands to take back.")] = 1,
    hand: Annotated[bool, typer.Option("--hand", help="Take back the whole hand being played, deal "
                                                      "included.")] = False,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask for confirmation.")] = False,
) -> None:
    """Take back the last command (or the last N, or the hand). Nothing is deleted: the undo is recorded."""
    from popejoan_cli.table.fold import describe, to_undo, voids

    view = _view()
    chosen = to_undo(view, n, hand=hand)
    sys.stderr.write("Undo:\n" + "".join(f"  {describe(view, g)}\n" for g in chosen))
    if not yes and not _confirm("Undo these?"):
        sys.stderr.write("Nothing was undone.\n")
        return
    last = view.last_seq

    def make(now: TableView) -> list[Event]:
        if now.last_seq != last:
            raise RuleViolation("the table changed while you were deciding", "run undo again")
        return voids(chosen)

    _record(make)
    console().print(f"Undone: {plural(len(chosen), 'command')}.", markup=False)


def _confirm(question: str) -> bool:
    """Ask yes or no on stderr; no answer at all (end of input) is no."""
    try:
        return bool(typer.confirm(question, default=False, err=True))
    except (typer.Abort, EOFError):
        sys.stderr.write("\n")
        return False


@command(root, "count")
def count(
    target: Annotated[str, typer.Argument(help="A pot name or a player.")],
    counters: Annotated[int, typer.Argument(help="How many counters the banker counted.")],
) -> None:
    """Record the banker's physical count; a disagreement with the journal is flagged at once."""
    from popejoan_cli.base.names import find_name
    from popejoan_cli.table.events import Counted
    from popejoan_cli.table.fold import pot_named

    view = _view()
    # A pot by its name or by the label the board shows ("First out"), a player in any case.
    target = find_name(target, view.players) or pot_named(view.the_rules(), target) or target
    done = _record(lambda view: [Counted(target=target, counters=counters)])
    found = [p for p in done.view.problems if p.key == f"seq {done.written[0][0]}"]
    if found:
        sys.stderr.write(f"popejoan: MISMATCH: {found[0].message}\n  {found[0].hint}\n")
    else:
        console().print(f"{target}: {plural(counters, 'counter')}, as the journal says.", markup=False)


@command(root, "check")
def check(as_json: JsonOpt = False) -> None:
    """Audit the whole journal: damage, checkpoints, conservation, counts and rule violations.

    Exit 5 when the journal is damaged or counters are not conserved. Exit 3 when the
    journal is sound but a physical count disagreed with it and no later count of the same
    pot or player has agreed: the table, not the data, needs looking at (recount). A
    miscount a later matching count resolved is listed as history and does not fail.
    """
    from popejoan_cli.store import tables

    view = _view(full=True)
    problems = tables.audit(view)
    resolved = tables.recounted(view)
    if as_json:
        emit_json({"ok": not problems, "events": view.last_seq, "hands": len(view.hands),
                   "problems": [{"where": p.key, "message": p.message} for p in problems],
                   "resolved": [{"where": f"seq {bad.seq}", "target": bad.target, "counted": bad.counted,
                                 "journal": bad.journal, "resolved_at": f"seq {good.seq}"}
                                for bad, good in resolved]})
    else:
        if not problems:
            console().print(f"ok: {plural(view.last_seq, 'event')}, {plural(len(view.hands), 'hand')}; "
                            "counters conserved "
                            f"({view.total_in_play()} in play).", markup=False)
        for bad, good in resolved:
            line = (f"resolved: the count of {bad.target} was {bad.counted} (seq {bad.seq}), the journal said "
                    f"{bad.journal}; the count at seq {good.seq} agreed.")
            if problems:  # a failing command prints nothing on stdout
                sys.stderr.write(f"popejoan: {line}\n")
            else:
                console().print(line, markup=False)
    if problems:
        if not as_json:
            for p in problems:
                sys.stderr.write(f"popejoan: {p.key}: {p.message}\n")
            sys.stderr.write(f"{len(problems)} problem{'s' if len(problems) != 1 else ''} found\n")
        raise typer.Exit(3 if len(tables.miscounts(view, problems)) == len(problems) else 5)


@command(root, "end")
def end(
    seed: Annotated[str | None, typer.Option("--seed", "-s", help="Seed of the final deal (default: random).")]
    = None,
) -> None:
    """Close the session; where the rules have a final clearing deal, play it."""
    import secrets

    from popejoan_cli.game.cards import parse_seed
    from popejoan_cli.table.events import FinalDealt, SessionEnded

    the_seed = parse_seed(seed) if seed is not None else secrets.randbelow(1 << 31)

    def make(view: TableView) -> list[Event]:
        final = view.the_rules()["final.deal"] == "holders" and view.final is None
        return [FinalDealt(seed=the_seed), SessionEnded()] if final else [SessionEnded()]

    done = _record(make)
    from popejoan_cli.render.hand_views import final_view
    from popejoan_cli.render.table_views import ledger_view

    out = console()
    if done.view.final is not None:
        out.print(final_view(done.view.final, done.view.players))
    out.print(ledger_view(done.view))
    out.print("The session has ended.")
