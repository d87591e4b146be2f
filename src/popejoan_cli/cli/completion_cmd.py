"""`popejoan completion`: TAB completion of popejoan's commands and options in bash, zsh and fish.

Typer writes the shell scripts and answers each TAB (the shell runs `popejoan` with
`_POPEJOAN_COMPLETE` set; `PlainGroup.main` readies Typer's completers for it). This command
prints a script, or installs it where the shell looks, adding one line to the shell's
start-up file if that file does not already have it. Start-up files are often symlinks into
a dotfiles repository, so they are written through the link, atomically (see `outfiles`).

Only command words and option names are completed, never a card: completion runs before a
command, so it must not read a hand (nothing hidden can leak through a TAB).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer

from popejoan_cli.base.errors import Said, StorageError, UsageError, allowed, os_reason
from popejoan_cli.base.visible import shown
from popejoan_cli.cli import command, root

PROG = "popejoan"
COMPLETE_VAR = "_POPEJOAN_COMPLETE"
SHELLS = ("bash", "zsh", "fish", "powershell")


def script(shell: str) -> str:
    """The completion script for `shell`, as Typer writes it for popejoan."""
    # Typer keeps the scripts in a private module; its public `--show-completion` option would put two
    # options on every command's help and detect the shell through a process walk instead of $SHELL.
    from typer._completion_shared import get_completion_script

    return get_completion_script(prog_name=PROG, complete_var=COMPLETE_VAR, shell=shell) + "\n"


def shell_named(word: str | None) -> str:
    """The shell asked for, or the user's login shell ($SHELL); a word popejoan cannot serve is refused."""
    given = word
    if word is None:
        login = os.environ.get("SHELL", "")
        word = Path(login).name if login else ""
        if not word:
            raise UsageError(Said("cannot tell which shell you use ($SHELL is not set)"),
                             Said("name it: `popejoan completion SHELL`; {allowed}", allowed=allowed(SHELLS)))
    word = word.lower().removesuffix(".exe")
    word = "powershell" if word == "pwsh" else word
    if word not in SHELLS:
        what = (Said("no completion for the shell {typed!r}", typed=given) if given
                else Said("no completion for your shell ({shell})", shell=word))
        raise UsageError(what, allowed(SHELLS, word))
    return word


def places(shell: str, home: Path) -> tuple[Path, Path | None, str]:
    """Where `shell` finds the script, the start-up file that must load it (if any), and the line it needs."""
    if shell == "bash":
        path = home / ".bash_completions" / f"{PROG}.sh"
        return path, home / ".bashrc", f"source '{path}'"
    if shell == "zsh":
        return home / ".zfunc" / f"_{PROG}", home / ".zshrc", "fpath+=~/.zfunc; autoload -Uz compinit; compinit"
    if shell == "fish":
        return home / ".config" / "fish" / "completions" / f"{PROG}.fish", None, ""
    raise UsageError(Said("popejoan cannot install completion for PowerShell itself"),
                     Said("add the output of `popejoan completion powershell` to the file named by $PROFILE"))


def install(shell: str, home: Path) -> list[str]:
    """Write the script and, where needed, the start-up line; return what was done, in words (in the
    command's language: paths and the start-up line stay as they are)."""
    from popejoan_cli.formats import outfiles
    from popejoan_cli.render.i18n import t

    path, rc, line = places(shell, home)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise StorageError(Said("cannot make the folder {path}: {reason}", path=str(path.parent),
                                reason=os_reason(err))) from None
    done = [t("wrote {path}", path=shown(str(path)))]
    outfiles.write_text(path, script(shell), force=True)
    if rc is not None:
        try:
            old = rc.read_text(encoding="utf-8") if rc.exists() else ""
        except (OSError, UnicodeDecodeError) as err:
            reason = os_reason(err) if isinstance(err, OSError) else Said("it is not UTF-8 text")
            raise StorageError(Said("cannot read {path}: {reason}", path=str(rc), reason=reason)) from None
        if line in old.splitlines():
            done.append(t("{path} already loads it", path=shown(str(rc))))
        else:
            sep = "" if not old or old.endswith("\n") else "\n"
            outfiles.write_text(rc, f"{old}{sep}{line}\n", force=True)
            done.append(t("added to {path}: {line}", path=shown(str(rc)), line=shown(line)))
    return done


@command(root, "completion")
def completion(
    shell: Annotated[str | None, typer.Argument(help="bash, zsh, fish or powershell (default: your $SHELL).",
                                                show_default=False)] = None,
    do_install: Annotated[bool, typer.Option("--install", help="Install it for your user instead of printing it.")]
    = False,
) -> None:
    """Print the TAB-completion script for your shell, or install it with --install."""
    import sys

    name = shell_named(shell)
    if not do_install:
        sys.stdout.write(script(name))
        return
    for line in install(name, Path.home()):
        sys.stdout.write(f"{line}\n")
    from popejoan_cli.render.i18n import t

    sys.stdout.write(t("Completion works in shells started from now on.") + "\n")
