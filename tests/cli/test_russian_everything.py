"""Nothing English at a Russian table (issue 25): every command, every `--help`, the shell's `help`, the
confirmation of `undo`, the board's footer and an interrupted command's line, at a table opened with
`--lang ru` and no POPEJOAN_LANG, so that the table alone decides (docs/i18n.md: Which language).

A line fails when it is an English sentence: three Latin words of three letters or more (two, on a line with no
Russian at all), once what a person types or what a file holds is taken out of it (backticked commands,
options, paths, metavars in capitals, card faces, JSON, the table's and the players' own names, the presets'
sources) and not counting the words a person types (`help`, `exit`, a preset's name, a rules file's keys).

One table serves the whole module, and every command runs in-process (the `Cli` runner), so the walk of
the whole command tree stays quick.
"""

from __future__ import annotations

import io
import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.main import get_command
from typer.testing import Result

from conftest import Cli
from popejoan_cli.cli import app
from popejoan_cli.formats.presets import preset, summaries
from popejoan_cli.store import tables

TABLE = "vecher"
PLAYERS = "Дарья,Борис,Саша:ж,Max"
NAMES = ("Дарья", "Борис", "Саша", "Max")
WIDE = "400"
"""Columns wide enough that rich wraps no sentence: each is judged whole, on its line."""

TYPED = {"popejoan", "help", "exit", "quit", "stop", "spare", "none", "board", "month", "session", "bash", "zsh",
         "fish", "powershell", "simple", "good", "toml", "json", "csv", "hledger", "beancount", "stdout",
         *(name for name, _, _ in summaries()),
         *(word for name, _, _ in summaries() for key, value in preset(name).flat().items()
           for word in [*key.split("."), *str(value).lower().split()]), "true", "false"}
"""Words a person types (the shell's words, option values, the presets' names, the keys and settings of a rules
file): one or two of them may sit in a Russian line. The commands' own names are added from the tree."""
MASKS = (
    re.compile(r"`[^`]*`"),                          # a command as typed
    re.compile(r"\b[a-z]+(?:-[a-z]+)+\b"),           # a setting as typed: lowest-in-suit, out-of-play
    re.compile(r"https?://\S+"),                     # an address
    re.compile(r"(?<![\w/.-])[~.]{0,2}/[^\s│]*"),    # a path
    re.compile(r"(?<![\w-])--?[A-Za-z][\w-]*"),      # an option
    re.compile(r"<[^>]*>|\{[^}]*\}"),                # a metavar: <str>, {name}
    re.compile(r"\b\w+(?:\.\w+)+\b"),                # a key (deck.ace), a file name, a host
    re.compile(r"\b\w*_\w*\b"),                      # an identifier
    re.compile(r"\b[A-Z0-9][A-Z0-9|=]*\b"),          # capitals: NAME, CARD, JSON, SIGTERM, QS, 10H
)
LATIN = re.compile(r"\b[A-Za-z]{3,}\b")
CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)


def english(text: str, *, known: tuple[str, ...] = (), typed: frozenset[str] = frozenset()) -> list[str]:
    """The lines of `text` that are English sentences; `known` are strings to take out first (names, sources),
    `typed` the words a person types that a Russian line may hold."""
    found = []
    for line in text.splitlines():
        rest = line
        for word in sorted(known, key=len, reverse=True):
            rest = rest.replace(word, " ")
        for mask in MASKS:
            rest = mask.sub(" ", rest)
        words = LATIN.findall(rest)
        untyped = [w for w in words if w.lower() not in typed]
        if len(untyped) >= 3 or (len(untyped) >= 2 and not CYRILLIC.search(rest)):
            found.append(line.strip())
    return found


def test_the_detector_finds_an_english_sentence_and_passes_russian_with_typed_words() -> None:
    typed = frozenset({"help", "exit", "quit", "popejoan", "lead"})
    for line in ("Now using table 'vecher'.", "Отменить это? [y/N]:Error: invalid input",
                 "│ russian │ Russian Pope Joan │ Pope Joan as on shramenko.kiev.ua: everyone stakes │",
                 "  lead        Record a lead; popejoan plays the run's forced follows"):
        assert english(line, known=(TABLE,), typed=typed) == [line.strip()], line
    for line in ("Теперь текущий стол — 'vecher'.", "Раздача 1: ходит Борис (`popejoan lead CARD`).",
                 "Оболочка: help [КОМАНДА], exit или quit (или Ctrl-D). TAB дополняет команды",
                 "│ --table  PATH  Папка стола для этой команды [переменная окружения: POPEJOAN_TABLE] │",
                 '{"player": "Max", "cards": ["2C", "QS"]}', "  • S0: seed 000, shramenko.kiev.ua Pope Joan (Russian)",
                 "Max платит Дарье 3 фишки", "/tmp/pytest-of-max/some dir/tables/vecher/journal.jsonl"):
        known = (TABLE, "Max", "S0: seed 000, shramenko.kiev.ua Pope Joan (Russian)", "/tmp/pytest-of-max/some dir")
        assert english(line, known=known, typed=typed) == [], line


def commands(node: object, path: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    """The path of every command and group in the tree under `node`, the root's own `()` first."""
    yield path
    for name, sub in sorted(getattr(node, "commands", {}).items()):
        yield from commands(sub, (*path, name))


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cli]:
    """A Russian table of three who decline and Max, opened with `--lang ru`: nothing else says Russian."""
    home = tmp_path_factory.mktemp("russian") / "home"
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("POPEJOAN_HOME", str(home))  # the test reads the table in-process too
        mp.delenv("POPEJOAN_TABLE", raising=False)
        mp.delenv("POPEJOAN_LANG", raising=False)
        cli = Cli(home, columns=WIDE)
        cli.ok("table", "new", TABLE, "--rules", "russian", "--players", PLAYERS, "--lang", "ru")
        yield cli


class Heard:
    """What the commands said, and the English lines among it."""

    def __init__(self, cli: Cli) -> None:
        self.cli = cli
        self.found: list[str] = []
        self.typed = frozenset(TYPED | {w for path in commands(get_command(app)) for w in path})
        sources = {s for name, _, _ in summaries() for s in preset(name).sources}
        # The players `demo` seats unless told (its help gives the English default), and where the test writes.
        self.known = (TABLE, *NAMES, "Ann,Bob,Cat,Dan", str(cli.home), *sources)

    def __call__(self, *args: str, input: str | None = None) -> Result:
        res = self.cli(*args, input=input)
        assert "Traceback" not in res.stderr and (res.exception is None or isinstance(res.exception, SystemExit)), \
            (args, res.exception)
        for line in english(res.stdout + res.stderr, known=self.known, typed=self.typed):
            self.found.append(f"$ popejoan {' '.join(args)}\n    {line}")
        return res


def test_every_help_at_a_russian_table_is_russian(table: Cli) -> None:
    heard = Heard(table)
    for path in commands(get_command(app)):
        heard(*path, "--help")
    assert heard.found == [], "English at a Russian table:\n" + "\n".join(heard.found)


def test_an_evening_at_a_russian_table_says_nothing_in_english(table: Cli, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    heard = Heard(table)
    heard("board")
    heard("deal", "--seed", "5")
    assert "Раздача 1: ходит Борис (`popejoan lead КАРТА`)." in heard("board").stdout  # the words a person fills in
    heard("lead", "ZZ")
    mixed = heard("lead", "Tб")  # a Latin T: the ten, or a Cyrillic Т, the ace? Never guessed
    assert (mixed.exit_code, mixed.stderr) == (2, "popejoan: Tб: латинская T или кириллическая Т? — 10♦ или Т♦; "
                                                  "наберите 10б или Тб\n")
    heard("lead", "QS", "--by", "Max")
    monkeypatch.setattr("popejoan_cli.cli.at_terminal", lambda: True)  # the laptop is passed at a terminal only
    assert "Передайте ноутбук " in heard("hand", "show", "Дарья", input="\n\n").stdout
    monkeypatch.undo()
    args: tuple[str, ...]
    for args in (("spare", "Борис"), ("play", "Борис", "2C"), ("stop",), ("out", "Борис"), ("show", "Борис", "2C"),
                 ("void",), ("pay", "Борис", "pope"), ("claim", "Борис", "pope"), ("evening",), ("end",),
                 ("ledger", "settle"), ("session", "new")):
        heard(*args)
    for _ in range(80):
        if tables.view(tables.folder())[0].open_hand is None:
            break
        table.lead_lowest(tables.folder())
    for args in (("board",), ("history",), ("ledger", "show"), ("ledger", "settle"), ("ledger", "stats"),
                 ("ledger", "stats", "--by", "month"), ("evening",), ("check",),
                 ("ledger", "export", str(tmp_path / "evening.csv")), ("ledger", "export", str(tmp_path / "e.toml")),
                 ("count", "pope", "0"), ("check",), ("count", "board", "0,0,0,0,0,0,0,0"),
                 ("table", "join", "Гена"), ("table", "gender", "Max", "м"), ("table", "leave", "Гена"),
                 ("table", "list"), ("table", "use", TABLE), ("table", "path"),
                 ("rules", "list"), ("rules", "show", "russian"), ("rules", "show", "michigan"),
                 ("rules", "check", "house-rules/russian.toml"), ("rules", "diff", "russian", "michigan"),
                 ("rules", "new", "--from", "russian", "-o", str(tmp_path / "ours.toml")),
                 ("hand", "deal", "--rules", "russian", "--players", "Аня,Боря,Вика", "--seed", "1", "-o",
                  str(tmp_path / "deal.json")),
                 ("hand", "deal", "--rules", "russian", "--players", "Аня,Боря,Вика", "--seed", "1"),
                 ("hand", "replay", str(tmp_path / "deal.json")),
                 ("hand", "final", "--rules", "russian", "--players", "Аня,Боря,Вика", "--seed", "1"),
                 ("demo", "--hands", "1"), ("simulate", "--rules", "russian", "--players", "3", "--hands", "20",
                                            "-P", "1"),
                 ("completion", "nosuch"), ("nosuch",), ("board", "--nosuch")):
        heard(*args)
    undone = heard("undo", input="x\nд\n")  # an answer that is neither, then «д»
    assert "Отменить это? [д/Н]: Ответьте «д» (да) или «н» (нет).\nОтменить это? [д/Н]: " in undone.stderr
    assert undone.stdout.startswith("Отменено: ")
    heard("practice", "--seed", "5", "--hands", "1", "--computers", "2", input="?\nTб\nq\n")
    shell = heard("shell", input="help\nhelp lead\nboard\nnosuch\nexit\n")
    assert "  board       Доска: каждая секция и фишки на ней.\n" in shell.stdout
    heard("end")
    heard("session", "new")
    assert heard.found == [], "English at a Russian table:\n" + "\n".join(heard.found)


@pytest.mark.parametrize(("answers", "yes"), [("д\n", True), ("ДА\n", True), ("y\n", True), ("Yes\n", True),
                                              ("н\n", False), ("Нет\n", False), ("n\n", False), ("NO\n", False),
                                              ("\n", False), ("", False), ("maybe\nда\n", True)])
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_confirmation_reads_yes_and_no_in_either_language(answers: str, yes: bool, lang: str,
                                                           monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    from popejoan_cli.cli import common
    from popejoan_cli.render import i18n

    i18n.use(lang)
    monkeypatch.setattr("sys.stdin", io.StringIO(answers))
    assert common.confirm(i18n.t("Undo these?")) is yes
    err = capsys.readouterr().err
    if lang == "ru":
        assert err.startswith("Отменить это? [д/Н]: "), err
        assert ("Ответьте «д» (да) или «н» (нет).\n" in err) == answers.startswith("maybe")
    else:
        assert err.startswith("Undo these? [y/N]: "), err  # the English as click's confirm wrote it
        assert ("Error: invalid input\n" in err) == answers.startswith("maybe")


def test_sigterm_says_its_line_in_the_tables_language(tmp_path: Path) -> None:
    env = {**os.environ, "POPEJOAN_HOME": str(tmp_path), "NO_COLOR": "1", "LC_ALL": "C.UTF-8"}
    env.pop("POPEJOAN_LANG", None)
    env.pop("POPEJOAN_TABLE", None)
    exe = str(Path(sys.executable).with_name("popejoan"))
    Cli(tmp_path).ok("table", "new", TABLE, "--rules", "russian", "--players", PLAYERS, "--lang", "ru")
    shell = subprocess.Popen([exe, "shell"], env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, encoding="utf-8")
    assert shell.stdin is not None and shell.stdout is not None
    shell.stdin.write("board --json\n")  # the shell has read its table, and waits for the next line
    shell.stdin.flush()
    assert shell.stdout.readline() == "{\n"
    shell.send_signal(signal.SIGTERM)
    _, err = shell.communicate(timeout=20)
    assert (shell.returncode, err.replace("\xa0", " ")) == (  # a book's no-break spaces (render/typeset.py) aside
        128 + signal.SIGTERM, "popejoan: прервано (SIGTERM); ничего не записано\n")
