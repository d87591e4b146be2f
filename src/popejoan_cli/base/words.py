"""Small helpers for the words a table reads. Pure, and cheap to import."""

from __future__ import annotations


def plural(n: int, noun: str, many: str | None = None) -> str:
    """`1 hand`, `3 hands`, `0 cards`: a count with its noun, singular only for one."""
    return f"{n} {noun if n == 1 else many or noun + 's'}"
