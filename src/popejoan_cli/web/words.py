"""The words the pages show: the narration of the last thing recorded, why each run stopped, and
the settlement, in the command line's own words (`render.narrate`), added to what `table.seen`
says each screen may see.

`board_json(view)` and `seat_json(view, player)` are the JSON the routes send. A narrated line
is given twice: as text (`said`, cards as faces such as "A♠") and as `story`, a list of lines,
each a list of pieces (a string, or {"card": "AS"}) that the pages draw with the suit's symbol
and letter. The narration says only what the command line says at the table: stops told as
`told_reason` tells them, and no seed until the hand is over.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import Any

from popejoan_cli.base.words import choose
from popejoan_cli.game.cards import RANK_NAMES, Card, Suit
from popejoan_cli.game.state import Play
from popejoan_cli.render import i18n, narrate
from popejoan_cli.render.i18n import t, tp
from popejoan_cli.render.levels import LEVELS, level_word
from popejoan_cli.render.narrate import Line
from popejoan_cli.render.practice_views import RU_YOU, YOU, for_you
from popejoan_cli.table.events import CardLed, HandCheckpointed, HandDealt, PaceChosen, RealHandDealt, TallyHandDealt
from popejoan_cli.table.seen import State, board_state, seat_state, shown_hand
from popejoan_cli.table.view import HandRecord, TableView

Piece = str | dict[str, str]


def story(lines: Sequence[Line]) -> list[list[Piece]]:
    """Narrated lines as JSON: text pieces as they are, cards as {"card": "AS"}."""
    return [[{"card": str(p)} if isinstance(p, Card) else p for p in line] for line in lines]


def text(lines: Sequence[Line]) -> str:
    return "\n".join(narrate.plain(line) for line in lines)


def lead_lines(rec: HandRecord, seq: int | None = None) -> list[Line]:
    """What the lead recorded at `seq` (by default the hand's last) did, as `popejoan lead` tells it:
    the run, its awards, the stop, what next, narrated from the referee's record of it."""
    happened = rec.happened
    done = happened[seq if seq is not None else max(happened)]
    return narrate.after_lead(rec.hand.rules, rec.players, done)


def dealt_lines(rec: HandRecord) -> list[Line]:
    """A new hand, as `popejoan deal` tells it, without the seed; the last line says who leads."""
    hand = rec.hand
    lines = narrate.dealt(hand, rec.players, rec.number, rec.dealer)
    if not hand.ended_at_turnup and not hand.kind.real:
        lines[-1] = narrate.said("{player} leads.", player=rec.players[hand.leader])  # in the table's language
    return lines


def last_lines(view: TableView, undone: Sequence[str] = ()) -> list[Line]:
    """The narration of the last thing recorded at the table; `undone`: what its last undo took back
    (`table.undo.last_undone`, each as `popejoan undo` says it), when the journal ends in one."""
    # A pace chosen is a setting of the pages, not a thing said at the table: the narration stays the last move's.
    events = [e for _, e in view.effective if not isinstance(e, HandCheckpointed | PaceChosen)]
    rec = shown_hand(view)
    last = events[-1] if events else None
    # The replay keeps no voided event and no void: the journal going on past what it kept means the
    # last thing recorded was an undo, which every page announces.
    if view.effective and view.effective[-1][0] < view.last_seq:
        return [narrate.undone(undone)] if undone else [[tp("page", "A command was taken back (undo).")]]
    if rec is not None and isinstance(last, CardLed) and rec.happened:
        return lead_lines(rec)
    if rec is not None and isinstance(last, HandDealt | RealHandDealt | TallyHandDealt):
        return dealt_lines(rec)
    if rec is not None and rec.kind.real and rec.hand.plays:
        return real_lines(rec)
    return []


def real_lines(rec: HandRecord) -> list[Line]:
    """A real deck's hand (recorded card by card) as the command line told the table, from the referee's
    record: the run from its lead to the last card or stop recorded, each card, its awards, the stop and what
    comes next, as `play` tells them (`narrate.progress`; a typed line is several events, and the board tells
    the whole run); once settled, how it ended, as `out` or `void` said it."""
    hand, names = rec.hand, rec.players
    labels = {p.name: p.label for p in hand.rules.pots}
    if rec.closed and hand.void:
        return [narrate.said("The hand is void: no settlement, and the board carries over."),
                *narrate.lead_fines(hand.payments, hand.feeds, names, labels)]
    if rec.closed and hand.out is not None:
        return narrate.went_out(hand.rules, names, hand.whole())
    run = rec.last_run()
    return narrate.progress(hand.rules, names, run) if run is not None else narrate.next_step(names, hand.now())


def speak(view: TableView) -> str:
    """Speak the table's language (`base.words.choose`: POPEJOAN_LANG, the table's own, the locale of the
    server's process) before anything is said, as the command line does for each command; returns it."""
    lang = choose(os.environ, view.lang)
    i18n.use(lang)
    i18n.meet(view.people)
    return lang


def _page_words() -> dict[str, str]:
    """The words page.js draws with, by its ids, looked up now (each a constant, for the catalogue test). A word the
    terminal says of the same thing is the terminal's own entry (a column of `ledger` or `history`, practice's
    `Play` mark, a void hand), so that one msgstr serves both; the rest are the pages' own (context `page`)."""
    words = [
        tp("page", "Pope Joan"), tp("page", "Pope Joan: your hand"), tp("page", "Pope Joan: the board"),
        tp("page", "Your hand"), tp("page", "Deal the next hand"), tp("page", "At the table"),
        tp("page", "The board"), tp("page", "Last run"), tp("page", "Standings"), tp("page", "Hand by hand"),
        tp("page", "Runs this hand"), tp("page", "Pots paid this hand"),
        tp("page", "{table} · hand {hand}"), tp("page", "The session has ended."),
        tp("page", "No hand dealt yet: {dealer} deals first."), tp("page", "Hand {hand} is over."),
        tp("page", "Hand {hand} is over. Its seed was {seed}."), tp("page", "Your lead."),
        tp("page", "{player} to lead."), tp("page", "Hand {hand} is being played."), tp("page", "Turn-up {card}"),
        tp("page", "Trump: {suit}"), tp("page", "No hand dealt yet"), tp("page", "No turn-up"),
        tp("page", "Spare hand: {cards}"), tp("page", "No lead yet."),
        tp("ledger column", "Player"), tp("ledger column", "Counters"), tp("practice column", "Cards"),
        tp("page", "{player} (deals)"), tp("page", "{player} ← to lead"), tp("page", "{player} (deals) ← to lead"),
        tp("page", "{player} (you deal)"), tp("page", "{player} ← your lead"),
        tp("page", "{player} (you deal) ← your lead"),
        tp("history column", "Hand"), tp("history column", "Seed"), tp("history column", "Out"), tp("hand", "void"),
        tp("page", "A real deck: your cards are in your hand."),
        tp("page", "No hand is being played."), tp("page", "Your lead: tap a card marked Play, then tap it again."),
        t("Play"), tp("page", "Tap again"), tp("page", "Tap {card} again to lead it, or pick another card."),
        tp("page", "{dealer} deals next."),
        tp("page", "The hand is over; you were left with {cards}."),
        tp("page", "The connection to the table is lost: reconnecting…"),
        tp("page", "No word from the table for a while: reconnecting…"), tp("page", "Computers' pace:"),
        tp("page", "slow"), tp("page", "normal"), tp("page", "fast"), tp("page", "a lead per tap"),
        tp("page", "Next computer's lead"),
        tp("page", "Practice {against} ({level})."),
        tp("page", "Practice {against} ({level}); the last hand's seed was {hand}."),
        tp("page", "refused"), tp("page", "rule: {rule}"), tp("page", "the server refused ({status})"),
        tp("page", "the server cannot be reached"), tp("page", "{rank} of {suit}"),
        tp("page", "{card} sent: waiting for the table to answer…"),
        tp("page", "{card} was not recorded: the server could not be reached"),
        tp("page", "This link no longer opens your page: it was replaced, or you left the table. Ask the banker "
                   "for your link."),
        tp("page", "You deal next."), tp("page", "The hand is over: you went out."),
        tp("page", "{card}: may not be led now; tap to hear why"), tp("page", "{card}: tap again to lead it"),
        tp("page", "{card}: tap to pick it"), tp("page", "How the hand ended"), tp("page", "This hand"),
        tp("page", "{player} (computer)"), tp("page", "The computer leads"),
    ]
    return dict(zip(_PAGE_IDS, words, strict=True))


_PAGE_IDS = (
    "Pope Joan", "Pope Joan: your hand", "Pope Joan: the board", "Your hand", "Deal the next hand", "At the table",
    "The board", "Last run", "Standings", "Hand by hand", "Runs this hand", "Pots paid this hand",
    "{table} · hand {hand}", "The session has ended.", "No hand dealt yet: {dealer} deals first.",
    "Hand {hand} is over.", "Hand {hand} is over. Its seed was {seed}.", "Your lead.", "{player} to lead.",
    "Hand {hand} is being played.", "Turn-up {card}", "Trump: {suit}", "No hand dealt yet", "No turn-up",
    "Spare hand: {cards}", "No lead yet.",
    "Player", "Counters", "Cards", "{player} (deals)", "{player} ← to lead", "{player} (deals) ← to lead",
    "{player} (you deal)", "{player} ← your lead", "{player} (you deal) ← your lead",
    "Hand", "Seed", "Out", "void", "A real deck: your cards are in your hand.", "No hand is being played.",
    "Your lead: tap a card marked Play, then tap it again.", "Play", "Tap again",
    "Tap {card} again to lead it, or pick another card.", "{dealer} deals next.",
    "The hand is over; you were left with {cards}.",
    "The connection to the table is lost: reconnecting…", "No word from the table for a while: reconnecting…",
    "Computers' pace:", "slow", "normal", "fast", "a lead per tap", "Next computer's lead",
    "Practice {against} ({level}).",
    "Practice {against} ({level}); the last hand's seed was {hand}.",
    "refused", "rule: {rule}", "the server refused ({status})", "the server cannot be reached", "{rank} of {suit}",
    "{card} sent: waiting for the table to answer…", "{card} was not recorded: the server could not be reached",
    "This link no longer opens your page: it was replaced, or you left the table. Ask the banker for your link.",
    "You deal next.", "The hand is over: you went out.",
    "{card}: may not be led now; tap to hear why", "{card}: tap again to lead it", "{card}: tap to pick it",
    "How the hand ended", "This hand", "{player} (computer)", "The computer leads",
)
"""The ids page.js looks its words up by, in `_page_words`'s order: each the English of its message (the msgid)."""


def page_words(lang: str) -> dict[str, Any]:
    """All the pages' own words in `lang` (spoken now): the labels, the cards' ranks and suit letters, each suit
    as `♠ п пики`, and the three forms of a count of cards and of counters with the plural rule's name, so that
    page.js says "1 карта", "3 карты", "7 карт" itself."""
    def forms(singular: str, plural: str) -> list[str]:
        return [i18n.template_n(singular, plural, n) for n in (1, 2, 5)]  # one, few, many (English: 1, 2, 2)

    suits = {s.name: i18n.suit_label(s) for s in Suit}  # `♠ S spades`, `♠ п пики`: symbol, letter, name
    ranks = {r: i18n.face(Card.parse(r + "S"))[:-1] for r in RANK_NAMES}
    return {
        "lang": lang, "plural": lang, "words": _page_words(), "ranks": ranks,
        "suits": suits, "letters": {k: v.split(" ")[1] for k, v in suits.items()},
        "names": {k: v.split(" ", 2)[2] for k, v in suits.items()},
        # The same messages as `i18n.cards` and `i18n.counters` (in core.po), their forms for page.js.
        "cards": forms("{n} card", "{n} cards"), "counters": forms("{n} counter", "{n} counters"),
        # Practice's count of computers and their level, in the words of `popejoan practice`'s first line.
        "against": forms("against {n} computer", "against {n} computers"),
        "levels": {level: level_word(level) for level in LEVELS},
        # A card in words for a screen reader ("Ace of spades", «Туз пик»), not "A of spades".
        "rank_words": _rank_words(), "suit_of": _suits_of(),
        # Each rank's gender as the noun it is («валет» m, «дама» f): page.js makes a message's `{?card|m|f}`.
        "genders": {r: i18n.card_gender(Card.parse(r + "S")) for r in RANK_NAMES},
    }


def _rank_words() -> dict[str, str]:
    """Each rank as a screen reader should say it, by its code; the numbers say themselves."""
    named = {"A": tp("card", "Ace"), "J": tp("card", "Jack"), "Q": tp("card", "Queen"), "K": tp("card", "King")}
    return {r: named.get(r, r) for r in RANK_NAMES}


def _suits_of() -> dict[str, str]:
    """Each suit as it follows a rank in "{rank} of {suit}" (Russian puts it in the genitive: «пик»)."""
    return {"C": tp("card of", "clubs"), "D": tp("card of", "diamonds"), "H": tp("card of", "hearts"),
            "S": tp("card of", "spades")}


def _add_words(state: State, view: TableView, you: str | None = None, undone: Sequence[str] = ()) -> State:
    """The narration, each run's line and stop's words, each pot taken and the settlement's lines, beside the
    facts, in the very sentences the command line says (`narrate`); with `you`, told to that player in the second
    person where their name is "You" (practice), as `popejoan practice` tells it; `undone`: what the journal's
    last undo took back (`last_lines`)."""
    rec = shown_hand(view)
    # The presets' pot labels in the table's language (as they were, in English); the trump said once, by its
    # name and then its symbol, as a sentence says a suit («черви ♥», `i18n.suit_named`).
    for pot in (*state["pots"], *state["awards"]):
        pot["label"] = i18n.pot_label(pot["label"])
    if state["trump"] is not None:
        suit = Suit[state["trump"]["suit"]]
        state["trump"]["title"] = i18n.suit_label(suit).split(" ", 2)[2]
        state["trump"]["named"] = i18n.suit_named(suit)

    def told(lines: Sequence[Line]) -> list[Line]:
        return for_you(lines, you) if you else list(lines)

    lines = told(last_lines(view, undone))
    state["said"] = text(lines)
    state["story"] = story(lines)
    if rec is not None:
        _hand_words(state, rec, view, told)
    return state


def _hand_words(state: State, rec: HandRecord, view: TableView,
                told: Callable[[Sequence[Line]], list[Line]]) -> None:
    """The open (or last) hand's words: each run as `lead` told it, its stop's reason as the table may hear it,
    each pot taken as the narration says it («Боря забирает секцию «Валет» (В♣): 1 фишка»), the settlement."""
    hand = rec.hand
    whole = hand.whole()  # the record as the table is told it: each stop's reason as it may hear it
    stops = iter(whole.stops)
    for run, plays in zip(state["runs"], _runs_of(hand.plays), strict=True):
        run["story"] = story(told([narrate.run(plays, rec.players, narrate.lieu_of(hand, plays))]))
        if run["stop"] is not None:
            run["stop"]["why"] = text(told([narrate.stop(hand.rules, next(stops), rec.players, rec.kind.real)]))
    labels = {p.name: p.label for p in hand.rules.pots}
    for shown, won in zip(state["awards"], hand.awards, strict=True):
        shown["story"] = story(told([narrate.award(won, rec.players, labels)]))
    if state["settlement"] is not None:
        labels = {p.name: p.label for p in view.the_rules().pots}
        lines = told(narrate.settlement(hand.rules, rec.players, labels, whole))
        state["settlement"]["said"] = text(lines)
        state["settlement"]["story"] = story(lines)


def _runs_of(plays: Sequence[Play]) -> list[list[Play]]:
    """The hand's plays run by run, each from its lead, as `table.seen` lists the runs."""
    runs: list[list[Play]] = []
    for p in plays:
        if p.lead or not runs:
            runs.append([])
        runs[-1].append(p)
    return runs


def _computers(state: State, view: TableView) -> State:
    """At a table with computers (`ComputerSeated`): each player marked `computer` or not, and `computers`: their
    names and the table's pace (`TableView.pace`), which the pages show and choose. Nothing of their cards: a
    computer's seat is a seat like any other's to every screen (`table.seen`), and has no page of its own."""
    if view.computers:
        for shown in state["players"]:
            shown["computer"] = shown["name"] in view.computers
        state["computers"] = {"names": [p for p in view.players if p in view.computers], "pace": view.pace}
    return state


def board_json(view: TableView, undone: Sequence[str] = ()) -> State:
    """`table.seen.board_state` with the words: `said`, `story`, each stop's `why`, the settlement's lines.

    A player named "You" (or «Вы»: practice's player) is told in the second person here too ("You lead",
    never "You leads"): it depends on the names alone, which the board shows anyway."""
    you = next((name for name in (YOU, RU_YOU) if name in view.players), None)
    state = _computers(_add_words(board_state(view), view, you, undone), view)
    if you is not None:
        state["practice_you"] = you  # the page heads the board "Your lead." for that player («Ваш ход.»)
    return state


def seat_json(view: TableView, player: str, extra: dict[str, Any] | None = None,
              undone: Sequence[str] = ()) -> State:
    """`table.seen.seat_state` with the same words, told to `player`; `extra` is merged in (practice adds its part)."""
    state = _computers(_add_words(seat_state(view, player), view, player, undone), view)
    # The page's head names whose it is, the name in its case («Карты Бори»): page.js cannot decline a name.
    state["you"]["whose"] = tp("page", "{player}'s hand", player=player)
    if extra:
        state.update(extra)
    return state
