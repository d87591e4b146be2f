"""Computers beside people at a real table (issue 41): seated by `table new --computers` and `table join --computer`,
leading by themselves from their own seat's view right after the command that hands them the lead, their counters
real, their hands shown to nobody, undone with the person's command before them, replayed to the same hands."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import Cli
from popejoan_cli.store import journal, tables
from popejoan_cli.table import fold, moves
from popejoan_cli.table.events import CardLed, ComputerSeated

MIXED = ("table", "new", "fam", "--rules", "modern-stops", "--players", "Ann,Bob,Cat", "--computers", "2",
         "--level", "good")


def _people_play_out(cli: Cli, most: int = 60) -> list[str]:
    """The people lead their lowest legal card until the hand ends; what each `lead` printed."""
    said = []
    for _ in range(most):
        view = tables.view(tables.folder())[0]
        led = moves.lowest(view)
        if led is None:
            break
        assert led.player not in view.computers, "a computer's lead was left waiting after a command"
        said.append(cli.ok("lead", led.card).stdout)
    return said


@pytest.fixture
def mixed(cli: Cli) -> Cli:
    said = cli.ok(*MIXED).stdout
    assert "Computer 1, Computer 2 are computers (good)" in said
    return cli


def test_a_mixed_table_plays_a_whole_hand_the_computers_leading_by_themselves(mixed: Cli) -> None:
    mixed.ok("deal", "--seed", "5")
    said = "".join(_people_play_out(mixed))
    view = tables.view(tables.folder())[0]
    assert view.hands[-1].closed
    assert "Computer 1 leads" in said or "Computer 2 leads" in said  # they led, and were told as a person's lead is
    led = [e for _, e in view.effective if isinstance(e, CardLed)]
    assert {e.level for e in led if e.player.startswith("Computer")} == {"good"}
    assert all(not e.level for e in led if not e.player.startswith("Computer"))
    # Their counters are real and conserved with everyone's.
    assert sum(view.balances.values()) + sum(view.board.values()) == view.brought_in - sum(view.taken_out.values())
    assert set(mixed.json("ledger", "show")) == {"Ann", "Bob", "Cat", "Computer 1", "Computer 2"}


def test_replaying_the_journal_gives_the_same_hands_leads_and_ledger(mixed: Cli) -> None:
    for seed in ("5", "6"):
        mixed.ok("deal", "--seed", seed)
        _people_play_out(mixed)
    view = tables.view(tables.folder())[0]
    again = fold.replay(journal.load(tables.folder(), trust=False).events)
    assert again.balances == view.balances and again.board == view.board and again.computers == view.computers
    assert [r.hand.net for r in again.hands] == [r.hand.net for r in view.hands]
    assert [sorted(r.happened) for r in again.hands] == [sorted(r.happened) for r in view.hands]


def test_undo_takes_a_persons_lead_back_with_the_computers_leads_after_it(mixed: Cli) -> None:
    mixed.ok("deal", "--seed", "5")
    before = tables.view(tables.folder())[0]
    first = moves.lowest(before)
    assert first is not None and first.player not in before.computers
    said = mixed.ok("lead", first.card).stdout
    after = tables.view(tables.folder())[0]
    computers_led = [e for _, e in after.effective[len(before.effective):] if isinstance(e, CardLed) and e.level]
    undone = mixed.ok("undo", "--yes").stderr + mixed.ok("board").stdout
    back = tables.view(tables.folder())[0]
    assert [e for _, e in back.effective if isinstance(e, CardLed)] == []  # the person's lead and the computers'
    assert f"{first.player} to lead" in undone or f"{first.player} leads next" in undone, (said, undone)
    assert computers_led or "Computer" not in said  # when the lead passed to a computer, its lead went too


def test_nobody_sees_a_computers_hand_or_leads_for_it(mixed: Cli) -> None:
    mixed.ok("deal", "--seed", "5")
    err = mixed.fails(3, "hand", "show", "Computer 1", said=["Computer 1 is a computer"])
    assert "its hand is shown to nobody" in err
    mixed.fails(3, "hand", "show", "Computer 2", "--json")
    assert not set(json.dumps(mixed.json("board"))) & set("♣♦♥♠")  # the board shows pots, never a hand
    view = tables.view(tables.folder())[0]
    card = next(iter(view.open_hand.hand.observe(view.players.index("Computer 1")).own))  # type: ignore[union-attr]
    mixed.fails(3, "lead", str(card), "--by", "Computer 1")


def test_a_real_deck_or_a_tally_is_refused_while_a_computer_sits(mixed: Cli) -> None:
    mixed.fails(3, "deal", "--real", "--turnup", "10C",
                said=["a computer sits only at a virtual deal", "popejoan table leave NAME"])
    mixed.fails(3, "deal", "--real", "--tally", "--turnup", "10C")
    mixed.ok("table", "leave", "Computer 1")
    mixed.ok("table", "leave", "Computer 2")
    mixed.ok("deal", "--real", "--turnup", "10C")


def test_a_computer_joins_between_hands_and_leaves_like_a_person(cli: Cli) -> None:
    cli.ok("table", "new", "fri", "--rules", "modern-stops", "--players", "Ann,Bob,Cat")
    assert "Computer 1 joins with 50 counters." in cli.ok("table", "join", "--computer").stdout
    cli.ok("table", "join", "Robby", "--computer", "--level", "strong")
    view = tables.view(tables.folder())[0]
    assert view.computers == {"Computer 1": "good", "Robby": "strong"}
    assert [e for _, e in view.effective if isinstance(e, ComputerSeated)] == [
        ComputerSeated(player="Computer 1", level="good"), ComputerSeated(player="Robby", level="strong")]
    cli.fails(2, "table", "join", "--computer", "--level", "genius", said=["allowed: 'simple', 'good', 'strong'"])
    cli.fails(2, "table", "join", said=["table join needs the new player's name"])
    cli.ok("table", "leave", "Robby")
    assert tables.view(tables.folder())[0].computers == {"Computer 1": "good"}
    cli.ok("deal", "--seed", "3")
    _people_play_out(cli)
    assert tables.view(tables.folder())[0].hands[-1].closed


def test_a_russian_table_speaks_of_its_computers_as_the_nouns_they_are(cli: Cli, tmp_path: Path) -> None:
    said = cli.ok("table", "new", "sem", "--rules", "russian", "--players", "Вика,Максим", "--computers", "2",
                  "--level", "сильный", "--lang", "ru").stdout
    assert "Компьютер 1, Компьютер 2 — компьютеры (уровень «сильный»)" in said
    assert "Род игрока Компьютер" not in said  # «компьютер» is masculine: nobody is asked
    view = tables.view(tables.folder())[0]
    assert view.computers == {"Компьютер 1": "strong", "Компьютер 2": "strong"}
    assert view.people["Компьютер 2"].form("gen") == "Компьютера 2"
    cli.ok("deal", "--seed", "5")
    told = "".join(_people_play_out(cli))
    assert "Компьютер 1 ходит" in told or "Компьютер 2 ходит" in told
    assert "ходит Компьютер" in told  # «Следующим ходит Компьютер 2»: masculine


def test_the_evening_says_who_pays_for_the_computers_and_the_next_session_seats_them_again(mixed: Cli) -> None:
    mixed.ok("deal", "--seed", "5")
    _people_play_out(mixed)
    doc = mixed.json("evening", "--value", "0.05")
    assert doc["computers"] == {"Computer 1": {"level": "good", "paid_by": "Ann"},
                                "Computer 2": {"level": "good", "paid_by": "Ann"}}
    paying = {m["from"] for m in doc["transfers"]} | {m["to"] for m in doc["transfers"]}
    assert not paying & {"Computer 1", "Computer 2"}  # a computer has no purse: Ann pays or takes for it
    said = mixed.ok("evening", "--value", "0.05").stdout
    assert "Computer 1, Computer 2: computers, whose result Ann pays or takes." in said
    mixed.ok("end")
    mixed.ok("session", "new")
    assert tables.view(tables.folder())[0].computers == {"Computer 1": "good", "Computer 2": "good"}


@pytest.mark.parametrize("value", [None, "0.05"])
def test_ledger_settle_pays_for_the_computers_as_the_evening_does(mixed: Cli, value: str | None) -> None:
    """`ledger settle` and `evening` settle one way (`settle.paid`): the computers' nets shown, their money their
    backer's, and the same transfers, in counters and in money."""
    for seed in ("5", "6"):
        mixed.ok("deal", "--seed", seed)
        _people_play_out(mixed)
    extra = () if value is None else ("--value", value)
    settled, night = mixed.json("ledger", "settle", *extra), mixed.json("evening", *extra)
    assert {"Computer 1", "Computer 2"} <= set(settled["nets"]) and any(settled["nets"][c] for c in ("Computer 1",
                                                                                                     "Computer 2"))
    assert settled["computers"] == night["computers"]
    unit = "counters" if value is None else "cents"
    assert [(m["from"], m["to"], m[unit]) for m in settled["transfers"]] == \
        [(m["from"], m["to"], m[unit]) for m in night["transfers"]]
    paying = {m["from"] for m in settled["transfers"]} | {m["to"] for m in settled["transfers"]}
    assert not paying & {"Computer 1", "Computer 2"}
    # What the people pay and take (the backer's share of the computers' included) is each one's net
    nets = settled["nets"]
    moved = {name: 0 for name in nets}
    for m in settled["transfers"]:
        moved[m["from"]] -= m[unit]
        moved[m["to"]] = moved.get(m["to"], 0) + m[unit]
    if value is None:
        backed = dict(nets)
        backed["Ann"] += backed.pop("Computer 1") + backed.pop("Computer 2")
        assert {name: moved.get(name, 0) for name in backed} == backed  # each pays out its loss, takes its win
    said = mixed.ok("ledger", "settle", *extra).stdout
    assert "Computer 1 (good)" in said and "Computer 1, Computer 2: computers, whose result Ann pays or takes." in said
