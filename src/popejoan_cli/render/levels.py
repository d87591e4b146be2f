"""The computers' levels in words: one marked table (`LEVELS`) and the functions that say a level and read one
typed.

A level is typed as its English word (`--bots good`, `--level strong`): that is the option's value and what
`--json` and the journals keep. What popejoan prints about a level is said in the table's language: "good",
«хороший»; «хороший против простого» (a level after «против» in the genitive); «компьютеры: хорошие» (of
several computers, the plural). At a Russian table the Russian word is read too, in any case, «ё» or «е»
alike (`level_typed`), as a pot's label is.

Only `simulate` offers `peek` (`game.simulate.BOUNDS`), which reads every hand: «всевидящий».
"""

from __future__ import annotations

from popejoan_cli.render.i18n import language, t, tp

FORMS = ("nominative", "genitive", "plural")
"""How a level is said: alone or as a sentence's subject («хороший»), after «против» («простого»), of several
computers at once («хорошие»)."""

LEVELS = ("simple", "good", "strong", "peek")
"""Every level a person may type (the tables' `game.bots.LEVELS` and simulate's `peek`), weakest first; each
one's words are spelled out in `level_word`, one lookup per level and form, so that the catalogue test finds
them (`locales/ru/levels.po`, context "computer level" and its forms)."""


def _words(form: str) -> dict[str, str]:
    """Every level's words in `form`, in the current language (English says each as it is typed)."""
    if form == "genitive":
        return {"simple": tp("computer level, genitive", "simple"), "good": tp("computer level, genitive", "good"),
                "strong": tp("computer level, genitive", "strong"), "peek": tp("computer level, genitive", "peek")}
    if form == "plural":
        return {"simple": tp("computer level, plural", "simple"), "good": tp("computer level, plural", "good"),
                "strong": tp("computer level, plural", "strong"), "peek": tp("computer level, plural", "peek")}
    return {"simple": tp("computer level", "simple"), "good": tp("computer level", "good"),
            "strong": tp("computer level", "strong"), "peek": tp("computer level", "peek")}


def level_word(level: str, form: str = "nominative") -> str:
    """`level` (its English word) in the current language and `form`: `good`, «хороший», «хорошего», «хорошие».
    A level not in `LEVELS` is said as it is written (a guard: the CLI has already checked it).

    >>> level_word("peek"), level_word("good", "genitive"), level_word("hard")
    ('peek', 'good', 'hard')
    """
    return _words(form).get(level, level)


def _folded(word: str) -> str:
    return word.strip().casefold().replace("ё", "е")


def level_typed(word: str) -> str | None:
    """The level (its English word) that `word` names: the English word itself, in any case, or at a table that
    speaks another language its word there in any of its forms («Хороший», «простые»); None for no level.

    >>> level_typed("Good"), level_typed("simple"), level_typed("hard")
    ('good', 'simple', None)
    """
    folded = _folded(word)
    if folded in LEVELS:
        return folded
    if language() == "en":
        return None
    for form in FORMS:
        for level, said in _words(form).items():
            if _folded(said) == folded:
                return level
    return None


def with_level(name: str, level: str | None) -> str:
    """A row's name in the standings (`evening`, `ledger settle`): a computer's with its `level`, «Компьютер 1
    (хороший)»; a person's (no level) as it is. The line `paid_for` gives says, under the table, that they are
    computers.

    >>> with_level("Computer 1", "good"), with_level("Ann", None)
    ('Computer 1 (good)', 'Ann')
    """
    return name if level is None else f"{name} ({level_word(level)})"


def paid_for(computers: dict[str, str], backer: str) -> str:
    """The line under the standings that names the computers and who pays or takes their results
    (`table.computers.backed`): a computer has no purse."""
    return t("{names}: computers, whose result {backer} pays or takes.", names=", ".join(computers), backer=backer)
