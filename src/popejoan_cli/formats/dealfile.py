"""The deal file (docs/deal-file.md): reading one into a checked `DealSpec`, and writing one.

Reading is pure: the caller passes the file's bytes and a function that resolves the
`rules` entry (a preset name or a path relative to the deal file). Every problem is
collected with its line and key and raised as one `DataError` (exit 5).

`tomlsource`, the TOML reader, is imported inside the functions that read, to keep start-up
short: every table view imports this module for `DealSpec`, and never reads a deal file.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from popejoan_cli.base.errors import DataError, PopejoanError, Problem, Said, SaidN, allowed
from popejoan_cli.base.limits import key_text, quoted
from popejoan_cli.game.board import Board
from popejoan_cli.game.cards import (
    SEED_RULE,
    SPARE,
    VALID_FORMS,
    Card,
    Dealt,
    Seed,
    canonical_deck,
    parse_card_or_none,
    seed_problem,
    sort_key,
)
from popejoan_cli.game.deal import check_players, seeded_deal
from popejoan_cli.game.hand import Hand
from popejoan_cli.game.playout import play_out
from popejoan_cli.game.rules import HouseRules, Path_

DEAL_KEYS = ("rules", "players", "dealer", "seed", "turnup", "leads", "hands", "board", "exchange")


@dataclass(frozen=True)
class DealSpec:
    """A checked deal: rules, seats, the cards, optional leads, carried board, exchange."""

    rules: HouseRules
    rules_name: str
    players: tuple[str, ...]
    dealer: int
    dealt: Dealt
    seed: Seed | None
    leads: tuple[Card, ...]
    board: dict[str, int]
    exchange: tuple[int, int] | None


class _Problems:
    """The problems found in one deal file, each placed at its key's line and column."""

    def __init__(self, file: str, text: str) -> None:
        from popejoan_cli.formats.tomlsource import locate

        self.file, self.text = file, text
        self.places = locate(text)
        self.found: list[Problem] = []

    def bad(self, path: Path_, msg: str, hint: str = "") -> None:
        line, col = self.places.get(path, self.places.get(path[:1], (0, 0)))
        self.found.append(Problem(msg, key_text(path), line, col, hint))

    def fail(self) -> DataError:
        """Every problem so far, each quoting its line of the file."""
        from popejoan_cli.formats.tomlsource import located

        return DataError(located(self.found, self.file, self.text))


def read(data: bytes, file: str, resolve: Callable[[str], HouseRules], override: HouseRules | None) -> DealSpec:
    """The checked deal in a deal file's bytes (see docs/deal-file.md); `override` stands for its
    `rules` entry, which `resolve` turns into rules otherwise. A `DataError` holds every problem.

    After the unknown keys come the rules and the seats, and a problem with either stops the
    reading there, since everything after is checked against them; then every other key, and
    last the cards, once the dealer is known.
    """
    from popejoan_cli.formats.tomlsource import located, parse

    doc, problems, text = parse(data)
    if doc is None:
        raise DataError(located(problems, file, text))
    probs = _Problems(file, text)
    for k in doc:
        if k not in DEAL_KEYS:
            probs.bad((k,), Said("unknown key in a deal file"), allowed(DEAL_KEYS, k))
    rules = override if override is not None else _rules(doc, resolve, probs)
    players = _players(doc, rules, probs)
    dealer_name = doc.get("dealer")
    dealer = players.index(dealer_name) if dealer_name in players else -1
    if dealer < 0:
        probs.bad(("dealer",), Said("dealer {name} is not a player", name=quoted(dealer_name)),
                  allowed(players, str(dealer_name)))
    seed = doc.get("seed")
    wrong = seed_problem(seed) if seed is not None else None
    if wrong is not None:
        probs.bad(("seed",), wrong, SEED_RULE)
        seed = None
    leads = _cards(doc.get("leads", []), ("leads",), probs.bad)
    board = _board(doc.get("board", {}), rules, probs)
    if probs.found or dealer < 0:
        raise probs.fail()
    dealt = _dealt(doc, rules, players, dealer, seed, probs.bad)
    exchange = _exchange(doc, rules, players, dealer, probs.bad)
    if probs.found or dealt is None:
        raise probs.fail()
    return DealSpec(rules, rules.name, tuple(players), dealer, dealt, seed, tuple(leads), board, exchange)


def _rules(doc: dict[str, Any], resolve: Callable[[str], HouseRules], probs: _Problems) -> HouseRules:
    """The rules the `rules` entry names; without them nothing else can be checked."""
    spec = doc.get("rules")
    if not isinstance(spec, str):
        probs.bad(("rules",), Said("missing or not a string"),
                  Said("give a preset name or a house-rule file, or use --rules"))
        raise probs.fail()
    try:
        return resolve(spec)
    except DataError:  # the house-rule file's own problems, placed in that file
        raise
    except PopejoanError as err:
        probs.bad(("rules",), err.message, err.hint)
        raise probs.fail() from None


def _players(doc: dict[str, Any], rules: HouseRules, probs: _Problems) -> list[str]:
    """The seats, clockwise; without a list of names nothing else can be checked."""
    players = doc.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players) or not players:
        probs.bad(("players",), Said("expected a list of player names, clockwise"),
                  Said("e.g. {example}", example='players = ["Ann", "Bob", "Cat"]'))
        raise probs.fail()
    if len(players) > 52:
        probs.bad(("players",), SaidN("{n:,} player; no pack deals to more than 52",
                                      "{n:,} players; no pack deals to more than 52", len(players)),
                  Said("e.g. {example}", example='players = ["Ann", "Bob"]'))
        raise probs.fail()
    for msg in check_players(players, rules):
        probs.bad(("players",), msg)
    return players


def _board(raw_board: object, rules: HouseRules, probs: _Problems) -> dict[str, int]:
    """The counters already on the board, pot by pot (a carried board)."""
    board: dict[str, int] = {}
    if not isinstance(raw_board, dict):
        probs.bad(("board",), Said("expected a [board] table of pot = counters"))
        return board
    names = [p.name for p in rules.pots]
    for pot, n in raw_board.items():
        if pot not in names:
            probs.bad(("board", pot), Said("no such pot on this board"), allowed(names, pot))
        elif isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 1_000_000:
            probs.bad(("board", pot), Said("found {value}", value=quoted(n)),
                      Said("allowed: an integer from {least} to {most}", least=0, most="1,000,000"))
        else:
            board[pot] = n
    return board


def _cards(raw: object, path: Path_, bad: Callable[[Path_, str, str], None]) -> list[Card]:
    if not isinstance(raw, list):
        bad(path, Said("expected a list of cards"), VALID_FORMS)
        return []
    out = []
    for entry in raw:
        card = parse_card_or_none(entry)
        if card is None:
            bad(path, Said("unknown card {text}", text=quoted(entry)), VALID_FORMS)
        else:
            out.append(card)
    return out


def _dealt(doc: dict[str, Any], rules: HouseRules, players: list[str], dealer: int, seed: Seed | None,
           bad: Callable[..., None]) -> Dealt | None:
    """The cards: dealt from the seed, or laid out hand by hand under [hands]; None after a problem."""
    mode = rules.deal.turnup
    raw_up = doc.get("turnup")
    turnup = parse_card_or_none(raw_up) if raw_up is not None else None
    if raw_up is not None and turnup is None:
        bad(("turnup",), Said("unknown card {text}", text=quoted(raw_up)), VALID_FORMS)
        return None
    if mode == "none" and raw_up is not None:
        bad(("turnup",), Said("{rules} has no turn-up", rules=rules.name), Said("remove the turnup key"))
        return None
    hands = doc.get("hands")
    if hands is None:
        return _seeded(rules, players, dealer, seed, turnup, bad)
    seats = _seats(hands, rules, players, bad)
    if seats is None:
        return None
    if mode != "none" and turnup is None:
        bad(("turnup",), Said("{rules} turns up a card: say which", rules=rules.name),
            Said("e.g. {example}", example='turnup = "10C"'))
        return None
    return _laid_out(seats, rules, players, turnup, bad)


def _seeded(rules: HouseRules, players: list[str], dealer: int, seed: Seed | None, turnup: Card | None,
            bad: Callable[..., None]) -> Dealt | None:
    """The deal the seed makes; a turn-up the file names must be the one the seed turns up."""
    if seed is None:
        bad(("seed",), Said("a deal file needs [hands] or a seed"),
            Said("add seed = 42, or list every hand under [hands]"))
        return None
    dealt = seeded_deal(rules, len(players), dealer, seed)
    if turnup is not None and turnup != dealt.turnup:
        # Cards in the file's own notation (`10C`), as the file writes them, in any language.
        bad(("turnup",), Said("the seed turns up {card}, not {given}", card=str(dealt.turnup), given=str(turnup)),
            Said("remove turnup, or fix the seed"))
        return None
    return dealt


def _seats(hands: object, rules: HouseRules, players: list[str],
           bad: Callable[..., None]) -> dict[str, list[Card]] | None:
    """The cards of each seat under [hands] (and of the spare hand, when the rules deal one);
    a seat the file leaves out holds none. None if [hands] names a seat there is not."""
    if not isinstance(hands, dict):
        bad(("hands",), Said("expected a [hands] table: seat = [cards]"))
        return None
    spare_rule = rules.deal.spare_hand
    seats: dict[str, list[Card]] = {}
    ok = True
    for seat, cards in hands.items():
        if seat not in players and not (seat == "spare" and spare_rule):
            why = (Said("{seat} these rules deal no spare hand", seat=quoted(seat)) if seat == "spare" else
                   Said("{seat} is not a player", seat=quoted(seat)))
            bad(("hands", seat), why, allowed([*players, *(["spare"] if spare_rule else [])], seat))
            ok = False
            continue
        seats[seat] = _cards(cards, ("hands", seat), bad)
    if not ok:
        return None
    for p in players:
        seats.setdefault(p, [])
    if spare_rule:
        seats.setdefault("spare", [])
    return seats


def _laid_out(seats: dict[str, list[Card]], rules: HouseRules, players: list[str], turnup: Card | None,
              bad: Callable[..., None]) -> Dealt | None:
    """Hands laid out in the file: each card of the pack exactly once, in a hand or (by the rules)
    turned up out of play, and an in-hand turn-up in the hand that holds it."""
    mode = rules.deal.turnup
    expected = set(canonical_deck(rules.removed))
    if mode == "out-of-play" and turnup is not None:
        if turnup not in expected:
            bad(("turnup",), Said("{card} is out of the pack", card=str(turnup)),
                f"deck.removed = {sorted(str(c) for c in rules.removed)}")
            return None
        expected.discard(turnup)
    counts = _misdealt(seats, rules, players, turnup, bad)
    missing = sorted(expected - set(counts))
    if missing:
        bad(("hands",), SaidN("{n} card missing: {cards}", "{n} cards missing: {cards}", len(missing),
                              cards=" ".join(str(c) for c in missing)),
            Said("every card of the pack appears exactly once"))
    holder: int | None = None
    if mode == "in-hand" and turnup is not None:
        where = counts.get(turnup, [])
        if not where:
            bad(("turnup",), Said("the turn-up {card} must be in a hand: these rules keep it in the hand it was "
                                  "dealt to", card=str(turnup)))
            return None
        holder = SPARE if where[0] == "spare" else players.index(where[0])
    return Dealt(tuple(tuple(seats[p]) for p in players), tuple(seats["spare"]) if rules.deal.spare_hand else None,
                 turnup, holder)


def _misdealt(seats: dict[str, list[Card]], rules: HouseRules, players: list[str], turnup: Card | None,
              bad: Callable[..., None]) -> dict[Card, list[str]]:
    """The seats holding each card, once every card that should not be in a hand, or is in two,
    and every player dealt nothing, is a problem."""
    counts: dict[Card, list[str]] = {}
    for seat, cards in seats.items():
        for c in cards:
            counts.setdefault(c, []).append(seat)
    for c, where in sorted(counts.items()):
        if c in rules.removed:
            bad(("hands", where[0]), Said("{card} is removed from the pack by these rules", card=str(c)))
        elif rules.deal.turnup == "out-of-play" and c == turnup:
            bad(("hands", where[0]), Said("{card} is the out-of-play turn-up and belongs to no hand", card=str(c)))
        elif len(where) > 1:
            bad(("hands", where[1]), SaidN("{card} appears {n} time ({seats})", "{card} appears {n} times ({seats})",
                                           len(where), card=str(c), seats=", ".join(where)))
    for p in players:
        if not seats[p]:
            # A player with no cards would be out before the first lead; no table deals that.
            bad(("hands", p), Said("{player} is dealt no cards", player=p),
                Said("every player must be dealt at least one card"))
    return counts


def _exchange(doc: dict[str, Any], rules: HouseRules, players: list[str], dealer: int,
              bad: Callable[..., None]) -> tuple[int, int] | None:
    raw = doc.get("exchange")
    if raw is None:
        return None
    mode = rules.deal.spare_exchange
    if not isinstance(raw, dict):
        bad(("exchange",), Said("expected an [exchange] table with seat and price"))
        return None
    if mode == "none" or not rules.deal.spare_hand:
        bad(("exchange",), Said("{rules} does not allow taking the spare hand", rules=rules.name),
            Said("remove [exchange]"))
        return None
    seat = raw.get("seat")
    price = raw.get("price", 0)
    if seat not in players:
        bad(("exchange", "seat"), Said("{seat} is not a player", seat=quoted(seat)), allowed(players, str(seat)))
        return None
    s = players.index(seat)
    if mode == "dealer" and s != dealer:
        bad(("exchange", "seat"), Said("only the dealer ({dealer}) may take the spare hand under {rules}",
                                       dealer=players[dealer], rules=rules.name))
        return None
    if isinstance(price, bool) or not isinstance(price, int) or price < 0 or price > 1_000_000:
        bad(("exchange", "price"), Said("found {value}", value=quoted(price)),
            Said("allowed: an integer from {least} to {most}", least=0, most="1,000,000"))
        return None
    if s == dealer and price:
        bad(("exchange", "price"), Said("the dealer pays nothing to take the spare hand"), "price = 0")
        return None
    return (s, price)


def _toml(value: object) -> str:
    """One TOML value: strings, integers and flat lists are all a deal file holds."""
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    return str(value)


def _key(name: str) -> str:
    return name if re.fullmatch(r"[A-Za-z0-9_-]+", name) else json.dumps(name, ensure_ascii=False)


def write(rules_ref: str, players: Sequence[str], dealer: int, seed: Seed, dealt: Dealt, ace_high: bool) -> str:
    """A deal file for a seeded deal, in the form `hand replay` reads, each hand sorted by suit and rank."""

    def cards(cs: Sequence[Card]) -> list[str]:
        return [str(c) for c in sorted(cs, key=lambda c: sort_key(c, ace_high))]

    lines = [
        f"# popejoan deal file: {rules_ref}, dealt by {players[dealer]} from seed {seed!r}.",
        "# Replay it with `popejoan hand replay FILE`; add leads = [...] to choose the leads.",
        f"rules = {_toml(rules_ref)}",
        f"players = {_toml(list(players))}   # clockwise",
        f"dealer = {_toml(players[dealer])}",
        f"seed = {_toml(seed)}",
    ]
    if dealt.turnup is not None:
        lines.append(f"turnup = {_toml(str(dealt.turnup))}")
    lines += ["", "[hands]"]
    for name, hand in zip(players, dealt.hands, strict=True):
        lines.append(f"{_key(name)} = {_toml(cards(hand))}")
    if dealt.spare is not None:
        lines.append(f"spare = {_toml(cards(dealt.spare))}")
    return "\n".join(lines) + "\n"


def play_deal(spec: DealSpec) -> Hand:
    """The hand a deal file describes, played out: its leads, then the lowest policy."""
    board = Board(spec.rules, spec.board)
    hand = Hand.deal(spec.rules, len(spec.players), spec.dealer, board, spec.dealt)
    hand.names = spec.players
    if spec.exchange is not None and not hand.ended:
        hand.exchange(*spec.exchange)
    return play_out(hand, spec.leads)
