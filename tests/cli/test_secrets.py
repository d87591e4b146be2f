"""Secrets stay secret: while a hand is played, nothing popejoan prints gives away a card the
table has not seen, nor the seed that dealt every card.

A virtual hand is dealt with a known seed on a table in its own POPEJOAN_HOME. The cards the
table has not seen are read from the table's own state (`tables.view`): every card in a
player's hand or the spare hand, less the turn-up and the cards a stop has shown to lie in
the spare hand. Then every read command runs, with --json and without, every claim, the undo
listing (declined), and a lead of every card of the pack that the leader may not lead; their
stdout and stderr must name none of those cards, in either notation popejoan prints (`A♣`
and `AC`), nor the seed. Only `hand show NAME` shows cards, and exactly NAME's. Once the hand
is over, `history` shows the seed again.

All of it runs again at a table that speaks Russian, where a card also prints as `Т♣` and the
notation popejoan reads has `Тт`: the words change, the secrets do not. A refused lead of any
card the leader does not hold reads the same whichever card it is, in either language.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.main import get_command
from typer.testing import Result

import conftest
from popejoan_cli.base.errors import IllegalPlay
from popejoan_cli.cli import app
from popejoan_cli.cli.shell_cmd import Shell
from popejoan_cli.formats.presets import preset
from popejoan_cli.game.board import Board
from popejoan_cli.game.cards import CARDS, SPARE, Card, Seed
from popejoan_cli.game.deal import seeded_deal
from popejoan_cli.game.hand import Hand
from popejoan_cli.game.playout import lowest_lead
from popejoan_cli.game.rules import from_data
from popejoan_cli.render import narrate
from popejoan_cli.store import tables
from popejoan_cli.table import moves
from popejoan_cli.table.view import HandRecord, TableView

PLAYERS = ("Ann", "Bob", "Cat", "Dan")
FACE = re.compile(r"(?:10|[2-9AJQK])[♣♦♥♠]")
RU_FACE = re.compile(r"(?:10|[2-9ВДКТ])[♣♦♥♠]")


RU_RANKS = {"J": "В", "Q": "Д", "K": "К", "A": "Т"}
RU_SUITS = "тбчп"  # clubs, diamonds, hearts, spades: the Russian notation's letters


class Table(conftest.Cli):
    """conftest's CLI at 200 columns on one table called `t`, speaking `lang`; no command, not even
    a refused one, ends in a traceback or an exception other than SystemExit."""

    def __init__(self, home: Path, lang: str = "en") -> None:
        super().__init__(home, columns="200")
        self.lang = lang

    def __call__(self, *args: str, input: str | None = None, **extra: str) -> conftest.Read:
        res = super().__call__(*args, input=input, **{"POPEJOAN_LANG": self.lang, **extra})
        assert "Traceback" not in res.stderr, (args, res.stderr)
        assert res.exception is None or isinstance(res.exception, SystemExit), (args, res.exception)
        return res

    def folder(self) -> Path:
        return self.home / "tables" / "t"

    def view(self) -> TableView:
        return tables.view(self.folder())[0]

    def journal(self) -> bytes:
        return (self.folder() / "journal.jsonl").read_bytes()


@pytest.fixture(params=["en", "ru"])
def table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest) -> Table:
    monkeypatch.delenv("POPEJOAN_TABLE", raising=False)
    monkeypatch.setenv("POPEJOAN_HOME", str(tmp_path / "home"))
    return Table(tmp_path / "home", request.param)


def russian_face(card: Card) -> str:
    """The card as a Russian table prints it (`Т♣`, `10♥`), worked out here, not by popejoan."""
    rank = card.face[:-1]
    return RU_RANKS.get(rank, rank) + card.face[-1]


def tokens(card: Card) -> list[re.Pattern[str]]:
    """A card as popejoan prints it: `A♣` and `Т♣` (safe as they are), `AC` and the Russian notation's
    `Тт` (only as words of their own; JSON and files never change with the language)."""
    ru = russian_face(card)
    return [re.compile(re.escape(card.face)), re.compile(re.escape(ru)),
            re.compile(rf"(?<![0-9A-Za-z]){re.escape(str(card))}(?![0-9A-Za-z])"),
            re.compile(rf"(?<!\w){re.escape(ru[:-1] + RU_SUITS['♣♦♥♠'.index(ru[-1])])}(?!\w)", re.IGNORECASE)]


def face_in(t: Table, card: Card) -> str:
    return russian_face(card) if t.lang == "ru" else card.face


def unseen(rec: Any) -> set[Card]:
    """The cards the table has not seen: in a hand or the spare hand, not turned up, not shown by a stop."""
    hand = rec.hand
    told = {hand.succ[s.card] for s in hand.stops if s.reason == "spare"}
    return {CARDS[c] for c in range(52)
            if (hand.holder[c] >= 0 or hand.holder[c] == SPARE) and c != hand.turnup and c not in told}


def assert_hides(text: str, cards: set[Card], seed: Seed, what: object) -> None:
    found = sorted(str(c) for c in cards for pat in tokens(c) if pat.search(text))
    assert not found, (what, found, text)
    assert not re.search(rf"(?<!\d){seed}(?!\d)", text), (what, "the seed", text)


def pot_cards(view: TableView) -> set[Card]:
    """The fixed cards that are the pots' own (not a trump's, which change with the hand): the
    Russian board's names of Michigan's pots."""
    specs = (s for p in view.the_rules().pots for s in p.cards)
    return {CARDS[c] for c in (s.resolve(None) for s in specs) if c is not None}


def probe(t: Table, seed: int, every: bool = True) -> None:
    """Every read command, claim, declined undo and refused lead (of every card, or with
    `every` False of a few unseen ones): none tells a hidden card or the seed."""
    before = t.journal()
    view = t.view()
    rec = view.open_hand
    assert rec is not None
    hidden = hidden_at(t, view, rec)
    assert hidden
    probe_reads(t, hidden, seed)
    probe_claims(t, view, rec, hidden, seed)
    probe_declined_undo(t, hidden, seed)
    probe_refused_leads(t, rec, hidden, seed, every)
    probe_own_hands(t, rec, hidden, seed)
    probe_shell_completes_from_the_pack(view)
    assert t.journal() == before, "a probe changed the journal"


def hidden_at(t: Table, view: TableView, rec: HandRecord) -> set[Card]:
    """The cards a probe must not tell: the `unseen` ones, less at a Russian table a pot's own cards."""
    hidden = unseen(rec)
    if t.lang == "ru" and view.rules_name in ("michigan", "boodle", "newmarket"):
        # The Russian board names Michigan's pots by their cards, as its seed does (Т♥, К♣, Д♦, В♠):
        # a pot's own card is its name, which says nothing of where that card lies.
        hidden -= pot_cards(view)
    return hidden


def probe_reads(t: Table, hidden: set[Card], seed: int) -> None:
    """Every read command, plain and as JSON, every ledger export format, the stats and `stop`."""
    reads = [["board"], ["history"], ["ledger", "show"], ["check"]]
    runs = [[*r, *j] for r in reads for j in ([], ["--json"])]
    runs += [["ledger", "export", "-", "--format", f] for f in ("toml", "json", "csv", "hledger", "beancount")]
    runs += [["ledger", "stats"], ["ledger", "stats", "--session"], ["stop"]]
    for args in runs:
        res = t(*args)
        assert_hides(res.stdout + res.stderr, hidden, seed, args)


def probe_claims(t: Table, view: TableView, rec: HandRecord, hidden: set[Card], seed: int) -> None:
    """A claim names the pot's own cards (that is what the pot is); of the rest, nothing hidden."""
    hand = rec.hand
    pots = [p.name for p in view.the_rules().pots] + ["cards"]
    for pot in pots:
        rule = next((p for p in view.the_rules().pots if p.name == pot), None)
        named = {CARDS[c] for c in (s.resolve(hand.trump) for s in (rule.cards if rule else ())) if c is not None}
        # the leader, and a player who is not to lead (plain, then as JSON)
        for who, j in ((rec.players[hand.leader], []), (rec.players[hand.leader - 1], ["--json"])):
            res = t("claim", who, pot, *j)
            assert res.exit_code in (0, 3), (who, pot, res.stderr)
            assert_hides(res.stdout + res.stderr, hidden - named, seed, ("claim", who, pot))


def probe_declined_undo(t: Table, hidden: set[Card], seed: int) -> None:
    res = t("undo", input="n\n")
    assert res.exit_code == 0 and ("Nothing was undone." if t.lang == "en" else "Ничего не отменено.") in res.stderr
    assert_hides(res.stdout + res.stderr, hidden, seed, "undo")


def cards_to_refuse(rec: HandRecord, hidden: set[Card], mine: set[Card], every: bool) -> tuple[list[Card], set[Card]]:
    """The cards of the pack the leader may not lead that a probe leads (all of them, or with `every`
    False the first few unseen ones), and those it also plays by their face: the first unseen card in
    the spare hand and the first in another player's hand."""
    hand = rec.hand
    legal = {c for s, c in hand.law.legal_plays() if s == hand.leader}
    spare = [CARDS[c] for c in range(52) if hand.holder[c] == SPARE and CARDS[c] in hidden]
    others = sorted(hidden - mine - set(spare))
    by_play = {*spare[:1], *others[:1]}
    tried = [card for card in CARDS if card not in legal and (every or card in by_play or card in others[:4])]
    return tried, by_play


def probe_refused_leads(t: Table, rec: HandRecord, hidden: set[Card], seed: int, every: bool) -> None:
    """A refused lead tells only the rule it breaks: the leader may hear of his own cards,
    never where anyone else's lie."""
    hand = rec.hand
    mine = {CARDS[c] for c in hand.holding[hand.leader]}
    name = rec.players[hand.leader]
    tried, by_play = cards_to_refuse(rec, hidden, mine, every)
    refusals: set[str] = set()
    for card in tried:
        for verb in (["lead", str(card)], *([["play", card.face]] if card in by_play else [])):
            res = t(*verb)
            assert res.exit_code == 3, (verb, res.stdout, res.stderr)
            assert_hides(res.stdout + res.stderr, hidden - mine - {card}, seed, verb)
            # Another's, the spare hand's, or the leader's own (a lower one held): refused on a card
            # someone holds. (A lead in the stopped suit under "pass" is refused on a public rule.)
            if card in hidden and hand.ruling(hand.leader, card).private is not None:
                refusals.add(res.stderr.replace(face_in(t, card), "<card>").replace(f" {card}`", " <card>`"))
                if t.lang == "en":
                    assert res.stderr.startswith(f"popejoan: {name} cannot lead {card.face} now\n"), res.stderr
    # A card in the spare hand, in another player's hand or in the leader's own: the very same
    # words, bar the card; why it was refused is the leader's alone (`hand show NAME --why`).
    assert len(refusals) == 1 and "<card>" in refusals.pop(), refusals


def probe_own_hands(t: Table, rec: HandRecord, hidden: set[Card], seed: int) -> None:
    """Each player sees their own hand, and only that."""
    hand = rec.hand
    for seat, player in enumerate(rec.players):
        res = t.ok("hand", "show", player)
        own = {CARDS[c] for c in hand.holding[seat]}
        assert set((FACE if t.lang == "en" else RU_FACE).findall(res.stdout)) == {face_in(t, c) for c in own}
        assert_hides(res.stdout + res.stderr, hidden - own, seed, ("hand show", player))


def probe_shell_completes_from_the_pack(view: TableView) -> None:
    """The shell completes a card from the pack, never from what anyone holds."""
    sh = Shell(get_command(app), None, interactive=False)
    assert sh.refresh()
    live = [str(c) for c in CARDS if c not in view.the_rules().removed]
    assert sorted(sh.candidates("lead ", "")) == sorted(live)


def lead_lowest(t: Table) -> Result:
    view = t.view()
    rec, led = view.open_hand, moves.lowest(view)
    assert rec is not None and led is not None
    assert led.player == rec.players[rec.hand.leader]
    return t.lead_lowest(t.folder())


CASES = [("modern-stops", 1516276153), ("michigan", 314159265), ("russian", 161803398),
         ("newmarket", 577215664)]


@pytest.mark.parametrize(("rules", "seed"), CASES, ids=[f"{r}-{s}" for r, s in CASES])
def test_nothing_tells_an_unseen_card_or_the_seed_until_the_hand_is_over(table: Table, rules: str,
                                                                       seed: int) -> None:
    t = table
    t.ok("table", "new", "t", "--rules", rules, "--players", ",".join(PLAYERS))
    res = t.ok("deal", "--seed", str(seed))
    rec = t.view().open_hand
    if rec is None:  # the hand ended at the turn-up: nothing is secret any more
        pytest.skip("this deal ends at the turn-up")
    assert res.stdout.startswith("Hand 1: Ann deals.\n" if t.lang == "en" else "Раздача 1: сдаёт Ann.\n")
    assert_hides(res.stdout + res.stderr, unseen(rec), seed, "deal")
    probe(t, seed)
    # After a lead (its stop may have shown where a card lies), the same again.
    said = lead_lowest(t)
    if t.view().open_hand is not None:
        assert_hides(said.stdout + said.stderr, unseen(t.view().open_hand), seed, "lead")
        probe(t, seed, every=False)
    while t.view().open_hand is not None:
        lead_lowest(t)
    # The hand is over: the journal's seed is shown again.
    assert re.search(rf"(?<!\d){seed}(?!\d)", t.ok("history").stdout)
    assert json.loads(t.ok("history", "--json").stdout)["hands"][0]["seed"] == seed


def test_a_spare_hand_bought_in_the_auction_stays_secret(table: Table) -> None:
    """Michigan: Bob buys the spare hand; their old hand, now the spare, is still unseen."""
    t = table
    t.ok("table", "new", "t", "--rules", "michigan", "--players", ",".join(PLAYERS))
    t.ok("deal", "--seed", "271828182")
    t.ok("spare", "Bob", "--price", "1")
    probe(t, 271828182)


def test_a_random_seed_is_not_printed(table: Table) -> None:
    t = table
    t.ok("table", "new", "t", "--rules", "modern-stops", "--players", ",".join(PLAYERS))
    res = t.ok("deal")
    rec = t.view().open_hand
    assert rec is not None
    seed = rec.seed
    assert res.stdout.startswith("Hand 1: Ann deals.\n" if t.lang == "en" else "Раздача 1: сдаёт Ann.\n")
    assert_hides(res.stdout, set(), seed, "deal")
    for args in (["history"], ["history", "--json"]):
        assert_hides(t.ok(*args).stdout, set(), seed, args)
    res = t("undo", input="n\n")
    assert res.stderr.startswith("Undo:" if t.lang == "en" else "Отменить:")
    assert ("Nothing was undone." if t.lang == "en" else "Ничего не отменено.") in res.stderr
    assert_hides(res.stderr, set(), seed, "undo")


def test_under_clockwise_follow_a_stop_does_not_say_the_card_is_in_the_spare_hand() -> None:
    """House rules with a spare hand and clockwise follow: a run stops when the next player in
    turn lacks the next card. The table learns only that, so neither the stop's words nor a
    refused lead may place the card in the spare hand."""
    rules, problems = from_data({"play": {"follow": "clockwise"}}, base=preset("modern-stops"))
    assert not problems and rules is not None and rules["deal.spare_hand"]
    hand = Hand.deal(rules, 4, 0, Board(rules), seeded_deal(rules, 4, 0, 0))
    hand.names = list(PLAYERS)
    while not any(s.reason == "spare" for s in hand.stops):
        if hand.lead_due:
            seat, card = lowest_lead(hand)
            hand.push(seat, card)
        else:
            hand.follow_run()
    assert not hand.ended
    stop = next(s for s in hand.stops if s.reason == "spare")
    nxt = CARDS[hand.succ[stop.card]]
    told = next(s for s in hand.whole().stops if s.card == stop.card)  # as the record tells it (`sight.since`)
    said = narrate.plain(narrate.stop(hand.rules, told, hand.names))
    assert "spare" not in said and f"does not hold {nxt.face}" in said
    leader = hand.law.lead_seats()[0]
    with pytest.raises(IllegalPlay) as err:
        hand.check_play(leader, nxt)
    assert err.value.message == f"{hand.names[leader]} cannot lead {nxt.face} now"
    assert "spare" not in str(err.value) and err.value.private == f"you do not hold {nxt.face}"
