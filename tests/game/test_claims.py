"""Claims: `popejoan claim NAME POT|cards [AMOUNT] [--json]` checks "that's Matrimony,
pay me" against the record, virtual or real, and cites the plays that decide it.

Every pot kind is claimed right and wrong: a card pot (played, played by another, not yet
played, in the spare hand, taken by the dealer at the turn-up), a pair pot (played by one
player in order, split between players, played in the wrong order under `pair_order =
"ascending"`), first-out, and the settlement for cards, with and without an amount.
Situations come from a seeded virtual hand (found by searching seeds with the library) and
from real hands recorded card by card, where every play is chosen; `claims.judge` is also
tested directly on hand-built hands. A claim never writes to the journal.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from conftest import Cli, rules_with
from popejoan_cli.base.errors import UsageError
from popejoan_cli.formats.presets import preset
from popejoan_cli.game.board import Board
from popejoan_cli.game.cards import SPARE, Card, Dealt, canonical_deck
from popejoan_cli.game.claims import Verdict, judge
from popejoan_cli.game.deal import seeded_deal
from popejoan_cli.game.hand import Hand
from popejoan_cli.game.playout import play_out
from popejoan_cli.game.rules import HouseRules

PLAYERS = ("Ann", "Bob", "Cat", "Dan")
EIGHT = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")


def face(text: str) -> str:
    return Card.parse(text).face


# --------------------------------------------------------------------------- the CLI
class Claims(Cli):
    """conftest's `Cli` with a table `t` (`real` opens it and deals a real hand) and claims on it."""

    def journal(self) -> bytes:
        return (self.home / "tables" / "t" / "journal.jsonl").read_bytes()

    def real(self, players: tuple[str, ...] = EIGHT, turnup: str | None = "8H", rules: str = "modern-stops") -> None:
        self.ok("table", "new", "t", "--rules", rules, "--players", ",".join(players), "--dealer", "Ann")
        self.ok("deal", "--real", *(["--turnup", turnup] if turnup else []))

    def right(self, *claim: str) -> str:
        """A claim that must be upheld: exit 0, the verdict on stdout, nothing on stderr."""
        before = self.journal()
        res = self.ok("claim", *claim)
        assert res.stderr == ""
        assert res.stdout.startswith("right: ") and res.stdout.endswith("\n") and res.stdout.count("\n") == 1
        assert self.journal() == before
        return res.stdout[:-1]

    def wrong(self, *claim: str, code: int = 3) -> str:
        """A claim that must fail: exit `code`, one message on stderr, nothing on stdout, the journal unchanged."""
        return self.fails(code, "claim", *claim).removeprefix("popejoan: ").rstrip("\n")


@pytest.fixture
def cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Claims:
    monkeypatch.delenv("POPEJOAN_TABLE", raising=False)
    monkeypatch.delenv("POPEJOAN_HOME", raising=False)
    return Claims(tmp_path / "home")


# --------------------------------------------------------------------------- a virtual hand
SEED = 13
"""Modern stops, four players, Ann deals, seed 13 (found by searching seeds: Ann goes out and is
owed exactly 9 for cards, the dealer takes a pot at the turn-up, and a pot's card lies in the
spare hand). The turn-up A♦ (in Bob's hand) gives Ann the Ace at once; K♦ is in the spare
hand; Ann plays Q♦ last, play 28, winning the Queen and going out; Bob pays 7 and Cat 2 for
cards left; Dan keeps the Pope 9♦ and pays nothing."""


def seed_hand() -> Hand:
    rules = preset("modern-stops")
    hand = Hand.deal(rules, 4, 0, Board(rules), seeded_deal(rules, 4, 0, SEED))
    hand.names = list(PLAYERS)
    return play_out(hand)


def test_the_seed_still_gives_the_situation() -> None:
    hand = seed_hand()
    assert str(hand.turnup) == "AD" and hand.out == 0
    assert hand.holder[Card.parse("KD")] == SPARE
    assert [(a.pot, hand.names[a.seat], a.at) for a in hand.awards] == [
        ("ace", "Ann", "turnup"), ("queen", "Ann", "play"), ("game", "Ann", "out")]
    assert [(p.payer, p.amount, p.why) for p in hand.payments] == [(1, 7, "cards"), (2, 2, "cards")]
    assert (len(hand.plays), str(hand.plays[-1].card)) == (28, "QD")


def seed_table(folder: Path) -> Claims:
    cli = Claims(folder / "home")
    cli.ok("table", "new", "t", "--rules", "modern-stops", "--players", ",".join(PLAYERS), "--dealer", "Ann")
    cli.ok("deal", "--seed", str(SEED))
    return cli


@pytest.fixture(scope="module")
def no_table_env() -> Iterator[None]:
    with pytest.MonkeyPatch.context() as mp:
        mp.delenv("POPEJOAN_TABLE", raising=False)
        yield


@pytest.fixture(scope="module")
def virtual(tmp_path_factory: pytest.TempPathFactory, no_table_env: None) -> Claims:
    """The seed-13 hand, dealt on a table, no card played yet (claims only read it)."""
    return seed_table(tmp_path_factory.mktemp("virtual"))


def test_claims_before_the_first_lead(virtual: Claims) -> None:
    cli = virtual
    assert cli.right("Ann", "ace") == f"right: Ann dealt and turned up {face('AD')}; paid 1 counter"
    assert cli.right("Ann", "ace", "1") == f"right: Ann dealt and turned up {face('AD')}; paid 1 counter"
    assert "Ann" in cli.wrong("Bob", "ace")
    assert cli.wrong("Ann", "queen") == f"wrong: {face('QD')} has not been played"
    assert cli.wrong("Dan", "pope") == f"wrong: {face('9D')} has not been played"
    # the hand is being played: a claim does not give the spare hand away
    assert cli.wrong("Bob", "king") == f"wrong: {face('KD')} has not been played"
    assert cli.wrong("Bob", "matrimony") == (f"wrong: {face('QD')} has not been played; "
                                             f"{face('KD')} has not been played")
    assert cli.wrong("Ann", "game") == "wrong: nobody has gone out yet"
    assert cli.wrong("Ann", "cards") == "wrong: Ann is owed nothing for cards: nobody has gone out yet"


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory, no_table_env: None) -> Claims:
    """The same hand on another table, led to its end by the lowest policy (each leader's lowest legal lead)."""
    cli = seed_table(tmp_path_factory.mktemp("played"))
    for p in seed_hand().plays:
        if p.lead:
            cli.ok("lead", str(p.card))
    record = json.loads(cli.ok("history", "--json").stdout)["hands"][-1]
    assert record["closed"] is True and record["out"] == "Ann"
    return cli


def test_a_card_pot_claimed_after_the_hand(played: Claims) -> None:
    assert played.right("Ann", "queen") == f"right: Ann played {face('QD')}; paid 1 counter"
    assert played.right("Ann", "Queen", "1") == f"right: Ann played {face('QD')}; paid 1 counter"
    assert played.wrong("Ann", "queen", "2") == (f"wrong: Ann played {face('QD')}; "
                                                 "that pays 1 counter, not 2")
    assert played.wrong("Bob", "queen").startswith("wrong: ")
    assert played.wrong("Bob", "king") == f"wrong: {face('KD')} is in the spare hand"
    assert played.wrong("Cat", "jack") == f"wrong: {face('JD')} has not been played"


def test_first_out_claimed(played: Claims) -> None:
    assert played.right("Ann", "game") == "right: Ann went out first; paid 1 counter"
    assert played.wrong("Bob", "game") == "wrong: Ann went out first"


def test_cards_claimed_with_and_without_the_amount(played: Claims) -> None:
    """Ann claims 9 for cards: Bob pays 7, Cat 2, Dan keeps the Pope and pays nothing."""
    want = "right: Ann went out; paid for cards left: Bob 7, Cat 2; paid 9 counters"
    assert played.right("Ann", "cards") == want
    assert played.right("Ann", "cards", "9") == want
    assert played.wrong("Ann", "cards", "10") == ("wrong: Ann went out; paid for cards left: Bob 7, Cat 2; "
                                                  "that pays 9 counters, not 10")
    assert played.wrong("Bob", "cards") == "wrong: Bob is owed nothing for cards: Ann went out, not Bob"
    assert played.wrong("Dan", "cards", "3") == "wrong: Dan is owed nothing for cards: Ann went out, not Dan"


def test_an_unknown_pot_or_player(played: Claims) -> None:
    err = played.wrong("Ann", "popy", code=2)
    assert err == ("no pot called 'popy' on this board\n  allowed: 'pope', 'matrimony', 'intrigue', 'ace', 'king', "
                   "'queen', 'jack', 'game', 'cards'; did you mean 'pope'?")
    assert played.wrong("Ann", "kard", code=2).endswith("did you mean 'cards'?")
    assert played.wrong("Zed", "pope", code=2).startswith("no player 'Zed' at this table")


def test_claim_json(played: Claims) -> None:
    res = played.ok("claim", "Ann", "cards", "9", "--json")
    assert res.stderr == ""
    assert json.loads(res.stdout) == {
        "hand": 1, "player": "Ann", "claim": "cards", "right": True,
        "why": "right: Ann went out; paid for cards left: Bob 7, Cat 2; paid 9 counters"}
    res = played("claim", "Bob", "Queen", "--json")
    assert res.exit_code == 3 and res.stderr == ""
    got = json.loads(res.stdout)
    assert list(got) == ["hand", "player", "claim", "right", "why"]
    assert got["claim"] == "Queen" and got["right"] is False and got["why"].startswith("wrong: ")


def test_a_card_pot_won_by_another_cites_the_play(played: Claims) -> None:
    assert played.wrong("Bob", "queen") == f"wrong: {face('QD')} was played by Ann"


def test_a_pot_taken_at_the_turnup_says_so(played: Claims) -> None:
    err = played.wrong("Bob", "ace")
    assert "turn" in err and face("AD") in err and "Ann" in err


# --------------------------------------------------------------------------- real hands, card by card
def test_no_hand_dealt(cli: Claims) -> None:
    cli.fails(2, "claim", "Ann", "pope", said=("no table is in use",))
    cli.ok("table", "new", "t", "--rules", "modern-stops", "--players", "Ann,Bob,Cat", "--dealer", "Ann")
    assert cli.wrong("Ann", "pope") == "no hand has been dealt: there is nothing to claim"
    assert cli.wrong("Ann", "cards", "3") == "no hand has been dealt: there is nothing to claim"


def test_pairs_in_order_by_one_player(cli: Claims) -> None:
    """Eight players (Ann deals: Bob..Gus get 6 cards, Hal, Ann and the spare hand 5), hearts trump.
    Bob plays J♥ Q♥ K♥ (play 1 to 3): Jack, Intrigue, Queen, Matrimony and King are his."""
    cli.real()
    assert cli.wrong("Bob", "pope") == f"wrong: {face('9D')} has not been played"
    cli.ok("play", "Bob", "JH", "QH", "KH")
    assert cli.right("Bob", "jack") == f"right: Bob played {face('JH')}; paid 1 counter"
    assert cli.right("Bob", "intrigue", "2") == (f"right: Bob played {face('JH')} then {face('QH')}; "
                                                 "paid 2 counters")
    assert cli.right("Bob", "queen") == f"right: Bob played {face('QH')}; paid 1 counter"
    assert cli.right("Bob", "matrimony") == (f"right: Bob played {face('QH')} then {face('KH')}; "
                                             "paid 2 counters")
    assert cli.right("Bob", "king") == f"right: Bob played {face('KH')}; paid 1 counter"
    assert cli.wrong("Bob", "matrimony", "3") == (f"wrong: Bob played {face('QH')} then {face('KH')}; "
                                                  "that pays 2 counters, not 3")
    assert cli.wrong("Cat", "matrimony") == (f"wrong: Matrimony went to Bob: Bob played {face('QH')} then "
                                             f"{face('KH')}")
    assert cli.wrong("Bob", "ace") == f"wrong: {face('AH')} has not been played"


def test_a_pair_split_between_players_and_a_card_in_the_spare_hand(cli: Claims) -> None:
    """Bob plays Q♥ and Cat K♥, the top card: Cat leads 10♥, J♥ is in the spare hand (stop)."""
    cli.real()
    cli.ok("play", "Bob", "QH")
    cli.ok("play", "Cat", "KH")
    split = (f"wrong: {face('QH')} was played by Bob and {face('KH')} was played by Cat: "
             "one player must play both")
    assert cli.wrong("Bob", "matrimony") == split
    assert cli.wrong("Cat", "matrimony", "2") == split
    assert cli.right("Cat", "king", "1") == f"right: Cat played {face('KH')}; paid 1 counter"
    cli.ok("play", "Cat", "10H")
    cli.ok("stop")
    assert cli.wrong("Dan", "jack") == f"wrong: {face('JH')} is in the spare hand"
    assert cli.wrong("Bob", "intrigue") == (f"wrong: {face('JH')} is in the spare hand; "
                                            f"{face('QH')} was played by Bob")


def test_pairs_played_in_the_wrong_order(cli: Claims) -> None:
    """Spades trump (8♠ turned up), pair_order ascending: Bob plays K♠ (top), then leads Q♠
    (K♠ played: stop), then J♠. He played both cards of each pair, but high before low."""
    cli.real(turnup="8S")
    cli.ok("play", "Bob", "KS")
    cli.ok("play", "Bob", "QS", "JS")
    assert cli.wrong("Bob", "matrimony") == f"wrong: {face('KS')} was played before {face('QS')}"
    assert cli.wrong("Bob", "intrigue") == f"wrong: {face('QS')} was played before {face('JS')}"
    assert cli.right("Bob", "king") == f"right: Bob played {face('KS')}; paid 1 counter"


def test_going_out_in_a_real_hand(cli: Claims) -> None:
    """Bob plays J♥ Q♥ K♥, then 2♣ to 4♣: his sixth card, out. The Pope is in the spare hand."""
    cli.real()
    cli.ok("play", "Bob", "JH", "QH", "KH")
    cli.ok("play", "Bob", "2C", "3C", "4C")
    assert cli.right("Bob", "game") == "right: Bob went out first; paid 1 counter"
    cli.ok("out", "Bob", "--pope", "spare")
    want = ("right: Bob went out; paid for cards left: Cat 6, Dan 6, Eve 6, Fay 6, Gus 6, Hal 5, Ann 5; "
            "paid 40 counters")
    assert cli.right("Bob", "cards") == want
    assert cli.right("Bob", "cards", "40") == want
    assert cli.wrong("Bob", "cards", "41").endswith("that pays 40 counters, not 41")
    assert cli.wrong("Cat", "game") == "wrong: Bob went out first"
    # The hand is closed: claims still read it.
    assert cli.right("Bob", "intrigue").startswith("right: Bob played")


def test_cards_claimed_before_the_pope_is_placed(cli: Claims) -> None:
    cli.real()
    cli.ok("play", "Bob", "JH", "QH", "KH", "2C", "3C", "4C")
    err = cli.wrong("Bob", "cards")
    assert "not Bob" not in err and "Pope" in err


def test_a_player_who_was_not_in_the_hand(cli: Claims) -> None:
    """Russian: a turned-up trump ace ends the hand at once (the dealer takes the Ace)."""
    cli.ok("table", "new", "t", "--rules", "russian", "--players", "Ann,Bob,Cat", "--dealer", "Ann")
    cli.ok("deal", "--real", "--turnup", "AD")
    assert cli.right("Ann", "ace") == f"right: Ann dealt and turned up {face('AD')}; paid 3 counters"
    assert cli.wrong("Bob", "ace", "3").startswith("wrong: ")
    cli.ok("table", "join", "Dan")
    assert cli.wrong("Dan", "ace", code=2) == "Dan did not play hand 1"


def test_a_turned_up_ace_of_clubs_is_named(cli: Claims) -> None:
    cli.ok("table", "new", "t", "--rules", "russian", "--players", "Ann,Bob,Cat", "--dealer", "Ann")
    cli.ok("deal", "--real", "--turnup", "AC")
    assert cli.right("Ann", "ace") == f"right: Ann dealt and turned up {face('AC')}; paid 3 counters"


def test_michigan_pots(cli: Claims) -> None:
    """Michigan (no turn-up, fixed pay cards, each player stakes 1 and the dealer 2): Bob leads
    J♠ and plays Q♠; Cat plays K♠ and A♠ (ace high, the top card)."""
    cli.real(players=("Ann", "Bob", "Cat"), turnup=None, rules="michigan")
    cli.ok("play", "Bob", "JS", "QS")
    cli.ok("play", "Cat", "KS", "AS")
    assert cli.right("Bob", "jack", "4") == f"right: Bob played {face('JS')}; paid 4 counters"
    assert cli.wrong("Cat", "king") == f"wrong: {face('KC')} has not been played"
    assert cli.wrong("Cat", "ace") == f"wrong: {face('AH')} has not been played"
    assert cli.wrong("Cat", "matrimony", code=2).startswith("no pot called 'matrimony' on this board\n")


# --------------------------------------------------------------------------- judge, on hand-built hands
def cs(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(w) for w in text.split())


def make(r: HouseRules, hands: list[str], turnup: str | None, holder: int | None) -> Hand:
    """Cat (seat 2) deals, Ann is eldest; every card not given goes to the spare hand.
    `holder`: the seat of an in-hand turn-up, or None for one out of play."""
    given = [cs(h) for h in hands]
    up = None if turnup is None else Card.parse(turnup)
    used = {c for h in given for c in h}
    rest = tuple(c for c in canonical_deck(r.removed) if c not in used and not (holder is None and c == up))
    dealt = Dealt(hands=tuple(given), spare=rest, turnup=up, turnup_holder=holder if up is not None else None)
    hand = Hand.deal(r, len(given), 2, Board(r), dealt)
    hand.names = list(PLAYERS[: len(given)])
    return hand


def lead(hand: Hand, seat: int, card: str) -> None:
    hand.play(seat, Card.parse(card))
    hand.follow_run()


def test_judge_a_turned_up_card_out_of_play() -> None:
    """Hoyle: K♥ turned up out of play; Cat deals and takes the King. Ann plays J♥, Bob Q♥;
    the run stops at the turn-up."""
    hand = make(preset("hoyle"), ["JH 2S", "QH 3S", "4C 5C"], "KH", None)
    assert judge(hand, 2, "king", None) == Verdict(True, f"right: Cat dealt and turned up {face('KH')}; paid 1 counter")
    assert not judge(hand, 0, "king", None).right
    lead(hand, 0, "JH")
    assert [s.reason for s in hand.stops] == ["turnup"]
    assert judge(hand, 1, "matrimony", None) == Verdict(
        False, f"wrong: {face('QH')} was played by Bob; {face('KH')} is the turn-up, out of play")
    assert judge(hand, 0, "intrigue", None) == Verdict(
        False, f"wrong: {face('JH')} was played by Ann and {face('QH')} was played by Bob: "
               "one player must play both")
    assert judge(hand, 0, "jack", 1) == Verdict(True, f"right: Ann played {face('JH')}; paid 1 counter")


def test_judge_a_turned_up_card_in_hand_still_counts_toward_a_pair() -> None:
    """Modern stops: Q♥ turned up in Ann's hand (Cat takes the Queen). Ann leads J♥ and plays
    the turned-up Q♥: Intrigue is hers (a turned-up card in hand still counts); Bob's K♥ splits Matrimony."""
    hand = make(preset("modern-stops"), ["JH QH 2S", "KH 3S", "4C 5C"], "QH", 0)
    assert judge(hand, 0, "matrimony", None) == Verdict(
        False, f"wrong: {face('QH')} was turned up and has not been played; {face('KH')} has not been played")
    lead(hand, 0, "JH")
    assert judge(hand, 0, "intrigue", None) == Verdict(
        True, f"right: Ann played {face('JH')} then {face('QH')}; paid 2 counters")
    assert judge(hand, 2, "queen", 1) == Verdict(True, f"right: Cat dealt and turned up {face('QH')}; paid 1 counter")
    assert not judge(hand, 0, "queen", None).right
    assert not judge(hand, 1, "matrimony", None).right


def test_judge_a_shared_pair() -> None:
    """Parlett with pairs = "split": Ann plays Q♣, Bob K♣ (clubs trump): Matrimony (2) is shared."""
    hand = make(rules_with("parlett", play__pairs="split"), ["QC 2S", "KC 3S", "4D 5D 10C"], "10C", 2)
    lead(hand, 0, "QC")
    assert judge(hand, 0, "matrimony", None) == Verdict(
        True, f"right: Ann played {face('QC')} then Bob played {face('KC')} (shared); paid 1 counter")
    assert judge(hand, 1, "matrimony", 1).right
    assert not judge(hand, 1, "matrimony", 2).right
    assert judge(hand, 2, "matrimony", None) == Verdict(
        False, f"wrong: Matrimony went to Ann, Bob: Ann played {face('QC')} then Bob played {face('KC')}")


def test_judge_a_shared_pair_names_who_played_what() -> None:
    hand = make(rules_with("parlett", play__pairs="split"), ["QC 2S", "KC 3S", "4D 5D 10C"], "10C", 2)
    lead(hand, 0, "QC")
    assert f"Bob played {face('QC')}" not in judge(hand, 1, "matrimony", None).text


def test_judge_unknown_pot() -> None:
    hand = make(preset("modern-stops"), ["2C", "3C", "4C 10C"], "10C", 2)
    with pytest.raises(UsageError) as err:
        judge(hand, 0, "matrimonny", None)
    assert err.value.message == "no pot called 'matrimonny' on this board"
    assert err.value.hint.endswith("did you mean 'matrimony'?")


def test_judge_cards_and_first_out() -> None:
    """Modern stops: Ann plays 2♣ 3♣, her last card; Bob pays 1, Cat keeps the Pope and pays nothing."""
    hand = make(preset("modern-stops"), ["2C 3C", "4H", "9D 5H"], "5H", 2)
    lead(hand, 0, "2C")
    assert hand.out == 0
    assert judge(hand, 0, "cards", 1) == Verdict(
        True, "right: Ann went out; paid for cards left: Bob 1; paid 1 counter")
    assert judge(hand, 0, "cards", 2) == Verdict(
        False, "wrong: Ann went out; paid for cards left: Bob 1; that pays 1 counter, not 2")
    assert judge(hand, 0, "game", None) == Verdict(True, "right: Ann went out first; paid 1 counter")
    assert judge(hand, 1, "game", None) == Verdict(False, "wrong: Ann went out first")
    assert judge(hand, 2, "cards", None) == Verdict(
        False, "wrong: Cat is owed nothing for cards: Ann went out, not Cat")


def test_judge_cards_when_nothing_is_owed() -> None:
    hand = make(preset("newmarket"), ["2C 3C", "4D 5D", "6H 7H"], None, None)
    lead(hand, 0, "2C")
    assert hand.out == 0 and hand.payments == []
    assert "not Ann" not in judge(hand, 0, "cards", None).text
