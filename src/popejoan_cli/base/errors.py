"""Errors meant for people, each class naming the kind of problem it is.

A `PopejoanError` carries what went wrong and a hint saying what is allowed (and the nearest
valid word). Its class says what kind of problem it is: input a person gave (`BadInput`), a
rule of the game broken (`RuleViolation`), a table in use (`TableBusy`), damaged or invalid
data (`DataError`), or storage that refused (`StorageError`). Which exit code each kind gets
is the CLI's business: the one table of README: Exit codes is `popejoan_cli.cli.exits`. The
`exit_code` attributes below repeat it for the tests that check an error's kind by its code;
tests/cli/test_exit_codes.py keeps the two equal.
`Problem` is one located finding in a file (a house-rule file or a deal file); a
`DataError` may carry many of them so that every problem is reported at once.
"""

from __future__ import annotations

import errno
import sys
from collections.abc import Callable, Iterable, Sequence

from popejoan_cli import Interrupted as Interrupted  # raised by the launcher's signal handlers
from popejoan_cli.base.marks import Listed, Quoted
from popejoan_cli.base.records import Record

EXIT_OK = 0
EXIT_BUG = 1
EXIT_USAGE = 2
EXIT_RULE = 3
EXIT_BUSY = 4
EXIT_DATA = 5
EXIT_IO = 6


class Said(str):
    """Words of an error that another language can say too: the English itself (as a `str`, exactly
    as it was before there were languages), plus its msgid and named values, from which the CLI
    says it in the table's language (`cli.exits.spoken`; docs/i18n.md: Errors).

    The pure layers cannot look a message up (`render.i18n` sits above them), so they name it
    here; the catalogue test finds each `Said("...")` as it finds `t("...")`. A value may be a
    card or a suit (said in the language's faces) or another `Said` (said in turn); anything else
    is put in as it is. Anything built from a `Said` by string operations is plain English again.
    """

    msgid: str
    params: dict[str, object]

    def __new__(cls, msgid: str, /, **params: object) -> Said:
        text = msgid.format(**{k: _english(v) for k, v in params.items()}) if params else msgid
        self = super().__new__(cls, text)
        self.msgid = msgid
        self.params = params
        return self


class SaidN(Said):
    """A `Said` with a count: the English form for one or for many (`{n}` is the count), and in
    another language its plural forms (Russian has three: 1 карта, 3 карты, 7 карт)."""

    plural: str

    def __new__(cls, msgid: str, plural: str, n: int, /, **params: object) -> SaidN:
        english = msgid if n == 1 else plural
        self = str.__new__(cls, english.format(n=n, **{k: _english(v) for k, v in params.items()}))
        self.msgid, self.plural, self.params = msgid, plural, {"n": n, **params}
        return self


def _english(value: object) -> object:
    """A value as the English puts it: a card by its face (`7♥`), a suit once, by its name and then its
    symbol (`spades ♠`, as the turn-up's line says it), the rest as it is.
    Duck-typed: base sits below the cards (`game.cards`)."""
    if isinstance(value, int) and hasattr(value, "face"):
        return value.face
    if isinstance(value, int) and hasattr(value, "symbol"):
        return f"{getattr(value, 'title', value)} {value.symbol}"
    return value


class PopejoanError(Exception):
    """An error a person can act on."""

    exit_code: int = EXIT_BUG

    def __init__(self, message: str, hint: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint

    def __str__(self) -> str:
        return f"{self.message}\n{self.hint}" if self.hint else self.message


class BadInput(PopejoanError):
    """Input a person gave that popejoan does not accept: an argument, an option, a card or
    name typed, an unknown preset (exit 2)."""

    exit_code = EXIT_USAGE


UsageError = BadInput
"""The CLI's word for `BadInput`, still used by most modules that raise it."""


class RuleViolation(PopejoanError):
    """An illegal play, lead or claim (exit 3)."""

    exit_code = EXIT_RULE


class IllegalPlay(RuleViolation):
    """The referee refused a play; `rule` names the rule it breaks, as the table may be shown it.

    `message` and `rule` are public: they depend on nothing the table has not seen. `private`,
    when there is one, is the reason in the player's own cards ("you hold 4♠, lower in that
    suit"), for that player alone: it is never part of `str(err)`, so printing the error never
    shows it (`game.ruling`)."""

    def __init__(self, message: str, *, rule: str, hint: str = "", private: str | None = None,
                 player: str = "", words: str = "") -> None:
        super().__init__(message, hint or Said("rule: {rule}", rule=rule))
        self.rule = rule
        self.private = private
        self.player = player
        """Whom `private` is for (their name at the table), when there is a private part."""
        self.words = words or rule
        """`rule` as the player's own page says it: in words, never a key's syntax (`ruling.Ruling.words`)."""


class TableBusy(PopejoanError):
    """The table is locked by another process (exit 4)."""

    exit_code = EXIT_BUSY


class StorageError(PopejoanError):
    """The disk is full or not writable (exit 6)."""

    exit_code = EXIT_IO


def interrupted_message(signum: int) -> str:
    """The one line an interrupted command prints: what, if anything, it had recorded."""
    how = {2: "Ctrl-C", 15: "SIGTERM", 21: "Ctrl-Break"}.get(signum, f"signal {signum}")
    journal = sys.modules.get("popejoan_cli.store.journal")
    seqs: list[int] = list(getattr(journal, "recorded", []))
    if not seqs:
        return Said("popejoan: interrupted ({how}); nothing was recorded\n", how=how)
    if len(seqs) == 1:
        return Said("popejoan: interrupted ({how}) after recording event {seq}: the change is in the journal; "
                    "look at `popejoan history` before running the command again\n", how=how, seq=seqs[0])
    return Said("popejoan: interrupted ({how}) after recording events {first}–{last}: the change is in the "
                "journal; look at `popejoan history` before running the command again\n",
                how=how, first=seqs[0], last=seqs[-1])


Path_ = tuple[str | int, ...]
"""Where a value sits in a document: keys and list indexes, outermost first."""


class Problem(Record):
    """One finding at a place in a file: `file:line:col key: message`."""

    message: str
    key: str = ""
    line: int = 0
    col: int = 0
    hint: str = ""
    source_line: str = ""
    file: str = ""

    def located(self, file: str, source: Sequence[str]) -> Problem:
        """The same problem, naming `file` and quoting its source line."""
        text = source[self.line - 1] if 0 < self.line <= len(source) else ""
        return Problem(
            self.message, self.key, self.line, self.col, self.hint, text, file
        )

    def render(self, say: Callable[[str], str] = str) -> str:
        """The problem for people; `say` puts its message and hint in the command's language (the
        place, the key and the quoted source line are the file's and stay as they are)."""
        where = self.file or "<input>"
        if self.line:
            where += f":{self.line}:{max(self.col, 1)}"
        head = f"{where}: {self.key + ': ' if self.key else ''}{say(self.message)}"
        parts = [head]
        if self.source_line:
            parts.append(f"  | {self.source_line}")
            parts.append("  | " + " " * max(self.col - 1, 0) + "^")
        if self.hint:
            parts.append(f"  = {say(self.hint)}")
        return "\n".join(parts)


class DataError(PopejoanError):
    """Bad data: a house-rule file, a deal file, a damaged journal (exit 5)."""

    exit_code = EXIT_DATA

    def __init__(self, problems: Iterable[Problem] | str, hint: str = "") -> None:
        if isinstance(problems, str):
            problems = [Problem(problems, hint=hint)]
        self.problems = sorted(problems, key=lambda p: (p.file, p.line, p.col))
        PopejoanError.__init__(self, self.told())

    def told(self, say: Callable[[str], str] = str) -> str:
        """Every problem, and how many there are when more than one, with `say` putting the words in
        the command's language (the CLI's `spoken`); in English this is the error's message."""
        n = len(self.problems)
        body = "\n".join(p.render(say) for p in self.problems)
        if n < 2:
            return body
        return body + "\n" + say(SaidN("{n} problem found", "{n} problems found", n))


def joined(parts: Sequence[str], sep: str = "; ") -> str:
    """The parts on one line as `sep.join(parts)` would put them (`sep` is "; " or ", "), each still a
    `Said` that the CLI says in its language: a join of strings would be plain English. The line is
    built from the last part back, each separator a `Said` of its own, for another language's too."""
    if sep not in ("; ", ", "):
        raise ValueError(f"joined separates with '; ' or ', ', not {sep!r}")
    if not parts:
        return ""
    line = parts[-1]
    for part in reversed(parts[:-1]):
        line = (Said("{first}; {rest}", first=part, rest=line) if sep == "; "
                else Said("{first}, {rest}", first=part, rest=line))
    return line


def os_reason(err: OSError) -> str:
    """Why the disk said no, in the table's words rather than errno's (a `Said`, so that another
    language says it too; the system's own words for a rarer errno stay as the system gives them)."""
    reasons = {errno.ENOSPC: Said("the disk is full"), errno.EACCES: Said("permission denied"),
               errno.EPERM: Said("permission denied"), errno.EROFS: Said("read-only disk"),
               errno.EDQUOT: Said("over the disk quota"), errno.ENAMETOOLONG: Said("the path is too long"),
               errno.ELOOP: Said("too many levels of symbolic links"),
               errno.ENOTDIR: Said("a part of the path is not a folder")}
    return reasons.get(err.errno or 0, err.strerror or str(err))


def describe(value: object) -> str:
    """What a value from a file is, for "found …, expected …" messages."""
    if isinstance(value, bool):
        return Said("a boolean ({value})", value=str(value).lower())
    if isinstance(value, float):
        return Said("a float ({value})", value=value)
    if isinstance(value, int):
        return Said("an integer ({value})", value=value)
    if isinstance(value, str):
        return Said("a string ({value})", value=Quoted(value))
    if isinstance(value, list):
        return Said("an array")
    if isinstance(value, dict):
        return Said("a table")
    return type(value).__name__


def closest(word: str, choices: Iterable[str]) -> str | None:
    """The choice nearest to `word` (case-insensitively if need be), or None."""
    import difflib  # only an error needs it; keep it off the start-up path

    options = list(choices)
    close = difflib.get_close_matches(word, options, n=1, cutoff=0.5)
    if not close:
        lowered = {o.lower(): o for o in options}
        close = [lowered[c] for c in difflib.get_close_matches(word.lower(), list(lowered), n=1, cutoff=0.5)]
    return close[0] if close else None


def nearest(word: str, choices: Iterable[str]) -> str:
    """'did you mean …' text for the choice closest to `word`, or ''."""
    close = closest(word, choices)
    return Said("did you mean {word!r}?", word=close) if close else ""


def allowed(choices: Iterable[str], word: str | None = None) -> str:
    """A hint listing the allowed words, plus the nearest one to `word`."""
    options = list(choices)
    listed = Listed(options)  # each in the language's quotes: 'pope', «pope»
    close = closest(word, options) if word is not None else None
    if close is not None:
        return Said("allowed: {choices}; did you mean {word!r}?", choices=listed, word=close)
    return Said("allowed: {choices}", choices=listed)
