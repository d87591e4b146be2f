"""`popejoan rules check`: warnings of keys that do nothing in their combination (`game.inert`), and a key
written in another table's place (docs/house-rules.md: A file with mistakes).

A warning is no problem: the file is ok (exit 0, its line on stdout), and each warning goes to stderr at
its key's line, in English or Russian; `--json` lists them as `{key, message}`, in English. A key known in
another table is told where it belongs, at its line, instead of a "did you mean" among the wrong table's
keys; a true typo still gets one.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import Cli
from popejoan_cli.formats import presets

RU = {"POPEJOAN_LANG": "ru"}

SLEEPY = """\
name = "sleepy"

[turnup]
pope_limit = 4

[play]
pass_pays = 1
change_suit = "suit"
"""
"""Peel's limit without the payment it limits, and a pass payment where the lead never passes."""

LIMIT_EN = ("popejoan: warning: sleepy.toml:4:1: turnup.pope_limit: does nothing: it limits what each player "
            "pays the dealer for a turned-up Pope, which only turnup.pope_per_card = true makes him pay\n"
            "  | pope_limit = 4\n"
            "  | ^\n")
PASS_EN = ("popejoan: warning: sleepy.toml:7:1: play.pass_pays: does nothing: the lead never passes; it applies "
           "with play.no_new_suit = \"pass\" and play.change_suit = \"suit\" or \"colour\"\n"
           "  | pass_pays = 1\n"
           "  | ^\n")

MISPLACED = """\
name = "lost"
pope_per_card = true

[play]
pope_limit = 3
folow = "holder"
title = "Lost keys"

[[pot]]
name = "pope"
wins = "card"
card = "9D"
pope_stakes = 1
"""
"""Keys of [turnup], of the top of the file and of [play] in other tables, and one typo."""


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The files above in the current folder, so that each message names its file as `sleepy.toml`."""
    (tmp_path / "sleepy.toml").write_text(SLEEPY, encoding="utf-8")
    (tmp_path / "lost.toml").write_text(MISPLACED, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_keys_that_do_nothing_are_warned_of_and_the_file_is_ok(cli: Cli, here: Path) -> None:
    res = cli.ok("rules", "check", "sleepy.toml")
    assert res.stdout == "sleepy.toml: ok — sleepy, 8 pots, 3–8 players\n"
    assert res.stderr == LIMIT_EN + PASS_EN


def test_the_warnings_in_russian(cli: Cli, here: Path) -> None:
    res = cli.ok("rules", "check", "sleepy.toml", **RU)
    assert res.stdout == "sleepy.toml: в порядке — sleepy, 8 секций, игроков: 3–8\n"
    assert res.stderr == (
        "popejoan: предупреждение: sleepy.toml:4:1: turnup.pope_limit: ни на что не влияет: он ограничивает "
        "плату каждого игрока сдатчику за открытого Поп Джона, а эту плату вводит только "
        "turnup.pope_per_card = true\n"
        "  | pope_limit = 4\n"
        "  | ^\n"
        "popejoan: предупреждение: sleepy.toml:7:1: play.pass_pays: ни на что не влияет: ход никогда не "
        "переходит; ключ действует при play.no_new_suit = \"pass\" и play.change_suit = \"suit\" или \"colour\"\n"
        "  | pass_pays = 1\n"
        "  | ^\n")


def test_the_warnings_in_json(cli: Cli, here: Path) -> None:
    data = cli.json("rules", "check", "sleepy.toml", str(presets.preset_path("michigan")))
    assert [d["warnings"] for d in data] == [[
        {"key": "turnup.pope_limit",
         "message": "does nothing: it limits what each player pays the dealer for a turned-up Pope, which only "
                    "turnup.pope_per_card = true makes him pay"},
        {"key": "play.pass_pays",
         "message": "does nothing: the lead never passes; it applies with play.no_new_suit = \"pass\" and "
                    "play.change_suit = \"suit\" or \"colour\""},
    ], []]
    russian = cli.ok("rules", "check", "sleepy.toml", str(presets.preset_path("michigan")), "--json", **RU)
    assert json.loads(russian.stdout) == data  # JSON is English


def test_the_pope_keys_on_a_board_without_a_pope_are_warned_of(cli: Cli, tmp_path: Path) -> None:
    path = tmp_path / "nopope.toml"
    path.write_text('[turnup]\npope_per_card = true\npope_limit = 4\n\n[play]\npope_stakes = 1\n\n'
                    '[[pot]]\nname = "game"\nstake = 1\nwins = "first-out"\n', encoding="utf-8")
    res = cli.ok("rules", "check", str(path))
    said = [line for line in res.stderr.splitlines() if line.startswith("popejoan: warning: ")]
    assert [line.split(": ")[2:4] for line in said] == [
        [f"{path}:2:1", "turnup.pope_per_card"], [f"{path}:3:1", "turnup.pope_limit"],
        [f"{path}:6:1", "play.pope_stakes"]]
    assert all(line.endswith("does nothing: the Pope's keys apply only where the board has a 'card' pot named "
                             "pope, and this board has none") for line in said)


def test_a_preset_file_and_a_new_file_are_warned_of_nothing(cli: Cli, here: Path) -> None:
    for name in presets.PRESET_ORDER:
        cli.ok("rules", "new", "--from", name, "-o", f"{name}.toml")
    res = cli.ok("rules", "check", *(f"{name}.toml" for name in presets.PRESET_ORDER))
    assert res.stderr == ""
    assert len(res.stdout.splitlines()) == len(presets.PRESET_ORDER)


def test_a_key_in_another_tables_place_is_told_where_it_belongs(cli: Cli, here: Path) -> None:
    err = cli.fails(5, "rules", "check", "lost.toml", several=True)
    assert err == (
        "popejoan: lost.toml:2:1: pope_per_card: pope_per_card belongs in [turnup]\n"
        "  | pope_per_card = true\n"
        "  | ^\n"
        "  = move it under [turnup]\n"
        "lost.toml:5:1: play.pope_limit: pope_limit belongs in [turnup], not in [play]\n"
        "  | pope_limit = 3\n"
        "  | ^\n"
        "  = move it under [turnup]\n"
        "lost.toml:6:1: play.folow: unknown key in [play]\n"
        "  | folow = \"holder\"\n"
        "  | ^\n"
        "  = allowed: 'lead', 'follow', 'change_suit', 'no_new_suit', 'pairs', 'pair_order', 'first_lead', "
        "'improper_lead', 'improper_penalty', 'pass_pays', 'pass_pot', 'pope_stakes', 'pope_in_lieu'; "
        "did you mean 'follow'?\n"
        "lost.toml:7:1: play.title: title belongs at the top of the file, not in [play]\n"
        "  | title = \"Lost keys\"\n"
        "  | ^\n"
        "  = move it above the first [section] header\n"
        "lost.toml:13:1: pot[1].pope_stakes: pope_stakes belongs in [play], not in [[pot]]\n"
        "  | pope_stakes = 1\n"
        "  | ^\n"
        "  = move it under [play]\n"
        "5 problems found\n")


def test_where_a_key_belongs_in_russian(cli: Cli, here: Path) -> None:
    res = cli("rules", "check", "lost.toml", **RU)
    assert res.exit_code == 5 and res.stdout == ""
    for said in ("popejoan: lost.toml:2:1: pope_per_card: ключ pope_per_card должен стоять в [turnup]\n",
                 "lost.toml:5:1: play.pope_limit: ключ pope_limit должен стоять в [turnup], а не в [play]\n"
                 "  | pope_limit = 3\n  | ^\n  = перенесите его в [turnup]\n",
                 "; может быть, «follow»?\n",
                 "lost.toml:7:1: play.title: ключ title должен стоять в начале файла, а не в [play]\n",
                 "  = перенесите его выше заголовка первой таблицы\n",
                 "ключ pope_stakes должен стоять в [play], а не в [[pot]]\n"):
        assert said in res.stderr, (said, res.stderr)


def test_a_key_named_like_a_table_at_the_top_belongs_in_its_own_table(cli: Cli, tmp_path: Path) -> None:
    path = tmp_path / "top.toml"
    path.write_text('turnup = "none"\n', encoding="utf-8")
    err = cli.fails(5, "rules", "check", str(path))
    assert err == (f"popejoan: {path}:1:1: turnup: turnup belongs in [deal]\n"
                   "  | turnup = \"none\"\n  | ^\n  = move it under [deal]\n")


def test_the_final_suit_is_read_only_by_a_final_deal(cli: Cli, tmp_path: Path) -> None:
    """`final.suit` is warned of under `final.deal = "none"`: no final deal is ever dealt there."""
    path = tmp_path / "suit.toml"
    path.write_text('[final]\nsuit = "S"\n', encoding="utf-8")
    assert "final.suit: does nothing: under final.deal = \"none\" there is no final deal" in \
        cli.ok("rules", "check", str(path)).stderr
    cli.fails(2, "hand", "final", "--rules", str(path), "--players", "A,B,C", "--seed", "1",
              said=("final.deal = \"none\"",))


def test_the_warnings_come_in_the_files_order(cli: Cli, tmp_path: Path) -> None:
    """A reader goes down the file: the warnings follow its lines, not the order of the key table."""
    ours = tmp_path / "ours.toml"
    ours.write_text('[play]\nimproper_penalty = 4\npass_pays = 2\n[turnup]\npope_limit = 3\n', encoding="utf-8")
    res = cli.ok("rules", "check", str(ours))
    lines = [line.split(": ")[3] for line in res.stderr.splitlines() if "warning" in line]
    assert lines == ["play.improper_penalty", "play.pass_pays", "turnup.pope_limit"]
