"""Each kind of error gets its exit code from the CLI's one table (cli/exits.py), the codes of
README: Exit codes; the core only names the kind (a card typed wrongly is `BadInput`)."""

from __future__ import annotations

import re

import pytest

from conftest import ROOT
from popejoan_cli.base import errors
from popejoan_cli.base.errors import (
    BadInput,
    DataError,
    IllegalPlay,
    PopejoanError,
    RuleViolation,
    StorageError,
    TableBusy,
    UsageError,
)
from popejoan_cli.cli import fail
from popejoan_cli.cli.exits import EXIT_CODES, exit_code
from popejoan_cli.game.cards import Card, parse_seed

README = ROOT / "README.md"


def _readme_codes() -> dict[int, str]:
    section = README.read_text(encoding="utf-8").split("## Exit codes", 1)[1].split("\n## ", 1)[0]
    return {int(m[1]): m[2] for m in re.finditer(r"^\| (\d+) \| (.+?) \|$", section, re.M)}


@pytest.mark.parametrize(("err", "code", "words"), [
    (BadInput("x"), 2, "usage"),
    (RuleViolation("x"), 3, "rule violation"),
    (IllegalPlay("x", rule="play.follow"), 3, "rule violation"),
    (TableBusy("x"), 4, "busy"),
    (DataError("x"), 5, "data problem"),
    (StorageError("x"), 6, "I/O"),
    (PopejoanError("x"), 1, "unexpected error"),
])
def test_each_kind_has_its_documented_code(err: PopejoanError, code: int, words: str) -> None:
    assert exit_code(err) == code
    assert fail(err).exit_code == code
    assert words in _readme_codes()[code]
    assert err.exit_code == code  # the attribute older callers read says the same


def test_the_table_covers_every_kind_in_base() -> None:
    kinds = {c for c in vars(errors).values()
             if isinstance(c, type) and issubclass(c, PopejoanError) and c is not PopejoanError}
    assert {k for k in kinds if not any(k is not b and issubclass(k, b) for b in kinds)} == set(EXIT_CODES)
    assert sorted(EXIT_CODES.values()) == [2, 3, 4, 5, 6]


def test_the_core_raises_bad_input_for_a_card_or_seed_typed_wrongly(capsys: pytest.CaptureFixture[str]) -> None:
    assert UsageError is BadInput
    with pytest.raises(BadInput) as caught:
        Card.parse("ZZ")
    assert exit_code(caught.value) == 2
    with pytest.raises(BadInput) as caught:
        parse_seed(str(1 << 64))
    assert fail(caught.value).exit_code == 2
    assert capsys.readouterr().err.startswith("popejoan: --seed ")
