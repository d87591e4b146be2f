"""The hand and table verbs: `deal`, `spare`, `lead`/`play`, `board`, `ledger show`, `history`,
`undo`, `count`, `check` and `end` (the `table ...` group is in `tables_cmd`, `hand show` in
`hand_cmd`).

Each change goes through `tables.record`; what a verb means at the table now (who leads, what
the end deals, what undo takes back) is the table's to decide (`table.moves`, `table.undo`).
The referee, the store and rich are imported inside the commands that need them, to keep
start-up short.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer

from popejoan_cli.base.errors import IllegalPlay, RuleViolation, Said, UsageError, allowed
from popejoan_cli.base.names import find_name
from popejoan_cli.base.visible import shown_lines
from popejoan_cli.base.words import as_typed
from popejoan_cli.cli import command, common, computers, console, emit_json, ledger_app, root, say
from popejoan_cli.cli.common import JsonOpt

if TYPE_CHECKING:
    from popejoan_cli.base.errors import Problem
    from popejoan_cli.table.events import Counted, Event
    from popejoan_cli.table.undo import Command
    from popejoan_cli.table.view import Count, HandRecord, TableView


# ------------------------------------------------------------------------------- a hand
@command(root, "deal")
def deal(
    seed: Annotated[str | None, typer.Option("--seed", "-s", help="Seed (default: a fresh random one, recorded).")]
    = None,
    real: Annotated[bool, typer.Option("--real", help="A real deck was dealt: record it card by card.")] = False,
    turnup: Annotated[str | None, typer.Option("--turnup", "-t", help="With --real: the card turned up.")] = None,
    tally: Annotated[bool, typer.Option("--tally", help="With --real: keep a tally (pots paid, cards left), "
                                        "not every card.")] = False,
    first: Annotated[str | None, typer.Option("--first", help="With --real under play.first_lead: who holds the "
                                              "called card, and leads first.")] = None,
) -> None:
    """Dress the board and deal a virtual hand (or record a real deal); the turn-up's effects apply at once."""
    import secrets

    from popejoan_cli.game.cards import Card, parse_seed
    from popejoan_cli.render.narrate import dealt
    from popejoan_cli.table.events import HandDealt, RealHandDealt, TallyHandDealt
    from popejoan_cli.table.view import player_named

    if real or tally:
        if seed is not None:
            raise UsageError(Said("--seed deals a virtual hand; --tally keeps a tally of a real deck") if tally else
                             Said("--seed deals a virtual hand; --real records a real deck"),
                             Said("give one or the other"))
        up = str(Card.parse(turnup)) if turnup else ""
        if first is not None and tally:
            raise UsageError(Said("--first goes with --real: a tally records no lead"))
        done = common.record(lambda view: [TallyHandDealt(dealer=view.next_dealer, turnup=up) if tally else
                                           RealHandDealt(dealer=view.next_dealer, turnup=up,
                                                         first=player_named(view.players, first) if first else "")])
        rec = done.view.hands[-1]
        say(dealt(rec.hand, rec.players, rec.number, rec.dealer))
        return
    if turnup is not None:
        raise UsageError(Said("--turnup goes with --real: a virtual deal turns up its own card"))
    if first is not None:
        raise UsageError(Said("--first goes with --real: a virtual deal finds the called card's holder itself"))
    the_seed = parse_seed(seed) if seed is not None else secrets.randbelow(1 << 31)
    done = common.record(lambda view: [HandDealt(seed=the_seed, dealer=view.next_dealer)])
    rec = done.view.hands[-1]
    # The seed deals every card: anyone who saw it could work out every hand. The journal
    # keeps it, and `history` shows it once the hand is over.
    say(dealt(rec.hand, rec.players, rec.number, rec.dealer))
    if done.view.computers:
        computers.play()  # a computer on lead leads at once


def _lead(card: str, player: str | None, ordinary: bool = False) -> None:
    from popejoan_cli.game.cards import Card
    from popejoan_cli.render.narrate import after_lead
    from popejoan_cli.table import moves

    the_card = Card.parse(card)
    try:
        done = common.record(lambda view: [moves.lead_by(view, player, the_card, ordinary)])
    except IllegalPlay as err:
        raise _public(err, card.strip()) from None
    rec = done.view.hands[-1]
    told = rec.what_happened(seq for seq, _ in done.written)  # the lead's own record, as the journal holds it
    if told is not None:
        say(after_lead(rec.hand.rules, rec.players, told))
    if done.view.computers:
        computers.play()  # the computers whose lead it now is lead, each told as this lead was


def _public(err: IllegalPlay, card: str) -> IllegalPlay:
    """A refused lead as the table hears it: the public words and rule. Its private reason (the
    leader's own cards) is for the leader alone: `hand show NAME --why CARD` tells it."""
    if err.private is None:
        return err
    # The name as a command line must spell it (`'Mary Ann'`), at a POSIX shell and at `popejoan shell`.
    hint = Said("rule: {rule}\n{player} alone may see why: `{command}`", rule=err.rule, player=err.player,
                command=f"popejoan hand show {as_typed(err.player)} --why {as_typed(card)}")  # the card as typed: Дп
    return IllegalPlay(err.message, rule=err.rule, hint=hint)


@command(root, "spare")
def spare(
    name: Annotated[str, typer.Argument(help="Who takes the spare hand (the dealer, or the auction's winner).")],
    price: Annotated[int, typer.Option("--price", help="Counters paid to the dealer (auction).")] = 0,
) -> None:
    """Before the first lead: NAME swaps their hand for the spare hand, paying the dealer PRICE."""
    from popejoan_cli.table.events import SpareTaken
    from popejoan_cli.table.view import player_named

    name = player_named(common.view().players, name)
    done = common.record(lambda view: [SpareTaken(player=name, price=price)])
    rec = done.view.hands[-1]
    from popejoan_cli.render.i18n import t, tn

    # The name in the command as a command line must spell it (`as_typed`: `'Mary Ann'`).
    if price:
        said = tn("{player} takes the spare hand, paying {n} counter to {dealer}; their old hand is now the spare "
                  "hand. `popejoan hand show {as_typed}` shows the new one.",
                  "{player} takes the spare hand, paying {n} counters to {dealer}; their old hand is now the spare "
                  "hand. `popejoan hand show {as_typed}` shows the new one.", price, player=name,
                  as_typed=as_typed(name), dealer=rec.players[rec.hand.dealer])
    else:
        said = t("{player} takes the spare hand; their old hand is now the spare hand. "
                 "`popejoan hand show {as_typed}` shows the new one.", player=name, as_typed=as_typed(name))
    console().print(said, markup=False)
    if done.view.computers:
        computers.play()


@command(root, "lead")
def lead(
    card: Annotated[str, typer.Argument(help="The card led, e.g. 9D or 9♦.")],
    player: Annotated[str | None, typer.Option("--by", help="Who leads (checked; default: the leader).")] = None,
    ordinary: Annotated[bool, typer.Option("--ordinary", help="The Pope led as an ordinary lead, not in lieu of "
                                                              "the stop (play.pope_in_lieu).")] = False,
) -> None:
    """Record a lead; popejoan plays the run's forced follows and says where it stops.

    A card is its rank then its suit, in either case: ranks A 2 3 4 5 6 7 8 9 10 J Q K (T for 10), suits
    C D H S or ♣ ♦ ♥ ♠ (9D, 9♦, 10h, Td, qs). Emoji suits (9♦️), full-width forms (９Ｄ) and the Russian
    letters (this help in Russian lists them) are read too.
    """
    _lead(card, player, ordinary)


@command(root, "play")
def play(
    words: Annotated[list[str], typer.Argument(metavar="[NAME] CARD[:NAME]... [stop]",
                                               help="Who plays first (optional for a virtual lead), then the "
                                                    "cards; CARD:NAME is played by NAME; `stop` ends the run.")],
) -> None:
    """Record cards as the table plays them (a real deck), a whole run on one line; in a virtual hand,
    the same as `lead`."""
    from popejoan_cli.render.narrate import progress
    from popejoan_cli.table.real import line

    view = common.view()
    player = find_name(words[0], view.players)
    typed = common.run_words(view.players, words[1:] if player is not None else words)
    rec = view.open_hand
    if rec is None or not rec.kind.real:
        if len(typed) != 1 or typed[0][1] is None or typed[0][0]:
            raise UsageError(Said("popejoan plays the follows of a virtual hand itself: lead one card"))
        _lead(typed[0][1], player)
        return
    plays = _named_plays(rec, player, typed)
    events, notes = line(view, plays)  # refused here, with the fold's own words, before any write
    if events:
        done = common.record(lambda v: line(v, plays)[0])
        played = done.view.hands[rec.number - 1]
        told = played.what_happened(seq for seq, _ in done.written)
        if told is not None:
            say(progress(played.hand.rules, rec.players, told))
    if notes:
        from popejoan_cli.cli.exits import spoken  # only when a stop was already recorded
        from popejoan_cli.render.i18n import t

        for note in notes:
            console().print(t("stop: {note}.", note=spoken(note)), markup=False)


Plays = list[tuple[str, str | None]]


def _named_plays(rec: HandRecord, player: str | None, typed: Plays) -> Plays:
    """Each typed card of a real hand with who played it: a card with no name is played by whoever
    played the card before it; the first card needs a name."""
    from popejoan_cli.game.cards import Card

    plays: list[tuple[str, str | None]] = []
    now = player or ""
    for who, card in typed:
        now = who or now
        if card is not None and not now:
            leader = as_typed(rec.players[rec.hand.leader])
            raise UsageError(Said("who played {card}? in a real hand, name the player first", card=Card.parse(card)),
                             Said("e.g. `{example}`", example=f"popejoan play {leader} {card}"))
        plays.append((now, card))
    return plays


# ------------------------------------------------------------------------------- reading
@command(root, "board")
def board(
    as_json: JsonOpt = False,
    watch: Annotated[bool, typer.Option("--watch", "-w", help="Redraw the board whenever the table changes, with "
                                                              "whose lead and the last run (Ctrl-C stops).")]
    = False,
) -> None:
    """The board: each pot and the counters on it."""
    if watch:
        if as_json:
            raise UsageError(Said("--watch draws the board for people; --json prints it once"),
                             Said("give one or the other"))
        from popejoan_cli.cli.watch import watch_board

        common.view()  # the table must exist and load: an error here is the command's, with its exit code
        watch_board(common.where())
        return
    view = common.view()
    if as_json:
        emit_json(view.live_board())
        return
    from popejoan_cli.render.table_views import board_view

    console().print(board_view(view))


@command(ledger_app, "show")
def ledger_show(as_json: JsonOpt = False) -> None:
    """Each player's balance."""
    view = common.view()
    if as_json:
        emit_json(view.live_balances())
        return
    from popejoan_cli.render.table_views import ledger_view

    console().print(ledger_view(view))


@command(root, "history")
def history(
    as_json: JsonOpt = False,
    review: Annotated[int | None, typer.Option(
        "--review", metavar="N", help="Review hand N, once it is over: each lead beside the one the strong level "
                                      "would have made from that seat's view, its cost and a lesson per mistake.")]
    = None,
    player: Annotated[list[str] | None, typer.Option(
        "--player", help="With --review: this player's leads only (repeatable; default: every person's).")] = None,
) -> None:
    """Hand by hand: dealer, seed, turn-up, who went out, pots won and each player's change."""
    view = common.view()
    if review is not None:
        _review(view, review, player, as_json)
        return
    if player:
        raise UsageError(Said("--player says whose leads --review judges: give --review N too"))
    if as_json:
        from popejoan_cli.formats.handjson import to_json
        from popejoan_cli.table.view import told_reason, told_seed

        def told(r: HandRecord) -> dict[str, Any]:
            data = to_json(r.hand, r.players, view.rules_name)
            for s in data["stops"]:
                s["reason"] = told_reason(r, s["reason"])
            return data

        emit_json(_history_json(view, told, told_seed))
        return
    from popejoan_cli.render.table_views import history_view

    console().print(history_view(view))


def _review(view: TableView, number: int, players: list[str] | None, as_json: bool) -> None:
    """`history --review N`: the hand's leads judged (`table.review`), as a table or `--json`."""
    from popejoan_cli.render.review_views import review_json, review_view
    from popejoan_cli.table.review import review

    chosen = None
    if players:
        chosen = []
        for typed in players:
            found = find_name(typed, view.players)
            if found is None:
                raise UsageError(Said("no player {typed!r} at this table", typed=typed), allowed(view.players, typed))
            chosen.append(found)
    done = review(view, number, chosen)
    if as_json:
        emit_json(review_json(number, done))
        return
    console().print(review_view(number, done, view.the_rules()))


def _history_json(view: TableView, told: Any, told_seed: Any) -> dict[str, Any]:
    """`history --json`: each hand with when it was dealt and ended (`dealt_at`, `ended_at`: ISO 8601 with the
    table's offset, null where the journal does not say), and the final clearing deal when there was one."""
    doc: dict[str, Any] = {"hands": [{"hand": r.number, "seed": told_seed(r), "closed": r.closed,
                                      "dealt_at": view.dealt_at(r), "ended_at": view.ended_at(r), **told(r)}
                                     for r in view.hands]}
    if view.undone_deals:
        doc["undone_deals"] = _undone_json(view)
    if view.corrections:
        doc["corrections"] = _corrections_json(view)
    final = view.final
    if final is not None:
        names = view.final_players
        doc["final"] = {"dealer": names[final.dealer], "dealt_at": view.time_of(view.final_seq),
                        "awards": [{"pot": a.pot, "player": names[a.seat], "amount": a.amount} for a in final.awards],
                        "net": dict(zip(names, final.net, strict=True)), "board": final.board.snapshot()}
    return doc


def _undone_json(view: TableView) -> list[dict[str, Any]]:
    """Each deal an undo took back (`table.redealt`), for `history --json` and `check --json`: the hand it was
    dealt as (0: the final deal), its kind, dealer and seed (null while it may not be told), and when it was
    dealt and undone."""
    from popejoan_cli.table.redealt import told_seed

    return [{"hand": d.number, "kind": d.kind, "dealer": d.dealer or None, "seed": told_seed(d, view.open_number()),
             "dealt_at": view.time_of(d.seq), "undone_at": view.time_of(d.undone)} for d in view.undone_deals]


def _corrections_json(view: TableView) -> list[dict[str, Any]]:
    """Each correction of a past hand (`table.corrections`), for `history --json` and `check --json`."""
    return [{"hand": c.hand, "from": c.payer, "to": c.payee, "counters": c.counters, "by": c.by, "why": c.why,
             "at": view.time_of(seq)} for seq, c in view.corrections]


# ------------------------------------------------------------------------------- corrections
@command(root, "undo")
def undo(
    n: Annotated[int, typer.Argument(min=1, max=1000, help="How many commands to take back.")] = 1,
    hand: Annotated[bool, typer.Option("--hand", help="Take back the whole hand being played, deal "
                                                      "included.")] = False,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask for confirmation.")] = False,
    page: Annotated[bool, typer.Option("--page", help="With --yes: also take back a lead a player's page made a "
                                                      "moment ago.")] = False,
) -> None:
    """Take back the last command (or the last N, or the hand). Nothing is deleted: the undo is recorded."""
    from popejoan_cli.base.errors import Said
    from popejoan_cli.cli.exits import spoken
    from popejoan_cli.render.i18n import t
    from popejoan_cli.render.narrate import after_undo, undone
    from popejoan_cli.table.undo import describe, to_undo, voids

    view = common.view()
    chosen = to_undo(view, n, hand=hand)
    # Each item is the table's phrase for its command (a `Said`), said in the table's language.
    described = [describe(view, group) for group in chosen]
    sys.stderr.write(t("Undo:") + "\n" + "".join(f"  {spoken(what)}\n" for what in described))
    yes = yes and (page or not _page_lead_just_made(view, chosen))
    if not yes and not common.confirm(t("Undo these?")):
        sys.stderr.write(t("Nothing was undone.") + "\n")
        return
    last = view.last_seq

    def make(now: TableView) -> list[Event]:
        if now.last_seq != last:
            raise RuleViolation(Said("the table changed while you were deciding"), Said("run undo again"))
        return voids(chosen)

    done = common.record(make)
    # One command is named as the list above named it; then what the table does now, from the table the undo
    # left (the records the journal holds, as `board` and the narration say it).
    say([undone(described), *after_undo(done.view)])


def _page_lead_just_made(view: TableView, chosen: list[Command]) -> bool:
    """Whether `chosen` holds a lead a player's page made a moment ago (`undo.from_a_page`), said on stderr: a
    banker's `undo --yes` then most likely meant their own command, so undo asks, or with no one to ask refuses
    (docs/journal.md: undo)."""
    from popejoan_cli.base.errors import SaidN
    from popejoan_cli.cli.exits import spoken
    from popejoan_cli.game.cards import Card
    from popejoan_cli.store.journal import now
    from popejoan_cli.table.undo import from_a_page

    found = from_a_page(view, chosen, now())
    for player, card, ago in found:
        sys.stderr.write(spoken(SaidN("{player} led {card} from their page {n} second ago.",
                                      "{player} led {card} from their page {n} seconds ago.", ago, player=player,
                                      card=Card.parse(card))) + "\n")
    if found and not sys.stdin.isatty():
        raise RuleViolation(Said("a player's page made that lead a moment ago: nothing was undone"),
                            Said("to take it back all the same, `popejoan undo --yes --page`"))
    return bool(found)


@command(root, "count", context_settings={"ignore_unknown_options": True})  # `count Ann -3` is a number
def count(
    target: Annotated[str, typer.Argument(help="A pot name, a player, or `board` for every pot at once.")],
    counters: Annotated[str, typer.Argument(metavar="N", help="How many counters the banker counted (may be below "
                                            "zero); for `board`, N,N,... in the board's order or POT=N,...")],
) -> None:
    """Record the banker's physical count; a disagreement with the journal is flagged at once.

    `count board 6,2,2,1,1,1,1,1` counts every pot in the board's order (`popejoan
    board`), and `count board pope=6,matrimony=2,...` every pot by name: one count per
    pot. A count that disagrees is recorded all the same, says MISMATCH and exits 3
    (recount: `popejoan check` keeps failing until a later count of the same pot or
    player agrees).
    """
    from popejoan_cli.render.i18n import pot_words
    from popejoan_cli.table import moves

    view = common.view()
    counted = moves.counting(view, target, counters, pot_words(view.the_rules()))
    done = common.record(lambda view: counted)
    seqs = {f"seq {seq}" for seq, _ in done.written}
    found = [p for p in done.view.problems if p.key in seqs]
    if found:
        _miscounted(found)
    from popejoan_cli.render.i18n import tn

    if len(counted) == 1:
        console().print(_agreed(done.view, counted[0]), markup=False)
    else:
        console().print(tn("board: {n} counter, every pot as the journal says.",
                           "board: {n} counters, every pot as the journal says.",
                           sum(c.counters for c in counted)), markup=False)


def _agreed(view: TableView, counted: Counted) -> str:
    """A count that agrees, said of a player («У Бориса 50 фишек») or of a pot by its board's label
    («В секции «Поп Джон» 20 фишек»; the English names the pot as typed, `pope`, as it always has)."""
    from popejoan_cli.base.errors import SaidN
    from popejoan_cli.cli.exits import spoken
    from popejoan_cli.table.view import pot_said

    if counted.target in view.players:
        return spoken(SaidN("{player}: {n} counter, as the journal says.",
                            "{player}: {n} counters, as the journal says.", counted.counters, player=counted.target))
    return spoken(SaidN("{pot}: {n} counter, as the journal says.", "{pot}: {n} counters, as the journal says.",
                        counted.counters, pot=pot_said(view.the_rules(), counted.target)))


def _miscounted(found: list[Problem]) -> NoReturn:
    """Each count that disagreed, on stderr, and exit 3: a count matter, as `check` reports it."""
    from popejoan_cli.cli.exits import line_start, spoken
    from popejoan_cli.render.i18n import t, tn

    for p in found:
        sys.stderr.write("popejoan: " + t("MISMATCH: {problem}", problem=spoken(p.message)) + "\n")
    sys.stderr.write(f"  {line_start(spoken(found[0].hint))}\n")
    if len(found) > 1:
        sys.stderr.write(tn("{n} problem found", "{n} problems found", len(found)) + "\n")
    raise typer.Exit(3)


@command(root, "check")
def check(as_json: JsonOpt = False) -> None:
    """Audit the whole journal: damage, checkpoints, conservation, counts and rule violations.

    Exit 5 when the journal is damaged or counters are not conserved. Exit 3 when the
    journal is sound but a physical count disagreed with it and no later count of the same
    pot or player has agreed: the table, not the data, needs looking at (recount). A
    miscount a later matching count resolved is listed as history and does not fail.
    """
    from popejoan_cli.store import tables

    view = common.view(full=True)
    problems = tables.audit(view)
    resolved = tables.recounted(view)
    if as_json:
        emit_json({"ok": not problems, "events": view.last_seq, "hands": len(view.hands),
                   "problems": [{"where": p.key, "message": p.message} for p in problems],
                   "resolved": [{"where": f"seq {bad.seq}", "target": bad.target, "counted": bad.counted,
                                 "journal": bad.journal, "resolved_at": f"seq {good.seq}"}
                                for bad, good in resolved], "undone_deals": _undone_json(view),
                   "corrections": _corrections_json(view)})
    else:
        from popejoan_cli.render.figures import count
        from popejoan_cli.render.i18n import t, tn

        if not problems:
            console().print(t("ok: {events}, {hands}; counters conserved ({n} in play).",
                              events=tn("{n} event", "{n} events", view.last_seq),
                              hands=tn("{count} hand", "{count} hands", len(view.hands), count=len(view.hands)),
                              n=count(view.total_in_play())), markup=False)
        from popejoan_cli.render.history_notes import notes

        # A hand dealt, undone and dealt again; a past hand corrected (each conserved, or a problem above).
        for line in notes(view) if not problems else []:
            console().print(line, markup=False)
        for bad, good in resolved:
            line = _resolved(view, bad, good)
            if problems:  # a failing command prints nothing on stdout
                sys.stderr.write(f"popejoan: {line}\n")
            else:
                console().print(line, markup=False)
    if problems:
        if not as_json:
            from popejoan_cli.cli.exits import spoken
            from popejoan_cli.render.i18n import t, tn

            counts = {p.key for p in tables.miscounts(view, problems)}
            for p in problems:  # the fold's and the ledger's words, said in the table's language
                # A count by when and in which hand it was made, as the banker knows it; damage by the journal's entry
                where = spoken(_counted(view, int(p.key[4:]))) if p.key in counts else _place(p.key)
                # one sentence, not a place and a colon before it: «…, а по журналу 50 (в 21:04, до первой раздачи)»
                line = t("{where}: {problem}", where=where, problem=spoken(p.message))
                sys.stderr.write(shown_lines(f"popejoan: {line}") + "\n")
            sys.stderr.write(tn("{n} problem found", "{n} problems found", len(problems)) + "\n")
        raise typer.Exit(3 if len(tables.miscounts(view, problems)) == len(problems) else 5)


def _resolved(view: TableView, bad: Count, good: Count) -> str:
    """A miscount a later count resolved, said of a player or of a pot by its board's label; each count named by
    when it was made and the hand it was made in or after, as `history` shows them, never by the journal's seq."""
    from popejoan_cli.base.errors import SaidN
    from popejoan_cli.cli.exits import spoken
    from popejoan_cli.table.view import pot_said

    when, later = _counted(view, bad.seq), _counted(view, good.seq)
    if bad.target in view.players:
        return spoken(SaidN("resolved: the count of {player} was {n} ({when}), the journal said {journal}; the later "
                            "count ({later}) agreed.", "resolved: the count of {player} was {n} ({when}), the journal "
                            "said {journal}; the later count ({later}) agreed.", bad.counted,
                            player=bad.target, when=when, journal=bad.journal, later=later))
    return spoken(SaidN("resolved: the count of {pot} was {n} ({when}), the journal said {journal}; the later count "
                        "({later}) agreed.", "resolved: the count of {pot} was {n} ({when}), the journal said "
                        "{journal}; the later count ({later}) agreed.", bad.counted,
                        pot=pot_said(view.the_rules(), bad.target), when=when, journal=bad.journal, later=later))


def _counted(view: TableView, seq: int) -> str:
    """When the event `seq` (a count) was made, as a banker knows it: the time the journal recorded (`history`'s
    clock, HH:MM) and the hand it came in or after."""
    from popejoan_cli.base.errors import Said

    dealt = [rec for rec in view.hands if rec.seq < seq]
    at = view.time_of(seq)
    if not dealt:
        return Said("at {time}, before the first hand", time=at[11:16]) if at else Said("before the first hand")
    rec = dealt[-1]
    if not rec.end_seq or rec.end_seq > seq:
        return Said("at {time}, in hand {hand}", time=at[11:16], hand=rec.number) if at else \
            Said("in hand {hand}", hand=rec.number)
    return Said("at {time}, after hand {hand}", time=at[11:16], hand=rec.number) if at else \
        Said("after hand {hand}", hand=rec.number)


def _place(key: str) -> str:
    """Where `check` found a problem: the journal's entry (`seq 5`, «запись 5» in Russian) or what it names."""
    from popejoan_cli.render.i18n import t, tp

    number = key.removeprefix("seq ")
    if number != key and number.isdigit():
        return t("seq {seq}", seq=int(number))
    return tp("check place", "conservation") if key == "conservation" else key


@command(root, "end")
def end(
    seed: Annotated[str | None, typer.Option("--seed", "-s", help="Seed of the final deal (default: random).")]
    = None,
) -> None:
    """Close the session; where the rules have a final clearing deal, play it."""
    import secrets

    from popejoan_cli.game.cards import parse_seed
    from popejoan_cli.table import moves

    the_seed = parse_seed(seed) if seed is not None else secrets.randbelow(1 << 31)
    done = common.record(lambda view: moves.ending(view, the_seed))
    from popejoan_cli.render.hand_views import final_view
    from popejoan_cli.render.table_views import ledger_view

    out = console()
    if done.view.final is not None:
        out.print(final_view(done.view.final, done.view.players))
    out.print(ledger_view(done.view))
    from popejoan_cli.render.i18n import t

    out.print(t("The session has ended."))
    out.print(t("`popejoan evening` sums it up: the standings, who pays whom, what stays on the board."),
              markup=False)
