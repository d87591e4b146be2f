"""`--help` in Russian (issue 16, docs/i18n.md: Help): every command's and option's help text is in
`locales/ru/help.po` (and nothing stale is), a few commands' help at 80 columns in a golden file, and
English help untouched (the rest of the suite compares it byte for byte).

The help texts are not string constants at a lookup (Typer reads them from the docstrings and the
options' `help=`), so the catalogue test's code scan cannot find them: this test walks the tree.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.main import get_command

from conftest import GOLDEN, Cli, golden
from popejoan_cli.cli import app, help_words
from popejoan_cli.formats.po import packaged

CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)
ASKED = (("--help",), ("table",), ("table", "new", "--help"), ("lead", "--help"), ("ledger", "settle", "--help"),
         ("check", "--help"), ("hand", "deal", "--help"))
"""The root's help, a group's for no arguments, and commands with arguments, defaults and paragraphs."""


def _wanted() -> set[str]:
    """Every help text of the whole command tree, and Typer's words `help_words` translates."""
    marked = {*help_words.PANELS.values(), *help_words.TYPER_WORDS.values(), help_words.HELP_OPTION}
    return set(help_words.texts(get_command(app))) | marked


def test_every_help_text_is_translated_and_none_is_stale() -> None:
    held = {msgid for ctx, msgid in packaged("ru").messages if ctx == help_words.CONTEXT}
    wanted = _wanted()
    missing = sorted(wanted - held)
    stale = sorted(held - wanted)
    assert missing == [], "help texts not in locales/ru/help.po (context help):\n" + "\n".join(map(repr, missing))
    assert stale == [], "in locales/ru/help.po but no longer a help text:\n" + "\n".join(map(repr, stale))


def _helps(cli: Cli, **env: str) -> str:
    return "\n".join(f"$ popejoan {' '.join(args)}\n{cli(*args, **env).set_stdout}" for args in ASKED)


def test_russian_help_at_80_columns(tmp_path: Path) -> None:
    # A fresh process each: in-process, the order of the root's commands is that in which this worker's
    # earlier tests imported their modules, not `ALL_MODULES`'s. The console script, for the program's name.
    env = Cli(tmp_path / "home", columns="80").env(POPEJOAN_LANG="ru", PATH="/usr/bin:/bin")
    env.update({k: v for k, v in os.environ.items() if k == "PYTHONPATH"})  # the code under test, not the installed
    exe = str(Path(sys.executable).parent / "popejoan")
    text = "\n".join(f"$ popejoan {' '.join(args)}\n"
                     + subprocess.run([exe, *args], capture_output=True, text=True, encoding="utf-8", env=env,
                                      check=False).stdout
                     for args in ASKED)
    golden(GOLDEN / "russian_help_80.txt", text)
    text = text.replace("\u00a0", " ")  # the words, read with the typesetting's no-break spaces as spaces
    for words in ("Банкир, сдатчик и судья", "╭─ Параметры", "╭─ Команды", "╭─ Аргументы", "[обязательно]",
                  "Показать эту справку и выйти.", "[переменная окружения: POPEJOAN_TABLE]", "9б"):
        assert words in text, words
    for english in ("Show this message", "[default", "[required]", "─ Options", "─ Commands", "─ Arguments"):
        assert english not in text, english


def test_english_help_is_english_even_after_russian_in_the_same_process(tmp_path: Path) -> None:
    cli = Cli(tmp_path / "home", columns="80")
    before = _helps(cli)
    assert not CYRILLIC.search(before)
    assert CYRILLIC.search(_helps(cli, POPEJOAN_LANG="ru"))
    assert _helps(cli) == before  # every swapped text and Typer word was put back


def test_a_russian_table_gets_russian_help(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    cli.ok("table", "new", "vecher", "--rules", "russian", "--players", "Аня,Боря,Вика", "--lang", "ru")
    assert "Записать ход" in cli.ok("lead", "--help").stdout
    assert "Record a lead" in cli.ok("lead", "--help", POPEJOAN_LANG="en").stdout


@pytest.mark.parametrize(("lang", "argv"), [("en", ["--help"]), ("ru", ["rules", "list", "--json"]),
                                            ("en", ["rules", "list", "--json"])])
def test_help_words_are_imported_only_for_help_in_another_language(lang: str, argv: list[str]) -> None:
    code = ("import sys\nfrom popejoan_cli import cli\nsys.argv = ['popejoan', *sys.argv[1:]]\n"
            "try:\n    cli.main()\nexcept SystemExit:\n    pass\n"
            "sys.stderr.write(str('popejoan_cli.cli.help_words' in sys.modules))\n")
    env = {"POPEJOAN_LANG": lang, "COLUMNS": "80", "PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8"}
    res = subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, text=True, encoding="utf-8",
                         env=env, check=False)
    assert res.stderr.endswith("False"), res.stderr


def test_what_asks_for_help() -> None:
    from popejoan_cli import cli

    root = get_command(app)
    for argv in ([], ["table"], ["--table", "x", "table"], ["deal", "--help"], ["ledger", "settle", "-h"]):
        assert cli._asks_help(root, argv), argv
    for argv in (["--version"], ["table", "new"], ["rules", "list", "--json"], ["board"], ["nosuch"]):
        assert not cli._asks_help(root, argv), argv


RU = {"POPEJOAN_LANG": "ru"}
NOT_TYPED = re.compile(r"\b(Boodle|Newmarket|Play|stdout|simple|good|strong)\b")
"""English words a person does not type, that Russian help once said: the games' names, practice's mark, the
standard output; and the computers' levels except where they are the word to type (`simple (простой …)`)."""


def _untyped(text: str) -> list[str]:
    """The English words of `NOT_TYPED` in `text` outside what is typed: backquotes, and a level followed by its
    Russian word in brackets or a dash."""
    bare = re.sub(r"`[^`]*`", "", text)
    bare = re.sub(r"\b(simple|good|strong)\b(,\w+)*(,\.\.\.)?\s*(\(|—|или|,)", "", bare)
    return NOT_TYPED.findall(bare)


def test_russian_help_says_no_english_a_person_does_not_type() -> None:
    said = {msgid: forms[0] for (ctx, msgid), forms in packaged("ru").messages.items() if ctx == help_words.CONTEXT}
    wrong = {msgid: text for msgid, text in said.items() if _untyped(text)}
    assert wrong == {}
    assert "Будл" in said["Banker, dealer and referee for a Pope Joan table (and Michigan, Boodle, Newmarket)."]
    for english in ("session", "balance"):  # a session is «вечер», a balance «фишки» (docs/glossary-ru.md)
        for msgid, text in said.items():
            if english in msgid.lower():
                assert not re.search(r"сесси|остат", text, re.IGNORECASE), (msgid, text)


def test_a_default_the_russian_command_gives_is_shown_in_russian(cli: Cli) -> None:
    """practice seats you as «Вы» in Russian and demo plays Аня, Боря…: their help says so, English help still
    "You", and a default in English help that is no word of its language («modern-stops») as it is typed."""
    practice = " ".join(cli.ok("practice", "--help", **RU).stdout.split())
    assert "[по умолчанию: Вы]" in practice and "You" not in practice
    assert "[по умолчанию: modern-stops]" in practice and "помечены «Ход»" in practice
    demo = "".join(cli.ok("demo", "--help", **RU).stdout.split())
    assert "Аня,Боря,Вика,Дима" in demo and "Ann,Bob" not in demo
    english = " ".join(cli.ok("practice", "--help", POPEJOAN_LANG="en").stdout.split())
    assert "[default: You]" in english and "Вы" not in english
