"""Validating a house-rule document against the key schema (see docs/house-rules.md).

`check_document` reads a parsed TOML document over a starting rule set's values and pots,
collecting every problem with its line and key, so that `rules.from_data` can report them
all at once in one `DataError`. The checks read `KEYS`; nothing here knows a key by name
except the few that other keys depend on (the turn-up, the deck and the player counts).
A key its table does not have but another does is told where it belongs (`_misplaced`), not
given a "did you mean" among the wrong table's keys.
About 450 lines: the pots' checks (`check_pot`, and `_check_below` of a pot against the deck) stay
beside the keys' so that one module says what a rule file may hold.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from popejoan_cli.base.errors import Path_, Problem, Said, SaidN, allowed, describe
from popejoan_cli.base.limits import clip, int_text, key_text, quoted, text_problem
from popejoan_cli.base.marks import Grouped, Quoted
from popejoan_cli.base.visible import shown
from popejoan_cli.game.cards import VALID_FORMS, parse_card_or_none
from popejoan_cli.game.rulekeys import (
    KEY_BY_PATH,
    KEYS,
    MAX_COUNT,
    MAX_ENTRIES,
    MAX_NAME,
    POT_KEYS,
    POT_NAME,
    SECTIONS,
    TOP_LEVEL,
    WINS,
    CardSpec,
    Key,
    PotRule,
    below,
)

SUITS = ("C", "D", "H", "S")
KNOWN_TOP = frozenset({*TOP_LEVEL, *SECTIONS, "pot"})
_HOMES: dict[str, str] = {**{k: "[[pot]]" for k in POT_KEYS}, **{k.name: f"[{k.section}]" if k.section else ""
                                                                  for k in KEYS}}
"""The table each key's name belongs in ("" the top of the file); no two sections share a name
(`name` is a pot's key too, but at the top it is the rule set's)."""


class Checker:
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


def check_int(ck: Checker, path: Path_, value: object, lo: int, hi: int) -> int | None:
    hint = Said("allowed: an integer from {least} to {most}", least=lo, most=Grouped(hi))
    if isinstance(value, float) and not math.isfinite(value):
        ck.bad(path, Said("found {value}; a count must be a whole number", value=describe(clip(value))), hint)
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        ck.bad(path, Said("found {value}, expected an integer", value=describe(clip(value))), hint)
        return None
    if not lo <= value <= hi:
        number = int_text(value)
        wrong = (Said("{value} is negative", value=number) if value < 0 else
                 Said("{value} is too large", value=number) if value > hi else
                 Said("{value} is too small", value=number))
        ck.bad(path, wrong, hint)
        return None
    return value


def check_text(ck: Checker, path: Path_, value: str, max_len: int, *, multiline: bool = False,
               blank_ok: bool = True) -> str | None:
    """A text from the file, or None with a problem: bounded, and free of control characters
    (a newline in a name would end a line of a journal or an hledger file; an escape would
    drive the terminal it is shown on)."""
    wrong = text_problem(value, max_len=max_len, multiline=multiline, blank_ok=blank_ok)
    if wrong is None:
        return value
    short = shown(value[:40]) + ("…" if len(value) > 40 else "")
    hint = (SaidN("allowed: up to {n:,} character, newlines and tabs, but no other control characters",
                  "allowed: up to {n:,} characters, newlines and tabs, but no other control characters", max_len)
            if multiline else
            SaidN("allowed: up to {n:,} character on one line, no control characters",
                  "allowed: up to {n:,} characters on one line, no control characters", max_len))
    ck.bad(path, Said("{text} {problem}", text=Quoted(short), problem=wrong), hint)
    return None


def _int_value(ck: Checker, key: Key, path: Path_, value: object) -> object | None:
    return check_int(ck, path, value, key.lo, key.hi)


def _bool_value(ck: Checker, key: Key, path: Path_, value: object) -> object | None:
    if isinstance(value, bool):
        return value
    ck.bad(path, Said("found {value}, expected true or false", value=describe(clip(value))),
           Said("allowed: {choices}", choices="true, false"))
    return None


def _choice_value(ck: Checker, key: Key, path: Path_, value: object) -> object | None:
    suit = key.kind == "suit"
    choices = SUITS if suit else key.choices
    if isinstance(value, str) and (value in choices or (suit and value.upper() in choices)):
        return value.upper() if suit else value
    found = Quoted(str(clip(value))) if isinstance(value, str) else describe(clip(value))
    ck.bad(path, Said("found {value}", value=found), allowed(choices, value if isinstance(value, str) else None))
    return None


def _text_value(ck: Checker, key: Key, path: Path_, value: object) -> object | None:
    if isinstance(value, str):
        return check_text(ck, path, value, key.hi, multiline=key.name == "description",
                          blank_ok=key.name != "name")
    ck.bad(path, Said("found {value}, expected a string", value=describe(clip(value))))
    return None


def _list_value(ck: Checker, key: Key, path: Path_, value: object) -> object | None:
    if not isinstance(value, list):
        ck.bad(path, Said("found {value}, expected an array", value=describe(clip(value))))
        return None
    if not all(isinstance(v, str) for v in value):
        ck.bad(path, Said("every entry must be a string"))
        return None
    if len(value) > MAX_ENTRIES:
        ck.bad(path, SaidN("{n:,} entry; at most {most} are allowed", "{n:,} entries; at most {most} are allowed",
                           len(value), most=MAX_ENTRIES))
        return None
    limit = key.hi if key.kind == "texts" else MAX_NAME
    if any(check_text(ck, path, v, limit) is None for v in value):
        return None
    if key.kind == "cards":
        return _card_list(ck, path, value)
    return tuple(value)


def _card_list(ck: Checker, path: Path_, value: list[str]) -> tuple[str, ...]:
    cards = []
    for v in value:
        card = parse_card_or_none(v)
        if card is None:
            ck.bad(path, Said("not a card: {text}", text=quoted(v)), VALID_FORMS)
        else:
            cards.append(card)
    return tuple(str(c) for c in sorted(set(cards)))


_BY_KIND: dict[str, Callable[[Checker, Key, Path_, object], object | None]] = {
    "int": _int_value, "bool": _bool_value, "choice": _choice_value, "suit": _choice_value,
    "text": _text_value, "texts": _list_value, "cards": _list_value, "pots": _list_value,
}
assert set(_BY_KIND) >= {k.kind for k in KEYS}, "a kind in KEYS has no check"


def check_value(ck: Checker, key: Key, path: Path_, value: object) -> object | None:
    """The value to keep for `key`, or None with a problem recorded."""
    return _BY_KIND[key.kind](ck, key, path, value)


def _pot_entries(ck: Checker, base: Path_, raw: Mapping[str, object],
                 wins: str) -> tuple[list[object], bool] | None:
    """The card texts a pot names for its kind of win, and whether they were given rightly;
    None when a pair pot's `cards` cannot be read at all."""
    ok = True
    wanted = {"card": "card", "below": "card", "pair": "cards"}.get(wins)
    for other in ("card", "cards"):
        if other in raw and other != wanted:
            ck.bad((*base, other), Said("a {wins} pot takes no {key!r}", wins=quoted(wins), key=other),
                   Said("use {key!r}", key=wanted) if wanted else Said("remove it"))
            ok = False
    if wanted == "card":
        if "card" not in raw:
            ck.bad(base, Said("a 'below' pot needs a fixed card, e.g. card = \"AS\"") if wins == "below" else
                   Said("a 'card' pot needs card = \"9D\" or card = \"trump:A\""))
            return [], False
        return [raw["card"]], ok
    if wanted == "cards":
        got = raw.get("cards")
        if not isinstance(got, list) or len(got) != 2:
            ck.bad((*base, "cards"), Said("a 'pair' pot needs two cards, e.g. cards = [\"trump:Q\", \"trump:K\"]"))
            return None
        return list(got), ok
    return [], ok


def _pot_specs(ck: Checker, where: Path_, entries: list[object], trump_ok: bool,
               wins: str) -> tuple[list[CardSpec], bool]:
    ok = True
    specs: list[CardSpec] = []
    for entry in entries:
        spec = CardSpec.parse(entry)
        if spec is None:
            ck.bad(where, Said("unknown card {text}", text=quoted(entry)),
                   Said("{forms}; or trump:A, trump:K, trump:Q, trump:J", forms=VALID_FORMS))
            ok = False
            continue
        if spec.card is None and not trump_ok:
            ck.bad(where, Said("{text} needs a trump, but deal.turnup = \"none\" gives none", text=quoted(entry)),
                   Said("name a fixed card such as \"AH\", or set deal.turnup"))
            ok = False
        specs.append(spec)
    if wins == "pair" and len(specs) == 2 and str(specs[0]) == str(specs[1]):
        ck.bad(where, Said("the two cards of a pair must differ"))
        ok = False
    if wins == "below" and ok:
        ok = _below_fixed(ck, where, specs)
    return specs, ok


def _below_fixed(ck: Checker, where: Path_, specs: list[CardSpec]) -> bool:
    """Whether a `wins = "below"` pot names a fixed card; recorded when not. Peel names fixed cards (K♠ wins A♠),
    and a fixed card lets `_check_below` say whether the pot can be won at all (docs/house-rules.md)."""
    if all(s.card is not None for s in specs):
        return True
    ck.bad(where, Said("a 'below' pot takes a fixed card, not {text}", text=quoted(str(specs[0]))),
           Said("name the pot's card, such as \"AS\": the card below it wins the pot"))
    return False


def _pot_label(ck: Checker, base: Path_, label: object) -> bool:
    if not isinstance(label, str):
        ck.bad((*base, "label"), Said("found {value}, expected a string", value=describe(clip(label))))
        return False
    return check_text(ck, (*base, "label"), label, MAX_NAME) is not None


def _pot_keys_known(ck: Checker, base: Path_, raw: Mapping[str, object]) -> bool:
    """Whether every key of a `[[pot]]` table is one a pot takes; each other one recorded."""
    ok = True
    for k in raw:
        if k not in POT_KEYS:
            _unknown(ck, (*base, k), "[[pot]]", Said("unknown key in [[pot]]"), POT_KEYS)
            ok = False
    return ok


def _pot_name(ck: Checker, base: Path_, name: object) -> bool:
    """Whether a pot's name is given and is a lowercase word; recorded when it is not."""
    if not isinstance(name, str) or not POT_NAME.match(name):
        ck.bad((*base, "name"), Said("found {value}", value=describe(clip(name))) if name is not None
               else Said("found no name"), Said("a pot needs a name: a lowercase word such as 'pope' or 'kitty'"))
        return False
    return True


def _pot_wins(ck: Checker, base: Path_, wins: object) -> str | None:
    """A pot's kind of win, one of `WINS`; None, recorded, when it is missing or another word."""
    if not isinstance(wins, str) or wins not in WINS:
        ck.bad((*base, "wins"), Said("found {value}", value=quoted(wins)) if wins is not None
               else Said("missing 'wins'"), allowed(WINS, wins if isinstance(wins, str) else None))
        return None
    return wins


def check_pot(ck: Checker, i: int, raw: object, trump_ok: bool) -> PotRule | None:
    """One `[[pot]]` table as a `PotRule`, or None with its problems recorded."""
    base: Path_ = ("pot", i)
    if not isinstance(raw, dict):
        ck.bad(base, Said("found {value}, expected a [[pot]] table", value=describe(clip(raw))))
        return None
    ok = _pot_keys_known(ck, base, raw)
    name = raw.get("name")
    ok = _pot_name(ck, base, name) and ok
    stake = check_int(ck, (*base, "stake"), raw.get("stake", 0), 0, MAX_COUNT)
    wins = _pot_wins(ck, base, raw.get("wins"))
    if wins is None:
        return None
    label = raw.get("label", name.capitalize() if isinstance(name, str) else "")
    ok = _pot_label(ck, base, label) and ok
    entries = _pot_entries(ck, base, raw, wins)
    if entries is None:
        return None
    where = (*base, "cards" if wins == "pair" else "card")
    specs, specs_ok = _pot_specs(ck, where, entries[0], trump_ok, wins)
    if not (ok and entries[1] and specs_ok) or stake is None or not isinstance(name, str) \
            or not isinstance(label, str):
        return None
    return PotRule(name, label, stake, wins, tuple(specs))


def _misplaced(name: str, here: str) -> tuple[str, str] | None:
    """Where a key written in `here` (`"[play]"`, `"[[pot]]"`, `""` for the top of the file) belongs, when it
    belongs elsewhere, as the problem and its hint: `[play] pope_limit = 3` is no typo to guess at, but
    `turnup.pope_limit` in the wrong table. None when no table has a key of that name (a typo: the
    caller offers the nearest word of its own table)."""
    home = _HOMES.get(name)
    if home is None or home == here:
        return None
    if not home:
        return (Said("{key} belongs at the top of the file, not in {here}", key=name, here=here),
                Said("move it above the first [section] header"))
    where = Said("{key} belongs in {home}", key=name, home=home) if not here else \
        Said("{key} belongs in {home}, not in {here}", key=name, home=home, here=here)
    return where, (Said("move it into a [[pot]] table") if home == "[[pot]]" else
                   Said("move it under {home}", home=home))


def _unknown(ck: Checker, path: Path_, here: str, unknown: str, names: Sequence[str]) -> None:
    """A key the table `here` has none of: where it belongs, if another table has it; else `unknown`, with the
    nearest of `names` (the table's own keys)."""
    name = str(path[-1])
    found = _misplaced(name, here)
    if found is not None:
        ck.bad(path, *found)
    else:
        ck.bad(path, unknown, allowed(names, name))


def _check_top(ck: Checker, values: dict[str, object], top: str, value: object) -> None:
    if top not in KNOWN_TOP:
        _unknown(ck, (top,), "", Said("unknown key"), sorted(KNOWN_TOP))
    elif top in SECTIONS:
        _check_section(ck, values, top, value)
    elif top != "pot":
        checked = check_value(ck, KEY_BY_PATH[top], (top,), value)
        if checked is not None:
            values[top] = checked


def _check_section(ck: Checker, values: dict[str, object], top: str, value: object) -> None:
    if not isinstance(value, dict):
        # `turnup = "none"` at the top is deal.turnup, not a [turnup] table (two sections share a key's name)
        found = _misplaced(top, "")
        if found is not None:
            ck.bad((top,), *found)
        else:
            ck.bad((top,), Said("found {value}, expected a [{section}] table", value=describe(clip(value)),
                                section=top))
        return
    names = [k.name for k in KEYS if k.section == top]
    for name, v in value.items():
        key = KEY_BY_PATH.get(f"{top}.{name}")
        if key is None:
            _unknown(ck, (top, name), f"[{top}]", Said("unknown key in [{section}]", section=top), names)
            continue
        checked = check_value(ck, key, (top, name), v)
        if checked is not None:
            values[key.path] = checked


def _check_pots(ck: Checker, raw: object, trump_ok: bool, start: tuple[PotRule, ...]) -> tuple[PotRule, ...]:
    if not isinstance(raw, list) or not raw:
        ck.bad(("pot",), Said("expected one or more [[pot]] tables"))
        return start
    got = [check_pot(ck, i, p, trump_ok) for i, p in enumerate(raw)]
    seen: set[str] = set()
    for i, p in enumerate(got):
        if p is not None and p.name in seen:
            ck.bad(("pot", i, "name"), Said("a second pot named {name!r}", name=p.name),
                   Said("pot names must be unique"))
        if p is not None:
            seen.add(p.name)
    return tuple(p for p in got if p is not None)


def check_document(doc: Mapping[str, object], places: dict[Path_, tuple[int, int]],
                   start: Mapping[str, object], pots: tuple[PotRule, ...]
                   ) -> tuple[dict[str, object], tuple[PotRule, ...], list[Problem]]:
    """`doc` read over the values `start` and the board `pots`: the values and pots it gives,
    and every problem found (the values are usable only when there are none)."""
    ck = Checker(places)
    values = dict(start)
    for top, value in doc.items():
        _check_top(ck, values, top, value)
    trump_ok = values["deal.turnup"] != "none"
    if "pot" in doc:
        pots = _check_pots(ck, doc["pot"], trump_ok, pots)
    elif not trump_ok and any(s.card is None for p in pots for s in p.cards):
        ck.bad(("deal", "turnup"), Said("deal.turnup = \"none\" leaves the default board's trump: "
                                        "pots with no trump"), Said("give your own [[pot]] tables with fixed cards"))
    _check_contradictions(ck, values, pots)
    return values, pots, ck.problems


def _check_first_lead(ck: Checker, v: Mapping[str, Any]) -> None:
    """`play.first_lead`: "eldest", or a card in the pack, led at the deal, so before any exchange of hands: refused
    beside an exchange only where one can happen, with a spare hand to take (without one, `deal.spare_exchange`
    does nothing: `game.inert`)."""
    first = v["play.first_lead"]
    if first == "eldest":
        return
    card = parse_card_or_none(first)
    if card is None or str(card) in v["deck.removed"]:
        ck.bad(("play", "first_lead"), Said("found {value}", value=Quoted(str(clip(first)))),
               Said("allowed: \"eldest\" or a card in the pack, e.g. \"2D\""))
    elif v["deal.spare_hand"] and v["deal.spare_exchange"] != "none":
        ck.bad(("play", "first_lead"), Said("a called first lead is made at the deal, before the spare hand could "
                                            "be taken"), Said("set deal.spare_exchange = \"none\", or first_lead "
                                                              "= \"eldest\""))


def _check_below(ck: Checker, v: Mapping[str, Any], pots: Sequence[PotRule]) -> None:
    """A `wins = "below"` pot whose winning card is out of the pack could never be won: refused, located."""
    for i, pot in enumerate(pots):
        if pot.wins != "below" or pot.cards[0].card is None:
            continue
        card = below(pot.cards[0].card)
        if str(card) in v["deck.removed"]:
            ck.bad(("pot", i, "card"), Said("{pot} is won by {card}, the card below {own}, which deck.removed takes "
                                            "out of the pack: it could never be won", pot=pot.label, card=card,
                                            own=pot.cards[0].card),
                   Said("keep {card} in the pack, or give the pot another card", card=card))


def _check_contradictions(ck: Checker, v: Mapping[str, Any], pots: Sequence[PotRule]) -> None:
    if v["players.min"] > v["players.max"]:
        ck.bad(("players", "min"), Said("min {least} is more than max {most}", least=v["players.min"],
                                        most=v["players.max"]), Said("min must be at most max"))
    dealt = 52 - len(v["deck.removed"]) - (1 if v["deal.turnup"] == "out-of-play" else 0)
    receivers = v["players.max"] + (1 if v["deal.spare_hand"] else 0)
    if receivers > dealt:
        most = v["players.max"]
        need = (SaidN("{n} player and a spare hand need {cards} cards, but the deck deals only {dealt}",
                      "{n} players and a spare hand need {cards} cards, but the deck deals only {dealt}",
                      most, cards=receivers, dealt=dealt) if v["deal.spare_hand"] else
                SaidN("{n} player needs {cards} cards, but the deck deals only {dealt}",
                      "{n} players need {cards} cards, but the deck deals only {dealt}", most, cards=receivers,
                      dealt=dealt))
        fewer = dealt - receivers + most
        # English said "players" for one too (1 is a deck cut down to almost nothing); kept as it was.
        ck.bad(("players", "max"), need, SaidN("allowed: at most {n} players", "allowed: at most {n} players", fewer)
               if dealt > receivers - most else Said("remove fewer cards from the pack"))
    _check_first_lead(ck, v)
    _check_below(ck, v, pots)
    names = {p.name for p in pots}
    named = v["play.pass_pot"]
    if named and named not in names:
        ck.bad(("play", "pass_pot"), Said("pass_pot names an unknown pot {pot}", pot=quoted(named)),
               allowed(sorted(names), named))
    if "pope" not in names:
        return  # the Pope keys are read only where the board has a pot named pope
    for taken in v["turnup.pope_takes"]:
        if taken != "*" and taken not in names:
            ck.bad(("turnup", "pope_takes"), Said("pope_takes names an unknown pot {pot}", pot=quoted(taken)),
                   allowed([*sorted(names), "*"], taken))
