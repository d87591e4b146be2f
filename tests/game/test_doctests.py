"""The referee's public functions teach by example (as python-chess and PokerKit do): their
doctests run here, against the installed package."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["popejoan_cli.game.ruling", "popejoan_cli.game.hand", "popejoan_cli.game.state", "popejoan_cli.game.bots",
           "popejoan_cli.game.laws", "popejoan_cli.game.deal", "popejoan_cli.table.evening", "popejoan_cli.base.people",
           "popejoan_cli.render.morph", "popejoan_cli.render.grammar", "popejoan_cli.formats.ledgercheck",
           "popejoan_cli.formats.exports"]


@pytest.mark.parametrize("name", MODULES)
def test_the_examples_run(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0, result
