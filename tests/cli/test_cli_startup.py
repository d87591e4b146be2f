"""The CLI registers only the command module an invocation needs; the map must match the tree."""

from __future__ import annotations

import subprocess
import sys

import typer

from popejoan_cli import cli


def test_every_top_level_command_is_mapped_to_the_module_that_defines_it() -> None:
    root: typer.Typer = cli.app  # the whole tree
    for info in root.registered_commands:
        name = info.name or ""
        module = info.callback.__module__.rsplit(".", 1)[-1] if info.callback else ""
        if name == "shell":
            assert cli.modules_for([name]) == cli.ALL_MODULES  # the shell runs every command
            continue
        assert module in cli.modules_for([name]), (name, module)
    for group in root.registered_groups:
        sub = group.typer_instance
        assert sub is not None and group.name
        for info in sub.registered_commands:
            module = info.callback.__module__.rsplit(".", 1)[-1] if info.callback else ""
            assert module in cli.modules_for([group.name]), (group.name, info.name, module)


def test_the_first_word_decides_and_options_are_skipped() -> None:
    assert cli.modules_for(["--table", "rules", "deal"]) == ("table_cmd",)
    assert cli.modules_for(["rules", "list"]) == ("rules_cmd",)
    assert cli.modules_for(["--help"]) == cli.ALL_MODULES
    assert cli.modules_for([]) == cli.ALL_MODULES
    assert cli.modules_for(["--version"]) == ()
    assert cli.modules_for(["nosuch"]) == cli.ALL_MODULES


def test_a_partly_registered_run_still_answers() -> None:
    for argv in (["rules", "list", "--json"], ["hand", "--help"], ["ledger", "--help"], ["claim", "--help"]):
        proc = subprocess.run([sys.executable, "-m", "popejoan_cli", *argv], capture_output=True, text=True,
                              encoding="utf-8", check=False)
        assert proc.returncode == 0, (argv, proc.stderr)
    helped = subprocess.run([sys.executable, "-m", "popejoan_cli", "--help"], capture_output=True, text=True,
                            encoding="utf-8", check=False)
    for word in ("rules", "deal", "claim", "shell", "simulate", "practice", "session"):
        assert word in helped.stdout
