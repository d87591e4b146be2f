"""`popejoan ledger export FILE [--format ...]`: the table's ledger as a file (design §5).

TOML and JSON carry everything needed to continue (`popejoan table new NAME --from FILE`),
CSV is one row per posting, and the hledger and beancount journals come from
`acct_formats`. The file is written atomically: a temporary file in the same folder, then
`os.replace`, so a crash never leaves half an export under the name asked for.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from popejoan_cli import cli
from popejoan_cli.cli import command, ledger_app, session_app
from popejoan_cli.errors import StorageError, UsageError, allowed

if TYPE_CHECKING:
    from popejoan_cli.exports import Imported
    from popejoan_cli.table import TableView

FORMATS = ("toml", "json", "csv", "hledger", "beancount")
BY_EXTENSION = {".toml": "toml", ".json": "json", ".csv": "csv", ".journal": "hledger", ".hledger": "hledger",
                ".ledger": "hledger", ".beancount": "beancount"}


def format_for(path: Path, chosen: str | None) -> str:
    """The export format: `chosen`, else the one the file's extension names (exit 2 if none)."""
    if chosen is not None:
        kind = chosen.lower()
        if kind not in FORMATS:
            raise UsageError(f"unknown export format {chosen!r}", allowed(FORMATS, kind))
        return kind
    kind_of = BY_EXTENSION.get(path.suffix.lower())
    if kind_of is None:
        raise UsageError(f"cannot tell the format of {path.name!r} from its extension",
                         "give --format (toml, json, csv, hledger, beancount) or name the file "
                         + ", ".join(f"*{e}" for e in BY_EXTENSION))
    return kind_of


def render(view: TableView, kind: str) -> str:
    from popejoan_cli import exports

    if kind == "toml":
        return exports.to_toml(view)
    if kind == "json":
        return exports.to_json(view)
    if kind == "csv":
        return exports.to_csv(view)
    import importlib

    try:
        acct = importlib.import_module("popejoan_cli.acct_formats")
    except ModuleNotFoundError:
        raise UsageError(f"the {kind} export is not available in this build", "export toml, json or csv"
                         ) from None
    write = acct.write_hledger if kind == "hledger" else acct.write_beancount
    return str(write(view))


def write_atomically(path: Path, text: str) -> None:
    """Write `text` to `path` by a temporary file in the same folder and `os.replace`."""
    folder = path.parent
    if not folder.is_dir():
        raise StorageError(f"cannot write {path}: the folder {folder} does not exist",
                           "create the folder first, or export somewhere else")
    if path.is_dir():
        raise StorageError(f"cannot write {path}: it is a folder", "give a file name")
    tmp = folder / f".{path.name}.{os.getpid()}.tmp"
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        try:
            os.write(fd, text.encode("utf-8"))
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except OSError as err:
        tmp.unlink(missing_ok=True)
        raise StorageError(f"cannot write {path}: {err.strerror}", "check the folder's permissions and free space"
                           ) from None


def read_export(file: str) -> Imported:
    """Read and validate a TOML or JSON export (exit 5 for anything wrong in it, 6 if unreadable)."""
    from popejoan_cli import exports

    path = Path(file)
    try:
        with path.open("rb") as fh:
            data = fh.read(exports.MAX_BYTES + 1)
    except FileNotFoundError:
        raise UsageError(f"no such file: {path}", "give the path of a ledger exported as .toml or .json") from None
    except IsADirectoryError:
        raise UsageError(f"{path} is a folder", "give the path of a ledger exported as .toml or .json") from None
    except OSError as err:
        raise StorageError(f"cannot read {path}: {err.strerror}") from None
    kind = {".json": "json", ".toml": "toml"}.get(path.suffix.lower(), "")
    return exports.read_document(data, str(path), kind)


@command(ledger_app, "export")
def ledger_export(
    file: Annotated[Path, typer.Argument(help="Where to write: .toml .json .csv .journal/.hledger/.ledger "
                                              ".beancount")],
    fmt: Annotated[str | None, typer.Option("--format", "-f", help="toml, json, csv, hledger or beancount "
                                                                   "(default: from the extension).")] = None,
) -> None:
    """Write the table's ledger to FILE (TOML and JSON can be continued with `table new --from`)."""
    from popejoan_cli import tables

    kind = format_for(file, fmt)
    view, warnings = tables.view(tables.folder(cli.table_override))
    for w in warnings:
        sys.stderr.write(f"popejoan: warning: {w}\n")
    text = render(view, kind)
    write_atomically(file, text)
    hands = f"{len(view.hands)} hand{'' if len(view.hands) == 1 else 's'}"
    sys.stdout.write(f"Exported {view.name!r} ({hands}) as {kind} to {file}\n")


@command(session_app, "new")
def session_new(
    name: Annotated[str | None, typer.Argument(help="The new session's table name (default: NAME-sN).")] = None,
) -> None:
    """Start the next session of the current table: a new table carrying its balances and board."""
    import re

    from popejoan_cli import exports, tables
    from popejoan_cli.cli.table_cmd import _view, continue_table
    from popejoan_cli.errors import RuleViolation

    view = _view()
    if not view.ended:
        raise RuleViolation(f"session {view.session} of {view.name!r} is still open",
                            "close it first with `popejoan end`")
    imp = exports.from_document(exports.to_document(view), f"table {view.name!r}")
    base = re.sub(r"-s\d+$", "", view.name)
    new = name or f"{base}-s{imp.session + 1}"
    continue_table(new, imp, f"table {view.name!r}", tables.tables_dir() / tables.check_name(new))
