"""Which house-rule keys do nothing in which combination: one table, `INERT`, that `rules check` warns from and
`rules show` names its keys "not used" from.

A key can be set to a value of its own and still change nothing, because the other keys leave it no
work: `turnup.pope_limit` limits a payment that only `turnup.pope_per_card` makes, `play.pass_pays`
charges a pass that never happens unless the lead can pass (docs/house-rules.md). Each entry of `INERT`
is one such combination: the key's path, a predicate on the `HouseRules` saying the key is inert there,
and the words saying why and what would make it count. tests/game/test_inert.py plays hands out under
each entry with the key changed and finds the same payments, so an entry is listed only where the
referee truly never reads the key. Each entry has two sets of words, side by side so that they cannot
drift apart: `why`, the sentence `rules check` says, and `because`, the few words `rules show` puts after
the key (`board.odd_counter (no pot is ever shared)`).

`inert_keys` warns only of a key whose value asks for something: not its default, and not one of
`ASKS_NOTHING`, the values that say "none" (Michigan's `turnup.pope_takes = []` on a board with no
Pope says what the board already means, and is no mistake to warn of). `unused_keys` is what `rules show`
names: every key a rule file writes that does nothing, whatever its value; `idle` says whether one key
does nothing, for the sentences of `rules show` that are said only where a key counts.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from popejoan_cli.base.errors import Said
from popejoan_cli.base.records import Record
from popejoan_cli.game.laws import LEAD_LAW, law_of
from popejoan_cli.game.rulekeys import KEY_BY_PATH, KEYS

if TYPE_CHECKING:
    from popejoan_cli.game.rules import HouseRules


class Inert(Record):
    """One key that does nothing where `holds` says so, and `why` it does nothing (and what would make
    it count), said after the key's name: `turnup.pope_limit: does nothing: ...`; and `because`, the cause in
    a few words, said after the key in `rules show`'s line of keys not used: `turnup.pope_limit (no pot named
    pope)`. Entries with one cause share one `because`, so that `rules show` names their keys together."""

    key: str
    holds: Callable[[HouseRules], bool]
    why: Said
    because: Said


def _no_pope(r: HouseRules) -> bool:
    """The Pope's keys apply only where the board has a `card` pot named `pope` (docs/house-rules.md: Keys)."""
    return r.pope is None


def _no_turnup(r: HouseRules) -> bool:
    return r.deal.turnup == "none"


def _never_passes(r: HouseRules) -> bool:
    """The lead passes only under a change of suit it cannot make (`play.no_new_suit = "pass"`)."""
    return r.play.change_suit == "no" or r.play.no_new_suit != "pass"


def _no_lead_rule(r: HouseRules) -> bool:
    """No rule of the lead law (`game.laws.LEAD_LAW`) is set, so no lead is ever improper, and none is fined
    (the called first lead is the rules' own, never fined: docs/house-rules.md)."""
    return not law_of(r)


def _nothing_on_pass_pot(r: HouseRules) -> bool:
    """`play.pass_pot` receives passes' payments and, under `play.improper_lead = "pay-board"`, the fines of
    improper leads, where a lead can be improper."""
    return (_never_passes(r) or not r.play.pass_pays) and (r.play.improper_lead != "pay-board" or _no_lead_rule(r))


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
_NO_LEAD_RULE = Said("does nothing: no rule on what may be led is set ({keys}), so no lead is improper; it applies "
                     "once one of them is", keys=", ".join(rule.key for rule in LEAD_LAW))
"""Its keys from the lead law itself (`game.laws.LEAD_LAW`), so that a rule added there is named here too."""
_BECAUSE_NO_POPE = Said("no pot named pope")
_BECAUSE_NO_TURNUP = Said("no turn-up")
_BECAUSE_NO_SPARE = Said("no spare hand")
_BECAUSE_NO_LEAD_RULE = Said("no lead rule to break")
_POPE_KEYS = ("turnup.pope_takes", "turnup.pope_per_card", "turnup.pope_ends_hand", "turnup.pope_limit",
              "play.pope_stakes", "play.pope_in_lieu", "settle.pope_exempt")
_TURNUP_KEYS = ("turnup.ends_hand", "turnup.pope_takes", "turnup.pope_per_card",
                "turnup.pope_ends_hand", "turnup.pope_limit")

INERT: tuple[Inert, ...] = (
    *(Inert(key, _no_pope, _NO_POPE, _BECAUSE_NO_POPE) for key in _POPE_KEYS),
    *(Inert(key, _no_turnup, _NO_TURNUP, _BECAUSE_NO_TURNUP) for key in _TURNUP_KEYS),
    Inert("turnup.ends_hand", lambda r: r.turnup.dealer_takes == "none",
          Said("does nothing: under turnup.dealer_takes = \"none\" the dealer takes no pot for a turn-up, so "
               "no turn-up ends the hand; it applies with dealer_takes = \"matching\""),
          Said("the dealer takes nothing for a turn-up")),
    Inert("turnup.pope_limit", lambda r: not r.turnup.pope_per_card,
          Said("does nothing: it limits what each player pays the dealer for a turned-up Pope, which only "
               "turnup.pope_per_card = true makes him pay"),
          Said("nothing is paid per card for a turned-up Pope")),
    *(Inert(key, lambda r: not r.deal.spare_hand, _NO_SPARE, _BECAUSE_NO_SPARE)
      for key in ("deal.spare_position", "deal.spare_exchange", "deal.exchange_bar")),
    Inert("deal.exchange_bar", lambda r: r.deal.spare_exchange == "none",
          Said("does nothing: under deal.spare_exchange = \"none\" nobody may take the spare hand, so "
               "nobody needs barring; it applies with spare_exchange = \"dealer\" or \"auction\""),
          Said("nobody may take the spare hand")),
    Inert("stakes.dealer_multiplier", lambda r: r.stakes.payer == "dealer",
          Said("does nothing: under stakes.payer = \"dealer\" the dealer alone dresses the board, at the "
               "pots' stakes; it applies with payer = \"each\""),
          Said("the dealer alone dresses the board")),
    Inert("play.no_new_suit", lambda r: r.play.change_suit == "no",
          Said("does nothing: under play.change_suit = \"no\" any suit may be led after a stop, so the lead "
               "never passes; it applies with change_suit = \"suit\" or \"colour\""),
          Said("no change of suit")),
    Inert("play.pass_pays", _never_passes,
          Said("does nothing: the lead never passes; it applies with play.no_new_suit = \"pass\" and "
               "play.change_suit = \"suit\" or \"colour\""),
          Said("the lead never passes")),
    Inert("play.pass_pot", _nothing_on_pass_pot,
          Said("does nothing: no counters go on the pass pot; it applies with play.pass_pays where the lead "
               "passes (play.no_new_suit = \"pass\"), or with play.improper_lead = \"pay-board\""),
          Said("no counters go on that pot")),
    Inert("play.improper_lead", _no_lead_rule, _NO_LEAD_RULE, _BECAUSE_NO_LEAD_RULE),
    Inert("play.improper_penalty", lambda r: r.play.improper_lead == "refuse",
          Said("does nothing: under play.improper_lead = \"refuse\" an improper lead is refused, never "
               "fined; it applies with improper_lead = \"pay-each\" or \"pay-board\""),
          Said("an improper lead is refused, never fined")),
    Inert("play.improper_penalty", _no_lead_rule, _NO_LEAD_RULE, _BECAUSE_NO_LEAD_RULE),
    # play.pair_order's only other value, "any", asks for nothing: no entry
    Inert("play.pairs", _no_pair_pot,
          Said("does nothing: the board has no pair pot; it applies to a [[pot]] with wins = \"pair\""),
          Said("no pair pots")),
    Inert("board.odd_counter", _never_shared,
          Said("does nothing: no pot is ever shared here; only a pair pot is, under play.pairs = \"split\" "
               "or in the final deal (final.deal = \"holders\")"),
          Said("no pot is ever shared")),
    Inert("final.suit", lambda r: r.final.deal == "none",
          Said("does nothing: under final.deal = \"none\" there is no final deal; it applies with "
               "final.deal = \"holders\""),
          Said("no final deal")),
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


def _written(key: str, value: object) -> bool:
    """Whether a rule file writes `key` at `value` (`HouseRules.to_dict`): a key that is not optional always, an
    optional one only where it differs from its default."""
    if isinstance(value, list):
        value = tuple(value)
    return not KEY_BY_PATH[key].optional or value != KEY_BY_PATH[key].default


def _said(rules: HouseRules, wanted: Callable[[str, object], bool]) -> list[Inert]:
    """For each key whose value `wanted` picks, the first entry of `INERT` that holds for it, in `KEYS` order."""
    found: dict[str, Inert] = {}
    for entry in INERT:
        if entry.key not in found and wanted(entry.key, rules.values[entry.key]) and entry.holds(rules):
            found[entry.key] = entry
    return sorted(found.values(), key=lambda e: _ORDER[e.key])


def inert_keys(rules: HouseRules) -> list[Inert]:
    """The keys of `rules` that ask for something and do nothing, in the order of `KEYS`, each once (the first
    entry of `INERT` that holds for it): what `rules check` warns of.

    >>> from popejoan_cli.game.rules import from_data
    >>> rules, _ = from_data({"turnup": {"pope_limit": 4}})
    >>> [e.key for e in inert_keys(rules)]
    ['turnup.pope_limit']
    """
    return _said(rules, _asks)


def unused_keys(rules: HouseRules) -> list[Inert]:
    """The keys a rule file of `rules` writes that do nothing, whatever their value, in the order of `KEYS`, each
    once (the first entry of `INERT` that holds for it): what `rules show` names "not used". A file writes every
    key that is not optional and an optional one only where it is set, so a key it leaves out is not named.

    >>> from popejoan_cli.formats.presets import preset
    >>> [e.key for e in unused_keys(preset("modern-stops"))]
    ['stakes.dealer_multiplier', 'play.no_new_suit', 'board.odd_counter', 'final.suit']
    """
    return _said(rules, _written)


def idle(rules: HouseRules, key: str) -> Inert | None:
    """The entry of `INERT` that says `key` does nothing under `rules`, whatever its value (the first that holds),
    or None where the key counts: for the words that say a key's setting only where it counts.

    >>> from popejoan_cli.formats.presets import preset
    >>> idle(preset("michigan"), "play.pass_pays") is None, idle(preset("modern-stops"), "play.pass_pays").because
    (True, 'the lead never passes')
    """
    return next((e for e in INERT if e.key == key and e.holds(rules)), None)
