"""House rules from the printed sources (issue 29): each key's behaviour, from the source's own sentence.

Each test quotes the sentence it is built from, with its source (the survey's tags: /work/shared/reference/
rules-survey.md), and works its numbers out from that sentence, not from the program. Seats are Ann (0),
Bob (1), Cat (2), Dan (3); Cat deals unless a test says otherwise, so Ann is eldest. Every card not given to
a player lies in the spare hand.
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from conftest import rules_with
from popejoan_cli.base.errors import DataError, IllegalPlay, UsageError
from popejoan_cli.formats.presets import preset
from popejoan_cli.formats.rulefile import from_toml
from popejoan_cli.game import tally as tallied
from popejoan_cli.game.board import Board
from popejoan_cli.game.cards import SPARE, Card, Dealt, canonical_deck
from popejoan_cli.game.claims import judge
from popejoan_cli.game.hand import Hand
from popejoan_cli.game.printed import SOURCES, with_sources
from popejoan_cli.game.rules import HouseRules
from popejoan_cli.game.state import HandKind
from popejoan_cli.render import i18n, narrate
from popejoan_cli.render.rule_words import choices_in_words

ANN, BOB, CAT, DAN = 0, 1, 2, 3


variant = rules_with
"""A preset with some keys changed: variant("modern-stops", play__pope_stakes=1)."""


def hand_of(r: HouseRules, hands: Iterable[str], turnup: str | None = None, turnup_seat: int | None = None,
            dealer: int = CAT, board: dict[str, int] | None = None) -> Hand:
    """The players' hands as given, the rest of the pack in the spare hand; an in-hand turn-up lies with
    `turnup_seat` (who must hold it) or, without one, in the spare hand; `board`: counters carried over."""
    given = tuple(tuple(Card.parse(w) for w in h.split()) for h in hands)
    used = {c for h in given for c in h}
    up = None if turnup is None else Card.parse(turnup)
    rest = tuple(c for c in canonical_deck(r.removed) if c not in used)
    holder = turnup_seat if turnup_seat is not None else (None if up is None else SPARE)
    dealt = Dealt(hands=given, spare=rest, turnup=up, turnup_holder=holder)
    hand = Hand.deal(r, len(given), dealer, Board(r, board), dealt)
    hand.names = ("Ann", "Bob", "Cat", "Dan")[: len(given)]
    return hand


def paid(hand: Hand) -> list[tuple[int, int, int, str]]:
    return [(p.payer, p.payee, p.amount, p.why) for p in hand.payments]


def conserved(hand: Hand) -> bool:
    return sum(hand.net) + hand.board_change() == 0


def sentences(r: HouseRules, lang: str = "en") -> str:
    i18n.use(lang)
    try:
        # the words as read: a Russian sentence's no-break spaces (render/typeset.py) read as spaces
        return " ".join(s for _, said in choices_in_words(r) for s in said).replace("\u00a0", " ")
    finally:
        i18n.use("en")


# ----------------------------------------------------------------------- turnup.pope_limit (Peel)
def test_peel_limits_the_turned_up_popes_payment_per_player() -> None:
    """Peel, *Round Games with Cards* (1891), Pope Joan: "it is often agreed that the payment for Pope
    Joan shall be limited to either four or six counters" (read per player: docs/house-rules.md)."""
    r = variant("modern-stops", turnup__pope_per_card=True, turnup__pope_limit=4)
    hand = hand_of(r, ["9D 2C 3C 4C 5C 6C", "7C 8C 10C", "JC QC"], turnup="9D", turnup_seat=ANN)
    # Ann was dealt six cards and pays four, Bob three and pays three; the dealer takes the Pope's six.
    assert paid(hand) == [(ANN, CAT, 4, "turnup"), (BOB, CAT, 3, "turnup")]
    assert hand.net == [-4, -3, -15 + 6 + 7]
    assert conserved(hand)


def test_no_pope_limit_is_todays_payment() -> None:
    """Peel: the dealer is paid "a stake for every card dealt" to each player, when no limit is agreed."""
    r = variant("modern-stops", turnup__pope_per_card=True)
    hand = hand_of(r, ["9D 2C 3C 4C 5C 6C", "7C 8C 10C", "JC QC"], turnup="9D", turnup_seat=ANN)
    assert paid(hand) == [(ANN, CAT, 6, "turnup"), (BOB, CAT, 3, "turnup")]


def test_pope_limit_in_words_and_unused_without_pope_per_card() -> None:
    said = sentences(variant("hoyle", turnup__pope_limit=6))
    assert "No player pays the dealer more than 6 counters for a turned-up Pope." in said
    assert "За открытого Поп Джона никто не платит сдатчику больше 6 фишек." in sentences(
        variant("hoyle", turnup__pope_limit=6), "ru")
    assert "turnup.pope_limit (nothing is paid per card for a turned-up Pope)" in sentences(
        variant("modern-stops", turnup__pope_limit=6))


# ----------------------------------------------------------------------- play.pope_stakes (Peel)
def test_peel_the_popes_player_takes_a_stake_per_card_from_every_player() -> None:
    """Peel (1891), Pope Joan: the player of the Pope wins its pool "and a stake from every player for each
    card remaining in hand"."""
    r = variant("modern-stops", play__pope_stakes=1)
    hand = hand_of(r, ["9D 2C", "3S 4S 5S", "6H 7H"])
    done = hand.lead(ANN, Card.parse("9D"))
    # Ann takes the Pope's six; Bob holds three cards and pays three, Cat two and pays two; 10♦ is in the
    # spare hand, so the run stops on the Pope.
    assert [(a.pot, a.seat, a.amount) for a in done.awards] == [("pope", ANN, 6)]
    assert paid(hand) == [(BOB, ANN, 3, "pope"), (CAT, ANN, 2, "pope")]
    assert list(done.payments) == list(hand.payments)
    assert hand.net == [6 + 5, -3, -15 - 2]
    assert conserved(hand)


def test_pope_stakes_are_counted_before_a_pope_that_goes_out_settles() -> None:
    """Peel: "a stake from every player for each card remaining in hand"; then the first out is paid
    for the cards left, as always."""
    r = variant("modern-stops", play__pope_stakes=2)
    hand = hand_of(r, ["9D", "3S 4S", "6H"])
    hand.lead(ANN, Card.parse("9D"))
    assert paid(hand) == [(BOB, ANN, 4, "pope"), (CAT, ANN, 2, "pope"), (BOB, ANN, 2, "cards"),
                          (CAT, ANN, 1, "cards")]
    assert conserved(hand)


def test_a_claim_for_the_pope_counts_the_stakes() -> None:
    r = variant("modern-stops", play__pope_stakes=1)
    hand = hand_of(r, ["9D 2C", "3S 4S 5S", "6H 7H"])
    hand.lead(ANN, Card.parse("9D"))
    assert judge(hand, ANN, "pope", 11).right
    verdict = judge(hand, ANN, "pope", 6)
    assert not verdict.right and "Bob 3, Cat 2" in str(verdict.text)


def test_a_tally_refuses_the_pope_whose_stakes_it_cannot_count() -> None:
    r = variant("modern-stops", play__pope_stakes=1)
    hand = Hand.unseen(r, 3, CAT, Board(r), [17, 17, 16], 0, None, None, kind=HandKind.TALLY)
    assert not hand.kind.records_cards
    with pytest.raises(IllegalPlay) as refused:
        tallied.pay(hand, ANN, ["pope"])
    assert refused.value.rule == "play.pope_stakes"
    assert hand.board.counters["pope"] == 6


def test_pope_stakes_in_words() -> None:
    r = variant("modern-stops", play__pope_stakes=1)
    assert ("Whoever plays the Pope 9♦ (9D) is paid 1 counter by every other player for each card that player "
            "holds at that moment.") in sentences(r)
    assert "каждый другой игрок платит по 1 фишке за каждую карту" in sentences(r, "ru")
    assert "play.pope_stakes (no pot named pope)" in sentences(variant("michigan", play__pope_stakes=1))


# ----------------------------------------------------------------------- the keys in files
def test_new_keys_are_checked_where_they_stand() -> None:
    with pytest.raises(DataError) as bad:
        from_toml(b'[turnup]\npope_per_card = true\npope_limit = -1\n[play]\npope_stake = 1\n', "ours.toml")
    found = {(p.key, p.line) for p in bad.value.problems}
    assert ("turnup.pope_limit", 3) in found and ("play.pope_stake", 5) in found
    hint = next(p.hint for p in bad.value.problems if p.key == "play.pope_stake")
    assert "pope_stakes" in str(hint)


def test_new_keys_at_their_defaults_are_not_written() -> None:
    """A rule set that does not use them writes the same file, journal and export as before they existed."""
    for name in ("modern-stops", "hoyle", "michigan"):
        data = preset(name).to_dict()
        assert "pope_limit" not in data["turnup"] and "pope_stakes" not in data["play"]  # type: ignore[operator]
    data = variant("hoyle", turnup__pope_limit=4, play__pope_stakes=1).to_dict()
    assert data["turnup"]["pope_limit"] == 4 and data["play"]["pope_stakes"] == 1  # type: ignore[index]


# ----------------------------------------------------------------------- settle.losers_pay (Peel)
def fed(hand: Hand) -> list[tuple[int, str, int, str]]:
    return [(f.seat, f.pot, f.amount, f.why) for f in hand.feeds]


def test_peel_losers_pay_into_the_pool_covering_every_compartment() -> None:
    """Peel (1891), Pope Joan, "the most popular variation": the winner takes only the Game, and the others
    pay their penalty "into the pool", placing counters on the compartments "except that all the eight must
    be covered" (placed in turn on the board's order: docs/house-rules.md)."""
    r = variant("modern-stops", settle__losers_pay="board")
    hand = hand_of(r, ["2C", "3S 4S 5S", "6H 7H"])
    hand.lead(ANN, Card.parse("2C"))  # her only card: Ann is out
    assert [(a.pot, a.seat, a.amount) for a in hand.awards] == [("game", ANN, 1)]
    assert paid(hand) == []
    # Bob's three counters go on the first three pots, Cat's two on the next two.
    assert fed(hand) == [(BOB, "pope", 1, "cards"), (BOB, "matrimony", 1, "cards"), (BOB, "intrigue", 1, "cards"),
                         (CAT, "ace", 1, "cards"), (CAT, "king", 1, "cards")]
    assert hand.net == [1, -3, -15 - 2]
    assert conserved(hand)


def test_losers_pay_goes_round_the_board_again_when_there_are_counters_enough() -> None:
    """Peel: "all the eight must be covered": ten counters cover all eight, then the first two again."""
    r = variant("modern-stops", settle__losers_pay="board", settle__per_card=2)
    hand = hand_of(r, ["2C", "3S 4S 5S 6S 7S", "6H"], dealer=BOB)
    hand.lead(CAT, Card.parse("6H"))
    assert hand.out == CAT
    # Ann (dealer Bob's left, after Cat) pays 2 for her one card, Bob 10 for his five, going on from the
    # Intrigue: round the board and on to the Ace again. Each player's counters on a pot are one record.
    assert fed(hand) == [(ANN, "pope", 1, "cards"), (ANN, "matrimony", 1, "cards"), (BOB, "intrigue", 2, "cards"),
                         (BOB, "ace", 2, "cards"), (BOB, "king", 1, "cards"), (BOB, "queen", 1, "cards"),
                         (BOB, "jack", 1, "cards"), (BOB, "game", 1, "cards"), (BOB, "pope", 1, "cards"),
                         (BOB, "matrimony", 1, "cards")]
    assert hand.board.counters["pope"] == 6 + 2 and hand.board.counters["game"] == 1
    assert conserved(hand)


# ----------------------------------------------------------------------- settle.unplayed_card (Foster, IO)
def test_foster_the_holder_of_an_unplayed_layout_card_doubles_its_pool() -> None:
    """Foster, *Foster's Complete Hoyle*, Pope Joan: the holder of an unplayed layout card "must double that
    pool"; if the card is in the stock "the pool simply remains"."""
    r = variant("modern-stops", settle__unplayed_card="double")
    hand = hand_of(r, ["2C", "9D 3S", "KH 4S"], turnup="2H", board={"king": 3})  # with the dressing, 4
    hand.lead(ANN, Card.parse("2C"))
    # Bob doubles the Pope (6), Cat the King (4); the trump ace, queen and jack lie in the spare hand.
    assert fed(hand) == [(BOB, "pope", 6, "unplayed"), (CAT, "king", 4, "unplayed")]
    assert paid(hand) == [(CAT, ANN, 2, "cards")]  # Bob holds the Pope: exempt from the cards' payment
    assert hand.board.counters["pope"] == 12 and hand.board.counters["king"] == 8
    assert conserved(hand)


def test_indoor_games_holders_add_as_many_as_are_there_or_a_stake() -> None:
    """*The Book of Indoor and Outdoor Games*: holders of the corresponding unplayed cards "add counters equal
    to those already there"; `stake` is the milder house reading, the pot's own stake."""
    r = variant("modern-stops", settle__unplayed_card="stake")
    hand = hand_of(r, ["2C", "9D 3S", "KH 4S"], turnup="2H")
    hand.lead(ANN, Card.parse("2C"))
    assert fed(hand) == [(BOB, "pope", 6, "unplayed"), (CAT, "king", 1, "unplayed")]


def test_a_tally_is_not_dealt_under_unplayed_card() -> None:
    r = variant("modern-stops", settle__unplayed_card="double")
    with pytest.raises(IllegalPlay) as refused:
        Hand.unseen(r, 3, CAT, Board(r), [17, 17, 16], 0, None, None, kind=HandKind.TALLY)
    assert refused.value.rule == "settle.unplayed_card"


def test_a_real_deck_settles_unplayed_cards_where_the_table_places_them() -> None:
    """Foster's double with a real deck (docs/house-rules.md: settle.unplayed_card): the settlement waits for
    the table to place each card pot's card the record cannot; all must be named, each on a seat with an unseen
    card left (the Pope's own holder counted), and the pots are fed as in a dealt hand."""
    r = variant("parlett", settle__unplayed_card="double")
    hand = Hand.unseen(r, 3, CAT, Board(r), [2, 2, 2], 0, Card.parse("2H"), None)
    hand.play(ANN, Card.parse("3C"))
    hand.call_stop()
    hand.play(ANN, Card.parse("4S"))  # Ann is out; the trumps' A K Q J and the Pope lie unseen
    assert hand.awaiting_pope and list(hand.ledger.unplaced_pots()) == ["ace", "king", "queen", "jack"]
    with pytest.raises(IllegalPlay) as missing:
        hand.ledger.settle(BOB, {"ace": BOB})
    assert str(missing.value.message) == "who holds the cards of king, queen, jack? popejoan cannot see them"
    with pytest.raises(IllegalPlay):  # Bob's two unseen cards cannot be the Pope, A♥ and K♥
        hand.ledger.settle(BOB, {"ace": BOB, "king": BOB, "queen": CAT, "jack": SPARE})
    hand.ledger.settle(BOB, {"ace": BOB, "king": SPARE, "queen": CAT, "jack": SPARE})
    assert fed(hand) == [(BOB, "pope", 6, "unplayed"), (BOB, "ace", 1, "unplayed"), (CAT, "queen", 1, "unplayed")]
    assert conserved(hand) and not hand.awaiting_pope


def test_settle_keys_in_words() -> None:
    said = sentences(variant("modern-stops", settle__losers_pay="board", settle__unplayed_card="double"))
    assert "Every other player puts 1 counter on the board for each card left in their hand" in said
    assert "doubles that pot, adding as many counters as it holds" in said
    ru = sentences(variant("modern-stops", settle__losers_pay="board", settle__unplayed_card="stake"), "ru")
    assert "ставят на доску по 1 фишке" in ru and "добавляет в эту секцию её ставку" in ru


# ----------------------------------------------------------------------- rules new --from-source
def test_a_printed_source_lays_its_keys_on_a_preset_and_cites_itself() -> None:
    ours = with_sources(preset("hoyle"), ["peel"])
    assert (ours.turnup.pope_per_card, ours.turnup.pope_limit, ours.play.pope_stakes) == (True, 6, 1)
    assert ours.sources[-1] == SOURCES["peel"].citation
    assert ours.deck == preset("hoyle").deck and ours.pots == preset("hoyle").pots
    for name in SOURCES:  # every source's keys are valid on every preset
        for base in ("modern-stops", "michigan"):
            assert with_sources(preset(base), [name]).sources[-1] == SOURCES[name].citation
    with pytest.raises(UsageError) as unknown:
        with_sources(preset("hoyle"), ["pele"])
    assert "peel" in str(unknown.value.hint)


# ----------------------------------------------------------------------- deal.exchange_bar (MK, LS)
def test_michigan_kitty_only_a_player_with_no_money_card_takes_the_spare_hand() -> None:
    """"Rules of Michigan Kitty": the dealer may exchange his hand only if he holds no money cards; "Easy
    Michigan Rummy": only players with no bonus card may bid for it. The table hears the refusal, the
    player alone which card barred him."""
    r = variant("michigan", deal__exchange_bar="pot-card")
    hand = hand_of(r, ["2C 3C", "QD 4C", "5C 6C"], dealer=CAT)
    with pytest.raises(IllegalPlay) as barred:
        hand.exchange(BOB, 2)
    assert barred.value.message == "Bob may not take the spare hand"
    assert barred.value.private == "you hold Q♦, which wins a pot"
    assert "Q" not in str(barred.value)
    hand.exchange(ANN, 2)
    assert hand.exchanged == (ANN, 2)
    assert "A player holding a card that wins a pot may not take the spare hand." in sentences(r)
    assert "deal.exchange_bar (nobody may take the spare hand)" in sentences(
        variant("modern-stops", deal__exchange_bar="pot-card"))


# ----------------------------------------------------------------------- play.pass_pays (Tripoley)
def test_tripoley_a_player_who_cannot_restart_a_run_pays_into_the_kitty() -> None:
    """Tripoley, as the issue reads it: a player "who cannot restart a run pays one counter into" the
    kitty (Newmarket's kitty: the board's first-out pot)."""
    r = variant("newmarket", play__no_new_suit="pass", play__pass_pays=1)
    hand = hand_of(r, ["2C 4C", "5S 6S", "7H 8H"])
    done = hand.lead(ANN, Card.parse("2C"))  # 3♣ is in the spare hand: a stop, and the lead must turn red
    assert done.leader == CAT
    assert fed(hand) == [(ANN, "kitty", 1, "pass"), (BOB, "kitty", 1, "pass")]
    assert list(done.feeds) == list(hand.feeds)
    assert conserved(hand)


def test_nobody_can_restart_everyone_pays_and_the_hand_is_void() -> None:
    r = variant("newmarket", play__no_new_suit="pass", play__pass_pays=2, play__pass_pot="ace")
    hand = hand_of(r, ["2C 4C", "5S 6S", "7C 8C"])
    done = hand.lead(ANN, Card.parse("2C"))
    assert done.void
    assert fed(hand) == [(ANN, "ace", 2, "pass"), (BOB, "ace", 2, "pass"), (CAT, "ace", 2, "pass")]
    assert conserved(hand)


def test_pass_pays_is_checked_said_and_refused_for_a_tally() -> None:
    with pytest.raises(DataError) as bad:
        from_toml(b'[play]\nno_new_suit = "pass"\nchange_suit = "suit"\npass_pays = 1\npass_pot = "kity"\n', "t.toml")
    assert [(p.key, p.line) for p in bad.value.problems] == [("play.pass_pot", 5)]
    r = variant("newmarket", play__no_new_suit="pass", play__pass_pays=1)
    assert "A player the lead passes over puts 1 counter on Kitty." in sentences(r)
    with pytest.raises(IllegalPlay):
        Hand.unseen(r, 3, CAT, Board(r), [17, 17, 17], 1, None, None, kind=HandKind.TALLY)


def test_a_real_deck_charges_the_passes_its_record_shows() -> None:
    """Tripoley's kitty with a real deck (docs/house-rules.md: play.pass_pays): after a stop, the record's next
    lead by another seat than the leader says the lead passed over each seat from the leader to it; they pay as
    that lead is recorded, and a void hand makes everyone pay."""
    r = variant("newmarket", play__no_new_suit="pass", play__pass_pays=1)
    hand = Hand.unseen(r, 3, CAT, Board(r), [3, 3, 3], 1, None, None)
    hand.play(ANN, Card.parse("2C"))
    hand.call_stop()  # Ann leads again, unless she cannot turn red
    done = hand.play(CAT, Card.parse("7H"))  # the lead passed over Ann and Bob
    assert fed(hand) == [(ANN, "kitty", 1, "pass"), (BOB, "kitty", 1, "pass")] == [
        (f.seat, f.pot, f.amount, f.why) for f in done.feeds]
    hand.call_stop()
    hand.play(CAT, Card.parse("2S"))  # Cat's own lead: nobody passed
    hand.call_stop()
    hand.declare_void()  # nobody could turn red: all three pay
    assert fed(hand)[2:] == [(CAT, "kitty", 1, "pass"), (ANN, "kitty", 1, "pass"), (BOB, "kitty", 1, "pass")]
    assert conserved(hand)


# ----------------------------------------------------------------------- play.improper_lead (PR, IO)
def test_pocket_rummy_an_improper_lead_pays_each_opponent_at_the_end() -> None:
    """pocketrummy.com, Michigan Rummy: starting a suit with a card that is not one's lowest, the player must
    "pay 1 chip to each opponent" (paid when the hand ends, when the cards are seen: docs/house-rules.md)."""
    r = variant("modern-stops", play__improper_lead="pay-each")
    hand = hand_of(r, ["2C 5C 9H", "3S", "4S 6S"])
    assert hand.is_legal(ANN, Card.parse("5C")) and Card.parse("5C") not in hand.law.legal_leads(ANN)  # bots: never
    hand.lead(ANN, Card.parse("5C"))  # she holds 2♣: improper, and nothing said of it yet
    assert paid(hand) == []
    hand.lead(ANN, Card.parse("2C"))
    hand.lead(ANN, Card.parse("9H"))  # her last card: out
    assert paid(hand) == [(ANN, BOB, 1, "lead"), (ANN, CAT, 1, "lead"), (BOB, ANN, 1, "cards"),
                          (CAT, ANN, 2, "cards")]
    assert conserved(hand)


def test_indoor_games_the_same_suit_led_twice_is_fined() -> None:
    """*The Book of Indoor and Outdoor Games*: "The same suit may not be led twice consecutively"; the breaker
    pays 1 counter (here onto the kitty, `pay-board`)."""
    r = variant("newmarket", play__change_suit="suit", play__improper_lead="pay-board")
    hand = hand_of(r, ["2C 4C 7H", "5S", "6S 8S"])
    hand.lead(ANN, Card.parse("2C"))  # 3♣ is in the spare hand: a stop
    hand.lead(ANN, Card.parse("4C"))  # clubs again while she holds 7♥
    hand.lead(ANN, Card.parse("7H"))
    assert hand.out == ANN
    assert fed(hand) == [(ANN, "kitty", 1, "lead")]  # after she took the kitty: it waits for the next hand
    assert conserved(hand)


def test_improper_lead_in_words_and_refused_for_a_tally() -> None:
    r = variant("modern-stops", play__improper_lead="pay-each", play__improper_penalty=2)
    assert ("A lead that breaks these rules is allowed, but when the hand ends its leader pays 2 counters to each "
            "other player.") in sentences(r)
    assert "сделавший его платит каждому другому игроку по 2 фишки" in sentences(r, "ru")
    assert "play.improper_lead (no lead rule to break)" in sentences(variant("hoyle", play__improper_lead="pay-each"))
    with pytest.raises(IllegalPlay):  # a tally records no lead to fine
        Hand.unseen(r, 3, CAT, Board(r), [17, 17, 16], 0, None, None, kind=HandKind.TALLY)


def test_a_real_decks_improper_lead_is_fined_when_its_leaders_cards_are_shown() -> None:
    """pocketrummy.com's "pay 1 chip to each opponent" with a real deck (docs/house-rules.md: play.improper_lead):
    the lead is allowed as played; it is fined once the record knows the leader's cards, all played (at going
    out) or shown before the hand is settled, once; a show after the settlement fines nothing."""
    r = variant("modern-stops", play__improper_lead="pay-each")

    def played() -> Hand:
        hand = Hand.unseen(r, 3, CAT, Board(r), [3, 2, 2], 0, None, None)
        for seat, card in [(ANN, "8S"), (None, ""), (ANN, "2C"), (BOB, "3C"), (None, ""), (BOB, "9H")]:
            _ = hand.call_stop() if seat is None else hand.play(seat, Card.parse(card))
        return hand

    hand = played()
    assert hand.out == BOB and paid(hand) == []  # Bob's leads were proper; Ann's cards are unseen: nothing yet
    hand.show(ANN, [Card.parse("5S")], "Ann", fine=True)  # she led 8♠ holding 5♠
    assert paid(hand) == [(ANN, BOB, 1, "lead"), (ANN, CAT, 1, "lead")]
    hand.show(ANN, [Card.parse("5S")], "Ann", fine=True)  # shown again: fined once
    assert len(paid(hand)) == 2
    hand.ledger.settle(None)
    assert conserved(hand)
    late = played()
    assert late.show(ANN, [Card.parse("5S")], "Ann")[0].card == Card.parse("8S") and paid(late) == []


# ----------------------------------------------------------------------- play.first_lead (the Guardian)
def test_guardian_the_holder_of_the_two_of_diamonds_starts() -> None:
    """The Guardian, "Rules of card games: Newmarket" (2008): the holder of 2♦ leads first, and if nobody
    has it the 3 is called, and so on (survey §2b row 10)."""
    r = variant("newmarket", deal__spare_exchange="none", play__first_lead="2D")
    hand = hand_of(r, ["3C 4C", "2D 5S", "6S 7S"])
    assert [(p.seat, str(p.card), p.lead) for p in hand.plays] == [(BOB, "2D", True)]  # led at the deal
    assert hand.lead_due and hand.leader == BOB  # 3♦ is in the spare hand: Bob's 2♦ stopped
    spare = hand_of(r, ["3D 4C", "5S", "6S 7S"])  # 2♦ in the spare hand: 3♦ is called, then 4♦, 5♦...
    assert [(p.seat, str(p.card)) for p in spare.plays] == [(ANN, "3D")]
    assert "Whoever holds 2♦ (2D) leads it first, at the deal" in sentences(r)
    told = [narrate.plain(line) for line in narrate.dealt(hand, ["Ann", "Bob", "Cat"], 1, "Cat")]
    assert "2♦ is called to lead first: Bob holds it." in told and "Bob leads 2♦" in told


def test_first_lead_is_checked_and_asked_of_a_real_deck() -> None:
    with pytest.raises(DataError) as bad:
        from_toml(b'[play]\nfirst_lead = "eldst"\n', "t.toml")
    assert [p.key for p in bad.value.problems] == ["play.first_lead"]
    with pytest.raises(DataError) as swapped:  # led at the deal: no exchange could come before it
        from_toml(b'[deal]\nspare_exchange = "dealer"\n[play]\nfirst_lead = "2D"\n', "t.toml")
    assert [p.key for p in swapped.value.problems] == ["play.first_lead"]
    r = variant("newmarket", deal__spare_exchange="none", play__first_lead="2D")
    with pytest.raises(IllegalPlay) as unsaid:  # who holds 2♦ is the table's to say
        Hand.unseen(r, 3, CAT, Board(r), [17, 17, 17], 1, None, None)
    assert "--first NAME" in str(unsaid.value.message)
    with pytest.raises(IllegalPlay):  # a tally records no lead
        Hand.unseen(r, 3, CAT, Board(r), [17, 17, 17], 1, None, None, BOB, kind=HandKind.TALLY)
    hand = Hand.unseen(r, 3, CAT, Board(r), [17, 17, 17], 1, None, None, BOB)
    assert hand.law.lead_seats() == [BOB] and not hand.is_legal(ANN, Card.parse("2D"))  # eldest is Ann
    assert hand.is_legal(BOB, Card.parse("2D")) and hand.plays == []  # nothing is played at the deal


# ----------------------------------------------------------------------- play.pope_in_lieu (Peel)
LIEU = ["8S 9S 2C 3C", "9D JS 4C 5H", "QS 6C 7C 8C", "KS 2H 3H 4H"]
"""Peel's example: Ann's 9♠ stops (10♠ lies in the spare hand); Bob holds the Pope and J♠; Dan deals."""


def test_peel_the_pope_is_played_in_lieu_of_a_stop() -> None:
    """Peel, Round Games with Cards (1891), Pope Joan: the Pope may be played "in lieu of a stop": 9♠ proves a
    stop (10♠ cannot be played); the Pope's holder plays 9♦ instead of 10♠, takes the Pope's winnings, then
    continues with his J♠ (survey §2 row 21, §4.1)."""
    r = variant("modern-stops", play__pope_in_lieu=True)
    hand = hand_of(r, LIEU, dealer=DAN)
    pot = hand.board.counters["pope"]
    hand.lead(ANN, Card.parse("8S"))
    assert hand.leader == ANN and hand.observe(BOB).legal == (Card.parse("9D"),)  # his alone: not on lead
    assert hand.public().lead_seats == (ANN,) and hand.observe(CAT).legal == ()
    done = hand.lead(BOB, Card.parse("9D"))  # `popejoan lead 9D --by Bob`
    assert [(p.seat, str(p.card)) for p in done.plays] == [(BOB, "9D"), (BOB, "JS"), (CAT, "QS"), (DAN, "KS")]
    assert [(a.pot, a.seat, a.amount) for a in done.awards if a.pot == "pope"] == [("pope", BOB, pot)]
    assert done.leader == DAN and hand.law.lieu_seat() == -1 and hand.law.pope_in_lieu_of() == Card.parse("10S")
    assert conserved(hand)
    told = [narrate.plain(line) for line in narrate.after_lead(hand.rules, ["Ann", "Bob", "Cat", "Dan"], done)]
    assert told[0] == "Bob plays the Pope in lieu of 10♠: 9♦ J♠, Cat Q♠, Dan K♠"
    assert "whoever holds the Pope 9♦ (9D) may play it in place of the missing card" in sentences(r)


def test_pope_in_lieu_is_private_until_played_and_ends_with_the_next_lead() -> None:
    """Nothing public tells who could play the Pope: Cat's refused 9♦ reads as any lead out of turn whether or not
    she holds it; once Ann leads, Bob's chance is gone; where nothing is missing (a king) it is never offered."""
    r = variant("modern-stops", play__pope_in_lieu=True)
    bob, cat = hand_of(r, LIEU, dealer=DAN), hand_of(r, ["8S 9S 2C 3C", "6C JS 4C 5H", "QS 9D 7C 8C",
                                                          "KS 2H 3H 4H"], dealer=DAN)
    for hand in (bob, cat):
        hand.lead(ANN, Card.parse("8S"))
    assert bob.public() == cat.public()
    # The seat without it is refused as for any lead out of turn, in the same words in both deals.
    assert str(bob.refusal(CAT, Card.parse("9D"))).replace("Cat", "X") == \
        str(cat.refusal(BOB, Card.parse("9D"))).replace("Bob", "X") == str(bob.refusal(DAN, Card.parse("2H"))) \
        .replace("Dan", "X").replace("2♥", "9♦")
    bob.lead(ANN, Card.parse("2C"))  # Ann leads: the stop's chance is over
    assert bob.refusal(BOB, Card.parse("9D")) is not None and bob.observe(BOB).legal == ()
    top = hand_of(r, ["QS KS 2C", "9D 4C 5H", "6C 7C 8C", "2H 3H 4H"], dealer=DAN)
    top.lead(ANN, Card.parse("QS"))  # K♠ ends its suit: nothing is missing
    assert top.law.lieu_seat() == -1 and top.refusal(BOB, Card.parse("9D")) is not None


def test_pope_in_lieu_stops_on_the_missing_card_and_is_refused_for_a_real_deck() -> None:
    """Nobody holds J♠: the run stops on the 10♠ the Pope stood in for, and its player leads (holder follow)."""
    r = variant("modern-stops", play__pope_in_lieu=True)
    hand = hand_of(r, ["8S 9S 2C 3C", "9D 6D 4C 5H", "QS 6C 7C 8C", "KS 2H 3H 4H"], dealer=DAN)
    hand.lead(ANN, Card.parse("8S"))
    done = hand.lead(BOB, Card.parse("9D"))
    assert [str(s.card) for s in done.stops] == ["10S"] and done.leader == BOB and hand.after_stop_suit == 3
    with pytest.raises(IllegalPlay):
        Hand.unseen(r, 4, DAN, Board(r), [13, 13, 13, 13], 0, None, None)
    assert "play.pope_in_lieu" not in sentences(r)
