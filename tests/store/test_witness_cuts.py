"""No loss hides behind the witness, and no impossible time is written or read (issue 37, items 1-3).

- `.verified` names its table by the first line's bytes (a newline added, never read): a journal cut just
  before that newline is the same table, so every cut of a journal, at any byte, is damage (exit 5);
- each home's key has its own line in `.verified`, and one home's read keeps the others': two homes on one
  table folder (two users, or a synced folder) both find a cut journal damaged;
- a note written before notes named their key is still believed (it is converted on the next write);
- every `at` is a real instant, in ASCII digits: `POPEJOAN_NOW` that is none is refused (exit 2) and
  writes nothing; a line that holds one is damage (exit 5) naming the line, for `check` and the exports.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from conftest import FIGURE, Cli
from popejoan_cli.base.errors import DataError
from popejoan_cli.store import disk, journal


def small_table(cli: Cli, folder: Path) -> bytes:
    """The issue's table: `table new`, `deal --seed 1`, `count pope 6` (three events); its journal."""
    cli.ok("table", "new", "t", "--rules", "modern-stops", "--players", "Ann,Bob,Cat")
    cli.ok("deal", "--seed", "1")
    cli.ok("count", "pope", "6")
    data = (folder / journal.JOURNAL).read_bytes()
    assert len(journal.decode(data).events) == 3
    return data


def table_folder(cli: Cli) -> Path:
    return cli.home / "tables" / "t"


def test_a_cut_at_every_byte_is_damage(cli: Cli, record_property: Callable[[str, object], None]) -> None:
    """Every offset short of the whole journal but the last (which loses only the last newline, no event):
    `check`'s own reading (`trust=False`) and every other
    command's find the loss; `check` itself says so at the first line's newline (the offset the issue found
    accepted), at each line's end and in a sample between."""
    folder = table_folder(cli)
    data = small_table(cli, folder)
    first_end = data.index(b"\n")
    for cut in range(len(data) - 1):
        (folder / journal.JOURNAL).write_bytes(data[:cut])
        for trust in (False, True):
            with pytest.raises(DataError):
                journal.load(folder, trust=trust)
    record_property(FIGURE + "journal cuts, at every byte, each damage beside the witness", len(data) - 1)
    (folder / journal.JOURNAL).write_bytes(data[:-1])  # only the last newline gone: every event is there
    assert len(journal.load(folder, trust=False).events) == 3
    cli.ok("check")
    ends = [i for i, b in enumerate(data) if b == 0x0A]
    for cut in sorted({0, 1, first_end - 1, first_end, first_end + 1, *ends[:-1],
                       *(e + 1 for e in ends[:-1]), *range(0, len(data), 211)}):
        (folder / journal.JOURNAL).write_bytes(data[:cut])
        cli.fails(5, "check")
    (folder / journal.JOURNAL).write_bytes(data[:first_end])
    said = cli.fails(5, "deal", "--seed", "9", said=["events 2–3 are missing"])
    assert "ends at event 1" in said
    (folder / journal.JOURNAL).write_bytes(data)
    assert "ok" in cli.ok("check").stdout


def test_two_homes_on_one_table_each_keep_their_witness(cli: Cli, tmp_path: Path) -> None:
    """The second home's `board` no longer replaces the first's note: after it, a journal cut by one line
    or two is exit 5 for `check` in both homes, and each home's line of `.verified` stays."""
    folder = table_folder(cli)
    data = small_table(cli, folder)
    other = Cli(tmp_path / "other-home")
    there = {"POPEJOAN_TABLE": str(folder)}
    other.ok("board", **there)
    lines = (folder / journal.VERIFIED).read_text(encoding="utf-8").splitlines()
    assert len(lines) == 2 and len({json.loads(line)["key"] for line in lines}) == 2
    cli.ok("board")  # the first home reads again: the other's line stays
    assert len((folder / journal.VERIFIED).read_text(encoding="utf-8").splitlines()) == 2
    ends = [i + 1 for i, b in enumerate(data) if b == 0x0A]
    for keep in ends[:-1]:
        (folder / journal.JOURNAL).write_bytes(data[:keep])
        cli.fails(5, "check", said=["missing"])
        other.fails(5, "check", said=["missing"], POPEJOAN_TABLE=str(folder))
        other.fails(5, "board", said=["missing"], POPEJOAN_TABLE=str(folder))
        cli.fails(5, "check", said=["missing"])  # after the other home's reads, still
    (folder / journal.JOURNAL).write_bytes(data)
    other.ok("check", **there)
    cli.ok("check")


def test_another_copys_witness_says_so_not_that_events_are_missing(cli: Cli) -> None:
    """A copy of the table (the same first line) that went its own way, with the other copy's `.verified`
    beside it: where its journal is as long as what that note vouched for, it is told as another copy (or an
    edited journal), not as events "missing" that it never held; a shorter one, which a cut could also have
    made, says it is missing events or is another copy. Both are damage (exit 5)."""
    folder = table_folder(cli)
    small_table(cli, folder)
    fork = folder.parent / "fork"
    shutil.copytree(folder, fork)
    for _ in range(4):  # this copy: nine short events (counts, and undos of them), its note vouching for them
        cli.ok("count", "pope", "6")
        cli.ok("undo", "--yes")
    cli.ok("count", "pope", "6")
    there = {"POPEJOAN_TABLE": str(fork)}
    cli.ok("undo", "--hand", "--yes", **there)  # the other copy went its own way: the deal undone, and three
    for name in ("Maximiliana-Wilhelmina-Theodora-vonHohen", "Konstantin-Alexandrovich-Rozhdestvenskiy",
                 "Bartholomew-Montgomery-Fitzwilliam-Smith"):
        cli.ok("table", "join", name, "--counters", "50", **there)  # players came and went: eight longer
        cli.ok("table", "leave", name, **there)  # events
    data, forked = (folder / journal.JOURNAL).read_bytes(), (fork / journal.JOURNAL).read_bytes()
    assert len(journal.decode(forked).events) == 11 < 12 == len(journal.decode(data).events)
    assert len(forked) >= len(data)  # fewer events in more bytes than the note vouched for: no cut makes that
    shutil.copy(folder / journal.VERIFIED, fork / journal.VERIFIED)
    said = cli.fails(5, "check", said=["this journal is not the one .verified speaks of",
                                       "verified 12 events of this table, and this journal holds 11",
                                       "another copy of the table that went its own way",
                                       "if this copy is the one to go on from, delete the file .verified"],
                     POPEJOAN_TABLE=str(fork))
    assert "missing" not in said
    (fork / journal.VERIFIED).unlink()  # as the hint says: this copy goes on
    cli.ok("check", **there)
    # Shorter than what the note vouched for: a cut, or another copy, and the words say both
    (folder / journal.JOURNAL).write_bytes(data[:data.index(b"\n") + 1])
    cli.fails(5, "check", said=["events 2–12 are missing", "or if it is another copy of the table that went its "
                                "own way"])


def test_a_note_from_before_keys_is_believed_and_converted(cli: Cli) -> None:
    """A `.verified` written before notes named their home's key (the same fields, no `key`) keeps its word:
    the whole journal is good, a cut one is damage; the next read writes the line with its key."""
    folder = table_folder(cli)
    data = small_table(cli, folder)
    note = json.loads((folder / journal.VERIFIED).read_text(encoding="utf-8"))
    del note["key"]
    old = json.dumps(note) + "\n"
    (folder / journal.VERIFIED).write_text(old, encoding="utf-8")
    cli.ok("check")
    (folder / journal.JOURNAL).write_bytes(data[:data.index(b"\n")])
    cli.fails(5, "check", said=["events 2–3 are missing"])
    (folder / journal.JOURNAL).write_bytes(data)
    (folder / journal.VERIFIED).write_text(old, encoding="utf-8")
    cli.ok("count", "pope", "6")  # a write: the note becomes this home's keyed line, and only it
    lines = (folder / journal.VERIFIED).read_text(encoding="utf-8").splitlines()
    assert len(lines) == 1 and "key" in json.loads(lines[0]) and json.loads(lines[0])["events"] == 4


IMPOSSIBLE = [
    "2026-02-30T20:00:00+01:00",  # no such day
    "2026-13-01T20:00:00+01:00",  # month 13
    "0000-12-01T20:00:00+01:00",  # year 0
    "2026-12-01T23:59:60+01:00",  # a leap second datetime does not read
    "2026-12-01T25:61:61+01:00",
    "2026-12-01T20:00:00+25:00",  # offset beyond ±24:00
    "2026-12-01T20:00:00+24:00",
    "2026-12-01T20:00:00+01:75",
    "٢٠٢٦-١٢-٠١T٢٠:٠٠:٠٠+٠١:٠٠",  # Arabic-Indic digits
    "2026-12-01T20:00:00",  # no offset
]


@pytest.mark.parametrize("at", IMPOSSIBLE)
def test_an_impossible_now_is_refused_and_nothing_is_written(cli: Cli, at: str) -> None:
    folder = table_folder(cli)
    small_table(cli, folder)
    said = cli.fails(2, "deal", "--seed", "2", POPEJOAN_NOW=at, said=["POPEJOAN_NOW=", "is not a real instant"])
    assert "hours 00–23" in said and "±24:00" in said
    cli.fails(2, "table", "new", "u", "--rules", "modern-stops", "--players", "Ann,Bob", POPEJOAN_NOW=at)
    assert not (cli.home / "tables" / "u" / journal.JOURNAL).exists()


@pytest.mark.parametrize("at", IMPOSSIBLE)
def test_a_line_with_an_impossible_time_is_damage_naming_it(cli: Cli, at: str) -> None:
    """The line as an earlier popejoan wrote it (its CRC right): `check` and every export say which line."""
    folder = table_folder(cli)
    data = small_table(cli, folder)
    lines = data.splitlines(keepends=True)
    event = journal.decode(lines[0] + lines[1] + lines[2]).events[2][1]
    (folder / journal.JOURNAL).write_bytes(lines[0] + lines[1] + journal.encode(3, event, at=at))
    (folder / journal.VERIFIED).unlink()
    cli.fails(5, "check", said=["line 3 is damaged", "is not a real instant"])
    for kind in ("csv", "hledger", "beancount"):
        cli.fails(5, "ledger", "export", "-", "--format", kind, said=["line 3 is damaged"])


def test_real_instants_still_pass(cli: Cli) -> None:
    """The edges of what is allowed: a leap day, midnight, an offset of ±23:59, a fraction, Z."""
    folder = table_folder(cli)
    small_table(cli, folder)
    for at in ("2028-02-29T00:00:00+23:59", "2026-12-01T23:59:59.5-23:59", "2026-12-01T00:00:00Z"):
        cli.ok("count", "pope", "6", POPEJOAN_NOW=at)
    cli.ok("check")
    assert journal.is_instant("2026-12-01T21:04:05+01:00")
    assert not journal.is_instant("2026-12-01T21:04:05+01:00\n")


def test_a_read_never_replaces_a_note_with_less(cli: Cli) -> None:
    """A read that finishes after a write made meanwhile keeps the write's note (for more events), and a read
    while another command holds the table's lock writes no note at all: `.verified` is rewritten under the
    lock only, so two homes' reads never drop each other's line."""
    folder = table_folder(cli)
    small_table(cli, folder)
    early = journal.load(folder, trust=False)  # a read of three events ...
    cli.ok("count", "pope", "6")  # ... while a write records a fourth
    journal.mark_verified(folder, early)
    assert json.loads((folder / journal.VERIFIED).read_text(encoding="utf-8"))["events"] == 4
    data = (folder / journal.JOURNAL).read_bytes()
    (folder / journal.JOURNAL).write_bytes(data[:data.rindex(b"\n", 0, len(data) - 1) + 1])
    cli.fails(5, "check", said=["event 4 is missing"])
    (folder / journal.JOURNAL).write_bytes(data)
    (folder / journal.VERIFIED).unlink()
    late = journal.load(folder, trust=False)
    with disk.locked(folder, 0):
        journal.mark_verified(folder, late)
    assert not (folder / journal.VERIFIED).exists()
    journal.mark_verified(folder, late)
    assert json.loads((folder / journal.VERIFIED).read_text(encoding="utf-8"))["events"] == 4
