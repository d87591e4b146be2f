"""Text from people never reaches a terminal as control characters: titles, names, labels, seeds.

Names and rule files are checked where they come in; the renderers are the second line of
defence. Here the checks at the door are stepped round (rules built in memory, a journal
written directly, the replay's name check switched off) and everything shown must hold no
ESC, CSI, BEL, carriage return or bidirectional override, but a visible escape instead.
Output is rendered without colour, so rich adds no escapes of its own.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console, RenderableType
from typer.testing import Result

from conftest import Cli
from popejoan_cli.base import records
from popejoan_cli.base.visible import shown
from popejoan_cli.formats.dealfile import DealSpec, play_deal
from popejoan_cli.formats.presets import preset
from popejoan_cli.game.board import Board
from popejoan_cli.game.cards import Card
from popejoan_cli.game.deal import seeded_deal
from popejoan_cli.game.playout import final_deal
from popejoan_cli.game.rules import HouseRules
from popejoan_cli.render import hand_views as render_hand
from popejoan_cli.render import narrate
from popejoan_cli.render import rule_views as render_rules
from popejoan_cli.render import table_views as render_table
from popejoan_cli.store import tables
from popejoan_cli.table import fold as table_mod
from popejoan_cli.table.events import HandDealt, TableOpened

EVIL = "Red\x1b[31m!\x07\x9b2J\r\u202eX\x08"
RAW = ("\x1b", "\x07", "\x9b", "\r", "\u202e", "\x08")
VISIBLE = "\\x1b[31m"


def clean(text: str) -> None:
    for ch in RAW:
        assert ch not in text, (ch, text)


def render(thing: RenderableType) -> str:
    buf = io.StringIO()
    Console(file=buf, width=200, color_system=None, force_terminal=False, highlight=False).print(thing)
    return buf.getvalue()


def evil_rules() -> HouseRules:
    rules = preset("modern-stops")
    values = {**rules.values, "title": EVIL, "description": "one\n" + EVIL, "sources": (EVIL,)}
    pots = tuple(records.replace(p, label=p.label + EVIL) for p in rules.pots)
    return records.replace(rules, values=values, pots=pots, cache={})


def test_visible_escapes() -> None:
    assert shown("a\x1b[31mb") == "a\\x1b[31mb"
    assert shown("a\nb\tc") == "a\\nb\\tc" and shown("a\nb\tc", multiline=True) == "a\nb\tc"
    assert shown("\u2028\u202e\x9b\x7f") == "\\u2028\\u202e\\x9b\\x7f"
    assert shown("Жанна O'Neil é 🂡") == "Жанна O'Neil é 🂡"


# ------------------------------------------------------------------------------ rules
def test_rules_show_of_a_file_with_escapes_prints_none(tmp_path: Path) -> None:
    """Refused at the door (exit 5) or shown escaped: either way no ESC reaches the terminal."""
    path = tmp_path / "evil.toml"
    path.write_text('name = "evil"\ntitle = "Bad \\u001b[31mRED\\u001b[0m"\n'
                    'description = "one\\u001b[2J two"\n', encoding="utf-8")
    res = Cli(tmp_path / "home", columns="200")("rules", "show", str(path))
    assert res.exit_code in (0, 5), (res.stdout, res.stderr, res.exception)
    clean(res.stdout)
    clean(res.stderr)
    assert VISIBLE in (res.stdout if res.exit_code == 0 else res.stderr)


def test_rules_views_show_escapes_not_controls() -> None:
    from popejoan_cli.cli.rules_cmd import differences

    rules = evil_rules()
    for thing in (render_rules.rules_view(rules), render_rules.presets_table([(EVIL, EVIL, EVIL)]),
                  render_rules.diff_table(preset("modern-stops"), rules, EVIL, "b",
                                          differences(preset("modern-stops"), rules))):
        out = render(thing)
        clean(out)
        assert VISIBLE in out
    # A description keeps its line breaks: "one" stands on a line of its own.
    assert any(line.strip("│ ") == "one" for line in render(render_rules.header_panel(rules)).splitlines())


def test_hand_views_show_escapes_not_controls() -> None:
    rules = evil_rules()
    names = ("Ann" + EVIL, "Bob", "Cat")
    dealt = seeded_deal(rules, 3, 0, 5)
    out = render(render_hand.deal_view(rules, names, 0, "seed" + EVIL, dealt))
    clean(out)
    assert VISIBLE in out
    spec = DealSpec(rules=rules, rules_name="x", players=names, dealer=0, dealt=dealt, seed=5, leads=(),
                    board={}, exchange=None)
    out = render(render_hand.replay_view(play_deal(spec), spec))
    clean(out)
    assert out.count(VISIBLE) > 3
    res = final_deal(rules, 3, 0, Board(rules, {p.name: 3 for p in rules.pots}), 9)
    out = render(render_hand.final_view(res, names))
    clean(out)
    assert VISIBLE in out
    out = render(render_hand.totals_view(rules, list(names), dict.fromkeys(names, 0), {}))
    clean(out)


def test_narrated_lines_show_escapes_on_a_terminal_and_down_a_pipe() -> None:
    line: narrate.Line = [f"{EVIL} leads ", Card.parse("4C"), f" ({EVIL})"]
    for out in (narrate.plain(line), render(render_hand.line_text(line))):
        clean(out)
        assert VISIBLE in out


# ------------------------------------------------------------------------------ a table
@pytest.fixture
def any_player_name(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(table_mod, "check_players", lambda names, rules, **_: [])
    yield


def test_table_commands_show_escapes_not_controls(tmp_path: Path, any_player_name: None,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POPEJOAN_HOME", str(tmp_path / "home"))
    where = tmp_path / "t"
    r = preset("modern-stops")
    players = ["Ann" + EVIL, "Bob", "Cat"]
    tables.record(lambda v: [TableOpened(name="t" + EVIL, rules=r.to_dict(), rules_name="modern-stops",
                                         players=players, counters=50, dealer=players[0])], where=where, create=True)
    tables.record(lambda v: [HandDealt(seed="s" + EVIL, dealer=v.next_dealer)], where=where)

    def run(*args: str) -> Result:
        res = Cli(tmp_path / "home", columns="200").ok("--table", str(where), *args)
        clean(res.stdout)
        clean(res.stderr)
        return res

    for args in (("board",), ("ledger", "show"), ("history",)):
        assert VISIBLE in run(*args).stdout, args
    view = tables.view(where)[0]
    out = render(render_table.seat_hand_view(view.hands[0], 0))
    clean(out)
    assert VISIBLE in out
    clean(render(render_table.deal_summary(view.hands[0])))
