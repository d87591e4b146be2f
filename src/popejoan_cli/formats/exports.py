"""Ledger exports: the document people read, its import, and the CSV of postings.

`to_document(view)` is the ledger as people read it: the table, its players and balances
(clockwise), the counters brought in and taken away, the board as it stands, the rules in
force (embedded, so an old ledger replays the same way), whose deal is next, and the
hand-by-hand history with its totals. TOML carries it with `format = 1`, JSON with
`schema_version = 1` (integers only). `from_document` checks every part of such a
document, and all the arithmetic between them, and reports every problem in one
`DataError` (exit 5). `to_csv` is one row per posting. Pure: no files, no printing.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from popejoan_cli.base.errors import DataError, Problem, RuleViolation, describe
from popejoan_cli.base.limits import (
    clip,
    digits_problem,
    int_text,
    json_int,
    key_text,
    quoted,
    shape_problems,
    text_problem,
)
from popejoan_cli.base.visible import shown
from popejoan_cli.game.cards import SEED_RULE, seed_problem
from popejoan_cli.game.rules import HouseRules
from popejoan_cli.table.events import BalancesCarried, Event, HistoryCarried, TableOpened
from popejoan_cli.table.fold import MAX_COUNTERS, HandRecord, TableView

FORMAT = 1
"""The document's version: `format` in TOML, `schema_version` in JSON."""
PROGRAM = "popejoan"
MAX_BYTES = 32 << 20
"""An export larger than this is refused unread."""
MAX_TOTAL = MAX_COUNTERS * 1000
"""Bound on any count in a document (the journal bounds each buy-in by MAX_COUNTERS)."""
_MAX_PROBLEMS = 50
"""A damaged export can hold thousands of problems; the first fifty say enough."""
_MAX_TABLE_NAME = 40
"""As for a typed table name; the shell holds an import to the exact rule for those."""


# ------------------------------------------------------------------------------- export
def _hand_entry(rec: HandRecord, dressed: dict[str, int]) -> dict[str, Any]:
    hand, names = rec.hand, rec.players
    return {
        "number": rec.number,
        "dealer": rec.dealer,
        "seed": rec.seed,
        "real": rec.real,
        "turnup": "" if hand.turnup is None else str(hand.turnup),
        "out": "" if hand.out is None else names[hand.out],
        "void": bool(hand.void),
        "dressed": {n: dressed.get(n, 0) for n in names},
        "awards": [{"pot": a.pot, "player": names[a.seat], "amount": a.amount, "at": a.at} for a in hand.awards],
        "payments": [{"from": names[p.payer], "to": names[p.payee], "amount": p.amount, "for": p.why}
                     for p in hand.payments],
        "net": {n: hand.net[i] for i, n in enumerate(names)},
        "board": hand.board.snapshot(),
    }


def to_document(view: TableView, *, session: int | None = None, json_style: bool = False) -> dict[str, Any]:
    """The ledger as people read it (TOML-shaped: no nulls). Only between hands."""
    from popejoan_cli.table.ledger import postings

    rec = view.open_hand
    if rec is not None:
        raise RuleViolation(f"a ledger is exported between hands: hand {rec.number} is still being played",
                            "finish the hand first (or undo its deal)")
    rules = view.the_rules()
    dressed: dict[int, dict[str, int]] = {}
    for p in postings(view):
        if p.what == "dress" and p.account.startswith("player:"):
            per = dressed.setdefault(p.hand, {})
            name = p.account.removeprefix("player:")
            per[name] = per.get(name, 0) - p.amount
    hands = [_hand_entry(r, dressed.get(r.number, {})) for r in view.hands]
    everyone = list(dict.fromkeys([*view.players, *view.bought, *view.taken_out]))
    totals: dict[str, int] = dict.fromkeys(everyone, 0)
    for h in hands:
        for n, v in h["net"].items():
            totals[n] = totals.get(n, 0) + v
    doc: dict[str, Any] = {("schema_version" if json_style else "format"): FORMAT, "program": PROGRAM,
                           "table": view.name, "session": session or view.session, "rules_name": view.rules_name,
                           "next_dealer": view.next_dealer, "ended": view.ended,
                           "brought_in": view.brought_in, "taken_away": sum(view.taken_out.values())}
    doc["players"] = [{"name": n, "balance": view.balances[n], "brought_in": view.bought.get(n, 0),
                       "taken_away": view.taken_out.get(n, 0)} for n in view.players]
    doc["departed"] = [{"name": n, "brought_in": view.bought.get(n, 0), "taken_away": view.taken_out.get(n, 0)}
                       for n in everyone if n not in view.players]
    opening = {p.name: 0 for p in rules.pots}
    for _, event in view.effective:
        if isinstance(event, BalancesCarried):
            for pot, n in event.board.items():
                opening[pot] += n
    doc["opening_board"] = opening
    doc["board"] = dict(view.board)
    if view.final is not None:
        res, names = view.final, view.final_players
        net = {n: res.net[i] for i, n in enumerate(names)}
        for n, v in net.items():
            totals[n] = totals.get(n, 0) + v
        doc["final"] = {"awards": [{"pot": a.pot, "player": names[a.seat], "amount": a.amount}
                                   for a in res.awards],
                        "net": net, "board": res.board.snapshot()}
    doc["totals"] = {"hands": len(hands), "net": totals}
    doc["hands"] = hands
    doc["rules"] = rules.to_dict()
    return doc


def to_toml(view: TableView, *, session: int | None = None) -> str:
    import tomli_w

    return tomli_w.dumps(to_document(view, session=session))


def to_json(view: TableView, *, session: int | None = None) -> str:
    return json.dumps(to_document(view, session=session, json_style=True), ensure_ascii=False, indent=2) + "\n"


# ------------------------------------------------------------------------------- CSV
CSV_HEADER = ("table", "session", "seq", "hand", "what", "account", "player", "pot", "amount", "balance")
"""The `table` column names the table on every row, so an earlier export of it is known again."""
_RISKY = ("=", "+", "-", "@", "\t", "\r")


def guard(cell: str) -> str:
    """A text cell a spreadsheet would not run as a formula (OWASP: prefix a quote), with control
    characters as visible escapes, so no tool that reads the file line by line sees a new row."""
    cell = shown(cell)
    return "'" + cell if cell.startswith(_RISKY) else cell


def to_csv(view: TableView, *, session: int | None = None) -> str:
    """One row per posting, with the running balance of its account after it."""
    from popejoan_cli.table.ledger import postings

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_HEADER)
    running: dict[str, int] = {}
    for p in postings(view):
        running[p.account] = running.get(p.account, 0) + p.amount
        player = p.account.removeprefix("player:") if p.account.startswith("player:") else ""
        pot = p.account.removeprefix("pot:") if p.account.startswith("pot:") else ""
        writer.writerow([guard(view.name), session or view.session, p.seq, p.hand, guard(p.what), guard(p.account),
                         guard(player), guard(pot), p.amount, running[p.account]])
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


def parse(data: bytes, name: str, kind: str = "") -> dict[str, Any]:
    """Bytes of a TOML or JSON export to a dict (`kind` "toml"/"json", or guessed from the text)."""
    if len(data) > MAX_BYTES:
        raise DataError([Problem(f"the file is {len(data):,} bytes; an export is at most {MAX_BYTES:,}", file=name)])
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise DataError([Problem(f"not UTF-8 text (byte {err.start})", file=name,
                                 hint="a popejoan export is a TOML or JSON file")]) from None
    if not kind:
        kind = "json" if text.lstrip().startswith(("{", "[")) else "toml"
    import tomllib

    try:
        if kind == "json":
            # Integers too long to convert become markers that the shape check below names.
            obj: object = json.loads(text, parse_constant=_no_constant, parse_int=json_int)
        else:
            obj = tomllib.loads(text)
    except RecursionError:
        raise DataError([Problem("not a popejoan ledger export: arrays or tables nested too deeply to read",
                                 file=name, hint="an export nests at most 5 deep")]) from None
    except ValueError as err:  # JSONDecodeError and TOMLDecodeError are ValueErrors
        if kind == "toml" and not isinstance(err, tomllib.TOMLDecodeError):
            line, col, message = digits_problem(text) or (0, 0, "an integer is out of range")
            raise DataError([Problem(message, file=name, line=line, col=col,
                                     hint="no count in an export is near 19 digits")]) from None
        at = getattr(err, "lineno", 0)
        raise DataError([Problem(f"not valid {kind.upper()}: {getattr(err, 'msg', str(err))}", file=name, line=at,
                                 hint="the file may be cut short or not a popejoan export")]) from None
    if not isinstance(obj, dict):
        raise DataError([Problem("not a popejoan ledger export (the top level is not a table/object)", file=name)])
    shape = shape_problems(obj)
    if shape:
        raise DataError([Problem(message, key=key_text(path), file=name) for path, message in shape])
    return obj


def _no_constant(word: str) -> Any:
    raise ValueError(f"{word} is not a number an export may hold")


class _Check:
    """Collects problems; each names its place in the document, like `hands[3].net.Ann`."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.problems: list[Problem] = []

    def bad(self, key: str, message: str, hint: str = "") -> None:
        # Keys and values come from the file: nothing in them may drive the terminal.
        if len(self.problems) < _MAX_PROBLEMS:
            self.problems.append(Problem(shown(message), key=shown(str(clip(key, 80))), hint=shown(hint),
                                         file=self.file))
        elif len(self.problems) == _MAX_PROBLEMS:
            self.problems.append(Problem("and more problems, not listed", file=self.file))

    def text(self, d: Mapping[str, Any], key: str, where: str, max_len: int) -> str | None:
        """A name from the file (a table, a rule set), held to the bounds of a typed name."""
        value = self.get(d, key, "str", where)
        if not isinstance(value, str):
            return None
        wrong = text_problem(value, max_len=max_len, blank_ok=False)
        if wrong is not None:
            self.bad(f"{where}.{key}" if where else key, f"{clip(value, 40)!r} {wrong}",
                     f"allowed: 1 to {max_len} characters on one line, no control characters")
            return None
        return value

    def get(self, d: Mapping[str, Any], key: str, kind: str, where: str) -> Any:
        place = f"{where}.{key}" if where else key
        if key not in d:
            self.bad(place, f"missing ({kind} expected)")
            return None
        return self.typed(d[key], kind, place)

    def typed(self, v: Any, kind: str, place: str) -> Any:
        ok = {"int": type(v) is int and -MAX_TOTAL <= v <= MAX_TOTAL,
              "count": type(v) is int and 0 <= v <= MAX_TOTAL,
              "str": isinstance(v, str), "bool": isinstance(v, bool),
              "seed": seed_problem(v) is None,
              "list": isinstance(v, list), "table": isinstance(v, dict)}[kind]
        if not ok:
            want = {"count": "a whole number from 0", "int": "a whole number", "seed": "a seed"}
            found = f"an integer ({int_text(v)})" if type(v) is int else describe(clip(v))
            self.bad(place, f"found {found}, expected {want.get(kind, 'a ' + kind)}",
                     SEED_RULE if kind == "seed" else "")
            return None
        return v

    def counts(self, d: Mapping[str, Any], key: str, where: str, names: Sequence[str] | None,
               kind: str = "int") -> dict[str, int] | None:
        """A {name: int} table; with `names`, exactly those keys."""
        got = self.get(d, key, "table", where)
        if got is None:
            return None
        place = f"{where}.{key}" if where else key
        out: dict[str, int] = {}
        for k, v in got.items():
            n = self.typed(v, kind, f"{place}.{k}")
            if n is not None:
                out[k] = n
        if names is not None and set(got) != set(names):
            extra, missing = sorted(set(got) - set(names)), [n for n in names if n not in got]
            self.bad(place, "names " + ", ".join(
                [f"{', '.join(extra)} (not expected)"] * bool(extra) + [f"no {', '.join(missing)}"] * bool(missing)),
                f"expected: {', '.join(names)}")
            return None
        return out if len(out) == len(got) else None


def from_document(doc: Mapping[str, Any], file: str = "") -> Imported:
    """Validate an export completely; a `DataError` names every problem and its place."""
    from popejoan_cli.game import rules as rules_mod
    from popejoan_cli.game.deal import check_players, name_problems

    ck = _Check(file)
    version_key = "format" if "format" in doc else "schema_version" if "schema_version" in doc else ""
    if not version_key or doc.get("program") != PROGRAM:
        raise DataError([Problem("not a popejoan ledger export: it has no `format` (TOML) or `schema_version` "
                                 "(JSON) and `program = \"popejoan\"`", file=file,
                                 hint="export one with `popejoan ledger export FILE.toml`")])
    version = doc[version_key]
    if type(version) is not int or version < 1:
        raise DataError([Problem(f"found {describe(clip(version))}, expected {FORMAT}", key=version_key, file=file)])
    if version > FORMAT:
        raise DataError([Problem(f"this ledger is {version_key} {version}, written by a newer popejoan; this one "
                                 f"reads {version_key} {FORMAT}", key=version_key, file=file,
                                 hint="upgrade popejoan to import it")])
    known = {version_key, "program", "table", "session", "rules_name", "next_dealer", "ended", "brought_in",
             "taken_away", "players", "departed", "opening_board", "board", "final", "totals", "hands", "rules"}
    for k in doc:
        if k not in known:
            ck.bad(k, "unknown key", f"allowed: {', '.join(sorted(known))}")
    table = ck.text(doc, "table", "", _MAX_TABLE_NAME)
    session = ck.get(doc, "session", "count", "")
    rules_name = ck.text(doc, "rules_name", "", rules_mod.MAX_NAME)
    next_dealer = ck.get(doc, "next_dealer", "str", "")
    ended = ck.get(doc, "ended", "bool", "")
    brought_in = ck.get(doc, "brought_in", "int", "")
    taken_away = ck.get(doc, "taken_away", "int", "")

    rules: HouseRules | None = None
    raw_rules = ck.get(doc, "rules", "table", "")
    if raw_rules is not None:
        rules, problems = rules_mod.from_data(raw_rules)
        for p in problems:
            ck.bad(f"rules.{p.key}" if p.key else "rules", p.message, p.hint)
        if rules is not None:
            # Missing keys would take today's defaults: the rules in force must be embedded whole.
            lost = _differences(rules.to_dict(), raw_rules, "rules")
            for place in lost[:5]:
                ck.bad(place, "missing or not in the form popejoan writes",
                       "the rules in force are embedded whole; was the file cut short or edited?")
            if lost:
                rules = None
    pots = [p.name for p in rules.pots] if rules is not None else None

    # Seats: the players now at the table, clockwise, and those who left.
    seated: list[dict[str, Any]] = []
    departed: list[dict[str, Any]] = []
    for key, out, needs_balance in (("players", seated, True), ("departed", departed, False)):
        rows = ck.get(doc, key, "list", "")
        for i, row in enumerate(rows or []):
            place = f"{key}[{i}]"
            if not isinstance(row, dict):
                ck.bad(place, f"found {describe(clip(row))}, expected a table")
                continue
            got = {"name": ck.get(row, "name", "str", place),
                   "brought_in": ck.get(row, "brought_in", "int", place),
                   "taken_away": ck.get(row, "taken_away", "int", place),
                   "balance": ck.get(row, "balance", "int", place) if needs_balance else 0}
            extra = set(row) - {"name", "brought_in", "taken_away", *(["balance"] if needs_balance else [])}
            for k in sorted(extra):
                ck.bad(f"{place}.{k}", "unknown key")
            if None not in got.values():
                out.append(got)
    names = [r["name"] for r in seated]
    everyone = names + [r["name"] for r in departed]
    if len(set(everyone)) != len(everyone):
        ck.bad("players", "a player is listed twice (seated or departed)")
    if rules is not None and len(seated) == len(doc.get("players") or []):
        for issue in check_players(names, rules):
            ck.bad("players", issue)
    for i, r in enumerate(departed):
        for issue in name_problems(r["name"]):
            ck.bad(f"departed[{i}].name", issue)
    if next_dealer is not None and names and next_dealer not in names:
        ck.bad("next_dealer", f"{quoted(next_dealer)} is not a seated player", f"allowed: {', '.join(names)}")

    board = ck.counts(doc, "board", "", pots, "count")
    opening = ck.counts(doc, "opening_board", "", pots, "count")

    # The history.
    hands: list[dict[str, Any]] = []
    raw_hands = ck.get(doc, "hands", "list", "")
    for i, h in enumerate(raw_hands or []):
        place = f"hands[{i}]"
        if not isinstance(h, dict):
            ck.bad(place, f"found {describe(clip(h))}, expected a table")
            continue
        number = ck.get(h, "number", "count", place)
        if number is not None and number != i + 1:
            ck.bad(f"{place}.number", f"hand {number} is out of place: expected hand {i + 1}")
        place = f"hand {i + 1}"
        for k, kind in (("dealer", "str"), ("seed", "seed"), ("real", "bool"), ("turnup", "str"), ("out", "str"),
                        ("void", "bool")):
            ck.get(h, k, kind, place)
        net = ck.counts(h, "net", place, None)
        players = list(net) if net is not None else None
        dressed = ck.counts(h, "dressed", place, players, "count")
        after = ck.counts(h, "board", place, pots, "count")
        awards = _rows(ck, h, "awards", place, {"pot": "str", "player": "str", "amount": "count", "at": "str"})
        payments = _rows(ck, h, "payments", place, {"from": "str", "to": "str", "amount": "count", "for": "str"})
        if None in (net, dressed, after, awards, payments):
            continue
        assert net is not None and dressed is not None and after is not None
        hands.append({"net": net, "dressed": dressed, "board": after, "awards": awards, "payments": payments,
                      "place": place, "dealer": h.get("dealer"), "out": h.get("out")})

    final = doc.get("final")
    final_net: dict[str, int] = {}
    final_board: dict[str, int] | None = None
    final_awards: list[dict[str, Any]] | None = []
    if final is not None:
        if not isinstance(final, dict):
            ck.bad("final", f"found {describe(clip(final))}, expected a table")
        else:
            final_net = ck.counts(final, "net", "final", None) or {}
            final_board = ck.counts(final, "board", "final", pots, "count")
            final_awards = _rows(ck, final, "awards", "final", {"pot": "str", "player": "str", "amount": "count"})
            if final_board is None or not final_net or final_awards is None:
                final = None
    totals_raw = ck.get(doc, "totals", "table", "")
    totals: dict[str, int] | None = None
    if totals_raw is not None:
        n_hands = ck.get(totals_raw, "hands", "count", "totals")
        if n_hands is not None and raw_hands is not None and n_hands != len(raw_hands):
            ck.bad("totals.hands", f"history has {len(raw_hands)} hands, file says {n_hands}")
        totals = ck.counts(totals_raw, "net", "totals", everyone)

    if ck.problems:
        raise DataError(ck.problems)
    assert rules is not None and board is not None and opening is not None and pots is not None
    assert brought_in is not None and taken_away is not None

    # The arithmetic: each hand against itself and the board before it, then the balances.
    known_players = set(everyone)
    prev = dict(opening)
    nets: dict[str, int] = dict.fromkeys(everyone, 0)
    for h in hands:
        place = h["place"]
        net, dressed, after = h["net"], h["dressed"], h["board"]
        for n in net:
            if n not in known_players:
                ck.bad(f"{place}.net.{clip(n, 40)}", f"{quoted(n)} is not a player of this ledger")
        if h["dealer"] not in net:
            ck.bad(f"{place}.dealer", f"{quoted(h['dealer'])} is not in the hand")
        moves = {n: -dressed[n] for n in net}
        pot_moves = dict.fromkeys(pots, 0)
        dress_total = sum(dressed.values())
        for a in h["awards"]:
            if a["player"] not in net or a["pot"] not in pot_moves:
                ck.bad(f"{place}.awards",
                       f"an award names {quoted(a['player'])} / pot {quoted(a['pot'])}, not of this hand")
                continue
            moves[a["player"]] += a["amount"]
            pot_moves[a["pot"]] -= a["amount"]
        for p in h["payments"]:
            if p["from"] not in net or p["to"] not in net:
                ck.bad(f"{place}.payments",
                       f"a payment names {quoted(p['from'])} → {quoted(p['to'])}, not of this hand")
                continue
            moves[p["from"]] -= p["amount"]
            moves[p["to"]] += p["amount"]
        for n, v in net.items():
            if moves.get(n) != v:
                ck.bad(f"{place}.net.{clip(n, 40)}",
                       f"{clip(n, 40)}: dressing, awards and payments give {moves.get(n)}, file says {v}")
        # The board: what was on it, plus the dressing, less the awards (pot by pot, dressing in total).
        before_total, after_total = sum(prev.values()), sum(after.values())
        expect_total = before_total + dress_total + sum(pot_moves.values())
        if expect_total != after_total:
            ck.bad(f"{place}.board", f"the board should hold {expect_total} after the hand, file says {after_total}")
        for n, v in net.items():
            if n in nets:
                nets[n] += v
        prev = after
    if final is not None and final_board is not None:
        for n, v in final_net.items():
            if n not in known_players:
                ck.bad(f"final.net.{clip(n, 40)}", f"{quoted(n)} is not a player of this ledger")
            else:
                nets[n] += v
        for a in final_awards or []:
            if a["player"] not in final_net or a["pot"] not in pots:
                ck.bad("final.awards",
                       f"an award names {quoted(a['player'])} / pot {quoted(a['pot'])}, not of the final deal")
        won = sum(a["amount"] for a in final_awards or [])
        if sum(final_net.values()) != won:
            ck.bad("final.net", f"the final deal's awards give {won}, its nets {sum(final_net.values())}")
        if sum(prev.values()) - won != sum(final_board.values()):
            ck.bad("final.board", f"the board should hold {sum(prev.values()) - won} after the final deal, "
                   f"file says {sum(final_board.values())}")
        prev = final_board
    if prev != board:
        ck.bad("board", f"the history leaves {_pots(prev)} on the board, file says {_pots(board)}")
    if totals is not None:
        for n in everyone:
            if totals[n] != nets[n]:
                ck.bad(f"totals.net.{n}", f"{n}: history gives {nets[n]}, file says {totals[n]}")
    rows = {r["name"]: r for r in [*seated, *departed]}
    for n in everyone:
        r = rows[n]
        expect = r["brought_in"] - r["taken_away"] + nets[n]
        if expect != r["balance"]:
            gone = everyone.index(n) - len(names)
            where = f"players[{names.index(n)}].balance" if n in names else f"departed[{gone}]"
            ck.bad(where, f"{n}: history gives {expect}, file says {r['balance']}",
                   f"brought in {r['brought_in']}, taken away {r['taken_away']}, won or lost {nets[n]}")
    if sum(r["brought_in"] for r in rows.values()) + sum(opening.values()) != brought_in:
        ck.bad("brought_in", f"the players brought in {sum(r['brought_in'] for r in rows.values())}"
               f"{' and the board ' + str(sum(opening.values())) if sum(opening.values()) else ''}, "
               f"file says {brought_in}")
    if sum(r["taken_away"] for r in rows.values()) != taken_away:
        ck.bad("taken_away", f"the players took away {sum(r['taken_away'] for r in rows.values())}, "
               f"file says {taken_away}")
    held = sum(r["balance"] for r in seated) + sum(board.values())
    if held != brought_in - taken_away:
        ck.bad("board", f"players and board hold {held}, but {brought_in} were brought in and {taken_away} "
               f"taken away ({brought_in - taken_away})")
    if ck.problems:
        raise DataError(ck.problems)
    assert table is not None and session is not None and rules_name is not None and next_dealer is not None
    return Imported(table=table, session=session, rules=rules, rules_name=rules_name, players=names,
                    balances={r["name"]: r["balance"] for r in seated}, board=board, next_dealer=next_dealer,
                    ended=bool(ended), brought_in=brought_in, taken_away=taken_away, hands=len(hands),
                    totals=dict(totals or {}), history_nets=[h["net"] for h in hands],
                    standings=_standings(everyone, names, rows, hands, final_net if final is not None else {},
                                         (final_awards or []) if final is not None else []))


def _standings(everyone: list[str], seated: list[str], rows: dict[str, dict[str, Any]], hands: list[dict[str, Any]],
               final_net: dict[str, int], final_awards: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """What `ledger stats` shows for the exported session, from its hand-by-hand history.

    The balance after each hand is counted back from where each player ended (his balance,
    or what he took away when he left), so a player who left and came back is charted
    approximately; every other number is exact.
    """
    end = {n: rows[n]["balance"] if n in seated else rows[n]["taken_away"] for n in everyone}
    total = dict.fromkeys(everyone, 0)
    for h in hands:
        for n, v in h["net"].items():
            total[n] += v
    for n, v in final_net.items():
        total[n] += v
    out = {n: {"hands": 0, "net": total[n], "balance": rows[n]["balance"], "won": {}, "first_out": 0,
               "dealt": 0, "balances": []} for n in everyone}
    running = {n: end[n] - total[n] for n in everyone}
    for h in hands:
        for n, v in h["net"].items():
            running[n] += v
            st = out[n]
            st["hands"] += 1
            st["dealt"] += h["dealer"] == n
            st["first_out"] += h["out"] == n
            st["balances"].append(running[n])
        for a in h["awards"]:
            won = out[a["player"]]["won"]
            won[a["pot"]] = won.get(a["pot"], 0) + a["amount"]
    for a in final_awards:
        won = out[a["player"]]["won"]
        won[a["pot"]] = won.get(a["pot"], 0) + a["amount"]
    for n, v in final_net.items():
        running[n] += v
        out[n]["balances"].append(running[n])
    return out


def _differences(want: Any, got: Any, place: str) -> list[str]:
    """Places where `got` differs from `want` (nested dicts and lists)."""
    if isinstance(want, dict) and isinstance(got, dict):
        out = []
        for k in want:
            out += _differences(want[k], got[k], f"{place}.{k}") if k in got else [f"{place}.{k}"]
        return out
    if isinstance(want, list) and isinstance(got, list) and len(want) == len(got):
        return [d for i, (a, b) in enumerate(zip(want, got, strict=True)) for d in _differences(a, b, f"{place}[{i}]")]
    return [] if want == got and type(want) is type(got) else [place]


def _pots(board: Mapping[str, int]) -> str:
    return ", ".join(f"{k} {v}" for k, v in board.items()) or "nothing"


def _rows(ck: _Check, d: Mapping[str, Any], key: str, where: str, spec: dict[str, str]) -> list[dict[str, Any]] | None:
    rows = ck.get(d, key, "list", where)
    if rows is None:
        return None
    out = []
    ok = True
    for i, row in enumerate(rows):
        place = f"{where}.{key}[{i}]"
        if not isinstance(row, dict):
            ck.bad(place, f"found {describe(clip(row))}, expected a table")
            ok = False
            continue
        got = {k: ck.get(row, k, kind, place) for k, kind in spec.items()}
        if None in got.values():
            ok = False
        out.append(got)
    return out if ok else None


def carried_opening(name: str, imp: Imported) -> list[Event]:
    """The first events of a table that continues `imp` as a new session.

    The table opens with the same players, rules and next dealer and no counters; then
    `BalancesCarried` brings in each player's balance and the board as they stood.
    """
    opened = TableOpened(name=name, rules=imp.rules.to_dict(), rules_name=imp.rules_name, players=list(imp.players),
                         counters=0, dealer=imp.next_dealer)
    return [opened, BalancesCarried(balances=dict(imp.balances), board=dict(imp.board), session=imp.session + 1,
                                     continues=imp.table),
            HistoryCarried(sessions=[imp.table], players=imp.standings)]


def read_document(data: bytes, name: str, kind: str = "") -> Imported:
    """Parse and validate an export's bytes (TOML or JSON)."""
    return from_document(parse(data, name, kind), name)
