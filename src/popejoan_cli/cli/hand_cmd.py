"""`popejoan hand deal | replay | final`: one hand, from a seed or a deal file; and `hand show`, one
player's own cards in the hand being played (and, with `--why`, the referee's reason for them alone).

The referee, the store, the formats and rich are imported inside the commands that need
them, to keep start-up short: a command pays only for what it uses.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from popejoan_cli import cli
from popejoan_cli.base.errors import RuleViolation, Said, UsageError, allowed
from popejoan_cli.base.limits import cut, whole_number
from popejoan_cli.base.visible import shown
from popejoan_cli.cli import command, common, console, emit_json, hand_app
from popejoan_cli.cli.common import JsonOpt

if TYPE_CHECKING:
    from popejoan_cli.game.cards import Card
    from popejoan_cli.table.view import HandRecord

RULES_HELP = "A preset name (see `popejoan rules list`) or a house-rule file."
RulesOpt = Annotated[str, typer.Option("--rules", "-r", help=RULES_HELP)]
PlayersOpt = Annotated[str, typer.Option("--players", "-p", help="Players clockwise: Ann,Bob,Cat,Dan.")]
DealerOpt = Annotated[str | None, typer.Option("--dealer", "-d", help="Who deals (default: the first player).")]
SeedOpt = Annotated[str, typer.Option("--seed", "-s", help="Digits are an integer seed; anything else a string.")]


@command(hand_app, "deal")
def deal(
    rules_spec: RulesOpt,
    players: PlayersOpt,
    seed: SeedOpt,
    dealer: DealerOpt = None,
    output: Annotated[Path | None, typer.Option("--output", "-o", help="Write the deal file here.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the deal as JSON.")] = False,
) -> None:
    """Deal a hand from a seed: show every hand, the spare hand and the turn-up."""
    from popejoan_cli.formats import dealfile
    from popejoan_cli.game.cards import parse_seed, sort_key

    rules, names, dealer_seat = common.seats(players, dealer, rules_spec)
    the_seed = parse_seed(seed)
    from popejoan_cli.game.deal import seeded_deal

    dealt = seeded_deal(rules, len(names), dealer_seat, the_seed)
    rules_ref = rules_spec
    if output is not None:
        if Path(rules_spec).suffix == ".toml":
            rules_ref = str(Path(rules_spec).resolve())
        from popejoan_cli.formats import outfiles

        outfiles.write_text(output, dealfile.write(rules_ref, names, dealer_seat, the_seed, dealt, rules.ace_high),
                            force=True, table=cli.table_override)
    ah = rules.ace_high

    def order(cards: tuple[int, ...]) -> list[str]:
        return [str(c) for c in sorted(cards, key=lambda c: sort_key(c, ah))]

    if as_json:
        emit_json({
            "rules": rules.name, "players": names, "dealer": names[dealer_seat], "seed": the_seed,
            "turnup": None if dealt.turnup is None else str(dealt.turnup),
            "trump": None if dealt.turnup is None else dealt.turnup.suit.name,
            "hands": {n: order(h) for n, h in zip(names, dealt.hands, strict=True)},
            "spare": None if dealt.spare is None else order(dealt.spare),
        })
        return
    from popejoan_cli.render.hand_views import deal_view

    out = console()
    out.print(deal_view(rules, names, dealer_seat, the_seed, dealt))
    if output is not None:
        from popejoan_cli.render.i18n import t

        out.print(t("Deal file written to {path}", path=shown(str(output))), markup=False)


def _read_deal(file: Path, rules_spec: str | None) -> object:
    from popejoan_cli.formats import dealfile
    from popejoan_cli.formats.presets import load_rules, read_file_bytes
    from popejoan_cli.formats.userfiles import label

    override = load_rules(rules_spec) if rules_spec else None
    data = read_file_bytes(file, "deal file")
    base = file.resolve().parent  # after the read, which has refused a path that cannot be resolved
    return dealfile.read(data, label(file), lambda s: load_rules(s, base), override)


@command(hand_app, "replay")
def replay_cmd(
    # A plain string: Typer's Path type looks at the disk while parsing and trips on a NUL.
    file: Annotated[str, typer.Argument(help="A deal file, e.g. from `popejoan hand deal -o`.")],
    rules_spec: Annotated[
        str | None, typer.Option("--rules", "-r", help="Override the file's rules. " + RULES_HELP)
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the replay as one JSON object.")] = False,
) -> None:
    """Play a deal out: given leads first, then each leader's lowest legal lead."""
    from popejoan_cli.formats.dealfile import DealSpec, play_deal
    from popejoan_cli.formats.handjson import to_json

    spec = _read_deal(Path(file), rules_spec)
    assert isinstance(spec, DealSpec)
    hand = play_deal(spec)
    if as_json:
        emit_json(to_json(hand, spec.players, spec.rules_name))
        return
    from popejoan_cli.render.hand_views import replay_view

    console().print(replay_view(hand, spec))


def _board_arg(text: str | None, pots: list[str]) -> dict[str, int]:
    board: dict[str, int] = {}
    for part in (text or "").split(","):
        if not part.strip():
            continue
        name, eq, value = part.partition("=")
        name = name.strip()
        if not eq or not (value.strip().isascii() and value.strip().isdigit()):
            raise UsageError(Said("--board entry {typed} is not pot=N", typed=cut(part)),
                             Said("e.g. {example}", example="--board pope=12,game=3"))
        if name not in pots:
            raise UsageError(Said("--board names no pot {typed}", typed=cut(name)), allowed(pots, name[:100]))
        n = whole_number(value, 0, 1_000_000)
        if n is None:  # digits, so too large; never converted, as thousands of them would fail
            raise UsageError(Said("--board {typed} is too large", typed=f"{name}={cut(value.strip(), 20)}"),
                             Said("allowed: 0 to 1,000,000"))
        board[name] = n
    return board


@command(hand_app, "final")
def final_cmd(
    rules_spec: RulesOpt,
    players: PlayersOpt,
    seed: SeedOpt,
    dealer: DealerOpt = None,
    board: Annotated[
        str | None, typer.Option("--board", "-b", help="Counters on the board: pot=N,... (others 0).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
) -> None:
    """The final clearing deal: every card dealt, each pot to its card's holder."""
    from popejoan_cli.formats.handjson import final_json
    from popejoan_cli.game.board import Board
    from popejoan_cli.game.cards import parse_seed
    from popejoan_cli.game.playout import final_deal

    rules, names, dealer_seat = common.seats(players, dealer, rules_spec)
    if rules.final.deal != "holders":
        raise UsageError(Said("{rules} has no final clearing deal (final.deal = \"none\"): its board carries over",
                              rules=rules.name),
                         Said("use rules with final.deal = \"holders\", such as russian"))
    counters = _board_arg(board, [p.name for p in rules.pots])
    res = final_deal(rules, len(names), dealer_seat, Board(rules, counters), parse_seed(seed))
    if as_json:
        emit_json(final_json(res, names, rules.name))
        return
    from popejoan_cli.render.hand_views import final_view

    console().print(final_view(res, names))


@command(hand_app, "show")
def hand_show(
    seat: Annotated[str, typer.Argument(help="Whose hand to show (only their own!).")],
    why: Annotated[str | None, typer.Option("--why", metavar="CARD", help="Also tell this player alone why "
                                                                          "they may or may not play CARD now.")]
    = None,
    as_json: JsonOpt = False,
) -> None:
    """Show one player's cards in the hand being played (and, with --why, the referee's reason for them alone)."""
    from popejoan_cli.game.cards import Card
    from popejoan_cli.table.view import seat_of

    view = common.view()
    rec = view.open_hand
    if rec is None:
        raise RuleViolation(Said("no hand is being played"), Said("deal one first: `popejoan deal`"))
    seat = view.players[seat_of(view, seat)]
    if seat not in rec.players:
        raise UsageError(Said("{player} is not in this hand", player=seat))
    if rec.kind.real:  # an empty panel ("0 cards") would say the player holds nothing
        raise _real_deck(rec)
    if seat in view.computers:  # a computer's hand is private to everyone, its owner is nobody at the table
        raise RuleViolation(Said("{player} is a computer: its hand is shown to nobody until the hand is over",
                                 player=seat), Said("`popejoan history` tells the hand once it is over"))
    s = rec.players.index(seat)
    asked = Card.parse(why) if why is not None else None
    if as_json:
        emit_json(_hand_json(rec, s, asked))
        return
    _show_privately(rec, s, asked)


def _real_deck(rec: HandRecord) -> RuleViolation:
    """`hand show` in a hand of a real deck: popejoan never saw its cards, so it shows none (nor why one may be led)."""
    from popejoan_cli.table.real import TALLIED

    return RuleViolation(Said("hand {number} is played with a real deck: popejoan does not know its cards, they are "
                              "in the players' hands", number=rec.number),
                         TALLIED if not rec.kind.records_cards else
                         Said("record each card as it is played: `popejoan play NAME CARD`"))


def _hand_json(rec: HandRecord, seat: int, asked: Card | None) -> dict[str, Any]:
    """`hand show --json`: the player's own cards, from their observation; with --why, the ruling."""
    from popejoan_cli.game.cards import CARDS, sort_key

    hand = rec.hand
    mine = hand.observe(seat)
    cards = sorted((CARDS[c] for c in mine.own), key=lambda c: sort_key(c, hand.ace_high))
    data: dict[str, Any] = {"player": rec.players[seat], "hand": rec.number, "cards": [str(c) for c in cards]}
    if asked is not None:
        ruled = hand.ruling(seat, asked)
        data["why"] = {"card": str(asked), "allowed": ruled.allowed,
                       "reason": None if ruled.allowed else str(ruled.private or ruled.told)}
    return data


def _show_privately(rec: HandRecord, seat: int, asked: Card | None) -> None:
    """At a terminal the laptop goes round the table: ask for it to be passed, show the hand (and the
    reason asked for), and clear the screen (scrollback too) once its owner has seen it, as the shell does."""
    from popejoan_cli.render.i18n import t
    from popejoan_cli.render.table_views import seat_hand_view

    name = rec.players[seat]
    private = cli.at_terminal()
    if private and not cli.wait_for_enter(t("Pass the laptop to {player} and press Enter ", player=name)):
        sys.stderr.write("popejoan: " + t("the hand was not shown") + "\n")
        return
    try:
        console().print(seat_hand_view(rec, seat))
        if asked is not None:
            console().print(_ruling_words(rec, seat, asked), markup=False)
        if private:
            cli.wait_for_enter(t("Press Enter to hide it "))
    finally:
        if private:
            sys.stdout.write(cli.CLEAR + t("{player}'s hand is hidden.", player=name) + "\n")
            sys.stdout.flush()


def _ruling_words(rec: HandRecord, seat: int, asked: Card) -> str:
    """The referee's ruling on `asked` for its player alone: allowed, or the private reason."""
    from popejoan_cli.cli.exits import spoken
    from popejoan_cli.render.i18n import face, t

    ruled = rec.hand.ruling(seat, asked)
    if ruled.allowed:
        return t("You may play {card} now.", card=face(asked))
    return t("Why not {card}: {reason}.", card=face(asked), reason=spoken(ruled.private or ruled.told or ""))
