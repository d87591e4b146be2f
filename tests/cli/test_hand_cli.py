"""`popejoan hand deal | replay | final` on the command line.

Driven in-process with Typer's CliRunner (the `invoke` fixture of conftest.py: fixed width,
no colour, stdout and stderr kept apart). The deal files are in tests/data/deals/, each
with its worked outcome in its header comment; bad inputs are made from them in tmp_path.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest

from conftest import DATA, GOLDEN, Cli
from popejoan_cli.game.cards import CARDS, Card

DEALS = DATA / "deals"
GOLDEN = GOLDEN
Invoke = Cli

SEED42_HANDS = {
    "A": "9C 4D 7D 7H 8H QH AS 5S 7S 9S KS",
    "B": "AC 7C KD AH 3H 4H 5H 10H JS QS",
    "C": "5C 8C JC QC 5D 6D 10D 2H JH 6S",
    "D": "4C 6C 10C AD 3D QD 6H 2S 4S 10S",
    "spare": "2C 3C KC 2D 9D JD 9H KH 3S 8S",
}
REASON_WORDS = {
    "top": ("top card", "top of"),
    "removed": ("out of the pack", "removed"),
    "spare": ("spare hand",),
    "turnup": ("turn-up", "turnup"),
    "played": ("played earlier", "already played", "was played", "played before"),
    "not-in-turn": ("next in turn", "not in turn", "not-in-turn"),
}


def golden_hands(name: str) -> dict[str, list[str]]:
    out = {}
    for line in (GOLDEN / name).read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            key, _, rest = line.partition(":")
            out[key] = rest.split()
    return out


def write(tmp_path: Path, text: str, name: str = "deal.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def full_deal(rules: str, hands: dict[str, str], leads: list[str]) -> str:
    """A deal file for a full-pack preset without turn-up: the named cards, the rest spare."""
    used = {x for cards in hands.values() for x in cards.split()}
    rest = [str(c) for c in CARDS if str(c) not in used]
    lines = [f'rules = "{rules}"', f"players = {json.dumps(list(hands))}", f'dealer = "{list(hands)[-1]}"',
             f"leads = {json.dumps(leads)}", "", "[hands]"]
    lines += [f"{seat} = {json.dumps(cards.split())}" for seat, cards in hands.items()]
    lines.append(f"spare = {json.dumps(rest)}")
    return "\n".join(lines) + "\n"


def base(name: str) -> str:
    return (DEALS / name).read_text(encoding="utf-8")


def replay_json(invoke: Invoke, path: Path) -> dict[str, Any]:
    out: dict[str, Any] = json.loads(invoke.ok("hand", "replay", str(path), "--json").stdout)
    return out


# --------------------------------------------------------------------------- hand deal
def test_deal_rich_output_lists_every_hand_and_the_turnup(invoke: Invoke) -> None:
    out = invoke.ok("hand", "deal", "--rules", "modern-stops", "--players", "A,B,C,D", "--dealer", "D",
                    "--seed", "42").stdout
    lines = out.splitlines()
    for seat, cards in SEED42_HANDS.items():
        label = "spare" if seat == "spare" else seat
        row = next(line for line in lines if line.strip("│ ").startswith(label))
        for card in cards.split():
            assert Card.parse(card).face in row, (card, row)
    # Suits show symbol and letter; the turn-up is named both ways, with the trump suit.
    for head in ("♣ C", "♦ D", "♥ H", "♠ S"):
        assert head in out
    turnup = next(line for line in lines if "Turn-up" in line)
    assert "8♥" in turnup and "8H" in turnup and "trump: hearts ♥" in turnup  # the suit named once, in words


def test_deal_json_fields(invoke: Invoke) -> None:
    out = json.loads(invoke.ok("hand", "deal", "--rules", "modern-stops", "--players", "A,B,C,D", "--dealer",
                               "D", "--seed", "42", "--json").stdout)
    assert set(out) == {"rules", "players", "dealer", "seed", "turnup", "trump", "hands", "spare"}
    assert out["rules"] == "modern-stops"
    assert out["players"] == ["A", "B", "C", "D"]
    assert out["dealer"] == "D"
    assert out["seed"] == 42
    assert out["turnup"] == "8H" and out["trump"] == "H"
    gold = golden_hands("deal_modern-stops_42.txt")
    for seat in "ABCD":
        assert sorted(out["hands"][seat]) == sorted(gold[seat])
    assert sorted(out["spare"]) == sorted(gold["spare"])


def test_deal_json_string_seed(invoke: Invoke) -> None:
    out = json.loads(invoke.ok("hand", "deal", "-r", "modern-stops", "-p", "A,B,C,D", "-d", "D", "-s", "x42",
                               "--json").stdout)
    assert out["seed"] == "x42"
    gold = golden_hands("deal_modern-stops_42-string.txt")
    out42 = json.loads(invoke.ok("hand", "deal", "-r", "modern-stops", "-p", "A,B,C,D", "-d", "D", "-s", "42",
                                 "--json").stdout)
    assert sorted(out42["hands"]["A"]) != sorted(gold["A"])  # the integer seed is not the string one


def test_deal_json_without_turnup_or_spare(invoke: Invoke) -> None:
    out = json.loads(invoke.ok("hand", "deal", "-r", "boodle", "-p", "A,B,C", "-s", "5", "--json").stdout)
    assert out["turnup"] is None and out["trump"] is None and out["spare"] is None
    assert out["dealer"] == "A"
    assert sorted(c for h in out["hands"].values() for c in h) == sorted(str(c) for c in CARDS)


def test_deal_output_file_replays_like_the_seed(invoke: Invoke, tmp_path: Path) -> None:
    dealt = tmp_path / "dealt.toml"
    result = invoke.ok("hand", "deal", "--rules", "modern-stops", "--players", "A,B,C,D", "--dealer", "D",
                       "--seed", "42", "-o", str(dealt))
    assert dealt.name in result.stdout
    text = dealt.read_text(encoding="utf-8")
    assert "[hands]" in text and 'turnup = "8H"' in text
    from_file = replay_json(invoke, dealt)
    from_seed = replay_json(invoke, DEALS / "modern-stops-seed42.toml")
    assert from_file == from_seed
    assert from_file["turnup"] == "8H"


@pytest.mark.parametrize("rules", ["russian", "michigan", "boodle", "newmarket"])
def test_deal_output_file_for_other_presets(invoke: Invoke, tmp_path: Path, rules: str) -> None:
    dealt = tmp_path / "dealt.toml"
    invoke.ok("hand", "deal", "-r", rules, "-p", "Ann,Bob,Cat,Dan,Eve", "-d", "Bob", "-s", "abc", "-o", str(dealt))
    seed_only = write(tmp_path, f'rules = "{rules}"\nplayers = ["Ann", "Bob", "Cat", "Dan", "Eve"]\n'
                                'dealer = "Bob"\nseed = "abc"\n', "seed.toml")
    assert replay_json(invoke, dealt) == replay_json(invoke, seed_only)


def test_deal_output_file_with_a_newline_in_a_name(invoke: Invoke, tmp_path: Path) -> None:
    dealt = tmp_path / "dealt.toml"
    result = invoke("hand", "deal", "-r", "michigan", "-p", "Ann,Bob,Ca\nt", "-d", "Ca\nt", "-s", "1",
                    "-o", str(dealt))
    if result.exit_code == 2:  # refusing such a name is fine too
        assert result.stdout == ""
        return
    assert result.exit_code == 0, (result.stdout, result.stderr)
    assert "Traceback" not in result.stderr
    invoke.ok("hand", "replay", str(dealt), "--json")


# --------------------------------------------------------------------------- hand replay, for people
def stop_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if re.search(r"\bstop", line, re.IGNORECASE)]


@pytest.mark.parametrize("deal", ["modern-stops-seed42.toml", "modern-stops-small.toml",
                                  "boodle-top-not-in-turn.toml", "hoyle-turnup-stop.toml", "michigan-void.toml",
                                  "russian-small.toml"])
def test_replay_for_people_tells_each_stop_and_the_settlement(invoke: Invoke, deal: str) -> None:
    data = replay_json(invoke, DEALS / deal)
    text = invoke.ok("hand", "replay", str(DEALS / deal)).stdout
    lines = stop_lines(text)
    assert len(lines) >= len(data["stops"])
    for stop in data["stops"]:
        face = Card.parse(stop["card"]).face
        assert any(face in line and any(w in line for w in REASON_WORDS[stop["reason"]]) for line in lines), \
            (stop, lines)
    flat = text.splitlines()
    for pay in data["payments"]:
        assert any(pay["from"] in line and pay["to"] in line and re.search(rf"\b{pay['amount']}\b", line)
                   for line in flat), pay
    for award in data["awards"]:
        assert any(award["seat"] in line and re.search(rf"\b{award['amount']}\b", line) for line in flat), award
    if data["out"]:
        assert any(data["out"] in line and "out" in line for line in flat)
    if data["void"]:
        assert "void" in text
    for seat, n in data["net"].items():
        assert any(seat in line and f"{n:+d}" in line for line in flat), (seat, n)


def test_every_stop_reason_is_covered_by_the_deal_files(invoke: Invoke) -> None:
    seen = set()
    for deal in DEALS.glob("*.toml"):
        seen |= {s["reason"] for s in replay_json(invoke, deal)["stops"]}
    assert seen >= set(REASON_WORDS)


def test_replay_worked_small_files(invoke: Invoke) -> None:
    small = replay_json(invoke, DEALS / "modern-stops-small.toml")
    assert [(s["seat"], s["card"], s["reason"]) for s in small["stops"]] == [("Cat", "4C", "spare"),
                                                                             ("Cat", "7D", "removed")]
    assert small["out"] == "Cat"
    assert small["payments"] == [{"from": "Ann", "to": "Cat", "amount": 2, "for": "cards"},
                                 {"from": "Bob", "to": "Cat", "amount": 1, "for": "cards"}]
    assert small["net"] == {"Ann": -2, "Bob": -1, "Cat": -15 + 1 + 3}
    russian = replay_json(invoke, DEALS / "russian-small.toml")
    assert russian["payments"] == [{"from": "Bob", "to": "Ann", "amount": 2, "for": "cards"},
                                   {"from": "Cat", "to": "Ann", "amount": 2, "for": "cards"}]


def test_replay_rules_override(invoke: Invoke) -> None:
    # The same cards under hoyle (Pope holder exempt): Ann leads 5C, 6C and is out as
    # before, but Bob, who holds 9D, pays nothing.
    out = json.loads(invoke.ok("hand", "replay", str(DEALS / "russian-small.toml"), "--rules", "hoyle",
                               "--json").stdout)
    assert out["rules"] == "hoyle"
    assert out["payments"] == [{"from": "Cat", "to": "Ann", "amount": 2, "for": "cards"}]


# --------------------------------------------------------------------------- bad deal files (exit 5)
def small_with(old: str, new: str) -> str:
    text = base("modern-stops-small.toml")
    assert old in text
    return text.replace(old, new, 1)


def test_duplicated_card(invoke: Invoke, tmp_path: Path) -> None:
    path = write(tmp_path, small_with('Ann = ["2C", "JS", "QS"]', 'Ann = ["2C", "JS", "QS", "3C"]'))
    invoke.fails(5, "hand", "replay", str(path), said=("3C", "deal.toml"))


def test_missing_card(invoke: Invoke, tmp_path: Path) -> None:
    path = write(tmp_path, small_with(', "KS"]', "]"))
    err = invoke.fails(5, "hand", "replay", str(path), "--json", said=("KS",))
    assert "missing" in err


def test_unknown_card(invoke: Invoke, tmp_path: Path) -> None:
    path = write(tmp_path, small_with('Bob = ["3C", "5H"]', 'Bob = ["3C", "5H", "11H"]'))
    invoke.fails(5, "hand", "replay", str(path), said=("11H",))


def test_removed_card(invoke: Invoke, tmp_path: Path) -> None:
    path = write(tmp_path, small_with('Bob = ["3C", "5H"]', 'Bob = ["3C", "5H", "8D"]'))
    err = invoke.fails(5, "hand", "replay", str(path), said=("8D",))
    assert "removed" in err


def test_seat_that_is_not_a_player(invoke: Invoke, tmp_path: Path) -> None:
    path = write(tmp_path, small_with('Bob = ["3C", "5H"]', 'Bob = ["3C"]\nZed = ["5H"]'))
    invoke.fails(5, "hand", "replay", str(path), said=("Zed", "not a player"))


def test_out_of_play_turnup_given_in_a_hand(invoke: Invoke, tmp_path: Path) -> None:
    text = base("russian-small.toml")
    text = text.replace('Cat = ["7C", "10S"]', 'Cat = ["7C", "10S", "2S"]')
    invoke.fails(5, "hand", "replay", str(write(tmp_path, text)), said=("2S",))


def test_in_hand_turnup_absent_from_every_hand(invoke: Invoke, tmp_path: Path) -> None:
    path = write(tmp_path, small_with('"AH", "2H", ', '"AH", '))
    invoke.fails(5, "hand", "replay", str(path), said=("2H",), several=True)  # and a card missing


def test_turnup_missing_where_the_rules_turn_one_up(invoke: Invoke, tmp_path: Path) -> None:
    path = write(tmp_path, small_with('turnup = "2H"\n', ""))
    invoke.fails(5, "hand", "replay", str(path), said=("turnup",))


def test_turnup_given_where_the_rules_have_none(invoke: Invoke, tmp_path: Path) -> None:
    text = base("michigan-void.toml").replace('dealer = "Cat"\n', 'dealer = "Cat"\nturnup = "2H"\n')
    invoke.fails(5, "hand", "replay", str(write(tmp_path, text)), said=("turnup",))


@pytest.mark.parametrize("players", ['["Ann", "Bob"]',
                                     '["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy"]'])
def test_player_count_in_a_deal_file(invoke: Invoke, tmp_path: Path, players: str) -> None:
    text = (f'rules = "modern-stops"\nplayers = {players}\ndealer = "Ann"\nseed = 3\n')
    err = invoke.fails(5, "hand", "replay", str(write(tmp_path, text)), said=("players",))
    assert "3–8" in err or "3-8" in err


def test_exchange_the_rules_do_not_allow(invoke: Invoke, tmp_path: Path) -> None:
    path = write(tmp_path, base("modern-stops-small.toml") + '\n[exchange]\nseat = "Cat"\nprice = 0\n')
    invoke.fails(5, "hand", "replay", str(path), said=("exchange",))


def test_exchange_dealer_mode_by_another_player(invoke: Invoke, tmp_path: Path) -> None:
    text = (DEALS / "michigan-void.toml").read_text(encoding="utf-8").replace('rules = "michigan"',
                                                                             'rules = "newmarket"')
    path = write(tmp_path, text + '\n[exchange]\nseat = "Bob"\nprice = 1\n')
    invoke.fails(5, "hand", "replay", str(path), said=("exchange",))


def test_unknown_preset_in_a_deal_file(invoke: Invoke, tmp_path: Path) -> None:
    path = write(tmp_path, small_with('rules = "modern-stops"', 'rules = "modern-stop"'))
    invoke.fails(5, "hand", "replay", str(path), said=("modern-stop",))


def test_missing_deal_file(invoke: Invoke, tmp_path: Path) -> None:
    invoke.fails(5, "hand", "replay", str(tmp_path / "nope.toml"), said=("nope.toml",))


# --------------------------------------------------------------------------- bad leads (exit 3)
def test_lead_that_is_not_the_lowest_in_its_suit(invoke: Invoke, tmp_path: Path) -> None:
    # Ann holds JS and QS: under lowest-in-suit she may not lead the queen.
    path = write(tmp_path, small_with('turnup = "2H"\n', 'turnup = "2H"\nleads = ["QS"]\n'))
    invoke.fails(3, "hand", "replay", str(path), "--json", said=("Q♠", "Ann", 'play.lead = "lowest-in-suit"'))


def test_lead_the_leader_does_not_hold(invoke: Invoke, tmp_path: Path) -> None:
    path = write(tmp_path, small_with('turnup = "2H"\n', 'turnup = "2H"\nleads = ["3C"]\n'))
    invoke.fails(3, "hand", "replay", str(path), said=("3♣", "Ann", "rule"))


def test_lead_that_is_not_the_lowest_after_a_stop(invoke: Invoke, tmp_path: Path) -> None:
    # Michigan: after the stop at QD Ann leads a club, but JC is not her lowest (7C is).
    text = base("michigan-void.toml").replace('leads = ["QD"]', 'leads = ["QD", "JC"]')
    invoke.fails(3, "hand", "replay", str(write(tmp_path, text)), said=("J♣", "Ann", "lowest-in-suit"))


def test_lead_that_breaks_the_change_of_suit(invoke: Invoke, tmp_path: Path) -> None:
    # Michigan: Ann leads 2D; 3D is in the spare hand: stop, Ann leads again and must change
    # suit: 5D, though her lowest diamond, is refused; she holds 7C.
    text = full_deal("michigan", {"Ann": "2D 5D 7C", "Bob": "8C", "Cat": "9C"}, leads=["2D", "5D"])
    invoke.fails(3, "hand", "replay", str(write(tmp_path, text)), said=("5♦", "Ann", 'play.change_suit = "suit"'))


def test_leftover_lead_after_the_hand_ended(invoke: Invoke, tmp_path: Path) -> None:
    path = write(tmp_path, small_with('turnup = "2H"\n', 'turnup = "2H"\nleads = ["2C", "7D", "9S", "JS"]\n'))
    err = invoke.fails(3, "hand", "replay", str(path))
    assert "J♠" in err or "JS" in err
    assert "left over" in err or "ended" in err


def test_leftover_lead_after_a_hand_ended_at_the_turnup(invoke: Invoke, tmp_path: Path) -> None:
    text = base("russian-small.toml").replace('turnup = "2S"', 'turnup = "9D"').replace('"9D", "3H"', '"2S", "3H"')
    text = text.replace('dealer = "Cat"\n', 'dealer = "Cat"\nleads = ["5C"]\n')
    invoke.fails(3, "hand", "replay", str(write(tmp_path, text)), said=("5♣",))


def test_lead_entry_for_the_player_the_lead_passed_from(invoke: Invoke, tmp_path: Path) -> None:
    # Michigan: after Ann's 2C stops, she holds only clubs and the lead passes to Bob; an
    # entry naming Ann's 9C is refused: the lead is Bob's.
    text = full_deal("michigan", {"Ann": "2C 9C", "Bob": "10C 5S 7S", "Cat": "JC QC"}, leads=["2C", "9C"])
    err = invoke.fails(3, "hand", "replay", str(write(tmp_path, text)), said=("9♣", "Bob"))
    assert "rule" in err


def test_player_called_spare(invoke: Invoke, tmp_path: Path) -> None:
    text = 'rules = "modern-stops"\nplayers = ["Ann", "Spare", "Cat"]\ndealer = "Ann"\nseed = 1\n'
    invoke.fails(5, "hand", "replay", str(write(tmp_path, text)), said=("spare",))
    invoke.fails(2, "hand", "deal", "-r", "modern-stops", "-p", "Ann,spare,Cat", "-s", "1", said=("spare",))


def test_lead_of_a_removed_card_names_lead_leader_and_rule(invoke: Invoke, tmp_path: Path) -> None:
    path = write(tmp_path, small_with('turnup = "2H"\n', 'turnup = "2H"\nleads = ["8D"]\n'))
    invoke.fails(3, "hand", "replay", str(path), said=("8♦", "Ann", "deck.removed"))


# --------------------------------------------------------------------------- bad command lines (exit 2)
@pytest.mark.parametrize("players", ["A,B", "A,B,C,D,E,F,G,H,I"])
def test_player_count_on_the_command_line(invoke: Invoke, players: str) -> None:
    err = invoke.fails(2, "hand", "deal", "--rules", "modern-stops", "--players", players, "--seed", "1",
                       said=("players",))
    assert "3–8" in err or "3-8" in err


def test_unknown_preset_on_the_command_line(invoke: Invoke) -> None:
    invoke.fails(2, "hand", "deal", "--rules", "modern-stop", "--players", "A,B,C", "--seed", "1",
                 said=("modern-stop", "did you mean 'modern-stops'"))
    invoke.fails(2, "hand", "replay", str(DEALS / "russian-small.toml"), "--rules", "russain",
                 said=("did you mean 'russian'",))
    invoke.fails(2, "hand", "final", "--rules", "rusian", "--players", "A,B,C", "--seed", "1", said=("did you mean",))


def test_dealer_not_a_player(invoke: Invoke) -> None:
    invoke.fails(2, "hand", "deal", "--rules", "modern-stops", "--players", "A,B,C", "--dealer", "Z", "--seed", "1",
                 said=("Z",))


def test_final_for_people(invoke: Invoke) -> None:
    data = json.loads(invoke.ok("hand", "final", "-r", "russian", "-p", "A,B,C", "-d", "A", "-s", "7",
                                "-b", "pope=5,matrimony=3", "--json").stdout)
    text = invoke.ok("hand", "final", "-r", "russian", "-p", "A,B,C", "-d", "A", "-s", "7",
                     "-b", "pope=5,matrimony=3").stdout
    for award in data["awards"]:
        assert any(award["seat"] in line and re.search(rf"\b{award['amount']}\b", line) for line in text.splitlines())
    assert "9♦" in text


def test_final_board_names_an_unknown_pot(invoke: Invoke) -> None:
    invoke.fails(2, "hand", "final", "--rules", "russian", "--players", "A,B,C", "--seed", "1", "--board", "popr=3",
                 said=("popr",))


def test_final_board_with_a_superscript_digit(invoke: Invoke) -> None:
    invoke.fails(2, "hand", "final", "--rules", "russian", "--players", "A,B,C", "--seed", "1", "--board", "pope=²",
                 said=("pope",))


def test_superscript_digit_seed_is_a_string_seed(invoke: Invoke) -> None:
    out = json.loads(invoke.ok("hand", "deal", "-r", "boodle", "-p", "A,B,C", "-s", "²", "--json").stdout)
    assert out["seed"] == "²"


def test_player_dealt_no_cards_is_no_traceback(invoke: Invoke, tmp_path: Path) -> None:
    text = small_with('Ann = ["2C", "JS", "QS"]', 'Ann = []')
    path = write(tmp_path, text.replace('spare = ["AC", ', 'spare = ["2C", "JS", "QS", "AC", '))
    result = invoke("hand", "replay", str(path), "--json")
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.exit_code in (0, 5)
    if result.exit_code == 5:
        invoke.fails(5, "hand", "replay", str(path), "--json", said=("Ann",))


# --------------------------------------------------------------------------- hostile input (exit 2, 5)
SEEDED = 'rules = "modern-stops"\nplayers = ["Ann", "Bob", "Cat"]\ndealer = "Cat"\nseed = 42\n'


@pytest.mark.parametrize("seed", ["9" * 5000, "9" * 4000, str(2**63), str(10**30)])
@pytest.mark.parametrize("command", ["deal", "final"])
def test_a_seed_out_of_range_is_a_usage_error(invoke: Invoke, command: str, seed: str) -> None:
    invoke.fails(2, "hand", command, "--rules", "russian", "--players", "Ann,Bob,Cat", "--seed", seed,
                 said=("--seed", "out of range", "9,223,372,036,854,775,807"))


def test_the_largest_seed_deals(invoke: Invoke) -> None:
    out = json.loads(invoke.ok("hand", "deal", "--rules", "russian", "--players", "Ann,Bob,Cat", "--seed",
                               str(2**63 - 1), "--json").stdout)
    assert out["seed"] == 2**63 - 1


@pytest.mark.parametrize("seed", ["a\x1b[2Jb", "x" * 101])
def test_a_text_seed_is_one_short_line(invoke: Invoke, seed: str) -> None:
    invoke.fails(2, "hand", "deal", "--rules", "russian", "--players", "Ann,Bob,Cat", "--seed", seed, said=("--seed",))


@pytest.mark.parametrize("value", ["9" * 5000, "9" * 4000, "1000001"])
def test_a_board_count_out_of_range_is_a_usage_error(invoke: Invoke, value: str) -> None:
    invoke.fails(2, "hand", "final", "--rules", "russian", "--players", "Ann,Bob,Cat", "--seed", "1",
                 "--board", f"pope={value}", said=("--board pope=", "too large", "1,000,000"))


HOSTILE_DEALS = {
    "huge-seed": (SEEDED.replace("seed = 42", f"seed = {'9' * 5000}"), (":4:", "5,000 digits")),
    "hex-seed": (SEEDED.replace("seed = 42", f"seed = 0x{'f' * 5000}"), (":4:", "seed", "digits")),
    "seed-2**63": (SEEDED.replace("seed = 42", f"seed = {2**63}"), (":4:", "seed", "out of range")),
    "negative-seed": (SEEDED.replace("seed = 42", "seed = -5"), (":4:", "seed", "out of range")),
    "escape-seed": (SEEDED.replace("seed = 42", 'seed = "\\u001b[2J"'), (":4:", "seed", "U+001B")),
    "deep": (SEEDED + "leads = " + "[" * 5000 + "]" * 5000 + "\n", ("nested too deeply",)),
    "deep-tables": (SEEDED + "[board]\n" + "x = " + "{a=" * 3000 + "1" + "}" * 3000 + "\n", ("nested",)),
    "escape-player": (SEEDED.replace('"Bob"', '"B\\u001bob"'), (":2:", "players", "control characters")),
    "huge-board": (SEEDED + f"[board]\npope = {'9' * 4400}\n", (":6:", "digits")),
}


@pytest.mark.parametrize("case", list(HOSTILE_DEALS))
def test_replay_reports_a_hostile_deal_file_at_its_line(invoke: Invoke, tmp_path: Path, case: str) -> None:
    text, fragments = HOSTILE_DEALS[case]
    path = write(tmp_path, text)
    invoke.fails(5, "hand", "replay", str(path), said=(str(path), *fragments))


@pytest.mark.parametrize(("rules", "fragment"), [
    ("a\\u0000b.toml", "a\\x00b.toml: not a usable file name: it holds a NUL byte"),
    ("n" * 5000 + ".toml", "longer than the system allows"),
    ("/dev/zero", "/dev/zero: is a character device"),
    ("fifo.toml", "fifo.toml: is a FIFO"),
])
def test_a_deal_files_rules_path_that_cannot_be_read(invoke: Invoke, tmp_path: Path, rules: str,
                                                      fragment: str) -> None:
    os.mkfifo(tmp_path / "fifo.toml")
    path = write(tmp_path, SEEDED.replace("modern-stops", rules))
    invoke.fails(5, "hand", "replay", str(path), said=(fragment,))


def test_replay_refuses_a_fifo_a_device_and_impossible_paths(invoke: Invoke, tmp_path: Path) -> None:
    fifo = tmp_path / "deal.toml"
    os.mkfifo(fifo)
    invoke.fails(5, "hand", "replay", str(fifo), said=(f"{fifo}: is a FIFO", "a deal file must be a regular file"))
    zero = tmp_path / "zero.toml"
    zero.symlink_to("/dev/zero")
    invoke.fails(5, "hand", "replay", str(zero), said=("is a character device",))
    invoke.fails(5, "hand", "replay", "a\0b.toml", said=("NUL byte",))
    invoke.fails(5, "hand", "replay", "n" * 5000, said=("longer than the system allows",))
    invoke.fails(5, "hand", "deal", "--rules", "n" * 5000, "--players", "A,B,C", "--seed", "1", said=("longer than",))
