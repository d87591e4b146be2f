"""The line editor of an interactive `popejoan shell`: which one, and setting it up to complete.

`choose_editor` picks the editor: prompt_toolkit when it is installed (the `popejoan[shell]`
extra; Windows has no readline): a completion menu at TAB, in-memory history with Ctrl-R
search; else the stdlib readline (TAB lists the candidates); else plain `input()`, with no
completion. On a dumb terminal (TERM=dumb, as in Emacs's shell buffer) readline comes first:
there prompt_toolkit can draw no menu. The environment variable POPEJOAN_LINE_EDITOR=readline
or =plain asks for that editor instead (readline falls back to plain where it is missing).
`reader` sets the chosen editor up with the shell's `Completion` (TAB) and gives the function
that reads a line at the prompt. In every editor Ctrl-C drops the line and Ctrl-D leaves.

Split from `shell_cmd` for size. Every `popejoan` invocation that registers all commands
imports this file with the shell, so only light modules are imported at the top: readline and
prompt_toolkit are imported inside the functions that set them up, to keep start-up short.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from prompt_toolkit.completion import CompleteEvent, Completer
    from prompt_toolkit.completion import Completion as Offer
    from prompt_toolkit.document import Document
    from prompt_toolkit.input import Input
    from prompt_toolkit.output import Output

    from popejoan_cli.cli.shell_words import Completion

EDITOR_VARIABLE = "POPEJOAN_LINE_EDITOR"
"""`readline` or `plain` here overrides the line editor `choose_editor` would pick."""
_DELIMS = " \t\n"
"""What ends a word for completion, in every editor (readline's completer delimiters)."""

Reader = Callable[[str], str]
"""Reads one line after showing the prompt it is given, as `input` does."""


def _importable(name: str) -> bool:
    """Whether the module `name` imports here (one set to None in sys.modules does not)."""
    import importlib  # only an interactive shell asks, and asking imports the editor itself

    try:
        importlib.import_module(name)
    except ImportError:
        return False
    return True


def choose_editor(environ: Mapping[str, str] | None = None) -> str:
    """The line editor for an interactive shell: "prompt_toolkit", "readline" or "plain"."""
    env = os.environ if environ is None else environ
    wanted = env.get(EDITOR_VARIABLE, "").strip().lower()
    if wanted == "plain":
        return "plain"
    # A dumb terminal cannot show prompt_toolkit's menu; readline lists the candidates as text.
    dumb = env.get("TERM", "").strip().lower() in ("dumb", "unknown")
    auto = wanted != "readline"
    if auto and not dumb and _importable("prompt_toolkit"):
        return "prompt_toolkit"
    if _importable("readline"):
        return "readline"
    if auto and dumb and _importable("prompt_toolkit"):  # no readline (Windows): still the better editor
        return "prompt_toolkit"
    return "plain"


def _readline(shell: Completion) -> bool:
    """Line editing and TAB completion, where the stdlib readline exists."""
    try:
        import readline
    except ImportError:
        return False
    readline.set_completer(shell.complete)
    readline.set_completer_delims(_DELIMS)
    if "libedit" in (readline.__doc__ or ""):
        readline.parse_and_bind("bind ^I rl_complete")
    else:
        # show-all-if-ambiguous: one TAB lists the candidates (`lead A` -> AC AD AH AS).
        for setting in ("tab: complete", "set show-all-if-ambiguous on",
                        "set input-meta on", "set output-meta on", "set convert-meta off"):
            readline.parse_and_bind(setting)
    shell.line_before = lambda: readline.get_line_buffer()[: readline.get_begidx()]
    return True


def _last_word(before: str) -> str:
    """The word the cursor is in, as readline's delimiters cut it."""
    return before[max(before.rfind(c) for c in _DELIMS) + 1:]


def completer(shell: Completion) -> Completer:
    """A prompt_toolkit completer that offers what the shell's `Completion` offers readline."""
    # Imported here, not at the top: only an interactive shell edits lines, and every other
    # command's start-up would pay for prompt_toolkit (which may not even be installed).
    from prompt_toolkit.completion import Completer
    from prompt_toolkit.completion import Completion as Offer

    class ShellCompleter(Completer):
        def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterator[Offer]:
            before = document.text_before_cursor
            word = _last_word(before)
            for found in shell.offers(before[: len(before) - len(word)], word):
                # The space ends the word, as readline's does: the next TAB completes the next word.
                yield Offer(found + " ", start_position=-len(word), display=found)

    return ShellCompleter()


def prompt_toolkit_reader(shell: Completion, term_in: Input | None = None, term_out: Output | None = None) -> Reader:
    """Read lines through a prompt_toolkit session: TAB menu, history, Ctrl-R search.

    `term_in` and `term_out` default to the terminal; a test passes a pipe and a dummy.
    Ctrl-C raises KeyboardInterrupt and Ctrl-D (on an empty line) EOFError, as `input` does.
    """
    # Imported here: prompt_toolkit is for the interactive shell only (start-up of every other command).
    from prompt_toolkit import PromptSession
    from prompt_toolkit.history import InMemoryHistory
    from prompt_toolkit.shortcuts import CompleteStyle

    # Completions at TAB only, like readline: a menu that follows every key is noise at the table.
    session: PromptSession[str] = PromptSession(
        completer=completer(shell), complete_while_typing=False, complete_style=CompleteStyle.MULTI_COLUMN,
        history=InMemoryHistory(), input=term_in, output=term_out)
    return session.prompt  # a plain-text prompt: no colour to turn off; a test reaches the session through it


def reader(shell: Completion, editor: str) -> Reader:
    """The line reader for `editor` (as `choose_editor` names them)."""
    if editor == "prompt_toolkit":
        return prompt_toolkit_reader(shell)
    if editor == "readline":
        _readline(shell)  # `input` edits through readline once it is imported
    return input
