"""The words for what happened: runs, stops, awards, settlements, as lines of text and cards; and what
the table does next once an undo has taken something back (`after_undo`).

A `Line` is a list of pieces, each a string or a `Card`. The rich renderers style the cards
(symbol and letter, never colour alone); plain output, for pipes and NO_COLOR terminals,
prints their faces. Both say the same words because both come from here. The names and
labels in a line come from people; both outputs show their control characters as visible
escapes (`visible.shown`), so a name cannot move the cursor or colour the terminal. Pure: no rich.

Every sentence is a whole message in the table's language (`said`, over `render.i18n`): the
English is the msgid, its placeholders are filled after the lookup, and a card filled in stays
a card. docs/i18n.md says how to write one.
"""

from __future__ import annotations

# What string.Formatter.parse calls, without `string`, whose Template compiles a regex as it is imported
# (about 0.7 ms of every command that narrates, issue 27). No stub: hence the ignore.
from _string import formatter_parser  # type: ignore[import-not-found]
from collections.abc import Sequence
from typing import TYPE_CHECKING

from popejoan_cli.base.marks import Grouped
from popejoan_cli.base.visible import shown
from popejoan_cli.base.words import as_typed
from popejoan_cli.game.cards import Card
from popejoan_cli.game.hand import Award, Feed, Hand, Payment, Play, Played, Stop
from popejoan_cli.game.rules import HouseRules
from popejoan_cli.game.state import SUCC
from popejoan_cli.render import i18n
from popejoan_cli.render.i18n import counters, marked, tn, tp

if TYPE_CHECKING:
    from popejoan_cli.table.view import TableView

Line = list[str | Card]

REASONS = {
    "top": marked("Stop at {card}: {card} is the top card of its suit."),
    "removed": marked("Stop at {card}: the next card, {next}, is out of the pack."),
    "spare": marked("Stop at {card}: the next card, {next}, is in the spare hand."),
    "turnup": marked("Stop at {card}: the next card, {next}, is the turn-up, out of play."),
    "played": marked("Stop at {card}: the next card, {next}, was played earlier."),
    "not-in-turn": marked("Stop at {card}: {who} is next in turn and does not hold {next}."),
    "called": marked("Stop at {card}: the table called a stop."),
    "below": marked("Stop at {card}: the card below a pot's card is a stop."),
}
"""Why a run stopped, one whole sentence each, said by `stop`."""

def _filled(template: str, named: dict[str, object]) -> Line:
    """A translated sentence as a line: cards stay cards (rich styles them), lines are spliced in, and
    the words between two cards are one piece (practice's second person reads a phrase whole)."""
    template, named = i18n.agreed(template, named)  # «Дарья сдала», «платит Борису» (docs/i18n.md: Gender and case)
    pieces: Line = []
    english = i18n.language() == "en"
    for literal, name, spec, conversion in formatter_parser(template):
        pieces.append(literal)
        if name is not None:
            value = named[name]
            pieces += value if isinstance(value, list) else [
                value if isinstance(value, Card) else str(value) if english else _figure(value, spec, conversion, name)]
    line: Line = []
    for piece in pieces:
        if isinstance(piece, Card) or not line or isinstance(line[-1], Card):
            line.append(piece)
        else:
            line[-1] += piece
    if not english:
        from popejoan_cli.render.typeset import typeset  # a book's no-break spaces and minus (docs/i18n.md)

        line = [p if isinstance(p, Card) else typeset(p) for p in line]
    return [p for p in line if p != ""]


def said(msgid: str, /, **named: object) -> Line:
    """The message `msgid` in the table's language as a line, its placeholders filled (cards as cards)."""
    # The template is set whole first: a no-break space before a card («на 3♥») is seen only there, not in the
    # pieces `_filled` sets once the values are in.
    return _filled(tp(None, msgid), named)


def said_n(singular: str, plural: str, n: int, /, **named: object) -> Line:
    """`said` for a message with a count (given to it as `{n}` too): the plural form `n` takes."""
    count: object = n if i18n.language() == "en" else Grouped(n)  # `12 000`, `−27` in Russian (render.figures)
    return _filled(i18n.template_n(singular, plural, n), {"n": count, **named})


def undone(what: Sequence[str]) -> Line:
    """What an undo took back, as `popejoan undo` and every page say it: the command by its words
    (`table.undo.describe`, a `Said` each) when it was one, else how many commands.

    >>> undone(["the count of pope: 6"])
    ['Undone: the count of pope: 6.']
    """
    if len(what) == 1:
        return said("Undone: {what}.", what=i18n.spoken_said(what[0]))
    return said_n("Undone: {n} command.", "Undone: {n} commands.", len(what))


def _figure(value: object, spec: str | None, conversion: str | None, name: str) -> str:
    """A value in a sentence of a language other than English: its figures and quotes as that language writes them."""
    from popejoan_cli.render.figures import field  # only another language writes figures its own way

    return field(value, spec or "", conversion, name)


def plain(line: Line) -> str:
    return "".join(i18n.face(p) if isinstance(p, Card) else shown(p) for p in line)


def _joined(cards: Sequence[Card], word: str) -> Line:
    """Cards one after another: `Q♣ then K♣` (played in turn) or `Q♣ and K♣` (held together)."""
    line: Line = []
    for i, c in enumerate(cards):
        if i:
            line.append(word)
        line.append(c)
    return line


def _pot(labels: dict[str, str], pot: str) -> str:
    return i18n.pot_label(labels.get(pot, pot))


def award(a: Award, names: Sequence[str], labels: dict[str, str]) -> Line:
    """`Bob wins Matrimony (Q♣ then K♣): 4 counters`; a pot named by its one card (Michigan's `В♠` in Russian) is
    not followed by that card again («секцию «В♠» (В♠)» said it twice)."""
    pot, gain = _pot(labels, a.pot), counters(a.amount)
    if not a.cards or (len(a.cards) == 1 and pot == i18n.face(a.cards[0])):
        return said("{player} wins {pot}: {counters}", player=names[a.seat], pot=pot, counters=gain)
    word = tp("cards", " then ") if a.at == "play" else tp("cards", " and ")
    return said("{player} wins {pot} ({cards}): {counters}", player=names[a.seat], pot=pot,
                cards=_joined(a.cards, word), counters=gain)


def final_awards(awards: Sequence[Award], names: Sequence[str], labels: dict[str, str]) -> list[Line]:
    """The final deal's pots: `Bob wins Matrimony (Q♣ and K♣): 4 counters`, or, when the
    cards fell to several players, `Cat and Bob share Matrimony (Q♣ and K♣): 2 counters each`."""
    groups: dict[str, list[Award]] = {}
    for a in awards:
        groups.setdefault(a.pot, []).append(a)
    lines: list[Line] = []
    for pot, group in groups.items():
        if len(group) == 1:
            lines.append(award(group[0], names, labels))
            continue
        who = [names[a.seat] for a in group]
        amounts = {a.amount for a in group}
        each = (tn("{n} counter each", "{n} counters each", group[0].amount) if len(amounts) == 1
                else ", ".join(f"{names[a.seat]} {a.amount}" for a in group))
        named: dict[str, object] = {"players": ", ".join(who[:-1]), "last": who[-1], "pot": _pot(labels, pot),
                                    "each": each}
        if group[0].cards:
            lines.append(said("{players} and {last} share {pot} ({cards}): {each}",
                              cards=_joined(group[0].cards, tp("cards", " and ")), **named))
        else:
            lines.append(said("{players} and {last} share {pot}: {each}", **named))
    return lines


def stop(rules: HouseRules, s: Stop, names: Sequence[str], real: bool = False) -> Line:
    """Why a run stopped, from a stop as the table was told it (`Played.stops`, whose reasons `sight.since`
    told: under clockwise follow naming the spare hand would tell the table where a card it has not seen lies).
    In a `real` deck's hand a card "in the spare hand" is only what nobody played."""
    nxt = SUCC[rules.ace_high][s.card]
    if real and s.reason == "spare" and nxt >= 0:
        # The banker typed `stop`: popejoan never sees a real deck's spare hand, so it says what follows from
        # the cards recorded, not as if it had seen the card there (issue 39).
        return said("Stop at {card}: nobody played {next}, so it is taken to be in the spare hand.", card=s.card,
                    next=Card(nxt))
    return said(REASONS[s.reason], card=s.card, next=Card(nxt) if nxt >= 0 else "",
                who=names[(s.seat + 1) % len(names)])


def run(plays: Sequence[Play], names: Sequence[str], lieu: int = -1) -> Line:
    """`Ann leads 4♣ 5♣, Dan 6♣, Ann 7♣`: each card, and before it who played it when the player changes (a name
    before its cards reads from across the room, issue 38). `lieu`: the card the run's first card, the Pope, was
    played in lieu of (`Hand.pope_in_lieu_of`; docs/house-rules.md)."""
    cards: Line = []
    for k, p in enumerate(plays):
        if k:
            cards.append(f", {names[p.seat]} " if plays[k - 1].seat != p.seat else " ")
        cards.append(p.card)
    if lieu >= 0:
        return said("{player} plays the Pope in lieu of {missing}: {run}", player=names[plays[0].seat],
                    missing=Card(lieu), run=cards)
    return said("{player} leads {run}", player=names[plays[0].seat], run=cards)


def lieu_of(hand: Hand, plays: Sequence[Play]) -> int:
    """What `plays`' first card was played in lieu of, if it is the Pope played so (else -1), from the record."""
    return hand.law.pope_in_lieu_of() if plays and plays[0].card == hand.pope_card else -1


def went_out(rules: HouseRules, names: Sequence[str], done: Played) -> list[Line]:
    """`Ann is out.` and the settlement it brought, from the record of the action that ended the hand: what a
    lead that went out, a real deck's `out` and the board's story of a settled real hand all tell."""
    if done.out is None:
        return []
    labels = {p.name: p.label for p in rules.pots}
    return [said("{player} is out.", player=names[done.out]), *settlement(rules, names, labels, done)]


def settlement(rules: HouseRules, names: Sequence[str], labels: dict[str, str], done: Played) -> list[Line]:
    """Going out, the first-out pots, each payment for cards, and who kept the Pope, from the record of the
    action that ended the hand (`done`; a view of the whole hand passes `Hand.whole()`)."""
    if done.out is None:
        return []
    lines: list[Line] = [award(a, names, labels) for a in done.awards if a.at == "out"]
    lines += fines(done.payments, names)
    lines += [said_n("{payer} pays {n} counter to {payee} for cards left.",
                     "{payer} pays {n} counters to {payee} for cards left.", p.amount, payer=names[p.payer],
                     payee=names[p.payee]) for p in done.payments if p.why == "cards"]
    lines += fed([f for f in done.feeds if f.why != "pass"], names, labels)  # passes: told as they happened
    if done.pope_kept is not None:
        holder, pope = names[done.pope_kept[0]], done.pope_kept[1]
        lines.append(said("{player} still holds the Pope ({card}) and pays nothing for cards left.", player=holder,
                          card=pope) if rules.settle.pope_exempt == "holder"
                     else said("{player}'s Pope ({card}) is not counted.", player=holder, card=pope))
    return lines


def fed(feeds: Sequence[Feed], names: Sequence[str], labels: dict[str, str]) -> list[Line]:
    """The counters players put on pots at the settlement (`settle.losers_pay = "board"`,
    `settle.unplayed_card`), as the referee recorded them."""
    lines: list[Line] = []
    cards: dict[int, list[Feed]] = {}
    for f in feeds:
        if f.why == "cards":
            cards.setdefault(f.seat, []).append(f)
        elif f.why == "lead":
            lines.append(said_n("{payer} puts {n} counter on {pot} for an improper lead.",
                                "{payer} puts {n} counters on {pot} for an improper lead.", f.amount,
                                payer=names[f.seat], pot=_pot(labels, f.pot)))
        elif f.why == "pass":
            lines.append(said_n("{payer} cannot lead a new suit and puts {n} counter on {pot}.",
                                "{payer} cannot lead a new suit and puts {n} counters on {pot}.", f.amount,
                                payer=names[f.seat], pot=_pot(labels, f.pot)))
        else:
            lines.append(said_n("{payer} adds {n} counter to {pot}: its card was left in hand.",
                                "{payer} adds {n} counters to {pot}: its card was left in hand.", f.amount,
                                payer=names[f.seat], pot=_pot(labels, f.pot)))
    for seat, put in cards.items():  # one line a payer: his counters pot by pot, in the order he put them
        pots = ", ".join(f"{_pot(labels, f.pot)} {f.amount}" for f in put)  # labels and numbers: no words
        lines.append(said_n("{payer} puts {n} counter on the board for cards left: {pots}.",
                            "{payer} puts {n} counters on the board for cards left: {pots}.",
                            sum(f.amount for f in put), payer=names[seat], pots=pots))
    return lines


def lead_fines(payments: Sequence[Payment], feeds: Sequence[Feed], names: Sequence[str],
               labels: dict[str, str]) -> list[Line]:
    """The penalties for improper leads among `payments` and `feeds` (`play.improper_lead`), to each other player
    or onto the board: a void hand's, the only payments of its end, or those a `show` has just charged."""
    return fines(payments, names) + fed([f for f in feeds if f.why == "lead"], names, labels)


def fines(payments: Sequence[Payment], names: Sequence[str]) -> list[Line]:
    """The penalties paid for improper leads (`play.improper_lead = "pay-each"`), as the referee recorded them."""
    return [said_n("{payer} pays {n} counter to {payee} for an improper lead.",
                   "{payer} pays {n} counters to {payee} for an improper lead.", p.amount, payer=names[p.payer],
                   payee=names[p.payee]) for p in payments if p.why == "lead"]


def pope_stakes(payments: Sequence[Payment], names: Sequence[str]) -> list[Line]:
    """The stakes per card paid to the Pope's player (`play.pope_stakes`), as the referee recorded them."""
    return [said_n("{payer} pays {n} counter to {payee} for the Pope, a stake for each card held.",
                   "{payer} pays {n} counters to {payee} for the Pope, a stake for each card held.", p.amount,
                   payer=names[p.payer], payee=names[p.payee]) for p in payments if p.why == "pope"]


def after_lead(rules: HouseRules, names: Sequence[str], done: Played) -> list[Line]:
    """What one lead did, from the referee's record of it alone (`done`, the `Played` the ledger and the
    journal's fold hold): the run, its awards, the stop and who leads next, or the settlement."""
    labels = {p.name: p.label for p in rules.pots}
    lines: list[Line] = [run(done.plays, names, done.lieu)]
    lines += [award(a, names, labels) for a in done.awards if a.at == "play"]
    lines += pope_stakes(done.payments, names)
    lines += [stop(rules, s, names) for s in done.stops]
    lines += fed([f for f in done.feeds if f.why == "pass"], names, labels)  # the end's are told with it
    if done.void:
        lines.append(said("Nobody can lead a new suit: the hand is void. The board carries over."))
        lines += lead_fines(done.payments, done.feeds, names, labels)
    elif done.out is not None:
        lines += went_out(rules, names, done)
    elif done.phase == "lead":
        lines.append(said("{player} leads next.", player=names[done.leader]))
    return lines


def _head(hand: Hand, number: int, dealer: str, seed: object) -> Line:
    if hand.kind.real:  # a real deck has no seed
        return said("Hand {number}: real deck, {dealer} deals.", number=number, dealer=dealer)
    if seed is None:
        return said("Hand {number}: {dealer} deals.", number=number, dealer=dealer)
    return said("Hand {number}: {dealer} deals (seed {seed}).", number=number, dealer=dealer, seed=seed)


def _first_lead(hand: Hand, names: Sequence[str]) -> Line:
    leader = names[hand.leader]
    if not hand.kind.records_cards:
        return said("{player} leads. Record pots as they are taken with `popejoan pay NAME POT`, "
                    "and the end with `popejoan out NAME --left NAME=N,...`.", player=leader)
    if hand.kind.real:  # a real deck: nobody but the players has seen the cards
        return said("{player} leads: record each card with `popejoan play NAME CARD`.", player=leader)
    return said("{player} leads. Each player sees their own hand with `popejoan hand show NAME`.", player=leader)


def dealt(hand: Hand, names: Sequence[str], number: int, dealer: str, seed: object = None) -> list[Line]:
    """A new hand: the dressing, the turn-up and its effects, and who leads. `seed` is shown
    only where it may be (a practice hand against computers): a table's seed deals every hand,
    so it stays unsaid until the hand is over."""
    labels = {p.name: p.label for p in hand.rules.pots}
    dressed = sum(hand.dressed.values())
    lines: list[Line] = [_head(hand, number, dealer, seed),
                         said_n("The board is dressed with {n} counter.", "The board is dressed with {n} counters.",
                                dressed)]
    if hand.turnup is not None:
        # The trump once, in words and its symbol: not `suit_label`'s symbol, letter and name, which after
        # the card (`9♦`) said the suit three times more. Never colour alone, and the letter is not lost:
        # where the terminal cannot show ♦ (or POPEJOAN_SUITS=letters), the symbol is written as its
        # letter, D or б (docs/terminal.md), and the name says the suit in words.
        lines.append(said("Turn-up {card}, trump: {suit}.", card=hand.turnup, suit=i18n.suit_named(hand.turnup.suit)))
    lines += turnup_awards(hand.awards, names, labels)
    lines += [said_n("{payer} pays {n} counter to {payee} for the turned-up Pope.",
                     "{payer} pays {n} counters to {payee} for the turned-up Pope.", p.amount, payer=names[p.payer],
                     payee=names[p.payee]) for p in hand.payments if p.why == "turnup"]
    if hand.ended_at_turnup:
        lines.append(said("The hand ends at the turn-up; the board carries over."))
        return lines
    return lines + called_run(hand, names, labels) + [_first_lead(hand, names)]


def turnup_awards(awards: Sequence[Award], names: Sequence[str], labels: dict[str, str]) -> list[Line]:
    """The pots the dealer took at the turn-up: the first said as the turn-up's, the others as its awards after it,
    so that a turned-up Pope (its pot and Game) does not say the turn-up twice."""
    won = [award(a, names, labels) for a in awards if a.at == "turnup"]
    return [said("Turn-up: {award} (the dealer)", award=won[0]), *won[1:]] if won else []


def called_run(hand: Hand, names: Sequence[str], labels: dict[str, str]) -> list[Line]:
    """The run the called card's holder led at the deal (`play.first_lead`; docs/house-rules.md), from the
    record: the card called, the run, what it won, its stop."""
    done = hand.whole()
    if not done.plays:
        return []
    first = done.plays[0]
    lines: list[Line] = [said("{card} is called to lead first: {player} holds it.", card=first.card,
                              player=names[first.seat]), run(done.plays, names)]
    lines += [award(a, names, labels) for a in done.awards if a.at == "play"]
    lines += pope_stakes(done.payments, names)
    return lines + [stop(hand.rules, s, names) for s in done.stops]


def progress(rules: HouseRules, names: Sequence[str], done: Played) -> list[Line]:
    """A real hand after some plays, from the referee's record of them alone (`done`): each card, its awards,
    any stop, and what comes next."""
    labels = {p.name: p.label for p in rules.pots}
    # The lead passed over these before the lead (play.pass_pays: docs/house-rules.md), as the referee recorded it.
    lines: list[Line] = fed([f for f in done.feeds if f.why == "pass"], names, labels)
    for p in done.plays:
        lines.append(said("{player} leads {card}", player=names[p.seat], card=p.card) if p.lead
                     else said("{player} plays {card}", player=names[p.seat], card=p.card))
        lines += [award(a, names, labels) for a in done.awards
                  if a.at == "play" and a.cards and a.cards[-1] == p.card]
    lines += pope_stakes(done.payments, names)
    lines += [stop(rules, s, names, real=True) for s in done.stops]
    lines += next_step(names, done)
    return lines


def next_step(names: Sequence[str], done: Played) -> list[Line]:
    """What the table does next in a real hand, from where the record of the last action left it (`done`; with
    no action to tell, `Hand.now()`)."""
    if done.out is not None:
        out = names[done.out]
        lines: list[Line] = [said("{player} is out.", player=out)]
        # The name in the command as a command line must spell it (`as_typed`: `'Mary Ann'`).
        pots = done.unplaced
        if done.pope_unplaced or (done.awaiting_pope and not pots):
            lines.append(said("Who still holds the Pope? `popejoan out {as_typed} --pope NAME|spare|none`",
                              as_typed=as_typed(out)))
        if pots:  # settle.unplayed_card with a real deck (docs/house-rules.md)
            lines.append(said("Who holds the cards of {pots}? `popejoan out {as_typed} --holders POT=NAME,...`",
                              pots=", ".join(pots), as_typed=as_typed(out)))
        if not done.awaiting_pope:
            lines.append(said("Settle with `popejoan out {as_typed}`.", as_typed=as_typed(out)))
        return lines
    if done.ended:
        return []
    if done.next_card is not None:
        want = Card(done.next_card)
        if done.follower is not None:
            return [said("Next: {card}, which {player} holds.", card=want, player=names[done.follower])]
        return [said("Next: {card}, from whoever holds it; or `popejoan stop` if nobody can.", card=want)]
    if len(done.lead_seats) == 1:
        return [said("{player} leads next.", player=names[done.lead_seats[0]])]
    return [said("{player} leads next, or the first player after them who can change suit.",
                 player=names[done.leader])]


def after_undo(view: TableView) -> list[Line]:
    """What the table does next once an undo is recorded (`view`, the table after it), in the words the table
    heard when it last got there: between hands, who deals next (as `board` says it) or that the session has
    ended; in a hand, `now_in_hand`."""
    rec = view.open_hand
    if rec is None:
        if view.ended:
            return [said("The session has ended.")]
        return [said("Between hands: {player} deals next (`popejoan deal`).", player=view.next_dealer)]
    last = rec.happened[max(rec.happened)] if rec.happened else None
    return now_in_hand(rec.hand, rec.players, rec.number, last)


def now_in_hand(hand: Hand, names: Sequence[str], number: int, last: Played | None) -> list[Line]:
    """What the open hand waits for, from the record the table was told: nothing led or played since the deal,
    the deal's own first lead (`dealt`); in a virtual hand, the leader the last lead's record named (`Played`,
    as `after_lead` said it: public, so nothing of a hidden hand is told); in a real hand, its next step as
    `play` says it; a tally hand goes on recording its pots and its end (it keeps no record of each lead)."""
    if not hand.kind.records_cards:
        return [said("Hand {number} goes on: record pots as they are taken with `popejoan pay NAME POT`, and the "
                     "end with `popejoan out NAME --left NAME=N,...`.", number=number)]
    if last is None:
        return [_first_lead(hand, names)]
    if hand.kind.real:
        return next_step(names, hand.now())
    return [said("{player} leads next.", player=names[last.leader])]
