"""`popejoan evening`: the end-of-evening summary (issue 24).

One russian table played over two days (a hand on each, a player who joins and leaves, the
final clearing deal) is summed up: every figure is the ledger's own (`ledger show --json`,
`ledger settle --json`), the dates are both days, the screen fits 60, 80 and 120 columns
(golden files), a Russian table reads it in Russian, and a hand in play refuses it.
"""

from __future__ import annotations

from typing import Any

import pytest
from rich.cells import cell_len

from conftest import GOLDEN, NOW, Cli, golden, play_hand

DAY2 = "2026-12-02T00:41:09+01:00"


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Cli:
    home = tmp_path_factory.mktemp("evening")
    run = Cli(home)
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("POPEJOAN_HOME", str(home))
        mp.delenv("POPEJOAN_TABLE", raising=False)
        run.ok("table", "new", "fri", "-r", "russian", "-p", "Ann,Bob,Cat")
        play_hand(run, 1)
        run.ok("table", "join", "Max", "--counters", "40")
        play_hand(run, 2)
        run.ok("table", "leave", "Max")
        mp.setenv("POPEJOAN_NOW", DAY2)
        play_hand(run, 3)
        run.ok("end", "--seed", "4")
    return run


@pytest.fixture
def at(played: Cli, monkeypatch: pytest.MonkeyPatch) -> Cli:
    monkeypatch.setenv("POPEJOAN_HOME", str(played.home))
    monkeypatch.delenv("POPEJOAN_TABLE", raising=False)
    return played


def test_every_figure_is_the_ledgers(at: Cli) -> None:
    doc: dict[str, Any] = at.json("evening")
    held = at.json("ledger", "show")
    settled = at.json("ledger", "settle")
    assert {s["player"]: s["counters"] for s in doc["standings"] if s["seated"]} == held
    assert {s["player"]: s["net"] for s in doc["standings"]} | {"the board": doc["board"]["net"]} == settled["nets"]
    assert doc["transfers"] == settled["transfers"]
    assert doc["board"]["pots"] == settled["board"]["pots"]
    nets = [s["net"] for s in doc["standings"]]
    assert nets == sorted(nets, reverse=True)  # best first
    max_ = next(s for s in doc["standings"] if s["player"] == "Max")
    assert not max_["seated"] and max_["took_away"] > 0
    assert (doc["began"], doc["finished"], doc["days"]) == (NOW, DAY2, ["2026-12-01", "2026-12-02"])
    assert (doc["hands"], doc["final_deal"], doc["ended"]) == (3, True, True)


def test_money_is_ledger_settles(at: Cli) -> None:
    doc = at.json("evening", "--value", "0.05", "--currency", "GBP")
    settled = at.json("ledger", "settle", "--value", "0.05", "--currency", "GBP")
    assert {s["player"]: s["cents"] for s in doc["standings"]} == \
        {k: v for k, v in settled["cents"].items() if k != "the board"}
    assert doc["transfers"] == settled["transfers"] and doc["currency"] == "GBP"


@pytest.mark.parametrize("width", [60, 80, 120])
def test_one_screen_at_each_width(at: Cli, width: int) -> None:
    text = at.ok("evening", "--value", "0.05", COLUMNS=str(width)).stdout
    assert all(cell_len(line) <= width for line in text.splitlines())
    assert "…" not in text and len(text.splitlines()) <= 24
    assert "fri: the evening of 2026-12-01 21:04 – 2026-12-02 00:41" in text
    golden(GOLDEN / "widths" / f"evening_{width}.txt", text)


def test_a_russian_table_reads_it_in_russian(cli: Cli) -> None:
    cli.ok("table", "new", "vecher", "-r", "russian", "-p", "Аня,Боря,Вика", "--lang", "ru")
    play_hand(cli, 1)
    text = cli.ok("evening", COLUMNS="80").set_stdout
    golden(GOLDEN / "evening_ru_80.txt", text)
    assert "vecher" in text and "Вечер" in text


def test_refused_while_a_hand_is_played(cli: Cli) -> None:
    cli.ok("table", "new", "fri", "-r", "russian", "-p", "Ann,Bob,Cat")
    cli.ok("deal", "--seed", "1")
    cli.fails(3, "evening", said=["hand 1"])


def test_an_evening_whose_clock_went_back_says_so(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    """A later event stamped earlier (the clock put back an hour at 3:00, or set wrong) is never told as a span
    "20:00–19:00", which says nothing true (issue 37): both times, and that the clock went back."""
    monkeypatch.setenv("POPEJOAN_HOME", str(cli.home))
    monkeypatch.setenv("POPEJOAN_NOW", "2026-12-01T20:00:00+01:00")
    cli.ok("table", "new", "clock", "-r", "modern-stops", "-p", "Ann,Bob,Cat")
    play_hand(cli, 1)
    monkeypatch.setenv("POPEJOAN_NOW", "2026-12-01T19:00:00+00:00")
    play_hand(cli, 2)
    text = " ".join(cli.ok("evening").stdout.split())
    assert "2026-12-01 20:00, then 2026-12-01 19:00 (the clock went back)" in text and "20:00–19:00" not in text
    assert "(часы перевели назад)" in " ".join(cli.ok("evening", POPEJOAN_LANG="ru").stdout.split())
