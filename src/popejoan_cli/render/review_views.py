"""The review of a hand in words and tables: each lead judged, its mark, the lead `strong` would have made, the
expected cost, and a one-line lesson per mistake (`table.review`, `game.review`; docs/bots.md, "The review").

Every figure is read from the `Reviewed` records the review made, the same `review_json` gives `--json`; the
words are the table's language's (English, Russian). Cards are written as the narration writes them (`A♦`,
symbol and rank, never colour alone); the marks are words.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from popejoan_cli.game.review import Judged, Lesson
from popejoan_cli.game.rules import HouseRules
from popejoan_cli.render.figures import decimal
from popejoan_cli.render.i18n import face, pot_label, t, tn, tp
from popejoan_cli.table.review import Reviewed

ORDER = ("best", "forced", "good", "inaccuracy", "mistake", "blunder")
"""The marks from best to worst, as the summary lists them."""


def mark_word(mark: str) -> str:
    """A mark in the table's language: "mistake", «ошибка»."""
    words = {"best": tp("review mark", "best"), "forced": tp("review mark", "forced"),
             "good": tp("review mark", "good"), "inaccuracy": tp("review mark", "inaccuracy"),
             "mistake": tp("review mark", "mistake"), "blunder": tp("review mark", "blunder")}
    return words.get(mark, mark)


def _share(x: float) -> str:
    """A share of the deals as `simulate` writes one: `80%`, «80%»."""
    return decimal(x, ".0%")


def lesson_line(judged: Judged, rules: HouseRules) -> str:
    """The lesson of a mistake or a blunder, in one line of the table's words."""
    lesson = judged.lesson
    assert lesson is not None
    card, best = face(judged.card), face(judged.best)
    return _lesson_words(lesson, card, best, rules)


def _lesson_words(lesson: Lesson, card: str, best: str, rules: HouseRules) -> str:
    if lesson.kind == "lead":
        return t("{card} gave the lead away: {best} kept it in {b} of the possible deals, {card} in {l}.", card=card,
                 best=best, b=_share(lesson.best), l=_share(lesson.led))
    if lesson.kind == "out":
        return t("{best} went out first in {b} of the possible deals, {card} in {l}.", card=card, best=best,
                 b=_share(lesson.best), l=_share(lesson.led))
    if lesson.kind == "pot":
        pot = rules.pot(lesson.pot)
        name = pot_label(pot.label) if pot is not None else lesson.pot
        return t("{best} won the {pot} pot in {b} of the possible deals, {card} in {l}.", card=card, best=best,
                 pot=name,
                 b=_share(lesson.best), l=_share(lesson.led))
    if lesson.kind == "shed":
        return t("{best} shed {b} of the hand's cards on average, {card} {l}.", card=card, best=best,
                 b=decimal(lesson.best, ".1f"), l=decimal(lesson.led, ".1f"))
    return t("{best} was worth {d} counters more on average over the possible deals.", best=best,
             d=decimal(lesson.best - lesson.led, ".1f"))


def _counted(mark: str, n: int) -> str:
    """`n` leads with `mark`, the mark's word agreeing with the number: "2 best", «2 лучших», «3 ошибки»."""
    said = {"best": tn("{n} best", "{n} best", n), "forced": tn("{n} forced", "{n} forced", n),
            "good": tn("{n} good", "{n} good", n), "inaccuracy": tn("{n} inaccuracy", "{n} inaccuracies", n),
            "mistake": tn("{n} mistake", "{n} mistakes", n), "blunder": tn("{n} blunder", "{n} blunders", n)}
    return said[mark]


def summary_line(player: str, leads: Sequence[Reviewed]) -> str:
    """"Ann: 9 leads — 5 best, 2 good, 1 inaccuracy, 1 mistake; expected cost 2.1 counters."""
    marks = Counter(r.judged.mark for r in leads)
    parts = ", ".join(_counted(m, marks[m]) for m in ORDER if marks[m])
    cost = sum(r.judged.cost for r in leads)
    return t("{player}: {leads} ({marks}); expected cost {cost} counters.", player=player,
             leads=tn("{n} lead reviewed", "{n} leads reviewed", len(leads)), marks=parts, cost=decimal(cost, ".1f"))


def review_view(number: int, reviewed: Sequence[Reviewed], rules: HouseRules) -> RenderableType:
    """The review of hand `number`: a table of the leads judged, the lessons under it, and each player's sum."""
    if not reviewed:
        return Text(t("Hand {number}: no lead to review (no person led in it).", number=number))
    players = list(dict.fromkeys(r.player for r in reviewed))
    several = len(players) > 1  # one player's review (practice: yours) names nobody in its rows
    table = Table(title=t("Review of hand {number}", number=number), title_justify="left")
    heads = [tp("review column", "lead"), *([tp("review column", "player")] if several else []),
             tp("review column", "led"), tp("review column", "mark"), tp("review column", "strong's lead"),
             tp("review column", "cost")]
    for i, head in enumerate(heads):
        table.add_column(head, justify="right" if i in (0, len(heads) - 1) else "left")
    lessons: list[Text] = []
    for r in reviewed:
        j = r.judged
        strong = "" if j.best == j.card else face(j.best)
        table.add_row(str(r.lead), *([Text(r.player)] if several else []), face(j.card), mark_word(j.mark), strong,
                      decimal(-j.cost, "+.1f") if j.cost >= 0.05 else "")
        if j.lesson is not None:
            lessons.append(Text(t("Lead {lead} ({player}, {card}), {mark}: {lesson}", lead=r.lead, player=r.player,
                                  card=face(j.card), mark=mark_word(j.mark), lesson=lesson_line(j, rules))))
    sums = [Text(summary_line(p, [r for r in reviewed if r.player == p])) for p in players]
    return Group(table, *lessons, *sums)


def review_json(number: int, reviewed: Sequence[Reviewed]) -> dict[str, Any]:
    """`history --review N --json`: the hand and each lead judged (cards as `AD`; values in counters)."""
    def one(r: Reviewed) -> dict[str, Any]:
        j = r.judged
        lesson = None if j.lesson is None else {"kind": j.lesson.kind, "best": round(j.lesson.best, 4),
                                                "led": round(j.lesson.led, 4), "pot": j.lesson.pot or None}
        return {"lead": r.lead, "player": r.player, "card": str(j.card), "mark": j.mark, "best": str(j.best),
                "led_value": round(j.led_value, 4), "best_value": round(j.best_value, 4), "cost": round(j.cost, 4),
                "lesson": lesson}

    return {"hand": number, "leads": [one(r) for r in reviewed]}


def review_page(number: int, reviewed: Sequence[Reviewed], rules: HouseRules, rows: bool) -> dict[str, Any]:
    """A page's review of hand `number` (`serve`: `GET /p/TOKEN/review`, `/b/TOKEN/review`), in the table's words:
    its title, a line a lead (`rows`: a person's page, their own leads), each lesson, and each player's sum."""
    lines = []
    if rows:
        for r in reviewed:
            j = r.judged
            said = (t("Lead {lead}: {card}, {mark}.", lead=r.lead, card=face(j.card), mark=mark_word(j.mark))
                    if j.best == j.card else
                    t("Lead {lead}: {card}, {mark}; strong would have led {best}.", lead=r.lead, card=face(j.card),
                      mark=mark_word(j.mark), best=face(j.best)) if j.cost < 0.05 else  # a cost that rounds to 0
                    t("Lead {lead}: {card}, {mark}; strong would have led {best} ({cost} counters).", lead=r.lead,
                      card=face(j.card), mark=mark_word(j.mark), best=face(j.best), cost=decimal(-j.cost, "+.1f")))
            lines.append(said)
    lessons = [t("Lead {lead} ({player}, {card}), {mark}: {lesson}", lead=r.lead, player=r.player,
                 card=face(r.judged.card), mark=mark_word(r.judged.mark), lesson=lesson_line(r.judged, rules))
               for r in reviewed if r.judged.lesson is not None]
    players = list(dict.fromkeys(r.player for r in reviewed))
    return {"hand": number, "title": t("Review of hand {number}", number=number), "lines": lines,
            "lessons": lessons, "sums": [summary_line(p, [r for r in reviewed if r.player == p]) for p in players],
            "empty": None if reviewed else t("Hand {number}: no lead to review (no person led in it).",
                                             number=number)}
