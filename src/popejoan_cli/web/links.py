"""The secret links of `popejoan serve`, and the page a link that opens nothing shows.

`Links` holds the token in each page's address (the board's, one per player), checked in constant
time, each a seat-holder's (`seats_of`: who left and rejoined under the same name is a new holder,
with a new token; a player who leaves loses theirs); `make_links` gives fresh ones, or a table's own
as `store.links` keeps them in its folder, so that a restart gives the same links and
`serve --new-links` revokes them all. `not_found` is the one
answer to a wrong address: plain "Not found", except that a page's own address with a wrong token
gets a small page, in the table's language, saying the link is not valid and what to do. Split from
`app` for size.
"""

from __future__ import annotations

import html
import re
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response

from popejoan_cli.render.i18n import language, t
from popejoan_cli.store import links as serve_links
from popejoan_cli.table.events import PlayerJoined
from popejoan_cli.table.view import TableView
from popejoan_cli.web.words import speak


def seats_of(view: TableView) -> dict[str, int]:
    """Each seated person's seat-holder: the seq of the `PlayerJoined` that seated them (0: at the table
    since it opened). A name that left and joined again is another seat-holder. A computer holds no link: it has
    no page (its hand is shown to nobody), so `serve` prints none for it and revokes one a person held before."""
    seats = {name: 0 for name in view.players if name not in view.computers}
    for seq, event in view.effective:
        if isinstance(event, PlayerJoined) and event.player in seats:
            seats[event.player] = seq
    return seats


@dataclass
class Links:
    """The secret in each page's address: `board`'s for the board, one per player in `players`.

    `keep`, if given, is called with the links whenever a secret is added to them (a player who joined
    after the server started): `serve` keeps them in the table's folder (`store.links`)."""

    board: str
    players: dict[str, str] = field(default_factory=dict)
    keep: Callable[[Links], None] | None = field(default=None, repr=False, compare=False)
    seats: dict[str, int] = field(default_factory=dict)
    """The seat-holder each player's token belongs to (`seats_of`); a player with none here is any holder."""

    def token_for(self, name: str, seat: int | None = None) -> str:
        """`name`'s token, made now (and kept) for a player who joined after the server started, or who
        holds the seat `seat` that the token given before was not for."""
        if name not in self.players or not self.holds(name, seat):
            self.players[name] = serve_links.token()
            if seat is not None:
                self.seats[name] = seat
            if self.keep is not None:
                self.keep(self)
        return self.players[name]

    def holds(self, name: str, seat: int | None) -> bool:
        """Whether `name`'s token was given to the seat-holder `seat`."""
        return seat is None or self.seats.get(name, seat) == seat

    def revoke(self, name: str) -> None:
        """`name` has left the table: their token opens nothing any more (kept so)."""
        if self.players.pop(name, None) is not None:
            self.seats.pop(name, None)
            if self.keep is not None:
                self.keep(self)

    def player_of(self, token: str) -> str | None:
        """Whose token this is, compared in constant time so that timing tells nothing of the others."""
        found = None
        for name, mine in list(self.players.items()):
            if secrets.compare_digest(mine.encode(), token.encode()):
                found = name
        return found

    def is_board(self, token: str) -> bool:
        return secrets.compare_digest(self.board.encode(), token.encode())


def make_links(players: Sequence[str], folder: Path | None = None, *, renew: bool = False,
               seats: dict[str, int] | None = None, read_only: bool = False) -> Links:
    """The token of the board and of each player: fresh ones, or with `folder` the table's own, kept in its
    folder (`store.links`), so that a server started again gives the same links; `renew` makes them all anew
    there (`serve --new-links`), and every link given out before stops opening anything. `seats` (`seats_of`):
    a kept token given to an earlier holder of a name is not given again. `read_only`: the folder cannot be
    written, so the kept links are read and nothing is written back (a link made now lasts this run)."""
    if folder is None:
        made = serve_links.fresh(players)
        return Links(made.board, made.players, seats=dict(seats or {}))
    where = folder
    made = serve_links.kept(where, players, renew=renew, seats=seats, write=not read_only)
    if read_only:
        return Links(made.board, made.players, seats=dict(made.seats))

    def keep(links: Links) -> None:
        serve_links.save(where, serve_links.Kept(links.board, dict(links.players), dict(links.seats)))

    return Links(made.board, made.players, keep, dict(made.seats))


PAGE_ADDRESS = re.compile(r"^/[pb]/[^/]+/?$")
"""The address of a page (a player's, the board's), as a person opens it: `/p/TOKEN`, `/b/TOKEN`."""
DEAD_LINK = """<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>body{{font-family:system-ui,sans-serif;line-height:1.5;max-width:34em;margin:2em auto;padding:0 1em}}
code{{font-size:1.05em;white-space:nowrap}}</style>
</head>
<body>
<main>
<h1>{head}</h1>
<p>{why}</p>
<p>{what}</p>
</main>
</body>
</html>
"""
"""The page for a link that opens nothing: the same for every wrong token, so it tells nothing of the right ones."""


def not_found(request: Request | None = None, exc: Exception | None = None) -> Response:
    """The one answer to a wrong address, a wrong token or a wrong method: it says nothing more.

    A page's own address with a wrong token (a mistyped link, or one revoked by `serve --new-links`) is
    answered, still 404, with a small page in the table's language that says the link is not valid and
    what to do; it holds nothing of the table, and it is the same whatever the token was."""
    if request is None or request.method not in ("GET", "HEAD") or not PAGE_ADDRESS.match(request.url.path):
        return PlainTextResponse("Not found", status_code=404)
    hub = getattr(request.app.state, "hub", None)
    if hub is not None and hub.last is not None:
        speak(hub.last)
    return HTMLResponse(dead_link_page(), status_code=404)


def dead_link_page() -> str:
    """The page for a link that opens nothing, in the language spoken now."""
    def as_html(words: str) -> str:
        return re.sub(r"`([^`]+)`", r"<code>\1</code>", html.escape(words, quote=False))

    return DEAD_LINK.format(lang=html.escape(language()), title=as_html(t("Pope Joan: this link is not valid")),
                            head=as_html(t("This link is not valid, or no longer valid.")),
                            why=as_html(t("The address may be mistyped, or the server now gives new links.")),
                            what=as_html(t("Ask the banker for your link: `popejoan serve` prints them.")))
