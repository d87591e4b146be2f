"""Russian typography as a rule (render/typeset.py, docs/i18n.md: Typography): every catalogue entry and every
Russian golden file is read for the spaces a book never breaks at, the minus, the dates, and English left in.

The catalogue is read as it is said: each form and each wording of every message, filled with sample values
and set by `typeset`, as `i18n` sets it. The goldens are the output of whole evenings (tests/cli), kept as
printed, no-break spaces and all.
"""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from popejoan_cli.formats import po
from popejoan_cli.render import i18n
from popejoan_cli.render.typeset import NBSP, typeset

ROOT = Path(__file__).parents[2]
GOLDEN = ROOT / "tests" / "data" / "golden"
RUSSIAN_GOLDENS = sorted(p for p in GOLDEN.glob("*.txt") if "ru" in p.stem.split("_") or p.stem.startswith("russian"))

BEFORE_DASH = re.compile(r"\S \u2014")
"""A plain space before a dash, after a word: a line may end on the word and begin with «—»."""
NUMBER_NOUN = re.compile(r"(?<![\w.,:/-])\d+ (?=[а-яё](?![♣♦♥♠]))", re.I)
"""A plain space between a number and the Russian word after it: «10 / фишек»."""
HYPHEN_MINUS = re.compile(r"(?<![\w\-−`])-\d")
"""A hyphen standing for a minus before a figure."""
ISO_DATE = re.compile(r"\b\d{4}-\d{2}(?:-\d{2})?(?![\w-])")
"""A date as a program writes it; a whole ISO time (`2026-12-01T21:04:05+01:00`) is what a person types for
`POPEJOAN_NOW`, and stays so."""


def _outside_commands(line: str) -> str:
    """A line without what a person types: a command between backquotes, a `$ popejoan ...` line, a word typed
    and quoted back in «ёлочки» («-3»)."""
    if line.lstrip().startswith("$ "):
        return ""
    return re.sub(r"«[^»]*»", "«»", "".join(part for i, part in enumerate(line.split("`")) if i % 2 == 0))


class _Sample(dict[str, object]):
    """A value for every placeholder: a number, so that «{n} фишек» is read as it is said."""

    def __missing__(self, key: str) -> object:
        return 3


def _said(form: str) -> list[str]:
    """Each wording of a catalogue form as it is said: gender choices made, placeholders filled, set."""
    from test_catalogue import wordings  # each gender's wording, as the catalogue test reads them

    out = []
    for text in wordings(form):
        names = {name for _, name, _, _ in string.Formatter().parse(text) if name}
        values = _Sample({name: 3 for name in names})
        try:
            filled = text.format_map(values)
        except (ValueError, IndexError, KeyError, AttributeError):
            filled = text
        out.append(typeset(filled))
    return out


def _catalogue() -> list[tuple[str, str, str]]:
    out = []
    for path in sorted((po.locales_dir() / "ru").glob("*.po")):
        catalog = po.parse(path.read_text(encoding="utf-8"), str(path))
        for (_, msgid), forms in catalog.messages.items():
            if msgid:
                out += [(path.name, msgid, form) for form in forms]
    return out


pytestmark = pytest.mark.usefixtures("russian")  # conftest: Russian, English again after


def test_every_catalogue_entry_is_set_with_its_no_break_spaces() -> None:
    bad = []
    for file, msgid, form in _catalogue():
        for said in _said(form):
            text = _outside_commands(said)
            for what, pattern in (("a space before a dash", BEFORE_DASH), ("a number and its noun", NUMBER_NOUN),
                                  ("a hyphen for a minus", HYPHEN_MINUS)):
                if pattern.search(text):
                    bad.append(f"{file}: {msgid[:50]!r}: {what}: {said[:90]!r}")
    assert not bad, "\n".join(bad)


def test_no_catalogue_entry_writes_a_no_break_space_by_hand() -> None:
    """The rule sets the spaces; a translator types plain ones (docs/i18n.md)."""
    bad = [f"{file}: {msgid[:60]!r}" for file, msgid, form in _catalogue() if NBSP in form]
    assert not bad, "\n".join(bad)


def test_no_catalogue_entry_has_a_straight_quote_or_an_iso_date() -> None:
    def wrong(said: str) -> bool:
        said = re.sub(r'--[\w-]+ "[^"]*"', "", said)  # an option's value quoted as a shell takes it
        return bool(ISO_DATE.search(said) or re.search(r"(?<![=\\])\"[а-яё]", said, re.I))

    bad = [f"{file}: {msgid[:60]!r}: {form[:80]!r}" for file, msgid, form in _catalogue()
           if re.search(r"[а-яё]", form, re.I) and wrong(_outside_commands(form))]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("path", RUSSIAN_GOLDENS, ids=lambda p: p.name)
def test_a_russian_golden_has_its_no_break_spaces_its_minus_and_russian_dates(path: Path) -> None:
    bad = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        text = _outside_commands(line)
        if not re.search(r"[а-яё]", text, re.I):
            continue  # a line with no Russian word: a table's border, a seed, a figure alone
        for what, pattern in (("a space before a dash", BEFORE_DASH), ("a number and its noun", NUMBER_NOUN),
                              ("a hyphen for a minus", HYPHEN_MINUS), ("an ISO date", ISO_DATE)):
            if pattern.search(text):
                bad.append(f"{path.name}:{n}: {what}: {line.strip()[:90]!r}")
    assert not bad, "\n".join(bad)


def test_the_russian_goldens_are_all_read() -> None:
    names = {p.name for p in RUSSIAN_GOLDENS}
    assert {"russian_evening_80.txt", "evening_ru_80.txt", "russian_help_80.txt", "rules_show_russian_ru_80.txt",
            "russian_tally_80.txt", "russian_refusals_80.txt"} <= names


@pytest.mark.parametrize(("plain", "set_"), [
    ("Вика платит 3 фишки", "Вика платит 3\u00a0фишки"),
    ("Вика — 3", "Вика\u00a0— 3"),
    ("ход за Компьютером 3.", "ход за\u00a0Компьютером\u00a03."),
    ("итог Вики -13", "итог Вики\u00a0−13"),
    ("в раздаче 2: у Вики", "в\u00a0раздаче\u00a02: у\u00a0Вики"),
    ("См. `popejoan count Ann -3`", "См. `popejoan count Ann -3`"),
    ("от 2-7 раз", "от\u00a02-7\u00a0раз"),
])
def test_the_rules_of_the_book(plain: str, set_: str) -> None:
    assert typeset(plain) == set_


LATIN = re.compile(r"(?<![\w.=-])[A-Za-z][A-Za-z]*(?:[.\-][A-Za-z]+)*(?![\w.=])")
"""A word in Latin letters (a rule key such as `play.lead` is one word; `x.toml` too)."""
TYPED_ANYWHERE = frozenset({
    "popejoan",  # the program's name, which a person types
    "https", "toml.io", "shramenko.kiev.ua", "shram.kiev.ua", "Penguin",  # an address, a book a preset cites
    "str",  # Typer's metavar for a text option in --help (docs/i18n.md: Help, what stays English)
    "vecher", "fri",  # the tables' names the tests type
    # the presets, as --rules takes them
    "russian", "michigan", "modern-stops", "boodle", "newmarket", "hoyle", "parlett",
})
"""Latin words a Russian table may read anywhere: none of them is a word the program could have said in Russian."""


def _typed_in(text: str) -> set[str]:
    """The words a person typed in a transcript: its `$ popejoan ...` lines and what sits between backquotes."""
    typed = set()
    for line in text.splitlines():
        parts = line.split("`")
        for words in ([line] if line.lstrip().startswith("$ ") else parts[1::2]):
            typed |= set(re.findall(r"[A-Za-z][\w.\-]*", words))
    return typed


def _left_in_english(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    typed = _typed_in(text) | TYPED_ANYWHERE
    # a command a terminal wrapped onto the next line is still a command: blanked, its lines kept
    text = re.sub(r"`[^`]*`", lambda m: "\n" * m.group(0).count("\n"), text)
    left = []
    for n, line in enumerate(text.splitlines(), 1):
        said = _outside_commands(line)
        # what is quoted is what a person typed or types («zz», «show»), and an option with its value is typed too
        said = re.sub(r"«[^»]*»|--[\w-]+(?:[ =][^\s,;)]+)?", "", said)
        if not re.search(r"[а-яё]", said, re.I):
            continue
        for word in LATIN.findall(said):
            if word in typed or word.isupper() or len(word) == 1 or "." in word or "_" in word:
                continue  # typed, a code or metavar (RUB, NAME), a suit's letter, a rule's key
            left.append(f"{path.name}:{n}: {word!r}: {line.strip()[:80]!r}")
    return left


# What a person types and the program does not translate, in the goldens that show it: option and command
# words in --help (`--players`, `table new`), a house-rule file's keys and values (`wins = "first-out"`), the
# names a preset gives its pots in its file (the rules table's first column), and the presets' own names.
AS_TYPED_IN = {
    "russian_help_80.txt": None,  # --help names every option and command, as typed
    "russian_files.txt": None,  # a house-rule or deal file's problems quote the file's keys and values
}
POT_NAMES = {"pope", "matrimony", "intrigue", "ace", "king", "queen", "jack", "game"}
"""The pots' names in a house-rule file: `rules show` lists them beside the labels, as the file keys them."""


@pytest.mark.parametrize("path", [p for p in RUSSIAN_GOLDENS if p.name not in AS_TYPED_IN], ids=lambda p: p.name)
def test_a_russian_golden_says_no_english_a_player_did_not_type(path: Path) -> None:
    listed = path.name.startswith("rules_show")  # its table of pots names each as its file keys it
    left = [w for w in _left_in_english(path) if not (listed and w.split("'")[1] in POT_NAMES)]
    assert not left, "English a Russian table did not type:\n" + "\n".join(left)


def test_the_scan_finds_english_left_in_a_russian_line(tmp_path: Path) -> None:
    said = tmp_path / "said.txt"
    said.write_text("Компьютер 1 против 2 компьютеров (уровень good)\nвыплата Саше: matrimony, intrigue\n"
                    "$ popejoan count pope 3\nнет секции «pope»\n", encoding="utf-8")
    assert [w.split("'")[1] for w in _left_in_english(said)] == ["good", "matrimony", "intrigue"]


def test_a_card_in_words_is_said_once_where_suits_are_letters(tmp_path: Path) -> None:
    """`9♦ (9б)` adds the letter for whoever cannot tell the symbols; where the suits are letters already
    (POPEJOAN_SUITS=letters) that would read «9б (9б)», so the card is said once."""
    from conftest import Cli

    i18n.use("en")
    cli = Cli(tmp_path / "home", columns="100")
    lettered = cli.ok("rules", "show", "russian", POPEJOAN_LANG="ru", POPEJOAN_SUITS="letters").stdout
    assert "тот, кто сыграет 9б " in lettered and "9б (9б)" not in lettered
    shown = cli.ok("rules", "show", "russian", POPEJOAN_LANG="ru").stdout
    assert "тот, кто сыграет 9♦ (9б)" in shown
    assert "whoever plays 9D (" not in cli.ok("rules", "show", "russian", POPEJOAN_SUITS="letters").stdout
