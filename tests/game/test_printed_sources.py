"""The printed sources' variants print what their books print (issue 36): `rules new --from-source` (game/printed.py).

A variant laid on any preset gives the rules its book prints, not the preset's where they differ; where the book
is silent or ambiguous, its description names popejoan's choice with the sentence it comes from. Each test quotes
its book (Peel, Foster, *Indoor and Outdoor Games*: docs/house-rules.md, Rules from the printed sources) and
plays the rule through the referee's public API: a seeded deal, `Hand.deal`, leads and `play_out`, then the
hand's awards, payments and feeds.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable

import pytest

from conftest import Cli
from popejoan_cli.base.errors import IllegalPlay, UsageError
from popejoan_cli.formats.presets import preset, preset_names
from popejoan_cli.formats.rulefile import from_toml
from popejoan_cli.game.board import Board
from popejoan_cli.game.cards import Card, Dealt, Suit
from popejoan_cli.game.deal import seeded_deal
from popejoan_cli.game.hand import Hand
from popejoan_cli.game.inert import inert_keys
from popejoan_cli.game.playout import play_out
from popejoan_cli.game.printed import SOURCES, described, with_sources
from popejoan_cli.game.rulekeys import MAX_DESCRIPTION
from popejoan_cli.game.rules import HouseRules

SEATS, DEALER = 4, 3  # Ann, Bob, Cat deal to their left; Dan deals
PRESET_ONLY = {"name", "title", "description", "sources", "players.min", "players.max", "board.odd_counter",
               "settle.negative", "final.deal", "final.suit"}
"""What a whole game's book leaves unsaid: who the table is, how many sit, balances below zero, a final deal."""


def laid(base: str, *names: str) -> HouseRules:
    return with_sources(preset(base), list(names))


def dealt_hand(rules: HouseRules, seed: int, seats: int = SEATS, dealer: int = DEALER) -> tuple[Hand, Dealt]:
    dealt = seeded_deal(rules, seats, dealer, seed)
    return Hand.deal(rules, seats, dealer, Board(rules), dealt), dealt


def first_seed(rules: HouseRules, wanted: Callable[[Dealt], bool]) -> int:
    seed = next((s for s in range(5000) if wanted(seeded_deal(rules, SEATS, DEALER, s))), None)
    assert seed is not None, "some seed deals it"
    return seed


def after_a_stop(rules: HouseRules, seed: int) -> tuple[Hand, Suit]:
    """A seeded hand whose leader has led his first card and whose run has stopped, and that card's suit."""
    hand, dealt = dealt_hand(rules, seed)
    first = hand.hands_now()[hand.leader][0]
    hand.lead(hand.leader, first)
    while hand.turn.phase != "lead" and not hand.ended:
        hand.follow_run()
    assert not dealt.spare
    return hand, first.suit


def conserved(hand: Hand) -> bool:
    return sum(hand.net) + hand.board_change() == 0


def paid(hand: Hand, why: str) -> set[tuple[int, int, int]]:
    return {(p.payer, p.payee, p.amount) for p in hand.payments if p.why == why}


@pytest.mark.parametrize("name", ["peel", "peel-pool", "peel-newmarket", "indoor"])
def test_a_books_whole_game_is_the_same_whatever_preset_it_is_laid_on(name: str) -> None:
    """A book that prints a whole game gives every rule of it: `--from` decides only what the book leaves unsaid."""
    games = [laid(base, name) for base in preset_names()]
    for r in games[1:]:
        assert {k: v for k, v in r.values.items() if k not in PRESET_ONLY} == {
            k: v for k, v in games[0].values.items() if k not in PRESET_ONLY}
        assert r.pots == games[0].pots


@pytest.mark.parametrize("name", sorted(SOURCES))
def test_no_variant_leaves_a_key_that_does_nothing(name: str) -> None:
    """`rules check` warns of a key that does nothing in its combination (game/inert.py): a variant laid on any
    preset sets none, not even the preset's odd counter where its book's board shares no pot."""
    for base in preset_names():
        assert [e.key for e in inert_keys(laid(base, name))] == [], base


# ----------------------------------------------------------------------- Peel's Pope Joan (PE)
def test_peels_pope_joan_differs_from_hoyles_only_where_peel_does() -> None:
    """Peel's Pope Joan is Hoyle's but at the turned-up Pope (no "Pope Joan wins": it gives Pope alone and play
    goes on), his limit on its payment and his stakes for playing the Pope."""
    ours, hoyle = laid("hoyle", "peel"), preset("hoyle")
    changed = {k for k in ours.values if k not in ("description", "sources") and ours.values[k] != hoyle.values[k]}
    assert changed == {"turnup.pope_takes", "turnup.pope_ends_hand", "turnup.pope_limit", "play.pope_stakes"}
    assert ours.pots == hoyle.pots and ours.deck == hoyle.deck


def test_a_turned_up_pope_under_peel_wins_pope_alone_and_play_goes_on() -> None:
    """Peel, "Pope Joan Wins": "when Pope Joan is turned up the dealer at once wins the game, and takes the stake
    standing to Game ... This is by no means a desirable innovation". His own rule gives the dealer the Pope and
    "a stake for every card dealt", "limited to either four or six counters" (six, from each player), and the
    hand is played: Game goes to the first out, as every deal."""
    peel = laid("hoyle", "peel")
    seed = first_seed(peel, lambda d: d.turnup == Card.parse("9D"))
    hand, dealt = dealt_hand(peel, seed)
    assert [(a.pot, a.seat, a.at) for a in hand.awards] == [("pope", DEALER, "turnup")]
    assert not hand.ended
    assert paid(hand, "turnup") == {(p, DEALER, min(len(dealt.hands[p]), 6)) for p in range(SEATS) if p != DEALER}
    play_out(hand)
    assert [(a.pot, a.seat, a.at) for a in hand.awards][-1] == ("game", hand.out, "out") and conserved(hand)
    hoyle, _ = dealt_hand(preset("hoyle"), seed)  # the preset alone: Hoyle's "unless the game be thus determined"
    assert hoyle.ended and {a.pot for a in hoyle.awards} == {"pope", "game"}


def test_peels_pope_joan_on_another_preset_leads_any_card_and_turns_up_out_of_play() -> None:
    """Laid on `modern-stops` (lowest-card leads, the turn-up kept in its hand), Peel's rules win: "the turn-up or
    trump card ... forms another stop", and a lead may be any card."""
    peel = laid("modern-stops", "peel")
    hand, dealt = dealt_hand(peel, 7)
    assert dealt.turnup is not None and all(dealt.turnup not in h for h in dealt.hands)
    mine = dealt.hands[hand.leader]
    higher = next(c for c in mine if any(o.suit == c.suit and o.rank < c.rank for o in mine))  # not his lowest
    assert hand.is_legal(hand.leader, higher)
    modern = Hand.deal(preset("modern-stops"), SEATS, DEALER, Board(preset("modern-stops")), dealt)
    assert not modern.is_legal(hand.leader, higher)  # the same cards under the preset alone


def test_peels_most_popular_variation_dresses_game_alone_and_the_others_pay_the_board() -> None:
    """Peel: "the regular dressing of the board ... is omitted, the dealer alone paying a single stake, which he may
    also place where he chooses" (on Game); the first out is "to only take the stake for Game", the players "paying
    to the pool the penalty for their unplayed card or cards"."""
    pool = laid("modern-stops", "peel-pool")
    assert pool.sources[-2:] == (SOURCES["peel"].citation, SOURCES["peel-pool"].citation)
    hand, _ = dealt_hand(pool, 3)
    assert hand.dressed == {p.name: (1 if p.name == "game" else 0) for p in pool.pots} and sum(hand.net) == -1
    play_out(hand)
    left = [len(h) for h in hand.hands_now()]
    assert hand.out is not None and not paid(hand, "cards")
    fed = sum(f.amount for f in hand.feeds if f.why == "cards")
    exempt = {s for s in range(SEATS) if Card.parse("9D") in hand.hands_now()[s]}  # his unplayed Pope excuses him
    assert fed == sum(n for s, n in enumerate(left) if s != hand.out and s not in exempt) > 0
    assert conserved(hand)


# ----------------------------------------------------------------------- Peel's Newmarket (PE)
@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_peels_newmarket_pays_the_first_out_a_stake_per_card_left_by_each_other_player(seed: int) -> None:
    """Peel's Newmarket: "The one who first succeeds in clearing his hand wins the game, and receives from each of
    the other competitors a stake for every remaining card"; "The whole of the cards are then dealt, as nearly
    equal as possible" (no spare hand, so nothing to take in exchange); no kitty."""
    peel = laid("newmarket", "peel-newmarket")
    hand, dealt = dealt_hand(peel, seed)
    assert not dealt.spare and dealt.turnup is None and [len(h) for h in dealt.hands] == [12] * SEATS
    with pytest.raises(IllegalPlay):
        hand.exchange(DEALER)
    play_out(hand)
    out, left = hand.out, [len(h) for h in hand.hands_now()]
    assert out is not None
    assert paid(hand, "cards") == {(p, out, left[p]) for p in range(SEATS) if p != out and left[p]}
    assert all(a.at != "out" for a in hand.awards) and conserved(hand)
    plain, _ = dealt_hand(preset("newmarket"), seed)  # the preset alone: the kitty, no payment for cards
    play_out(plain)
    assert not paid(plain, "cards") and [a.pot for a in plain.awards if a.at == "out"] == ["kitty"]


def test_peels_newmarket_lets_a_stops_suit_be_led_again() -> None:
    """Peel's Newmarket plays "as in that game" (Spin, as Pope Joan): no change of colour after a stop, whatever
    the preset's."""
    peel = laid("newmarket", "peel-newmarket")
    for seed in range(40):
        hand, suit = after_a_stop(peel, seed)
        again = next((c for c in hand.hands_now()[hand.leader] if c.suit == suit), None)
        if again is not None:  # the one who stopped holds more of the suit
            assert hand.is_legal(hand.leader, again)
            return
    pytest.fail("no seed left the stop's player holding its suit")


# ----------------------------------------------------------------------- The Book of Indoor and Outdoor Games (IO)
def test_the_indoor_game_is_dressed_4_3_2_1_and_fines_a_suit_led_twice() -> None:
    """*Indoor and Outdoor Games*: "take out the Four, Six, and Eight-spot of Diamonds"; "placing four counters on
    the Ace, three on the King, two on the Queen, and one on the Knave"; "The same suit may not be led twice
    consecutively. A forfeit of one counter must be paid to each player by any one breaking this rule"; the first
    out is paid "as many counters as they have cards left in their hands"."""
    io = laid("newmarket", "indoor")
    assert io.deck_size() == 49 and io.ace_high and not io.deal.spare_hand
    assert not ({Card.parse(c) for c in ("4D", "6D", "8D")} - io.removed)
    for seed in range(40):
        hand, suit = after_a_stop(io, seed)
        breaker = hand.leader
        again = next((c for c in hand.hands_now()[breaker] if c.suit == suit), None)
        if again is not None and any(c.suit != suit for c in hand.hands_now()[breaker]):
            break
    else:
        pytest.fail("no seed left the stop's player holding its suit and another")
    assert hand.dressed == {"ace": 4, "king": 3, "queen": 2, "jack": 1}
    hand.lead(breaker, again)  # allowed, and fined when the hand ends
    play_out(hand)
    assert paid(hand, "lead") == {(breaker, p, 1) for p in range(SEATS) if p != breaker}
    out, left = hand.out, [len(h) for h in hand.hands_now()]
    assert out is not None and paid(hand, "cards") == {(p, out, left[p]) for p in range(SEATS) if p != out and left[p]}
    assert conserved(hand)


def test_the_indoor_games_holder_of_an_unplayed_pay_card_doubles_its_pool() -> None:
    """*Indoor and Outdoor Games*: "the players who have the corresponding cards in their hands have to add to the
    store of counters upon them a number equal to those already there"."""
    io = laid("modern-stops", "indoor")
    for seed in range(40):
        hand, _ = dealt_hand(io, seed)
        play_out(hand)
        doubled = [f for f in hand.feeds if f.why == "unplayed"]
        if doubled:
            pot = doubled[0].pot
            assert hand.board.counters[pot] == 2 * doubled[0].amount and conserved(hand)
            return
    pytest.fail("no seed left a pay card in hand")


# ----------------------------------------------------------------------- Foster (FO)
@pytest.mark.parametrize("base", preset_names())
def test_foster_lays_his_one_rule_and_nothing_else(base: str) -> None:
    """Foster's doubling, "must double the amount staked on that card", is the one rule his variant lays: his own
    layout (five cards whose suits he does not print) cannot be, and the description says so."""
    ours, theirs = laid(base, "foster"), preset(base)
    changed = {k for k in ours.values if k not in ("description", "sources") and ours.values[k] != theirs.values[k]}
    assert changed == {"settle.unplayed_card"} and ours.pots == theirs.pots
    assert "Only this rule is laid" in ours.description


# ----------------------------------------------------------------------- the words
def test_each_description_names_its_choices_with_the_sentence_they_come_from() -> None:
    chosen = {
        "peel": ['"limited to either four or six counters": six, from each player',
                 '"the dealer for the time being shall dress the board"', '"passing where they are unable to follow"',
                 'Pope Joan Wins ("by no means a desirable innovation")'],
        "peel-pool": ['the dealer alone paying a single stake, which he may also place where he chooses": on Game'],
        "foster": ['"must double the amount staked on that card"', "Only this rule is laid"],
        "peel-newmarket": ['"ace, king, queen, and knave, but of different suits", are A♥ K♣ Q♦ J♠',
                           'The dealer pays one extra": popejoan places no stake by choice'],
        "indoor": ['p. 156 names "the Six and Eight"): all three', '"Ace, King, Queen, and Knave, each of a different '
                   'suit", are A♥ K♣ Q♦ J♠', 'one on the Knave": the dealer does', 'saying \'Stop!\'" is not a key'],
    }
    assert set(chosen) == set(SOURCES)
    for name, source in SOURCES.items():
        assert len(source.description) <= MAX_DESCRIPTION
        for words in chosen[name]:
            assert words in source.description, (name, words)
    assert laid("hoyle", "peel").description == SOURCES["peel"].description
    assert laid("hoyle", "peel-pool").description == described([SOURCES["peel"].citation,
                                                                SOURCES["peel-pool"].citation])


def test_too_many_books_for_one_description_are_refused_in_either_language(run: Cli) -> None:
    """Peel's Pope Joan and the Indoor game together name more choices than a description holds (2,000 characters):
    `rules new` refuses them with one message, in Russian at a Russian prompt, rather than write a file `rules
    check` would refuse."""
    with pytest.raises(UsageError):
        laid("hoyle", "peel", "indoor")
    args = ("rules", "new", "--from", "hoyle", "--from-source", "peel", "--from-source", "indoor")
    assert "say too much for one description" in run.fails(2, *args)
    said = run.fails(2, *args, POPEJOAN_LANG="ru")
    assert "у печатных источников peel, indoor вместе слишком длинное описание (знаков: 2095" in said
    assert "Укажите в --from-source меньше источников" in said


def test_rules_new_writes_the_books_choices_into_the_files_description(run: Cli) -> None:
    """`rules new --from hoyle --from-source peel` writes a file that checks, plays as the variant does, and whose
    description names Peel's choices after the template's own first sentence."""
    text = run.ok("rules", "new", "--from", "hoyle", "--from-source", "peel").stdout
    doc = tomllib.loads(text)
    assert doc["description"] == ("Our table's rules, started from the hoyle preset (Hoyle's Pope Joan).\n\n"
                                  + SOURCES["peel"].description)
    written = from_toml(text.encode(), "peel.toml")
    assert {k: v for k, v in written.values.items() if k not in ("name", "title", "description", "sources")} == {
        k: v for k, v in laid("hoyle", "peel").values.items() if k not in ("name", "title", "description", "sources")}
    many = tomllib.loads(run.ok("rules", "new", "--from-source", "peel-pool", "--from-source", "foster").stdout)
    assert many["description"].startswith(SOURCES["peel"].description) and len(many["description"]) <= MAX_DESCRIPTION
