"""The simulator and `popejoan simulate`: determinism across processes, conservation,
`good` beating `simple`, and the command's JSON, errors and clean stdout."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from popejoan_cli.cli import app
from popejoan_cli.presets import preset
from popejoan_cli.simulate import CHUNK, simulate

RULES = preset("modern-stops")


def test_same_seed_same_numbers_with_1_and_2_processes() -> None:
    one = simulate(RULES, 4, 3 * CHUNK + 17, 11, ["good", "simple", "good", "simple"], processes=1)
    two = simulate(RULES, 4, 3 * CHUNK + 17, 11, ["good", "simple", "good", "simple"], processes=2)
    assert one.to_json() == two.to_json()
    assert one.to_json()["hands"] == 3 * CHUNK + 17


def test_progress_counts_every_hand() -> None:
    seen: list[int] = []
    simulate(RULES, 3, 250, 1, ["simple"], progress=seen.append)
    assert sum(seen) == 250


def test_counters_are_conserved() -> None:
    for name in ("modern-stops", "michigan", "boodle", "russian"):
        res = simulate(preset(name), 5, 300, 3, ["good", "simple", "good", "simple", "good"])
        assert res.tally.conservation == 0
        data = res.to_json()
        assert data["conservation"] == 0
        assert abs(sum(s["mean"] for s in data["seats"])) < 30  # what stays on the board, per hand


def test_good_beats_simple() -> None:
    res = simulate(RULES, 4, 2000, 5, ["good", "simple", "good", "simple"], processes=2)
    data = res.to_json()
    assert data["levels"]["good"] > data["levels"]["simple"]
    margin = data["margin"]
    assert margin["of"] == "good" and margin["low"] > 0


def test_json_numbers_make_sense() -> None:
    data = simulate(RULES, 4, 400, 2, ["simple"]).to_json()
    assert data["margin"] is None
    assert [s["bot"] for s in data["seats"]] == ["simple"] * 4
    edge = data["dealer_edge"]
    assert edge["low"] <= edge["mean"] <= edge["high"]
    game = next(p for p in data["pots"] if p["pot"] == "game")
    assert game["won"] == 1.0 and data["endings"]["out"] == 1.0  # modern-stops: every hand goes out
    for p in data["pots"]:
        assert 0 <= p["won"] <= 1 and (p["wins"] == 0 or p["mean_hands_carried"] >= 1)


runner = CliRunner()


def test_cli_json_is_clean() -> None:
    res = runner.invoke(app, ["simulate", "--rules", "modern-stops", "--players", "4", "--hands", "200",
                              "--seed", "3", "--bots", "good,simple,good,simple", "--processes", "2", "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert list(data) == ["rules", "players", "hands", "seed", "bots", "chunk", "seats", "levels", "margin",
                          "dealer_edge", "pots", "endings", "conservation"]
    assert data["bots"] == ["good", "simple", "good", "simple"] and data["hands"] == 200
    assert set(data["seats"][0]) == {"seat", "bot", "mean", "low", "high", "stderr", "out_first"}
    one = runner.invoke(app, ["simulate", "-r", "modern-stops", "-p", "4", "-k", "200", "-s", "3",
                              "-b", "good,simple,good,simple", "-P", "1", "--json"])
    assert json.loads(one.stdout) == data


def test_cli_one_level_for_all_and_tables() -> None:
    res = runner.invoke(app, ["simulate", "--rules", "boodle", "--players", "3", "--hands", "150", "--bots", "simple",
                              "--processes", "1"], env={"COLUMNS": "100", "NO_COLOR": "1"})
    assert res.exit_code == 0, res.output
    for word in ("Per seat", "Per pot", "Hand endings", "Dealer's edge", "│"):
        assert word in res.stdout


def test_cli_bad_bots_is_a_usage_error() -> None:
    res = runner.invoke(app, ["simulate", "--rules", "modern-stops", "--players", "4", "--hands", "10",
                              "--bots", "goood"])
    assert res.exit_code == 2
    assert "did you mean 'good'" in res.stderr
    assert res.stdout == ""
    res = runner.invoke(app, ["simulate", "--rules", "modern-stops", "--players", "4", "--hands", "10",
                              "--bots", "good,simple,good,simple,good"])
    assert res.exit_code == 2 and "5 levels for 4 players" in res.stderr
    res = runner.invoke(app, ["simulate", "--rules", "modern-stops", "--players", "4", "--hands", "10",
                              "--bots", "good,simple", "--json"])
    assert res.exit_code == 0, res.stderr
    assert [s["bot"] for s in json.loads(res.stdout)["seats"]] == ["good", "simple", "good", "simple"]


def test_cli_bad_counts() -> None:
    res = runner.invoke(app, ["simulate", "--rules", "modern-stops", "--players", "9", "--hands", "10"])
    assert res.exit_code == 2 and "3–8 players" in res.stderr
    res = runner.invoke(app, ["simulate", "--rules", "modern-stops", "--players", "4", "--hands", "0"])
    assert res.exit_code == 2
