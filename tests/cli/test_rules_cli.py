"""`popejoan rules list|show|check|new|diff` through the CLI: stdout, stderr and exit codes."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from typer.testing import Result

from conftest import GOLDEN, Cli, golden
from popejoan_cli.formats import presets
from popejoan_cli.formats.rulefile import from_toml
from popejoan_cli.game.rules import HouseRules

if TYPE_CHECKING:
    from conftest import BadRulesCase
    from popejoan_cli.game.rulekeys import Key

Invoke = Cli
PRESETS = list(presets.PRESET_ORDER)
META = ("name", "title", "description", "sources")
GOLDEN = GOLDEN


def ok(result: Result) -> Result:
    assert result.exit_code == 0, f"exit {result.exit_code}\nstdout:\n{result.stdout}\nstderr:\n{result.stderr}"
    assert result.stderr == ""
    return result


def without_meta(rules: HouseRules) -> dict[str, Any]:
    data = json.loads(json.dumps(rules.to_dict(), default=str))
    return {k: v for k, v in data.items() if k not in META}


def json_ready(rules: HouseRules) -> dict[str, Any]:
    """`to_dict()` with cards in file form: what `--json` must print."""
    data = rules.to_dict()
    deck = data["deck"]
    assert isinstance(deck, dict)
    deck["removed"] = [str(c) for c in deck["removed"]]
    return data


# ---- list ---------------------------------------------------------------------------------


def test_list_table(invoke: Invoke) -> None:
    out = ok(invoke("rules", "list")).stdout
    for name in PRESETS:
        rules = presets.preset(name)
        assert name in out
        assert rules.title in out
    assert "Description" in out
    assert "Pope Joan with modern stops rules" in out


def test_list_json(invoke: Invoke) -> None:
    data = json.loads(ok(invoke("rules", "list", "--json")).stdout)
    assert [d["name"] for d in data] == PRESETS
    for entry in data:
        assert set(entry) == {"name", "title", "description"}
        rules = presets.preset(entry["name"])
        assert entry["title"] == rules.title
        assert entry["description"] == rules["description"]


def test_list_json_does_not_import_rich() -> None:
    """Startup budget: the --json path of `rules list` must not load rich."""
    result = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "popejoan_cli", "rules", "list", "--json"],
        capture_output=True, text=True, encoding="utf-8", check=False,
        env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
    )
    assert result.returncode == 0, result.stderr
    assert [d["name"] for d in json.loads(result.stdout)] == PRESETS
    imported = [line.rsplit("|", 1)[-1].strip() for line in result.stderr.splitlines() if "|" in line]
    assert "popejoan_cli.formats.presets" in imported  # the listing works: it did import something of ours
    assert not [m for m in imported if m == "rich" or m.startswith("rich.")]
    assert "popejoan_cli.render.rule_views" not in imported


# ---- show ---------------------------------------------------------------------------------

FACE = re.compile(r"(10|[2-9AJQK])([♣♦♥♠])")


def _board_and_words(out: str) -> str:
    """The part of `rules show` popejoan writes itself (after the panel of the file's text)."""
    return out[out.index("╯") + 1:]


@pytest.mark.parametrize("name", PRESETS)
def test_show_every_preset_for_people(invoke: Invoke, name: str) -> None:
    rules = presets.preset(name)
    out = ok(invoke("rules", "show", name)).stdout
    assert rules.title in out
    for pot in rules.pots:
        assert pot.label in out
    if rules["stakes.payer"] == "dealer":
        assert "dealer pays 6" in out
    elif rules["stakes.dealer_multiplier"] == 2:
        assert "each player 1, dealer ×2" in out
    else:
        assert "each player 4" in out
    ours = _board_and_words(out)
    faces = list(FACE.finditer(ours))
    assert faces, "no card shown"
    for m in faces:  # every card face is followed by its letters: 9♦ (9D)
        letter = "CDHS"["♣♦♥♠".index(m.group(2))]
        assert ours[m.end():].startswith(f" ({m.group(1)}{letter})"), ours[m.start():m.end() + 10]
    for section in ("Players", "Deck", "Deal", "Board", "Turn-up", "Play", "Settlement", "Final deal"):
        assert f"\n{section}\n" in out
    assert "\x1b[" not in out  # NO_COLOR


def test_show_says_the_distinctive_choices_in_words(invoke: Invoke) -> None:
    modern = ok(invoke("rules", "show", "modern-stops")).stdout
    assert "9♦ (9D)" in modern
    assert "Ace is low: runs go A→K and the king is the top card" in modern
    assert "The last card is turned up and stays in the hand it was dealt to" in modern
    assert "trump queen then trump king, played by one player" in modern
    flat = " ".join(ok(invoke("rules", "show", "russian")).stdout.split())
    assert "each player 4" in flat
    assert "belongs to no hand" in flat
    assert "the dealer takes the Pope and Game pots; the hand ends there" in flat
    assert "trump read as diamonds ♦;" in flat
    assert "The Pope 9♦ (9D) is not counted" in flat
    michigan = " ".join(ok(invoke("rules", "show", "michigan")).stdout.split())
    assert "Ace is high: runs go 2→A and the ace is the top card" in michigan
    assert "A♥ (AH)" in michigan and "J♠ (JS)" in michigan
    assert "the lead passes clockwise" in michigan
    boodle = " ".join(ok(invoke("rules", "show", "boodle")).stdout.split())
    assert "No spare hand" in boodle
    assert "must come from the next player in turn" in boodle


@pytest.mark.parametrize("name", PRESETS)
def test_show_json_is_to_dict(invoke: Invoke, name: str) -> None:
    data = json.loads(ok(invoke("rules", "show", name, "--json")).stdout)
    assert data == json_ready(presets.preset(name))


def test_show_json_prints_cards_in_file_form(invoke: Invoke) -> None:
    data = json.loads(ok(invoke("rules", "show", "modern-stops", "--json")).stdout)
    assert data["deck"]["removed"] == ["8D"]
    assert data["pot"][0] == {"name": "pope", "label": "Pope", "stake": 6, "wins": "card", "card": "9D"}


def test_show_a_file(invoke: Invoke, data_dir: Path) -> None:
    out = ok(invoke("rules", "show", str(data_dir / "rules" / "house.toml"))).stdout
    assert "Our kitchen table" in out
    assert "each player 6" in out
    assert "the odd counters go to the sharer nearest" in " ".join(out.split())


def test_show_markup_in_a_file_literally(invoke: Invoke, data_dir: Path) -> None:
    out = ok(invoke("rules", "show", str(data_dir / "rules" / "markup.toml"))).stdout
    assert "[red]x" in out
    assert "[bold]not bold[/bold]" in out
    assert "[link=https://example.com]no link[/link]" in out
    assert "[blink]S0[/blink]" in out
    assert "[green]Pope[/green]" in out
    assert "Kitty \\[escaped]" in out


def test_show_golden_modern_stops(invoke: Invoke) -> None:
    """`rules show modern-stops` at 100 columns, no colour.

    After a deliberate change to the output, regenerate the golden file with
    `POPEJOAN_REGEN=1 .venv/bin/pytest tests/cli/test_rules_cli.py -k golden` and review the diff.
    """
    out = ok(invoke("rules", "show", "modern-stops")).stdout
    got = "\n".join(line.rstrip() for line in out.splitlines()) + "\n"
    golden(GOLDEN / "rules_show_modern-stops.txt", got)


@pytest.mark.parametrize("command", ["show", "new --from", "diff modern-stops"])
def test_an_unknown_preset_is_a_usage_error_with_a_suggestion(invoke: Invoke, command: str) -> None:
    result = invoke("rules", *command.split(), "modern-stop")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert "unknown preset 'modern-stop'" in result.stderr
    assert "did you mean 'modern-stops'?" in result.stderr
    assert "Traceback" not in result.stderr


def test_show_a_missing_file_is_a_data_error(invoke: Invoke, tmp_path: Path) -> None:
    result = invoke("rules", "show", str(tmp_path / "gone.toml"))
    assert result.exit_code == 5
    assert result.stdout == ""
    assert f"{tmp_path / 'gone.toml'}: no such file" in result.stderr


# ---- check --------------------------------------------------------------------------------


@pytest.mark.parametrize("name", PRESETS)
def test_check_each_preset_file(invoke: Invoke, name: str) -> None:
    path = presets.preset_path(name)
    rules = presets.preset(name)
    out = ok(invoke("rules", "check", str(path))).stdout
    lo, hi = rules["players.min"], rules["players.max"]
    assert out == f"{path}: ok — {rules.title}, {len(rules.pots)} pots, {lo}–{hi} players\n"


def test_check_several_good_files_gives_one_line_each(invoke: Invoke, data_dir: Path) -> None:
    files = [str(presets.preset_path(n)) for n in PRESETS] + [str(data_dir / "rules" / "house.toml")]
    lines = ok(invoke("rules", "check", *files)).stdout.splitlines()
    assert [line.split(": ok — ")[0] for line in lines] == files
    assert lines[-1].endswith(": ok — Our kitchen table, 8 pots, 4–6 players")


def test_check_json(invoke: Invoke, data_dir: Path) -> None:
    path = str(data_dir / "rules" / "house.toml")
    data = json.loads(ok(invoke("rules", "check", path, "--json")).stdout)
    assert data == [{"file": path, "ok": True, "name": "house", "title": "Our kitchen table", "pots": 8,
                     "players": {"min": 4, "max": 6}, "warnings": []}]


def test_check_shows_markup_literally(invoke: Invoke, data_dir: Path) -> None:
    out = ok(invoke("rules", "check", str(data_dir / "rules" / "markup.toml"))).stdout
    assert ": ok — [red]x, 2 pots, 3–8 players" in out


def test_check_bad_file(invoke: Invoke, bad_rules_case: BadRulesCase) -> None:
    path = bad_rules_case.path
    result = invoke("rules", "check", str(path))
    assert result.exit_code == 5
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    assert result.stderr.startswith("popejoan: ")
    for want in bad_rules_case.expected:
        head = f"{path}:{want.line}:"
        lines = [line for line in result.stderr.splitlines() if head in line]
        assert lines, f"{head} not in\n{result.stderr}"
        assert any(want.key in line for line in lines)
        for fragment in want.fragments:
            assert fragment in result.stderr
    n = len(bad_rules_case.expected)
    if n > 1:
        assert result.stderr.rstrip().endswith(f"{n} problems found")


def test_check_reports_every_problem_of_every_file(invoke: Invoke, data_dir: Path) -> None:
    bad = data_dir / "rules" / "bad"
    good = presets.preset_path("boodle")
    result = invoke("rules", "check", str(good), str(bad / "min-over-max.toml"), str(bad / "several-problems.toml"))
    assert result.exit_code == 5
    assert result.stdout == ""  # not even the good file's line
    assert f"{bad / 'min-over-max.toml'}:3:" in result.stderr
    for line in (8, 12, 15, 18):
        assert f"{bad / 'several-problems.toml'}:{line}:" in result.stderr
    assert result.stderr.rstrip().endswith("5 problems found")


def test_check_missing_empty_and_huge_files(invoke: Invoke, tmp_path: Path) -> None:
    empty = tmp_path / "empty.toml"
    empty.write_bytes(b"")
    huge = tmp_path / "huge.toml"
    huge.write_bytes(b"# 10 MB\n" * (10 << 17))
    missing = tmp_path / "missing.toml"
    result = invoke("rules", "check", str(empty), str(huge), str(missing))
    assert result.exit_code == 5
    assert result.stdout == ""
    assert f"{empty}: file is empty" in result.stderr
    assert f"{huge}: file is " in result.stderr and "1 MiB" in result.stderr
    assert f"{missing}: no such file" in result.stderr
    assert "3 problems found" in result.stderr


def test_check_takes_files_not_preset_names(invoke: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = invoke("rules", "check", "modern-stops")
    assert result.exit_code == 5
    assert "modern-stops: no such file" in result.stderr


def test_check_needs_a_file(invoke: Invoke) -> None:
    result = invoke("rules", "check")
    assert result.exit_code == 2
    assert result.stdout == ""


# ---- new ----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", PRESETS)
def test_new_round_trips_through_check(invoke: Invoke, tmp_path: Path, name: str) -> None:
    text = ok(invoke("rules", "new", "--from", name)).stdout
    assert text.startswith("# ")
    path = tmp_path / "ours.toml"
    path.write_text(text, encoding="utf-8")
    ok(invoke("rules", "check", str(path)))
    preset, ours = presets.preset(name), from_toml(text.encode(), str(path))
    assert ours.name == "my-table"
    assert without_meta(ours) == without_meta(preset)
    assert ours.pots == preset.pots
    assert ours.removed == preset.removed
    for key in ("players.min", "deck.ace", "play.follow", "turnup.pope_takes"):
        assert ours[key] == preset[key]


def test_new_comments_every_key(invoke: Invoke) -> None:
    from popejoan_cli.game.rules import KEYS

    text = ok(invoke("rules", "new", "--from", "russian")).stdout
    lines = text.splitlines()
    for key in KEYS:
        assert_commented(lines, key)
    assert 'name = "my-table"' in lines
    assert 'payer = "each"' in lines
    assert 'pope_takes = ["pope", "game"]' in lines
    assert lines.count("[[pot]]") == 8
    assert '#   wins  = "card":' in text
    assert "popejoan rules check" in text


def assert_commented(lines: list[str], key: Key) -> None:
    """`key`'s line in `rules new`'s `lines` (under its section) follows its doc and an `# allowed:`
    line naming each of its choices, or an int's range."""
    at = next(i for i, line in enumerate(lines) if line.startswith(f"{key.name} = ")
              and (not key.section or f"[{key.section}]" in lines[:i]))
    assert lines[at - 2] == f"# {key.doc}"
    assert lines[at - 1].startswith("# allowed: ")
    if key.choices:
        for choice in key.choices:
            assert f'"{choice}"' in lines[at - 1]
    if key.kind == "int":
        assert f"from {key.lo} to {key.hi}" in lines[at - 1]


def test_new_writes_a_file_named_after_it(invoke: Invoke, tmp_path: Path) -> None:
    path = tmp_path / "tuesday.toml"
    result = invoke("rules", "new", "--from", "michigan", "-o", str(path))
    assert result.exit_code == 0, result.stderr
    assert result.stdout == ""
    assert str(path) in result.stderr
    rules = from_toml(path.read_bytes(), str(path))
    assert rules.name == "tuesday"
    assert rules["deal.spare_exchange"] == "auction"


def test_new_refuses_to_overwrite(invoke: Invoke, tmp_path: Path) -> None:
    path = tmp_path / "ours.toml"
    path.write_text("# our precious rules\n", encoding="utf-8")
    result = invoke("rules", "new", "--from", "hoyle", "-o", str(path))
    assert result.exit_code == 2
    assert result.stdout == ""
    assert f"{path} already exists" in result.stderr
    assert "--force" in result.stderr
    assert path.read_text(encoding="utf-8") == "# our precious rules\n"
    ok_result = invoke("rules", "new", "--from", "hoyle", "-o", str(path), "--force")
    assert ok_result.exit_code == 0
    assert from_toml(path.read_bytes(), str(path))["turnup.pope_per_card"] is True


def test_new_from_a_file_escapes_its_text(invoke: Invoke, tmp_path: Path) -> None:
    src = tmp_path / "odd.toml"
    src.write_text('title = "Quote \\" back\\\\slash [red]"\n'
                   '[[pot]]\nname = "pope"\nlabel = "Line \\"break\\" [b]"\nstake = 2\nwins = "card"\ncard = "9D"\n',
                   encoding="utf-8")
    out = tmp_path / "new.toml"
    assert invoke("rules", "new", "--from", str(src), "-o", str(out)).exit_code == 0
    again = from_toml(out.read_bytes(), str(out))
    assert again.pots == from_toml(src.read_bytes(), str(src)).pots
    assert again.pots[0].label == 'Line "break" [b]'


# ---- diff ---------------------------------------------------------------------------------


def test_diff_russian_modern_stops(invoke: Invoke) -> None:
    out = ok(invoke("rules", "diff", "russian", "modern-stops")).stdout
    row = next(line for line in out.splitlines() if "stakes.payer" in line)
    assert [cell.strip() for cell in row.split("│")] == ["", "stakes.payer", "each", "dealer", ""]
    assert "A: russian" in out and "B: modern-stops" in out
    for key in ("deal.turnup", "turnup.ends_hand", "settle.pope_exempt", "final.deal", "pot.pope.stake"):
        assert key in out
    assert "deck.ace" not in out  # the same in both


def test_diff_json(invoke: Invoke) -> None:
    data = json.loads(ok(invoke("rules", "diff", "russian", "modern-stops", "--json")).stdout)
    assert data["a"] == "russian" and data["b"] == "modern-stops"
    diffs = {d["key"]: (d["a"], d["b"]) for d in data["differences"]}
    assert diffs["stakes.payer"] == ("each", "dealer")
    assert diffs["turnup.pope_takes"] == (["pope", "game"], ["pope"])
    assert diffs["pot.pope.stake"] == (4, 6)
    assert diffs["final.deal"] == ("holders", "none")
    assert "deck.ace" not in diffs
    assert all(set(d) == {"key", "a", "b"} for d in data["differences"])


def test_diff_pots_on_one_board_only(invoke: Invoke) -> None:
    data = json.loads(ok(invoke("rules", "diff", "michigan", "newmarket", "--json")).stdout)
    diffs = {d["key"]: (d["a"], d["b"]) for d in data["differences"]}
    assert diffs["pot.kitty.wins"] == (None, "first-out")
    assert diffs["pot.kitty.stake"] == (None, 1)
    out = ok(invoke("rules", "diff", "michigan", "newmarket")).stdout
    kitty = next(line for line in out.splitlines() if "pot.kitty" in line)
    assert "(no such pot)" in kitty and "Kitty" in kitty
    assert "pot.kitty.wins" not in out


def test_diff_shows_cards_with_symbol_and_letter(invoke: Invoke) -> None:
    out = ok(invoke("rules", "diff", "newmarket", "modern-stops")).stdout
    assert "8♦ (8D)" in out
    assert "A♥ (AH)" in out


@pytest.mark.parametrize("name", PRESETS)
def test_diff_with_itself_is_empty(invoke: Invoke, name: str) -> None:
    assert "No differences" in ok(invoke("rules", "diff", name, name)).stdout
    data = json.loads(ok(invoke("rules", "diff", name, str(presets.preset_path(name)), "--json")).stdout)
    assert data == {"a": name, "b": name, "differences": []}


def test_diff_a_file_against_its_preset(invoke: Invoke, data_dir: Path) -> None:
    path = str(data_dir / "rules" / "house.toml")
    data = json.loads(ok(invoke("rules", "diff", "modern-stops", path, "--json")).stdout)
    keys = [d["key"] for d in data["differences"]]
    assert keys == ["name", "title", "description", "sources", "players.min", "players.max", "stakes.payer",
                    "board.odd_counter", "final.deal"]
    out = ok(invoke("rules", "diff", "modern-stops", path)).stdout
    assert "B: house" in out
    row = next(line for line in out.splitlines() if "final.deal" in line)
    assert [cell.strip() for cell in row.split("│")] == ["", "final.deal", "none", "holders", ""]


def test_diff_shows_markup_literally(invoke: Invoke, data_dir: Path) -> None:
    out = ok(invoke("rules", "diff", "modern-stops", str(data_dir / "rules" / "markup.toml"))).stdout
    assert "[red]x" in out
    assert "[green]Pope[/green]" in out


# ---- hostile files: one message, never a traceback ----------------------------------------


HOSTILE_RULES = {
    "huge-int": (f"name = 'x'\n[settle]\nper_card = {'9' * 5000}\n", (":3:", "5,000 digits")),
    "huge-hex": (f"name = 'x'\n[settle]\nper_card = 0x{'f' * 5000}\n", (":3:", "settle.per_card", "digits")),
    "deep-arrays": ("name = 'x'\nsources = " + "[" * 5000 + "]" * 5000 + "\n", ("nested too deeply",)),
    "deep-tables": ("name = 'x'\nsources = " + "{a=" * 5000 + "1" + "}" * 5000 + "\n", ("nested too deeply",)),
    "newline-name": ('name = "ours\\n2024-01-01 * evil"\n', (":1:", "name", "holds a newline")),
    "escape-title": ('name = "x"\ntitle = "\\u001b[31mRed"\n', (":2:", "title", "U+001B")),
}


@pytest.mark.parametrize("case", list(HOSTILE_RULES))
def test_check_reports_a_hostile_file_at_its_line(invoke: Invoke, tmp_path: Path, case: str) -> None:
    text, fragments = HOSTILE_RULES[case]
    path = tmp_path / f"{case}.toml"
    path.write_text(text, encoding="utf-8")
    err = invoke.fails(5, "rules", "check", str(path), said=(str(path), *fragments))
    assert "\x1b" not in err


def test_check_refuses_a_fifo_and_a_link_to_dev_zero(invoke: Invoke, tmp_path: Path) -> None:
    fifo = tmp_path / "fifo.toml"
    os.mkfifo(fifo)
    zero = tmp_path / "zero.toml"
    zero.symlink_to("/dev/zero")
    err = invoke.fails(5, "rules", "check", str(fifo), str(zero), said=(
        f"{fifo}: is a FIFO", f"{zero}: is a character device", "regular file", "2 problems found"), several=True)
    assert err.count("popejoan reads only regular files") == 2


@pytest.mark.parametrize(("name", "fragment"), [("a\0b.toml", "a\\x00b.toml: not a usable file name"),
                                                ("n" * 5000 + ".toml", "longer than the system allows")])
def test_a_path_no_file_can_have(invoke: Invoke, name: str, fragment: str) -> None:
    invoke.fails(5, "rules", "check", name, said=(fragment,))
    invoke.fails(5, "rules", "show", name, said=(fragment,))
    invoke.fails(5, "rules", "diff", "hoyle", name, said=(fragment,))
