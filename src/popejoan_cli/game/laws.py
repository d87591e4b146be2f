"""The rules of play, each written once: the lead law (`LEAD_LAW`) and the pair pots' verdict.

**The lead law.** Every house rule that says what may be led is one `LeadRule` in `LEAD_LAW`: its key, when
it is in force, which card held makes a lead improper (its *witness*), and its words (the table's, the
leader's own, and a breach found once the hands are shown). Everything that asks what may be led reads
that list and restates none of it (docs/adding-a-rule.md):

- the referee's decision and its reason (`ruling.rule_on`), and the rules a refused lead cites
  (`ruling.lead_rules`);
- the lists of what may be led (`Legality.legal_leads`, the bots' and play-outs'): `allowed_leads` below,
  with a fast path for the printed rules that a property test holds to it (tests/game/test_lead_law.py);
- the re-check of a real deck's leads once its hands are shown, and the fines of improper leads
  (`ruling.recheck_leads`, `Settlement.fine_leads`);
- what a seat's leads tell the others of its cards, for the `strong` bot's worlds (`game.worlds`):
  a proper lead of `card` says that its leader held no witness against it (`barred_by`).

A rule here is a predicate on one card held, `forbids(rules, stopped, card, other)`: "holding `other`
makes a lead of `card` improper after a stop in `stopped` (None: no stop yet)". The witness is the first
such card held in `LEAD_KEY` order (the lowest), so every surface names the same card. A rule may also
refuse a lead whatever is held (`always`: a public refusal). `first_ok` says whether the leader's first card
in `LEAD_KEY` order always keeps the rule, which the play-out's fastest path (`FirstHeld`) relies on.

Pure: no files, no printing.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Literal, NamedTuple

from popejoan_cli.base.errors import Said
from popejoan_cli.game.cards import Card, Suit
from popejoan_cli.game.rules import HouseRules
from popejoan_cli.game.state import LEAD_KEY, RANK, SUCC, Play, Settings, Stop, suit_allowed

__all__ = ["LEAD_LAW", "ChangeSuit", "LeadRule", "LowestInSuit", "PairVerdict", "Shortcuts", "allowed_leads",
           "barred_by", "called_chain", "extended", "in_force", "law_of", "leads_after_stops", "not_refused_outright",
           "pair_verdict",
           "shortcuts"]


class LeadRule:
    """One house rule on what may be led: the hooks a rule overrides (python-chess's variants, a few hooks)."""

    key = ""
    """The house-rule key it lives under, as docs/house-rules.md names it."""
    first_ok = False
    """Whether the first card a leader holds in `LEAD_KEY` order always keeps this rule (the play-out's
    `FirstHeld` path may then lead it without asking)."""
    builtin = False
    """A rule that `Legality`'s fast lists and `Hand.push`'s passing lead implement themselves, held equal to
    `allowed_leads` by tests/game/test_lead_law.py. A rule added to `LEAD_LAW` leaves it False: the lists and
    the play-out then ask `allowed_leads`, and nothing else need change."""

    def applies(self, rules: HouseRules) -> bool:
        """Whether these rules set the rule at all (statically: before any card is played)."""
        raise NotImplementedError

    def in_force(self, rules: HouseRules, stopped: int | None) -> bool:
        """Whether it constrains the lead now, after a stop in suit `stopped` (None: no stop yet)."""
        return True

    def cited(self, rules: HouseRules) -> str:
        """The rule as the table is shown it when it refuses (a key and its value, or a `Said`)."""
        return self.key

    def words(self, rules: HouseRules) -> str:
        """The rule in words, for its player's own page, where a key's syntax would say nothing (`cited` there);
        a rule without words of its own is cited."""
        return self.cited(rules)

    def forbids(self, rules: HouseRules, stopped: int | None, card: int, other: int) -> bool:
        """Whether holding `other` makes a lead of `card` improper."""
        raise NotImplementedError

    def always(self, rules: HouseRules, stopped: int | None, card: int) -> bool:
        """Whether a lead of `card` is refused whatever the leader holds (a public refusal)."""
        return False

    def told(self, rules: HouseRules, who: str, stopped: int | None, card: Card, other: Card) -> str:
        """The table's words when nothing is hidden (a real deck: the record is the table's)."""
        raise NotImplementedError

    def private(self, rules: HouseRules, stopped: int | None, card: Card, other: Card) -> str:
        """The leader's own words when the refusal turned on a card only they may know of."""
        raise NotImplementedError

    def breach(self, rules: HouseRules, who: str, stopped: int | None, card: Card, other: Card) -> str:
        """The words of a lead found improper once its leader's cards were shown."""
        raise NotImplementedError

    def publicly(self, rules: HouseRules, who: str, stopped: int | None, card: Card) -> str:
        """The words of an `always` refusal."""
        return self.told(rules, who, stopped, card, card)

    def witness(self, rules: HouseRules, stopped: int | None, card: int, held: Iterable[int]) -> int | None:
        """The first card of `held` (in `LEAD_KEY` order) that `forbids` a lead of `card`, or None: the card every
        surface names against the lead. A rule may give a faster form of the same answer; tests/game/test_lead_law.py
        holds it to this one.

        >>> from popejoan_cli.formats.presets import preset
        >>> LowestInSuit().witness(preset("modern-stops"), None, 9, [14, 5, 2])  # 3♣ and 6♣ below 10♣: 3♣
        2
        """
        key = LEAD_KEY[rules.ace_high]
        return min((o for o in held if o != card and self.forbids(rules, stopped, card, o)), key=key.__getitem__,
                   default=None)


class LowestInSuit(LeadRule):
    """`play.lead = "lowest-in-suit"`: a lead is the lowest card its leader holds in its suit."""

    key = "play.lead"
    first_ok = True  # the first card in `LEAD_KEY` order is the lowest of its suit
    builtin = True

    def applies(self, rules: HouseRules) -> bool:
        return rules.play.lead == "lowest-in-suit"

    def cited(self, rules: HouseRules) -> str:
        return "play.lead = \"lowest-in-suit\""

    def words(self, rules: HouseRules) -> str:
        return Said("a lead is the lowest card its leader holds in that suit")

    def forbids(self, rules: HouseRules, stopped: int | None, card: int, other: int) -> bool:
        """
        >>> r = LowestInSuit(); from popejoan_cli.formats.presets import preset; rules = preset("modern-stops")
        >>> r.forbids(rules, None, Card.parse("10C"), Card.parse("3C")), r.forbids(rules, None, 9, 14)
        (True, False)
        """
        rank = RANK[rules.ace_high]
        return other // 13 == card // 13 and rank[other] < rank[card]

    def witness(self, rules: HouseRules, stopped: int | None, card: int, held: Iterable[int]) -> int | None:
        """The lowest card held below `card` in its suit (the same answer as `LeadRule.witness`, faster)."""
        rank = RANK[rules.ace_high]
        suit, top = card // 13, rank[card]
        low = [c for c in held if c // 13 == suit and rank[c] < top]
        return min(low, key=rank.__getitem__) if low else None

    def told(self, rules: HouseRules, who: str, stopped: int | None, card: Card, other: Card) -> str:
        return Said("{player} may not lead {card}: they hold {lower}, lower in that suit", player=who, card=card,
                    lower=other)

    def private(self, rules: HouseRules, stopped: int | None, card: Card, other: Card) -> str:
        return Said("you hold {lower}, lower in that suit", lower=other)

    def breach(self, rules: HouseRules, who: str, stopped: int | None, card: Card, other: Card) -> str:
        return Said("{player} led {card} while holding {lower}", player=who, card=card, lower=other)


class ChangeSuit(LeadRule):
    """`play.change_suit`: after a stop the lead changes suit (or colour) if its leader can; under
    `play.no_new_suit = "pass"` a lead of the stopped kind is never made (the lead passes instead)."""

    key = "play.change_suit"
    builtin = True

    def applies(self, rules: HouseRules) -> bool:
        return rules.play.change_suit != "no"

    def in_force(self, rules: HouseRules, stopped: int | None) -> bool:
        return stopped is not None

    def cited(self, rules: HouseRules) -> str:
        return f"play.change_suit = \"{rules.play.change_suit}\""

    def words(self, rules: HouseRules) -> str:
        if rules.play.change_suit == "suit":
            return Said("after a stop the lead changes suit, if its leader can")
        return Said("after a stop the lead changes colour, if its leader can")

    def forbids(self, rules: HouseRules, stopped: int | None, card: int, other: int) -> bool:
        """
        >>> r = ChangeSuit(); from popejoan_cli.formats.presets import preset; rules = preset("michigan")
        >>> rules.play.change_suit, r.forbids(rules, 0, Card.parse("5C"), Card.parse("2H"))
        ('suit', True)
        """
        change = rules.play.change_suit
        return not suit_allowed(change, stopped, card // 13) and suit_allowed(change, stopped, other // 13)

    def witness(self, rules: HouseRules, stopped: int | None, card: int, held: Iterable[int]) -> int | None:
        """The lowest card held of a suit a lead may change to, if `card` is of one it may not (the same answer as
        `LeadRule.witness`, faster)."""
        ok = Settings.of(rules).suit_ok[4 if stopped is None else stopped]
        if ok[card // 13]:
            return None
        key = LEAD_KEY[rules.ace_high]
        return min((c for c in held if ok[c // 13]), key=key.__getitem__, default=None)

    def always(self, rules: HouseRules, stopped: int | None, card: int) -> bool:
        return (rules.play.no_new_suit == "pass" and stopped is not None
                and not suit_allowed(rules.play.change_suit, stopped, card // 13))

    def told(self, rules: HouseRules, who: str, stopped: int | None, card: Card, other: Card) -> str:
        suit = Suit(stopped or 0)
        # Two whole sentences, not one with "suit" or "colour" put in: Russian declines the word.
        if rules.play.change_suit == "suit":
            return Said("{player} may not lead {card}: after a stop in {suit} the lead must change suit", player=who,
                        card=card, suit=suit)
        return Said("{player} may not lead {card}: after a stop in {suit} the lead must change colour", player=who,
                    card=card, suit=suit)

    def private(self, rules: HouseRules, stopped: int | None, card: Card, other: Card) -> str:
        suit = Suit(stopped or 0)
        if rules.play.change_suit == "suit":
            return Said("after a stop in {suit} you must change suit: you hold {other}", suit=suit, other=other)
        return Said("after a stop in {suit} you must change colour: you hold {other}", suit=suit, other=other)

    def breach(self, rules: HouseRules, who: str, stopped: int | None, card: Card, other: Card) -> str:
        if rules.play.change_suit == "suit":
            return Said("{player} led {card} after a stop in that suit while holding {other}", player=who,
                        card=card, other=other)
        return Said("{player} led {card} after a stop in that colour while holding {other}", player=who, card=card,
                    other=other)


LEAD_LAW: list[LeadRule] = [LowestInSuit(), ChangeSuit()]
"""Every rule on what may be led, in the order the referee asks them (its refusal names the first broken).
A list, so that a test may add a rule for the length of a test (tests/game/test_lead_law.py)."""


def law_of(rules: HouseRules) -> tuple[LeadRule, ...]:
    """The lead rules these rules set.

    >>> from popejoan_cli.formats.presets import preset
    >>> [r.key for r in law_of(preset("michigan"))], [r.key for r in law_of(preset("hoyle"))]
    (['play.lead', 'play.change_suit'], [])
    """
    return _kept(rules)[1]


def in_force(rules: HouseRules, stopped: int | None) -> tuple[LeadRule, ...]:
    """The lead rules that constrain a lead now, after a stop in `stopped` (worked out once per rule set and
    stopped suit: the referee asks on every lead it rules on)."""
    now = _kept(rules)[3]
    found = now.get(stopped)
    if found is None:
        found = now[stopped] = tuple(r for r in _kept(rules)[1] if r.in_force(rules, stopped))
    return found


class Shortcuts(NamedTuple):
    """What the fast paths may assume of a rule set's lead law (`shortcuts`)."""

    builtin: bool
    """Every lead rule set is one `Legality`'s fast lists and `Hand.push`'s passing lead implement themselves."""
    first_held: bool
    """The leader's first card in `LEAD_KEY` order always keeps every lead rule set (`FirstHeld`)."""


_Kept = tuple[HouseRules, tuple[LeadRule, ...], Shortcuts, dict[int | None, tuple[LeadRule, ...]]]
_SHORTCUTS: dict[int, _Kept] = {}


def shortcuts(rules: HouseRules) -> Shortcuts:
    """What the fast paths may assume under `rules`, worked out once per rule set (and again when `LEAD_LAW`
    changes: a test's rule).

    >>> from popejoan_cli.formats.presets import preset
    >>> shortcuts(preset("modern-stops")), shortcuts(preset("michigan")).first_held
    (Shortcuts(builtin=True, first_held=True), False)
    """
    return _kept(rules)[2]


def _kept(rules: HouseRules) -> _Kept:
    """The lead rules a rule set sets and what the fast paths may assume, kept by the rule set's identity beside
    the rule set itself (an id is not reused while its object lives): not in the rules' own cache, which a
    table's `.folded` cache pickles."""
    found = _SHORTCUTS.get(id(rules))
    if found is not None and found[0] is rules:
        return found
    if len(_SHORTCUTS) > 512:  # a process that makes many rule sets (the tests) keeps the newest only
        _SHORTCUTS.clear()
    law = tuple(r for r in LEAD_LAW if r.applies(rules))
    made = _SHORTCUTS[id(rules)] = (rules, law, Shortcuts(all(r.builtin for r in law), all(r.first_ok for r in law)),
                                    {})
    return made


@contextmanager
def extended(rule: LeadRule) -> Iterator[LeadRule]:
    """`LEAD_LAW` with `rule` added for the length of a `with`: how a test proves that every part of popejoan
    honours a rule it has never seen (tests/game/test_lead_law.py; docs/adding-a-rule.md)."""
    LEAD_LAW.append(rule)
    _SHORTCUTS.clear()
    try:
        yield rule
    finally:
        LEAD_LAW.remove(rule)
        _SHORTCUTS.clear()


def allowed_leads(rules: HouseRules, stopped: int | None, known: Sequence[int], cands: Iterable[int]) -> list[int]:
    """Of `cands`, the cards a leader whose known cards are `known` may lead properly after a stop in `stopped`:
    no rule refuses it outright, and no known card is a witness against it. A card a leader may hold unseen
    (a real deck) is refused only by what is known. The plain form of `Legality.legal_leads`.

    >>> from popejoan_cli.formats.presets import preset
    >>> allowed_leads(preset("michigan"), 0, [2, 5, 27], [2, 5, 27])  # after a stop in clubs: only 2♥
    [27]
    """
    rules_now = in_force(rules, stopped)
    known = list(known)
    return [c for c in cands
            if not any(r.always(rules, stopped, c) or r.witness(rules, stopped, c, known) is not None
                       for r in rules_now)]


def barred_by(rules: HouseRules, stopped: int | None, card: int) -> list[int]:
    """The cards whose holder could not have led `card` properly after a stop in `stopped`: what a proper lead
    tells the table of its leader's hand (the `strong` bot's worlds, `game.worlds`).

    >>> from popejoan_cli.formats.presets import preset
    >>> [str(Card(c)) for c in barred_by(preset("modern-stops"), None, Card.parse("4S"))]
    ['AS', '2S', '3S']
    """
    return [o for o in range(52) if o != card
            and any(r.forbids(rules, stopped, card, o) for r in in_force(rules, stopped))]


def leads_after_stops(plays: Sequence[Play], stops: Sequence[Stop]) -> Iterator[tuple[Play, int | None]]:
    """Each lead of a hand's record with the suit of the stop before it (None before the first stop): the suit
    a lead rule reads. Lead j (from 0) follows stop j - 1: after the Pope in lieu of a stop, the stop is on the
    card it stood in for (docs/house-rules.md), not on the card played before the next lead.

    >>> from popejoan_cli.game.state import Play, Stop
    >>> plays = [Play(1, Card.parse("AS"), True), Play(2, Card.parse("9D"), True), Play(3, Card.parse("2D"), True)]
    >>> stops = [Stop(1, Card.parse("AS"), "spare"), Stop(2, Card.parse("2S"), "not-in-turn")]
    >>> [(str(p.card), s) for p, s in leads_after_stops(plays, stops)]  # 2♦ follows the stop on 2♠ (spades: 3)
    [('AS', None), ('9D', 3), ('2D', 3)]
    """
    j = 0
    for p in plays:
        if p.lead:
            yield p, (stops[j - 1].card // 13 if 0 < j <= len(stops) else None)
            j += 1


def not_refused_outright(rules: HouseRules, stopped: int | None) -> list[int]:
    """The cards no lead rule refuses outright after a stop in `stopped` (`LeadRule.always`): under
    `play.no_new_suit = "pass"` a seat the lead passed over held none of them (the `strong` bot's worlds).

    >>> from popejoan_cli.formats.presets import preset
    >>> sorted({c // 13 for c in not_refused_outright(preset("michigan"), 0)})  # after a stop in clubs
    [1, 2, 3]
    """
    rules_now = in_force(rules, stopped)
    return [c for c in range(52) if not any(r.always(rules, stopped, c) for r in rules_now)]


def called_chain(rules: HouseRules, card: int) -> bool:
    """Whether `card` may be the first lead `play.first_lead` calls: the called card, or a card above it in its
    suit, called because the cards below lay in no hand (docs/house-rules.md). That lead is the rules' own,
    so no lead rule fines it.

    >>> from popejoan_cli.formats.presets import preset
    >>> from popejoan_cli.base.records import replace
    >>> rules = preset("modern-stops")
    >>> called = replace(rules, values={**rules.values, "play.first_lead": "2D"})
    >>> called_chain(called, Card.parse("2D")), called_chain(called, Card.parse("5D")), called_chain(rules, 14)
    (True, True, False)
    """
    first = rules.play.first_lead
    if first == "eldest":
        return False
    succ, c = SUCC[rules.ace_high], int(Card.parse(first))
    while c >= 0:
        if c == card:
            return True
        c = succ[c]
    return False


PairVerdict = Literal["won", "shared", "two-players", "out-of-order"]


def pair_verdict(settings: Settings, earlier: int, later: int, same_seat: bool) -> PairVerdict:
    """How a pair pot stands once both its cards are played, `earlier` first: won by one player,
    shared (`play.pairs = "split"`), lost because two players played it under `same-player`, or
    lost because the higher card came first under `play.pair_order = "ascending"`. The referee
    pays by it, and a claim explains by it."""
    if not same_seat and not settings.pairs_split:
        return "two-players"
    if settings.pairs_ascending and settings.rank[earlier] > settings.rank[later]:
        return "out-of-order"
    return "won" if same_seat else "shared"
