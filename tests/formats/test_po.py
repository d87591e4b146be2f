"""The `.po` reader (formats/po.py): entries, plurals, contexts, fuzzy entries, escapes, continued
strings, the header's Plural-Forms, the packaged catalogue, and a clear error for a malformed file."""

from __future__ import annotations

from pathlib import Path

import pytest

from popejoan_cli.base.errors import DataError
from popejoan_cli.formats import po

HEADER = r'''
# a translator's comment
msgid ""
msgstr ""
"Language: ru\n"
"Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && "
"(n%100<10 || n%100>=20) ? 1 : 2);\n"
'''


def parse(body: str) -> po.Catalog:
    return po.parse(HEADER + body, "test.po")


def test_a_message_a_plural_and_two_senses_of_one_word() -> None:
    cat = parse('''
msgid "Hand {number}"
msgstr "Раздача {number}"

msgid "{n} card"
msgid_plural "{n} cards"
msgstr[0] "{n} карта"
msgstr[1] "{n} карты"
msgstr[2] "{n} карт"

msgctxt "pot"
msgid "Game"
msgstr "Гейм"

msgctxt "hand"
msgid "Game"
msgstr "Партия"
''')
    assert cat.messages[(None, "Hand {number}")] == ("Раздача {number}",)
    assert cat.messages[(None, "{n} card")] == ("{n} карта", "{n} карты", "{n} карт")
    assert cat.plural_ids[(None, "{n} card")] == "{n} cards"
    assert cat.messages[("pot", "Game")] == ("Гейм",) and cat.messages[("hand", "Game")] == ("Партия",)
    assert (None, "Game") not in cat.messages
    assert cat.nplurals == 3
    assert [cat.plural(n) for n in (0, 1, 2, 5, 11, 12, 21, 22, 25, 101, 111, 112, 122)] == \
        [2, 0, 1, 2, 2, 2, 0, 1, 2, 0, 2, 2, 1]


def test_fuzzy_and_untranslated_entries_are_left_out() -> None:
    cat = parse('''
#, fuzzy, python-format
msgid "Stop at {card}."
msgstr "Стоп на {card}."

#, python-format
msgid "{player} leads next."
msgstr "Следующим ходит {player}."

msgid "Not yet"
msgstr ""
''')
    assert (None, "Stop at {card}.") not in cat.messages
    assert cat.messages[(None, "{player} leads next.")] == ("Следующим ходит {player}.",)
    assert (None, "Not yet") not in cat.messages


def test_continued_strings_and_escapes() -> None:
    cat = parse(r'''
msgid ""
"One line, "
"and more: \"quoted\"\n"
"a tab\there, a backslash \\."
msgstr "Строка, и ещё: \"в кавычках\"\nтаб\tздесь, \\."
''')
    key = (None, 'One line, and more: "quoted"\na tab\there, a backslash \\.')
    assert cat.messages[key] == ('Строка, и ещё: "в кавычках"\nтаб\tздесь, \\.',)


def test_a_catalogue_without_plural_forms_counts_as_english_does() -> None:
    cat = po.parse('msgid "a"\nmsgstr "б"\n')
    assert cat.messages == {(None, "a"): ("б",)}
    assert [cat.plural(n) for n in (0, 1, 2)] == [1, 0, 1]


@pytest.mark.parametrize(("body", "says"), [
    ('msgid "a"\nmsgstr "b"\nmsgid "a"\nmsgstr "c"\n', "appears twice"),
    ('msgid "a"\n', "has no msgstr"),
    ('msgstr "b"\n', "without a msgid"),
    ('msgid "a"\nmsgstr "b\n', "expected a quoted string"),
    ('msgid "a"\nmsgstr "b\\q"\n', "unknown escape"),
    ('msgid "a"\nmsgstr "say "this""\n', "a quote inside a string"),
    ('msgid "a"\nmsgstr[0] "b"\n', "msgid_plural goes with msgstr[N]"),
    ('msgid "{n} a"\nmsgid_plural "{n} as"\nmsgstr[0] "b"\nmsgstr[1] "c"\n', "has 2 forms, Plural-Forms says 3"),
    ('msgid "a"\nmsgtxt "b"\n', "unknown keyword 'msgtxt'"),
    ('"dangling"\n', "a string with no keyword before it"),
    ('msgid "a"\nmsgid "b"\nmsgstr "c"\n', "has no msgstr"),
])
def test_a_malformed_catalogue_is_a_clear_error(body: str, says: str) -> None:
    with pytest.raises(DataError) as err:
        po.parse((HEADER if "{n}" in body else "") + body, "test.po")  # the header only where plurals need it
    assert says in err.value.message
    assert "test.po:" in err.value.message


def test_bad_plural_forms_are_an_error() -> None:
    with pytest.raises(DataError, match="bad Plural-Forms"):
        po.parse('msgid ""\nmsgstr "Plural-Forms: nplurals=x; plural=n;\\n"\n', "test.po")


def test_the_packaged_russian_catalogue_is_every_file_of_its_folder() -> None:
    files = sorted((po.locales_dir() / "ru").glob("*.po"))
    cats = [po.parse(f.read_text(encoding="utf-8"), f.name) for f in files]
    whole = po.packaged("ru")
    assert whole.nplurals == 3 and len(whole.messages) > 90
    assert whole.messages == {k: v for cat in cats for k, v in cat.messages.items()}


def test_a_message_in_two_files_is_an_error(tmp_path: Path) -> None:
    header = 'msgid ""\nmsgstr "Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
    one = po.parse(header + 'msgid "Pope"\nmsgstr "Поп"\n', "a.po")
    two = po.parse(header + 'msgid "Pope"\nmsgstr "Папа"\n', "b.po")
    with pytest.raises(DataError, match=r"already in a\.po"):
        po.merged([(tmp_path / "a.po", one), (tmp_path / "b.po", two)])


def test_a_language_with_no_catalogue_is_an_error() -> None:
    with pytest.raises(DataError, match="cannot read the xx catalogue"):
        po.packaged("xx")
