"""What the command modules share: the table this command works on (`where`, `view`,
`record`), reading `--players` and `--counters`, asking yes or no, and opening a table as the
next session of an export (`read_export`, `continue_table`).

One module that every command module may import, so that none imports another's helpers.
The store, the formats and the rules are imported inside the helpers that need them, to keep
start-up short: `popejoan rules list` loads none of them.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from popejoan_cli import cli
from popejoan_cli.base.errors import DataError, Problem, Said, UsageError, allowed, joined
from popejoan_cli.base.limits import cut, whole_number
from popejoan_cli.base.marks import Grouped, Quoted
from popejoan_cli.base.visible import shown_lines
from popejoan_cli.cli import console

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

    from popejoan_cli.formats.exports import Imported
    from popejoan_cli.game.rules import HouseRules
    from popejoan_cli.store.tables import Recorded
    from popejoan_cli.table.events import Event
    from popejoan_cli.table.view import TableView

JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON on stdout.")]
# Settling up in money: `ledger settle` and `evening` take the same three options.
ValueOpt = Annotated[str | None, typer.Option(
    "--value", "-v", help="Money per counter, e.g. 0.05 (or 0,05). Without it, every amount is in counters.")]
CurrencyOpt = Annotated[str | None, typer.Option(
    "--currency", help="Currency code or symbol to print with --value (default EUR).")]
BankOpt = Annotated[str | None, typer.Option(
    "--bank", help="Who holds the board's money between sessions (default: the first player at the table).")]


def where() -> Path:
    """The folder of the table this command works on (`--table`, else the current one)."""
    from popejoan_cli.store import tables

    return tables.folder(cli.table_override)


_said: set[tuple[str, tuple[int, int] | None, str]] = set()
"""The warnings `view` said, each with its journal and that journal's stamp (size, time) then: a
command that reads its table and then writes it says a torn tail once, not again when the write
cuts it (`record`)."""


def view(full: bool = False) -> TableView:
    """The table replayed from its journal; its warnings go to stderr."""
    from popejoan_cli.store import journal, tables

    folder = where()
    stamp = journal.stamp(folder)
    found, warnings = tables.view(folder, full=full)
    speak(found)
    warn(warnings)
    _said.update((str(folder), stamp, w) for w in warnings)
    return found


def speak(found: TableView) -> None:
    """Speak the table's language, of its players as the journal describes them (gender, cases)."""
    cli.speak(found.lang)
    if "popejoan_cli.render.i18n" in sys.modules:  # English loads no words, and needs no genders
        from popejoan_cli.render import i18n

        i18n.meet(found.people)


def record(make: Any, **kw: Any) -> Recorded:
    """`tables.record` on this command's table (or `where=`); its warnings go to stderr."""
    from popejoan_cli.store import tables

    def spoken(found: TableView) -> Any:
        # A refusal is raised before the table is recorded: speak its language first, so that the
        # refusal of a Russian table's move reads Russian whoever types.
        speak(found)
        return make(found)

    from popejoan_cli.store import journal

    folder = kw.pop("where", None) or where()
    stamp = journal.stamp(folder)  # unchanged since `view` said a warning: the same journal, the same tail
    done = tables.record(spoken, where=folder, **kw)
    speak(done.view)
    warn([w for w in done.warnings if (str(folder), stamp, w) not in _said])
    return done


def warn(warnings: list[str]) -> None:
    """Each warning on stderr, said in this command's language (a warning raised as a `Said`)."""
    from popejoan_cli.cli.exits import spoken

    for w in warnings:
        sys.stderr.write(shown_lines(spoken(Said("popejoan: warning: {warning}", warning=w))) + "\n")


def counters(text: str) -> int:
    """`--counters N`: a whole number of counters in range, read without converting thousands
    of digits (Python refuses those with a traceback)."""
    from popejoan_cli.table.view import MAX_COUNTERS

    n = whole_number(text, 0, MAX_COUNTERS)
    if n is None:
        word = text.strip()
        digits = word.removeprefix("-")
        typed = cut(word, 20)
        if not (digits.isascii() and digits.isdigit()):
            why = Said("--counters {typed} is not a whole number", typed=typed)
        elif word.startswith("-"):
            why = Said("--counters {typed} is negative", typed=typed)
        else:
            why = Said("--counters {typed} is too large", typed=typed)
        raise UsageError(why, Said("allowed: a whole number from 0 to {most}", most=Grouped(MAX_COUNTERS)))
    return n


def players(text: str) -> list[str]:
    """`--players Ann,Bob,Cat`: the names, clockwise (a gender said after a name, `Саша:ж`, left off)."""
    return [name for name, _ in players_said(text)]


def players_said(text: str) -> list[tuple[str, str | None]]:
    """`--players "Ann,Саша:ж,Bob:m"`: each name, clockwise, with the gender said for it (None where none was:
    the name tells, or nobody knows)."""
    from popejoan_cli.base.people import split_gender

    seats = [split_gender(n.strip()) for n in text.split(",")]
    if any(not n for n, _ in seats):
        raise UsageError(Said("--players {typed!r} has an empty name", typed=text),
                         Said("give names separated by commas: Ann,Bob,Cat"))
    for name, said in seats:
        # A letter or two after a colon is a gender mistyped ("Саша:x", "Bob:zz"), not a name to keep (issue 39);
        # a tail written as a name is part of the name: longer ("Mr:Smith"), or two letters with a capital ("Ann:Li").
        head, colon, tail = name.rpartition(":")
        if said is None and colon and head.strip() and _marker_like(tail.strip()):
            raise UsageError(Said("{tail!r} after the colon in {typed!r} is not a gender", tail=tail.strip(),
                                  typed=name),
                             Said("allowed: {name}:f or {name}:m (ж or м); or leave the gender out",
                                  name=head.strip()))
    return seats


def _marker_like(tail: str) -> bool:
    """Whether what follows a name's last colon reads as a gender marker mistyped: one letter, or two not written
    as a name is (a capital, then a small letter: "Li", "Jo" are names)."""
    if not tail.isalpha() or len(tail) > 2:
        return False
    return len(tail) == 1 or not (tail[0].isupper() and tail[1].islower())


def described(seats: Iterable[tuple[str, str | None]]) -> list[Event]:
    """How the table's language will speak of each player sitting down (`render.morph`): an event for each
    one whose gender or cases are known; a name that tells nothing (Latin, unsaid) needs none."""
    from popejoan_cli.render.morph import describe  # the dictionary loads here, once, as the players sit down
    from popejoan_cli.table.events import PlayerDescribed

    out: list[Event] = []
    for name, said in dict(seats).items():
        person = describe(name, said)
        if person.gender or person.forms:
            out.append(PlayerDescribed(player=name, gender=person.gender, forms=person.forms))
    return out


def seats(text: str, dealer: str | None, rules_spec: str) -> tuple[HouseRules, list[str], int]:
    """The rules, the players and the dealer's seat of a hand dealt outside a table."""
    from popejoan_cli.formats.presets import load_rules
    from popejoan_cli.game.deal import check_players

    rules = load_rules(rules_spec)
    names = players(text)
    problems = check_players(names, rules)
    if problems:
        raise UsageError(joined(problems), Said("--players lists the seats clockwise, {least}–{most} of them "
                                                   "for {rules}", least=rules.players.min, most=rules.players.max,
                                                   rules=rules.name))
    if dealer is None:
        return rules, names, 0
    if dealer not in names:
        raise UsageError(Said("--dealer {typed!r} is not a player", typed=dealer), allowed(names, dealer))
    return rules, names, names.index(dealer)


def run_words(names: list[str], words: list[str]) -> list[tuple[str, str | None]]:
    """The cards of a `play` line: `CARD` or `CARD:NAME` each (the card as the file writes it, and
    the player named, or "" for whoever played the card before), or `stop` (None); exit 2 else."""
    from popejoan_cli.base.names import find_name
    from popejoan_cli.base.words import as_typed
    from popejoan_cli.game.cards import Card

    typed: list[tuple[str, str | None]] = []
    for word in words:
        if word.lower() == "stop":
            typed.append(("", None))
            continue
        card, colon, name = word.partition(":")
        who = ""
        if colon:
            if not name.strip():
                example = as_typed(f"{word.strip()[:10]}{names[0] if names else 'Ann'}")  # `'5D:Mary Ann'`
                raise UsageError(Said("{typed}: who played it? give a name after the colon", typed=cut(word, 20)),
                                 Said("e.g. `{example}`", example=example))
            found = find_name(name, names)
            if found is None:
                raise UsageError(Said("no player {typed} at this table", typed=cut(name, 20)), allowed(names, name))
            who = found
        typed.append((who, str(Card.parse(card))))
    if not typed:
        raise UsageError(Said("play what? give one or more cards"), Said("e.g. `{example}`",
                                                                          example="popejoan play Ann 4C 5C"))
    return typed


YES = frozenset({"y", "yes", "д", "да"})
NO = frozenset({"n", "no", "н", "нет"})
"""The answers `confirm` reads, in either language whatever the table speaks (a Russian keyboard types «д», an
English one «y»), in any case."""


def confirm(question: str) -> bool:
    """Ask yes or no on stderr: `[y/N]`, at a Russian table `[д/Н]`. Enter, the end of input or Ctrl-C is no;
    an answer that is neither is asked again. Not click's `confirm`, which knows only y and n, in English."""
    from popejoan_cli.render.i18n import t, tp

    while True:
        sys.stderr.write(f"{question} {tp('confirmation', '[y/N]')}: ")
        sys.stderr.flush()
        try:
            answer = input().strip().casefold()
        except (EOFError, KeyboardInterrupt):
            sys.stderr.write("\n")
            return False
        if answer in YES or answer in NO or not answer:
            return answer in YES
        sys.stderr.write(t("Error: invalid input") + "\n")


def read_export(file: str) -> Imported:
    """Read and validate a TOML or JSON export: exit 2 for a path that names no file, 5 for
    anything wrong in it (not a regular file, too big, damaged), 6 if it cannot be read."""
    from popejoan_cli.formats import exports
    from popejoan_cli.formats.userfiles import label, read_user_file
    from popejoan_cli.store import tables

    data = read_user_file(file, "ledger export", exports.MAX_BYTES, usage=True,
                          hint=Said("give the path of a ledger exported as .toml or .json"))
    kind = {".json": "json", ".toml": "toml"}.get(Path(file).suffix.lower(), "")
    imp = exports.read_document(data, label(file), kind)
    try:
        tables.check_name(imp.table)  # the name it continues is shown and journalled as if typed
    except UsageError as err:
        raise DataError([Problem(err.message, key="table", file=label(file), hint=err.hint)]) from None
    return imp


def continue_table(name: str, imp: Imported, source: str, folder: Path) -> None:
    """Open table `name` in `folder` as the next session of an export `imp` (validated), and make
    it current. `source` names the file it came from ("" when it is the table itself)."""
    from popejoan_cli.formats.exports import carried_opening
    from popejoan_cli.store import tables
    from popejoan_cli.table.events import ComputerSeated

    people = [n for n in imp.players if n not in imp.computers]
    first_events = [*carried_opening(name, imp), *described((n, imp.genders.get(n)) for n in people),
                    *(ComputerSeated(player=n, level=level) for n, level in imp.computers.items()),
                    *described((n, imp.genders.get(n)) for n in imp.computers)]
    done = record(lambda view: first_events, where=folder, create=True)
    if not cli.table_override:
        tables.set_current(name)
    from popejoan_cli.render.figures import count
    from popejoan_cli.render.i18n import preset_title, t, tn

    held = ", ".join(f"{p} {count(n)}" for p, n in imp.balances.items())  # names and numbers: «Вика −13»
    words = dict(name=Quoted(name), old=Quoted(imp.table), session=imp.session + 1,
                 rules=preset_title(imp.rules.title) or imp.rules_name, held=held,  # as `table new` names them
                 dealer=imp.next_dealer)
    # With its file and without: two whole sentences, not one with a piece glued in.
    said = tn("Table {name} continues {old} from {source} as session {session} ({rules} rules): {held}; {n} counter "
              "on the board. {dealer} deals next: `popejoan deal`.",
              "Table {name} continues {old} from {source} as session {session} ({rules} rules): {held}; {n} counters "
              "on the board. {dealer} deals next: `popejoan deal`.", sum(imp.board.values()), source=source, **words) \
        if source else \
        tn("Table {name} continues {old} as session {session} ({rules} rules): {held}; {n} counter on the board. "
           "{dealer} deals next: `popejoan deal`.",
           "Table {name} continues {old} as session {session} ({rules} rules): {held}; {n} counters on the board. "
           "{dealer} deals next: `popejoan deal`.", sum(imp.board.values()), **words)
    console().print(said, markup=False)
    if imp.dates:  # the session it continues, dated as its export says
        began, _, ended = imp.dates.partition("/")
        console().print(t("The session it continues was played {when}.", when=span(began, ended)), markup=False)
    genders_untold(done.view, [n for n in imp.players if n not in imp.computers])


def genders_untold(view: TableView, names: Sequence[str]) -> None:
    """Once a command has seated `names`, say which of them the table's language cannot speak of by gender, and
    how to say it (`table_views.gender_unknown`; nothing in English or when every gender is known)."""
    from popejoan_cli.render.table_views import gender_unknown

    said = gender_unknown(view, names)
    if said is not None:
        console().print(said)


def span(began: str, ended: str) -> str:
    """When something was played, from two ISO 8601 times as the journal writes them (the table's local time):
    `2026-12-01, 21:04–23:41` within one day, `2026-12-01 21:04 – 2026-12-02 00:41` past midnight; where the
    clock read earlier at the end, both times and that it went back."""
    from popejoan_cli.render.typeset import on_day  # «1 декабря 2026» at a Russian table, as before in English

    (d0, t0), (d1, t1) = (on_day(began[:10]), began[11:16]), (on_day(ended[:10]), ended[11:16])
    if (ended[:10], t1) < (began[:10], t0):
        # The table's clock read earlier at the end than at the start (put back an hour, or set wrong): a span
        # "20:00–19:00" would say nothing true, so both times are told for what they are.
        from popejoan_cli.render.i18n import t

        return t("{began}, then {ended} (the clock went back)", began=f"{d0} {t0}", ended=f"{d1} {t1}")
    return f"{d0}, {t0}–{t1}" if d0 == d1 else f"{d0} {t0} – {d1} {t1}"


def pot_typed(rules: HouseRules, typed: str, *also: str) -> str | None:
    """The pot a person typed (its name, its label, or the label as the table's language says it), None for
    one of `also` (a claim's `cards`); anything else is refused with the pots as the board shows them."""
    from popejoan_cli.game.claims import means_cards
    from popejoan_cli.render.i18n import pot_words
    from popejoan_cli.table.view import pot_named

    words = pot_words(rules)  # «Туз» at a Russian table: the board's labels as it says them
    pot = pot_named(rules, typed, words)
    # A claim's `cards` is typed in the table's words too («карты», in any case: `claims.means_cards`).
    if pot is None and typed.lower() not in also and not ("cards" in also and means_cards(typed)):
        shown = list(words) or [p.name for p in rules.pots]  # what the board shows, in the table's language
        also_shown = [_said_word(word) for word in also] if words else list(also)
        raise UsageError(Said("no pot called {pot!r} on this board", pot=typed), allowed([*shown, *also_shown], typed))
    return pot


def _said_word(word: str) -> str:
    """One of the words a command takes besides a pot (`cards`), as the table's language types it («карты»)."""
    from popejoan_cli.render.i18n import tp

    return tp("claim word", "cards") if word == "cards" else word
