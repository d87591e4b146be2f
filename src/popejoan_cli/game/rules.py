"""House rules: the `HouseRules` model (see docs/house-rules.md) and its typed settings.

Every key is described once in `KEYS` (`game.rulekeys`); this module gives each `[section]`
of it a frozen record (`base.records.Record`: cheap to define at start-up) whose attributes are
that section's keys, typed (a choice is a `Literal` of its words), so the referee reads
`rules.play.follow` rather than a string path.
tests/game/test_rules_typed.py fails if a section class and `KEYS` disagree. `from_toml` (in
`formats.rulefile`) and `from_data` turn a document into `HouseRules`, collecting every
problem (`game.rulecheck`) before one `DataError` is raised.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Literal, TypeVar

from popejoan_cli.base.errors import Path_, Problem, nearest
from popejoan_cli.base.records import Record
from popejoan_cli.game.cards import Card
from popejoan_cli.game.rulecheck import check_document
from popejoan_cli.game.rulekeys import (
    DEFAULT_POTS,
    KEYS,
    MAX_NAME,
    CardSpec,
    Key,
    PotRule,
)

AceOrder = Literal["low", "high"]
SparePosition = Literal["last", "first"]
TurnupMode = Literal["in-hand", "out-of-play", "none"]
SpareExchange = Literal["none", "dealer", "auction"]
ExchangeBar = Literal["none", "pot-card"]
Payer = Literal["dealer", "each"]
DealerTakes = Literal["matching", "none"]
Lead = Literal["any", "lowest-in-suit"]
Follow = Literal["holder", "clockwise"]
ChangeSuit = Literal["no", "suit", "colour"]
NoNewSuit = Literal["same-suit", "pass"]
Pairs = Literal["same-player", "split"]
PairOrder = Literal["ascending", "any"]
ImproperLead = Literal["refuse", "pay-each", "pay-board"]
OddCounter = Literal["stay", "eldest"]
PopeExempt = Literal["holder", "card", "none"]
LosersPay = Literal["winner", "board"]
UnplayedCard = Literal["none", "stake", "double"]
FinalDeal = Literal["none", "holders"]
SuitLetter = Literal["C", "D", "H", "S"]


class PlayersRules(Record):
    """[players]: how many may sit at the table."""

    min: int = 3
    max: int = 8


class DeckRules(Record):
    """[deck]: the cards taken out of the pack, and where the ace ranks."""

    removed: tuple[str, ...] = ("8D",)
    """Card texts, sorted; `HouseRules.removed` holds the same cards as `Card`s."""
    ace: AceOrder = "low"


class DealRules(Record):
    """[deal]: the spare hand and the turn-up."""

    spare_hand: bool = True
    spare_position: SparePosition = "last"
    turnup: TurnupMode = "in-hand"
    spare_exchange: SpareExchange = "none"
    exchange_bar: ExchangeBar = "none"


class StakesRules(Record):
    """[stakes]: who dresses the board."""

    payer: Payer = "dealer"
    dealer_multiplier: int = 1


class TurnupRules(Record):
    """[turnup]: what the dealer takes for the card turned for trump."""

    dealer_takes: DealerTakes = "matching"
    ends_hand: bool = False
    pope_takes: tuple[str, ...] = ("pope",)
    pope_per_card: bool = False
    pope_ends_hand: bool = False
    pope_limit: int = 0


class PlayRules(Record):
    """[play]: leading, following, stops and pairs."""

    lead: Lead = "lowest-in-suit"
    follow: Follow = "holder"
    change_suit: ChangeSuit = "no"
    no_new_suit: NoNewSuit = "same-suit"
    pairs: Pairs = "same-player"
    pair_order: PairOrder = "ascending"
    first_lead: str = "eldest"
    improper_lead: ImproperLead = "refuse"
    improper_penalty: int = 1
    pass_pays: int = 0
    pass_pot: str = ""
    pope_stakes: int = 0
    pope_in_lieu: bool = False


class BoardRules(Record):
    """[board]: sharing a pot."""

    odd_counter: OddCounter = "stay"


class SettleRules(Record):
    """[settle]: what the first out is paid, and balances."""

    per_card: int = 1
    pope_exempt: PopeExempt = "holder"
    negative: bool = True
    losers_pay: LosersPay = "winner"
    unplayed_card: UnplayedCard = "none"


class FinalRules(Record):
    """[final]: the session's last deal."""

    deal: FinalDeal = "none"
    suit: SuitLetter = "D"


SECTION_TYPES: dict[str, type[Record]] = {
    "players": PlayersRules, "deck": DeckRules, "deal": DealRules, "stakes": StakesRules,
    "turnup": TurnupRules, "play": PlayRules, "board": BoardRules, "settle": SettleRules,
    "final": FinalRules,
}
"""Each `[section]` of `KEYS` and the class of `HouseRules`' attribute of that name."""

_S = TypeVar("_S")
_set = object.__setattr__
_LISTS = frozenset({"cards", "pots", "texts"})
_SECTION_KEYS: dict[str, tuple[tuple[str, str, bool], ...]] = {
    section: tuple((k.name, k.path, k.kind in _LISTS) for k in KEYS if k.section == section)
    for section in SECTION_TYPES
}
"""(name, path, is a list) of each section's keys, worked out once rather than per rule set."""


def _section(cls: type[_S], section: str, values: Mapping[str, object]) -> _S:
    args: dict[str, Any] = {}
    for name, path, is_list in _SECTION_KEYS[section]:
        value = values[path]
        args[name] = tuple(value) if is_list and isinstance(value, list | tuple) else value
    return cls(**args)


class HouseRules(Record):
    """A complete, validated rule set. `values` holds every key of `KEYS` by path; the
    section attributes (`rules.play.follow`) hold the same values, typed, built once.

    Made from `values`, `pots`, `removed` (and `cache`, empty by default); two rule sets are equal
    when those first three are, and show only them. `records.replace` makes a changed copy.
    """

    values: Mapping[str, object]
    pots: tuple[PotRule, ...]
    removed: frozenset[Card]
    cache: dict[object, object]
    """Tables the referee derives from these rules (pot triggers per trump), built once."""
    players: PlayersRules
    deck: DeckRules
    deal: DealRules
    stakes: StakesRules
    turnup: TurnupRules
    play: PlayRules
    board: BoardRules
    settle: SettleRules
    final: FinalRules

    def __init__(self, values: Mapping[str, object], pots: tuple[PotRule, ...] = DEFAULT_POTS,
                 removed: frozenset[Card] = frozenset(), cache: dict[object, object] | None = None) -> None:
        _set(self, "values", values)
        _set(self, "pots", pots)
        _set(self, "removed", removed)
        _set(self, "cache", {} if cache is None else cache)
        for section, cls in SECTION_TYPES.items():
            _set(self, section, _section(cls, section, values))

    _init_fields: ClassVar[tuple[str, ...]] = ("values", "pots", "removed", "cache")

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            assert isinstance(other, HouseRules)
            return (self.values, self.pots, self.removed) == (other.values, other.pots, other.removed)
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.values, self.pots, self.removed))

    def __repr__(self) -> str:
        return f"HouseRules(values={self.values!r}, pots={self.pots!r}, removed={self.removed!r})"

    def __reduce__(self) -> tuple[Callable[..., HouseRules], tuple[Any, ...]]:
        """Pickled as what it is made from (`values`, `pots`, `removed`, `cache`): the typed sections are built
        again as it is read, so that a key added to `KEYS` changes nothing a table's `.folded` cache pickles
        (store/folded.py; docs/adding-a-rule.md), and a key its values lack takes its default."""
        return _unpickled, (self.values, self.pots, self.removed, self.cache)

    def __getitem__(self, path: str) -> object:
        """A value by its key path (`rules["play.follow"]`), untyped: for the remaining callers
        (tests) that read by path. Code reads the typed sections (`rules.play.follow`)."""
        return self.values[path]

    @property
    def name(self) -> str:
        return str(self.values["name"])

    @property
    def title(self) -> str:
        return str(self.values["title"] or self.values["name"])

    @property
    def description(self) -> str:
        return str(self.values["description"])

    @property
    def sources(self) -> tuple[str, ...]:
        found = self.values["sources"]
        return tuple(str(s) for s in found) if isinstance(found, list | tuple) else ()

    @property
    def ace_high(self) -> bool:
        return self.deck.ace == "high"

    def pot(self, name: str) -> PotRule | None:
        return next((p for p in self.pots if p.name == name), None)

    @property
    def pope(self) -> PotRule | None:
        pot = self.pot("pope")
        return pot if pot is not None and pot.wins == "card" else None

    @property
    def pass_pot(self) -> str:
        """The pot a passing player pays into (`play.pass_pot`; docs/house-rules.md): the one named, or the
        board's first first-out pot (Newmarket's kitty), or its first pot."""
        named = self.play.pass_pot
        if named:
            return named
        return next((p.name for p in self.pots if p.wins == "first-out"), self.pots[0].name)

    def deck_size(self) -> int:
        return 52 - len(self.removed)

    def to_dict(self) -> dict[str, object]:
        """The rule set as TOML-shaped data (what `rules new` writes and `--json` prints)."""
        out: dict[str, Any] = {}
        for key in KEYS:
            value = self.values[key.path]
            if key.optional and value == key.default:
                continue
            if isinstance(value, tuple):
                value = list(value)
            if key.section:
                out.setdefault(key.section, {})[key.name] = value
            else:
                out[key.name] = value
        out["pot"] = [p.to_dict() for p in self.pots]
        return out

    def flat(self) -> dict[str, object]:
        """Key path -> value, pots as `pot.NAME.field`, for diffs."""
        out = {k: (list(v) if isinstance(v, tuple) else v) for k, v in self.values.items()}
        for p in self.pots:
            for f, v in p.to_dict().items():
                if f != "name":
                    out[f"pot.{p.name}.{f}"] = v
        return out


def _unpickled(values: Mapping[str, object], pots: tuple[PotRule, ...], removed: frozenset[Card],
               cache: dict[object, object]) -> HouseRules:
    """A pickled rule set read back (`HouseRules.__reduce__`): a key added since it was pickled has its default."""
    missing = {k.path: k.default for k in KEYS if k.path not in values}
    return HouseRules({**values, **missing} if missing else values, pots, removed, cache)


def defaults() -> HouseRules:
    values = {k.path: k.default for k in KEYS}
    return HouseRules(values, DEFAULT_POTS, frozenset({Card.parse("8D")}))


def from_data(doc: Mapping[str, object], places: dict[Path_, tuple[int, int]] | None = None,
              base: HouseRules | None = None) -> tuple[HouseRules | None, list[Problem]]:
    """Validate a parsed document over `base` (the defaults); collect every problem."""
    start = base or defaults()
    values, pots, problems = check_document(doc, places or {}, start.values, start.pots)
    if problems:
        return None, problems
    removed = _section(DeckRules, "deck", values).removed
    return HouseRules(values, pots, frozenset(Card.parse(c) for c in removed)), []


__all__ = ["KEYS", "MAX_NAME", "CardSpec", "HouseRules", "Key", "Path_", "PotRule", "defaults", "from_data",
           "nearest"]
