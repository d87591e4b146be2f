"""Shared test helpers: where the test data lives, the CLI, golden files, and the bad house-rule files.

`Cli` is the one way the tests run the CLI in-process (the `cli` fixture; `run` and `invoke` are
the same under the names older tests use): call it for the Result, `ok`/`json` for a success,
`fails` for a documented failure, `lead_lowest` to lead as `store.autoplay` would. `play_hand`
plays a hand out through the journal (`store.autoplay.play_hand`). `golden(path, text)` is the
one golden-file comparison (POPEJOAN_REGEN=1 rewrites).

Each file in `tests/data/rules/bad/` says what it must produce in `# expect:` comment
lines at its top, one per problem: `# expect: LINE KEY | fragment | fragment ...` (KEY is
`-` when the problem names no key). A test that takes a `bad_rules_case` argument runs once
per file.
"""

from __future__ import annotations

import contextlib
import gc
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import typer.main
import typer.testing
from typer.testing import CliRunner, Result

from popejoan_cli.game.cards import Dealt
from popejoan_cli.game.hand import Hand
from popejoan_cli.game.rules import HouseRules

pytest_plugins = ["browsing"]
"""tests/browsing.py: the one headless Chromium the web tests share (`browser`)."""

TESTS = Path(__file__).parent
"""The tests folder: this file, the shared helpers and `data/` (test files sit in one folder per layer)."""
ROOT = TESTS.parent
"""The repository: README, house-rules/, src/."""
DATA = TESTS / "data"
GOLDEN = DATA / "golden"
BAD_RULES = DATA / "rules" / "bad"
REGEN = os.environ.get("POPEJOAN_REGEN") == "1"
"""`POPEJOAN_REGEN=1 python3 -m pytest ...` rewrites the golden files instead of comparing (review the diff)."""


def golden(path: Path, text: str) -> None:
    """`text` must equal the golden file at `path`; with POPEJOAN_REGEN=1 the file is rewritten first."""
    if REGEN:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"no golden file {path}: make it with POPEJOAN_REGEN=1 and review it"
    assert text == path.read_text(encoding="utf-8"), f"{path.name} differs; if the change is meant, POPEJOAN_REGEN=1"


_BUILT: dict[int, tuple[Any, Any]] = {}


def _built_command(app: Any) -> Any:
    """Typer's click command for `app`, built once per app: `CliRunner.invoke` would build the whole
    command tree again on every call (about 90 ms), which the suite's thousands of commands cannot
    afford. A command run by `popejoan` builds it once per process too."""
    if id(app) not in _BUILT:
        _BUILT[id(app)] = (app, _build_command(app))  # the app is kept, so its id is never reused
    return _BUILT[id(app)][1]


_build_command = typer.main.get_command
# What CliRunner.invoke calls (its module's own name for typer.main.get_command); no public hook exists.
setattr(typer.testing, "_get_command", _built_command)  # noqa: B010


NOW = "2026-12-01T21:04:05+01:00"
"""The time the store writes on every event in the tests (`POPEJOAN_NOW`, set here for the whole run, module
fixtures and helper processes included), so outputs that show it are stable; a test may set another."""
os.environ["POPEJOAN_NOW"] = NOW
_USER = tempfile.mkdtemp(prefix="popejoan-user-")
"""The user's home folder for the whole run (HOME, and popejoan's own folder in it): reading a table
writes popejoan's own files there (the key that signs `.verified` notes), so a test reading one
in-process, even one that unsets POPEJOAN_HOME, never writes into the real user's folders."""
os.environ.update(HOME=_USER, USERPROFILE=_USER, XDG_DATA_HOME=os.path.join(_USER, "data"))
os.environ.setdefault("POPEJOAN_HOME", os.path.join(_USER, "popejoan"))

PLAIN_ENV = {"COLUMNS": "100", "NO_COLOR": "1", "TERM": "dumb"}
"""Fixed width and no colour, so rendered output is stable."""


@dataclass(frozen=True)
class Expected:
    line: int
    key: str
    fragments: tuple[str, ...]


@dataclass(frozen=True)
class BadRulesCase:
    path: Path
    expected: tuple[Expected, ...]

    @staticmethod
    def read(path: Path) -> BadRulesCase:
        found = []
        for text in path.read_text(encoding="utf-8").splitlines():
            if not text.startswith("# expect:"):
                continue
            head, *fragments = (part.strip() for part in text.removeprefix("# expect:").split(" | "))
            line, key = head.split(" ", 1)
            found.append(Expected(int(line), "" if key == "-" else key, tuple(fragments)))
        assert found, f"{path} has no '# expect:' line"
        return BadRulesCase(path, tuple(found))


def pytest_configure(config: pytest.Config) -> None:
    """The garbage collector less often: a test process holds the whole suite's modules, fixtures and caches,
    and the default thresholds had it walk them all again every few thousand objects (a quarter of the time
    of the table and CLI tests, measured)."""
    gc.set_threshold(100_000, 50, 1000)


def pytest_collection_finish(session: pytest.Session) -> None:
    """What collection made lives for the run: out of the collector's sight (`gc.freeze`), not walked again."""
    gc.collect()
    gc.freeze()


HOSTILE = max(1, int(os.environ.get("POPEJOAN_HOSTILE_SCALE") or 1))
"""How many times over the hostile tests run their random parts (SIGKILLs mid-write, random flips and cuts of
a journal, racing writers): 1 in the suite; `POPEJOAN_HOSTILE_SCALE=10` for a deeper run. The exhaustive parts
(a cut and a flip at every byte) are the same at every scale."""
FIGURE = "hostile: "
"""A test's `record_property(FIGURE + what, n)`: how much damage it did, summed over the run and printed at its
end (`hostile figures`) when POPEJOAN_HOSTILE_SCALE is set or with -v."""


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    """The hostile tests' figures, summed over every test process (each passed test's recorded properties)."""
    totals: dict[str, int] = {}
    for report in terminalreporter.stats.get("passed", []):
        for name, value in report.user_properties:
            if name.startswith(FIGURE):
                totals[name.removeprefix(FIGURE)] = totals.get(name.removeprefix(FIGURE), 0) + int(value)
    if totals and (os.environ.get("POPEJOAN_HOSTILE_SCALE") or config.option.verbose > 0):
        terminalreporter.write_sep("-", f"hostile figures (POPEJOAN_HOSTILE_SCALE={HOSTILE})")
        for name, n in sorted(totals.items()):
            terminalreporter.write_line(f"{n:>9,}  {name}")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "bad_rules_case" in metafunc.fixturenames:
        cases = [BadRulesCase.read(p) for p in sorted(BAD_RULES.glob("*.toml"))]
        metafunc.parametrize("bad_rules_case", cases, ids=[c.path.stem for c in cases])


@pytest.fixture
def data_dir() -> Path:
    return DATA


def accounting_tool(name: str) -> str:
    """An accounting tool (hledger, ledger, bean-check) beside the tests' interpreter or on PATH; the test is
    skipped where it is missing (.ci/run installs what it can)."""
    here = Path(sys.executable).parent / name
    found = str(here) if here.exists() else shutil.which(name)
    if found is None:
        pytest.skip(f"{name} is not installed (.ci/run installs it where it can)")
    return found


def run_tool(*args: str) -> str:
    """An accounting tool's output; it must succeed (its stderr says why not)."""
    done = subprocess.run(args, capture_output=True, text=True, encoding="utf-8", timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout


def play_hand(run: Callable[..., Result], seed: int) -> None:
    """Deal from `seed` at the current table and lead the lowest legal card until the hand ends.

    `run` is the CLI of the test's home folder; the hand is played through the journal of its
    current table (`store.autoplay.play_hand`), as `popejoan demo` plays its own."""
    from popejoan_cli.store import autoplay, tables

    autoplay.play_hand(tables.folder(), seed)


NO_BREAK = "\u00a0".encode()
"""A no-break space in UTF-8, as a Russian sentence sets it (render/typeset.py)."""


def spaced(text: str) -> str:
    """`text` with each run of white space one space: a message as it reads whatever width it was wrapped to (stderr
    is fitted to the terminal's, cli/widths.py)."""
    return " ".join(text.split())


def _assert_one_message(stderr: str, *, several: bool = False) -> None:
    """`stderr` is one short failure message, as `Cli.fails` documents: a `popejoan: ` line, then only
    indented lines (with `several`, a file's problems: each its own unindented line, and
    `N problems found` last), no traceback, no escape or NUL."""
    lines = stderr.splitlines()
    assert lines and lines[0].startswith("popejoan: "), stderr
    heads = [line for line in lines[1:] if not line.startswith("  ")]
    if several:
        many = re.fullmatch(r"(\d+) problems found", heads[-1]) if heads else None
        assert many is not None and len(heads) == int(many[1]), stderr
    else:
        assert not heads, stderr
    assert "Traceback" not in stderr
    assert len(stderr) < 1500, stderr
    assert "\x1b" not in stderr and "\x00" not in stderr, stderr


class Read(Result):
    """A command's result as a reader reads it: `stdout`, `stderr` and `output` with each no-break space (U+00A0)
    read as a space; `set_stdout` and `set_stderr` are the text as printed, for the goldens and the typography
    tests (render/typeset.py)."""

    def __init__(self, res: Result) -> None:
        self.__dict__.update(vars(res))
        for name in ("stdout_bytes", "stderr_bytes", "output_bytes"):
            raw = vars(res).get(name)
            if isinstance(raw, bytes):
                setattr(self, name, raw.replace(NO_BREAK, b" "))
        self.set_stdout, self.set_stderr = res.stdout, res.stderr


@dataclass
class Cli:
    """The CLI in-process in its own home folder, plain output (fixed width, no colour), stdout and
    stderr apart. Call it for the `Result`; `ok` and `json` insist on success and no traceback,
    `fails` on the documented failure."""

    home: Path
    columns: str = "100"

    def env(self, **extra: str) -> dict[str, str]:
        # English unless a test asks: the host's locale (LANG=ru_RU) must not turn the goldens Russian.
        return {**PLAIN_ENV, "COLUMNS": self.columns, "POPEJOAN_HOME": str(self.home), "LC_ALL": "C.UTF-8",
                "POPEJOAN_LANG": "", **extra}

    def __call__(self, *args: str, input: str | None = None, **extra: str) -> Read:
        """Run `popejoan ARGS...`; `input` is its stdin, `extra` more environment.

        The result's `stdout`, `stderr` and `output` are the words as a reader reads them: a no-break space
        (U+00A0, which a Russian sentence has before a dash and between a number and its noun) reads as a
        space, so a test of what is said need not spell where a line may break. Where it is set is tested on
        the text as printed, `set_stdout` and `set_stderr` (`Transcript` and the goldens keep it:
        tests/render/test_typeset.py)."""
        from popejoan_cli.cli import app

        res = CliRunner().invoke(app, list(args), env=self.env(**extra), input=input)
        return Read(res)

    def ok(self, *args: str, input: str | None = None, **extra: str) -> Read:
        res = self(*args, input=input, **extra)
        assert res.exit_code == 0, (args, res.exit_code, res.stdout, res.stderr, res.exception)
        assert "Traceback" not in res.stderr
        return res

    def json(self, *args: str, input: str | None = None, **extra: str) -> Any:
        """The parsed `--json` output of a successful command (its shape is the test's business)."""
        return json.loads(self.ok(*args, "--json", input=input, **extra).stdout)

    def lead_lowest(self, folder: Path, *, by: bool = False) -> Read:
        """`popejoan lead CARD` (with `--by NAME` when `by`) of the lowest legal lead in the open hand
        of the table at `folder`, chosen by `table.moves.lowest`, as `store.autoplay` chooses it.
        For tests that drive the CLI on purpose; others play through the journal (`play_hand`)."""
        from popejoan_cli.store import tables
        from popejoan_cli.table import moves

        led = moves.lowest(tables.view(folder)[0])
        assert led is not None, f"no hand is open at {folder}"
        return self.ok("lead", led.card, *(["--by", led.player] if by else []))

    def journals(self) -> dict[Path, bytes]:
        """Every table journal in the home folder, byte for byte."""
        return {p: p.read_bytes() for p in sorted(self.home.glob("tables/*/journal.jsonl"))}

    def fails(self, code: int, *args: str, said: Iterable[str] = (), input: str | None = None,
              stdout: bool = False, several: bool = False, journal: bool = True, as_set: bool = False,
              **extra: str) -> str:
        """Run a command that must fail as documented; returns its stderr.

        Exit `code` (an exception only as SystemExit), nothing on stdout (unless `stdout`), one
        message on stderr: a `popejoan: ` line, then only indented lines (with `several`, a file's
        problems: each its own unindented line, and `N problems found` last), short, no traceback,
        no escape or NUL, holding each of `said`. With `journal` (the default) no table journal in
        the home folder changed by a byte, and none appeared. With `as_set`, stderr as printed (a golden's), its
        no-break spaces kept.
        """
        before = self.journals() if journal else {}
        res = self(*args, input=input, **extra)
        assert res.exit_code == code, (args, res.exit_code, res.stdout, res.stderr, res.exception)
        assert res.exception is None or isinstance(res.exception, SystemExit), res.exception
        if not stdout:
            assert res.stdout == "", (args, res.stdout)
        _assert_one_message(res.stderr, several=several)
        for fragment in said:
            assert fragment in res.stderr or spaced(fragment) in spaced(res.stderr), (fragment, res.stderr)
        if journal:
            assert self.journals() == before, f"{args} changed a journal"
        return res.set_stderr if as_set else res.stderr


@pytest.fixture(autouse=True)
def _english_again() -> Iterator[None]:
    """Each test starts in English: a Russian command run in-process leaves its language set."""
    yield
    i18n = sys.modules.get("popejoan_cli.render.i18n")
    if i18n is not None:
        i18n.use("en")


@pytest.fixture
def russian() -> Iterator[None]:
    """The test speaks Russian, in-process (`render.i18n.use`); English again after it."""
    from popejoan_cli.render import i18n

    i18n.use("ru")
    try:
        yield
    finally:
        i18n.use("en")


@dataclass
class Transcript:
    """An evening typed at the current table of `cli`'s home, each command shown as typed with what it printed
    (stdout, then stderr), for a golden file."""

    cli: Cli
    said: list[str] = field(default_factory=list)

    def typed(self, code: int, *args: str) -> None:
        """`popejoan ARGS`, which must exit `code` without a traceback."""
        res = self.cli(*args)
        assert res.exit_code == code, (args, res.exit_code, res.stdout, res.stderr)
        assert "Traceback" not in res.stderr
        self.said.append(f"$ popejoan {' '.join(args)}\n{res.set_stdout}{res.set_stderr}")

    def led_to_the_end(self, most: int) -> None:
        """The open hand led by its lowest legal leads until it ends (at most `most` leads)."""
        from popejoan_cli.store import tables

        for _ in range(most):
            if tables.view(tables.folder())[0].open_hand is None:
                break
            self.said.append(f"$ popejoan lead ...\n{self.cli.lead_lowest(tables.folder()).set_stdout}")

    @property
    def text(self) -> str:
        return "\n".join(self.said)


@pytest.fixture
def cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Cli:
    """The CLI with its own home folder, also this process's POPEJOAN_HOME (POPEJOAN_TABLE never
    inherited), so that a test can read its tables in-process."""
    monkeypatch.delenv("POPEJOAN_TABLE", raising=False)
    monkeypatch.setenv("POPEJOAN_HOME", str(tmp_path / "home"))
    return Cli(tmp_path / "home")


@pytest.fixture
def run(cli: Cli) -> Cli:
    """`cli` under the name the table tests call it by."""
    return cli


@pytest.fixture
def invoke(cli: Cli) -> Cli:
    """`cli` under the name the stateless commands' tests (hand, rules) call it by."""
    return cli


def rules_with(name: str, **keys: object) -> HouseRules:
    """A preset with some keys changed: rules_with("modern-stops", play__lead="any") (`section__key`)."""
    from popejoan_cli.formats.presets import preset
    from popejoan_cli.game.rules import from_data

    doc: dict[str, dict[str, object]] = {}
    for k, v in keys.items():
        section, key = k.split("__")
        doc.setdefault(section, {})[key] = v
    got, problems = from_data(doc, base=preset(name))
    assert got is not None and not problems, problems
    return got


def known_hand(rules_name: str, seed: int, dealer: int, players: Sequence[str]) -> tuple[Hand, Dealt]:
    """A seeded deal at `players`, played out by the referee with the lowest policy, and the deal."""
    from popejoan_cli.formats.presets import preset
    from popejoan_cli.game.board import Board
    from popejoan_cli.game.deal import seeded_deal
    from popejoan_cli.game.playout import play_out

    rules = preset(rules_name)
    dealt = seeded_deal(rules, len(players), dealer, seed)
    hand = Hand.deal(rules, len(players), dealer, Board(rules), dealt)
    hand.names = list(players)
    return play_out(hand), dealt


def leads_of(hand: Hand) -> Iterator[int]:
    """Each seat to lead in turn until `hand` ends, the forced follows between played; the caller leads (`push`)
    before it asks for the next."""
    while not hand.ended:
        if hand.turn.phase != "lead":
            hand.follow_run()
            continue
        yield hand.leader


EVENING_NOW = "2026-12-01T21:04:05+01:00"


def _evening_env(monkeypatch: pytest.MonkeyPatch, root: Path) -> None:
    monkeypatch.setenv("POPEJOAN_HOME", str(root / "home"))
    monkeypatch.setenv("POPEJOAN_NOW", EVENING_NOW)


@pytest.fixture(scope="session")
def evening_made(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`evening_table`'s folder and home, played once a session (some hundred writes): each test gets a copy."""
    from popejoan_cli.formats.presets import preset
    from popejoan_cli.store import autoplay, tables
    from popejoan_cli.table import events

    root = tmp_path_factory.mktemp("evening")
    with pytest.MonkeyPatch.context() as monkeypatch:
        _evening_env(monkeypatch, root)
        folder = root / "t"
        rules = preset("modern-stops")
        tables.record(lambda v: [events.TableOpened(name="t", rules=rules.to_dict(), rules_name=rules.name,
                                                    players=["Ann", "Bob", "Cat"], counters=50, dealer="Ann")],
                      where=folder, create=True)
        for seed in (3, 4, 5):
            autoplay.play_hand(folder, seed)
        autoplay.deal(folder, 6)
    return root


@pytest.fixture
def evening_table(evening_made: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A table of three (modern-stops) with three hands played, each lead its own write, and a fourth dealt;
    its own home folder (its `.verified` key) and a fixed time: the store's cache tests start from it.

    A byte-for-byte copy (modes and times kept) of the one `evening_made` played at `tmp_path`'s same
    places: nothing in a table or a home names the folder it is in, and the key is read from the copied home."""
    for entry in evening_made.iterdir():
        shutil.copytree(entry, tmp_path / entry.name, symlinks=True)
    _evening_env(monkeypatch, tmp_path)
    return tmp_path / "t"


@contextlib.contextmanager
def read_only(*paths: Path) -> Iterator[None]:
    """Make files and folders unwritable: chmod for a normal user; root ignores modes, so chattr +i."""
    if os.geteuid() != 0:
        modes = [(p, p.stat().st_mode) for p in paths]
        for p in paths:
            p.chmod(0o500 if p.is_dir() else 0o400)
        try:
            yield
        finally:
            for p, mode in modes:
                p.chmod(mode)
        return
    chattr = shutil.which("chattr")
    if chattr is None:
        pytest.skip("running as root (which ignores file modes) and chattr is missing")
    done = []
    try:
        for p in paths:
            if subprocess.run([chattr, "+i", str(p)], capture_output=True, check=False).returncode != 0:
                pytest.skip("running as root (which ignores file modes) and this disk has no immutable flag")
            done.append(p)
        yield
    finally:
        for p in done:
            subprocess.run([chattr, "-i", str(p)], capture_output=True, check=False)


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """`-n auto` (pyproject's addopts): one worker more than half again the cores, 3 on two. The suite's processes
    keep the cores busy about three quarters of the time on two workers (330 CPU-seconds over 225 s of wall clock,
    measured by .ci/run's `time`): the rest they wait for a browser, a server or a subprocess to answer, which a
    third worker fills (202 s instead of 225-235 s on the same machine)."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return cores + max(1, cores // 2)
