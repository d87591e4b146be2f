"""A Russian table (issue 16, its first slice): `table new --lang ru` kept in the journal, the
board in the seeds' own words, cards in Russian ranks, a virtual hand narrated in Russian (a
golden file at 80 columns), and what never changes with the language: `--json`, the journal
of an English table, and the English output itself.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import GOLDEN, Cli, golden
from popejoan_cli.store import tables
from popejoan_cli.table.events import TableOpened, from_data, to_data

PLAYERS = "Аня,Боря,Вика"


def evening(cli: Cli, mp: pytest.MonkeyPatch, *, lang: str | None, leads: int = 40, **env: str) -> str:
    """A table, a seeded deal, the board, the hand led out by the lowest lead, the board, ledger and history."""
    mp.setenv("POPEJOAN_HOME", str(cli.home))  # `lead_lowest` reads the table in-process
    mp.delenv("POPEJOAN_TABLE", raising=False)
    said = [cli.ok("table", "new", "vecher", "--rules", "russian", "--players", PLAYERS,
                   *(["--lang", lang] if lang else []), **env).set_stdout]
    starts: list[tuple[str, ...]] = [("deal", "--seed", "7"), ("board",), ("hand", "show", "Боря")]
    for args in starts:
        said.append(cli.ok(*args, **env).set_stdout)
    for _ in range(leads):
        rec = tables.view(tables.folder())[0].open_hand
        if rec is None:
            break
        said.append(cli.lead_lowest(tables.folder()).set_stdout)
    for args in (("board",), ("ledger", "show"), ("history",)):
        said.append(cli.ok(*args, **env).set_stdout)
    return "\n".join(said)


def test_a_russian_virtual_hand_at_80_columns(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cli = Cli(tmp_path / "home", columns="80")
    text = evening(cli, monkeypatch, lang="ru")
    golden(GOLDEN / "russian_evening_80.txt", text)
    text = text.replace("\u00a0", " ")  # the words as read (the golden keeps the no-break spaces)
    for word in ("Поп Джон", "Матримония", "Интрига", "Король", "Дама", "Валет", "Туз", "Гейм",
                 "Раздача 1: сдаёт Аня.", "На доску поставлено", "козырь", "Стоп на"):
        assert word in text, word
    assert "counter" not in text and " leads " not in text


def test_the_language_is_kept_in_the_journal_only_when_not_english(cli: Cli) -> None:
    cli.ok("table", "new", "en1", "--rules", "russian", "--players", "Ann,Bob,Cat")
    cli.ok("table", "new", "ru1", "--rules", "russian", "--players", "Ann,Bob,Cat", "--lang", "ru")
    cli.ok("table", "new", "en2", "--rules", "russian", "--players", "Ann,Bob,Cat", "--lang", "EN")
    first = {p.parent.name: p.read_bytes().split(b"\n")[0] for p in cli.journals()}
    assert b'"lang"' not in first["en1"] and b'"lang"' not in first["en2"]
    assert b'"lang":"ru"' in first["ru1"]
    opened = {name: json.loads(line)["event"] for name, line in first.items()}
    assert opened["en1"] == {**opened["en2"], "name": "en1"}
    assert opened["ru1"] == {**opened["en1"], "name": "ru1", "lang": "ru"}
    event = TableOpened(name="t", rules={}, rules_name="r", players=["A"], counters=5, dealer="A")
    assert "lang" not in to_data(event)
    assert from_data(to_data(event)) == event
    russian = TableOpened(name="t", rules={}, rules_name="r", players=["A"], counters=5, dealer="A", lang="ru")
    assert from_data(json.loads(json.dumps(to_data(russian)))) == russian


def test_an_unknown_language_is_refused(cli: Cli) -> None:
    cli.fails(2, "table", "new", "t", "--rules", "russian", "--players", "Ann,Bob,Cat", "--lang", "fr",
              said=["--lang 'fr' is not a language popejoan speaks"])
    cli.fails(2, "table", "new", "t", "--from", "x.toml", "--lang", "ru", said=["leave out --lang"])


def test_json_and_the_journal_are_the_same_in_both_languages(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    english, russian = Cli(tmp_path / "en", columns="80"), Cli(tmp_path / "ru", columns="80")
    evening(english, monkeypatch, lang=None, leads=3)
    evening(russian, monkeypatch, lang="ru", leads=3)
    for args in (("board",), ("ledger", "show"), ("history",), ("check",)):
        assert english.json(*args) == russian.json(*args), args
        assert english.ok(*args, "--json").stdout == russian.ok(*args, "--json", POPEJOAN_LANG="ru").stdout
    (en_journal,), (ru_journal,) = english.journals().values(), russian.journals().values()
    en_events = [json.loads(line)["event"] for line in en_journal.splitlines()]
    ru_events = [json.loads(line)["event"] for line in ru_journal.splitlines()]
    assert ru_events[0].pop("lang") == "ru"
    assert en_events == ru_events


def test_who_decides_the_language(cli: Cli) -> None:
    cli.ok("table", "new", "t", "--rules", "russian", "--players", "Ann,Bob,Cat")
    assert "the board" in cli.ok("board").stdout
    assert "доска" in cli.ok("board", LC_ALL="ru_RU.UTF-8").stdout  # the locale, at an English table
    assert "доска" in cli.ok("board", POPEJOAN_LANG="ru").stdout
    cli.ok("table", "new", "r", "--rules", "russian", "--players", "Ann,Bob,Cat", "--lang", "ru")
    assert "доска" in cli.ok("board").stdout  # the table's own, whoever types
    assert "the board" in cli.ok("board", POPEJOAN_LANG="en").stdout  # POPEJOAN_LANG beats the table
    cli.ok("table", "use", "t")
    assert "the board" in cli.ok("board").stdout  # each command decides again


def test_the_michigan_board_names_its_areas_as_seed_002_does(cli: Cli) -> None:
    for preset in ("michigan", "boodle"):
        cli.ok("table", "new", preset, "--rules", preset, "--players", "Ann,Bob,Cat", "--lang", "ru")
        cli.ok("deal", "--seed", "3")
        board = cli.ok("board").stdout
        for area in ("Т♥", "К♣", "Д♦", "В♠"):
            assert f" {area} " in board, (preset, area, board)
        assert "of hearts" not in board


def test_english_is_as_it_was(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The English evening says exactly what it said before the Russian catalogue existed (the
    other golden files check more of it); here, that nothing Russian leaks into it."""
    text = evening(Cli(tmp_path / "home", columns="80"), monkeypatch, lang=None, leads=5)
    assert "Hand 1: Аня deals." in text and "The board is dressed with 39 counters." in text
    assert "Turn-up 4♦, trump: diamonds ♦." in text
    assert not any("а" <= ch <= "я" for ch in text.replace("Аня", "").replace("Боря", "").replace("Вика", "")
                   .lower())
