"""Settling up in exact cents, standings, and their CLI."""

from __future__ import annotations

import json
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conftest import Cli
from popejoan_cli.base.errors import UsageError
from popejoan_cli.formats.presets import preset
from popejoan_cli.store import autoplay, tables
from popejoan_cli.table import settle
from popejoan_cli.table.events import FinalDealt, PlayerJoined, PlayerLeft, SessionEnded, TableOpened
from popejoan_cli.table.view import TableView


@st.composite
def zero_sum(draw: st.DrawFn) -> dict[str, int]:
    n = draw(st.integers(2, 9))
    nums = draw(st.lists(st.integers(-2000, 2000), min_size=n - 1, max_size=n - 1))
    return {f"p{i}": v for i, v in enumerate([*nums, -sum(nums)])}


@given(zero_sum(), st.decimals(min_value=Decimal("0.001"), max_value=Decimal(20), places=3))
def test_transfers_settle_every_net_exactly(nets: dict[str, int], value: Decimal) -> None:
    s = settle.settle_nets(nets, value)
    assert sum(s.cents.values()) == 0
    assert all(isinstance(c, int) for c in s.cents.values())
    paid = dict.fromkeys(nets, 0)
    for t in s.transfers:
        assert isinstance(t.cents, int) and t.cents > 0 and t.payer != t.payee
        paid[t.payer] -= t.cents
        paid[t.payee] += t.cents
    assert paid == s.cents
    assert len(s.transfers) <= max(len(nets) - 1, 0)
    exact = {k: Decimal(v) * value * 100 for k, v in nets.items()}
    assert all(abs(s.cents[k] - exact[k]) <= 1 for k in nets)  # half a cent, plus at most one cent of residue
    assert abs(s.residue) == len(s.residue_to)


def test_two_decimal_values_have_no_residue() -> None:
    s = settle.settle_nets({"Ann": -7, "Bob": 3, "Cat": 4}, Decimal("0.05"), "EUR")
    assert s.cents == {"Ann": -35, "Bob": 15, "Cat": 20}
    assert s.residue == 0
    assert [(t.payer, t.payee, t.cents) for t in s.transfers] == [("Ann", "Cat", 20), ("Ann", "Bob", 15)]
    assert "rounded half to even" in settle.rounding_note(s) and "nothing was left over" in settle.rounding_note(s)


def test_the_residue_is_named_and_assigned() -> None:
    # 0.005 a counter: each 1 is 0.5 cent → half to even gives 0; -3 is -1.5 → -2. Sum -2 + 0 + 0 = -2.
    s = settle.settle_nets({"Ann": -3, "Bob": 1, "Cat": 1, "Dan": 1}, Decimal("0.005"))
    assert sum(s.cents.values()) == 0
    assert s.residue == -2 and len(s.residue_to) == 2
    assert "taken by" in settle.rounding_note(s)


def test_rounding_half_to_even() -> None:
    assert settle.to_cents(1, Decimal("0.025"))[0] == 2  # 2.5 → 2
    assert settle.to_cents(3, Decimal("0.025"))[0] == 8  # 7.5 → 8
    assert settle.to_cents(-1, Decimal("0.025"))[0] == -2


def test_bad_values() -> None:
    for bad in ("x", "0", "-1", "nan", "inf", "1e9"):
        with pytest.raises(UsageError):
            settle.parse_value(bad)
    assert settle.parse_value(" 0.05 ") == Decimal("0.05")


def test_nets_must_sum_to_zero() -> None:
    with pytest.raises(ValueError):
        settle.settle_nets({"Ann": 1}, Decimal(1))


def test_sparkline() -> None:
    assert settle.sparkline([]) == ""
    assert settle.sparkline([5, 5]) == "▄▄"
    assert settle.sparkline([0, 7, 14]) == "▁▄█"


# ------------------------------------------------------------------------------ on a table
NAMES = ("Ann Lee", "Борис", "Cat;Dog", "ann:lee")


def session(where: Path) -> TableView:
    """Russian rules: two hands, a join and a leave between them, a third hand, the final deal (the
    evening tests/formats/test_acct_formats.py exports), each hand led lowest by `store.autoplay`."""
    r = preset("russian")
    opened = TableOpened(name="t", rules=r.to_dict(), rules_name=r.name, players=list(NAMES), counters=50,
                         dealer=NAMES[0])
    tables.record(lambda v: [opened], where=where, create=True)
    autoplay.play_hand(where, 1)
    tables.record(lambda v: [PlayerJoined(player="Élodie O'Neil", counters=30)], where=where)
    autoplay.play_hand(where, 2)
    tables.record(lambda v: [PlayerLeft(player=NAMES[1])], where=where)
    autoplay.play_hand(where, 3)
    tables.record(lambda v: [FinalDealt(seed=4), SessionEnded()], where=where)
    return tables.view(where)[0]


@pytest.fixture(scope="module")
def where(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("settle") / "t"


@pytest.fixture(scope="module")
def view(where: Path) -> TableView:
    return session(where)


def test_a_session_settles(view: TableView) -> None:
    nets = settle.nets(view)
    assert sum(nets.values()) == 0
    assert nets == {"Ann Lee": -32, "Борис": -26, "Cat;Dog": -25, "ann:lee": 35, "Élodie O'Neil": 39,
                    "the board": 9}
    s = settle.settle(view, Decimal("0.05"))
    assert len(s.transfers) <= len(nets) - 1


def test_stats_on_a_fixed_session(view: TableView) -> None:
    rows = {r.name: r for r in settle.stats(view)}
    assert list(rows) == ["Ann Lee", "Борис", "Cat;Dog", "ann:lee", "Élodie O'Neil"]
    assert {k: r.hands for k, r in rows.items()} == {"Ann Lee": 3, "Борис": 2, "Cat;Dog": 3, "ann:lee": 3,
                                                    "Élodie O'Neil": 2}
    # ann:lee dealt no hand, but dealt the final clearing deal
    assert {k: r.dealt for k, r in rows.items()} == {"Ann Lee": 1, "Борис": 1, "Cat;Dog": 1, "ann:lee": 1,
                                                    "Élodie O'Neil": 0}
    # hand 1 ended with ann:lee going out; hands 2 and 3 ended with nobody out
    assert {k: r.first_out for k, r in rows.items()} == {"Ann Lee": 0, "Борис": 0, "Cat;Dog": 0, "ann:lee": 1,
                                                        "Élodie O'Neil": 0}
    assert rows["ann:lee"].net == 35 and rows["Борис"].balance == 0
    assert rows["Élodie O'Neil"].won["pope"] == 52
    # the series ends at the balance now, for those at the final deal
    assert rows["ann:lee"].series[-1] == view.live_balances()["ann:lee"]
    assert len(rows["ann:lee"].series) == 4 and len(rows["Борис"].series) == 2
    # every counter won came off the board: awards equal what the pots paid out
    assert sum(sum(r.won.values()) for r in rows.values()) > 0


# ------------------------------------------------------------------------------ CLI
@dataclass
class AtTable(Cli):
    """conftest's `Cli` with POPEJOAN_TABLE set to `table` (a call may name its own)."""

    table: str = ""

    def env(self, **extra: str) -> dict[str, str]:
        return super().env(**{"POPEJOAN_TABLE": self.table, **extra})


@pytest.fixture
def run(view: TableView, where: Path) -> AtTable:
    return AtTable(where.parent / "home", columns="120", table=str(where))


def test_cli_settle(run: AtTable) -> None:
    r = run.ok("ledger", "settle", "--value", "0.05", "--currency", "EUR")
    assert "Ann Lee pays Élodie O'Neil 0.65 EUR" in r.stdout  # her own −1.60 EUR, with the board's +0.45 EUR
    assert "Ann Lee (the banker) puts 0.45 EUR aside for the board" in r.stdout
    assert "rounded half to even" in r.stdout


def test_cli_settle_json(run: AtTable) -> None:
    r = run.ok("ledger", "settle", "--value", "0.003", "--json")
    data = json.loads(r.stdout)
    assert data["value"] == "0.003" and data["currency"] == "EUR"
    assert sum(data["cents"].values()) == 0
    assert data["rounding"]["residue_cents"] == -1 and len(data["rounding"]["residue_to"]) == 1
    assert len(data["transfers"]) <= len(data["nets"]) - 1


def test_cli_settle_bad_value(run: AtTable) -> None:
    run.fails(2, "ledger", "settle", "--value", "abc", said=("not a number",))


def test_cli_settle_no_balances(tmp_path: Path, run: AtTable) -> None:
    from popejoan_cli.formats.presets import preset
    from popejoan_cli.store import tables
    from popejoan_cli.table.events import TableOpened

    r0 = preset("russian")
    opened = TableOpened(name="z", rules=r0.to_dict(), rules_name=r0.name, players=["A", "B", "C"], counters=5,
                         dealer="A")
    tables.record(lambda v: [opened], where=tmp_path / "z", create=True)
    r = run.ok("ledger", "settle", POPEJOAN_TABLE=str(tmp_path / "z"))
    assert "Nothing changed hands this session" in r.stdout
    data = run.json("ledger", "settle", POPEJOAN_TABLE=str(tmp_path / "z"))
    assert data["transfers"] == [] and data["settled"] is True


def test_cli_settle_no_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POPEJOAN_HOME", str(tmp_path))
    monkeypatch.delenv("POPEJOAN_TABLE", raising=False)
    Cli(tmp_path, columns="120").fails(2, "ledger", "settle", said=("no table",))


def test_cli_stats(run: AtTable) -> None:
    r = run.ok("ledger", "stats")
    assert "Standings" in r.stdout and "Élodie O'Neil" in r.stdout
    assert any(ch in r.stdout for ch in settle.BARS)
    data = run.json("ledger", "stats")
    assert [p["player"] for p in data["players"]][:2] == ["Ann Lee", "Борис"]
    assert data["players"][3]["net"] == 35


def test_cli_settle_without_a_value_is_in_counters(run: AtTable) -> None:
    r = run.ok("ledger", "settle")
    assert "EUR" not in r.stdout and "0.05" not in r.stdout
    # the board's share is the banker's (the first player by default), who keeps it for the board: her own
    # payments are 9 counters less, and she puts them aside (issue 39: one transfer between two people at most)
    assert "Ann Lee pays Élodie O'Neil 13 counters" in r.stdout and "Ann Lee pays ann:lee 10 counters" in r.stdout
    assert "Ann Lee (the banker) puts 9 counters aside for the board" in r.stdout
    assert "pays the board" not in r.stdout and "for the board" not in r.stdout.replace("aside for the board", "")
    assert "stays on the board for next time: 9 counters (game 9)" in r.stdout
    data = run.json("ledger", "settle")
    assert data["value"] is None and data["currency"] is None and data["bank"] == "Ann Lee"
    assert {"from": "Ann Lee", "to": "Élodie O'Neil", "counters": 13} in data["transfers"]
    assert data["transfers"][-1] == {"from": "Ann Lee", "to": "the board", "counters": 9}
    assert data["board"] == {"counters": 9, "pots": {"game": 9}, "held_by": "Ann Lee"}
    run.fails(2, "ledger", "settle", "--currency", "GBP", said=("--value",))


def test_cli_settle_names_the_banker_and_the_currency(run: AtTable) -> None:
    r = run.ok("ledger", "settle", "--value", "0.05", "--bank", "Élodie O'Neil")
    assert "Élodie O'Neil (the banker) puts 0.45 EUR aside for the board" in r.stdout
    assert "stays on the board for next time: 9 counters (game 9), worth 0.45 EUR" in r.stdout
    assert "Élodie O'Neil (the banker) holds" in r.stdout
    run.fails(2, "ledger", "settle", "--value", "0.05", "--bank", "Zed", said=("Zed",))
