"""`undo` counts what was typed (issue 39): one `play` line, one `count board`, one `table join` is one
command, undone whole and named part by part; a journal written before its writes were marked is grouped as
it always was."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from conftest import Cli
from popejoan_cli.game.cards import Card


def face(card: str) -> str:
    return Card.parse(card).face


def plays(cli: Cli) -> list[Any]:
    """The cards recorded in the hand being played, in order."""
    hand = cli.json("history")["hands"][-1]
    return [p["card"] for p in hand["plays"]]


def test_a_play_line_is_one_command_and_undo_hand_counts_two(cli: Cli) -> None:
    """The issue's own line: a run of three cards and a stop, then `undo --hand`: the deal and that line."""
    cli.ok("table", "new", "t", "--rules", "modern-stops", "--players", "Ann,Bob,Cat,Dan,Eve", "--dealer", "Dan")
    cli.ok("deal", "--real", "--turnup", "8C")
    cli.ok("play", "Eve", "2H", "3H", "4H:Bob", "5H:Cat", "stop")
    cli.ok("board")  # a reading command between: the next one opens the table from its cache
    said = cli.ok("undo", "--hand", "--yes")
    assert said.stderr == ("Undo:\n"
                           f"  Eve's {face('2H')}; Eve's {face('3H')}; Bob's {face('4H')}; Cat's {face('5H')}; "
                           "the stop called in hand 1\n"
                           "  the deal of hand 1 by Dan (a real deck)\n")
    assert said.stdout.startswith("Undone: 2 commands.\n")


def test_undo_one_after_a_line_takes_back_the_whole_line(cli: Cli) -> None:
    cli.ok("table", "new", "t", "--rules", "modern-stops", "--players", "Ann,Bob,Cat,Dan", "--dealer", "Ann")
    cli.ok("deal", "--real", "--turnup", "8H")
    cli.ok("play", "Bob", "AS", "2S:Ann", "stop")
    cli.ok("play", "Ann", "3D", "4D:Bob", "5D:Cat")
    assert len(plays(cli)) == 5
    said = cli.ok("undo", "1", "--yes")
    assert said.stdout.startswith(f"Undone: Ann's {face('3D')}; Bob's {face('4D')}; Cat's {face('5D')}.\n")
    assert plays(cli) == ["AS", "2S"]
    cli.ok("play", "Ann", "3D", "4D:Bob")  # typed again as it was, the slip left out
    assert plays(cli) == ["AS", "2S", "3D", "4D"]


def test_one_count_of_the_board_is_one_command(cli: Cli) -> None:
    cli.ok("table", "new", "t", "--rules", "modern-stops", "--players", "Ann,Bob,Cat")
    pots = len(cli.json("board"))
    cli.ok("count", "board", ",".join(["0"] * pots))
    cli.ok("count", "Ann", "50")
    said = cli.ok("undo", "2", "--yes")
    assert said.stderr.count("\n") == 3  # "Undo:" and the two commands, the board's counts on one line
    assert "the count of Ann: 50" in said.stderr.splitlines()[1]
    assert said.stdout.startswith("Undone: 2 commands.\n")


def test_a_line_typed_at_the_shell_is_one_command(cli: Cli) -> None:
    cli.ok("table", "new", "t", "--rules", "modern-stops", "--players", "Ann,Bob,Cat,Dan", "--dealer", "Ann")
    out = cli.ok("shell", input="deal --real --turnup 8H\nplay Bob 7H 8H 9H:Cat stop\nundo --yes\n").stdout
    assert f"Undone: Bob's {face('7H')}; Bob's {face('8H')}; Cat's {face('9H')}; the stop called in hand 1." in out
    assert plays(cli) == []


def _unmarked(journal: Path) -> None:
    """The journal as popejoan wrote it before a write's lines were marked: every `more` gone, each line's
    CRC made again."""
    import zlib

    lines = []
    for raw in journal.read_bytes().splitlines():
        obj = json.loads(raw)
        obj.pop("crc")
        obj.pop("more", None)
        body = json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
        lines.append(body[:-1] + b',"crc":"%08x"}\n' % zlib.crc32(body))
    journal.write_bytes(b"".join(lines))
    for stale in (".verified", ".folded"):
        (journal.parent / stale).unlink(missing_ok=True)


def test_a_journal_without_marks_is_undone_as_it_always_was(cli: Cli) -> None:
    """Each card its own command, a lead and its checkpoint one, as before the marks."""
    cli.ok("table", "new", "t", "--rules", "modern-stops", "--players", "Ann,Bob,Cat,Dan", "--dealer", "Ann")
    cli.ok("deal", "--real", "--turnup", "8H")
    cli.ok("play", "Bob", "7H", "8H", "9H:Cat")
    journal = cli.home / "tables" / "t" / "journal.jsonl"
    assert b'"more":' in journal.read_bytes()
    _unmarked(journal)
    said = cli.ok("undo", "--yes")
    assert said.stdout.startswith(f"Undone: Cat's {face('9H')}.\n")
    assert plays(cli) == ["7H", "8H"]
