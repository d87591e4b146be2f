"""House rules: defaults, the seven presets, and every kind of bad file."""

from __future__ import annotations

import contextlib
import json
import os
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, NotRequired, TypedDict

import pytest

from popejoan_cli.base.errors import EXIT_DATA, EXIT_USAGE, DataError, Problem, UsageError
from popejoan_cli.formats import presets
from popejoan_cli.formats.rulefile import from_toml
from popejoan_cli.game.cards import Card
from popejoan_cli.game.rules import KEYS, HouseRules, defaults

if TYPE_CHECKING:
    from conftest import BadRulesCase, Expected

META = ("name", "title", "description", "sources")


def plain(value: object) -> object:
    """Tuples as lists and cards in file form, for comparing with spec values."""
    if isinstance(value, list | tuple | frozenset):
        items = [plain(v) for v in value]
        return sorted(items, key=str) if isinstance(value, frozenset) else items  # cards are str by now
    return str(value) if isinstance(value, Card) else value


def setting(rules: HouseRules, path: str) -> object:
    """The typed attribute a key path names (`play.follow`: `rules.play.follow`), as the referee reads it."""
    section, name = path.split(".")
    value: object = getattr(getattr(rules, section), name)
    return value


def load(text: str, file: str = "house.toml") -> HouseRules:
    return from_toml(text.encode("utf-8"), file)


def problems_of(text: str) -> list[Problem]:
    with pytest.raises(DataError) as info:
        load(text)
    return info.value.problems


# ---- defaults ----------------------------------------------------------------------------

SPEC_9_DEFAULTS = {
    "players.min": 3, "players.max": 8,
    "deck.removed": ["8D"], "deck.ace": "low",
    "deal.spare_hand": True, "deal.spare_position": "last", "deal.turnup": "in-hand",
    "deal.spare_exchange": "none",
    "stakes.payer": "dealer", "stakes.dealer_multiplier": 1,
    "turnup.dealer_takes": "matching", "turnup.ends_hand": False, "turnup.pope_takes": ["pope"],
    "turnup.pope_per_card": False, "turnup.pope_ends_hand": False,
    "play.lead": "lowest-in-suit", "play.follow": "holder", "play.change_suit": "no",
    "play.no_new_suit": "same-suit", "play.pairs": "same-player", "play.pair_order": "ascending",
    "board.odd_counter": "stay",
    "settle.per_card": 1, "settle.pope_exempt": "holder", "settle.negative": True,
    "final.deal": "none", "final.suit": "D",
}
PRINTED_DEFAULTS = {
    "deal.exchange_bar": "none", "turnup.pope_limit": 0, "play.first_lead": "eldest",
    "play.improper_lead": "refuse", "play.improper_penalty": 1,
    "play.pass_pays": 0, "play.pass_pot": "",
    "play.pope_stakes": 0, "play.pope_in_lieu": False, "settle.losers_pay": "winner", "settle.unplayed_card": "none",
}
"""The keys of the printed sources (docs/house-rules.md), added after spec §9: their defaults are the old behaviour."""

class PotSpec(TypedDict):
    """A `[[pot]]` table as `PotRule.to_dict()` writes it, less its label (docs: house-rule keys)."""

    name: str
    stake: int
    wins: str
    card: NotRequired[str]
    cards: NotRequired[list[str]]


POPE_JOAN_BOARD: list[PotSpec] = [
    {"name": "pope", "stake": 6, "wins": "card", "card": "9D"},
    {"name": "matrimony", "stake": 2, "wins": "pair", "cards": ["trump:Q", "trump:K"]},
    {"name": "intrigue", "stake": 2, "wins": "pair", "cards": ["trump:J", "trump:Q"]},
    {"name": "ace", "stake": 1, "wins": "card", "card": "trump:A"},
    {"name": "king", "stake": 1, "wins": "card", "card": "trump:K"},
    {"name": "queen", "stake": 1, "wins": "card", "card": "trump:Q"},
    {"name": "jack", "stake": 1, "wins": "card", "card": "trump:J"},
    {"name": "game", "stake": 1, "wins": "first-out"},
]


def board(rules: HouseRules) -> list[dict[str, object]]:
    return [{k: v for k, v in p.to_dict().items() if k != "label"} for p in rules.pots]


def test_every_key_has_a_default_and_they_are_the_spec_9_values() -> None:
    rules = defaults()
    assert {k.path for k in KEYS} == set(SPEC_9_DEFAULTS) | set(META) | set(PRINTED_DEFAULTS)
    for path, expected in {**SPEC_9_DEFAULTS, **PRINTED_DEFAULTS}.items():
        assert plain(setting(rules, path)) == expected, path
    assert board(rules) == POPE_JOAN_BOARD
    assert rules.deck_size() == 51


def test_the_defaults_are_the_modern_stops_preset() -> None:
    modern, base = presets.preset("modern-stops"), defaults()
    for key in KEYS:
        if key.path not in META:
            assert plain(setting(modern, key.path)) == plain(setting(base, key.path)), key.path
    assert modern.pots == base.pots
    assert modern.removed == base.removed


def test_a_file_need_only_say_what_differs() -> None:
    rules = load('name = "ours"\n[deck]\nace = "high"\n[stakes]\npayer = "each"\ndealer_multiplier = 2\n')
    assert rules.name == "ours"
    assert rules.title == "ours"  # no title: the name is shown
    assert rules.ace_high
    assert rules.stakes.dealer_multiplier == 2
    for path, expected in SPEC_9_DEFAULTS.items():
        if path not in ("deck.ace", "stakes.payer", "stakes.dealer_multiplier"):
            assert plain(setting(rules, path)) == expected, path
    assert board(rules) == POPE_JOAN_BOARD
    assert rules.deck_size() == 51


def test_pot_tables_replace_the_whole_board() -> None:
    rules = load('[deal]\nturnup = "none"\n[turnup]\npope_takes = []\n'
                 '[[pot]]\nname = "kitty"\nstake = 3\nwins = "first-out"\n')
    assert [p.name for p in rules.pots] == ["kitty"]
    assert rules.pots[0].label == "Kitty"
    assert rules.pope is None


# ---- the presets -------------------------------------------------------------------------

MICHIGAN_CARDS = [("ace", "AH"), ("king", "KC"), ("queen", "QD"), ("jack", "JS")]

SPEC_10 = {
    "russian": {
        "deck.removed": ["8D"], "deck.ace": "low", "deal.spare_hand": True, "deal.spare_position": "last",
        "deal.turnup": "out-of-play", "deal.spare_exchange": "none",
        "stakes.payer": "each", "stakes.dealer_multiplier": 1,
        "turnup.dealer_takes": "matching", "turnup.ends_hand": True,
        "turnup.pope_takes": ["pope", "game"], "turnup.pope_per_card": False, "turnup.pope_ends_hand": True,
        "play.lead": "any", "play.follow": "holder", "play.change_suit": "no",
        "play.pairs": "same-player", "play.pair_order": "any",
        "settle.per_card": 1, "settle.pope_exempt": "card",
        "final.deal": "holders", "final.suit": "D", "board.odd_counter": "eldest",
    },
    "modern-stops": {
        "deck.removed": ["8D"], "deck.ace": "low", "deal.spare_hand": True, "deal.spare_position": "last",
        "deal.turnup": "in-hand", "deal.spare_exchange": "none", "stakes.payer": "dealer",
        "turnup.dealer_takes": "matching", "turnup.ends_hand": False,
        "turnup.pope_takes": ["pope"], "turnup.pope_per_card": False, "turnup.pope_ends_hand": False,
        "play.lead": "lowest-in-suit", "play.follow": "holder", "play.change_suit": "no",
        "play.pairs": "same-player", "play.pair_order": "ascending",
        "settle.per_card": 1, "settle.pope_exempt": "holder", "final.deal": "none", "board.odd_counter": "stay",
    },
    "parlett": {
        "deck.removed": ["8D"], "deck.ace": "high", "deal.spare_hand": True, "deal.spare_position": "last",
        "deal.turnup": "in-hand", "deal.spare_exchange": "none", "stakes.payer": "dealer",
        "turnup.dealer_takes": "matching", "turnup.ends_hand": False,
        "turnup.pope_takes": ["pope"], "turnup.pope_per_card": False, "turnup.pope_ends_hand": False,
        "play.lead": "lowest-in-suit", "play.follow": "holder", "play.change_suit": "no",
        "play.pairs": "same-player", "play.pair_order": "any",
        "settle.per_card": 1, "settle.pope_exempt": "holder", "final.deal": "none", "board.odd_counter": "stay",
    },
    "hoyle": {
        "deck.removed": ["8D"], "deck.ace": "low", "deal.spare_hand": True, "deal.spare_position": "last",
        "deal.turnup": "out-of-play", "deal.spare_exchange": "none", "stakes.payer": "dealer",
        "turnup.dealer_takes": "matching", "turnup.ends_hand": False,
        "turnup.pope_takes": ["pope", "game"], "turnup.pope_per_card": True, "turnup.pope_ends_hand": True,
        "play.lead": "any", "play.follow": "holder", "play.change_suit": "no",
        "play.pairs": "same-player", "play.pair_order": "any",
        "settle.per_card": 1, "settle.pope_exempt": "holder", "final.deal": "none", "board.odd_counter": "stay",
    },
    "michigan": {
        "deck.removed": [], "deck.ace": "high", "deal.spare_hand": True, "deal.spare_position": "first",
        "deal.turnup": "none", "deal.spare_exchange": "auction",
        "stakes.payer": "each", "stakes.dealer_multiplier": 2,
        "play.lead": "lowest-in-suit", "play.follow": "holder",
        "play.change_suit": "suit", "play.no_new_suit": "pass",
        "settle.per_card": 1, "final.deal": "none", "board.odd_counter": "stay",
    },
    "boodle": {
        "deck.removed": [], "deck.ace": "high", "deal.spare_hand": False, "deal.turnup": "none",
        "stakes.payer": "each", "stakes.dealer_multiplier": 2,
        "play.lead": "lowest-in-suit", "play.follow": "clockwise", "play.change_suit": "no",
        "settle.per_card": 1, "final.deal": "none", "board.odd_counter": "stay",
    },
    "newmarket": {
        "deck.removed": [], "deck.ace": "high", "deal.spare_hand": True, "deal.spare_position": "last",
        "deal.turnup": "none", "deal.spare_exchange": "dealer",
        "stakes.payer": "each", "stakes.dealer_multiplier": 2,
        "play.lead": "lowest-in-suit", "play.follow": "holder",
        "play.change_suit": "colour", "play.no_new_suit": "same-suit",
        "settle.per_card": 0, "final.deal": "none", "board.odd_counter": "stay",
    },
}


def test_the_seven_presets_are_shipped_in_order() -> None:
    assert presets.preset_names() == list(SPEC_10)


@pytest.mark.parametrize("name", list(SPEC_10))
def test_preset_matches_spec_10(name: str) -> None:
    rules = presets.preset(name)
    assert rules.name == name
    assert rules.title and rules.description and rules.sources
    assert (rules.players.min, rules.players.max) == (3, 8)
    for path, expected in SPEC_10[name].items():
        assert plain(setting(rules, path)) == expected, f"{name}: {path}"
    removed = SPEC_10[name]["deck.removed"]
    assert isinstance(removed, list)
    assert rules.deck_size() == 52 - len(removed)


@pytest.mark.parametrize("name", ["russian", "modern-stops", "parlett", "hoyle"])
def test_pope_joan_boards(name: str) -> None:
    rules = presets.preset(name)
    stakes = {"pope": 4, "matrimony": 2, "intrigue": 2} if name == "russian" else {}
    expected = [{**pot, "stake": stakes.get(pot["name"], pot["stake"])} for pot in POPE_JOAN_BOARD]
    assert board(rules) == expected
    assert rules.pope is not None and str(rules.pope.cards[0]) == "9D"
    game = rules.pot("game")
    assert game is not None
    assert game.label == ("First out" if name == "modern-stops" else "Game")


@pytest.mark.parametrize("name", ["michigan", "boodle", "newmarket"])
def test_michigan_boards(name: str) -> None:
    rules = presets.preset(name)
    cards = [{"name": n, "stake": 1, "wins": "card", "card": c} for n, c in MICHIGAN_CARDS]
    kitty = [{"name": "kitty", "stake": 1, "wins": "first-out"}] if name == "newmarket" else []
    assert board(rules) == cards + kitty
    assert rules.pope is None


# ---- bad files: every problem named with its file, line and key ----------------------------


def test_bad_file(bad_rules_case: BadRulesCase) -> None:
    path = bad_rules_case.path
    source = path.read_text(encoding="utf-8").splitlines()
    with pytest.raises(DataError) as info:
        from_toml(presets.read_file_bytes(path), str(path))
    err = info.value
    assert err.exit_code == EXIT_DATA
    found = err.problems
    assert len(found) == len(bad_rules_case.expected), err.message
    for want in bad_rules_case.expected:
        problem_as_expected(err, want, path, source)
    assert [p.line for p in found] == sorted(p.line for p in found)
    if len(found) > 1:
        assert err.message.endswith(f"{len(found)} problems found")


def problem_as_expected(err: DataError, want: Expected, path: Path, source: list[str]) -> None:
    """`err` has a problem of `path` at `want`'s line and key, quoting that line of `source` and
    saying each of `want`'s fragments; rendered, it names the file and line, shows the line, and
    points at it with a caret."""
    match = [p for p in err.problems if p.line == want.line and p.key == want.key]
    assert match, f"no problem at line {want.line} for key {want.key!r} in:\n{err.message}"
    problem = match[0]
    assert problem.file == str(path)
    assert problem.source_line == source[want.line - 1]
    for fragment in want.fragments:
        assert fragment in f"{problem.message}\n{problem.hint}", err.message
    rendered = problem.render()
    assert rendered.startswith(f"{path}:{want.line}:")
    assert f"  | {source[want.line - 1]}" in rendered
    assert "^" in rendered


def test_several_problems_are_reported_at_once_sorted_by_line_with_a_count(data_dir: Path) -> None:
    path = data_dir / "rules" / "bad" / "several-problems.toml"
    with pytest.raises(DataError) as info:
        from_toml(path.read_bytes(), "several.toml")
    message = info.value.message
    heads = [line for line in message.splitlines() if line.startswith("several.toml:")]
    assert [h.split(":")[1] for h in heads] == ["8", "12", "15", "18"]
    assert message.splitlines()[-1] == "4 problems found"


def test_problems_across_sections_and_pots_are_all_collected() -> None:
    problems = problems_of(
        '[players]\nmax = "eight"\n'
        '[deck]\nremoved = ["1S"]\n'
        '[[pot]]\nname = "pope"\nstake = 6\nwins = "card"\ncard = "9D"\n'
        '[[pot]]\nname = "Bad Name"\nstake = 1.5\nwins = "cards"\n'
    )
    assert [(p.line, p.key) for p in problems] == [
        (2, "players.max"), (4, "deck.removed"), (11, "pot[2].name"), (12, "pot[2].stake"), (13, "pot[2].wins")]
    assert "did you mean 'card'?" in problems[-1].hint


def test_a_missing_file(tmp_path: Path) -> None:
    missing = tmp_path / "nope.toml"
    with pytest.raises(DataError) as info:
        presets.read_file_bytes(missing)
    assert info.value.exit_code == EXIT_DATA
    assert info.value.problems[0].file == str(missing)
    assert "no such file" in info.value.message
    with pytest.raises(DataError, match="no such file"):
        presets.load_rules(str(missing))


def test_a_folder_is_not_a_file(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="is a folder"):
        presets.read_file_bytes(tmp_path)


@pytest.mark.parametrize("text", [b"", b"\n\n   \n\t\n"])
def test_an_empty_file(text: bytes) -> None:
    with pytest.raises(DataError) as info:
        from_toml(text, "empty.toml")
    assert info.value.message.startswith("empty.toml: file is empty")
    assert "popejoan rules new --from modern-stops" in info.value.message


def test_a_file_that_is_not_utf8() -> None:
    with pytest.raises(DataError, match="not UTF-8"):
        from_toml(b'name = "\xff"\n', "latin1.toml")


def test_a_10_mb_file_is_refused_unread(tmp_path: Path) -> None:
    big = tmp_path / "big.toml"
    big.write_bytes(b"# padding\n" * (1 << 20))  # 10 MiB of comments: valid TOML, far too big
    with pytest.raises(DataError) as info:
        from_toml(presets.read_file_bytes(big), str(big))
    message = info.value.message
    assert message.startswith(f"{big}: file is ")
    assert "bytes" in message and "1 MiB" in message


def test_a_comment_only_file_is_the_defaults() -> None:
    rules = load("# nothing here yet\n")
    assert rules.name == "house"
    assert all(plain(setting(rules, p)) == v for p, v in SPEC_9_DEFAULTS.items())


def test_load_rules_by_preset_name_or_path(data_dir: Path) -> None:
    assert presets.load_rules("newmarket") is presets.preset("newmarket")
    path = data_dir / "rules" / "house.toml"
    rules = presets.load_rules(str(path))
    assert rules.name == "house"
    assert rules.stakes.payer == "each"
    assert (rules.players.min, rules.players.max) == (4, 6)
    assert presets.load_rules("house.toml", relative_to=path.parent) == rules


def test_an_unknown_preset_name_suggests_the_nearest() -> None:
    with pytest.raises(UsageError) as info:
        presets.load_rules("modern-stop")
    assert info.value.exit_code == EXIT_USAGE
    assert "unknown preset 'modern-stop'" in info.value.message
    assert "did you mean 'modern-stops'?" in info.value.hint


def test_markup_in_text_is_kept_as_written(data_dir: Path) -> None:
    rules = presets.load_rules(str(data_dir / "rules" / "markup.toml"))
    assert rules.title == "[red]x"
    assert rules.pots[0].label == "[green]Pope[/green]"


# ---- problems once found in rules.py, tomlsource.py and presets.py, pinned -----------------


def test_removed_holds_cards_when_the_file_does_not_set_it() -> None:
    assert load('name = "x"\n').removed == frozenset({Card.parse("8D")})


def test_to_dict_is_json_ready() -> None:
    data = json.loads(json.dumps(presets.preset("modern-stops").to_dict()))
    assert data["deck"]["removed"] == ["8D"]


def test_pope_takes_is_not_read_without_a_pope_pot() -> None:
    rules = load('[deal]\nturnup = "none"\n[[pot]]\nname = "ace"\nstake = 1\nwins = "card"\ncard = "AH"\n')
    assert rules.pope is None


def test_a_bad_pope_pot_is_one_problem() -> None:
    problems = problems_of('[[pot]]\nname = "pope"\nstake = -1\nwins = "card"\ncard = "9D"\n')
    assert [(p.line, p.key) for p in problems] == [(3, "pot[1].stake")]


def test_a_duplicate_key_is_named_with_its_table() -> None:
    problems = problems_of('[deck]\nace = "low"\nace = "high"\n')
    assert problems[0].key == "deck.ace"


def test_a_10_mb_file_reports_its_size(tmp_path: Path) -> None:
    big = tmp_path / "big.toml"
    big.write_bytes(b"#" * (10 << 20))
    with pytest.raises(DataError) as info:
        from_toml(presets.read_file_bytes(big), str(big))
    assert "10,485,760" in info.value.message


# ---- hostile files: no traceback, whatever a file holds ------------------------------------


def located_problems(text: str) -> list[tuple[int, str, str]]:
    """(line, key, message and hint) of each problem `text` has as a house-rule file."""
    with pytest.raises(DataError) as info:
        load(text)
    assert info.value.exit_code == EXIT_DATA
    return [(p.line, p.key, f"{p.message}\n{p.hint}") for p in info.value.problems]


def test_an_integer_of_thousands_of_digits_is_a_located_problem() -> None:
    # Python will not convert more than 4,300 digits; tomllib raised a bare ValueError.
    (line, _, text), = located_problems(f'name = "x"\n[settle]\nper_card = {"9" * 5000}\n')
    assert line == 3
    assert "5,000 digits" in text and "out of range" in text


def test_a_hex_integer_too_long_to_print_is_a_located_problem() -> None:
    # `0x` digits convert whatever their number, but the result cannot be put into a message.
    (line, key, text), = located_problems(f'name = "x"\n[settle]\nper_card = 0x{"f" * 5000}\n')
    assert (line, key) == (3, "settle.per_card")
    assert "digits" in text and "out of range" in text


def test_a_big_count_is_still_said_in_full() -> None:
    (_, key, text), = located_problems("[settle]\nper_card = 123_456_789_012_345_678_901\n")
    assert key == "settle.per_card"
    assert "123,456,789,012,345,678,901 is too large" in text


@pytest.mark.parametrize("nested", ["[" * 5000 + "]" * 5000, "{a = " * 5000 + "1" + "}" * 5000])
def test_nesting_thousands_deep_is_a_problem_not_a_recursion_error(nested: str) -> None:
    (_, _, text), = located_problems(f'name = "x"\nsources = {nested}\n')
    assert "nested too deeply" in text


def test_nesting_deeper_than_any_popejoan_file_is_refused_at_its_key() -> None:
    # Dotted keys nest without recursion in the parser: the depth is checked afterwards.
    problems = located_problems('name = "x"\n' + ".".join(["a"] * 40) + " = 1\n")
    assert any(line == 2 and "nested more than 16 deep" in text for line, _, text in problems)


@pytest.mark.parametrize(("toml", "line", "key", "fragment"), [
    ('name = "a\\nb"\n', 1, "name", "holds a newline"),
    ('name = ""\n', 1, "name", "is empty"),
    ('name = " padded"\n', 1, "name", "starts or ends with a space"),
    (f'name = "{"n" * 65}"\n', 1, "name", "65 characters long; at most 64"),
    ('name = "x"\ntitle = "\\u001b[2Jgone"\n', 2, "title", "control character U+001B"),
    ('name = "x"\ntitle = "two\\rlines"\n', 2, "title", "holds a newline"),
    ('name = "x"\ndescription = "fine\\nso far \\u001b]0;title\\u0007"\n', 2, "description", "U+001B"),
    ('name = "x"\ndescription = "bidi \\u202e trick"\n', 2, "description", "U+202E"),
    (f'name = "x"\ndescription = "{"d" * 2001}"\n', 2, "description", "at most 2,000"),
    ('name = "x"\nsources = ["ok", "bad\\u0000"]\n', 2, "sources", "U+0000"),
    ('name = "x"\n[[pot]]\nname = "kitty"\nlabel = "Kit\\nty"\nwins = "first-out"\n', 4, "pot[1].label",
     "holds a newline"),
])
def test_text_from_a_rule_file_holds_no_control_characters(toml: str, line: int, key: str, fragment: str) -> None:
    problems = located_problems(toml)
    assert [(p_line, p_key) for p_line, p_key, _ in problems] == [(line, key)], problems
    assert fragment in problems[0][2]
    assert "\x1b" not in problems[0][2] and "\x00" not in problems[0][2]


def test_a_description_may_run_over_several_lines_with_tabs() -> None:
    rules = load('name = "x"\ndescription = """Two lines,\n\tthe second indented."""\n')
    assert rules.description == "Two lines,\n\tthe second indented."
    crlf = from_toml(b'name = "x"\r\ndescription = """A\r\nB"""\r\n', "dos.toml")
    assert "A" in crlf.description and "B" in crlf.description


def test_an_unknown_key_with_an_escape_is_shown_escaped() -> None:
    problems = located_problems('name = "x"\n"\\u001b[31mred" = 1\n')
    assert problems[0][0] == 2 and "\x1b" not in problems[0][1] and "\\x1b" in problems[0][1]


def test_a_megabyte_line_is_quoted_around_the_problem_only() -> None:
    with pytest.raises(DataError) as info:
        load('name = "x"\nsources = ["' + "s" * 500_000 + '"]\n')
    assert len(info.value.message) < 1000
    assert info.value.problems[0].line == 2


def test_locating_keys_stays_quick_on_long_lines() -> None:
    # A table-header regular expression used to backtrack cubically on a line like this one.
    import time

    from popejoan_cli.formats.tomlsource import locate

    # CPU time, not the wall clock: a busy machine slows the clock, not the work (issue 39).
    start = time.process_time()
    locate("[" + " " * 2500 + "]x\n")  # took 10 s, growing with the cube of the length
    assert time.process_time() - start < 2
    locate("[" + " " * 300_000 + "]x\n" + "[" + " " * 300_000 + "\n")
    assert time.process_time() - start < 4


# ---- reading the file: only regular files, never more than the cap -------------------------


@contextlib.contextmanager
def within(seconds: int) -> Iterator[None]:
    """Fail, rather than hang, if the block takes longer than `seconds` (a FIFO would block)."""

    def expire(signum: int, frame: object) -> None:
        raise TimeoutError(f"still reading after {seconds} s")

    old = signal.signal(signal.SIGALRM, expire)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def refused(path: Path, *fragments: str) -> str:
    with within(10), pytest.raises(DataError) as info:
        presets.read_file_bytes(path)
    assert info.value.exit_code == EXIT_DATA
    for fragment in fragments:
        assert fragment in info.value.message, info.value.message
    return info.value.message


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "rules.toml"
    os.mkfifo(fifo)
    refused(fifo, str(fifo), "FIFO", "regular file")


def test_a_link_to_a_device_is_refused_unread(tmp_path: Path) -> None:
    link = tmp_path / "zero.toml"
    link.symlink_to("/dev/zero")
    refused(link, "character device", "regular file")


def test_a_link_to_a_regular_file_is_read(tmp_path: Path) -> None:
    real = tmp_path / "real.toml"
    real.write_text('name = "linked"\n', encoding="utf-8")
    link = tmp_path / "link.toml"
    link.symlink_to(real)
    assert presets.load_rules(str(link)).name == "linked"


@pytest.mark.parametrize(("name", "fragment"), [("a\0b.toml", "NUL"), ("n" * 5000 + ".toml", "longer than")])
def test_a_name_no_file_can_have_is_a_data_error(tmp_path: Path, name: str, fragment: str) -> None:
    refused(tmp_path / name, "not a usable file name", fragment)
    with pytest.raises(DataError, match=fragment):
        presets.load_rules(str(tmp_path / name))


def test_a_preset_looking_name_too_long_for_a_file_is_still_an_error() -> None:
    # Not a preset, no slash, no .toml: popejoan looks for a file, and the system refuses the name.
    with pytest.raises((DataError, UsageError)) as info:
        presets.load_rules("n" * 5000)
    assert len(info.value.message) < 600
