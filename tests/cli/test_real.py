"""Real decks recorded card by card: `deal --real`, `play NAME CARD...`, `stop`,
`out NAME [--pope ...]`, `show NAME CARD...` and `undo`, through the CLI.

The referee of a real hand sees no cards: it knows the hand sizes, the turn-up
and what has been played, and must rule on exactly that. The main check records hands
whose cards *are* known (seeded deals, played out by each leader's lowest legal lead)
as a table would, card by card, and requires the same replay record (awards, payments, net,
board) as the known-hands replay. The table calls `stop` only where the referee cannot
know the run is over (the next card is in the unseen spare hand, or, with clockwise
follow, the next player in turn does not hold it); every other stop the referee makes
itself, and a `stop` then records nothing.

Driven in-process with Typer's CliRunner in an isolated POPEJOAN_HOME (POPEJOAN_TABLE never
inherited); stdout, stderr and the exit code are checked separately. Stdout is not a
terminal, so narration is plain text. A refused command leaves the journal byte for byte
as it was.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import conftest
from popejoan_cli.base.errors import UsageError
from popejoan_cli.formats.handjson import to_json
from popejoan_cli.game.cards import Card, Dealt
from popejoan_cli.game.hand import Hand, Stop

PLAYERS = ("Ann", "Bob", "Cat", "Dan")
EIGHT = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")


# --------------------------------------------------------------------------- the CLI
class Cli(conftest.Cli):
    """conftest's CLI, on one table called `t`."""

    def journal(self) -> bytes:
        return (self.home / "tables" / "t" / "journal.jsonl").read_bytes()

    def table(self, rules: str = "modern-stops", players: tuple[str, ...] = PLAYERS, dealer: str = "Ann") -> None:
        self.ok("table", "new", "t", "--rules", rules, "--players", ",".join(players), "--dealer", dealer)

    def real(self, rules: str = "modern-stops", players: tuple[str, ...] = PLAYERS, dealer: str = "Ann",
             turnup: str | None = "8H") -> str:
        """A new table and a real deal on it; returns what the deal said."""
        self.table(rules, players, dealer)
        return self.ok("deal", "--real", *(["--turnup", turnup] if turnup else [])).stdout

    def hand(self) -> dict[str, Any]:
        hands = self.json("history")["hands"]
        assert isinstance(hands[-1], dict)
        return hands[-1]


@pytest.fixture
def cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Cli:
    monkeypatch.delenv("POPEJOAN_TABLE", raising=False)
    monkeypatch.delenv("POPEJOAN_HOME", raising=False)
    return Cli(tmp_path / "home")


def face(text: str) -> str:
    return Card.parse(text).face


# --------------------------------------------------------------------------- known hands, recorded
CASES = [
    # (preset, seed, dealer seat): what each adds is checked by test_the_cases_cover_the_rules.
    ("modern-stops", 42, 0),  # spare and removed stops; the Pope stays in the spare hand: --pope spare
    ("modern-stops", 99, 1),  # the Pope turned up in a player's hand and never played: known, not asked
    ("russian", 1, 0),  # out-of-play turn-up stops the run; a pair; a player keeps the Pope (card exempt)
    ("russian", 2, 1),  # the turned-up trump card pays the dealer and ends the hand
    ("hoyle", 44, 0),  # the Pope turned up: Pope, Game and one counter per card dealt; the hand ends
    ("hoyle", 5, 1),  # top, turn-up, removed, played and spare stops; a player keeps the Pope
    ("parlett", 24, 2),  # a pair won, the dealer takes a pot at the turn-up, the Pope in the spare hand
    ("michigan", 5, 3),  # a lead that passes (change of suit); no turn-up
    ("boodle", 4, 0),  # clockwise follow: not-in-turn stops the table calls
    ("newmarket", 5, 1),  # change of colour, per_card 0: the kitty is the prize
    # More seeds, other dealers.
    ("modern-stops", 6, 2),
    ("russian", 6, 3),
    ("hoyle", 21, 3),
    ("parlett", 2, 0),
    ("parlett", 99, 3),
    ("michigan", 20, 1),
    ("newmarket", 2, 3),
]
"""Michigan: a passing lead cannot be judged unseen (who holds a new suit is unknown), so the
referee accepts a lead from any player then. That loses nothing while the known hand goes on,
but a *void* hand (nobody can change suit) has no command to record it: such seeds cannot be
recorded and none is used (michigan 5 is not void; the cover test checks it)."""


def known_hand(name: str, seed: int, dealer: int) -> tuple[Hand, Dealt]:
    return conftest.known_hand(name, seed, dealer, PLAYERS)


def table_calls(hand: Hand, stop: Stop) -> bool:
    """Must the table say `stop`, or does the unseen referee stop the run itself?

    With holder follow the referee cannot know a card is in the spare hand; with clockwise
    follow it cannot know the next player in turn lacks the card while that player's cards
    are unseen (boodle turns nothing up, so every player's cards stay unseen). Top, removed,
    played and an out-of-play turn-up it knows.
    """
    return stop.reason == ("not-in-turn" if hand.clockwise else "spare")


def pope_answer(hand: Hand, dealt: Dealt) -> str | None:
    """What `out --pope` must say, or None where the referee can know it (or need not)."""
    pope = hand.pope_card
    if pope is None or hand.rules["settle.pope_exempt"] == "none" or hand.played_by[pope] >= 0:
        return None
    if pope == dealt.turnup:
        return None  # turned up: the referee saw where it went
    held = [PLAYERS[s] for s in range(len(PLAYERS)) if pope in hand.holding[s]]
    return held[0] if held else "spare"


def run_lines(hand: Hand) -> list[list[str]]:
    """The known hand as one `play` line per run: `NAME CARD CARD:NAME ...`, each run but the
    last ending in `stop` (out of habit where the referee stops the run itself)."""
    lines: list[list[str]] = []
    for i, p in enumerate(hand.plays):
        if p.lead:
            if i:
                lines[-1].append("stop")
            lines.append([PLAYERS[p.seat], str(p.card)])
        else:
            same = hand.plays[i - 1].seat == p.seat
            lines[-1].append(str(p.card) if same else f"{p.card}:{PLAYERS[p.seat]}")
    return lines


def record(cli: Cli, name: str, seed: int, dealer: int, *, batch: bool = False,
           probe_stops: bool = False, runs: bool = False) -> tuple[Hand, dict[str, Any]]:
    """Record the known hand on a real table; return it and the table's record of it.

    One `play NAME CARD` per card (with `batch`, one `play NAME CARD...` for each player's
    cards in a row); `stop` where the table must call it. Unless `batch`, the narration of
    each step is checked: the card, and either the referee's own stop or its question.
    With `probe_stops`, a `stop` after each stop the referee made itself records nothing. With
    `runs`, one `play` line per run (`run_lines`).
    """
    hand, dealt = known_hand(name, seed, dealer)
    said = cli.real(name, PLAYERS, PLAYERS[dealer], None if dealt.turnup is None else str(dealt.turnup))
    if hand.ended_at_turnup:
        assert said.endswith("The hand ends at the turn-up; the board carries over.\n")
        cli.fails(3, "play", PLAYERS[hand.eldest], "2C")
    plan = plan_of(hand, batch)
    last = said
    if runs:
        for words in run_lines(hand):
            last = cli.ok("play", *words).stdout
    else:
        last = play_plan(cli, plan, last, batch=batch, probe_stops=probe_stops)
    if hand.out is not None:
        settle_out(cli, hand, dealt, last)
    return hand, cli.hand()


TABLE_STOP, REFEREE_STOP = -1, -2
"""A step of `plan_of` that is a stop, not a player's cards: the table calls it, or the referee makes it itself."""


def plan_of(hand: Hand, batch: bool) -> list[tuple[int, list[Any]]]:
    """The plan of the known hand: (seat, plays) to play, or (TABLE_STOP, [stop]) where the table
    calls the stop, (REFEREE_STOP, [stop]) where the referee makes it itself. With `batch`, a
    player's plays in a row are one step."""
    plan: list[tuple[int, list[Any]]] = []
    stops = iter(hand.stops)
    for i, p in enumerate(hand.plays):
        if p.lead and i:
            s = next(stops)
            plan.append((TABLE_STOP, [s]) if table_calls(hand, s) else (REFEREE_STOP, [s]))
        if batch and plan and plan[-1][0] == p.seat:
            plan[-1][1].append(p)
        else:
            plan.append((p.seat, [p]))
    assert next(stops, None) is None
    return plan


def play_plan(cli: Cli, plan: list[tuple[int, list[Any]]], last: str, *, batch: bool, probe_stops: bool) -> str:
    """Record `plan` a step at a time after a command that said `last`; returns what the last command said."""
    for seat, items in plan:
        if seat == TABLE_STOP:
            last = call_stop(cli, items[0], last)
        elif seat == REFEREE_STOP:
            referee_stopped(cli, items[0], last, batch=batch, probe_stops=probe_stops)
        else:
            last = cli.ok("play", PLAYERS[seat], *(str(p.card) for p in items)).stdout
            first = items[0]
            assert last.startswith(f"{PLAYERS[seat]} {'leads' if first.lead else 'plays'} {first.card.face}\n")
    return last


def call_stop(cli: Cli, stop: Stop, last: str) -> str:
    """The table calls `stop`, which the referee asked about in `last`; returns what `stop` said."""
    assert "or `popejoan stop` if nobody can." in last, last
    said = cli.ok("stop").stdout
    assert said.startswith(f"Stop at {stop.card.face}: "), said
    assert "leads next" in said
    return said


def referee_stopped(cli: Cli, stop: Stop, last: str, *, batch: bool, probe_stops: bool) -> None:
    """The referee made `stop` itself: `last` says so (unless `batch`); with `probe_stops`, a `stop`
    out of habit is harmless, and nothing is recorded."""
    if not batch:
        assert f"Stop at {stop.card.face}: " in last, last
        assert "leads next" in last
    if probe_stops:
        before = cli.journal()
        assert cli.ok("stop").stdout == (f"The run had already stopped at {stop.card.face} "
                                         f"({stop.reason}): nothing to record.\n")
        assert cli.journal() == before


def settle_out(cli: Cli, hand: Hand, dealt: Dealt, last: str) -> None:
    """The hand is out (`last` said so): `out NAME`, with `--pope` where the referee must ask and
    does (a bare `out` is refused then)."""
    assert hand.out is not None
    out = PLAYERS[hand.out]
    assert f"{out} is out.\n" in last
    pope = pope_answer(hand, dealt)
    if pope is None:
        assert last.endswith(f"Settle with `popejoan out {out}`.\n")
        said = cli.ok("out", out).stdout
    else:
        assert last.endswith(f"Who still holds the Pope? `popejoan out {out} --pope NAME|spare|none`\n")
        err = cli.fails(2, "out", out)
        assert "who still holds the Pope?" in err and "--pope" in err
        said = cli.ok("out", out, "--pope", pope).stdout
    assert said.startswith(f"{out} is out.\n")


@pytest.mark.parametrize(("name", "seed", "dealer"), CASES, ids=[f"{n}-{s}-{PLAYERS[d]}" for n, s, d in CASES])
def test_a_recorded_real_hand_equals_the_known_replay(cli: Cli, name: str, seed: int, dealer: int) -> None:
    hand, got = record(cli, name, seed, dealer, probe_stops=name in ("modern-stops", "hoyle", "russian"))
    want = to_json(hand, PLAYERS, name)
    assert got["closed"] is True
    assert got["seed"] == ""
    # The hand-by-hand table names a real deck for what a virtual hand's seed would be.
    row = next(line for line in cli.ok("history").stdout.splitlines() if line.lstrip("│ ").startswith("1 "))
    assert "real deck" in row, row
    for key in ("awards", "payments", "net", "board"):
        assert got[key] == want[key], key
    # ...and the rest of the record too: plays (leads marked), stops with their reasons, turn-up.
    assert {k: got[k] for k in want} == want
    ledger = cli.json("ledger", "show")
    assert ledger == {p: 50 + want["net"][p] for p in PLAYERS}
    assert cli.json("board") == want["board"]
    assert cli.ok("check").stdout.startswith("ok: ")


def test_plays_batched_in_one_command_record_the_same_hand(cli: Cli) -> None:
    """`play NAME CARD CARD...` takes a player's cards in a row, over the stops the referee makes."""
    hand, got = record(cli, "modern-stops", 42, 0, batch=True)
    assert {k: got[k] for k in ("awards", "payments", "net", "board", "plays", "stops")} == {
        k: v for k, v in to_json(hand, PLAYERS, "modern-stops").items()
        if k in ("awards", "payments", "net", "board", "plays", "stops")}


def test_the_cases_cover_the_rules() -> None:
    """The cases above reach every stop reason and every way the Pope is settled."""
    seen: set[str] = set()
    for name, seed, dealer in CASES:
        hand, dealt = known_hand(name, seed, dealer)
        assert not hand.void, (name, seed)
        seen |= reached(hand, dealt)
    want = {"stop:top", "stop:removed", "stop:spare", "stop:turnup", "stop:played", "stop:not-in-turn",
            "called:spare", "called:not-in-turn", "ends-at-turnup", "paid:cards", "paid:turnup",
            "award:turnup", "award:play", "award:out", "pair", "asked:spare", "asked:player", "pope-up-known",
            "lead-passed"}
    assert want <= seen, want - seen


def reached(hand: Hand, dealt: Dealt) -> set[str]:
    """What a known hand reaches, as test_the_cases_cover_the_rules names it: its stops' reasons
    (and those the table calls), an end at the turn-up, payments, awards and pairs, how the Pope
    is settled, and a lead that passes to another player."""
    seen = {f"stop:{s.reason}" for s in hand.stops}
    seen |= {f"called:{s.reason}" for s in hand.stops if table_calls(hand, s)}
    if hand.ended_at_turnup:
        seen.add("ends-at-turnup")
    seen |= {f"paid:{p.why}" for p in hand.payments}
    seen |= {f"award:{a.at}" for a in hand.awards}
    seen |= {"pair" for a in hand.awards if len(a.cards) == 2}
    seen |= pope_settled(hand, dealt)
    if lead_passed(hand):
        seen.add("lead-passed")
    return seen


def pope_settled(hand: Hand, dealt: Dealt) -> set[str]:
    """`asked:spare` or `asked:player` where `out` must ask who holds the Pope; `pope-up-known`
    where the Pope was turned up and the hand went on (the referee saw where it went)."""
    seen: set[str] = set()
    pope = pope_answer(hand, dealt)
    if hand.out is not None and pope is not None:
        seen.add("asked:spare" if pope == "spare" else "asked:player")
    if hand.pope_card is not None and hand.pope_card == dealt.turnup and not hand.ended_at_turnup:
        seen.add("pope-up-known")
    return seen


def lead_passed(hand: Hand) -> bool:
    """Whether a lead after a stop passed from the stop's seat to another player (holder follow only)."""
    for k, p in enumerate(q for q in hand.plays if q.lead):
        if k:
            s = hand.stops[k - 1]
            if p.seat != s.seat and not hand.clockwise:
                return True
    return False


# --------------------------------------------------------------------------- bad input
def test_a_card_played_twice_is_refused(cli: Cli) -> None:
    cli.real()
    cli.ok("play", "Bob", "AS")
    err = cli.fails(3, "play", "Bob", "AS")
    assert err == (f"popejoan: Bob cannot play {face('AS')}: it has already been played\n"
                   "  rule: each card is played once\n")
    assert "already been played" in cli.fails(3, "play", "Cat", "AS")
    # Twice in one command: nothing of it is recorded.
    assert "already been played" in cli.fails(3, "play", "Ann", "2S", "2S")


def test_a_card_that_is_not_the_next_of_the_run_is_refused(cli: Cli) -> None:
    cli.real()
    cli.ok("play", "Bob", "AS")
    err = cli.fails(3, "play", "Ann", "3S")
    assert err == (f"popejoan: Ann cannot play {face('3S')}: the run needs {face('2S')} next\n"
                   "  rule: a run goes up one rank in its suit\n")
    # A lead by the wrong player is refused too, before any card is played.
    cli2 = Cli(cli.home.parent / "home2")
    cli2.real()
    assert "it is Bob's lead" in cli2.fails(3, "play", "Ann", "AS")


def test_a_removed_card_is_refused(cli: Cli) -> None:
    cli.real()
    err = cli.fails(3, "play", "Bob", "8D")
    assert err == f"popejoan: Bob cannot play {face('8D')}: it is out of the pack\n  rule: deck.removed\n"
    # 7♦ ends its run at once (8♦ is out of the pack): nobody may follow with 8♦.
    said = cli.ok("play", "Bob", "7D").stdout
    assert f"Stop at {face('7D')}: the next card, {face('8D')}, is out of the pack." in said
    assert "out of the pack" in cli.fails(3, "play", "Cat", "8D")
    # Nor may it be turned up.
    cli3 = Cli(cli.home.parent / "home3")
    cli3.table()
    assert "out of the pack" in cli3.fails(2, "deal", "--real", "--turnup", "8D")


def test_no_player_plays_more_cards_than_he_was_dealt(cli: Cli) -> None:
    """Modern stops, four players, Ann deals: 51 cards round Bob, Cat, Dan, Ann and
    the spare hand; Bob gets the 51st, the turn-up 8♥: Bob 11, the rest 10 each."""
    cli.real()
    cli.ok("play", "Bob", "2C")
    # Cat has 10 cards: his tenth takes him out, an eleventh in the same command is refused whole.
    cli.fails(3, "play", "Cat", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC")
    said = cli.ok("play", "Cat", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC").stdout
    assert said.endswith("Cat is out.\nWho still holds the Pope? `popejoan out Cat --pope NAME|spare|none`\n")
    cli.fails(3, "play", "Cat", "KC")
    cli.fails(3, "play", "Dan", "KC")


def test_the_turnup_holder_cannot_play_an_eleventh_unseen_card(cli: Cli) -> None:
    """Bob's 11 cards are 10 unseen and the turned-up 8♥: after ten unseen cards he holds only 8♥."""
    cli.real()
    cli.ok("play", "Bob", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC")
    err = cli.fails(3, "play", "Bob", "QC")
    assert err.startswith(f"popejoan: Bob does not hold {face('QC')}\n")
    said = cli.ok("play", "Cat", "QC").stdout
    assert said.startswith(f"Cat plays {face('QC')}\n")


def test_a_card_past_the_last_one_dealt_is_refused_in_the_referees_words(cli: Cli) -> None:
    """Cat goes out on his tenth card, Q♣: K♣ after it is refused as the referee words it (`Hand.refusal`):
    he has played every card he was dealt; nothing of the line is written."""
    cli.real()
    cli.ok("play", "Bob", "2C")
    err = cli.fails(3, "play", "Cat", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC")
    assert err == (f"popejoan: Cat cannot play {face('KC')}: they have played all 10 cards they were dealt\n"
                   "  rule: a player cannot play more cards than they were dealt\n")


def test_dealer_sizes_with_an_out_of_play_turnup(cli: Cli) -> None:
    """Hoyle, three players, Cat deals: the turn-up is out of play, so 50 cards go round Ann,
    Bob, Cat and the spare hand: Ann 13, Bob 13, Cat 12, spare 12. Cat is out on his twelfth."""
    cli.real("hoyle", ("Ann", "Bob", "Cat"), "Cat", "2S")
    cli.ok("play", "Ann", "AC")
    said = cli.ok("play", "Cat", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC").stdout
    assert "is out" not in said
    said = cli.ok("play", "Cat", "KC").stdout
    assert "Cat is out." in said


def test_stop_with_no_run_in_progress(cli: Cli) -> None:
    cli.real()
    err = cli.fails(3, "stop")
    assert err == "popejoan: no run is waiting for a card that might be missing\n  rule: a stop ends a run\n"
    # The referee stopped the run itself: a stop out of habit names that stop and records nothing.
    cli.ok("play", "Bob", "7D")
    before = cli.journal()
    assert cli.ok("stop").stdout == f"The run had already stopped at {face('7D')} (removed): nothing to record.\n"
    assert cli.journal() == before
    # The card's holder is known (the turned-up 8♥ is Bob's): he must play it, nobody may stop.
    cli.ok("play", "Bob", "7H")
    assert "no run is waiting" in cli.fails(3, "stop")
    err = cli.fails(3, "play", "Cat", "8H")
    assert err.startswith(f"popejoan: Cat does not hold {face('8H')}\n")
    assert cli.ok("play", "Bob", "8H").stdout.startswith(f"Bob plays {face('8H')}\n")


def test_the_next_card_of_the_turnup_holder_is_named(cli: Cli) -> None:
    cli.real()
    # Bob holds the turned-up 8♥: under lowest-in-suit he may not lead a higher heart.
    err = cli.fails(3, "play", "Bob", "9H")
    assert err == (f"popejoan: Bob may not lead {face('9H')}: they hold {face('8H')}, lower in that suit\n"
                   "  rule: play.lead = \"lowest-in-suit\"\n")
    said = cli.ok("play", "Bob", "7H").stdout
    assert said == f"Bob leads {face('7H')}\nNext: {face('8H')}, which Bob holds.\n"


def test_no_stop_and_no_play_when_no_hand_is_open(cli: Cli) -> None:
    cli.table()
    assert "no hand is being played" in cli.fails(3, "stop")
    assert "no hand is being played" in cli.fails(3, "play", "Bob", "2C")
    assert "no hand is being played" in cli.fails(3, "out", "Bob")


def test_out_for_a_player_who_still_has_cards(cli: Cli) -> None:
    cli.real()
    cli.ok("play", "Bob", "AS")
    err = cli.fails(3, "out", "Bob")
    assert err == "popejoan: the record shows Bob still has 10 cards\n  record the rest of the plays first\n"
    cli.ok("play", "Cat", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS")
    assert "Cat went out, not Bob" in cli.fails(3, "out", "Bob")
    assert "no player 'Zed'" in cli.fails(2, "out", "Zed")


def pope_played_table(cli: Cli) -> None:
    """Eight players (Ann deals): Bob..Gus get 6 cards, Hal and Ann 5, the spare hand 5.
    Bob leads the Pope; Cat plays 10♦ to K♦ (top: he leads next), then 2♣: his sixth card, out."""
    cli.real(players=EIGHT)
    said = cli.ok("play", "Bob", "9D").stdout
    assert said.startswith(f"Bob leads {face('9D')}\nBob wins Pope ({face('9D')}): 6 counters\n")
    cli.ok("play", "Cat", "10D", "JD", "QD", "KD")
    said = cli.ok("play", "Cat", "2C", "3C").stdout
    assert said.endswith("Cat is out.\nSettle with `popejoan out Cat`.\n")


def test_pope_naming_a_player_who_played_the_pope(cli: Cli) -> None:
    pope_played_table(cli)
    err = cli.fails(3, "out", "Cat", "--pope", "Bob")
    assert err == (f"popejoan: Bob played the Pope ({face('9D')}); nobody holds it\n"
                   "  leave out --pope, or say --pope none\n")
    assert "played the Pope" in cli.fails(3, "out", "Cat", "--pope", "Dan")
    # The referee knows: it does not ask, and every other player pays for each card left.
    said = cli.ok("out", "Cat").stdout
    assert said.startswith("Cat is out.\nCat wins First out: 1 counter\n")
    paid = {p["from"]: p["amount"] for p in cli.hand()["payments"]}
    assert paid == {"Ann": 5, "Bob": 5, "Dan": 6, "Eve": 6, "Fay": 6, "Gus": 6, "Hal": 5}


def test_out_asks_who_holds_the_pope_only_when_it_cannot_know(cli: Cli) -> None:
    cli.real(players=EIGHT)
    cli.ok("play", "Bob", "5C")
    cli.ok("play", "Cat", "6C", "7C", "8C", "9C", "10C", "JC")
    err = cli.fails(2, "out", "Cat")
    assert err == ("popejoan: who still holds the Pope? popejoan cannot see the cards\n"
                   "  add --pope NAME, --pope spare or --pope none\n")
    assert "Cat has no cards left to hold the Pope" in cli.fails(3, "out", "Cat", "--pope", "Cat")
    assert "no player 'Zed'" in cli.fails(2, "out", "Cat", "--pope", "Zed")
    assert "Cat went out, not Bob" in cli.fails(3, "out", "Bob", "--pope", "Dan")
    said = cli.ok("out", "Cat", "--pope", "Dan").stdout
    assert f"Dan still holds the Pope ({face('9D')}) and pays nothing for cards left." in said
    record = cli.hand()
    assert record["closed"] is True
    assert {p["from"]: p["amount"] for p in record["payments"]} == {
        "Ann": 5, "Bob": 5, "Eve": 6, "Fay": 6, "Gus": 6, "Hal": 5}
    assert "hand 1 is already settled: Cat went out" in cli.fails(3, "out", "Cat", "--pope", "Dan")


def test_a_turned_up_pope_is_known(cli: Cli) -> None:
    """The Pope turned up (modern stops): the dealer takes the Pope pot, and the card stays in
    the hand it was dealt to, Gus's (he gets the 51st card of eight players' deal): `out`
    needs no --pope, and a --pope that says otherwise is refused."""
    said = cli.real(players=EIGHT, turnup="9D")
    assert "Turn-up: Ann wins Pope: 6 counters (the dealer)" in said
    cli.ok("play", "Bob", "5C")
    said = cli.ok("play", "Cat", "6C", "7C", "8C", "9C", "10C", "JC").stdout
    assert said.endswith("Cat is out.\nSettle with `popejoan out Cat`.\n")
    err = cli.fails(3, "out", "Cat", "--pope", "Dan")
    assert err == f"popejoan: the record says otherwise about who holds the Pope ({face('9D')})\n"
    cli.fails(3, "out", "Cat", "--pope", "spare")
    said = cli.ok("out", "Cat").stdout
    assert said.endswith(f"Gus still holds the Pope ({face('9D')}) and pays nothing for cards left.\n")


def test_deal_real_turnup_must_match_the_rules(cli: Cli) -> None:
    cli.table()
    err = cli.fails(2, "deal", "--real")
    assert err == "popejoan: modern-stops turns the last card up: say which\n  e.g. --turnup 10C\n"
    assert "give one or the other" in cli.fails(2, "deal", "--real", "--seed", "3", "--turnup", "10C")
    assert "11H" in cli.fails(2, "deal", "--real", "--turnup", "11H")
    m = Cli(cli.home.parent / "michigan")
    m.table("michigan")
    err = m.fails(2, "deal", "--real", "--turnup", "10C")
    assert err == "popejoan: michigan turns no card up\n  leave out --turnup\n"
    assert m.ok("deal", "--real").stdout.startswith("Hand 1: real deck, Ann deals.\n")


def test_lead_in_a_real_hand_says_use_play(cli: Cli) -> None:
    cli.real()
    err = cli.fails(3, "lead", "2C")
    assert err == ("popejoan: this hand is dealt from a real deck: record each card with "
                   "`popejoan play NAME CARD`\n")
    err = cli.fails(2, "play", "2C")
    assert err == (f"popejoan: who played {face('2C')}? in a real hand, name the player first\n"
                   "  e.g. `popejoan play Bob 2C`\n")


def test_play_by_the_wrong_player_in_a_virtual_hand(cli: Cli) -> None:
    """Seed 42, Ann deals (modern stops): Bob leads; Ann holds 2♠."""
    cli.table()
    cli.ok("deal", "--seed", "42")
    err = cli.fails(3, "play", "Ann", "2S")
    assert err == f"popejoan: Ann cannot lead {face('2S')}: it is Bob's lead\n  rule: who leads after a stop\n"
    assert "lead one card" in cli.fails(2, "play", "Bob", "AS", "2S")
    assert "dealt by popejoan" in cli.fails(3, "stop")
    said = cli.ok("play", "Bob", "AS").stdout
    assert said.startswith(f"Bob leads {face('AS')}, Ann {face('2S')}\n")


def test_a_real_hand_that_ends_at_the_turnup_takes_no_plays(cli: Cli) -> None:
    """Russian: a turned-up trump ace pays the dealer the Ace pot and ends the hand."""
    said = cli.real("russian", turnup="AC")
    assert "Turn-up: Ann wins Ace: 4 counters (the dealer)" in said
    assert said.endswith("The hand ends at the turn-up; the board carries over.\n")
    assert "no hand is being played" in cli.fails(3, "play", "Bob", "2C")
    record = cli.hand()
    assert record["closed"] is True and record["plays"] == [] and record["out"] is None
    assert cli.ok("deal", "--real", "--turnup", "2C").stdout.startswith("Hand 2: real deck, Bob deals.\n")


# --------------------------------------------------------------------------- show: leads checked again
def breach_table(cli: Cli) -> None:
    """Eight players, modern stops (lowest-in-suit), Ann deals, 8♥ turned up (Gus has it).
    Bob leads 5♣ though he holds 2♣ (nobody can know yet); Cat plays 6♣; 7♣ is in the spare
    hand (stop); Cat leads 2♦ to 6♦: his sixth card, out. Bob still holds 5 cards."""
    cli.real(players=EIGHT)
    breach_table_plays(cli)


def breach_table_plays(cli: Cli) -> str:
    """`breach_table`'s plays, on a real deal already made; what the last line said."""
    cli.ok("play", "Bob", "5C")
    cli.ok("play", "Cat", "6C")
    cli.ok("stop")
    said = cli.ok("play", "Cat", "2D", "3D", "4D", "5D", "6D").stdout
    assert "Cat is out." in said
    return said


def test_show_finds_an_earlier_lead_that_was_not_the_lowest(cli: Cli) -> None:
    breach_table(cli)
    assert cli.ok("check").stdout.startswith("ok: ")
    res = cli.ok("show", "Bob", "2C", "3H", "4H", "5H", "6H")
    assert res.stdout == ""
    assert res.stderr == (f"popejoan: BREACH: Bob led {face('5C')} while holding {face('2C')} "
                          "(play.lead = \"lowest-in-suit\")\n")
    res = cli("check")
    assert res.exit_code == 5 and res.stdout == ""
    assert f"Bob led {face('5C')} while holding {face('2C')} (play.lead = \"lowest-in-suit\")" in res.stderr
    assert res.stderr.endswith("1 problem found\n")
    problems = json.loads(cli("check", "--json").stdout)["problems"]
    assert [p["message"] for p in problems] == [
        f"Bob led {face('5C')} while holding {face('2C')} (play.lead = \"lowest-in-suit\")"]


def test_show_of_legal_leads(cli: Cli) -> None:
    breach_table(cli)
    said = cli.ok("show", "Bob", "3H", "4H", "5H", "6H", "7H")
    assert said.stdout == "Bob's 5 cards recorded; their leads were all legal.\n" and said.stderr == ""
    assert cli.ok("check").stdout.startswith("ok: ")


def test_show_is_refused_when_it_contradicts_the_record(cli: Cli) -> None:
    breach_table(cli)
    err = cli.fails(3, "show", "Bob", "2C", "3H")
    assert err == "popejoan: the record shows Bob holds 5 cards, not 2\n"
    err = cli.fails(3, "show", "Bob", "2C", "3H", "4H", "5H", "6C")
    assert err == f"popejoan: Bob cannot hold {face('6C')}: the record places it elsewhere (played)\n"
    err = cli.fails(3, "show", "Bob", "2C", "3H", "4H", "5H", "7C")
    assert err == f"popejoan: Bob cannot hold {face('7C')}: the record places it elsewhere (not in their hand)\n"
    assert "listed twice" in cli.fails(2, "show", "Bob", "2C", "2C", "4H", "5H", "6H")
    assert f"Bob cannot hold {face('8D')}" in cli.fails(3, "show", "Bob", "8D", "3H", "4H", "5H", "6H")
    # Gus holds the turned-up 8♥: a show of his hand must include it.
    assert f"Gus must still hold {face('8H')}" in cli.fails(3, "show", "Gus", "2S", "3S", "4S", "5S", "6S", "7S")


def test_show_finds_a_lead_that_did_not_change_colour(cli: Cli) -> None:
    """Newmarket (change of colour): after the stop in clubs Bob leads 2♠, black again, while
    he holds 4♥ and K♦ (seen only when he shows his hand). The breach names the lowest of them, 4♥, as the
    referee names the lowest card held against a lead on every surface (game/laws.py: the witness)."""
    cli.real("newmarket", EIGHT, turnup=None)
    cli.ok("play", "Bob", "5C", "6C")
    cli.ok("stop")
    cli.ok("play", "Bob", "2S")
    res = cli.ok("show", "Bob", "3S", "4H", "KD")
    assert res.stderr == (f"popejoan: BREACH: Bob led {face('2S')} after a stop in that colour while holding "
                          f"{face('4H')} (play.change_suit = \"colour\")\n")
    assert cli("check").exit_code == 5


def test_show_reports_only_the_breaches_it_finds(cli: Cli) -> None:
    breach_table(cli)
    cli.ok("show", "Bob", "2C", "3H", "4H", "5H", "6H")
    res = cli.ok("show", "Dan", "2S", "3S", "4S", "5S", "6S", "7S")
    assert res.stderr == ""
    assert res.stdout == "Dan's 6 cards recorded; their leads were all legal.\n"
    assert len(json.loads(cli("check", "--json").stdout)["problems"]) == 1


def test_out_does_not_ask_about_a_shown_pope(cli: Cli) -> None:
    breach_table(cli)
    cli.ok("show", "Bob", "2C", "3H", "4H", "5H", "9D")
    said = cli.ok("out", "Cat").stdout
    assert f"Bob still holds the Pope ({face('9D')}) and pays nothing for cards left." in said


def test_out_pope_must_agree_with_the_shown_hands(cli: Cli) -> None:
    breach_table(cli)
    cli.ok("show", "Bob", "2C", "3H", "4H", "5H", "9D")
    cli.ok("show", "Dan", "2S", "3S", "4S", "5S", "6S", "7S")
    cli.fails(3, "out", "Cat", "--pope", "Dan")


# --------------------------------------------------------------------------- undo
def snapshot(cli: Cli) -> tuple[Any, Any, Any]:
    return cli.json("board"), cli.json("ledger", "show"), cli.json("history")


def test_undo_of_a_real_play_restores_the_state(cli: Cli) -> None:
    """Hearts are trump (8♥ turned up): Cat's J♥ wins the Jack; undone, the Jack is back on the board."""
    cli.real()
    cli.ok("play", "Bob", "8H")
    cli.ok("play", "Cat", "9H", "10H")
    before = snapshot(cli)
    said = cli.ok("play", "Cat", "JH").stdout
    assert said.startswith(f"Cat plays {face('JH')}\nCat wins Jack ({face('JH')}): 1 counter\n")
    assert cli.json("board")["jack"] == 0
    res = cli.ok("undo", "--yes")
    # what was undone, and what the table does now, as `play` said it before J♥
    assert res.stdout == (f"Undone: Cat's {face('JH')}.\n"
                          f"Next: {face('JH')}, from whoever holds it; or `popejoan stop` if nobody can.\n")
    assert res.stderr == f"Undo:\n  Cat's {face('JH')}\n"  # each card of a real hand is undone on its own
    assert snapshot(cli) == before
    # The state is whole again: the same card may be played, by someone else this time.
    said = cli.ok("play", "Dan", "JH").stdout
    assert said.startswith(f"Dan plays {face('JH')}\nDan wins Jack ({face('JH')}): 1 counter\n")


def test_undo_of_a_stop_and_of_going_out(cli: Cli) -> None:
    cli.real(players=EIGHT)
    cli.ok("play", "Bob", "5C")
    before = snapshot(cli)
    cli.ok("stop")
    cli.ok("undo", "--yes")
    assert snapshot(cli) == before
    cli.ok("play", "Cat", "6C", "7C", "8C", "9C", "10C", "JC")
    before = snapshot(cli)
    cli.ok("out", "Cat", "--pope", "spare")
    assert cli.hand()["closed"] is True
    res = cli.ok("undo", "--yes")
    assert res.stdout.startswith("Undone: Cat going out, which closed hand 1.\nCat is out.\n")
    assert "Cat going out, which closed hand 1" in res.stderr
    assert snapshot(cli) == before
    said = cli.ok("out", "Cat", "--pope", "Dan").stdout
    assert f"Dan still holds the Pope ({face('9D')})" in said


def test_a_shown_improper_lead_is_fined_under_pay_each(cli: Cli, tmp_path: Path) -> None:
    """pocketrummy.com's "pay 1 chip to each opponent" with a real deck (docs/house-rules.md: play.improper_lead):
    Bob's 5♣ led while he held 2♣ is allowed as played, fined when he shows his cards before the settlement, and
    the settlement tells the fines; `check` has nothing against a lead the rules allow and the record paid."""
    rules = tmp_path / "fines.toml"
    cli.ok("rules", "new", "--from", "modern-stops", "-o", str(rules))
    text = rules.read_text(encoding="utf-8")
    rules.write_text(text.replace('improper_lead = "refuse"', 'improper_lead = "pay-each"'), encoding="utf-8")
    cli.table(str(rules), EIGHT)
    cli.ok("deal", "--real", "--turnup", "8H")
    breach_table_plays(cli)
    res = cli.ok("show", "Bob", "2C", "3H", "4H", "5H", "6H")
    assert res.stderr == "" and "Bob pays 1 counter to Cat for an improper lead." in res.stdout
    assert res.stdout.count("for an improper lead") == 7 and "were all legal" not in res.stdout
    said = cli.ok("out", "Cat", "--pope", "none").stdout
    assert said.count("for an improper lead") == 7
    assert cli.ok("check").stdout.startswith("ok: ")
    fines = [p for p in cli.hand()["payments"] if p["for"] == "lead"]
    assert [(p["from"], p["amount"]) for p in fines] == [("Bob", 1)] * 7


def test_out_names_the_holders_of_unplayed_pot_cards_under_foster(cli: Cli, tmp_path: Path) -> None:
    """Foster's *Complete Hoyle*: the holder of an unplayed pot's card pays that pot double (docs/house-rules.md:
    settle.unplayed_card). With a real deck the banker names them at `out` (`--holders`), asked only under this
    rule; an `out` without them is refused with the pots still to be placed."""
    rules = tmp_path / "foster.toml"
    cli.ok("rules", "new", "--from", "modern-stops", "--from-source", "foster", "-o", str(rules))
    cli.table(str(rules), EIGHT)
    cli.ok("deal", "--real", "--turnup", "8H")
    said = breach_table_plays(cli)
    assert "Who holds the cards of ace, king, queen, jack? `popejoan out Cat --holders POT=NAME,...`" in said
    err = cli.fails(3, "out", "Cat", "--pope", "Dan")
    assert "who holds the cards of ace, king, queen, jack? popejoan cannot see them" in err
    assert "--holders" in cli.fails(2, "out", "Cat", "--pope", "Dan", "--holders", "ace=Bob,pot=Dan")
    assert "waits to hear who holds the unplayed pots' cards" in cli.fails(3, "claim", "Cat", "cards")
    said = " ".join(cli.ok("out", "Cat", "--pope", "Dan", "--holders",
                           "ace=Bob,king=spare,queen=Dan,jack=Eve").stdout.split())
    assert "Bob adds 1 counter to Ace: its card was left in hand." in said
    assert "Dan adds 1 counter to Queen: its card was left in hand." in said and "Eve adds 1" in said
    assert "Dan adds 6 counters to Pope" in said  # the Pope's holder, named by --pope, doubles it too
    assert cli.ok("check").stdout.startswith("ok: ")


def test_holders_names_a_below_pots_card_too(cli: Cli, tmp_path: Path) -> None:
    """Under Peel's Newmarket (pots won by the card below theirs) with Foster's rule, a real deck's settlement asks
    who holds each of those cards as it asks for a card pot's (`Settlement.unplayed_pots`): `--holders` takes the
    `below` pots' names as it takes a card pot's, and still refuses a pot that no one card wins."""
    from popejoan_cli.store import tables
    from popejoan_cli.table import moves

    rules = tmp_path / "newmarket-foster.toml"
    cli.ok("rules", "new", "--from", "newmarket", "--from-source", "peel-newmarket", "--from-source", "foster",
           "-o", str(rules))
    cli.table(str(rules))
    view = tables.view(cli.home / "tables" / "t", note=False)[0]
    assert {p.name for p in view.the_rules().pots if p.wins == "below"} == {"ace", "king", "queen", "jack"}
    out = moves.going_out(view, "Ann", None, "ace=Bob,queen=spare")
    assert out.holders == {"ace": "Bob", "queen": "spare"}
    with pytest.raises(UsageError):
        moves.going_out(view, "Ann", None, "kitty=Bob")


def test_a_real_decks_passed_lead_pays_the_kitty(cli: Cli, tmp_path: Path) -> None:
    """Tripoley's kitty with a real deck (docs/house-rules.md: play.pass_pays): after Bob's stop in clubs under
    `no_new_suit = "pass"`, the record shows Dan leading: the lead passed over Bob and Cat, who each put a counter
    on the kitty as Dan's lead is recorded, told at once."""
    rules = tmp_path / "kitty.toml"
    cli.ok("rules", "new", "--from", "newmarket", "-o", str(rules))
    text = rules.read_text(encoding="utf-8").replace('no_new_suit = "same-suit"', 'no_new_suit = "pass"')
    rules.write_text(text.replace("pass_pays = 0", "pass_pays = 1"), encoding="utf-8")
    cli.table(str(rules))
    cli.ok("deal", "--real")
    cli.ok("play", "Bob", "5C")
    cli.ok("stop")
    said = " ".join(cli.ok("play", "Dan", "7H").stdout.split())
    assert "Bob cannot lead a new suit and puts 1 counter on Kitty." in said
    assert "Cat cannot lead a new suit and puts 1 counter on Kitty." in said and "Dan" in said
    cli.ok("stop")
    said = " ".join(cli.ok("void").stdout.split())  # the lead passed all round: each pays, Dan first
    assert said.count("cannot lead a new suit and puts 1 counter on Kitty.") == 4
    assert said.index("Dan cannot") < said.index("Ann cannot")
    assert cli.ok("check").stdout.startswith("ok: ")


def test_a_real_deal_says_who_holds_the_called_card(cli: Cli, tmp_path: Path) -> None:
    """The Guardian's Newmarket with a real deck (docs/house-rules.md: play.first_lead): the holder of 2♦ leads
    first; popejoan cannot see who that is, so `deal --real --first NAME` says it, and the first lead is checked
    against that player alone."""
    rules = tmp_path / "guardian.toml"
    cli.ok("rules", "new", "--from", "newmarket", "-o", str(rules))
    text = rules.read_text(encoding="utf-8").replace('first_lead = "eldest"', 'first_lead = "2D"')
    rules.write_text(text.replace('spare_exchange = "dealer"', 'spare_exchange = "none"'), encoding="utf-8")
    cli.table(str(rules))
    assert "--first NAME" in cli.fails(3, "deal", "--real")
    assert "--first goes with --real" in cli.fails(2, "deal", "--first", "Cat")
    assert "Cat leads: record each card" in cli.ok("deal", "--real", "--first", "cat").stdout
    assert "it is Cat's lead" in cli.fails(3, "play", "Bob", "2D")
    cli.ok("play", "Cat", "2D")
    assert '"first":"Cat"' in (cli.home / "tables" / "t" / "journal.jsonl").read_text(encoding="utf-8").replace(
        " ", "")
