"""House rules: the `HouseRules` model (see README: Writing a house-rule file), its key schema, and validation.

Every key is described once in `KEYS`; validation, defaults, `rules new` templates and
`rules diff` all read that table, so a new key is added in one place. `from_toml` turns
TOML text into `HouseRules`, collecting every problem with its line and key before raising
one `DataError`. Pots are described by `PotRule`; a pot's card is a `CardSpec`, either a
fixed card or `trump:R`, resolved once the trump is known.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from popejoan_cli.base.errors import Problem, allowed, describe, nearest
from popejoan_cli.base.limits import clip, int_text, key_text, quoted, text_problem
from popejoan_cli.base.visible import shown
from popejoan_cli.game.cards import RANK_NAMES, VALID_FORMS, Card, Suit, parse_card_or_none

Path_ = tuple[str | int, ...]
"""Where a value sits in a document: keys and list indexes, outermost first."""

MAX_COUNT = 1_000_000
"""No stake or payment is near this; a bigger number is a typo, not a house rule."""
MAX_NAME = 64
"""Longest rule-set name or pot label: both are printed in tables, journals and ledgers."""
MAX_TITLE = 120
MAX_DESCRIPTION = 2000
MAX_ENTRIES = 64
"""Most entries in a list of texts (sources, pope_takes): the pack has 52 cards."""


@dataclass(frozen=True, slots=True)
class Key:
    section: str
    name: str
    kind: str  # "choice", "bool", "int", "cards", "pots", "suit", "text", "texts"
    default: Any
    doc: str
    choices: tuple[str, ...] = ()
    lo: int = 0
    hi: int = MAX_COUNT

    @property
    def path(self) -> str:
        return f"{self.section}.{self.name}" if self.section else self.name


KEYS: tuple[Key, ...] = (
    Key("", "name", "text", "house", "short name used on the command line and in JSON", hi=MAX_NAME),
    Key("", "title", "text", "", "a title for people (popejoan's extension; optional)", hi=MAX_TITLE),
    Key("", "description", "text", "", "one line saying what this rule set is", hi=MAX_DESCRIPTION),
    Key("", "sources", "texts", (), "where the rules come from", hi=MAX_TITLE * 2),
    Key("players", "min", "int", 3, "fewest players", lo=2, hi=52),
    Key("players", "max", "int", 8, "most players", lo=2, hi=52),
    Key("deck", "removed", "cards", ("8D",), "cards taken out of the pack"),
    Key("deck", "ace", "choice", "low", "ace below the 2 (king is top) or above the king",
        ("low", "high")),
    Key("deal", "spare_hand", "bool", True, "deal a spare (dead) hand nobody plays"),
    Key("deal", "spare_position", "choice", "last",
        "where the spare hand takes its card in each round", ("last", "first")),
    Key("deal", "turnup", "choice", "in-hand",
        "the last card turned for trump: kept in its hand, out of play, or none",
        ("in-hand", "out-of-play", "none")),
    Key("deal", "spare_exchange", "choice", "none",
        "may the dealer swap for the spare hand, or sell the right", ("none", "dealer", "auction")),
    Key("stakes", "payer", "choice", "dealer", "who dresses the board: the dealer alone or each player",
        ("dealer", "each")),
    Key("stakes", "dealer_multiplier", "int", 1,
        "with payer = each, the dealer pays this many times each stake", lo=1, hi=100),
    Key("turnup", "dealer_takes", "choice", "matching",
        "a turned-up card that wins a card pot gives the dealer that pot", ("matching", "none")),
    Key("turnup", "ends_hand", "bool", False, "the hand ends when the dealer takes a pot for the turn-up"),
    Key("turnup", "pope_takes", "pots", ("pope",),
        "pots the dealer takes when the Pope is turned up ([\"*\"] = the whole board)"),
    Key("turnup", "pope_per_card", "bool", False,
        "a turned-up Pope: every other player pays the dealer one counter per card dealt him"),
    Key("turnup", "pope_ends_hand", "bool", False, "a turned-up Pope ends the hand"),
    Key("play", "lead", "choice", "lowest-in-suit",
        "a lead is any card, or the lowest card held in the chosen suit", ("any", "lowest-in-suit")),
    Key("play", "follow", "choice", "holder",
        "the next card is played by whoever holds it, or must come from the next player in turn",
        ("holder", "clockwise")),
    Key("play", "change_suit", "choice", "no",
        "a lead after a stop must change suit, or colour", ("no", "suit", "colour")),
    Key("play", "no_new_suit", "choice", "same-suit",
        "a leader who cannot change leads the same suit, or the lead passes on",
        ("same-suit", "pass")),
    Key("play", "pairs", "choice", "same-player",
        "a pair pot needs one player to play both cards, or is split between two",
        ("same-player", "split")),
    Key("play", "pair_order", "choice", "ascending",
        "the lower card of a pair must be played first, or either order", ("ascending", "any")),
    Key("board", "odd_counter", "choice", "stay",
        "an odd counter of a shared pot stays on it, or goes to the sharer nearest eldest",
        ("stay", "eldest")),
    Key("settle", "per_card", "int", 1, "counters each other player pays the first out per card left",
        hi=1000),
    Key("settle", "pope_exempt", "choice", "holder",
        "at settlement: a Pope holder pays nothing, the Pope is not counted, or no exemption",
        ("holder", "card", "none")),
    Key("settle", "negative", "bool", True, "balances may go below zero"),
    Key("final", "deal", "choice", "none",
        "the session's last deal clears the board to the holders of the cards", ("none", "holders")),
    Key("final", "suit", "suit", "D", "the suit `trump:` means in the final deal"),
)
KEY_BY_PATH: dict[str, Key] = {k.path: k for k in KEYS}
SECTIONS: tuple[str, ...] = ("players", "deck", "deal", "stakes", "turnup", "play", "board",
                             "settle", "final")
TOP_LEVEL = tuple(k.name for k in KEYS if not k.section)
POT_KEYS = ("name", "label", "stake", "wins", "card", "cards")
WINS = ("card", "pair", "first-out")
TRUMP_RANKS = ("A", "K", "Q", "J")
_NAME = re.compile(r"^[a-z][a-z0-9_-]{0,31}$")


@dataclass(frozen=True, slots=True)
class CardSpec:
    """A fixed card, or `trump:R` (rank `trump_rank` of whatever suit is trump)."""

    card: Card | None = None
    trump_rank: int = 0

    def resolve(self, trump: Suit | None) -> Card | None:
        if self.card is not None:
            return self.card
        return None if trump is None else Card.of(self.trump_rank, trump)

    def __str__(self) -> str:
        if self.card is not None:
            return str(self.card)
        return "trump:" + RANK_NAMES[self.trump_rank - 1]

    def words(self) -> str:
        if self.card is not None:
            return self.card.face
        return "trump " + ("ace", "", "", "", "", "", "", "", "", "", "jack", "queen", "king")[
            self.trump_rank - 1]

    @staticmethod
    def parse(text: object) -> CardSpec | None:
        if isinstance(text, str) and text.strip().lower().startswith("trump:"):
            rank = text.strip()[6:].strip().upper()
            return CardSpec(trump_rank=RANK_NAMES.index(rank) + 1) if rank in TRUMP_RANKS else None
        card = parse_card_or_none(text)
        return None if card is None else CardSpec(card=card)


@dataclass(frozen=True, slots=True)
class PotRule:
    name: str
    label: str
    stake: int
    wins: str
    cards: tuple[CardSpec, ...] = ()
    """One spec for `card`, two for `pair`, none for `first-out`."""

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"name": self.name, "label": self.label, "stake": self.stake,
                             "wins": self.wins}
        if self.wins == "card":
            d["card"] = str(self.cards[0])
        elif self.wins == "pair":
            d["cards"] = [str(c) for c in self.cards]
        return d


def _pope_joan_board() -> tuple[PotRule, ...]:
    t = {r: CardSpec(trump_rank=RANK_NAMES.index(r) + 1) for r in TRUMP_RANKS}
    return (
        PotRule("pope", "Pope", 6, "card", (CardSpec(card=Card.parse("9D")),)),
        PotRule("matrimony", "Matrimony", 2, "pair", (t["Q"], t["K"])),
        PotRule("intrigue", "Intrigue", 2, "pair", (t["J"], t["Q"])),
        PotRule("ace", "Ace", 1, "card", (t["A"],)),
        PotRule("king", "King", 1, "card", (t["K"],)),
        PotRule("queen", "Queen", 1, "card", (t["Q"],)),
        PotRule("jack", "Jack", 1, "card", (t["J"],)),
        PotRule("game", "First out", 1, "first-out"),
    )


DEFAULT_POTS = _pope_joan_board()


@dataclass(frozen=True)
class HouseRules:
    """A complete, validated rule set. `values` holds every key of `KEYS` by path."""

    values: Mapping[str, Any]
    pots: tuple[PotRule, ...] = DEFAULT_POTS
    removed: frozenset[Card] = field(default_factory=frozenset)
    cache: dict[object, object] = field(default_factory=dict, compare=False, repr=False)
    """Tables the referee derives from these rules (pot triggers per trump), built once."""

    def __getitem__(self, path: str) -> Any:
        return self.values[path]

    @property
    def name(self) -> str:
        return str(self.values["name"])

    @property
    def title(self) -> str:
        return str(self.values["title"] or self.values["name"])

    @property
    def ace_high(self) -> bool:
        return bool(self.values["deck.ace"] == "high")

    def pot(self, name: str) -> PotRule | None:
        return next((p for p in self.pots if p.name == name), None)

    @property
    def pope(self) -> PotRule | None:
        pot = self.pot("pope")
        return pot if pot is not None and pot.wins == "card" else None

    def deck_size(self) -> int:
        return 52 - len(self.removed)

    def to_dict(self) -> dict[str, Any]:
        """The rule set as TOML-shaped data (what `rules new` writes and `--json` prints)."""
        out: dict[str, Any] = {}
        for key in KEYS:
            value = self.values[key.path]
            if isinstance(value, tuple):
                value = list(value)
            if key.section:
                out.setdefault(key.section, {})[key.name] = value
            else:
                out[key.name] = value
        out["pot"] = [p.to_dict() for p in self.pots]
        return out

    def flat(self) -> dict[str, Any]:
        """Key path -> value, pots as `pot.NAME.field`, for diffs."""
        out = {k: (list(v) if isinstance(v, tuple) else v) for k, v in self.values.items()}
        for p in self.pots:
            for f, v in p.to_dict().items():
                if f != "name":
                    out[f"pot.{p.name}.{f}"] = v
        return out


def defaults() -> HouseRules:
    values = {k.path: k.default for k in KEYS}
    return HouseRules(values, DEFAULT_POTS, frozenset({Card.parse("8D")}))


class _Checker:
    """Collects problems while reading one document."""

    def __init__(self, places: dict[Path_, tuple[int, int]]) -> None:
        self.places = places
        self.problems: list[Problem] = []

    def at(self, path: Path_) -> tuple[int, int]:
        while path:
            if path in self.places:
                return self.places[path]
            path = path[:-1]
        return (0, 0)

    def bad(self, path: Path_, message: str, hint: str = "") -> None:
        line, col = self.at(path)
        self.problems.append(Problem(message, key_text(path), line, col, hint))


def _check_int(ck: _Checker, path: Path_, value: object, lo: int, hi: int) -> int | None:
    if isinstance(value, float) and not math.isfinite(value):
        ck.bad(path, f"found {describe(clip(value))}; a count must be a whole number",
               f"allowed: an integer from {lo} to {hi:,}")
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        ck.bad(path, f"found {describe(clip(value))}, expected an integer",
               f"allowed: an integer from {lo} to {hi:,}")
        return None
    if not lo <= value <= hi:
        what = "negative" if value < 0 else "too large" if value > hi else "too small"
        ck.bad(path, f"{int_text(value)} is {what}", f"allowed: an integer from {lo} to {hi:,}")
        return None
    return value


def _check_value(ck: _Checker, key: Key, path: Path_, value: object) -> Any:
    kind = key.kind
    if kind == "int":
        return _check_int(ck, path, value, key.lo, key.hi)
    if kind == "bool":
        if isinstance(value, bool):
            return value
        ck.bad(path, f"found {describe(clip(value))}, expected true or false", "allowed: true, false")
        return None
    if kind in ("choice", "suit"):
        choices = key.choices if kind == "choice" else ("C", "D", "H", "S")
        if isinstance(value, str) and (value in choices or (kind == "suit" and value.upper() in choices)):
            return value if kind == "choice" else value.upper()
        found = repr(clip(value)) if isinstance(value, str) else describe(clip(value))
        ck.bad(path, f"found {found}", allowed(choices, value if isinstance(value, str) else None))
        return None
    if kind == "text":
        if isinstance(value, str):
            return _check_text(ck, path, value, key.hi, multiline=key.name == "description",
                               blank_ok=key.name != "name")
        ck.bad(path, f"found {describe(clip(value))}, expected a string")
        return None
    if kind in ("texts", "cards", "pots"):
        if not isinstance(value, list):
            ck.bad(path, f"found {describe(clip(value))}, expected an array")
            return None
        if not all(isinstance(v, str) for v in value):
            ck.bad(path, "every entry must be a string")
            return None
        if len(value) > MAX_ENTRIES:
            ck.bad(path, f"{len(value):,} entries; at most {MAX_ENTRIES} are allowed")
            return None
        limit = key.hi if kind == "texts" else MAX_NAME
        if any(_check_text(ck, path, v, limit) is None for v in value):
            return None
        if kind == "cards":
            cards = []
            for v in value:
                card = parse_card_or_none(v)
                if card is None:
                    ck.bad(path, f"not a card: {quoted(v)}", VALID_FORMS)
                else:
                    cards.append(card)
            return tuple(str(c) for c in sorted(set(cards)))
        return tuple(value)
    raise AssertionError(kind)


def _check_text(ck: _Checker, path: Path_, value: str, max_len: int, *, multiline: bool = False,
                blank_ok: bool = True) -> str | None:
    """A text from the file, or None with a problem: bounded, and free of control characters
    (a newline in a name would end a line of a journal or an hledger file; an escape would
    drive the terminal it is shown on)."""
    wrong = text_problem(value, max_len=max_len, multiline=multiline, blank_ok=blank_ok)
    if wrong is None:
        return value
    short = shown(value[:40]) + ("…" if len(value) > 40 else "")
    ck.bad(path, f"{short!r} {wrong}",
           f"allowed: up to {max_len:,} characters" + (", newlines and tabs, but no other control characters"
                                                       if multiline else " on one line, no control characters"))
    return None


def _check_pot(ck: _Checker, i: int, raw: object, trump_ok: bool) -> PotRule | None:
    base: Path_ = ("pot", i)
    if not isinstance(raw, dict):
        ck.bad(base, f"found {describe(clip(raw))}, expected a [[pot]] table")
        return None
    ok = True
    for k in raw:
        if k not in POT_KEYS:
            ck.bad((*base, k), "unknown key in [[pot]]", allowed(POT_KEYS, k))
            ok = False
    name = raw.get("name")
    if not isinstance(name, str) or not _NAME.match(name):
        ck.bad((*base, "name"), f"found {describe(clip(name)) if name is not None else 'no name'}",
               "a pot needs a name: a lowercase word such as 'pope' or 'kitty'")
        ok = False
    stake = _check_int(ck, (*base, "stake"), raw.get("stake", 0), 0, MAX_COUNT)
    wins = raw.get("wins")
    if wins not in WINS:
        ck.bad((*base, "wins"), f"found {quoted(wins)}" if wins is not None else "missing 'wins'",
               allowed(WINS, wins if isinstance(wins, str) else None))
        return None
    label = raw.get("label", name.capitalize() if isinstance(name, str) else "")
    if not isinstance(label, str):
        ck.bad((*base, "label"), f"found {describe(clip(label))}, expected a string")
        ok = False
    elif _check_text(ck, (*base, "label"), label, MAX_NAME) is None:
        ok = False
    specs: list[CardSpec] = []
    wanted = {"card": "card", "pair": "cards"}.get(wins)
    for other in ("card", "cards"):
        if other in raw and other != wanted:
            ck.bad((*base, other), f"a {quoted(wins)} pot takes no {other!r}",
                   f"use {wanted!r}" if wanted else "remove it")
            ok = False
    if wanted == "card":
        entries: list[object] = [raw["card"]] if "card" in raw else []
        if not entries:
            ck.bad(base, "a 'card' pot needs card = \"9D\" or card = \"trump:A\"")
            ok = False
    elif wanted == "cards":
        got = raw.get("cards")
        if not isinstance(got, list) or len(got) != 2:
            ck.bad((*base, "cards"), "a 'pair' pot needs two cards, e.g. cards = [\"trump:Q\", \"trump:K\"]")
            return None
        entries = list(got)
    else:
        entries = []
    where = (*base, "card" if wanted == "card" else "cards")
    for entry in entries:
        spec = CardSpec.parse(entry)
        if spec is None:
            ck.bad(where, f"unknown card {quoted(entry)}",
                   VALID_FORMS + "; or trump:A, trump:K, trump:Q, trump:J")
            ok = False
            continue
        if spec.card is None and not trump_ok:
            ck.bad(where, f"{quoted(entry)} needs a trump, but deal.turnup = \"none\" gives none",
                   "name a fixed card such as \"AH\", or set deal.turnup")
            ok = False
        specs.append(spec)
    if wanted == "cards" and len(specs) == 2 and str(specs[0]) == str(specs[1]):
        ck.bad(where, "the two cards of a pair must differ")
        ok = False
    if not ok or stake is None or not isinstance(name, str) or not isinstance(label, str):
        return None
    return PotRule(name, label, stake, wins, tuple(specs))


def from_data(doc: Mapping[str, Any], places: dict[Path_, tuple[int, int]] | None = None,
              base: HouseRules | None = None) -> tuple[HouseRules | None, list[Problem]]:
    """Validate a parsed document over `base` (the defaults); collect every problem."""
    ck = _Checker(places or {})
    start = base or defaults()
    values = dict(start.values)
    known_top = set(TOP_LEVEL) | set(SECTIONS) | {"pot"}
    for top, value in doc.items():
        if top not in known_top:
            ck.bad((top,), "unknown key", allowed(sorted(known_top), top))
            continue
        if top in SECTIONS:
            if not isinstance(value, dict):
                ck.bad((top,), f"found {describe(clip(value))}, expected a [{top}] table")
                continue
            names = [k.name for k in KEYS if k.section == top]
            for name, v in value.items():
                key = KEY_BY_PATH.get(f"{top}.{name}")
                if key is None:
                    ck.bad((top, name), f"unknown key in [{top}]", allowed(names, name))
                    continue
                checked = _check_value(ck, key, (top, name), v)
                if checked is not None:
                    values[key.path] = checked
        elif top != "pot":
            checked = _check_value(ck, KEY_BY_PATH[top], (top,), value)
            if checked is not None:
                values[top] = checked
    trump_ok = values["deal.turnup"] != "none"
    pots = start.pots
    if "pot" in doc:
        raw = doc["pot"]
        if not isinstance(raw, list) or not raw:
            ck.bad(("pot",), "expected one or more [[pot]] tables")
        else:
            got = [_check_pot(ck, i, p, trump_ok) for i, p in enumerate(raw)]
            seen: set[str] = set()
            for i, p in enumerate(got):
                if p is not None and p.name in seen:
                    ck.bad(("pot", i, "name"), f"a second pot named {p.name!r}",
                           "pot names must be unique")
                if p is not None:
                    seen.add(p.name)
            pots = tuple(p for p in got if p is not None)
    elif not trump_ok and any(s.card is None for p in pots for s in p.cards):
        ck.bad(("deal", "turnup"), "deal.turnup = \"none\" leaves the default board's trump: "
               "pots with no trump", "give your own [[pot]] tables with fixed cards")
    _check_contradictions(ck, values, pots)
    if ck.problems:
        return None, ck.problems
    return HouseRules(values, pots, frozenset(Card.parse(c) for c in values["deck.removed"])), []


def _check_contradictions(ck: _Checker, v: dict[str, Any], pots: Sequence[PotRule]) -> None:
    if v["players.min"] > v["players.max"]:
        ck.bad(("players", "min"), f"min {v['players.min']} is more than max {v['players.max']}",
               "min must be at most max")
    dealt = 52 - len(v["deck.removed"]) - (1 if v["deal.turnup"] == "out-of-play" else 0)
    receivers = v["players.max"] + (1 if v["deal.spare_hand"] else 0)
    if receivers > dealt:
        ck.bad(("players", "max"), f"{v['players.max']} players"
               f"{' and a spare hand' if v['deal.spare_hand'] else ''} need {receivers} cards, "
               f"but the deck deals only {dealt}", (f"allowed: at most {dealt - receivers + v['players.max']} players"
                if dealt > receivers - v["players.max"] else "remove fewer cards from the pack"))
    names = {p.name for p in pots}
    if "pope" not in names:
        return  # the Pope keys are read only where the board has a pot named pope
    for taken in v["turnup.pope_takes"]:
        if taken != "*" and taken not in names:
            ck.bad(("turnup", "pope_takes"), f"pope_takes names an unknown pot {quoted(taken)}",
                   allowed([*sorted(names), "*"], taken))


__all__ = ["KEYS", "CardSpec", "HouseRules", "Key", "PotRule", "defaults", "from_data", "nearest"]
