"""`popejoan serve` on a table whose folder cannot be written (read-only media, no permission).

Before issue 37 it could not start: it needs `serve.lock` in the folder, and said so as exit 6.
Now it serves the table read-only: one line on stderr says so, the pages show the table, every
lead is refused with the reason (nothing is recorded), and the links kept in the folder open the
same pages as before. Each test runs a real server in a subprocess (`serving`); the folder is made
unwritable with chmod, or as root (which ignores modes) with the immutable flag.
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("httpx")

import serving

from conftest import read_only
from popejoan_cli.store import links as serve_links

PLAYERS = ("Ann", "Bob", "Cat", "Dan")
SAID = ("popejoan serve: this table's folder cannot be written (permission denied): it is served read-only, "
        "and the pages refuse every lead\n")


def table_files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def test_a_read_only_table_is_served_its_leads_refused_saying_why_and_nothing_is_written(tmp_path: Path) -> None:
    home = tmp_path / "home"
    serving.table(home, PLAYERS, seed=42)
    folder = home / "tables" / "fri"
    first = serving.start(home)  # once writable: the links kept in the folder
    assert first.stop()[0] == 0
    before = table_files(folder)
    with read_only(folder, *folder.iterdir()):
        served = serving.start(home)
        try:
            def tokens(served: serving.Served) -> list[str]:
                return [url.rsplit("/", 1)[1] for url in (served.board, *served.players.values())]

            assert tokens(served) == tokens(first)  # the links kept there open the same pages
            state = serving.http.get(f"{served.players['Ann']}/state", timeout=5).json()
            leader = state["lead"]
            mine = serving.http.get(f"{served.players[leader]}/state", timeout=5).json()
            lead = {"card": mine["you"]["legal"][0], "seq": mine["seq"]}
            for body in (lead, {**lead, "check": True}):
                got = serving.http.post(f"{served.players[leader]}/lead", json=body, timeout=5)
                assert got.status_code == 409, got.text
                assert got.json()["error"] == ("this table is served read-only: its folder cannot be written, "
                                               "so no lead can be recorded")
            board = serving.http.get(f"{served.board}/state", timeout=5).json()
            assert board["seq"] == state["seq"] and board["lead"] == leader
        finally:
            code, err = served.stop()
        assert (code, err) == (0, SAID + "popejoan serve: stopped\n")
        assert table_files(folder) == before  # not a byte: no lock, no links, no note


def test_a_read_only_table_with_no_links_kept_gets_links_for_this_run(tmp_path: Path) -> None:
    home = tmp_path / "home"
    serving.table(home, PLAYERS, seed=42)
    folder = home / "tables" / "fri"
    with read_only(folder, *folder.iterdir()):
        served = serving.start(home, env={"POPEJOAN_LANG": "ru"})
        try:
            assert set(served.players) == set(PLAYERS)
            state = serving.http.get(f"{served.players['Bob']}/state", timeout=5).json()
            got = serving.http.post(f"{served.players['Bob']}/lead", json={"card": "AS", "seq": state["seq"]},
                                    timeout=5)
            assert got.status_code == 409
            said = got.json()["error"].replace("\u00a0", " ")  # the words as read
            assert said == "стол показан только для чтения: в его папку нельзя писать, поэтому ход не записать"
        finally:
            code, err = served.stop()
        err = err.replace("\u00a0", " ")  # the words as read
        assert code == 0 and err.startswith("popejoan serve: в папку этого стола нельзя писать (нет прав доступа): "
                                            "стол показан только для чтения"), err
    assert not (folder / serve_links.FILE).exists()  # the links lasted the run: nowhere to keep them
