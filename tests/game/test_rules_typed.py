"""The typed house rules: each `[section]` of `KEYS` is a frozen dataclass on `HouseRules`
(`rules.play.follow`), and the two descriptions of a key (its `Key` and its attribute) agree."""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Mapping, Sequence

import pytest

from popejoan_cli.base import records
from popejoan_cli.base.records import Record, defaults_of, fields_of
from popejoan_cli.formats.presets import preset, preset_names
from popejoan_cli.game import rules as rules_mod
from popejoan_cli.game.cards import Card
from popejoan_cli.game.rulekeys import SECTIONS
from popejoan_cli.game.rules import KEYS, SECTION_TYPES, HouseRules, Key, defaults, from_data

SUITS = ("C", "D", "H", "S")


def _kind_of(hint: object) -> tuple[str, tuple[str, ...]]:
    """The key kind an attribute's type stands for, and its choices."""
    if hint is bool:
        return "bool", ()
    if hint is int:
        return "int", ()
    if hint is str:
        return "text", ()
    if typing.get_origin(hint) is typing.Literal:
        args = typing.get_args(hint)
        return ("suit", ()) if args == SUITS else ("choice", args)
    if hint == tuple[str, ...]:
        return "list", ()
    return f"unknown {hint!r}", ()


def mismatches(keys: Sequence[Key], sections: Mapping[str, type[Record]]) -> list[str]:
    """Every way the `Key`s and the section classes disagree: names, kinds, choices, defaults."""
    out: list[str] = []
    wanted = list(dict.fromkeys(k.section for k in keys if k.section))
    if wanted != list(sections):
        out.append(f"sections {wanted} != classes {list(sections)}")
    for section, cls in sections.items():
        out += _section_mismatches(section, cls, [k for k in keys if k.section == section])
    return out


def _section_mismatches(section: str, cls: type[Record], mine: list[Key]) -> list[str]:
    """How the keys of `[section]` and its class disagree: their names (then nothing more), or a
    field's kind, choices or default."""
    fields, defaults = fields_of(cls), defaults_of(cls)
    if [k.name for k in mine] != list(fields):
        return [f"[{section}] keys {[k.name for k in mine]} != fields {list(fields)}"]
    hints = typing.get_type_hints(cls, vars(rules_mod))
    out: list[str] = []
    for key, name in zip(mine, fields, strict=True):
        kind, choices = _kind_of(hints[name])
        key_kind = "list" if key.kind in ("cards", "pots", "texts") else key.kind
        if (kind, choices) != (key_kind, key.choices if key.kind == "choice" else ()):
            out.append(f"{key.path}: kind {key.kind} {key.choices} but typed {hints[name]!r}")
        if defaults.get(name) != key.default:
            out.append(f"{key.path}: default {key.default!r} but the field's is {defaults.get(name)!r}")
    return out


def test_keys_and_section_classes_agree() -> None:
    assert mismatches(KEYS, SECTION_TYPES) == []
    assert list(SECTION_TYPES) == list(SECTIONS)


@pytest.mark.parametrize(("path", "change", "found"), [
    ("deck.ace", {"default": "high"}, "deck.ace: default 'high'"),
    ("play.follow", {"choices": ("holder", "clockwise", "both")}, "play.follow: kind choice"),
    ("settle.per_card", {"kind": "text"}, "settle.per_card: kind text"),
    ("play.lead", {"name": "lowest"}, "[play] keys ['lowest', 'follow'"),
    ("final.suit", {"kind": "choice", "choices": ("C", "D", "H", "S")}, "final.suit: kind choice"),
])
def test_a_disagreement_is_found(path: str, change: dict[str, object], found: str) -> None:
    keys = [records.replace(k, **change) if k.path == path else k for k in KEYS]
    problems = mismatches(keys, SECTION_TYPES)
    assert len(problems) == 1 and problems[0].startswith(found), problems


def test_a_missing_section_is_found() -> None:
    assert mismatches(KEYS, {s: c for s, c in SECTION_TYPES.items() if s != "final"})


def test_house_rules_has_each_section_as_its_class() -> None:
    hints = typing.get_type_hints(HouseRules, vars(rules_mod))
    for section, cls in SECTION_TYPES.items():
        assert hints[section] is cls


@pytest.mark.parametrize("name", preset_names())
def test_each_preset_reads_the_same_typed_as_by_path(name: str) -> None:
    rules = preset(name)
    for key in KEYS:
        by_path = rules.values[key.path]
        assert rules[key.path] == by_path  # `__getitem__`, for the callers that still read by path
        typed = getattr(getattr(rules, key.section), key.name) if key.section else getattr(rules, key.name)
        if key.name == "title":
            typed = rules.values["title"] if rules.values["title"] else typed
        assert typed == (tuple(by_path) if isinstance(by_path, list) else by_path), key.path
    assert rules.removed == frozenset(Card.parse(c) for c in rules.deck.removed)
    assert rules.ace_high == (rules.deck.ace == "high")


def test_the_api_the_referee_reads() -> None:
    rules, problems = from_data({
        "players": {"min": 4, "max": 6},
        "deck": {"ace": "high", "removed": ["8d", "2C"]},
        "deal": {"spare_hand": False, "turnup": "out-of-play"},
        "turnup": {"pope_takes": ["*"]},
        "stakes": {"payer": "each", "dealer_multiplier": 2},
        "play": {"follow": "clockwise", "lead": "any", "change_suit": "colour"},
        "board": {"odd_counter": "eldest"},
        "settle": {"per_card": 3},
        "final": {"deal": "holders", "suit": "s"},
        "description": "typed", "sources": ["a", "b"],
    })
    assert problems == [] and rules is not None
    assert (rules.players.min, rules.players.max) == (4, 6)
    assert (rules.deck.ace, rules.deck.removed) == ("high", ("2C", "8D"))
    assert (rules.deal.spare_hand, rules.deal.turnup) == (False, "out-of-play")
    assert rules.turnup.pope_takes == ("*",)
    assert (rules.stakes.payer, rules.stakes.dealer_multiplier) == ("each", 2)
    assert (rules.play.follow, rules.play.lead, rules.play.change_suit) == ("clockwise", "any", "colour")
    assert rules.board.odd_counter == "eldest" and rules.settle.per_card == 3
    assert (rules.final.deal, rules.final.suit) == ("holders", "S")
    assert (rules.description, rules.sources) == ("typed", ("a", "b"))
    assert (rules.name, rules.title) == ("house", "house")


def test_sections_are_built_once_and_frozen() -> None:
    rules = defaults()
    assert rules.play is rules.play and rules.deal is rules.deal
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.play.follow = "clockwise"  # type: ignore[misc]  # writing a frozen field is the point
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.play = rules.play  # type: ignore[misc]  # writing a frozen field is the point


def test_replacing_the_values_rebuilds_the_sections() -> None:
    rules = defaults()
    changed = records.replace(rules, values={**rules.values, "play.follow": "clockwise", "sources": ["x"]})
    assert (changed.play.follow, rules.play.follow) == ("clockwise", "holder")
    assert changed.sources == ("x",) and changed == changed and changed != rules


def test_defaults_are_the_section_classes_defaults() -> None:
    rules = defaults()
    for section, cls in SECTION_TYPES.items():
        assert getattr(rules, section) == cls()
