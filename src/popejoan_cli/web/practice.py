"""Practice in the browser: you against two to seven computers, on a real table's journal.

`Practice` says who plays (you in seat 0, the computers after you, clockwise; the last computer
deals first, so you are eldest, as in `popejoan practice`), how the computers play (`bots.LEVELS`)
and the session seed S: hand k is dealt from `deal.session_seed(S, k)`. Every move goes through `tables.record`
on the table the serve command made for the session (`open_table` makes one), so the referee,
the journal and its lock are the ones every command uses. The computers' leads are the bots'
picks (`bots.pick_lead`), chosen from what their seat may know. The coach (`advice`, `hint`) tells
you the lead the `strong` level would choose from your seat's observation, and why: the practice
page's hint button asks for it (`GET /p/{token}/hint`), which no other table answers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from popejoan_cli.base.errors import RuleViolation, Said
from popejoan_cli.game import bots
from popejoan_cli.game.deal import session_seed
from popejoan_cli.game.lookahead import LeadValue, coach
from popejoan_cli.game.rules import HouseRules
from popejoan_cli.render.i18n import t, tp
from popejoan_cli.render.practice_views import computer_name, hint_lines, your_name
from popejoan_cli.store import tables
from popejoan_cli.table import moves
from popejoan_cli.table.events import CardLed, Event, HandDealt, TableOpened
from popejoan_cli.table.view import TableView, told_seed

PACE = 0.6
"""Seconds before a computer's lead after a run of one card, so that a person can follow each run; a longer
run takes longer to read, so the pause grows with it (`Practice.pause`)."""
PER_CARD = 0.25
"""The pause's share for each card of the run just played, at normal speed."""
MOST = 4.0
"""The longest pause at normal speed, whatever the run."""
SPEEDS = {"slow": 2.0, "normal": 1.0, "fast": 0.4}
"""How the pause is stretched at each speed a player may choose on their page; "step" waits for a tap."""
COUNTERS = 50
"""What each player brings to a practice table (scores may go below it, as in `popejoan practice`)."""


def pause(view: TableView, speed: str = "normal", pace: float = PACE) -> float:
    """Seconds to wait before the next computer's lead, at practice or at a served table with computers: longer
    after a longer run (its cards must be read), stretched by `speed` (`SPEEDS`); "step" waits for a tap, not a
    time. Only the public run counts: the pause says nothing of anyone's cards."""
    rec = view.open_hand
    run = rec.last_run() if rec is not None else None
    cards = len(run.plays) if run is not None else 1
    return min(MOST, pace + PER_CARD * (cards - 1)) * SPEEDS.get(speed, 1.0)


@dataclass(frozen=True)
class Practice:
    """You against `computers` computers at `level`, hand k dealt from `seed` + k - 1."""

    computers: int
    level: str
    seed: int
    you: str = field(default_factory=your_name)
    """Your name: `You`, or «Вы» in Russian, chosen as the practice starts (as in `popejoan practice`)."""
    pace: float = PACE
    computer_names: tuple[str, ...] = ()
    """The computers' names, chosen as the practice starts: "Computer 1" and on, «Компьютер 1» in Russian."""
    table: str = field(default_factory=lambda: tp("practice table", "practice"))
    """The throwaway table's name, which its pages show in their heads: "practice", «тренировка» in Russian (nobody
    types it: no English on a Russian page)."""

    def __post_init__(self) -> None:
        if not 2 <= self.computers <= 7:
            raise ValueError(f"practice is against 2 to 7 computers, not {self.computers}")
        if self.level not in bots.LEVELS:
            raise ValueError(f"unknown level {self.level!r}; levels: {', '.join(bots.LEVELS)}")
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

    def opening(self, rules: HouseRules, name: str | None = None) -> TableOpened:
        """The event that opens a practice table for this session (named `table` unless `name` says otherwise)."""
        return TableOpened(name=name or self.table, rules=rules.to_dict(), rules_name=rules.name, players=self.players,
                           counters=COUNTERS, dealer=self.first_dealer)

    def hand_seed(self, number: int) -> int:
        """The seed of hand `number` (from 1), drawn from S (`deal.session_seed`): told once the hand
        is over, it tells nothing of the next one."""
        return session_seed(self.seed, number)

    def pause(self, view: TableView, speed: str = "normal") -> float:
        """Seconds to wait before the next computer's lead (`pause`, from this practice's `pace`)."""
        return pause(view, speed, self.pace)

    def computer_to_lead(self, view: TableView) -> str | None:
        """The computer whose lead it is now, if it is one's."""
        rec = view.open_hand
        if rec is None or rec.kind.real or not rec.hand.lead_due:
            return None
        who = rec.players[rec.hand.law.lead_seats()[0]]
        return None if who == self.you else who

    def computer_lead(self, view: TableView) -> list[Event]:
        """The lead of the computer whose lead it is (nothing if it is nobody's): the bot's pick."""
        who = self.computer_to_lead(view)
        rec = view.open_hand
        if who is None or rec is None:
            return []
        seat, card = bots.bot_lead(rec.hand, self.level, human=rec.players.index(self.you))
        led: CardLed = moves.lead_by(view, rec.players[seat], card)
        return [led]

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


def open_table(where: Path, practice: Practice, rules: HouseRules) -> TableView:
    """Make the session's table at `where` (a new folder) and deal its first hand."""
    tables.record(lambda view: [practice.opening(rules)], where=where, create=True)
    return tables.record(practice.next_deal, where=where).view
