"""Ledger exports: the document people read, its import, and the CSV of postings.

`to_document(view)` is the ledger as people read it: the table, its players and balances
(clockwise), the counters brought in and taken away, the board as it stands, the rules in
force (embedded, so an old ledger replays the same way), whose deal is next, and the
hand-by-hand history with its totals. TOML carries it with `format = 1`, JSON with
`schema_version = 1` (integers only); docs/exports.md describes every field.
`from_document` reads such a document back: it checks every part of it, and all the
arithmetic between them, and reports every problem in one `DataError` (exit 5).
`to_csv` is one row per posting. `between_hands` is the one refusal of an export while a
hand is being played, whatever the format (`ledger export` asks it before writing any). Pure:
no files, no printing.

This module is the export's public face, writing and reading alike, so callers import
one module. The checking behind `from_document` is long, so it lives beside it:
`ledgercheck` checks each part of the document (its collector names each problem's
place), `ledgersums` the arithmetic between the parts and the standings they give.
"""

from __future__ import annotations

import csv
import io
import json
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from popejoan_cli.base.errors import DataError, Problem, RuleViolation, Said, allowed, describe
from popejoan_cli.base.limits import clip, digits_problem, json_int, key_text, shape_problems
from popejoan_cli.base.marks import Grouped, Quoted
from popejoan_cli.base.visible import shown
from popejoan_cli.base.words import LANGUAGES
from popejoan_cli.formats import ledgercheck, ledgersums
from popejoan_cli.formats.accounts import posting_dates, recorded_at
from popejoan_cli.formats.handjson import fed_json
from popejoan_cli.game.rules import HouseRules
from popejoan_cli.table.events import BalancesCarried, Event, HandCorrected, HistoryCarried, TableOpened
from popejoan_cli.table.ledger import postings
from popejoan_cli.table.view import HandRecord, TableView

if TYPE_CHECKING:
    from popejoan_cli.game.playout import FinalResult

FORMAT = 1
"""The document's version: `format` in TOML, `schema_version` in JSON."""
PROGRAM = "popejoan"
MAX_BYTES = 32 << 20
"""An export larger than this is refused unread."""


# ------------------------------------------------------------------------------- export
def _hand_entry(view: TableView, rec: HandRecord, dressed: dict[str, int]) -> dict[str, Any]:
    hand, names = rec.outcome, rec.players
    times = {k: at for k, at in (("dealt_at", view.dealt_at(rec)), ("ended_at", view.ended_at(rec))) if at}
    return {
        "number": rec.number,
        **times,
        "dealer": rec.dealer,
        "seed": rec.seed,
        "real": rec.kind.real,
        "turnup": "" if hand.turnup is None else str(hand.turnup),
        "out": "" if hand.out is None else names[hand.out],
        "void": bool(hand.void),
        "dressed": {n: dressed.get(n, 0) for n in names},
        "awards": [{"pot": a.pot, "player": names[a.seat], "amount": a.amount, "at": a.at} for a in hand.awards],
        "payments": [{"from": names[p.payer], "to": names[p.payee], "amount": p.amount, "for": p.why}
                     for p in hand.payments],
        **fed_json(hand.feeds, names),
        "net": {n: hand.net[i] for i, n in enumerate(names)},
        "board": dict(hand.board),
    }


def _gender(view: TableView, name: str) -> dict[str, str]:
    """A seat's `gender` where the table knows it (said, or read from the name), for the next session's sentences."""
    person = view.people.get(name)
    return {"gender": person.gender} if person is not None and person.gender else {}


def between_hands(view: TableView) -> None:
    """Refused (exit 3) while a hand is being played: a ledger, in any format, is exported between hands."""
    rec = view.open_hand
    if rec is not None:
        raise RuleViolation(Said("a ledger is exported between hands: hand {number} is still being played",
                                 number=rec.number), Said("finish the hand first (or undo its deal)"))


def to_document(view: TableView, *, session: int | None = None, json_style: bool = False) -> dict[str, Any]:
    """The ledger as people read it (TOML-shaped: no nulls). Only between hands."""
    between_hands(view)
    rules = view.the_rules()
    dressed = _dressed(view)
    hands = [_hand_entry(view, r, dressed.get(r.number, {})) for r in view.hands]
    everyone = list(dict.fromkeys([*view.players, *view.bought, *view.taken_out]))
    totals: dict[str, int] = dict.fromkeys(everyone, 0)
    for h in hands:
        _add_nets(totals, h["net"])
    doc: dict[str, Any] = {("schema_version" if json_style else "format"): FORMAT, "program": PROGRAM,
                           "table": view.name, "session": session or view.session, "rules_name": view.rules_name,
                           "next_dealer": view.next_dealer, "ended": view.ended,
                           "brought_in": view.brought_in, "taken_away": sum(view.taken_out.values())}
    if view.lang != "en":  # the table's own language, carried to its next session; English is never written
        doc["lang"] = view.lang
    doc["players"] = [{"name": n, "balance": view.balances[n], "brought_in": view.bought.get(n, 0),
                       "taken_away": view.taken_out.get(n, 0), **_gender(view, n),
                       **({"computer": view.computers[n]} if n in view.computers else {})} for n in view.players]
    doc["departed"] = [{"name": n, "brought_in": view.bought.get(n, 0), "taken_away": view.taken_out.get(n, 0)}
                       for n in everyone if n not in view.players]
    doc["opening_board"] = _opening_board(view, rules)
    doc["board"] = dict(view.board)
    if view.final is not None:
        doc["final"] = _final_entry(view.final, view.final_players)
        if view.time_of(view.final_seq):
            doc["final"]["at"] = view.time_of(view.final_seq)
        _add_nets(totals, doc["final"]["net"])
    if view.corrections:  # a past hand corrected (table.corrections): each a transfer between two players
        doc["corrections"] = [_correction_entry(view, seq, c) for seq, c in view.corrections]
        for _, c in view.corrections:
            _add_nets(totals, {c.payer: -c.counters, c.payee: c.counters})
    doc["totals"] = {"hands": len(hands), "net": totals}
    doc["hands"] = hands
    doc["rules"] = rules.to_dict()
    return doc


def _correction_entry(view: TableView, seq: int, c: HandCorrected) -> dict[str, Any]:
    """One correction as the document holds it: the hand, who paid whom how many, who said so and why, and when
    (left out where the journal does not say: TOML has no null)."""
    entry: dict[str, Any] = {"hand": c.hand, "from": c.payer, "to": c.payee, "counters": c.counters, "by": c.by,
                             "why": c.why}
    at = view.time_of(seq)
    if at:
        entry["at"] = at
    return entry


def _dressed(view: TableView) -> dict[int, dict[str, int]]:
    """What each player dressed the board with, by hand number: the dress postings' players' side."""
    dressed: dict[int, dict[str, int]] = {}
    for p in postings(view):
        if p.what == "dress" and p.account.startswith("player:"):
            per = dressed.setdefault(p.hand, {})
            name = p.account.removeprefix("player:")
            per[name] = per.get(name, 0) - p.amount
    return dressed


def _add_nets(totals: dict[str, int], net: dict[str, int]) -> None:
    """`net` (a hand's, or the final deal's) added to each player's total; a player not yet in it comes last."""
    for n, v in net.items():
        totals[n] = totals.get(n, 0) + v


def _opening_board(view: TableView, rules: HouseRules) -> dict[str, int]:
    """The board this session opened with: every pot of the rules, with what earlier sessions carried to it."""
    opening = {p.name: 0 for p in rules.pots}
    for _, event in view.effective:
        if isinstance(event, BalancesCarried):
            for pot, n in event.board.items():
                opening[pot] += n
    return opening


def _final_entry(res: FinalResult, names: list[str]) -> dict[str, Any]:
    """The final deal: the pots it awarded and to whom, each player's net from it, and the board it left."""
    return {"awards": [{"pot": a.pot, "player": names[a.seat], "amount": a.amount} for a in res.awards],
            "net": {n: res.net[i] for i, n in enumerate(names)}, "board": res.board.snapshot()}


def to_toml(view: TableView, *, session: int | None = None) -> str:
    import tomli_w  # a third-party writer only a TOML export needs

    return tomli_w.dumps(to_document(view, session=session))


def to_json(view: TableView, *, session: int | None = None) -> str:
    return json.dumps(to_document(view, session=session, json_style=True), ensure_ascii=False, indent=2) + "\n"


# ------------------------------------------------------------------------------- CSV
CSV_HEADER = ("table", "session", "seq", "hand", "what", "account", "player", "pot", "amount", "balance", "date",
              "at")
"""The `table` column names the table on every row, so an earlier export of it is known again. `date` and
`at` (when the posting happened) were added last, so the columns before them keep their places."""
CSV_HEADERS = (CSV_HEADER, CSV_HEADER[:-2])
"""Every header row popejoan has written with a `table` column, newest first: this one, and the one before
`date` and `at` were added. A CSV under any of them is known as a table's earlier export (`ledger export`
replaces it without `--force`); one older still has no `table` column, and says no table's name."""
_RISKY = ("=", "+", "-", "@", "\t", "\r")


def guard(cell: str) -> str:
    """A text cell a spreadsheet would not run as a formula (a risky one gets a leading quote), with
    control characters as visible escapes, so no tool that reads the file line by line sees a new row."""
    cell = shown(cell)
    return "'" + cell if cell.startswith(_RISKY) else cell


def to_csv(view: TableView, *, session: int | None = None) -> str:
    """One row per posting, with the running balance of its account after it, and when it happened: its
    date as the accounting files date it (`accounts.posting_dates`) and the instant the journal recorded
    (empty where it recorded none)."""
    days = posting_dates(view)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_HEADER)
    running: dict[str, int] = {}
    for p in postings(view):
        running[p.account] = running.get(p.account, 0) + p.amount
        player = p.account.removeprefix("player:") if p.account.startswith("player:") else ""
        pot = p.account.removeprefix("pot:") if p.account.startswith("pot:") else ""
        writer.writerow([guard(view.name), session or view.session, p.seq, p.hand, guard(p.what), guard(p.account),
                         guard(player), guard(pot), p.amount, running[p.account],
                         days[(p.seq, p.hand)].isoformat(), recorded_at(view, p.seq, p.hand) or ""])
    return out.getvalue()


# ------------------------------------------------------------------------------- import
@dataclass
class Imported:
    """A validated export: enough to continue the table as a new session."""

    table: str
    session: int
    rules: HouseRules
    rules_name: str
    players: list[str]
    balances: dict[str, int]
    board: dict[str, int]
    next_dealer: str
    ended: bool
    brought_in: int
    taken_away: int
    hands: int
    totals: dict[str, int] = field(default_factory=dict)
    history_nets: list[dict[str, int]] = field(default_factory=list)
    """Each hand's net per player, in order."""
    standings: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Per player, the session's standings for `ledger stats` (carried by `HistoryCarried`)."""
    lang: str = "en"
    """The language the table speaks (`table new --lang`), which its next session speaks too."""
    genders: dict[str, str] = field(default_factory=dict)
    """Each seated player's gender, where the export says it."""
    computers: dict[str, str] = field(default_factory=dict)
    """Each seated computer's level (`computer`: the next session seats it as a computer again)."""
    dates: str = ""
    """When the session was played, as an ISO 8601 interval (`2026-12-01T21:04:05+01:00/2026-12-02T00:41:09+01:00`:
    its first hand dealt, its last hand or final deal ended); "" when the export says no time."""


def played_between(hands: list[dict[str, Any]], final: ledgercheck.FinalDeal | None) -> str:
    """The session's span as an ISO 8601 interval, from the hands' own times (and the final deal's).

    >>> played_between([{"dealt_at": "2026-12-01T21:04:05+01:00", "ended_at": "2026-12-01T21:30:00+01:00"}], None)
    '2026-12-01T21:04:05+01:00/2026-12-01T21:30:00+01:00'
    >>> played_between([{}], None)
    ''
    """
    from popejoan_cli.table.evening import played_between as span  # the one span of an evening, `evening`'s too

    both = span([h.get("dealt_at") for h in hands],
                [*(h.get("ended_at") for h in hands), *([final.at] if final is not None else [])])
    return "/".join(both) if both else ""


def parse(data: bytes, name: str, kind: str = "") -> dict[str, Any]:
    """Bytes of a TOML or JSON export to a dict (`kind` "toml"/"json", or guessed from the text)."""
    if len(data) > MAX_BYTES:
        raise DataError([Problem(Said("the file is {size} bytes; an export is at most {most}", size=Grouped(len(data)),
                                      most=Grouped(MAX_BYTES)), file=name)])
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise DataError([Problem(Said("not UTF-8 text (byte {at})", at=err.start), file=name,
                                 hint=Said("a popejoan export is a TOML or JSON file"))]) from None
    if not kind:
        kind = "json" if text.lstrip().startswith(("{", "[")) else "toml"
    try:
        if kind == "json":
            # Integers too long to convert become markers that the shape check below names.
            obj: object = json.loads(text, parse_constant=_no_constant, parse_int=json_int)
        else:
            obj = tomllib.loads(text)
    except RecursionError:
        raise DataError([Problem(Said("not a popejoan ledger export: arrays or tables nested too deeply to read"),
                                 file=name, hint=Said("an export nests at most 5 deep"))]) from None
    except ValueError as err:  # JSONDecodeError and TOMLDecodeError are ValueErrors
        if kind == "toml" and not isinstance(err, tomllib.TOMLDecodeError):
            line, col, message = digits_problem(text) or (0, 0, Said("an integer is out of range"))
            raise DataError([Problem(message, file=name, line=line, col=col,
                                     hint=Said("no count in an export is near 19 digits"))]) from None
        at = getattr(err, "lineno", 0)
        # The parser's own words (tomllib's, json's) are English, and stay as they are.
        why = getattr(err, "msg", err.args[0] if len(err.args) == 1 else str(err))  # a Said of ours (_no_constant)
        raise DataError([Problem(Said("not valid {kind}: {why}", kind=kind.upper(), why=why),
                                 file=name, line=at, hint=Said("the file may be cut short or not a popejoan export"))]
                        ) from None
    if not isinstance(obj, dict):
        raise DataError([Problem(Said("not a popejoan ledger export (the top level is not a table/object)"),
                                 file=name)])
    shape = shape_problems(obj)
    if shape:
        raise DataError([Problem(message, key=key_text(path), file=name) for path, message in shape])
    return obj


def _no_constant(word: str) -> Any:
    raise ValueError(Said("{word} is not a number an export may hold", word=word))


def from_document(doc: Mapping[str, Any], file: str = "") -> Imported:
    """Validate an export completely; a `DataError` names every problem and its place.

    First each part of the document on its own (`ledgercheck`), then, once every part is
    whole, the arithmetic between them (`ledgersums`); each pass reports all it finds at once.
    """
    version_key = _version_key(doc, file)
    ck = ledgercheck.Checker(file)
    ledgercheck.unknown_keys(ck, doc, version_key)
    head = ledgercheck.header(ck, doc)
    rules = ledgercheck.rules_in_force(ck, doc)
    pots = [p.name for p in rules.pots] if rules is not None else None
    seats = ledgercheck.seats(ck, doc, rules, head.next_dealer)
    board = ck.counts(doc, "board", "", pots, "count")
    opening = ck.counts(doc, "opening_board", "", pots, "count")
    listed, hands = ledgercheck.history(ck, doc, pots)
    final = ledgercheck.final_deal(ck, doc, pots)
    totals = ledgercheck.totals(ck, doc, listed, seats.everyone)
    corrections = ledgercheck.corrections(ck, doc)
    lang = _language(ck, doc)
    if ck.problems:
        raise DataError(ck.problems)
    assert rules is not None and board is not None and opening is not None and pots is not None
    assert head.brought_in is not None and head.taken_away is not None
    ledgersums.check(ck, ledgersums.Ledger(seats, pots, opening, board, hands, final, totals,
                                           head.brought_in, head.taken_away, corrections))
    if ck.problems:
        raise DataError(ck.problems)
    assert head.table is not None and head.session is not None
    assert head.rules_name is not None and head.next_dealer is not None
    return Imported(table=head.table, session=head.session, rules=rules, rules_name=head.rules_name,
                    players=seats.names, balances={r["name"]: r["balance"] for r in seats.seated}, board=board,
                    next_dealer=head.next_dealer, ended=bool(head.ended), brought_in=head.brought_in,
                    taken_away=head.taken_away, hands=len(hands), totals=dict(totals or {}),
                    history_nets=[h["net"] for h in hands],
                    standings=ledgersums.standings(seats, hands, final, head.next_dealer, corrections), lang=lang,
                    dates=played_between(hands, final),
                    genders=_seat_key(seats.seated, "gender"), computers=_seat_key(seats.seated, "computer"))


def _seat_key(seated: list[dict[str, Any]], key: str) -> dict[str, str]:
    """Each seated player's `key` (a gender, a computer's level), where the export says it."""
    return {r["name"]: r[key] for r in seated if key in r}


def _language(ck: ledgercheck.Checker, doc: Mapping[str, Any]) -> str:
    """The optional `lang`: a language popejoan speaks (an export without it is English)."""
    lang = doc.get("lang", "en")
    if lang not in LANGUAGES:
        typed = Quoted(str(clip(lang))) if isinstance(lang, str) else describe(clip(lang))
        ck.bad("lang", Said("{lang} is not a language popejoan speaks", lang=typed),
               allowed(LANGUAGES, lang if isinstance(lang, str) else None))
        return "en"
    return str(lang)


def _version_key(doc: Mapping[str, Any], file: str) -> str:
    """`format` (TOML) or `schema_version` (JSON), once the document is a popejoan export this
    popejoan can read; anything else stops the reading at once, with one problem."""
    version_key = "format" if "format" in doc else "schema_version" if "schema_version" in doc else ""
    if not version_key or doc.get("program") != PROGRAM:
        raise DataError([Problem(Said("not a popejoan ledger export: it has no `format` (TOML) or `schema_version` "
                                      "(JSON) and `program = \"popejoan\"`"), file=file,
                                 hint=Said("export one with `popejoan ledger export FILE.toml`"))])
    version = doc[version_key]
    if type(version) is not int or version < 1:
        raise DataError([Problem(Said("found {found}, expected {want}", found=describe(clip(version)), want=FORMAT),
                                 key=version_key, file=file)])
    if version > FORMAT:
        raise DataError([Problem(Said("this ledger is {key} {version}, written by a newer popejoan; this one reads "
                                      "{key} {most}", key=version_key, version=version, most=FORMAT),
                                 key=version_key, file=file, hint=Said("upgrade popejoan to import it"))])
    return version_key


def carried_opening(name: str, imp: Imported) -> list[Event]:
    """The first events of a table that continues `imp` as a new session.

    The table opens with the same players, rules and next dealer and no counters; then
    `BalancesCarried` brings in each player's balance and the board as they stood.
    """
    opened = TableOpened(name=name, rules=imp.rules.to_dict(), rules_name=imp.rules_name, players=list(imp.players),
                         counters=0, dealer=imp.next_dealer, lang=imp.lang)
    return [opened, BalancesCarried(balances=dict(imp.balances), board=dict(imp.board), session=imp.session + 1,
                                     continues=imp.table),
            HistoryCarried(sessions=[imp.table], players=imp.standings, dates=[imp.dates] if imp.dates else [])]


def read_document(data: bytes, name: str, kind: str = "") -> Imported:
    """Parse and validate an export's bytes (TOML or JSON)."""
    return from_document(parse(data, name, kind), name)
