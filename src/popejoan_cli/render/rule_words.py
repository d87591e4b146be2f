"""House rules in plain words: what each choice of a rule set means, sentence by sentence.

Plain strings only, no rich, so they are easy to test and the `rules new` template can
quote them. Every piece of text that comes from a rules file is shown through
`visible.shown` by the views that print it. Cards always show a suit symbol and letter: `9♦ (9D)`;
at a Russian table `Д♦ (Дб)`. Each sentence is a whole message for translation (`render.i18n`):
the choices are spelled out one sentence each, never glued from translated parts.

About 530 lines: one sentence per choice of every key, the printed sources' keys included
(docs/house-rules.md); each section's sentences sit together so that a key's words are found in one place.

What these sentences do not decide, they read from where it is written once: which keys do nothing in a
combination, and why, from `game.inert` (the table `rules check` warns from), both for each section's line of
keys not used and for the sentences said only where their key counts; and which rules say what may be led
from the lead law (`game.laws`), so that a rule there that these sentences have no words for is still named
by its citation.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from popejoan_cli.base.errors import Said, joined
from popejoan_cli.game.cards import Card, Suit, rank_order
from popejoan_cli.game.inert import idle, unused_keys
from popejoan_cli.game.laws import ChangeSuit, LeadRule, LowestInSuit, law_of
from popejoan_cli.game.rulekeys import KEY_BY_PATH, below
from popejoan_cli.game.rules import CardSpec, HouseRules, PotRule
from popejoan_cli.render.i18n import cards as count_cards
from popejoan_cli.render.i18n import counters, face, marked, pot_label, spoken_said, suit_named, t, tn, tp
from popejoan_cli.render.typeset import suits_as_letters

SECTION_TITLES: tuple[tuple[str, str], ...] = (
    ("players", marked("Players", "rules section")),
    ("deck", marked("Deck", "rules section")),
    ("deal", marked("Deal", "rules section")),
    ("board", marked("Board", "rules section")),
    ("turnup", marked("Turn-up", "rules section")),
    ("play", marked("Play", "rules section")),
    ("settle", marked("Settlement", "rules section")),
    ("final", marked("Final deal", "rules section")),
)


def section_title(title: str) -> str:
    """A section's title in the current language (spelled out so the catalogue test sees each)."""
    return {"Players": tp("rules section", "Players"), "Deck": tp("rules section", "Deck"),
            "Deal": tp("rules section", "Deal"), "Board": tp("rules section", "Board"),
            "Turn-up": tp("rules section", "Turn-up"), "Play": tp("rules section", "Play"),
            "Settlement": tp("rules section", "Settlement"),
            "Final deal": tp("rules section", "Final deal")}.get(title, title)


# ---- cards and pots in words -------------------------------------------------------------


def _letter(name: str) -> str:
    return {"C": tp("suit letter", "C"), "D": tp("suit letter", "D"), "H": tp("suit letter", "H"),
            "S": tp("suit letter", "S")}[name]


def card_words(card: Card) -> str:
    """`9♦ (9D)`: the symbol for the eye and the letter for anyone who cannot tell colours; where the suit is
    written as its letter already (`POPEJOAN_SUITS=letters`: `9б`), the card once, never `9б (9б)`."""
    shown = face(card)
    if suits_as_letters():
        return shown
    return f"{shown} ({shown[:-1]}{_letter(str(card)[-1])})"


def suit_words(suit: Suit) -> str:
    """`diamonds ♦`; `бубны ♦`: the suit once, by its name and then its symbol (`suit_named`: a letter after
    the symbol would say it twice where the symbol is written as its letter, `бубны б (б)`)."""
    return suit_named(suit)


def _trump_words(rank: int) -> str:
    """`trump ace` (nominative, for a table cell or a pair)."""
    return {1: t("trump ace"), 11: t("trump jack"), 12: t("trump queen"), 13: t("trump king")}[rank]


def spec_words(spec: CardSpec) -> str:
    """A pot's card: `9♦ (9D)` or `trump ace`."""
    return card_words(spec.card) if spec.card is not None else _trump_words(spec.trump_rank)


def cards_words(cards: Sequence[Card]) -> str:
    return ", ".join(card_words(c) for c in sorted(cards))


def _spec_order(spec: CardSpec, ace_high: bool) -> int:
    index = spec.card if spec.card is not None else spec.trump_rank - 1
    return rank_order(index, ace_high)


def _card_won_by(spec: CardSpec) -> str:
    if spec.card is not None:
        return t("whoever plays {card}", card=card_words(spec.card))
    # Russian declines "the trump ace" after "plays": each is its own sentence.
    return {1: t("whoever plays the trump ace"), 11: t("whoever plays the trump jack"),
            12: t("whoever plays the trump queen"), 13: t("whoever plays the trump king")}[spec.trump_rank]


def won_by(pot: PotRule, rules: HouseRules) -> str:
    """What wins a pot, e.g. "trump queen then trump king, played by one player"."""
    if pot.wins == "card":
        return _card_won_by(pot.cards[0])
    own = pot.cards[0].card if pot.wins == "below" else None
    if own is not None:  # Peel's Newmarket (docs/house-rules.md: wins = "below"): always a fixed card
        return t("whoever plays {card}, the card below {own}: a stop, after which that player leads again",
                 card=card_words(below(own)), own=card_words(own))
    if pot.wins == "pair":
        first, second = pot.cards
        ascending = rules.play.pair_order == "ascending"
        if ascending and _spec_order(second, rules.ace_high) < _spec_order(first, rules.ace_high):
            first, second = second, first
        a, b = spec_words(first), spec_words(second)
        if rules.play.pairs == "split":
            if ascending:
                return t("{first} then {second}, played by one player, or shared by the two who play them",
                         first=a, second=b)
            return t("{first} and {second}, played by one player, or shared by the two who play them",
                     first=a, second=b)
        if ascending:
            return t("{first} then {second}, played by one player", first=a, second=b)
        return t("{first} and {second}, played by one player", first=a, second=b)
    return t("the first player out")


def stake_words(pot: PotRule, rules: HouseRules) -> str:
    """Who dresses a pot and with how much: "dealer pays 6", "each player 1, dealer ×2"."""
    if rules.stakes.payer == "dealer":
        return t("dealer pays {stake}", stake=pot.stake)
    mult = rules.stakes.dealer_multiplier
    if mult != 1:
        return t("each player {stake}, dealer ×{mult}", stake=pot.stake, mult=mult)
    return t("each player {stake}", stake=pot.stake)


def _labels(pots: Sequence[PotRule]) -> str:
    """`the Pope pot`, `the Pope and Game pots`."""
    # A name inside a sentence: English writes it bare, Russian in quotes («Гейм»).
    names = [tp("pot in a sentence", "{pot}", pot=pot_label(p.label) if p.label else p.name) for p in pots]
    if len(names) <= 1:
        return t("the {pot} pot", pot="".join(names))
    return t("the {pots} and {last} pots", pots=", ".join(names[:-1]), last=names[-1])


# ---- each key in words: what a refusal cites ----------------------------------------------


def key_words(path: str, cited: str = "") -> str:
    """The house-rule key `path` in words, with `cited` after it in brackets (the key itself, or the key and its
    value as a refusal cites it, `deal.turnup = "out-of-play"`), as a `Said` that says itself in the table's
    language: "cards taken out of the pack (deck.removed)", «карты, убранные из колоды (deck.removed)». Every key
    of `game.rulekeys.KEYS` has its words here (tests/render/test_rule_key_words.py); a path that is none is
    given back as it is."""
    key = cited or path
    # One whole phrase for each key, the citation inside it: Russian may put it where its sentence needs it.
    words = {
        "name": Said("the rule set's name ({key})", key=key),
        "title": Said("the rule set's title ({key})", key=key),
        "description": Said("the rule set's description ({key})", key=key),
        "sources": Said("where the rules come from ({key})", key=key),
        "players.min": Said("the fewest players ({key})", key=key),
        "players.max": Said("the most players ({key})", key=key),
        "deck.removed": Said("cards taken out of the pack ({key})", key=key),
        "deck.ace": Said("whether the ace is low or high ({key})", key=key),
        "deal.spare_hand": Said("whether a spare hand is dealt ({key})", key=key),
        "deal.spare_position": Said("when the spare hand takes its card in each round ({key})", key=key),
        "deal.turnup": Said("what becomes of the turn-up ({key})", key=key),
        "deal.spare_exchange": Said("who may take the spare hand ({key})", key=key),
        "deal.exchange_bar": Said("who may not take the spare hand ({key})", key=key),
        "stakes.payer": Said("who dresses the board ({key})", key=key),
        "stakes.dealer_multiplier": Said("how many times each stake the dealer pays ({key})", key=key),
        "turnup.dealer_takes": Said("whether the dealer takes a pot for the turn-up ({key})", key=key),
        "turnup.ends_hand": Said("whether a pot taken for the turn-up ends the hand ({key})", key=key),
        "turnup.pope_takes": Said("the pots the dealer takes for a turned-up Pope ({key})", key=key),
        "turnup.pope_per_card": Said("a counter for each card dealt, paid to the dealer for a turned-up Pope ({key})",
                                     key=key),
        "turnup.pope_ends_hand": Said("whether a turned-up Pope ends the hand ({key})", key=key),
        "turnup.pope_limit": Said("the most a player pays the dealer for a turned-up Pope ({key})", key=key),
        "play.lead": Said("what a lead may be ({key})", key=key),
        "play.follow": Said("who plays the next card of a run ({key})", key=key),
        "play.change_suit": Said("whether the lead after a stop changes suit or colour ({key})", key=key),
        "play.no_new_suit": Said("what a leader does who cannot change suit ({key})", key=key),
        "play.pairs": Said("who wins a pair pot ({key})", key=key),
        "play.pair_order": Said("in which order a pair's cards are played ({key})", key=key),
        "play.first_lead": Said("who leads first ({key})", key=key),
        "play.improper_lead": Said("what becomes of a lead that breaks the rules ({key})", key=key),
        "play.improper_penalty": Said("what an improper lead costs ({key})", key=key),
        "play.pass_pays": Said("what a player the lead passes over pays ({key})", key=key),
        "play.pass_pot": Said("the pot that passes and fines are paid into ({key})", key=key),
        "play.pope_stakes": Said("what the player of the Pope is paid for each card the others hold ({key})", key=key),
        "play.pope_in_lieu": Said("the Pope played in place of a missing card ({key})", key=key),
        "board.odd_counter": Said("where the odd counters of a shared pot go ({key})", key=key),
        "settle.per_card": Said("what is paid for each card left in hand ({key})", key=key),
        "settle.pope_exempt": Said("what holding the Pope spares a player at the settlement ({key})", key=key),
        "settle.negative": Said("whether balances may go below zero ({key})", key=key),
        "settle.losers_pay": Said("where the payment for cards left in hand goes ({key})", key=key),
        "settle.unplayed_card": Said("what the holder of an unplayed card pot's card adds to it ({key})", key=key),
        "final.deal": Said("whether a final deal clears the board ({key})", key=key),
        "final.suit": Said("the suit read as trump in the final deal ({key})", key=key),
    }
    return words.get(path, key)


_CITED = re.compile(r"(?P<path>[a-z_]+(?:\.[a-z_]+)?)(?: = .+)?", re.DOTALL)
"""A rule as a refusal cites a key: the key alone (`deck.removed`) or with its value (`play.follow = "holder"`)."""
_JOIN = "{first}; {rest}"
"""The msgid of the rule lines `base.errors.joined` makes (`game.ruling.lead_rules`), whose parts are cited one by
one."""


def _parts(rule: str) -> list[str]:
    """The parts a `joined` rule line was made of, in order (one part: the rule itself)."""
    if isinstance(rule, Said) and rule.msgid == _JOIN:
        first, rest = rule.params["first"], rule.params["rest"]
        return [*_parts(first if isinstance(first, str) else str(first)),
                *_parts(rest if isinstance(rest, str) else str(rest))]
    return [rule]


def cited(rule: str) -> str:
    """A refusal's rule line with every key it cites in words (`key_words`): `deck.removed` becomes "cards taken
    out of the pack (deck.removed)", and `a player leads a card they hold; play.lead = "lowest-in-suit"` keeps its
    first part and puts words before the second. Words already (a `Said` of its own), a pot's rule, anything that
    is no key, are as they were. The result is a `Said` wherever the rule had one, so the CLI says it in the table's
    language as it says any rule (`cli.exits.spoken`), and in English as the English words.

    >>> print(cited("deck.removed"))
    cards taken out of the pack (deck.removed)
    >>> print(cited('deal.turnup = "out-of-play"'))
    what becomes of the turn-up (deal.turnup = "out-of-play")
    >>> print(cited("a stop ends a run"))
    a stop ends a run
    """
    parts = _parts(rule)
    if len(parts) > 1:
        return joined([cited(part) for part in parts])
    if isinstance(rule, Said) or (found := _CITED.fullmatch(rule)) is None or found["path"] not in KEY_BY_PATH:
        return rule
    return key_words(found["path"], rule)


def rule_cited(said: str) -> str:
    """A `Said` whose `{rule}` is a key's line («rule: deck.removed») with that rule in words, as `cited` says it;
    anything else as it is. Where a refusal is said in another language (`cli.exits.spoken`), the hint under it
    names the key by its words: «Правило: карты, убранные из колоды (deck.removed)».

    >>> rule_cited(Said("rule: {rule}", rule="deck.removed")).params
    {'rule': 'cards taken out of the pack (deck.removed)'}
    """
    rule = getattr(said, "params", {}).get("rule")
    if not isinstance(said, Said) or not isinstance(rule, str) or isinstance(rule, Said):
        return said
    # The same words (its msgid, its plural) with the rule in words; its English text is left as it was, since
    # only another language reads the values again.
    told = str.__new__(type(said), said)
    told.__dict__.update(said.__dict__, params={**said.params, "rule": cited(rule)})
    return told


# ---- every choice in plain words --------------------------------------------------------


def unused_words(notes: list[str]) -> str:
    """The sentence naming the keys these rules do not use (the view shows it dimmed)."""
    return t("Not used with these rules: {keys}.", keys="; ".join(notes))


_SHOWN_IN = {"stakes": "board"}
"""The sections of keys that `rules show` says under another's title: the stakes with the board."""


def unused_notes(rules: HouseRules) -> dict[str, list[str]]:
    """By section, the notes of keys a rule file writes that do nothing under `rules` (`game.inert.unused_keys`):
    the keys of one cause together, then the cause in the table's words, `play.pairs (no pair pots)`."""
    causes: dict[str, dict[Said, list[str]]] = {}
    for entry in unused_keys(rules):
        section = entry.key.split(".")[0]
        causes.setdefault(_SHOWN_IN.get(section, section), {}).setdefault(entry.because, []).append(entry.key)
    # A key's name is the file's, in any language; the cause is one whole message (no words glued around it).
    return {section: [f"{', '.join(keys)} ({spoken_said(because)})" for because, keys in by_cause.items()]
            for section, by_cause in causes.items()}


def _players(r: HouseRules) -> list[str]:
    lo, hi = r.players.min, r.players.max
    if lo == hi:
        return [tn("Exactly {n} player.", "Exactly {n} players.", lo)]
    return [tn("{lo}–{n} player.", "{lo}–{n} players.", hi, lo=lo)]


def removed_cards(rules: HouseRules) -> list[Card]:
    """`deck.removed` as cards. (The key may hold `Card`s or their file forms, `"8D"`.)"""
    return sorted(Card.parse(c) for c in rules.deck.removed)


def _deck(r: HouseRules) -> list[str]:
    out = []
    removed = removed_cards(r)
    if removed:
        out.append(tn("{deck}: {cards} is taken out of the pack.", "{deck}: {cards} are taken out of the pack.",
                      len(removed), deck=count_cards(52 - len(removed)), cards=cards_words(removed)))
    else:
        out.append(t("The full pack of 52 cards."))
    if r.ace_high:
        out.append(t("Ace is high: runs go 2→A and the ace is the top card."))
    else:
        out.append(t("Ace is low: runs go A→K and the king is the top card."))
    return out


def _exchange(r: HouseRules) -> str:
    exchange, plain = r.deal.spare_exchange, r.deal.turnup == "none"
    if exchange == "none":
        return t("Nobody may exchange a hand for the spare hand.")
    if exchange == "dealer":
        if plain:
            return t("After the deal, the dealer may swap their hand for the spare hand, unseen.")
        return t("After the deal and the turn-up, the dealer may swap their hand for the spare hand, unseen.")
    if plain:
        return t("After the deal, the dealer may swap their hand for the spare hand, unseen, or sell that right "
                 "to another player for counters paid to the dealer.")
    return t("After the deal and the turn-up, the dealer may swap their hand for the spare hand, unseen, or sell "
             "that right to another player for counters paid to the dealer.")


def _deal(r: HouseRules) -> list[str]:
    out = [t("Cards are dealt one at a time, clockwise, from eldest (the dealer's left) to the dealer, "
             "until they run out; hands may differ by one card.")]
    if r.deal.spare_hand:
        if r.deal.spare_position == "last":
            out.append(t("A spare hand is dealt that nobody plays; it takes its card in each round after the dealer."))
        else:
            out.append(t("A spare hand is dealt that nobody plays; it takes its card in each round before eldest."))
    else:
        out.append(t("No spare hand: every card goes to the players."))
    turnup = r.deal.turnup
    if turnup == "in-hand":
        out.append(t("The last card is turned up and stays in the hand it was dealt to; its suit is trump."))
    elif turnup == "out-of-play":
        out.append(t("The last card is turned up and belongs to no hand (it is out of play); its suit is trump."))
    else:
        out.append(t("No card is turned up, so there is no trump."))
    if r.deal.spare_hand:
        out.append(_exchange(r))
    if r.deal.exchange_bar == "pot-card" and idle(r, "deal.exchange_bar") is None:
        out.append(t("A player holding a card that wins a pot may not take the spare hand."))
    return out


def _board(r: HouseRules) -> list[str]:
    out = []
    total = sum(p.stake for p in r.pots)
    mult = r.stakes.dealer_multiplier
    if r.stakes.payer == "dealer":
        out.append(t("Before each deal the dealer alone dresses the board: {counters}.", counters=counters(total)))
    elif mult == 1:
        out.append(tn("Before each deal every player, the dealer too, puts each pot's stake on it: {n} counter each.",
                      "Before each deal every player, the dealer too, puts each pot's stake on it: "
                      "{n} counters each.", total))
    else:
        out.append(tn("Before each deal every player puts each pot's stake on it ({counters}), and the dealer pays "
                      "{n} time as much ({dealer}).",
                      "Before each deal every player puts each pot's stake on it ({counters}), and the dealer pays "
                      "{n} times as much ({dealer}).", mult, counters=counters(total), dealer=counters(total * mult)))
    out.append(t("Counters nobody wins stay on their pot for the next hand."))
    if idle(r, "board.odd_counter") is None:
        if r.board.odd_counter == "stay":
            out.append(t("When a shared pot does not divide evenly, the odd counters stay on the pot."))
        else:
            out.append(t("When a shared pot does not divide evenly, the odd counters go to the sharer nearest "
                         "the dealer's left (counting from eldest, the dealer last)."))
    return out


def _pope_takes(r: HouseRules) -> str:
    taken = list(r.turnup.pope_takes)
    if "*" in taken:
        return t("the whole board")
    if not taken:
        return t("nothing")
    return _labels([p for name in taken if (p := r.pot(name)) is not None])


def _pope_turned(r: HouseRules, pope: PotRule) -> str:
    named = {"card": spec_words(pope.cards[0]), "takes": _pope_takes(r)}
    if r.turnup.pope_per_card:
        if r.turnup.pope_ends_hand:
            return t("A turned-up Pope {card}: the dealer takes {takes}, and every other player pays the dealer "
                     "1 counter for each card dealt to them; the hand ends there.", **named)
        return t("A turned-up Pope {card}: the dealer takes {takes}, and every other player pays the dealer "
                 "1 counter for each card dealt to them; play goes on.", **named)
    if r.turnup.pope_ends_hand:
        return t("A turned-up Pope {card}: the dealer takes {takes}; the hand ends there.", **named)
    return t("A turned-up Pope {card}: the dealer takes {takes}; play goes on.", **named)


def _turnup(r: HouseRules) -> list[str]:
    if r.deal.turnup == "none":
        return [t("No card is turned up, so the dealer never takes a pot for a turn-up.")]
    out = []
    pope = r.pope
    if r.turnup.dealer_takes == "matching":
        if pope is not None:
            out.append(t("If the turn-up, other than the Pope, is a card that wins a card pot (such as the trump "
                         "ace), the dealer takes that pot at once."))
        else:
            out.append(t("If the turn-up is a card that wins a card pot (such as the trump ace), the dealer takes "
                         "that pot at once."))
        if r.turnup.ends_hand:
            out.append(t("When the dealer does, the hand ends there: no play, no settlement, and the board "
                         "carries over."))
        else:
            out.append(t("Play goes on after the dealer does."))
    else:
        out.append(t("The dealer takes no pot for the turn-up (other than the Pope).") if pope
                   else t("The dealer takes no pot for the turn-up."))
    if pope is not None:
        out.append(_pope_turned(r, pope))
        out += _pope_limit(r)
    return out


def _pope_limit(r: HouseRules) -> list[str]:
    """Peel's limit on the turned-up Pope's payment (docs/house-rules.md: turnup.pope_limit), said
    only when it is set and counts."""
    limit = r.turnup.pope_limit
    if not limit or idle(r, "turnup.pope_limit") is not None:
        return []
    return [tn("No player pays the dealer more than {n} counter for a turned-up Pope.",
               "No player pays the dealer more than {n} counters for a turned-up Pope.", limit)]


def _new_suit(r: HouseRules) -> list[str]:
    change = r.play.change_suit
    if change == "no":
        return [t("After a stop, the next lead may be in any suit.")]
    if change == "suit":
        out = [t("After a stop, the next lead must be in a different suit from the run that stopped.")]
    else:
        out = [t("After a stop, the next lead must be of the other colour: red is {diamonds} and {hearts}, "
                 "black is {clubs} and {spades}.", **{s.title: suit_words(s) for s in Suit})]
    if r.play.no_new_suit == "pass":
        out.append(t("If the leader has no such card, the lead passes clockwise to the first player who has "
                     "one; if nobody has, the hand ends void and the board carries over."))
    else:
        out.append(t("A leader with no such card leads as if there were no such rule."))
    return out


def _pairs(r: HouseRules) -> str:
    ascending = r.play.pair_order == "ascending"
    if r.play.pairs == "split":
        if ascending:
            return t("A pair pot goes to one player who plays both its cards (the lower card first), or is shared "
                     "between two players who play one each.")
        return t("A pair pot goes to one player who plays both its cards (in either order), or is shared "
                 "between two players who play one each.")
    if ascending:
        return t("A pair pot goes to one player who plays both its cards, the lower card first.")
    return t("A pair pot goes to one player who plays both its cards, in either order.")


def _play(r: HouseRules) -> list[str]:
    out = [_first(r)]
    if r.play.follow == "holder":
        out.append(t("A run goes on with the next card of the same suit, one rank higher, played by whoever "
                     "holds it; when it stops, the player of the last card leads next."))
    else:
        out.append(t("A run goes on with the next card of the same suit, one rank higher, and it must come "
                     "from the next player in turn; if they do not hold it, the run stops and they lead next."))
    out += _new_suit(r)
    out += _other_lead_rules(r)
    out += _improper(r)
    out += _pass_pays(r)
    if idle(r, "play.pairs") is None:
        out.append(_pairs(r))
    out += _pope_stakes(r)
    out += _pope_in_lieu(r)
    out.append(t("The first player to play their last card ends the hand at once; a pot is won only by cards "
                 "actually played."))
    return out


def _first(r: HouseRules) -> str:
    """Who leads first (`play.first_lead`; docs/house-rules.md) and what a lead may be."""
    if r.play.first_lead != "eldest":
        card = card_words(Card.parse(r.play.first_lead))
        if r.play.lead == "any":
            return t("Whoever holds {card} leads it first, at the deal; if it lies in no hand, the next card up is "
                     "called. A lead may be any card.", card=card)
        return t("Whoever holds {card} leads it first, at the deal; if it lies in no hand, the next card up is "
                 "called. A lead is the lowest card the leader holds in the suit of their choice.", card=card)
    if r.play.lead == "any":
        return t("Eldest leads first. A lead may be any card.")
    return t("Eldest leads first. A lead is the lowest card the leader holds in the suit of their choice.")


_DESCRIBED: tuple[type[LeadRule], ...] = (LowestInSuit, ChangeSuit)
"""The rules of the lead law whose every setting `_first` and `_new_suit` say in sentences of their own."""


def _other_lead_rules(r: HouseRules) -> list[str]:
    """Every rule of the lead law (`game.laws.law_of`) these rules set that no sentence here describes, by the
    citation its refusals give (`LeadRule.cited`): a rule added to the law is named, never left unsaid."""
    others = [spoken_said(rule.cited(r)) for rule in law_of(r) if type(rule) not in _DESCRIBED]
    if not others:
        return []
    return [t("Other rules on what may be led: {rules}.", rules="; ".join(others))]


def _improper(r: HouseRules) -> list[str]:
    """The penalty for an improper lead (docs/house-rules.md: play.improper_lead), said only when it is set and
    some lead can be improper."""
    mode, fine = r.play.improper_lead, r.play.improper_penalty
    if mode == "refuse" or idle(r, "play.improper_lead") is not None:
        return []
    if mode == "pay-each":
        return [tn("A lead that breaks these rules is allowed, but when the hand ends its leader pays {n} counter "
                   "to each other player.",
                   "A lead that breaks these rules is allowed, but when the hand ends its leader pays {n} counters "
                   "to each other player.", fine)]
    pot = r.pot(r.pass_pot)
    assert pot is not None  # `rules check` refuses a pass_pot that names no pot
    return [tn("A lead that breaks these rules is allowed, but when the hand ends its leader puts {n} counter "
               "on {pot}.",
               "A lead that breaks these rules is allowed, but when the hand ends its leader puts {n} counters "
               "on {pot}.", fine, pot=pot_label(pot.label))]


def _pass_pays(r: HouseRules) -> list[str]:
    """Tripoley's kitty (docs/house-rules.md: play.pass_pays), said only when it is set and the lead can pass."""
    per = r.play.pass_pays
    if not per or idle(r, "play.pass_pays") is not None:
        return []
    pot = r.pot(r.pass_pot)
    assert pot is not None  # `rules check` refuses a pass_pot that names no pot
    return [tn("A player the lead passes over puts {n} counter on {pot}.",
               "A player the lead passes over puts {n} counters on {pot}.", per, pot=pot_label(pot.label))]


def _pope_stakes(r: HouseRules) -> list[str]:
    """Peel's stake per card to the Pope's player (docs/house-rules.md: play.pope_stakes), said only when set on
    a board with a Pope."""
    stakes, pope = r.play.pope_stakes, r.pope
    if not stakes or pope is None:
        return []
    return [tn("Whoever plays the Pope {card} is paid {n} counter by every other player for each card that "
               "player holds at that moment.",
               "Whoever plays the Pope {card} is paid {n} counters by every other player for each card that "
               "player holds at that moment.", stakes, card=spec_words(pope.cards[0]))]


def _pope_in_lieu(r: HouseRules) -> list[str]:
    """Peel's Pope in lieu of a stop (docs/house-rules.md: play.pope_in_lieu), said only when set on a board with
    a Pope."""
    pope = r.pope
    if not r.play.pope_in_lieu or pope is None:
        return []
    return [t("After a stop that is not at the top card, and before the next lead, whoever holds the Pope {card} "
              "may play it in place of the missing card: he wins the Pope's pot, and the run goes on from the card "
              "after the missing one.", card=spec_words(pope.cards[0]))]


def _pope_exempt(r: HouseRules, pope: PotRule) -> str:
    card = spec_words(pope.cards[0])
    exempt = r.settle.pope_exempt
    if exempt == "holder":
        return t("A player still holding the Pope {card} pays nothing; one who has played it pays like the rest.",
                 card=card)
    if exempt == "card":
        return t("The Pope {card} is not counted among a player's cards.", card=card)
    return t("Holding the Pope {card} gives no exemption.", card=card)


def _unplayed(r: HouseRules) -> list[str]:
    """Foster's doubling of a pot whose card was not played (docs/house-rules.md: settle.unplayed_card)."""
    if r.settle.unplayed_card == "stake":
        return [t("When a player goes out, whoever still holds the card of a card pot adds that pot's stake to "
                  "it; a card in the spare hand costs nobody anything.")]
    if r.settle.unplayed_card == "double":
        return [t("When a player goes out, whoever still holds the card of a card pot doubles that pot, adding "
                  "as many counters as it holds; a card in the spare hand costs nobody anything.")]
    return []


def _settle(r: HouseRules) -> list[str]:
    out = []
    first_out = [p for p in r.pots if p.wins == "first-out"]
    if first_out:
        out.append(t("The first player out takes {pots}.", pots=_labels(first_out)))
    else:
        out.append(t("No pot is won by going out first."))
    per_card = r.settle.per_card
    if per_card and r.settle.losers_pay == "board":
        out.append(tn("Every other player puts {n} counter on the board for each card left in their hand, one "
                      "counter on each pot in turn, in the board's order, so that every pot is covered.",
                      "Every other player puts {n} counters on the board for each card left in their hand, one "
                      "counter on each pot in turn, in the board's order, so that every pot is covered.", per_card))
    elif per_card:
        out.append(tn("Every other player pays the first player out {n} counter for each card left in their hand.",
                      "Every other player pays the first player out {n} counters for each card left in their hand.",
                      per_card))
    else:
        out.append(t("Nobody pays for cards left in hand."))
    pope = r.pope
    if pope is not None and per_card:
        out.append(_pope_exempt(r, pope))
    out += _unplayed(r)
    if r.settle.negative:
        out.append(t("Balances may go below zero."))
    else:
        out.append(t("Nobody goes below zero: a player who cannot pay pays what they have, and the shortfall "
                     "is recorded."))
    return out


def _final(r: HouseRules) -> list[str]:
    if r.final.deal == "none":
        return [t("No final deal: at the end of a session the board carries over to the next.")]
    return [
        t("The last deal of a session clears the board: every card is dealt round to the players from "
          "eldest (no dressing, no spare hand, no turn-up, no play)."),
        t("Each card pot goes to the holder of its card, with trump read as {suit}; each pair pot is shared "
          "between the holders of its two cards; first-out pots stay on the board.",
          suit=suit_words(Suit[r.final.suit])),
    ]


_SECTION_WORDS = {
    "players": _players, "deck": _deck, "deal": _deal, "board": _board, "turnup": _turnup,
    "play": _play, "settle": _settle, "final": _final,
}


def choices_in_words(rules: HouseRules) -> list[tuple[str, list[str]]]:
    """Every choice of a rule set as sentences, grouped by section (section title, sentences), each section's
    keys not used last (`unused_words`)."""
    notes = unused_notes(rules)
    return [(section_title(title), _SECTION_WORDS[section](rules) + ([unused_words(notes[section])]
                                                                     if section in notes else []))
            for section, title in SECTION_TITLES]

