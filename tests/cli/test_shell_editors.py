"""The shell's line editors: prompt_toolkit, the stdlib readline, plain `input()`, and the choice between them.

prompt_toolkit is driven for real: its input is a pipe (`create_pipe_input`) and its output a
`DummyOutput`, handed to `shell_editors.prompt_toolkit_reader`, or to the whole `popejoan shell`
through `create_app_session`. A `Typist` types from a second thread, each step once the
prompt's buffer shows what the step before should have made (completion runs as a task of the
prompt's event loop, so keys typed all at once would overtake it). The lines are run by
`shell_cmd.serve`, the shell's own loop, or by the command itself through CliRunner with
`_interactive` saying yes (CliRunner's stdin is no terminal). Hiding a module is
`sys.modules[name] = None`, which makes its import fail.
"""

from __future__ import annotations

import importlib.util
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from typer.main import get_command

from conftest import Cli
from popejoan_cli.cli import app, shell_cmd, shell_editors
from popejoan_cli.cli.shell_cmd import PROMPT
from popejoan_cli.cli.shell_lines import Shell

if TYPE_CHECKING:
    from prompt_toolkit import PromptSession
    from prompt_toolkit.input import PipeInput

TIMEOUT = 5.0
needs_prompt_toolkit = pytest.mark.skipif(importlib.util.find_spec("prompt_toolkit") is None,
                                          reason="prompt_toolkit is not installed (the popejoan[shell] extra)")
Step = tuple[str, Callable[["PromptSession[str]"], bool] | None]


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A dealt table 'fri' (Bob leads, 8♦ out of the pack), also this process's POPEJOAN_HOME."""
    monkeypatch.delenv("POPEJOAN_TABLE", raising=False)
    monkeypatch.delenv(shell_editors.EDITOR_VARIABLE, raising=False)
    monkeypatch.setenv("POPEJOAN_HOME", str(tmp_path))
    Cli(tmp_path).ok("table", "new", "fri", "--rules", "modern-stops", "--players", "Ann,Bob,Cat,Dan")
    assert "Bob leads" in Cli(tmp_path).ok("deal", "--seed", "42").stdout
    return tmp_path


def journal(home: Path) -> str:
    return (home / "tables" / "fri" / "journal.jsonl").read_text(encoding="utf-8")


def shows(text: str) -> Callable[[PromptSession[str]], bool]:
    return lambda session: session.default_buffer.text == text


def menu_of(count: int) -> Callable[[PromptSession[str]], bool]:
    def shown(session: PromptSession[str]) -> bool:
        state = session.default_buffer.complete_state
        return state is not None and len(state.completions) == count
    return shown


def searching(text: str) -> Callable[[PromptSession[str]], bool]:
    return lambda session: session.search_buffer.text == text


class Typist:
    """Types `steps` into the prompt from a second thread: each step's keys, then waits for its check.

    If a check never comes true it gives up with Ctrl-U Ctrl-D, which ends the reading (the
    test then fails on `failed`) instead of leaving the prompt waiting for ever.
    """

    def __init__(self, pipe: PipeInput, read: shell_editors.Reader, steps: list[Step]) -> None:
        self.pipe = pipe
        self.session: PromptSession[str] = read.__self__  # type: ignore[attr-defined]  # the session's `prompt`
        self.steps = steps
        self.failed: str | None = None
        self.thread = threading.Thread(target=self._type, daemon=True)
        self.thread.start()

    def _type(self) -> None:
        for keys, check in self.steps:
            self.pipe.send_text(keys)
            until = time.monotonic() + TIMEOUT
            while check is not None and not check(self.session):
                if time.monotonic() > until:
                    self.failed = f"after {keys!r} the buffer is {self.session.default_buffer.text!r}"
                    self.pipe.send_text("\x15\x04")
                    return
                time.sleep(0.01)

    def done(self) -> None:
        self.thread.join(TIMEOUT)
        assert self.failed is None, self.failed


@pytest.fixture
def pipe() -> Iterator[PipeInput]:
    from prompt_toolkit.input import create_pipe_input  # prompt_toolkit may be missing: only its tests import it

    with create_pipe_input() as made:
        yield made


def toolkit_reader(sh: Shell, pipe: PipeInput) -> shell_editors.Reader:
    from prompt_toolkit.output import DummyOutput  # prompt_toolkit may be missing: only its tests import it

    return shell_editors.prompt_toolkit_reader(sh, pipe, DummyOutput())


@needs_prompt_toolkit
def test_tab_completes_a_command_word_a_card_and_a_player(home: Path, pipe: PipeInput) -> None:
    before = journal(home)
    sh = Shell(get_command(app), None, interactive=True)
    read = toolkit_reader(sh, pipe)
    typist = Typist(pipe, read, [("lea\t", shows("lead ")),
                                 ("7h\t", shows("lead 7H ")),  # a card, in the file form
                                 ("--by B\t", shows("lead 7H --by Bob ")),  # a player of the table
                                 ("\r", None)])
    assert read(PROMPT) == "lead 7H --by Bob "
    typist.done()
    assert journal(home) == before  # reading a line runs nothing


@needs_prompt_toolkit
def test_a_completed_line_is_run_and_ctrl_d_leaves_with_0(home: Path, pipe: PipeInput,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    sh = Shell(get_command(app), None, interactive=True)
    sh.refresh()
    read = toolkit_reader(sh, pipe)
    typist = Typist(pipe, read, [("lea\t", shows("lead ")), ("7H\t", shows("lead 7H ")), ("\r", None),
                                 ("\x04", None)])
    assert shell_cmd.serve(sh, read, interactive=True) == 0
    typist.done()
    out, err = capsys.readouterr()
    assert "Bob leads 7♥ 8♥" in out and "Board: Pope 6" in out
    assert err == ""
    assert '"CardLed"' in journal(home)


@needs_prompt_toolkit
def test_ctrl_c_drops_the_line_and_the_shell_goes_on(home: Path, pipe: PipeInput,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    before = journal(home)
    sh = Shell(get_command(app), None, interactive=True)
    read = toolkit_reader(sh, pipe)
    typist = Typist(pipe, read, [("lead 7H", shows("lead 7H")), ("\x03", None),
                                 ("board --json\r", None), ("exit 4\r", None)])
    assert shell_cmd.serve(sh, read, interactive=True) == 4
    typist.done()
    out, err = capsys.readouterr()
    assert out.startswith("^C\n")
    assert '"pope": 6' in out
    assert err == "" and "Traceback" not in out
    assert journal(home) == before  # the dropped lead was never run


@needs_prompt_toolkit
def test_tab_opens_a_menu_and_ctrl_r_searches_the_history(home: Path, pipe: PipeInput) -> None:
    sh = Shell(get_command(app), None, interactive=True)
    read = toolkit_reader(sh, pipe)
    typist = Typist(pipe, read, [("lead A\t", menu_of(4)),  # AC AD AH AS
                                 ("\t", shows("lead AC ")),  # TAB again walks the menu
                                 ("\x15board --json\r", None),
                                 ("\x12boa", searching("boa")), ("\r", shows("board --json")), ("\r", None)])
    assert read(PROMPT) == "board --json"
    assert read(PROMPT) == "board --json"  # found again by Ctrl-R
    typist.done()
    assert '"CardLed"' not in journal(home)


@needs_prompt_toolkit
def test_the_shell_command_edits_with_prompt_toolkit_on_a_terminal(home: Path, pipe: PipeInput,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    from prompt_toolkit.application import create_app_session  # only prompt_toolkit's tests import it
    from prompt_toolkit.output import DummyOutput  # as above

    monkeypatch.setattr(shell_cmd, "_interactive", lambda: True)
    pipe.send_text("board --json\r" + "lead 7H\x03" + "nosuch\r" + "exit 3\r")
    with create_app_session(input=pipe, output=DummyOutput()):
        res = Cli(home)("shell", input="lead 7H\n", TERM="xterm")  # stdin is not what the shell reads
    assert res.exit_code == 3, (res.stdout, res.stderr)
    assert "popejoan shell: table 'fri' (Ann, Bob, Cat, Dan)" in res.stdout
    assert '"pope": 6' in res.stdout and "^C\n" in res.stdout
    assert res.stderr == "popejoan: no command 'nosuch'; type `help` for the list\n"
    assert '"CardLed"' not in journal(home)


def hide(monkeypatch: pytest.MonkeyPatch, *names: str) -> None:
    for name in names:
        monkeypatch.setitem(sys.modules, name, None)


def test_without_readline_or_prompt_toolkit_lines_run_through_plain_input(home: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    hide(monkeypatch, "readline", "prompt_toolkit")
    assert shell_editors.choose_editor({"TERM": "xterm"}) == "plain"
    sh = Shell(get_command(app), None, interactive=True)
    assert shell_editors.reader(sh, "plain") is input
    monkeypatch.setattr(shell_cmd, "_interactive", lambda: True)
    res = Cli(home)("shell", input="board --json\nlead 7H\nexit 3\n", TERM="xterm")
    assert res.exit_code == 3, (res.stdout, res.stderr)
    assert "popejoan shell: table 'fri'" in res.stdout and PROMPT in res.stdout  # input() shows the prompt
    assert '"pope": 6' in res.stdout and "Bob leads 7♥ 8♥" in res.stdout
    assert res.stderr == ""
    assert '"CardLed"' in journal(home)


def test_ctrl_d_at_a_plain_prompt_leaves_with_0(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shell_cmd, "_interactive", lambda: True)
    before = journal(home)
    res = Cli(home)("shell", input="", **{shell_editors.EDITOR_VARIABLE: "plain"})
    assert res.exit_code == 0, (res.stdout, res.stderr)
    assert res.stdout.endswith(PROMPT + "\n")  # the end of the input leaves on a fresh line
    assert res.stderr == ""
    assert journal(home) == before


def test_with_readline_but_no_prompt_toolkit_readline_completes(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    readline: Any = pytest.importorskip("readline")
    hide(monkeypatch, "prompt_toolkit")
    assert shell_editors.choose_editor({"TERM": "xterm"}) == "readline"
    sh = Shell(get_command(app), None, interactive=True)
    old = readline.get_completer(), readline.get_completer_delims()
    try:
        assert shell_editors.reader(sh, "readline") is input
        assert readline.get_completer() == sh.complete
        sh.line_before = lambda: "hand show "  # what readline's buffer would hold
        assert [sh.complete("B", 0), sh.complete("B", 1)] == ["Bob ", None]
    finally:
        readline.set_completer(old[0])
        readline.set_completer_delims(old[1])


@pytest.mark.parametrize(("hidden", "env", "chosen"), [
    ((), {"TERM": "xterm"}, "prompt_toolkit"),
    ((), {}, "prompt_toolkit"),
    ((), {"TERM": "xterm", "POPEJOAN_LINE_EDITOR": "readline"}, "readline"),
    ((), {"TERM": "xterm", "POPEJOAN_LINE_EDITOR": "plain"}, "plain"),
    ((), {"TERM": "xterm", "POPEJOAN_LINE_EDITOR": " Plain "}, "plain"),
    ((), {"TERM": "xterm", "POPEJOAN_LINE_EDITOR": "nonsense"}, "prompt_toolkit"),
    ((), {"TERM": "dumb"}, "readline"),  # prompt_toolkit can draw no menu there
    (("prompt_toolkit",), {"TERM": "xterm"}, "readline"),
    (("readline",), {"TERM": "xterm"}, "prompt_toolkit"),
    (("readline",), {"TERM": "dumb"}, "prompt_toolkit"),  # Windows' console: still better than input()
    (("readline",), {"TERM": "xterm", "POPEJOAN_LINE_EDITOR": "readline"}, "plain"),
    (("readline", "prompt_toolkit"), {"TERM": "xterm"}, "plain"),
    (("readline", "prompt_toolkit"), {"POPEJOAN_LINE_EDITOR": "readline"}, "plain"),
])
def test_the_editor_chosen(hidden: tuple[str, ...], env: dict[str, str], chosen: str,
                           monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("readline", "prompt_toolkit"):
        if name not in hidden and importlib.util.find_spec(name) is None:
            pytest.skip(f"{name} is not installed here")
    hide(monkeypatch, *hidden)
    assert shell_editors.choose_editor(env) == chosen


def test_the_environment_variable_is_read_when_no_mapping_is_given(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(shell_editors.EDITOR_VARIABLE, "plain")
    assert shell_editors.choose_editor() == "plain"
