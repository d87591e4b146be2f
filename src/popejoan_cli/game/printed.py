"""The printed sources' own variants as house-rule keys: what `rules new --from-source NAME` lays on a preset.

A source's variant lays the rules its source prints, and only those: where the book plays a whole game (Peel's
Pope Joan and his Newmarket, *The Book of Indoor and Outdoor Games*), every key of that game and its board, so
that no rule of the preset (`--from`) it contradicts survives; where popejoan takes one rule from a book
(Foster's doubling), that rule alone. What the book leaves unsaid (how many may play, balances below zero, a
final deal) stays the preset's. Where a book is ambiguous, or prints what no key can say, popejoan chooses, and
the variant's `description` names each choice with the sentence it comes from (docs/house-rules.md: Rules from
the printed sources). Pure data and a few functions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from popejoan_cli.base.errors import Said, UsageError, allowed
from popejoan_cli.base.records import Record
from popejoan_cli.game.rulekeys import MAX_DESCRIPTION, below
from popejoan_cli.game.rules import HouseRules, from_data

Keys = Mapping[str, Mapping[str, object]]
"""`[section] -> key -> value`, as a rule file's sections."""


class Source(Record):
    """One printed source: its citation, the keys its variant sets, the board it prints (`[[pot]]` tables; empty:
    the preset's board stays), the words naming popejoan's choices, and `after`, a variant laid first (its keys and
    words too: Peel's most popular variation is of his Pope Joan)."""

    citation: str
    keys: Keys
    board: tuple[Mapping[str, object], ...] = ()
    description: str = ""
    after: str = ""


def _pot(name: str, label: str, stake: int, wins: str, card: str | list[str] | None = None) -> dict[str, object]:
    pot: dict[str, object] = {"name": name, "label": label, "stake": stake, "wins": wins}
    if card is not None:
        pot["cards" if isinstance(card, list) else "card"] = card
    return pot


def _pope_joan_board(stakes: tuple[int, ...]) -> tuple[Mapping[str, object], ...]:
    """Peel's eight divisions, "Pope Joan (the nine of diamonds), Matrimony (king and queen of trumps), Intrigue
    (queen and knave of trumps), Ace, King, Queen, Knave (of trumps), and Game", with these stakes; the labels are
    the presets' (translated: render.i18n.POT_LABELS)."""
    rows: tuple[tuple[str, str, str, str | list[str] | None], ...] = (
        ("pope", "Pope", "card", "9D"), ("matrimony", "Matrimony", "pair", ["trump:Q", "trump:K"]),
        ("intrigue", "Intrigue", "pair", ["trump:J", "trump:Q"]), ("ace", "Ace", "card", "trump:A"),
        ("king", "King", "card", "trump:K"), ("queen", "Queen", "card", "trump:Q"),
        ("jack", "Jack", "card", "trump:J"), ("game", "Game", "first-out", None))
    return tuple(_pot(name, label, stake, wins, card) for (name, label, wins, card), stake in zip(rows, stakes,
                                                                                                   strict=True))


def _four_pools(wins: str, stakes: tuple[int, int, int, int]) -> tuple[Mapping[str, object], ...]:
    """The Newmarket presets' four pay cards, A♥ K♣ Q♦ J♠ (one ace, king, queen and knave, each of its own suit),
    won as `wins` says."""
    return (_pot("ace", "Ace of hearts", stakes[0], wins, "AH"), _pot("king", "King of clubs", stakes[1], wins, "KC"),
            _pot("queen", "Queen of diamonds", stakes[2], wins, "QD"),
            _pot("jack", "Jack of spades", stakes[3], wins, "JS"))


_NO_TURNUP: Keys = {"turnup": {"dealer_takes": "none", "ends_hand": False, "pope_takes": [], "pope_per_card": False,
                               "pope_ends_hand": False, "pope_limit": 0}}
_NOTHING_SHARED: Keys = {"board": {"odd_counter": "stay"}}
"""A board with no pair pot shares no pot, in play or in a final deal: the odd counter never comes up."""
_PLAIN_PLAY = {"follow": "holder", "first_lead": "eldest", "pass_pays": 0, "pass_pot": "", "pope_stakes": 0,
               "pope_in_lieu": False}
"""The play a book prints when it prints no interjection and no fine: the holder of the next card plays it, eldest
leads first, nobody pays for a passed lead."""

_PEEL: Keys = {
    "deck": {"removed": ["8D"], "ace": "low"},
    "deal": {"spare_hand": True, "spare_position": "last", "turnup": "out-of-play", "spare_exchange": "none",
             "exchange_bar": "none"},
    "stakes": {"payer": "dealer", "dealer_multiplier": 1},
    "turnup": {"dealer_takes": "matching", "ends_hand": False, "pope_takes": ["pope"], "pope_per_card": True,
               "pope_ends_hand": False, "pope_limit": 6},
    "play": {**_PLAIN_PLAY, "lead": "any", "change_suit": "no", "no_new_suit": "same-suit", "pairs": "same-player",
             "pair_order": "any", "improper_lead": "refuse", "improper_penalty": 1, "pope_stakes": 1},
    "settle": {"per_card": 1, "pope_exempt": "holder", "losers_pay": "winner", "unplayed_card": "none"},
}
"""Peel's Pope Joan (docs/house-rules.md: Rules from the printed sources, Peel)."""

_PEEL_WORDS = (
    "W. H. Peel's Pope Joan (1891): 8♦ out, ace low, any lead, the turn-up \"forms another stop\"; a turned-up Pope "
    "gives the dealer its pot and \"a stake for every card dealt\", and play goes on; the first out takes Game and "
    "a counter a card, the Pope's holder \"exempt if he has not played that card\". popejoan's choices:\n"
    "- \"the dealer for the time being shall dress the board\" (not the pool \"the dealer giving double\"): Pope 6, "
    "Matrimony and Intrigue 2, the rest 1.\n"
    "- \"passing where they are unable to follow\": the holder of the next card plays it, the same cards.\n"
    "- The spare hand \"which forms part of the game\" is dealt round with the players.\n"
    "- \"limited to either four or six counters\": six, from each player.\n"
    "- \"a stake from every player for each card remaining in hand\": paid as the Pope is played.\n"
    "- Matrimony and Intrigue \"in the same hand\": one player plays both, in either order.\n"
    "- His variations are not laid: Pope Joan Wins (\"by no means a desirable innovation\"), the Pope in lieu of a "
    "stop (\"sometimes allowed\"), Five-pool Pope, Limited stops, looking at the spare hand."
)

_PEEL_POOL_WORDS = (
    "Peel's \"most popular variation\": the first out is \"to only take the stake for Game\", the others pay for "
    "their cards \"to the pool\", \"on whichever chance they prefer, except that all the eight must be covered\": "
    "popejoan puts them on the pots one at a time, in turn. \"The regular dressing of the board ... is omitted, the "
    "dealer alone paying a single stake, which he may also place where he chooses\": on Game, won every deal."
)

_FOSTER_WORDS = (
    "R. F. Foster's rule for a pot's card left in hand: its holder \"must double the amount staked on that card\" "
    "when a player goes out, before the payment for cards left; a card in the stock (the spare hand) costs nothing "
    "(\"the pool simply remains\"), nor does a pair. Only this rule is laid: Foster's own Pope Joan (five layout "
    "cards of suits he does not print, the full pack, a stock of his sizes) cannot be, so the pack, board and play "
    "are the preset's."
)

_PEEL_NEWMARKET: Keys = {
    "deck": {"removed": ["7C", "7D", "7H", "7S"], "ace": "low"},
    "deal": {"spare_hand": False, "spare_position": "last", "turnup": "none", "spare_exchange": "none",
             "exchange_bar": "none"},
    "stakes": {"payer": "each", "dealer_multiplier": 2},
    **_NO_TURNUP,
    **_NOTHING_SHARED,
    "play": {**_PLAIN_PLAY, "lead": "any", "change_suit": "no", "no_new_suit": "same-suit", "pairs": "same-player",
             "pair_order": "any", "improper_lead": "refuse", "improper_penalty": 1},
    "settle": {"per_card": 1, "pope_exempt": "none", "losers_pay": "winner", "unplayed_card": "none"},
}
"""Peel's Newmarket (survey §2b and §5.10): "The seven of each suit is taken out to form stops"."""

_PEEL_NEWMARKET_WORDS = (
    "W. H. Peel's Newmarket (1891): the four sevens out, the cards \"dealt, as nearly equal as possible, as for "
    "Spin\" (no spare hand; Spin needs no turn-up, \"as there are no trumps\"), play as at Pope Joan (any lead, ace "
    "low), a pool won by \"the card immediately preceding\" its own, a stop, and the first out \"receives from each "
    "of the other competitors a stake for every remaining card\"; unwon pools carry. popejoan's choices:\n"
    "- The pools, \"ace, king, queen, and knave, but of different suits\", are A♥ K♣ Q♦ J♠.\n"
    "- \"The several players pay a coin or counter to form the first pool, and may put it on whichever card of the "
    "four turned up they choose, provided that all four are covered. The dealer pays one extra\": popejoan places "
    "no stake by choice, so each player puts 1 on each pool, the dealer 2.\n"
    "- \"the ace is considered both as lowest and highest\": the king wins the ace's pool."
)

_INDOOR: Keys = {
    "deck": {"removed": ["4D", "6D", "8D"], "ace": "high"},
    "deal": {"spare_hand": False, "spare_position": "last", "turnup": "none", "spare_exchange": "none",
             "exchange_bar": "none"},
    "stakes": {"payer": "dealer", "dealer_multiplier": 1},
    **_NO_TURNUP,
    **_NOTHING_SHARED,
    "play": {**_PLAIN_PLAY, "lead": "any", "change_suit": "suit", "no_new_suit": "same-suit",
             "pairs": "same-player", "pair_order": "any", "improper_lead": "pay-each", "improper_penalty": 1},
    "settle": {"per_card": 1, "pope_exempt": "none", "negative": True, "losers_pay": "winner",
               "unplayed_card": "double"},
}
"""*The Book of Indoor and Outdoor Games*, pp. 155-157 (survey tag IO)."""

_INDOOR_WORDS = (
    "The Book of Indoor and Outdoor Games (pp. 155-157): ace high, every card dealt, any lead; the same suit \"may "
    "not be led twice consecutively\": \"a forfeit of one counter must be paid to each player\"; the first out is paid "
    "\"as many counters as they have cards left\"; the holder of a pay card left in hand adds \"a number equal to "
    "those already there\". popejoan's choices:\n"
    "- \"take out the Four, Six, and Eight-spot of Diamonds\" (p. 155; p. 156 names \"the Six and Eight\"): all "
    "three.\n"
    "- The pay cards, \"Ace, King, Queen, and Knave, each of a different suit\", are A♥ K♣ Q♦ J♠.\n"
    "- \"The player at the dealer's left 'dresses' the cards, placing four counters on the Ace, three on the King, "
    "two on the Queen, and one on the Knave\": the dealer does.\n"
    "- A suit led twice is fined when the hand ends; a leader with no other suit leads his own.\n"
    "- The stop-card slapped down \"instantly following his last play, and saying 'Stop!'\" is not a key.\n"
    "- Players who \"may borrow from their neighbours or from a pool\": balances may go below zero."
)

SOURCES: dict[str, Source] = {
    "peel": Source("W. H. Peel, Round Games with Cards (1891), Pope Joan", _PEEL,
                   _pope_joan_board((6, 2, 2, 1, 1, 1, 1, 1)), _PEEL_WORDS),
    "peel-pool": Source("W. H. Peel, Round Games with Cards (1891), Pope Joan: the most popular variation",
                        {"settle": {"losers_pay": "board"}}, _pope_joan_board((0, 0, 0, 0, 0, 0, 0, 1)),
                        _PEEL_POOL_WORDS, after="peel"),
    "foster": Source("R. F. Foster, Foster's Complete Hoyle (1897), Pope Joan: a layout card left in hand",
                     {"settle": {"unplayed_card": "double"}}, description=_FOSTER_WORDS),
    "peel-newmarket": Source("W. H. Peel, Round Games with Cards (1891), Newmarket", _PEEL_NEWMARKET,
                             _four_pools("below", (1, 1, 1, 1)), _PEEL_NEWMARKET_WORDS),
    "indoor": Source("The Book of Indoor and Outdoor Games, card games pp. 155-157", _INDOOR,
                     _four_pools("card", (4, 3, 2, 1)), _INDOOR_WORDS),
}
"""Each source's variant (survey tags PE, FO and IO); the words quote the sources as the survey and
docs/house-rules.md do."""


def below_board(rules: HouseRules) -> list[dict[str, object]]:
    """`rules`' board as `[[pot]]` tables, each fixed-card pot won by the card below its own (Peel's Newmarket:
    docs/house-rules.md, wins = "below") where that card is in the pack; a `trump:` pot, or one whose card below
    is out of the pack (9♦'s 8♦ in most Pope Joan packs), stays as it was. The property tests draw their boards
    from it."""
    pots = [p.to_dict() for p in rules.pots]
    for pot, rule in zip(pots, rules.pots, strict=True):
        own = rule.cards[0].card if rule.wins == "card" else None
        if own is not None and below(own) not in rules.removed:
            pot["wins"] = "below"
    return pots


def laid(names: Sequence[str]) -> list[Source]:
    """The sources `names` lay, in order, each after the one it is laid `after`, none twice."""
    out: list[Source] = []
    for name in names:
        source = SOURCES.get(name)
        if source is None:
            raise UsageError(Said("no printed source called {name!r}", name=name), allowed(sorted(SOURCES), name))
        for each in ([SOURCES[source.after]] if source.after else []) + [source]:
            if each not in out:
                out.append(each)
    return out


def described(sources: Sequence[str]) -> str:
    """The words of the printed sources cited in `sources` (a rule set's `sources`), in order, a blank line between:
    what popejoan chose where each book was silent or ambiguous; "" when none is cited."""
    by_citation = {s.citation: s.description for s in SOURCES.values()}
    words = [by_citation[c] for c in dict.fromkeys(sources) if c in by_citation]
    return "\n\n".join(words)


def with_sources(rules: HouseRules, names: list[str]) -> HouseRules:
    """`rules` with each named source's keys (and board) laid over it, in order, its citation added to `sources`;
    the description is the sources' words. Too many sources' words for one description are refused."""
    sources = laid(names)
    if not sources:
        return rules
    cited = [*rules.sources, *(s.citation for s in sources if s.citation not in rules.sources)]
    words = described(cited)
    if len(words) > MAX_DESCRIPTION:
        raise UsageError(Said("the printed sources {names} say too much for one description ({n} characters of "
                              "the {most} allowed)", names=", ".join(names), n=len(words), most=MAX_DESCRIPTION),
                         Said("lay fewer of them with --from-source"))
    for source in sources:
        doc: dict[str, object] = {section: dict(keys) for section, keys in source.keys.items()}
        if source.board:
            doc["pot"] = [dict(p) for p in source.board]
        made, problems = from_data(doc, base=rules)
        if made is None:  # the table above is checked by the tests: a slip of it, not of the user
            raise ValueError(problems)
        rules = made
    made, problems = from_data({"sources": cited, "description": words}, base=rules)
    if made is None:
        raise ValueError(problems)
    return made
