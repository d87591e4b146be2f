"""`ledger export` while a hand is being played (issue 24): every format refuses it alike.

TOML and JSON always refused; CSV, hledger and beancount wrote the postings so far. Now all
five say the same sentence, exit 3, and write nothing (no file, nothing on stdout), and all
five export again once the hand is over.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import Cli

EXTENSIONS = {"toml": "toml", "json": "json", "csv": "csv", "hledger": "journal", "beancount": "beancount"}
REFUSAL = ("popejoan: a ledger is exported between hands: hand 1 is still being played\n"
           "  finish the hand first (or undo its deal)\n")


def _mid_hand(cli: Cli) -> None:
    cli.ok("table", "new", "t", "--rules", "modern-stops", "--players", "Ann,Bob,Cat,Dan")
    cli.ok("deal", "--seed", "42")


@pytest.mark.parametrize("kind", list(EXTENSIONS))
def test_every_format_refuses_mid_hand(cli: Cli, tmp_path: Path, kind: str) -> None:
    _mid_hand(cli)
    out = tmp_path / f"x.{EXTENSIONS[kind]}"
    assert cli.fails(3, "ledger", "export", str(out)) == REFUSAL
    assert not out.exists()
    assert cli.fails(3, "ledger", "export", "-", "--format", kind) == REFUSAL


@pytest.mark.parametrize("kind", list(EXTENSIONS))
def test_a_real_hand_mid_play_is_refused_too(cli: Cli, tmp_path: Path, kind: str) -> None:
    cli.ok("table", "new", "t", "--rules", "modern-stops", "--players", "Ann,Bob,Cat,Dan", "--dealer", "Ann")
    cli.ok("deal", "--real", "--turnup", "8H")
    cli.ok("play", "Bob", "AS", "2S:Ann", "stop")
    out = tmp_path / f"x.{EXTENSIONS[kind]}"
    assert cli.fails(3, "ledger", "export", str(out)) == REFUSAL
    assert not out.exists()


def test_each_format_exports_once_the_hand_is_undone(cli: Cli, tmp_path: Path) -> None:
    _mid_hand(cli)
    cli.ok("undo", "--hand", "--yes")
    for kind, ext in EXTENSIONS.items():
        cli.ok("ledger", "export", str(tmp_path / f"x.{ext}"))
        assert (tmp_path / f"x.{ext}").read_text(encoding="utf-8"), kind


def test_russian_refusal_is_the_same_for_every_format(cli: Cli, tmp_path: Path) -> None:
    _mid_hand(cli)
    said = {cli.fails(3, "ledger", "export", str(tmp_path / f"x.{ext}"), POPEJOAN_LANG="ru")
            for ext in EXTENSIONS.values()}
    assert len(said) == 1 and "between hands" not in said.pop()
