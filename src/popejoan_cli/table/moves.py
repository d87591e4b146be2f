"""What a command means at this table now: the events a verb writes, decided from the view.

The command line reads what was typed; what it amounts to (who leads when nobody is named,
what a joining player brings, whether the end of a session deals the final hand, the lowest
legal lead, which hand a claim is about) is the table's to say. Pure: no files, no printing; the fold still checks each
event before it is written.
"""

from __future__ import annotations

from collections.abc import Mapping

from popejoan_cli.base.errors import RuleViolation, Said, SaidN, UsageError, allowed
from popejoan_cli.base.limits import cut, whole_number
from popejoan_cli.base.names import find_name, refuse_lookalikes
from popejoan_cli.base.words import as_typed
from popejoan_cli.game.cards import Card, Seed
from popejoan_cli.game.playout import lowest_lead
from popejoan_cli.table.events import (
    CardLed,
    Counted,
    Event,
    FinalDealt,
    OutDeclared,
    PlayerJoined,
    SessionEnded,
    TableOpened,
    TallyOut,
)
from popejoan_cli.table.ledger import last_cash_out
from popejoan_cli.table.view import (
    HandRecord,
    TableView,
    check_counters,
    need_hand,
    player_named,
    pot_named,
    pot_said,
)


def lead_by(view: TableView, player: str | None, card: Card, ordinary: bool = False, page: bool = False) -> CardLed:
    """`lead CARD [--by NAME] [--ordinary]`: the leader's lead, or the named player's (the fold checks their turn);
    `ordinary`: the Pope led as an ordinary lead, not in lieu of a stop (docs/house-rules.md: play.pope_in_lieu);
    `page`: the lead came from the player's page under `serve`."""
    rec = need_hand(view)
    who = find_name(player, rec.players) if player is not None else rec.players[rec.hand.leader]
    if who is None:
        raise UsageError(Said("no player {typed!r} in this hand", typed=player), allowed(rec.players, player))
    return CardLed(player=who, card=str(card), ordinary=ordinary, page=page)


def lowest(view: TableView) -> CardLed | None:
    """The leader's lowest legal lead in the open hand (the lowest policy), or None between hands."""
    rec = view.open_hand
    if rec is None:
        return None
    seat, card = lowest_lead(rec.hand)
    return CardLed(player=rec.players[seat], card=str(card))


def joining(view: TableView, name: str, counters: int | None, *, bring_back: bool = False) -> PlayerJoined:
    """`table join NAME`: with no count given, a player brings what each brought at the opening; with
    `bring_back` (`--bring-back`), exactly what they took away when they last left this session (the ledger's
    cash-out), under the name they left with. A name that looks the same as a seated player's is refused."""
    refuse_lookalikes([name], view.players)
    if bring_back:
        if counters is not None:
            raise UsageError(Said("--bring-back and --counters both say what {player} brings: give one",
                                  player=name))
        seated = find_name(name, view.players)
        if seated is not None:
            raise UsageError(Said("{player!r} is already at the table", player=seated))
        back = last_cash_out(view, name)
        if back is None:
            raise UsageError(Said("{player} never left this table this session: there is nothing to bring back",
                                  player=name),
                             Said("say what they bring: `{example}`", example=f"popejoan table join {as_typed(name)} "
                                                                              "--counters 50"))
        return PlayerJoined(player=back[0], counters=back[1])
    if counters is not None:
        return PlayerJoined(player=name, counters=counters)
    if view.continues:
        # A continued session opens with no counters of its own: there is no starting stake to copy.
        raise UsageError(Said("how many counters does {player} bring? this session continues {table!r}",
                              player=name, table=view.continues),
                         Said("e.g. `{example}`", example=f"popejoan table join {as_typed(name)} --counters 50"))
    opened = view.effective[0][1]
    assert isinstance(opened, TableOpened)
    return PlayerJoined(player=name, counters=opened.counters)


def ending(view: TableView, seed: Seed) -> list[Event]:
    """`end`: the session's end, after the final clearing deal where the rules have one still to play."""
    final = view.the_rules().final.deal == "holders" and view.final is None
    return [FinalDealt(seed=seed), SessionEnded()] if final else [SessionEnded()]


def counting(view: TableView, typed: str, counters: str, words: Mapping[str, str] | None = None) -> list[Counted]:
    """`count TARGET N`: a pot by its name or the label the board shows ("First out", or «Матримония»
    at a Russian table: `words`, as `pot_named` reads them), a player in any case; anything else is
    written as typed, and the fold refuses it by name. N may be below zero (a balance can be). `count
    board N,N,...` (every pot, in the board's order) or `count board POT=N,...` (every pot once, by name
    or label) is one count per pot, all checked before any is written; `board` means the board unless
    a player or a pot is called that."""
    target = find_name(typed, view.players) or pot_named(view.the_rules(), typed, words)
    if target is None and typed.strip().lower() == "board":
        return _board_counts(view, counters, words)
    if target is None:  # the fold refuses it too (a journal's own count); here the pots are as the table types them
        raise UsageError(Said("count what? {target} is neither a player nor a pot", target=cut(typed)),
                         allowed([*view.players, *_pots_shown(view, list(view.board), words)], typed))
    return [Counted(target=target, counters=_counters(counters))]


def _counters(typed: str) -> int:
    """A typed number of counters (a sign allowed), in range; a usage error otherwise."""
    word = typed.strip()
    digits = word.lstrip("+-")
    if not (digits.isascii() and digits.isdigit()) or len(word) - len(digits) > 1:
        raise UsageError(Said("{typed} is not a number of counters", typed=cut(word)),
                         Said("a whole number, e.g. {example}", example="6 or -3"))
    # Python reads at most 4,300 digits (issue 37): a longer number is never read, only said to be out of
    # range by its size, a power of ten that `int_text` words without turning it into digits.
    significant = digits.lstrip("0") or "0"
    n = int(significant) if len(significant) <= 19 else 10 ** (len(significant) - 1)
    n = -n if word.startswith("-") else n
    check_counters(n, negative=True)
    return n


def _board_counts(view: TableView, typed: str, words: Mapping[str, str] | None) -> list[Counted]:
    """`count board ...`: every pot of the board counted, in its order or each named once."""
    pots = list(view.live_board())
    shown = _pots_shown(view, pots, words)
    parts = [part.strip() for part in typed.split(",")]
    if not any("=" in part for part in parts):
        if len(parts) != len(pots):
            raise UsageError(SaidN("count board: {typed} gives {n} number for {pots} pots",
                                   "count board: {typed} gives {n} numbers for {pots} pots",
                                   len(parts), typed=cut(typed), pots=len(pots)),
                             Said("one number a pot, in the board's order: {pots}", pots=", ".join(shown)))
        return [Counted(target=pot, counters=_counters(n)) for pot, n in zip(pots, parts, strict=True)]
    named = _named_counts(view, parts, pots, shown, words)
    missing = [pot for pot in pots if pot not in named]
    if missing:
        said = dict(zip(pots, shown, strict=True))
        raise UsageError(Said("count board: every pot must be counted; missing: {pots}",
                              pots=", ".join(said[pot] for pot in missing)),
                         Said("e.g. {example}", example=",".join(f"{said[pot]}=N" for pot in pots)))
    return [Counted(target=pot, counters=named[pot]) for pot in pots]


def _named_counts(view: TableView, parts: list[str], pots: list[str], shown: list[str],
                  words: Mapping[str, str] | None) -> dict[str, int]:
    """`count board POT=N,...`: each pot named once, by its name or as the board shows it (`shown`)."""
    named: dict[str, int] = {}
    for part in parts:
        word, _, number = part.partition("=")
        pot = pot_named(view.the_rules(), word.strip(), words)
        if pot is None or pot not in pots:
            raise UsageError(Said("count board: {typed} is not a pot on this board", typed=cut(word.strip())),
                             allowed(shown, word.strip()))
        if pot in named:
            raise UsageError(Said("count board: {pot} is counted twice", pot=pot_said(view.the_rules(), pot)))
        named[pot] = _counters(number)
    return named


def _pots_shown(view: TableView, pots: list[str], words: Mapping[str, str] | None) -> list[str]:
    """The pots as a person at this table types them: the board's label in the table's language where
    `words` has one (`Туз` at a Russian table), else the pot's name (what an English table types)."""
    label = {p.name: p.label for p in view.the_rules().pots}
    said = {rules_label: own for own, rules_label in (words or {}).items()}
    return [said.get(label.get(pot, pot), pot) for pot in pots]


def going_out(view: TableView, name: str, pope: str | None, holders: str | None = None) -> OutDeclared:
    """`out NAME [--pope NAME|spare|none] [--holders POT=NAME,...]`: the players named as the table knows them."""
    who = player_named(view.players, name)
    if pope is not None and pope.lower() not in ("spare", "none"):
        pope = player_named(view.players, pope)
    return OutDeclared(player=who, pope=pope or "", holders=_holders(view, holders) if holders else {})


def _holders(view: TableView, typed: str) -> dict[str, str]:
    """`--holders POT=NAME,POT=spare`: who holds each unplayed card pot's card (docs/house-rules.md:
    settle.unplayed_card), each pot by its name and each player as the table knows them."""
    pots = {p.name for p in view.the_rules().pots if p.by_one_card}  # a `below` pot's card is asked for too
    found: dict[str, str] = {}
    for part in (p.strip() for p in typed.split(",")):
        pot, eq, who = (x.strip() for x in part.partition("="))
        if not eq or pot.lower() not in pots:
            raise UsageError(Said("--holders {typed!r}: give POT=NAME or POT=spare for each pot whose card is asked "
                                  "for", typed=part), Said("e.g. {example}", example="--holders ace=Ann,king=spare"))
        if pot.lower() in found:
            raise UsageError(Said("--holders gives {pot} twice", pot=pot.lower()))
        found[pot.lower()] = "spare" if who.lower() == "spare" else player_named(view.players, who)
    return found


def tally_out(view: TableView, name: str, left: str, pope: str | None) -> TallyOut:
    """`out NAME --left A=3,B=5 [--pope ...]`: the counts as typed, each player named as the table knows them."""
    declared = going_out(view, name, pope)
    counts: dict[str, int] = {}
    for part in (p.strip() for p in left.split(",")):
        who, eq, number = part.partition("=")
        if not eq:
            raise UsageError(Said("--left {typed!r}: give NAME=N for each other player", typed=part),
                             Said("e.g. {example}", example="--left Ann=3,Bob=5"))
        player = player_named(view.players, who.strip())
        n = whole_number(number.strip(), 0, 52)
        if n is None:
            raise UsageError(Said("--left {typed!r}: {number!r} is not a number of cards", typed=part,
                                  number=number.strip()), Said("a number from 0 to 52"))
        if player in counts:
            raise UsageError(Said("--left gives {player} twice", player=player))
        counts[player] = n
    return TallyOut(player=declared.player, left=counts, pope=declared.pope)


def claimed(view: TableView, name: str) -> tuple[HandRecord, str]:
    """`claim NAME ...`: the hand a claim is about (the one being played, else the last) and the
    claimant as the table knows them."""
    if not view.hands:
        raise RuleViolation(Said("no hand has been dealt: there is nothing to claim"))
    rec = view.open_hand or view.hands[-1]
    who = player_named(view.players, name)
    if who not in rec.players:
        raise UsageError(Said("{player} did not play hand {number}", player=who, number=rec.number))
    return rec, who
