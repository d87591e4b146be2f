"""Checking the parts of a ledger export, one checker per part, every problem at its place.

`exports.from_document` reads an export back (see docs/exports.md) in two passes. This
module is the first: `Checker` collects the problems, each naming its place in the
document (`hands[3].net.Ann`), and one function checks each part of the document: its
keys, its header values, the rules in force, the seats, the hand-by-hand history, the
final deal and the totals, each field's type and bounds. The second pass, the arithmetic
between the parts, is `ledgersums`'s. Kept apart from `exports`, which writes the document
and holds the public reader, so that each of the three reads at one sitting.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from popejoan_cli.base.errors import Problem, Said, SaidN, describe
from popejoan_cli.base.limits import clip, int_text, quoted, text_problem
from popejoan_cli.base.marks import Grouped
from popejoan_cli.base.people import GENDERS
from popejoan_cli.base.visible import shown, shown_said
from popejoan_cli.game import rules as rules_mod
from popejoan_cli.game.cards import SEED_RULE, seed_problem
from popejoan_cli.game.deal import check_players, name_problems
from popejoan_cli.game.levels import LEVELS
from popejoan_cli.game.rules import HouseRules
from popejoan_cli.table.view import MAX_COUNTERS

MAX_TOTAL = MAX_COUNTERS * 1000
"""Bound on any count in a document (the journal bounds each buy-in by MAX_COUNTERS)."""
_MAX_PROBLEMS = 50
"""A damaged export can hold thousands of problems; the first fifty say enough."""
_MAX_TABLE_NAME = 40
"""As for a typed table name; the shell holds an import to the exact rule for those."""
_HEADER = ("program", "table", "session", "rules_name", "next_dealer", "ended", "brought_in", "taken_away",
           "players", "departed", "opening_board", "board", "final", "totals", "hands", "rules", "lang",
           "corrections")
"""Every key of the document but its version key (`format` or `schema_version`)."""


class Checker:
    """Collects problems; each names its place in the document, like `hands[3].net.Ann`."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.problems: list[Problem] = []

    def bad(self, key: str, message: str, hint: str = "") -> None:
        # Keys and values come from the file: nothing in them may drive the terminal.
        if len(self.problems) < _MAX_PROBLEMS:
            self.problems.append(Problem(shown_said(message), key=shown(str(clip(key, 80))), hint=shown_said(hint),
                                         file=self.file))
        elif len(self.problems) == _MAX_PROBLEMS:
            self.problems.append(Problem(Said("and more problems, not listed"), file=self.file))

    def text(self, d: Mapping[str, Any], key: str, where: str, max_len: int) -> str | None:
        """A name from the file (a table, a rule set), held to the bounds of a typed name."""
        value = self.get(d, key, "str", where)
        if not isinstance(value, str):
            return None
        wrong = text_problem(value, max_len=max_len, blank_ok=False)
        if wrong is not None:
            self.bad(f"{where}.{key}" if where else key, Said("{value!r} {why}", value=clip(value, 40), why=wrong),
                     Said("allowed: 1 to {most} characters on one line, no control characters", most=max_len))
            return None
        return value

    def get(self, d: Mapping[str, Any], key: str, kind: str, where: str) -> Any:
        place = f"{where}.{key}" if where else key
        if key not in d:
            self.bad(place, Said("missing ({kind} expected)", kind=kind))
            return None
        return self.typed(d[key], kind, place)

    def typed(self, v: Any, kind: str, place: str) -> Any:
        ok = {"int": type(v) is int and -MAX_TOTAL <= v <= MAX_TOTAL,
              "count": type(v) is int and 0 <= v <= MAX_TOTAL,
              "str": isinstance(v, str), "bool": isinstance(v, bool),
              "seed": seed_problem(v) is None,
              "list": isinstance(v, list), "table": isinstance(v, dict), "time": is_time(v)}[kind]
        if not ok:
            found = Said("an integer ({value})", value=int_text(v)) if type(v) is int else describe(clip(v))
            self.bad(place, Said("found {found}, expected {want}", found=found, want=_wanted(kind, v)),
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
            unexpected, absent = ", ".join(extra), ", ".join(missing)
            # One whole sentence for each case, not a list glued from parts.
            self.bad(place, Said("names {extra} (not expected), no {missing}", extra=unexpected, missing=absent)
                     if extra and missing else Said("names {extra} (not expected)", extra=unexpected) if extra
                     else Said("names no {missing}", missing=absent),
                     Said("expected: {names}", names=", ".join(names)))
            return None
        return out if len(out) == len(got) else None

    def rows(self, d: Mapping[str, Any], key: str, where: str, spec: dict[str, str]) -> list[dict[str, Any]] | None:
        """A list of tables, each with the keys of `spec` of their kinds; None if any is wrong."""
        rows = self.get(d, key, "list", where)
        if rows is None:
            return None
        out = []
        ok = True
        for i, row in enumerate(rows):
            place = f"{where}.{key}[{i}]"
            if not isinstance(row, dict):
                self.bad(place, Said("found {found}, expected a table", found=describe(clip(row))))
                ok = False
                continue
            got = {k: self.get(row, k, kind, place) for k, kind in spec.items()}
            if None in got.values():
                ok = False
            out.append(got)
        return out if ok else None


_WANTED = {"count": Said("a whole number from 0"), "int": Said("a whole number"), "seed": Said("a seed"),
           "str": Said("a str"), "bool": Said("a bool"), "list": Said("a list"), "table": Said("a table"),
           "time": Said("a date and time with its offset, as 2026-12-01T21:04:05+01:00")}


def _wanted(kind: str, v: object) -> str:
    """What a value of `kind` must be; for a whole number out of its range, the range (issue 37: 2**62 was once
    told only that a whole number was expected)."""
    if type(v) is int and kind == "int":
        return Said("a whole number from −{most} to {most}", most=Grouped(MAX_TOTAL))
    if type(v) is int and kind == "count" and v >= 0:
        return Said("a whole number from 0 to {most}", most=Grouped(MAX_TOTAL))
    return _WANTED[kind]


def is_time(v: object) -> bool:
    """An ISO 8601 date and time with its offset from UTC, as the journal writes each event's `at`.

    >>> is_time("2026-12-01T21:04:05+01:00"), is_time("2026-12-01T21:04:05"), is_time("yesterday")
    (True, False, False)
    """
    from datetime import datetime  # a time is read only where an export says one

    if not isinstance(v, str) or len(v) > 40:
        return False
    try:
        return datetime.fromisoformat(v).utcoffset() is not None
    except ValueError:
        return False
"""What each kind of value is, for "found …, expected …" (`str` and `bool` as the file's types are named)."""


# ------------------------------------------------------------------------------- the parts
@dataclass
class Header:
    """The document's single values, each None when missing or wrong (a problem says so)."""

    table: str | None
    session: int | None
    rules_name: str | None
    next_dealer: str | None
    ended: bool | None
    brought_in: int | None
    taken_away: int | None


@dataclass
class Seats:
    """The players at the table, clockwise, and those who left: rows with a name and counts."""

    seated: list[dict[str, Any]]
    departed: list[dict[str, Any]]

    @property
    def names(self) -> list[str]:
        return [r["name"] for r in self.seated]

    @property
    def everyone(self) -> list[str]:
        return self.names + [r["name"] for r in self.departed]


@dataclass
class FinalDeal:
    """The final deal, when the document holds one whole."""

    net: dict[str, int]
    board: dict[str, int]
    awards: list[dict[str, Any]]
    at: str | None = None


def unknown_keys(ck: Checker, doc: Mapping[str, Any], version_key: str) -> None:
    known = {version_key, *_HEADER}
    for k in doc:
        if k not in known:
            ck.bad(k, Said("unknown key"), Said("allowed: {choices}", choices=", ".join(sorted(known))))


def header(ck: Checker, doc: Mapping[str, Any]) -> Header:
    return Header(table=ck.text(doc, "table", "", _MAX_TABLE_NAME),
                  session=ck.get(doc, "session", "count", ""),
                  rules_name=ck.text(doc, "rules_name", "", rules_mod.MAX_NAME),
                  next_dealer=ck.get(doc, "next_dealer", "str", ""),
                  ended=ck.get(doc, "ended", "bool", ""),
                  brought_in=ck.get(doc, "brought_in", "int", ""),
                  taken_away=ck.get(doc, "taken_away", "int", ""))


def rules_in_force(ck: Checker, doc: Mapping[str, Any]) -> HouseRules | None:
    """The embedded rules, whole: None if any key is wrong or missing."""
    raw_rules = ck.get(doc, "rules", "table", "")
    if raw_rules is None:
        return None
    rules, problems = rules_mod.from_data(raw_rules)
    for p in problems:
        ck.bad(f"rules.{p.key}" if p.key else "rules", p.message, p.hint)
    if rules is None:
        return None
    # Missing keys would take today's defaults: the rules in force must be embedded whole.
    lost = _differences(rules.to_dict(), raw_rules, "rules")
    for place in lost[:5]:
        ck.bad(place, Said("missing or not in the form popejoan writes"),
               Said("the rules in force are embedded whole; was the file cut short or edited?"))
    return None if lost else rules


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


def _seat_rows(ck: Checker, doc: Mapping[str, Any], key: str, needs_balance: bool) -> list[dict[str, Any]]:
    """The whole rows of `players` (with a balance) or `departed` (without)."""
    out: list[dict[str, Any]] = []
    rows = ck.get(doc, key, "list", "")
    for i, row in enumerate(rows or []):
        place = f"{key}[{i}]"
        if not isinstance(row, dict):
            ck.bad(place, Said("found {found}, expected a table", found=describe(clip(row))))
            continue
        got = {"name": ck.get(row, "name", "str", place),
               "brought_in": ck.get(row, "brought_in", "int", place),
               "taken_away": ck.get(row, "taken_away", "int", place),
               "balance": ck.get(row, "balance", "int", place) if needs_balance else 0}
        extra = set(row) - {"name", "brought_in", "taken_away", "gender", "computer",
                            *(["balance"] if needs_balance else [])}
        for k in sorted(extra):
            ck.bad(f"{place}.{k}", Said("unknown key"))
        if "gender" in row and row["gender"] not in GENDERS:  # optional: said, or read from the name
            ck.bad(f"{place}.gender", Said("found {found}, expected f or m", found=describe(clip(row["gender"]))))
        if "computer" in row and row["computer"] not in LEVELS:  # optional: a computer's seat, and its level
            ck.bad(f"{place}.computer", Said("found {found}, expected {levels}", found=describe(clip(row["computer"])),
                                             levels=", ".join(LEVELS)))
        if None not in got.values():
            out.append(got | ({"gender": row["gender"]} if row.get("gender") in GENDERS else {})
                       | ({"computer": row["computer"]} if row.get("computer") in LEVELS else {}))
    return out


def seats(ck: Checker, doc: Mapping[str, Any], rules: HouseRules | None, next_dealer: str | None) -> Seats:
    """The seats: each row, then the names together, for the rules and the next dealer."""
    found = Seats(_seat_rows(ck, doc, "players", True), _seat_rows(ck, doc, "departed", False))
    names, everyone = found.names, found.everyone
    if len(set(everyone)) != len(everyone):
        ck.bad("players", Said("a player is listed twice (seated or departed)"))
    listed = doc.get("players")
    # The seat checks need every seat whole; a `players` that is not a list was reported already.
    if rules is not None and isinstance(listed, list) and len(found.seated) == len(listed):
        for issue in check_players(names, rules):
            ck.bad("players", issue)
    for i, r in enumerate(found.departed):
        for issue in name_problems(r["name"]):
            ck.bad(f"departed[{i}].name", issue)
    if next_dealer is not None and names and next_dealer not in names:
        ck.bad("next_dealer", Said("{name} is not a seated player", name=quoted(next_dealer)),
               Said("allowed: {choices}", choices=", ".join(names)))
    return found


def history(ck: Checker, doc: Mapping[str, Any], pots: list[str] | None) -> tuple[int | None, list[dict[str, Any]]]:
    """How many hands the history lists (None if it is not a list), and the whole ones."""
    hands: list[dict[str, Any]] = []
    raw_hands = ck.get(doc, "hands", "list", "")
    for i, h in enumerate(raw_hands or []):
        if not isinstance(h, dict):
            ck.bad(f"hands[{i}]", Said("found {found}, expected a table", found=describe(clip(h))))
            continue
        hand = _hand(ck, h, i, pots)
        if hand is not None:
            hands.append(hand)
    return (None if raw_hands is None else len(raw_hands)), hands


def _hand(ck: Checker, h: Mapping[str, Any], i: int, pots: list[str] | None) -> dict[str, Any] | None:
    """Hand `i` of the history, None unless every part of it is whole."""
    number = ck.get(h, "number", "count", f"hands[{i}]")
    if number is not None and number != i + 1:
        ck.bad(f"hands[{i}].number", Said("hand {number} is out of place: expected hand {expected}", number=number,
                                          expected=i + 1))
    place = f"hand {i + 1}"
    for k, kind in (("dealer", "str"), ("seed", "seed"), ("real", "bool"), ("turnup", "str"), ("out", "str"),
                    ("void", "bool")):
        ck.get(h, k, kind, place)
    times = {k: ck.get(h, k, "time", place) for k in ("dealt_at", "ended_at") if k in h}  # optional: a journal
    # without times has none
    net = ck.counts(h, "net", place, None)
    players = list(net) if net is not None else None
    dressed = ck.counts(h, "dressed", place, players, "count")
    after = ck.counts(h, "board", place, pots, "count")
    awards = ck.rows(h, "awards", place, {"pot": "str", "player": "str", "amount": "count", "at": "str"})
    payments = ck.rows(h, "payments", place, {"from": "str", "to": "str", "amount": "count", "for": "str"})
    # Counters put on pots besides the dressing: written only where a hand's rules made some (docs/house-rules.md).
    fed = ck.rows(h, "fed", place, {"player": "str", "pot": "str", "amount": "count", "for": "str"}) if "fed" in h \
        else []
    if None in (net, dressed, after, awards, payments, fed):
        return None
    return {"net": net, "dressed": dressed, "board": after, "awards": awards, "payments": payments, "fed": fed,
            "place": place, "dealer": h.get("dealer"), "out": h.get("out"), **times}


def final_deal(ck: Checker, doc: Mapping[str, Any], pots: list[str] | None) -> FinalDeal | None:
    """The final deal; None when there is none, or when a part of it is wrong or (its net) empty."""
    final = doc.get("final")
    if final is None:
        return None
    if not isinstance(final, dict):
        ck.bad("final", Said("found {found}, expected a table", found=describe(clip(final))))
        return None
    net = ck.counts(final, "net", "final", None) or {}
    board = ck.counts(final, "board", "final", pots, "count")
    awards = ck.rows(final, "awards", "final", {"pot": "str", "player": "str", "amount": "count"})
    at = ck.get(final, "at", "time", "final") if "at" in final else None  # optional, as a hand's times
    if board is None or not net or awards is None:
        return None
    return FinalDeal(net, board, awards, at)


def totals(ck: Checker, doc: Mapping[str, Any], listed: int | None, everyone: list[str]) -> dict[str, int] | None:
    """The totals: the number of hands against the `listed` history, and each player's net."""
    totals_raw = ck.get(doc, "totals", "table", "")
    if totals_raw is None:
        return None
    n_hands = ck.get(totals_raw, "hands", "count", "totals")
    if n_hands is not None and listed is not None and n_hands != listed:
        ck.bad("totals.hands", SaidN("history has {n} hands, file says {said}",  # "hands" for one too, as always
                                     "history has {n} hands, file says {said}", listed, said=n_hands))
    return ck.counts(totals_raw, "net", "totals", everyone)


def corrections(ck: Checker, doc: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The corrections of past hands (optional: a session that corrected none has no such key), each whole:
    the hand, who paid whom how many, who said so and why; `ledgersums` adds them to the standings."""
    if "corrections" not in doc:
        return []
    spec = {"hand": "count", "from": "str", "to": "str", "counters": "count", "by": "str", "why": "str"}
    return ck.rows(doc, "corrections", "", spec) or []
