"""A deal that was undone stays in the history (issue 39): `history` and `check` say that a hand, or the final
deal, was dealt, undone and dealt again, and from which seed once that hand is over, never while it is played."""

from __future__ import annotations

from conftest import Cli, play_hand

AT = "2026-12-01T21:04:05+01:00"
LATER = "2026-12-01T21:06:00+01:00"


def _table(cli: Cli, *, lang: str = "en") -> None:
    cli.ok("table", "new", "fri", "-r", "modern-stops", "-p", "Ann,Bob,Cat,Dan", "--lang", lang, POPEJOAN_NOW=AT)


def test_a_hand_dealt_undone_and_dealt_again_keeps_its_first_deal(cli: Cli) -> None:
    _table(cli)
    cli.ok("deal", "--seed", "42", POPEJOAN_NOW=AT)
    cli.ok("undo", "--yes", POPEJOAN_NOW=LATER)
    cli.ok("deal", "--seed", "42", POPEJOAN_NOW=LATER)  # the same seed again: still the hand being played
    shown = cli.ok("history", COLUMNS="120").stdout
    assert ("Hand 1, dealt by Ann at 21:04, was undone at 21:06; its seed is told once the hand is over."
            in shown), shown
    assert "42" not in shown
    data = cli.json("history")
    assert data["undone_deals"] == [{"hand": 1, "kind": "virtual", "dealer": "Ann", "seed": None,
                                     "dealt_at": AT, "undone_at": LATER}]
    assert cli.json("check")["undone_deals"][0]["seed"] is None
    from popejoan_cli.store import autoplay, tables

    while tables.view(tables.folder())[0].open_hand is not None:  # hand 1 played to its end: its seeds may be told
        autoplay.lead_lowest(tables.folder())
    shown = cli.ok("history", COLUMNS="120").stdout
    assert "Hand 1, dealt by Ann at 21:04 (seed 42), was undone at 21:06." in shown, shown
    checked = cli.ok("check").stdout
    assert checked.startswith("ok: ") and "Hand 1, dealt by Ann at 21:04 (seed 42), was undone at 21:06." in checked
    assert cli.json("history")["undone_deals"][0]["seed"] == 42


def test_the_final_deal_undone_and_dealt_again_is_shown(cli: Cli) -> None:
    cli.ok("table", "new", "fri", "-r", "russian", "-p", "Ann,Bob,Cat,Dan", POPEJOAN_NOW=AT)
    play_hand(cli, 1)
    cli.ok("end", "--seed", "7", POPEJOAN_NOW=AT)
    cli.ok("undo", "--yes", POPEJOAN_NOW=LATER)
    cli.ok("end", "--seed", "8", POPEJOAN_NOW=LATER)
    shown = cli.ok("history", COLUMNS="120").stdout
    assert "The final deal, dealt at 21:04 (seed 7), was undone at 21:06." in shown, shown
    assert [d["kind"] for d in cli.json("check")["undone_deals"]] == ["final"]


def test_two_deals_of_one_hand_are_both_numbered_as_that_hand(cli: Cli) -> None:
    """Hand 2 dealt and undone twice, at a real deck and then from a seed: both are hand 2."""
    _table(cli)
    play_hand(cli, 1)
    cli.ok("deal", "--real", "--turnup", "8H", POPEJOAN_NOW=AT)
    cli.ok("undo", "--yes", POPEJOAN_NOW=LATER)
    cli.ok("deal", "--seed", "5", POPEJOAN_NOW=AT)
    cli.ok("undo", "--yes", POPEJOAN_NOW=LATER)
    deals = cli.json("history")["undone_deals"]
    assert [(d["hand"], d["kind"], d["dealer"]) for d in deals] == [(2, "real", "Bob"), (2, "virtual", "Bob")]
    assert deals[1]["seed"] == 5  # between hands: no hand is being played that it could tell
    assert "Hand 2, dealt by Bob at 21:04 from a real deck, was undone at 21:06." in cli.ok("history").stdout


def test_an_undone_deal_in_russian_agrees_with_its_dealer(cli: Cli) -> None:
    cli.ok("table", "new", "fri", "-r", "modern-stops", "-p", "Аня,Боря,Вика,Дима", "--lang", "ru", POPEJOAN_NOW=AT)
    cli.ok("deal", "--seed", "42", POPEJOAN_NOW=AT)
    cli.ok("undo", "--yes", POPEJOAN_NOW=LATER)
    shown = " ".join(cli.ok("history", COLUMNS="120").stdout.split())
    assert "Раздача 1, сданная Аней в 21:04 (ключ тасовки 42), отменена в 21:06." in shown, shown
