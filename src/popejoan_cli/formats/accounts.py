"""The table's ledger as plain-text accounting files: hledger/ledger-cli and beancount.

Pure: each writer takes the replayed table and returns the file's text. Both are built
from `ledger.postings(view)`, so they hold exactly what `popejoan ledger show` shows.

hledger / ledger-cli journal (`write_hledger`), read by both tools:

- `commodity CTR`, and an `account` line for every account, so `hledger check --strict`
  passes. Accounts: `players:NAME`, `board:POT` and `equity:opening` (counters brought
  to the table and taken away).
- One balanced transaction per hand (postings summed per account and kind, the kind in a
  posting comment), per buy-in, cash-out and final deal. An open hand is marked `!`.
- After each hand and after the final deal, a zero-amount transaction asserts every
  account's balance (`players:Ann  0 CTR = 47 CTR`): both tools check the totals.
- Dates: the day each transaction happened, as the journal recorded it (a hand's end, or
  its deal while it is open; the table's local date). A journal from before popejoan kept
  times has none: then one day per session, from `start` (default 2026-01-01, so files are
  reproducible), every hand of a session sharing its date. An event without a time in a
  journal that has some takes the date before it (the first known date at the start), so
  the dates never go back and every balance assertion reads in order.
- Names are kept, but made safe for both tools: any run of whitespace becomes one space
  (two spaces would end the account name), and `:` `;` `(` `)` `[` `]` `=` `@` and any other
  control character become `_`. Names that then collide get a numeric suffix (`Ann_2`), in
  order of first appearance.

beancount (`write_beancount`):

- Accounts are capitalised words without spaces: `Assets:Players:SLUG`,
  `Assets:Board:POT`, `Equity:Opening`, each with an `open`; the commodity is `CTR`.
- The slug map: Cyrillic is transliterated with a small table (ж → zh, щ → shch, ...),
  other letters ASCII-folded (é → e), each word capitalised and joined, anything not a
  letter or digit dropped (`anna-maria o'neil` → `AnnaMariaONeil`); a slug that does not
  start with a letter gets a `P` in front, an empty one becomes `Player`; collisions
  get a numeric suffix (`Ann`, `Ann2`) in order of first appearance. The map is written
  as comments at the top of the file.
- A `balance` line checks the balance at the start of its date, so each session's
  closing balances are asserted on the day after the session (beancount cannot assert
  between two transactions of the same day, so it checks per session, not per hand).

Nothing from people can start a line of its own: every name, the table's and the rules'
too, reaches a comment or a quoted string with its control characters as visible escapes
(`visible.shown`: a newline becomes `\\n`), and an account name only as sanitised above.
Both files open with the same first line, `title_line`, naming the table and its rules:
`ledger export` knows an earlier export of the same table by it.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date, timedelta

from popejoan_cli.base.visible import is_control, shown
from popejoan_cli.table.events import SessionEnded
from popejoan_cli.table.ledger import Posting, postings
from popejoan_cli.table.view import TableView

DEFAULT_START = date(2026, 1, 1)
COMMODITY = "CTR"

_CYRILLIC = {
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "yo", "ж": "zh", "з": "z", "и": "i",
    "й": "y", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r", "с": "s", "т": "t",
    "у": "u", "ф": "f", "х": "kh", "ц": "ts", "ч": "ch", "ш": "sh", "щ": "shch", "ъ": "", "ы": "y", "ь": "",
    "э": "e", "ю": "yu", "я": "ya", "і": "i", "ї": "yi", "є": "ye", "ґ": "g", "ў": "u",
}
_EXTRA = {"ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ı": "i"}
_HLEDGER_BAD = re.compile(r"[:;()\[\]=@]")


# ------------------------------------------------------------------------------ names
def _unique(names: Iterable[str], *, sep: str, style: str) -> dict[str, str]:
    out: dict[str, str] = {}
    used: set[str] = set()
    for name in names:
        if name in out:
            continue
        base = slug = _clean(name, style)
        k = 1
        while slug.casefold() in used:
            k += 1
            slug = f"{base}{sep}{k}"
        used.add(slug.casefold())
        out[name] = slug
    return out


def _clean(name: str, style: str) -> str:
    return hledger_name(name) if style == "hledger" else beancount_slug(name)


def hledger_name(name: str) -> str:
    """One name made safe for an hledger/ledger account component (collisions not handled)."""
    out = _HLEDGER_BAD.sub("_", " ".join(name.split()))
    out = "".join("_" if is_control(ch) else ch for ch in out)
    return out or "_"


def transliterate(text: str) -> str:
    """Cyrillic to Latin by the table above, then other letters folded to ASCII."""
    chars = []
    for ch in text:
        low = ch.lower()
        sub = _CYRILLIC.get(low, _EXTRA.get(low))
        if sub is None:
            chars.append(ch)
        else:
            chars.append(sub.capitalize() if ch != low else sub)
    decomposed = unicodedata.normalize("NFKD", "".join(chars))
    return "".join(c for c in decomposed if c.isascii())


def beancount_slug(name: str) -> str:
    """One name as a beancount account component (collisions not handled)."""
    words = re.split(r"[^A-Za-z0-9]+", transliterate(name).replace("'", "").replace("’", ""))
    slug = "".join(w[0].upper() + w[1:] for w in words if w)
    if not slug:
        return "Player"
    return slug if slug[0].isalpha() else "P" + slug


def hledger_names(names: Iterable[str]) -> dict[str, str]:
    """Each name's hledger account component, distinct (case-insensitively) and stable."""
    return _unique(names, sep="_", style="hledger")


def beancount_slugs(names: Iterable[str]) -> dict[str, str]:
    """Each name's beancount slug, distinct (case-insensitively) and stable."""
    return _unique(names, sep="", style="beancount")


# ------------------------------------------------------------------------------ transactions
@dataclass
class _Txn:
    day: int
    seq: int
    hand: int
    what: str
    lines: list[tuple[str, int, str]]  # account key, amount, kind
    pending: bool = False
    assert_after: bool = False


def _transactions(view: TableView) -> list[_Txn]:
    """The postings grouped: one transaction per hand, per buy-in/cash-out and for the final deal."""
    ended_at = sorted(seq for seq, e in view.effective if isinstance(e, SessionEnded))

    def day_of(seq: int) -> int:
        return sum(1 for s in ended_at if s < seq)

    groups: dict[tuple[int, int, str], list[Posting]] = {}
    for p in postings(view):
        key = (p.seq, p.hand, "hand" if p.hand else p.what)
        groups.setdefault(key, []).append(p)
    out = []
    for (seq, hand, what), posts in groups.items():
        sums: dict[tuple[str, str], int] = {}
        for p in posts:
            sums[(p.account, p.what)] = sums.get((p.account, p.what), 0) + p.amount
        kinds = list(dict.fromkeys(kind for _, kind in sums))
        rank = {"player": 0, "pot": 1}
        lines = sorted(((acct, n, kind) for (acct, kind), n in sums.items() if n),
                       key=lambda x: (kinds.index(x[2]), rank.get(x[0].partition(":")[0], 2)))
        open_hand = bool(hand) and not view.hands[hand - 1].closed
        out.append(_Txn(day_of(seq), seq, hand, what, lines, pending=open_hand,
                        assert_after=bool(hand) or what in ("final", "correction")))
    return out


def _recorded(view: TableView, t: _Txn) -> str | None:
    """When the transaction happened, as the journal says: a hand's end (its deal while it is open), else its event."""
    if t.hand:
        rec = view.hands[t.hand - 1]
        return view.ended_at(rec) or view.dealt_at(rec)
    return view.time_of(t.seq)


def dates(view: TableView, txns: list[_Txn], start: date | None = None) -> list[date]:
    """Each transaction's date: when it happened (never before the one before it), or, in a journal
    without times, one day per session from `start`."""
    known = [_recorded(view, t) for t in txns]
    if not any(known):
        first = start or DEFAULT_START
        return [first + timedelta(days=t.day) for t in txns]
    day = date.fromisoformat(next(at for at in known if at)[:10])
    out = []
    for at in known:
        if at:
            day = max(day, date.fromisoformat(at[:10]))
        out.append(day)
    return out


def recorded_at(view: TableView, seq: int, hand: int) -> str | None:
    """When the posting at event `seq` (of hand `hand`, or 0) happened, as the journal says; None if it does not."""
    return _recorded(view, _Txn(0, seq, hand, "", []))


def posting_dates(view: TableView, start: date | None = None) -> dict[tuple[int, int], date]:
    """The date of each transaction, by (event, hand), as the accounting files date it (`dates`)."""
    txns = _transactions(view)
    return {(t.seq, t.hand): d for t, d in zip(txns, dates(view, txns, start), strict=True)}


def _describe(view: TableView, t: _Txn) -> str:
    if t.hand:
        rec = view.hands[t.hand - 1]
        return f"hand {t.hand}, dealt by {rec.dealer}" + (" (still being played)" if t.pending else "")
    if t.what == "correction":  # an adjusting entry, dated when it was said: what, who said so, and why
        fix = next(c for seq, c in view.corrections if seq == t.seq)
        return f"correction of hand {fix.hand}, said by {shown(fix.by)} – {shown(fix.why)}"
    return {"buy-in": "buy-in", "cash-out": "cash-out", "final": "final deal"}.get(t.what, t.what)


def _kinds(view: TableView) -> tuple[list[str], list[str]]:
    players: list[str] = []
    pots: list[str] = [p.name for p in view.the_rules().pots] if view.rules is not None else []
    for p in postings(view):
        kind, _, name = p.account.partition(":")
        if kind == "player" and name not in players:
            players.append(name)
        elif kind == "pot" and name not in pots:
            pots.append(name)
    return players, pots


def title_line(view: TableView) -> str:
    """The first line of both files: the table and its rules, each on this one line whatever they hold."""
    name = shown(view.name) or "-"
    return f"; popejoan table {name} ({shown(view.rules_name)}): counters as commodity {COMMODITY}"


# ------------------------------------------------------------------------------ hledger
def write_hledger(view: TableView, start: date | None = None) -> str:
    """The table as an hledger / ledger-cli journal (see the module docstring)."""
    players, pots = _kinds(view)
    pnames = hledger_names(players)
    potnames = hledger_names(pots)

    def acct(key: str) -> str:
        kind, _, name = key.partition(":")
        if kind == "player":
            return f"players:{pnames[name]}"
        if kind == "pot":
            return f"board:{potnames[name]}"
        return "equity:opening"

    out = [title_line(view),
           "; players:NAME are the players, board:POT the pots, equity:opening what was brought in and taken away.",
           "; Dates: when each happened (one day per session where the journal kept no times). Names: whitespace "
           "runs become one space; : ; ( ) [ ] = @ and control characters become _.",
           ""]
    renamed = [(n, s) for n, s in pnames.items() if n != s]
    out += [f"; players:{s} is {n!r}" for n, s in renamed]
    if renamed:
        out.append("")
    out += [f"commodity {COMMODITY}", ""]
    out += [f"account players:{pnames[n]}" for n in players]
    out += [f"account board:{potnames[n]}" for n in pots]
    out += ["account equity:opening", ""]
    running: dict[str, int] = {}
    txns = _transactions(view)
    for t, when in zip(txns, dates(view, txns, start), strict=True):
        if _empty(t):
            continue
        day = when.isoformat()
        out.append(f"{day} {'!' if t.pending else '*'} {hledger_name(_describe(view, t))}  ; event {t.seq}")
        for key, n, kind in t.lines:
            out.append(f"    {acct(key)}  {n} {COMMODITY}  ; {kind}")
            running[key] = running.get(key, 0) + n
        out.append("")
        if t.assert_after:
            out.append(f"{day} * {_after(t)}")
            for key in sorted(running, key=_order(players, pots)):
                if key != "bank":
                    out.append(f"    {acct(key)}  0 {COMMODITY} = {running[key]} {COMMODITY}")
            out.append("")
    return "\n".join(out).rstrip("\n") + "\n"


def _after(t: _Txn) -> str:
    """The description of the balance assertion after `t`."""
    if t.hand:
        return f"balances after hand {t.hand}"
    return "balances after the final deal" if t.what == "final" else "balances after the correction"


def _empty(t: _Txn) -> bool:
    """A transaction that moves nothing outside a hand (a continued session's opening brings in no counters):
    written as no transaction at all, in either file (issue 39: hledger's began with a `buy-in` of no postings)."""
    return not t.lines and not t.hand


def _order(players: list[str], pots: list[str]) -> Callable[[str], tuple[int, int]]:
    def key(k: str) -> tuple[int, int]:
        kind, _, name = k.partition(":")
        if kind == "player":
            return (0, players.index(name))
        if kind == "pot":
            return (1, pots.index(name))
        return (2, 0)

    return key


# ------------------------------------------------------------------------------ beancount
def _quote(text: str) -> str:
    return '"' + shown(text).replace("\\", "\\\\").replace('"', '\\"') + '"'


def write_beancount(view: TableView, start: date | None = None) -> str:
    """The table as a beancount file (see the module docstring)."""
    players, pots = _kinds(view)
    pslugs = beancount_slugs(players)
    potslugs = beancount_slugs(pots)

    def acct(key: str) -> str:
        kind, _, name = key.partition(":")
        if kind == "player":
            return f"Assets:Players:{pslugs[name]}"
        if kind == "pot":
            return f"Assets:Board:{potslugs[name]}"
        return "Equity:Opening"

    out = [title_line(view) + ".",
           "; Dated when each happened (one day per session where the journal kept no times); the balances at the "
           "end of each day are asserted the day after.",
           "; Slug map (account: player name):"]
    out += [f";   Assets:Players:{s}: {shown(n)}" for n, s in pslugs.items()]
    out += [f";   Assets:Board:{s}: pot {shown(n)}" for n, s in potslugs.items()]
    out += ["", f"option {_quote('title')} {_quote('popejoan table ' + view.name)}",
            f"option {_quote('operating_currency')} {_quote(COMMODITY)}", ""]
    txns = _transactions(view)
    days = dates(view, txns, start)
    d0 = (days[0] if days else start or DEFAULT_START).isoformat()
    out += [f"{d0} commodity {COMMODITY}", ""]
    out += [f"{d0} open {acct('player:' + n)} {COMMODITY}" for n in players]
    out += [f"{d0} open {acct('pot:' + n)} {COMMODITY}" for n in pots]
    out += [f"{d0} open Equity:Opening {COMMODITY}", ""]
    running: dict[str, int] = {}
    for i, t in enumerate(txns):
        day = days[i]
        if t.lines:
            out += _beancount_transaction(view, t, day, acct, running)
        if i + 1 == len(txns) or days[i + 1] != day:  # the day's last transaction: its balances, the day after
            out += _beancount_balances(day + timedelta(days=1), running, _order(players, pots), acct)
    return "\n".join(out).rstrip("\n") + "\n"


def _beancount_transaction(view: TableView, t: _Txn, day: date, acct: Callable[[str], str],
                           running: dict[str, int]) -> list[str]:
    """One transaction, its event and each posting's kind as metadata; its amounts are added to `running`."""
    out = [f"{day.isoformat()} {'!' if t.pending else '*'} {_quote(_describe(view, t))}", f"  event: {t.seq}"]
    for key, n, kind in t.lines:
        out.append(f"  {acct(key)}  {n} {COMMODITY}")
        out.append(f"    kind: {_quote(kind)}")
        running[key] = running.get(key, 0) + n
    out.append("")
    return out


def _beancount_balances(after: date, running: dict[str, int], order: Callable[[str], tuple[int, int]],
                        acct: Callable[[str], str]) -> list[str]:
    """A session's closing balances, asserted on `after`, the day after it (beancount checks a `balance` at the
    start of its day): every account's but Equity:Opening's (the ledger's `bank`)."""
    out = [f"{after.isoformat()} balance {acct(key)}  {running[key]} {COMMODITY}"
           for key in sorted(running, key=order) if key != "bank"]
    out.append("")
    return out
