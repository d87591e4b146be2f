"""`popejoan completion`: the script, its installation, and what a TAB offers (never a card)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from conftest import Cli
from popejoan_cli.game.cards import parse_card_or_none


def complete(run: Cli, words: str, env: dict[str, str] | None = None) -> list[str]:
    """What bash would offer for the last of `words` (a trailing space: a new, empty word)."""
    from popejoan_cli.cli import app

    parts = words.split(" ")
    res = CliRunner().invoke(app, [], env={"_POPEJOAN_COMPLETE": "complete_bash", "COMP_WORDS": words,
                                           "COMP_CWORD": str(len(parts) - 1), **(env or {})})
    assert res.exit_code == 0, (res.stdout, res.stderr)
    return res.stdout.split()


def test_prints_the_script_for_the_named_shell(run: Cli) -> None:
    bash = run("completion", "bash")
    assert bash.exit_code == 0, bash.stderr
    assert "complete -o default -F _popejoan_completion popejoan" in bash.stdout
    assert "_POPEJOAN_COMPLETE=complete_bash" in bash.stdout
    assert run("completion", "zsh").stdout.startswith("#compdef popejoan")
    assert "complete --command popejoan" in run("completion", "fish").stdout


def test_the_shell_defaults_to_the_login_shell() -> None:
    from popejoan_cli.cli import app

    res = CliRunner().invoke(app, ["completion"], env={"SHELL": "/usr/bin/zsh"})
    assert res.exit_code == 0 and res.stdout.startswith("#compdef popejoan")
    res = CliRunner().invoke(app, ["completion"], env={"SHELL": "/bin/tcsh"})
    assert res.exit_code == 2 and res.stdout == ""
    assert res.stderr.startswith("popejoan: no completion for your shell (tcsh)\n")
    assert "'bash', 'zsh', 'fish', 'powershell'" in res.stderr and "Traceback" not in res.stderr


def test_an_unknown_shell_names_the_nearest(run: Cli) -> None:
    res = run("completion", "bsh")
    assert res.exit_code == 2 and res.stdout == ""
    assert res.stderr == ("popejoan: no completion for the shell 'bsh'\n"
                          "  allowed: 'bash', 'zsh', 'fish', 'powershell'; did you mean 'bash'?\n")


def test_install_writes_the_script_and_one_line_through_a_symlinked_bashrc(tmp_path: Path) -> None:
    from popejoan_cli.cli import app

    home = tmp_path / "me"
    dots = tmp_path / "dotfiles"
    dots.mkdir()
    (dots / "bashrc").write_text("alias ll='ls -l'", encoding="utf-8")  # no final newline
    home.mkdir()
    (home / ".bashrc").symlink_to(dots / "bashrc")
    env = {"HOME": str(home), "POPEJOAN_HOME": str(tmp_path / "pj")}
    first = CliRunner().invoke(app, ["completion", "bash", "--install"], env=env)
    assert first.exit_code == 0, first.stderr
    script = home / ".bash_completions" / "popejoan.sh"
    line = f"source '{script}'"
    assert "_POPEJOAN_COMPLETE=complete_bash" in script.read_text(encoding="utf-8")
    assert (home / ".bashrc").is_symlink(), "the link was replaced by a file"
    assert (dots / "bashrc").read_text(encoding="utf-8") == f"alias ll='ls -l'\n{line}\n"
    assert f"added to {home / '.bashrc'}: {line}" in first.stdout
    again = CliRunner().invoke(app, ["completion", "bash", "--install"], env=env)
    assert again.exit_code == 0 and "already loads it" in again.stdout
    assert (dots / "bashrc").read_text(encoding="utf-8").count(line) == 1


def test_install_for_fish_needs_no_startup_line(tmp_path: Path) -> None:
    from popejoan_cli.cli import app

    res = CliRunner().invoke(app, ["completion", "fish", "--install"], env={"HOME": str(tmp_path)})
    assert res.exit_code == 0, res.stderr
    assert (tmp_path / ".config" / "fish" / "completions" / "popejoan.fish").is_file()
    assert sorted(p.name for p in tmp_path.iterdir()) == [".config"]


def test_install_where_nothing_can_be_written_is_exit_6(tmp_path: Path) -> None:
    from popejoan_cli.cli import app

    if os.geteuid() == 0:
        pytest.skip("root writes anywhere")
    tmp_path.chmod(0o500)
    try:
        res = CliRunner().invoke(app, ["completion", "zsh", "--install"], env={"HOME": str(tmp_path)})
    finally:
        tmp_path.chmod(0o700)
    assert res.exit_code == 6, res.stderr
    assert len(res.stderr.splitlines()) == 1 and "Traceback" not in res.stderr


def test_powershell_is_printed_not_installed(run: Cli) -> None:
    assert "Register-ArgumentCompleter" in run("completion", "powershell").stdout
    res = run("completion", "pwsh", "--install")
    assert res.exit_code == 2 and "$PROFILE" in res.stderr


def test_a_tab_offers_commands_subcommands_and_options(run: Cli) -> None:
    assert complete(run, "popejoan le") == ["lead", "ledger"]
    assert complete(run, "popejoan ledger ") == ["export", "show", "settle", "stats"]
    assert {"--seed", "--real", "--turnup"} <= set(complete(run, "popejoan deal --"))


def test_a_tab_never_offers_a_card(run: Cli) -> None:
    """During a hand, whatever is typed after `lead`, `play NAME` or `hand show NAME` completes to no card."""
    assert run("table", "new", "t", "--players", "Ann,Bob,Cat", "--rules", "modern-stops").exit_code == 0
    assert run("deal", "--seed", "5").exit_code == 0
    for words in ("popejoan lead ", "popejoan lead 7", "popejoan play Ann ", "popejoan hand show Ann ",
                  "popejoan claim ", "popejoan spare "):
        offered = complete(run, words)
        assert [w for w in offered if parse_card_or_none(w) is not None] == [], (words, offered)


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_bash_itself_completes_through_the_printed_script(tmp_path: Path) -> None:
    """The script as a user sources it, with the installed `popejoan` answering each TAB."""
    exe = Path(sys.executable).parent / "popejoan"
    if not exe.exists():
        pytest.skip("popejoan is not installed beside this Python")
    env = {**os.environ, "PATH": f"{exe.parent}{os.pathsep}{os.environ['PATH']}",
           "POPEJOAN_HOME": str(tmp_path / "pj")}
    program = ('source <(popejoan completion bash); COMP_WORDS=(popejoan ledger s); COMP_CWORD=2; '
               '_popejoan_completion popejoan; printf "%s\\n" "${COMPREPLY[@]}"')
    done = subprocess.run(["bash", "--norc", "-c", program], env=env, capture_output=True, text=True, encoding="utf-8",
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["show", "settle", "stats"]
