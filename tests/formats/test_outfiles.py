"""Files people point at: `ledger export FILE`, `rules new -o FILE`, `hand deal -o FILE`.

All three write through `outfiles.write_text`: `-` is stdout, a symlink is written through,
a device or a pipe is written to and never replaced, a table's own files are never written,
an existing file needs `--force` unless it is an earlier export of the same table, and a
place that cannot be written is exit 6 in one line. Driven in-process with conftest's `Cli`.
"""

from __future__ import annotations

import json
import os
import stat
import threading
import tomllib
from pathlib import Path

import pytest

from conftest import Cli, read_only
from popejoan_cli.base.errors import StorageError, UsageError
from popejoan_cli.formats import outfiles

DEAL = ("hand", "deal", "--rules", "hoyle", "--players", "Ann,Bob,Cat", "--seed", "7")


@pytest.fixture
def table(run: Cli, tmp_path: Path) -> Path:
    """The current table `fri`, with its folder."""
    run.ok("table", "new", "fri", "--rules", "hoyle", "--players", "Ann,Bob,Cat")
    return tmp_path / "home" / "tables" / "fri"


# ------------------------------------------------------------------------------ a table's own files
def test_an_export_never_writes_over_a_table(run: Cli, table: Path, tmp_path: Path) -> None:
    journal = table / "journal.jsonl"
    before = journal.read_bytes()
    run.fails(2, "ledger", "export", str(journal), "--format", "json", said=("will not write", "tables folder"))
    run.fails(2, "ledger", "export", str(journal), "--format", "json", "--force", said=("will not write",))
    run.fails(2, "ledger", "export", str(table / ".." / "fri" / "x.toml"), said=("will not write",))
    (tmp_path / "sneaky.jsonl").symlink_to(journal)
    run.fails(2, "ledger", "export", str(tmp_path / "sneaky.jsonl"), "--format", "toml", "--force",
              said=("will not write",))
    (tmp_path / "tables-link").symlink_to(table.parent)
    run.fails(2, "ledger", "export", str(tmp_path / "tables-link" / "fri" / "journal.jsonl"), "--format", "csv")
    run.fails(2, "ledger", "export", str(tmp_path / "home" / "current"), "--format", "json", "--force",
              said=("current table",))
    # The other writers of files people name keep off a table's files too.
    run.fails(2, "rules", "new", "-o", str(journal), "--force", said=("will not write",))
    run.fails(2, *DEAL, "-o", str(journal), said=("will not write",))
    assert journal.read_bytes() == before
    assert (tmp_path / "home" / "current").read_text(encoding="utf-8").strip() == "fri"
    assert "Ann" in run.ok("ledger", "show", "--json").stdout
    assert not [p for p in table.iterdir() if p.name.endswith(".tmp")]


def test_a_table_outside_the_tables_folder_is_protected_too(run: Cli, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    run.ok("--table", str(elsewhere), "table", "new", "tue", "--rules", "hoyle", "--players", "Ann,Bob,Cat")
    before = (elsewhere / "journal.jsonl").read_bytes()
    run.fails(2, "--table", str(elsewhere), "ledger", "export", str(elsewhere / "journal.jsonl"), "--format", "json",
              said=("folder of the table in use",))
    run.fails(2, "--table", str(elsewhere), "ledger", "export", str(elsewhere / "t.toml"))
    assert (elsewhere / "journal.jsonl").read_bytes() == before
    run.ok("--table", str(elsewhere), "ledger", "export", str(tmp_path / "tue.toml"))


# ------------------------------------------------------------------------------ replacing a file
@pytest.mark.parametrize("ext", ["toml", "json", "csv", "journal", "beancount"])
def test_an_earlier_export_of_the_same_table_is_replaced_anything_else_needs_force(
        run: Cli, table: Path, tmp_path: Path, ext: str) -> None:
    out = tmp_path / f"fri.{ext}"
    run.ok("ledger", "export", str(out))
    first = out.read_text(encoding="utf-8")
    run.ok("ledger", "export", str(out))  # again, with no --force: it is fri's own export
    assert out.read_text(encoding="utf-8") == first
    # Another table's export, or any other file, is kept unless --force is given.
    run.ok("--table", str(tmp_path / "tue"), "table", "new", "tue", "--rules", "hoyle", "--players", "Dan,Eve,Fay")
    run.fails(2, "--table", str(tmp_path / "tue"), "ledger", "export", str(out),
              said=("already exists", "not an earlier export of table 'tue'", "--force"))
    assert out.read_text(encoding="utf-8") == first
    run.ok("--table", str(tmp_path / "tue"), "ledger", "export", str(out), "--force")
    assert "Dan" in out.read_text(encoding="utf-8") and "Ann" not in out.read_text(encoding="utf-8")
    precious = tmp_path / f"notes.{ext}"
    precious.write_text("our notes\n", encoding="utf-8")
    run.fails(2, "ledger", "export", str(precious), said=("--force",))
    assert precious.read_text(encoding="utf-8") == "our notes\n"


def test_the_same_tables_export_in_another_format_is_replaced_too(run: Cli, table: Path, tmp_path: Path) -> None:
    out = tmp_path / "fri.out"
    kinds = ["toml", "json", "csv", "hledger", "beancount", "toml"]
    run.ok("ledger", "export", str(out), "--format", kinds[0])
    for kind in kinds[1:]:
        run.ok("ledger", "export", str(out), "--format", kind)
    assert tomllib.loads(out.read_text(encoding="utf-8"))["table"] == "fri"


def test_replacing_keeps_the_permission_bits(run: Cli, table: Path, tmp_path: Path) -> None:
    out = tmp_path / "fri.json"
    out.write_text("{}", encoding="utf-8")
    out.chmod(0o640)
    run.ok("ledger", "export", str(out), "--force")
    assert stat.S_IMODE(out.stat().st_mode) == 0o640
    assert json.loads(out.read_text(encoding="utf-8"))["table"] == "fri"
    rules = tmp_path / "ours.toml"
    rules.write_text("# ours\n", encoding="utf-8")
    rules.chmod(0o600)
    run.ok("rules", "new", "-o", str(rules), "--force")
    assert stat.S_IMODE(rules.stat().st_mode) == 0o600 and "[[pot]]" in rules.read_text(encoding="utf-8")


# ------------------------------------------------------------------------------ stdout, links, devices
def test_dash_is_stdout(run: Cli, table: Path, tmp_path: Path) -> None:
    res = run.ok("ledger", "export", "-", "--format", "json")
    assert json.loads(res.stdout)["table"] == "fri"
    assert "Exported 'fri'" in res.stderr and "stdout" in res.stderr
    assert tomllib.loads(run.ok("ledger", "export", "/dev/stdout", "--format", "toml").stdout)["table"] == "fri"
    run.fails(2, "ledger", "export", "-", said=("format",))
    res = run.ok("rules", "new", "--from", "hoyle", "-o", "-")
    assert 'name = "my-table"' in res.stdout
    assert not (tmp_path / "-").exists() and not Path("-").exists()


def test_a_symlink_is_written_through(run: Cli, table: Path, tmp_path: Path) -> None:
    real = tmp_path / "real"
    real.mkdir()
    for args, name in ((("ledger", "export"), "fri.json"), (("rules", "new", "--force", "-o"), "ours.toml"),
                       ((*DEAL, "-o"), "deal.toml")):
        target = real / name
        target.write_text("old\n", encoding="utf-8")
        link = tmp_path / f"link-{name}"
        link.symlink_to(target)
        run.ok(*args, str(link)) if args[0] != "ledger" else run.ok(*args, str(link), "--force")
        assert link.is_symlink() and link.resolve() == target
        assert target.read_text(encoding="utf-8") != "old\n"
    # A link to a file not there yet makes the file.
    (tmp_path / "fresh.json").symlink_to(real / "fresh.json")
    run.ok("ledger", "export", str(tmp_path / "fresh.json"))
    assert (tmp_path / "fresh.json").is_symlink()
    assert json.loads((real / "fresh.json").read_text(encoding="utf-8"))["table"] == "fri"
    assert not [p for p in real.iterdir() if p.name.endswith(".tmp")]


def test_a_device_is_written_to_and_never_replaced(run: Cli, table: Path, tmp_path: Path) -> None:
    null = tmp_path / "null"
    try:
        os.mknod(null, stat.S_IFCHR | 0o666, os.makedev(1, 3))  # the same device as /dev/null
    except (PermissionError, OSError):
        pytest.skip("cannot make a device node here (not root, or a nodev filesystem)")
    run.ok("ledger", "export", str(null), "--format", "json")
    run.ok("rules", "new", "-o", str(null))  # no --force needed: nothing is replaced
    run.ok(*DEAL, "-o", str(null))
    assert stat.S_ISCHR(null.stat().st_mode)
    run.ok("ledger", "export", "/dev/null", "--format", "csv")
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_a_pipe_is_written_to_and_never_replaced(run: Cli, table: Path, tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    run.ok("ledger", "export", str(fifo), "--format", "json")
    reader.join(10)
    assert json.loads(got[0])["table"] == "fri"
    assert stat.S_ISFIFO(fifo.stat().st_mode)


# ------------------------------------------------------------------------------ places that cannot be written
@pytest.mark.parametrize("args", [("ledger", "export"), ("rules", "new", "-o"), (*DEAL, "-o")],
                         ids=["export", "rules-new", "hand-deal"])
def test_a_read_only_folder_is_exit_6_in_one_line(run: Cli, table: Path, tmp_path: Path,
                                                  args: tuple[str, ...]) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    with read_only(locked):
        said = run.fails(6, *args, str(locked / "x.toml"), said=("cannot write", "permission denied"))
        assert said.count("\n") == 1
    assert list(locked.iterdir()) == []


@pytest.mark.parametrize("args", [("ledger", "export"), ("rules", "new", "-o"), (*DEAL, "-o")],
                         ids=["export", "rules-new", "hand-deal"])
def test_names_that_cannot_be_files(run: Cli, table: Path, tmp_path: Path, args: tuple[str, ...]) -> None:
    said = run.fails(6, *args, str(tmp_path / "no" / "such" / "x.toml"), said=("does not exist",))
    assert said.count("\n") == 1
    (tmp_path / "folder.toml").mkdir()
    run.fails(2, *args, str(tmp_path / "folder.toml"), said=("is a folder",))
    run.fails(2, *args, str(tmp_path / ("a" * 300 + ".toml")), said=("too long",))
    if args[0] == "ledger":  # the -o options are parsed by Typer's Path type, which stats the name first
        run.fails(2, *args, str(tmp_path / "a\0b.toml"), said=("NUL",))
    (tmp_path / "file").write_text("x", encoding="utf-8")
    run.fails(2, *args, str(tmp_path / "file" / "x.toml"), said=("not a folder",))
    (tmp_path / "loop.toml").symlink_to(tmp_path / "loop.toml")
    run.fails(2, *args, str(tmp_path / "loop.toml"), said=("symbolic links",))


# ------------------------------------------------------------------------------ the writer itself
def test_write_text_refuses_to_replace_without_force_or_recognition(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POPEJOAN_HOME", str(tmp_path / "home"))
    out = tmp_path / "x.txt"
    assert outfiles.write_text(out, "one\n") == str(out)
    with pytest.raises(UsageError, match="already exists; not overwriting"):
        outfiles.write_text(out, "two\n")
    with pytest.raises(UsageError, match="is not mine"):
        outfiles.write_text(out, "two\n", ours=lambda data: data == b"nope", ours_words="mine")
    outfiles.write_text(out, "two\n", ours=lambda data: data == b"one\n")
    assert out.read_text(encoding="utf-8") == "two\n"
    outfiles.write_text(out, "three\n", force=True)
    assert out.read_text(encoding="utf-8") == "three\n"
    new = tmp_path / "new.txt"
    outfiles.write_text(new, "x")
    assert stat.S_IMODE(new.stat().st_mode) == 0o666 & ~_umask()
    with pytest.raises(StorageError) as err:
        outfiles.write_text(tmp_path / "missing" / "x.txt", "x")
    assert err.value.exit_code == 6 and not err.value.hint


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
