"""House rules in plain words: what each choice of a rule set means, sentence by sentence.

Plain strings only, no rich, so they are easy to test and the `rules new` template can
quote them. Every piece of text that comes from a rules file is shown through
`visible.shown` by the views that print it. Cards always show a suit symbol and letter: `9♦ (9D)`.
"""

from __future__ import annotations

from collections.abc import Sequence

from popejoan_cli.game.cards import Card, Suit, rank_order
from popejoan_cli.game.rules import CardSpec, HouseRules, PotRule

SECTION_TITLES: tuple[tuple[str, str], ...] = (
    ("players", "Players"),
    ("deck", "Deck"),
    ("deal", "Deal"),
    ("board", "Board"),
    ("turnup", "Turn-up"),
    ("play", "Play"),
    ("settle", "Settlement"),
    ("final", "Final deal"),
)


# ---- cards and pots in words -------------------------------------------------------------


def card_words(card: Card) -> str:
    """`9♦ (9D)`: the symbol for the eye and the letter for anyone who cannot tell colours."""
    return f"{card.face} ({card})"


def suit_words(suit: Suit) -> str:
    """`diamonds ♦ (D)`."""
    return f"{suit.title} {suit.symbol} ({suit.name})"


def spec_words(spec: CardSpec) -> str:
    """A pot's card: `9♦ (9D)` or `trump ace`."""
    return card_words(spec.card) if spec.card is not None else spec.words()


def cards_words(cards: Sequence[Card]) -> str:
    return ", ".join(card_words(c) for c in sorted(cards))


def _spec_order(spec: CardSpec, ace_high: bool) -> int:
    index = spec.card if spec.card is not None else spec.trump_rank - 1
    return rank_order(index, ace_high)


def won_by(pot: PotRule, rules: HouseRules) -> str:
    """What wins a pot, e.g. "trump queen then trump king, played by one player"."""
    if pot.wins == "card":
        spec = pot.cards[0]
        return f"whoever plays {'the ' if spec.card is None else ''}{spec_words(spec)}"
    if pot.wins == "pair":
        first, second = pot.cards
        ascending = rules.play.pair_order == "ascending"
        if ascending and _spec_order(second, rules.ace_high) < _spec_order(first, rules.ace_high):
            first, second = second, first
        joined = f"{spec_words(first)} {'then' if ascending else 'and'} {spec_words(second)}"
        if rules.play.pairs == "split":
            return f"{joined}, played by one player, or shared by the two who play them"
        return f"{joined}, played by one player"
    return "the first player out"


def stake_words(pot: PotRule, rules: HouseRules) -> str:
    """Who dresses a pot and with how much: "dealer pays 6", "each player 1, dealer ×2"."""
    if rules.stakes.payer == "dealer":
        return f"dealer pays {pot.stake}"
    mult = rules.stakes.dealer_multiplier
    return f"each player {pot.stake}" + (f", dealer ×{mult}" if mult != 1 else "")


def _labels(pots: Sequence[PotRule]) -> str:
    """`the Pope pot`, `the Pope and Game pots`."""
    names = [p.label or p.name for p in pots]
    if len(names) <= 1:
        return f"the {''.join(names)} pot"
    return "the " + ", ".join(names[:-1]) + " and " + names[-1] + " pots"


def _counters(n: int) -> str:
    return f"{n} counter{'s' if n != 1 else ''}"


# ---- every choice in plain words --------------------------------------------------------


def _unused(notes: list[str]) -> list[str]:
    return [f"Not used with these rules: {'; '.join(notes)}."] if notes else []


def _players(r: HouseRules) -> list[str]:
    lo, hi = r.players.min, r.players.max
    return [f"Exactly {lo} players." if lo == hi else f"{lo}–{hi} players."]


def removed_cards(rules: HouseRules) -> list[Card]:
    """`deck.removed` as cards. (The key may hold `Card`s or their file forms, `"8D"`.)"""
    return sorted(Card.parse(c) for c in rules.deck.removed)


def _deck(r: HouseRules) -> list[str]:
    out = []
    removed = removed_cards(r)
    if removed:
        verb = "is" if len(removed) == 1 else "are"
        out.append(f"{52 - len(removed)} cards: {cards_words(removed)} {verb} taken out of the pack.")
    else:
        out.append("The full pack of 52 cards.")
    if r.ace_high:
        out.append("Ace is high: runs go 2→A and the ace is the top card.")
    else:
        out.append("Ace is low: runs go A→K and the king is the top card.")
    return out


def _deal(r: HouseRules) -> list[str]:
    out = ["Cards are dealt one at a time, clockwise, from eldest (the dealer's left) to the dealer, "
           "until they run out; hands may differ by one card."]
    notes = []
    if r.deal.spare_hand:
        where = "after the dealer" if r.deal.spare_position == "last" else "before eldest"
        out.append(f"A spare hand is dealt that nobody plays; it takes its card in each round {where}.")
    else:
        out.append("No spare hand: every card goes to the players.")
        notes.append("deal.spare_position and deal.spare_exchange (no spare hand)")
    turnup = r.deal.turnup
    if turnup == "in-hand":
        out.append("The last card is turned up and stays in the hand it was dealt to; its suit is trump.")
    elif turnup == "out-of-play":
        out.append("The last card is turned up and belongs to no hand (it is out of play); its suit is trump.")
    else:
        out.append("No card is turned up, so there is no trump.")
    if r.deal.spare_hand:
        exchange = r.deal.spare_exchange
        after = "After the deal" if turnup == "none" else "After the deal and the turn-up"
        if exchange == "none":
            out.append("Nobody may exchange a hand for the spare hand.")
        elif exchange == "dealer":
            out.append(f"{after}, the dealer may swap their hand for the spare hand, unseen.")
        else:
            out.append(f"{after}, the dealer may swap their hand for the spare hand, unseen, or sell "
                       "that right to another player for counters paid to the dealer.")
    return out + _unused(notes)


def _can_share(r: HouseRules) -> bool:
    pairs = any(p.wins == "pair" for p in r.pots)
    return pairs and (r.play.pairs == "split" or r.final.deal == "holders")


def _board(r: HouseRules) -> list[str]:
    out = []
    notes = []
    total = sum(p.stake for p in r.pots)
    mult = r.stakes.dealer_multiplier
    if r.stakes.payer == "dealer":
        out.append(f"Before each deal the dealer alone dresses the board: {_counters(total)}.")
        if mult != 1:
            notes.append("stakes.dealer_multiplier (it applies only when each player stakes)")
    elif mult == 1:
        out.append(f"Before each deal every player, the dealer too, puts each pot's stake on it: "
                   f"{_counters(total)} each.")
    else:
        out.append(f"Before each deal every player puts each pot's stake on it ({_counters(total)}), "
                   f"and the dealer pays {mult} times as much ({_counters(total * mult)}).")
    out.append("Counters nobody wins stay on their pot for the next hand.")
    if _can_share(r):
        if r.board.odd_counter == "stay":
            out.append("When a shared pot does not divide evenly, the odd counters stay on the pot.")
        else:
            out.append("When a shared pot does not divide evenly, the odd counters go to the sharer nearest "
                       "the dealer's left (counting from eldest, the dealer last).")
    else:
        notes.append("board.odd_counter (no pot is ever shared)")
    return out + _unused(notes)


def _pope_takes(r: HouseRules) -> str:
    taken = list(r.turnup.pope_takes)
    if "*" in taken:
        return "the whole board"
    if not taken:
        return "nothing"
    return _labels([p for name in taken if (p := r.pot(name)) is not None])


def _turnup(r: HouseRules) -> list[str]:
    if r.deal.turnup == "none":
        return ["No card is turned up, so the dealer never takes a pot for a turn-up.",
                *_unused(["the [turnup] keys (no turn-up)"])]
    out = []
    notes = []
    pope = r.pope
    if r.turnup.dealer_takes == "matching":
        other = ", other than the Pope," if pope is not None else ""
        out.append(f"If the turn-up{other} is a card that wins a card pot (such as the trump ace), "
                   "the dealer takes that pot at once.")
        if r.turnup.ends_hand:
            out.append("When the dealer does, the hand ends there: no play, no settlement, and the board carries over.")
        else:
            out.append("Play goes on after the dealer does.")
    else:
        out.append("The dealer takes no pot for the turn-up" + (" (other than the Pope)." if pope else "."))
        notes.append("turnup.ends_hand (the dealer takes nothing for a turn-up)")
    if pope is not None:
        text = f"A turned-up Pope {spec_words(pope.cards[0])}: the dealer takes {_pope_takes(r)}"
        if r.turnup.pope_per_card:
            text += ", and every other player pays the dealer 1 counter for each card dealt to them"
        text += "; the hand ends there." if r.turnup.pope_ends_hand else "; play goes on."
        out.append(text)
    else:
        notes.append("turnup.pope_takes, pope_per_card and pope_ends_hand (no pot named pope)")
    return out + _unused(notes)


def _play(r: HouseRules) -> list[str]:
    out = []
    notes = []
    if r.play.lead == "any":
        out.append("Eldest leads first. A lead may be any card.")
    else:
        out.append("Eldest leads first. A lead is the lowest card the leader holds in the suit of their choice.")
    if r.play.follow == "holder":
        out.append("A run goes on with the next card of the same suit, one rank higher, played by whoever "
                   "holds it; when it stops, the player of the last card leads next.")
    else:
        out.append("A run goes on with the next card of the same suit, one rank higher, and it must come "
                   "from the next player in turn; if they do not hold it, the run stops and they lead next.")
    change = r.play.change_suit
    if change == "no":
        out.append("After a stop, the next lead may be in any suit.")
        notes.append("play.no_new_suit (no change of suit)")
    else:
        if change == "suit":
            out.append("After a stop, the next lead must be in a different suit from the run that stopped.")
        else:
            out.append("After a stop, the next lead must be of the other colour: red is diamonds ♦ (D) and "
                       "hearts ♥ (H), black is clubs ♣ (C) and spades ♠ (S).")
        if r.play.no_new_suit == "pass":
            out.append("If the leader has no such card, the lead passes clockwise to the first player who has "
                       "one; if nobody has, the hand ends void and the board carries over.")
        else:
            out.append("A leader with no such card leads as if there were no such rule.")
    if any(p.wins == "pair" for p in r.pots):
        order = "the lower card first" if r.play.pair_order == "ascending" else "in either order"
        if r.play.pairs == "split":
            out.append(f"A pair pot goes to one player who plays both its cards ({order}), or is shared "
                       "between two players who play one each.")
        else:
            out.append(f"A pair pot goes to one player who plays both its cards, {order}.")
    else:
        notes.append("play.pairs and play.pair_order (no pair pots)")
    out.append("The first player to play their last card ends the hand at once; a pot is won only by cards "
               "actually played.")
    return out + _unused(notes)


def _settle(r: HouseRules) -> list[str]:
    out = []
    notes = []
    first_out = [p for p in r.pots if p.wins == "first-out"]
    if first_out:
        out.append(f"The first player out takes {_labels(first_out)}.")
    else:
        out.append("No pot is won by going out first.")
    per_card = r.settle.per_card
    if per_card:
        out.append(f"Every other player pays the first player out {_counters(per_card)} for each card "
                   "left in their hand.")
    else:
        out.append("Nobody pays for cards left in hand.")
    pope = r.pope
    if pope is not None and per_card:
        card = spec_words(pope.cards[0])
        exempt = r.settle.pope_exempt
        if exempt == "holder":
            out.append(f"A player still holding the Pope {card} pays nothing; one who has played it pays "
                       "like the rest.")
        elif exempt == "card":
            out.append(f"The Pope {card} is not counted among a player's cards.")
        else:
            out.append(f"Holding the Pope {card} gives no exemption.")
    else:
        notes.append("settle.pope_exempt (" + ("no pot named pope" if pope is None else "nothing is paid per card")
                     + ")")
    if r.settle.negative:
        out.append("Balances may go below zero.")
    else:
        out.append("Nobody goes below zero: a player who cannot pay pays what they have, and the shortfall "
                   "is recorded.")
    return out + _unused(notes)


def _final(r: HouseRules) -> list[str]:
    if r.final.deal == "none":
        return ["No final deal: at the end of a session the board carries over to the next.",
                *_unused(["final.suit (no final deal)"])]
    suit = suit_words(Suit[r.final.suit])
    return [
        "The last deal of a session clears the board: every card is dealt round to the players from "
        "eldest (no dressing, no spare hand, no turn-up, no play).",
        f"Each card pot goes to the holder of its card, with trump read as {suit}; each pair pot is shared "
        "between the holders of its two cards; first-out pots stay on the board.",
    ]


_SECTION_WORDS = {
    "players": _players, "deck": _deck, "deal": _deal, "board": _board, "turnup": _turnup,
    "play": _play, "settle": _settle, "final": _final,
}


def choices_in_words(rules: HouseRules) -> list[tuple[str, list[str]]]:
    """Every choice of a rule set as sentences, grouped by section (section title, sentences)."""
    return [(title, _SECTION_WORDS[section](rules)) for section, title in SECTION_TITLES]


def dressing_words(rules: HouseRules) -> str:
    """The board's total dressing in one line."""
    total = sum(p.stake for p in rules.pots)
    if rules.stakes.payer == "dealer":
        return f"The dealer dresses the board with {_counters(total)} before each deal."
    mult = rules.stakes.dealer_multiplier
    dealer = f"; the dealer {total * mult}" if mult != 1 else ", the dealer too"
    return f"Each player puts {_counters(total)} on the board before each deal{dealer}."


