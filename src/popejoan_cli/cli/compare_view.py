"""`simulate --against` and `--against-bots` in the terminal: each side's figure, the paired difference and its
interval, and whether the difference is clear of zero; beside it the half-width two independent runs of as many
hands would give, so a table sees what pairing the deals bought (`game.compare`).

Built from the comparison's JSON (`Comparison.to_json`), the very numbers `--json` prints; 80 columns. Imported by
`simulate` only when it compares, so its imports are at the top.
"""

from __future__ import annotations

from typing import Any

from rich.markup import escape
from rich.table import Table

from popejoan_cli.cli import console
from popejoan_cli.render.figures import decimal, grouped
from popejoan_cli.render.i18n import t, tn, tp
from popejoan_cli.render.levels import level_word
from popejoan_cli.render.table_views import pot_words


def _figure(x: float) -> str:

    return decimal(x, "+.3f")


def _half(d: dict[str, Any]) -> str:
    """The 95% interval's half-width (normal, so symmetric about the mean): "±0.41"."""

    return "±" + decimal((d["high"] - d["low"]) / 2, ".2f")


def _clear(d: dict[str, Any]) -> str:
    """"clear" when the interval excludes zero (the difference is there at 95%), else a dash: words, not colour."""

    return tp("comparison", "clear") if d["clear"] else "–"


def _side(doc: dict[str, Any], key: str, kind: str) -> str:
    """A side's name: its rules (`--rules`, `--against`) or its line-up (`--bots`, `--against-bots`)."""

    side = doc[key]
    if kind == "rules":
        return str(side["rules"])
    return ",".join(level_word(b) for b in side["bots"])


def _table(title: str, heads: list[str], left: int) -> Any:
    """A table of `heads` (the first `left` of them to the left, the figures to the right), its cells never
    broken; a heading may take two lines («два / прогона»): 80 columns hold every column whole."""

    table = Table(title=title, title_justify="left")
    for i, head in enumerate(heads):
        table.add_column(head, justify="left" if i < left else "right", no_wrap=i < left or " " not in head)
    return table


def _seats(doc: dict[str, Any]) -> Any:

    bots = doc["comparison"] == "bots"
    heads = [tp("simulate column", "seat"), *([tp("comparison", "A / B")] if bots else []), "A", "B", "A − B",
             tp("comparison", "95%"), tp("comparison", "two runs"), ""]
    table = _table(t("A − B per seat"), heads, 2 if bots else 1)
    for s in doc["difference"]["seats"]:
        levels = [f"{level_word(s['a'])}/{level_word(s['b'])}"] if bots else []
        table.add_row(str(s["seat"] + 1), *levels, _figure(s["a_mean"]), _figure(s["b_mean"]), _figure(s["mean"]),
                      _half(s), _half({"low": -s["unpaired"], "high": s["unpaired"]}), _clear(s))
    return table


def _pots(doc: dict[str, Any], word: Any) -> Any:


    heads = [tp("simulate column", "pot"), tp("comparison", "won A"), tp("comparison", "won B"), "A − B",
             tp("comparison", "95%"), ""]
    table = _table(t("A − B per pot: counters it paid per hand"), heads, 1)
    won = {side: {p["pot"]: p["won"] for p in doc[side]["pots"]} for side in ("a", "b")}
    for p in doc["difference"]["pots"]:
        paid = p["paid_per_hand"]
        table.add_row(escape(word(p["pot"])), *(decimal(won[side].get(p["pot"], 0.0), ".1%") for side in ("a", "b")),
                      _figure(paid["mean"]), _half(paid), _clear(paid))
    return table


def render(doc: dict[str, Any], who: str, rules: Any) -> None:
    """The comparison `doc` (`Comparison.to_json`) as tables and lines, for a person at a terminal; `who` played
    it, in words ("2 processes")."""


    out = console()
    kind = doc["comparison"]
    deals = tn("{count} deal", "{count} deals", doc["deals"], count=grouped(doc["deals"]))
    played = (t("each played under both") if kind == "rules" else
              t("each played under both line-ups at every turn round the table ({n} hands a side)",
                n=grouped(doc["a"]["hands"])))
    out.print(t("A = {a}, B = {b}: {deals}, {players}, seed {seed}, {processes}; {played}. Counters per hand.",
                a=escape(_side(doc, "a", kind)), b=escape(_side(doc, "b", kind)), deals=deals,
                players=tn("{n} player", "{n} players", doc["players"]), seed=doc["seed"],
                processes=who, played=played))
    out.print(_seats(doc))
    edge = doc["difference"]["dealer_edge"]
    out.print(t("Dealer's edge: A {a}, B {b}; A − B {mean} {interval} (two independent runs: ±{unpaired}), {clear}.",
                a=_figure(doc["a"]["dealer_edge"]["mean"]), b=_figure(doc["b"]["dealer_edge"]["mean"]),
                mean=_figure(edge["mean"]), interval=_half(edge), unpaired=decimal(edge["unpaired"], ".2f"),
                clear=t("clear of zero") if edge["clear"] else t("not clear of zero")))
    out.print(_pots(doc, pot_words(rules)))
    out.print(t("“clear”: the 95% interval of A − B excludes zero. “two runs”: the interval two independent runs of "
                "as many hands would give."), style="dim")
