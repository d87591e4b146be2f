"""`count` (issue 24): a negative count, a whole board counted in one line, and a miscount's exit code.

`count Ann -15` is a count, not an option (under `hoyle` the dealer's balance goes below zero);
`count board 6,2,2,1,1,1,1,1` counts every pot in the board's order and `count board pope=6,...`
every pot by name, one recorded count per pot; a count that disagrees with the journal is still
recorded, says MISMATCH on stderr and exits 3, as `check` does for a standing miscount.
"""

from __future__ import annotations

import json

from conftest import Cli

BOARD = {"pope": 6, "matrimony": 2, "intrigue": 2, "ace": 1, "king": 1, "queen": 1, "jack": 1, "game": 1}


def _hoyle(cli: Cli) -> None:
    """A hoyle table at 0 counters each, dealt: Ann dressed the board and stands at -15."""
    cli.ok("table", "new", "t", "--rules", "hoyle", "--players", "Ann,Bob,Cat", "--counters", "0")
    cli.ok("deal", "--seed", "1")
    assert cli.json("ledger", "show")["Ann"] == -15 and cli.json("board") == BOARD


def _counts(cli: Cli) -> int:
    return sum(1 for line in (cli.home / "tables" / "t" / "journal.jsonl").read_text(encoding="utf-8").splitlines()
               if '"Counted"' in line)


def test_a_negative_count_is_a_number(cli: Cli) -> None:
    _hoyle(cli)
    res = cli.ok("count", "Ann", "-15")
    assert res.stdout == "Ann: -15 counters, as the journal says.\n"
    assert cli.ok("check").stdout.startswith("ok:")
    err = cli.fails(3, "count", "Ann", "-3", journal=False)
    assert "MISMATCH: the count of Ann is -3, but the journal says -15" in err
    cli.fails(2, "count", "Ann", "-x", said=["not a number of counters"])
    cli.fails(2, "count", "pope", "--nope", said=["not a number of counters"])


def test_the_whole_board_in_one_line(cli: Cli) -> None:
    _hoyle(cli)
    res = cli.ok("count", "board", ",".join(str(n) for n in BOARD.values()))
    assert res.stdout == "board: 15 counters, every pot as the journal says.\n" and res.stderr == ""
    assert _counts(cli) == len(BOARD)
    res = cli.ok("count", "Board", "pope=6, matrimony=2,intrigue=2,ace=1,king=1,queen=1,jack=1,Game=1")
    assert res.stdout == "board: 15 counters, every pot as the journal says.\n"
    assert cli.ok("check").stdout.startswith("ok:")


def test_a_board_count_that_disagrees(cli: Cli) -> None:
    _hoyle(cli)
    err = cli.fails(3, "count", "board", "5,2,2,1,1,1,1,2", journal=False, several=True)
    assert err.splitlines()[:2] == ["popejoan: MISMATCH: the count of pope is 5, but the journal says 6",
                                    "popejoan: MISMATCH: the count of game is 2, but the journal says 1"]
    assert err.endswith("2 problems found\n")
    assert _counts(cli) == len(BOARD)  # recorded: the table disagrees with the journal
    check = cli("check")
    assert check.exit_code == 3 and "the count of pope is 5" in check.stderr
    # A later board count that agrees resolves both.
    cli.ok("count", "board", "6,2,2,1,1,1,1,1")
    assert cli.ok("check").stdout.startswith("ok:")
    data = json.loads(cli.ok("check", "--json").stdout)
    assert sorted(r["target"] for r in data["resolved"]) == ["game", "pope"]


def test_a_single_miscount_exits_3_and_is_recorded(cli: Cli) -> None:
    _hoyle(cli)
    err = cli.fails(3, "count", "pope", "4", journal=False)
    assert err == ("popejoan: MISMATCH: the count of pope is 4, but the journal says 6\n"
                   "  recount, or find the missing counters; `popejoan check` lists this\n")
    assert _counts(cli) == 1


def test_a_malformed_board_count_records_nothing(cli: Cli) -> None:
    _hoyle(cli)
    cli.fails(2, "count", "board", "6,2,2", said=["3 numbers", "8 pots", "pope, matrimony"])
    cli.fails(2, "count", "board", "pope=6,matrimony=2", said=["intrigue"])
    cli.fails(2, "count", "board", "pope=6,pope=6,matrimony=2,intrigue=2,ace=1,king=1,queen=1,jack=1",
              said=["pope", "twice"])
    cli.fails(2, "count", "board", "pope=6,matrimony=2,intrigue=2,ace=1,king=1,queen=1,jack=1,kitty=1",
              said=["kitty"])
    cli.fails(2, "count", "board", "6,2,2,1,1,1,1,x", said=["'x'", "not a number of counters"])
    cli.fails(2, "count", "board", "6,2,2,1,1,1,1,2000000", said=["out of range"])
    assert _counts(cli) == 0


def test_the_help_says_how_to_count_the_board(cli: Cli) -> None:
    said = cli.ok("count", "--help").stdout
    assert "board" in said and "exits 3" in said


def test_russian_board_count(cli: Cli) -> None:
    _hoyle(cli)
    res = cli.ok("count", "board", "6,2,2,1,1,1,1,1", POPEJOAN_LANG="ru")
    assert res.stdout and "every pot" not in res.stdout
    err = cli.fails(2, "count", "board", "6,2", POPEJOAN_LANG="ru")
    assert "pots" not in err


def test_the_readme_gives_count_its_exit_code() -> None:
    from conftest import ROOT

    section = (ROOT / "README.md").read_text(encoding="utf-8").split("## Exit codes", 1)[1].split("\n## ", 1)[0]
    three = next(line for line in section.splitlines() if line.startswith("| 3 |"))
    assert "`count`: a count that disagrees" in three


def test_russian_board_refusals_name_the_pots_in_russian(cli: Cli) -> None:
    """Issue 26: `count board xyz=3` at a Russian table listed the pots by their English names."""
    _hoyle(cli)
    for typed, said in (("xyz=3", "«Туз»"), ("туз=3", "Поп Джон=N"), ("6,2", "Поп Джон, Матримония")):
        err = cli.fails(2, "count", "board", typed, said=[said], POPEJOAN_LANG="ru")
        assert not any(word in err for word in ("«pope»", "pope,", "pope=", "matrimony", "intrigue")), err
    assert "'pope'" in cli.fails(2, "count", "board", "xyz=3")  # English as before
