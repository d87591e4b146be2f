"""`popejoan ledger export FILE [--format ...]`: the table's ledger as a file.

TOML and JSON carry everything needed to continue (`popejoan table new NAME --from FILE`),
CSV is one row per posting, and the hledger and beancount journals come from
`formats.accounts`. The file is written by `outfiles.write_text`: `-` is stdout, the file is
replaced atomically, symlinks are written through, and nothing is written over a table's
own files. An existing file is replaced without `--force` only when it is an earlier export
of the same table (`is_export_of`), so exporting again to the same name just works. No
format is exported while a hand is being played (`exports.between_hands`, exit 3).

The referee, the store, the formats and rich are imported inside the commands that need
them, to keep start-up short: a command pays only for what it uses.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from popejoan_cli import cli
from popejoan_cli.base.errors import RuleViolation, Said, UsageError, allowed
from popejoan_cli.base.marks import Quoted
from popejoan_cli.base.visible import shown, shown_lines
from popejoan_cli.cli import command, common, ledger_app, session_app
from popejoan_cli.cli.exits import spoken

if TYPE_CHECKING:
    from popejoan_cli.table.view import TableView

FORMATS = ("toml", "json", "csv", "hledger", "beancount")
BY_EXTENSION = {".toml": "toml", ".json": "json", ".csv": "csv", ".journal": "hledger", ".hledger": "hledger",
                ".ledger": "hledger", ".beancount": "beancount"}


def format_for(path: Path, chosen: str | None) -> str:
    """The export format: `chosen`, else the one the file's extension names (exit 2 if none)."""
    if chosen is not None:
        kind = chosen.lower()
        if kind not in FORMATS:
            raise UsageError(Said("unknown export format {typed!r}", typed=chosen), allowed(FORMATS, kind))
        return kind
    kind_of = BY_EXTENSION.get(path.suffix.lower())
    if kind_of is None:
        raise UsageError(Said("cannot tell the format of {file!r} from its extension", file=path.name),
                         Said("give --format (toml, json, csv, hledger, beancount) or name the file {names}",
                              names=", ".join(f"*{e}" for e in BY_EXTENSION)))
    return kind_of


def render(view: TableView, kind: str) -> str:
    from popejoan_cli.formats import exports

    if kind == "toml":
        return exports.to_toml(view)
    if kind == "json":
        return exports.to_json(view)
    if kind == "csv":
        return exports.to_csv(view)
    import importlib

    try:
        acct = importlib.import_module("popejoan_cli.formats.accounts")
    except ModuleNotFoundError:
        raise UsageError(Said("the {kind} export is not available in this build", kind=kind),
                         Said("export toml, json or csv")) from None
    write = acct.write_hledger if kind == "hledger" else acct.write_beancount
    return str(write(view))


def is_export_of(data: bytes, view: TableView) -> bool:
    """Whether `data` is an earlier export of this table, in any of the five formats.

    Told from the file itself, so the same table's export in another format may be replaced
    too. hledger and beancount: the first line is the title line both writers open with,
    naming this table and its rules. CSV: a header row popejoan wrote (this version's, or the
    one before the `date` and `at` columns: `exports.CSV_HEADERS`), and the `table` cell of the
    first row naming this table (a file with the header alone holds nothing to lose). TOML
    and JSON: the document says `program = "popejoan"` and its `table` is this table's name.
    """
    import json
    import tomllib

    from popejoan_cli.formats import exports

    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    first, _, rest = text.partition("\n")
    if first.startswith("; popejoan table "):
        from popejoan_cli.formats.accounts import title_line

        return first.removesuffix(".") == title_line(view)
    if first in {",".join(header) for header in exports.CSV_HEADERS}:
        import csv

        row = next(csv.reader([rest.partition("\n")[0]]), [])
        return not row or row[0] == exports.guard(view.name)
    try:
        doc: object = json.loads(text) if text.lstrip().startswith("{") else tomllib.loads(text)
    except (ValueError, RecursionError):  # both parsers recurse: a file nested thousands deep is not ours
        return False
    return isinstance(doc, dict) and doc.get("program") == exports.PROGRAM and doc.get("table") == view.name


@command(ledger_app, "export")
def ledger_export(
    # A plain string: Typer's Path type looks at the disk while parsing and trips on a NUL;
    # every check of the place is the writer's.
    file: Annotated[str, typer.Argument(help="Where to write: .toml .json .csv .journal/.hledger/.ledger "
                                             ".beancount, or - for stdout")],
    fmt: Annotated[str | None, typer.Option("--format", "-f", help="toml, json, csv, hledger or beancount "
                                                                   "(default: from the extension).")] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite FILE even if it is not an earlier export of "
                                                        "this table.")] = False,
) -> None:
    """Write the table's ledger to FILE, or - for stdout (TOML and JSON continue with `table new --from`)."""
    from popejoan_cli.formats import outfiles
    from popejoan_cli.store import tables

    kind = format_for(Path(file), fmt)
    view, warnings = tables.view(tables.folder(cli.table_override), full=True)  # every hand refereed again
    cli.speak(view.lang)  # the table's own language, read with it (the file's contents never change with it)
    for w in warnings:
        sys.stderr.write(shown_lines(spoken(Said("popejoan: warning: {warning}", warning=w))) + "\n")
    from popejoan_cli.formats import exports

    exports.between_hands(view)  # every format alike: none is written while a hand is being played
    text = render(view, kind)
    where = outfiles.write_text(file, text, force=force, table=cli.table_override,
                                ours=lambda data: is_export_of(data, view),
                                ours_words=Said("an earlier export of table {table!r}", table=view.name))
    from popejoan_cli.render.i18n import t, tn

    hands = tn("{count} hand", "{count} hands", len(view.hands), count=len(view.hands))
    # The export itself may be on stdout: the report then goes where it cannot mix with it.
    report = sys.stderr if where in ("stdout", "stderr") else sys.stdout
    report.write(t("Exported {table} ({hands}) as {kind} to {where}", table=Quoted(view.name), hands=hands, kind=kind,
                   where=shown(where)) + "\n")


@command(session_app, "new")
def session_new(
    name: Annotated[str | None, typer.Argument(help="The new session's table name (default: NAME-sN).")] = None,
) -> None:
    """Start the next session of the current table: a new table carrying its balances and board."""
    import re

    from popejoan_cli.formats import exports
    from popejoan_cli.store import tables

    view = common.view()
    if not view.ended:
        raise RuleViolation(Said("session {session} of {table!r} is still open", session=view.session,
                                 table=view.name), Said("close it first with `popejoan end`"))
    imp = exports.from_document(exports.to_document(view), f"table {view.name!r}")
    base = re.sub(r"-s\d+$", "", view.name)
    new = name or f"{base}-s{imp.session + 1}"
    common.continue_table(new, imp, "", tables.tables_dir() / tables.check_name(new))
