"""A real deck's run on one line: `play Bob AS 2S:Ann 3S:Cat stop`, through the CLI.

The first word after `play` is who plays the first card; `CARD:NAME` is played by NAME, a card
without a name by whoever played the card before it; `stop` ends the run. Each card is checked
in order as separate `play` commands would check it, and one refusal records nothing of the
line. A `stop` where the record already shows the run stopped records nothing and succeeds.
Uses test_real's table (`Cli`), its known hands and `record`.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_real import CASES, PLAYERS, Cli, face, known_hand, record, run_lines

from popejoan_cli.formats.handjson import to_json
from popejoan_cli.game.hand import Hand


@pytest.fixture
def cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Cli:
    monkeypatch.delenv("POPEJOAN_TABLE", raising=False)
    monkeypatch.delenv("POPEJOAN_HOME", raising=False)
    return Cli(tmp_path / "home")


@pytest.mark.parametrize(("name", "seed", "dealer"), CASES, ids=[f"{n}-{s}-{PLAYERS[d]}" for n, s, d in CASES])
def test_a_hand_entered_run_by_run_equals_it_card_by_card(cli: Cli, name: str, seed: int, dealer: int) -> None:
    """Run by run, the table records the known replay, which test_real proves card by card gives too."""
    hand, got = record(cli, name, seed, dealer, runs=True)
    want = to_json(hand, PLAYERS, name)
    assert got["closed"] is True
    assert {k: got[k] for k in want} == want
    assert cli.json("ledger", "show") == {p: 50 + want["net"][p] for p in PLAYERS}
    assert cli.json("board") == want["board"]
    assert cli.ok("check").stdout.startswith("ok: ")


def test_a_run_on_one_line_names_each_card_and_the_stop(cli: Cli) -> None:
    cli.real()  # modern-stops, Ann deals, 8♥ turned up (Bob's): Bob leads
    said = cli.ok("play", "Bob", "7H", "8H", "9H:Cat", "10H:Dan", "stop").stdout
    assert said.splitlines()[:4] == [f"Bob leads {face('7H')}", f"Bob plays {face('8H')}",
                                     f"Cat plays {face('9H')}", f"Dan plays {face('10H')}"]
    hand = cli.hand()
    assert [(p["seat"], p["card"]) for p in hand["plays"]] == [("Bob", "7H"), ("Bob", "8H"), ("Cat", "9H"),
                                                               ("Dan", "10H")]
    assert [(s["card"], s["reason"]) for s in hand["stops"]] == [("10H", "spare")]
    # One line typed is one command: undo takes it back whole, naming each of its cards and its stop.
    undone = cli.ok("undo", "-y")
    assert undone.stderr == (f"Undo:\n  Bob's {face('7H')}; Bob's {face('8H')}; Cat's {face('9H')}; "
                             f"Dan's {face('10H')}; the stop called in hand 1\n")
    assert undone.stdout.startswith(f"Undone: Bob's {face('7H')}; Bob's {face('8H')};")
    assert cli.hand()["plays"] == []
    assert cli.ok("undo", "-y").stderr == "Undo:\n  the deal of hand 1 by Ann (a real deck)\n"


README_RUNS = ["Bob AS 2S:Ann stop", "Ann AD stop", "Ann 3D 4D:Bob 5D:Cat", "undo", "Ann 3D 4D:Bob",
               "Dan 5D 6D 7D:Bob",
               "Bob 5S 6S:Dan 7S:Bob stop", "Bob 7H 8H stop", "Bob 9C 10C:Ann JC:Dan QC stop",
               "Dan 2H 3H:Cat 4H 5H 6H:Ann", "Ann 4C 5C:Dan 6C:Ann 7C:Cat 8C:Dan", "Dan 10D stop", "Dan JH"]
"""The README's real-deck tour a run a line (test_e2e types the same hand card by card)."""


def test_the_readme_tour_a_run_a_line(cli: Cli) -> None:
    cli.table(dealer="Ann")
    cli.ok("deal", "--real", "--turnup", "8H")
    for text in README_RUNS:
        said = cli.ok("undo", "--yes") if text == "undo" else cli.ok("play", *text.split())
    assert "Dan is out." in said.stdout and "--pope" in said.stdout
    assert cli.ok("claim", "Dan", "jack").stdout.strip() == f"right: Dan played {face('JH')}; paid 1 counter"
    assert "Cat pays 6 counters to Dan for cards left." in cli.ok("out", "Dan", "--pope", "spare").stdout
    assert cli.json("ledger", "show") == {"Ann": 50 - 15 - 3, "Bob": 50 - 3, "Cat": 50 - 6, "Dan": 50 + 1 + 1 + 12}


def test_the_first_card_may_name_its_player(cli: Cli) -> None:
    cli.real()
    cli.ok("play", "7H:Bob", "8H")
    assert [p["seat"] for p in cli.hand()["plays"]] == ["Bob", "Bob"]


def test_a_refusal_mid_line_records_nothing(cli: Cli) -> None:
    cli.real()
    # Cat cannot play 8♥ (the turned-up 8♥ is Bob's): the 7♥ before it is not recorded either.
    err = cli.fails(3, "play", "Bob", "7H", "8H:Cat", "9H")
    assert err.startswith(f"popejoan: Cat does not hold {face('8H')}\n")
    # A card played twice on one line, and a stop where the holder is known.
    cli.fails(3, "play", "Bob", "7H", "8H", "9H:Cat", "9H:Dan", said=["already been played"])
    cli.fails(3, "play", "Bob", "7H", "stop", said=["no run is waiting"])
    assert cli.hand()["plays"] == []


def test_an_unknown_player_or_a_malformed_word_is_a_usage_error(cli: Cli) -> None:
    cli.real()
    err = cli.fails(2, "play", "Bob", "7H", "8H:Bop")
    assert "no player 'Bop' at this table" in err and "Bob" in err.splitlines()[1]
    cli.fails(2, "play", "Bob", "7H", "8H:", said=["give a name after the colon"])
    cli.fails(2, "play", "Bob", "7H", "8X", said=["not a card: '8X'"])
    cli.fails(2, "play", "Bob", "7H", ":Ann", said=["not a card"])
    cli.fails(2, "play", "7H", "8H", said=["name the player first"])


def test_a_stop_where_the_run_already_stopped_records_nothing(cli: Cli) -> None:
    cli.real()
    before = cli.journal()
    cli.fails(3, "play", "Bob", "stop", said=["no run is waiting"])  # no run yet: refused as before
    assert cli.journal() == before
    # 7♦: 8♦ is out of the pack, so the referee stops the run; the habitual `stop` writes nothing.
    said = cli.ok("play", "Bob", "7D", "stop").stdout
    assert said.endswith(f"stop: the run had already stopped at {face('7D')} (removed): nothing to record.\n")
    before = cli.journal()
    for words in (["stop"], ["play", "Bob", "stop"]):
        res = cli.ok(*words)
        assert "the run had already stopped" in res.stdout.lower() and res.stderr == ""
    assert cli.journal() == before


def test_a_virtual_hand_takes_one_plain_card(cli: Cli) -> None:
    cli.table()
    cli.ok("deal", "--seed", "42")
    cli.fails(2, "play", "AS:Bob", said=["lead one card"])
    cli.fails(2, "play", "AS", "stop", said=["lead one card"])


def test_the_lines_cover_the_known_hands() -> None:
    """Each known hand of the cases fits in one line per run, with `stop` between runs."""
    for name, seed, dealer in CASES:
        hand: Hand = known_hand(name, seed, dealer)[0]
        lines = run_lines(hand)
        assert len(lines) == sum(1 for p in hand.plays if p.lead)
        assert sum(len(w) - 1 - (w[-1] == "stop") for w in lines) == len(hand.plays)


def test_a_run_on_one_line_in_the_shell(cli: Cli) -> None:
    cli.real()
    res = cli("shell", input="play Bob AS 2S:Ann stop\nstop\nplay Ann AD 3D:Zob\nexit\n")
    assert res.exit_code == 0, res.stderr
    assert f"Ann plays {face('2S')}\n" in res.stdout
    assert f"The run had already stopped at {face('2S')} (spare): nothing to record.\n" in res.stdout
    assert "no player 'Zob' at this table" in res.stderr and "did you mean 'Bob'?" in res.stderr
    assert [p["card"] for p in cli.hand()["plays"]] == ["AS", "2S"]
