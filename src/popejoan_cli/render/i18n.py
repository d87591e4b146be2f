"""The words in the table's language: `t`, `tp` and `tn` look a message up, and cards, suits and counts in it.

English is the source language: a message's English is its msgid, and English needs no
catalogue. Another language's words come from its packaged gettext catalogue
(`formats.po`), read the first time `use` picks that language; any message the catalogue
lacks stays English. Messages are whole sentences with named placeholders (`{player} wins
{pot}`), filled after the lookup, so a translator may reorder them. Which language a command
speaks is decided by the CLI (`base.words.choose`, cheap enough for every command, then `use`);
everything here is a lookup. For start-up the catalogue is read at the first lookup, not when
`use` picks its language (a command that says nothing, such as `rules list --json`, never reads
it), and the card helpers are imported inside the functions that need them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from popejoan_cli.base.words import LANGUAGES, choose, commands_as_typed

if TYPE_CHECKING:
    from collections.abc import Mapping

    from popejoan_cli.base.people import Person
    from popejoan_cli.formats.po import Catalog
    from popejoan_cli.game.cards import Card, Suit
    from popejoan_cli.game.rules import HouseRules

__all__ = ["LANGUAGES", "cards", "choose", "counters", "face", "marked", "pot_label", "suit_label", "t", "tn", "tp"]

_state: dict[str, object] = {"lang": "en", "catalog": None, "faces": None, "read": True}


def marked(msgid: str, ctx: str | None = None) -> str:
    """A message named where it cannot be looked up yet (a table of words): returned as it is.

    The catalogue test finds the message here as it finds the calls of `t`, `tp` and `tn`."""
    return msgid


def use(lang: str) -> None:
    """Speak `lang` from now on; its catalogue is read at the first lookup (English has none)."""
    if lang != _state["lang"]:
        _state.update(lang=lang, catalog=None, faces=None, read=lang == "en")


def language() -> str:
    return str(_state["lang"])


def _catalog() -> Catalog | None:
    if not _state["read"]:
        from popejoan_cli.formats.po import packaged  # only a language other than English reads a catalogue

        _state.update(catalog=packaged(str(_state["lang"])), read=True)
    return _state["catalog"]  # type: ignore[return-value]


def tp(ctx: str | None, msgid: str, /, **named: object) -> str:
    """The message `msgid` in the sense `ctx` (gettext's msgctxt), in the current language, filled in."""
    catalog = _catalog()
    forms = catalog.messages.get((ctx, msgid)) if catalog is not None else None
    text = commands_as_typed(forms[0] if forms else msgid)  # at `popejoan shell`: `deal`, not `popejoan deal`
    if named:
        return fill(text, named)
    return text if catalog is None else _set(text)


def _set(text: str) -> str:
    """A sentence in a language other than English set as its book sets it (`render.typeset`: no-break spaces,
    the minus)."""
    from popejoan_cli.render.typeset import typeset

    return typeset(text)


def fill(text: str, named: dict[str, object]) -> str:
    """A message's `{placeholders}` filled in; a translation may also ask for a player's gender and case
    (`grammar.agree`: `{?player|сдал|сдала|сдаёт}`, `{player@dat}`; docs/i18n.md: Gender and case)."""
    text, named = agreed(text, named)
    if _state["lang"] == "en":
        return text.format(**named)
    from popejoan_cli.render.figures import book  # figures and quotes as the language writes them

    return _set(book(text, named))


def agreed(text: str, named: dict[str, object]) -> tuple[str, dict[str, object]]:
    """A translation's gender choices made and its names given their cases (`grammar.agree`), not yet filled
    in: `fill` fills the text, `narrate` makes a line of it (cards kept as cards)."""
    if "{?" in text or "@" in text:
        from popejoan_cli.render.grammar import agree  # only a language with genders and cases asks

        return agree(text, named, _people, construction, card_gender)
    return text, named


def construction(case: str) -> str:
    """How a name the dictionary cannot decline stands in `case`: «игроку {name}» (the name itself in English)."""
    return {"gen": tp("name in the genitive", "{name}"), "dat": tp("name in the dative", "{name}"),
            "acc": tp("name in the accusative", "{name}"), "ins": tp("name in the instrumental", "{name}"),
            "pre": tp("name in the prepositional", "{name}")}[case]


_people: dict[str, Person] = {}
"""How the current table's language speaks of each player (`meet`)."""


def meet(people: Mapping[str, Person]) -> None:
    """The players of the table a command reads, as the journal describes them (`PlayerDescribed`)."""
    _people.clear()
    _people.update(people)


def t(msgid: str, /, **named: object) -> str:
    """The message `msgid` in the current language, its `{placeholders}` filled from `named`."""
    return tp(None, msgid, **named)


def template_n(singular: str, plural: str, n: int) -> str:
    """The form of a message for the count `n`, by the language's plural rule, not yet filled in."""
    catalog = _catalog()
    forms = catalog.messages.get((None, singular)) if catalog is not None else None
    if catalog is not None and forms:
        index = catalog.plural(abs(n))  # −27 фишек as 27 фишек (the C rule's % would read −27 as 3)
        return commands_as_typed(forms[index if 0 <= index < len(forms) else -1])
    return commands_as_typed(singular if abs(n) == 1 else plural)  # −1 counter, as 1 counter


def tn(singular: str, plural: str, n: int, /, **named: object) -> str:
    """The form of a message for the count `n` (given to it as `{n}` too, in another language as a figure
    it writes its own way: `12 000`, `−27`), filled in."""
    if _state["lang"] == "en":
        return fill(template_n(singular, plural, n), {"n": n, **named})
    from popejoan_cli.base.marks import Grouped

    return fill(template_n(singular, plural, n), {"n": Grouped(n), **named})


def counters(n: int) -> str:
    """`1 counter`, `5 counters`; `1 фишка`, `2 фишки`, `5 фишек`."""
    return tn("{n} counter", "{n} counters", n)


def cards(n: int) -> str:
    """`1 card`, `7 cards`; `1 карта`, `3 карты`, `7 карт`."""
    return tn("{n} card", "{n} cards", n)


# Spelled out call by call: the catalogue test reads these names from the source.
_RANKS = (marked("A", "rank"), marked("J", "rank"), marked("Q", "rank"), marked("K", "rank"))
_SUIT_WORDS = (marked("C", "suit letter"), marked("D", "suit letter"), marked("H", "suit letter"),
               marked("S", "suit letter"), marked("clubs", "suit"), marked("diamonds", "suit"),
               marked("hearts", "suit"), marked("spades", "suit"))
POT_LABELS = (marked("Pope", "pot"), marked("Matrimony", "pot"), marked("Intrigue", "pot"), marked("Ace", "pot"),
              marked("King", "pot"), marked("Queen", "pot"), marked("Jack", "pot"), marked("Game", "pot"),
              marked("Ace of hearts", "pot"), marked("King of clubs", "pot"), marked("Queen of diamonds", "pot"),
              marked("Jack of spades", "pot"), marked("First out", "pot"), marked("Kitty", "pot"))
"""The presets' pot labels, in the catalogue under the context `pot` (a table's own labels stay as written):
the seeds' (`russian`, `michigan`, `boodle`) and the other presets' (`modern-stops`, `newmarket`)."""


def face(card: Card) -> str:
    """A card for people in the current language, its suit symbol always shown: `9♦`, `Q♣`; `Д♣`, `Т♠`."""
    from popejoan_cli.game.cards import CARDS, RANK_NAMES

    faces = _state["faces"]
    if faces is None:
        if _catalog() is None:
            faces = tuple(c.face for c in CARDS)
        else:
            ranks = [tp("rank", r) if r in _RANKS else r for r in RANK_NAMES]
            faces = tuple(ranks[c % 13] + "♣♦♥♠"[c // 13] for c in range(52))
        _state["faces"] = faces
    return faces[card]  # type: ignore[index, no-any-return]


RANK_GENDERS = (
    marked("ace", "rank gender"), marked("two", "rank gender"), marked("three", "rank gender"),
    marked("four", "rank gender"), marked("five", "rank gender"), marked("six", "rank gender"),
    marked("seven", "rank gender"), marked("eight", "rank gender"), marked("nine", "rank gender"),
    marked("ten", "rank gender"), marked("jack", "rank gender"), marked("queen", "rank gender"),
    marked("king", "rank gender"))
"""Each rank by its English noun, ace first: the msgid under the context `rank gender` (grammar.po)."""


def card_gender(card: Card) -> str:
    """The grammatical gender of `card` as the noun it is in the current language: `m`, `f`, or `` (English).

    >>> from popejoan_cli.game.cards import Card
    >>> use("ru")
    >>> [card_gender(Card.parse(c)) for c in ("JC", "QC", "KC", "AC", "7C", "10C")]
    ['m', 'f', 'm', 'm', 'f', 'f']
    >>> use("en")
    """
    gender = tp("rank gender", RANK_GENDERS[card.rank - 1])
    return gender if gender in ("m", "f", "n") else ""


_NOMINATIVE = (
    marked("January", "month"), marked("February", "month"), marked("March", "month"), marked("April", "month"),
    marked("May", "month"), marked("June", "month"), marked("July", "month"), marked("August", "month"),
    marked("September", "month"), marked("October", "month"), marked("November", "month"),
    marked("December", "month"))
"""The months by name, as a month stands alone («декабрь 2026»): msgids under the context `month`."""

_GENITIVE = (
    marked("January", "month in the genitive"), marked("February", "month in the genitive"),
    marked("March", "month in the genitive"), marked("April", "month in the genitive"),
    marked("May", "month in the genitive"), marked("June", "month in the genitive"),
    marked("July", "month in the genitive"), marked("August", "month in the genitive"),
    marked("September", "month in the genitive"), marked("October", "month in the genitive"),
    marked("November", "month in the genitive"), marked("December", "month in the genitive"))
"""The months as a day names them («1 декабря 2026»): msgids under the context `month in the genitive`."""


def month_name(number: int, genitive: bool) -> str:
    """The month `number` (1 for January) by name, alone or, `genitive`, as a date names it («декабря»)."""
    return tp("month in the genitive" if genitive else "month", (_GENITIVE if genitive else _NOMINATIVE)[number - 1])


def suit_label(suit: Suit) -> str:
    """`♠ S spades`; `♠ п пики`: the parts the web pages take apart (symbol, letter, name), never a sentence's
    words (where the symbol is written as its letter, it would say `п п пики`): a sentence says `suit_named`."""
    return f"{suit.symbol} {tp('suit letter', suit.name)} {tp('suit', suit.title)}"


def suit_named(suit: Suit) -> str:
    """`diamonds ♦`; `бубны ♦`: the suit's name, then its symbol (written as its letter where the
    terminal cannot show it, docs/terminal.md), for a line that has just shown a card of that suit."""
    return f"{tp('suit', suit.title)} {suit.symbol}"


def pot_label(label: str) -> str:
    """A pot's label in the current language: the presets' labels are translated, a table's own are not."""
    return tp("pot", label) if label in POT_LABELS else label


def pot_words(rules: HouseRules) -> dict[str, str]:
    """Each pot's label as the current language says it, to the label its rules write (`Гейм` to `Game`):
    what a person at a Russian table may type for a pot (`table.view.pot_named`). Empty in English."""
    return {said: p.label for p in rules.pots if (said := pot_label(p.label)) != p.label}


def preset_title(title: str) -> str:
    """A shipped preset's title in the current language; any other title as it is written.

    Spelled out one lookup each so the catalogue test finds them; the TOML files keep the English."""
    return {
        "Russian Pope Joan": tp("preset title", "Russian Pope Joan"),
        "Modern stops": tp("preset title", "Modern stops"),
        "Parlett's Pope Joan": tp("preset title", "Parlett's Pope Joan"),
        "Hoyle's Pope Joan": tp("preset title", "Hoyle's Pope Joan"),
        "Michigan": tp("preset title", "Michigan"),
        "Boodle": tp("preset title", "Boodle"),
        "Newmarket": tp("preset title", "Newmarket"),
    }.get(title, title)


def spoken_with(said: str, **values: object) -> str:
    """`said` (a `Said`) spoken in the current language as `spoken_said` does, with some of its values put
    otherwise (`said_to`: its player as "You"): the same message, the same other values."""
    from popejoan_cli.base.errors import Said, SaidN

    if not isinstance(said, Said):
        return str(said)
    params = {**said.params, **values}
    if isinstance(said, SaidN):
        n = params.pop("n")
        assert isinstance(n, int)
        return spoken_said(SaidN(said.msgid, said.plural, n, **params))
    return spoken_said(Said(said.msgid, **params))


def spoken_said(text: str) -> str:
    """A `Said` (an error's words, raised in a layer that cannot look them up) in the current
    language: its msgid looked up and its values filled in, cards in this language's faces, a pot's
    label (`{pot}`) in its words and a nested `Said` spoken in turn; anything else, and everything
    in English, as it is."""
    from popejoan_cli.base.errors import Said, SaidN  # only another language speaks a Said
    from popejoan_cli.base.names import PotName
    from popejoan_cli.game.cards import Card, Suit
    from popejoan_cli.render.grammar import CardFace

    if not isinstance(text, Said) or language() == "en":
        return str(text)
    values: dict[str, object] = {}
    for name, value in text.params.items():
        if isinstance(value, Said):
            values[name] = spoken_said(value)
        elif isinstance(value, Card):
            values[name] = CardFace(face(value), value)  # a face that still knows its card: «Д♣ не сыграна»
        elif isinstance(value, Suit):
            values[name] = suit_named(value)  # once, by name then symbol: «в масти бубны ♦»
        elif isinstance(value, PotName):
            values[name] = pot_label(value.label)  # a pot the English names as typed (`game`), said by its label
        elif name == "pot" and isinstance(value, str):
            values[name] = pot_label(value)  # a pot's label, which the pure layers name as their rules write it
        else:
            values[name] = value
    # The msgid is not a constant here: the catalogue test checks it where the `Said` was made.
    if isinstance(text, SaidN):
        count = values.pop("n")
        look_up_n = tn
        return str(look_up_n(text.msgid, text.plural, int(count), **values))  # type: ignore[call-overload]
    look_up = t
    return str(look_up(text.msgid, **values))
