"""Ledger exports: TOML/JSON documents, their import, CSV postings, `ledger export`.

Sessions are built through `tables.record`, as the commands build them: deals from seeds,
leads by `store.autoplay` (the lowest policy), players joining and leaving between hands. Golden files hold
a fixed session in each format; regenerate them with POPEJOAN_REGEN=1.
"""

from __future__ import annotations

import copy
import csv
import importlib.util
import io
import json
import os
import tempfile
import tomllib
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import GOLDEN, ROOT, Cli, golden
from popejoan_cli.base.errors import DataError
from popejoan_cli.formats import exports
from popejoan_cli.formats.presets import preset
from popejoan_cli.store import autoplay, tables
from popejoan_cli.table.events import (
    Event,
    FinalDealt,
    HandDealt,
    PlayerJoined,
    PlayerLeft,
    SessionEnded,
    TableOpened,
)
from popejoan_cli.table.ledger import conservation_problems
from popejoan_cli.table.view import TableView

GOLDEN = GOLDEN
FAST_TMP = "/dev/shm" if os.access("/dev/shm", os.W_OK) else None
HAVE_ACCT = importlib.util.find_spec("popejoan_cli.formats.accounts") is not None


# ------------------------------------------------------------------------------ sessions
def open_table(where: Path, rules: str, players: Sequence[str], counters: int = 50) -> TableView:
    r = preset(rules)
    return tables.record(lambda v: [TableOpened(name="fri", rules=r.to_dict(), rules_name=r.name,
                                                players=list(players), counters=counters, dealer=players[0])],
                         where=where, create=True).view


def play_hand(where: Path, seed: int) -> TableView:
    """Deal from `seed` and lead the lowest legal card through the journal until the hand ends."""
    return autoplay.play_hand(where, seed)


def step(where: Path, make: Callable[[TableView], list[Event]]) -> TableView:
    return tables.record(make, where=where).view


def write(where: Path, *events: Event) -> TableView:
    """Record `events` as they are (whatever the view); the view after."""
    return tables.record(lambda v: list(events), where=where).view


def fixed_session(where: Path) -> TableView:
    """The golden session: names with a space, Cyrillic and a formula; three hands, a join."""
    open_table(where, "modern-stops", ["Ann", "Bob Smith", "Жанна"])
    for seed in (1, 2):
        play_hand(where, seed)
    step(where, lambda v: [PlayerJoined(player="=1+1", counters=30)])
    return play_hand(where, 3)


def reload(where: Path) -> TableView:
    return tables.view(where)[0]


# ------------------------------------------------------------------------------ round trip
actions = st.lists(st.one_of(st.tuples(st.just("hand"), st.integers(0, 2**31)),
                             st.tuples(st.just("join"), st.integers(0, 80)),
                             st.tuples(st.just("leave"), st.integers(0, 7))), max_size=5)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=st.sampled_from(["modern-stops", "hoyle", "russian", "parlett"]), seats=st.integers(3, 5),
       plan=actions, end=st.booleans())
def test_export_then_import_gives_the_same_ledger(rules: str, seats: int, plan: list[tuple[str, int]],
                                                  end: bool) -> None:
    names = ["Ann", "Bob Smith", "Жанна", "Dan", "Eve", "Fay", "Gus", "Hal"]
    with tempfile.TemporaryDirectory(dir=FAST_TMP) as tmp:
        where = Path(tmp) / "t"
        view = play_the_plan(where, open_table(where, rules, names[:seats]), plan, names, seats)
        if end:
            final = view.the_rules().final.deal == "holders"
            view = step(where, lambda v: [FinalDealt(seed=7), SessionEnded()] if final else [SessionEnded()])
        view = reload(where)
        assert conservation_problems(view) == []
        nets = [{p: r.hand.net[i] for i, p in enumerate(r.players)} for r in view.hands]
        doc = exports.to_document(view)
        for again in (doc, tomllib.loads(exports.to_toml(view)), json.loads(exports.to_json(view))):
            imp = exports.from_document(again)
            imported_as_exported(imp, view, nets)
        carried = tables.record(lambda v: exports.carried_opening("next", imp), where=Path(tmp) / "next",
                                create=True).view
        assert carried.balances == view.balances and carried.board == view.board
        assert carried.next_dealer == view.next_dealer and conservation_problems(carried) == []
        again = exports.from_document(exports.to_document(reload(Path(tmp) / "next")))
        assert again.balances == view.balances and again.board == view.board


def play_the_plan(where: Path, view: TableView, plan: list[tuple[str, int]], names: list[str],
                  seats: int) -> TableView:
    """At the table at `where` (`view`, the first `seats` of `names` seated): each of `plan`'s
    hands played from its seed, the next of `names` joining with its counters, or a player leaving,
    as far as the rules' number of players allows. Returns the view after the last."""
    joined = seats
    for kind, n in plan:
        if kind == "hand":
            view = play_hand(where, n)
        elif kind == "join" and joined < len(names) and len(view.players) < view.the_rules().players.max:
            name = names[joined]
            joined += 1
            view = write(where, PlayerJoined(player=name, counters=n))
        elif kind == "leave" and len(view.players) > view.the_rules().players.min:
            who = view.players[n % len(view.players)]
            view = write(where, PlayerLeft(player=who))
    return view


def imported_as_exported(imp: exports.Imported, view: TableView, nets: list[dict[str, int]]) -> None:
    """An export of `view` imported again: the same players, balances (in seat order), board, hands'
    nets, rules, next dealer, end, and counters brought in and taken away."""
    assert imp.players == view.players
    assert imp.balances == view.balances and list(imp.balances) == view.players
    assert imp.board == view.board
    assert imp.history_nets == nets
    assert imp.rules == view.rules and imp.rules_name == view.rules_name
    assert imp.next_dealer == view.next_dealer and imp.ended == view.ended
    assert imp.brought_in == view.brought_in and imp.taken_away == sum(view.taken_out.values())


def test_json_holds_integers_only_and_a_schema_version(tmp_path: Path) -> None:
    view = fixed_session(tmp_path / "t")
    doc = json.loads(exports.to_json(view))
    assert doc["schema_version"] == 1 and "format" not in doc

    def walk(x: object) -> None:
        assert not isinstance(x, float)
        for v in (x.values() if isinstance(x, dict) else x if isinstance(x, list) else []):
            walk(v)

    walk(doc)
    doc["players"][0]["balance"] = float(doc["players"][0]["balance"])
    with pytest.raises(DataError) as err:
        exports.from_document(doc)
    assert "players[0].balance" in err.value.message and "expected a whole number" in err.value.message


# ------------------------------------------------------------------------------ golden files
@pytest.mark.parametrize("kind", ["toml", "json", "csv"])
def test_golden_export(tmp_path: Path, kind: str) -> None:
    view = fixed_session(tmp_path / "t")
    text = {"toml": exports.to_toml, "json": exports.to_json, "csv": exports.to_csv}[kind](view)
    path = GOLDEN / f"export_session.{kind}"
    golden(path, text)
    if kind != "csv":
        imp = exports.read_document(path.read_bytes(), str(path), kind)
        assert imp.players == ["Ann", "Bob Smith", "Жанна", "=1+1"]
        assert imp.balances == view.balances


# ------------------------------------------------------------------------------ tampering
@pytest.fixture
def golden_doc(tmp_path: Path) -> dict[str, Any]:
    """The golden session's document; `Any` as `exports.to_document` gives it, since the tests here
    put values of the wrong type anywhere in it."""
    return exports.to_document(fixed_session(tmp_path / "t"))


def refused(doc: Mapping[str, object], *fragments: str) -> str:
    with pytest.raises(DataError) as err:
        exports.from_document(doc, "ledger.toml")
    for f in fragments:
        assert f in err.value.message, (f, err.value.message)
    assert err.value.exit_code == 5
    return err.value.message


def test_a_changed_balance_is_named(golden_doc: dict[str, Any]) -> None:
    doc = copy.deepcopy(golden_doc)
    row = doc["players"][0]
    was = row["balance"]
    row["balance"] = was + 3
    refused(doc, "players[0].balance", f"Ann: history gives {was}, file says {was + 3}",
            "players and board hold")


def test_a_changed_history_net_is_named(golden_doc: dict[str, Any]) -> None:
    doc = copy.deepcopy(golden_doc)
    doc["hands"][1]["net"]["Жанна"] += 2
    msg = refused(doc, "hand 2.net.Жанна", "totals.net.Жанна", "Жанна: history gives")
    assert "3 problems found" in msg


def test_the_board_and_totals_are_checked(golden_doc: dict[str, Any]) -> None:
    doc = copy.deepcopy(golden_doc)
    doc["board"]["pope"] += 1
    refused(doc, "board:", "the history leaves")
    doc = copy.deepcopy(golden_doc)
    doc["totals"]["hands"] = 9
    refused(doc, "totals.hands", "history has 3 hands, file says 9")


def test_every_structural_problem_is_reported_at_once(golden_doc: dict[str, Any]) -> None:
    doc = copy.deepcopy(golden_doc)
    del doc["next_dealer"]
    doc["session"] = "one"
    doc["hands"][0]["awards"][0]["amount"] = -1
    doc["rules"]["deal"]["turnup"] = "sideways"
    doc["colour"] = "red"
    msg = refused(doc, "next_dealer: missing", "session: found a string ('one')", "hand 1.awards[0].amount",
                  "rules.deal.turnup", "colour: unknown key")
    assert "5 problems found" in msg


@pytest.mark.parametrize("players", [3, True, "", "Ann", {"Ann": 1}])
def test_players_that_are_not_a_list_are_a_problem_not_a_crash(golden_doc: dict[str, Any], players: object) -> None:
    """Found by splitting the reader: a number here once raised TypeError (a traceback)."""
    refused({**golden_doc, "players": players}, "players: found")


def test_a_newer_format_is_refused_with_its_version(golden_doc: dict[str, Any]) -> None:
    refused({**golden_doc, "format": 99}, "format 99", "newer popejoan", "format 1")
    doc = {k: v for k, v in golden_doc.items() if k != "format"}
    refused({**doc, "schema_version": 2}, "schema_version 2")


def test_a_file_from_another_program_is_refused() -> None:
    other = tomllib.loads('[tool.poetry]\nname = "x"\nversion = "1.0"\n')
    refused(other, "not a popejoan ledger export")
    with pytest.raises(DataError, match="not valid JSON"):
        exports.parse(b'{"a": 1', "x.json", "json")
    with pytest.raises(DataError, match="not UTF-8"):
        exports.parse(b"\xff\xfe", "x.toml")


def test_a_truncated_file_is_refused_wherever_it_is_cut(tmp_path: Path) -> None:
    view = fixed_session(tmp_path / "t")
    for text, kind in ((exports.to_toml(view), "toml"), (exports.to_json(view), "json")):
        data = text.encode("utf-8")
        for cut in range(0, len(data), max(1, len(data) // 97)):
            with pytest.raises(DataError):
                exports.read_document(data[:cut], "cut", kind)


# ------------------------------------------------------------------------------ CSV
def test_csv_is_one_row_per_posting_and_guards_formulas(tmp_path: Path) -> None:
    from popejoan_cli.table.ledger import postings

    view = fixed_session(tmp_path / "t")
    rows = list(csv.reader(io.StringIO(exports.to_csv(view))))
    assert tuple(rows[0]) == exports.CSV_HEADER
    assert len(rows) - 1 == len(postings(view))
    text_cols = [exports.CSV_HEADER.index(c) for c in ("what", "account", "player", "pot")]
    for row in rows[1:]:
        for i in text_cols:
            assert not row[i].startswith(("=", "+", "-", "@")), row
    player, account, balance = (exports.CSV_HEADER.index(c) for c in ("player", "account", "balance"))
    assert any(r[player] == "'=1+1" for r in rows[1:])
    assert any(r[player] == "Bob Smith" for r in rows[1:]) and any(r[player] == "Жанна" for r in rows[1:])
    assert {r[0] for r in rows[1:]} == {"fri"}  # every row names its table
    # The running balance of each account ends where the replay does.
    last = {r[account]: int(r[balance]) for r in rows[1:]}
    for p, n in view.balances.items():
        assert last[f"player:{p}"] == n
    assert exports.guard("+x") == "'+x" and exports.guard("@x") == "'@x" and exports.guard("x=") == "x="


# ------------------------------------------------------------------------------ the CLI
def home_table(tmp_path: Path, name: str = "fri") -> Path:
    return tmp_path / "home" / "tables" / name


def test_export_by_extension_and_names_survive(run: Cli, tmp_path: Path) -> None:
    run.ok("table", "new", "fri", "--rules", "modern-stops", "--players", "Ann,Bob Smith,Жанна")
    play_hand(home_table(tmp_path), 5)
    for ext in ("toml", "json", "csv"):
        res = run.ok("ledger", "export", str(tmp_path / f"out.{ext}"))
        assert f"as {ext}" in res.stdout
    imp = exports.read_document((tmp_path / "out.toml").read_bytes(), "out.toml")
    assert imp.players == ["Ann", "Bob Smith", "Жанна"]
    assert exports.read_document((tmp_path / "out.json").read_bytes(), "out.json").balances == imp.balances
    assert "Жанна" in (tmp_path / "out.csv").read_text(encoding="utf-8")
    run.ok("ledger", "export", str(tmp_path / "plain.txt"), "--format", "json")
    assert json.loads((tmp_path / "plain.txt").read_text(encoding="utf-8"))["schema_version"] == 1
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_export_refusals(run: Cli, tmp_path: Path) -> None:
    run.ok("table", "new", "fri", "--rules", "hoyle", "--players", "Ann,Bob,Cat")
    run.fails(6, "ledger", "export", str(tmp_path / "no" / "such" / "x.toml"), said=("does not exist",))
    run.fails(2, "ledger", "export", str(tmp_path / "x.xlsx"), said=(".toml", ".beancount"))
    run.fails(2, "ledger", "export", str(tmp_path / "x.toml"), "--format", "yaml", said=("allowed",))
    run.fails(2, "ledger", "export", str(tmp_path), "--format", "toml", said=("is a folder",))
    locked = tmp_path / "ro"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        if not os.access(locked, os.W_OK):  # root writes anywhere
            run.fails(6, "ledger", "export", str(locked / "x.toml"), said=("cannot write",))
    finally:
        locked.chmod(0o700)
    step(home_table(tmp_path), lambda v: [HandDealt(seed=1, dealer=v.next_dealer)])
    if reload(home_table(tmp_path)).open_hand is not None:
        run.fails(3, "ledger", "export", str(tmp_path / "x.toml"), said=("between hands",))
        run.fails(3, "ledger", "export", str(tmp_path / "x.csv"), said=("between hands",))  # every format


@pytest.mark.skipif(not HAVE_ACCT, reason="popejoan_cli.formats.accounts (hledger/beancount writers) is not built yet")
@pytest.mark.parametrize("ext", ["journal", "hledger", "ledger", "beancount"])
def test_export_dispatches_to_the_accounting_formats(run: Cli, tmp_path: Path, ext: str) -> None:
    run.ok("table", "new", "fri", "--rules", "modern-stops", "--players", "Ann,Bob,Cat")
    play_hand(home_table(tmp_path), 5)
    res = run.ok("ledger", "export", str(tmp_path / f"out.{ext}"))
    assert ("beancount" if ext == "beancount" else "hledger") in res.stdout
    assert (tmp_path / f"out.{ext}").read_text(encoding="utf-8").strip()


def test_table_new_from_an_export_continues_it(run: Cli, tmp_path: Path) -> None:
    run.ok("table", "new", "fri", "--rules", "hoyle", "--players", "Ann,Bob Smith,Жанна", "--counters", "40",
           "--dealer", "Bob Smith")
    run.ok("ledger", "export", str(tmp_path / "fri.json"))
    res = run.ok("table", "new", "sat", "--from", str(tmp_path / "fri.json"))
    assert "continues" in res.stdout
    view = reload(home_table(tmp_path, "sat"))
    assert view.players == ["Ann", "Bob Smith", "Жанна"] and view.balances == dict.fromkeys(view.players, 40)
    assert view.next_dealer == "Bob Smith" and view.rules_name == "hoyle"
    run.fails(2, "table", "new", "sun", "--from", str(tmp_path / "fri.json"), "--rules", "hoyle", said=("--rules",))
    run.fails(2, "table", "new", "sun", said=("--rules and --players",))
    run.fails(2, "table", "new", "sun", "--from", str(tmp_path / "nope.toml"), said=("no such file",))


def test_table_new_from_carries_balances_and_board(run: Cli, tmp_path: Path) -> None:
    run.ok("table", "new", "fri", "--rules", "modern-stops", "--players", "Ann,Bob Smith,Жанна")
    before = play_hand(home_table(tmp_path), 5)
    assert len(set(before.balances.values())) > 1 and sum(before.board.values()) > 0
    run.ok("ledger", "export", str(tmp_path / "fri.toml"))
    res = run.ok("table", "new", "sat", "--from", str(tmp_path / "fri.toml"))
    assert "continues 'fri'" in res.stdout
    where = home_table(tmp_path, "sat")
    view = reload(where)
    assert view.players == before.players and view.balances == before.balances and view.board == before.board
    assert view.next_dealer == before.next_dealer and view.rules == before.rules
    assert conservation_problems(view) == []
    # The next session plays on, and its own export (with the carried board) imports again.
    after = play_hand(where, 6)
    run.ok("ledger", "export", str(tmp_path / "sat.json"))
    imp = exports.read_document((tmp_path / "sat.json").read_bytes(), "sat.json")
    assert imp.balances == after.balances and imp.board == after.board
    assert tomllib.loads((tmp_path / "fri.toml").read_text(encoding="utf-8"))["board"] == \
        json.loads((tmp_path / "sat.json").read_text(encoding="utf-8"))["opening_board"]


def test_table_new_from_refuses_tampered_and_foreign_files(run: Cli, tmp_path: Path) -> None:
    run.ok("table", "new", "fri", "--rules", "modern-stops", "--players", "Ann,Bob,Cat")
    play_hand(home_table(tmp_path), 5)
    run.ok("ledger", "export", str(tmp_path / "fri.toml"))
    text = (tmp_path / "fri.toml").read_text(encoding="utf-8")
    doc = tomllib.loads(text)
    bal = doc["players"][1]["balance"]
    (tmp_path / "bad.toml").write_text(text.replace(f'name = "Bob", balance = {bal},',
                                                    f'name = "Bob", balance = {bal + 5},'), encoding="utf-8")
    run.fails(5, "table", "new", "sat", "--from", str(tmp_path / "bad.toml"),
              said=(f"Bob: history gives {bal}, file says {bal + 5}",), several=True)
    (tmp_path / "cut.toml").write_text(text[: len(text) // 2 + 7], encoding="utf-8")
    run.fails(5, "table", "new", "sat", "--from", str(tmp_path / "cut.toml"))
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x"\n', encoding="utf-8")
    run.fails(5, "table", "new", "sat", "--from", str(tmp_path / "pyproject.toml"), said=("not a popejoan ledger",))
    (tmp_path / "new.toml").write_text(text.replace("format = 1", "format = 99"), encoding="utf-8")
    run.fails(5, "table", "new", "sat", "--from", str(tmp_path / "new.toml"), said=("format 99",))
    assert not home_table(tmp_path, "sat").exists()


def test_carried_opening_replays_to_the_exported_ledger(tmp_path: Path, golden_doc: dict[str, Any]) -> None:
    imp = exports.from_document(golden_doc)
    where = tmp_path / "next"
    view = tables.record(lambda v: exports.carried_opening("next", imp), where=where, create=True).view
    assert view.players == imp.players and view.balances == imp.balances and view.board == imp.board
    assert reload(where).balances == imp.balances


def test_a_balance_out_of_range_is_told_the_range(golden_doc: dict[str, Any]) -> None:
    """An import whose balance is 2**62 is told what a balance may be, not only that a whole number was expected
    (issue 37, item 8); a balance that is not a number at all is told that, as before."""
    from popejoan_cli.formats.ledgercheck import MAX_TOTAL

    golden_doc["players"][0]["balance"] = 2**62
    said = refused(golden_doc, "players[0].balance")
    assert f"expected a whole number from −{MAX_TOTAL:,} to {MAX_TOTAL:,}" in said, said


def test_the_docs_show_the_csv_header_popejoan_writes() -> None:
    """docs/exports.md once showed the header without `date` and `at` (issue 39): the page's header block and
    its table of columns are the code's header, in its order."""
    page = (ROOT / "docs" / "exports.md").read_text(encoding="utf-8")
    section = page.split("## CSV", 1)[1].split("\n## ", 1)[0]
    header = section.split("```\n", 2)[1].strip()
    assert header == ",".join(exports.CSV_HEADER)
    listed = [c.strip("`") for row in section.splitlines() if row.startswith("| `")
              for c in row.split("|")[1].strip().split(", ")]
    assert listed == list(exports.CSV_HEADER)


def test_a_continued_sessions_books_hold_no_empty_transaction(cli: Cli) -> None:
    """A continued session opens with no counters of its own: its hledger file once began with a `buy-in`
    transaction of no postings (issue 39). Every transaction now moves something, and the tools still agree."""
    cli.ok("table", "new", "a", "--rules", "modern-stops", "--players", "Ann,Bob,Cat")
    autoplay.play_hand(cli.home / "tables" / "a", 1)
    cli.ok("end")
    cli.ok("session", "new", "b")
    for kind, starts in (("hledger", "20"), ("beancount", "20")):
        text = cli.ok("ledger", "export", "-", "--format", kind).stdout
        blocks = [b for b in text.split("\n\n") if b.startswith(starts) and (" * " in b or " txn " in b)]
        assert blocks, text
        for block in blocks:
            lines = block.strip().splitlines()
            assert len(lines) > 1 or "balance" in lines[0], (kind, block)
