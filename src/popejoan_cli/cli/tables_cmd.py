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
from popejoan_cli.base.names import find_name
from popejoan_cli.cli import command, common, console, emit_json, table_app
from popejoan_cli.cli.common import JsonOpt

if TYPE_CHECKING:
    from pathlib import Path

    from popejoan_cli.formats.exports import Imported


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
    lang: Annotated[str | None, typer.Option("--lang", metavar="LANG",
                                             help="The language the table speaks, whoever types: en or ru "
                                                  "(default: en; POPEJOAN_LANG still overrides it).")] = None,
) -> None:
    """Create a table and make it the current one (or continue an exported ledger with --from)."""
    from popejoan_cli.formats.presets import load_rules
    from popejoan_cli.store import tables
    from popejoan_cli.table.events import TableOpened

    tables.check_name(name)  # with --table too: the name is shown, exported and journalled
    speaks = _language(lang)
    where = tables.tables_dir() / name if not cli.table_override else common.where()
    if from_file is not None:
        given = [o for o, v in (("--rules", rules_spec), ("--players", players), ("--dealer", dealer),
                                ("--counters", counters), ("--lang", lang)) if v is not None]
        if given:
            raise UsageError(Said("--from takes the rules, players, dealer, counters and language from the file: "
                                  "leave out {options}", options=", ".join(given)))
        _continue(name, from_file, where)
        return
    if rules_spec is None or players is None:
        needs = (Said("a new table needs --rules and --players") if rules_spec is None and players is None
                 else Said("a new table needs --rules") if rules_spec is None else Said("a new table needs --players"))
        raise UsageError(needs, Said("e.g. `popejoan table new fridays --rules modern-stops --players Ann,Bob,Cat`, "
                                     "or continue an export with --from FILE"))
    each = 50 if counters is None else common.counters(counters)
    rules = load_rules(rules_spec)
    names = common.players(players)
    first = (find_name(dealer, names) or dealer) if dealer is not None else names[0]
    common.record(lambda view: [TableOpened(name=name, rules=rules.to_dict(), rules_name=rules.name, players=names,
                                      counters=each, dealer=first, lang=speaks)], where=where, create=True)
    if not cli.table_override:
        tables.set_current(name)
    from popejoan_cli.render.i18n import preset_title, tn  # after `record`, which set the table's language

    console().print(tn("Table {name} is ready: {players}, {n} counter each, {rules} rules. {dealer} deals first: "
                       "`popejoan deal`.",
                       "Table {name} is ready: {players}, {n} counters each, {rules} rules. {dealer} deals first: "
                       "`popejoan deal`.", each, name=repr(name), players=", ".join(names),
                       rules=preset_title(rules.title), dealer=first), markup=False)


def _continue(name: str, from_file: str, where: Path) -> None:
    """`table new NAME --from FILE`: the next session of an export, made the current table (said so)."""
    from popejoan_cli.store import tables

    was = tables.current_name()
    common.continue_table(name, _export(from_file), from_file, where)
    if not cli.table_override:  # it is the current table now, as `table new` makes every new table
        from popejoan_cli.render.i18n import t

        console().print(t("The current table is now {name} (it was {old}).", name=repr(name), old=repr(was))
                        if was is not None and was != name else
                        t("The current table is now {name}.", name=repr(name)), markup=False)


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

    tables.folder_of(name)
    tables.set_current(name)
    from popejoan_cli.render.i18n import t

    console().print(t("Now using table {name}.", name=repr(name)), markup=False)


@command(table_app, "path")
def table_path(as_json: JsonOpt = False) -> None:
    """Print the folder that holds the current table's journal."""
    if as_json:
        emit_json({"path": str(common.where())})
        return
    sys.stdout.write(f"{common.where()}\n")


@command(table_app, "join")
def table_join(
    name: Annotated[str, typer.Argument(help="The new player.")],
    counters_text: Annotated[str | None, typer.Option("--counters", "-c", metavar="N",
                                                      help="Counters the player brings (default: what each "
                                                           "player brought when the table opened).")] = None,
    bring_back: Annotated[bool, typer.Option("--bring-back",
                                             help="A player who left this session brings back exactly what "
                                                  "they took away when they last left.")] = False,
) -> None:
    """A player sits down between hands (last in the clockwise order)."""
    from popejoan_cli.table import moves
    from popejoan_cli.table.events import PlayerJoined
    from popejoan_cli.table.ledger import buy_in

    given = None if counters_text is None else common.counters(counters_text)
    if "," in name:
        raise UsageError(Said("{name!r} is not one player's name", name=name), Said("a name may not contain a comma"))
    done = common.record(lambda view: [moves.joining(view, name, given, bring_back=bring_back)])
    joined = next(e for _, e in done.written if isinstance(e, PlayerJoined))
    from popejoan_cli.render.i18n import tn  # after `record`, which set the table's language

    # The ledger's own figure for the buy-in, not a number kept beside it.
    console().print(tn("{player} joins with {n} counter.", "{player} joins with {n} counters.", buy_in(joined),
                       player=joined.player), markup=False)


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
    console().print(tn("{player} leaves, taking {n} counter.", "{player} leaves, taking {n} counters.",
                       cash_out(done.view, seq), player=left.player), markup=False)
