"""What may be played now, as fast lists: the bots', the play-outs' and `simulate`'s.

`Legality` is a hand's law, one of the three parts a `Hand` is made of (its state, `HandState`; its law; its
settlement, `Settlement`): it reads the state and gives the list of what may be played now (`_options`, read by
`legal_plays`, `legal_leads`, `lowest_lead`, `lowest_policy`, `lead_seats`, `open_seats`). It says no words and
raises nothing: whether one play is allowed, and why not, is `ruling.rule_on`'s one decision,
which the referee checks every recorded play against. The two are held to the same verdict on
every card of random hands of every preset (tests/game/test_ruling.py), so a bot choosing from
these lists never plays a card the referee would refuse. Under `play.improper_lead` (docs/house-rules.md)
`rule_on` also allows a lead that breaks the lead rules, to be fined when the hand ends; these lists
leave such leads out, so a bot never leads into a penalty (a proper lead is always there to choose).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from popejoan_cli.game.cards import CARDS, Card
from popejoan_cli.game.fastplay import FirstAllowed, FirstHeld
from popejoan_cli.game.laws import allowed_leads, shortcuts
from popejoan_cli.game.state import STOP_CODE, SUIT_OF, UNKNOWN, HandKind, HandState

_VIRTUAL = HandKind.VIRTUAL  # looked up once: an Enum member read from its class costs 0.1 µs in Python 3.11
_TOP = STOP_CODE["top"]
_WANTS_NONE = (_TOP, STOP_CODE["below"])
"""Stops that wanted no card: at a suit's top, and at a card below a `wins = "below"` pot's (a stop by rule,
docs/house-rules.md): no Pope stands in after them."""


class Legality:
    """A hand's law: what may be played now in its state (`hand`), which it reads and never changes."""

    __slots__ = ("hand",)

    def __init__(self, hand: HandState) -> None:
        self.hand = hand

    def _barred(self, seat: int) -> bool:
        """Whether a lead must change suit now: after a stop, under "pass" always; under "same-suit"
        only for a leader holding a new suit, which unseen cards cannot refute."""
        h = self.hand
        s = h.settings
        stopped = h.after_stop_suit
        if stopped is None or s.change_suit == "no":
            return False
        return s.passing or any(map(s.suit_ok[stopped].__getitem__, map(SUIT_OF.__getitem__, h.ordered[seat])))

    def _leads(self, seat: int) -> Iterator[int]:
        """The cards `seat` may lead now, in `LEAD_KEY` order; for unseen cards, those not ruled out. The lead
        law's plain form (`laws.allowed_leads`), or for the printed rules alone the fast form beside it, which
        tests/game/test_lead_law.py holds to the plain one."""
        h = self.hand
        if not h.left[seat]:
            return
        held = h.ordered[seat]
        if not shortcuts(h.rules).builtin:
            yield from allowed_leads(h.rules, h.after_stop_suit, held, self._candidates(seat))
        elif h.left[seat] == len(held):
            yield from self._known_leads(seat, self._barred(seat))
        else:
            yield from self._unseen_leads(seat, self._barred(seat))

    def _candidates(self, seat: int) -> list[int]:
        """The cards `seat` holds or may hold unseen, in `LEAD_KEY` order."""
        h = self.hand
        held, holder = h.ordered[seat], h.holder
        unseen = (c for c in range(52) if holder[c] == UNKNOWN) if h.left[seat] > len(held) else ()
        return sorted([*held, *unseen], key=h.lead_key.__getitem__)

    def _known_leads(self, seat: int, barred: bool) -> Iterator[int]:
        """Known cards only: in `LEAD_KEY` order the first card of each suit is its lowest."""
        h = self.hand
        s = h.settings
        ok = s.suit_ok[4 if h.after_stop_suit is None else h.after_stop_suit]
        seen = [False, False, False, False] if s.lowest_in_suit else None
        for c in h.ordered[seat]:
            suit = SUIT_OF[c]
            if seen is not None:
                if seen[suit]:
                    continue
                seen[suit] = True
            if not barred or ok[suit]:
                yield c

    def _unseen_leads(self, seat: int, barred: bool) -> Iterator[int]:
        """Some cards unseen (a real deck): every card that may be theirs and is not ruled out."""
        h = self.hand
        held = h.ordered[seat]
        cands = self._candidates(seat)
        rank = h.rank
        low = [99, 99, 99, 99]
        if h.settings.lowest_in_suit:
            for c in reversed(held):
                low[c // 13] = rank[c]
        ok = h.suit_ok
        for c in cands:
            if rank[c] <= low[c // 13] and (not barred or ok(c // 13)):
                yield c

    def legal_leads(self, seat: int) -> list[int]:
        """The cards `seat` may lead now, lowest first (`LEAD_KEY`); for unseen cards, those not ruled out.
        With the Pope in lieu of a stop open to the leader (`lieu_seat`), the Pope is among them.

        >>> from popejoan_cli.formats.presets import preset
        >>> from popejoan_cli.game.board import Board
        >>> from popejoan_cli.game.deal import seeded_deal
        >>> from popejoan_cli.game.hand import Hand
        >>> rules = preset("michigan")  # the lowest of a suit; after a stop, a new suit
        >>> hand = Hand.deal(rules, 4, 0, Board(rules), seeded_deal(rules, 4, 0, 7))
        >>> [CARDS[c].face for c in hand.law.legal_leads(1)]  # Bob holds 2♦ 4♦ 5♦, 2♠ 7♠, 6♣ 9♣ 10♣, 6♥ 10♥ A♥
        ['2♦', '2♠', '6♣', '6♥']
        >>> done = hand.lead(1, hand.law.lowest_lead(1))  # 2♦ stops at once: 3♦ is in the spare hand
        >>> [CARDS[c].face for c in hand.law.legal_leads(1)]  # Bob leads again, in a new suit
        ['2♠', '6♣', '6♥']
        """
        h = self.hand
        leads = list(self._leads(seat))
        if h.rules.play.pope_in_lieu and self.lieu_seat() == seat:
            pope = h.trumps.pope_card
            if pope is not None and pope not in leads:
                leads.append(pope)
                leads.sort(key=h.lead_key.__getitem__)
        return leads

    def lieu_seat(self) -> int:
        """Peel's Pope in lieu of a stop (docs/house-rules.md: play.pope_in_lieu): the seat that may play the Pope
        now in place of the card the last stop wanted, or -1. Open from a stop that is not at the top card until
        the next lead, while the Pope lies in a hand (and was not itself the card wanted). Which seat that is is
        private: only that seat's observation, the referee's verdict on its play and the play itself read it."""
        h = self.hand
        if not h.rules.play.pope_in_lieu or h.turn.phase != "lead" or not h.stop_codes or h.ended:
            return -1
        pope = h.trumps.pope_card
        if pope is None or self.stood_in_for(h.stop_codes[-1]) < 0:
            return -1
        return max(h.holder[pope], -1)

    def stood_in_for(self, code: int) -> int:
        """The card the stop recorded as `code` (`stop_codes`) wanted, which the Pope may stand in for under
        `play.pope_in_lieu`; -1 when it wanted none (at a suit's top, or after a card below a pot's), wanted
        the Pope itself, or wanted the card just below the Pope. `lieu_seat`, `pope_in_lieu_of` and the play
        (`Hand._in_lieu`) all read it."""
        h = self.hand
        if code & 7 in _WANTS_NONE:
            return -1
        succ, pope = h.settings.succ, h.trumps.pope_card
        missing = succ[(code >> 3) & 63]
        # The Pope stands in for a missing card so that the run goes on from the card after it (Peel's example,
        # docs/house-rules.md: "plays 9♦ instead of 10♠ ... then continues with J♠"): not for the Pope itself,
        # nor for the card just below it (8♦, out of the pack), after which the run would go on from the Pope
        # just played: a Pope led after 7♦ is an ordinary lead, and its run goes on from 10♦.
        return -1 if pope in (missing, succ[missing]) else missing

    def lowest_lead(self, seat: int) -> Card:
        """The first of `legal_leads(seat)`: the lowest policy's lead.

        >>> from popejoan_cli.formats.presets import preset
        >>> from popejoan_cli.game.board import Board
        >>> from popejoan_cli.game.deal import seeded_deal
        >>> from popejoan_cli.game.hand import Hand
        >>> rules = preset("modern-stops")
        >>> Hand.deal(rules, 4, 0, Board(rules), seeded_deal(rules, 4, 0, 42)).law.lowest_lead(1).face
        'A♠'
        """
        h = self.hand
        if shortcuts(h.rules).builtin:
            return self._lowest_printed(seat)
        return CARDS[next(self._leads(seat))]

    def _lowest_printed(self, seat: int) -> Card:
        """`lowest_lead` where only the printed lead rules are set (`laws.shortcuts`), fast: what the play-out's
        policy calls once per lead (`lowest_policy`), held to `lowest_lead` by tests/game/test_lead_law.py."""
        h = self.hand
        held = h.ordered[seat]
        if held and h.left[seat] == len(held):  # `_leads`' first card, without its set-up
            stopped = h.after_stop_suit
            if stopped is None:
                return CARDS[held[0]]
            # After a stop: the first card of a suit `suit_ok` allows, when the lead is barred (`_barred`:
            # passing, or a new suit held), that first card is it; else the first card (`suit_ok` allows
            # every suit under "no"). The first allowed card of a suit is also its lowest (`LEAD_KEY` order).
            ok = h.settings.suit_ok[stopped]
            for c in held:
                if ok[SUIT_OF[c]]:
                    return CARDS[c]
            if not h.settings.passing:
                return CARDS[held[0]]
        return CARDS[next(self._leads(seat))]

    def lowest_policy(self) -> Callable[[int], int]:
        """`lowest_lead` as a policy for `push(..., then=...)`, as cheap as it can be called once per lead.
        With every card known (`HandKind.VIRTUAL`) and every lead rule one the first card keeps
        (`laws.shortcuts`: no `play.change_suit`), `lowest_lead` is always the leader's first card in `LEAD_KEY`
        order (its fast path): a `FirstHeld`, which `push` reads without calling it. When a stop passes the lead
        (`play.no_new_suit = "pass"`) under the printed rules alone, it is the first card of an allowed suit that
        passing the lead found the leader by: a `FirstAllowed`, which `push` takes from there. Otherwise it is
        `lowest_lead` itself, which asks the lead law."""
        h = self.hand
        fast = shortcuts(h.rules)
        if h.kind is _VIRTUAL:
            if fast.first_held:
                return FirstHeld(h.ordered)  # `ordered` is changed in place, never replaced
            if h.settings.passing and fast.builtin:
                return FirstAllowed(self._lowest_printed)
        return self._lowest_printed if fast.builtin else self.lowest_lead

    def lead_seats(self) -> list[int]:
        """Who may lead now: the leader; with unseen hands and a passing lead, anyone."""
        h = self.hand
        if h.turn.phase != "lead":
            return []
        if h.passing and h.after_stop_suit is not None and h.kind.real:
            order = [(h.leader + k) % h.seats for k in range(h.seats)]
            return [s for s in order if h.left[s]]
        return [h.leader]

    def open_seats(self) -> list[int]:
        """In an open run (unseen hands): who might hold the run's next card and play it now."""
        h = self.hand
        start = h.turn.seat
        if h.turn.phase != "open" or start is None:
            return []
        if h.clockwise:
            nxt = (start + 1) % h.seats
            return [nxt] if h.has_unknown(nxt) else []
        return [s for s in range(h.seats) if h.has_unknown(s)]

    def pope_in_lieu_of(self) -> int:
        """The card the Pope was played in lieu of (docs/house-rules.md: play.pope_in_lieu), or -1: told from the
        record as the referee decided it (`lieu_seat`), the Pope led after a stop that was not at the top card
        and did not want the Pope itself. The stop before a hand's lead number j (from 0) is its stop j - 1."""
        h = self.hand
        pope = h.trumps.pope_card
        if not h.rules.play.pope_in_lieu or pope is None or h.played_by[pope] < 0 or h.lieu_declined:
            return -1
        leads = 0
        for p in h.plays:
            if p.card == pope:
                if not p.lead or not leads:
                    return -1
                return self.stood_in_for(h.stop_codes[leads - 1])
            leads += p.lead
        return -1

    def _options(self) -> Iterator[tuple[int, Sequence[int]]]:
        """What may be played now, fast: each seat that may play, with its cards (`ruling.rule_on` agrees)."""
        h = self.hand
        turn = h.turn
        if turn.phase == "follow" and turn.seat is not None and turn.card is not None:
            yield turn.seat, (turn.card,)
        elif turn.phase == "open" and turn.card is not None:
            for s in self.open_seats():
                yield s, (turn.card,)
        elif turn.phase == "lead":
            seats = self.lead_seats()
            for s in seats:
                yield s, self.legal_leads(s)
            lieu = self.lieu_seat()
            if lieu >= 0 and lieu not in seats:
                yield lieu, (h.trumps.pope_card or 0,)

    def legal_plays(self) -> list[tuple[int, Card]]:
        """Every (seat, card) that may be played now.

        >>> from popejoan_cli.formats.presets import preset
        >>> from popejoan_cli.game.board import Board
        >>> from popejoan_cli.game.deal import seeded_deal
        >>> from popejoan_cli.game.hand import Hand
        >>> rules = preset("modern-stops")
        >>> hand = Hand.deal(rules, 4, 0, Board(rules), seeded_deal(rules, 4, 0, 42))
        >>> [(seat, card.face) for seat, card in hand.law.legal_plays()], hand.law.lead_seats()
        ([(1, '9♣'), (1, '4♦'), (1, '7♥'), (1, 'A♠')], [1])
        """
        return [(s, CARDS[c]) for s, cards in self._options() for c in sorted(cards)]

    def can_call_stop(self) -> bool:
        """With unseen hands, the table may call a stop where the next card's place is unknown."""
        h = self.hand
        return h.turn.phase == "open"
