"""`history`, `ledger show`, `ledger stats`, `board` and `hand deal` stay readable at 60, 80 and 120 columns.

A michigan table of 3 or 8 players with 20-character names plays two hands through the CLI;
each command is rendered at each width. No line may be wider than the terminal, nothing is
cut ("…"), every name and pot label appears whole (wrapped, if at all, only at a space), and
each pot won in `history` is on a line of its own. A modern-stops table (a turn-up) of 8
players whose 20-character names have no space at all (`Anne-Sophie-Lefevre0`: rich cut them
once short of room) shows its empty history, its board in a hand and between hands, its
history and its deal. `ledger stats` breaks no name and no "queen 4" entry; `practice`'s scores
and `popejoan shell`'s opening line, which list eight players, wrap between two of them.
Golden files under `data/golden/widths/` hold each output; regenerate with POPEJOAN_REGEN=1.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import pytest
from rich.cells import cell_len

from conftest import GOLDEN, Cli, golden, play_hand
from popejoan_cli.formats.presets import preset

WIDE = GOLDEN / "widths"
WIDTHS = (60, 80, 120)
COMMANDS = {"history": ("history",), "ledger-show": ("ledger", "show"), "ledger-stats": ("ledger", "stats"),
            "board": ("board",)}
LABELS = [p.label for p in preset("michigan").pots]


def names(n: int) -> list[str]:
    return [f"Bartholomew Quincey{i}" for i in range(n)]


@pytest.fixture(scope="module", params=(3, 8), ids=lambda n: f"{n}p")
def outputs(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, int], str]:
    n: int = request.param
    home = tmp_path_factory.mktemp(f"home{n}")
    run = Cli(home)
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("POPEJOAN_HOME", str(home))
        mp.delenv("POPEJOAN_TABLE", raising=False)
        run.ok("table", "new", "wide", "--rules", "michigan", "--players", ",".join(names(n)))
        for seed in (1, 2):
            play_hand(run, seed)
        found = {}
        for key, args in COMMANDS.items():
            for w in WIDTHS:
                found[(key, w)] = Cli(home, columns=str(w)).ok(*args).stdout
        return {**found, ("players", 0): str(n), ("history-json", 0): run.ok("history", "--json").stdout,
                ("stats-json", 0): run.ok("ledger", "stats", "--json").stdout}


def whole(text: str, phrase: str) -> bool:
    """`phrase` in `text`, its words in order, split across lines (or table cells) only at its spaces."""
    words = phrase.split(" ")
    tokens = text.replace("│", " ").replace("┃", " ").split()
    return any(tokens[i:i + len(words)] == words for i in range(len(tokens))) or \
        all(w in tokens for w in words)


@pytest.mark.parametrize("key", list(COMMANDS))
def test_readable_at_each_width(outputs: dict[tuple[str, int], str], key: str) -> None:
    n = int(outputs[("players", 0)])
    for w in WIDTHS:
        text = outputs[(key, w)]
        where = f"{key} at {w} columns, {n} players"
        assert all(cell_len(line) <= w for line in text.splitlines()), where
        golden(WIDE / f"{key}_{n}p_{w}.txt", text)
        assert "…" not in text, where
        # The board names only the next dealer; history names only the pots won.
        wanted = (names(n) if key != "board" else []) + (LABELS if key in ("history", "board") else [])
        for phrase in wanted:
            if key == "history" and phrase in LABELS and phrase.split()[0] not in text.split():
                continue
            assert whole(text, phrase), f"{phrase!r} cut in {where}"


def test_each_pot_won_is_whole_on_its_line(outputs: dict[tuple[str, int], str]) -> None:
    """`history`'s pots won, one award to a line: a pot's label, its counters and the arrow are never
    split (comma-joined, "King of" / "clubs 9 → ..." once broke at 80 columns with 8 players)."""
    labels = {p.name: p.label for p in preset("michigan").pots}
    awards = [a for h in json.loads(outputs[("history-json", 0)])["hands"] for a in h["awards"]]
    assert awards
    for w in WIDTHS:
        lines = outputs[("history", w)].splitlines()
        for a in awards:
            head = f"{labels[a['pot']]} {a['amount']} →"
            assert any(head in line for line in lines), f"{head!r} split at {w} columns"
        assert not any(line.rstrip(" │").endswith(",") for line in lines), f"awards joined at {w} columns"


def test_the_standings_break_no_name_and_no_entry(outputs: dict[tuple[str, int], str]) -> None:
    """`ledger stats`: each name on one line, and what a player won from each pot one entry to a line
    ("queen 4, jack" / "8" and "Bartholomew" / "Quincey0" once, at 80 columns). Where a table cannot
    hold the names whole, each player is a block headed by their name."""
    from popejoan_cli.render.table_views import pot_words

    word = pot_words(preset("michigan"))
    players = json.loads(outputs[("stats-json", 0)])["players"]
    entries = [f"{word(pot)} {n}" for p in players for pot, n in p["won"].items()]
    assert entries
    for w in WIDTHS:
        lines = outputs[("ledger-stats", w)].splitlines()
        for phrase in [p["player"] for p in players] + entries:
            assert any(phrase in line for line in lines), f"{phrase!r} broken at {w} columns"
        assert not any(line.rstrip(" │").endswith(",") for line in lines), f"entries joined at {w} columns"


# ------------------------------------------------------------------------------ a turn-up, names without a space
HYPHENED = [f"Anne-Sophie-Lefevre{i}" for i in range(8)]
"""Eight 20-character names with no space to wrap at."""
TURNUP = {"history-empty": ("history",), "board-in-hand": ("board",), "board-between": ("board",),
          "history-turnup": ("history",), "hand-deal": ("hand", "deal", "--rules", "modern-stops", "--players",
                                                        ",".join(HYPHENED), "--seed", "1")}


@pytest.fixture(scope="module")
def turnup(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, int], str]:
    """Each of `TURNUP`'s outputs at each width, at the moment it stands for: the history before any
    hand, the board after the deal and after the hand; the ledger's standings once the hand is over
    (`ledger-stats`); and the history of a michigan table ended before any hand (`history-ended`)."""
    from popejoan_cli.store import autoplay, tables

    home = tmp_path_factory.mktemp("turnup")
    run = Cli(home)
    found: dict[tuple[str, int], str] = {}

    def at_each_width(key: str, *args: str) -> None:
        for w in WIDTHS:
            found[(key, w)] = Cli(home, columns=str(w)).ok(*(args or TURNUP[key])).stdout

    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("POPEJOAN_HOME", str(home))
        mp.delenv("POPEJOAN_TABLE", raising=False)
        run.ok("table", "new", "wide", "--rules", "modern-stops", "--players", ",".join(HYPHENED))
        at_each_width("history-empty")
        found[("history-empty-json", 0)] = run.ok("history", "--json").stdout
        run.ok("deal", "--seed", "1")
        at_each_width("board-in-hand")
        while tables.view(tables.folder())[0].open_hand is not None:
            autoplay.lead_lowest(tables.folder())
        at_each_width("board-between")
        at_each_width("history-turnup")
        at_each_width("ledger-stats", "ledger", "stats")
        at_each_width("hand-deal")
        run.ok("table", "new", "over", "--rules", "michigan", "--players", "Ann,Bob,Cat")
        run.ok("end")
        found[("history-ended", 80)] = Cli(home, columns="80").ok("history").stdout
    return found


def readable(text: str, w: int, names: Sequence[str]) -> None:
    """No line of `text` wider than `w`, nothing cut, each of `names` whole on one line."""
    assert all(cell_len(line) <= w for line in text.splitlines()), f"wider than {w}"
    assert "…" not in text, f"cut at {w} columns"
    for name in names:
        assert whole(text, name), f"{name!r} cut at {w} columns"


@pytest.mark.parametrize("key", list(TURNUP))
def test_turnup_table_at_each_width(turnup: dict[tuple[str, int], str], key: str) -> None:
    wanted = {"history-empty": HYPHENED[:1], "board-in-hand": HYPHENED[1:2], "board-between": HYPHENED[1:2],
              "history-turnup": HYPHENED, "hand-deal": HYPHENED}[key]
    for w in WIDTHS:
        text = turnup[(key, w)]
        golden(WIDE / f"{key}_8p_{w}.txt", text)
        readable(text, w, wanted)


def test_no_name_is_cut_in_the_standings(turnup: dict[tuple[str, int], str]) -> None:
    """`ledger stats` (a `records_view`) with eight names of one 20-character word: at 80 columns rich
    once narrowed the names' column below them ("Anne-Sophie-Le…") while another column could still
    wrap. (No golden file: the standings' headings are `ledger stats`' own business.)"""
    for w in WIDTHS:
        readable(turnup[("ledger-stats", w)], w, HYPHENED)


def test_the_board_between_hands_shows_no_turnup(turnup: dict[tuple[str, int], str]) -> None:
    """In a hand the centre shows its turn-up and trump; once the hand is over, none (the last hand's
    turn-up belongs to history): it says that no hand is being played, and who deals next."""
    for w in WIDTHS:
        during, after = turnup[("board-in-hand", w)], turnup[("board-between", w)]
        assert "turn-up" not in after and "trump" not in after
        assert "no hand being played" in after and "deals next" in after
        assert "turn-up 7♣" in during and "trump: clubs ♣" in during


def test_an_empty_history_is_one_sentence(turnup: dict[tuple[str, int], str]) -> None:
    """No hand yet: one sentence, who deals first (not a table's header with no rows); `--json` keeps
    its shape. A session ended with no hand says so."""
    said = "No hands yet at wide: Anne-Sophie-Lefevre0 deals first (`popejoan deal`).\n"
    assert turnup[("history-empty", 120)] == said
    assert " ".join(turnup[("history-empty", 60)].split()) == said.strip()
    assert json.loads(turnup[("history-empty-json", 0)]) == {"hands": []}
    assert turnup[("history-ended", 80)] == "No hands were played at over: the session has ended.\n"


# ------------------------------------------------------------------------------ lines that list every player
def test_practice_scores_wrap_between_players(tmp_path: Path) -> None:
    """`practice` with eight players: the scores line (and the board's) wraps between two players' scores,
    never inside one, and is never cut: at 120 columns it once ran past the edge, losing the last names
    and the board's count. Quitting at the first lead shows the final scores, laid out as the running ones."""
    me = names(1)[0]
    for w in WIDTHS:
        out = Cli(tmp_path, columns=str(w)).ok("practice", "--computers", "7", "--hands", "1", "--seed", "1",
                                                "--name", me, input="").stdout
        totals = out[out.index(f"Final scores: {me} left"):out.index("Session seed")]
        golden(WIDE / f"practice-scores_8p_{w}.txt", totals)
        readable(totals, w, [me, *(f"Computer {n}" for n in range(1, 8))])
        lines = totals.splitlines()
        scores = [f"{me} +0", *(f"Computer {n} +0" for n in range(1, 7)), "Computer 7 -15", "board 15."]
        for phrase in [*scores, "Pope 6", "First out 1"]:
            assert any(phrase in line for line in lines), f"{phrase!r} broken at {w} columns"
        assert not any(line.startswith("·") for line in lines)


def test_the_shells_opening_line_wraps_between_names(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`popejoan shell`'s opening line names every player: wrapped at the console's width between two names
    (written out whole, the terminal broke "Bartholomew Quincey3" wherever the edge fell); so is the board
    line under it, between two pots."""
    from popejoan_cli.cli import shell_cmd
    from popejoan_cli.cli.shell_editors import EDITOR_VARIABLE

    monkeypatch.setenv("POPEJOAN_HOME", str(tmp_path))
    monkeypatch.delenv("POPEJOAN_TABLE", raising=False)
    monkeypatch.setattr(shell_cmd, "_interactive", lambda: True)
    Cli(tmp_path).ok("table", "new", "wide", "--rules", "michigan", "--players", ",".join(names(8)))
    for w in WIDTHS:
        out = Cli(tmp_path, columns=str(w)).ok("shell", input="", **{EDITOR_VARIABLE: "plain"}).stdout
        banner = out[:out.index("popejoan> ")]
        golden(WIDE / f"shell-banner_8p_{w}.txt", banner)
        readable(banner, w, [])
        lines = banner.splitlines()
        for phrase in [*names(8), *(f"{label} 0" for label in LABELS)]:
            assert any(phrase in line for line in lines), f"{phrase!r} broken at {w} columns"
