"""When the table's lock file cannot be opened, the table names the lock, not the journal (issue 37, item 8).

A read-only folder is one case; here `journal.lock` is made a folder, which no one can open as a file, root
included. A command that would write fails with exit 6, naming `journal.lock` and saying nothing was recorded;
a command that only reads goes on, as a read needs no lock.
"""

from __future__ import annotations

from conftest import Cli


def test_a_lock_that_cannot_be_opened_is_named_and_reads_go_on(run: Cli) -> None:
    run.ok("table", "new", "locked", "--rules", "modern-stops", "--players", "Ann,Bob,Cat")
    folder = next(p.parent for p in run.home.rglob("journal.jsonl"))
    (folder / "journal.lock").unlink(missing_ok=True)
    (folder / "journal.lock").mkdir()
    before = (folder / "journal.jsonl").read_bytes()
    err = run.fails(6, "deal", "--seed", "1")
    assert "cannot open the table's lock file" in err and "journal.lock" in err and "nothing was recorded" in err
    assert "journal.jsonl" not in err
    assert (folder / "journal.jsonl").read_bytes() == before
    run.ok("board")
    run.ok("check")
