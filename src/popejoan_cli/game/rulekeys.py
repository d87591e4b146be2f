"""The house-rule key schema and the pot model (see docs/house-rules.md).

Every key is described once in `KEYS`: validation (`game.rulecheck`), defaults, the typed
sections of `HouseRules` (`game.rules`), `rules new` templates and `rules diff` all read that
table, so a new key is added in one place. Pots are described by `PotRule`; a pot's card is a
`CardSpec`, either a fixed card or `trump:R`, resolved once the trump is known.
"""

from __future__ import annotations

import re

from popejoan_cli.base.records import Record
from popejoan_cli.game.cards import CARDS, RANK_NAMES, Card, Suit, parse_card_or_none

MAX_COUNT = 1_000_000
"""No stake or payment is near this; a bigger number is a typo, not a house rule."""
MAX_NAME = 64
"""Longest rule-set name or pot label: both are printed in tables, journals and ledgers."""
MAX_TITLE = 120
MAX_DESCRIPTION = 2000
MAX_ENTRIES = 64
"""Most entries in a list of texts (sources, pope_takes): the pack has 52 cards."""


class Key(Record):
    """One setting: its `[section]` ('' for the top level), name, kind, default and what it allows."""

    section: str
    name: str
    kind: str  # "choice", "bool", "int", "cards", "pots", "suit", "text", "texts"
    default: object
    doc: str
    choices: tuple[str, ...] = ()
    lo: int = 0
    hi: int = MAX_COUNT
    optional: bool = False
    """A key added after rule files, journals and exports were first written: `to_dict` writes it only when
    it differs from its default, so that every file written before it stays byte for byte the same."""

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
    Key("deal", "exchange_bar", "choice", "none",
        "who may not take the spare hand: nobody is barred, or whoever holds a card that wins a pot",
        ("none", "pot-card"), optional=True),
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
    Key("turnup", "pope_limit", "int", 0,
        "with pope_per_card, each player pays the dealer at most this many counters (0: no limit)",
        hi=1000, optional=True),
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
    Key("play", "first_lead", "text", "eldest",
        "who leads first: eldest, or the holder of this card (\"2D\"), who leads it at the deal; if it lies in "
        "no hand, the next card up is called", hi=8, optional=True),
    Key("play", "improper_lead", "choice", "refuse",
        "a lead that breaks a rule on what may be led is refused, or allowed and fined at the hand's end: "
        "improper_penalty to each other player, or onto pass_pot", ("refuse", "pay-each", "pay-board"),
        optional=True),
    Key("play", "improper_penalty", "int", 1, "what an improper lead costs, under improper_lead", hi=1000,
        optional=True),
    Key("play", "pass_pays", "int", 0,
        "with no_new_suit = pass, a player who cannot lead a new suit puts this many counters on pass_pot",
        hi=1000, optional=True),
    Key("play", "pass_pot", "text", "",
        "the pot a passing player pays into (\"\": the board's first first-out pot, else its first pot)",
        hi=MAX_NAME, optional=True),
    Key("play", "pope_stakes", "int", 0,
        "whoever plays the Pope is paid this many counters by each other player per card he holds then",
        hi=1000, optional=True),
    Key("play", "pope_in_lieu", "bool", False,
        "after a stop (not at the top card), before the next lead, the Pope's holder may play it in place of the "
        "missing card, win its pot, and the run goes on from the card after", optional=True),
    Key("board", "odd_counter", "choice", "stay",
        "an odd counter of a shared pot stays on it, or goes to the sharer nearest eldest",
        ("stay", "eldest")),
    Key("settle", "per_card", "int", 1, "counters each other player pays the first out per card left",
        hi=1000),
    Key("settle", "pope_exempt", "choice", "holder",
        "at settlement: a Pope holder pays nothing, the Pope is not counted, or no exemption",
        ("holder", "card", "none")),
    Key("settle", "negative", "bool", True, "balances may go below zero"),
    Key("settle", "losers_pay", "choice", "winner",
        "the per-card payment goes to the first out, or onto the board's pots in turn", ("winner", "board"),
        optional=True),
    Key("settle", "unplayed_card", "choice", "none",
        "at the end, whoever still holds a card pot's card adds nothing, its stake, or as much as it holds",
        ("none", "stake", "double"), optional=True),
    Key("final", "deal", "choice", "none",
        "the session's last deal clears the board to the holders of the cards", ("none", "holders")),
    Key("final", "suit", "suit", "D", "the suit `trump:` means in the final deal"),
)
KEY_BY_PATH: dict[str, Key] = {k.path: k for k in KEYS}
SECTIONS: tuple[str, ...] = ("players", "deck", "deal", "stakes", "turnup", "play", "board",
                             "settle", "final")
TOP_LEVEL = tuple(k.name for k in KEYS if not k.section)
POT_KEYS = ("name", "label", "stake", "wins", "card", "cards")
WINS = ("card", "pair", "first-out", "below")
"""`below`: Peel's Newmarket (docs/house-rules.md: wins = "below"), won by the card preceding the pot's."""
TRUMP_RANKS = ("A", "K", "Q", "J")
POT_NAME = re.compile(r"^[a-z][a-z0-9_-]{0,31}$")
"""A pot's name: one lowercase word, short enough for a column."""


class CardSpec(Record):
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


class PotRule(Record):
    name: str
    label: str
    stake: int
    wins: str
    cards: tuple[CardSpec, ...] = ()
    """One spec for `card` and `below` (a fixed card for `below`), two for `pair`, none for `first-out`."""

    @property
    def by_one_card(self) -> bool:
        """Whether one card's play wins this pot: its own (`card`) or the card below it (`below`). These are the
        pots `settle.unplayed_card` charges the holder of that card for (docs/house-rules.md)."""
        return self.wins in ("card", "below")

    def winners(self, trump: Suit | None) -> list[Card | None]:
        """The cards whose play wins this pot (None: a `trump:` card with no trump): the pot's own, or for
        `below` the card preceding it (`below`)."""
        cards = [spec.resolve(trump) for spec in self.cards]
        return [None if c is None else below(c) for c in cards] if self.wins == "below" else cards

    def to_dict(self) -> dict[str, object]:
        d: dict[str, object] = {"name": self.name, "label": self.label, "stake": self.stake,
                             "wins": self.wins}
        if self.by_one_card:
            d["card"] = str(self.cards[0])
        elif self.wins == "pair":
            d["cards"] = [str(c) for c in self.cards]
        return d


def below(card: int) -> Card:
    """The card preceding `card` in its suit for a `wins = "below"` pot: Peel's "the ace is considered both as
    lowest and highest", so the king precedes the ace and the ace the 2, under either ace rule."""
    return CARDS[card - card % 13 + (card % 13 - 1) % 13]


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
