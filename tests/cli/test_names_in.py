"""Names and numbers that enter through the command line are checked where they enter."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import Cli


@pytest.mark.parametrize("name", ["t\n2020-01-01 x", "t\x1b[31m", "", "a" * 41, "../up"])
def test_a_table_name_with_control_characters_is_refused_with_or_without_table(
        tmp_path: Path, invoke: Cli, monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    monkeypatch.setenv("POPEJOAN_HOME", str(tmp_path / "home"))
    for chosen in ([], ["--table", str(tmp_path / "dir")]):
        result = invoke(*chosen, "table", "new", name, "--rules", "modern-stops", "--players", "Ann,Bob,Cat")
        assert result.exit_code == 2, (chosen, result.output)
        assert "table name" in result.stderr and "is not allowed" in result.stderr
        assert result.stdout == ""
    assert not (tmp_path / "dir").exists()


def test_a_huge_count_is_a_range_error_that_does_not_print_every_digit(
        tmp_path: Path, invoke: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POPEJOAN_HOME", str(tmp_path / "home"))
    assert invoke("table", "new", "t", "--rules", "modern-stops", "--players", "Ann,Bob,Cat").exit_code == 0
    result = invoke("count", "Ann", "9" * 4000)
    assert result.exit_code == 2 and result.stdout == ""
    assert "a number of about 4,0" in result.stderr and "is out of range for a number of counters" in result.stderr
    assert len(result.stderr) < 300


def test_the_current_table_pointer_is_written_through_a_symlink(
        tmp_path: Path, invoke: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("POPEJOAN_HOME", str(home))
    kept = tmp_path / "elsewhere" / "current-table"
    kept.parent.mkdir()
    kept.write_text("", encoding="utf-8")
    (home / "current").symlink_to(kept)
    assert invoke("table", "new", "t", "--rules", "modern-stops", "--players", "Ann,Bob,Cat").exit_code == 0
    assert (home / "current").is_symlink()
    assert kept.read_text(encoding="utf-8") == "t\n"
    assert invoke("board", "--json").exit_code == 0
