"""A table's language goes with it into its next session: an export of a Russian table carries
`lang = "ru"`, and `table new --from` and `session new` open the next session speaking Russian,
with no POPEJOAN_LANG and an English locale. An English table's export has no `lang` key (its
bytes are what they were before languages), and a `lang` popejoan does not speak is a problem in
the file (exit 5) that names the key and the languages allowed.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from conftest import Cli
from popejoan_cli.store import tables

PLAYERS = "Аня,Боря,Вика"


@pytest.fixture
def cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Cli:
    monkeypatch.setenv("POPEJOAN_HOME", str(tmp_path / "home"))  # lead_lowest reads the table in-process
    monkeypatch.delenv("POPEJOAN_TABLE", raising=False)
    return Cli(tmp_path / "home")


def played(cli: Cli, *lang: str) -> None:
    cli.ok("table", "new", "vecher", "--rules", "russian", "--players", PLAYERS, *lang)
    cli.ok("deal", "--seed", "7")
    while tables.view(tables.folder())[0].open_hand is not None:
        cli.lead_lowest(tables.folder())


def test_an_export_of_a_russian_table_carries_its_language_and_continues_in_russian(cli: Cli,
                                                                                  tmp_path: Path) -> None:
    played(cli, "--lang", "ru")
    toml_file, json_file = tmp_path / "vecher.toml", tmp_path / "vecher.json"
    cli.ok("ledger", "export", str(toml_file))
    cli.ok("ledger", "export", str(json_file))
    assert tomllib.loads(toml_file.read_text(encoding="utf-8"))["lang"] == "ru"
    assert json.loads(json_file.read_text(encoding="utf-8"))["lang"] == "ru"
    for name, file in (("vecher-a", toml_file), ("vecher-b", json_file)):
        res = cli.ok("table", "new", name, "--from", str(file))
        assert " ".join(res.stdout.split()).startswith(f"Стол «{name}» продолжает «vecher» из "), res.stdout
        assert res.stderr == ""
        assert tables.view(tables.folder_of(name))[0].lang == "ru"
        # The new table speaks Russian whoever types: a refusal, with nothing asked of the environment.
        res = cli("lead", "AS")
        assert res.exit_code == 3 and res.stdout == ""
        assert res.stderr.startswith("popejoan: раздача сейчас не идёт"), res.stderr


def test_session_new_keeps_the_language(cli: Cli) -> None:
    played(cli, "--lang", "ru")
    cli.ok("end")
    res = cli.ok("session", "new")
    assert res.stdout.startswith("Стол «vecher-s2» продолжает «vecher» как вечер 2"), res.stdout  # never «сессия»
    view = tables.view(tables.folder_of("vecher-s2"))[0]
    assert view.lang == "ru" and view.session == 2


def test_an_english_export_has_no_language_and_continues_in_english(cli: Cli, tmp_path: Path) -> None:
    played(cli)
    file = tmp_path / "vecher.toml"
    cli.ok("ledger", "export", str(file))
    assert "lang" not in tomllib.loads(file.read_text(encoding="utf-8"))
    res = cli.ok("table", "new", "next", "--from", str(file))
    assert res.stdout.startswith("Table 'next' continues 'vecher' from ")
    assert tables.view(tables.folder_of("next"))[0].lang == "en"


@pytest.mark.parametrize(("value", "said"), [('"de"', "'de' is not a language popejoan speaks"),
                                             ("3", "an integer (3) is not a language popejoan speaks")])
def test_a_language_popejoan_does_not_speak_is_a_problem_in_the_file(cli: Cli, tmp_path: Path, value: str,
                                                                     said: str) -> None:
    played(cli, "--lang", "ru")
    file = tmp_path / "vecher.toml"
    cli.ok("ledger", "export", str(file))
    text = file.read_text(encoding="utf-8").replace('lang = "ru"', f"lang = {value}")
    file.write_text(text, encoding="utf-8")
    # (An error before a command reads its table speaks the current table's language: say English.)
    res = cli("table", "new", "next", "--from", str(file), POPEJOAN_LANG="en")
    assert res.exit_code == 5 and res.stdout == ""
    assert f"vecher.toml: lang: {said}\n" in res.stderr, res.stderr
    assert "allowed: 'en', 'ru'" in res.stderr
    assert not (cli.home / "tables" / "next").exists()
    # Where the current table speaks Russian: said in Russian, the key and the file as they are.
    res = cli("table", "new", "next", "--from", str(file))
    assert res.exit_code == 5
    assert "vecher.toml: lang: " in res.stderr and "не язык, на котором говорит popejoan" in res.stderr
