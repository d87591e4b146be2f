"""`popejoan practice` in Russian says its words to the learner (issue 40): a refused lead in the second person
whatever the learner's name («Вы не можете…», never «Дарья не может…» to Дарья herself), no «вы» mark beside the
name «Вы» that already says it, and the computers' level in Russian words («уровень хороший», «компьютеры:
хорошие»), not the English word typed after `--level`. English practice is unchanged but for the same refusal,
which says "You cannot lead" to a learner named Ann too.
"""

from __future__ import annotations

import re
from pathlib import Path

from conftest import Cli

PRACTICE = ("practice", "--seed", "5", "--hands", "1", "--computers", "2")
# Seed 5: you hold 4♥ and 5♥ and no 7♥; 7♥ is a card you do not hold, 5♥ one you may not lead (4♥ is lower).
REFUSED = "7ч\n5ч\nq\n"


def plain(text: str) -> str:
    """`text` with the no-break spaces of Russian typesetting read as spaces, lines joined where they wrap."""
    return " ".join(text.replace("\u00a0", " ").replace("\u202f", " ").split())


def test_a_refused_lead_is_said_to_a_named_learner_in_the_second_person(tmp_path: Path) -> None:
    cli = Cli(tmp_path / "home", columns="120")
    said = plain(cli.ok(*PRACTICE, "--name", "Дарья", input=REFUSED, POPEJOAN_LANG="ru").stdout)
    refusals = re.findall(r"выйти\): ([^.]*\.)", said)
    assert len(refusals) >= 2, said
    for refusal in refusals[:2]:
        assert refusal.startswith("Вы не можете"), refusal
    assert "Дарья не может" not in said and "Игрок Дарья" not in said


def test_a_refused_lead_is_said_to_a_named_learner_in_english_too(tmp_path: Path) -> None:
    cli = Cli(tmp_path / "home", columns="120")
    said = cli.ok(*PRACTICE, "--name", "Ann", input="7h\nq\n", LANG="C", POPEJOAN_LANG="en").stdout
    assert "You cannot lead 7♥ now: you do not hold 7♥." in said and "Ann cannot" not in said


def test_the_name_you_has_no_you_mark_beside_it(tmp_path: Path) -> None:
    cli = Cli(tmp_path / "home", columns="100")
    panel = plain(cli.ok(*PRACTICE, input="q\n", POPEJOAN_LANG="ru").stdout)
    assert re.search(r"Вы \((ваш|Ваш) ход\)", panel), panel
    assert not re.search(r"Вы \([Вв]ы\b", panel)
    named = plain(cli.ok(*PRACTICE, "--name", "Аня", input="q\n", POPEJOAN_LANG="ru").stdout)
    assert re.search(r"Аня \([Вв]ы, [Вв]аш ход\)", named)  # another name: the mark says it is you


def test_the_computers_level_is_said_in_russian_words(tmp_path: Path) -> None:
    cli = Cli(tmp_path / "home", columns="100")
    for level, alone, several in (("good", "хороший", "хорошие"), ("simple", "простой", "простые"),
                                  ("strong", "сильный", "сильные")):
        said = plain(cli.ok(*PRACTICE, "--level", level, input="q\n", POPEJOAN_LANG="ru").stdout)
        assert f"(уровень {alone})" in said and f"компьютеры: {several}" in said, said
        before_replay = said.split("popejoan practice")[0]  # the command to type again keeps `--level good`
        assert not re.search(r"\b(good|simple|strong)\b", before_replay), before_replay
