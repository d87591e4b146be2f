"""The fold's steps for a real deck recorded card by card (the `events` of a real hand).

Split from `fold` for size; `fold.apply` hands these events here. The referee checks
what can be known from the record and never guesses; it asks only who holds the Pope.
`line` reads one typed `play` line (a run round the table) into those events, checked in
order before anything is written; `already_stopped` says when a `stop` has nothing to record
(the run already stopped, or the hand is over).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import NoReturn

from popejoan_cli.base.errors import Problem, RuleViolation, Said, SaidN, UsageError
from popejoan_cli.game import tally
from popejoan_cli.game.board import Board
from popejoan_cli.game.cards import SPARE, Card, hand_sizes
from popejoan_cli.game.hand import PLAYED, Hand, Played
from popejoan_cli.game.state import HandKind
from popejoan_cli.table.events import (
    CardPlayed,
    Event,
    HandShown,
    OutDeclared,
    RealHandDealt,
    StopCalled,
    VoidDeclared,
)
from popejoan_cli.table.view import HandRecord, TableView, close_hand, deal_turn, need_hand, seat_of

TALLIED = Said("this hand is kept as a tally: record pots with `popejoan pay NAME POT`, and the end "
              "with `popejoan out NAME --left ...`")
REAL_DECK = Said("this hand is dealt from a real deck: record each card with `popejoan play NAME CARD`")
"""A lead asked of a real deck's hand, whose cards only the table sees: the one sentence for every
surface that leads (`popejoan lead`, a player's page under `serve`)."""


def not_led(rec: HandRecord) -> RuleViolation:
    """The refusal of a lead (`popejoan lead`, a page's) in a hand the table records itself: a real deck's,
    card by card with `play`, or a tally's, which records no card at all."""
    return RuleViolation(REAL_DECK if rec.kind.records_cards else TALLIED)


def apply_real(view: TableView, seq: int, event: Event) -> None:
    """A hand from a real deck: the referee checks what can be known and never guesses."""
    if isinstance(event, RealHandDealt):
        deal_unseen(view, seq, event.dealer, event.turnup, first=event.first)
        return
    rec = real_hand(view, shown=isinstance(event, HandShown))
    hand = rec.hand
    if not rec.kind.records_cards:
        _tallied(view, rec, event)
        return
    if isinstance(event, CardPlayed):
        rec.happened[seq] = _card(view, hand, event)
    elif isinstance(event, StopCalled):
        rec.happened[seq] = _stop(hand)
    elif isinstance(event, HandShown):
        seat = seat_of(view, event.player)
        paid = len(hand.payments) + len(hand.feeds)
        breaches = hand.show(seat, [Card.parse(c) for c in event.cards], event.player, fine=not rec.closed)
        new = [Said("{breach} ({rule})", breach=b.message, rule=b.rule) for b in breaches]
        rec.breaches += new
        # Under play.improper_lead's fines (docs/house-rules.md) a lead the show fined was allowed, and is paid: the
        # record's new fines say so; only a breach left unpaid (shown after the settlement) is a problem.
        if len(hand.payments) + len(hand.feeds) == paid:
            view.problems += [Problem(b, key=f"seq {seq}", hint=Said("a lead broke the rules")) for b in new]
    elif isinstance(event, VoidDeclared):
        hand.declare_void()
        close_hand(view, rec)
    elif isinstance(event, OutDeclared):
        _out(view, hand, event)
        close_hand(view, rec)


def _tallied(view: TableView, rec: HandRecord, event: Event) -> None:
    """A tally hand records no card: of the real deck's calls it takes only the void."""
    hand = rec.hand
    if not isinstance(event, VoidDeclared) or hand.kind.records_cards:
        raise RuleViolation(TALLIED)
    tally.void(hand)
    close_hand(view, rec)


def settled_already(rec: HandRecord) -> RuleViolation:
    """`out` typed once the real hand `rec` is settled (a second `out`, a tally's counts given again):
    which hand, how it ended, and what may be done now, not that no hand is being played."""
    hand = rec.hand
    if hand.out is not None:
        said = Said("hand {number} is already settled: {player} went out", number=rec.number,
                    player=rec.players[hand.out])
    elif hand.void:
        said = Said("hand {number} is already settled: it was void", number=rec.number)
    else:
        said = Said("hand {number} is already settled", number=rec.number)
    if not rec.kind.records_cards:
        return RuleViolation(said, Said("deal the next hand with `popejoan deal --real --tally`; to change how "
                                        "this one ended, `popejoan undo`"))
    return RuleViolation(said, Said("deal the next hand with `popejoan deal --real`; to change how this one "
                                    "ended, `popejoan undo`"))


def real_hand(view: TableView, *, shown: bool = False) -> HandRecord:
    """The real hand a card, a stop or (with `shown`) a show is about; refused otherwise."""
    # Cards may be shown once the hand is settled, until the next deal.
    settled = view.hands[-1] if view.hands and shown else None
    rec = view.open_hand or settled or need_hand(view)
    if not rec.kind.real:
        raise RuleViolation(Said("this hand was dealt by popejoan, which knows every card: lead with "
                                 "`popejoan lead CARD` and it plays the follows"))
    return rec


def already_stopped(hand: Hand) -> str | None:
    """What a `stop` typed after the run has stopped, or after the hand has ended (a player's last
    card, a void, a settlement), amounts to: nothing, and the words that say so; None when the
    stop is for the fold to judge."""
    if hand.ended:
        if hand.out is not None:
            return Said("{player} has played their last card: the hand is over, nothing to record",
                        player=hand.names[hand.out])
        return Said("the hand is over: nothing to record")
    if hand.law.can_call_stop() or not (hand.stops and hand.lead_due):
        return None
    done = hand.stops[-1]
    return _ALREADY[done.reason](done.card)  # a sentence for every reason a stop can have


# One whole sentence for each reason, its code in brackets as the English note has always shown
# it, so that another language can say the reason in words.
_ALREADY: dict[str, Callable[[Card], Said]] = {
    "top": lambda card: Said("the run had already stopped at {card} (top): nothing to record", card=card),
    "removed": lambda card: Said("the run had already stopped at {card} (removed): nothing to record", card=card),
    "spare": lambda card: Said("the run had already stopped at {card} (spare): nothing to record", card=card),
    "turnup": lambda card: Said("the run had already stopped at {card} (turnup): nothing to record", card=card),
    "played": lambda card: Said("the run had already stopped at {card} (played): nothing to record", card=card),
    "not-in-turn": lambda card: Said("the run had already stopped at {card} (not-in-turn): nothing to record",
                                     card=card),
    "called": lambda card: Said("the run had already stopped at {card} (called): nothing to record", card=card),
    "below": lambda card: Said("the run had already stopped at {card} (below): nothing to record", card=card),
}


def line(view: TableView, typed: list[tuple[str, str | None]]) -> tuple[list[Event], list[str]]:
    """One typed line of a real hand: each (player, card), or (player, None) for `stop`.

    The events to write, checked card by card in order exactly as the fold checks them (on a
    copy of the hand: the first refusal raises and nothing is written), and the words for each
    `stop` that came after the run had already stopped, which writes nothing.
    """
    rec = real_hand(view)
    if not rec.kind.records_cards:
        raise RuleViolation(TALLIED)
    probe = copy.deepcopy(rec.hand)
    events: list[Event] = []
    notes: list[str] = []
    for player, card in typed:
        if card is None:
            note = already_stopped(probe)
            if note is not None:
                notes.append(note)
                continue
            event: Event = StopCalled()
            _stop(probe)
        else:
            event = CardPlayed(player=player, card=card)
            _card(view, probe, event)
        events.append(event)
    return events, notes


def deal_unseen(view: TableView, seq: int, dealer_name: str, turnup_text: str,
                kind: HandKind = HandKind.CARD_BY_CARD, first: str = "") -> HandRecord:
    """A real deck dealt (a hand of `kind`, unseen): the dressing and the turn-up apply at once; `first`, under
    `play.first_lead`, who the table says holds the called card."""
    rules = view.the_rules()
    dealer = deal_turn(view, dealer_name)
    mode = rules.deal.turnup
    turnup = Card.parse(turnup_text) if turnup_text else None
    if mode == "none" and turnup is not None:
        raise UsageError(Said("{rules} turns no card up", rules=view.rules_name), Said("leave out --turnup"))
    if mode != "none" and turnup is None:
        raise UsageError(Said("{rules} turns the last card up: say which", rules=view.rules_name),
                         Said("e.g. {example}", example="--turnup 10C"))
    if turnup is not None and turnup in rules.removed:
        raise UsageError(Said("{card} is out of the pack under {rules}", card=turnup, rules=view.rules_name))
    n = len(view.players)
    spare = rules.deal.spare_position if rules.deal.spare_hand else None
    sizes, spare_size, last = hand_sizes(rules.deck_size() - (mode == "out-of-play"), n, dealer, spare)
    holder = last if mode == "in-hand" else None
    if first and rules.play.first_lead == "eldest":
        raise UsageError(Said("{rules} lets eldest lead first", rules=view.rules_name), Said("leave out --first"))
    first_seat = seat_of(view, first) if first else None
    hand = Hand.unseen(rules, n, dealer, Board(rules, view.board), sizes, spare_size, turnup, holder, first_seat,
                       kind)
    hand.names = list(view.players)
    rec = HandRecord(len(view.hands) + 1, seq, "", dealer_name, list(view.players), hand=hand)
    view.hands.append(rec)
    if hand.ended:
        close_hand(view, rec)
    return rec


def _card(view: TableView, hand: Hand, event: CardPlayed) -> Played:
    """One card the table played, as the referee rules on it (`Hand.play`): its refusal, in its words, is the one
    the table hears, a card after the hand is over included."""
    return hand.play(seat_of(view, event.player), Card.parse(event.card))


def _stop(hand: Hand) -> Played:
    """The table calls a stop: the referee's to allow, and to refuse in its own words (`Hand.call_stop`)."""
    return hand.call_stop()


def _out(view: TableView, hand: Hand, event: OutDeclared) -> None:
    seat = seat_of(view, event.player)
    if hand.out != seat:
        _refuse_out(hand, seat, event.player)
    pope = hand.pope_card
    known = hand.holder[pope] if pope is not None else PLAYED
    placed = _holders_named(view, hand, event.holders)
    if hand.awaiting_pope and (known >= 0 or known == SPARE):
        # Cards shown since the last card was played placed the Pope: nothing to ask.
        assert pope is not None
        _settle_pope_shown(hand, pope, known, event.pope, placed)
    elif hand.ledger.pope_unplaced():
        _settle_pope_named(view, hand, event.pope, placed)
    else:
        if event.pope and pope is not None:
            _check_pope_named(hand, pope, event.pope)
        if hand.awaiting_pope:  # only pots' cards to place (settle.unplayed_card)
            hand.ledger.settle(None if known < 0 else known, placed)


def _holders_named(view: TableView, hand: Hand, typed: dict[str, str]) -> dict[str, int]:
    """`out --holders POT=NAME,...` (docs/house-rules.md: settle.unplayed_card): pot names to seats or `SPARE`;
    given when nothing waits for it, refused."""
    if typed and not hand.awaiting_pope:
        raise UsageError(Said("--holders names who holds an unplayed pot's card, which this settlement does not "
                              "ask"), Said("leave out --holders"))
    return {pot: SPARE if who == "spare" else seat_of(view, who) for pot, who in typed.items()}


def _refuse_out(hand: Hand, seat: int, player: str) -> NoReturn:
    """`player` (at `seat`) was declared out, but the record says otherwise: someone else went out, or they still
    hold cards."""
    if hand.out is not None:
        raise RuleViolation(Said("{out} went out, not {player}", out=hand.names[hand.out], player=player))
    raise RuleViolation(SaidN("the record shows {player} still has {n} card",
                              "the record shows {player} still has {n} cards", hand.left[seat],
                              player=player), Said("record the rest of the plays first"))


def _settle_pope_shown(hand: Hand, pope: int, known: int, named: str, placed: dict[str, int]) -> None:
    """The hand settled with the Pope where the shown cards placed it (`known`: a seat, or the spare hand); a
    `--pope` given anyway must name that place."""
    if named and named != (hand.names[known] if known >= 0 else "spare"):
        raise RuleViolation(Said("the shown cards place the Pope ({card}) with {player}", card=Card(pope),
                                 player=hand.names[known]) if known >= 0 else
                            Said("the shown cards place the Pope ({card}) with the spare hand", card=Card(pope)))
    hand.ledger.settle(known, placed)


def _settle_pope_named(view: TableView, hand: Hand, named: str, placed: dict[str, int]) -> None:
    """The hand settled with the Pope where `--pope` says it is, which the record cannot tell: a player, the spare
    hand, or nobody ("none")."""
    if not named:
        raise UsageError(Said("who still holds the Pope? popejoan cannot see the cards"),
                         Said("add --pope NAME, --pope spare or --pope none"))
    holder = None if named == "none" else SPARE if named == "spare" else seat_of(view, named)
    hand.ledger.settle(holder, placed)


def _check_pope_named(hand: Hand, pope: int, named: str) -> None:
    """After a settled hand, a `--pope` given anyway must agree with the record."""
    by = hand.played_by[pope]
    if by >= 0 and named != "none":
        raise RuleViolation(Said("{player} played the Pope ({card}); nobody holds it", player=hand.names[by],
                                 card=Card(pope)), Said("leave out --pope, or say --pope none"))
    known = hand.holder[pope]
    where = hand.names[known] if known >= 0 else "spare" if known == SPARE else "none"
    if by < 0 and known != PLAYED and named not in ("", where):
        raise RuleViolation(Said("the record says otherwise about who holds the Pope ({card})", card=Card(pope)))
