"""The Russian catalogue speaks the glossary's words (docs/glossary-ru.md): one word for each thing.

The glossary lists each term once, with the variants it rejects and, for each the catalogue could
slip into, a pattern in backquotes. Every Russian `msgstr` of `locales/ru/*.po` (every plural form,
every wording of a `{?player|...}` choice, as written) is read against every pattern: a rejected
variant anywhere is a failure naming the file, the message and the word found.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from popejoan_cli.formats import po

ROOT = Path(__file__).parents[2]
GLOSSARY = ROOT / "docs" / "glossary-ru.md"


def _fold(text: str) -> str:
    """ё read as е, and any case as lower: «Сдающий» and «сдающий», «зелёный» and «зеленый» alike."""
    return text.casefold().replace("ё", "е")


def entries() -> dict[str, tuple[str, list[str]]]:
    """Each term's heading: (its Russian line, its rejected patterns), from the glossary as written."""
    found: dict[str, tuple[str, list[str]]] = {}
    heading = ""
    fields: dict[str, str] = {}
    lines = GLOSSARY.read_text(encoding="utf-8").splitlines()
    for line in [*lines, "### "]:
        if line.startswith("### "):
            if heading:
                assert heading not in found, f"the glossary lists {heading!r} twice"
                found[heading] = (fields.get("Russian", ""), re.findall(r"`([^`]+)`", fields.get("Rejected", "")))
            heading, fields, field = line[4:].strip(), {}, ""
            continue
        named = re.match(r"- \*\*(\w+):\*\*(.*)", line)
        if named:
            field = named.group(1)
            fields[field] = named.group(2)
        elif line.startswith("  ") and field:
            fields[field] += " " + line.strip()  # a field continued on the next line
    return found


def rejected() -> list[tuple[str, re.Pattern[str]]]:
    return [(term, re.compile(rf"(?<!\w)(?:{_fold(pattern)})(?!\w)"))
            for term, (_, patterns) in entries().items() for pattern in patterns]


def test_the_glossary_names_each_term_once_with_its_word_and_its_seed() -> None:
    text = GLOSSARY.read_text(encoding="utf-8")
    found = entries()
    for term in ("The board", "A pot", "The eight sections", "The dealer", "The turn-up", "Trump", "The spare hand",
                 "Taking the spare hand", "A run", "A stop", "The seed of a shuffle", "A void hand",
                 "A hand, and the deal", "A counter", "Going out", "The final clearing deal", "Dressing the board"):
        assert term in found and found[term][0].strip(), term
    assert text.count("- **Seed:**") == len(found)  # each term says where its word comes from


def test_no_rejected_pattern_rejects_the_word_it_stands_against() -> None:
    """A pattern that matched the chosen word would fail every correct sentence: each is read against it."""
    for term, (russian, patterns) in entries().items():
        chosen = re.findall(r"\*\*([^*]+)\*\*", russian)
        assert chosen, term
        for pattern in patterns:
            compiled = re.compile(rf"(?<!\w)(?:{_fold(pattern)})(?!\w)")
            assert not any(compiled.search(_fold(word)) for word in chosen), (term, pattern)


def _translations() -> list[tuple[str, str, str]]:
    """(file, msgid, each Russian form) of every message of every `.po` file."""
    out = []
    for path in sorted((po.locales_dir() / "ru").glob("*.po")):
        catalog = po.parse(path.read_text(encoding="utf-8"), str(path))
        for (_, msgid), forms in catalog.messages.items():
            if msgid:  # not the header
                out += [(path.name, msgid, form) for form in forms]
    return out


def test_the_catalogue_uses_no_rejected_word() -> None:
    patterns = rejected()
    bad = [f"{file}: {msgid[:60]!r}: «{hit.group(0)}» (see {term!r})"
           for file, msgid, form in _translations() for term, pattern in patterns
           if (hit := pattern.search(_fold(form)))]
    assert not bad, "rejected words (docs/glossary-ru.md):\n" + "\n".join(bad)


@pytest.mark.parametrize(("sentence", "term"), [
    ("Дарья сдатчик, а Борис сдающий", "The dealer"),
    ("СДАЮЩЕГО", "The dealer"),
    ("секвенция, и ещё одна серия", "A run"),
    ("Партия 3 окончена", "A hand, and the deal"),
    ("раздача пустая", "A void hand"),
    ("раздача 2, объявленная пустой", "A void hand"),
    ("раздача кончается на открытой карте", "A hand ends"),
    ("Заправить доску", "Dressing the board"),
    ("Зерно 7", "The seed of a shuffle"),
    ("по показанным картам Поп (9♦) у Бориса", "The Pope"),
    ("последняя сдача", "The final clearing deal"),
])
def test_a_rejected_word_is_found(sentence: str, term: str) -> None:
    """The test can fail: each of the issue's words is caught, in any case and form."""
    assert any(pattern.search(_fold(sentence)) for t, pattern in rejected() if t == term)


@pytest.mark.parametrize("sentence", [
    "Поп Джон у Бориса", "за Поп Джона", "Попросите у банкира ссылку", "потом", "у Бориса кончились карты",
    "раздача заканчивается", "файл пуст", "имя игрока пустое", "ключ тасовки 7", "секвенция",
])
def test_a_right_word_is_not_taken_for_a_rejected_one(sentence: str) -> None:
    assert not [term for term, pattern in rejected() if pattern.search(_fold(sentence))]


def _stem(word: str) -> str:
    """A Russian word without its ending, so that any case of it is found: «секвенция» as «секвенци»."""
    word = _fold(word)
    return word[:-2] if len(word) > 5 else word[:-1] if len(word) > 3 else word


def test_every_glossary_term_is_used_by_the_catalogue() -> None:
    """A term the program never says is a term nobody checked: each chosen word (every word of it) is in some
    Russian message, in some case."""
    said = " ".join(_fold(form) for _, _, form in _translations())
    unused = []
    for term, (russian, _) in entries().items():
        chosen = [w for bold in re.findall(r"\*\*([^*]+)\*\*", russian) for w in re.findall(r"[а-яё]+", bold, re.I)]
        if chosen and not any(_stem(word) in said for word in chosen):
            unused.append(f"{term}: {chosen}")
    assert not unused, "glossary terms no message uses:\n" + "\n".join(unused)


def test_the_pages_hold_no_words_of_their_own() -> None:
    """The web's words come from the same catalogue as the terminal's (web.po through render.i18n), so a
    rejected word cannot hide in a page's script: no Russian letter is written in web/static."""
    static = ROOT / "src" / "popejoan_cli" / "web" / "static"
    found = [f"{path.name}:{n}: {line.strip()[:70]}" for path in sorted(static.rglob("*")) if path.is_file()
             and path.suffix in {".js", ".html", ".css", ".json"}
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if re.search(r"[а-яё]", line, re.I)]
    assert not found, "Russian words written in the pages, not the catalogue:\n" + "\n".join(found)


@pytest.mark.parametrize(("sentence", "term"), [
    ("сессия 2 стола", "An evening"), ("Остатки игроков", "A counter's balance"), ("сальдо", "A net"),
    ("раздача ведётся счётом", "A tally hand"), ("Вика берёт секцию «Туз»", "Taking a pot"),
    ("ход 4", "A card played"), ("червы ♥", "The suits"), ("старшая рука", "Eldest"),
    ("раздача аннулирована", "A void hand"),
])
def test_the_issues_rival_words_are_found(sentence: str, term: str) -> None:
    assert any(pattern.search(_fold(sentence)) for t, pattern in rejected() if t == term)
