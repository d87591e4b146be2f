"""`popejoan shell`, driven through a pseudo-terminal: commands, the board after a change, TAB
completion, bad lines, `hand show`'s pass-the-laptop dance, and leaving.

Each shell is a real `python -m popejoan_cli shell` process on a pty in its own
POPEJOAN_HOME (POPEJOAN_TABLE never inherited); the table is made first with the CLI
in-process. `Term.expect` is a small expect(1): it reads with select until a pattern shows
up in the output (terminal escapes stripped) or 5 s pass. The completer's candidates are
also checked directly, and a piped shell is run in-process with CliRunner, which shows that
the commands run inside the shell's own process.
"""

from __future__ import annotations

import os
import re
import select
import struct
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.main import get_command
from typer.testing import Result

from conftest import Cli
from popejoan_cli.cli import app
from popejoan_cli.cli.shell_lines import CLEAR, Shell

TIMEOUT = 5.0
PROMPT = "popejoan> "
_ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\x1b[()][A-Z0-9]|\x1b[=>]|[\x07\x08]")


def env_for(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "POPEJOAN_TABLE"}
    return {**env, "POPEJOAN_HOME": str(home), "NO_COLOR": "1", "TERM": "dumb", "COLUMNS": "100"}


def cli(home: Path, *args: str, input: str | None = None) -> Result:
    """conftest's CLI in `home`: never a traceback."""
    res = Cli(home)(*args, input=input)
    assert "Traceback" not in res.stderr
    return res


class Term:
    """A process on a pseudo-terminal, with expect-like reading."""

    def __init__(self, home: Path, *args: str) -> None:
        # Pseudo-terminals are POSIX's: on Windows these tests skip and the rest of the file runs.
        fcntl = pytest.importorskip("fcntl")
        termios = pytest.importorskip("termios")
        self.fd, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 100, 0, 0))
        self.proc = subprocess.Popen([sys.executable, "-m", "popejoan_cli", *args], stdin=slave, stdout=slave,
                                     stderr=slave, env=env_for(home), start_new_session=True)
        os.close(slave)
        self.raw = b""
        self.seen = 0
        """How much of the cleaned output `expect` has consumed."""

    @property
    def text(self) -> str:
        return _ESCAPES.sub("", self.raw.decode("utf-8", "ignore").replace("\r", ""))

    def _read(self, until: float) -> bool:
        left = until - time.monotonic()
        if left <= 0 or not select.select([self.fd], [], [], left)[0]:
            return False
        try:
            chunk = os.read(self.fd, 65536)
        except OSError:  # the process has gone and closed the pty
            return False
        self.raw += chunk
        return bool(chunk)

    def expect(self, pattern: str, timeout: float = TIMEOUT) -> str:
        """Everything up to and including the next match of the regex `pattern`."""
        until = time.monotonic() + timeout
        while True:
            found = re.compile(pattern).search(self.text, self.seen)
            if found:
                out = self.text[self.seen: found.end()]
                self.seen = found.end()
                return out
            if not self._read(until):
                pytest.fail(f"no {pattern!r} within {timeout} s; output since the last match:\n"
                            f"{self.text[self.seen:]!r}")

    def expect_raw(self, data: bytes, timeout: float = TIMEOUT) -> None:
        until = time.monotonic() + timeout
        while data not in self.raw:
            if not self._read(until):
                pytest.fail(f"no {data!r} within {timeout} s; got {self.raw[-300:]!r}")

    def prompt(self) -> str:
        return self.expect(re.escape(PROMPT))

    def send(self, text: str) -> None:
        os.write(self.fd, text.encode())

    def line(self, text: str) -> str:
        """Enter a line and return what it printed before the next prompt."""
        self.send(text + "\r")
        return self.prompt()

    def wait(self) -> int:
        until = time.monotonic() + TIMEOUT
        while self.proc.poll() is None and time.monotonic() < until:
            self._read(min(until, time.monotonic() + 0.1))
        return self.proc.wait(timeout=1)

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        os.close(self.fd)


@pytest.fixture
def home(tmp_path: Path) -> Path:
    res = cli(tmp_path, "table", "new", "fri", "--rules", "modern-stops", "--players", "Ann,Bob,Cat,Dan")
    assert res.exit_code == 0, res.stderr
    return tmp_path


@pytest.fixture
def dealt(home: Path) -> Path:
    res = cli(home, "deal", "--seed", "42")
    assert res.exit_code == 0 and "Bob leads" in res.stdout, res.stderr
    return home


@pytest.fixture
def shell(dealt: Path) -> Iterator[Term]:
    term = Term(dealt, "shell")
    term.prompt()
    yield term
    term.close()


def test_a_command_runs_and_the_board_follows_each_change(home: Path) -> None:
    term = Term(home, "shell")
    try:
        assert "table 'fri' (Ann, Bob, Cat, Dan)" in term.prompt()
        out = term.line("deal --seed 42")
        assert "Bob leads" in out
        assert "Board: Pope 6 · Matrimony 2 · Intrigue 2 · Ace 1 · King 1 · Queen 1 · Jack 1" in out
        out = term.line("board --json")
        assert '"pope": 6' in out and "Board:" not in out  # a read changes nothing: no board line
        out = term.line("lead 7H")
        assert "Bob leads 7♥ 8♥" in out and "Board: Pope 6" in out
        out = term.line("undo --yes")
        assert "Undone: Bob's lead 7♥, and Bob's 8♥ that followed." in out
        assert "Bob leads. Each player sees their own hand with `hand show NAME`." in out  # as the shell types it
        assert "Board: Pope 6" in out
        term.send("exit\r")
        assert term.wait() == 0
    finally:
        term.close()
    journal = (home / "tables" / "fri" / "journal.jsonl").read_text(encoding="utf-8")
    assert '"HandDealt"' in journal and '"CardLed"' in journal and '"EventVoided"' in journal


def test_tab_completes_commands_options_cards_players_and_pots(shell: Term) -> None:
    shell.send("lea\t")
    shell.expect(r"lead $")
    shell.send("A\t")  # ambiguous: the candidates are listed at once
    shell.expect(r"AC\s+AD\s+AH\s+AS")
    shell.expect(re.escape(PROMPT + "lead A"))
    shell.send("\x15hand show A\t")
    shell.expect(r"hand show Ann $")
    shell.send("\x15hand sh\t")
    shell.expect(r"hand show $")
    shell.send("\x15lead q\t")  # lowercase completes to the file form
    shell.expect(r"QC\s+QD\s+QH\s+QS")
    shell.send("\x15lead 10\t")
    shell.expect(r"10C\s+10D\s+10H\s+10S")
    shell.send("\x15lead 8\t")  # 8♦ is out of the pack
    listed = shell.expect(r"8C\s+8H\s+8S")
    assert "8D" not in listed
    shell.send("\x15lead 9♦\t")
    shell.expect(r"lead 9♦ $")
    shell.send("\x15claim Bob ma\t")
    shell.expect(r"claim Bob matrimony $")
    shell.send("\x15count p\t")
    shell.expect(r"count pope $")
    shell.send("\x15deal --se\t")
    shell.expect(r"deal --seed $")
    shell.send("\x15lead AS --by D\t")
    shell.expect(r"--by Dan $")
    shell.send("\x15")
    assert "Traceback" not in shell.line("board --json")


def test_an_unknown_command_gets_one_line_and_the_nearest_word(shell: Term) -> None:
    out = shell.line("dela")
    assert "popejoan: no command 'dela'; did you mean 'deal'?" in out
    assert out.strip().splitlines() == ["dela", "popejoan: no command 'dela'; did you mean 'deal'?", "popejoan>"]
    out = shell.line("hand shwo Bob")
    assert "did you mean 'hand show'?" in out
    out = shell.line("lead")
    assert "Missing argument" in out and "lead --help" in out
    assert "Traceback" not in shell.text
    assert "Bob leads 7♥" in shell.line("lead 7H")  # and the shell goes on


def test_a_half_typed_line_gets_a_clear_message(shell: Term) -> None:
    out = shell.line('lead "AS')
    assert "popejoan: half-typed line (no closing quotation); did you mean: lead AS" in out
    assert "Traceback" not in out
    journal = shell.line("history --json")
    assert '"plays": []' in journal or "AS" not in journal.split("history --json", 1)[1]


def test_an_illegal_lead_gets_the_referees_message_and_the_prompt_continues(shell: Term, dealt: Path) -> None:
    out = shell.line("lead 2C")
    # 2♣ lies in the spare hand, which the table has not seen: the refusal does not say so, nor
    # whether Bob lacks 2♣ or holds a lower club: that reason is Bob's alone, behind `hand show --why`
    assert out.strip().splitlines() == [
        "lead 2C",
        "popejoan: Bob cannot lead 2♣ now",
        '  rule: a player leads a card they hold; play.lead = "lowest-in-suit"',
        "  Bob alone may see why: `hand show Bob --why 2C`",  # as the shell takes it
        "popejoan>",
    ]
    assert "spare" not in out and "hold 2♣" not in out and "lower" not in out
    assert "Board:" not in out  # nothing was recorded
    # The hint's command, as written: the reason is told to Bob alone; Ann asking is not told it
    bob = cli(dealt, "hand", "show", "Bob", "--why", "2C")
    assert bob.exit_code == 0 and "Why not 2♣: you do not hold 2♣." in bob.stdout
    told = cli(dealt, "hand", "show", "Bob", "--why", "2C", "--json").stdout
    assert told.count('"reason": "you do not hold 2♣"') == 1
    ann = cli(dealt, "hand", "show", "Ann", "--why", "2C")
    assert "Why not 2♣: Ann cannot lead 2♣: it is Bob's lead." in ann.stdout and "you do not hold" not in ann.stdout
    out = shell.line("lead 7H")
    assert "Bob leads 7♥ 8♥" in out


def test_hand_show_why_asks_to_pass_the_laptop_and_clears_after(shell: Term) -> None:
    shell.line("lead 2C")
    shell.send("hand show Bob --why 2C\r")
    assert "Why not" not in shell.expect("Pass the laptop to Bob and press Enter")
    shell.send("\r")
    assert "Why not 2♣: you do not hold 2♣." in shell.expect("Press Enter to hide it")
    shell.send("\r")
    shell.expect_raw(b"\x1b[2J\x1b[H")
    assert "Bob's hand is hidden." in shell.prompt()


def test_hand_show_asks_to_pass_the_laptop_and_clears_after(shell: Term) -> None:
    shell.send("hand show Bob\r")
    before = shell.expect("Pass the laptop to Bob and press Enter")
    assert "9♣" not in before
    shell.send("\r")
    hand = shell.expect("Press Enter to hide it")
    assert "Bob's hand" in hand and "9♣ 4♦ 7♦ 7♥ 8♥ Q♥ A♠ 5♠ 7♠ 9♠ K♠" in hand
    assert CLEAR.encode() not in shell.raw
    shell.send("\r")
    shell.expect_raw(b"\x1b[2J\x1b[H")
    assert "Bob's hand is hidden." in shell.prompt()
    out = shell.line("hand show Zed")  # not a player: no dance, the command's own error
    assert "Pass the laptop" not in out and "no player 'Zed'" in out


def test_exit_leaves_with_status_0(shell: Term) -> None:
    shell.send("exit\r")
    assert shell.wait() == 0


def test_ctrl_d_leaves(shell: Term) -> None:
    shell.send("\x04")
    assert shell.wait() == 0


def test_the_global_table_option_holds_for_every_command(tmp_path: Path) -> None:
    folder = tmp_path / "elsewhere"
    res = cli(tmp_path, "--table", str(folder), "table", "new", "x", "--rules", "modern-stops",
              "--players", "Ann,Bob,Cat,Dan")
    assert res.exit_code == 0, res.stderr
    assert not (tmp_path / "current").exists()  # no current table: only --table finds it
    term = Term(tmp_path, "--table", str(folder), "shell")
    try:
        term.prompt()
        assert "Bob leads" in term.line("deal --seed 42")
        assert '"pope": 6' in term.line("board --json")
        term.send("hand show B\t")
        term.expect(r"hand show Bob $")
        term.send("\x15exit\r")
        assert term.wait() == 0
    finally:
        term.close()


def test_help_lists_the_commands(shell: Term) -> None:
    out = shell.line("help")
    for word in ("deal", "lead", "board", "undo", "table", "hand", "exit"):
        assert re.search(rf"\b{word}\b", out)
    assert "shell  " not in out


def test_a_piped_shell_runs_every_command_in_process(dealt: Path) -> None:
    res = cli(dealt, "shell", input="lead 7H\nboard --json\ndela\nlead 'AS\nhand show Bob --json\n")
    assert res.exit_code == 0
    assert "Bob leads 7♥ 8♥" in res.stdout and '"pope": 6' in res.stdout and '"7D"' in res.stdout
    assert "did you mean 'deal'?" in res.stderr and "half-typed line" in res.stderr
    assert "popejoan> " not in res.stdout  # no prompt when nobody is typing


def _completes(sh: Shell, cases: list[tuple[str, str, list[str]]]) -> None:
    """Each (line so far, word, candidates) completes to exactly those candidates, in that order."""
    for line, word, expected in cases:
        assert sh.candidates(line, word) == expected, (line, word)


NO_TABLE_CASES = [
    ("", "ex", ["exit"]),
    ("hand ", "s", ["show"]),
    ("lead ", "9", ["9C", "9D", "9H", "9S"]),
    ("lead ", "q", ["QC", "QD", "QH", "QS"]),
    ("lead ", "10", ["10C", "10D", "10H", "10S"]),
    ("lead ", "t", ["TC", "TD", "TH", "TS"]),
    ("lead ", "9♦", ["9♦"]),
    ("lead ", "Д", ["Дт", "Дб", "Дч", "Дп"]),
    ("lead ", "дч", ["дч"]),  # a whole card stays as written
    ("lead ", "X", []),
    ("deal ", "--s", ["--seed"]),
    ("rules show ", "mo", ["modern-stops"]),
    ("nosuch ", "", []),
]


def test_completion_candidates(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POPEJOAN_HOME", str(tmp_path))  # no table here
    sh = Shell(get_command(app), None, interactive=False)
    assert sh.candidates("", "") == sorted(sh.candidates("", ""))
    assert "lead" in sh.candidates("", "le")
    assert "shell" not in sh.candidates("", "sh")
    _completes(sh, NO_TABLE_CASES)
    assert len(sh.candidates("lead ", "")) == 52  # no table: nothing removed


TABLE_CASES = [
    ("lead ", "8", ["8C", "8H", "8S"]),  # 8♦ is out of the pack
    ("hand show ", "", ["Ann", "Bob", "Cat", "Dan"]),
    ("hand show ", "c", ["Cat"]),
    ("table join ", "", []),  # a new player: nobody to offer
    ("claim Bob ", "", ["pope", "matrimony", "intrigue", "ace", "king", "queen", "jack", "game", "cards"]),
    ("count ", "a", ["ace", "Ann"]),
    ("play ", "B", ["Bob"]),
    ("play Bob ", "K", ["KC", "KD", "KH", "KS"]),
    # A run on one line: CARD:NAME completes the player, `stop` ends the line.
    ("play Bob AS ", "2S:", ["2S:Ann", "2S:Bob", "2S:Cat", "2S:Dan"]),
    ("play Bob AS ", "2s:c", ["2s:Cat"]),
    ("play Bob AS ", "2X:", []),
    ("play Bob AS 2S:Ann ", "st", ["stop"]),
    ("out Ann --pope ", "", ["Ann", "Bob", "Cat", "Dan", "spare", "none"]),
    ("pay Bob ", "ma", ["matrimony"]),
    ("pay Bob pope ", "i", ["intrigue"]),
    ("table use ", "", ["fri"]),
]


def test_completion_candidates_from_the_table(dealt: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POPEJOAN_HOME", str(dealt))
    sh = Shell(get_command(app), None, interactive=False)
    assert sh.refresh()  # loaded once
    assert not sh.refresh()  # reloaded only when the journal changes
    _completes(sh, TABLE_CASES)
    assert len(sh.candidates("lead ", "")) == 51
    assert len(sh.candidates("play Bob AS 2S:Ann ", "")) == 4 + 51 + 1  # every card of the pack, any hand
    assert sh.board_line().startswith("Board: Pope 6 · Matrimony 2")


MAX_LINE = 10_000
"""The longest line the shell reads (documented in `popejoan shell --help`)."""


def _pasted(dealt: Path, length: int) -> tuple[Result, float]:
    """The shell fed a runaway line of `length` characters, then two more lines; its result and its CPU time."""
    started = time.process_time()  # CPU time: a busy machine slows the wall clock, not the work
    res = cli(dealt, "shell", input="x" * length + "\nboard --json\n" + "lead " + "A" * MAX_LINE + "\nexit 3\n")
    return res, time.process_time() - started


def test_a_long_pasted_line_is_refused_in_one_line_and_the_shell_goes_on(dealt: Path) -> None:
    res, cpu = _pasted(dealt, 200_000)
    assert res.exit_code == 3  # the shell read on to the end
    assert '"pope": 6' in res.stdout
    lines = res.stderr.splitlines()
    assert lines == ["popejoan: line too long (more than 10,000 characters); nothing was run"] * 2
    # Read in time linear in its length: 8x the line costs far less than 8x (the shell's start is most of
    # it); quadratic reading cost 64x, seconds for this line alone. A ratio of CPU times, not a clock.
    _, small = _pasted(dealt, 25_000)
    assert cpu < 8 * small, (cpu, small)


def test_a_line_at_the_limit_is_still_read(dealt: Path) -> None:
    line = "board --json " + " " * (MAX_LINE - len("board --json "))
    assert len(line) == MAX_LINE
    res = cli(dealt, "shell", input=line + "\n" + "x" * (MAX_LINE - 1))  # the last line has no newline
    assert res.exit_code == 2  # that last line, read whole, is no command: the shell leaves with its status
    assert '"pope": 6' in res.stdout
    assert res.stderr.count("\n") == 1 and "no command 'xxxxxxxx" in res.stderr and "…" in res.stderr
    assert len(res.stderr) < 200  # a huge word is not echoed in full


def _timed(fn: object, arg: str) -> float:
    assert callable(fn)
    best = float("inf")
    for _ in range(3):
        started = time.process_time()  # CPU time, which another process's load does not stretch
        fn(arg)
        best = min(best, time.process_time() - started)
    return best


def test_splitting_a_line_takes_time_linear_in_its_length() -> None:
    from popejoan_cli.cli import shell_words  # the shell's word splitter

    for piece in ("x", 'ab "c d" \\e ', "w'q q'"):
        small = piece * (25_000 // len(piece))
        big = piece * (200_000 // len(piece))
        t_small, t_big = _timed(shell_words.split, small), _timed(shell_words.split, big)
        # 8x the input: linear is about 8x the CPU time, quadratic about 64x (a ratio, never a clock).
        assert t_big < 24 * t_small, (piece, t_small, t_big)


def test_splitting_matches_shlex() -> None:
    import random
    import shlex

    from popejoan_cli.cli import shell_words  # the shell's word splitter

    rng = random.Random(7)
    alphabet = ["a", "b", " ", "\t", "'", '"', "\\", "#", "\n", "\r", "é", "\xa0", "ab cd"]
    for _ in range(20_000):
        line = "".join(rng.choice(alphabet) for _ in range(rng.randrange(12)))
        for comments in (True, False):
            try:
                want: list[str] | str = shlex.split(line, comments=comments)
            except ValueError as err:
                want = str(err)
            try:
                got: list[str] | str = shell_words.split(line, comments=comments)
            except ValueError as err:
                got = str(err)
            assert got == want, (line, comments)


def test_completion_gives_up_on_an_absurd_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POPEJOAN_HOME", str(tmp_path))
    sh = Shell(get_command(app), None, interactive=False)
    started = time.process_time()
    assert sh.candidates("lead " + "A" * 500_000 + " ", "9") == []
    assert time.process_time() - started < 1.0  # CPU time: giving up is cheap however busy the machine


def test_ctrl_c_at_the_prompt_drops_the_line_and_the_shell_goes_on(shell: Term) -> None:
    import signal

    shell.send("lea")
    shell.expect("lea")
    # Python's readline notices a signal only once it waits in select(); one that comes while
    # it is still drawing the line waits for the next key. A person is never that quick.
    time.sleep(0.2)
    shell.proc.send_signal(signal.SIGINT)  # what Ctrl-C sends (the test's pty is not the shell's terminal)
    shell.expect(r"\^C\n")
    shell.prompt()
    assert '"pope": 6' in shell.line("board --json")
    shell.send("exit\r")
    assert shell.wait() == 0
    assert "Traceback" not in shell.text and "interrupted" not in shell.text


def test_sigterm_at_the_prompt_ends_the_shell(shell: Term) -> None:
    import signal

    time.sleep(0.2)  # into readline's select(), as above
    shell.proc.send_signal(signal.SIGTERM)
    assert shell.wait() == 128 + signal.SIGTERM
    assert "Traceback" not in shell.text


def test_a_piped_shell_leaves_with_its_last_lines_status(dealt: Path) -> None:
    """As sh does: `printf 'lead ZZ\\n' | popejoan shell` exits 2, as `popejoan lead ZZ` would (issue 39)."""
    assert cli(dealt, "shell", input="lead ZZ\n").exit_code == 2
    assert cli(dealt, "shell", input="nosuch\n").exit_code == 2
    assert cli(dealt, "shell", input="lead ZZ\nboard --json\n").exit_code == 0  # the last line went well
    assert cli(dealt, "shell", input="lead ZZ\n\n# a comment\n").exit_code == 2  # blank lines change nothing
    assert cli(dealt, "shell", input="lead ZZ\nexit 0\n").exit_code == 0
