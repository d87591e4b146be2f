"""What `undo` says the table does next, and what a deal after `end` says (issue 24)."""

from __future__ import annotations

from conftest import Cli, play_hand


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
