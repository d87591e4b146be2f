"""A Russian evening of three women and two men (issue 25), in one golden file at 80 columns, read line
by line: a virtual hand led to its end and its claims, a real hand recorded card by card, a tally hand,
counts that agree and one that does not, settling up in roubles, the final clearing deal and the
evening's summary. Every sentence about Дарья, Анна or Вика is feminine, about Борис or Игорь
masculine, and every name stands in its case.

The golden file is `data/golden/russian_five_80.txt` (regenerate with POPEJOAN_REGEN=1 and read it).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import GOLDEN, Cli, Transcript, golden
from popejoan_cli.store import tables

PLAYERS = "Дарья,Борис,Анна,Игорь,Вика"
WOMEN, MEN = ("Дарья", "Анна", "Вика"), ("Борис", "Игорь")
AFTER: list[tuple[int, tuple[str, ...]]] = [
    (0, ("claim", "Вика", "ace")),  # right: Вика played Т♣ (seed 14)
    (3, ("claim", "Дарья", "king", "7")),  # wrong: К♣ paid her 5
    (0, ("claim", "Вика", "cards")),  # right: Вика went out
    (3, ("claim", "Борис", "game")),  # wrong: Вика went out first
    (0, ("history",)),
    (0, ("deal", "--real", "--turnup", "4S")),  # Борис deals; Анна leads
    (0, ("play", "Анна", "2C", "3C:Игорь", "4C:Вика", "5C:Дарья")),
    (0, ("stop",)),
    (0, ("play", "Дарья", "2H", "3H:Анна")),
    (0, ("stop",)),
    (3, ("play", "Борис", "5H")),  # a refusal: it is Анна's lead
    (0, ("play", "Анна", "5S", "6S", "7S", "8S", "9S", "10S", "JS")),  # her last seven cards
    (0, ("out", "Анна", "--pope", "none")),
    (0, ("deal", "--real", "--tally", "--turnup", "9S")),  # Анна deals; Игорь leads
    (0, ("pay", "Вика", "Туз")),
    (0, ("pay", "Борис", "Матримония")),
    (0, ("out", "Игорь", "--left", "Дарья=3,Борис=2,Анна=4,Вика=1", "--pope", "Дарья")),
    (0, ("count", "Дарья", "=Дарья")),  # what the ledger holds: agreed
    (3, ("count", "Борис", "1")),
    (0, ("ledger", "settle", "--value", "0.05", "--currency", "RUB")),
    (0, ("end", "--seed", "3")),
    (0, ("evening",)),
]


def evening(cli: Cli, mp: pytest.MonkeyPatch) -> str:
    mp.setenv("POPEJOAN_HOME", str(cli.home))  # `lead_lowest` reads the table in-process
    mp.delenv("POPEJOAN_TABLE", raising=False)
    night = Transcript(cli)
    night.typed(0, "table", "new", "vecher", "--rules", "russian", "--players", PLAYERS, "--lang", "ru")
    night.typed(0, "deal", "--seed", "14")
    night.led_to_the_end(80)
    for code, args in AFTER:
        held = tables.view(tables.folder())[0].live_balances()
        night.typed(code, *(str(held[a[1:]]) if a.startswith("=") else a for a in args))  # `=NAME`: their balance
    return night.text


def test_three_women_and_two_men_at_80_columns(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = evening(Cli(tmp_path / "home", columns="80"), monkeypatch)
    golden(GOLDEN / "russian_five_80.txt", text)
    masculine = re.compile(r"\b(сдал|вышел|сыграл|забрал|открыл|платил|он|него|ему|ним|должен|Первым|Следующим)\b")
    feminine = re.compile(r"\b(сдала|вышла|сыграла|забрала|открыла|платила|она|неё|ей|ней|должна|Первой|Следующей)\b")
    for line in text.splitlines():
        named = [n for n in (*WOMEN, *MEN) if re.search(rf"\b{n}\b", line)]
        if len(named) == 1 and named[0] in WOMEN:
            assert not masculine.search(line), line
        if len(named) == 1 and named[0] in MEN:
            assert not feminine.search(line), line
    assert not re.search(r"игрок[ау]? (Дарья|Борис|Анна|Игорь|Вика)\b", text)  # a name in its case instead
