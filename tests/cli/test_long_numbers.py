"""Numbers of any length (issue 37, item 6): a number typed with 5,000 digits, more than Python turns
into an integer, is refused in words that say what is allowed, never a traceback, at every command
that takes a number from the user."""

from __future__ import annotations

import pytest

from conftest import Cli

LONG = "9" * 5000


@pytest.fixture
def dealt(cli: Cli) -> Cli:
    cli.ok("table", "new", "fri", "--rules", "modern-stops", "--players", "Ann,Bob,Cat")
    cli.ok("deal", "--seed", "1")
    return cli


@pytest.mark.parametrize("typed", [LONG, "-" + LONG, "+" + LONG, "-000" + LONG])
def test_count_with_thousands_of_digits_says_the_range(dealt: Cli, typed: str) -> None:
    err = dealt.fails(2, "count", "Ann", typed, said=["out of range for a number of counters",
                                                      "allowed: -1,000,000 to 1,000,000"])
    assert "about 5,000 digits" in err


def test_count_board_with_thousands_of_digits_says_the_range(dealt: Cli) -> None:
    dealt.fails(2, "count", "board", ",".join([LONG] + ["1"] * 7), said=["allowed: -1,000,000 to 1,000,000"])


def test_count_with_thousands_of_leading_zeros_is_the_number(dealt: Cli) -> None:
    dealt.ok("count", "Pope", "0" * 5000 + "6")  # the Pope pot holds 6 after the first deal: a match


@pytest.mark.parametrize(("args", "said"), [
    (["table", "new", "sat", "--rules", "hoyle", "--players", "Ann,Bob,Cat", "--counters", LONG],
     ["--counters", "too large", "from 0 to 1,000,000"]),
    (["spare", "Ann", "--price", LONG], ["--price", "out of range", "at most 4,300 digits"]),
    (["simulate", "-r", "hoyle", "--players", "3", "--hands", LONG], ["--hands", "out of range"]),
    (["simulate", "-r", "hoyle", "--players", LONG, "--hands", "3"], ["--players", "out of range"]),
    (["simulate", "-r", "hoyle", "--players", "3", "--hands", "3", "--seed", LONG], ["--seed", "out of range"]),
    (["deal", "--seed", LONG], ["--seed", "out of range", "9,223,372,036,854,775,807"]),
    (["practice", "--seed", LONG], ["--seed", "out of range", "from 0 up"]),
    (["demo", "--seed", LONG], ["--seed", "out of range", "from 0 to"]),
    (["serve", "--port", LONG], ["--port", "out of range", "from 0 to 65,535"]),
    (["undo", LONG], ["out of range", "from 1 to 1,000"]),
    (["claim", "Ann", "stop", LONG], ["out of range", "at most 4,300 digits"]),
])
def test_every_number_option_refuses_thousands_of_digits_in_words(dealt: Cli, args: list[str],
                                                                   said: list[str]) -> None:
    err = dealt.fails(2, *args, said=said)
    assert "(5,000 characters)" in err and LONG[:100] not in err  # the number cut short, not echoed


def test_the_range_is_said_in_russian(dealt: Cli) -> None:
    err = dealt.fails(2, "serve", "--port", LONG, said=["вне допустимых пределов", "целое число от 0 до 65"],
                      POPEJOAN_LANG="ru")
    assert "out of range" not in err


@pytest.mark.parametrize("code", [LONG, "²", "256"])
def test_the_shell_refuses_an_exit_status_it_cannot_give(dealt: Cli, code: str) -> None:
    res = dealt("shell", input=f"exit {code}\nexit 3\n")
    assert res.exit_code == 3, (res.stdout, res.stderr)  # the bad `exit` refused, the good one taken
    assert "an exit status is a whole number from 0 to 255" in res.stderr and "Traceback" not in res.stderr
