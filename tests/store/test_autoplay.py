"""The one home of "lead the lowest card through the journal" (`store.autoplay`), and the table's
own answers to what a command means now (`table.moves`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from popejoan_cli.base.errors import RuleViolation, UsageError
from popejoan_cli.formats.presets import preset
from popejoan_cli.game.playout import lowest_lead
from popejoan_cli.game.sight import Played
from popejoan_cli.store import autoplay, journal, tables
from popejoan_cli.table import moves
from popejoan_cli.table.events import CardLed, Event, FinalDealt, HandDealt, SessionEnded, TableOpened
from popejoan_cli.table.view import TableView

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


def opened(folder: Path, rules_name: str = "modern-stops") -> None:
    rules = preset(rules_name)
    tables.record(lambda v: [TableOpened(name="t", rules=rules.to_dict(), rules_name=rules.name,
                                         players=PLAYERS, counters=50, dealer="Ann")], where=folder, create=True)


def by_hand(folder: Path, seed: int) -> None:
    """The loop as the tests and the demo used to write it, one command at a time."""
    def deal(v: TableView) -> list[Event]:
        return [HandDealt(seed=seed, dealer=v.next_dealer)]

    view = tables.record(deal, where=folder).view
    while (rec := view.open_hand) is not None:
        seat, card = lowest_lead(rec.hand)

        def lead(v: TableView, who: str = rec.players[seat], c: str = str(card)) -> list[Event]:
            return [CardLed(player=who, card=c)]

        view = tables.record(lead, where=folder).view


def test_play_hand_writes_the_same_journal_as_the_loop_it_replaces(tmp_path: Path) -> None:
    for folder in (tmp_path / "a", tmp_path / "b"):
        opened(folder)
    for seed in (1, 2, 42):
        by_hand(tmp_path / "a", seed)
        view = autoplay.play_hand(tmp_path / "b", seed)
        assert view.open_hand is None
    assert (tmp_path / "a" / journal.JOURNAL).read_bytes() == (tmp_path / "b" / journal.JOURNAL).read_bytes()


def test_told_hears_the_deal_then_each_lead_as_the_referee_recorded_it(tmp_path: Path) -> None:
    opened(tmp_path)
    heard: list[tuple[int, Played | None]] = []
    view = autoplay.play_hand(tmp_path, 7, told=lambda v, done: heard.append((len(v.hands[-1].hand.plays), done)))
    assert heard[0] == (0, None)
    leads = [e for _, e in view.effective if isinstance(e, CardLed)]
    assert len(heard) == 1 + len(leads)
    for (plays_after, done), (plays_before, _), led in zip(heard[1:], heard[:-1], leads, strict=True):
        # each record holds exactly the plays its lead added, the lead first and as the journal has it
        assert done is not None and len(done.plays) == plays_after - plays_before
        assert done.plays[0].lead and str(done.plays[0].card) == led.card
        assert not any(p.lead for p in done.plays[1:])


def test_a_named_dealer_out_of_turn_is_refused(tmp_path: Path) -> None:
    opened(tmp_path)
    with pytest.raises(RuleViolation):
        autoplay.deal(tmp_path, 1, "Cat")


def test_lowest_is_none_between_hands(tmp_path: Path) -> None:
    opened(tmp_path)
    assert moves.lowest(tables.view(tmp_path)[0]) is None


def test_the_end_deals_the_final_hand_only_where_the_rules_have_one(tmp_path: Path) -> None:
    opened(tmp_path / "stops", "modern-stops")
    assert moves.ending(tables.view(tmp_path / "stops")[0], 3) == [SessionEnded()]
    finals = [n for n in ("russian", "parlett", "hoyle", "michigan", "boodle", "newmarket")
              if preset(n).final.deal == "holders"]
    if not finals:
        pytest.skip("no preset has a final clearing deal")
    opened(tmp_path / "final", finals[0])
    assert moves.ending(tables.view(tmp_path / "final")[0], 3) == [FinalDealt(seed=3), SessionEnded()]


def test_a_lead_by_nobody_at_the_table_is_a_usage_error(tmp_path: Path) -> None:
    opened(tmp_path)
    view = autoplay.deal(tmp_path, 1)
    with pytest.raises(UsageError, match="no player 'Zed' in this hand"):
        moves.lead_by(view, "Zed", lowest_lead(view.hands[-1].hand)[1])
