"""Every word fits the screen (issue 39): help, errors, the shell's `help`, the board, history, the ledger, the final
deal, practice and the undo confirmation, at 60, 80 and 120 columns.

No line is wider than the width (measured in terminal cells, `rich.cells.cell_len`). Help texts are reflowed: no
line of a help's prose ends short of the width with the same paragraph going on below it (a docstring's hard
break left "per", "3" and "or" on lines of their own). stderr is fitted where it is a terminal (`cli/widths`:
`at_terminal`, which these tests say yes to); a mistyped card's hint is one line pointing at `lead --help`.
One table per width (`russian`: a final deal), a hand played, then every command run at that width.
"""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
import typer.main
from rich.cells import cell_len

from conftest import Cli, play_hand

WIDTHS = (60, 80, 120)
PLAYERS = "Ann,Mary Ann,Bob,Cat"
BOX = "│╭╰─┃┏┗━"
LONG_HELP = ("count", "check", "stop", "play", "shell", "ledger", "lead", "table", "rules", "hand", "session")
"""The commands whose help has a paragraph after its first (and the groups): their help at every width."""
NARRATED = " leads "
"""A narrated run (`cli.say`): plain text down a pipe, as written, which rich wraps only at a terminal."""


def wide_lines(text: str, width: int) -> list[str]:
    return [line for line in text.splitlines() if cell_len(line) > width]


def helps() -> list[list[str]]:
    """The words of `--help` of every command and group of the tree."""
    from popejoan_cli.cli import app
    from popejoan_cli.cli.help_words import commands

    found: list[list[str]] = []

    def walk(cmd: object, path: list[str]) -> None:
        found.append([*path, "--help"])
        for name, sub in getattr(cmd, "commands", {}).items():
            if not getattr(sub, "hidden", False):
                walk(sub, [*path, name])

    walk(typer.main.get_command(app), [])
    assert len(found) == len(list(commands(typer.main.get_command(app))))
    return found


def orphans(text: str, width: int) -> list[str]:
    """The lines of a help's prose (outside its panels) that end well short of the width while the paragraph goes
    on: what a docstring's hard break leaves."""
    prose = [line.strip() for line in text.splitlines() if not any(c in line for c in BOX)]
    return [a for a, b in pairwise(prose) if a and b and not a.startswith("Usage")
            and cell_len(a) + len(b.split()[0]) + 1 < width - 2]


@pytest.fixture(scope="module")
def outputs(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, int], str]:
    """Each command's output (stdout and stderr together, stderr as at a terminal) at each width."""
    from popejoan_cli.cli import widths

    found: dict[tuple[str, int], str] = {}
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(widths, "at_terminal", lambda stream: True)
        mp.delenv("POPEJOAN_TABLE", raising=False)
        for w in WIDTHS:
            home = tmp_path_factory.mktemp(f"w{w}")
            mp.setenv("POPEJOAN_HOME", str(home))
            run = Cli(home, columns=str(w))

            def at(key: str, *args: str, input: str | None = None, code: int | None = None,
                   run: Cli = run, w: int = w) -> None:
                res = run(*args, input=input)
                assert "Traceback" not in res.stderr, (args, res.stderr)
                assert code is None or res.exit_code == code, (args, res.exit_code, res.stderr)
                found[(key, w)] = res.stdout + res.stderr

            run.ok("table", "new", "wide", "--rules", "russian", "--players", PLAYERS, "--counters", "50")
            play_hand(run, 3)
            run.ok("deal", "--seed", "4")
            at("lead ZZ", "lead", "ZZ", code=2)
            at("hand show Mary Ann", "hand", "show", "Mary", "Ann", code=2)
            at("count Mary Ann 3", "count", "Mary", "Ann", "3", code=2)
            at("boadr", "boadr", code=2)
            at("table nwe", "table", "nwe", code=2)
            at("undo (no)", "undo", "3", input="n\n")
            at("shell help", "shell", input="help\nlead ZZ\nboadr\n")
            at("board", "board")
            at("history", "history")
            at("ledger show", "ledger", "show")
            run.ok("undo", "--yes")
            at("end", "end", code=0)
            practice = run("practice", "--computers", "3", "--hands", "1", "--seed", "1", "--name", "Mary Ann",
                           input="1\n" * 12 + "zz\n99\nq\n")
            # At a terminal the Enter typed after the prompt ends its line; here the input is not echoed.
            found[("practice", w)] = practice.stdout.replace("quits): ", "quits):\n")
            for words in helps():  # every help at 80 columns; at 60 and 120 the groups' and the longest
                if w == 80 or len(words) == 1 or words[0] in LONG_HELP or words[-2] in ("table", "ledger", "rules"):
                    at(" ".join(words), *words, code=0)
    return found


@pytest.mark.parametrize("w", WIDTHS)
def test_no_line_is_wider_than_the_terminal(outputs: dict[tuple[str, int], str], w: int) -> None:
    mine = {key: text for (key, width), text in outputs.items() if width == w}
    assert len(mine) > 40
    for key, text in mine.items():
        wide = [line for line in wide_lines(text, w) if not (key == "practice" and NARRATED in line)]
        assert not wide, (key, w, wide)


@pytest.mark.parametrize("w", WIDTHS)
def test_help_keeps_no_hard_break_of_a_docstring(outputs: dict[tuple[str, int], str], w: int) -> None:
    for (key, width), text in outputs.items():
        if width == w and key.endswith("--help"):
            assert not orphans(text, w), (key, w, orphans(text, w))


def test_the_card_hint_is_one_line_pointing_at_the_help(outputs: dict[tuple[str, int], str]) -> None:
    hint = "  a card is rank then suit, e.g. 9D, 9♦, 10h, qs; see `popejoan lead --help`"
    assert outputs[("lead ZZ", 80)] == "popejoan: not a card: 'ZZ'\n" + hint + "\n"
    assert outputs[("lead ZZ", 120)] == outputs[("lead ZZ", 80)]
    assert "`popejoan lead --help`" in outputs[("lead ZZ", 60)].splitlines()[-1]
    assert "full-width forms (９Ｄ)" in " ".join(outputs[("lead --help", 80)].split())


def test_a_wrapped_message_breaks_at_spaces_and_keeps_quoted_names_whole(
        outputs: dict[tuple[str, int], str]) -> None:
    """A continuation is indented under the message it continues; 'Mary Ann' and `commands` stay on one line."""
    for w in WIDTHS:
        said = outputs[("hand show Mary Ann", w)]
        assert "'Mary Ann'" in said and '"Mary Ann"' in said, said
        lines = said.splitlines()
        assert lines[0].startswith("popejoan: ") and all(line.startswith("  ") for line in lines[1:]), said
        assert "`popejoan --help`" in outputs[("boadr", w)].replace("python -m popejoan_cli", "popejoan") or \
            "--help`" in outputs[("boadr", w)]
    narrow = outputs[("boadr", 60)].splitlines()
    assert len(narrow) > 2 and all(line.startswith("    ") for line in narrow[2:])


def test_the_shells_help_wraps_under_each_commands_column(outputs: dict[tuple[str, int], str]) -> None:
    text = outputs[("shell help", 60)]
    lines = text.splitlines()
    deal = next(i for i, line in enumerate(lines) if line.startswith("  deal "))
    column = lines[deal].index("Dress")
    assert lines[deal + 1][:column].strip() == "" and lines[deal + 1][column] != " ", lines[deal:deal + 2]
    assert "..." not in text  # each command's first sentence whole, not cut at 72 characters


def test_practice_and_the_final_deal_keep_cards_and_names_whole(outputs: dict[tuple[str, int], str]) -> None:
    for w in WIDTHS:
        assert "Mary Ann" in outputs[("practice", w)]
        assert "final deal" in outputs[("end", w)]
        for text in (outputs[("practice", w)], outputs[("end", w)]):
            lines = text.splitlines()
            for a, b in pairwise(lines):  # never "1" / "0♣" nor "Mary" / "Ann" at an edge
                assert not (a.rstrip(" │").endswith("1") and b.lstrip(" │").startswith("0")), (a, b)
                assert not (a.rstrip(" │").endswith("Mary") and b.lstrip(" │").startswith("Ann")), (a, b)


def test_help_is_reflowed_only_while_it_is_shown(tmp_path: Path) -> None:
    """The tree keeps its help texts as typed (the catalogue's msgids): `reflowed` puts them back."""
    from popejoan_cli.cli import app
    from popejoan_cli.cli.widths import reflow, reflowed

    group: Any = typer.main.get_command(app)
    before = group.commands["count"].help
    assert before is not None and "count per\npot" in before
    with reflowed(group):
        assert group.commands["count"].help == reflow(before)
        assert "\n" not in group.commands["count"].help.replace("\n\n", "")
    assert group.commands["count"].help == before
    Cli(tmp_path).ok("count", "--help")
    assert group.commands["count"].help == before
