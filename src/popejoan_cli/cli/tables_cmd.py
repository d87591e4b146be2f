"""The `table` verbs: `table new | list | use | path | join | leave`.

Each change goes through `tables.record`. The store, the rules and the referee are imported
inside the commands that need them, to keep start-up short.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated

import typer

from popejoan_cli import cli
from popejoan_cli.base.errors import Said, UsageError
from popejoan_cli.base.marks import Quoted
from popejoan_cli.base.names import find_name, refuse_lookalikes
from popejoan_cli.cli import command, common, computers, console, emit_json, table_app
from popejoan_cli.cli.common import JsonOpt

if TYPE_CHECKING:
    from pathlib import Path

    from popejoan_cli.formats.exports import Imported
    from popejoan_cli.game.rules import HouseRules
    from popejoan_cli.table.events import Event
    from popejoan_cli.table.view import TableView


@command(table_app, "new")
def table_new(
    name: Annotated[str, typer.Argument(help="A name for the table, e.g. fridays.")],
    rules_spec: Annotated[str | None, typer.Option("--rules", "-r", help="A preset name or house-rule file; "
                                                                         "required without --from.")]
    = None,
    players: Annotated[str | None, typer.Option(
        "--players", "-p", help="Players clockwise: Ann,Bob,Cat (Sasha:f says a gender the name does not tell); "
                                "required without --from.")]
    = None,
    dealer: Annotated[str | None, typer.Option("--dealer", "-d", help="First dealer (default: first player).")] = None,
    counters: Annotated[str | None, typer.Option("--counters", "-c", metavar="N",
                                                 help="Counters each player brings (50).")] = None,
    from_file: Annotated[str | None, typer.Option("--from", metavar="FILE",
                                                  help="Continue an exported ledger (TOML or JSON) as a new "
                                                       "session.")] = None,
    lang: Annotated[str | None, typer.Option("--lang", metavar="LANG",
                                             help="The language the table speaks, whoever types: en or ru "
                                                  "(default: en; POPEJOAN_LANG still overrides it).")] = None,
    computers: Annotated[int, typer.Option("--computers", min=0, max=7, metavar="N",
                                           help="Seat N computers after the players (Computer 1 and on); they "
                                                "lead by themselves, at virtual deals only.")] = 0,
    level: Annotated[str, typer.Option("--level", "-l", metavar="LEVEL",
                                       help="The computers' level: simple, good or strong.")] = "good",
) -> None:
    """Create a table and make it the current one (or continue an exported ledger with --from)."""
    from popejoan_cli.formats.presets import load_rules
    from popejoan_cli.store import tables
    from popejoan_cli.table.events import ComputerSeated, TableOpened

    tables.check_name(name)  # with --table too: the name is shown, exported and journalled
    speaks = _language(lang)
    where = tables.tables_dir() / name if not cli.table_override else common.where()
    if from_file is not None:
        _only_from(rules_spec=rules_spec, players=players, dealer=dealer, counters=counters, lang=lang)
        _continue(name, from_file, where)
        return
    _needs(rules_spec, players)
    assert rules_spec is not None and players is not None
    each = 50 if counters is None else common.counters(counters)
    rules = load_rules(rules_spec)
    seats = common.players_said(players)
    robots = seated_computers([n for n, _ in seats], computers, level, speaks)
    robot_names = [e.player for e in robots if isinstance(e, ComputerSeated)]
    names = [n for n, _ in seats] + robot_names
    _not_words(names, rules)
    refuse_lookalikes(names)
    first = (find_name(dealer, names) or dealer) if dealer is not None else names[0]
    opened = TableOpened(name=name, rules=rules.to_dict(), rules_name=rules.name, players=names, counters=each,
                         dealer=first, lang=speaks)
    done = common.record(lambda view: [opened, *common.described(seats), *robots], where=where, create=True)
    if not cli.table_override:
        tables.set_current(name)
    from popejoan_cli.render.i18n import preset_title, tn  # after `record`, which set the table's language

    console().print(tn("Table {name} is ready: {players}, {n} counter each, {rules} rules. {dealer} deals first: "
                       "`popejoan deal`.",
                       "Table {name} is ready: {players}, {n} counters each, {rules} rules. {dealer} deals first: "
                       "`popejoan deal`.", each, name=Quoted(name), players=", ".join(names),
                       rules=preset_title(rules.title), dealer=first), markup=False)
    common.genders_untold(done.view, names)
    if robot_names:
        _computers_said(done.view, robot_names)


def _only_from(**options: str | None) -> None:
    """`table new --from FILE` takes everything from the file: any of `options` given as well is refused."""
    given = [f"--{option.replace('_spec', '')}" for option, value in options.items() if value is not None]
    if given:
        raise UsageError(Said("--from takes the rules, players, dealer, counters and language from the file: "
                              "leave out {options}", options=", ".join(given)))


def seated_computers(taken: list[str], n: int, level: str, speaks: str) -> list[Event]:
    """`table new --computers N --level L`: the events that seat N computers after the players (none for 0),
    named in the table's language `speaks`."""
    if not n:
        return []
    from popejoan_cli.render.practice_table import computer_seats  # only when computers sit: it reads the bots

    cli.speak(speaks)
    return computer_seats(computers.names(taken, n), computers.level_of(level))


def _computers_said(view: TableView, names: list[str]) -> None:
    """That `names` are computers, at which level, and that they lead by themselves."""
    from popejoan_cli.render.i18n import t
    from popejoan_cli.render.levels import level_word

    console().print(t("{names} are computers ({level}): they lead by themselves, at virtual deals only.",
                      names=", ".join(names), level=level_word(view.computers[names[0]])), markup=False)


def _needs(rules_spec: str | None, players: str | None) -> None:
    """A new table (not continued from a file) is refused without its rules or its players."""
    if rules_spec is None or players is None:
        needs = (Said("a new table needs --rules and --players") if rules_spec is None and players is None
                 else Said("a new table needs --rules") if rules_spec is None else Said("a new table needs --players"))
        raise UsageError(needs, Said("e.g. `popejoan table new fridays --rules modern-stops --players Ann,Bob,Cat`, "
                                     "or continue an export with --from FILE"))


def _continue(name: str, from_file: str, where: Path) -> None:
    """`table new NAME --from FILE`: the next session of an export, made the current table (said so)."""
    from popejoan_cli.store import tables

    was = tables.current_name()
    common.continue_table(name, _export(from_file), from_file, where)
    if not cli.table_override:  # it is the current table now, as `table new` makes every new table
        from popejoan_cli.render.i18n import t

        console().print(t("The current table is now {name} (it was {old}).", name=Quoted(name), old=Quoted(was))
                        if was is not None and was != name else
                        t("The current table is now {name}.", name=Quoted(name)), markup=False)


_NOT_CONTINUED = {".csv": "CSV", ".journal": "hledger", ".hledger": "hledger", ".ledger": "hledger",
                  ".beancount": "beancount"}
"""The `ledger export` formats a session cannot continue from, by their extension: they hold the
postings, not the rules, seats and history that a TOML or JSON export carries."""


def _export(file: str) -> Imported:
    """The export `table new --from FILE` continues: a TOML or JSON one. Another format of `ledger
    export` is refused by its name, and a file of another name that cannot be read says which
    formats a session continues from (exit 5, as any file that is not an export)."""
    from pathlib import Path

    from popejoan_cli.base.errors import DataError, Problem
    from popejoan_cli.formats.userfiles import label

    only = Said("export the table as TOML or JSON (`popejoan ledger export FILE.toml`) and continue from that")
    suffix = Path(file).suffix.lower()
    if suffix in _NOT_CONTINUED:
        raise DataError([Problem(Said("a session continues only from a TOML or JSON ledger export, not {format}",
                                      format=_NOT_CONTINUED[suffix]), file=label(file), hint=only)])
    try:
        return common.read_export(file)
    except DataError as err:
        if suffix not in (".toml", ".json"):  # read as TOML or JSON by its first character: say why
            err.hint = Said("a session continues only from a TOML or JSON ledger export: {how}", how=only)
        raise


def _language(lang: str | None) -> str:
    """The language `table new --lang` records: en (the default, never written) or ru."""
    from popejoan_cli.base.errors import allowed
    from popejoan_cli.base.words import LANGUAGES

    if lang is None:
        return "en"
    if lang.strip().lower() not in LANGUAGES:
        raise UsageError(Said("--lang {lang!r} is not a language popejoan speaks", lang=lang),
                         allowed(list(LANGUAGES), lang))
    return lang.strip().lower()


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
        from popejoan_cli.render.i18n import t

        out.print(t("No tables yet: `popejoan table new NAME --rules R --players A,B,C`."), markup=False)
    for n in names:
        out.print(f"{'*' if n == current else ' '} {n}", markup=False)


@command(table_app, "use")
def table_use(name: Annotated[str, typer.Argument(help="The table to make current.")]) -> None:
    """Make a table the current one."""
    from popejoan_cli.store import tables

    try:
        tables.folder_of(name)
    except UsageError as err:
        if not tables.table_names():  # "allowed:" and no name after it: say there are none, and how to make one
            err.hint = Said("No tables yet: `popejoan table new NAME --rules R --players A,B,C`.")
        raise
    tables.set_current(name)
    from popejoan_cli.render.i18n import t

    console().print(t("Now using table {name}.", name=Quoted(name)), markup=False)


@command(table_app, "path")
def table_path(as_json: JsonOpt = False) -> None:
    """Print the folder that holds the current table's journal."""
    if as_json:
        emit_json({"path": str(common.where())})
        return
    sys.stdout.write(f"{common.where()}\n")


def _not_words(names: list[str], rules: HouseRules | None = None) -> None:
    """Refuse a name that is a word of the command language (`--pope none`, `stop`), or with `rules` one of the
    table's own (a pot, a card: `deal.table_word_problems`): the journal's replay does not, so that tables from
    before stay readable; the commands that seat players do."""
    from popejoan_cli.game.deal import table_word_problems, word_problems

    problems = [p for n in names for p in (*word_problems(n), *(table_word_problems(n, rules) if rules else ()))]
    if problems:
        raise UsageError(problems[0], Said("give that player another name"))


@command(table_app, "join")
def table_join(
    name: Annotated[str | None, typer.Argument(help="The new player.")] = None,
    counters_text: Annotated[str | None, typer.Option("--counters", "-c", metavar="N",
                                                      help="Counters the player brings (default: what each "
                                                           "player brought when the table opened).")] = None,
    bring_back: Annotated[bool, typer.Option("--bring-back",
                                             help="A player who left this session brings back exactly what "
                                                  "they took away when they last left.")] = False,
    gender: Annotated[str | None, typer.Option("--gender", "-g", metavar="f|m",
                                               help="The player's gender, where the name does not tell "
                                                    "(f or m; ж or м).")] = None,
    computer: Annotated[bool, typer.Option("--computer", help="The new player is a computer (NAME: Computer N "
                                                              "when it is left out).")] = False,
    level: Annotated[str, typer.Option("--level", "-l", metavar="LEVEL",
                                       help="With --computer: simple, good or strong.")] = "good",
) -> None:
    """A player sits down between hands (last in the clockwise order)."""
    from popejoan_cli.table import moves
    from popejoan_cli.table.events import PlayerJoined
    from popejoan_cli.table.ledger import buy_in

    given = None if counters_text is None else common.counters(counters_text)
    said = _gender(gender)
    robot = computers.level_of(level) if computer else None
    if name is None and robot is None:
        raise UsageError(Said("table join needs the new player's name"),
                         Said("e.g. `popejoan table join Eve`, or `popejoan table join --computer`"))
    if "," in (name or ""):
        raise UsageError(Said("{name!r} is not one player's name", name=name), Said("a name may not contain a comma"))
    if name is not None:
        _not_words([name])

    def sitting(view: TableView) -> list[Event]:
        who = name if name is not None else computers.names(view.players, 1)[0]
        if who not in view.people:  # a newcomer named like a pot or a card is refused; one back comes as before
            _not_words([who], view.the_rules())
        joined = moves.joining(view, who, given, bring_back=bring_back)
        if robot is not None:
            from popejoan_cli.render.practice_table import computer_seats  # as `table new --computers` seats one

            return [joined, *computer_seats([joined.player], robot)]
        known = view.people.get(joined.player) if said is None else None  # back again: as described before
        return [joined] if known is not None else [joined, *common.described([(joined.player, said)])]

    done = common.record(sitting)
    joined = next(e for _, e in done.written if isinstance(e, PlayerJoined))
    from popejoan_cli.render.i18n import tn  # after `record`, which set the table's language

    # The ledger's own figure for the buy-in, not a number kept beside it.
    console().print(tn("{player} joins with {n} counter.", "{player} joins with {n} counters.", buy_in(joined),
                       player=joined.player), markup=False)
    if robot is not None:
        _computers_said(done.view, [joined.player])
    common.genders_untold(done.view, [joined.player])


def _gender(typed: str | None) -> str | None:
    """A gender typed (`--gender`, `table gender`): "f" or "m" (ж, м, female, male too), or None when not given."""
    if typed is None:
        return None
    from popejoan_cli.base.people import gender_of

    said = gender_of(typed)
    if said is None:
        raise UsageError(Said("{typed!r} is not a gender", typed=typed), Said("allowed: f or m (ж or м)"))
    return said


@command(table_app, "gender")
def table_gender(
    name: Annotated[str, typer.Argument(help="A player of this table.")],
    gender: Annotated[str, typer.Argument(metavar="f|m", help="Their gender: f or m (ж or м).")],
) -> None:
    """Say a player's gender, where the name does not tell (or was read wrong): the sentences about them agree."""
    from popejoan_cli.table.view import player_named

    said = _gender(gender)
    done = common.record(lambda view: common.described([(player_named(list(view.bought), name), said)]))
    from popejoan_cli.render.i18n import t  # after `record`, which set the table's language

    who = done.written[0][1].player  # type: ignore[union-attr]
    console().print(t("{player} is spoken of as a woman.", player=who) if said == "f" else
                    t("{player} is spoken of as a man.", player=who), markup=False)


@command(table_app, "leave")
def table_leave(name: Annotated[str, typer.Argument(help="The player who leaves.")]) -> None:
    """A player leaves between hands, taking their counters (recorded in the ledger)."""
    from popejoan_cli.table.events import PlayerLeft
    from popejoan_cli.table.ledger import cash_out
    from popejoan_cli.table.view import player_named

    done = common.record(lambda view: [PlayerLeft(player=player_named(view.players, name))])
    seq, left = next((s, e) for s, e in done.written if isinstance(e, PlayerLeft))
    from popejoan_cli.render.i18n import tn  # after `record`, which set the table's language

    # The ledger's own cash-out for this leave: what the player held, not all they took this session.
    took = cash_out(done.view, seq)
    console().print(tn("{player} leaves, taking {n} counter.", "{player} leaves, taking {n} counters.", took,
                       player=left.player) if took >= 0 else  # a negative balance (hoyle) is owed to the table
                    tn("{player} leaves, owing {n} counter.", "{player} leaves, owing {n} counters.", -took,
                       player=left.player), markup=False)
