"""The links `popejoan serve` keeps in the table's folder (`store/links.py`, `serve-links.json`): the
same secrets at every start, new ones only when asked (`--new-links`), mode 0600, written whole and
through a symbolic link, never in the journal or an export, and a damaged file an error that says how
to start over. The server that uses them is tests/web/test_restart.py's.
"""

from __future__ import annotations

import json
import os
import stat
import sys
from pathlib import Path

import pytest

from conftest import Cli, play_hand
from popejoan_cli.base.errors import DataError, StorageError
from popejoan_cli.store import links, tables

PLAYERS = ("Ann", "Bob", "Cat", "Dan")
POSIX = pytest.mark.skipif(sys.platform == "win32", reason="file modes and symbolic links as POSIX has them")


@pytest.fixture
def folder(cli: Cli) -> Path:
    """The table `fri` (Ann, Bob, Cat, Dan), between hands."""
    cli.ok("table", "new", "fri", "--rules", "modern-stops", "--players", ",".join(PLAYERS), "--counters", "50")
    return tables.folder()


def secrets_of(kept: links.Kept) -> set[str]:
    return {kept.board, *kept.players.values()}


def test_a_table_has_no_links_until_serve_makes_them(folder: Path) -> None:
    assert links.load(folder) is None
    assert not (folder / links.FILE).exists()


def test_the_links_are_made_once_and_the_same_at_every_load(folder: Path) -> None:
    made = links.kept(folder, PLAYERS)
    assert sorted(made.players) == sorted(PLAYERS)
    assert len(secrets_of(made)) == 5 and all(links.TOKEN.match(s) and len(s) >= 21 for s in secrets_of(made))
    assert links.load(folder) == made
    again = links.kept(folder, PLAYERS)  # a server started again on the same table
    assert again == made
    on_disk = json.loads((folder / links.FILE).read_text(encoding="utf-8"))
    assert on_disk == {"board": made.board, "players": made.players}


def test_renewing_makes_every_secret_anew_and_keeps_them(folder: Path) -> None:
    before = links.kept(folder, PLAYERS)
    renewed = links.kept(folder, PLAYERS, renew=True)  # serve --new-links
    assert sorted(renewed.players) == sorted(PLAYERS)
    assert secrets_of(renewed).isdisjoint(secrets_of(before))
    assert links.kept(folder, PLAYERS) == renewed  # and the next start gives the new ones


def test_a_new_player_gets_a_secret_and_one_who_left_loses_theirs(folder: Path) -> None:
    before = links.kept(folder, PLAYERS)
    now = links.kept(folder, ("Ann", "Bob", "Cat", "Eve"))
    assert now.board == before.board
    assert {n: now.players[n] for n in ("Ann", "Bob", "Cat")} == {n: before.players[n] for n in ("Ann", "Bob", "Cat")}
    assert "Dan" not in now.players and now.players["Eve"] not in secrets_of(before)
    assert links.load(folder) == now


@POSIX
def test_the_file_is_for_its_owner_only(folder: Path) -> None:
    old = os.umask(0o022)  # a usual umask: a file written plainly would be readable by everyone
    try:
        links.kept(folder, PLAYERS)
        assert stat.S_IMODE((folder / links.FILE).stat().st_mode) == 0o600
        links.kept(folder, PLAYERS, renew=True)
        assert stat.S_IMODE((folder / links.FILE).stat().st_mode) == 0o600
    finally:
        os.umask(old)
    assert not [p.name for p in folder.iterdir() if p.name.endswith(".tmp")]


@POSIX
def test_a_file_left_readable_by_others_is_replaced_by_one_that_is_not(folder: Path) -> None:
    made = links.kept(folder, PLAYERS)
    (folder / links.FILE).chmod(0o644)
    links.save(folder, made)
    assert stat.S_IMODE((folder / links.FILE).stat().st_mode) == 0o600


@POSIX
def test_a_symlinked_links_file_is_written_through_not_replaced(folder: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "private" / "fri-links.json"
    elsewhere.parent.mkdir()
    elsewhere.write_text("", encoding="utf-8")
    (folder / links.FILE).symlink_to(elsewhere)
    with pytest.raises(DataError):  # an empty file is not links: it is not made anew behind the banker's back
        links.kept(folder, PLAYERS)
    made = links.kept(folder, PLAYERS, renew=True)
    assert (folder / links.FILE).is_symlink()
    assert os.readlink(folder / links.FILE) == str(elsewhere)
    assert json.loads(elsewhere.read_text(encoding="utf-8"))["board"] == made.board
    assert stat.S_IMODE(elsewhere.stat().st_mode) == 0o600
    assert links.load(folder) == made == links.kept(folder, PLAYERS)
    renewed = links.kept(folder, PLAYERS, renew=True)
    assert (folder / links.FILE).is_symlink() and links.load(folder) == renewed != made
    assert not [p.name for p in elsewhere.parent.iterdir() if p.name != elsewhere.name]


SAME = "A" * 22
"""A secret that looks like one."""


@pytest.mark.parametrize("content", [
    "", "{", "[]", '{"board": "x"}', '{"board": 3, "players": {}}', '{"board": "short", "players": {}}',
    json.dumps({"board": SAME, "players": {"Ann": SAME}}),  # two pages with one secret
    json.dumps({"board": SAME, "players": {"Ann": "<script>alert(1)</script>"}}),
])
def test_a_damaged_file_is_an_error_that_says_how_to_start_over(folder: Path, content: str) -> None:
    (folder / links.FILE).write_text(content, encoding="utf-8")
    with pytest.raises(DataError) as err:
        links.kept(folder, PLAYERS)
    assert err.value.message.startswith(f"{folder / links.FILE}: this file does not hold popejoan serve's links\n")
    assert err.value.message.endswith("  = `popejoan serve --new-links` makes new ones (every link given out before "
                                      "stops working)")
    assert (folder / links.FILE).read_text(encoding="utf-8") == content  # left as it was
    assert links.kept(folder, PLAYERS, renew=True).board != SAME


@POSIX
def test_a_folder_it_cannot_write_is_a_storage_error(folder: Path) -> None:
    if os.geteuid() == 0:
        pytest.skip("root writes anywhere")
    folder.chmod(0o500)
    try:
        with pytest.raises(StorageError) as err:
            links.kept(folder, PLAYERS)
        assert "cannot write" in str(err.value.message)
    finally:
        folder.chmod(0o700)


def test_the_journal_and_every_export_hold_no_secret_and_the_table_checks_out(cli: Cli, folder: Path,
                                                                            tmp_path: Path) -> None:
    made = links.kept(folder, PLAYERS)
    play_hand(cli, 7)
    play_hand(cli, 42)
    cli.ok("check")
    cli.ok("history")
    renewed = links.kept(folder, PLAYERS, renew=True)
    every = secrets_of(made) | secrets_of(renewed)
    texts = {"journal": (folder / "journal.jsonl").read_text(encoding="utf-8")}
    for ext in ("toml", "json", "csv", "hledger", "beancount"):
        out = tmp_path / f"fri.{ext}"
        cli.ok("ledger", "export", str(out))
        texts[ext] = out.read_text(encoding="utf-8")
    texts["stdout"] = cli.ok("ledger", "export", "-", "--format", "json").stdout
    texts["board"] = cli.ok("board", "--json").stdout
    for name, text in texts.items():
        assert not any(secret in text for secret in every), name
    # The export continues as a table of its own, which has no links until it is served.
    cli.ok("table", "new", "sat", "--from", str(tmp_path / "fri.toml"))
    assert not (tables.folder_of("sat") / links.FILE).exists()
    assert (folder / links.FILE).exists() and links.load(folder) == renewed
