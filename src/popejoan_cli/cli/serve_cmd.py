"""`popejoan serve`: each player's own hand on their phone, the board on a second screen.

This module owns starting and stopping the web server: the lock that keeps a table to one
server (`serve.lock` in the table folder), the address it listens on, the links and QR codes
it prints (and prints for a player who joins later), which are the table's own and the same at
every start (kept by `store.links`; `--new-links` revokes them), the throwaway table of
`--practice`, and a clean stop on Ctrl-C. The pages themselves, their live updates and the
leads taken from a phone are the web layer's (`popejoan_cli.web`).

Starlette, uvicorn and segno (the `web` extra) are imported inside the command, for start-up:
no other command may pay for them, and without the extra only `serve` fails, with one line.
"""

from __future__ import annotations

import contextlib
import errno
import json
import sys
from collections.abc import Callable, Iterator
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
) -> None:
    """Serve the table to phones: each player's private hand on their own page, the board on another screen."""
    if not practice and (computers != 3 or seed is not None or rules_spec != PRACTICE_RULES or level != "good"):
        raise UsageError(Said("--computers, --seed, --rules and --level go with --practice"))
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
            names, seats = view.players, seats_of(view)
        if not stack.enter_context(_served(folder)):
            extra["read_only"] = True
        sock = _bind("0.0.0.0" if lan else "127.0.0.1", port)
        stack.callback(sock.close)
        _run(folder, names, sock, lan=lan, as_json=as_json, practice=practice, extra=extra, new_links=new_links,
             seats=seats)


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


def own_hosts(host: str, port: int) -> list[str]:
    """The `Host` headers a request to this server may carry: the address it prints, and this computer's
    own names for itself; a request for any other name (DNS rebinding) is refused."""
    names = {host, "127.0.0.1", "localhost"}
    hosts = [f"{name}:{port}" for name in sorted(names)]
    return hosts + (sorted(names) if port == 80 else [])  # a browser leaves out the default port


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
         extra: dict[str, Any], new_links: bool = False, seats: dict[str, int] | None = None) -> None:
    """Serve until Ctrl-C (or SIGTERM): then one line on stderr, and exit 0 (143 for SIGTERM).

    The links are the table's own, kept in its folder (`store.links`): the same at every start, so that
    the pages already open carry on; `new_links` makes them anew. A practice's are new at every start."""
    import asyncio

    from popejoan_cli.web.app import make_app
    from popejoan_cli.web.links import make_links

    read_only = bool(extra.get("read_only"))
    links = make_links(names) if practice else make_links(names, folder, renew=new_links, seats=seats,
                                                          read_only=read_only)
    if new_links and not practice:
        from popejoan_cli.render.i18n import t

        sys.stderr.write(t("New links: the ones given out before no longer open any page.") + "\n")
    port = sock.getsockname()[1]
    host = lan_address() if lan else "127.0.0.1"
    app = make_app(folder, links, hosts=own_hosts(host, port), **extra)
    base = f"http://{host}:{port}"
    shown = names[:1] if practice else names  # practice: only your link (the computers need none)
    server = _server(app)
    joined = _Joiners(app.state.hub, links, base, as_json, set(names)) if not practice else None

    def started() -> None:
        _print_links(base, links, shown, as_json, lan=lan, folder=None if practice else folder)

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


def _server(app: Any) -> Any:
    """A uvicorn server that stops on Ctrl-C or SIGTERM and says nothing more (no log, no signal raised again)."""
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

    return Server(config(app))


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
                 folder: Path | None) -> None:
    """Each player's private link (and QR code), then the board's; with `as_json`, one JSON line."""
    out = sys.stdout
    players = {name: f"{base}/p/{links.players[name]}" for name in names}
    board = f"{base}/b/{links.board}"
    if as_json:
        out.write(json.dumps({"board": board, "players": players}, ensure_ascii=False) + "\n")
        out.flush()
        return
    from popejoan_cli.render.i18n import t

    # Whole sentences for each case: a table or practice, this computer or the network.
    if folder is not None:
        head = (t("popejoan serve: table {table} at {url} (phones on this network can connect).", table=folder.name,
                  url=base) if lan else
                t("popejoan serve: table {table} at {url} (this computer only; --lan lets phones connect).",
                  table=folder.name, url=base))
        private = t("Each link is private: give each player their own, and nobody else.")
    else:
        head = (t("popejoan serve: practice at {url} (phones on this network can connect).", url=base) if lan else
                t("popejoan serve: practice at {url} (this computer only; --lan lets phones connect).", url=base))
        private = t("Open your link on this computer or your phone, the board's on a second screen if you like.")
    out.write(f"{head}\n{private}\n\n")
    for name, url in players.items():
        out.write(f"{name}: {url}\n")
        _qr(url)
    out.write(t("The board (for a second screen): {url}", url=board) + "\n")
    _qr(board)
    out.write(t("Ctrl-C stops the server.") + "\n")
    out.flush()


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
