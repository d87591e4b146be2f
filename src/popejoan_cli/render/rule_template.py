"""The `rules new` template: a fully commented house-rule file with every key and its allowed values."""

from __future__ import annotations

from typing import Any

from popejoan_cli.game.cards import Card, Suit
from popejoan_cli.game.printed import described
from popejoan_cli.game.rulekeys import MAX_DESCRIPTION
from popejoan_cli.game.rules import KEYS, CardSpec, HouseRules, Key
from popejoan_cli.render.rule_words import stake_words, won_by


def _allowed(key: Key) -> str:
    if key.kind == "choice":
        return "allowed: " + ", ".join(f'"{c}"' for c in key.choices)
    if key.kind == "int":
        return f"allowed: an integer from {key.lo} to {key.hi}"
    if key.kind == "bool":
        return "allowed: true or false"
    if key.kind == "suit":
        return "allowed: " + ", ".join(f'"{s.name}" ({s.title} {s.symbol})' for s in Suit)
    if key.kind == "cards":
        return 'allowed: a list of cards, e.g. ["8D"] or [] (ranks A 2-10 J Q K, suits C D H S)'
    if key.kind == "pots":
        return 'allowed: a list of pot names from the [[pot]] tables below, [] for none, or ["*"] for all'
    if key.kind == "texts":
        return "allowed: a list of strings"
    return "allowed: a string"


def toml_value(value: Any) -> str:
    """A value in TOML form: strings escaped by tomli_w, cards in file form (`9D`)."""
    import tomli_w  # only `rules new` writes TOML: keep it off the start-up path

    if isinstance(value, list | tuple):
        items = [toml_value(v) for v in value]
        inline = "[" + ", ".join(items) + "]"
        if len(inline) <= 72:
            return inline
        return "[\n" + "".join(f"    {item},\n" for item in items) + "]"
    if isinstance(value, Card | CardSpec):
        value = str(value)
    # Only a description holds newlines (a printed source's choices, one a line): written as lines, not escapes.
    return tomli_w.dumps({"v": value}, multiline_strings=True)[len("v = "):].rstrip("\n")


def _comment(text: str) -> str:
    """Text safe inside a `#` comment: one line, no control characters."""
    return "".join(ch if ch == "\t" or (ch >= " " and ch != "\x7f") else " " for ch in text)


def _title_from_name(name: str) -> str:
    words = name.replace("-", " ").replace("_", " ").strip()
    return words[:1].upper() + words[1:] if words else name


_POT_HELP = """\
# ---- The board --------------------------------------------------------------------------
# Each [[pot]] table is one pot, in the order the board shows them. Together they replace
# the whole default board, so list every pot you play with.
#   name  = a lowercase word, unique, used on the command line and in JSON
#   label = the name people see (optional; defaults to the name)
#   stake = counters put on the pot at each dressing (see [stakes]): an integer, 0 or more
#   wins  = "card":      won by whoever plays `card`, when he plays it
#           "pair":      won by whoever plays both `cards` (see [play] pairs and pair_order)
#           "first-out": won by the first player to play his last card
#           "below":     won by whoever plays the card below `card` (Peel's Newmarket: K♠ wins
#                        A♠, the ace counting as lowest and highest); that card is a stop
#   card  = (wins = "card") a card such as "9D" (9♦), or "trump:A", "trump:K", "trump:Q",
#           "trump:J": that rank of the trump suit (needs a turn-up: deal.turnup);
#           (wins = "below") a fixed card such as "AS"
#   cards = (wins = "pair") two such cards, e.g. ["trump:Q", "trump:K"]
"""


def template(rules: HouseRules, name: str, base: str) -> str:
    """A fully commented house-rule file with `rules`' values, named `name`, started from `base`."""
    values: dict[str, Any] = dict(rules.values)
    values["name"] = name
    values["title"] = _title_from_name(name)
    intro = f"Our table's rules, started from the {base} preset ({rules.title})."
    chosen = described(rules.sources)  # what popejoan chose where each printed source laid is silent or ambiguous
    values["description"] = (intro if not chosen else f"{intro}\n\n{chosen}"
                             if len(intro) + 2 + len(chosen) <= MAX_DESCRIPTION else chosen)
    values["sources"] = [f"popejoan preset {base!r}", *rules.sources]
    lines = [
        f"# House rules for our table, started from the popejoan preset {_comment(repr(base))} "
        f"({_comment(rules.title)}).",
        "#",
        "# How to use this file:",
        "#   - Change any value below. Each key is explained just above it, with what is allowed.",
        "#   - A key you delete takes popejoan's default (the modern-stops value), not this",
        f"#     preset's; keep every key to keep the {_comment(base)} rules.",
        "#   - Check the file:         popejoan rules check THIS-FILE.toml",
        "#   - Read it in words:       popejoan rules show THIS-FILE.toml",
        f"#   - Compare with the preset: popejoan rules diff {_comment(base)} THIS-FILE.toml",
        "#   - Use the path of this file wherever popejoan asks for rules (a preset name or a file).",
        "",
    ]
    section = ""
    for key in KEYS:
        if key.section != section:
            section = key.section
            lines.append(f"[{section}]")
        lines.append(f"# {key.doc}")
        lines.append(f"# {_allowed(key)}")
        lines.append(f"{key.name} = {toml_value(values[key.path])}")
        lines.append("")
    lines.append(_POT_HELP)
    for pot in rules.pots:
        lines.append(_comment(f"# {pot.label}: {won_by(pot, rules)}; {stake_words(pot, rules)}"))
        lines.append("[[pot]]")
        for field, value in pot.to_dict().items():
            lines.append(f"{field} = {toml_value(value)}")
        lines.append("")
    return "\n".join(lines).rstrip("\n") + "\n"
