"""Where tables live, which one is current, and recording events on one.

Shell code. A table is a folder holding its journal. It is chosen by `--table PATH`, else
`POPEJOAN_TABLE`, else the current table named in `POPEJOAN_HOME/current` (the home folder
defaults to the system's folder for a user's data: see `system_home`). `record` is the one
way a command changes a table: replay, build and validate the new events, write them.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Callable, Sequence
from pathlib import Path

from popejoan_cli.base.errors import DataError, Problem, Said, StorageError, UsageError, allowed, os_reason
from popejoan_cli.base.limits import quoted
from popejoan_cli.base.records import Record, replace
from popejoan_cli.store import journal
from popejoan_cli.store.home import home as home
from popejoan_cli.store.home import system_home as system_home
from popejoan_cli.table.events import Event, EventVoided, HandCheckpointed
from popejoan_cli.table.view import Count, TableView

_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$")


def tables_dir() -> Path:
    return home() / "tables"


def check_name(name: str) -> str:
    if not _NAME.match(name):
        raise UsageError(Said("table name {name!r} is not allowed", name=name),
                         Said("use 1–40 letters, digits, '.', '_' or '-', starting with a letter or digit"))
    return name


def table_names() -> list[str]:
    base = tables_dir()
    if not base.is_dir():
        return []
    return sorted(p.name for p in base.iterdir() if (p / journal.JOURNAL).is_file())


MAX_POINTER = 4096
"""The most `current` may hold, in bytes: a table name is at most 40."""


def current_name() -> str | None:
    """The current table's name from `POPEJOAN_HOME/current`, None when there is none; a pointer that is no
    table name (not a regular file, too long, not text, a control character) is damage, refused in one line.

    Read without trusting what the file is: opened without blocking (a FIFO would wait forever for a
    writer), checked to be a regular file before anything is read (`/dev/zero` never ends), and cut at
    `MAX_POINTER` bytes."""
    path = home() / "current"
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError as err:
        raise _bad_pointer(path, Said("it cannot be read: {reason}", reason=os_reason(err))) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise _bad_pointer(path, Said("it is not a regular file"))
        data = os.read(fd, MAX_POINTER + 1)
    except OSError as err:
        raise _bad_pointer(path, Said("it cannot be read: {reason}", reason=os_reason(err))) from None
    finally:
        os.close(fd)
    return _pointed(path, data)


def _pointed(path: Path, data: bytes) -> str | None:
    """The table name `data` (the bytes of `current`) holds, or the damage it is."""
    if len(data) > MAX_POINTER:
        raise _bad_pointer(path, Said("it is longer than {n} bytes", n=MAX_POINTER))
    try:
        name = data.decode("utf-8").strip()
    except UnicodeDecodeError:
        raise _bad_pointer(path, Said("it is not UTF-8 text")) from None
    if not name:
        return None
    if not _NAME.match(name):
        raise _bad_pointer(path, Said("{name} is not a table name", name=quoted(name)))
    return name


def _bad_pointer(path: Path, why: str) -> DataError:
    return DataError([Problem(Said("it does not name the current table: {why}", why=why), file=str(path),
                              hint=Said("pick the table to use with `popejoan table use NAME`"))])


def set_current(name: str) -> None:
    """Name the current table; a `current` that is a symbolic link is written through, never replaced."""
    path = home() / "current"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.is_symlink() and (not path.exists() or path.is_file()):
            path = Path(os.path.realpath(path))  # a link to a FIFO or a device (damage) is replaced instead
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        tmp.write_text(name + "\n", encoding="utf-8")
        os.replace(tmp, path)
    except OSError as err:
        raise StorageError(Said("cannot write {path}: {reason}", path=str(path), reason=os_reason(err))) from None


def folder(chosen: str | None = None) -> Path:
    """The folder of the table this command works on: `chosen` (from --table), or the current one."""
    if chosen:
        return Path(chosen)
    name = current_name()
    if name is None:
        raise UsageError(Said("no table is in use"),
                         Said("create one with `popejoan table new NAME --rules R --players A,B,C`, or pick one "
                              "with `popejoan table use NAME`"))
    return tables_dir() / name


def folder_of(name: str) -> Path:
    path = tables_dir() / check_name(name)
    if not (path / journal.JOURNAL).is_file():
        raise UsageError(Said("no table called {name!r}", name=name), allowed(table_names(), name))
    return path


def view(where: Path | None = None, *, full: bool = False, note: bool = True) -> tuple[TableView, list[str]]:
    """Replay the table's journal; returns the view and warnings.

    Every hand is refereed, except those an earlier command refereed in full over the same
    bytes (the journal's `.verified` note). With `full`, that note is ignored and every hand
    is refereed again: `check`, `ledger settle` and the exports ask for that. Without `note`,
    nothing is written beside the journal, not even that note (`serve` writes only the journal).
    """
    path = where or folder()
    loaded = journal.load(path, trust=not full, kept=note and not full)
    view = folded(loaded, path)  # `full`: trusted is 0, nothing lazy, no cache
    if note:
        journal.mark_verified(path, loaded)
        if not full:
            journal.keep(path, loaded, view)
    return view, loaded.warnings


def folded(loaded: journal.Loaded, path: Path) -> TableView:
    """The table `loaded` holds: the cache's, with the lines since folded onto it (`store.folded`), or
    the whole journal folded. A stored event the fold refuses is damage, named in `path`."""
    try:
        kept = loaded.folded
        if kept is None:
            from popejoan_cli.table import fold  # the referee: a table opened from its cache as it is needs none

            return fold.replay(loaded.events, trusted=loaded.trusted, times=loaded.times, write_of=loaded.write_of)
        # With a cache, `events` is a LaterList: the lines after it are its recent ones, read without the older.
        new: list[tuple[int, Event]] = loaded.events.recent()  # type: ignore[attr-defined]
        if any(isinstance(e, EventVoided) for _, e in new):  # a void changes the past: fold it all again
            from popejoan_cli.table import fold  # as above

            return fold.replay(list(loaded.events), trusted=loaded.trusted, times=dict(loaded.times.items()),
                               write_of=dict(loaded.write_of.items()))
        _read_back(kept, loaded)
        if new:
            from popejoan_cli.table import fold  # as above

            fold.extend(kept, new)
        kept.times.update(loaded.times.recent())  # type: ignore[attr-defined]  # a LaterDict
        kept.write_of.update(loaded.write_of.recent())  # type: ignore[attr-defined]  # as above
    except DataError as err:
        raise located(err, path) from None
    view: TableView = kept
    return view


def _read_back(view: TableView, loaded: journal.Loaded) -> None:
    """Where the cache's view reads its history from when asked: the journal's older events, folded."""
    older: list[TableView] = []
    history, trusted = loaded.history, loaded.trusted
    assert history is not None

    def replayed() -> TableView:
        from popejoan_cli.table import fold  # only when the history is walked

        if not older:
            events, times, write_of = history()
            older.append(fold.replay(events, trusted=trusted, times=dict(times), write_of=dict(write_of)))
        return older[0]

    hands = view.hands.older  # type: ignore[attr-defined]  # the cache's LaterList
    view.hands.attach(lambda: replayed().hands[:hands])  # type: ignore[attr-defined]
    view.effective.attach(lambda: list(replayed().effective))  # type: ignore[attr-defined]
    view.times.attach(lambda: dict(replayed().times))  # type: ignore[attr-defined]
    view.write_of.attach(lambda: dict(replayed().write_of))  # type: ignore[attr-defined]


def located(err: DataError, where: Path) -> DataError:
    """The same damage, naming the journal where a problem names no file."""
    name = str(where / journal.JOURNAL)
    return DataError([p if p.file else replace(p, file=name) for p in err.problems])


class Recorded(Record):
    view: TableView
    written: list[tuple[int, Event]]
    warnings: list[str]


def record(make: Callable[[TableView], Sequence[Event]], *, where: Path | None = None,
           create: bool = False) -> Recorded:
    """Replay, let `make` choose new events from the view, validate them, and append them.

    A hand that ends gets its checkpoint in the same write. If `make` or the validation
    raises, nothing is written.
    """
    path = where or folder()
    decision = _Decision(make, path)
    try:
        written, warnings = journal.append(path, decision, create=create)
    except DataError as err:
        if create and any(getattr(p.message, "msgid", "") == "a table already exists here" for p in err.problems):
            raise UsageError(Said("a table already exists at {path}", path=str(path)),
                             Said("pick another name, or `popejoan table use` it")) from err
        raise
    assert decision.view is not None  # `journal.append` decides before it writes
    if written and decision.loaded is not None:
        journal.keep_written(path, decision.loaded, decision.view)
    return Recorded(decision.view, written, warnings)


class _Decision:
    """What `record` writes, decided under the journal's lock from the journal as it stands: the
    events (`make`'s, each refereed by the fold, and a checkpoint after a hand that ends), and the
    view they leave (`view`), which the command then narrates."""

    def __init__(self, make: Callable[[TableView], Sequence[Event]], path: Path) -> None:
        self.make, self.path = make, path
        self.view: TableView | None = None
        self.loaded: journal.Loaded | None = None
        """What the view was folded from (after the write, it knows the note written: `journal.keep_written`)."""
        self._ahead: tuple[journal.Loaded, TableView] | None = None

    def ahead(self, loaded: journal.Loaded) -> None:
        """Replay the journal before the lock is taken (`journal.append`): under the lock, `__call__`
        is handed the same `loaded` only if the journal has not changed since."""
        self._ahead = (loaded, self._replayed(loaded))

    def _replayed(self, loaded: journal.Loaded) -> TableView:
        self.loaded = loaded
        return folded(loaded, self.path)

    def __call__(self, loaded: journal.Loaded) -> list[Event]:
        events = loaded.events
        early, self._ahead = self._ahead, None
        view = early[1] if early is not None and early[0] is loaded else self._replayed(loaded)
        self.loaded = loaded
        out = _refereed(view, len(events), self.make(view))
        written = [(len(events) + k + 1, e) for k, e in enumerate(out)]
        if loaded.now is not None:
            view.times.update((seq, loaded.now) for seq, _ in written)  # the time the store writes them with
        view.write_of.update((seq, written[0][0]) for seq, _ in written[1:])  # one write: one command
        if any(isinstance(e, EventVoided) for e in out):
            # A void changes the past: the view returned is the journal's own replay, which is
            # also the last check that the journal stays loadable.
            from popejoan_cli.table import fold  # a void: the journal folded again

            view = fold.replay([*events, *written], times=view.times, write_of=view.write_of)
        else:
            view.effective.extend(written)
            view.last_seq = len(events) + len(out)
        self.view = view
        return out


def _refereed(view: TableView, seq: int, new: Sequence[Event]) -> list[Event]:
    """`new` applied to `view` one by one (the fold refuses a bad one), each hand that ends followed
    by its checkpoint; the events to write."""
    from popejoan_cli.table import fold  # the referee: a reading command opened from the cache needs none

    out: list[Event] = []
    for event in new:
        closed_before = _closed(view)
        seq += 1
        fold.apply(view, seq, event)
        out.append(event)
        if _closed(view) > closed_before:
            check = HandCheckpointed(hand=len(view.hands), balances=dict(view.balances), board=dict(view.board))
            seq += 1
            fold.apply(view, seq, check)
            out.append(check)
    return out


def _closed(view: TableView) -> int:
    """How many hands are over: all but the last, and the last too once it is (only it can be open). The
    older hands of a table opened from its cache are not read back to count them."""
    return len(view.hands) - (view.open_hand is not None)


def audit(view: TableView) -> list[Problem]:
    """Every problem `popejoan check` reports, beyond damage the replay itself refuses.

    A count that disagreed is left out once a later count of the same pot or player agrees
    with the journal: the counters were found (or the first count was wrong), and the
    mismatch is history (`recounted`), not a standing problem.
    """
    from popejoan_cli.table.ledger import conservation_problems  # `check` alone: off the start-up path

    gone = {f"seq {bad.seq}" for bad, _ in recounted(view)}
    found = [p for p in view.problems if p.key not in gone]
    found += [Problem(msg, key="conservation") for msg in conservation_problems(view)]
    return found


def recounted(view: TableView) -> list[tuple[Count, Count]]:
    """Each count that disagreed with the journal, paired with the later count that agreed."""
    out = []
    for i, bad in enumerate(view.counts):
        if bad.counted != bad.journal:
            later = next((c for c in view.counts[i + 1:] if c.target == bad.target and c.counted == c.journal), None)
            if later is not None:
                out.append((bad, later))
    return out


def miscounts(view: TableView, problems: list[Problem]) -> list[Problem]:
    """Those of `problems` that are counts still disagreeing with the journal."""
    counted = {f"seq {c.seq}" for c in view.counts}
    return [p for p in problems if p.key in counted]
