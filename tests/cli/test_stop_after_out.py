"""A habitual `stop` after a player's last card (issue 24): the cards are recorded, the stop is a note.

`play Dan JH stop`, where J♥ is Dan's last card, records J♥ and says the stop had nothing to
record, as a `stop` after a run that already stopped does; `popejoan stop` alone then, and after
`out` settled the hand, is the same note. Uses test_real's table (`Cli`) and the README's tour.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_real import Cli, face
from test_real_runs import README_RUNS


@pytest.fixture
def cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Cli:
    monkeypatch.delenv("POPEJOAN_TABLE", raising=False)
    monkeypatch.delenv("POPEJOAN_HOME", raising=False)
    return Cli(tmp_path / "home")


def _to_the_last_card(cli: Cli) -> None:
    """The README's tour up to (not including) Dan's last card, J♥."""
    cli.table(dealer="Ann")
    cli.ok("deal", "--real", "--turnup", "8H")
    for text in README_RUNS[:-1]:
        cli.ok("undo", "--yes") if text == "undo" else cli.ok("play", *text.split())
    assert README_RUNS[-1] == "Dan JH"


def test_a_stop_after_the_last_card_records_the_card(cli: Cli) -> None:
    _to_the_last_card(cli)
    said = cli.ok("play", "Dan", "JH", "stop").stdout
    assert f"Dan plays {face('JH')}" in said or f"Dan leads {face('JH')}" in said
    assert "Dan is out." in said and "--pope" in said
    assert said.endswith("stop: Dan has played their last card: the hand is over, nothing to record.\n")
    assert cli.hand()["plays"][-1] == {**cli.hand()["plays"][-1], "seat": "Dan", "card": "JH"}
    before = cli.journal()
    for words in (["stop"], ["play", "Dan", "stop"]):
        res = cli.ok(*words)
        assert "the hand is over, nothing to record" in res.stdout.lower() and res.stderr == ""
    assert cli.journal() == before
    # The hand settles as it would have without the stop.
    assert "Cat pays 6 counters to Dan for cards left." in cli.ok("out", "Dan", "--pope", "spare").stdout
    assert cli.json("ledger", "show") == {"Ann": 50 - 15 - 3, "Bob": 50 - 3, "Cat": 50 - 6, "Dan": 50 + 1 + 1 + 12}


def test_a_stop_after_the_hand_was_settled_is_a_note(cli: Cli) -> None:
    _to_the_last_card(cli)
    cli.ok("play", "Dan", "JH")
    cli.ok("out", "Dan", "--pope", "spare")
    before = cli.journal()
    res = cli.ok("stop")
    assert res.stdout == "Dan has played their last card: the hand is over, nothing to record.\n"
    assert cli.journal() == before


def test_a_stop_before_any_deal_is_still_refused(cli: Cli) -> None:
    cli.table()
    cli.fails(3, "stop")


def test_a_stop_after_the_last_card_in_russian(cli: Cli) -> None:
    _to_the_last_card(cli)
    res = cli.ok("play", "Dan", "JH", "stop", POPEJOAN_LANG="ru")
    assert "записывать нечего" in res.stdout and "nothing to record" not in res.stdout
