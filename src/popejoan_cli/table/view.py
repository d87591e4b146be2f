"""The table's state, which the fold builds: `TableView`, `HandRecord`, `Count`, the small
checks every step of the fold shares (whose seat, whose deal, is a hand open), and what the
table may be told of a hand while it is open (`told_seed`, `told_reason`).

Split from the fold so that the fold's steps for a real deck (`table.real`) and for a virtual
one (`table.fold`) both build on it without importing each other. Pure: no files, no printing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

from popejoan_cli.base.errors import Problem, RuleViolation, Said, UsageError, allowed
from popejoan_cli.base.limits import int_text
from popejoan_cli.base.marks import Grouped
from popejoan_cli.base.names import PotName, find_name
from popejoan_cli.base.people import Person
from popejoan_cli.base.records import Record
from popejoan_cli.game.cards import Seed
from popejoan_cli.game.hand import Hand
from popejoan_cli.game.playout import FinalResult
from popejoan_cli.game.rules import HouseRules
from popejoan_cli.game.sight import Played
from popejoan_cli.game.sight import told_reason as hand_told_reason
from popejoan_cli.game.state import HandKind, StopReason
from popejoan_cli.table.events import Event, HandCorrected, HistoryCarried
from popejoan_cli.table.redealt import UndoneDeal

MAX_COUNTERS = 1_000_000


class Outcome:
    """What a closed hand came to: all that the ledger, the standings and the exports read of it.

    A long table refereed in full (`check`, `ledger settle`, the exports) keeps this of each closed
    hand instead of its whole state, which is replayed from its events if anything asks for more.
    Its fields are the `Hand`'s own, by the same names (`board` is the board's snapshot)."""

    __slots__ = ("awards", "board", "feeds", "net", "out", "payments", "turnup", "void")

    def __init__(self, hand: Hand) -> None:
        self.awards, self.payments, self.feeds = tuple(hand.awards), tuple(hand.payments), tuple(hand.feeds)
        self.out, self.net, self.turnup, self.void = hand.out, tuple(hand.net), hand.turnup, bool(hand.void)
        self.board = hand.board.snapshot()


class HandRecord:
    """One finished (or open) hand, for the history.

    A closed hand whose checkpoint follows it may be replayed lazily: `hand` is rebuilt from
    its events the first time it is asked for (and must then reproduce the checkpoint).
    """

    def __init__(self, number: int, seq: int, seed: Seed, dealer: str, players: list[str],
                 hand: Hand | None = None, build: Callable[[], HandRecord] | None = None) -> None:
        self.number, self.seq, self.seed, self.dealer, self.players = number, seq, seed, dealer, players
        self.closed = False
        self.end_seq = 0
        """The seq of the checkpoint written with the event that closed the hand (0 while it is open)."""
        self.kind = hand.kind if hand is not None else HandKind.VIRTUAL
        """Virtual, a real deck card by card, or a tally (a lazily replayed hand is always virtual)."""
        self.breaches: list[str] = []
        self._happened: dict[int, Played] | None = {}
        self._hand = hand
        self._build = build
        self._again: Callable[[], HandRecord] | None = None
        self._outcome: Outcome | None = None

    def forget_plays(self, again: Callable[[], HandRecord]) -> None:
        """Let go of a closed hand's record of each action (`happened`) and of its state, keeping what it
        came to (`outcome`); `again` replays the hand when either is asked for."""
        self._happened, self._again = None, again
        if self._hand is not None:
            self._outcome, self._hand, self._build = Outcome(self._hand), None, again

    @property
    def outcome(self) -> Outcome:
        """What the hand came to (so far, while it is open), without replaying a closed one kept so."""
        return self._outcome if self._outcome is not None else Outcome(self.hand)

    @property
    def hand(self) -> Hand:
        if self._hand is None:
            assert self._build is not None
            built = self._build()
            self._hand, self._happened = built.hand, built.happened
        return self._hand

    def what_happened(self, seqs: Iterable[int]) -> Played | None:
        """What the events at `seqs` did in this hand, told as one record (a typed line of a real
        deck is several events), or None if none of them was a lead, a card or a stop."""
        found = [self.happened[seq] for seq in seqs if seq in self.happened]
        if not found:
            return None
        told = found[0]
        for later in found[1:]:
            told = told.then(later)
        return told

    def last_run(self) -> Played | None:
        """The hand's last run as one record: from its lead to now (None before the first lead)."""
        seqs = sorted(self.happened)
        starts = [k for k, seq in enumerate(seqs) if self.happened[seq].plays[:1] and self.happened[seq].plays[0].lead]
        return self.what_happened(seqs[starts[-1]:]) if starts else None

    @property
    def happened(self) -> dict[int, Played]:
        """What each lead, card or stop recorded in this hand did, by its seq: the frozen record
        (`sight.Played`) that the CLI, the shell, the web and undo narrate."""
        if self._hand is None:
            self.hand  # noqa: B018 (a lazily replayed hand is replayed now, its record with it)
        if self._happened is None:
            assert self._again is not None
            self._happened = self._again().happened
        return self._happened


class Count(Record):
    """The banker's physical count of a pot or a player, and what the journal said then."""

    seq: int
    target: str
    counted: int
    journal: int


class TableView:
    """Everything the journal implies. A plain class, made by keyword: a dataclass of this many fields
    is compiled at every command's start-up (issue 27)."""

    def __init__(self, *, name: str = "", rules: HouseRules | None = None, players: list[str] | None = None,
                 balances: dict[str, int] | None = None, board: dict[str, int] | None = None, next_dealer: str = "",
                 hands: list[HandRecord] | None = None, times: dict[int, str] | None = None) -> None:
        self.name = name
        self.rules = rules
        self.rules_name = ""
        self.lang = "en"
        """The language the table speaks, as `table new --lang` recorded it."""
        self.players: list[str] = [] if players is None else players
        self.balances: dict[str, int] = {} if balances is None else balances
        self.board: dict[str, int] = {} if board is None else board
        self.next_dealer = next_dealer
        self.hands: list[HandRecord] = [] if hands is None else hands
        self.final: FinalResult | None = None
        self.final_seq = 0
        self.final_players: list[str] = []
        self.cash_outs: dict[int, int] = {}
        """Counters taken away at each PlayerLeft, by its seq."""
        self.brought_in = 0
        self.bought: dict[str, int] = {}
        """Counters each player brought to the table (at the start and on joining)."""
        self.taken_out: dict[str, int] = {}
        self.problems: list[Problem] = []
        self.counts: list[Count] = []
        """Every physical count, in order (a mismatch is also among `problems`)."""
        self.ended = False
        self.session = 1
        self.continues = ""
        """The table of the previous session, when this one continues it."""
        self.carried_history: HistoryCarried | None = None
        """The earlier sessions' standings an imported ledger brought (for `ledger stats`)."""
        self.last_seq = 0
        self.effective: list[tuple[int, Event]] = []
        self.computers: dict[str, str] = {}
        """The computers seated at the table, each to its level (`ComputerSeated`; `table.computers`)."""
        self.pace = "normal"
        """How fast the computers lead under `serve` (`PaceChosen`; `table.pace.PACES`): "normal" until a page
        chooses."""
        self.people: dict[str, Person] = {}
        """How the table's language speaks of each player described (`PlayerDescribed`): gender and cases."""
        self.times: dict[int, str] = {} if times is None else times
        """When each event was recorded (ISO 8601 with its offset), by seq, as the journal's lines say;
        an event recorded before popejoan kept times has none."""
        self.corrections: list[tuple[int, HandCorrected]] = []
        """Every correction of a past hand with its journal line, in the order recorded (`table.corrections`):
        the events themselves, which the history, the ledger, the exports and `check` tell."""
        self.undone_deals: list[UndoneDeal] = []
        """Every deal an undo took back, in the order dealt (`table.redealt`): what `history` and `check` tell of
        a hand dealt, undone and dealt again."""
        self.write_of: dict[int, int] = {}
        """For each event but the first of a command's write of several: the seq of that write's first
        event (the journal's `more`). `undo` takes back one write, one typed command, whole."""

    def open_number(self) -> int | None:
        """The number of the hand being played; None between hands."""
        rec = self.open_hand
        return rec.number if rec is not None else None

    def time_of(self, seq: int) -> str | None:
        """When the event `seq` was recorded, or None if the journal does not say."""
        return self.times.get(seq) if seq else None

    def dealt_at(self, rec: HandRecord) -> str | None:
        return self.time_of(rec.seq)

    def ended_at(self, rec: HandRecord) -> str | None:
        return self.time_of(rec.end_seq)

    @property
    def open_hand(self) -> HandRecord | None:
        return self.hands[-1] if self.hands and not self.hands[-1].closed else None

    def the_rules(self) -> HouseRules:
        assert self.rules is not None
        return self.rules

    def live_balances(self) -> dict[str, int]:
        """Balances now, counting the open hand's moves so far."""
        out = dict(self.balances)
        rec = self.open_hand
        if rec is not None:
            for name, n in zip(rec.players, rec.hand.net, strict=True):
                out[name] = out.get(name, 0) + n
        return out

    def live_board(self) -> dict[str, int]:
        rec = self.open_hand
        return rec.hand.board.snapshot() if rec is not None else dict(self.board)

    def total_in_play(self) -> int:
        return sum(self.live_balances().values()) + sum(self.live_board().values())

    def conserved(self) -> bool:
        """Players plus board equals what was brought in less what was taken away."""
        return self.total_in_play() == self.brought_in - sum(self.taken_out.values())


def player_named(players: Sequence[str], typed: str) -> str:
    """The player a person means by `typed` (any case, any look-alike letters), or exit 2."""
    found = find_name(typed, players)
    if found is None:
        raise UsageError(Said("no player {typed!r} at this table", typed=typed), allowed(players, typed))
    return found


def seat_of(view: TableView, name: str) -> int:
    return view.players.index(player_named(view.players, name))


def pot_named(rules: HouseRules, typed: str, words: Mapping[str, str] | None = None) -> str | None:
    """The pot a person means by `typed`: its name (`game`), the label the board shows (`First out`), or
    that label as the table's language says it, which `words` gives (each word to its label: «Гейм» to
    `Game`; the CLI looks them up, as this layer cannot). Any case; ё and е alike (`find_name`)."""
    by_name = find_name(typed, [p.name for p in rules.pots])
    if by_name is not None:
        return by_name
    labels = {p.label: p.name for p in rules.pots}
    by_label = find_name(typed, labels)
    if by_label is not None:
        return labels[by_label]
    spoken = {word: labels[label] for word, label in (words or {}).items() if label in labels}
    by_word = find_name(typed, spoken)
    return spoken[by_word] if by_word is not None else None


def pot_said(rules: HouseRules, name: str) -> PotName:
    """The pot `name` for a sentence: its name in English, its board's label in another language."""
    return PotName(name, next((p.label for p in rules.pots if p.name == name), name))


def _only_between(what: str, number: int) -> str:
    """The refusal "WHAT only between hands" as one whole sentence for each thing the table does between
    hands (Russian cannot put "players join" into a frame sentence); another `what` is put in as it is."""
    sentences = {
        "a hand is dealt": Said("a hand is dealt only between hands: hand {number} is still being played",
                                number=number),
        "players join": Said("players join only between hands: hand {number} is still being played", number=number),
        "players leave": Said("players leave only between hands: hand {number} is still being played",
                              number=number),
        "the final deal": Said("the final deal only between hands: hand {number} is still being played",
                               number=number),
        "the session ends": Said("the session ends only between hands: hand {number} is still being played",
                                 number=number),
    }
    return sentences.get(what) or f"{what} only between hands: hand {number} is still being played"


def between_hands(view: TableView, what: str) -> None:
    if view.open_hand is not None:
        raise RuleViolation(_only_between(what, view.open_hand.number),
                            Said("finish the hand first (or undo its deal)"))
    if view.ended:
        # Whatever was asked (a deal, a join, a leave, another `end`), the answer is the same one plain line:
        # which session ended, by what, and the command that starts the next (`session new` continues the
        # current table; `table new --from FILE` does it from an export elsewhere).
        raise RuleViolation(Said("the session {table!r} has ended (`popejoan end`); start the next with "
                                 "`popejoan session new`", table=view.name))


def deal_turn(view: TableView, dealer: str) -> int:
    """The dealer's seat, once it is sure a hand may be dealt now and that it is their deal."""
    between_hands(view, "a hand is dealt")
    if dealer != view.next_dealer:
        raise RuleViolation(Said("it is {dealer}'s deal, not {typed}'s", dealer=view.next_dealer, typed=dealer),
                            Said("the deal passes to the left after each hand"))
    return seat_of(view, dealer)


def close_hand(view: TableView, rec: HandRecord) -> None:
    rec.closed = True
    rec.hand.ledger.shed()
    for name, n in zip(rec.players, rec.hand.net, strict=True):
        view.balances[name] += n
    view.board = rec.hand.board.snapshot()
    dealer = rec.players.index(rec.dealer)
    view.next_dealer = rec.players[(dealer + 1) % len(rec.players)]



def need_hand(view: TableView) -> HandRecord:
    rec = view.open_hand
    if rec is None:
        raise RuleViolation(Said("no hand is being played"), Said("deal one first: `popejoan deal`"))
    return rec



def told_seed(rec: HandRecord) -> Seed | None:
    """The hand's seed as the table may see it: none while the hand is open, since the seed
    would tell every hand; the seed itself once it is over."""
    return rec.seed if rec.closed else None


def told_reason(rec: HandRecord, reason: StopReason) -> StopReason:
    """A stop's reason as the table may see it while the hand is open.

    Under clockwise follow the table saw only that the next player could not go on, not that
    the card lies in the spare hand: "spare" is told as "not-in-turn" until the hand is over
    (`sight.told_reason`, the one place this is decided).
    """
    return reason if rec.closed else hand_told_reason(rec.hand, reason)


def check_counters(n: int, negative: bool = False) -> None:
    if not (-MAX_COUNTERS if negative else 0) <= n <= MAX_COUNTERS:
        low = -MAX_COUNTERS if negative else 0
        raise UsageError(Said("{n} is out of range for a number of counters", n=int_text(n)),
                         Said("allowed: {least} to {most}", least=Grouped(low), most=Grouped(MAX_COUNTERS)))

