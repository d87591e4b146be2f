"""Recording a real deck: `stop`, `out` and `show`; and `claim`, which checks any hand.

`deal --real` and `play NAME CARD...` live with the other hand verbs in `table_cmd`.

The referee, the store, the formats and rich are imported inside the commands that need
them, to keep start-up short: a command pays only for what it uses.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated

import typer

from popejoan_cli.base.errors import Said, UsageError
from popejoan_cli.cli import command, common, console, emit_json, root, say
from popejoan_cli.cli.common import JsonOpt

if TYPE_CHECKING:
    from popejoan_cli.table.view import HandRecord


@command(root, "stop")
def stop() -> None:
    """The table calls a stop in a real hand: nobody can play the next card (after a stop the
    record already shows, nothing is recorded)."""
    from popejoan_cli.render.narrate import progress
    from popejoan_cli.table.events import StopCalled
    from popejoan_cli.table.real import already_stopped

    # Nor once the hand is over (a last card played, or settled): saying `stop` out of habit is harmless.
    view = common.view()
    rec = view.open_hand or (view.hands[-1] if view.hands else None)  # a settled hand: until the next deal
    note = already_stopped(rec.hand) if rec is not None and rec.kind.real else None
    if note is not None:
        from popejoan_cli.cli.exits import spoken

        # A clause (`play`'s line shows it after "stop: "): a capital and a full stop make it a sentence.
        note = spoken(note)
        console().print(note[:1].upper() + note[1:] + ".", markup=False)
        return
    done = common.record(lambda v: [StopCalled()])
    rec = done.view.hands[-1]
    told = rec.what_happened(seq for seq, _ in done.written)
    if told is not None:
        say(progress(rec.hand.rules, rec.players, told))


@command(root, "out")
def out(
    name: Annotated[str, typer.Argument(help="Who went out.")],
    pope: Annotated[str | None, typer.Option("--pope", help="Who still holds the Pope: NAME, spare or none.")]
    = None,
    left: Annotated[str | None, typer.Option("--left", help="In a tally hand: the cards each other player "
                                             "holds, NAME=N,NAME=N...")] = None,
    holders: Annotated[str | None, typer.Option("--holders", help="Under settle.unplayed_card: who holds each "
                                                "unplayed pot's card, POT=NAME,POT=spare...")] = None,
) -> None:
    """End a real hand: NAME went out. popejoan works out the cards left (a tally: is told them) and settles."""
    from popejoan_cli.render.narrate import went_out
    from popejoan_cli.table import moves
    from popejoan_cli.table.events import OutDeclared, TallyOut

    view = common.view()
    if view.open_hand is None and view.hands and view.hands[-1].kind.real:
        from popejoan_cli.table.real import settled_already

        raise settled_already(view.hands[-1])  # `out` again: which hand is settled, not that `--left` is wrong
    tally = view.open_hand is not None and not view.open_hand.kind.records_cards
    if tally and left is None:
        raise UsageError(Said("a tally hand does not know the cards left: say how many each other player holds"),
                         Said("add --left NAME=N,NAME=N..."))
    if not tally and left is not None:
        raise UsageError(Said("--left goes with a tally hand (`deal --real --tally`): here the record counts the "
                              "cards"))
    declared: OutDeclared | TallyOut = (moves.tally_out(view, name, left, pope) if left is not None
                                        else moves.going_out(view, name, pope, holders))
    done = common.record(lambda v: [declared])
    rec = next(r for r in reversed(done.view.hands) if r.closed)
    say(went_out(rec.hand.rules, rec.players, rec.hand.whole()))


@command(root, "show")
def show(
    name: Annotated[str, typer.Argument(help="The player showing their cards.")],
    cards: Annotated[list[str], typer.Argument(help="Every card they still hold.")],
) -> None:
    """Record a player's remaining cards when shown; their earlier leads are checked again."""
    from popejoan_cli.game.cards import Card
    from popejoan_cli.table.events import HandShown
    from popejoan_cli.table.view import player_named

    the_cards = [str(Card.parse(c)) for c in cards]
    view = common.view()
    name = player_named(view.players, name)
    before = len(view.problems)
    shown = view.open_hand or view.hands[-1] if view.hands else None
    paid = (len(shown.hand.payments), len(shown.hand.feeds)) if shown is not None else (0, 0)
    breached = len(shown.breaches) if shown is not None else 0
    done = common.record(lambda v: [HandShown(player=name, cards=the_cards)])
    found = done.view.problems[before:]
    _fined(done.view.hands[-1], *paid)
    if found:
        from popejoan_cli.cli.exits import spoken

        for p in found:
            # Each breach is said whole: the lead it proves wrong, and the setting it breaks as written.
            sys.stderr.write("popejoan: " + spoken(Said("BREACH: {problem}", problem=p.message)) + "\n")
    elif len(done.view.hands[-1].breaches) == breached:
        from popejoan_cli.render.i18n import tn

        console().print(tn("{player}'s {n} card recorded; their leads were all legal.",
                           "{player}'s {n} cards recorded; their leads were all legal.", len(the_cards), player=name),
                        markup=False)


def _fined(rec: HandRecord, payments: int, feeds: int, passes: bool = False) -> None:
    """The fines for improper leads a show or a void has just charged (docs/house-rules.md: play.improper_lead),
    and with `passes` the passes a void charged (play.pass_pays), told from the hand's record: what it holds
    beyond its first `payments` payments and `feeds` feeds."""
    from popejoan_cli.render import narrate

    hand = rec.hand
    labels = {p.name: p.label for p in hand.rules.pots}
    new = hand.feeds[feeds:]
    lines = narrate.fed([f for f in new if f.why == "pass"], rec.players, labels) if passes else []
    lines += narrate.lead_fines(hand.payments[payments:], new, rec.players, labels)
    if lines:
        say(lines)


@command(root, "claim")
def claim(
    name: Annotated[str, typer.Argument(help="Who claims.")],
    what: Annotated[str, typer.Argument(help="A pot name, or `cards` for the settlement.")],
    amount: Annotated[int | None, typer.Argument(help="How many counters are claimed (optional).")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Check a claim against the record: right or wrong, and the plays that decide it (wrong: exit 3)."""
    from popejoan_cli.cli.exits import spoken
    from popejoan_cli.game.claims import judge
    from popejoan_cli.game.tally import tally_judge
    from popejoan_cli.table import moves

    view = common.view()
    rec, name = moves.claimed(view, name)
    pot = common.pot_typed(view.the_rules(), what, "cards")  # its name or label, as the board shows
    claim = judge if rec.kind.records_cards else tally_judge
    verdict = claim(rec.hand, rec.players.index(name), pot or what.lower(), amount)
    if as_json:  # the English, whatever the language: `--json` never changes with it
        emit_json({"hand": rec.number, "player": name, "claim": what, "right": verdict.right, "why": verdict.text})
    elif verdict.right:
        sys.stdout.write(spoken(verdict.text) + "\n")
    if not verdict.right:
        if not as_json:
            sys.stderr.write(f"popejoan: {spoken(verdict.text)}\n")
        raise typer.Exit(3)


@command(root, "void")
def void() -> None:
    """A real hand is void: after a stop nobody could lead a new suit (no settlement; the board carries)."""
    from popejoan_cli.table.events import VoidDeclared

    view = common.view()
    feeds = len(view.open_hand.hand.feeds) if view.open_hand is not None else 0
    done = common.record(lambda v: [VoidDeclared()])
    from popejoan_cli.render.i18n import t

    console().print(t("The hand is void: no settlement, and the board carries over."), markup=False)
    rec = done.view.hands[-1]
    # What the void cost, as the referee recorded it (docs/house-rules.md: play.pass_pays, play.improper_lead).
    _fined(rec, 0, feeds, passes=True)
