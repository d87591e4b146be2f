"""Names that enter through the command line are checked where they enter, however the table is chosen."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest


@pytest.mark.parametrize("name", ["t\n2020-01-01 x", "t\x1b[31m", "", "a" * 41, "../up"])
def test_a_table_name_with_control_characters_is_refused_with_or_without_table(
        tmp_path: Path, invoke: Callable[..., Any], monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    monkeypatch.setenv("POPEJOAN_HOME", str(tmp_path / "home"))
    for chosen in ([], ["--table", str(tmp_path / "dir")]):
        result = invoke(*chosen, "table", "new", name, "--rules", "modern-stops", "--players", "Ann,Bob,Cat")
        assert result.exit_code == 2, (chosen, result.output)
        assert "table name" in result.stderr and "is not allowed" in result.stderr
        assert result.stdout == ""
    assert not (tmp_path / "dir").exists()
