"""The Russian catalogue against the code: every message the code asks for is translated, with the
same placeholders, and the catalogue holds nothing the code no longer asks for; and Russian plurals.

The messages are found by reading the source (an AST scan): the first string argument (and, for a
plural, the second) of a call of `t`, `tp`, `tn`, `said`, `said_n` or `marked`, with the context
`tp` and `marked` give; and the words of errors the pure layers name for the CLI to say (`Said`,
`SaidN` and `base.words.marked`, docs/i18n.md: Errors). Only string constants count: a message built
at run time could not be in a catalogue, so a call with anything else is reported too.
"""

from __future__ import annotations

import ast
import functools
import string
from dataclasses import dataclass
from pathlib import Path
from typing import TypeGuard

import pytest

from popejoan_cli.formats.po import Catalog, packaged
from popejoan_cli.render import i18n

SRC = Path(__file__).parents[2] / "src" / "popejoan_cli"


@dataclass(frozen=True)
class Message:
    ctx: str | None
    msgid: str
    plural: str | None
    where: str


def _const(node: ast.expr | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _called(node: ast.Call) -> str | None:
    f = node.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None


LOOKUPS = {"t": 1, "said": 1, "tn": 2, "said_n": 2, "tp": 2, "marked": 1, "Said": 1, "SaidN": 2}
"""Each lookup function and how many leading arguments must be string constants (tp: context, msgid)."""


def _message(node: ast.Call, where: str) -> Message | None:
    name, args = _called(node), node.args
    if name in ("t", "said", "Said") and args:
        msgid = _const(args[0])
        return None if msgid is None else Message(None, msgid, None, where)
    if name in ("tn", "said_n", "SaidN") and len(args) >= 2:
        one, many = _const(args[0]), _const(args[1])
        return None if one is None or many is None else Message(None, one, many, where)
    if name == "tp" and len(args) >= 2:
        msgid = _const(args[1])
        return None if msgid is None else Message(_const(args[0]), msgid, None, where)
    if name == "marked" and args:
        msgid = _const(args[0])
        ctx = _const(args[1]) if len(args) > 1 else None
        return None if msgid is None else Message(ctx, msgid, None, where)
    return None


def messages(root: Path = SRC) -> dict[tuple[str | None, str], Message]:
    """Every message in the source under `root`, keyed as the catalogue keys it: (context, msgid)."""
    found: dict[tuple[str | None, str], Message] = {}
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                m = _message(node, f"{path.relative_to(root)}:{node.lineno}")
                if m is not None:
                    found.setdefault((m.ctx, m.msgid), m)
    return found


def dynamic_calls(root: Path = SRC) -> list[str]:
    """Lookups whose message is not a string constant (the catalogue test could not check them)."""
    bad = []
    for path in sorted(root.rglob("*.py")):
        if path.name == "i18n.py":
            continue  # the lookups themselves, and the marked words they look up (ranks, suits, pots)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        inside = _inside_lookups(tree)
        for node in ast.walk(tree):
            if id(node) not in inside and _dynamic(node):
                bad.append(f"{path.relative_to(root)}:{node.lineno}")
    return bad


def _inside_lookups(tree: ast.AST) -> set[int]:
    """The ids of the nodes inside a lookup function defined in `tree`: a lookup passing its own
    message on (`said` to `tp`)."""
    return {id(n) for f in ast.walk(tree) if isinstance(f, ast.FunctionDef) and f.name in LOOKUPS
            for n in ast.walk(f)}


def _dynamic(node: ast.AST) -> TypeGuard[ast.Call]:
    """A lookup whose message is not a string constant."""
    if not (isinstance(node, ast.Call) and _called(node) in LOOKUPS) or _message(node, "") is not None:
        return False
    first = node.args[0] if node.args else None
    # `stop` says one of the REASONS sentences, each marked where it is written
    return not (isinstance(first, ast.Subscript) and isinstance(first.value, ast.Name) and first.value.id == "REASONS")


def fields(text: str) -> set[str]:
    """The placeholders a message fills, a name asked for in a case (`{player@dat}`) counted as the name."""
    return {name.partition("@")[0] for _, name, _, _ in string.Formatter().parse(text) if name is not None}


class _Anyone(dict[str, object]):
    """Every placeholder's value is the same player, whose gender the test chooses, and the same card, whose
    gender it chooses too (a `CardFace` named "X")."""

    def __init__(self, card: object) -> None:
        super().__init__()
        self.card = card

    def get(self, key: str, default: object = None) -> object:
        return self.card


def wordings(text: str) -> list[str]:
    """A translation as it reads for a man, a woman and a player of unknown gender, and for a masculine and a
    feminine card (render/grammar.py); a gender choice that is not closed, or has other than three wordings
    (a player) or two (a card), fails here."""
    from popejoan_cli.base.people import Person
    from popejoan_cli.game.cards import Card
    from popejoan_cli.render import i18n
    from popejoan_cli.render.grammar import CardFace, _choose

    if "{?" not in text:
        return [text]
    out = []
    i18n.use("ru")
    try:
        for gender in ("m", "f", ""):
            for card in ("JC", "QC"):
                chosen = _choose(text, _Anyone(CardFace("X", Card.parse(card))), {"X": Person(gender)},
                                 i18n.card_gender)
                assert "{?" not in chosen, (
                    f"a gender choice needs three wordings (man|woman|unknown) or, for a card, two: {text!r}")
                out.append(chosen)
    finally:
        i18n.use("en")
    return list(dict.fromkeys(out))


@functools.cache
def code() -> dict[tuple[str | None, str], Message]:
    """The source's messages, scanned once, by the first test that needs them (not at collection: every
    test process collects this module)."""
    return messages()


RU: Catalog = packaged("ru")


def test_the_scan_finds_the_messages_of_the_first_slice() -> None:
    assert (None, "{player} leads {run}") in code()
    assert ("pot", "Matrimony") in code()
    assert code()[(None, "{n} counter")].plural == "{n} counters"


def test_every_message_in_the_code_is_translated() -> None:
    missing = [f"{m.where}: {m.msgid!r}" + (f" (context {m.ctx})" if m.ctx else "")
               for key, m in code().items() if key not in RU.messages]
    assert missing == [], "not in locales/ru/*.po (or fuzzy, or untranslated):\n" + "\n".join(missing)


def test_the_catalogue_holds_nothing_the_code_no_longer_asks_for() -> None:
    stale = [f"{msgid!r}" + (f" (context {ctx})" if ctx else "") for ctx, msgid in RU.messages
             if ctx != "help" and (ctx, msgid) not in code()]  # help.po: tests/cli/test_russian_help.py
    assert stale == [], "in locales/ru/*.po but no longer in the code:\n" + "\n".join(stale)


def test_placeholders_are_the_same_in_the_english_and_the_russian() -> None:
    wrong = []
    for key, m in code().items():
        forms = RU.messages.get(key, ())
        english = fields(m.msgid) | (fields(m.plural) if m.plural else set())
        if m.plural is not None and RU.plural_ids.get(key) != m.plural:
            wrong.append(f"{m.where}: msgid_plural differs from the code's {m.plural!r}")
        wrong += [f"{m.where}: {m.msgid!r} has {sorted(english)}, the Russian {w!r} has {sorted(fields(w))}"
                  for f in forms for w in wordings(f) if fields(w) - {"n"} != english - {"n"}]
    assert wrong == [], "\n".join(wrong)


def test_plural_messages_are_plural_in_both() -> None:
    for key, m in code().items():
        assert (m.plural is None) == (key not in RU.plural_ids), f"{m.where}: {m.msgid!r}"


def test_every_lookup_names_its_message_as_a_constant() -> None:
    assert dynamic_calls() == []


RU_COUNTERS = {0: "0 фишек", 1: "1 фишка", 2: "2 фишки", 3: "3 фишки", 4: "4 фишки", 5: "5 фишек", 10: "10 фишек",
               11: "11 фишек", 12: "12 фишек", 14: "14 фишек", 19: "19 фишек", 20: "20 фишек", 21: "21 фишка",
               22: "22 фишки", 24: "24 фишки", 25: "25 фишек", 101: "101 фишка", 102: "102 фишки",
               105: "105 фишек", 111: "111 фишек", 112: "112 фишек", 114: "114 фишек", 115: "115 фишек",
               121: "121 фишка", 122: "122 фишки", 125: "125 фишек"}


def _form(n: int) -> str:
    """The Russian rule written out: one (1, 21, 101), few (2–4, 22–24, 102–104), many (the rest)."""
    if n % 10 == 1 and n % 100 != 11:
        return "one"
    return "few" if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else "many"


@pytest.mark.parametrize("n", [*range(26), *range(101, 126)])
def test_russian_plurals_for_counters_and_cards(n: int) -> None:
    i18n.use("ru")
    try:
        counter = {"one": "фишка", "few": "фишки", "many": "фишек"}[_form(n)]
        card = {"one": "карта", "few": "карты", "many": "карт"}[_form(n)]
        assert i18n.counters(n) == f"{n}\u00a0{counter}"  # a no-break space: render/typeset.py
        assert i18n.cards(n) == f"{n}\u00a0{card}"
        if n in RU_COUNTERS:
            assert i18n.counters(n) == RU_COUNTERS[n].replace(" ", "\u00a0")
    finally:
        i18n.use("en")


@pytest.mark.parametrize("n", [*range(26), *range(101, 126)])
def test_english_plurals_are_as_before(n: int) -> None:
    from popejoan_cli.base.words import plural

    assert i18n.counters(n) == plural(n, "counter")
    assert i18n.cards(n) == plural(n, "card")


def test_cards_and_suits_in_russian() -> None:
    from popejoan_cli.game.cards import Card, Suit

    i18n.use("ru")
    try:
        assert [i18n.face(Card.parse(c)) for c in ("AS", "10H", "JD", "QC", "KS", "9D")] == \
            ["Т♠", "10♥", "В♦", "Д♣", "К♠", "9♦"]
        assert i18n.suit_label(Suit.D) == "♦ б бубны"
        assert i18n.pot_label("Game") == "Гейм" and i18n.pot_label("Our own pot") == "Our own pot"
        # What it prints it reads back: a Russian face is Russian notation.
        assert all(Card.parse(i18n.face(Card.parse(c))) == Card.parse(c) for c in ("AS", "JD", "QC", "KH", "10C"))
    finally:
        i18n.use("en")
    assert i18n.face(Card.parse("AS")) == "A♠"


def test_the_language_chosen() -> None:
    assert i18n.choose({}) == "en"
    assert i18n.choose({"LANG": "ru_RU.UTF-8"}) == "ru"
    assert i18n.choose({"LC_ALL": "C", "LANG": "ru_RU.UTF-8"}) == "en"  # LC_ALL wins, as POSIX says
    assert i18n.choose({"LC_MESSAGES": "ru_UA.UTF-8", "LANG": "en_GB"}) == "ru"
    assert i18n.choose({"LANG": "en_GB"}, "ru") == "ru"  # the table's own beats the locale
    assert i18n.choose({"POPEJOAN_LANG": "en", "LANG": "ru_RU"}, "ru") == "en"
    assert i18n.choose({"POPEJOAN_LANG": "ru"}) == "ru"
    assert i18n.choose({"POPEJOAN_LANG": "xx", "LANG": "ru_RU"}) == "ru"  # an unknown one is as unset


def test_an_untranslated_message_stays_english() -> None:
    i18n.use("ru")
    try:
        assert i18n.t("Nothing here translates {this}.", this="x") == "Nothing here translates x."
        assert i18n.tn("{n} apple", "{n} apples", 3) == "3 apples"
    finally:
        i18n.use("en")
