"""hledger / ledger-cli and beancount exports: golden files, and the tools themselves check them.

Each external tool is run where installed (`.ci/run` installs them); a missing tool skips
its test with the reason. Regenerate the golden files with POPEJOAN_REGEN=1.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from conftest import GOLDEN, accounting_tool, golden, run_tool
from popejoan_cli.formats import accounts as acct_formats
from popejoan_cli.formats.presets import preset
from popejoan_cli.store import autoplay, tables
from popejoan_cli.table.events import (
    FinalDealt,
    PlayerJoined,
    PlayerLeft,
    SessionEnded,
    TableOpened,
)
from popejoan_cli.table.view import TableView

GOLDEN = GOLDEN
NAMES = ("Ann Lee", "Борис", "Cat;Dog", "ann:lee")


def _hand(where: Path, seed: int) -> None:
    """Deal from `seed` and lead the lowest legal card through the journal until the hand ends."""
    autoplay.play_hand(where, seed)


def session(where: Path, players: Sequence[str] = NAMES, end: bool = True) -> TableView:
    """Russian rules: two hands, a join and a leave between them, a third hand, the final deal."""
    r = preset("russian")
    opened = TableOpened(name="t", rules=r.to_dict(), rules_name=r.name, players=list(players), counters=50,
                         dealer=players[0])
    tables.record(lambda v: [opened], where=where, create=True)
    _hand(where, 1)
    tables.record(lambda v: [PlayerJoined(player="Élodie O'Neil", counters=30)], where=where)
    _hand(where, 2)
    tables.record(lambda v: [PlayerLeft(player=players[1])], where=where)
    _hand(where, 3)
    if end:
        tables.record(lambda v: [FinalDealt(seed=4), SessionEnded()], where=where)
    return tables.view(where)[0]


@pytest.fixture(scope="module")
def view(tmp_path_factory: pytest.TempPathFactory) -> TableView:
    return session(tmp_path_factory.mktemp("acct") / "t")


def _golden(name: str, text: str) -> None:
    golden(GOLDEN / name, text)


def test_golden_hledger(view: TableView) -> None:
    _golden("acct_session.journal", acct_formats.write_hledger(view))


def test_golden_beancount(view: TableView) -> None:
    _golden("acct_session.beancount", acct_formats.write_beancount(view))


def test_start_date_and_default() -> None:
    tmp = Path(__import__("tempfile").mkdtemp())
    try:
        v = session(tmp / "t", end=False)
        v.times.clear()  # a journal from before popejoan kept times: one day per session from the start
        from datetime import date

        text = acct_formats.write_hledger(v, date(2030, 5, 6))
        assert "2030-05-06 * buy-in" in text and "2026-01-01" not in text
        assert "2026-01-01 * buy-in" in acct_formats.write_hledger(v)
    finally:
        shutil.rmtree(tmp)


# ------------------------------------------------------------------------------ names
def test_hledger_names_are_safe_and_distinct() -> None:
    got = acct_formats.hledger_names(["Ann  Lee", "Cat;Dog", "a:b", "a;b", "Борис", "x (y) [z] = @"])
    assert got == {"Ann  Lee": "Ann Lee", "Cat;Dog": "Cat_Dog", "a:b": "a_b", "a;b": "a_b_2", "Борис": "Борис",
                   "x (y) [z] = @": "x _y_ _z_ _ _"}


def test_beancount_slugs_are_consistent() -> None:
    names = ["Ann Lee", "ann lee", "Борис", "Щукин-Ёж", "Élodie O'Neil", "42", "李", "Player", "AnnLee2"]
    got = acct_formats.beancount_slugs(names)
    assert got == {"Ann Lee": "AnnLee", "ann lee": "AnnLee2", "Борис": "Boris", "Щукин-Ёж": "ShchukinYozh",
                   "Élodie O'Neil": "ElodieONeil", "42": "P42", "李": "Player", "Player": "Player2",
                   "AnnLee2": "AnnLee22"}
    assert acct_formats.beancount_slugs(names) == got  # the same every time
    assert all(re.fullmatch(r"[A-Z][A-Za-z0-9]*", s) for s in got.values())
    assert len(set(got.values())) == len(got)


def test_every_account_is_declared_and_opened(view: TableView) -> None:
    journal = acct_formats.write_hledger(view)
    declared = set(re.findall(r"^account (.+)$", journal, re.M))
    used = {m.group(1) for m in re.finditer(r"^    (\S.*?)  -?\d+ CTR", journal, re.M)}
    assert used <= declared
    bean = acct_formats.write_beancount(view)
    opened = set(re.findall(r"^\d{4}-\d\d-\d\d open (\S+) CTR$", bean, re.M))
    used = set(re.findall(r"^  ([A-Z]\S+)  -?\d+ CTR$", bean, re.M))
    assert used <= opened
    assert "Assets:Players:AnnLee2" in opened and "Assets:Players:Boris" in opened


# ------------------------------------------------------------------------------ the tools


def _expected(view: TableView, prefix: str) -> dict[str, int]:
    names = acct_formats.hledger_names(view.bought)
    return {f"{prefix}{names[n]}": b for n, b in view.live_balances().items() if b}


def _parse_bal(text: str) -> dict[str, int]:
    return {m.group(2).strip(): int(m.group(1)) for m in re.finditer(r"^\s*(-?\d+) CTR\s+(\S.*)$", text, re.M)}


@pytest.fixture(scope="module")
def journal(view: TableView, tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("j") / "t.journal"
    path.write_text(acct_formats.write_hledger(view), encoding="utf-8")
    return path


def test_hledger_check_strict_and_balances(view: TableView, journal: Path) -> None:
    exe = accounting_tool("hledger")
    run_tool(exe, "-f", str(journal), "check", "--strict")
    got = _parse_bal(run_tool(exe, "-f", str(journal), "bal", "--flat", "--no-total", "players"))
    assert got == _expected(view, "players:")


def test_ledger_bal(view: TableView, journal: Path) -> None:
    exe = accounting_tool("ledger")
    got = _parse_bal(run_tool(exe, "-f", str(journal), "bal", "--flat", "--no-total", "^players"))
    assert got == _expected(view, "players:")


def test_tools_refuse_a_wrong_assertion(journal: Path, tmp_path: Path) -> None:
    bad = tmp_path / "bad.journal"
    text = journal.read_text(encoding="utf-8")
    bad.write_text(re.sub(r"0 CTR = (\d+) CTR", lambda m: f"0 CTR = {int(m.group(1)) + 1} CTR", text, count=1),
                   encoding="utf-8")
    ran = False
    for tool in ("hledger", "ledger"):
        exe = shutil.which(tool)
        if exe:
            ran = True
            assert subprocess.run([exe, "-f", str(bad), "bal"], capture_output=True, timeout=120).returncode != 0
    if not ran:
        pytest.skip("neither hledger nor ledger is installed")


def test_bean_check(view: TableView, tmp_path: Path) -> None:
    exe = accounting_tool("bean-check")
    path = tmp_path / "t.beancount"
    path.write_text(acct_formats.write_beancount(view), encoding="utf-8")
    run_tool(exe, str(path))
    slugs = acct_formats.beancount_slugs(view.bought)
    text = path.read_text(encoding="utf-8")
    for name, n in view.live_balances().items():
        assert f"balance Assets:Players:{slugs[name]}  {n} CTR" in text


ODD = ('Ann "Q" #1', "{x} *b* !", "Ёлка & <y> \\ /", "; = @ ( ) [ ]")


def test_odd_names_pass_every_tool(tmp_path: Path) -> None:
    """Names with characters the formats forbid or treat specially, and an open hand ("!")."""
    v = session(tmp_path / "t", players=ODD, end=False)
    journal, bean = tmp_path / "o.journal", tmp_path / "o.beancount"
    journal.write_text(acct_formats.write_hledger(v), encoding="utf-8")
    bean.write_text(acct_formats.write_beancount(v), encoding="utf-8")
    want = _expected(v, "players:")
    ran = []
    if shutil.which("hledger"):
        run_tool("hledger", "-f", str(journal), "check", "--strict")
        assert _parse_bal(run_tool("hledger", "-f", str(journal), "bal", "--flat", "--no-total", "players")) == want
        ran.append("hledger")
    if shutil.which("ledger"):
        assert _parse_bal(run_tool("ledger", "-f", str(journal), "bal", "--flat", "--no-total", "^players")) == want
        ran.append("ledger")
    here = Path(sys.executable).parent / "bean-check"
    exe = str(here) if here.exists() else shutil.which("bean-check")
    if exe:
        run_tool(exe, str(bean))
        ran.append("bean-check")
    if not ran:
        pytest.skip("none of hledger, ledger, bean-check is installed")
