"""The words of a shell line: `split` reads a line as `shlex.split` does (in linear time), and
`Completion` offers what may complete a word at TAB (command words from the command tree,
the table's players, its pot names, cards in every notation `Card.parse` reads, and the
`CARD:NAME` and `stop` words of a `play` line), each `quoted` as `split` reads it back (a
player called "Mary Ann" is offered as `'Mary Ann'`).

Split from `shell_cmd` for size. Every `popejoan` invocation that registers all commands
imports this file with the shell, so only light modules are imported at the top; the store,
the presets and the cards are imported inside the completions that need them, to keep
start-up short.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from popejoan_cli.base.errors import Said

if TYPE_CHECKING:
    from popejoan_cli.game.cards import Card
    from popejoan_cli.table.view import TableView

MAX_LINE = 10_000
"""The longest line the shell runs; a longer one (a runaway paste) is refused with one line."""

SHELL_WORDS = ("help", "exit", "quit")

_PRESETS = frozenset({"spec", "a", "b", "base", "rules_spec"})
"""Parameters that take a preset name (`rules show NAME`, `--rules`, `--from`)."""

_WHITESPACE = " \t\r\n"
# Pattern text, compiled on first use (re caches it): every invocation imports this module.
_PLAIN = r"[^ \t\r\n'\"\\#]+"
_PLAIN_NO_COMMENTS = r"[^ \t\r\n'\"\\]+"
_IN_DOUBLE = r'["\\]'


def split(line: str, comments: bool = True) -> list[str]:
    """The words of `line` exactly as `shlex.split(line, comments=comments)` gives them.

    shlex builds each word a character at a time on an attribute (`self.token += c`),
    which CPython cannot extend in place: a pasted 1 MB word took 38 s. This reads
    runs of ordinary characters with one regex match each, in time linear in the line,
    and raises the same ValueErrors ("No closing quotation", "No escaped character"), their words a
    `Said` that the shell says in the table's language.
    """
    plain = re.compile(_PLAIN if comments else _PLAIN_NO_COMMENTS)
    words: list[str] = []
    parts: list[str] = []
    in_word = False  # a word has begun, if only with '' (an empty quoted word counts)
    i, n = 0, len(line)
    while i < n:
        c = line[i]
        if c in _WHITESPACE or (c == "#" and comments):
            if in_word:
                words.append("".join(parts))
                parts, in_word = [], False
            # After a comment shlex drops the rest of the physical line and carries on after it.
            end = i if c != "#" else line.find("\n", i)
            i = n if end < 0 else end + 1
        elif c == "\\":
            in_word, i = True, _escaped(line, i + 1, parts)
        elif c == "'":
            in_word, i = True, _single_quoted(line, i + 1, parts)
        elif c == '"':
            in_word, i = True, _double_quoted(line, i + 1, parts)
        else:
            match = plain.match(line, i)
            assert match is not None  # c is none of the characters the pattern stops at
            parts.append(match.group())
            in_word, i = True, match.end()
    if in_word:
        words.append("".join(parts))
    return words


def quoted(word: str) -> str:
    """`word` as a shell line must spell it for `split` to read it back as that one word: as it is
    when plain, else in single quotes (a `'` in it written `'"'"'`), as the POSIX shell quotes."""
    if word and re.fullmatch(_PLAIN, word):
        return word
    return "'" + word.replace("'", "'\"'\"'") + "'"


def unquoted(text: str) -> str:
    """What the word being typed means so far, when it has begun a quote (`'2S:Ma`): read by `split` with
    the quote closed; as it is when that reads as no single word."""
    for close in ("", "'", '"'):
        try:
            words = split(text + close)
        except ValueError:
            continue
        return words[0] if len(words) == 1 else text
    return text


def _escaped(line: str, i: int, parts: list[str]) -> int:
    """Read the character a backslash escapes, at `i` (just after the backslash), into `parts`;
    where the word goes on."""
    if i >= len(line):
        raise ValueError(Said("No escaped character"))
    parts.append(line[i])
    return i + 1


def _single_quoted(line: str, i: int, parts: list[str]) -> int:
    """Read a single-quoted part from `i` (just after the quote) into `parts`; where it ends.
    Inside single quotes nothing is special: the part runs to the next `'`."""
    end = line.find("'", i)
    if end < 0:
        raise ValueError(Said("No closing quotation"))
    parts.append(line[i:end])
    return end + 1


def _double_quoted(line: str, i: int, parts: list[str]) -> int:
    """Read a double-quoted part from `i` (just after the quote) into `parts`; where it ends."""
    in_double = re.compile(_IN_DOUBLE)
    n = len(line)
    while True:
        found = in_double.search(line, i)
        if found is None:
            raise ValueError(Said("No closing quotation"))
        at = found.start()
        parts.append(line[i:at])
        if line[at] == '"':
            return at + 1
        if at + 1 >= n:
            raise ValueError(Said("No escaped character"))
        # Inside double quotes a backslash escapes only `"` and itself (POSIX).
        nxt = line[at + 1]
        parts.append(nxt if nxt in '"\\' else "\\" + nxt)
        i = at + 2


def visible(group: Any) -> dict[str, Any]:
    """A command group's commands that `--help` lists, by name."""
    return {name: c for name, c in getattr(group, "commands", {}).items() if not getattr(c, "hidden", False)}


def is_group(node: Any) -> bool:
    return hasattr(node, "commands")


class Completion:
    """TAB completion for the shell, which supplies the command tree, the table and the line."""

    root: Any
    view: TableView | None
    matches: list[str]
    line_before: Callable[[], str]

    def refresh(self) -> bool:
        raise NotImplementedError  # pragma: no cover - the shell reloads its table

    def complete(self, text: str, state: int) -> str | None:
        """readline's completer: the `state`-th candidate for `text`."""
        if state == 0:
            try:
                before = self.line_before()
            except Exception:  # a completer must never break the prompt
                before = None
            # Python's readline appends nothing to a lone match: the space is ours.
            self.matches = [] if before is None else [m + " " for m in self.offers(before, text)]
        return self.matches[state] if state < len(self.matches) else None

    def offers(self, before: str, text: str) -> list[str]:
        """Every candidate for `text` after the line `before` it, on the table as it is now, each
        `quoted` so that `split` reads it back as one word (`text` may have begun a quote).

        What each line editor asks (readline through `complete`, prompt_toolkit directly).
        """
        try:
            self.refresh()
            return [quoted(word) for word in self.candidates(before, unquoted(text))]
        except Exception:  # a completer must never break the prompt
            return []

    def candidates(self, before: str, text: str) -> list[str]:
        """What may complete `text`, given the line `before` it."""
        if len(before) + len(text) > MAX_LINE:
            return []  # run_line would refuse the line anyway
        words = _typed_words(before)
        found = self._command(words)
        if found is None:
            return []
        node, path = found
        if is_group(node):
            return _subcommands(node, path, text)
        return self.parameter_values(node, words, " ".join(path), text)

    def parameter_values(self, command: Any, words: list[str], where: str, text: str) -> list[str]:
        """What may complete `text` after the `words` already typed to the command `where`: its
        options' names, the value of the option just typed, or the value of the next argument."""
        params = list(getattr(command, "params", []))
        options = [p for p in params if getattr(p, "param_type_name", "") == "option"]
        if text.startswith("-"):
            return _option_names(options, text)
        by_flag = {o: p for p in options for o in p.opts}
        if words and words[-1] in by_flag:
            opt = by_flag[words[-1]]
            return [] if getattr(opt, "is_flag", False) else self.values(opt.name, where, text)
        arguments = [p for p in params if getattr(p, "param_type_name", "") == "argument"]
        argument = _argument_at(arguments, _position(words, by_flag))
        return [] if argument is None else self.values(argument.name, where, text)

    def _command(self, words: list[str]) -> tuple[Any, list[str]] | None:
        """The command (or group) the leading `words` name, and those words; they are taken off
        `words`. None when a word names nothing."""
        node: Any = self.root
        path: list[str] = []
        while words and is_group(node):
            sub = visible(node).get(words[0])
            if sub is None or words[0].startswith("-"):
                return None
            node = sub
            path.append(words.pop(0))
        return node, path

    def values(self, param: str, where: str, text: str) -> list[str]:
        """Values for one parameter of the command `where`."""
        found: list[str] = []
        if param in ("card", "cards", "turnup"):
            found = self.cards(text)
        elif param in ("seat", "player") or (param == "name" and where not in ("table new", "table join",
                                                                               "table use")):
            found = self.names(self.players(), text)
        elif param == "name" and where == "table use":
            from popejoan_cli.store import tables

            found = self.names(tables.table_names(), text)
        elif param == "words":
            found = self.run_word(text)
        elif param == "pots":
            found = self.names(self.pots(), text)
        elif param == "what":
            found = self.names([*self.pots(), "cards"], text)
        elif param == "target":
            found = self.names([*self.pots(), *self.players()], text)
        elif param == "pope":
            found = self.names([*self.players(), "spare", "none"], text)
        elif param in _PRESETS:
            from popejoan_cli.formats.presets import preset_names

            found = self.names(preset_names(), text)
        return found

    def run_word(self, text: str) -> list[str]:
        """A word of `play`: a player, a card of the pack (never where the table saw it go),
        `stop`, or after `CARD:` the player who played it."""
        card, colon, name = text.partition(":")
        if colon:
            from popejoan_cli.game.cards import parse_card_or_none

            if parse_card_or_none(card) is None:
                return []
            return [f"{card}:{n}" for n in self.names(self.players(), name)]
        return self.names(self.players(), text) + self.cards(text) + self.names(["stop"], text)

    def players(self) -> list[str]:
        return list(self.view.players) if self.view is not None else []

    def pots(self) -> list[str]:
        if self.view is None or self.view.rules is None:
            return []
        return [p.name for p in self.view.rules.pots]

    @staticmethod
    def names(choices: list[str], text: str) -> list[str]:
        low = text.lower()
        return [c for c in choices if c.lower().startswith(low)]

    def cards(self, text: str) -> list[str]:
        """Cards whose spelling starts with `text`, in the notation `text` is written in.

        ASCII (any case) completes to the file form `9D` (and `TD` after a T); a suit symbol
        or Cyrillic letter completes in that notation (`9♦`, `Дч`). Removed cards are left out.
        """
        from popejoan_cli.game.cards import CARDS, parse_card_or_none

        removed: set[int] = set()
        if self.view is not None and self.view.rules is not None:
            removed = set(self.view.rules.removed)
        if text and parse_card_or_none(text) is not None and not text.isascii():
            return [] if parse_card_or_none(text) in removed else [text]
        live = [c for c in CARDS if c not in removed]
        up = text.upper()
        return [s for s in _spellings(live, text) if s.upper().startswith(up)]


def _spellings(live: list[Card], text: str) -> list[str]:
    """The `live` cards spelt in the notation `text` is written in: Cyrillic (`Дч`) when it has
    a Cyrillic letter, else the file form (`9D`, and `TD` for the ten after a T)."""
    from popejoan_cli.game.cards import RANK_NAMES

    if any("\u0400" <= ch <= "\u04ff" for ch in text):
        ranks = {1: "Т", 11: "В", 12: "Д", 13: "К"}
        return [ranks.get(c.rank, RANK_NAMES[c.rank - 1]) + "тбчп"[c.suit] for c in live]
    ten = text[:1] in ("t", "T")  # T for 10 only when it is typed
    return ["T" + "CDHS"[c.suit] if ten and c.rank == 10 else str(c) for c in live]


def _typed_words(before: str) -> list[str]:
    """The words typed before the one being completed; `help` in front is dropped (`help hand` completes
    as `hand`). A half-typed line (an open quote) is cut at its spaces."""
    try:
        words = split(before)
    except ValueError:
        words = before.split()
    if words and words[0] == "help":
        words = words[1:]
    return words


def _subcommands(group: Any, path: list[str], text: str) -> list[str]:
    """The commands of `group` that start with `text`, sorted; at the top, the shell's own words
    instead of `shell`."""
    names = list(visible(group))
    if not path:
        names = [n for n in names if n != "shell"] + list(SHELL_WORDS)
    return sorted(n for n in names if n.startswith(text))


def _option_names(options: list[Any], text: str) -> list[str]:
    """The options' names (both spellings of a switch) that start with `text`, sorted; never `--help`."""
    flags = sorted({o for p in options for o in [*p.opts, *p.secondary_opts]})
    return [o for o in flags if o.startswith(text) and o != "--help"]


def _argument_at(arguments: list[Any], position: int) -> Any | None:
    """The argument at `position`: the last one when it takes any number of words, None past the end."""
    if not arguments:
        return None
    if position >= len(arguments):
        if getattr(arguments[-1], "nargs", 1) != -1:
            return None
        position = len(arguments) - 1
    return arguments[position]


def _position(words: list[str], by_flag: dict[str, Any]) -> int:
    """How many arguments `words` hold, skipping options and the values they take."""
    position = 0
    skip = False
    for w in words:
        if skip:
            skip = False
        elif w in by_flag:
            skip = not getattr(by_flag[w], "is_flag", False)
        elif not w.startswith("-"):
            position += 1
    return position
