"""A toy house rule for the tests: "no black lead while you hold a red card", added to the lead law through
`laws.extended(RedFirst())` for the length of a test (docs/adding-a-rule.md). It applies to a rule set named
`TOY` only, and no part of popejoan knows it: the tests that add it show that every part honours it anyway.
"""

from __future__ import annotations

from popejoan_cli.game.cards import Card
from popejoan_cli.game.laws import LeadRule
from popejoan_cli.game.rules import HouseRules

TOY = "toy-red-first"


class RedFirst(LeadRule):
    """A toy house rule: no black lead while you hold a red card."""

    key = "play.red_first"

    def applies(self, rules: HouseRules) -> bool:
        return rules.name == TOY

    def cited(self, rules: HouseRules) -> str:
        return "play.red_first = true"

    def forbids(self, rules: HouseRules, stopped: int | None, card: int, other: int) -> bool:
        return card // 13 in (0, 3) and other // 13 in (1, 2)

    def told(self, rules: HouseRules, who: str, stopped: int | None, card: Card, other: Card) -> str:
        return f"{who} may not lead {card.face}: they hold {other.face}, a red card"

    def private(self, rules: HouseRules, stopped: int | None, card: Card, other: Card) -> str:
        return f"you hold {other.face}, a red card"

    def breach(self, rules: HouseRules, who: str, stopped: int | None, card: Card, other: Card) -> str:
        return f"{who} led {card.face} while holding {other.face}, a red card"
