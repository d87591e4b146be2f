"""A five-player evening at one table, end to end through the CLI.

Seeded hands played out by the lowest lead, two real-deck hands recorded card by card (the
cards of a known seeded deal, typed in as the table would: `play`, `stop` where only the
table can know, `out --pope`), a player leaving between hands and coming back, `end`,
`session new`, an `undo` refused across the session boundary, an export through a
symbolic link, and every command that states a player's change over the session
(`ledger show`, `ledger settle`, `ledger stats --session`, the CSV export) agreeing, with
counters conserved.

Driven in-process with Typer's CliRunner in an isolated POPEJOAN_HOME; stdout, stderr and
the exit code are checked separately.
"""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

import conftest
from popejoan_cli.formats.presets import preset
from popejoan_cli.game.board import Board
from popejoan_cli.game.cards import Dealt
from popejoan_cli.game.deal import seeded_deal
from popejoan_cli.game.hand import Hand
from popejoan_cli.game.playout import play_out
from popejoan_cli.store import tables

FIVE = ("Ann", "Bob", "Cat", "Dan", "Eve")
RULES = "modern-stops"


class Cli(conftest.Cli):
    """conftest's CLI at 120 columns, whose `--json` reads also insist on a silent stderr."""

    def __init__(self, home: Path) -> None:
        super().__init__(home, columns="120")

    def json(self, *args: str, input: str | None = None, **extra: str) -> Any:
        res = self.ok(*args, "--json", input=input, **extra)
        assert res.stderr == "", (args, res.stderr)
        return json.loads(res.stdout)


@pytest.fixture
def cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Cli:
    monkeypatch.delenv("POPEJOAN_TABLE", raising=False)
    monkeypatch.setenv("POPEJOAN_HOME", str(tmp_path / "home"))
    return Cli(tmp_path / "home")


def seated() -> tuple[list[str], str]:
    view, _ = tables.view(tables.folder())
    return list(view.players), view.next_dealer


def play_seeded(cli: Cli, seed: int) -> None:
    """Deal from `seed` and lead the lowest legal card until the hand ends."""
    dealt = cli.ok("deal", "--seed", str(seed))
    assert dealt.stderr == "" and "leads" in dealt.stdout
    last = dealt
    while tables.view(tables.folder())[0].open_hand is not None:
        last = cli.lead_lowest(tables.folder(), by=True)
        assert last.stderr == ""
    assert " is out." in last.stdout


def record_real(cli: Cli, seed: int, *, batch: bool) -> dict[str, Any]:
    """Record the seeded deal `seed` at this table as a real deck; returns its history record."""
    players, dealer_name = seated()
    dealer = players.index(dealer_name)
    rules = preset(RULES)
    dealt = seeded_deal(rules, len(players), dealer, seed)
    hand = play_out(Hand.deal(rules, len(players), dealer, Board(rules), dealt))
    assert hand.out is not None and not hand.ended_at_turnup
    said = cli.ok("deal", "--real", "--turnup", str(dealt.turnup))
    assert said.stderr == ""
    assert f"real deck, {dealer_name} deals." in said.stdout
    assert f"{players[hand.eldest]} leads" in said.stdout
    last = play_plan(cli, players, plan_of(hand, batch), said.stdout)
    out = settle_out(cli, players, hand, dealt, last)
    rec: dict[str, Any] = cli.json("history")["hands"][-1]
    assert rec["closed"] is True and rec["out"] == out
    return rec


TABLE_STOP, REFEREE_STOP = -1, -2
"""A step of `plan_of` that is a stop: the table must call it (the next card is unseen), or the referee makes it."""


def plan_of(hand: Hand, batch: bool) -> list[tuple[int, list[Any]]]:
    """(seat, cards) to play, or (TABLE_STOP, []) where the table must call the stop (next card
    unseen), (REFEREE_STOP, []) where the referee stops the run itself. With `batch`, a player's
    cards in a row are one step."""
    plan: list[tuple[int, list[Any]]] = []
    stops = iter(hand.stops)
    for i, p in enumerate(hand.plays):
        if p.lead and i:
            s = next(stops)
            plan.append((TABLE_STOP if s.reason == "spare" else REFEREE_STOP, []))
        if batch and plan and plan[-1][0] == p.seat:
            plan[-1][1].append(p)
        else:
            plan.append((p.seat, [p]))
    return plan


def play_plan(cli: Cli, players: list[str], plan: list[tuple[int, list[Any]]], last: str) -> str:
    """Type in `plan` after a command that said `last`: `play` for cards, `stop` where the table
    calls it; returns what the last command said."""
    for seat, items in plan:
        if seat == TABLE_STOP:
            assert "or `popejoan stop` if nobody can." in last, last
            res = cli.ok("stop")
            assert res.stderr == "" and "leads next" in res.stdout
            last = res.stdout
        elif seat >= 0:
            res = cli.ok("play", players[seat], *(str(p.card) for p in items))
            assert res.stderr == ""
            assert res.stdout.startswith(f"{players[seat]} {'leads' if items[0].lead else 'plays'} "
                                         f"{items[0].card.face}\n"), res.stdout
            last = res.stdout
    return last


def settle_out(cli: Cli, players: list[str], hand: Hand, dealt: Dealt, last: str) -> str:
    """Settle the hand `last` said is out: `out NAME`, with `--pope` where the referee cannot know
    who still holds the Pope; returns who is out."""
    assert hand.out is not None
    out = players[hand.out]
    assert f"{out} is out.\n" in last
    pope = hand.pope_card
    if pope is not None and hand.played_by[pope] < 0 and pope != dealt.turnup:
        held = [players[s] for s in range(len(players)) if pope in hand.holding[s]]
        answer = held[0] if held else "spare"
        assert last.endswith(f"Who still holds the Pope? `popejoan out {out} --pope NAME|spare|none`\n")
        # the referee cannot know: `out` without the answer is a usage error, nothing recorded
        cli.fails(2, "out", out, said=("who still holds the Pope?",))
        settled = cli.ok("out", out, "--pope", answer)
    else:
        assert last.endswith(f"Settle with `popejoan out {out}`.\n"), last
        settled = cli.ok("out", out)
    assert settled.stderr == "" and settled.stdout.startswith(f"{out} is out.\n")
    return out


def csv_changes(cli: Cli, path: Path, session: int) -> dict[str, int]:
    """Per player, the sum of the CSV's amounts in `session`, counters brought in, carried in and taken away aside."""
    made = cli.ok("ledger", "export", str(path))
    assert made.stdout.startswith("Exported ") and made.stderr == ""
    sums: dict[str, int] = {}
    for row in csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"))):
        if int(row["session"]) != session or not row["player"]:
            continue
        sums.setdefault(row["player"], 0)
        if row["what"] not in ("buy-in", "cash-out", "carried"):
            sums[row["player"]] += int(row["amount"])
    return sums


def shown_changes(cli: Cli, names: tuple[str, ...]) -> dict[str, int]:
    """The Change column of `ledger show`, by player."""
    res = cli.ok("ledger", "show")
    assert res.stderr == ""
    found = {m[1]: int(m[2]) for m in re.finditer(rf"({'|'.join(names)})[\s│|]+-?\d+[\s│|]+([+-]?\d+)", res.stdout)}
    return found


def conserved(cli: Cli) -> None:
    view, _ = tables.view(tables.folder())
    balances = cli.json("ledger", "show")
    board = cli.json("board")
    assert balances == dict(view.balances)
    assert sum(balances.values()) + sum(board.values()) == view.brought_in - sum(view.taken_out.values())


def agree(cli: Cli, tmp_path: Path, session: int, want: dict[str, int], name: str) -> None:
    """Every statement of each player's change over this session is `want`."""
    names = tuple(want)
    settled = cli.json("ledger", "settle")["nets"]
    stats = cli.json("ledger", "stats", "--session")
    assert stats["sessions"][-1] == name and len(stats["sessions"]) == 1
    by_stats = {p["player"]: p["net"] for p in stats["players"]}
    by_csv = csv_changes(cli, tmp_path / f"{name}.csv", session)
    by_show = shown_changes(cli, names)
    for player in names:
        assert (player, by_show.get(player), settled.get(player), by_stats.get(player), by_csv.get(player)) == (
            player, want[player], want[player], want[player], want[player])
    # what the players won or lost the board lost or won
    assert sum(v for k, v in settled.items() if k != "the board") + settled.get("the board", 0) == 0
    conserved(cli)


def test_a_five_player_evening(cli: Cli, tmp_path: Path) -> None:
    open_the_table(cli)

    # Two seeded hands, then a real one, five at the table.
    play_seeded(cli, 1)
    play_seeded(cli, 2)
    conserved(cli)
    first_real = record_real(cli, 8, batch=False)
    assert first_real["seed"] == ""
    conserved(cli)

    took = bob_leaves_and_comes_back(cli)
    second_real = record_real(cli, 3, batch=True)
    assert second_real["seed"] == ""
    play_seeded(cli, 4)
    conserved(cli)
    assert len(cli.json("history")["hands"]) == 6

    ended = cli.ok("end")
    assert ended.stderr == "" and "The session has ended." in ended.stdout
    # Session 1: start 50 each; Bob also took `took` away and brought 10 more.
    night = cli.json("ledger", "show")
    want1 = {p: night[p] - 50 for p in FIVE}
    want1["Bob"] = night["Bob"] + took - 60
    agree(cli, tmp_path, 1, want1, "fri")

    board = next_session_carries_over(cli, night)
    export_through_a_symbolic_link(cli, tmp_path)

    # Nothing has changed hands yet this session: every statement says 0.
    fresh = cli.json("ledger", "settle")
    assert {p: fresh["nets"].get(p, 0) for p in FIVE} == dict.fromkeys(FIVE, 0)
    assert fresh["board"]["counters"] == sum(board.values())
    agree(cli, tmp_path, 2, dict.fromkeys(FIVE, 0), "fri-s2")

    # One more hand in session 2, and every statement agrees again.
    play_seeded(cli, 5)
    now = cli.json("ledger", "show")
    agree(cli, tmp_path, 2, {p: now[p] - night[p] for p in FIVE}, "fri-s2")
    checked = cli.ok("check")
    assert checked.stdout.startswith("ok:") and checked.stderr == ""


def open_the_table(cli: Cli) -> None:
    """Table `fri`, five players with 50 counters each."""
    made = cli.ok("table", "new", "fri", "--rules", RULES, "--players", ",".join(FIVE), "--counters", "50")
    assert made.stderr == "" and "Ann, Bob, Cat, Dan, Eve, 50 counters each" in made.stdout
    assert cli.json("ledger", "show") == dict.fromkeys(FIVE, 50)


def bob_leaves_and_comes_back(cli: Cli) -> int:
    """Bob leaves between hands; four play on; he comes back with 10. Returns what he took away."""
    took: int = cli.json("ledger", "show")["Bob"]
    left = cli.ok("table", "leave", "Bob")
    assert (left.stdout, left.stderr) == (f"Bob leaves, taking {took} counters.\n", "")
    assert "Bob" not in cli.json("ledger", "show")
    play_seeded(cli, 3)
    conserved(cli)
    joined = cli.ok("table", "join", "Bob", "--counters", "10")
    assert (joined.stdout, joined.stderr) == ("Bob joins with 10 counters.\n", "")
    assert sorted(seated()[0]) == sorted(FIVE)
    return took


def next_session_carries_over(cli: Cli, night: dict[str, int]) -> dict[str, int]:
    """Next week: a new session carries the balances (`night`) and the board; undo cannot reach
    back. Returns the board."""
    board: dict[str, int] = cli.json("board")
    s2 = cli.ok("session", "new")
    assert s2.stderr == "" and "'fri-s2'" in s2.stdout and "session 2" in s2.stdout
    assert cli.json("ledger", "show") == night
    assert cli.json("board") == board
    cli.fails(3, "undo", "--yes", said=("of a session is never undone",))
    assert cli.json("ledger", "show") == night
    assert cli.json("board") == board
    return board


def export_through_a_symbolic_link(cli: Cli, tmp_path: Path) -> None:
    """An export through a symbolic link writes the target and leaves the link a link."""
    real = tmp_path / "real"
    real.mkdir()
    target = real / "fri-s2.json"
    target.write_text("old\n", encoding="utf-8")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    exported = cli.ok("ledger", "export", str(link), "--force")
    assert exported.stdout.startswith("Exported 'fri-s2'") and exported.stderr == ""
    assert link.is_symlink() and link.resolve() == target
    doc = json.loads(target.read_text(encoding="utf-8"))
    assert doc["table"] == "fri-s2" and doc["session"] == 2
    assert not [p for p in real.iterdir() if p.name.endswith(".tmp")]
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
