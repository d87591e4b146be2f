"""Lines a signed `.verified` note vouches for are only parsed, never checked again (issue 27), and that
changes nothing a command sees.

The journal's first `note.size` bytes were checked in full by an earlier command (CRC, form, fields) and
their SHA-256 is in a note signed with this user's key: `journal._vouched` parses them in one pass. The
events, their times, the bytes known good and the hash a new note would carry are exactly those of the
full check; the lines after the note are checked as ever, and a problem there is named by its line in
the whole journal; a note that does not match the bytes vouches for nothing.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from popejoan_cli.base.errors import DataError
from popejoan_cli.store import autoplay, journal, tables


@pytest.fixture
def played(evening_table: Path) -> Path:
    """The shared table (tests/conftest.py: `evening_table`), its note written."""
    tables.view(evening_table)
    return evening_table


def _same(a: journal.Loaded, b: journal.Loaded) -> None:
    assert a.events == b.events and [s for s, _ in a.events] == list(range(1, len(a.events) + 1))
    assert a.times == b.times and a.good_bytes == b.good_bytes and a.size == b.size
    assert a.sha.hexdigest() == b.sha.hexdigest() and a.head == b.head and a.warnings == b.warnings


def test_vouched_lines_load_as_the_full_check_does(played: Path) -> None:
    vouched = journal.load(played, trust=True)
    assert vouched.trusted == len(vouched.events) > 40
    _same(vouched, journal.load(played, trust=False))


def test_lines_after_the_note_are_checked_with_their_own_numbers(played: Path) -> None:
    vouched = journal.load(played, trust=True).trusted
    old_note = (played / journal.VERIFIED).read_bytes()
    autoplay.lead_lowest(played)
    (played / journal.VERIFIED).write_bytes(old_note)  # the note vouches for the lines before this lead only
    loaded = journal.load(played, trust=True)
    assert loaded.trusted == vouched < len(loaded.events)
    _same(loaded, journal.load(played, trust=False))
    path = played / journal.JOURNAL
    lines = path.read_bytes().splitlines(keepends=True)
    path.write_bytes(b"".join(lines[:vouched]) + lines[vouched].replace(b'"seq":', b'"seq": ')
                     + b"".join(lines[vouched + 1:]))
    with pytest.raises(DataError) as err:
        journal.load(played, trust=True)
    assert f"line {vouched + 1} is damaged" in str(err.value.problems[0].message)


def test_a_torn_tail_after_the_note_is_named_by_its_line(played: Path) -> None:
    count = journal.load(played, trust=True).trusted
    path = played / journal.JOURNAL
    with path.open("ab") as fh:
        fh.write(b'{"event":{"card":"AH"')  # a crash in the middle of the next write
    loaded = journal.load(played, trust=True)
    assert loaded.trusted == count and len(loaded.events) == count
    assert loaded.warnings and f"line {count + 1} was cut short" in loaded.warnings[0]
    _same(loaded, journal.load(played, trust=False))


def test_a_note_that_does_not_match_vouches_for_nothing(played: Path) -> None:
    path = played / journal.JOURNAL
    data = path.read_bytes()
    i = data.index(b'"player":"Bob"')
    path.write_bytes(data[:i] + b'"player":"Bib"' + data[i + len(b'"player":"Bob"'):])  # same length
    with pytest.raises(DataError) as err:
        journal.load(played, trust=True)
    assert "checksum does not match" in str(err.value.problems[0].message)
