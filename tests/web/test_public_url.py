"""Players far away (issue 41): `serve --public-url` behind a reverse proxy or a tunnel, `--certfile` and
`--keyfile` for HTTPS spoken by the server itself, and the limit on wrong secrets from one address.

In-process where the app alone decides (Starlette's test client, a clock the test moves instead of waiting
for); a real `popejoan serve` (tests/web/serving.py) for the links it prints and for HTTPS, fetched with the
certificate it was given as the only one trusted. Through a real Caddy: test_caddy.py.
"""

from __future__ import annotations

import json
import ssl
import sys
import warnings
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
httpx = pytest.importorskip("httpx")

import serving  # noqa: E402  tests/web/serving.py: after the skips

from conftest import Cli  # noqa: E402

with warnings.catch_warnings():  # starlette 1.x asks for httpx2 in place of httpx, which the test client still uses
    warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
    from starlette.testclient import TestClient

from popejoan_cli.base.errors import UsageError  # noqa: E402
from popejoan_cli.cli.serve_cmd import Reach, addresses, public_address  # noqa: E402
from popejoan_cli.store import tables  # noqa: E402
from popejoan_cli.web.app import WRONG_SECRETS, Misses, make_app  # noqa: E402
from popejoan_cli.web.links import Links, make_links  # noqa: E402

PLAYERS = ["Ann", "Bob", "Cat"]
PUBLIC = "https://table.example.org"
posix = pytest.mark.skipif(sys.platform == "win32", reason="sends SIGINT to a subprocess (POSIX)")


class Clock:
    """A monotonic clock the test moves (`Misses`' refill): no test waits for the wall clock."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def new_table(cli: Cli) -> Path:
    cli.ok("table", "new", "fri", "--rules", "modern-stops", "--players", ",".join(PLAYERS), "--counters", "50")
    cli.ok("deal", "--seed", "42")
    return tables.folder()


def client(app: Any, peer: str = "203.0.113.7", host: str = "table.example.org") -> TestClient:
    return TestClient(app, base_url=f"https://{host}", client=(peer, 50000))


@pytest.fixture
def folder(cli: Cli) -> Path:
    return new_table(cli)


@pytest.fixture
def links() -> Links:
    return make_links(PLAYERS)


# ----------------------------------------------------------------------------------- --public-url, as parsed


@pytest.mark.parametrize(("given", "url", "hosts"), [
    ("https://Table.Example.org", PUBLIC, ("table.example.org", "table.example.org:443")),
    ("https://table.example.org/", PUBLIC, ("table.example.org", "table.example.org:443")),
    ("https://table.example.org:443", PUBLIC, ("table.example.org", "table.example.org:443")),
    ("http://table.example.org:8080", "http://table.example.org:8080",
     ("table.example.org:8080", "table.example.org:8080")),
    ("https://[::1]:9443", "https://[::1]:9443", ("[::1]:9443", "[::1]:9443")),
])
def test_a_public_url_gives_the_links_base_its_hosts_and_its_origin(given: str, url: str,
                                                                     hosts: tuple[str, str]) -> None:
    public = public_address(given)
    assert (public.url, public.hosts, public.origin) == (url, hosts, url)


@pytest.mark.parametrize(("given", "wrong", "fixed"), [
    ("ftp://table.example.org", "is not an http or https address", "'https://table.example.org'"),
    ("table.example.org", "is not an http or https address", "'https://table.example.org'"),
    ("https://", "names no host", "'https://table.example.org'"),
    ("https://table.example.org:99999", "has a port that is not a number", "'https://table.example.org'"),
    ("https://me:pw@table.example.org", "holds a user name or password", "'https://table.example.org'"),
    ("https://table.example.org/?x=1", "has a query or a fragment", "'https://table.example.org'"),
    ("https://table.example.org/#top", "has a query or a fragment", "'https://table.example.org'"),
    ("https://table.example.org/popejoan/", "has a path", "'https://table.example.org'"),
])
def test_a_bad_public_url_is_a_usage_error_naming_the_nearest_valid_form(cli: Cli, given: str, wrong: str,
                                                                         fixed: str) -> None:
    with pytest.raises(UsageError):
        public_address(given)
    err = cli.fails(2, "serve", "--public-url", given, said=[f"--public-url {given!r} {wrong}",
                                                              f"give it as {fixed}"])
    assert err.count("\n") == 1  # one line


def test_a_bad_public_url_is_said_in_russian_too(cli: Cli) -> None:
    err = cli.fails(2, "serve", "--public-url", "https://table.example.org/popejoan/", POPEJOAN_LANG="ru")
    assert err == ("popejoan: --public-url «https://table.example.org/popejoan/»: в нём есть путь (страницы "
                   "отдаются только из корня хоста); укажите так: «https://table.example.org»\n")
    err = cli.fails(2, "serve", "--public-url", "ftp://x", POPEJOAN_LANG="ru")
    assert "это не адрес http или https" in err and "«https://x»" in err


def test_the_server_answers_its_own_addresses_and_the_public_one() -> None:
    base, hosts, origins = addresses("127.0.0.1", 8000, Reach(public_address(PUBLIC)))
    assert base == PUBLIC
    assert {"127.0.0.1:8000", "localhost:8000", "table.example.org", "table.example.org:443"} <= set(hosts)
    assert set(origins) >= {"http://127.0.0.1:8000", PUBLIC}
    base, hosts, origins = addresses("127.0.0.1", 443, Reach(tls=("c", "k")))
    assert base == "https://127.0.0.1:443" and "127.0.0.1" in hosts and "https://127.0.0.1" in origins
    assert not any(origin.startswith("http:") for origin in origins)


# ------------------------------------------------------------------------------ Guard: Host and Origin


@pytest.fixture
def public_app(folder: Path, links: Links) -> Any:
    _, hosts, origins = addresses("127.0.0.1", 8000, Reach(public_address(PUBLIC)))
    return make_app(folder, links, poll=0.01, hosts=hosts, origins=origins, forwarded=True)


def test_guard_accepts_the_public_host_and_refuses_others(public_app: Any, links: Links) -> None:
    page = f"/p/{links.players['Ann']}/state"
    with client(public_app) as web:
        assert web.get(page).status_code == 200
        assert web.get(page, headers={"Host": "table.example.org:443"}).status_code == 200
        assert web.get(page, headers={"Host": "127.0.0.1:8000"}).status_code == 200
        for host in ("evil.example", "table.example.org.evil.example", "table.example.org:8443", "127.0.0.1:8001"):
            got = web.get(page, headers={"Host": host})
            assert got.status_code == 421 and "Ann" not in got.text, host


def test_a_lead_posted_from_the_public_https_page_is_taken_and_from_another_origin_refused(
        public_app: Any, links: Links, folder: Path) -> None:
    with client(public_app) as web:
        state = web.get(f"/p/{links.players['Ann']}/state").json()
        leader = state["lead"]
        url = f"/p/{links.players[leader]}/lead"
        mine = web.get(f"/p/{links.players[leader]}/state").json()
        lead = {"card": mine["you"]["legal"][0], "seq": mine["seq"]}
        for origin in ("http://table.example.org", "https://evil.example", "https://table.example.org:8443"):
            got = web.post(url, json=lead, headers={"Origin": origin})
            assert got.status_code == 403, (origin, got.text)
        got = web.post(url, json=lead, headers={"Referer": "http://table.example.org/p/x"})
        assert got.status_code == 403
        assert tables.view(folder)[0].last_seq == state["seq"]  # nothing recorded
        got = web.post(url, json=lead, headers={"Origin": PUBLIC, "Sec-Fetch-Site": "same-origin"})
        assert got.status_code == 200 and got.json()["ok"], got.text
        assert tables.view(folder)[0].last_seq > state["seq"]


# ------------------------------------------------------------------------------ wrong secrets: 429


def _misses_app(folder: Path, links: Links, clock: Clock, *, forwarded: bool = False) -> Any:
    return make_app(folder, links, poll=0.01, misses=Misses(clock=clock), forwarded=forwarded)


def _guess(web: TestClient, n: int, **headers: str) -> list[int]:
    return [web.get(f"/p/guess-{i}/state", headers=headers).status_code for i in range(n)]


def test_too_many_wrong_secrets_from_one_address_get_429_and_it_recovers(folder: Path, links: Links) -> None:
    clock = Clock()
    ann = f"/p/{links.players['Ann']}/state"
    with client(_misses_app(folder, links, clock)) as web:
        assert web.get(ann).status_code == 200  # Ann's page was open here before anyone guessed
        assert _guess(web, WRONG_SECRETS) == [404] * WRONG_SECRETS
        refused = web.get("/p/one-more/state")
        assert refused.status_code == 429 and refused.headers["retry-after"] == "3"
        assert "too many wrong links" in refused.text and "Ann" not in refused.text
        assert web.get(f"/b/{links.board}").status_code == 429  # a right secret never opened here waits too
        assert web.get(f"/p/{links.players['Bob']}").status_code == 429
        assert web.get(ann).status_code == 200  # the page already open here goes on
        assert web.get("/s/page.js").status_code == 200  # nothing secret: never counted
        clock.now += 3  # one more guess every three seconds, no more
        assert _guess(web, 2) == [404, 429]
        clock.now += 60  # a quiet minute: the whole allowance again
        assert _guess(web, WRONG_SECRETS + 1) == [404] * WRONG_SECRETS + [429]
    with client(_misses_app(folder, links, clock), peer="198.51.100.9") as other:
        assert other.get(f"/p/{links.players['Bob']}/state").status_code == 200  # another address: its own count


def test_behind_a_proxy_the_forwarded_address_is_counted_and_believed_only_from_the_loopback(
        folder: Path, links: Links) -> None:
    clock = Clock()
    app = _misses_app(folder, links, clock, forwarded=True)
    with client(app, peer="127.0.0.1") as proxy:
        assert _guess(proxy, WRONG_SECRETS, **{"X-Forwarded-For": "203.0.113.7"}) == [404] * WRONG_SECRETS
        assert _guess(proxy, 1, **{"X-Forwarded-For": "203.0.113.7"}) == [429]
        # The proxy adds the client it saw last: what the client wrote before it changes nothing.
        assert _guess(proxy, 1, **{"X-Forwarded-For": "10.9.9.9, 203.0.113.7"}) == [429]
        assert _guess(proxy, 1, **{"X-Forwarded-For": "198.51.100.9"}) == [404]  # another player's address
        assert _guess(proxy, 1) == [404]  # no header: the proxy's own address, counted apart
    with client(app, peer="203.0.113.50") as direct:  # not the loopback: whatever it says of itself, it is itself
        assert _guess(direct, WRONG_SECRETS, **{"X-Forwarded-For": "192.0.2.1"}) == [404] * WRONG_SECRETS
        assert _guess(direct, 1, **{"X-Forwarded-For": "192.0.2.2"}) == [429]


def test_without_a_proxy_x_forwarded_for_is_never_believed(folder: Path, links: Links) -> None:
    with client(_misses_app(folder, links, Clock()), peer="127.0.0.1") as web:
        answers = [web.get(f"/p/g{i}", headers={"X-Forwarded-For": f"192.0.2.{i}"}).status_code
                   for i in range(WRONG_SECRETS + 1)]
    assert answers == [404] * WRONG_SECRETS + [429]


def test_misses_forget_the_oldest_address_first() -> None:
    misses = Misses(most=2, clock=Clock())
    for i in range(5000):
        misses.answered(f"10.0.{i // 256}.{i % 256}", "x", 404)
    assert len(misses.buckets) == 4096


# ------------------------------------------------------------------------------ --certfile, --keyfile


def test_certfile_and_keyfile_go_together(cli: Cli, tmp_path: Path) -> None:
    cli.fails(2, "serve", "--certfile", str(tmp_path / "cert.pem"),
              said=["--certfile and --keyfile go together: give both, as --certfile cert.pem --keyfile key.pem"])
    cli.fails(2, "serve", "--keyfile", str(tmp_path / "key.pem"), said=["--certfile and --keyfile go together"])


def test_a_missing_or_unreadable_certificate_is_one_line_and_exit_6(cli: Cli, tmp_path: Path) -> None:
    cert, key = serving.self_signed(tmp_path / "tls")
    err = cli.fails(6, "serve", "--certfile", str(tmp_path / "nope.pem"), "--keyfile", str(key))
    assert err == f"popejoan: {tmp_path / 'nope.pem'}: no such file\n"
    err = cli.fails(6, "serve", "--certfile", str(cert), "--keyfile", str(tmp_path))
    assert err == f"popejoan: {tmp_path}: is a folder, not a file\n"
    ru = cli.fails(6, "serve", "--certfile", str(tmp_path / "nope.pem"), "--keyfile", str(key), POPEJOAN_LANG="ru")
    assert ru.startswith("popejoan: ") and "no such file" not in ru


def test_a_file_that_is_no_certificate_and_key_is_one_line_and_exit_5(cli: Cli, tmp_path: Path) -> None:
    cert, key = serving.self_signed(tmp_path / "tls")
    junk = tmp_path / "junk.pem"
    junk.write_text("not a certificate\n", encoding="utf-8")
    for pair in ((junk, key), (cert, junk), (key, cert)):
        err = cli.fails(5, "serve", "--certfile", str(pair[0]), "--keyfile", str(pair[1]))
        assert err.startswith(f"popejoan: {pair[0]}, {pair[1]}: not a certificate and its key in PEM that TLS "
                              "can use ("), err
    ru = cli.fails(5, "serve", "--certfile", str(junk), "--keyfile", str(key), POPEJOAN_LANG="ru")
    assert "это не сертификат и его ключ в PEM" in ru


# ------------------------------------------------------------------------------ real servers


@pytest.fixture
def home(tmp_path: Path) -> Path:
    serving.table(tmp_path / "home", players=PLAYERS)
    return tmp_path / "home"


@pytest.fixture
def tls(tmp_path: Path) -> tuple[Path, Path]:
    return serving.self_signed(tmp_path / "tls")


def trusting(cert: Path) -> Any:
    """A client that trusts `cert` alone (not the system's authorities): the test sees the server's own TLS."""
    return httpx.Client(verify=ssl.create_default_context(cafile=str(cert)), timeout=10)


@posix
def test_the_links_carry_the_public_url_and_the_server_still_listens_here(home: Path) -> None:
    with serving.running(home, "--public-url", "https://table.example.org/") as served:
        assert served.board.startswith(f"{PUBLIC}/b/")
        assert all(url.startswith(f"{PUBLIC}/p/") for url in served.players.values())
        local = served.local
        assert local.startswith("http://127.0.0.1:") and not local.endswith(":0"), local
        ann = served.players["Ann"].replace(PUBLIC, local)
        assert serving.http.get(f"{ann}/state", headers={"Host": "table.example.org"}).status_code == 200
        assert serving.http.get(f"{ann}/state").status_code == 200  # its own address still answers
        assert serving.http.get(f"{ann}/state", headers={"Host": "evil.example"}).status_code == 421


@posix
def test_serve_speaks_https_with_its_own_certificate(home: Path, tls: tuple[Path, Path]) -> None:
    cert, key = tls
    with serving.running(home, "--certfile", str(cert), "--keyfile", str(key)) as served, trusting(cert) as web:
        assert served.board.startswith("https://127.0.0.1:")
        page = web.get(served.players["Ann"])
        assert page.status_code == 200 and "text/html" in page.headers["content-type"]
        assert web.get(f"{served.players['Ann']}/state").json()["you"]["name"] == "Ann"
        with web.stream("GET", f"{served.board}/events") as events:
            assert events.status_code == 200
            first = next(line for line in events.iter_lines() if line.startswith("data:"))
        assert json.loads(first.removeprefix("data:"))["table"] == "fri"
        plain = served.board.replace("https://", "http://")
        with pytest.raises(httpx.HTTPError):  # it speaks TLS only
            httpx.get(plain, timeout=5)
        with pytest.raises(httpx.ConnectError), httpx.Client(timeout=5) as system:
            system.get(served.board)  # a self-signed certificate: the system's authorities do not vouch for it

