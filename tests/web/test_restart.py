"""Links that outlive the server: `popejoan serve` stopped and started again on the same table (the
laptop's lid) gives the same links, and a page left open on a phone carries on by itself; `--new-links`
revokes them; a wrong or revoked link's page says so, in the table's language, and nothing more.

The app's answers are checked in-process (Starlette's test client); the restart itself in real
servers (`serving`), and a page left open through it in a real browser (headless Chromium through
Playwright, launched as test_browser.py launches it, skipped where Chromium or Playwright is missing).
"""

from __future__ import annotations

import json
import re
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
httpx = pytest.importorskip("httpx")

import serving  # noqa: E402  tests/web/serving.py
from serving import banker  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from conftest import Cli  # noqa: E402
from popejoan_cli.store import links as serve_links  # noqa: E402
from popejoan_cli.store import tables  # noqa: E402
from popejoan_cli.table import moves  # noqa: E402
from popejoan_cli.web.app import make_app  # noqa: E402
from popejoan_cli.web.links import make_links  # noqa: E402

PLAYERS = ("Ann", "Bob", "Cat", "Dan")
STOPPED = "popejoan serve: stopped\n"
NEW_LINKS = "New links: the ones given out before no longer open any page.\n"
SECURITY = {"content-security-policy", "referrer-policy", "x-content-type-options", "cache-control", "x-frame-options"}
ENGLISH = ("This link is not valid, or no longer valid.", "Ask the banker for your link: "
           "<code>popejoan serve</code> prints them.")
RUSSIAN = ("Эта ссылка недействительна или больше не действует.", "Попросите у банкира свою ссылку: "
           "их печатает <code>popejoan serve</code>.")
CHROMIUM = serving.CHROMIUM
ARGS = serving.ARGS
PHONE: Any = {"width": 390, "height": 844}
POSIX = pytest.mark.skipif(sys.platform == "win32", reason="sends SIGINT to a subprocess (POSIX)")


def new_table(cli: Cli, *, lang: str = "en") -> Path:
    cli.ok("table", "new", "fri", "--rules", "modern-stops", "--players", ",".join(PLAYERS), "--counters", "50",
           "--lang", lang)
    cli.ok("deal", "--seed", "42")
    return tables.folder()


def wrong_tokens(links: Any) -> list[str]:
    """Tokens that open no page: made up, cut short, another page's, and a player's secret of an earlier server."""
    ann = links.players["Ann"]
    return ["/p/not-a-token", f"/p/{ann[:-1]}", f"/p/{links.board}", f"/b/{ann}", "/b/x",
            f"/p/{serve_links.token()}", f"/b/{serve_links.token()}/"]


# ----------------------------------------------------------------------------- in-process: the app
def test_a_wrong_tokens_page_says_so_the_same_for_every_token_and_holds_nothing(cli: Cli) -> None:
    folder = new_table(cli)
    links = make_links(PLAYERS, folder)
    with TestClient(make_app(folder, links, poll=0.01)) as client:
        answers = [client.get(url) for url in wrong_tokens(links)]
        for got in answers:
            assert got.status_code == 404, got.url
            assert got.headers["content-type"].startswith("text/html")
            assert set(got.headers) >= SECURITY and got.headers["cache-control"] == "no-store"
            assert got.headers["referrer-policy"] == "no-referrer"
            assert all(words in got.text for words in ENGLISH), got.text
            assert '<html lang="en">' in got.text
            assert not any(name in got.text for name in PLAYERS)
            assert not any(token in got.text for token in (links.board, *links.players.values()))
            assert "<script" not in got.text and "http" not in got.text
        assert len({got.text for got in answers}) == 1  # nothing tells one wrong token from another
        # The right links still open their pages.
        assert client.get(f"/p/{links.players['Ann']}").status_code == 200
        assert client.get(f"/b/{links.board}").status_code == 200


def test_what_is_not_a_page_keeps_the_plain_404(cli: Cli) -> None:
    folder = new_table(cli)
    links = make_links(PLAYERS, folder)
    with TestClient(make_app(folder, links, poll=0.01)) as client:
        for url in ("/", "/p/", "/b/", "/p/x/state", "/p/x/events", "/p/x/words", "/b/x/state", "/b/x/events",
                    f"/p/{links.players['Ann']}/nothing", "/s/player.html", "/s/nothing.css", "/nowhere/x"):
            got = client.get(url)
            assert (got.status_code, got.text) == (404, "Not found"), url
        for url in ("/p/x/lead", "/p/x", f"/b/{links.board}/lead", "/p/x/next"):
            got = client.post(url, json={"card": "AS", "seq": 2})
            assert (got.status_code, got.text) == (404, "Not found"), url


def test_a_wrong_tokens_page_is_in_the_tables_language(cli: Cli) -> None:
    folder = new_table(cli, lang="ru")
    links = make_links(PLAYERS, folder)
    with TestClient(make_app(folder, links, poll=0.01)) as client:
        got = client.get("/p/not-a-token")
        assert got.status_code == 404
        assert '<html lang="ru">' in got.text
        assert all(words in got.text.replace("\u00a0", " ") for words in RUSSIAN), got.text  # words as read
        assert "Поп Джон: эта ссылка недействительна" in got.text
        assert client.get("/p/not-a-token/state").text == "Not found"


def test_a_table_served_again_has_the_same_links_and_new_links_revokes_them(cli: Cli) -> None:
    folder = new_table(cli)
    first = make_links(PLAYERS, folder)
    again = make_links(PLAYERS, folder)
    assert (again.board, again.players) == (first.board, first.players)
    renewed = make_links(PLAYERS, folder, renew=True)
    old = {first.board, *first.players.values()}
    assert old.isdisjoint({renewed.board, *renewed.players.values()})
    with TestClient(make_app(folder, renewed, poll=0.01)) as client:
        for name, token in first.players.items():
            dead = client.get(f"/p/{token}")
            assert dead.status_code == 404 and ENGLISH[0] in dead.text and name not in dead.text
            assert client.get(f"/p/{token}/events").text == "Not found"
            assert client.get(f"/p/{renewed.players[name]}/state").json()["you"]["name"] == name
        assert client.get(f"/b/{first.board}").status_code == 404


def test_a_player_who_joins_gets_a_token_that_is_kept(cli: Cli) -> None:
    cli.ok("table", "new", "fri", "--rules", "modern-stops", "--players", ",".join(PLAYERS), "--counters", "50")
    folder = tables.folder()
    links = make_links(PLAYERS, folder)
    eve = links.token_for("Eve")
    assert eve == links.token_for("Eve")
    assert serve_links.load(folder) == serve_links.Kept(links.board, {**links.players})
    assert make_links([*PLAYERS, "Eve"], folder).players["Eve"] == eve  # the next start: the same link
    assert make_links(PLAYERS, folder).players.get("Eve") is None  # gone when she is no longer at the table


def test_without_a_folder_the_links_are_fresh_and_kept_nowhere(cli: Cli) -> None:
    folder = new_table(cli)
    one, two = make_links(PLAYERS), make_links(PLAYERS)
    assert one.board != two.board and one.keep is None
    one.token_for("Eve")
    assert not (folder / serve_links.FILE).exists()


# ----------------------------------------------------------------------------- real servers, real browser
def next_lead(home: Path) -> tuple[str, str]:
    """Who leads now, and the lowest card they may lead (`moves.lowest`, as the bots' tests choose it)."""
    view = tables.view(home / "tables" / "fri", note=False)[0]
    led = moves.lowest(view)
    assert led is not None
    return led.player, str(led.card)


def hand_size(url: str) -> int:
    state: dict[str, Any] = serving.http.get(f"{url}/state", timeout=5).json()
    return len(state["you"]["hand"])


def shown_cards(page: Any) -> int:
    """The cards the page draws in the hand (a card led keeps its place as a gap, which is not one)."""
    return int(page.evaluate("document.querySelectorAll('#hand .card').length"))


def wait_for_cards(page: Any, n: int, wait: float) -> float:
    """Seconds until the page draws `n` cards in its hand (asserting it does within `wait`)."""
    start = time.monotonic()
    while shown_cards(page) != n:
        assert time.monotonic() - start < wait, f"the page still shows {shown_cards(page)} cards, not {n}"
        time.sleep(0.02)
    return time.monotonic() - start


@pytest.fixture
def servers() -> Iterator[list[serving.Served]]:
    """The servers a test starts: any still running when it ends (a failed assertion) is stopped."""
    started: list[serving.Served] = []
    yield started
    for served in started:
        if served.proc.poll() is None:
            served.stop()


def browser_skip() -> None:
    if CHROMIUM is None:
        pytest.skip("no Chromium at /usr/bin/chromium or on PATH (Debian: apt-get install chromium)")
    pytest.importorskip("playwright.sync_api", reason="Playwright is not installed (pip install playwright)")


@POSIX
def test_an_open_page_shows_a_lead_made_while_the_server_was_down_once_it_is_back(
        tmp_path: Path, servers: list[serving.Served], browser: Any) -> None:
    home = tmp_path / "home"
    serving.table(home, PLAYERS, seed=42)
    first = serving.start(home)
    servers.append(first)
    port = first.base.rsplit(":", 1)[1]
    leader, card = next_lead(home)
    before = hand_size(first.players[leader])
    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(first.players[leader])
    wait_for_cards(page, before, 10)
    page.evaluate("window.sameDocument = true")  # gone if the page were loaded again
    assert first.stop() == (0, STOPPED)
    banker(home, "lead", card)  # the banker records the lead while the server is down
    second = serving.start(home, "--port", port)  # the lid opened again: the same table, the same port
    servers.append(second)
    assert second.base == first.base
    assert (second.board, second.players) == (first.board, first.players)
    after = hand_size(second.players[leader])
    assert after < before
    wait_for_cards(page, after, 5)  # a deadline for a wait, not a figure of speed
    assert page.evaluate("window.sameDocument === true"), "the page was loaded again"
    # And the stream it reconnected is live: a lead recorded now reaches it as before.
    _, card = next_lead(home)
    banker(home, "lead", card)
    wait_for_cards(page, hand_size(second.players[leader]), 5)
    assert second.stop() == (0, STOPPED)


SHOWN_EN = ("This link is not valid, or no longer valid.", "Ask the banker for your link: popejoan serve prints them.")
SHOWN_RU = ("Эта ссылка недействительна или больше не действует.",
            "Попросите у банкира свою ссылку: их печатает popejoan serve.")
"""The dead link's words as the browser shows them (a `code` element's text among the rest)."""


def assert_dead(page: Any, url: str, lang: str, words: tuple[str, str, str]) -> None:
    """`url` opens the page that says its link is not valid, in `lang`: its title, then its words."""
    answer = page.goto(url)
    assert answer is not None and answer.status == 404
    said = page.inner_text("main").replace("\u00a0", " ")  # the words as read, no-break spaces as spaces
    assert all(line in said for line in words[1:]), said
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.title() == words[0]


@POSIX
def test_a_revoked_or_wrong_links_page_says_so_in_english_and_in_russian(
        tmp_path: Path, servers: list[serving.Served], browser: Any) -> None:
    home = tmp_path / "home"
    serving.table(home, PLAYERS, seed=42)
    first = serving.start(home)
    servers.append(first)
    port = first.base.rsplit(":", 1)[1]
    assert first.stop() == (0, STOPPED)
    renewed = serving.start(home, "--port", port, "--new-links")
    servers.append(renewed)
    page = browser.new_context(viewport=PHONE).new_page()
    assert_dead(page, first.players["Ann"], "en", ("Pope Joan: this link is not valid", *SHOWN_EN))  # revoked
    assert "Ann" not in page.content()
    ok = page.goto(renewed.players["Ann"])
    assert ok is not None and ok.status == 200
    assert renewed.stop() == (0, NEW_LINKS + STOPPED)
    russian = serving.start(home, "--port", port, env={"POPEJOAN_LANG": "ru"})
    servers.append(russian)
    assert russian.players == renewed.players  # the new links are now the kept ones
    assert_dead(page, f"{russian.base}/p/{serve_links.token()}", "ru",
                ("Поп Джон: эта ссылка недействительна", *SHOWN_RU))
    assert russian.stop()[0] == 0


# ----------------------------------------------------------------------------- the links file beside the journal
@POSIX
def test_serving_leaves_the_links_file_for_its_owner_only_and_the_table_checks_out(tmp_path: Path) -> None:
    home = tmp_path / "home"
    serving.table(home, PLAYERS, seed=42)
    served = serving.start(home)
    assert served.stop() == (0, STOPPED)
    folder = home / "tables" / "fri"
    kept = json.loads((folder / serve_links.FILE).read_text(encoding="utf-8"))
    assert {"board": f"{served.base}/b/{kept['board']}",
            "players": {n: f"{served.base}/p/{t}" for n, t in kept["players"].items()}} == \
        {"board": served.board, "players": served.players}
    assert (folder / serve_links.FILE).stat().st_mode & 0o777 == 0o600
    banker(home, "check")  # a file the journal does not know is no damage
    assert not re.search("|".join(map(re.escape, [kept["board"], *kept["players"].values()])),
                         (folder / "journal.jsonl").read_text(encoding="utf-8"))
