"""The command-line parser's own words in Russian (issue 16; docs/i18n.md: Help): click's errors (as Typer
bundles it) for an unknown option, a missing argument or option, a value it cannot read, an option without
its value, words left over, and the help's usage line; with POPEJOAN_LANG=ru and at a Russian table, with
the exit code, stdout and English byte for byte as before.

Click is never imported here: the errors are made by typing the commands, as a person would.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from conftest import Cli, _built_command
from popejoan_cli.cli import app, help_words

CASES = [
    (("board", "--foo"), "popejoan board",
     "No such option: --foo",
     "Нет такого параметра: --foo"),
    (("table", "new", "vecher", "--playrs", "А,Б,В"), "popejoan table new",
     "No such option: --playrs (Possible options: --players)",
     "Нет такого параметра: --playrs (возможно, имелось в виду: --players)"),
    (("rules", "list", "-z"), "popejoan rules list",
     "No such option: -z",
     "Нет такого параметра: -z"),
    (("table", "new"), "popejoan table new",
     "Missing argument 'name'.",
     "Не указано имя стола: нужно ИМЯ."),
    (("simulate", "--hands", "3"), "popejoan simulate",
     "Missing option '--rules' / '-r'.",
     "Не указан параметр «--rules» / «-r»."),
    (("simulate", "--rules", "russian", "--seed", "x"), "popejoan simulate",
     "Invalid value for '--seed' / '-s': 'x' is not a valid int.",
     "Недопустимое значение для «--seed» / «-s»: «x» — не целое число."),
    (("serve", "--port", "abc"), "popejoan serve",
     "Invalid value for '--port' / '-p': 'abc' is not a valid int range.",
     "Недопустимое значение для «--port» / «-p»: «abc» — не целое число."),
    (("demo", "--hands", "0"), "popejoan demo",
     "Invalid value for '--hands' / '-n': 0 is not in the range 1<=x<=50.",
     "Недопустимое значение для «--hands» / «-n»: 0 вне допустимых пределов 1<=x<=50."),
    (("undo", "0"), "popejoan undo",
     "Invalid value for 'n': 0 is not in the range 1<=x<=1000.",
     "Недопустимое значение для «n»: 0 вне допустимых пределов 1<=x<=1000."),
    (("board", "x", "y"), "popejoan board",
     "Got unexpected extra argument(s) (x y)",
     "Лишнее в командной строке: x y"),
    # Click raises these two without the command's context: the hint names the root, in English too.
    (("serve", "--port"), "popejoan",
     "Option '--port' requires an argument.",
     "Параметру «--port» нужно значение."),
    (("rules", "list", "--json=yes"), "popejoan",
     "Option '--json' does not take a value.",
     "Параметр «--json» не принимает значения."),
]
"""Each parser error: what is typed, the command its hint names, the English and the Russian line."""
IDS = [" ".join(args) for args, *_ in CASES]


def english(path: str, line: str) -> str:
    return f"popejoan: {line}\n  see `{path} --help`\n"


def russian(path: str, line: str) -> str:
    return f"popejoan: {line}\n  См. `{path} --help`\n"


@pytest.mark.parametrize(("args", "path", "en", "ru"), CASES, ids=IDS)
def test_a_parser_error_in_russian(cli: Cli, args: tuple[str, ...], path: str, en: str, ru: str) -> None:
    assert cli.fails(2, *args, POPEJOAN_LANG="ru") == russian(path, ru)


@pytest.mark.parametrize(("args", "path", "en", "ru"), CASES, ids=IDS)
def test_a_parser_error_in_english_is_as_before(cli: Cli, args: tuple[str, ...], path: str, en: str,
                                                ru: str) -> None:
    assert cli.fails(2, *args) == english(path, en)
    assert cli.fails(2, *args, POPEJOAN_LANG="en") == english(path, en)


def test_a_russian_table_says_the_parser_errors_in_russian(cli: Cli) -> None:
    cli.ok("table", "new", "vecher", "--rules", "russian", "--players", "Аня,Боря,Вика", "--lang", "ru")
    for args, path, _, ru in CASES:
        assert cli.fails(2, *args) == russian(path, ru), args
    args, path, en, _ = CASES[1]
    assert cli.fails(2, *args, POPEJOAN_LANG="en") == english(path, en)  # the variable still decides


def test_an_english_table_says_them_in_english_unless_asked(cli: Cli) -> None:
    cli.ok("table", "new", "friday", "--rules", "russian", "--players", "Ann,Bob,Cat")
    args, path, en, ru = CASES[0]
    assert cli.fails(2, *args) == english(path, en)
    assert cli.fails(2, *args, LC_ALL="ru_RU.UTF-8") == russian(path, ru)


def test_a_missing_command(cli: Cli) -> None:
    assert cli.fails(2, "--table", "nowhere", POPEJOAN_LANG="ru") == russian("popejoan", "Не указана команда.")
    assert cli.fails(2, "--table", "nowhere") == english("popejoan", "Missing command.")


@pytest.mark.skipif(os.name == "nt", reason="os.access is how click asks; the test makes it say no")
def test_a_path_that_cannot_be_read(cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Root reads any file, so the test makes the check click makes (os.access) say no.
    there = tmp_path / "mine.toml"
    there.write_text("", encoding="utf-8")
    monkeypatch.setattr(os, "access", lambda *args, **kwargs: False)
    assert cli.fails(2, "rules", "new", "-o", str(there), POPEJOAN_LANG="ru") == russian(
        "popejoan rules new", f"Недопустимое значение для «-o» / «--output»: путь «{there}» недоступен для чтения.")
    assert cli.fails(2, "rules", "new", "-o", str(there)) == english(
        "popejoan rules new", f"Invalid value for '-o' / '--output': Path '{there}' is not readable.")


def test_a_wording_not_named_stays_english() -> None:
    # Duck-typed, as the CLI reads click's errors: a message other than the sentence's English (a newer
    # click's wording, say) is never given another language's words for it.
    from popejoan_cli.render import i18n

    no_such = type("NoSuchOption", (Exception,), {})()
    no_such.option_name, no_such.possibilities, no_such.message = "--foo", None, "Unknown option --foo"
    i18n.use("ru")
    assert help_words.parser_said(no_such, "Unknown option --foo") == "Unknown option --foo"
    said = help_words.parser_said(no_such, "No such option: --foo")
    assert said == "No such option: --foo" and i18n.spoken_said(said) == "Нет такого параметра: --foo"
    other = type("FileError", (Exception,), {"message": "Could not open file 'x'"})()
    assert help_words.parser_said(other, "Could not open file 'x': no") == "Could not open file 'x': no"


def test_the_usage_line_in_russian(cli: Cli) -> None:
    new = cli.ok("table", "new", "--help", POPEJOAN_LANG="ru").stdout
    assert " Использование: popejoan table new [ПАРАМЕТРЫ] {name} " in new
    root = cli.ok("--help", POPEJOAN_LANG="ru").stdout
    assert " Использование: popejoan [ПАРАМЕТРЫ] КОМАНДА [АРГУМЕНТЫ]... " in root
    for words in ("Usage:", "[OPTIONS]", "COMMAND [ARGS]"):
        assert words not in new + root, words
    group = cli("table", POPEJOAN_LANG="ru").stdout  # a group's help for no arguments
    assert " Использование: popejoan table [ПАРАМЕТРЫ] КОМАНДА [АРГУМЕНТЫ]... " in group


def test_the_usage_line_is_english_again_after(cli: Cli) -> None:
    before = cli.ok("table", "new", "--help").stdout
    assert " Usage: popejoan table new [OPTIONS] {name} " in before
    cli.ok("table", "new", "--help", POPEJOAN_LANG="ru")
    cli("table", POPEJOAN_LANG="ru")
    assert cli.ok("table", "new", "--help").stdout == before
    assert " Usage: popejoan table [OPTIONS] COMMAND [ARGS]... " in cli("table").stdout
    for cmd in help_words.commands(_built_command(app)):  # the very tree the runs above used
        # Put back as they were: click's own method, not a copy of it left on the command.
        assert "format_usage" not in vars(cmd), cmd.name
        assert cmd.options_metavar == "[OPTIONS]"


MISSING = [
    (("hand", "show"), "seat", "Не указано, какой игрок: нужно ИМЯ."),
    (("table", "use"), "name", "Не указано имя стола: нужно ИМЯ."),
    (("lead",), "card", "Не указана карта: нужна КАРТА."),
    (("count",), "target", "Не указано, что пересчитано: нужна секция, игрок или board."),
    (("count", "Аня"), "N", "Не указано число фишек: нужно N."),
    (("claim", "Аня"), "what", "Не указано, что заявлено: нужна секция или «карты»."),
    (("rules", "show"), "NAME|FILE", "Не указаны правила: нужно ИМЯ набора правил или ФАЙЛ."),
    (("table", "gender", "Аня"), "f|m", "Не указан род: нужно ж или м (f или m)."),
]


def test_table_join_without_a_name_asks_for_one_or_a_computer(cli: Cli) -> None:
    """`table join` takes no NAME for a computer (`--computer`: Computer N), so a missing name is its own refusal."""
    cli.ok("table", "new", "fri", "--rules", "modern-stops", "--players", "Аня,Боря,Вика")
    assert cli.fails(2, "table", "join", POPEJOAN_LANG="ru").startswith("popejoan: для `table join` нужно имя нового")
    assert cli.fails(2, "table", "join") == ("popejoan: table join needs the new player's name\n  e.g. `popejoan "
                                             "table join Eve`, or `popejoan table join --computer`\n")


@pytest.mark.parametrize(("args", "name", "ru"), MISSING, ids=[" ".join(m[0]) for m in MISSING])
def test_a_missing_argument_is_said_in_words_not_by_its_parameter_s_name(cli: Cli, args: tuple[str, ...],
                                                                         name: str, ru: str) -> None:
    """Click names a missing argument by its parameter (`seat`, `NAME|FILE`), which nobody types: a Russian table
    is told what is missing, and what to type in a message's words (ИМЯ, КАРТА); the English is click's own."""
    path = "popejoan " + " ".join(a for a in args if a != "Аня")
    assert cli.fails(2, *args, POPEJOAN_LANG="ru") == russian(path, ru)
    assert cli.fails(2, *args) == english(path, f"Missing argument '{name}'.")
