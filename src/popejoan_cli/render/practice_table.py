"""Practice as a table: one person and two to seven computer seats, dealt hand by hand from one session seed.

`Practice` is what `popejoan practice` (in the terminal) and `serve --practice` (in the browser) both play: a
throwaway table opened by `opening` (the person in seat 0, the computers after them clockwise, each seated as a
computer at the chosen level, `ComputerSeated`, exactly as `table new --computers` seats one; the last computer
deals first, so the person is eldest), whose hand k is dealt from `deal.session_seed(S, k)` (`next_deal`). The
computers' leads are the ones any table's computers make (`table.computer_leads.computer_lead`), so practice is a
special case of a table with computers, never a second implementation (docs/architecture.md). The terminal keeps
the table in memory (`table.throwaway`); `serve` keeps it in a temporary folder's journal.

The coach (`advice`, `hint`) tells the person the lead the `strong` level would choose from their seat's
observation, and why. In the render layer because the names and the computers' cases are words of the table's
language (`computer_seats`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from popejoan_cli.base.errors import RuleViolation, Said
from popejoan_cli.game.deal import session_seed
from popejoan_cli.game.levels import LEVELS
from popejoan_cli.game.lookahead import LeadValue, coach
from popejoan_cli.game.rules import HouseRules
from popejoan_cli.render.i18n import language, t, tp
from popejoan_cli.render.practice_views import computer_name, hint_lines, your_name
from popejoan_cli.table.events import ComputerSeated, Event, HandDealt, PlayerDescribed, TableOpened
from popejoan_cli.table.pace import PACE, pause
from popejoan_cli.table.view import TableView, told_seed

COUNTERS = 50
"""What each player brings to a practice table (scores may go below it, as in `popejoan practice`)."""


def computer_seats(players: Sequence[str], level: str) -> list[Event]:
    """The events that make each of `players` (just seated) a computer at `level`, described as the noun it is:
    «компьютер» is masculine, so the Russian says «Компьютер 1 сыграл».

    >>> [type(e).__name__ for e in computer_seats(["Computer 1"], "good")]
    ['ComputerSeated', 'PlayerDescribed']
    """
    out: list[Event] = []
    for name in players:
        out += [ComputerSeated(player=name, level=level), PlayerDescribed(player=name, gender="m", forms=_forms(name))]
    return out


def _forms(name: str) -> dict[str, str]:
    """A computer's name in its cases where it is the name practice gives (`computer_name`): «у Компьютера 2», «за
    Компьютером 2»; none for a name a person chose (the catalogue's construction then: «у игрока Робби»)."""
    number = next((n for n in range(1, 9) if computer_name(n) == name), None)
    if number is None or language() == "en":
        return {}
    cases = {"gen": tp("computer's name in the genitive", "Computer {number}", number=number),
             "dat": tp("computer's name in the dative", "Computer {number}", number=number),
             "acc": tp("computer's name in the accusative", "Computer {number}", number=number),
             "ins": tp("computer's name in the instrumental", "Computer {number}", number=number),
             "pre": tp("computer's name in the prepositional", "Computer {number}", number=number)}
    return {case: form.replace("\u00a0", " ") for case, form in cases.items()}  # data: the plain space typed


@dataclass(frozen=True)
class Practice:
    """You against `computers` computers at `level`, hand k dealt from `session_seed(seed, k)`."""

    computers: int
    level: str
    seed: int
    you: str = field(default_factory=your_name)
    """Your name: `You`, or «Вы» in Russian, chosen as the practice starts."""
    pace: float = PACE
    """Seconds before a computer's lead after a run of one card, in the browser (`table.pace.pause`)."""
    computer_names: tuple[str, ...] = ()
    """The computers' names, chosen as the practice starts: "Computer 1" and on, «Компьютер 1» in Russian."""
    table: str = field(default_factory=lambda: tp("practice table", "practice"))
    """The throwaway table's name, which its pages show in their heads: "practice", «тренировка» in Russian (nobody
    types it: no English on a Russian page)."""

    def __post_init__(self) -> None:
        if not 2 <= self.computers <= 7:
            raise ValueError(f"practice is against 2 to 7 computers, not {self.computers}")
        if self.level not in LEVELS:
            raise ValueError(f"unknown level {self.level!r}; levels: {', '.join(LEVELS)}")
        if not self.computer_names:  # frozen: set once, here, as a dataclass sets its own fields
            object.__setattr__(self, "computer_names", tuple(computer_name(i) for i in range(1, self.computers + 1)))

    @property
    def players(self) -> list[str]:
        """The table's players, clockwise: you, then "Computer 1" and on."""
        return [self.you, *self.computer_names]

    @property
    def first_dealer(self) -> str:
        """The last computer deals first, so that you are eldest and lead first."""
        return self.players[-1]

    def opening(self, rules: HouseRules, name: str | None = None) -> list[Event]:
        """The events that open this session's table (named `table` unless `name` says otherwise): the table, and
        each computer seated at the session's level, as `table new --computers` seats them."""
        opened = TableOpened(name=name or self.table, rules=rules.to_dict(), rules_name=rules.name,
                             players=self.players, counters=COUNTERS, dealer=self.first_dealer)
        return [opened, *computer_seats(self.computer_names, self.level)]

    def hand_seed(self, number: int) -> int:
        """The seed of hand `number` (from 1), drawn from S (`deal.session_seed`): told once the hand
        is over, it tells nothing of the next one."""
        return session_seed(self.seed, number)

    def pause(self, view: TableView, speed: str = "normal") -> float:
        """Seconds to wait before the next computer's lead in the browser (`table.pace.pause`, from this `pace`)."""
        return pause(view, speed, self.pace)

    def next_deal(self, view: TableView) -> list[Event]:
        """The next hand, dealt from its seed by whoever's deal it is; refused while a hand is open."""
        rec = view.open_hand
        if rec is not None:
            raise RuleViolation(Said("hand {number} is still being played", number=rec.number),
                                Said("play it out first"))
        if view.ended:
            raise RuleViolation(Said("this practice session has ended"))
        return [HandDealt(seed=self.hand_seed(len(view.hands) + 1), dealer=view.next_dealer)]

    def about(self, view: TableView) -> dict[str, object]:
        """What your page shows of the session: the computers, their level, and the seed of the last
        hand that is over (it replays that hand). Never the session's seed, nor an open hand's: either
        would deal out the computers' cards (`serve` prints the session seed when it stops)."""
        closed = [rec for rec in view.hands if rec.closed]
        return {"level": self.level, "computers": self.computers,
                "hand_seed": told_seed(closed[-1]) if closed else None}

    def advice(self, view: TableView) -> list[LeadValue]:
        """The coach's figures on your lead (`lookahead.coach`: from your seat's observation only, best
        first); none when it is not your lead. A search of some tens of ms: the server runs it off its loop."""
        rec = view.open_hand
        if rec is None or rec.kind.real or self.you not in rec.players:
            return []
        return coach(rec.hand, rec.players.index(self.you))

    def hint(self, view: TableView, values: list[LeadValue] | None) -> dict[str, object]:
        """The hint button's label and, when asked (`values` from `advice`), the coach's words in the table's
        language (`practice_views.hint_lines`)."""
        rec = view.open_hand
        words = None if values is None else hint_lines(values, None if rec is None else rec.hand.rules)
        return {"label": t("Hint"), "lines": words}
