"""Players far away (issue 41, docs/serve.md: Players far away), through a real reverse proxy: Debian's
Caddy with TLS (a self-signed certificate) in front of `popejoan serve --public-url https://127.0.0.1:PORT`.

Over HTTPS through the proxy: a player's page loads, the event stream follows the table (an update
arrives after a lead), a lead is recorded by a POST as the page sends it (its own `Origin`), another
origin is refused (403) and so is a request for another host (421); wrong secrets are counted by the
client's address as Caddy forwards it (`X-Forwarded-For`), whatever the client says of itself. In a real
Chromium (tests/browsing.py, `ignore_https_errors`): the page loads through Caddy and a tap leads, and
another page sees the run. Skipped, saying why, where Caddy (or openssl, or Chromium) is missing.
"""

from __future__ import annotations

import json
import os
import shutil
import ssl
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
httpx = pytest.importorskip("httpx")

import serving  # noqa: E402  tests/web/serving.py: after the skips

from popejoan_cli.web.app import WRONG_SECRETS  # noqa: E402

CADDY = shutil.which("caddy")
"""Debian's caddy (`apt-get install caddy`; .ci/run installs it, best effort)."""
PLAYERS = ("Ann", "Bob", "Cat")
START = 20.0
"""Seconds Caddy may take to answer through to the server (a loaded CI machine)."""
CADDYFILE = """{
	admin off
	auto_https off
	storage file_system DATA
}

https://:PORT {
	tls CERT KEY
	reverse_proxy UPSTREAM {
		flush_interval -1
	}
}
"""
"""The Caddyfile of docs/serve.md (Players far away), on a port of the test's: any host name is passed on to the
server with the request's own `Host`, so that the server's refusal of a wrong one is what the test sees."""

pytestmark = [pytest.mark.skipif(sys.platform == "win32", reason="sends SIGINT to a subprocess (POSIX)"),
              pytest.mark.skipif(CADDY is None, reason="no caddy on PATH (Debian: apt-get install caddy)")]


@dataclass
class Proxied:
    """A `popejoan serve` behind a running Caddy: the links (through Caddy), its certificate, and Caddy."""

    served: serving.Served
    caddy: subprocess.Popen[bytes]
    cert: Path
    port: int

    @property
    def origin(self) -> str:
        return f"https://127.0.0.1:{self.port}"

    def client(self) -> Any:
        """A client that trusts Caddy's certificate alone (not the system's authorities)."""
        return httpx.Client(verify=ssl.create_default_context(cafile=str(self.cert)), timeout=10)


def _caddy(tmp: Path, port: int, upstream: str, cert: Path, key: Path) -> subprocess.Popen[bytes]:
    """Caddy on `port` in front of `upstream`, its home, data and log in `tmp` (nothing of the user's)."""
    tmp.mkdir(parents=True, exist_ok=True)
    text = CADDYFILE
    for word, value in (("DATA", tmp / "data"), ("PORT", port), ("CERT", cert), ("KEY", key),
                        ("UPSTREAM", upstream)):
        text = text.replace(word, str(value))
    (tmp / "Caddyfile").write_text(text, encoding="utf-8")
    env = {**os.environ, "HOME": str(tmp), "XDG_DATA_HOME": str(tmp / "xdg-data"),
           "XDG_CONFIG_HOME": str(tmp / "xdg-config")}
    assert CADDY is not None
    with (tmp / "caddy.log").open("wb") as log:
        return subprocess.Popen([CADDY, "run", "--config", str(tmp / "Caddyfile"), "--adapter", "caddyfile"],
                                env=env, stdout=log, stderr=subprocess.STDOUT)


def _answering(proxied: Proxied) -> bool:
    """Whether Caddy answers through to this server (its script: no secret, since a wrong one would be counted),
    waiting up to `START` seconds; False once Caddy has stopped (the port was taken by someone else meanwhile)."""
    deadline = time.monotonic() + START
    with proxied.client() as web:
        while proxied.caddy.poll() is None and time.monotonic() < deadline:
            try:
                got = web.get(f"{proxied.origin}/s/page.js")
                if got.status_code == 200 and "content-security-policy" in got.headers:
                    return True
            except httpx.HTTPError:
                pass
            time.sleep(0.05)
    return False


@pytest.fixture
def proxied(tmp_path: Path) -> Iterator[Proxied]:
    """A table (Ann, Bob, Cat; hand 1 dealt), served behind Caddy with TLS. Caddy cannot take any free port
    itself: a port free a moment before may be taken again by then, and then it is all tried once more."""
    cert, key = serving.self_signed(tmp_path / "tls")
    home = tmp_path / "home"
    serving.table(home, players=PLAYERS)
    for attempt in range(3):
        port = serving.free_port()
        served = serving.start(home, "--public-url", f"https://127.0.0.1:{port}")
        caddy = _caddy(tmp_path / f"caddy{attempt}", port, served.local.removeprefix("http://"), cert, key)
        proxied = Proxied(served, caddy, cert, port)
        if _answering(proxied):
            break
        _stop(proxied)
    else:
        log = (tmp_path / "caddy2" / "caddy.log").read_text(encoding="utf-8", errors="replace")
        raise AssertionError(f"Caddy never answered through to the server:\n{log[-2000:]}")
    try:
        yield proxied
    finally:
        code, err = _stop(proxied)
        assert (code, err) == (0, "popejoan serve: stopped\n")


def _stop(proxied: Proxied) -> tuple[int, str]:
    proxied.caddy.terminate()
    try:
        proxied.caddy.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proxied.caddy.kill()
        proxied.caddy.wait()
    return proxied.served.stop()


def _state(web: Any, url: str) -> dict[str, Any]:
    got = web.get(f"{url}/state")
    assert got.status_code == 200, got.text
    data: dict[str, Any] = got.json()
    return data


def _data(lines: Iterator[str]) -> dict[str, Any]:
    """The next state an event stream sends (its `ping` events and blank lines passed over)."""
    for line in lines:
        if line.startswith("data:") and line != "data: {}":
            data: dict[str, Any] = json.loads(line.removeprefix("data:"))
            return data
    raise AssertionError("the event stream ended")


def test_through_caddy_a_page_its_event_stream_and_a_lead_and_a_wrong_host_refused(proxied: Proxied) -> None:
    served = proxied.served
    assert served.board.startswith(f"{proxied.origin}/b/")  # the links carry the proxy's address
    with proxied.client() as web, proxied.client() as stream:
        page = web.get(served.players["Ann"])
        assert page.status_code == 200 and "text/html" in page.headers["content-type"]
        assert page.headers["content-security-policy"].startswith("default-src 'self'")
        with stream.stream("GET", f"{served.players['Cat']}/events") as events:
            assert events.status_code == 200 and events.headers["content-type"].startswith("text/event-stream")
            lines = events.iter_lines()
            before = _data(lines)
            leader = before["lead"]
            mine = _state(web, served.players[leader])
            lead = {"card": mine["you"]["legal"][0], "seq": mine["seq"]}
            url = f"{served.players[leader]}/lead"
            for origin in ("http://127.0.0.1", f"http://127.0.0.1:{proxied.port}", "https://evil.example"):
                assert web.post(url, json=lead, headers={"Origin": origin}).status_code == 403, origin
            got = web.post(url, json=lead, headers={"Origin": proxied.origin, "Sec-Fetch-Site": "same-origin",
                                                    "Content-Type": "application/json"})
            assert got.status_code == 200 and got.json()["ok"], got.text
            after = _data(lines)  # the lead, told on Cat's stream through the proxy
        assert after["seq"] > before["seq"] and after["you"]["name"] == "Cat"
        for host in ("evil.example", f"evil.example:{proxied.port}", f"localhost.evil.example:{proxied.port}"):
            got = web.get(f"{served.players['Ann']}/state", headers={"Host": host})
            assert got.status_code == 421 and "Ann" not in got.text, host


def test_through_caddy_wrong_secrets_are_counted_by_the_address_caddy_saw(proxied: Proxied) -> None:
    served = proxied.served
    with proxied.client() as web:
        ann = f"{served.players['Ann']}/state"
        assert web.get(ann).status_code == 200  # Ann's page was open here first
        # Each guess says it comes from another address: Caddy names the one it saw, which is counted.
        answers = [web.get(f"{proxied.origin}/p/guess-{i}", headers={"X-Forwarded-For": f"192.0.2.{i}"}).status_code
                   for i in range(WRONG_SECRETS + 1)]
        assert answers == [404] * WRONG_SECRETS + [429]
        refused = web.get(f"{served.players['Bob']}/state")  # a right secret never opened here: it waits too
        assert refused.status_code == 429 and int(refused.headers["retry-after"]) >= 1
        assert web.get(ann).status_code == 200  # the page open here goes on


def test_through_caddy_in_a_browser_a_tap_leads_and_another_page_sees_the_run(proxied: Proxied,
                                                                              browser: Any) -> None:
    served = proxied.served
    with proxied.client() as web:
        leader = _state(web, served.board)["lead"]
        seq = _state(web, served.board)["seq"]
    other = next(name for name in PLAYERS if name != leader)
    pages = {}
    for name in (leader, other):
        pages[name] = browser.new_context(ignore_https_errors=True).new_page()
        pages[name].goto(served.players[name])
        pages[name].wait_for_selector("#pots .pot")
    before = pages[other].locator("#lastrun").inner_text()
    button = pages[leader].locator("#hand button.legal").first
    button.wait_for(state="visible", timeout=10000)
    button.click()  # the first tap picks the card...
    pages[leader].locator("#hand button.picked").wait_for(state="visible", timeout=10000)
    button.click()  # ... and the second leads it, a POST through Caddy with the page's own Origin
    pages[other].wait_for_function("b => document.querySelector('#lastrun').innerText !== b", arg=before,
                                   timeout=10000)  # the run, on another page's event stream through Caddy
    with proxied.client() as web:
        assert _state(web, served.board)["seq"] > seq
    assert pages[leader].locator("#banner").is_hidden()  # the page never lost its connection
