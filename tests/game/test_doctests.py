"""The public functions teach by example (as python-chess and PokerKit do): every module under
src/popejoan_cli whose docstrings hold a `>>>` example has its doctests run here, against the
installed package, and every such example must be one that doctest finds and runs.

No list of modules is kept by hand: a module is collected because its source holds an example, so
a module that gains its first example is run without anyone remembering to add it. What would
still be lost is an example doctest never looks at (a nested function's docstring, an attribute's
docstring, a stub's): each module's examples are counted in its source and must all be attempted.
"""

from __future__ import annotations

import ast
import doctest
import importlib
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

PACKAGE = Path(__file__).parents[2] / "src" / "popejoan_cli"
PROMPT = re.compile(r"^[ ]*>>>", re.MULTILINE)
"""Where an example starts, as doctest's own parser reads it: `>>>` after nothing but spaces."""


def module_name(path: Path) -> str:
    rel = path.relative_to(PACKAGE.parent).with_suffix("")
    return ".".join(rel.parts[:-1] if rel.name == "__init__" else rel.parts)


def examples_in(source: str) -> int:
    """The `>>>` examples in `source`'s string statements: its docstrings, and any other bare string
    (an attribute's docstring) that a reader would take for an example too."""
    return sum(len(PROMPT.findall(node.value.value)) for node in ast.walk(ast.parse(source))
               if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
               and isinstance(node.value.value, str))


def _scan() -> dict[str, int]:
    found: dict[str, int] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        if ">>>" in source and (count := examples_in(source)):  # the cheap test first: few modules have one
            found[module_name(path)] = count
    return found


EXAMPLES = _scan()
"""Each module with an example, and how many its source holds."""


def run(module: ModuleType) -> doctest.TestResults:
    return doctest.testmod(module, optionflags=doctest.ELLIPSIS)


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_the_examples_run(name: str) -> None:
    result = run(importlib.import_module(name))
    assert result.failed == 0, result
    assert result.attempted == EXAMPLES[name], (
        f"{name} holds {EXAMPLES[name]} examples but doctest ran {result.attempted}: an example in a nested "
        "function's, an attribute's or an overload's docstring never runs (move it to a docstring doctest reads)")


def test_the_scan_finds_the_examples_it_must() -> None:
    """An empty scan (a moved source tree) would run nothing and pass: the referee's examples and the
    modules that went uncollected until issue 36 are all found."""
    assert PACKAGE.is_dir()
    expected = {"game.ruling", "game.hand", "game.sight", "game.lookahead", "base.later", "base.records"}
    assert {f"popejoan_cli.{name}" for name in expected} <= EXAMPLES.keys()


def test_an_example_doctest_cannot_reach_is_counted_and_not_run(tmp_path: Path) -> None:
    """The count in the source and doctest's disagree exactly where an example would be lost."""
    source = '''"""A module.

>>> 1 + 1
2
"""

LIMIT = 3
"""An attribute's docstring.

>>> LIMIT
3
"""


def outer() -> int:
    """Found.

    >>> outer()
    4
    """
    def inner() -> int:
        """Never found.

        >>> inner()
        4
        """
        return 4
    return inner()
'''
    (tmp_path / "lost_examples.py").write_text(source, encoding="utf-8")
    sys.path.insert(0, str(tmp_path))
    try:
        module = importlib.import_module("lost_examples")
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop("lost_examples", None)
    assert examples_in(source) == 4
    assert run(module) == (0, 2)
