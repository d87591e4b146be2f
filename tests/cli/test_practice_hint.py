"""`hint` in `popejoan practice`: the coach's lead is one of yours marked Play, why, and the top three leads'
expected counters; in Russian, not a word of English. `peek` is never a practice level."""

from __future__ import annotations

import re

from conftest import Cli

FACE = r"(?:10|[2-9AJQK])[♣♦♥♠]"
RU_FACE = r"(?:10|[2-9ТВДК])[♣♦♥♠]"
COACH = re.compile(rf"Coach: lead ({FACE})\.")
LEADS = re.compile(rf"({FACE}) ([+-]\d+\.\d)")
MARK = re.compile(rf"\d+ ({FACE}) Play\b")


def _hint(output: str, start: str, prompt: str) -> str:
    """The coach's words: from `start` to the prompt after them."""
    at = output.index(start)
    return output[at:output.index(prompt, at)]


def test_hint_names_a_legal_lead_says_why_and_the_lead_is_accepted(cli: Cli) -> None:
    res = cli.ok("practice", "--seed", "7", "--hands", "1", input="hint\nq\n")
    words = " ".join(_hint(res.stdout, "Coach:", "Your lead (").split())
    found = COACH.search(words)
    assert found is not None, words
    card = found.group(1)
    assert card in MARK.findall(res.stdout)  # one of the leads the referee marked
    assert "You keep the lead" in words or "It hands the lead on." in words
    assert re.search(r"It sheds \d+ cards? from your hand\.", words)
    leads = LEADS.findall(words.split("cannot see:")[1])
    assert len(leads) == 3 and leads[0][0] == card
    values = [float(v) for _, v in leads]
    assert values == sorted(values, reverse=True)
    played = cli.ok("practice", "--seed", "7", "--hands", "1", input=f"hint\n{card}\nq\n")
    assert f"You lead {card}" in played.stdout, played.stdout


def test_the_russian_hint_has_no_english(cli: Cli) -> None:
    res = cli.ok("practice", "--seed", "7", "--hands", "1", input="hint\nq\n", POPEJOAN_LANG="ru")
    words = " ".join(_hint(res.stdout, "Подсказка:", "Ваш ход (").split())
    assert re.match(rf"Подсказка: ходите с {RU_FACE}\.", words), words
    assert "раз из 10" in words and "фишек" in words
    assert re.search(r"[A-Za-z]", words) is None, words
    assert re.search(r"[−+]\d+,\d", words)  # decimals written the Russian way


def test_strong_is_a_practice_level_and_peek_is_not(cli: Cli) -> None:
    cli.ok("practice", "--seed", "7", "--hands", "1", "--level", "strong", input="q\n")
    res = cli("practice", "--seed", "7", "--level", "peek", input="q\n")
    assert res.exit_code == 2 and "peek" in res.stderr and "strong" in res.stderr
