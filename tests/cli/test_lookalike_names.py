"""Two players who look the same cannot sit at one table (issue 37, item 7): names that differ only by
marks nobody can see (U+FE0F, U+034F, U+3164, U+2800), by a letter of another alphabet drawn the same
(Armenian Օ, Cyrillic Ӏ) or by I and l are refused at `table new --players` and `table join`, in English
and Russian; names that merely sound alike, or Russian names beside each other, still sit down."""

from __future__ import annotations

import pytest

from conftest import Cli

PAIRS = [
    ("Ann", "Ann\ufe0f", "Ann\\ufe0f", "U+FE0F"),
    ("Ann", "Ann\u034f", "Ann\\u034f", "U+034F"),
    ("Ann", "Ann\u3164", "Ann\\u3164", "U+3164"),
    ("Ann", "Ann\u2800", "Ann\\u2800", "U+2800"),
    ("Ann", "A\u200bnn", "A\\u200bnn", "U+200B"),
    ("Olga", "\u0555lga", "\u0555lga", "U+0555"),
    ("Ivan", "\u04c0van", "\u04c0van", "U+04C0"),
    ("Ian", "lan", "lan", "U+006C"),
]


@pytest.mark.parametrize(("first", "second", "shown", "code"), PAIRS)
def test_a_new_table_refuses_two_players_who_look_the_same(cli: Cli, first: str, second: str, shown: str,
                                                           code: str) -> None:
    cli.fails(2, "table", "new", "fri", "--rules", "hoyle", "--players", f"{first},Bob,{second}",
              said=[f"'{shown}' looks the same as '{first}'", code, "give one of them another name"])
    cli.fails(2, "table", "new", "fri", "--rules", "hoyle", "--players", f"{first},Bob,{second}",
              said=[f"имя «{shown}» выглядит так же, как «{first}»", code, "дайте одному из игроков другое имя"],
              POPEJOAN_LANG="ru")
    assert not (cli.home / "tables" / "fri").exists()


@pytest.mark.parametrize(("first", "second", "shown", "code"), PAIRS)
def test_joining_beside_a_player_who_looks_the_same_is_refused(cli: Cli, first: str, second: str, shown: str,
                                                               code: str) -> None:
    cli.ok("table", "new", "fri", "--rules", "hoyle", "--players", f"{first},Bob,Cat")
    cli.fails(2, "table", "join", second, said=[f"'{shown}' looks the same as '{first}'", code])  # and no event written
    cli.fails(2, "table", "join", second, said=[f"«{shown}» выглядит так же, как «{first}»"], POPEJOAN_LANG="ru")


@pytest.mark.parametrize("players", ["Аня,Боря,Вика", "Саша,Sasha,Bob", "Анна,Anna,Bob", "Иван,Ivan,Olga",
                                     "Олег,Oleg,Ian", "Ann,Anne,Anna", "Ian,Ivan,Ina"])
def test_distinct_names_still_sit_down(cli: Cli, players: str) -> None:
    cli.ok("table", "new", "fri", "--rules", "hoyle", "--players", players)


def test_distinct_names_still_join(cli: Cli) -> None:
    cli.ok("table", "new", "fri", "--rules", "hoyle", "--players", "Аня,Боря,Вика")
    cli.ok("table", "join", "Галя")
    cli.ok("table", "join", "Ivan")
    cli.ok("table", "join", "Ian")
