"""A CSV export written before the `date` and `at` columns is still this table's export: `ledger export` replaces
it without `--force`, and another table's is still kept (issue 24)."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from conftest import Cli, play_hand


def as_before_dates(text: str) -> str:
    """The CSV the previous version wrote: the same rows without the last two columns, `date` and `at`."""
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0][-2:] == ["date", "at"]
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(row[:-2] for row in rows)
    return out.getvalue()


def test_an_export_from_before_the_dates_is_replaced_without_force(run: Cli, tmp_path: Path) -> None:
    run.ok("table", "new", "fri", "-r", "modern-stops", "-p", "Ann,Bob,Cat")
    play_hand(run, 1)
    out = tmp_path / "fri.csv"
    run.ok("ledger", "export", str(out))
    now = out.read_text(encoding="utf-8")
    out.write_text(as_before_dates(now), encoding="utf-8")
    run.ok("ledger", "export", str(out))
    assert out.read_text(encoding="utf-8") == now
    # Another table's old export is not this one's.
    out.write_text(as_before_dates(now), encoding="utf-8")
    run.ok("table", "new", "tue", "-r", "modern-stops", "-p", "Dan,Eve,Fay")
    run.fails(2, "ledger", "export", str(out), said=("not an earlier export of table 'tue'", "--force"))
