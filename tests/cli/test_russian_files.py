"""Problems in the files people write, at a Russian table (issue 16; docs/i18n.md: Errors).

A house-rule file or a deal file with several problems at once (values of the wrong kind, an unknown
key and its nearest word, settings that contradict each other, a bad pot, a seat dealt nothing, a card
twice), a file that is not TOML, a card and a seed typed wrong: each problem is said in Russian, with
its `file:line:col key:` place, its quoted line and its caret as in English, the words a person types
(keys, 'lowest-in-suit', true and false) as written, and the exit code it has in English. The English
is byte for byte what it was; so are `rules check`'s, `rules new`'s and `rules diff`'s own lines,
which read Russian at a Russian table too. A golden file shows the Russian problems.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import BAD_RULES, GOLDEN, ROOT, Cli, golden
from popejoan_cli.store import tables

RU = {"POPEJOAN_LANG": "ru"}

HOUSE = """\
name = "nasha"

[players]
min = 45
max = 40

[deck]
removed = ["AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC"]

[play]
lead = 3
leed = "any"

[stakes]
dealer_multiplier = -2

[settle]
negative = "yes"

[turnup]
pope_takes = ["kity"]

[[pot]]
name = "pope"
wins = "card"
card = "9D"

[[pot]]
name = "kitty"
wins = "card"
"""
"""Eight problems: two contradictions, a type error in a choice and in a boolean, an unknown key with
its nearest word, a negative count, an unknown pot in pope_takes, and a card pot with no card."""

DEAL = """\
rules = "modern-stops"
players = ["Аня", "Боря", "Вика"]
dealer = "Дима"
seed = -5
leads = ["ZZ"]
colour = "red"

[board]
kity = 2
"""
"""A deal file whose dealer sits nowhere, whose seed is negative, with a card that is not one, an
unknown key and an unknown pot."""

LAID = """\
rules = "modern-stops"
players = ["Аня", "Боря", "Вика"]
dealer = "Аня"
turnup = "10C"

[hands]
"Аня" = ["10C", "2C", "2C"]
"Боря" = ["8D"]
"""
"""A deal file laying out hands: a seat dealt nothing, 49 cards missing, a card twice, a removed card."""

BROKEN = 'name = "x"\n[play\nlead = "any"\n'
"""Not TOML: a table header left open."""

FORMS_EN = "a card is rank then suit, e.g. 9D, 9♦, 10h, qs; see `popejoan lead --help`"
MISSING = ("AC 3C 4C 5C 6C 7C 8C 9C JC QC KC AD 2D 3D 4D 5D 6D 7D 9D 10D JD QD KD AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH "
           "QH KH AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS")
"""The card forms hint in English, and the cards LAID leaves out."""

HOUSE_EN = (
    'popejoan: house.toml:4:1: players.min: min 45 is more than max 40\n'
    '  | min = 45\n'
    '  | ^\n'
    '  = min must be at most max\n'
    'house.toml:5:1: players.max: 40 players and a spare hand need 41 cards, but the deck deals only 39\n'
    '  | max = 40\n'
    '  | ^\n'
    '  = allowed: at most 38 players\n'
    'house.toml:11:1: play.lead: found an integer (3)\n'
    '  | lead = 3\n'
    '  | ^\n'
    "  = allowed: 'any', 'lowest-in-suit'\n"
    'house.toml:12:1: play.leed: unknown key in [play]\n'
    '  | leed = "any"\n'
    '  | ^\n'
    "  = allowed: 'lead', 'follow', 'change_suit', 'no_new_suit', 'pairs', 'pair_order', 'first_lead', "
    "'improper_lead', 'improper_penalty', 'pass_pays', 'pass_pot', 'pope_stakes', 'pope_in_lieu'; "
    "did you mean 'lead'?\n"
    'house.toml:15:1: stakes.dealer_multiplier: -2 is negative\n'
    '  | dealer_multiplier = -2\n'
    '  | ^\n'
    '  = allowed: an integer from 1 to 100\n'
    "house.toml:18:1: settle.negative: found a string ('yes'), expected true or false\n"
    '  | negative = "yes"\n'
    '  | ^\n'
    '  = allowed: true, false\n'
    "house.toml:21:1: turnup.pope_takes: pope_takes names an unknown pot 'kity'\n"
    '  | pope_takes = ["kity"]\n'
    '  | ^\n'
    "  = allowed: 'pope', '*'\n"
    'house.toml:28:1: pot[2]: a \'card\' pot needs card = "9D" or card = "trump:A"\n'
    '  | [[pot]]\n'
    '  | ^\n'
    '8 problems found\n'
)

DEAL_EN = (
    "popejoan: deal.toml:3:1: dealer: dealer 'Дима' is not a player\n"
    '  | dealer = "Дима"\n'
    '  | ^\n'
    "  = allowed: 'Аня', 'Боря', 'Вика'; did you mean 'Вика'?\n"
    'deal.toml:4:1: seed: seed -5 is out of range\n'
    '  | seed = -5\n'
    '  | ^\n'
    '  = a seed is a whole number from 0 to 9,223,372,036,854,775,807, or up to 100 characters of text\n'
    "deal.toml:5:1: leads: unknown card 'ZZ'\n"
    '  | leads = ["ZZ"]\n'
    '  | ^\n'
    '  = ' + FORMS_EN + '\n'
    'deal.toml:6:1: colour: unknown key in a deal file\n'
    '  | colour = "red"\n'
    '  | ^\n'
    "  = allowed: 'rules', 'players', 'dealer', 'seed', 'turnup', 'leads', 'hands', 'board', 'exchange'\n"
    'deal.toml:9:1: board.kity: no such pot on this board\n'
    '  | kity = 2\n'
    '  | ^\n'
    "  = allowed: 'pope', 'matrimony', 'intrigue', 'ace', 'king', 'queen', 'jack', 'game'; did you mean 'king'?\n"
    '5 problems found\n'
)

LAID_EN = (
    'popejoan: laid.toml:6:1: hands.Вика: Вика is dealt no cards\n'
    '  | [hands]\n'
    '  | ^\n'
    '  = every player must be dealt at least one card\n'
    'laid.toml:6:1: hands: 49 cards missing: ' + MISSING + '\n'
    '  | [hands]\n'
    '  | ^\n'
    '  = every card of the pack appears exactly once\n'
    'laid.toml:7:1: hands.Аня: 2C appears 2 times (Аня, Аня)\n'
    '  | "Аня" = ["10C", "2C", "2C"]\n'
    '  | ^\n'
    'laid.toml:8:1: hands.Боря: 8D is removed from the pack by these rules\n'
    '  | "Боря" = ["8D"]\n'
    '  | ^\n'
    '4 problems found\n'
)

BROKEN_EN = (
    "popejoan: broken.toml:2:6: not valid TOML: Expected ']' at the end of a table declaration\n"
    '  | [play\n'
    '  |      ^\n'
    '  = see https://toml.io for the syntax\n'
)

ENGLISH = re.compile(r"\b(is|are|found|expected|allowed|must|unknown|the|not|no|a|an|of|to|or|and|at|"
                     r"problems?|did you mean|needs?|cards?|players?|pot|seed)\b")
"""English words that may not be left in a Russian problem once the file's own words are taken out."""


def _words_said(stderr: str) -> list[str]:
    """The words popejoan says in each problem: the message after `file:line:col key:` and the hint
    after `=`, with the quoted file words ('...', "...", «...») and the allowed words taken out."""
    said = []
    for line in stderr.splitlines():
        if line.startswith("  | "):
            continue  # the file's own line, and the caret under it
        line = line.removeprefix("popejoan: ")
        place = r"^\S+?\.toml(:\d+:\d+)?: ([^ :]+: )?"
        text = line[4:] if line.startswith("  = ") else re.sub(place, "", line)
        text = re.sub(r"'[^']*'|\"[^\"]*\"|«[^»]*»|\[[^\]]*\]|--?[a-z-]+|\w+ = ", "", text)
        said.append(text)
    return said


def russian_fails(cli: Cli, *args: str, as_set: bool = False) -> str:
    """Run a command that must fail on a file's problems at a Russian table; its stderr (`as_set`: as printed,
    no-break spaces kept). As `Cli.fails` with `several`, but the count at the end is Russian: exit 5, nothing
    on stdout, no traceback."""
    res = cli(*args, **RU)
    assert res.exit_code == 5 and res.stdout == "", (args, res.exit_code, res.stdout, res.stderr)
    assert res.stderr.startswith("popejoan: ") and "Traceback" not in res.stderr, res.stderr
    return res.set_stderr if as_set else res.stderr


@pytest.fixture
def files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The files above in the current folder, so that each problem names its file as `house.toml`."""
    for name, text in (("house.toml", HOUSE), ("deal.toml", DEAL), ("laid.toml", LAID), ("broken.toml", BROKEN)):
        (tmp_path / name).write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_a_house_rule_file_with_many_problems_in_russian(cli: Cli, files: Path) -> None:
    err = russian_fails(cli, "rules", "check", "house.toml")
    lines = err.splitlines()
    assert lines[-1] == "Найдено 8 проблем"
    for said in (
        "popejoan: house.toml:4:1: players.min: min 45 больше, чем max 40\n  | min = 45\n  | ^\n"
        "  = min должен быть не больше max\n",
        "house.toml:5:1: players.max: на 40 игроков и дополнительную руку нужно карт: 41, а колода даёт только 39\n",
        "  = можно: не больше 38 игроков\n",
        "house.toml:11:1: play.lead: найдено: целое число (3)\n  | lead = 3\n  | ^\n"
        "  = можно: «any», «lowest-in-suit»\n",
        "house.toml:12:1: play.leed: неизвестный ключ в [play]\n",
        "; может быть, «lead»?\n",
        "stakes.dealer_multiplier: −2 — отрицательное число\n",
        "  = можно: целое число от 1 до 100\n",
        "settle.negative: найдено: строка («yes»), а нужно true или false\n  | negative = \"yes\"\n  | ^\n"
        "  = можно: true, false\n",
        "turnup.pope_takes: в pope_takes названа неизвестная секция «kity»\n",
        "house.toml:28:1: pot[2]: секции вида «card» нужен card = \"9D\" или card = \"trump:A\"\n",
    ):
        assert said in err, (said, err)
    assert not [w for w in _words_said(err) if ENGLISH.search(w)], [w for w in _words_said(err) if ENGLISH.search(w)]
    # The same places, the same quoted lines and carets: only the words differ.
    english = cli.fails(5, "rules", "check", "house.toml", several=True)
    assert english == HOUSE_EN
    assert [line for line in err.splitlines() if line.startswith("  | ")] == \
        [line for line in english.splitlines() if line.startswith("  | ")]
    assert [line.split(": ")[0] for line in lines if ".toml:" in line] == \
        [line.split(": ")[0] for line in english.splitlines() if ".toml:" in line]


def test_a_broken_deal_file_in_russian(cli: Cli, files: Path) -> None:
    err = russian_fails(cli, "hand", "replay", "deal.toml")
    for said in (
        "popejoan: deal.toml:3:1: dealer: сдатчик «Дима» не числится среди игроков\n",
        "  = можно: «Аня», «Боря», «Вика»; может быть, «Вика»?\n",
        "deal.toml:4:1: seed: ключ тасовки −5 вне допустимых пределов\n",
        "  = ключ тасовки — целое число от 0 до 9\u202f223\u202f372\u202f036\u202f854\u202f775\u202f807 или текст "
        "длиной до 100 символов\n",
        "deal.toml:5:1: leads: неизвестная карта «ZZ»\n",
        "  = карта пишется как достоинство и масть, например 9D, 9♦, 10ч, Дп; см. `popejoan lead --help`\n",
        "deal.toml:6:1: colour: неизвестный ключ в файле сдачи\n",
        "deal.toml:9:1: board.kity: на этой доске нет такой секции\n",
        "Найдено 5 проблем\n",
    ):
        assert said in err, (said, err)
    assert cli.fails(5, "hand", "replay", "deal.toml", several=True) == DEAL_EN
    err = russian_fails(cli, "hand", "replay", "laid.toml")
    for said in (
        "popejoan: laid.toml:6:1: hands.Вика: Вика не получает ни одной карты\n",
        "  = каждому игроку нужно сдать хотя бы одну карту\n",
        "laid.toml:6:1: hands: не хватает 49 карт: AC 3C ",
        "  = каждая карта колоды должна встречаться ровно один раз\n",
        "laid.toml:7:1: hands.Аня: 2C встречается 2 раза (Аня, Аня)\n",
        "laid.toml:8:1: hands.Боря: по этим правилам карты 8D нет в колоде\n",
        "Найдены 4 проблемы\n",
    ):
        assert said in err, (said, err)
    assert cli.fails(5, "hand", "replay", "laid.toml", several=True) == LAID_EN


def test_a_file_that_is_not_toml_in_russian(cli: Cli, files: Path) -> None:
    assert cli.fails(5, "rules", "check", "broken.toml", POPEJOAN_LANG="ru") == (
        "popejoan: broken.toml:2:6: ошибка TOML: в конце заголовка таблицы ожидалась «]»\n"
        "  | [play\n"
        "  |      ^\n"
        "  = синтаксис TOML описан на https://toml.io\n")
    assert cli.fails(5, "rules", "check", "broken.toml") == BROKEN_EN


def test_the_russian_problems_read_as_the_golden_file(cli: Cli, files: Path) -> None:
    shown = []
    for args in (("rules", "check", "house.toml"), ("hand", "replay", "deal.toml"), ("hand", "replay", "laid.toml"),
                 ("rules", "check", "broken.toml")):
        shown.append("$ popejoan " + " ".join(args) + "\n" + russian_fails(cli, *args, as_set=True))
    golden(GOLDEN / "russian_files.txt", "\n".join(shown))


@pytest.mark.parametrize("path", sorted(BAD_RULES.glob("*.toml")), ids=lambda p: p.stem)
def test_every_bad_house_rule_file_is_told_in_russian(cli: Cli, path: Path) -> None:
    english = cli("rules", "check", str(path))
    russian = cli("rules", "check", str(path), **RU)
    assert russian.exit_code == english.exit_code == 5
    assert russian.stdout == english.stdout == ""
    left = [w for w in _words_said(russian.stderr) if ENGLISH.search(w)]
    assert not left, russian.stderr
    assert russian.stderr != english.stderr


def test_a_card_typed_wrong_at_a_russian_table(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POPEJOAN_HOME", str(cli.home))
    cli.ok("table", "new", "vecher", "--rules", "russian", "--players", "Аня,Боря,Вика", "--lang", "ru")
    cli.ok("deal", "--seed", "7")
    err = cli.fails(2, "lead", "ZZ")
    assert err == ("popejoan: это не карта: «ZZ»\n"
                   "  Карта пишется как достоинство и масть, например 9D, 9♦, 10ч, Дп; "
                   "см. `popejoan lead --help`\n"), err
    assert cli.fails(2, "lead", "ZZ", POPEJOAN_LANG="en") == "popejoan: not a card: 'ZZ'\n  " + FORMS_EN + "\n"


def test_a_bad_seed_in_russian(cli: Cli) -> None:
    deal = ("hand", "deal", "--rules", "russian", "--players", "Аня,Боря,Вика", "--seed")
    rule_ru = ("  Ключ тасовки — целое число от 0 до 9\u202f223\u202f372\u202f036\u202f854\u202f775\u202f807 или текст "
               "длиной до 100 символов\n")
    rule_en = "  a seed is a whole number from 0 to 9,223,372,036,854,775,807, or up to 100 characters of text\n"
    assert cli.fails(2, *deal, "99999999999999999999999", POPEJOAN_LANG="ru") == (
        "popejoan: --seed «99999999999999999999999»: вне допустимых пределов\n" + rule_ru)
    assert cli.fails(2, *deal, "99999999999999999999999") == (
        "popejoan: --seed '99999999999999999999999' is out of range\n" + rule_en)
    assert cli.fails(2, *deal, "a\tb", POPEJOAN_LANG="ru") == (
        "popejoan: --seed: ключ тасовки «a\\tb»: содержит управляющий символ U+0009 на позиции 2\n" + rule_ru)
    assert cli.fails(2, *deal, "a\tb") == (
        "popejoan: --seed: seed 'a\\tb' holds the control character U+0009 at character 2\n" + rule_en)
    assert cli.fails(2, *deal, "x" * 101, POPEJOAN_LANG="ru").startswith(
        "popejoan: --seed: ключ тасовки «xxxxxxxxxxxxxxxxxxxx…xxxxxxxxxxxxxxxxxxxx» (101 символ): длина 101 символ, "
        "а можно не больше 100\n")
    assert cli.fails(2, *deal, "x" * 101).startswith(
        "popejoan: --seed: seed 'xxxxxxxxxxxxxxxxxxxx…xxxxxxxxxxxxxxxxxxxx' (101 characters) is 101 characters long; "
        "at most 100 are allowed\n")


def test_the_rules_commands_own_lines_in_russian(cli: Cli, files: Path) -> None:
    presets = [str(ROOT / "house-rules" / f"{name}.toml") for name in ("russian", "michigan")]
    said = cli.ok("rules", "check", *presets, **RU).stdout.splitlines()
    assert said == [f"{presets[0]}: в порядке — Поп Джон по-русски, 8 секций, игроков: 3–8",
                    f"{presets[1]}: в порядке — Мичиган, 4 секции, игроков: 3–8"]
    assert cli.ok("rules", "check", *presets).stdout.splitlines() == [
        f"{presets[0]}: ok — Russian Pope Joan, 8 pots, 3–8 players",
        f"{presets[1]}: ok — Michigan, 4 pots, 3–8 players"]
    new = cli.ok("rules", "new", "-o", "mine.toml", **RU)
    assert new.stderr == ("записан файл mine.toml (на основе modern-stops); "
                          "проверьте его: popejoan rules check mine.toml\n")
    assert "в порядке" in cli.ok("rules", "check", "mine.toml", **RU).stdout
    english = cli.ok("rules", "new", "-o", "theirs.toml")
    assert english.stderr == "wrote theirs.toml (from modern-stops); check it with: popejoan rules check theirs.toml\n"
    assert cli.ok("rules", "new", **RU).stdout == cli.ok("rules", "new").stdout  # a file people keep: English
    assert cli.ok("rules", "diff", "russian", "russian", **RU).stdout == \
        "Различий нет: russian и russian — одни и те же правила.\n"
    assert cli.ok("rules", "diff", "russian", "russian").stdout == \
        "No differences: russian and russian are the same rules.\n"
    diff = cli.ok("rules", "diff", "russian", "michigan", **RU).stdout
    for word in ("Различия", "Ключ", "(нет)", "(нет такой секции)", "Поп Джон: тот, кто сыграет 9♦"):
        assert word in diff, word
    assert "Differences" not in diff and "(none)" not in diff


def test_a_warning_is_said_in_russian(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    """A journal cut short by a crash is read with a warning, its opening words in the table's language."""
    monkeypatch.setenv("POPEJOAN_HOME", str(cli.home))
    cli.ok("table", "new", "vecher", "--rules", "russian", "--players", "Аня,Боря,Вика", "--lang", "ru")
    journal = tables.folder() / "journal.jsonl"
    with journal.open("ab") as f:
        f.write(b'{"seq":2,"ty')
    warned = cli.ok("board").stderr
    assert warned.startswith("popejoan: предупреждение: "), warned
    assert cli.ok("board", POPEJOAN_LANG="en").stderr.startswith("popejoan: warning: ")


def test_a_problem_whose_words_hold_an_escape_is_still_said_in_russian() -> None:
    """A control character in a file's words is shown as an escape in the value it sits in, and the
    problem stays a `Said`; the English reads as it always did."""
    from popejoan_cli.base.errors import Problem, Said
    from popejoan_cli.formats.tomlsource import located
    from popejoan_cli.render import i18n

    [found] = located([Problem(Said("{player} is dealt no cards", player="Ann\x1b[2J"), "hands", 1, 1)],
                      "deal.toml", "[hands]\n")
    assert found.message == "Ann\\x1b[2J is dealt no cards" and isinstance(found.message, Said)
    i18n.use("ru")
    assert i18n.spoken_said(found.message).replace("\u00a0", " ") == "Ann\\x1b[2J не получает ни одной карты"
