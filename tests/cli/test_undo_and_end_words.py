"""What `undo` says the table does next, and what a deal after `end` says (issue 24)."""

from __future__ import annotations

import re

from conftest import Cli, play_hand

CARD = re.compile(r"(?:10|[2-9AJQK])[♠♥♦♣]")


def undone(run: Cli, *args: str) -> str:
    """`undo --yes ARGS`'s stdout, which names no card but those of what it took back (listed on stderr): those
    were played in public; a card still in a hand is never told."""
    res = run.ok("undo", "--yes", *args)
    assert set(CARD.findall(res.stdout)) <= set(CARD.findall(res.stderr)), (res.stdout, res.stderr)
    return res.stdout


def test_undo_says_what_it_took_back_and_who_leads_now(run: Cli) -> None:
    run.ok("table", "new", "fri", "-r", "modern-stops", "-p", "Ann,Bob,Cat,Dan")
    run.ok("deal", "--seed", "42")
    assert run.ok("lead", "AS").stdout.endswith("Ann leads next.\n")  # Bob's A♠, Ann's 2♠, and a stop
    run.ok("lead", "4S")
    # Ann leads again, as the record of Bob's lead said
    assert undone(run) == "Undone: Ann's lead 4♠, and Bob's 5♠, Dan's 6♠ and Bob's 7♠ that followed.\nAnn leads next.\n"
    russian = run.ok("undo", "--yes", POPEJOAN_LANG="ru").stdout
    assert russian.startswith("Отменено: ход игрока Bob с Т♠, а следом 2♠ игрока Ann.\nПервый ход за игроком Bob.")
    run.ok("lead", "AS")
    run.ok("lead", "4S")
    assert undone(run, "2") == ("Undone: 2 commands.\n"  # back to the deal: its own first lead
                                "Bob leads. Each player sees their own hand with `popejoan hand show NAME`.\n")
    assert undone(run) == "Undone: the deal of hand 1 by Ann.\nBetween hands: Ann deals next (`popejoan deal`).\n"
    play_hand(run, 1)
    run.ok("end")
    assert undone(run) == "Undone: the end of the session.\nBetween hands: Bob deals next (`popejoan deal`).\n"


def test_undo_in_a_tally_hand_says_it_goes_on(run: Cli) -> None:
    run.ok("table", "new", "fri", "-r", "modern-stops", "-p", "Ann,Bob,Cat")
    run.ok("deal", "--tally", "--turnup", "9D")
    run.ok("pay", "Bob", "ace")
    assert undone(run) == ("Undone: Bob taking ace.\nHand 1 goes on: record pots as they are taken with "
                           "`popejoan pay NAME POT`, and the end with `popejoan out NAME --left NAME=N,...`.\n")


def test_a_deal_after_end_names_the_session_and_how_to_start_the_next(run: Cli) -> None:
    run.ok("table", "new", "fri", "-r", "modern-stops", "-p", "Ann,Bob,Cat")
    play_hand(run, 1)
    run.ok("end")
    said = run.fails(3, "deal", said=("the session 'fri' has ended (`popejoan end`); start the next with "
                                      "`popejoan session new`",))
    assert len(said.splitlines()) == 1
    run.fails(3, "table", "join", "Eve", said=("the session 'fri' has ended",))
    assert "вечер «fri» окончен" in run.fails(3, "deal", POPEJOAN_LANG="ru")
    run.ok("session", "new")  # the command it names starts the next
    run.ok("deal")
