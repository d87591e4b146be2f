"""The web server's app: each player's page on their phone, the board on a second screen.

`make_links(players, folder)` gives the secret tokens (one per player, one for the board), the
table's own as `store.links` keeps them, and `make_app(folder, links)` the Starlette app the
`serve` command runs. Routes:

- `GET /p/{token}`, `/p/{token}/state`, `/p/{token}/events`: a player's page, its `seat_json`,
  and its Server-Sent Events (one `data:` line of that JSON per change, a comment every 15 s);
  `POST /p/{token}/lead` `{"card": "AS", "seq": N}` records that player's lead through
  `tables.record` (the journal, lock and referee of `popejoan lead`); `POST /p/{token}/next`
  deals the next practice hand (practice only); `GET /p/{token}/hint` the coach's hint (practice only).
- `GET /b/{token}`, `/b/{token}/state`, `/b/{token}/events`: the board page: `board_json` only.
- `GET /p/{token}/words`, `/b/{token}/words`: the pages' own words in the table's language (`page_words`);
  the HTML is sent with its labels (`data-w`) and `<html lang>` already in that language.
- `GET /s/{name}`: the pages' own stylesheet and script. Anything else: 404, saying nothing; a page's
  address with a wrong token (`/p/x`, `/b/x`) is told, on a small page, that its link is not valid.

A token is in the path, so every response says `Referrer-Policy: no-referrer`; no response may
be cached or framed, and the pages load nothing from outside this server. Given the server's own
addresses (`hosts`: what `serve` printed, and localhost), a request for any other `Host` is refused
(421: DNS rebinding), and a POST whose `Origin` (or `Referer`) is another site's is refused (403): the
origins it accepts are its own addresses' (`https` ones under `serve --certfile`), and, behind a proxy
(`serve --public-url`), that URL's. An address that asks for pages with wrong secrets too often is refused
for a while (429, `Misses`), except for the pages it had opened before.
"""

from __future__ import annotations

import asyncio
import contextlib
import gzip
import html
import json
import math
import re
import time
from collections.abc import AsyncIterator, Callable, Collection, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import anyio
import anyio.to_thread
from starlette.applications import Starlette
from starlette.datastructures import Headers, MutableHeaders
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from popejoan_cli.base.errors import BadInput, IllegalPlay, PopejoanError
from popejoan_cli.game.cards import Card
from popejoan_cli.render.i18n import language, spoken_said, t
from popejoan_cli.render.practice_views import for_you, said_to
from popejoan_cli.render.rule_words import cited
from popejoan_cli.store import journal, tables
from popejoan_cli.table import moves
from popejoan_cli.table.events import Event
from popejoan_cli.table.fold import lead_refusal
from popejoan_cli.table.pace import SPEEDS
from popejoan_cli.table.undo import last_undone
from popejoan_cli.table.view import TableView
from popejoan_cli.web.hub import Hub, Screen, Stream, trouble
from popejoan_cli.web.links import Links, not_found, seats_of
from popejoan_cli.web.practice import Practice
from popejoan_cli.web.seated import Seated
from popejoan_cli.web.wire import MAX_HEAD
from popejoan_cli.web.words import board_json, lead_lines, page_words, seat_json, speak, text

STATIC = Path(__file__).parent / "static"
ASSETS = {"style.css": "text/css; charset=utf-8", "live.css": "text/css; charset=utf-8",
          "page.js": "text/javascript; charset=utf-8", "coach.js": "text/javascript; charset=utf-8",
          "review.js": "text/javascript; charset=utf-8"}
STYLESHEET = re.compile(r'<link rel="stylesheet" href="/s/([\w.]+)">')
"""A page's stylesheet, put into the page itself as it is served (`inline_styles`)."""
COMMENT = re.compile(r"/\*.*?\*/\n?", re.S)
"""A stylesheet's comment, left out of the page it is written into (`inline_styles`)."""
WORDED = re.compile(r'(<(\w+)[^>]*\sdata-w="([^"]+)"[^>]*>)([^<]*)(</\2>)')
"""An element of a page whose text is one of the pages' words: `<h2 data-w="Standings">Standings</h2>`."""
MAX_BODY = 1024
"""The most a request's body may hold: a lead is a card and a number."""
HEARTBEAT = 2.0
"""Seconds between `ping` events on a quiet stream: proxies and phones keep it open, and a page that hears
nothing for twice as long knows its connection is gone and says so (a comment would not reach its script)."""
SECURITY_HEADERS = {
    "Content-Security-Policy": ("default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
                                "frame-ancestors 'none'; base-uri 'none'; form-action 'none'"),
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
    "X-Frame-Options": "DENY",
}


WRONG_SECRETS = 20
"""Wrong secrets one address may ask for in a minute before it is refused (429): a bucket of that many,
refilled at that rate, so that a guesser gets one more guess every three seconds and no more."""
ADDRESSES = 4096
"""Addresses `Misses` remembers at most: the oldest is forgotten first (a forgotten one starts afresh)."""
KNOWN = 32
"""Secrets remembered per address as ones it opened: a household behind one address, and then some."""
LOOPBACK = frozenset({"127.0.0.1", "::1"})
"""The peers whose `X-Forwarded-For` is believed behind a proxy (`serve --public-url`): one on this computer."""
SECRET_PATH = re.compile(r"^/[pb]/([^/]+)")
"""A path that carries a page's secret: the page, its state, its stream, its words and its leads."""


@dataclass
class Bucket:
    """One address's allowance of wrong secrets (`left`, as of `at`), and the secrets it has opened."""

    left: float
    at: float
    known: set[str] = field(default_factory=set)


class Misses:
    """Wrong secrets asked for, per client address: a token bucket of `most`, refilled at `most` a `per`
    seconds. An address whose bucket is empty is refused (429, `Retry-After`), except for a secret it
    opened before it was: the players whose pages were open there go on, and a guesser at the same
    address learns nothing new. `clock` is for the tests: they move time instead of waiting for it."""

    def __init__(self, most: int = WRONG_SECRETS, per: float = 60.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.most, self.rate, self.clock = most, most / per, clock
        self.buckets: dict[str, Bucket] = {}

    def bucket(self, address: str) -> Bucket:
        """`address`'s bucket, refilled to now (a new one full: an address that never missed is forgotten first)."""
        now = self.clock()
        found = self.buckets.get(address)
        if found is None:
            while len(self.buckets) >= ADDRESSES:
                self.buckets.pop(next(iter(self.buckets)))
            found = self.buckets[address] = Bucket(float(self.most), now)
        found.left, found.at = min(float(self.most), found.left + (now - found.at) * self.rate), now
        return found

    def wait(self, address: str, secret: str) -> int:
        """Seconds `address` must wait before it may ask for `secret` (0: now)."""
        bucket = self.bucket(address)
        if bucket.left >= 1 or secret in bucket.known:
            return 0
        return max(1, math.ceil((1 - bucket.left) / self.rate))

    def answered(self, address: str, secret: str, status: int) -> None:
        """Count a wrong secret (404), or remember one that opened a page or its parts."""
        bucket = self.bucket(address)
        if status == 404:
            bucket.left = max(0.0, bucket.left - 1)
        elif status < 300 and len(bucket.known) < KNOWN:
            bucket.known.add(secret)


class Guard:
    """Every response carries the security headers (a pure ASGI wrapper: streams pass through untouched);
    with `hosts`, only requests for those addresses are answered, and a POST only from one of `origins`
    (by default `http://` and each of `hosts`); with `misses`, an address that asks for too many wrong
    secrets is refused for a while. `forwarded`: the server is behind a proxy on this computer, so the
    client's address is the last one its `X-Forwarded-For` names (believed from the loopback only)."""

    def __init__(self, app: ASGIApp, hosts: Collection[str] | None = None, origins: Collection[str] | None = None,
                 misses: Misses | None = None, forwarded: bool = False) -> None:
        self.app = app
        self.hosts = None if hosts is None else {host.lower() for host in hosts}
        self.origins = {f"http://{host}" for host in self.hosts or ()} if origins is None else \
            {origin.lower() for origin in origins}
        self.misses, self.forwarded = misses, forwarded

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        refused = self.refused(scope)
        secret = self.secret(scope) if refused is None else None
        address = self.client(scope)
        if secret is not None:
            refused = self.limited(address, secret)
        app: ASGIApp = self.app if refused is None else refused
        counted = secret if refused is None else None

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for key, value in SECURITY_HEADERS.items():
                    headers[key] = value
                if counted is not None and self.misses is not None:
                    self.misses.answered(address, counted, message["status"])
            await send(message)

        await app(scope, receive, sending)

    def secret(self, scope: Scope) -> str | None:
        """The secret in the request's path, when wrong ones are counted (`misses`)."""
        found = SECRET_PATH.match(scope.get("path", "")) if self.misses is not None else None
        return found[1] if found else None

    def client(self, scope: Scope) -> str:
        """The client's address: its peer's, or behind a proxy here the last `X-Forwarded-For` names (the
        proxy's own addition: what comes before it the client wrote, and any client can)."""
        peer = (scope.get("client") or ("", 0))[0]
        if self.forwarded and peer in LOOPBACK:
            said = Headers(scope=scope).get("x-forwarded-for", "").split(",")[-1].strip()
            return said or peer
        return str(peer)

    def limited(self, address: str, secret: str) -> Response | None:
        """429 with `Retry-After` for an address that has asked for too many wrong secrets (`Misses.wait`)."""
        assert self.misses is not None
        wait = self.misses.wait(address, secret)
        if not wait:
            return None
        return PlainTextResponse(t("too many wrong links from your address: try again in {n} s", n=wait),
                                 status_code=429, headers={"Retry-After": str(wait)})

    def refused(self, scope: Scope) -> Response | None:
        """The refusal of a head over `MAX_HEAD` bytes (431), of a request for another host (a DNS rebinding
        page), or of a POST sent from another site's page; None to answer it. A client that names no
        origin at all (curl, a script) is no browser, and no other site can make it send anything."""
        if head_size(scope) > MAX_HEAD:
            return PlainTextResponse(t("a request's head may hold at most {n} bytes", n=MAX_HEAD), status_code=431)
        if self.hosts is None:
            return None
        headers = Headers(scope=scope)
        host = headers.get("host", "").lower()
        if host not in self.hosts:
            return PlainTextResponse(t("this server answers only at the address it printed"), status_code=421)
        if scope["method"] in ("GET", "HEAD", "OPTIONS"):
            return None
        origin = headers.get("origin")
        referer = headers.get("referer")
        if origin is None and referer:
            parts = urlsplit(referer)
            origin = f"{parts.scheme}://{parts.netloc}"
        if (origin is not None and origin.lower() not in self.origins) or \
                headers.get("sec-fetch-site", "same-origin") not in ("same-origin", "none"):
            return Refused(403, t("a request from another site's page is refused")).response()
        return None


def head_size(scope: Scope) -> int:
    """The bytes of a request's head as it came (its line, each header and the blank line): h11 limits only
    a head still arriving (`wire.config`), so a whole one that came in one read is measured here."""
    query = scope.get("query_string", b"")
    line = len(scope["method"]) + len(scope.get("raw_path", b"")) + (len(query) + 1 if query else 0) + 12
    return line + sum(len(name) + len(value) + 4 for name, value in scope["headers"]) + 2


class Refused(Exception):
    """A request refused with a status and a JSON body."""

    def __init__(self, status: int, error: str, rule: str = "", why: str = "") -> None:
        super().__init__(error)
        self.status, self.error, self.rule, self.why = status, error, rule, why

    def response(self) -> JSONResponse:
        """The body: `error` and `rule` (public), and `why` only on the refused player's own page."""
        body = {"error": self.error, "rule": self.rule}
        if self.why:
            body["why"] = self.why
        return JSONResponse(body, status_code=self.status)


async def json_body(request: Request) -> dict[str, Any]:
    """The request's JSON object, refused if it is not JSON (415), too big (413) or not an object (400)."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise Refused(415, t("send JSON (Content-Type: application/json)"))
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
        raise Refused(413, t("a request may hold at most {n} bytes", n=MAX_BODY))
    body = b""
    try:
        async for chunk in request.stream():
            body += chunk
            if len(body) > MAX_BODY:
                raise Refused(413, t("a request may hold at most {n} bytes", n=MAX_BODY))
    except ClientDisconnect:  # the phone went away mid-request (or was too slow: `wire.BODY_TIMEOUT`)
        raise Refused(400, t("the request was cut short")) from None  # nobody is left to read it: unsent
    try:
        data = json.loads(body or b"{}")
    except (ValueError, RecursionError):  # RecursionError: `[[[[...` nested deeper than the parser goes
        raise Refused(400, t("the request is not valid JSON")) from None
    if not isinstance(data, dict):
        raise Refused(400, t("send a JSON object, such as {example}", example='{"card": "AS", "seq": 12}'))
    return data


def refusal(err: PopejoanError, reader: str | None = None) -> Refused:
    """A refusal in the command line's words: the message, and the rule (or the hint) beneath it.
    The referee's public words never say where a card the table has not seen lies (`game.ruling`);
    its private reason goes only to the page of the player it is for (`reader`). On that player's own page the
    referee's refusal of their play is told to them: in the second person, and its rule in words, not a key's
    syntax (`IllegalPlay.words`); the decision and its record are the same."""
    status = 400 if isinstance(err, BadInput) else 409
    if not isinstance(err, IllegalPlay):
        return Refused(status, spoken_said(err.message), spoken_said(err.hint))
    why = ""
    if err.private is not None and reader is not None and err.player == reader:
        why = spoken_said(err.private)
    params = getattr(err.message, "params", {})
    if reader is not None and reader in (err.player, params.get("player")):
        return Refused(status, said_to(err.message, reader), spoken_said(err.words), why)
    return Refused(status, spoken_said(err.message), spoken_said(cited(err.rule)), why)


def current(view: TableView, seq: int) -> None:
    """Refused unless the table still stands at `seq`, the one the page was drawn at: a page's own check, not a
    rule of the game (a double tap leads once)."""
    if view.last_seq != seq:
        raise Refused(409, t("the table has moved on since your page was drawn: look again"),
                      t("each lead answers the table as it stands"))


def leading(player: str, seq: int, card: Card) -> Callable[[TableView], list[Event]]:
    """The events of `player`'s lead of `card`, if the table still stands at `seq`. Whose lead it is, and whether
    that card may be led, the fold asks the referee, as for `popejoan lead`: its refusal, in its words, is the
    page's (a real deck's hand, or no hand, is refused by the fold as at the command line too)."""
    def make(view: TableView) -> list[Event]:
        current(view, seq)
        return [moves.lead_by(view, player, card, page=True)]  # `undo` asks before taking back a page's lead
    return make


def checked(view: TableView, player: str, seq: int, card: Card) -> Response:
    """What the referee says to `player` of leading `card` now, without recording anything: the answer
    to a tap on a card their page did not offer (409 with the public words, and the private `why` for them
    alone), the very refusal recording the lead would give (`fold.lead_refusal`)."""
    current(view, seq)
    refused = lead_refusal(view, player, card)
    if refused is None:
        return JSONResponse({"ok": True, "allowed": True})
    return refusal(refused, player).response()


def inline_styles(page: str) -> str:
    """`page` with each of its stylesheets written into it (`<style>`), so that nothing holds back its first paint
    (Lighthouse's render-blocking resources: a phone on a slow Wi-Fi waited for two more requests before drawing
    anything). Their comments are left out: they are for whoever reads the files, which stay as they are, and
    are served too, for a page opened from disk."""
    def style(m: re.Match[str]) -> str:
        return "<style>\n" + COMMENT.sub("", (STATIC / m[1]).read_text(encoding="utf-8")) + "</style>"

    return STYLESHEET.sub(style, page)


class Served:
    """The routes of one table's pages, over its `Hub`."""

    def __init__(self, folder: Path, links: Links, poll: float, practice: Practice | None,
                 read_only: bool = False) -> None:
        self.folder, self.links, self.practice = folder, links, practice
        self.read_only = read_only
        """The table's folder cannot be written (`serve` on read-only media): the pages show it, a lead is refused."""
        self.pages = {name: inline_styles((STATIC / name).read_text(encoding="utf-8"))
                      for name in ("player.html", "board.html")}
        self.bodies: dict[tuple[str, str], bytes] = {}
        self.packed: dict[tuple[str, str], bytes] = {}
        """Each page and the pages' words in each language, and each script and style: made once (`bodies`) and
        compressed once (`sent`), for a phone on a slow Wi-Fi (page.js is most of a page's bytes); never the
        stream."""
        self.hub = Hub(folder, self.screen_json, poll)
        self.loop: asyncio.AbstractEventLoop | None = None
        self.seated = Seated(self.hub, self.record, *([] if practice is None else [practice.pace]))
        """The table's computers (`table new --computers`, or a practice's): each leads at the table's pace
        (`web.seated`)."""
        self._seats: tuple[TableView | None, dict[str, int]] = (None, {})
        self._undone: tuple[int, list[str]] = (0, [])
        self._reviews: dict[tuple[int, int, int, str | None, str], dict[str, Any]] = {}
        """Each review made, by hand, its place in the journal, screen and language: a closed hand's review never
        changes, and an undone hand's place changes with it."""

    def end_streams(self) -> None:
        """End every open event stream, from any thread: call it as the server begins to stop, since a
        server waits for its open responses, and an event stream never ends by itself."""
        if self.loop is not None and self.loop.is_running():
            self.loop.call_soon_threadsafe(self.hub.end_streams)
        else:
            self.hub.end_streams()

    def screen_json(self, view: TableView, screen: Screen) -> dict[str, Any]:
        speak(view)  # the table's language, for the narration and the labels alike
        undone = self.undone(view)
        if screen is None:
            return board_json(view, undone)
        practice = self.practice
        mine = practice is not None and screen == practice.you
        extra = {"practice": {**practice.about(view), "speed": view.pace}} if practice is not None and mine else None
        return seat_json(view, screen, extra, undone)

    def undone(self, view: TableView) -> list[str]:
        """What the journal's last undo took back, when it ends in one (`undo.last_undone`: read from the journal,
        once for each state of the table, since the view after an undo no longer holds it)."""
        if not view.effective or view.effective[-1][0] >= view.last_seq:
            return []
        if self._undone[0] != view.last_seq:
            try:
                loaded = journal.load(self.folder)
                said = last_undone(loaded.events, loaded.write_of)
            except PopejoanError:  # damaged since the view was read: the pages say only that there was an undo
                said = []
            self._undone = (view.last_seq, said)
        return self._undone[1]

    async def record(self, make: Callable[[TableView], Sequence[Event]]) -> tables.Recorded:
        """`tables.record` off the event loop (it may wait for the table's lock), then the news to every page."""
        done = await anyio.to_thread.run_sync(lambda: tables.record(make, where=self.folder))
        await self.hub.refresh()
        return done

    async def screen(self, request: Request, board: bool) -> tuple[Screen, TableView]:
        """Whose screen the token opens (None: the board) and the table now; 404 for any other token."""
        token = request.path_params["token"]
        # The token first: a wrong one is the same 404 whatever state the journal is in.
        player = None if board else self.links.player_of(token)
        if not (self.links.is_board(token) if board else player is not None):
            raise HTTPException(404)
        try:
            view = await self.hub.view()
        except PopejoanError:  # damaged before the server ever read it: nothing good to show
            raise HTTPException(503) from None
        speak(view)  # whatever this request says (a refusal, the page) is said in the table's language
        if player is not None and (player not in view.players or player in view.computers
                                   or not self.links.holds(player, self.seat(view, player))):
            raise HTTPException(404)  # a player who left, a token of whoever held the name before, or a computer's
        return player, view

    def seat(self, view: TableView, player: str) -> int:
        """`player`'s seat-holder (`seats_of`), worked out once per view read."""
        if self._seats[0] is not view:
            self._seats = (view, seats_of(view))
        return self._seats[1][player]

    def page(self, name: str, view: TableView, request: Request) -> Response:
        """The page with its labels in the table's language and `<html lang>` saying which (English: as written),
        gzip-compressed where the browser asks (each page and language compressed once)."""
        lang = speak(view)

        def made() -> bytes:
            page = self.pages[name]
            if lang == "en":
                return page.encode("utf-8")
            words = page_words(lang)["words"]

            def worded(m: re.Match[str]) -> str:
                return m[1] + html.escape(words.get(m[3], m[4]), quote=False) + m[5]

            return WORDED.sub(worded, page).replace('<html lang="en">', f'<html lang="{lang}">', 1).encode("utf-8")

        return self.sent(request, (name, lang), "text/html; charset=utf-8", made)

    def sent(self, request: Request, key: tuple[str, str], media: str, made: Callable[[], bytes]) -> Response:
        """The body `made` makes (once per `key`) as `media`, gzip-compressed (once) where the request accepts it."""
        body = self.bodies.get(key)
        if body is None:
            body = self.bodies[key] = made()
        if "gzip" not in request.headers.get("accept-encoding", "").lower():
            return Response(body, media_type=media, headers={"Vary": "Accept-Encoding"})
        packed = self.packed.get(key)
        if packed is None:
            packed = self.packed[key] = gzip.compress(body, 9, mtime=0)
        return Response(packed, media_type=media, headers={"Content-Encoding": "gzip", "Vary": "Accept-Encoding"})

    async def player_page(self, request: Request) -> Response:
        _, view = await self.screen(request, False)
        return self.page("player.html", view, request)

    async def board_page(self, request: Request) -> Response:
        _, view = await self.screen(request, True)
        return self.page("board.html", view, request)

    async def words(self, request: Request) -> Response:
        """The pages' own words (`page_words`) in the table's language, for page.js: compressed once per language
        where the browser asks (6 KB, read at every page's start)."""
        _, view = await self.screen(request, request.url.path.startswith("/b/"))
        lang = speak(view)
        return self.sent(request, ("words", lang), "application/json",
                         lambda: bytes(JSONResponse(page_words(lang)).body))

    async def state(self, request: Request) -> Response:
        who, view = await self.screen(request, request.url.path.startswith("/b/"))
        return Response(self.hub.text(view, who), media_type="application/json")

    async def events(self, request: Request) -> Response:
        who, view = await self.screen(request, request.url.path.startswith("/b/"))
        return StreamingResponse(self.sse(Stream(who), self.hub.text(view, who)), media_type="text/event-stream",
                                 headers={"X-Accel-Buffering": "no"})

    async def sse(self, stream: Stream, first: str) -> AsyncIterator[str]:
        """The screen's state now, then each new one as the journal changes; a `ping` event when all is quiet."""
        self.hub.streams.add(stream)
        try:
            yield f"retry: 1000\ndata: {first}\n\n"
            while not self.hub.closing:
                sent = None
                with anyio.move_on_after(HEARTBEAT):
                    sent = await stream.waiting.get()
                if sent == Stream.END:
                    return
                if sent == Stream.GONE:  # this page's player has left the table: the page says so and stops
                    gone = t("You have left the table: this link no longer opens a page.")
                    yield f"event: gone\ndata: {json.dumps({'gone': gone}, ensure_ascii=False)}\n\n"
                    return
                yield f"data: {sent}\n\n" if sent is not None else "event: ping\ndata: {}\n\n"
        finally:
            self.hub.streams.discard(stream)

    async def lead(self, request: Request) -> Response:
        player, view = await self.screen(request, False)
        assert player is not None
        if self.read_only:  # before the body is read: whatever was sent, nothing can be recorded
            return Refused(409, t("this table is served read-only: its folder cannot be written, so no lead "
                                  "can be recorded")).response()
        try:
            data = await json_body(request)
            card, seq = data.get("card"), data.get("seq")
            if not isinstance(card, str) or type(seq) is not int:
                raise Refused(400, t("send the card and the table's seq, such as {example}",
                                    example='{"card": "AS", "seq": 12}'))
            if data.get("check") is True:  # a tap on a card not offered: the referee's why, nothing recorded
                return checked(view, player, seq, Card.parse(card))
            done = await self.record(leading(player, seq, Card.parse(card)))
        except Refused as err:
            return err.response()
        except PopejoanError as err:
            return refusal(err, player).response()  # this page is the player's own: it may hear why
        led = done.view.hands[-1]
        said = for_you(lead_lines(led, done.written[0][0]), player)  # "You lead", in practice
        return JSONResponse({"ok": True, "said": text(said)})

    async def next_hand(self, request: Request) -> Response:
        player, _ = await self.screen(request, False)
        if self.practice is None or player != self.practice.you:
            return not_found()
        try:
            await json_body(request)
            done = await self.record(self.practice.next_deal)
        except Refused as err:
            return err.response()
        except PopejoanError as err:
            return refusal(err).response()
        return JSONResponse({"ok": True, "hand": len(done.view.hands)})

    async def pace(self, request: Request) -> Response:
        """The computers' pace, from the board's page or a person's (at practice, yours alone): the table's pace,
        kept in its journal, and in "step" the tap that lets a computer lead (`seated_pace`)."""
        board = request.url.path.startswith("/b/")
        player, view = await self.screen(request, board)
        if self.practice is not None and player != self.practice.you:
            return not_found()  # at practice only you choose the pace (the computers have no pages to tap)
        return await self.seated_pace(request, view)

    async def seated_pace(self, request: Request, view: TableView) -> Response:
        """A table with computers: `{"speed": ...}` records the table's pace (`PaceChosen`, kept in its journal);
        `{"step": true, "seq": N}`, the board's tap, lets the computer whose lead it is at `seq` lead (in "step")."""
        if not view.computers:
            return not_found()
        try:
            data = await json_body(request)
            speed = data.get("speed", view.pace)
            if speed not in (*SPEEDS, "step"):
                raise Refused(400, t("the speed is one of {speeds}", speeds=", ".join((*SPEEDS, "step"))))
            if data.get("step") is True:
                seq = data.get("seq")
                if type(seq) is not int:
                    raise Refused(400, t("send the table's seq with the tap, such as {example}",
                                         example='{"step": true, "seq": 12}'))
                self.seated.step(seq)
            elif self.read_only:
                raise Refused(409, t("this table is served read-only: its folder cannot be written, so no lead "
                                     "can be recorded"))
            else:
                speed = await self.seated.chosen(speed)
        except Refused as err:
            return err.response()
        except PopejoanError as err:
            return refusal(err).response()
        return JSONResponse({"ok": True, "speed": speed})

    async def hint(self, request: Request) -> Response:
        """Practice: the hint button's label; with `?ask`, the coach's words on your lead (`Practice.hint`)."""
        player, view = await self.screen(request, False)
        practice = self.practice
        if practice is None or player != practice.you:
            return not_found()
        values = await anyio.to_thread.run_sync(practice.advice, view) if "ask" in request.query_params else None
        speak(view)
        return JSONResponse(practice.hint(view, values))

    async def review(self, request: Request) -> Response:
        """The review of the last hand that is over (`table.review`): on a person's page their own leads, line by
        line (at practice: yours), on the board every person's sums and lessons; 404 before any hand is over, or at
        a real deck's. A search of some hundreds of ms: run off the loop, once for each hand and screen."""
        board = request.url.path.startswith("/b/")
        player, view = await self.screen(request, board)
        closed = [rec for rec in view.hands if rec.closed and not rec.kind.real]
        if not closed:
            return not_found()
        rec = closed[-1]
        key = (rec.number, rec.seq, rec.end_seq, player, language())
        if key not in self._reviews:
            self._reviews[key] = await anyio.to_thread.run_sync(self.reviewed, view, rec.number, player)
        return JSONResponse(self._reviews[key])

    def reviewed(self, view: TableView, number: int, player: str | None) -> dict[str, Any]:
        from popejoan_cli.render.review_views import review_page  # the coach's search: only when a review is asked
        from popejoan_cli.table.review import review  # and the fold played again

        speak(view)
        return review_page(number, review(view, number, None if player is None else [player]), view.the_rules(),
                           rows=player is not None)

    async def asset(self, request: Request) -> Response:
        name = request.path_params["name"]
        if name not in ASSETS:
            return not_found()
        return self.sent(request, ("asset", name), ASSETS[name], (STATIC / name).read_bytes)

    @contextlib.asynccontextmanager
    async def lifespan(self, app: Starlette) -> AsyncIterator[None]:
        """One task watches the journal and one plays the table's computers while the server runs."""
        self.loop = asyncio.get_running_loop()
        self.hub.bind()  # this run's loop: an app served twice (tests, a restart in-process) waits on its own
        await self.hub.refresh()
        async with anyio.create_task_group() as tasks:
            tasks.start_soon(self.hub.watch)
            if not self.read_only:  # the table's computers (a practice's all but you), if it has or comes to have any
                tasks.start_soon(self.seated.play)
            yield
            tasks.cancel_scope.cancel()

    def routes(self) -> list[Route]:
        return [
            Route("/p/{token}", self.player_page), Route("/p/{token}/state", self.state),
            Route("/p/{token}/events", self.events), Route("/p/{token}/lead", self.lead, methods=["POST"]),
            Route("/p/{token}/next", self.next_hand, methods=["POST"]),
            Route("/p/{token}/pace", self.pace, methods=["POST"]), Route("/p/{token}/hint", self.hint),
            Route("/p/{token}/review", self.review), Route("/b/{token}/review", self.review),
            Route("/b/{token}", self.board_page), Route("/b/{token}/state", self.state),
            Route("/b/{token}/events", self.events), Route("/b/{token}/pace", self.pace, methods=["POST"]),
            Route("/s/{name}", self.asset),
            Route("/p/{token}/words", self.words), Route("/b/{token}/words", self.words),
        ]


def unreadable(request: Request, exc: Exception) -> Response:
    """The answer while the journal cannot be read and no good state was ever read: say so, no more."""
    return Refused(503, trouble()).response()


def make_app(folder: Path, links: Links, *, poll: float = 0.05, practice: Practice | None = None,
             hosts: Collection[str] | None = None, read_only: bool = False, origins: Collection[str] | None = None,
             misses: Misses | None = None, forwarded: bool = False) -> Starlette:
    """The app serving the table at `folder` to the holders of `links`; with `practice`, the computers play too.
    `hosts`: the server's own addresses as `host:port` (`Host` headers): requests for any other are refused;
    `origins`: the pages' origins a POST may come from (by default `http://` and each of `hosts`).
    `misses`: wrong secrets are counted per address, and too many refused (429); `forwarded`: behind a proxy
    on this computer, whose `X-Forwarded-For` names the client (`Guard`).
    `read_only`: the folder cannot be written; the pages show the table and every lead is refused, saying why."""
    served = Served(folder, links, poll, practice, read_only)
    guard = Middleware(Guard, hosts=hosts, origins=origins, misses=misses, forwarded=forwarded)
    app = Starlette(routes=served.routes(), middleware=[guard], lifespan=served.lifespan,
                    exception_handlers={404: not_found, 405: not_found, 503: unreadable})
    app.state.end_streams = served.end_streams  # for `serve` to call on Ctrl-C, before the server waits
    app.state.hub = served.hub  # for `serve` to see players who join, from the pages' own reading
    return app
