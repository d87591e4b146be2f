"""The README's Russian table, run as written: each `$ popejoan ...` line of its console block is
typed in a fresh home (and `$ cat FILE` makes the file it shows), and what the command prints,
stdout then stderr, must be the lines the README shows under it."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from conftest import ROOT, Cli


def block() -> list[tuple[list[str], list[str]]]:
    """The commands of the README's Russian console block, each with the lines shown under it."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index("### A Russian table"):]
    body = re.search(r"```console\n(.*?)```", section, re.DOTALL)
    assert body is not None
    steps: list[tuple[list[str], list[str]]] = []
    for line in body.group(1).splitlines():
        if line.startswith("$ "):
            steps.append((shlex.split(line[2:]), []))
        else:
            steps[-1][1].append(line)
    return steps


def test_the_readmes_russian_table_prints_what_the_readme_shows(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("POPEJOAN_TABLE", raising=False)
    cli = Cli(tmp_path / "home", columns="200")
    steps = block()
    assert len(steps) >= 8
    for args, shown in steps:
        if args[0] == "cat":
            (tmp_path / args[1]).write_text("\n".join(shown) + "\n", encoding="utf-8")
            continue
        assert args[0] == "popejoan", args
        res = cli(*args[1:])
        assert res.exit_code in (0, 2, 3, 5), (args, res.exit_code, res.stderr)
        assert (res.stdout + res.stderr).splitlines() == shown, args
