"""`popejoan serve`: each player's own hand on their phone, the board on a second screen.

This module owns starting and stopping the web server: the lock that keeps a table to one
server (`serve.lock` in the table folder), the address it listens on, the links and QR codes
it prints (and prints for a player who joins later), which are the table's own and the same at
every start (kept by `store.links`; `--new-links` revokes them), the throwaway table of
`--practice`, and a clean stop on Ctrl-C. Players far away (docs/serve.md): behind a reverse proxy or
a tunnel, `--public-url` is the address the links carry and the server answers to (`Public`), and
`--certfile`/`--keyfile` make it speak HTTPS itself (`tls_files`). The pages themselves, their live
updates and the leads taken from a phone are the web layer's (`popejoan_cli.web`).

Starlette, uvicorn and segno (the `web` extra) are imported inside the command, for start-up:
no other command may pay for them, and without the extra only `serve` fails, with one line.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from popejoan_cli.base.errors import PopejoanError, Said, TableBusy, UsageError, allowed
from popejoan_cli.cli import command, common, root

if TYPE_CHECKING:
    from popejoan_cli.store.disk import NoLock
    from popejoan_cli.table.view import TableView
    from popejoan_cli.web.hub import Hub
    from popejoan_cli.web.links import Links

LOCK = "serve.lock"
"""The file in the table folder a running server holds locked: one server per table."""
UNWRITABLE = (errno.EROFS, errno.EACCES, errno.EPERM)
"""Why `serve.lock` could not be made that means the folder cannot be written: then `serve` shows the table
read-only (any other reason is exit 6)."""
MISSING_EXTRA = 'popejoan serve needs the web extra: pip install "popejoan[web]"\n'
"""The line for a missing extra, in English (the command says it in its language)."""
EXTRA = ("starlette", "uvicorn", "segno", "anyio", "h11")
"""The web extra's libraries (and what they bring): an ImportError naming one means the extra is missing."""
JOIN_POLL = 0.5
"""Seconds between looks at the journal for players who joined after the server started."""
PRACTICE_RULES = "modern-stops"
TLS_CAP = 1 << 20
"""The most a certificate or key file may hold: a PEM chain is a few KiB."""
EXAMPLE_URL = "https://table.example.org"
"""The form `--public-url` is given in, offered when one gives no host to build a nearer one from."""


@command(root, "serve")
def serve(
    lan: Annotated[bool, typer.Option("--lan", help="Listen on every network interface, so that phones on "
                                                    "the same network can connect (default: this computer only).")]
    = False,
    port: Annotated[int, typer.Option("--port", "-p", min=0, max=65535,
                                      help="The port to listen on (0: any free port, printed).")] = 8000,
    as_json: Annotated[bool, typer.Option("--json", help="Print the links as one JSON line instead of QR codes.")]
    = False,
    practice: Annotated[bool, typer.Option("--practice", help="You against the computers on a throwaway table, "
                                                              "played in the browser.")] = False,
    computers: Annotated[int, typer.Option("--computers", "-c", min=2, max=7,
                                           help="With --practice: how many computers (2-7).")] = 3,
    seed: Annotated[int | None, typer.Option("--seed", "-s", min=0, help="With --practice: session seed S, which "
                                                                          "deals every hand (default: random).")]
    = None,
    rules_spec: Annotated[str, typer.Option("--rules", "-r", help="With --practice: a preset name or house-rule "
                                                                  "file.")] = PRACTICE_RULES,
    level: Annotated[str, typer.Option("--level", "-l", help="With --practice: simple, good or strong.")] = "good",
    new_links: Annotated[bool, typer.Option("--new-links", help="Revoke every link given out before: new secret "
                                                                "links for the board and each player.")] = False,
    public_url: Annotated[str | None, typer.Option("--public-url", metavar="URL", help=(
        "The address players open, behind a reverse proxy or a tunnel (such as https://table.example.org): "
        "the links carry it, and the server answers to it."))] = None,
    certfile: Annotated[str | None, typer.Option("--certfile", metavar="FILE", help=(
        "Speak HTTPS with this certificate (a PEM file; with --keyfile)."))] = None,
    keyfile: Annotated[str | None, typer.Option("--keyfile", metavar="FILE", help=(
        "The certificate's private key (a PEM file; with --certfile)."))] = None,
) -> None:
    """Serve the table to phones: each player's private hand on their own page, the board on another screen."""
    if not practice and (computers != 3 or seed is not None or rules_spec != PRACTICE_RULES or level != "good"):
        raise UsageError(Said("--computers, --seed, --rules and --level go with --practice"))
    reach = Reach(public_address(public_url) if public_url is not None else None, tls_files(certfile, keyfile))
    try:
        # The web extra, here only: start-up (and a missing extra fails this command alone).
        import segno  # noqa: F401
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401

        from popejoan_cli.web import app as web  # noqa: F401
    except ImportError as err:
        if (err.name or "").split(".")[0] not in EXTRA:
            raise
        from popejoan_cli.render.i18n import t

        sys.stderr.write(t('popejoan serve needs the web extra: pip install "popejoan[web]"\n'))
        raise typer.Exit(2) from None
    with contextlib.ExitStack() as stack:
        seats = None
        if practice:
            folder, names, extra = _practice_table(stack, computers, seed, rules_spec, level)
        else:
            from popejoan_cli.web.links import seats_of

            folder, extra = common.where(), {}
            view = common.view()  # the table must exist (and load) before anything is locked
            seats = seats_of(view)  # the people's seats: a computer has no page, so no link (`web.links`)
            names = [name for name in view.players if name in seats]
        if not stack.enter_context(_served(folder)):
            extra["read_only"] = True
        sock = _bind("0.0.0.0" if lan else "127.0.0.1", port)
        stack.callback(sock.close)
        _run(folder, names, sock, lan=lan, as_json=as_json, practice=practice, extra=extra, new_links=new_links,
             seats=seats, reach=reach)


@dataclass(frozen=True)
class Public:
    """The address players open behind a reverse proxy or a tunnel (`--public-url`): its `url` (no slash at the
    end: the links follow it), the `Host` headers a request for it carries, and the `Origin` of its pages."""

    url: str
    hosts: tuple[str, ...]
    origin: str


@dataclass(frozen=True)
class Reach:
    """How players reach the server: through `public` (a proxy), and whether it speaks HTTPS itself (`tls`:
    the certificate's and the key's paths)."""

    public: Public | None = None
    tls: tuple[str, str] | None = None


def public_address(text: str) -> Public:
    """`--public-url` as the server uses it, or a usage error saying what is wrong and the nearest valid form.
    A path is refused: the pages ask for their scripts at the host's root (`/s/page.js`), so a proxy must give
    popejoan a host (or a port) of its own."""
    from urllib.parse import urlsplit

    parts = urlsplit(text.strip())
    scheme = parts.scheme.lower()
    try:
        port = parts.port
    except ValueError:
        port = -1
    host = (parts.hostname or "").lower()
    shown = f"[{host}]" if ":" in host else host
    netloc = shown if port in (None, -1, {"http": 80, "https": 443}.get(scheme)) else f"{shown}:{port}"
    fixed = f"{scheme if scheme in ('http', 'https') else 'https'}://{netloc}" if host else EXAMPLE_URL
    wrong = _url_wrong(parts, scheme, host, port)
    if wrong is not None:
        raise UsageError(Said("--public-url {url!r} {wrong}: give it as {fixed!r}", url=text, wrong=wrong,
                              fixed=fixed))
    default = 443 if scheme == "https" else 80
    return Public(fixed, (netloc, f"{shown}:{port or default}"), fixed)


def _url_wrong(parts: Any, scheme: str, host: str, port: int | None) -> str | None:
    """What keeps `parts` (a `urlsplit`) from being a `--public-url`, or None."""
    if scheme not in ("http", "https"):
        return Said("is not an http or https address")
    if not host:
        return Said("names no host")
    if port == -1:
        return Said("has a port that is not a number from 1 to 65535")
    if parts.username is not None or parts.password is not None:
        return Said("holds a user name or password")
    if parts.query or parts.fragment or "?" in parts.geturl() or "#" in parts.geturl():
        return Said("has a query or a fragment")
    if parts.path not in ("", "/"):
        return Said("has a path (the pages are served at the root of a host only)")
    return None


def tls_files(certfile: str | None, keyfile: str | None) -> tuple[str, str] | None:
    """`--certfile` and `--keyfile` (both or neither) as absolute paths, once they are known to load: a file
    that cannot be read is exit 6, one that holds no certificate and its key exit 5, each one line."""
    if certfile is None and keyfile is None:
        return None
    if certfile is None or keyfile is None:
        raise UsageError(Said("--certfile and --keyfile go together: give both, as {example}",
                              example="--certfile cert.pem --keyfile key.pem"))
    from popejoan_cli.base.errors import DataError, Problem, StorageError
    from popejoan_cli.formats.userfiles import label, read_user_file  # only with TLS

    for path, what in ((certfile, Said("certificate file")), (keyfile, Said("key file"))):
        try:
            read_user_file(path, what, TLS_CAP, usage=True)  # a FIFO or a huge file refused before ssl opens it
        except UsageError as err:  # no such file, a folder: the file the option names cannot be read
            raise StorageError(err.message) from None
    import ssl

    try:
        ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER).load_cert_chain(certfile, keyfile)
    except (ssl.SSLError, OSError) as err:
        reason = str(getattr(err, "reason", None) or err.strerror or err)
        raise DataError([Problem(Said("not a certificate and its key in PEM that TLS can use ({reason})",
                                      reason=reason), file=f"{label(certfile)}, {label(keyfile)}")]) from None
    return os.path.abspath(certfile), os.path.abspath(keyfile)


@contextlib.contextmanager
def _served(folder: Path) -> Iterator[bool]:
    """Hold `serve.lock` in `folder` for the server's lifetime (True); exit 4 if another server holds it.

    The same lock as the journal's (`filelock` on a descriptor: flock, or LockFileEx on Windows),
    on a file of its own: a server must not keep the command line from writing the journal. Where the
    folder cannot be written (read-only media, no permission) there is no lock to take and nothing to
    guard: the table is served read-only (False), which one line on stderr says.
    """
    from popejoan_cli.store import disk  # only a server locks: start-up

    with contextlib.ExitStack() as held:
        try:  # only taking the lock: an error while serving is not the lock's
            held.enter_context(disk.locked(folder, 0, name=LOCK))
        except disk.Busy:
            raise TableBusy(Said("this table is already being served (another popejoan serve)"),
                            Said("stop the other one first (Ctrl-C where it runs), or serve another table")) from None
        except disk.NoLock as no:
            _read_only(no)
            locked = False
        else:
            locked = True
        yield locked


def _read_only(no: NoLock) -> None:
    """`serve.lock` could not be made: say that the table is served read-only, or exit 6 for any other reason."""
    from popejoan_cli.base.errors import StorageError, os_reason  # only on failure
    from popejoan_cli.render.i18n import spoken_said, t

    if no.error.errno not in UNWRITABLE:
        raise StorageError(Said("cannot open {path}: {reason}", path=str(no.path), reason=os_reason(no.error))
                           ) from None
    sys.stderr.write(t("popejoan serve: this table's folder cannot be written ({reason}): it is served "
                       "read-only, and the pages refuse every lead", reason=spoken_said(os_reason(no.error))) + "\n")


def _bind(host: str, port: int) -> Any:
    """A listening socket on `host:port`, bound here so that a port in use is one message, not a log."""
    import socket  # only a server listens: start-up

    # IPPROTO_TCP, not 0: asyncio sets TCP_NODELAY only on a socket whose `proto` says TCP, and an accepted
    # socket takes the listening one's. Without it Nagle's algorithm and the client's delayed ACK held
    # each keep-alive response back about 40 ms (bench/keepalive.py).
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    if sys.platform != "win32":  # on Windows SO_REUSEADDR would let two servers share the port
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
        sock.listen(128)
    except OSError as err:
        sock.close()
        from popejoan_cli.base.errors import os_reason  # only on failure

        raise UsageError(Said("cannot listen on port {port}: {reason}", port=port, reason=os_reason(err)),
                         Said("choose another with --port N (--port 0: any free port)")) from None
    sock.setblocking(False)
    return sock


def lan_address() -> str:
    """This computer's address on its network, as phones reach it: the source address of a route
    to a documentation address (192.0.2.1, RFC 5737). A UDP `connect` only picks the route: no
    packet is sent."""
    import socket  # only `serve --lan`: start-up

    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 80))
            return str(probe.getsockname()[0])
        except OSError:  # no network at all
            return "127.0.0.1"


def own_hosts(host: str, port: int, default: int = 80) -> list[str]:
    """The `Host` headers a request to this server may carry: the address it prints, and this computer's
    own names for itself; a request for any other name (DNS rebinding) is refused. `default`: the scheme's
    port (443 for HTTPS)."""
    names = {host, "127.0.0.1", "localhost"}
    hosts = [f"{name}:{port}" for name in sorted(names)]
    return hosts + (sorted(names) if port == default else [])  # a browser leaves out the default port


def addresses(host: str, port: int, reach: Reach) -> tuple[str, list[str], list[str]]:
    """Where the links point (the public URL, else this server's own), the `Host` headers it answers (its own,
    and the public URL's), and the origins a POST may come from (the pages' own, at each of them)."""
    scheme = "https" if reach.tls else "http"
    hosts = own_hosts(host, port, 443 if reach.tls else 80)
    origins = [f"{scheme}://{name}" for name in hosts]
    if reach.public is None:
        return f"{scheme}://{host}:{port}", hosts, origins
    return reach.public.url, [*hosts, *reach.public.hosts], [*origins, reach.public.origin]


def _practice_table(stack: contextlib.ExitStack, computers: int, seed: int | None, rules_spec: str,
                    level: str) -> tuple[Path, list[str], dict[str, Any]]:
    """A throwaway table in a temporary folder (removed when the server stops) for "You" and the
    computers, and the `Practice` the web app plays it with."""
    import secrets
    import tempfile

    from popejoan_cli.cli.practice_cmd import SEED_RANGE
    from popejoan_cli.formats.presets import load_rules
    from popejoan_cli.game import bots
    from popejoan_cli.game.deal import check_players
    from popejoan_cli.render.levels import level_typed
    from popejoan_cli.web.practice import Practice, open_table

    typed, level = level, level_typed(level) or level  # at a Russian table «сильный» is `strong`
    if level not in bots.LEVELS:
        from popejoan_cli.base.errors import Said  # the same words as `popejoan practice`, said in its language

        raise UsageError(Said("unknown level {typed!r}", typed=typed), allowed(bots.LEVELS, typed))
    rules = load_rules(rules_spec)
    game = Practice(computers=computers, level=level, seed=seed if seed is not None else secrets.randbelow(SEED_RANGE))
    problems = check_players(game.players, rules)
    if problems:
        raise UsageError(problems[0], Said("{rules} is for {least}-{most} players", rules=rules.name,
                                           least=rules.players.min, most=rules.players.max))
    folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="popejoan-serve-"))) / "practice"
    open_table(folder, game, rules)  # the last computer deals first: you are eldest, as in `popejoan practice`
    return folder, game.players, {"practice": game}


def _run(folder: Path, names: list[str], sock: Any, *, lan: bool, as_json: bool, practice: bool,
         extra: dict[str, Any], new_links: bool = False, seats: dict[str, int] | None = None,
         reach: Reach = Reach()) -> None:
    """Serve until Ctrl-C (or SIGTERM): then one line on stderr, and exit 0 (143 for SIGTERM).

    The links are the table's own, kept in its folder (`store.links`): the same at every start, so that
    the pages already open carry on; `new_links` makes them anew. A practice's are new at every start.
    `reach`: the public URL the links carry instead (behind a proxy), and whether the server speaks HTTPS."""
    import asyncio

    from popejoan_cli.web.app import Misses, make_app
    from popejoan_cli.web.links import make_links

    read_only = bool(extra.get("read_only"))
    links = make_links(names) if practice else make_links(names, folder, renew=new_links, seats=seats,
                                                          read_only=read_only)
    if new_links and not practice:
        from popejoan_cli.render.i18n import t

        sys.stderr.write(t("New links: the ones given out before no longer open any page.") + "\n")
    port = sock.getsockname()[1]
    host = lan_address() if lan else "127.0.0.1"
    base, hosts, origins = addresses(host, port, reach)
    # Behind a proxy on this computer every client's address is the proxy's: its X-Forwarded-For says whose.
    app = make_app(folder, links, hosts=hosts, origins=origins, misses=Misses(), forwarded=reach.public is not None,
                   **extra)
    local = f"{'https' if reach.tls else 'http'}://{host}:{port}" if reach.public is not None else None
    shown = names[:1] if practice else names  # practice: only your link (the computers need none)
    server = _server(app, reach.tls)
    joined = _Joiners(app.state.hub, links, base, as_json, set(names)) if not practice else None

    def started() -> None:
        _print_links(base, links, shown, as_json, lan=lan, folder=None if practice else folder, local=local)

    from popejoan_cli.web.wire import loop_factory

    with asyncio.Runner(loop_factory=loop_factory) as runner:  # a loop that survives running out of descriptors
        runner.run(_serve_until_stopped(server, sock, started, joined))
    from popejoan_cli.render.i18n import t
    from popejoan_cli.web.wire import notes

    notes().drain(1.0)  # the server's last notes before its last line (a stderr nobody reads: not for long)

    sys.stderr.write(t("popejoan serve: stopped\n"))
    game = extra.get("practice")
    if game is not None:  # told only now: the session seed deals every hand of the practice
        sys.stderr.write(t("The practice's session seed was {seed}: `{command}` plays it again.", seed=game.seed,
                           command=f"popejoan serve --practice --seed {game.seed}") + "\n")
    sys.stderr.flush()
    if server.stopped_by == 15:
        raise typer.Exit(143)


def _server(app: Any, tls: tuple[str, str] | None = None) -> Any:
    """A uvicorn server that stops on Ctrl-C or SIGTERM and says nothing more (no log, no signal raised again);
    with `tls` (a certificate and its key), one that speaks HTTPS."""
    import logging

    import uvicorn  # the web extra: start-up

    class Server(uvicorn.Server):
        stopped_by = 0

        def handle_exit(self, sig: int, frame: Any) -> None:
            # uvicorn's own handler raises the signal again once it has stopped (the launcher would
            # then report an interruption, exit 130): a server stopped by Ctrl-C has simply stopped.
            self.stopped_by = self.stopped_by or sig
            self.force_exit = self.should_exit  # a second Ctrl-C: stop without waiting for the pages
            self.should_exit = True
            # Open pages' event streams are cut after the grace period below; uvicorn logs that as an error.
            logging.getLogger("uvicorn.error").setLevel(logging.CRITICAL)

    from popejoan_cli.web.wire import config  # uvicorn's settings with the guards of a hostile network

    settings = config(app)
    # uvicorn would believe X-Forwarded-For from any process on this computer, with or without a proxy: the
    # Guard believes it only behind one (`--public-url`), and only from the loopback.
    settings.proxy_headers = False
    if tls is not None:
        settings.ssl_certfile, settings.ssl_keyfile = tls
    return Server(settings)


async def _serve_until_stopped(server: Any, sock: Any, started: Callable[[], None], joined: _Joiners | None) -> None:
    """Run the server; call `started` once it answers (and Ctrl-C is its to handle), then watch for joiners."""
    import asyncio

    task = asyncio.create_task(server.serve(sockets=[sock]))
    while not server.started and not task.done():
        await asyncio.sleep(0.01)
    if server.started:
        started()
    while not task.done():
        await asyncio.wait({task}, timeout=JOIN_POLL)
        if joined is not None and not server.should_exit:
            joined.check()
    task.result()


def _print_links(base: str, links: Links, names: list[str], as_json: bool, *, lan: bool,
                 folder: Path | None, local: str | None = None) -> None:
    """Each player's private link (and QR code), then the board's; with `as_json`, one JSON line. `local`:
    where the server listens, behind the proxy whose address `base` is."""
    out = sys.stdout
    players = {name: f"{base}/p/{links.players[name]}" for name in names}
    board = f"{base}/b/{links.board}"
    if as_json:  # behind a proxy, where it listens too (`--port 0`: the proxy's configuration needs the port)
        said: dict[str, Any] = {"board": board, "players": players, **({"local": local} if local else {})}
        out.write(json.dumps(said, ensure_ascii=False) + "\n")
        out.flush()
        return
    from popejoan_cli.render.i18n import t

    if folder is not None:
        private = t("Each link is private: give each player their own, and nobody else.")
    else:
        private = t("Open your link on this computer or your phone, the board's on a second screen if you like.")
    out.write(f"{_head(base, lan, folder, local)}\n{private}\n\n")
    for name, url in players.items():
        out.write(f"{name}: {url}\n")
        _qr(url)
    out.write(t("The board (for a second screen): {url}", url=board) + "\n")
    _qr(board)
    out.write(t("Ctrl-C stops the server.") + "\n")
    out.flush()


def _head(base: str, lan: bool, folder: Path | None, local: str | None) -> str:
    """The first line: whole sentences for each case (a table or practice; this computer, the network, or a
    proxy in front of the server listening at `local`)."""
    from popejoan_cli.render.i18n import t

    if local is not None:
        return (t("popejoan serve: table {table} at {url}, through the proxy in front of {local}.",
                  table=folder.name, url=base, local=local) if folder is not None else
                t("popejoan serve: practice at {url}, through the proxy in front of {local}.", url=base, local=local))
    if folder is not None:
        return (t("popejoan serve: table {table} at {url} (phones on this network can connect).", table=folder.name,
                  url=base) if lan else
                t("popejoan serve: table {table} at {url} (this computer only; --lan lets phones connect).",
                  table=folder.name, url=base))
    return (t("popejoan serve: practice at {url} (phones on this network can connect).", url=base) if lan else
            t("popejoan serve: practice at {url} (this computer only; --lan lets phones connect).", url=base))


def _qr(url: str) -> None:
    """`url` as a QR code drawn in the terminal, in half-height blocks (ASCII-safe if it must be)."""
    import segno  # the web extra: start-up

    code = segno.make(url, error="m")
    try:
        code.terminal(out=sys.stdout, compact=True)
    except UnicodeEncodeError:  # a stdout that cannot show the block characters: escape codes instead
        code.terminal(out=sys.stdout)
    sys.stdout.write("\n")


class _Joiners:
    """Players who join the table after the server started: each gets a link when they appear (kept in
    the table's folder with the others), and so does one who takes the name of a player who left (a link
    is a seat-holder's: `web.links.seats_of`); a player who leaves loses theirs. The pages' hub reads the
    journal whenever it changes; this looks at the view it read last."""

    def __init__(self, hub: Hub, links: Links, base: str, as_json: bool, known: set[str]) -> None:
        self.hub, self.links, self.base, self.as_json, self.known = hub, links, base, as_json, known
        self.seen: TableView | None = None

    def check(self) -> None:
        """Print a link for each player the hub's newest view holds and no link was printed for."""
        view = self.hub.last  # a journal being written or damaged keeps the last good view: look again later
        if view is None or view is self.seen:
            return
        self.seen = view
        from popejoan_cli.web.links import seats_of

        seats = seats_of(view)
        for name in [name for name in self.links.players if name not in seats]:
            self._kept(self.links.revoke, name)  # left: the link opens nothing any more
            self.known.discard(name)
        for name, seat in seats.items():
            if name in self.known and self.links.holds(name, seat):
                continue
            self.known.add(name)
            url = f"{self.base}/p/{self._token(name, seat)}"
            if self.as_json:
                sys.stdout.write(json.dumps({"players": {name: url}}, ensure_ascii=False) + "\n")
            else:
                from popejoan_cli.render.i18n import t

                sys.stdout.write(t("{player} joined the table: {url}", player=name, url=url) + "\n")
                _qr(url)
            sys.stdout.flush()

    def _token(self, name: str, seat: int) -> str:
        """`name`'s new token; if it cannot be kept in the table's folder, it still opens their page until
        the server stops, and stderr says why it was not kept."""
        self._kept(lambda who: self.links.token_for(who, seat), name)
        return self.links.players[name]

    @staticmethod
    def _kept(change: Callable[[str], object], name: str) -> None:
        """`change` the links for `name`; if the links file cannot be written, the change holds until the
        server stops, and stderr says why it was not kept."""
        try:
            change(name)
        except PopejoanError as err:
            from popejoan_cli.cli.exits import spoken  # only on failure
            from popejoan_cli.web.wire import note  # while serving: never wait for a stderr nobody reads

            note(f"popejoan: {spoken(err.message)}\n")
