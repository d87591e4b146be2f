"""`history`, `ledger show`, `ledger stats` and `board` stay readable at 60, 80 and 120 columns.

A michigan table of 3 or 8 players with 20-character names plays two hands through the CLI;
each command is rendered at each width. No line may be wider than the terminal, nothing is
cut ("…"), and every name and pot label appears whole (wrapped, if at all, only at a space).
Golden files under `data/golden/widths/` hold each output; regenerate with POPEJOAN_REGEN=1.
"""

from __future__ import annotations

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
        return {**found, ("players", 0): str(n)}


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
