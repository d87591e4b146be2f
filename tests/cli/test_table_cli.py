"""The table verbs on the command line: an evening at a table, and every way to get it wrong.

Driven in-process with Typer's CliRunner, each test in its own POPEJOAN_HOME (POPEJOAN_TABLE
never inherited), stdout, stderr and the exit code checked separately (README "Exit codes").
Leads are each leader's lowest legal lead (`table.moves.lowest`), so a seeded hand plays
out the same way every time. After every change the players' counters
plus the board add up to what was brought in less what was taken away.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import Result

import conftest
from popejoan_cli.formats.presets import preset
from popejoan_cli.game.cards import CARDS, Card
from popejoan_cli.render.narrate import REASONS
from popejoan_cli.store import tables
from popejoan_cli.table import moves
from popejoan_cli.table.view import TableView

FACE = re.compile(r"(?:10|[2-9AJQK])[♣♦♥♠]")
PLAYERS = "Ann,Bob,Cat,Dan"


class Cli(conftest.Cli):
    """conftest's CLI, with the tables of its home folder (`fri` unless named) at hand."""

    def folder(self, name: str = "fri") -> Path:
        return self.home / "tables" / name

    def journal(self, name: str = "fri") -> bytes:
        return (self.folder(name) / "journal.jsonl").read_bytes()

    def view(self, name: str = "fri") -> TableView:
        return tables.view(self.folder(name))[0]

    def lowest(self, name: str = "fri") -> tuple[str, Card]:
        """Who leads next in the open hand, and their lowest legal lead (`table.moves.lowest`)."""
        led = moves.lowest(self.view(name))
        assert led is not None
        return led.player, Card.parse(led.card)

    def in_play(self) -> int:
        """Players plus board, as `ledger show --json` and `board --json` say."""
        shown: dict[str, int] = self.json("ledger", "show")
        board: dict[str, int] = self.json("board")
        return sum(shown.values()) + sum(board.values())


@pytest.fixture
def cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Cli:
    monkeypatch.delenv("POPEJOAN_TABLE", raising=False)
    monkeypatch.delenv("POPEJOAN_HOME", raising=False)
    return Cli(tmp_path / "home")


def new_table(cli: Cli, name: str = "fri", rules: str = "modern-stops", players: str = PLAYERS,
              counters: int = 50) -> Result:
    return cli.ok("table", "new", name, "--rules", rules, "--players", players, "--counters", str(counters))


def lead_lowest(cli: Cli, name: str = "fri") -> conftest.Read:
    who, card = cli.lowest(name)
    res = cli.lead_lowest(cli.folder(name))
    assert res.stdout.startswith(f"{who} leads {card.face}"), res.stdout
    assert res.stderr == ""
    return res


def play_out(cli: Cli, expect_total: int, name: str = "fri") -> list[conftest.Read]:
    """Lead lowest until the hand ends, checking conservation after every lead."""
    out = []
    while cli.view(name).open_hand is not None:
        out.append(lead_lowest(cli, name))
        assert cli.in_play() == expect_total
    return out


# ------------------------------------------------------------------------------ tables
def test_new_table_becomes_current_and_lives_in_its_folder(cli: Cli) -> None:
    res = new_table(cli)
    assert res.stderr == ""
    for word in ("fri", "Ann, Bob, Cat, Dan", "50 counters each", "Ann deals first"):
        assert word in res.stdout
    assert cli.ok("table", "list").stdout == "* fri\n"
    assert cli.json("table", "list") == {"tables": ["fri"], "current": "fri"}
    path = Path(cli.ok("table", "path").stdout.strip())
    assert path == cli.folder() and (path / "journal.jsonl").is_file()
    assert cli.in_play() == 200
    assert cli.json("ledger", "show") == dict.fromkeys(["Ann", "Bob", "Cat", "Dan"], 50)

    new_table(cli, "sat", rules="hoyle", players="Eve,Fay,Gus")
    assert cli.ok("table", "list").stdout == "  fri\n* sat\n"
    assert list(cli.json("ledger", "show")) == ["Eve", "Fay", "Gus"]
    res = cli.ok("table", "use", "fri")
    assert "fri" in res.stdout
    assert cli.ok("table", "list").stdout == "* fri\n  sat\n"
    assert Path(cli.ok("table", "path").stdout.strip()) == cli.folder("fri")
    cli.fails(2, "table", "use", "frí")
    cli.fails(2, "table", "use", "fry", said=("fry", "fri"))
    cli.fails(2, "table", "new", "fri", "--rules", "hoyle", "--players", "A,B,C", said=("already exists",))


def test_board_json_has_every_pot(cli: Cli) -> None:
    new_table(cli)
    pots = [p.name for p in preset("modern-stops").pots]
    assert cli.json("board") == dict.fromkeys(pots, 0)
    cli.ok("deal", "--seed", "42")
    board = cli.json("board")
    assert list(board) == pots and all(isinstance(v, int) for v in board.values())
    assert sum(board.values()) == 15


# ------------------------------------------------------------------------------ a hand
def test_deal_shows_dressing_turnup_and_leader(cli: Cli) -> None:
    new_table(cli)
    res = cli.ok("deal", "--seed", "42")
    assert res.stderr == ""
    lines = res.stdout.splitlines()
    assert lines[0] == "Hand 1: Ann deals."  # the seed stays secret while the hand is played
    assert "dressed with 15 counters" in res.stdout
    assert "Turn-up 8♥" in res.stdout and "hearts" in res.stdout
    assert "Bob leads" in res.stdout
    assert cli.json("ledger", "show") == {"Ann": 35, "Bob": 50, "Cat": 50, "Dan": 50}
    assert cli.in_play() == 200
    hist = cli.json("history")["hands"]
    assert len(hist) == 1 and hist[0]["seed"] is None and hist[0]["closed"] is False
    assert hist[0]["turnup"] == "8H" and hist[0]["dealer"] == "Ann"


def test_deal_without_a_seed_records_one(cli: Cli) -> None:
    new_table(cli)
    res = cli.ok("deal")
    seed = cli.view().hands[0].seed
    assert isinstance(seed, int) and str(seed) not in res.stdout
    assert cli.json("history")["hands"][0]["seed"] is None


def test_hand_show_gives_only_that_players_cards(cli: Cli) -> None:
    new_table(cli)
    cli.ok("deal", "--seed", "42")
    rec = cli.view().open_hand
    assert rec is not None
    for seat, name in enumerate(rec.players):
        mine = {CARDS[c] for c in rec.hand.holding[seat]}
        res = cli.ok("hand", "show", name)
        assert name in res.stdout
        assert not [other for other in rec.players if other != name and other in res.stdout]
        assert set(FACE.findall(res.stdout)) == {c.face for c in mine}
        assert f"{len(mine)} cards" in res.stdout
        data = cli.json("hand", "show", name)
        assert data["player"] == name and data["hand"] == 1
        assert sorted(data["cards"]) == sorted(str(c) for c in mine)
    assert cli.json("hand", "show", "Bob")["cards"] == ["9C", "4D", "7D", "7H", "8H", "QH", "AS", "5S", "7S", "9S",
                                                        "KS"]
    cli.fails(2, "hand", "show", "Zed", said=("Zed",))


def test_lead_tells_the_run_the_stop_and_who_leads_next(cli: Cli) -> None:
    new_table(cli)
    cli.ok("deal", "--seed", "42")
    who, card = cli.lowest()
    assert (who, str(card)) == ("Bob", "AS")
    assert cli.json("hand", "show", "Bob")["cards"][6] == "AS"
    res = cli.ok("lead", "AS")
    assert res.stderr == ""
    assert res.stdout.splitlines()[0] == "Bob leads A♠, Ann 2♠"
    rec = cli.view().open_hand
    assert rec is not None
    stop = rec.hand.stops[-1]
    assert f"Stop at {stop.card.face}" in res.stdout
    assert stop.reason == "spare"
    assert "3♠, is in the spare hand" in res.stdout
    assert res.stdout.rstrip().endswith("Ann leads next.")
    assert cli.in_play() == 200
    # the next lead is Ann's, and the lowest again
    assert cli.lowest()[0] == "Ann"


def test_an_evening_hand_played_out(cli: Cli) -> None:
    new_table(cli)
    cli.ok("deal", "--seed", "42")
    outputs = play_out(cli, 200)
    text = "\n".join(r.stdout for r in outputs)
    every_stop_told(cli, text)
    # an award in words, with its counters; the settlement at the end
    assert re.search(r"Dan wins Jack \(J♥\): 1 counter\b", text)
    dan_out_and_settled(cli, outputs[-1].stdout)
    seed_42_in_the_history(cli)
    res = cli.ok("check")
    assert res.stdout.startswith("ok:") and "200 in play" in res.stdout and res.stderr == ""
    # the next hand: the deal has passed to Bob, and the board carries over
    res = cli.ok("deal", "--seed", "7")
    assert res.stdout.startswith("Hand 2: Bob deals.")
    assert [h["seed"] for h in cli.json("history")["hands"]] == [42, None]
    assert cli.in_play() == 200
    assert sum(cli.json("board").values()) == 13 + 15


def every_stop_told(cli: Cli, text: str) -> None:
    """The first hand, closed, told each of its stops in `text` with its reason in words; seed 42's
    stops are the spare hand's, a removed card's and a played card's."""
    rec = cli.view().hands[0]
    assert rec.closed
    names = rec.players
    for stop in rec.hand.stops:
        nxt = rec.hand.succ[stop.card]
        why = REASONS[stop.reason].format(card=stop.card.face, next=Card(nxt).face if nxt >= 0 else "",
                                          who=names[(stop.seat + 1) % len(names)])
        assert why in text  # each reason is a whole sentence: "Stop at 2♠: the next card, ..."
    assert {s.reason for s in rec.hand.stops} == {"spare", "removed", "played"}


def dan_out_and_settled(cli: Cli, last: str) -> None:
    """Seed 42's hand ends with Dan out (`last` is the final lead's words): the settlement, the
    ledger, and a board without Jack and Game."""
    assert "Dan is out." in last
    assert "Dan wins First out: 1 counter" in last
    assert "Ann pays 3 counters to Dan for cards left." in last
    assert "Cat pays 6 counters to Dan for cards left." in last
    assert cli.json("ledger", "show") == {"Ann": 32, "Bob": 47, "Cat": 44, "Dan": 64}
    board = cli.json("board")
    assert board["jack"] == 0 and board["game"] == 0 and sum(board.values()) == 13


def seed_42_in_the_history(cli: Cli) -> None:
    """`history`, as JSON and for people, of the first hand (seed 42): Dan went out and won Jack and Game."""
    hist = cli.json("history")["hands"]
    assert hist[0]["closed"] is True and hist[0]["out"] == "Dan"
    assert hist[0]["net"] == {"Ann": -18, "Bob": -3, "Cat": -6, "Dan": 14}
    assert [p["card"] for p in hist[0]["plays"] if p["lead"]] == [
        "AS", "AD", "3D", "5S", "7H", "9C", "2H", "4C", "10D", "JH"]
    assert {a["pot"]: a["seat"] for a in hist[0]["awards"]} == {"jack": "Dan", "game": "Dan"}
    human = cli.ok("history").stdout
    assert "Jack 1 → Dan" in human and "+14" in human


def test_ledger_and_history_for_people(cli: Cli) -> None:
    new_table(cli)
    cli.ok("deal", "--seed", "42")
    res = cli.ok("ledger", "show")
    assert re.search(r"Ann\s*│\s*35\s*│\s*-15", res.stdout)
    assert "Board: 15 counters. Brought in 200, taken away 0." in res.stdout
    res = cli.ok("history")
    assert "playing" in res.stdout and "42" not in res.stdout  # the open hand's seed is a secret
    res = cli.ok("board")
    assert "15 counters" in res.stdout and "Bob to lead" in res.stdout and "turn-up 8♥" in res.stdout


# ------------------------------------------------------------------------------ corrections
def test_undo_voids_the_last_lead_exactly(cli: Cli) -> None:
    new_table(cli)
    cli.ok("deal", "--seed", "42")
    lead_lowest(cli)
    board, ledger = cli.json("board"), cli.json("ledger", "show")
    lead_lowest(cli)  # Ann's A♦
    assert cli.json("history")["hands"][0]["plays"][-1]["card"] == "AD"
    journal = cli.journal()
    res = cli.ok("undo", "--yes")
    assert res.stdout == "Undone: Ann's lead A♦.\nAnn leads next.\n"
    assert "Ann's lead A♦" in res.stderr
    assert cli.journal().startswith(journal) and len(cli.journal()) > len(journal), "an undo appends only"
    assert cli.json("board") == board
    assert cli.json("ledger", "show") == ledger
    hand = cli.json("history")["hands"][0]
    assert hand["closed"] is False and hand["out"] is None
    assert [p["card"] for p in hand["plays"]] == ["AS", "2S"]
    assert "playing" in cli.ok("history").stdout
    assert cli.lowest() == ("Ann", Card.parse("AD"))
    assert cli.in_play() == 200
    assert cli.ok("check").stdout.startswith("ok:")


def test_undo_of_the_closing_lead_reopens_the_hand(cli: Cli) -> None:
    new_table(cli)
    cli.ok("deal", "--seed", "42")
    play_out(cli, 200)
    before_last = cli.view().hands[0].hand.plays
    cli.ok("undo", "--yes")
    view = cli.view()
    assert view.open_hand is not None
    assert cli.json("history")["hands"][0]["closed"] is False
    assert len(view.open_hand.hand.plays) == len(before_last) - 1
    assert cli.in_play() == 200
    assert cli.ok("check").exit_code == 0
    lead_lowest(cli)  # and it can be played again, to the same end
    assert cli.json("ledger", "show") == {"Ann": 32, "Bob": 47, "Cat": 44, "Dan": 64}


def test_undo_asks_and_no_changes_nothing(cli: Cli) -> None:
    new_table(cli)
    cli.ok("deal", "--seed", "42")
    lead_lowest(cli)
    before = cli.journal()
    res = cli("undo", input="n\n")
    assert res.exit_code == 0 and "Nothing was undone." in res.stderr  # declining is no error
    assert "Undo these?" in res.stderr and "Bob's lead A♠" in res.stderr
    assert "Undone" not in res.stdout
    assert cli.journal() == before
    res = cli("undo", input="y\n")
    assert res.exit_code == 0 and "Undone: Bob's lead A♠" in res.stdout
    assert cli.journal() != before


def test_undo_several_and_past_the_start(cli: Cli) -> None:
    new_table(cli)
    cli.ok("deal", "--seed", "42")
    lead_lowest(cli)
    before = cli.journal()
    cli.fails(3, "undo", "3", "--yes", said=("only 2",))
    assert cli.journal() == before
    cli.ok("undo", "2", "--yes")
    history = cli.json("history")  # no hand; the deal undone is kept, and between hands its seed is told
    assert history["hands"] == [] and [(d["hand"], d["seed"]) for d in history["undone_deals"]] == [(1, 42)]
    assert cli.json("ledger", "show") == dict.fromkeys(["Ann", "Bob", "Cat", "Dan"], 50)
    before = cli.journal()
    cli.fails(3, "undo", "--yes", said=("nothing can be undone here", "opening"))
    assert cli.journal() == before
    # the deal can be dealt again, by the same dealer
    assert cli.ok("deal", "--seed", "42").stdout.startswith("Hand 1: Ann deals")


def test_count_right_and_wrong(cli: Cli) -> None:
    new_table(cli)
    cli.ok("deal", "--seed", "42")
    res = cli.ok("count", "pope", "6")
    assert res.stdout == "pope: 6 counters, as the journal says.\n" and res.stderr == ""
    res = cli.ok("count", "Ann", "35")
    assert "as the journal says" in res.stdout
    assert cli.ok("check").stdout.startswith("ok:")
    res = cli("count", "pope", "4")
    assert res.exit_code == 3 and res.stdout == ""  # recorded all the same
    assert "MISMATCH" in res.stderr and "pope" in res.stderr and "4" in res.stderr and "6" in res.stderr
    assert cli.in_play() == 200, "a count records, it moves nothing"
    res = cli("check")
    assert res.exit_code == 3 and res.stdout == ""  # a miscount is not damage: recount
    assert "the count of pope is 4, but the journal says 6" in res.stderr
    data = json.loads(cli("check", "--json").stdout)
    assert data["ok"] is False and [p["message"] for p in data["problems"]] == [
        "the count of pope is 4, but the journal says 6"]
    # undoing the bad count clears it
    cli.ok("undo", "--yes")
    assert cli.ok("check").stdout.startswith("ok:")
    before = cli.journal()
    cli.fails(2, "count", "nobody", "3", said=("nobody", "pope"))
    cli.fails(2, "count", "pope", "2000000", said=("out of range",))
    assert cli.journal() == before


def test_check_lists_each_problem_once(cli: Cli) -> None:
    new_table(cli)
    cli("count", "pope", "4")
    res = cli("check")
    assert res.exit_code == 3
    assert res.stderr.count("the count of pope is 4") == 1
    assert "<input>" not in res.stderr


def test_check_on_a_clean_table(cli: Cli) -> None:
    new_table(cli)
    res = cli.ok("check")
    assert res.stdout == "ok: 1 event, 0 hands; counters conserved (200 in play).\n"
    assert cli.json("check") == {"ok": True, "events": 1, "hands": 0, "problems": [], "resolved": [],
                                 "undone_deals": [], "corrections": []}


# ------------------------------------------------------------------------------ the session
def test_end_closes_the_session(cli: Cli) -> None:
    new_table(cli)
    cli.ok("deal", "--seed", "42")
    before = cli.journal()
    cli.fails(3, "end", said=("still being played",))
    assert cli.journal() == before
    play_out(cli, 200)
    res = cli.ok("end")
    assert "The session has ended." in res.stdout
    assert "Dan" in res.stdout and "64" in res.stdout
    assert "final deal" not in res.stdout.lower()
    before = cli.journal()
    cli.fails(3, "deal", "--seed", "1", said=("ended",))
    cli.fails(3, "end", said=("ended",))
    cli.fails(3, "table", "join", "Eve", said=("ended",))
    assert cli.journal() == before
    assert cli.in_play() == 200
    assert "The session has ended." in cli.ok("board").stdout
    assert cli.ok("check").exit_code == 0


def test_join_and_leave_between_hands(cli: Cli) -> None:
    new_table(cli)
    eve_joins_and_bob_leaves(cli)
    cli.ok("deal", "--seed", "42")
    before = cli.journal()
    cli.fails(3, "table", "join", "Fay", said=("between hands",))
    cli.fails(3, "table", "leave", "Cat", said=("between hands",))
    assert cli.journal() == before
    play_out(cli, 180)
    assert cli.ok("check").exit_code == 0
    # Bob's counters stay gone; the others' changes add up with the board's
    assert "Bob" not in cli.json("ledger", "show")
    eve_leaves_after_the_hand(cli)
    before = cli.journal()
    cli.fails(3, "table", "leave", "Ann", said=("3–8",))
    cli.fails(2, "table", "join", "Ann", said=("already",))
    cli.fails(2, "table", "leave", "Zed", said=("Zed",))
    cli.fails(2, "table", "join", "", said=("empty",))
    cli.fails(2, "table", "join", " Eve", said=("space",))
    cli.fails(2, "table", "join", "Eve\x1b[31m", said=("control",))
    cli.fails(2, "table", "join", "spare", said=("spare",))
    assert cli.journal() == before


def eve_joins_and_bob_leaves(cli: Cli) -> None:
    """At a new table of four with 50 each: Eve joins with 30, Bob leaves with his 50."""
    res = cli.ok("table", "join", "Eve", "--counters", "30")
    assert res.stdout == "Eve joins with 30 counters.\n"
    assert cli.in_play() == 230
    res = cli.ok("table", "leave", "Bob")
    assert res.stdout == "Bob leaves, taking 50 counters.\n"
    assert cli.json("ledger", "show") == {"Ann": 50, "Cat": 50, "Dan": 50, "Eve": 30}
    assert cli.in_play() == 200 + 30 - 50
    shown = cli.ok("ledger", "show").stdout
    assert "Eve" in shown and "Left the table: Bob (took 50)" in shown
    assert "Brought in 230, taken away 50." in shown


def eve_leaves_after_the_hand(cli: Cli) -> None:
    """Eve leaves with what she has after a hand, which the table counts as taken away."""
    res = cli.ok("table", "leave", "Eve")
    said = re.search(r"taking (-?\d+) counters?", res.stdout)
    assert said is not None, res.stdout
    taken = int(said.group(1))
    assert taken == cli.view().taken_out["Eve"]
    assert cli.in_play() == 230 - 50 - taken
    assert cli.ok("check").exit_code == 0


def test_russian_end_clears_the_board_to_the_holders(cli: Cli) -> None:
    new_table(cli, "ru", rules="russian", players="Ann,Bob,Cat")
    cli.ok("deal", "--seed", "7")
    play_out(cli, 150, "ru")
    assert sum(cli.json("board").values()) > 0
    res = cli.ok("end", "--seed", "5")
    assert "final deal" in res.stdout
    assert "Ann wins Pope (9♦): 12 counters" in res.stdout
    assert "The session has ended." in res.stdout
    board = cli.json("board")
    first_out = {p.name for p in preset("russian").pots if p.wins == "first-out"}
    assert {k for k, v in board.items() if v} <= first_out
    assert cli.in_play() == 150
    assert cli.json("ledger", "show") == {"Ann": 46, "Bob": 45, "Cat": 59}
    assert cli.ok("check").exit_code == 0
    cli.fails(3, "deal", said=("ended",))


def test_russian_end_undone_and_ended_again_stays_clean(cli: Cli) -> None:
    new_table(cli, "ru", rules="russian", players="Ann,Bob,Cat")
    cli.ok("deal", "--seed", "7")
    play_out(cli, 150, "ru")
    cli.ok("end", "--seed", "5")
    cli.ok("undo", "--yes")
    cli("end", "--seed", "9")  # refusing a second final deal would be a fix too
    res = cli("check")
    assert res.exit_code == 0, res.stderr


def test_leave_after_an_undone_russian_end_keeps_check_working(cli: Cli) -> None:
    new_table(cli, "ru", rules="russian", players="Ann,Bob,Cat,Dan")
    cli.ok("deal", "--seed", "7")
    play_out(cli, 200, "ru")
    cli.ok("end", "--seed", "5")
    cli.ok("undo", "--yes")
    cli.ok("table", "leave", "Ann")
    res = cli("check")
    assert res.exit_code == 0, (res.stderr, res.exception)


# ------------------------------------------------------------------------------ bad input
@pytest.fixture
def dealt(cli: Cli) -> Cli:
    """modern-stops, Ann deals seed 42; Bob leads and holds 9C 4D 7D 7H 8H QH AS 5S 7S 9S KS."""
    new_table(cli)
    cli.ok("deal", "--seed", "42")
    return cli


LEAD_RULE = 'rule: a player leads a card they hold; play.lead = "lowest-in-suit"'
"""The public rule of a refused lead: the lead rules in force, not which of them the leader broke."""

PRIVATE_REASONS = {
    "4C": ("4♣", "you do not hold 4♣"),
    "3S": ("3♠", "you do not hold 3♠"),
    "7D": ("7♦", "you hold 4♦, lower in that suit"),
    "KS": ("K♠", "you hold A♠, lower in that suit"),
}
"""Bob's own reason for each refused lead: told by `hand show Bob --why CARD` alone."""


def _reason_told_to_bob_alone(cli: Cli, card: str, stderr: str) -> None:
    """The table heard the refusal without its reason; Bob's `hand show --why` tells it, nobody else's does."""
    face, reason = PRIVATE_REASONS[card]
    assert stderr.endswith(f"  Bob alone may see why: `popejoan hand show Bob --why {card}`\n"), stderr
    assert "hold" not in stderr.replace("a card they hold", "") and "lower" not in stderr, stderr
    assert f"Why not {face}: {reason}." in cli.ok("hand", "show", "Bob", "--why", card).stdout
    assert cli.json("hand", "show", "Bob", "--why", card)["why"] == {"card": card, "allowed": False, "reason": reason}
    for other in ("Ann", "Cat", "Dan"):
        told = cli.ok("hand", "show", other, "--why", card).stdout
        assert f"Why not {face}: {other} cannot lead {face}: it is Bob's lead." in told and reason not in told


BAD_LEADS: list[tuple[list[str], int, tuple[str, ...]]] = [
    (["lead", "5C", "--by", "Zed"], 2, ("Zed", "Ann")),
    (["lead", "11H"], 2, ("11H",)),
    (["lead", "9Z"], 2, ("9Z",)),
    (["lead", "4C"], 3, ("Bob cannot lead 4♣ now", LEAD_RULE)),  # Ann holds it: not said
    (["lead", "3S"], 3, ("Bob cannot lead 3♠ now", LEAD_RULE)),  # the spare hand holds it: not said
    (["lead", "8D"], 3, ("8♦", "deck.removed")),  # out of the pack
    (["lead", "7D"], 3, ("Bob cannot lead 7♦ now", LEAD_RULE)),  # Bob holds 4D: not said
    (["lead", "KS"], 3, ("Bob cannot lead K♠ now", LEAD_RULE)),  # Bob holds A♠: not said
    (["lead", "4C", "--by", "Ann"], 3, ("Bob",)),  # not Ann's lead
    (["play", "7D"], 3, ("lowest-in-suit",)),
    (["deal", "--seed", "3"], 3, ("still being played",)),
    (["table", "join", "Eve"], 3, ("between hands",)),
    (["undo", "9", "--yes"], 3, ("only 1",)),
    (["count", "Zed", "3"], 2, ("Zed",)),
]


@pytest.mark.parametrize(("args", "code", "fragments"), BAD_LEADS, ids=[" ".join(a) for a, _, _ in BAD_LEADS])
def test_bad_input_changes_nothing(dealt: Cli, args: list[str], code: int, fragments: tuple[str, ...]) -> None:
    before = dealt.journal()
    stderr = dealt.fails(code, *args, said=(*fragments,))
    assert dealt.journal() == before
    assert dealt.in_play() == 200
    if args[0] == "lead" and len(args) == 2 and args[1] in PRIVATE_REASONS:  # Bob's own refused leads
        _reason_told_to_bob_alone(dealt, args[1], stderr)


def test_a_refused_lead_after_the_first(dealt: Cli) -> None:
    lead_lowest(dealt)  # Bob A♠, Ann 2♠; Ann leads next
    before = dealt.journal()
    dealt.fails(3, "lead", "AS", said=("A♠", "already been played"))
    dealt.fails(3, "lead", "3D", said=("lowest-in-suit",))  # Ann holds A♦
    dealt.fails(3, "lead", "4D", said=("4♦",))  # Bob's card
    assert dealt.journal() == before


def test_lead_with_no_hand_in_progress(cli: Cli) -> None:
    new_table(cli)
    before = cli.journal()
    cli.fails(3, "lead", "AS", said=("no hand", "deal"))
    cli.fails(3, "hand", "show", "Ann", said=("no hand",))
    assert cli.journal() == before


def test_bad_table_new(cli: Cli) -> None:
    cli.fails(2, "table", "new", "fri", "--rules", "nope", "--players", PLAYERS, said=("nope", "modern-stops"))
    cli.fails(2, "table", "new", "fri", "--rules", "hoyle", "--players", "A,B", said=("2 players", "3–8"))
    cli.fails(2, "table", "new", "fri", "--rules", "hoyle", "--players", "A,,B", said=("empty",))
    cli.fails(2, "table", "new", "../x", "--rules", "hoyle", "--players", "A,B,C", said=("not allowed",))
    cli.fails(2, "table", "new", "fri", "--rules", "hoyle", "--players", "A,B,C", "--dealer", "Q", said=("Q",))
    cli.fails(2, "table", "new", "fri", "--rules", "hoyle", "--players", "A,B,C", "--counters", "-1", said=("-1",))
    assert not (cli.home / "current").exists()
    assert cli.json("table", "list") == {"tables": [], "current": None}


def test_duplicate_player_at_table_new(cli: Cli) -> None:
    cli.fails(2, "table", "new", "fri", "--rules", "modern-stops", "--players", "Ann,Bob,Ann", said=("Ann", "twice"))
    assert not (cli.home / "current").exists()


def test_a_refused_table_new_leaves_no_table(cli: Cli) -> None:
    cli.fails(2, "table", "new", "fri", "--rules", "modern-stops", "--players", "Ann,Bob,Ann", said=("twice",))
    cli.fails(2, "table", "new", "fri", "--rules", "modern-stops", "--players", "Ann,Bob", said=("2 players",))
    assert cli.json("table", "list")["tables"] == []
    assert not (cli.folder() / "journal.jsonl").exists()
    new_table(cli)


def test_markup_in_names_is_shown_literally(cli: Cli) -> None:
    new_table(cli, players="[red]Ann,[bold]Bob,Cat")
    res = cli.ok("deal", "--seed", "42")
    assert "[red]Ann deals" in res.stdout and "[bold]Bob leads" in res.stdout
    shown = cli.ok("hand", "show", "[red]Ann").stdout
    assert "[red]Ann's hand" in shown
    assert cli.json("hand", "show", "[bold]Bob")["player"] == "[bold]Bob"
    for args in (("ledger", "show"), ("history",), ("board",)):
        out = cli.ok(*args).stdout
        assert "[red]" in out or "[bold]" in out, (args, out)
    assert "[red]Ann" in cli.ok("ledger", "show").stdout
    assert "[bold]Bob to lead" in cli.ok("board").stdout
    assert set(cli.json("ledger", "show")) == {"[red]Ann", "[bold]Bob", "Cat"}
    res = lead_lowest(cli)
    assert res.stdout.startswith("[bold]Bob leads")
    cli.fails(2, "lead", "5C", "--by", "[blue]Zed", said=("[blue]Zed", "[red]Ann"))


def test_markup_in_a_joining_name(cli: Cli) -> None:
    new_table(cli)
    res = cli.ok("table", "join", "[on red]Eve[/]", "--counters", "5")
    assert res.stdout == "[on red]Eve[/] joins with 5 counters.\n"
    assert "[on red]Eve[/]" in cli.ok("ledger", "show").stdout
    res = cli.ok("table", "leave", "[on red]Eve[/]")
    assert res.stdout.startswith("[on red]Eve[/] leaves")


# ------------------------------------------------------------------------------ which table
def test_no_table_in_use(cli: Cli) -> None:
    for args in (("board",), ("deal",), ("lead", "AS"), ("ledger", "show"), ("history",), ("check",),
                 ("table", "path"), ("undo", "--yes"), ("end",)):
        cli.fails(2, *args, said=("no table is in use", "table new", "table use"))
    assert not cli.home.exists() or not any(cli.home.rglob("journal.jsonl"))


def test_table_path_and_env_pick_a_table_for_one_command(cli: Cli, tmp_path: Path) -> None:
    new_table(cli)
    other = tmp_path / "elsewhere" / "club"
    res = cli.ok("--table", str(other), "table", "new", "club", "--rules", "hoyle", "--players", "Xi,Yo,Zu",
                 "--counters", "10")
    assert "Xi, Yo, Zu" in res.stdout
    assert (other / "journal.jsonl").is_file()
    assert cli.json("table", "list") == {"tables": ["fri"], "current": "fri"}, "--table does not change the current"
    assert Path(cli.ok("--table", str(other), "table", "path").stdout.strip()) == other
    assert Path(cli.ok("table", "path", POPEJOAN_TABLE=str(other)).stdout.strip()) == other
    res = cli.ok("--table", str(other), "deal", "--seed", "1")
    assert "Xi" in res.stdout or "Yo" in res.stdout
    assert set(cli.json("ledger", "show", POPEJOAN_TABLE=str(other))) == {"Xi", "Yo", "Zu"}
    assert sum(cli.json("ledger", "show", POPEJOAN_TABLE=str(other)).values()) + sum(
        cli.json("board", POPEJOAN_TABLE=str(other)).values()) == 30
    # the current table is untouched, and the next command goes back to it
    assert cli.json("ledger", "show") == dict.fromkeys(["Ann", "Bob", "Cat", "Dan"], 50)
    assert cli.json("history") == {"hands": []}
    # --table beats POPEJOAN_TABLE
    assert set(cli.json("--table", str(cli.folder()), "ledger", "show", POPEJOAN_TABLE=str(other))) == {
        "Ann", "Bob", "Cat", "Dan"}
    cli.fails(2, "--table", str(tmp_path / "none"), "board", said=("no table here",))  # as `table use none`
    assert not (tmp_path / "none").exists()


def test_the_deal_passes_on_when_the_next_dealer_leaves(cli: Cli) -> None:
    new_table(cli)
    cli.ok("table", "leave", "Ann")
    assert cli.ok("deal", "--seed", "42").stdout.startswith("Hand 1: Bob deals")
    play_out(cli, 150)
    cli.ok("table", "join", "Eve")
    cli.ok("table", "leave", "Cat")  # Cat was to deal next
    assert cli.ok("deal", "--seed", "1").stdout.startswith("Hand 2: Dan deals")
    assert cli.ok("check").exit_code == 0


def _each(cli: Cli, steps: list[Callable[[], object]], total: int) -> None:
    for step in steps:
        step()
        assert cli.in_play() == total


def test_conservation_through_an_evening(cli: Cli) -> None:
    new_table(cli, players="Ann,Bob,Cat")
    total = 150
    for seed in ("1", "2", "abc"):
        cli.ok("deal", "--seed", seed)
        assert cli.in_play() == total
        play_out(cli, total)
        assert cli.ok("check").exit_code == 0
    cli.ok("table", "join", "Dan", "--counters", "20")
    total += 20
    cli.ok("deal", "--seed", "4")
    play_out(cli, total)
    taken = cli.json("ledger", "show")["Ann"]
    cli.ok("table", "leave", "Ann")
    total -= taken
    assert cli.in_play() == total
    _each(cli, [lambda: cli.ok("deal", "--seed", "5"), lambda: cli.ok("undo", "--yes"),
                lambda: cli.ok("deal", "--seed", "6")], total)
    play_out(cli, total)
    assert cli.json("check")["ok"] is True
    assert len(cli.json("history")["hands"]) == 5


# ------------------------------------------------------------------------------ other presets
def test_a_paying_turnup_ends_the_hand(cli: Cli) -> None:
    new_table(cli, "h", rules="hoyle", players="Ann,Bob,Cat")  # seed 44 turns up the Pope, 9♦
    res = cli.ok("deal", "--seed", "44")
    assert "Turn-up 9♦" in res.stdout
    assert "Bob pays 13 counters to Ann for the turned-up Pope." in res.stdout
    assert "The hand ends at the turn-up" in res.stdout
    assert cli.json("ledger", "show") == {"Ann": 68, "Bob": 37, "Cat": 37}
    board = cli.json("board")
    assert board["pope"] == 0 and board["game"] == 0 and sum(board.values()) == 8
    assert cli.in_play() == 150
    hand = cli.json("history")["hands"][0]
    assert hand["closed"] is True and hand["plays"] == [] and hand["out"] is None
    assert {a["pot"] for a in hand["awards"]} == {"pope", "game"}
    assert "(turn-up)" in cli.ok("history").stdout
    cli.fails(3, "lead", "AS", said=("no hand",))
    assert cli.ok("deal", "--seed", "1").stdout.startswith("Hand 2: Bob deals")
    assert cli.in_play() == 150
    assert cli.ok("check").exit_code == 0


def test_the_dealers_turnup_award_reads_as_english(cli: Cli) -> None:
    new_table(cli, "h", rules="hoyle", players="Ann,Bob,Cat")
    res = cli.ok("deal", "--seed", "44")
    assert "Pope: 6 counters" in res.stdout
    assert "takes Ann wins" not in res.stdout


def test_ledger_and_board_keep_their_order_after_a_hand(cli: Cli) -> None:
    new_table(cli, players="Dan,Cat,Bob,Ann")
    pots = [p.name for p in preset("modern-stops").pots]
    cli.ok("deal", "--seed", "42")
    assert list(cli.json("ledger", "show")) == ["Dan", "Cat", "Bob", "Ann"]
    assert list(cli.json("board")) == pots
    play_out(cli, 200)
    assert list(cli.json("ledger", "show")) == ["Dan", "Cat", "Bob", "Ann"]
    assert list(cli.json("board")) == pots


def test_michigan_refuses_a_lead_in_the_stopped_suit(cli: Cli) -> None:
    new_table(cli, "mi", rules="michigan", players="Ann,Bob,Cat")
    cli.ok("deal", "--seed", "0")
    lead_lowest(cli, "mi")
    rec = cli.view("mi").open_hand
    assert rec is not None
    hand = rec.hand
    stopped = hand.after_stop_suit
    assert stopped is not None
    leader = hand.leader
    same = sorted((c for c in hand.holding[leader] if c // 13 == stopped), key=lambda c: hand.rank[c])
    assert same and any(c // 13 != stopped for c in hand.holding[leader])
    before = cli.journal("mi")
    cli.fails(3, "lead", str(CARDS[same[0]]), said=("change_suit", CARDS[same[0]].face))
    assert cli.journal("mi") == before
    assert lead_lowest(cli, "mi").stdout.split()[2][-1] != "♣♦♥♠"[stopped]
    play_out(cli, 150, "mi")
    assert cli.ok("check").exit_code == 0


def test_counts_and_shared_final_pots_read_right() -> None:
    from popejoan_cli.base.words import plural
    from popejoan_cli.game.hand import Award
    from popejoan_cli.render.narrate import final_awards, plain

    assert [plural(n, "hand") for n in (0, 1, 3)] == ["0 hands", "1 hand", "3 hands"]
    q, k = Card.parse("QC"), Card.parse("KC")
    names, labels = ["Ann", "Bob", "Cat"], {"matrimony": "Matrimony"}
    even = [Award("matrimony", 2, 2, "final", (q, k)), Award("matrimony", 1, 2, "final", (q, k))]
    assert [plain(line) for line in final_awards(even, names, labels)] == [
        f"Cat and Bob share Matrimony ({q.face} and {k.face}): 2 counters each"]
    odd = [Award("matrimony", 2, 3, "final", (q, k)), Award("matrimony", 1, 2, "final", (q, k))]
    assert plain(final_awards(odd, names, labels)[0]).endswith(": Cat 3, Bob 2")
    alone = [Award("matrimony", 0, 1, "final", (q, k))]
    assert plain(final_awards(alone, names, labels)[0]) == f"Ann wins Matrimony ({q.face} and {k.face}): 1 counter"
