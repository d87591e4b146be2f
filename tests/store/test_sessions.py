"""Next week's evening: `session new` continues a closed table; exports carry the session number."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import Cli, play_hand
from popejoan_cli.store import tables


def test_the_next_session_carries_balances_board_and_deal(run: Cli, tmp_path: Path) -> None:
    assert run("table", "new", "fri", "-r", "modern-stops", "-p", "Ann,Bob,Cat,Dan").exit_code == 0
    for seed in (1, 2):
        play_hand(run, seed)
    early = run("session", "new")
    assert early.exit_code == 3 and early.stdout == "" and "still open" in early.stderr
    assert run("end").exit_code == 0
    session_two_carries_over(run)
    out = tmp_path / "s2.json"
    play_hand(run, 3)  # Cat deals the third hand: the deal went on passing to the left
    assert run("ledger", "export", str(out)).exit_code == 0
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert doc["session"] == 2 and doc["hands"][0]["dealer"] == "Cat"
    settled = run("ledger", "settle", "--value", "0.05", "--currency", "EUR")
    assert settled.exit_code == 0, settled.stderr
    stats_of_the_season_and_tonight(run)


def session_two_carries_over(run: Cli) -> None:
    """`session new` at the ended `fri` makes `fri-s2`, current, with fri's balances and board."""
    before = json.loads(run("ledger", "show", "--json").stdout)
    board = json.loads(run("board", "--json").stdout)
    made = run("session", "new")
    assert made.exit_code == 0, made.stderr
    assert "'fri-s2'" in made.stdout and "session 2" in made.stdout
    assert json.loads(run("ledger", "show", "--json").stdout) == before
    assert json.loads(run("board", "--json").stdout) == board
    assert json.loads(run("table", "list", "--json").stdout) == {"tables": ["fri", "fri-s2"], "current": "fri-s2"}


def stats_of_the_season_and_tonight(run: Cli) -> None:
    """Two hands in session 1 and one in session 2: `ledger stats` counts the season's three,
    with `--session` tonight's one."""
    season = json.loads(run("ledger", "stats", "--json").stdout)
    assert season["sessions"] == ["fri", "fri-s2"]
    assert {p["player"]: p["hands"] for p in season["players"]} == dict.fromkeys(["Ann", "Bob", "Cat", "Dan"], 3)
    assert sum(p["dealt"] for p in season["players"]) == 3
    assert all(len(p["balances"]) == 3 for p in season["players"])
    tonight = json.loads(run("ledger", "stats", "--session", "--json").stdout)
    assert tonight["sessions"] == ["fri-s2"] and all(p["hands"] == 1 for p in tonight["players"])


def test_a_continued_export_is_the_next_session(run: Cli, tmp_path: Path) -> None:
    run("table", "new", "fri", "-r", "hoyle", "-p", "Ann,Bob,Cat")
    play_hand(run, 5)
    run("end")
    export = tmp_path / "fri.toml"
    assert run("ledger", "export", str(export)).exit_code == 0
    cont = run("table", "new", "sat", "--from", str(export))
    assert cont.exit_code == 0 and "session 2" in cont.stdout
    again = tmp_path / "sat.toml"
    assert run("ledger", "export", str(again)).exit_code == 0
    assert 'session = 2' in again.read_text(encoding="utf-8")


def test_a_player_who_leaves_in_debt_survives_export_and_import(run: Cli, tmp_path: Path) -> None:
    """Balances may go below zero (settle.negative): leaving then takes a debt away."""
    run("table", "new", "owe", "-r", "modern-stops", "-p", "Ann,Bob,Cat,Dan", "--counters", "0")
    play_hand(run, 1)  # Ann dealt and dressed the board: she is in debt
    ann = json.loads(run("ledger", "show", "--json").stdout)["Ann"]
    assert ann < 0
    assert run("table", "leave", "Ann").exit_code == 0
    out = tmp_path / "owe.json"
    assert run("ledger", "export", str(out)).exit_code == 0
    assert json.loads(out.read_text(encoding="utf-8"))["taken_away"] == ann
    cont = run("table", "new", "owe2", "--from", str(out))
    assert cont.exit_code == 0, cont.stderr


def test_settling_a_fresh_session_names_the_board_it_carried(run: Cli) -> None:
    assert run("table", "new", "fri", "-r", "modern-stops", "-p", "Ann,Bob,Cat,Dan").exit_code == 0
    play_hand(run, 1)
    assert run("end").exit_code == 0
    assert run("session", "new").exit_code == 0
    board = sum(json.loads(run("board", "--json").stdout).values())
    assert board > 0
    r = run("ledger", "settle")
    assert r.exit_code == 0, r.stderr
    assert "board is empty" not in r.stdout
    assert "Nothing changed hands this session" in r.stdout
    assert f"stays on the board for next time: {board} counters" in r.stdout
    assert json.loads(run("ledger", "settle", "--json").stdout)["board"]["counters"] == board


def test_stats_on_a_table_continued_from_an_export_include_its_history(run: Cli,
                                                                       tmp_path: Path) -> None:
    import shutil

    assert run("table", "new", "fri", "-r", "modern-stops", "-p", "Ann,Bob,Cat,Dan").exit_code == 0
    for seed in (1, 2, 3):
        play_hand(run, seed)
    assert run("end").exit_code == 0
    before = json.loads(run("ledger", "stats", "--json").stdout)
    export = tmp_path / "fri.toml"
    assert run("ledger", "export", str(export)).exit_code == 0
    # another laptop: only the export travels
    shutil.rmtree(tables.folder())
    assert run("table", "new", "sat", "--from", str(export)).exit_code == 0
    after = json.loads(run("ledger", "stats", "--json").stdout)
    assert after["sessions"] == ["fri", "sat"]
    assert after["players"] == before["players"]
    assert sum(p["hands"] for p in after["players"]) == 12 and any(p["net"] for p in after["players"])
    assert "2 sessions" in run("ledger", "stats").stdout
    play_hand(run, 4)
    later = {p["player"]: p for p in json.loads(run("ledger", "stats", "--json").stdout)["players"]}
    assert all(p["hands"] == 4 and len(p["balances"]) == 4 for p in later.values())
    tonight = json.loads(run("ledger", "stats", "--session", "--json").stdout)
    assert tonight["sessions"] == ["sat"] and all(p["hands"] == 1 for p in tonight["players"])
