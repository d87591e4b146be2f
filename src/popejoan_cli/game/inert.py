"""Which house-rule keys do nothing in which combination: one table, `INERT`, that `rules check` warns from.

A key can be set to a value of its own and still change nothing, because the other keys leave it no
work: `turnup.pope_limit` limits a payment that only `turnup.pope_per_card` makes, `play.pass_pays`
charges a pass that never happens unless the lead can pass (docs/house-rules.md). Each entry of `INERT`
is one such combination: the key's path, a predicate on the `HouseRules` saying the key is inert there,
and the words saying why and what would make it count. tests/game/test_inert.py plays hands out under
each entry with the key changed and finds the same payments, so an entry is listed only where the
referee truly never reads the key.

`inert_keys` warns only of a key whose value asks for something: not its default, and not one of
`ASKS_NOTHING`, the values that say "none" (Michigan's `turnup.pope_takes = []` on a board with no
Pope says what the board already means, and is no mistake to warn of).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from popejoan_cli.base.errors import Said
from popejoan_cli.base.records import Record
from popejoan_cli.game.rulekeys import KEY_BY_PATH, KEYS

if TYPE_CHECKING:
    from popejoan_cli.game.rules import HouseRules


class Inert(Record):
    """One key that does nothing where `holds` says so, and `why` it does nothing (and what would make
    it count), said after the key's name: `turnup.pope_limit: does nothing: ...`."""

    key: str
    holds: Callable[[HouseRules], bool]
    why: Said


def _no_pope(r: HouseRules) -> bool:
    """The Pope's keys apply only where the board has a `card` pot named `pope` (docs/house-rules.md: Keys)."""
    return r.pope is None


def _no_turnup(r: HouseRules) -> bool:
    return r.deal.turnup == "none"


def _never_passes(r: HouseRules) -> bool:
    """The lead passes only under a change of suit it cannot make (`play.no_new_suit = "pass"`)."""
    return r.play.change_suit == "no" or r.play.no_new_suit != "pass"


def _nothing_on_pass_pot(r: HouseRules) -> bool:
    """`play.pass_pot` receives passes' payments and, under `play.improper_lead = "pay-board"`, the fines."""
    return (_never_passes(r) or not r.play.pass_pays) and r.play.improper_lead != "pay-board"


def _no_pair_pot(r: HouseRules) -> bool:
    return not any(p.wins == "pair" for p in r.pots)


def _never_shared(r: HouseRules) -> bool:
    """Only a pair pot is ever shared: split between its two players, or between its cards' holders in the
    final deal."""
    return _no_pair_pot(r) or (r.play.pairs == "same-player" and r.final.deal == "none")


_NO_POPE = Said("does nothing: the Pope's keys apply only where the board has a 'card' pot named pope, "
                "and this board has none")
_NO_TURNUP = Said("does nothing: deal.turnup = \"none\" turns up no card; it applies with "
                  "deal.turnup = \"in-hand\" or \"out-of-play\"")
_NO_SPARE = Said("does nothing: deal.spare_hand = false deals no spare hand; it applies with spare_hand = true")
_POPE_KEYS = ("turnup.pope_takes", "turnup.pope_per_card", "turnup.pope_ends_hand", "turnup.pope_limit",
              "play.pope_stakes", "play.pope_in_lieu", "settle.pope_exempt")
_TURNUP_KEYS = ("turnup.ends_hand", "turnup.pope_takes", "turnup.pope_per_card",
                "turnup.pope_ends_hand", "turnup.pope_limit")

INERT: tuple[Inert, ...] = (
    *(Inert(key, _no_pope, _NO_POPE) for key in _POPE_KEYS),
    *(Inert(key, _no_turnup, _NO_TURNUP) for key in _TURNUP_KEYS),
    Inert("turnup.ends_hand", lambda r: r.turnup.dealer_takes == "none",
          Said("does nothing: under turnup.dealer_takes = \"none\" the dealer takes no pot for a turn-up, so "
               "no turn-up ends the hand; it applies with dealer_takes = \"matching\"")),
    Inert("turnup.pope_limit", lambda r: not r.turnup.pope_per_card,
          Said("does nothing: it limits what each player pays the dealer for a turned-up Pope, which only "
               "turnup.pope_per_card = true makes him pay")),
    *(Inert(key, lambda r: not r.deal.spare_hand, _NO_SPARE)
      for key in ("deal.spare_position", "deal.spare_exchange", "deal.exchange_bar")),
    Inert("deal.exchange_bar", lambda r: r.deal.spare_exchange == "none",
          Said("does nothing: under deal.spare_exchange = \"none\" nobody may take the spare hand, so "
               "nobody needs barring; it applies with spare_exchange = \"dealer\" or \"auction\"")),
    Inert("stakes.dealer_multiplier", lambda r: r.stakes.payer == "dealer",
          Said("does nothing: under stakes.payer = \"dealer\" the dealer alone dresses the board, at the "
               "pots' stakes; it applies with payer = \"each\"")),
    Inert("play.no_new_suit", lambda r: r.play.change_suit == "no",
          Said("does nothing: under play.change_suit = \"no\" any suit may be led after a stop, so the lead "
               "never passes; it applies with change_suit = \"suit\" or \"colour\"")),
    Inert("play.pass_pays", _never_passes,
          Said("does nothing: the lead never passes; it applies with play.no_new_suit = \"pass\" and "
               "play.change_suit = \"suit\" or \"colour\"")),
    Inert("play.pass_pot", _nothing_on_pass_pot,
          Said("does nothing: no counters go on the pass pot; it applies with play.pass_pays where the lead "
               "passes (play.no_new_suit = \"pass\"), or with play.improper_lead = \"pay-board\"")),
    Inert("play.improper_penalty", lambda r: r.play.improper_lead == "refuse",
          Said("does nothing: under play.improper_lead = \"refuse\" an improper lead is refused, never "
               "fined; it applies with improper_lead = \"pay-each\" or \"pay-board\"")),
    # play.pair_order's only other value, "any", asks for nothing: no entry
    Inert("play.pairs", _no_pair_pot,
          Said("does nothing: the board has no pair pot; it applies to a [[pot]] with wins = \"pair\"")),
    Inert("board.odd_counter", _never_shared,
          Said("does nothing: no pot is ever shared here; only a pair pot is, under play.pairs = \"split\" "
               "or in the final deal (final.deal = \"holders\")")),
    Inert("final.suit", lambda r: r.final.deal == "none",
          Said("does nothing: under final.deal = \"none\" there is no final deal; it applies with "
               "final.deal = \"holders\"")),
)
"""Every combination in which a key does nothing. A key may have several: the first that holds is said."""

ASKS_NOTHING: dict[str, tuple[object, ...]] = {
    "turnup.pope_takes": ((),),
    "settle.pope_exempt": ("none",),
    "play.improper_penalty": (0,),
}
"""Values besides the default that ask for nothing: set where their key is inert, they say what the other
keys already mean (the presets `michigan`, `boodle` and `newmarket` write the first two so), and are not
warned of. A key whose only other value asks for nothing (`turnup.dealer_takes = "none"`,
`play.pair_order = "any"`) has no entry in `INERT` at all."""

_ORDER = {k.path: i for i, k in enumerate(KEYS)}
assert {e.key for e in INERT} <= set(KEY_BY_PATH), "an entry of INERT names no key"


def _asks(key: str, value: object) -> bool:
    """Whether `value` of `key` asks for something: neither its default nor a value of `ASKS_NOTHING`."""
    if isinstance(value, list):
        value = tuple(value)
    return value != KEY_BY_PATH[key].default and value not in ASKS_NOTHING.get(key, ())


def inert_keys(rules: HouseRules) -> list[Inert]:
    """The keys of `rules` that ask for something and do nothing, in the order of `KEYS`, each once (the first
    entry of `INERT` that holds for it).

    >>> from popejoan_cli.game.rules import from_data
    >>> rules, _ = from_data({"turnup": {"pope_limit": 4}})
    >>> [e.key for e in inert_keys(rules)]
    ['turnup.pope_limit']
    """
    found: dict[str, Inert] = {}
    for entry in INERT:
        if entry.key not in found and _asks(entry.key, rules.values[entry.key]) and entry.holds(rules):
            found[entry.key] = entry
    return sorted(found.values(), key=lambda e: _ORDER[e.key])
