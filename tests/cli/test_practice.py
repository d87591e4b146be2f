"""`popejoan practice`: a whole session driven by scripted input, and the installed command in a pty.

The session tests answer the way a person would: they read the last panel's "Play" marks
and type the number of the first marked card. The CLI's input (conftest's `Cli`) is fixed before the run,
so each answer is found by running the (deterministic: seeded deals, deterministic bots)
session again with the answers so far; the end of input is a quit.
"""

from __future__ import annotations

import itertools
import os
import re
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import Result

from conftest import Cli
from popejoan_cli.cli.practice_cmd import variant_rules
from popejoan_cli.formats.presets import preset
from popejoan_cli.game.board import Board
from popejoan_cli.game.cards import Card, Dealt
from popejoan_cli.game.deal import seeded_deal, session_seed
from popejoan_cli.game.hand import Hand

PROMPT = "Your lead ("
FACE = r"(?:10|[2-9AJQK])[♣♦♥♠]"
MARK = re.compile(rf"(\d+) ({FACE}) Play\b")
SCORES = re.compile(r"(Running|Final) scores: (.*); board (-?\d+)\.")
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def run(cli: Cli, args: list[str], answers: list[str]) -> Result:
    return cli("practice", *args, input="".join(a + "\n" for a in answers))


def last_panel(output: str) -> str:
    """The text of the last panel shown, up to the prompt after it."""
    start = output.rfind("Your hand ·")
    assert start >= 0, output
    return output[start:]


def marked(panel: str) -> list[tuple[int, str]]:
    return [(int(n), face) for n, face in MARK.findall(panel)]


def play_session(cli: Cli, args: list[str], limit: int = 80) -> tuple[Result, list[str]]:
    """Answer every lead with the first card marked Play, until the session ends."""
    answers: list[str] = []
    for _ in range(limit):
        res = run(cli, args, answers)
        assert res.exit_code == 0, res.output
        if "left the table" not in res.output:
            return res, answers
        # The input ran out at a prompt: answer the panel shown last.
        answers.append(str(marked(last_panel(res.output))[0][0]))
    raise AssertionError(f"the session did not end within {limit} of your leads")


def scores_lines(output: str) -> list[tuple[list[int], int]]:
    found = []
    for m in SCORES.finditer(output):
        found.append(([int(v) for v in re.findall(r" ([+-]\d+)(?: ·|$)", " " + m.group(2))], int(m.group(3))))
    return found


def seeds_told_once_over(out: str, base: int, played: int, again: str) -> None:
    """No seed is told while a hand is played: each of the `played` hands' seeds
    (`session_seed(base, k)`) first shows in "After hand k (seed X)", once that hand is over, and
    nothing else says "seed" before it; the session's seed is told once, in the last line."""
    told = 0
    for number in range(1, played + 1):
        after = f"After hand {number} (seed {session_seed(base, number)})"
        at = out.index(after)
        assert "seed" not in out[told:at].lower(), out[told:at]
        assert str(session_seed(base, number)) not in out[:at], number
        told = at + len(after)
    replay = f"Session seed {base}: `{again}` replays it."
    at = out.rindex("Session seed ")  # the last line, wrapped to the width where it is wider
    assert " ".join(out[at:].split()) == replay, out[-300:]
    assert "seed" not in out[told:at].lower(), out[told:]
    assert str(session_seed(base, played + 1)) not in out, "a hand not finished keeps its seed"


def scores_add_up(out: str, players: int, kinds: list[str]) -> None:
    """The running and final scores come in the order `kinds`; players plus board is always zero."""
    lines = scores_lines(out)
    assert [m.group(1) for m in SCORES.finditer(out)] == kinds
    for scores, board in lines:
        assert len(scores) == players
        assert sum(scores) + board == 0
    assert lines[-1] == lines[-2]


def test_a_whole_session_by_scripted_input(cli: Cli) -> None:
    res, answers = play_session(cli, ["--computers", "2", "--seed", "7", "--hands", "2"])
    out = res.output
    assert answers, "you never led"
    seeds_told_once_over(out, 7, 2, "popejoan practice --seed 7 --computers 2 --hands 2")
    assert out.startswith("Pope Joan, Modern stops rules: You against 2 computers (level good), 2 hands.\n")
    assert "Hand 1: Computer 2 deals.\n" in out
    assert "Hand 2: You deal.\n" in out
    assert "Hand 1 of 2 · Modern stops · computers: good" in out
    assert "Hand 2 of 2 · Modern stops · computers: good" in out
    # Always in view in the panel: the spare hand, the turn-up and the trump, symbol and letter.
    assert re.search(r"Spare hand: \d+ cards · Turn-up: (10|[2-9AJQK])[♣♦♥♠] \(.*\) · Trump: [a-z]+ [♣♦♥♠]",
                     out)
    assert "Table history · " in out and "Board: Pope " in out
    # The computers' leads and the stops are told.
    assert re.search(r"Computer [12] leads ", out)
    assert "Stop at " in out
    # Every answer was a card marked Play, and the referee took each one: no refusal was printed.
    assert "Choose a card marked Play" not in out
    assert out.count(PROMPT) == len(answers)
    # Running scores after each hand, then the final ones; players plus board is always zero.
    scores_add_up(out, 3, ["Running", "Running", "Final"])
    assert "Final scores after 2 of 2 hands" in out


def first_deal(seats: int, base: int) -> Dealt:
    """The deal of hand 1 of a modern-stops session with seed `base`, as practice deals it (the last seat deals)."""
    return seeded_deal(preset("modern-stops"), seats, seats - 1, session_seed(base, 1))


def first_hand(seats: int, base: int) -> Hand:
    rules = preset("modern-stops")
    return Hand.deal(rules, seats, seats - 1, Board(rules), first_deal(seats, base))


def test_the_marks_are_the_referees_legal_leads(cli: Cli) -> None:
    res = run(cli, ["--computers", "3", "--seed", "11", "--hands", "1"], [])
    seeds_told_once_over(res.output, 11, 0, "popejoan practice --seed 11 --hands 1")
    hand = first_hand(4, 11)
    legal = sorted(c for s, c in hand.law.legal_plays() if s == 0)
    assert sorted(Card.parse(face) for _, face in marked(last_panel(res.output))) == legal
    # The hand is numbered in suit and rank order.
    numbers = [int(n) for n in re.findall(r"^\s*│?\s*(\d+) ", last_panel(res.output), re.M)]
    assert numbers and numbers[0] == 1


def lower_held_in_suit(held: tuple[Card, ...], rank: tuple[int, ...]) -> tuple[Card, Card]:
    """A card dealt in `held` and the lowest of `held` below it in its suit, by `rank` (the hand's ranks)."""
    for card in held:
        lower = [c for c in held if c.suit == card.suit and rank[c] < rank[card]]
        if lower:
            return card, min(lower, key=rank.__getitem__)
    raise AssertionError(f"no two cards of one suit in {held}")


def test_an_illegal_lead_re_asks_with_the_rule(cli: Cli) -> None:
    args = ["--computers", "2", "--seed", "7", "--hands", "1"]
    first = run(cli, args, [])
    card, lower = lower_held_in_suit(first_deal(3, 7).hands[0], first_hand(3, 7).rank)
    number = next(int(n) for n, face in re.findall(rf"(\d+) ({FACE})", last_panel(first.output)) if face == card.face)
    assert (number, card.face) not in marked(last_panel(first.output))
    res = run(cli, args, [str(number), str(card), "q"])
    assert res.exit_code == 0
    # Your own screen says why, in your own cards; the rule is not needed then.
    why = f"You cannot lead {card.face} now: you hold {lower.face}, lower in that suit. Choose a card marked Play."
    assert res.output.count(why) == 2, res.output
    assert "(rule:" not in res.output
    assert res.output.count(PROMPT) == 3
    # A card you do not hold is refused by the referee too.
    held = {c.face for c in first_deal(3, 7).hands[0]}
    other = next(c for c in map(Card.parse, ("AC", "2C", "3C", "AS", "2S", "AH", "2H")) if c.face not in held)
    res = run(cli, args, [str(other), "q"])
    assert f"You cannot lead {other.face} now: you do not hold {other.face}. Choose a card marked Play." in res.output
    assert res.output.count(PROMPT) == 2


def test_entries_that_are_not_cards_re_ask(cli: Cli) -> None:
    res = run(cli, ["--computers", "2", "--seed", "7", "--hands", "1"], ["xyz", "", "99", "0", "q"])
    assert res.exit_code == 0
    out = res.output
    assert "'xyz' is neither a card nor a card's number" in out
    assert "There is no card number 99" in out and "There is no card number 0" in out
    assert "Type a card marked Play" in out
    assert out.count(PROMPT) == 5
    assert "You left the table during hand 1" in out


def test_q_quits_cleanly_with_the_scores(cli: Cli) -> None:
    res = run(cli, ["--computers", "4", "--seed", "3"], ["q"])
    assert res.exit_code == 0, res.output
    seeds_told_once_over(res.output, 3, 0, "popejoan practice --seed 3 --computers 4")
    assert "You left the table during hand 1" in res.output
    (scores, board), = scores_lines(res.output)
    assert sum(scores) + board == 0 and len(scores) == 5
    assert "\x1b[" not in res.output, "NO_COLOR and a pipe give plain text"


def test_help_shows_the_table_again(cli: Cli) -> None:
    res = run(cli, ["--computers", "2", "--seed", "7", "--hands", "1"], ["?", "q"])
    assert res.output.count("Your hand ·") == 2


def _pope_seed(computers: int) -> int:
    rules = preset("modern-stops")
    seats = computers + 1
    return next(s for s in range(10_000)
                if seeded_deal(rules, seats, seats - 1, session_seed(s, 1)).turnup == Card.parse("9D"))


def test_instant_win_ends_the_hand_at_a_turned_up_pope(cli: Cli) -> None:
    seed = _pope_seed(2)
    res = run(cli, ["--computers", "2", "--seed", str(seed), "--hands", "1", "--variant", "instant-win"], [])
    assert res.exit_code == 0, res.output
    out = res.output
    assert "Modern stops + instant-win" in out
    assert "Turn-up 9♦" in out
    assert "Computer 2 wins Pope" in out and "Computer 2 wins First out" in out
    assert "for the turned-up Pope" in out
    assert "The hand ends at the turn-up" in out
    assert PROMPT not in out, "no lead is asked for: the hand is over"
    assert first_deal(3, seed).turnup == Card.parse("9D")
    seeds_told_once_over(out, seed, 1, f"popejoan practice --seed {seed} --computers 2 --hands 1 "
                                       "--variant instant-win")
    (scores, board), _final = scores_lines(out)
    assert scores[2] > 0 and scores[0] < 0 and sum(scores) + board == 0
    # Without the variant the same deal is played on: the dealer takes only the Pope.
    plain = run(cli, ["--computers", "2", "--seed", str(seed), "--hands", "1"], ["q"])
    assert "The hand ends at the turn-up" not in plain.output and PROMPT in plain.output


def test_variants_derive_the_house_rules(cli: Cli) -> None:
    base = preset("modern-stops")
    assert base["turnup.pope_ends_hand"] is False and base["play.pairs"] == "same-player"
    won = variant_rules(base, ["instant-win"])
    assert won["turnup.pope_ends_hand"] is True and won["turnup.pope_per_card"] is True
    assert list(won.turnup.pope_takes) == ["pope", "game"]
    assert variant_rules(base, ["split-combination"])["play.pairs"] == "split"
    assert variant_rules(base, []) is base
    res = run(cli, ["--computers", "2", "--seed", "7", "--hands", "1", "--variant", "split-combination"], ["q"])
    assert res.exit_code == 0 and "Modern stops + split-combination" in res.output


@pytest.mark.parametrize("args, fragment", [
    (["--computers", "8"], "--computers"),
    (["--level", "genius"], "unknown level 'genius'"),
    (["--variant", "instant"], "unknown variant 'instant'"),
    (["--name", "Computer 1"], "listed twice"),
    (["--rules", "no-such-preset"], "unknown preset"),
])
def test_bad_options(cli: Cli, args: list[str], fragment: str) -> None:
    cli.fails(2, "practice", *args, input="q\n", said=(fragment,))


def test_your_name_and_the_simple_level(cli: Cli) -> None:
    res = run(cli, ["--computers", "2", "--seed", "7", "--hands", "1", "--name", "Ann", "--level", "simple"],
              ["1", "q"])
    assert res.exit_code == 0
    assert "Ann (you, to lead)" in res.output and "computers: simple" in res.output
    assert "Ann leads " in res.output


REPLAY = re.compile(r"`popejoan practice ([^`]*)` replays it")


def replay_args(output: str) -> list[str]:
    import shlex

    found = REPLAY.search(output.replace("\n", " "))
    assert found, output
    return shlex.split(found.group(1))


@pytest.mark.parametrize("args", [
    ["--seed", "7", "--rules", "michigan", "--computers", "2", "--hands", "2", "--level", "simple",
     "--variant", "split-combination", "--name", "Ann Lee"],
    ["-s", "7", "-r", "russian", "-c", "4", "-n", "1", "-l", "simple", "--name", "O'Hara"],
    ["--computers", "2", "--hands", "1", "--variant", "split-combination", "--variant", "instant-win"],
    ["--seed", "3", "--hands", "1", "--name", "-Zed-"],
    [],  # every default, and a random seed
])
def test_the_replay_hint_repeats_every_option(cli: Cli, args: list[str]) -> None:
    first = run(cli, args, ["1", "1", "q"])
    assert first.exit_code == 0, first.output
    again = replay_args(first.output)
    assert "--seed" in again
    for option, value in itertools.pairwise(args):
        if option in ("--rules", "-r", "--name", "--variant"):
            assert value in again or f"{option}={value}" in again
    replayed = run(cli, again, ["1", "1", "q"])
    assert replayed.exit_code == 0, replayed.output
    assert replayed.output == first.output, "the command shown plays the same session"


def test_the_replay_hint_shows_the_options_used(cli: Cli) -> None:
    res = run(cli, ["--seed", "7", "--rules", "michigan", "--computers", "2", "--level", "simple", "--hands", "2",
                    "--variant", "split-combination", "--name", "Ann Lee"], ["q"])
    assert replay_args(res.output) == ["--seed", "7", "--rules", "michigan", "--computers", "2", "--hands", "2",
                                       "--level", "simple", "--variant", "split-combination", "--name", "Ann Lee"]
    # Options left at their defaults are not repeated.
    assert replay_args(run(cli, ["--seed", "7", "--computers", "3"], ["q"]).output) == ["--seed", "7"]


def test_emoji_and_full_width_leads_are_read(cli: Cli) -> None:
    args = ["--computers", "2", "--seed", "7", "--hands", "1"]
    first = run(cli, args, [])
    _, face = marked(last_panel(first.output))[0]
    by_number = run(cli, args, ["1", "q"])
    wide = "".join(chr(ord(c) + 0xFEE0) if c.isascii() else c for c in face)  # １０♦, Ａ♠
    for entry in (face + "\ufe0f", wide):
        res = run(cli, args, [entry, "q"])
        assert res.exit_code == 0, res.output
        assert res.output.count(PROMPT) == by_number.output.count(PROMPT)
        assert "neither a card" not in res.output
    # Digits that are not decimal (superscripts) are not a card's number, and re-ask.
    res = run(cli, args, ["\u00b2", "9" * 5000, "q"])
    assert res.exit_code == 0, res.output
    assert res.output.count(PROMPT) == 3


# ------------------------------------------------------------------ the installed command, in a pty
def _popejoan() -> Path | None:
    import shutil

    beside = Path(sys.executable).parent / "popejoan"
    if beside.is_file():
        return beside
    found = shutil.which("popejoan")
    return Path(found) if found else None


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
def test_end_to_end_in_a_pseudo_terminal(tmp_path: Path) -> None:
    exe = _popejoan()
    if exe is None:
        pytest.skip("the popejoan command is not installed")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("POPEJOAN", "XDG_"))}
    env.update(HOME=str(tmp_path), NO_COLOR="1", COLUMNS="100", LINES="50", TERM="xterm")
    master, slave = os.openpty()
    proc = subprocess.Popen([str(exe), "practice", "--computers", "2", "--seed", "7", "--hands", "2"],
                            stdin=slave, stdout=slave, stderr=slave, env=env, cwd=tmp_path, close_fds=True,
                            start_new_session=True)
    os.close(slave)
    seen = ""

    def read_until(pattern: str, timeout: float = 15.0) -> str:
        nonlocal seen
        deadline = time.monotonic() + timeout
        while pattern not in seen:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"timed out waiting for {pattern!r}; got:\n{seen[-2000:]}")
            ready, _, _ = select.select([master], [], [], left)
            if not ready:
                continue
            try:
                chunk = os.read(master, 65536)
            except OSError:  # EIO: the child closed the terminal
                chunk = b""
            if not chunk:
                if pattern not in seen:
                    raise AssertionError(f"the command ended before {pattern!r}; got:\n{seen[-2000:]}")
                break
            seen += ANSI.sub("", chunk.decode("utf-8", "replace")).replace("\r\n", "\n")
        at = seen.index(pattern) + len(pattern)
        before, seen = seen[:at], seen[at:]
        return before

    try:
        led = 0
        for _ in range(3):  # your three leads of hand 1, with no seed told while it is played
            screen = read_until(PROMPT)
            assert "Trump: " in screen and "Spare hand: " in screen
            assert "seed" not in screen.lower(), screen
            n, _face = marked(last_panel(screen))[0]
            read_until("q quits): ")
            os.write(master, f"{n}\n".encode())
            led += 1
        # Hand 1 over, its seed is told; hand 2's is not, nor the session's, while hand 2 is played.
        ended, started = read_until(PROMPT).split(f"After hand 1 (seed {session_seed(7, 1)})")
        assert "seed" not in ended.lower() and "seed" not in started.lower(), started
        assert "Hand 2: You deal.\n" in started and "Hand 2 of 2 · Modern stops" in started
        read_until("q quits): ")
        os.write(master, b"q\n")
        rest = read_until("Final scores: You left after 1 of 2 hands")
        assert "You left the table during hand 2" in rest and "seed" not in rest.lower()
        replay = read_until("`popejoan practice --seed 7 --computers 2 --hands 2` replays it.")
        assert replay.endswith("nothing created or lost.\nSession seed 7: `popejoan practice --seed 7 --computers 2 "
                               "--hands 2` replays it."), replay
        assert str(session_seed(7, 2)) not in replay
        assert proc.wait(timeout=15) == 0
        assert led == 3
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(master)


def test_leaving_a_russian_practice_is_said_to_you(cli: Cli) -> None:
    """«Вы покидаете стол», in the second person as every other line about you, not «Вы покидает»."""
    out = cli.ok("practice", "--seed", "3", "--hands", "2", input="q\n", POPEJOAN_LANG="ru").stdout
    assert "Вы покидаете стол во время раздачи 1" in out and "Итоговый счёт (Вы покидаете стол после 0 из 2" in out
    assert "покидает " not in out
