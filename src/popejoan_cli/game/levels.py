"""The computers' levels, by name: what a table seats a computer at and what `--level` and `--bots` take.

Apart from `game.bots`, which plays them, so that the fold (which checks a seated computer's level) and an export's
check do not import the bots' search (`game.lookahead`) on every command's start-up.
"""

from __future__ import annotations

LEVELS = ("simple", "good", "strong")
"""Every level a table offers, weakest first (`game.bots` says how each plays)."""
QUICK = ("simple", "good")
"""The rule-of-thumb levels: a lead from the observation alone, in microseconds, without a search."""
