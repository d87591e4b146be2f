"""The printed sources' own variants as house-rule keys: what `rules new --from-source NAME` lays on a preset.

A source prints a few rules of its own, not a whole game: the preset (`--from`) still gives the deck, the board
and the stakes, and each source named adds its keys over it and its citation to `sources`, so the file says
where every rule came from (docs/house-rules.md: Rules from the printed sources). Pure data and one function.
"""

from __future__ import annotations

from collections.abc import Mapping

from popejoan_cli.base.errors import Said, UsageError, allowed
from popejoan_cli.base.records import Record
from popejoan_cli.game.rulekeys import below
from popejoan_cli.game.rules import HouseRules, from_data


class Source(Record):
    """One printed source: its citation and the keys its variants set (`[section] -> key -> value`); with `below`,
    the preset's fixed-card pots are won by the card below theirs (`below_board`)."""

    citation: str
    keys: Mapping[str, Mapping[str, object]]
    below: bool = False


SOURCES: dict[str, Source] = {
    "peel": Source("W. H. Peel, Round Games with Cards (1891), Pope Joan",
                   {"turnup": {"pope_per_card": True, "pope_limit": 6},
                    "play": {"pope_stakes": 1}}),
    "peel-pool": Source("W. H. Peel, Round Games with Cards (1891), Pope Joan: the most popular variation",
                        {"turnup": {"pope_per_card": True, "pope_limit": 6},
                         "play": {"pope_stakes": 1},
                         "settle": {"losers_pay": "board"}}),
    "foster": Source("R. F. Foster, Foster's Complete Hoyle (1897), Pope Joan",
                     {"settle": {"unplayed_card": "double"}}),
    "peel-newmarket": Source("W. H. Peel, Round Games with Cards (1891), Newmarket",
                             {"deck": {"removed": ["7C", "7D", "7H", "7S"]}}, below=True),
    "indoor": Source("The Book of Indoor and Outdoor Games, card games pp. 155-157",
                     {"play": {"change_suit": "suit", "improper_lead": "pay-each"},
                      "settle": {"unplayed_card": "double"}}),
}
"""Each source's variants (survey tags PE, FO and IO). Peel's limit is his "four or six counters": six. Peel's
Newmarket: a pack of 48, the four sevens out (survey §2b row 2), and pools won by the card preceding theirs."""


def below_board(rules: HouseRules) -> list[dict[str, object]]:
    """`rules`' board as `[[pot]]` tables, each fixed-card pot won by the card below its own (Peel's Newmarket:
    docs/house-rules.md, wins = "below") where that card is in the pack; a `trump:` pot, or one whose card below
    is out of the pack (9♦'s 8♦ in most Pope Joan packs), stays as it was."""
    pots = [p.to_dict() for p in rules.pots]
    for pot, rule in zip(pots, rules.pots, strict=True):
        own = rule.cards[0].card if rule.wins == "card" else None
        if own is not None and below(own) not in rules.removed:
            pot["wins"] = "below"
    return pots


def with_sources(rules: HouseRules, names: list[str]) -> HouseRules:
    """`rules` with each named source's keys laid over it, in order, and its citation added to `sources`."""
    for name in names:
        source = SOURCES.get(name)
        if source is None:
            raise UsageError(Said("no printed source called {name!r}", name=name), allowed(sorted(SOURCES), name))
        doc: dict[str, object] = {section: dict(keys) for section, keys in source.keys.items()}
        doc["sources"] = [*rules.sources, source.citation]
        made, problems = from_data(doc, base=rules)
        if made is not None and source.below:
            made, problems = from_data({"pot": below_board(made)}, base=made)
        if made is None:  # the table above is checked by the tests: a slip of it, not of the user
            raise ValueError(problems)
        rules = made
    return rules
