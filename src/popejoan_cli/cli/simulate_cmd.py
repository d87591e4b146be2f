"""`popejoan simulate`: what a table's house rules do, over many computer-played hands.

Parses the options, runs `simulate.simulate` over the requested processes with a
progress bar on stderr (hidden when stderr is not a terminal), and renders the result as
rich tables with a small bar chart, or `--json` (only the JSON on stdout).

`--processes` defaults to the cores this process may run on. More than `PER_CORE` (2) a
core, or than 64 in all, is cut down to that with a one-line note on stderr rather than
refused: the numbers do not depend on the number of processes, so a script written for a
bigger machine still runs, and gives the same result. A run never starts more workers
than there are 100-hand chunks; the header says how many played.

`--against B` and `--against-bots Y` compare: the same deals under both sides (`game.compare`), rendered by
`cli.compare_view`. `--cluster ADDRESS` plays the chunks on a Dask cluster instead of this machine's processes
(`cli.cluster`, the `cluster` extra), with the same numbers (docs/simulate.md).

The referee, the store, the formats and rich are imported inside the commands that need
them, to keep start-up short: a command pays only for what it uses.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import typer

from popejoan_cli.base.errors import Said, UsageError, allowed
from popejoan_cli.base.marks import Grouped
from popejoan_cli.cli import command, console, emit_json, root

if TYPE_CHECKING:
    from collections.abc import Callable

    from popejoan_cli.game.simulate import SimResult

T = TypeVar("T")

MAX_HANDS = 10_000_000
PER_CORE = 2
"""Workers a core is worth: the work is all computation, so more only adds forks and memory."""


def cores() -> int:
    """The cores this process may run on (its affinity, where the system tells it)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1


def process_limit() -> int:
    from popejoan_cli.game.processes import MAX_PROCESSES

    return min(MAX_PROCESSES, PER_CORE * cores())


def _levels(text: str, players: int) -> list[str]:
    """The level of each seat from `--bots`: English words (`good,simple`), or at a Russian table their Russian
    words too («хороший,простой»: `render.levels.level_typed`)."""
    from popejoan_cli.game.simulate import SIM_LEVELS as LEVELS  # the table's levels and the `peek` bound
    from popejoan_cli.render.levels import level_typed

    words = []
    for typed in (w.strip() for w in text.split(",")):
        level = level_typed(typed)
        if level not in LEVELS:
            raise UsageError(Said("--bots: unknown bot level {typed!r}", typed=typed), allowed(LEVELS, typed))
        words.append(level)
    if len(words) > players:
        # Never one level for one player here (there are two or more players): a Said, not a plural.
        raise UsageError(Said("--bots lists {n} levels for {players} players", n=len(words), players=players),
                         Said("give at most one level a seat; a shorter list repeats round the table"))
    # A shorter list repeats round the table: good,simple seats them alternately.
    return [words[k % len(words)] for k in range(players)]


def _with_bar(total: int, play: Callable[[Callable[[int], None] | None], T]) -> T:
    """`play(progress)` with a progress bar on stderr when it is a terminal (`progress` None otherwise)."""
    if not sys.stderr.isatty():
        return play(None)
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from popejoan_cli.render.i18n import t

    with Progress(TextColumn(t("simulating")), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("hands", total=total)
        return play(lambda n: bar.advance(task, n))


def _engine(cluster: str | None, processes: int) -> Any:
    """Who plays the chunks: the Dask cluster at `cluster` (`cli.cluster`), or this machine's processes."""
    if cluster is None:
        from popejoan_cli.game.processes import Processes

        return Processes(processes)
    from popejoan_cli.cli.cluster import Cluster

    return Cluster(cluster)


def _interval(d: dict[str, Any]) -> str:
    from popejoan_cli.render.figures import decimal  # 0.25 as the table's language writes it (0,25)

    return f"{decimal(d['low'], '+.2f')} … {decimal(d['high'], '+.2f')}"


def _blocks(share: float, width: int) -> str:
    """A bar of block characters `share` (0–1) of `width` long, to an eighth of a cell."""
    eighths = "▏▎▍▌▋▊▉"
    n = max(0.0, min(1.0, share)) * width
    full, part = int(n), int((n - int(n)) * 8)
    return "█" * full + (eighths[part - 1] if part else "")


def _bar(value: float, scale: float, width: int = 6) -> str:
    """A signed bar around an axis: losses to the left, gains to the right."""
    body = _blocks(abs(value) / scale if scale > 0 else 0.0, width)
    if value < 0:
        return body.rjust(width) + "│" + " " * width
    return " " * width + "│" + body.ljust(width)


def _seat_table(data: dict[str, Any]) -> Any:
    from rich.table import Table

    from popejoan_cli.render.figures import decimal
    from popejoan_cli.render.i18n import t, tp
    from popejoan_cli.render.levels import level_word

    seats = Table(title=t("Per seat"), title_justify="left")
    for col in (tp("simulate column", "seat"), tp("simulate column", "bot"), tp("simulate column", "per hand"),
                tp("simulate column", "95% CI"), tp("simulate column", "first out"), tp("simulate column", "chart")):
        # Only "first out"'s heading may take two lines («выход / первым»): room for the longest level's word
        # («всевидящий») at 80 columns, the numbers and the bars kept whole.
        seats.add_column(col, justify="left" if len(seats.columns) in (0, 1, 5) else "right",
                         no_wrap=len(seats.columns) != 4, min_width=13 if len(seats.columns) == 5 else None)
    scale = max((abs(s["mean"]) for s in data["seats"]), default=0.0)
    for s in data["seats"]:
        seats.add_row(str(s["seat"] + 1), level_word(s["bot"]), decimal(s["mean"], "+.3f"), _interval(s),
                      decimal(s["out_first"], ".1%"), _bar(s["mean"], scale))
    return seats


def _render(res: SimResult, rules: Any, who: str) -> None:
    from rich.markup import escape
    from rich.table import Table

    from popejoan_cli.cli.exits import line_start
    from popejoan_cli.render.figures import decimal, grouped
    from popejoan_cli.render.i18n import t, tn, tp
    from popejoan_cli.render.levels import level_word
    from popejoan_cli.render.table_views import pot_words

    data = res.to_json()
    word = pot_words(rules)
    out = console()
    out.print(t("{rules}: {hands}, {players}, seed {seed}, {processes}. Counters per hand, 95% confidence intervals.",
                rules=escape(res.rules_name),
                hands=tn("{count} hand", "{count} hands", res.hands, count=grouped(res.hands)),
                players=tn("{n} player", "{n} players", res.players), seed=res.seed,
                processes=who))
    out.print(_seat_table(data))
    if data["margin"] is not None:
        m = data["margin"]
        # «Хороший против простого: …»: the level after «против» in its case, the line begun with a capital.
        out.print(line_start(t("{level} over {other}: {mean} counters per hand per seat ({interval}).",
                               level=level_word(m["of"]), other=level_word(m["over"], "genitive"),
                               mean=decimal(m["mean"], "+.3f"), interval=_interval(m))))
    edge = data["dealer_edge"]
    out.print(t("Dealer's edge: {mean} counters per hand ({interval}): the dealer's mean net minus the others' mean "
                "net, dressing included.", mean=decimal(edge["mean"], "+.3f"), interval=_interval(edge)))
    pots = Table(title=t("Per pot"), title_justify="left")
    for col in (tp("simulate column", "pot"), tp("simulate column", "won"),
                tp("simulate column", "mean size when won"), tp("simulate column", "largest"),
                tp("simulate column", "hands carried")):
        pots.add_column(col, justify="left" if not pots.columns else "right")
    for p in data["pots"]:
        pots.add_row(escape(word(p["pot"])), decimal(p["won"], ".1%"), decimal(p["mean_when_won"], ".2f"),
                     str(p["max_when_won"]), decimal(p["mean_hands_carried"], ".2f"))
    out.print(pots)
    ends = Table(title=t("Hand endings"), title_justify="left")
    ends.add_column(tp("simulate column", "ending"))
    ends.add_column(tp("simulate column", "share"), justify="right")
    ends.add_column(tp("simulate column", "chart"), no_wrap=True)
    labels = {"out": t("someone went out"), "turnup": t("at the turn-up"), "void": t("void (nobody could lead)")}
    for key in ("out", "turnup", "void"):
        share = data["endings"][key]
        ends.add_row(labels[key], decimal(share, ".1%"), _blocks(share, 20) or "·")
    out.print(ends)


@command(root, "simulate")
def simulate_cmd(
    rules_spec: Annotated[str, typer.Option("--rules", "-r", help="A preset name or house-rule file.")],
    players: Annotated[int, typer.Option("--players", "-p", help="Number of players (all computers).")],
    hands: Annotated[int, typer.Option("--hands", "-k", help="Number of hands to play.")],
    seed: Annotated[int, typer.Option("--seed", "-s", help="Seed of the run: hand k uses seed*1000003+k.")] = 0,
    bots: Annotated[str, typer.Option("--bots", "-b", help="Bot level per seat (good,simple,...) or one for all.")]
    = "good",
    processes: Annotated[int | None, typer.Option(
        "--processes", "-P",
        help="Worker processes (default: all cores). Up to 2 per core, 64 at most: more is cut down, with a "
             "note. Never more than there are 100-hand chunks.")]
    = None,
    against: Annotated[str | None, typer.Option(
        "--against", help="Compare: play the same deals under this preset or house-rule file too (B), and report "
                          "A − B with its interval.")] = None,
    against_bots: Annotated[str | None, typer.Option(
        "--against-bots", help="Compare line-ups: play the same deals with these bot levels too (B), the line-ups "
                               "turned round the table so that no seat's luck counts.")] = None,
    cluster: Annotated[str | None, typer.Option(
        "--cluster", help="Play on the Dask cluster whose scheduler is here, e.g. tcp://HOST:8786 (the cluster "
                          "extra); the numbers are the same as on this machine.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the numbers as JSON on stdout.")] = False,
) -> None:
    """Play many hands between computer players and report what the house rules do, or how two differ."""
    from popejoan_cli.formats.presets import load_rules

    rules = load_rules(rules_spec)
    _check(rules, players, hands)
    levels = _levels(bots, players)
    if against is not None and against_bots is not None:
        raise UsageError(Said("--against and --against-bots each name what B is: give one"),
                         Said("compare two rule sets with the same bots, or two line-ups under the same rules"))
    other = load_rules(against) if against is not None else None
    if other is not None:
        _check(other, players, hands)
    line_up = _levels(against_bots, players) if against_bots is not None else None
    if cluster is not None and processes is not None:
        raise UsageError(Said("--processes and --cluster both say who plays the hands: give one"))
    engine = _engine(cluster, _processes(processes) if cluster is None else 1)
    try:
        if other is None and line_up is None:
            res = _with_bar(hands, lambda progress: _simulate(rules, players, hands, seed, levels, engine, progress))
        else:
            _compared(rules, other or rules, players, hands, seed, levels, line_up, engine, as_json)
            return
    finally:
        if cluster is not None:
            engine.close()
    if as_json:
        emit_json(res.to_json())
        return
    _render(res, rules, _who(engine))


def _who(engine: Any) -> str:
    """Who played the hands, in words for the header: "2 processes", or a cluster's "8 workers"."""
    from popejoan_cli.cli.cluster import Cluster
    from popejoan_cli.render.i18n import tn

    if isinstance(engine, Cluster):
        return tn("{n} cluster worker", "{n} cluster workers", engine.workers)
    return tn("{n} process", "{n} processes", engine.workers)


def _check(rules: Any, players: int, hands: int) -> None:
    """Refuse a number of players the rules are not for, or of hands out of range."""
    lo, hi = rules.players.min, rules.players.max
    if not lo <= players <= hi:
        raise UsageError(Said("--players {players}: {rules} is for {least}–{most} players", players=players,
                              rules=rules.name, least=lo, most=hi))
    if not 1 <= hands <= MAX_HANDS:
        raise UsageError(Said("--hands {hands}: give a number of hands from 1 to {most}", hands=hands,
                              most=Grouped(MAX_HANDS)))


def _processes(processes: int | None) -> int:
    """The processes asked for (all cores by default), cut down to what this machine can use, with a note."""
    from popejoan_cli.game.processes import MAX_PROCESSES

    procs = processes if processes is not None else cores()
    if procs < 1:
        raise UsageError(Said("--processes {processes}: give 1 or more", processes=procs))
    limit = process_limit()
    if procs > limit:
        from popejoan_cli.render.i18n import t

        sys.stderr.write("popejoan: " + t("--processes {asked} is more than this machine can use; using {limit} "
                                          "({per_core} per core, {most} at most)", asked=procs, limit=limit,
                                          per_core=PER_CORE, most=MAX_PROCESSES) + "\n")
        procs = limit
    return procs


def _simulate(rules: Any, players: int, hands: int, seed: int, levels: list[str], engine: Any,
              progress: Callable[[int], None] | None) -> SimResult:
    from popejoan_cli.game.simulate import simulate

    return simulate(rules, players, hands, seed, levels, progress=progress, engine=engine)


def _compared(rules: Any, other: Any, players: int, hands: int, seed: int, levels: list[str],
              line_up: list[str] | None, engine: Any, as_json: bool) -> None:
    """`--against` or `--against-bots`: both sides on the same deals, and the paired difference."""
    from popejoan_cli.game.compare import compare

    turns = 1 if line_up is None else players
    done = _with_bar(2 * hands * turns, lambda progress: compare(
        rules, other, players, hands, seed, levels, line_up, progress=None if progress is None else
        lambda n: progress(2 * n), engine=engine))
    if as_json:
        emit_json(done.to_json())
        return
    from popejoan_cli.cli.compare_view import render

    render(done.to_json(), _who(engine), rules)
