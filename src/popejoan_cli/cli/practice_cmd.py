"""`popejoan practice`: you against two to seven computers in the terminal.

Practice is a table with one person and computer seats (`render.practice_table.Practice`, which `serve --practice`
plays too), kept in memory (`table.throwaway`): you sit in seat 0, the computers after you, clockwise, each
seated as `table new --computers` seats one. The first dealer is the last computer, so you are eldest and lead
first, and the deal passes to the left each hand. Hand k is dealt from `game.deal.session_seed(S, k)` for the
session seed S (`--seed`, or a random one), and the command shown at the end, with the seed and the other options,
replays the session. The table's fold and referee decide every lead and refuse the rest; the computers lead as a
table's computers lead (`table.computer_leads.computer_lead`, from their own seat's view); `hint` asks the coach
(`lookahead.coach`: the lead the `strong` level would choose from your seat's observation, and why); this module
only reads your entries and prints.

The referee, the store, the formats and rich are imported inside the commands that need
them, to keep start-up short: a command pays only for what it uses.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Annotated, Any

import typer

from popejoan_cli.base.errors import DataError, IllegalPlay, Interrupted, Said, UsageError, allowed
from popejoan_cli.base.marks import Quoted
from popejoan_cli.cli import command, console, root, say

if TYPE_CHECKING:
    from popejoan_cli.game.hand import Hand, Played
    from popejoan_cli.game.rules import HouseRules
    from popejoan_cli.render.practice_views import Session
    from popejoan_cli.table.throwaway import Throwaway

DEFAULT_RULES = "modern-stops"
DEFAULT_COMPUTERS = 3
DEFAULT_HANDS = 3
DEFAULT_LEVEL = "good"
DEFAULT_NAME = "You"
VARIANTS: dict[str, dict[str, Any]] = {
    # The older sources: a turned-up Pope gives the dealer the Pope and the Game, a counter for
    # every card dealt to each other player, and ends the hand at once.
    "instant-win": {"turnup": {"pope_takes": ["pope", "game"], "pope_per_card": True, "pope_ends_hand": True}},
    # A pair pot played by two players is shared between them.
    "split-combination": {"play": {"pairs": "split"}},
}
QUIT_WORDS = ("q", "quit", "exit")
HELP_WORDS = ("?", "h", "help")
HINT_WORDS = ("hint",)
"""Asks the coach (`lookahead.coach`): the lead the `strong` level would choose, and why."""
SEED_RANGE = 1_000_000


def variant_rules(base: HouseRules, variants: Sequence[str]) -> HouseRules:
    """`base` with the chosen house-rule variants, derived and checked by `rules.from_data`."""
    from popejoan_cli.game.rules import from_data

    doc: dict[str, Any] = {}
    for name in variants:
        if name not in VARIANTS:
            raise UsageError(Said("unknown variant {typed!r}", typed=name), allowed(VARIANTS, name))
        if name == "instant-win":
            if base.pope is None:
                raise UsageError(Said("instant-win needs a Pope pot and a turn-up, and {rules} has no Pope pot",
                                      rules=base.name))
            if base.deal.turnup == "none":
                raise UsageError(Said("instant-win needs a Pope pot and a turn-up, and {rules} has no turn-up",
                                      rules=base.name))
            takes = [p for p in VARIANTS[name]["turnup"]["pope_takes"] if base.pot(p) is not None]
            doc.setdefault("turnup", {}).update(VARIANTS[name]["turnup"], pope_takes=takes)
        else:
            for section, keys in VARIANTS[name].items():
                doc.setdefault(section, {}).update(keys)
    if not doc:
        return base
    rules, problems = from_data(doc, None, base)
    if rules is None:
        raise DataError(problems)
    return rules


def replay_command(seed: int, rules_spec: str, computers: int, hands: int, level: str,
                   variants: Sequence[str], name: str, default_name: str = DEFAULT_NAME) -> str:
    """The command that plays this session again: the seed and every option that shapes the
    session and is not at its default, quoted for a shell. The name is left out when it is the
    one practice gives in the language it speaks (`default_name`: `You`, «Вы»)."""
    import shlex

    def option(flag: str, value: str) -> list[str]:
        return [f"{flag}={value}"] if value.startswith("-") else [flag, value]  # never read as an option

    words = ["popejoan", "practice", "--seed", str(seed)]
    if rules_spec != DEFAULT_RULES:
        words += option("--rules", rules_spec)
    if computers != DEFAULT_COMPUTERS:
        words += ["--computers", str(computers)]
    if hands != DEFAULT_HANDS:
        words += ["--hands", str(hands)]
    if level != DEFAULT_LEVEL:
        words += ["--level", level]
    for variant in variants:
        words += ["--variant", variant]
    if name != default_name:
        words += option("--name", name)
    return shlex.join(words)


def _ask(prompt: str) -> str | None:
    """One line from stdin (so scripted input works too); None at end of input or Ctrl-C."""
    from popejoan_cli.cli.widths import columns, fitted

    sys.stdout.write(fitted(prompt.rstrip(" "), columns(sys.stdout)) + " ")  # its words never cut at the edge
    sys.stdout.flush()
    try:
        line = sys.stdin.readline()
    except (KeyboardInterrupt, Interrupted) as err:
        if isinstance(err, Interrupted) and err.signum != 2:
            raise  # SIGTERM ends practice; Ctrl-C at the prompt only quits this session's play
        sys.stdout.write("\n")
        return None
    return line.strip() if line else None


def _your_lead(table: Throwaway, session: Session, out: Any) -> Played | None:
    """Ask until the referee accepts a lead from you, and record it; what it did, or None if you quit."""
    from rich.text import Text

    from popejoan_cli.cli.exits import spoken
    from popejoan_cli.game.cards import lookalike, parse_card_or_none
    from popejoan_cli.render.i18n import t
    from popejoan_cli.render.practice_views import numbered, play_mark, second_person, status_view

    me = session.me
    rec = table.view.open_hand
    assert rec is not None  # asked only while your hand is open
    hand = rec.hand
    cards = numbered(hand, me)
    name = session.names[me]

    def tell(message: str) -> None:
        out.print(Text(second_person(message, name)))

    while True:
        entry = _ask(t("Your lead (a card or its number 1-{count}; ? shows the table, q quits): ", count=len(cards)))
        if entry is None or entry.lower() in QUIT_WORDS:
            return None
        if entry.lower() in HELP_WORDS:
            out.print(status_view(hand, session))
            continue
        if entry.lower() in HINT_WORDS:
            out.print(_hint(hand, me))
            continue
        if not entry:
            tell(t("Type a card marked {play}, such as 4C or 4♣, or its number from 1 to {count}; q quits.",
                   play=play_mark(), count=len(cards)))
            continue
        if entry.isdecimal():  # not isdigit: int() refuses superscripts such as ²
            n = int(entry) if len(entry) <= 4 else 0  # and a very long number is no card's either
            if not 1 <= n <= len(cards):
                tell(t("There is no card number {number}: your cards are numbered 1 to {count}.", number=n,
                       count=len(cards)))
                continue
            card = cards[n - 1]
        else:
            found = parse_card_or_none(entry)
            mixed = lookalike(entry) if found is None else None
            if mixed is not None:  # `Tб`: a Latin T or a Cyrillic Т? Never guessed: both are offered
                tell(spoken(mixed))
                continue
            if found is None:
                tell(t("{entry} is neither a card nor a card's number: type a card such as 4C, 4♣ or 10h "
                       "(rank, then suit C D H S or ♣ ♦ ♥ ♠), or its number from 1 to {count}.", entry=Quoted(entry),
                       count=len(cards)))
                continue
            card = found
        done = table.lead(name, card)
        if not isinstance(done, IllegalPlay):
            return _recorded(table, done)
        tell(_refused_words(done, name))


def _hint(hand: Hand, me: int) -> Any:
    """The coach's words on your lead, from your seat's observation only."""
    from popejoan_cli.game.lookahead import coach
    from popejoan_cli.render.practice_views import hint_view

    return hint_view(coach(hand, me), hand.rules)


def _refused_words(err: IllegalPlay, name: str) -> str:
    """A refused lead on the human's own screen, said to them whatever their name (`said_to`: «Вы не можете…»,
    never «Дарья не может…» to Дарья herself): the reason in their own cards when there is one."""
    from popejoan_cli.cli.exits import spoken
    from popejoan_cli.render.i18n import t
    from popejoan_cli.render.practice_views import play_mark, said_to
    from popejoan_cli.render.rule_words import cited  # a key in words: «карты, убранные из колоды (deck.removed)»

    message = said_to(err.message, name)
    if err.private is not None:  # this screen is the human seat's alone: it may hear why
        return t("{message}: {why}. Choose a card marked {play}.", message=message, why=spoken(err.private),
                 play=play_mark())
    return t("{message} (rule: {rule}). Choose a card marked {play}.", message=message, rule=spoken(cited(err.rule)),
             play=play_mark())


def _recorded(table: Throwaway, done: object) -> Played:
    """What the lead just recorded did: the record the hand keeps of it (`HandRecord.what_happened`), from which
    it is narrated; a refusal other than the referee's (none is expected: the hand is open and the seat yours) is
    raised, to be said as any command's error is."""
    from popejoan_cli.base.errors import PopejoanError

    if isinstance(done, PopejoanError):
        raise done
    told = table.view.hands[-1].what_happened([table.view.last_seq])
    assert told is not None  # a lead always does something
    return told


def _reviewed(table: Throwaway, number: int, name: str) -> Any:
    """The review of your leads in the hand just over (`table.review`: each judged from what your seat could see
    then), in the second person."""
    from popejoan_cli.render.review_views import review_view
    from popejoan_cli.table.review import review

    return review_view(number, review(table.view, number, [name]), table.view.the_rules())


def _play_hand(table: Throwaway, session: Session, out: Any) -> bool:
    """Play one hand to its end; False if you quit during it. Each computer leads when its lead comes (or plays the
    Pope in lieu of a stop), as at any table with computers (`computer_lead`)."""
    from popejoan_cli.render import narrate
    from popejoan_cli.render.practice_views import for_you, status_view
    from popejoan_cli.table.computer_leads import computer_lead

    names, me = session.names, session.me
    while (rec := table.view.open_hand) is not None:
        led = computer_lead(table.view)
        if led is None:
            out.print(status_view(rec.hand, session))
            done = _your_lead(table, session, out)
            if done is None:
                return False
        else:
            table.record([led])
            done = _recorded(table, rec)
        say(for_you(narrate.after_lead(rec.hand.rules, names, done), names[me]))
    return True


def typed(ctx: typer.Context, option: str) -> bool:
    """Whether `option` was given on the command line, rather than left at its default."""
    source = ctx.get_parameter_source(option)
    return source is not None and source.name != "DEFAULT"  # click's ParameterSource, by name: click is not imported


@command(root, "practice")
def practice(
    ctx: typer.Context,
    computers: Annotated[int, typer.Option("--computers", "-c", min=2, max=7,
                                           help="How many computers you play against (2-7).")] = DEFAULT_COMPUTERS,
    rules_spec: Annotated[str, typer.Option("--rules", "-r", help="A preset name or house-rule file.")] = DEFAULT_RULES,
    seed: Annotated[int | None, typer.Option("--seed", "-s", min=0,
                                             help="Session seed S, which deals every hand (default: random, "
                                                  "shown at the end).")] = None,
    hands: Annotated[int, typer.Option("--hands", "-n", min=1, max=100,
                                       help="How many hands to play.")] = DEFAULT_HANDS,
    level: Annotated[str, typer.Option("--level", "-l",
                                       help="How the computers play: simple, good or strong.")] = DEFAULT_LEVEL,
    variants: Annotated[list[str] | None, typer.Option(
        "--variant", help="A house-rule option, repeatable: instant-win (a turned-up Pope wins the hand for the "
                          "dealer), split-combination (pair pots shared).")] = None,
    name: Annotated[str, typer.Option("--name", help="Your name at the table.")] = DEFAULT_NAME,
) -> None:
    """Play Pope Joan against the computers: your legal leads are marked Play; type a card or its number."""
    import secrets

    from popejoan_cli.formats.presets import load_rules
    from popejoan_cli.game import bots
    from popejoan_cli.game.deal import check_players
    from popejoan_cli.render import narrate
    from popejoan_cli.render.i18n import preset_title, t, tn
    from popejoan_cli.render.levels import level_word
    from popejoan_cli.render.practice_table import Practice
    from popejoan_cli.render.practice_views import (
        Session,
        computer_name,
        for_you,
        second_person,
        totals_view,
        your_name,
    )
    from popejoan_cli.table.throwaway import Throwaway

    if level not in bots.LEVELS:
        raise UsageError(Said("unknown level {typed!r}", typed=level), allowed(bots.LEVELS, level))
    chosen = list(dict.fromkeys(variants or ()))
    rules = variant_rules(load_rules(rules_spec), chosen)
    default_name = your_name()
    if not typed(ctx, "name"):
        name = default_name  # «Вы» in Russian: chosen now, and a name like a typed one from here on
    names = [name, *(computer_name(i) for i in range(1, computers + 1))]
    problems = check_players(names, rules)
    if problems:
        raise UsageError(problems[0], Said("{rules} is for {least}-{most} players; your name must differ from the "
                                           "computers'", rules=rules.name, least=rules.players.min,
                                           most=rules.players.max))
    seats, me = len(names), 0
    base = seed if seed is not None else secrets.randbelow(SEED_RANGE)
    title = preset_title(rules.title) + "".join(f" + {v}" for v in chosen)
    out = console()
    again = replay_command(base, rules_spec, computers, hands, level, chosen, name, default_name)
    out.print(t("Pope Joan, {title} rules: {player} {against} (level {level}), {hands}.", title=title, player=name,
                level=level_word(level), against=tn("against {n} computer", "against {n} computers", computers),
                hands=tn("{count} hand", "{count} hands", hands, count=hands)),
              markup=False)
    game = Practice(computers=computers, level=level, seed=base, you=name, computer_names=tuple(names[1:]))
    table = Throwaway(game.opening(rules))
    scores = [0] * seats
    played = 0
    last: Hand | None = None
    for number in range(1, hands + 1):
        # A hand's seed deals the computers' cards: it is told once the hand is over, and the
        # session's (which deals every hand) once the session is (docs/architecture.md: One view per seat).
        table.record(game.next_deal(table.view))
        rec = table.view.hands[-1]
        hand = last = rec.hand
        out.rule(t("Hand {number} of {hands}", number=number, hands=hands))
        lines = narrate.dealt(hand, names, number, rec.dealer)
        if not hand.ended_at_turnup:
            lines[-1] = [t("{player} leads.", player=names[hand.leader])]
        say(for_you(lines, name))
        session = Session(names, me, number, hands, title, level, tuple(scores))
        finished = _play_hand(table, session, out)
        scores = [s + n for s, n in zip(scores, hand.net, strict=True)]
        if not finished:
            out.print(second_person(t("{player} left the table during hand {number}; the counters already moved "
                                      "stand.", player=name, number=number), name), markup=False)
            break
        played = number
        out.print(totals_view(names, scores, hand.net, hand, t("After hand {number} (seed {seed})", number=number,
                                                                 seed=game.hand_seed(number))))
        out.print(_reviewed(table, number, name))
    assert last is not None
    out.rule(t("Final scores"))
    heading = (tn("Final scores after {played} of {n} hand", "Final scores after {played} of {n} hands", hands,
                  played=played) if played == hands else
               second_person(tn("Final scores: {player} left after {played} of {n} hand",
                                "Final scores: {player} left after {played} of {n} hands", hands, played=played,
                                player=name), name))  # «Вы покидаете стол»
    out.print(totals_view(names, scores, None, last, heading))
    from popejoan_cli.render.flow import Phrases

    # The command to type again is broken only where it is wider than a line (at its spaces).
    out.print(Phrases(t("Session seed {seed}: `{again}` replays it.", seed=base, again=again), [f"`{again}`"]))
