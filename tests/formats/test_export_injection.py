"""Names cannot write entries into an accounting export: hledger, ledger-cli, beancount and CSV.

The table's name, the rules' name and a player's name are written into the journal's
`TableOpened` directly (as an old journal, or one made by hand, may hold them), bypassing
the checks made where names come in; the replay's own check of player names is switched
off for this module, as an older popejoan did not have it. Each name holds a newline
followed by a whole transaction giving Ann 1000 counters. The exports are then read by the
tools themselves: each must accept the file and report Ann's real balance. A missing tool
skips its part.
"""

from __future__ import annotations

import csv
import io
import re
import shutil
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest

from conftest import Cli, accounting_tool, run_tool
from popejoan_cli.formats.presets import preset
from popejoan_cli.store import autoplay, tables
from popejoan_cli.table import fold as table_mod
from popejoan_cli.table.events import TableOpened
from popejoan_cli.table.view import TableView

HLEDGER_TXN = "t\n2020-01-01 x\n  players:Ann  1000\n  equity  -1000"
BEAN_TXN = "\n2020-01-01 * \"x\"\n  Assets:Players:Ann  1000 CTR\n  Equity:Opening  -1000 CTR"
CSV_ROW = "\nt,1,1,0,buy-in,player:Ann,Ann,,1000,1000"


@pytest.fixture(scope="module", autouse=True)
def any_player_name() -> Iterator[None]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(table_mod, "check_players", lambda names, rules, **_: [])
        yield


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory, any_player_name: None) -> tuple[Path, TableView]:
    """A table whose names carry whole transactions, after one hand (so Ann's balance is not 50)."""
    where = tmp_path_factory.mktemp("inject") / "t"
    r = preset("modern-stops")
    rules_name = HLEDGER_TXN + BEAN_TXN + CSV_ROW
    opened = TableOpened(name=HLEDGER_TXN + BEAN_TXN + CSV_ROW, rules=r.to_dict(), rules_name=rules_name,
                         players=["Ann", "Bob", "Cat\x1b[2J" + BEAN_TXN], counters=50, dealer="Ann")
    tables.record(lambda v: [opened], where=where, create=True)
    autoplay.play_hand(where, 3)
    view = tables.view(where)[0]
    assert view.name.startswith("t\n2020-01-01") and view.balances["Ann"] != 50
    return where, view


def export(table: tuple[Path, TableView], out: Path, kind: str) -> str:
    """`popejoan --table DIR ledger export OUT --format KIND`, as people run it."""
    res = Cli(out.parent / "home").ok("--table", str(table[0]), "ledger", "export", str(out), "--format", kind)
    assert "\n2020-01-01" not in res.stdout
    return out.read_text(encoding="utf-8")




def _balances(text: str) -> dict[str, int]:
    return {m.group(2).strip(): int(m.group(1)) for m in re.finditer(r"^\s*(-?\d+) CTR\s+(\S.*)$", text, re.M)}


def test_no_name_starts_a_line_of_the_hledger_journal(table: tuple[Path, TableView], tmp_path: Path) -> None:
    text = export(table, tmp_path / "t.journal", "hledger")
    assert not re.search(r"^(2020-01-01|\s+players:Ann\s+1000|\s+equity\s+-1000)", text, re.M)
    assert "t\\n2020-01-01 x\\n" in text.splitlines()[0]  # the name is still there, on one line


def test_hledger_and_ledger_report_the_real_balance(table: tuple[Path, TableView], tmp_path: Path) -> None:
    view = table[1]
    journal = tmp_path / "t.journal"
    export(table, journal, "hledger")
    want = view.live_balances()["Ann"]
    exe = accounting_tool("hledger")
    run_tool(exe, "-f", str(journal), "check", "--strict")
    got = _balances(run_tool(exe, "-f", str(journal), "bal", "--flat", "--no-total", "players:Ann"))
    assert got["players:Ann"] == want
    assert sum(_balances(run_tool(exe, "-f", str(journal), "bal", "--flat", "--no-total", "players")).values()) == \
        sum(view.live_balances().values())
    if shutil.which("ledger"):
        got = _balances(run_tool("ledger", "-f", str(journal), "bal", "--flat", "--no-total", "^players:Ann$"))
        assert got["players:Ann"] == want


# beancount's account pattern is compiled by the `regex` package, which asks for the locale's encoding
# (an EncodingWarning under PYTHONWARNDEFAULTENCODING=1 that is not popejoan's to fix).
@pytest.mark.filterwarnings("ignore::EncodingWarning:regex")
def test_beancount_reports_the_real_balance(table: tuple[Path, TableView], tmp_path: Path) -> None:
    view = table[1]
    path = tmp_path / "t.beancount"
    text = export(table, path, "beancount")
    assert not re.search(r"^(2020-01-01|\s+Assets:Players:Ann\s+1000)", text, re.M)
    run_tool(accounting_tool("bean-check"), str(path))
    loader = pytest.importorskip("beancount.loader")
    entries, errors, _ = loader.load_file(str(path))
    assert errors == []
    total = Decimal(0)
    for entry in entries:
        for posting in getattr(entry, "postings", None) or []:
            if posting.account == "Assets:Players:Ann":
                total += posting.units.number
    assert total == view.live_balances()["Ann"]


def test_csv_rows_are_one_per_posting(table: tuple[Path, TableView], tmp_path: Path) -> None:
    from popejoan_cli.table.ledger import postings

    view = table[1]
    text = export(table, tmp_path / "t.csv", "csv")
    lines = text.splitlines()
    assert len(lines) == 1 + len(postings(view))  # a line-by-line reader sees the same rows
    rows = list(csv.reader(io.StringIO(text)))
    assert all(len(r) == len(rows[0]) for r in rows)
    ann = [r for r in rows[1:] if r[rows[0].index("account")] == "player:Ann"]
    assert int(ann[-1][rows[0].index("balance")]) == view.balances["Ann"]
    assert not any(r[rows[0].index("amount")] == "1000" for r in rows[1:])
