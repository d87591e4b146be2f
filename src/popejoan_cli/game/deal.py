"""Dealing from a seed, and who may sit at a table: pure game logic shared by tables and deal files."""

from __future__ import annotations

from collections.abc import Sequence

from popejoan_cli.base.errors import Said, SaidN
from popejoan_cli.base.limits import cut, quoted
from popejoan_cli.base.marks import Grouped
from popejoan_cli.base.names import alike
from popejoan_cli.game.cards import Dealt, Seed, canonical_deck, deal_cards, parse_card_or_none, shuffled
from popejoan_cli.game.rules import HouseRules

MAX_NAME = 40


RESERVED: dict[str, str] = {
    "spare": Said("no player may be called 'spare' (it names the spare hand)"),
    "none": Said("no player may be called 'none' (`out --pope none` says nobody holds the Pope)"),
    "stop": Said("no player may be called 'stop' (in a `play` line, `stop` calls a stop)"),
    "board": Said("no player may be called 'board' (`count board` counts every pot at once)"),
}
"""The words of the command language a player's name could be mistaken for, whatever its case, each with the
refusal that says why. The commands' words are English in every language the table speaks (a Russian table
types `--pope none` and `stop` too), so these are all of them."""


def word_problems(n: str) -> list[str]:
    """The refusal of a name that is a word of the command language (`RESERVED`), if it is one."""
    said = RESERVED.get(n.strip().lower())
    return [said] if said is not None else []


def table_word_problems(n: str, rules: HouseRules) -> list[str]:
    """The refusal of a name that is one of this table's words (issue 39: one meaning per word): a pot's name or
    label, which `count` and `claim` take a pot by ("count jack 1" was recorded against a player Jack), or a
    card, which a `play` line takes a card by. Each says why and suggests another name.

    >>> from popejoan_cli.formats.presets import preset
    >>> [str(p) for p in table_word_problems("Jack", preset("modern-stops"))][0][:45]
    "no player may be called 'Jack' at this table:"
    >>> table_word_problems("Jackie", preset("modern-stops")), len(table_word_problems("qs", preset("hoyle")))
    ([], 1)
    """
    key = n.strip().casefold()
    for pot in rules.pots:
        if key in (pot.name.casefold(), pot.label.casefold()):
            return [Said("no player may be called {name} at this table: it is a pot's name ({pot}), which `count` "
                         "and `claim` would take it for; give the player another name, such as {other}",
                         name=quoted(n), pot=pot.label, other=quoted(n.strip() + " B."))]
    if parse_card_or_none(n) is not None:
        return [Said("no player may be called {name}: it is a card, which a `play` line would take it for; "
                     "give the player another name", name=quoted(n))]
    return []


def name_problems(n: str, *, words: bool = True) -> list[str]:
    """Problems with one player's name, wherever it comes from: an option, a deal file, an export. Without
    `words`, only 'spare' of `RESERVED` is refused: a journal's replay, whose names were refused as they were
    written (a table's players from before the rest were reserved stay readable)."""
    out: list[str] = []
    if not n.strip():
        out.append(Said("player name {name} is empty", name=quoted(n)))
    elif len(n) > MAX_NAME:
        out.append(SaidN("player name {name} is longer than {n} character",
                         "player name {name} is longer than {n} characters", MAX_NAME, name=cut(n)))
    elif not n.isprintable() or n != n.strip():
        out.append(Said("player name {name} may not hold control characters or start or end with a space",
                        name=quoted(n)))
    if words:
        out += word_problems(n)
    elif n.lower() == "spare":
        out.append(RESERVED["spare"])
    return out


def check_players(names: Sequence[str], rules: HouseRules, *, words: bool = True) -> list[str]:
    """Problems with a seat list: duplicates or look-alikes, reserved or empty names, names that are the table's
    pots or cards, count for the rules (`words`: as `name_problems`; without it, no table's word is refused
    either: a journal's replay)."""
    out: list[str] = []
    lo, hi = rules.players.min, rules.players.max
    if not lo <= len(names) <= hi:
        out.append(SaidN("{count} player, but {rules} is for {least}–{most} players",
                         "{count} players, but {rules} is for {least}–{most} players", len(names),
                         count=Grouped(len(names)), rules=rules.name, least=lo, most=hi))
    for n in names:
        out += name_problems(n, words=words)
        if words:
            out += table_word_problems(n, rules)
    for first, second in alike(names):
        out.append(Said("player {name} is listed twice", name=quoted(first)) if first == second else
                   Said("players {first} and {second} look alike: they could not be told apart when typed or "
                        "read; give one of them another name", first=quoted(first), second=quoted(second)))
    return out


def seeded_deal(rules: HouseRules, seats: int, dealer: int, seed: Seed) -> Dealt:
    """Shuffle the canonical deck with the seed and deal it one card at a time, clockwise from the dealer's left."""
    found = rules.cache.get("deal")  # the deck and how it is dealt, read once per rule set
    if not isinstance(found, tuple):
        spare = rules.deal.spare_position if rules.deal.spare_hand else None
        found = rules.cache["deal"] = (tuple(canonical_deck(rules.removed)), spare, rules.deal.turnup)
    deck, spare, turnup = found
    return deal_cards(shuffled(deck, seed), seats, dealer, spare, turnup)


def session_seed(session: int, number: int) -> int:
    """The seed hand `number` (from 1) of a practice session with seed `session` is dealt from.

    A hash, not `session + number - 1`: a hand's seed is told once that hand is over, and it must
    tell nothing of the next hand (with consecutive seeds it would tell every hand to come). The
    session seed, which replays the whole session, is told only when the session ends.

    >>> session_seed(7, 1), session_seed(7, 2)
    (732559406, 418590890)
    """
    import hashlib  # only practice sessions need it: keep it off the start-up path

    digest = hashlib.sha256(f"popejoan practice {session} {number}".encode()).digest()
    return int.from_bytes(digest[:4], "big") >> 1
