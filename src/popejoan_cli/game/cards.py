"""Cards: notation, the canonical deck, and the seeded shuffle and deal.

A `Card` is an `int` (0–51: suit × 13 + rank − 1, which is also the canonical deck order)
so that the referee can index tables by card and compare cards cheaply. `Card.parse`
reads every accepted spelling; `str(card)` gives the file form (`9D`) and `card.face`
the form for people (`9♦`). No other module shuffles.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import IntEnum

from popejoan_cli.base.errors import BadInput, Said
from popejoan_cli.base.limits import cut, int_text, text_problem, whole_number
from popejoan_cli.base.marks import Grouped, Quoted
from popejoan_cli.base.records import Record


class Suit(IntEnum):
    C = 0
    D = 1
    H = 2
    S = 3

    @property
    def symbol(self) -> str:
        return "♣♦♥♠"[self]

    @property
    def title(self) -> str:
        return ("clubs", "diamonds", "hearts", "spades")[self]

    @property
    def red(self) -> bool:
        return self in (Suit.D, Suit.H)


RANK_NAMES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
"""Rank 1 (ace) to 13 (king), as printed."""

_RANK_WORDS: dict[str, int] = {name: i + 1 for i, name in enumerate(RANK_NAMES)}
_RANK_WORDS.update({"T": 10, "В": 11, "Д": 12, "К": 13, "Т": 1})
_SUIT_WORDS: dict[str, Suit] = {
    "C": Suit.C, "D": Suit.D, "H": Suit.H, "S": Suit.S,
    "♣": Suit.C, "♦": Suit.D, "♥": Suit.H, "♠": Suit.S,
    "♧": Suit.C, "♢": Suit.D, "♡": Suit.H, "♤": Suit.S,
    "Т": Suit.C, "Б": Suit.D, "Ч": Suit.H, "П": Suit.S,
}  # fmt: skip

VALID_FORMS = Said("a card is rank then suit, e.g. 9D, 9♦, 10h, qs; see `popejoan lead --help`")
"""The hint under a card that is none: one line, pointing at `lead --help`, which lists every form read."""


class Card(int):
    """One playing card; use `Card.parse` or `CARDS[i]`, never `Card(i)` directly."""

    __slots__ = ()

    @property
    def suit(self) -> Suit:
        return Suit(self // 13)

    @property
    def rank(self) -> int:
        """1 (ace) to 13 (king)."""
        return self % 13 + 1

    @property
    def face(self) -> str:
        """The form for people: `9♦`."""
        return RANK_NAMES[self % 13] + "♣♦♥♠"[self // 13]

    def __str__(self) -> str:
        return RANK_NAMES[self % 13] + "CDHS"[self // 13]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    @staticmethod
    def of(rank: int, suit: Suit) -> Card:
        return CARDS[suit * 13 + rank - 1]

    @staticmethod
    def parse(text: str) -> Card:
        """Read any accepted spelling; raise `BadInput` naming the bad text, or the readings of a card typed
        in Latin and Cyrillic letters that look alike (`lookalike`)."""
        card = parse_card_or_none(text)
        if card is None:
            mixed = lookalike(text)
            if mixed is not None:
                raise BadInput(mixed)
            raise BadInput(Said("not a card: {text}", text=Quoted(text)), VALID_FORMS)
        return card


CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(52))


_VARIATION_SELECTORS = "\ufe0e\ufe0f"
"""Text (U+FE0E) and emoji (U+FE0F) presentation after a suit symbol, as in `9♦️`."""


def parse_card_or_none(text: object) -> Card | None:
    """The card `text` spells, or None: not a card, or one typed in Latin and Cyrillic letters that look alike
    (`lookalike`), which is never read as either."""
    if not isinstance(text, str):
        return None
    word = _folded(text)
    if not word.isascii() and _mixed(word):
        return None
    return _read(word)


def _folded(text: str) -> str:
    """`text` as the parser reads it: stripped, in capitals, full-width forms folded."""
    word = text
    if not word.isascii():
        import unicodedata  # only non-ASCII text needs it; keep it off the start-up path

        # NFKC folds full-width forms (`１０Ｈ`, `Ａ♠`) to ASCII and leaves the suit symbols and
        # Cyrillic letters alone; the variation selector of an emoji suit (`9♦️`) is dropped.
        word = unicodedata.normalize("NFKC", word).strip().rstrip(_VARIATION_SELECTORS)
    return word.strip().upper()


def _read(word: str) -> Card | None:
    """The card a folded `word` spells, Latin and Cyrillic letters each read as their own notation's."""
    if len(word) < 2:
        return None
    suit = _SUIT_WORDS.get(word[-1])
    rank = _RANK_WORDS.get(word[:-1])
    if suit is None or rank is None:
        return None
    return CARDS[suit * 13 + rank - 1]


_TWINS = {"A": "А", "B": "В", "C": "С", "H": "Н", "K": "К", "T": "Т"}
"""Latin capitals and the Cyrillic ones drawn the same, among the letters of either notation: typed on the other
keyboard layout they change a card (a Latin T is a ten, a Cyrillic Т an ace) or make none, and nobody sees it."""
_LATIN = {cyrillic: latin for latin, cyrillic in _TWINS.items()}
_RUSSIAN_RANKS = {1: "Т", 11: "В", 12: "Д", 13: "К"}
"""The Russian notation's rank letters, for the spelling `lookalike` offers (other ranks are digits)."""


def _cyrillic(letter: str) -> bool:
    return "А" <= letter <= "Я" or letter == "Ё"


def _mixed(word: str) -> bool:
    """Whether a folded `word` holds Latin and Cyrillic letters, one of them with a twin in the other script."""
    return (any("A" <= c <= "Z" for c in word) and any(_cyrillic(c) for c in word)
            and any(c in _TWINS or c in _LATIN for c in word))


def _readings(word: str) -> dict[Card, str]:
    """The cards a folded `word` mixing the scripts may mean, each with how to type it in its suit letter's
    notation: the word all in Latin letters, as typed, and all in Cyrillic."""
    read: dict[Card, str] = {}
    for reading in ("".join(_LATIN.get(c, c) for c in word), word, "".join(_TWINS.get(c, c) for c in word)):
        card = _read(reading)
        if card is not None and card not in read:
            read[card] = (_RUSSIAN_RANKS.get(card.rank, str(card.rank)) + "тбчп"[card.suit]
                          if _cyrillic(reading[-1]) else str(card))
    return read


def lookalike(text: str) -> Said | None:
    """Why `text` is not read, when it mixes Latin and Cyrillic letters that look alike (`Tб`: a Latin T, the ten,
    or a Cyrillic Т, the ace?): the question, the cards it may mean, and how to type each. None for other text.

    The readings are the word all in Latin letters, as typed, and all in Cyrillic (at most two cards differ);
    each is spelled in the notation of its suit letter (`10б`, `Тб`; `10D`, `AD`)."""
    word = _folded(text) if isinstance(text, str) else ""
    if word.isascii() or not _mixed(word):
        return None
    read = _readings(word)
    if not read:
        return None  # no card either way: "not a card" says what a card is
    first = next(c for c in word if c in _TWINS or c in _LATIN)
    latin, cyrillic = (first, _TWINS[first]) if first in _TWINS else (_LATIN[first], first)
    cards, spelled = list(read)[:2], list(read.values())[:2]
    if len(cards) == 1:
        return Said("{typed}: Latin {latin} or Cyrillic {cyrillic}? — {card}; type {spelled}", typed=text.strip(),
                    latin=latin, cyrillic=cyrillic, card=cards[0], spelled=spelled[0])
    return Said("{typed}: Latin {latin} or Cyrillic {cyrillic}? — {first} or {second}; type {first_typed} or "
                "{second_typed}", typed=text.strip(), latin=latin, cyrillic=cyrillic, first=cards[0],
                second=cards[1], first_typed=spelled[0], second_typed=spelled[1])


def parse_cards(words: Iterable[str]) -> list[Card]:
    return [Card.parse(w) for w in words]


def rank_order(card: int, ace_high: bool) -> int:
    """The card's place in its suit for play: 1..13, or 2..14 with the ace high."""
    r = card % 13 + 1
    return 14 if ace_high and r == 1 else r


def top_rank(ace_high: bool) -> int:
    return 1 if ace_high else 13


def successor_table(ace_high: bool) -> tuple[int, ...]:
    """For each card, the next card of its run, or -1 after the suit's top card."""
    nxt: list[int] = []
    for c in range(52):
        r = c % 13 + 1
        base = c - (r - 1)
        if ace_high:
            nxt.append(-1 if r == 1 else base if r == 13 else c + 1)
        else:
            nxt.append(-1 if r == 13 else c + 1)
    return tuple(nxt)


def sort_key(card: int, ace_high: bool) -> tuple[int, int]:
    """Suit then rank, the order a hand is shown in."""
    return (card // 13, rank_order(card, ace_high))


def canonical_deck(removed: Iterable[int] = ()) -> list[Card]:
    """The deck in canonical order (C, D, H, S; A..K), less `removed`."""
    gone = set(removed)
    return [c for c in CARDS if c not in gone]


Seed = int | str

MAX_SEED = (1 << 63) - 1
"""Integer seeds are 0 to 2^63 - 1: a TOML file (a deal file, an export) holds no larger integer."""
MAX_SEED_TEXT = 100
SEED_RULE = Said("a seed is a whole number from 0 to {most}, or up to {length} characters of text",
                 most=Grouped(MAX_SEED), length=MAX_SEED_TEXT)


def seed_problem(value: object) -> str | None:
    """What is wrong with a seed from a file or an option, or None. The same bounds hold
    wherever a seed enters, so any table's deals can be exported and imported again."""
    if isinstance(value, bool) or not isinstance(value, int | str):
        return Said("a seed is an integer or a string")
    if isinstance(value, int):
        return None if 0 <= value <= MAX_SEED else Said("seed {value} is out of range", value=int_text(value))
    wrong = text_problem(value, max_len=MAX_SEED_TEXT, padded_ok=True)
    return None if wrong is None else Said("seed {value} {problem}", value=cut(value), problem=wrong)


def parse_seed(text: str) -> Seed:
    """On the command line decimal digits are an integer seed; anything else a string."""
    if text.isascii() and text.isdigit():
        seed = whole_number(text, 0, MAX_SEED)
        if seed is None:
            raise BadInput(Said("--seed {value} is out of range", value=cut(text)), SEED_RULE)
        return seed
    wrong = seed_problem(text)
    if wrong is not None:
        raise BadInput(Said("--seed: {problem}", problem=wrong), SEED_RULE)
    return text


def shuffled(deck: Sequence[Card], seed: Seed) -> list[Card]:
    """Deal v1: Fisher–Yates from the end over `random.Random(seed).random()`."""
    import random  # only dealing needs it; keep it off the start-up path

    cards = list(deck)
    rng = random.Random(seed)
    rand = rng.random
    for i in range(len(cards) - 1, 0, -1):
        j = int(rand() * (i + 1))
        cards[i], cards[j] = cards[j], cards[i]
    return cards


SPARE = -1
"""The receiver index of the spare hand in `Dealt.receivers`."""


class Dealt(Record):
    """A deal: `hands[i]` belongs to seat i (clockwise list order), plus spare and turn-up."""

    hands: tuple[tuple[Card, ...], ...]
    spare: tuple[Card, ...] | None
    turnup: Card | None
    turnup_holder: int | None
    """Seat of the in-hand turn-up, `SPARE` for the spare hand, None when out of play."""

    def __init__(self, hands: tuple[tuple[Card, ...], ...], spare: tuple[Card, ...] | None, turnup: Card | None,
                 turnup_holder: int | None) -> None:
        # Written out, as fast as a dataclass's: every deal makes one (bench/playout.py's baseline too).
        _set(self, "hands", hands)
        _set(self, "spare", spare)
        _set(self, "turnup", turnup)
        _set(self, "turnup_holder", turnup_holder)


_set = object.__setattr__


def deal_order(seats: int, dealer: int, spare: str | None) -> list[int]:
    """Receivers of one round: eldest first, dealer last, the spare hand where it sits."""
    order = [(dealer + 1 + k) % seats for k in range(seats)]
    if spare == "first":
        order.insert(0, SPARE)
    elif spare == "last":
        order.append(SPARE)
    return order


def deal_cards(
    cards: Sequence[Card], seats: int, dealer: int, spare: str | None, turnup: str
) -> Dealt:
    """Deal `cards` (already shuffled) one at a time, round and round in `deal_order`."""
    order = deal_order(seats, dealer, spare)
    hands: list[list[Card]] = [[] for _ in range(seats)]
    spare_hand: list[Card] = []
    dealt = cards[:-1] if turnup == "out-of-play" else cards
    width = len(order)
    last_to = SPARE
    for k, card in enumerate(dealt):
        to = order[k % width]
        (spare_hand if to == SPARE else hands[to]).append(card)
        last_to = to
    up: Card | None = None
    holder: int | None = None
    if turnup == "out-of-play":
        up = cards[-1]
    elif turnup == "in-hand":
        up = cards[-1]
        holder = last_to
    return Dealt(
        tuple(tuple(h) for h in hands),
        tuple(spare_hand) if spare is not None else None,
        up,
        holder,
    )


def hand_sizes(cards: int, seats: int, dealer: int, spare: str | None) -> tuple[list[int], int, int]:
    """How many of `cards` each seat and the spare hand get, and who gets the last one.

    Used when the cards are real and unseen: the deal order alone fixes the sizes.
    Returns (sizes by seat, spare size, receiver of the last card).
    """
    order = deal_order(seats, dealer, spare)
    sizes = [0] * seats
    spare_size = 0
    last = SPARE
    for k in range(cards):
        to = order[k % len(order)]
        if to == SPARE:
            spare_size += 1
        else:
            sizes[to] += 1
        last = to
    return sizes, spare_size, last
