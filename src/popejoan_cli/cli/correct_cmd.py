"""`correct`: a past hand corrected without undoing the hands after it (issue 39).

The verdict and the counters moved are the table's (`table.corrections`); this module reads what was typed,
records the correction and says it from the record the journal holds (`history_notes.corrected`). The
table and the render are imported inside the command, to keep start-up short.
"""

from __future__ import annotations

from typing import Annotated

import typer

from popejoan_cli.cli import command, common, root, say


@command(root, "correct")
def correct(
    hand: Annotated[int, typer.Argument(min=1, help="The number of the hand to correct, as `history` shows it.")],
    payer: Annotated[str, typer.Argument(help="Who should have paid more in that hand.")],
    payee: Annotated[str, typer.Argument(help="Who should have been paid.")],
    counters: Annotated[str, typer.Argument(metavar="N", help="How many counters.")],
    by: Annotated[str, typer.Option("--by", help="Who said so: a player, or the banker.")],
    why: Annotated[str, typer.Option("--why", help="What was wrong, and what is right.")],
) -> None:
    """Correct a past hand of a real deck or a tally; the hands since are untouched.

    PAYER pays PAYEE N counters that hand HAND should have moved, recorded now, dated, with who said so and
    why. `undo` takes it back."""
    from popejoan_cli.base.names import find_name
    from popejoan_cli.render.history_notes import corrected
    from popejoan_cli.table.events import HandCorrected
    from popejoan_cli.table.view import TableView

    n = common.counters(counters)

    def make(view: TableView) -> list[HandCorrected]:
        # A name as the hand knew its players (one who has left is named so, and refused for that reason).
        names = view.hands[hand - 1].players if hand <= len(view.hands) else view.players
        said_by = find_name(by, view.players) or by.strip()
        return [HandCorrected(hand=hand, payer=find_name(payer, names) or payer, payee=find_name(payee, names) or payee,
                              counters=n, by=said_by, why=" ".join(why.split()))]

    done = common.record(make)
    say(corrected(done.view, done.view.corrections[-1][1]))
