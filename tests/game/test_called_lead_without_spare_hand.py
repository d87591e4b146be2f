"""`play.first_lead` beside `deal.spare_exchange` (game/rulecheck.py): refused only where an exchange can happen.

A called first lead is made at the deal, so no exchange of the spare hand could come before it: a rule file
that calls it and lets the spare hand be taken is refused. Without a spare hand (`deal.spare_hand = false`)
nobody can take one, whatever `spare_exchange` says (docs/house-rules.md; game/inert.py says the key does
nothing there), so the file is accepted: the called card is led at the deal, any exchange is refused, and
`rules check` warns of the key that does nothing instead of refusing the file.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import Cli
from popejoan_cli.base.errors import DataError, IllegalPlay
from popejoan_cli.formats.rulefile import from_toml
from popejoan_cli.game.board import Board
from popejoan_cli.game.cards import Card
from popejoan_cli.game.deal import seeded_deal
from popejoan_cli.game.hand import Hand

CALLED = '[deal]\nspare_hand = {spare}\nspare_exchange = "dealer"\n[play]\nfirst_lead = "2D"\n'


def test_a_called_lead_beside_an_exchange_is_refused_only_with_a_spare_hand() -> None:
    with pytest.raises(DataError) as refused:
        from_toml(CALLED.format(spare="true").encode(), "t.toml")
    assert [(p.key, p.line) for p in refused.value.problems] == [("play.first_lead", 5)]
    assert "before the spare hand could be taken" in str(refused.value.problems[0].message)
    rules = from_toml(CALLED.format(spare="false").encode(), "t.toml")
    assert rules.play.first_lead == "2D" and rules.deal.spare_exchange == "dealer" and not rules.deal.spare_hand


def test_without_a_spare_hand_the_called_card_is_led_and_no_exchange_is_made() -> None:
    rules = from_toml(CALLED.format(spare="false").encode(), "t.toml")
    two = Card.parse("2D")
    dealt = seeded_deal(rules, 4, 3, 7)
    holder = next(s for s, cards in enumerate(dealt.hands) if two in cards)  # no spare hand: 2♦ is held
    hand = Hand.deal(rules, 4, 3, Board(rules), dealt)
    assert (hand.plays[0].seat, hand.plays[0].card, hand.plays[0].lead) == (holder, two, True)
    with pytest.raises(IllegalPlay) as no_exchange:
        hand.exchange(3)
    assert no_exchange.value.rule.startswith("deal.spare_exchange") and hand.exchanged is None


def test_rules_check_accepts_the_file_and_warns_of_the_exchange_that_cannot_happen(cli: Cli, tmp_path: Path,
                                                                                    monkeypatch: pytest.MonkeyPatch
                                                                                    ) -> None:
    (tmp_path / "called.toml").write_text(CALLED.format(spare="false"), encoding="utf-8")
    (tmp_path / "swapped.toml").write_text(CALLED.format(spare="true"), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    res = cli.ok("rules", "check", "called.toml")
    assert res.stdout.startswith("called.toml: ok")
    assert res.stderr.startswith("popejoan: warning: called.toml:3:1: deal.spare_exchange: does nothing: "
                                 "deal.spare_hand = false deals no spare hand")
    assert "first_lead" not in res.stderr
    swapped = cli("rules", "check", "swapped.toml")
    assert swapped.exit_code != 0 and "play.first_lead" in swapped.stderr
