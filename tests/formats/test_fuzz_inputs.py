"""Hostile input: files and options a person points popejoan at must never give a traceback.

Two parts. First, pinned cases for each way input once crashed or hung popejoan: integers of
thousands of digits, nesting thousands deep, paths no file can have, FIFOs and devices,
seeds beyond what an export holds, control characters in names. Second, a fuzzer: the real
presets, deal files written by `hand deal -o` and ledgers written by `ledger export` are
mutated (bytes flipped, cut short, lines dropped or doubled, huge integers, deep nesting,
odd Unicode, control characters, values of the wrong type) and fed to `rules check`,
`hand replay` and `table new --from` through the CLI. Every run must end with exit 0, 2,
3, 5 or 6, with nothing on stdout and one message on stderr when it fails.

The fuzzer's size is bounded so the file runs in well under a minute; set POPEJOAN_FUZZ_RUNS
to the number of cases per command for a deeper run (its seed: POPEJOAN_FUZZ_SEED). With
`-s` each fuzz test prints how many cases ended with each exit code.
"""

from __future__ import annotations

import collections
import contextlib
import json
import os
import random
import re
import signal
import time
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import Result

from conftest import FIGURE, ROOT, Cli
from popejoan_cli.base.errors import DataError
from popejoan_cli.formats.rulefile import from_toml
from popejoan_cli.game.rules import KEYS
from popejoan_cli.store import tables
from popejoan_cli.table import moves

HOUSE_RULES = ROOT / "house-rules"
PLAIN_ENV = {"COLUMNS": "100", "NO_COLOR": "1", "TERM": "dumb"}
FAST_TMP = "/dev/shm" if os.access("/dev/shm", os.W_OK) else None
RUNS = int(os.environ.get("POPEJOAN_FUZZ_RUNS", "80"))
SEED = int(os.environ.get("POPEJOAN_FUZZ_SEED", "20240607"))
ALLOWED_EXITS = {0, 2, 3, 5, 6}
SLOW = 10.0
"""Seconds one case may take before it counts as a hang (a FIFO, a backtracking regex)."""


@pytest.fixture
def home(monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A POPEJOAN_HOME of its own, in memory where the machine has /dev/shm (journals fsync)."""
    import tempfile

    with tempfile.TemporaryDirectory(dir=FAST_TMP) as tmp:
        monkeypatch.delenv("POPEJOAN_TABLE", raising=False)
        monkeypatch.setenv("POPEJOAN_HOME", str(Path(tmp) / "home"))
        yield Path(tmp)


@pytest.fixture
def run(home: Path) -> Cli:
    return Cli(home / "home")


@contextlib.contextmanager
def within(seconds: float) -> Iterator[None]:
    """Fail instead of hanging: a FIFO opened for reading blocks until a writer comes."""

    def expire(signum: int, frame: object) -> None:
        raise TimeoutError(f"still running after {seconds} s")

    old = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


# ------------------------------------------------------------------------------ building inputs
def play_out(run: Cli, where: Path) -> None:
    """Lead each leader's lowest legal card (`table.moves.lowest`) through the CLI until the hand ends."""
    while (led := moves.lowest(tables.view(where)[0])) is not None:
        run.ok("lead", led.card, "--by", led.player)


def build_exports(run: Cli, home: Path) -> dict[str, bytes]:
    """Ledgers exported by `ledger export`: a table with a join, a carried board and a final deal."""
    out: dict[str, bytes] = {}
    run.ok("table", "new", "fri", "--rules", "russian", "--players", "Ann,Bob Smith,Жанна", "--counters", "40")
    where = home / "home" / "tables" / "fri"
    for seed in ("3", "friday"):
        run.ok("deal", "--seed", seed)
        play_out(run, where)
    run.ok("table", "join", "=1+1", "--counters", "30")
    run.ok("deal", "--seed", str(2**63 - 1))
    play_out(run, where)
    run.ok("end", "--seed", "7")
    for ext in ("toml", "json"):
        path = home / f"fri.{ext}"
        run.ok("ledger", "export", str(path))
        out[f"fri.{ext}"] = path.read_bytes()
    return out


def build_deals(run: Cli, home: Path) -> dict[str, bytes]:
    """Deal files written by `hand deal -o`, with leads added as a person would."""
    out: dict[str, bytes] = {}
    for rules, players, seed in (("modern-stops", "Ann,Bob,Cat,Dan", "42"), ("michigan", "A,B,C", "7"),
                                 ("russian", "Ann,Bob,Cat,Dan,Eve", "tuesday"), ("boodle", "A,B,C,D", "1")):
        path = home / f"{rules}.toml"
        run.ok("hand", "deal", "--rules", rules, "--players", players, "--seed", seed, "-o", str(path))
        out[path.name] = path.read_bytes()
    out["with-leads.toml"] = out["modern-stops.toml"] + b'leads = ["AS", "4C"]\n[board]\npope = 3\n'
    return out


def presets() -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(HOUSE_RULES.glob("*.toml"))}


# ------------------------------------------------------------------------------ mutations
HUGE_INTS = ["9" * 5000, "9" * 4301, "-" + "9" * 4400, "9" * 400, str(2**63), str(-(2**63) - 1), str(2**64),
             "0x" + "f" * 5000, "0o7777777777777777777777777", "1e999", "-0", "1_000_000_000_000"]
ODD_TEXT = ["\x1b[2J", "\x1b]0;owned\x07", "\x00", "\r", "\n", "\t", "\u202e", "\u2028", "\ufeff", "\u200d",
            "\x7f", "\x85", "😀", "Ж", "e\u0301", "\U0010ffff", "'", '"', "\\", "[", "]", "{", "}", "=", ",",
            "#", "spare", " "]
TOML_ESCAPES = ["\\u001b[31m", "\\u0000", "\\n", "\\r", "\\u202e", "\\u2028", "\\t", "\\U0010FFFF", "\\ud800"]
JSON_ESCAPES = ["\\u001b[31m", "\\u0000", "\\n", "\\u202e", "\\ud800", "\\udfff", "\\u2028"]


def deep(n: int, kind: str) -> str:
    if kind == "toml-table":
        return "{a = " * n + "1" + "}" * n
    if kind == "json-object":
        return '{"a": ' * n + "1" + "}" * n
    return "[" * n + "]" * n


def _spans(text: str, pattern: str) -> list[tuple[int, int]]:
    return [m.span() for m in re.finditer(pattern, text)]


def mutate_text(rng: random.Random, text: str, json_like: bool) -> tuple[str, str]:
    """One text-level mutation; returns (new text, what was done)."""
    kind = rng.choice(["delete-line", "duplicate-line", "swap-lines", "huge-int", "deep", "odd-text",
                       "escape-in-string", "truncate", "value-type", "empty-value"])
    if kind in ("delete-line", "duplicate-line", "swap-lines"):
        new = _mutate_lines(rng, text.split("\n"), kind)
    elif kind in SPANS:
        new = _mutate_span(rng, text, kind, json_like)
    else:
        new = _mutate_chars(rng, text, kind)
    if new is not None:
        return new, kind
    # the mutation had nothing to work on: an odd character instead
    at = rng.randrange(len(text) + 1)
    return text[:at] + rng.choice(ODD_TEXT) + text[at:], "odd-text"


def _mutate_lines(rng: random.Random, lines: list[str], kind: str) -> str | None:
    """A line deleted, duplicated, or two swapped; None where there is one line to delete or swap."""
    if kind == "delete-line" and len(lines) > 1:
        del lines[rng.randrange(len(lines))]
        return "\n".join(lines)
    if kind == "duplicate-line":
        i = rng.randrange(len(lines))
        lines.insert(i, lines[i])
        return "\n".join(lines)
    if kind == "swap-lines" and len(lines) > 1:
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
        return "\n".join(lines)
    return None


VALUE = r"(?<=[=:] )[^\n,]+"
SPANS = {"huge-int": r"(?<![\w.\"'])-?\d+(?![\w.\"'])", "deep": VALUE, "escape-in-string": r'"[^"\n\\]*"',
         "value-type": VALUE, "empty-value": VALUE}
"""The mutations of a span of the text, and the spans each works on: an integer, a value, a string."""


def _mutate_span(rng: random.Random, text: str, kind: str, json_like: bool) -> str | None:
    """A random span of `kind`'s (`SPANS`) mutated; None where the text has none."""
    spans = _spans(text, SPANS[kind])
    if not spans:
        return None
    a, b = rng.choice(spans)
    if kind == "huge-int":
        return text[:a] + rng.choice(HUGE_INTS) + text[b:]
    if kind == "deep":
        shape = rng.choice(["json-object", "array"] if json_like else ["toml-table", "array"])
        return text[:a] + deep(rng.choice([20, 900, 3000, 20000]), shape) + text[b:]
    if kind == "escape-in-string":
        at = rng.randint(a + 1, b - 1)
        escape = rng.choice(JSON_ESCAPES if json_like else TOML_ESCAPES)
        return text[:at] + escape * rng.choice([1, 1, 2, 500]) + text[at:]
    values = ['""', "[]", "{}", "true", "1.5", "-1", "0"]
    values += ["null", "NaN"] if json_like else ["nan", "inf", "1979-05-27T07:32:00Z", "'x'"]
    return text[:a] + ("" if kind == "empty-value" else rng.choice(values)) + text[b:]


def _mutate_chars(rng: random.Random, text: str, kind: str) -> str | None:
    """Odd characters inserted, or the text truncated; None where an empty text cannot be."""
    if kind == "odd-text":
        at = rng.randrange(len(text) + 1)
        return text[:at] + "".join(rng.choices(ODD_TEXT, k=rng.randint(1, 4))) + text[at:]
    if kind == "truncate" and text:
        return text[:rng.randrange(len(text))]
    return None


def mutate_bytes(rng: random.Random, data: bytes) -> tuple[bytes, str]:
    out = bytearray(data)
    kind = rng.choice(["flip", "flip", "insert-bytes", "truncate", "cut-utf8"])
    if not out:
        return bytes(rng.randrange(256) for _ in range(8)), "random-bytes"
    if kind == "flip":
        for _ in range(rng.randint(1, 8)):
            out[rng.randrange(len(out))] ^= 1 << rng.randrange(8)
    elif kind == "insert-bytes":
        at = rng.randrange(len(out) + 1)
        out[at:at] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 6)))
    elif kind == "truncate":
        del out[rng.randrange(len(out)):]
    else:  # cut in the middle of a multi-byte character, if there is one
        starts = [i for i, b in enumerate(out) if b >= 0xC0]
        if starts:
            del out[rng.choice(starts) + 1:]
    return bytes(out), kind


Json = dict[str, "Json"] | list["Json"] | str | int | float | bool | None
"""A parsed JSON (or TOML) document, or any value in one."""

ODD_VALUES: list[Json] = [10**4000, -(10**30), 2**63, -1, 0, 1.5, float("inf"), True, "", "x" * 5000,
                         "a\x1b[31mb", "name\nwith newline", "\u202eevil", "spare", [], {}, [[[[[1]]]]],
                         {"a": {"b": {"c": 1}}}, ["9D", "9D"], "9D", "trump:A"]


def mutate_tree(rng: random.Random, doc: Json) -> tuple[Json, str]:
    """One structural mutation of a parsed document: a value replaced, a key dropped or renamed."""
    nodes: list[tuple[dict[str, Json] | list[Json], str | int]] = []
    stack = [doc]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            for k, v in node.items():
                nodes.append((node, k))
                stack.append(v)
        elif isinstance(node, list):
            for i, v in enumerate(node):
                nodes.append((node, i))
                stack.append(v)
    if not nodes:
        return doc, "nothing-to-mutate"
    parent, key = rng.choice(nodes)
    kind = rng.choice(["replace", "replace", "drop", "rename", "duplicate"])
    if isinstance(parent, dict):
        assert isinstance(key, str)
        if kind == "drop":
            del parent[key]
        elif kind == "rename":
            parent[rng.choice(["x", "spare", "Ann", "\x1b[2J", "pope", "a b"])] = parent.pop(key)
        else:
            parent[key] = rng.choice(ODD_VALUES)
            kind = "replace"
    else:
        assert isinstance(key, int)
        if kind == "drop":
            del parent[key]
        elif kind == "duplicate":
            parent.insert(key, parent[key])
        else:
            parent[key] = rng.choice(ODD_VALUES)
            kind = "replace"
    return doc, kind


def mutated(rng: random.Random, data: bytes, name: str) -> tuple[bytes, str]:
    """One to three mutations of a file, at the byte, text or tree level."""
    json_like = name.endswith(".json")
    done: list[str] = []
    for _ in range(rng.choice([1, 1, 2, 3])):
        level = rng.choice(["bytes", "text", "text", "tree", "tree"])
        if level == "tree":
            try:
                if json_like:
                    doc, kind = mutate_tree(rng, json.loads(data))
                    text = json.dumps(doc, ensure_ascii=rng.random() < 0.5)
                else:
                    table = tomllib.loads(data.decode("utf-8"))
                    _, kind = mutate_tree(rng, table)  # in place: the top stays a table
                    text = tomli_w.dumps(table)
                data = text.encode("utf-8", "surrogatepass")
                done.append(f"tree:{kind}")
                continue
            except (ValueError, TypeError, RecursionError):
                level = "text"  # already broken, or not expressible in the format: mutate the text
        if level == "text":
            text, kind = mutate_text(rng, data.decode("utf-8", "replace"), json_like)
            data = text.encode("utf-8", "surrogatepass")
            done.append(f"text:{kind}")
        else:
            data, kind = mutate_bytes(rng, data)
            done.append(f"bytes:{kind}")
    return data, "+".join(done)


# ------------------------------------------------------------------------------ the fuzzer
class Tally:
    """How many cases each command ran, and how each ended."""

    def __init__(self, command: str) -> None:
        self.command = command
        self.exits: collections.Counter[int] = collections.Counter()
        self.slowest = 0.0

    def summary(self) -> str:
        codes = ", ".join(f"exit {code}: {n}" for code, n in sorted(self.exits.items()))
        return (f"fuzz {self.command}: {sum(self.exits.values())} cases ({codes}); "
                f"slowest {self.slowest:.2f} s; seed {SEED}, POPEJOAN_FUZZ_RUNS={RUNS}")


def check_case(res: Result, took: float) -> str:
    """What is wrong with how one case ended, or ''."""
    if res.exception is not None and not isinstance(res.exception, SystemExit):
        return f"raised {res.exception!r}"
    if "Traceback" in res.stdout + res.stderr:
        return "printed a traceback"
    if res.exit_code not in ALLOWED_EXITS:
        return f"exit {res.exit_code}"
    if res.exit_code != 0 and res.stdout:
        return f"exit {res.exit_code} with stdout: {res.stdout[:300]!r}"
    if res.exit_code != 0 and not res.stderr.strip():
        return f"exit {res.exit_code} with no message"
    if "\x1b" in res.stderr:
        return "an escape character reached stderr"
    return f"took {took:.1f} s" if took > SLOW else ""


def fuzz(run: Cli, where: Path, keep: Path, command: Callable[[Path, int], list[str]], seeds: dict[str, bytes],
         tally: Tally, salt: int) -> None:
    """RUNS mutated cases of `seeds` through `command`; a failing case's file is kept in `keep`."""
    rng = random.Random(SEED * 1000 + salt)
    names = sorted(seeds)
    for case in range(RUNS):
        name = rng.choice(names)
        data, how = mutated(rng, seeds[name], name)
        path = where / f"case{case}-{name}"
        path.write_bytes(data)
        start = time.process_time()  # CPU time: a slow case is slow work, not a busy machine (`within`: a hang)
        with within(60):
            res = run(*command(path, case))
        took = time.process_time() - start
        tally.slowest = max(tally.slowest, took)
        tally.exits[res.exit_code] += 1
        wrong = check_case(res, took)
        if wrong:
            kept = keep / path.name
            kept.write_bytes(data)
            pytest.fail(f"case {case} ({how}) of {name} {wrong}; input kept at {kept}\n{res.stderr[:2000]}")
        path.unlink()
    print(f"\n{tally.summary()}")


def test_fuzz_rules_check(run: Cli, home: Path, tmp_path: Path, record_property: Callable[[str, object], None]) -> None:
    record_property(FIGURE + "mutated files fed to the CLI, none a traceback", RUNS)
    fuzz(run, home, tmp_path, lambda path, _: ["rules", "check", str(path)], presets(), Tally("rules check"), 1)


def test_fuzz_hand_replay(run: Cli, home: Path, tmp_path: Path, record_property: Callable[[str, object], None]) -> None:
    record_property(FIGURE + "mutated files fed to the CLI, none a traceback", RUNS)
    seeds = build_deals(run, home)
    fuzz(run, home, tmp_path, lambda path, _: ["hand", "replay", str(path)], seeds, Tally("hand replay"), 2)


def test_fuzz_table_new_from(run: Cli, home: Path, tmp_path: Path,
                             record_property: Callable[[str, object], None]) -> None:
    record_property(FIGURE + "mutated files fed to the CLI, none a traceback", RUNS)
    seeds = build_exports(run, home)
    fuzz(run, home, tmp_path, lambda path, case: ["table", "new", f"t{case}", "--from", str(path)], seeds,
         Tally("table new --from"), 3)


# Hypothesis: any value under any real key of a house-rule file, at the core's level.
values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=30)
    | st.sampled_from(["9D", "trump:A", "spare", "pope", "*", "\x1b[2J", "a\nb", "x" * 200]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
rule_keys = st.sampled_from([k.path for k in KEYS] + ["pot", "unknown", "deck.nope"])


@settings(max_examples=min(RUNS, 300), deadline=None, suppress_health_check=list(HealthCheck))
@given(st.dictionaries(rule_keys, values, max_size=6))
def test_any_value_under_any_rule_key_is_ruled_on_not_crashed_on(doc: dict[str, Json]) -> None:
    tree: dict[str, Json] = {}
    for path, value in doc.items():
        if value is None:
            continue
        section, _, key = path.rpartition(".")
        table = tree.setdefault(section, {}) if section else tree
        assert isinstance(table, dict)  # no key at the top is named like a section
        table[key] = value
    try:
        text = tomli_w.dumps(tree)
    except (TypeError, ValueError):
        return  # not expressible in TOML (a section that is not a table): nothing to read
    try:
        from_toml(text.encode("utf-8", "surrogatepass"), "h.toml")
    except DataError as err:
        assert err.message and "\x1b" not in err.message


# ------------------------------------------------------------------------------ pinned: imports
@pytest.fixture(scope="module")
def ledger(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    """A short russian evening with its final deal, exported as TOML and JSON, built once for the
    pinned import cases."""
    home = tmp_path_factory.mktemp("ledger")
    invoke = Cli(home / "home")

    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("POPEJOAN_HOME", str(home / "home"))
        mp.delenv("POPEJOAN_TABLE", raising=False)
        invoke.ok("table", "new", "fri", "--rules", "russian", "--players", "Ann,Bob,Cat", "--counters", "40")
        invoke.ok("deal", "--seed", "5")
        play_out(invoke, home / "home" / "tables" / "fri")
        invoke.ok("end", "--seed", "3")
        for ext in ("toml", "json"):
            invoke.ok("ledger", "export", str(home / f"fri.{ext}"))
    return {ext: (home / f"fri.{ext}").read_bytes() for ext in ("toml", "json")}


@pytest.fixture
def exported(home: Path, ledger: dict[str, bytes]) -> Callable[..., Path]:
    def write(ext: str = "toml") -> Path:
        path = home / f"fri.{ext}"
        path.write_bytes(ledger[ext])
        return path

    return write


@pytest.mark.parametrize("ext", ["toml", "json"])
@pytest.mark.parametrize("number", ["9" * 5000, "9" * 4400, "-" + "9" * 5000])
def test_import_with_an_integer_of_thousands_of_digits(run: Cli, exported: Callable[..., Path], ext: str,
                                                       number: str) -> None:
    path = exported(ext)
    text = path.read_text(encoding="utf-8")
    text = re.sub(r'("?brought_in"?\s*[=:]\s*)\d+', lambda m: m.group(1) + number, text, count=1)
    path.write_text(text, encoding="utf-8")
    run.fails(5, "table", "new", "sat", "--from", str(path), said=(str(path), "digits"))


def test_import_with_a_hex_integer_too_long_to_print(run: Cli, exported: Callable[..., Path]) -> None:
    path = exported()
    text = re.sub(r"(?m)^session = \d+", "session = 0x" + "f" * 5000, path.read_text(encoding="utf-8"))
    path.write_text(text, encoding="utf-8")
    run.fails(5, "table", "new", "sat", "--from", str(path), said=("session", "digits"))


@pytest.mark.parametrize(("ext", "nested"), [("json", "[" * 100_000 + "]" * 100_000),
                                             ("json", '{"a":' * 5000 + "1" + "}" * 5000),
                                             ("toml", "[" * 5000 + "]" * 5000),
                                             ("json", "[" * 500 + "]" * 500)])
def test_import_nested_thousands_deep(run: Cli, exported: Callable[..., Path], ext: str, nested: str) -> None:
    path = exported(ext)
    text = path.read_text(encoding="utf-8")
    if ext == "json":
        text = text.replace('"hands": [', f'"deep": {nested}, "hands": [', 1)
    else:
        text = text.replace("\nrules_name", f"\ndeep = {nested}\nrules_name", 1)
    path.write_text(text, encoding="utf-8")
    run.fails(5, "table", "new", "sat", "--from", str(path), said=("nested",))


@pytest.mark.parametrize(("field", "value", "fragment"), [
    ("players.0.name", "A\u001b[2Jnn", "control characters"),
    ("players.0.name", "x" * 41, "longer than"),
    ("table", "fri\n2024-01-01 * hack", "holds a newline"),
    ("table", "../../etc", "table name '../../etc' is not allowed"),
    ("rules_name", "hoyle\nevil", "holds a newline"),
    ("rules.name", "hoyle\n2024-01-01 * \"x\"", "holds a newline"),
    ("rules.title", "\u001b]0;pwned\u0007", "U+001B"),
    ("rules.pot.0.label", "Po\npe", "holds a newline"),
    ("hands.0.seed", 2**63, "seed"),
    ("hands.0.seed", -1, "seed"),
    ("hands.0.seed", "s\u202e", "seed"),
    ("players.1.name", "\ud800", "control characters"),
    ("final.awards.0.player", "Nobody", "not of the final deal"),
    ("final.awards.0.pot", "x" * 5000, "not of the final deal"),
    ("hands.0.awards.0.player", "y" * 100_000, "not of this hand"),
])
def test_import_holds_names_and_seeds_to_the_rules_for_typed_ones(run: Cli, exported: Callable[..., Path], field: str,
                                                                    value: Json, fragment: str) -> None:
    path = exported("json")
    doc: Json = json.loads(path.read_text(encoding="utf-8"))
    *parents, last = field.split(".")
    node = doc
    for part in parents:
        if isinstance(node, list):
            node = node[int(part)]
        else:
            assert isinstance(node, dict), (field, part)
            node = node[part]
    if isinstance(node, list):
        node[int(last)] = value
    else:
        assert isinstance(node, dict), (field, last)
        node[last] = value
    path.write_text(json.dumps(doc), encoding="utf-8")
    # A player renamed, or an award to a stranger, also unbalances the totals: a list of problems.
    several = field.startswith("players.") or field == "hands.0.awards.0.player"
    err = run.fails(5, "table", "new", "sat", "--from", str(path), said=(str(path), fragment), several=several)
    assert "\u202e" not in err and "\n2024" not in err


def test_import_refuses_what_is_not_a_regular_file(run: Cli, home: Path, exported: Callable[..., Path]) -> None:
    fifo = home / "fifo.toml"
    os.mkfifo(fifo)
    zero = home / "zero.json"
    zero.symlink_to("/dev/zero")
    with within(10):
        run.fails(5, "table", "new", "sat", "--from", str(fifo), said=("is a FIFO", "regular file"))
    run.fails(5, "table", "new", "sat", "--from", str(zero), said=("is a character device",))
    run.fails(2, "table", "new", "sat", "--from", "a\0b.toml", said=("NUL byte",))
    run.fails(2, "table", "new", "sat", "--from", "n" * 5000 + ".toml", said=("longer than the system allows",))
    real = exported()
    link = home / "link.toml"
    link.symlink_to(real)
    run.ok("table", "new", "sat", "--from", str(link))


# ------------------------------------------------------------------------------ pinned: table options
@pytest.mark.parametrize(("value", "fragment"), [("9" * 5000, "too large"), ("9" * 4000, "too large"),
                                                 ("1000001", "too large"), ("-1", "negative"),
                                                 ("ten", "not a whole number")])
def test_counters_out_of_range_is_a_usage_error(run: Cli, value: str, fragment: str) -> None:
    run.fails(2, "table", "new", "fri", "--rules", "hoyle", "--players", "A,B,C", "--counters", value,
              said=("--counters", fragment, "1,000,000"))
    run.ok("table", "new", "fri", "--rules", "hoyle", "--players", "A,B,C", "--counters", "1000000")
    run.fails(2, "table", "join", "Dan", "--counters", value, said=("--counters", fragment))


@pytest.mark.parametrize("seed", ["9" * 5000, "9" * 4000, str(2**63)])
def test_deal_and_end_refuse_a_seed_an_export_could_not_hold(run: Cli, seed: str) -> None:
    run.ok("table", "new", "fri", "--rules", "russian", "--players", "A,B,C")
    run.fails(2, "deal", "--seed", seed, said=("--seed", "out of range"))
    run.fails(2, "end", "--seed", seed, said=("--seed", "out of range"))


def test_the_largest_seed_deals_exports_and_imports(run: Cli, home: Path) -> None:
    run.ok("table", "new", "fri", "--rules", "modern-stops", "--players", "A,B,C")
    run.ok("deal", "--seed", str(2**63 - 1))
    play_out(run, home / "home" / "tables" / "fri")
    for ext in ("toml", "json"):
        run.ok("ledger", "export", str(home / f"fri.{ext}"))
        run.ok("table", "new", f"sat-{ext}", "--from", str(home / f"fri.{ext}"))


@pytest.mark.parametrize(("spec", "fragment"), [("a\0b.toml", "NUL byte"), ("n" * 5000 + ".toml", "longer than"),
                                                ("/dev/zero", "character device")])
def test_table_new_rules_path_that_cannot_be_read(run: Cli, spec: str, fragment: str) -> None:
    run.fails(5, "table", "new", "fri", "--rules", spec, "--players", "A,B,C", said=(fragment,))
