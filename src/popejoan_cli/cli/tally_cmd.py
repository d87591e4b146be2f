"""Keeping a tally of a real deck: `pay NAME POT...` (`deal --real --tally` lives with `deal`,
`out NAME --left ...` with `out` in `real_cmd`).

The referee, the store and the formats are imported inside the command, to keep start-up short.
"""

from __future__ import annotations

from typing import Annotated

import typer

from popejoan_cli.cli import command, common, root, say


@command(root, "pay")
def pay(
    name: Annotated[str, typer.Argument(help="Who showed the cards and takes the pots.")],
    pots: Annotated[list[str], typer.Argument(help="The pots taken (their names or labels).")],
) -> None:
    """In a tally hand: NAME showed the cards of these pots during play and takes them."""
    from popejoan_cli.render.i18n import pot_label
    from popejoan_cli.render.narrate import award, said
    from popejoan_cli.table.events import PotsPaid
    from popejoan_cli.table.view import player_named

    view = common.view()
    rules = view.the_rules()
    who = player_named(view.players, name)
    named: list[str] = []
    for typed in pots:
        pot = common.pot_typed(rules, typed)  # «Вика Туз» at a Russian table: the board's labels as it says them
        assert pot is not None
        named.append(pot)
    rec = view.open_hand
    first = len(rec.hand.awards) if rec is not None else 0
    done = common.record(lambda v: [PotsPaid(player=who, pots=named)])
    hand = done.view.hands[-1].hand
    labels = {p.name: p.label for p in rules.pots}
    say([award(a, done.view.hands[-1].players, labels) for a in hand.awards[first:]]
        or [said("{player} takes {pots}: the pots were empty.", player=who,
                 pots=", ".join(pot_label(labels[p]) for p in named))])
