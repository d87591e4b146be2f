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


def _kept(*argv: str) -> list[str]:
    """What `cli.only` keeps of the tree for `argv` (in a fresh process: it prunes the tree it is given)."""
    code = ("import sys; from popejoan_cli import cli; cli._register(cli.modules_for(sys.argv[1:])); "
            "cli.only(sys.argv[1:]); r = cli.root; "
            "print(' '.join([c.name or c.callback.__name__ for c in r.registered_commands] + "
            "[g.name + ':' + ','.join(c.name or c.callback.__name__ for c in g.typer_instance.registered_commands) "
            "for g in r.registered_groups]))")
    proc = subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, text=True, encoding="utf-8",
                          check=True)
    return proc.stdout.split()


def test_only_the_command_run_is_built() -> None:
    """Issue 27: Typer builds every registered command on each run; a run builds the one it runs."""
    assert _kept("--table", "t", "board", "--json") == ["board"]
    assert _kept("table", "new", "x") == ["table:new"]
    assert _kept("lead", "--help") == ["lead"]
    kept = _kept("table", "nwe")  # a mistyped subcommand: the group whole, so the refusal lists them all
    assert len(kept) == 1 and kept[0].startswith("table:") and "new" in kept[0] and "join" in kept[0]
    assert len(_kept("boadr")) > 20  # a mistyped command: every one


def test_a_pruned_run_answers_mistakes_with_every_name() -> None:
    for argv, said in ((["table", "nwe"], "did you mean 'new'"), (["boadr"], "did you mean 'board'")):
        proc = subprocess.run([sys.executable, "-m", "popejoan_cli", *argv], capture_output=True, text=True,
                              encoding="utf-8", check=False)
        assert proc.returncode == 2 and said in proc.stderr, proc.stderr
