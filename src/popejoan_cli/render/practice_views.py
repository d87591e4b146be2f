"""Rich renderables for `popejoan practice`: the table in view before each of your leads.

Builds renderables from a `Hand` and the session's scores; prints nothing and reads nothing.
Everything a player needs to choose a lead is on one panel: the hand number (no seed: it
would deal out the computers' cards), the dealer, the spare hand's size, the turn-up and
trump (symbol and letter, never colour alone), the scores, the pots, what has been played
in each suit, and your hand sorted and numbered with each legal lead marked "Play". Names
come from users, so they go into `Text`
(which parses no markup) or are escaped. `hint_lines` are the coach's words on your lead (typed
`hint`, or the practice page's hint button): the lead `strong` would choose, and why.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from popejoan_cli.base.errors import Said
from popejoan_cli.game.cards import CARDS, SPARE, Card, Suit, sort_key
from popejoan_cli.game.hand import OUT_OF_PLAY, PLAYED, Hand
from popejoan_cli.game.lookahead import LeadValue
from popejoan_cli.game.rules import HouseRules
from popejoan_cli.render import i18n
from popejoan_cli.render.figures import decimal, signed
from popejoan_cli.render.flow import Phrases, listing
from popejoan_cli.render.hand_views import card_text, cards_line
from popejoan_cli.render.i18n import pot_label, t, tn, tp
from popejoan_cli.render.levels import level_word
from popejoan_cli.render.narrate import Line
from popejoan_cli.render.typeset import NBSP, typeset

PLAY = "Play"
"""The mark on each card you may lead now (in English; `play_mark` gives it in the table's language)."""
YOU = "You"
"""Your name when none is typed, in English (`your_name` gives it in the language practice speaks)."""


def your_name() -> str:
    """The name practice gives you when `--name` is not typed, in the language it speaks: `You`, «Вы».
    Chosen once, as the practice starts; from then on it is a name like any typed one."""
    return tp("practice name", "You")


def computer_name(number: int) -> str:
    """`Computer 1`, «Компьютер 1»: the computers' names, chosen as the practice starts."""
    # A name is what people type back: it keeps the plain space (a sentence that says it sets its own, typeset.py).
    return t("Computer {number}", number=number).replace(NBSP, " ")


def play_mark() -> str:
    return t("Play")


@dataclass(frozen=True)
class Session:
    """What the panel says about the session around the hand: read-only, for rendering."""

    names: Sequence[str]
    me: int
    number: int
    hands: int
    title: str
    level: str
    scores: Sequence[int]
    """Running scores before this hand; the hand's own `net` is added for display."""


def numbered(hand: Hand, seat: int) -> list[Card]:
    """`seat`'s cards in the order shown (suit, then rank): card n is `numbered(...)[n - 1]`. From the
    seat's observation (`Hand.observe`), the only way its cards leave the hand."""
    return sorted((CARDS[c] for c in hand.observe(seat).own), key=lambda c: sort_key(c, hand.ace_high))


def legal_leads(hand: Hand, seat: int) -> set[Card]:
    """The referee's answer, and only the referee's: what `seat` may lead now (its observation's)."""
    return {CARDS[c] for c in hand.observe(seat).legal}


def turnup_where(hand: Hand, names: Sequence[str], me: int) -> str:
    """Where the turn-up is now: in a hand, the spare hand, played, or out of play."""
    up = hand.turnup
    if up is None:
        return ""
    h = hand.holder[up]
    if h == me:
        return t("in your hand")
    if h >= 0:
        return t("in {player}'s hand", player=names[h])
    if h == SPARE:
        return t("in the spare hand")
    return t("played") if h == PLAYED else t("out of play") if h == OUT_OF_PLAY else ""


def facts(hand: Hand, names: Sequence[str], me: int) -> Text:
    """Dealer, spare hand, turn-up and trump: one line, always in view."""
    # English has always said "cards" here, even for one: both English forms are the same.
    text = Text(tn("Dealer: {dealer} · Spare hand: {n} cards · ", "Dealer: {dealer} · Spare hand: {n} cards · ",
                   hand.spare_size, dealer=names[hand.dealer]))
    if hand.turnup is None:
        text.append(t("No turn-up, no trump"))
        return text
    text.append(tp("practice", "Turn-up: "))
    text.append_text(card_text(hand.turnup))
    where = turnup_where(hand, names, me)
    text.append(f" ({where})" if where else "")
    text.append(tp("practice", " · Trump: "))
    text.append(i18n.suit_named(hand.turnup.suit), style="bold")  # after its card: the suit once
    return text


def scores_table(hand: Hand, session: Session) -> Table:
    """Each player: cards left, this hand so far, and the running score."""
    table = Table(box=None, pad_edge=False, header_style="bold")
    for col, just in ((tp("practice column", "Player"), "left"), (tp("practice column", "Cards"), "right"),
                      (tp("practice column", "This hand"), "right"), (tp("practice column", "Score"), "right")):
        table.add_column(col, justify=just)  # type: ignore[arg-type]
    for seat, name in enumerate(session.names):
        mine = seat == session.me  # your own row: the same English, a verb of the second person in Russian
        # "you" where the name does not say it already: «Аня (вы, ваш ход)», but «Вы (ваш ход)», never «Вы (вы, …)».
        marks = [m for m, on in ((tp("practice mark", "you"), mine and name not in (YOU, RU_YOU)),
                                 (tp("practice mark, yours", "dealer") if mine else tp("practice mark", "dealer"),
                                  seat == hand.dealer),
                                 (tp("practice mark, yours", "to lead") if mine else tp("practice mark", "to lead"),
                                  hand.lead_due and seat == hand.leader)) if on]
        label = Text(name)
        if marks:
            label.append(f" ({', '.join(marks)})", style="dim")
        table.add_row(label, str(hand.left[seat]), signed(hand.net[seat]),
                      signed(session.scores[seat] + hand.net[seat]))
    return table


def board_text(hand: Hand, board: Mapping[str, int] | None = None) -> Phrases:
    """`Board: Pope 6 · Matrimony 2 · ... (15 counters)`, wrapped between two pots (`First out 1` whole)."""
    counters = hand.board.snapshot() if board is None else board
    pots = [f"{pot_label(p.label)} {counters.get(p.name, 0)}" for p in hand.rules.pots]
    # English has always said "counters" here, even for one: both English forms are the same.
    return listing(tn("Board: {pots} ({n} counters)", "Board: {pots} ({n} counters)", sum(counters.values()),
                      pots=" · ".join(pots)), pots, with_tail=True)


def history_table(hand: Hand) -> Table:
    """The table history: each suit's cards played so far, in rank order."""
    played = [p.card for p in hand.plays]
    table = Table(box=None, pad_edge=False, show_header=False)
    table.add_column("Suit", style="bold")
    table.add_column("Played")
    for suit in Suit:
        cards = [c for c in played if c.suit == suit]
        line = cards_line(cards, hand.ace_high) if cards else Text(t("none yet"), style="dim")
        removed = sorted((c for c in hand.rules.removed if c // 13 == suit), key=lambda c: sort_key(c, hand.ace_high))
        if removed:
            line.append(t(" · out of the pack: "), style="dim")
            line.append_text(cards_line([CARDS[c] for c in removed], hand.ace_high))
        table.add_row(i18n.suit_named(suit), line)
    return table


def hand_table(hand: Hand, seat: int) -> Table:
    """Your cards, a column per suit, each numbered; every legal lead is marked `Play`."""
    cards = numbered(hand, seat)
    legal = legal_leads(hand, seat)
    table = Table(box=None, pad_edge=False, header_style="bold")
    columns: list[list[Text]] = []
    for suit in Suit:
        table.add_column(i18n.suit_named(suit))  # `spades ♠`: where ♠ is written as its letter, not `п п пики`
        cells = []
        for n, c in enumerate(cards, start=1):
            if c.suit != suit:
                continue
            cell = Text(f"{n:>2} ")
            cell.append_text(card_text(c))
            if c in legal:
                cell.append(f" {play_mark()}", style="bold reverse")
            cells.append(cell)
        columns.append(cells)
    for row in range(max((len(col) for col in columns), default=0)):
        table.add_row(*(col[row] if row < len(col) else Text("") for col in columns))
    return table


def status_view(hand: Hand, session: Session) -> RenderableType:
    """The panel shown before each of your leads."""
    me = session.me
    legal = legal_leads(hand, me)
    parts: list[RenderableType] = [
        facts(hand, session.names, me),
        Text(""),
        scores_table(hand, session),
        board_text(hand),
        Text(""),
        Text(tn("Table history · {n} card played", "Table history · {n} cards played", len(hand.plays)),
             style="bold"),
        history_table(hand),
        Text(""),
        Text(tn("Your hand · {n} cards · {legal} marked {play}: type a card (e.g. 4C or 4♣) or its number",
                "Your hand · {n} cards · {legal} marked {play}: type a card (e.g. 4C or 4♣) or its number",
                hand.left[me], legal=len(legal), play=play_mark()), style="bold"),
        hand_table(hand, me),
    ]
    # No seed while the hand is played: it would deal out the computers' cards. The level is the computers'
    # («компьютеры: хорошие»): its word in the plural (`render.levels`), the typed English word in English.
    title = t("Hand {number} of {hands} · {title} · computers: {level}", number=session.number,
              hands=session.hands, title=escape(session.title), level=escape(level_word(session.level, "plural")))
    return Panel(Group(*parts), title=title, title_align="left")


LIKELY = 0.4
"""A pot the coach calls likely yours: won in at least this share of the deals it tried."""
LIKELY_OUT = 0.3
"""Going out first is worth a word from this share of the deals on."""


def _chance(share: float) -> str:
    """`7 times in 10`; «7 раз из 10»."""
    n = round(share * 10)
    return tn("{n} time in 10", "{n} times in 10", n)


def _expected(value: float) -> str:
    """A mean of counters to one decimal, signed: `+2.4`, `-0.5`, `+0.0`; `+2,4`, `−0,5`."""
    return decimal(round(value, 1) + 0.0, "+.1f")  # + 0.0: never a negative zero


def hint_lines(values: Sequence[LeadValue], rules: HouseRules | None) -> list[str]:
    """The coach's words on your lead (`lookahead.coach`, best first): the lead `strong` would choose,
    why in the table's words (the pots it makes likely yours, keeping the lead, the cards it sheds,
    going out first), and the counters each of the top three leads may be expected to bring."""
    if not values or rules is None:
        return [t("The coach has nothing to say: it is not your lead.")]
    best = values[0]
    labels = {p.name: pot_label(p.label) for p in rules.pots}
    lines = [t("Coach: lead {card}.", card=i18n.face(best.card))]
    why: list[str] = []
    likely = [f"{labels.get(pot, pot)} ({_chance(share)})" for pot, share in best.pots if share >= LIKELY][:3]
    if likely:
        why.append(t("It makes these pots likely yours: {pots}.", pots=", ".join(likely)))
    shed = max(1, round(best.shed))
    if best.ends >= 1:
        why.append(tn("It plays your last card and you go out: the other players pay for the cards they hold.",
                      "It plays your last {n} cards and you go out: the other players pay for the cards they hold.",
                      shed))
    else:
        why.append(t("You keep the lead {chance}.", chance=_chance(best.keeps)) if round(best.keeps * 10) else
                   t("It hands the lead on."))
        why.append(tn("It sheds {n} card from your hand.", "It sheds {n} cards from your hand.", shed))
        if best.out >= LIKELY_OUT:
            why.append(t("You go out first {chance}.", chance=_chance(best.out)))
    lines.append(" ".join(why))
    top = " · ".join(f"{i18n.face(v.card)} {_expected(v.counters)}" for v in values[:3])
    lines.append(tn("Counters each lead may bring you to the end of the hand, over {n} deal of the cards you "
                    "cannot see: {leads}.",
                    "Counters each lead may bring you to the end of the hand, over {n} deals of the cards you "
                    "cannot see: {leads}.", best.worlds, leads=top))
    return lines


def hint_view(values: Sequence[LeadValue], rules: HouseRules) -> RenderableType:
    """`hint_lines` for the terminal, one paragraph each."""
    return Group(*(Text(line) for line in hint_lines(values, rules)))


def _entries(names: Sequence[str], scores: Sequence[int]) -> list[str]:
    return [f"{n} {signed(s)}" for n, s in zip(names, scores, strict=True)]


def scores_line(names: Sequence[str], scores: Sequence[int], board_total: int, label: str | None = None) -> str:
    """`Running scores: You +3 · Computer 1 -2 · ...; board 15.` (players plus board is zero)."""
    each = " · ".join(_entries(names, scores))
    return t("{label}: {scores}; board {board}.", label=t("Running scores") if label is None else label, scores=each,
             board=board_total)


def scores_view(names: Sequence[str], scores: Sequence[int], board_total: int, label: str | None = None) -> Phrases:
    """`scores_line`, wrapped between two players' scores (each `Computer 1 -2 ·` whole, the last with the
    board's count), never inside one nor cut at the edge: eight players at 120 columns once lost the
    last names and the board's count past it."""
    return listing(scores_line(names, scores, board_total, label), _entries(names, scores), with_tail=True)


def totals_view(names: Sequence[str], scores: Sequence[int], nets: Sequence[int] | None, hand: Hand,
                title: str) -> RenderableType:
    """After a hand (with its `nets`) or the session (without): scores and what the board holds."""
    table = Table(header_style="bold")
    table.add_column(tp("practice column", "Player"))
    if nets is not None:
        table.add_column(tp("practice column", "This hand"), justify="right")
    table.add_column(tp("practice column", "Score"), justify="right")
    best = max(scores)
    label = t("Running scores") if nets is not None else t("Final scores")
    for seat, name in enumerate(names):
        who = Text(name)
        if nets is None and scores[seat] == best:
            # your own row is said to you: «Вы (делите первое место)»
            shared = tp("practice, yours", " (joint lead)") if name in (YOU, RU_YOU) else t(" (joint lead)")
            who.append(t(" (ahead)") if scores.count(best) == 1 else shared, style="bold")
        cells: list[Text | str] = [who, *([signed(nets[seat])] if nets is not None else []), signed(scores[seat])]
        table.add_row(*cells)
    board = hand.board.total()
    line = scores_view(names, scores, board, label)
    note = Text(t("Players {players} and board {board}: nothing created or lost.", players=signed(sum(scores)),
                  board=signed(board)))
    return Group(Text(title, style="bold"), table, board_text(hand), line, note)


_SECOND_PERSON = (
    (re.compile(r"\bYou (leads|wins|pays|deals|plays|takes)\b"), lambda m: f"You {m.group(1)[:-1]}"),
    (re.compile(r"\bYou is\b"), lambda m: "You are"),
    (re.compile(r"\bYou does not\b"), lambda m: "You do not"),
    (re.compile(r"\bYou still holds\b"), lambda m: "You still hold"),
    (re.compile(r"\bYou's\b"), lambda m: "Your"),
    (re.compile(r"\bnext in turn and does not hold\b"), lambda m: "next in turn and do not hold"),
    (re.compile(r": they hold\b"), lambda m: ": you hold"),
)

RU_YOU = "Вы"
"""Your Russian name when none is typed (`your_name`): the narration's third person is put right for it."""
_VERB = r"[а-яё]+[еёи]т"
"""A Russian verb in the third person singular present (ходит, забирает, кладёт): «Вы» takes it with -те."""
_AND = r" и (?:ничего )?(?:не )?"
"""What comes before the second verb of a sentence whose subject is «Вы» («... и ничего не платит»)."""
_RU_AND_VERB = re.compile(rf"^(.*?{_AND})({_VERB})\b")
_RU_SECOND_PERSON = (
    # «Игрок Вы не может» (a refusal): «Вы не можете».
    (re.compile(r"\b[Ии]грок Вы не может\b"), lambda m: "Вы не можете"),
    # «Вы» is a name the dictionary does not decline, so a case is said by the catalogue's construction
    # (render/i18n.py `construction`: «у игрока Вы», «игроку Вы», «за игроком Вы»); the pronoun is declined:
    # «у Вас», «Вам», «за Вами».
    (re.compile(r"\bигрок(а|у|ом|е) Вы\b"), lambda m: {"а": "Вас", "у": "Вам", "ом": "Вами", "е": "Вас"}[m.group(1)]),
    # The subject before its verb, and a second verb of the same sentence: «Вы ходит» → «Вы ходите»,
    # «Вы держит ... и ничего не платит» → «Вы держите ... и ничего не платите».
    (re.compile(rf"\bВы (не )?({_VERB})\b"), lambda m: f"Вы {m.group(1) or ''}{m.group(2)}е"),
    (re.compile(rf"^(Вы [а-яё]+те\b.*?{_AND})({_VERB})\b"), lambda m: f"{m.group(1)}{m.group(2)}е"),
    (re.compile(r"\bВы ([а-яё]+[еи]т)ся\b"), lambda m: f"Вы {m.group(1)}есь"),  # «Вы садится» → «Вы садитесь»
    # The subject after its verb: «Следующим ходит Вы» → «Следующим ходите Вы», «сдаёт Вы» → «сдаёте Вы».
    (re.compile(rf"\b({_VERB}) Вы\b"), lambda m: f"{m.group(1)}е Вы"),
)


def second_person(text: str, me: str) -> str:
    """The narrator's third person, put right when your name is "You" ("You lead", not "You leads"),
    or «Вы» at a practice in Russian («Вы ходите», not «Вы ходит»)."""
    if me == RU_YOU:
        text = text.replace(NBSP, " ")  # the patterns read words apart; the line is set again after
        for pattern, repl in _RU_SECOND_PERSON:
            text = pattern.sub(repl, text)
        return typeset(text)
    if me != YOU:
        return text
    for pattern, repl in _SECOND_PERSON:
        if pattern.pattern.startswith(r"\bnext") and "You is next" not in text and "You are next" not in text:
            continue
        text = pattern.sub(repl, text)
    return text


def said_to(said: str, player: str) -> str:
    """`said`, words the table hears of `player` (a refusal: "Ann cannot lead 10♠ now"), as their own page
    tells them, in the current language and the second person ("You cannot lead 10♠ now", «Вы не можете ходить
    с 10♠ сейчас»): the same `Said` with its player put as "You" (or «Вы»), then `second_person`. Words about
    somebody else, or not a `Said`, are said as they are."""
    if not isinstance(said, Said) or said.params.get("player") != player:
        return i18n.spoken_said(said)
    you = RU_YOU if i18n.language() == "ru" else YOU
    return second_person(i18n.spoken_with(said, player=you), you)


def _you_still_hold(fixed: Line) -> Line:
    """`You still hold ...`: the stop's second verb follows you too (`and pay nothing`)."""
    if fixed and isinstance(fixed[0], str) and fixed[0].startswith("You still hold"):
        return [p.replace("and pays nothing", "and pay nothing") if isinstance(p, str) else p for p in fixed]
    return fixed


def _ru_second_verb(fixed: Line) -> Line:
    """`Вы ...те`: the second verb of the Russian line takes the plural you as well."""
    if fixed and isinstance(fixed[0], str) and re.match(r"Вы[ \u00a0][а-яё]+те\b", fixed[0]):
        # The second verb may sit after a card («Вы держите Поп Джона (Д♦) и ничего не платите»).
        return [fixed[0], *(typeset(_RU_AND_VERB.sub(lambda m: f"{m.group(1)}{m.group(2)}е", p.replace(NBSP, " ")))
                            if isinstance(p, str) else p for p in fixed[1:])]
    return fixed


def for_you(lines: Sequence[Line], me: str) -> list[Line]:
    """`second_person` over every text piece of narrated lines."""
    out: list[Line] = []
    for line in lines:
        fixed: Line = [second_person(p, me) if isinstance(p, str) else p for p in line]
        if me == YOU:
            fixed = _you_still_hold(fixed)
        if me == RU_YOU:
            fixed = _ru_second_verb(fixed)
        out.append(fixed)
    return out
