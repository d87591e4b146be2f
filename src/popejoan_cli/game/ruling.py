"""The referee's one decision on a play, and its reason in two parts: `rule_on` and `Ruling`.

`rule_on(law, seat, card)` (`law`: a hand's law, `hand.law`) decides whether `seat` may play `card` now and
says why, in one walk through the rules (PokerKit's `verify_X`, which raises the very reason it decided on):
each step either passes the play on or refuses it with the words it refused on, so the verdict
and its reason cannot disagree. A refusal has two parts:

- `told`: what the whole table may hear. It depends on nothing hidden: in a virtual hand a
  refused lead reads the same whether the leader lacks the card, holds a lower one or holds a
  card of a new suit ("Ann cannot lead 10♠ now"), and its rule names the lead rules in force,
  not the one that refused (docs/architecture.md: The referee).
- `private`: what only the seat may be told ("you hold 4♠, lower in that suit"): the CLI shows
  it through `hand show NAME --why CARD`, `serve` on that player's own page, practice on the
  human's screen.

A real deck's hand (recorded card by card) has no private part: nothing the referee knows of it
is hidden from the table, so the reason is told as it is. The fast lists of what may be played
(`Legality.legal_plays`, `legal_leads`) stay for the bots and `simulate`; a property test holds
the two to the same verdict on every card. What may be led is the lead law (`laws.LEAD_LAW`: each rule's key,
its witness and its words), which `_lead`, `lead_rules` and `recheck_leads` read and do not restate; the steps
here say only in which order the table's questions are asked. Pure: no files, no printing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from popejoan_cli.base.errors import IllegalPlay, Said, SaidN, joined
from popejoan_cli.base.records import Record
from popejoan_cli.game.cards import CARDS, SPARE, Card
from popejoan_cli.game.laws import called_chain, in_force, leads_after_stops
from popejoan_cli.game.legality import Legality
from popejoan_cli.game.state import (
    OUT_OF_PLAY,
    PLAYED,
    REMOVED,
    UNKNOWN,
)


class Ruling(Record):
    """The referee's answer to "may `seat` play `card` now?", and why.

    `told` is None when the play is allowed; else the words the table hears, with `rule`, the
    rule the table is shown. `private` is for the seat alone (None: nothing more to tell it), and `words` the
    rule as its player's own page says it: in words, where `rule` cites a key (`LeadRule.words`).
    """

    seat: int
    card: Card
    told: str | None = None
    rule: str = ""
    private: str | None = None
    player: str = ""
    """The seat's name at the table, whom `private` is for."""
    words: str = ""
    """`rule` in words (empty: `rule` is in words already)."""

    def __init__(self, seat: int, card: Card, told: str | None = None, rule: str = "", private: str | None = None,
                 player: str = "", words: str = "") -> None:
        # Written out, as fast as a dataclass's: the referee makes one for every play it checks.
        _set(self, "seat", seat)
        _set(self, "card", card)
        _set(self, "told", told)
        _set(self, "rule", rule)
        _set(self, "private", private)
        _set(self, "player", player)
        _set(self, "words", words)

    @property
    def allowed(self) -> bool:
        return self.told is None

    def refusal(self) -> IllegalPlay | None:
        """The refusal to raise (None when allowed): the public words, the rule, and the private part."""
        if self.told is None:
            return None
        return IllegalPlay(self.told, rule=self.rule, private=self.private, player=self.player,
                           words=self.words or self.rule)


_set = object.__setattr__

Step = Callable[[Legality, int, Card], Ruling | None]


def rule_on(law: Legality, seat: int, card: Card, ordinary: bool = False) -> Ruling:
    """Whether `seat` may play `card` now, and why: the first step with an answer decides.

    >>> from popejoan_cli.formats.presets import preset
    >>> from popejoan_cli.game.board import Board
    >>> from popejoan_cli.game.deal import seeded_deal
    >>> from popejoan_cli.game.hand import Hand
    >>> rules = preset("modern-stops")
    >>> hand = Hand.deal(rules, 4, 0, Board(rules), seeded_deal(rules, 4, 0, 42))
    >>> hand.names = ["Ann", "Bob", "Cat", "Dan"]
    >>> _ = hand.lead(1, Card.parse("AS"))  # Bob leads A♠, Ann plays 2♠: 3♠ is in the spare hand
    >>> held, lacked = rule_on(hand.law, 0, Card.parse("10S")), rule_on(hand.law, 0, Card.parse("9S"))
    >>> print(held.told, "/", lacked.told)     # the table hears one sentence for both
    Ann cannot lead 10♠ now / Ann cannot lead 9♠ now
    >>> print(held.rule == lacked.rule, held.rule)
    True a player leads a card they hold; play.lead = "lowest-in-suit"
    >>> print(held.private, "/", lacked.private)
    you hold 4♠, lower in that suit / you do not hold 9♠
    >>> rule_on(hand.law, 0, Card.parse("4S")).allowed
    True

    With `ordinary`, a lead as any other: under `play.pope_in_lieu` the Pope's holder asks to lead it, not to
    play it in lieu of a stop, which only the leader may (docs/house-rules.md).
    """
    for step in _ORDINARY if ordinary else _STEPS:
        ruled = step(law, seat, card)
        if ruled is not None:
            return ruled
    return Ruling(seat, card)


# ------------------------------------------------------------------------ the steps, in order
def _over(law: Legality, seat: int, card: Card) -> Ruling | None:
    """The hand has ended; told of the player who went out as what it is: they have no card left to play."""
    hand = law.hand
    if not hand.ended:
        return None
    who = hand.name(seat)
    if hand.out == seat:
        dealt = hand.dealt_sizes[seat]
        return Ruling(seat, card, SaidN("{player} cannot play {card}: they have played all {n} card they were dealt",
                                        "{player} cannot play {card}: they have played all {n} cards they were "
                                        "dealt", dealt, player=who, card=card),
                      Said("a player cannot play more cards than they were dealt"))
    return Ruling(seat, card, Said("{player} cannot play {card}: the hand is over", player=who, card=card),
                  Said("the hand has ended"))


def _placed(law: Legality, seat: int, card: Card) -> Ruling | None:
    """A card whose place the whole table knows: out of the pack, played, the turn-up, a told spare card."""
    hand = law.hand
    h = hand.holder[card]
    if h >= 0 or h == UNKNOWN:  # the common case, decided at once: a card in a hand, or unseen
        return None
    who = hand.name(seat)
    if h == REMOVED:
        return Ruling(seat, card, Said("{player} cannot play {card}: it is out of the pack", player=who, card=card),
                      "deck.removed")
    if h == PLAYED:
        return Ruling(seat, card, Said("{player} cannot play {card}: it has already been played", player=who,
                                       card=card), Said("each card is played once"))
    if h == OUT_OF_PLAY:
        return Ruling(seat, card, Said("{player} cannot play {card}: it is the turn-up, out of play", player=who,
                                       card=card), "deal.turnup = \"out-of-play\"")
    if h == SPARE and hand.spare_told(card):
        return Ruling(seat, card, Said("{player} cannot play {card}: it is in the spare hand", player=who,
                                       card=card), Said("the spare hand is not played"))
    return None


def _in_run(law: Legality, seat: int, card: Card) -> Ruling | None:
    """While a run waits for its next card: that card, by the seat whose turn it is."""
    hand = law.hand
    turn = hand.turn
    want = turn.card
    if want is None:
        return None
    who = hand.name(seat)
    if card != want:
        return Ruling(seat, card, Said("{player} cannot play {card}: the run needs {next} next", player=who,
                                       card=card, next=CARDS[want]), Said("a run goes up one rank in its suit"))
    may = [turn.seat] if turn.phase == "follow" else law.open_seats()
    if seat in may:
        return Ruling(seat, card)
    if hand.clockwise:
        return Ruling(seat, card, Said("{player} cannot play {card}: it is the next player's turn", player=who,
                                       card=card), "play.follow = \"clockwise\"")
    return _not_held(law, seat, card, "play.follow = \"holder\"")


def _in_lieu(law: Legality, seat: int, card: Card) -> Ruling | None:
    """Peel's Pope in lieu of a stop (docs/house-rules.md: play.pope_in_lieu): its holder may play it now, the
    leader or not; it is no lead, so no lead rule applies. Anyone else is refused as before: the table hears the
    same words whether or not the seat holds it."""
    hand = law.hand
    if hand.rules.play.pope_in_lieu and card == hand.trumps.pope_card and law.lieu_seat() == seat:
        return Ruling(seat, card)
    return None


def _whose_lead(law: Legality, seat: int, card: Card) -> Ruling | None:
    hand = law.hand
    if hand.turn.phase != "lead":
        return Ruling(seat, card, Said("{player} cannot play {card}: no run is waiting for it", player=hand.name(seat),
                                       card=card), Said("a run goes up one rank in its suit"))
    if seat not in law.lead_seats():
        return Ruling(seat, card, Said("{player} cannot lead {card}: it is {leader}'s lead", player=hand.name(seat),
                                       card=card, leader=hand.name(hand.leader)), Said("who leads after a stop"))
    return None


def _public_lead(law: Legality, seat: int, card: Card) -> Ruling | None:
    """A lead a rule refuses whatever its leader holds (`LeadRule.always`: under `play.no_new_suit = "pass"`, a
    lead in the stopped suit): a public rule, told as it is. Under `play.improper_lead` it is fined instead."""
    hand = law.hand
    if hand.rules.play.improper_lead != "refuse":
        return None
    rules, stopped = hand.rules, hand.after_stop_suit
    for rule in in_force(rules, stopped):
        if rule.always(rules, stopped, card):
            return Ruling(seat, card, rule.publicly(rules, hand.name(seat), stopped, card), rule.cited(rules),
                          words=rule.words(rules))
    return None


def _lead(law: Legality, seat: int, card: Card) -> Ruling | None:
    """The leader's lead: a card they hold, that no lead rule in force (`laws.LEAD_LAW`) finds a witness against
    among their cards. In a virtual hand the witness is the leader's alone to hear of."""
    hand = law.hand
    if not _holds(law, seat, card):
        return _not_held(law, seat, card, Said("a player leads a card they hold"))
    if hand.rules.play.improper_lead != "refuse":
        return None  # allowed, and fined when the hand ends (`Settlement.fine_leads`; docs/house-rules.md)
    rules, stopped, held = hand.rules, hand.after_stop_suit, hand.ordered[seat]
    for rule in in_force(rules, stopped):
        other = rule.witness(rules, stopped, card, held)
        if other is None:
            continue
        if hand.kind.deals:
            return _hidden(law, seat, card, rule.private(rules, stopped, card, CARDS[other]))
        return Ruling(seat, card, rule.told(rules, hand.name(seat), stopped, card, CARDS[other]), rule.cited(rules),
                      words=rule.words(rules))
    return None


_STEPS: tuple[Step, ...] = (_over, _placed, _in_run, _in_lieu, _whose_lead, _public_lead, _lead)
_ORDINARY: tuple[Step, ...] = tuple(step for step in _STEPS if step is not _in_lieu)


# ------------------------------------------------------------------------ the words of a step
def _holds(law: Legality, seat: int, card: Card) -> bool:
    """Whether `seat` may hold `card`: it is among their cards, or among their unseen ones (a real deck)."""
    hand = law.hand
    h = hand.holder[card]
    return h == seat or (h == UNKNOWN and hand.has_unknown(seat))


def _not_held(law: Legality, seat: int, card: Card, rule: str) -> Ruling:
    """A card the seat does not hold: hidden in a virtual hand (the card may lie anywhere unseen),
    told as it is in a real one (only the record says it, and the record is the table's)."""
    hand = law.hand
    if hand.kind.deals:
        return _hidden(law, seat, card, Said("you do not hold {card}", card=card))
    return Ruling(seat, card, Said("{player} does not hold {card}", player=hand.name(seat), card=card), rule)


def _hidden(law: Legality, seat: int, card: Card, private: str) -> Ruling:
    """A refusal that turned on the seat's own cards: the table hears one sentence and the lead
    rules in force, whichever rule refused; the reason is the seat's alone."""
    hand = law.hand
    who = hand.name(seat)
    if hand.turn.phase != "lead":
        return Ruling(seat, card, Said("{player} cannot play {card} now", player=who, card=card),
                      "play.follow = \"holder\"", private, who, Said("the holder of the run's next card plays it"))
    return Ruling(seat, card, Said("{player} cannot lead {card} now", player=who, card=card), lead_rules(law),
                  private, who, lead_rules(law, words=True))


def lead_rules(law: Legality, words: bool = False) -> str:
    """The lead rules in force now, as the table is shown them: what any refused lead cites; with `words`, as
    the leader's own page says them (`LeadRule.words`), no key's syntax.

    Public: it reads the rules and the suit of the last stop, nothing of anyone's cards.
    """
    hand = law.hand
    rules = hand.rules
    return joined([Said("a player leads a card they hold"),
                   *(rule.words(rules) if words else rule.cited(rules)
                     for rule in in_force(rules, hand.after_stop_suit))])


# ------------------------------------------------------------------------ leads checked once shown
class Breach(Record):
    """A lead found illegal once the hands were shown."""

    seat: int
    card: Card
    rule: str
    message: str  # a `Said`: the English, and its words for another language


def recheck_leads(law: Legality, shown: dict[int, Sequence[Card]]) -> list[Breach]:
    """Re-check a real deck's leads once hands are shown, by the lead law the referee refuses by
    (`laws.LEAD_LAW`: each rule's witness among what the leader held then).

    `shown[seat]` is the cards that seat still holds; what it held at each earlier lead is those plus
    the cards it played from then on. The Pope in lieu of a stop is no lead, and the first lead
    `play.first_lead` calls is the rules' own: no lead rule applies to either.
    """
    hand = law.hand
    breaches: list[Breach] = []
    plays, rules = hand.plays, hand.rules
    lieu = hand.trumps.pope_card if law.pope_in_lieu_of() >= 0 else -1
    at = {p.card: i for i, p in enumerate(plays)}
    for j, (p, stopped) in enumerate(leads_after_stops(plays, hand.stops)):
        if p.seat not in shown or p.card == lieu or (j == 0 and called_chain(rules, p.card)):
            continue
        i = at[p.card]
        held = sorted(set(shown[p.seat]) | {q.card for q in plays[i:] if q.seat == p.seat})
        who = hand.name(p.seat)
        for rule in in_force(rules, stopped):
            other = rule.witness(rules, stopped, p.card, held)
            if other is not None:
                breaches.append(Breach(p.seat, p.card, rule.cited(rules),
                                       rule.breach(rules, who, stopped, p.card, CARDS[other])))
    return breaches
