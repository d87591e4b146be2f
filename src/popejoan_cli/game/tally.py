"""A tally hand: a real deck whose plays are not recorded, only the pots taken and the cards left.

`TallyHand` is a `Hand` dealt unseen (`Hand.unseen`). What may be paid during play is decided
here (`pay`): a pot its cards can win, not taken yet, whose cards could have been played. Going
out (`go_out`) puts the counts the table tells in place of the cards left and settles with the
same code as a recorded hand (`Settlement._go_out`), so both settle alike.
"""

from __future__ import annotations

from collections.abc import Sequence

from popejoan_cli.base.errors import IllegalPlay, RuleViolation, UsageError
from popejoan_cli.base.words import plural
from popejoan_cli.game.board import Board
from popejoan_cli.game.cards import CARDS, SPARE
from popejoan_cli.game.claims import Verdict, judge
from popejoan_cli.game.hand import Hand
from popejoan_cli.game.rules import HouseRules, PotRule
from popejoan_cli.game.state import OUT_OF_PLAY, PLAYED, REMOVED, UNKNOWN

_GONE = {REMOVED: "is out of the pack", OUT_OF_PLAY: "was turned up and is out of play",
         SPARE: "lies in the spare hand"}
"""Where a pot's card cannot have been played from, and how the refusal says it."""


class TallyHand(Hand):
    """A real hand kept as a tally: the pots each player took, then the cards each one held."""

    __slots__ = ("paid",)

    def __init__(self, rules: HouseRules, seats: int, dealer: int, board: Board, cards: Sequence[Sequence[int]],
                 left: list[int]) -> None:
        super().__init__(rules, seats, dealer, board, cards, left)
        self.paid: dict[str, int] = {}
        """Each pot paid during play, to its seat."""

    # ----------------------------------------------------------------- during play
    def pay(self, seat: int, pots: Sequence[str]) -> None:
        """`seat` showed the cards of `pots` during play and takes them (checked all first)."""
        if self.ended:
            raise RuleViolation("the hand is over: nothing more is paid during play")
        if len(set(pots)) != len(pots):
            raise UsageError("a pot is named twice")
        wanted = [self._payable(seat, name) for name in pots]
        for name, cards in zip(pots, wanted, strict=True):
            for c in cards:
                self.holder[c] = PLAYED
                self.played_by[c] = seat
            self.paid[name] = seat
            self._award(name, seat, self.board.take(name, seat, self.net), "play", tuple(CARDS[c] for c in cards))

    def _payable(self, seat: int, name: str) -> list[int]:
        """The cards that win pot `name`, once it is sure `seat` may take it now."""
        pot = next(p for p in self.rules.pots if p.name == name)
        if pot.wins == "first-out":
            raise IllegalPlay(f"{pot.label} goes to whoever goes out first: `popejoan out NAME --left ...` pays it",
                              rule=f"pot {name}: wins = \"first-out\"")
        taken = self._taken_by(name)
        if taken:
            raise IllegalPlay(f"{pot.label} was already taken this hand ({taken})", rule="a pot is taken once a hand")
        cards = [spec.resolve(self.trump) for spec in pot.cards]
        if any(c is None for c in cards):
            raise IllegalPlay(f"{pot.label} needs a trump, and there is none this hand", rule=f"pot {name}")
        return [self._playable(seat, pot, c) for c in cards if c is not None]

    def _taken_by(self, name: str) -> str:
        if name in self.paid:
            return f"paid to {self.name(self.paid[name])}"
        for a in self.awards:
            if a.pot == name:
                return f"the dealer, {self.name(a.seat)}, took it at the turn-up" if a.at == "turnup" \
                    else f"by {self.name(a.seat)}"
        return ""

    def _playable(self, seat: int, pot: PotRule, card: int) -> int:
        """`card`, once it is sure it could have been played by `seat` to win `pot`."""
        where = self.holder[card]
        face = CARDS[card].face
        if where in _GONE:
            raise IllegalPlay(f"{pot.label} cannot be won this hand: {face} {_GONE[where]}",
                              rule=f"pot {pot.name}")
        by = self.played_by[card]
        if where == PLAYED and by != seat:
            raise IllegalPlay(f"{face} was already shown by {self.name(by)} (for {self._shown_for(card)})",
                              rule="each card is played once, by the player who holds it")
        if where >= 0 and where != seat and (pot.wins == "card" or self.rules.play.pairs == "same-player"):
            raise IllegalPlay(f"{self.name(where)} holds {face} (the turn-up), so only {self.name(where)} "
                              f"can win {pot.label}", rule=f"pot {pot.name}")
        return card

    def _shown_for(self, card: int) -> str:
        labels = {p.name: p.label for p in self.rules.pots}
        return next((labels[a.pot] for a in self.awards if CARDS[card] in a.cards), "another pot")

    # ----------------------------------------------------------------- the end
    def go_out(self, seat: int, left: Sequence[int], pope: int | None = UNKNOWN) -> None:
        """`seat` went out and the others hold `left` cards; `pope`: who holds the Pope (a seat,
        `SPARE`, None for played or nobody, `UNKNOWN` when the table was not asked)."""
        if self.ended:
            raise RuleViolation("the hand is over")
        self._check_counts(seat, left)
        pc = self.pope_card
        if pc is not None and pope != UNKNOWN:
            self._check_pope(seat, left, pc, pope)
            self.holder[pc] = PLAYED if pope is None else pope
        elif pc is not None and self.settings.pope_exempt != "none" and self.holder[pc] == UNKNOWN:
            raise UsageError("who still holds the Pope? popejoan cannot see the cards",
                             "add --pope NAME, --pope spare or --pope none")
        self.left[:] = left  # in place: `run_tables` holds this list
        self._go_out(seat)

    def _check_counts(self, seat: int, left: Sequence[int]) -> None:
        if left[seat]:
            raise RuleViolation(f"{self.name(seat)} went out, so holds no cards, not {left[seat]}")
        for s, n in enumerate(left):
            shown = sum(1 for c in range(52) if self.played_by[c] == s)
            most = self.dealt_sizes[s] - shown
            if not 0 <= n <= most:
                why = f" and showed {plural(shown, 'card')} for pots" if shown else ""
                raise RuleViolation(f"{self.name(s)} cannot hold {n}: they were dealt "
                                    f"{plural(self.dealt_sizes[s], 'card')}{why}",
                                    f"a number from 0 to {max(most, 0)}")

    def _check_pope(self, seat: int, left: Sequence[int], pc: int, pope: int | None) -> None:
        if pope is None:
            return
        if self.holder[pc] == PLAYED:
            by = self.played_by[pc]
            raise RuleViolation(f"{self.name(by)} was paid the Pope ({CARDS[pc].face}) this hand: nobody holds it",
                                "leave out --pope, or say --pope none")
        if pope >= 0 and (pope == seat or not left[pope]):
            raise RuleViolation(f"{self.name(pope)} has no cards left to hold the Pope")
        if self.holder[pc] != UNKNOWN and self.holder[pc] != pope and self.holder[pc] != OUT_OF_PLAY:
            known = self.holder[pc]
            raise RuleViolation(f"the turn-up places the Pope ({CARDS[pc].face}) with "
                                f"{self.name(known) if known >= 0 else 'the spare hand'}")
        if self.holder[pc] == OUT_OF_PLAY:
            raise RuleViolation(f"the Pope ({CARDS[pc].face}) was turned up: nobody holds it", "say --pope none")

    def tally_void(self) -> None:
        """The table says nobody could lead a new suit after a stop: void, where the rules allow it."""
        if not self.passing:
            raise IllegalPlay("a hand is void only when, after a stop, nobody can lead a new suit",
                              rule="play.no_new_suit = \"pass\"")
        if self.ended:
            raise RuleViolation("the hand is over")
        self._end(void=True)


def tally_judge(hand: Hand, seat: int, what: str, amount: int | None) -> Verdict:
    """`claim` in a tally hand, answered from the record: "taken by Dan this hand" or "not taken
    yet" (`cards`, the settlement, as in any hand)."""
    pot = next((p for p in hand.rules.pots if p.name == what), None)
    if pot is None or not isinstance(hand, TallyHand):
        return judge(hand, seat, what, amount)
    won = [a for a in hand.awards if a.pot == pot.name]
    if not won:
        return Verdict(False, f"wrong: {pot.label} has not been taken yet this hand")
    how = {"turnup": " at the turn-up", "out": " by going out first"}.get(won[0].at, "")
    said = f"{pot.label} was taken by {hand.name(won[0].seat)} this hand{how}"
    total = sum(a.amount for a in won if a.seat == seat)
    if won[0].seat != seat:
        return Verdict(False, f"wrong: {said}")
    if amount is not None and amount != total:
        return Verdict(False, f"wrong: {said}; that paid {plural(total, 'counter')}, not {amount}")
    return Verdict(True, f"right: {said}; paid {plural(total, 'counter')}")
