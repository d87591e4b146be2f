"""A line of text that wraps only between its phrases: a list of names, a row of scores.

rich wraps a line at any space, so a name with a space ("Mary Ann") or an entry and its figure
("Computer 1 -2") broke across two lines; printed unwrapped instead, the line was cut at the
terminal's edge or broken mid-word by the terminal. `Phrases` wraps at the spaces between the
phrases named whole, never inside one; a phrase wider than the whole line wraps at its own
spaces, as a last resort (a word wider than that, at the edge). Builds renderables; prints
nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text


class Phrases:
    """`text` on lines of the width given, broken only at a space outside each of `whole` (found in
    `text` in their order); each line without the spaces it ends with. Plain text (no markup).

    A separator belongs in the phrase before it (`Ann,`, `You +3 ·`), so that no line begins with it."""

    def __init__(self, text: str, whole: Sequence[str], style: str = "") -> None:
        self.pieces = pieces(text, whole)
        self.style = style

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for line in lines(self.pieces, options.max_width):
            text = Text(line, style=self.style)
            if cell_len(line) <= options.max_width:
                yield text
            else:
                for part in text.wrap(console, options.max_width):
                    part.rstrip()
                    yield part

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widest = max((cell_len(p.rstrip(" ")) for p in self.pieces), default=0)
        return Measurement(widest, cell_len("".join(self.pieces).rstrip(" "))).with_maximum(options.max_width)


def pieces(text: str, whole: Sequence[str]) -> list[str]:
    """`text` cut where a line may break: after each run of spaces, except inside one of `whole`."""
    inside: set[int] = set()
    at = 0
    for phrase in whole:
        found = text.find(phrase, at)
        if found < 0:
            continue
        inside.update(range(found + 1, found + len(phrase)))
        at = found + len(phrase)
    cuts = [i for i in range(1, len(text)) if text[i - 1] == " " and text[i] != " " and i not in inside]
    return [text[a:b] for a, b in zip([0, *cuts], [*cuts, len(text)], strict=True)]


def lines(parts: Sequence[str], width: int) -> list[str]:
    """`parts` put on lines of at most `width` cells, as many to a line as fit (a part wider than
    `width` alone on its line); each line without its trailing spaces."""
    out: list[str] = []
    line = ""
    for part in parts:
        if line and cell_len((line + part).rstrip(" ")) > width:
            out.append(line.rstrip(" "))
            line = ""
        line += part
    out.append(line.rstrip(" "))
    return out


def listing(said: str, entries: Sequence[str], sep: str = " · ", *, with_tail: bool = False) -> Phrases:
    """`said`, a sentence holding `entries` joined by `sep` (`You +3 · Computer 1 -2`, `Ann, Mary Ann`), as
    `Phrases`: each entry whole with its separator after it, the last with what sticks to it (`Bob).`),
    or with the whole rest of the sentence (`with_tail`: `Computer 7 -15; board 15.`). Where the list is
    not found as joined (a translation that spells it otherwise), the sentence wraps at its spaces."""
    joined = sep.join(entries)
    at = said.find(joined) if entries else -1
    if at < 0:
        return Phrases(said, [])
    tail = said[at + len(joined):]
    last = entries[-1] + (tail if with_tail else tail.split(" ", 1)[0])
    return Phrases(said, [*(e + sep.rstrip(" ") for e in entries[:-1]), last])
