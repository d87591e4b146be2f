"""No function over 15 in cyclomatic complexity as radon counts it, in src, tests and bench.

Ruff's C901 does not count boolean operators or comprehensions (a function it calls 12 radon may
call 30), so the project's limit (docs/architecture.md, Style) is held here, by radon's own count.
Past 15, split the function into named steps.
"""

from __future__ import annotations

from pathlib import Path

import pytest

radon = pytest.importorskip("radon.complexity")

ROOT = Path(__file__).parents[1]
LIMIT = 15


def over_limit(folder: Path) -> list[str]:
    found = []
    for path in sorted(folder.rglob("*.py")):
        for block in radon.cc_visit(path.read_text(encoding="utf-8")):
            for item in [block, *getattr(block, "methods", ())]:
                if item.complexity > LIMIT:
                    found.append(f"{path.relative_to(ROOT)}:{item.lineno} {item.fullname} ({item.complexity})")
    return sorted(set(found))


@pytest.mark.parametrize("folder", ["src", "tests", "bench"])
def test_no_function_is_over_the_limit(folder: str) -> None:
    assert over_limit(ROOT / folder) == []
