"""The board: the pots and the counters on them.

`Board` owns dressing, taking a whole pot, sharing one (with the odd-counter rule) and
carry-over, which is simply that counters nobody wins stay where they are. Every method
moves counters between the board and the players' `net` list, so the sum of the board
plus the players never changes: the conservation the tests check.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from popejoan_cli.base.errors import SaidN
from popejoan_cli.game.rules import HouseRules


class Board:
    """Counters on each pot, in the order the rules list the pots."""

    __slots__ = ("counters", "order")

    def __init__(self, rules: HouseRules, counters: Mapping[str, int] | None = None) -> None:
        found = rules.cache.get("pot order")
        if not isinstance(found, tuple):
            names = tuple(p.name for p in rules.pots)
            found = rules.cache["pot order"] = (names, dict.fromkeys(names, 0))
        order, empty = found
        self.order: tuple[str, ...] = order
        if not counters:
            self.counters: dict[str, int] = empty.copy()  # copying a dict is quicker than building one
            return
        given = dict(counters)
        self.counters = {name: int(given.pop(name, 0)) for name in self.order}
        if given:
            # A slip of the code that builds the board (the files' and options' pots are checked before).
            raise ValueError(SaidN("no such pot on this board: {pots}", "no such pots on this board: {pots}",
                                   len(given), pots=", ".join(sorted(given))))

    def total(self) -> int:
        return sum(self.counters.values())

    def snapshot(self) -> dict[str, int]:
        return dict(self.counters)

    def dress(self, rules: HouseRules, seats: int, dealer: int, net: list[int]) -> dict[str, int]:
        """Put each pot's stake on it (dressing the board), each player paying into `net` what the rules say;
        returns what each pot received."""
        paid, dressed = self.dress_hand(rules, seats, dealer)
        for seat in range(seats):
            net[seat] += paid[seat]
        return dressed

    def dress_hand(self, rules: HouseRules, seats: int, dealer: int) -> tuple[list[int], dict[str, int]]:
        """`dress` as a hand starts, every player's net still 0: the nets after dressing, and what each pot
        received, from a plan made once per table size and dealer."""
        key = ("dress", seats, dealer)
        plan = rules.cache.get(key)
        if not isinstance(plan, tuple):
            plan = rules.cache[key] = _dress_plan(rules, seats, dealer)
        dressed, paid, amounts = plan
        counters = self.counters
        if any(counters.values()):
            for name, amount in amounts.items():
                counters[name] += amount
        else:  # an empty board (a fresh one): each pot receives its stake, in one call
            counters.update(amounts)
        return list(paid), dict(dressed)

    def take(self, pot: str, seat: int, net: list[int]) -> int:
        """The whole pot goes to `seat`; returns the amount (0 if it was empty)."""
        amount = self.counters[pot]
        self.counters[pot] = 0
        net[seat] += amount
        return amount

    def share(self, pot: str, sharers: Sequence[int], eldest_order: Sequence[int], odd: str,
              net: list[int]) -> list[tuple[int, int]]:
        """Share a pot between distinct `sharers`; returns (seat, amount) for each.

        Odd counters stay on the pot (`odd = "stay"`) or all go to the sharer who comes
        first in `eldest_order` (clockwise from eldest, the dealer last).
        """
        amount = self.counters[pot]
        k = len(sharers)
        each, rest = divmod(amount, k)
        got = dict.fromkeys(sharers, each)
        if rest and odd == "eldest":
            first = min(sharers, key=eldest_order.index)
            got[first] += rest
            rest = 0
        self.counters[pot] = rest
        for seat, n in got.items():
            net[seat] += n
        return [(seat, got[seat]) for seat in sorted(sharers, key=eldest_order.index)]


def _dress_plan(rules: HouseRules, seats: int, dealer: int) -> tuple[dict[str, int], tuple[int, ...], dict[str, int]]:
    """What dressing puts on each pot, and what each player pays for it (the dealer alone, or each player and
    the dealer `dealer_multiplier` times); and the pots that receive something (what `dress` adds: an empty
    board takes them in one `update`)."""
    each = rules.stakes.payer == "each"
    mult = rules.stakes.dealer_multiplier if each else 1
    dressed: dict[str, int] = {}
    for pot in rules.pots:
        dressed[pot.name] = dressed.get(pot.name, 0) + (pot.stake * (seats - 1 + mult) if each else pot.stake)
    total = sum(pot.stake for pot in rules.pots)
    paid = tuple(-total * (mult if seat == dealer else 1) if each else -total if seat == dealer else 0
                 for seat in range(seats))
    amounts = {name: n for name, n in dressed.items() if n}
    return dressed, paid, amounts
