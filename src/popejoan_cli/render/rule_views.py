"""House rules for people as rich tables and panels: presets, one rule set, a diff of two.

This module builds; it prints nothing and reads no files. The plain-words functions return
strings (so they are easy to test); the `*_view`/`*_table` functions return rich
renderables for the CLI to print. Every piece of text that comes from a rules file (title,
description, sources, names, pot labels) is escaped or wrapped in `Text`, so a title such as
`[red]x` is shown literally, and its control characters are shown as visible escapes
(`visible.shown`), so an ESC in a title colours nothing and a carriage return overwrites
nothing. Cards always show a suit symbol and letter: `9♦ (9D)`. At a Russian table the words,
the shipped presets' titles and descriptions and their pot labels are Russian (`render.i18n`); a
file's own title, description and labels are shown as written.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from popejoan_cli.base.visible import shown
from popejoan_cli.game.cards import Suit
from popejoan_cli.game.rules import CardSpec, HouseRules, PotRule
from popejoan_cli.render.i18n import pot_label, preset_title, t, tn, tp
from popejoan_cli.render.rule_words import (
    choices_in_words,
    spec_words,
    stake_words,
    suit_words,
    unused_words,
    won_by,
)

MISSING: Any = None
"""How a key absent from one side of a diff is passed in (JSON null)."""


def preset_description(text: str) -> str:
    """A shipped preset's description in the current language; any other as it is written."""
    return {
        "Pope Joan as on shramenko.kiev.ua: everyone stakes, turn-up out of play and a paying turn-up ends the "
        "hand, any lead, final clearing deal.": tp(
            "preset description", "Pope Joan as on shramenko.kiev.ua: everyone stakes, turn-up out of play and a "
            "paying turn-up ends the hand, any lead, final clearing deal."),
        "Pope Joan with modern stops rules: ace low, dealer dresses 15, turn-up stays in its hand, lowest-card "
        "leads, pairs played by one player in order.": tp(
            "preset description", "Pope Joan with modern stops rules: ace low, dealer dresses 15, turn-up stays in "
            "its hand, lowest-card leads, pairs played by one player in order."),
        "Pope Joan after Parlett's Penguin Book: ace high, dealer dresses 15, turn-up stays in its hand, "
        "lowest-card leads, pairs played by one player.": tp(
            "preset description", "Pope Joan after Parlett's Penguin Book: ace high, dealer dresses 15, turn-up "
            "stays in its hand, lowest-card leads, pairs played by one player."),
        "Classic Pope Joan after Hoyle: ace low, dealer dresses 15, turn-up out of play, a turned-up Pope wins "
        "Pope, Game and a counter per card dealt.": tp(
            "preset description", "Classic Pope Joan after Hoyle: ace low, dealer dresses 15, turn-up out of play, "
            "a turned-up Pope wins Pope, Game and a counter per card dealt."),
        "Michigan: full pack, ace high, pay cards A♥ K♣ Q♦ J♠, dealer stakes double, spare hand may be "
        "auctioned, new lead must change suit.": tp(
            "preset description", "Michigan: full pack, ace high, pay cards A♥ K♣ Q♦ J♠, dealer stakes double, "
            "spare hand may be auctioned, new lead must change suit."),
        "Michigan/Boodle/Stops as on shram.kiev.ua: full pack, ace high, no spare hand, the next player in turn "
        "must continue the run or lead afresh.": tp(
            "preset description", "Michigan/Boodle/Stops as on shram.kiev.ua: full pack, ace high, no spare hand, "
            "the next player in turn must continue the run or lead afresh."),
        "British Newmarket: full pack, ace high, boodles A♥ K♣ Q♦ J♠ plus a kitty for the first out, dealer may "
        "switch with the dummy, new runs change colour.": tp(
            "preset description", "British Newmarket: full pack, ace high, boodles A♥ K♣ Q♦ J♠ plus a kitty for "
            "the first out, dealer may switch with the dummy, new runs change colour."),
    }.get(text, text)


def presets_table(rows: Sequence[tuple[str, str, str]]) -> Table:
    """`rules list`: name, title and one line for each preset."""
    table = Table(title=t("House-rule presets"), show_lines=False)
    table.add_column(tp("presets column", "Name"), no_wrap=True)
    table.add_column(tp("presets column", "Title"))
    table.add_column(tp("presets column", "Description"))
    for name, title, description in rows:
        table.add_row(escape(shown(name)), escape(shown(preset_title(title))),
                      escape(shown(preset_description(description), multiline=True)))
    return table


def header_panel(rules: HouseRules) -> Panel:
    body = Text()
    if rules.description:
        body.append(shown(preset_description(rules.description), multiline=True) + "\n\n")
    body.append(t("Name: "), style="bold")
    body.append(shown(rules.name))
    sources = list(rules.sources)
    if sources:
        body.append("\n" + t("Sources:"), style="bold")
        for source in sources:
            body.append(f"\n  • {shown(str(source))}")
    return Panel(body, title=Text(shown(preset_title(rules.title))), title_align="left")


def dressing_words(rules: HouseRules) -> str:
    """The board's total dressing in one line."""
    total = sum(p.stake for p in rules.pots)
    if rules.stakes.payer == "dealer":
        return tn("The dealer dresses the board with {n} counter before each deal.",
                  "The dealer dresses the board with {n} counters before each deal.", total)
    mult = rules.stakes.dealer_multiplier
    if mult != 1:
        return tn("Each player puts {n} counter on the board before each deal; the dealer {dealer}.",
                  "Each player puts {n} counters on the board before each deal; the dealer {dealer}.",
                  total, dealer=total * mult)
    return tn("Each player puts {n} counter on the board before each deal, the dealer too.",
              "Each player puts {n} counters on the board before each deal, the dealer too.", total)


def board_table(rules: HouseRules) -> Table:
    table = Table(title=tp("rules table", "Board"), title_justify="left", caption=escape(dressing_words(rules)),
                  caption_justify="left")
    table.add_column(tp("board column", "Pot"), no_wrap=True)
    table.add_column(tp("board column", "Label"))
    table.add_column(tp("board column", "Won by"))
    table.add_column(tp("board column", "Stake"))
    for pot in rules.pots:
        table.add_row(escape(shown(pot.name)), escape(shown(pot_label(pot.label))), escape(shown(won_by(pot, rules))),
                      escape(stake_words(pot, rules)))
    return table


def choices_view(rules: HouseRules) -> Group:
    """Each section's title, then its sentences as bullets with a hanging indent."""
    parts: list[RenderableType] = []
    # The sentence of unused keys is dimmed; it is known by how it starts in the current language.
    unused = unused_words(["\0"]).split("\0")[0]
    for title, sentences in choices_in_words(rules):
        parts.append(Text(title, style="bold underline"))
        bullets = Table.grid(padding=(0, 1))
        bullets.add_column(width=3, justify="right")
        bullets.add_column()
        for sentence in sentences:
            bullets.add_row("•", Text(shown(sentence), style="dim" if sentence.startswith(unused) else ""))
        parts.append(bullets)
        parts.append(Text(""))
    return Group(*parts[:-1])


def rules_view(rules: HouseRules) -> Group:
    """`rules show`: header panel, the board, then every choice in words."""
    return Group(header_panel(rules), Text(""), board_table(rules), Text(""), choices_view(rules))


_WORDS_OF: dict[str, Any] = {"title": preset_title, "description": preset_description}
"""The keys whose value is words, not a setting: a shipped preset's are said in the language, as `rules list` and
`rules show` say them (a table's own title and labels stay as its file writes them)."""


def diff_cell(key: str, value: Any) -> str:
    """One value of a diff for people: cards with symbol and letter, lists joined, control
    characters shown as escapes; a shipped preset's title, description and pot labels in the language."""
    if value is MISSING:
        return "—"
    if isinstance(value, str) and (key in _WORDS_OF or (key.startswith("pot.") and key.endswith(".label"))):
        return shown(_WORDS_OF.get(key, pot_label)(value))
    if isinstance(value, bool):
        return "true" if value else "false"
    if key == "final.suit" and isinstance(value, str) and value in Suit.__members__:
        return suit_words(Suit[value])
    if isinstance(value, list | tuple):
        if not value:
            return tp("diff cell", "(none)")
        return ("\n" if key == "sources" else ", ").join(shown(_card_cell(key, v)) for v in value)
    return shown(_card_cell(key, value))


def _card_cell(key: str, value: Any) -> str:
    if key == "deck.removed" or key.endswith((".card", ".cards")):
        spec = CardSpec.parse(str(value))
        if spec is not None:
            return spec_words(spec)
    return str(value)


def _pot_summary(pot: PotRule, rules: HouseRules) -> str:
    return f"{pot_label(pot.label)}: {won_by(pot, rules)}; {stake_words(pot, rules)}"


def diff_table(a: HouseRules, b: HouseRules, a_title: str, b_title: str,
               differences: Sequence[tuple[str, Any, Any]]) -> Table:
    """`rules diff`: key | A | B. A pot on one board only is one row saying so."""
    table = Table(title=tp("rules diff", "Differences"), title_justify="left")
    table.add_column(tp("diff column", "Key"), no_wrap=True)
    table.add_column(f"A: {escape(shown(a_title))}")  # A and B are the command's arguments, as typed
    table.add_column(f"B: {escape(shown(b_title))}")
    only_a = {p.name for p in a.pots} - {p.name for p in b.pots}
    only_b = {p.name for p in b.pots} - {p.name for p in a.pots}
    listed: set[str] = set()
    for key, va, vb in differences:
        pot_name = key.split(".")[1] if key.startswith("pot.") else ""
        if pot_name in only_a or pot_name in only_b:
            if pot_name in listed:
                continue
            listed.add(pot_name)
            pa, pb = a.pot(pot_name), b.pot(pot_name)
            cell_a = _pot_summary(pa, a) if pa is not None else tp("diff cell", "(no such pot)")
            cell_b = _pot_summary(pb, b) if pb is not None else tp("diff cell", "(no such pot)")
            table.add_row(escape(shown(f"pot.{pot_name}")), escape(shown(cell_a)), escape(shown(cell_b)))
            continue
        table.add_row(escape(shown(key)), escape(diff_cell(key, va)), escape(diff_cell(key, vb)))
    return table


