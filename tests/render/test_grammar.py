"""A player's gender and cases (issue 25): read from the name once, said where the name does not
tell, kept in the journal, carried to the next session, and used by the translation's marks.

The dictionary (pymorphy3) is loaded only when a player sits down, never to say a sentence: a
command at a described table does not import it.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import Cli, play_hand
from popejoan_cli.base.people import Person
from popejoan_cli.render import i18n
from popejoan_cli.render.grammar import agree
from popejoan_cli.render.morph import describe
from popejoan_cli.store import tables


@pytest.mark.parametrize(("name", "gender", "dative"), [
    ("Дарья", "f", "Дарье"), ("Анна", "f", "Анне"), ("Вика", "f", "Вике"), ("Борис", "m", "Борису"),
    ("Илья", "m", "Илье"), ("Никита", "m", "Никите"), ("Саша", "", "Саше"), ("Женя", "", "Жене"),
    ("Ника", "", None), ("Max", "", None), ("Анна Петрова", "f", "Анне Петровой"), ("Компьютер 2", "m", "Компьютеру 2"),
])
def test_the_name_tells_what_it_can(name: str, gender: str, dative: str | None) -> None:
    found = describe(name)
    assert (found.gender, found.form("dat")) == (gender, dative)


def test_a_gender_said_wins_and_declines_by_it() -> None:
    assert describe("Ника", "f") == Person("f", {"gen": "Ники", "dat": "Нике", "acc": "Нику", "ins": "Никой",
                                                 "pre": "Нике"})
    assert describe("Саша", "m").gender == "m" and describe("Max", "f") == Person("f", {})


def test_unknown_is_never_masculine() -> None:
    i18n.use("ru")
    try:
        people = {"Саша": describe("Саша"), "Дарья": describe("Дарья"), "Борис": describe("Борис")}
        choice = "{?p|{p} сдал|{p} сдала|сдаёт {p}}"
        said = {n: i18n.fill(agree(choice, {"p": n}, people)[0], {"p": n}) for n in people}
        assert said == {"Саша": "сдаёт Саша", "Дарья": "Дарья сдала", "Борис": "Борис сдал"}
        text, values = agree("платит {p@dat}", {"p": "Max"}, {"Max": Person()}, i18n.construction)
        assert text.format(**values) == "платит игроку Max"
    finally:
        i18n.use("en")


def _events(folder: Path, kind: str) -> list[dict[str, object]]:
    lines = (folder / "journal.jsonl").read_text(encoding="utf-8").splitlines()
    return [e for e in (json.loads(line)["event"] for line in lines) if e["type"] == kind]


def test_the_journal_keeps_what_was_read_and_said(cli: Cli) -> None:
    cli.ok("table", "new", "v", "-r", "russian", "-p", "Дарья,Саша:ж,Max,Ника", "--lang", "ru")
    folder = tables.folder()
    described = {e["player"]: e["gender"] for e in _events(folder, "PlayerDescribed")}
    assert described == {"Дарья": "f", "Саша": "f"}  # Max and Ника tell nothing: no line for them
    cli.ok("table", "gender", "Ника", "ж")
    cli.ok("table", "join", "Женя", "--gender", "м")
    people = tables.view(folder)[0].people
    assert (people["Ника"].gender, people["Ника"].form("dat"), people["Женя"].gender) == ("f", "Нике", "m")
    cli.fails(2, "table", "gender", "Ника", "x", said=["x"])
    cli.ok("undo", "--yes")  # the join, its description with it
    after = tables.view(folder)[0]
    assert "Женя" not in after.people and "Женя" not in after.players
    cli.ok("check")


def test_the_genders_go_on_to_the_next_session(cli: Cli, tmp_path: Path) -> None:
    cli.ok("table", "new", "v", "-r", "russian", "-p", "Саша:ж,Боря,Max:f", "--lang", "ru")
    play_hand(cli, 1)
    path = tmp_path / "v.toml"
    cli.ok("ledger", "export", str(path))
    assert 'gender = "f"' in path.read_text(encoding="utf-8")
    cli.ok("table", "new", "w", "--from", str(path))
    people = tables.view(tables.folder())[0].people
    assert {n: p.gender for n, p in people.items()} == {"Саша": "f", "Боря": "m", "Max": "f"}


def test_a_command_at_a_described_table_loads_no_dictionary(cli: Cli) -> None:
    cli.ok("table", "new", "v", "-r", "russian", "-p", "Дарья,Борис,Вика", "--lang", "ru")
    code = ("import sys; from popejoan_cli.cli import main; sys.argv = ['popejoan', 'deal', '--seed', '7']\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\nprint('pymorphy3' in sys.modules, file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, encoding="utf-8",
                          env={"POPEJOAN_HOME": str(cli.home), "PATH": ""}, timeout=60, check=False)
    assert done.stderr.strip().endswith("False"), done.stderr
    assert "Дарья" in done.stdout


def test_the_dealers_turn_up_puts_no_role_after_a_womans_name() -> None:
    """«Дарья забирает секцию «Король»: 5 фишек (сдатчик)» put a masculine noun after her name; the role is said
    before the award, where it names nobody."""
    i18n.use("ru")
    try:
        said = i18n.t("Turn-up: {award} (the dealer)", award="Дарья забирает секцию «Король»: 5 фишек")
    finally:
        i18n.use("en")
    assert said.replace("\u00a0", " ") == "За открытую карту Дарья забирает секцию «Король»: 5 фишек"
