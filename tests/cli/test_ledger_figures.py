"""Every amount `table join` and `table leave` announce is the ledger's own figure (issue 24).

The sequences are played through the CLI: players join, leave and come back (with `--counters` or
`--bring-back`), with hands played between, and each announced amount is compared with the
balance `ledger show --json` gave just before a leave and with the ledger's posting for the event.
"""

from __future__ import annotations

import itertools
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import Cli, play_hand

_TABLES = itertools.count()
LEAVES = re.compile(r"^(\S+) leaves, (taking|owing) (\d+) counters?\.\n$")
JOINS = re.compile(r"^(\S+) joins with (\d+) counters?\.\n$")


def _posting(kind: str, player: str) -> int:
    """The amount of the ledger's newest `kind` posting to `player` at the current table."""
    from popejoan_cli.store import tables
    from popejoan_cli.table.ledger import postings

    view, _ = tables.view(tables.folder())
    found = [p.amount for p in postings(view) if p.what == kind and p.account == f"player:{player}"]
    assert found, (kind, player)
    return found[-1]


def _leave(cli: Cli, name: str) -> int:
    """`table leave NAME`; the amount it announced, checked against the ledger. Returns it."""
    held = cli.json("ledger", "show")[name]
    said = LEAVES.match(cli.ok("table", "leave", name).stdout)
    assert said is not None and said[1] == name
    announced = int(said[3]) * (-1 if said[2] == "owing" else 1)
    assert announced == held, f"{name} held {held} but the message says {announced}"
    assert -_posting("cash-out", name) == announced
    assert name not in cli.json("ledger", "show")
    return announced


def _join(cli: Cli, name: str, *options: str) -> int:
    """`table join NAME OPTIONS`; the amount it announced, checked against the ledger. Returns it."""
    said = JOINS.match(cli.ok("table", "join", name, *options).stdout)
    assert said is not None and said[1].casefold() == name.casefold()
    announced = int(said[2])
    assert _posting("buy-in", said[1]) == announced
    assert cli.json("ledger", "show")[said[1]] == announced
    return announced


def test_a_rejoining_player_is_told_what_they_take_this_time(cli: Cli) -> None:
    """The issue's own sequence: the second leave takes 50, not 40 + 50."""
    cli.ok("table", "new", "t", "--rules", "modern-stops", "--players", "Ann,Bob,Cat", "--counters", "50")
    _join(cli, "Max", "--counters", "40")
    assert _leave(cli, "Max") == 40
    _join(cli, "Max", "--counters", "50")
    assert _leave(cli, "Max") == 50


def test_bring_back_brings_what_was_taken_at_the_last_leave(cli: Cli) -> None:
    cli.ok("table", "new", "t", "--rules", "modern-stops", "--players", "Ann,Bob,Cat", "--counters", "50")
    _join(cli, "Max", "--counters", "40")
    play_hand(cli, 5)
    took = _leave(cli, "Max")
    assert _join(cli, "max", "--bring-back") == took  # named as the table knows him
    assert "Max" in cli.json("ledger", "show")
    play_hand(cli, 6)
    took = _leave(cli, "Max")
    assert _join(cli, "Max", "--bring-back") == took


def test_bring_back_is_refused_for_a_player_who_never_left(cli: Cli) -> None:
    cli.ok("table", "new", "t", "--rules", "modern-stops", "--players", "Ann,Bob,Cat", "--counters", "50")
    cli.fails(2, "table", "join", "Max", "--bring-back", said=("Max", "never left", "--counters"))
    cli.fails(2, "table", "join", "Max", "--bring-back", "--counters", "5", said=("--bring-back", "--counters"))
    cli.ok("table", "join", "Max", "--counters", "5")
    cli.ok("table", "leave", "Max")
    cli.ok("undo", "--yes")  # an undone leave was never a leave
    cli.fails(2, "table", "join", "Eve", "--bring-back", said=("Eve", "never left"))


def test_bring_back_at_a_russian_table(cli: Cli) -> None:
    cli.ok("table", "new", "t", "--rules", "russian", "--players", "Аня,Боря,Вика", "--lang", "ru")
    cli.ok("table", "join", "Гоша", "--counters", "7")
    cli.ok("table", "leave", "Гоша")
    res = cli.ok("table", "join", "Гоша", "--bring-back")
    assert "7" in res.stdout and "Гоша" in res.stdout
    said = cli.fails(2, "table", "join", "Дима", "--bring-back", said=("Дима",))
    assert not re.search(r"[A-Za-z]{4,}", re.sub(r"`[^`]*`", "", said.removeprefix("popejoan:"))), said


STEPS = st.lists(st.tuples(st.sampled_from(["hand", "leave", "join", "back"]), st.sampled_from(["Max", "Eve"]),
                           st.integers(0, 90)), min_size=1, max_size=8)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=STEPS)
def test_every_announced_amount_is_the_ledgers(cli: Cli, steps: list[tuple[str, str, int]]) -> None:
    """Joins, leaves, rejoins (with counters or brought back) and hands, in any order the table allows."""
    cli.ok("table", "new", f"t{next(_TABLES)}", "--rules", "modern-stops", "--players", "Ann,Bob,Cat",
           "--counters", "50")
    took: dict[str, int] = {}
    for what, name, n in steps:
        seated = name in cli.json("ledger", "show")
        if what == "hand":
            play_hand(cli, n)
        elif what == "leave" and seated:
            took[name] = _leave(cli, name)
        elif what == "join" and not seated:
            assert _join(cli, name, "--counters", str(n)) == n
        elif what == "back" and not seated and name in took:
            assert _join(cli, name, "--bring-back") == took[name]
