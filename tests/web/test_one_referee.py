"""Every refusal of a lead on a player's page is the referee's, in the words the command line says, and the
board narrates a real deck's plays as `play` and `out` tell them, in the table's language (issue 36).

Through Starlette's test client, each table made with the command line (the `cli` fixture), in English and
at a Russian table (`table new --lang ru`): the page's "not your lead" is `Hand.ruling`'s told words and
rule; a lead asked of a real deck's hand, or a tally's, is refused with the one sentence `popejoan lead`
says; the board's story of a real hand is what `play`, then `out`, printed.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")

from conftest import Cli

with warnings.catch_warnings():  # as in test_app: starlette asks for httpx2, which the test client does not use yet
    warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
    from starlette.testclient import TestClient

from popejoan_cli.game.cards import Card
from popejoan_cli.render import i18n
from popejoan_cli.render.practice_views import said_to
from popejoan_cli.store import journal, tables
from popejoan_cli.web.app import make_app
from popejoan_cli.web.links import Links, make_links

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
LANGS = {"en": (), "ru": ("--lang", "ru")}


@pytest.fixture(autouse=True)
def _the_tables_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """The table's own language decides what the pages say, not this machine's locale."""
    for name in ("POPEJOAN_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)


@dataclass
class Pages:
    client: TestClient
    links: Links
    folder: Path

    def post(self, name: str, card: str, check: bool = False) -> Any:
        """`name`'s page leads `card` (with `check`: asks why not, recording nothing) at the table's seq now."""
        seq = self.state(name)["seq"]
        body = {"card": card, "seq": seq, **({"check": True} if check else {})}
        return self.client.post(f"/p/{self.links.players[name]}/lead", json=body)

    def state(self, name: str) -> Any:
        return self.client.get(f"/p/{self.links.players[name]}/state").json()

    def board(self) -> Any:
        got = self.client.get(f"/b/{self.links.board}/state")
        assert got.status_code == 200
        return got.json()

    def journal(self) -> bytes:
        return (self.folder / journal.JOURNAL).read_bytes()


def open_table(cli: Cli, lang: str, dealer: str = "Dan") -> None:
    cli.ok("table", "new", f"t-{lang}", "--rules", "modern-stops", "--players", ",".join(PLAYERS), "--dealer",
           dealer, "--counters", "50", *LANGS[lang])


@pytest.fixture
def serve(cli: Cli) -> Iterator[Any]:
    """`serve()`: the current table's pages, served until the test ends."""
    opened: list[TestClient] = []

    def pages() -> Pages:
        folder, links = tables.folder(), make_links(PLAYERS)
        client = TestClient(make_app(folder, links, poll=0.01))
        client.__enter__()
        opened.append(client)
        return Pages(client, links, folder)

    yield pages
    for client in opened:
        client.__exit__(None, None, None)


def refusal_lines(stderr: str) -> list[str]:
    """The CLI's refusal as its lines, the `popejoan: ` and the rule's label taken off: what a page shows."""
    first, *rest = stderr.splitlines()
    return [first.removeprefix("popejoan: "), *(line.strip().split(": ", 1)[1] for line in rest)]


@pytest.mark.parametrize("lang", LANGS)
def test_not_your_lead_on_a_page_is_the_referees_refusal(cli: Cli, serve: Any, lang: str) -> None:
    """Seed 42, Dan deals: Ann leads. Bob's page leads, or taps, a card of his own: the referee refuses it, and
    the page says the referee's told words and rule, as `popejoan lead CARD --by Bob` does, told to Bob: his own
    page puts the same words in the second person (render.practice_views.said_to)."""
    open_table(cli, lang)
    cli.ok("deal", "--seed", "42")
    pages = serve()
    assert pages.state("Bob")["lead"] == "Ann"
    card = pages.state("Bob")["you"]["hand"][0]
    ruling = _ruling(pages.folder, 1, card)  # Bob's seat
    before = pages.journal()
    led, tapped = pages.post("Bob", card), pages.post("Bob", card, check=True)
    i18n.use(lang)
    told = {"error": i18n.spoken_said(ruling.told), "rule": i18n.spoken_said(ruling.rule)}
    to_bob = {"error": said_to(ruling.told, "Bob"), "rule": told["rule"]}
    i18n.use("en")
    assert led.status_code == tapped.status_code == 409
    assert led.json() == tapped.json() == to_bob  # nothing private: the refusal turned on nobody's cards
    said = cli.fails(3, "lead", card, "--by", "Bob")
    assert refusal_lines(said) == [told["error"].replace("\u00a0", " "), told["rule"].replace("\u00a0", " ")]
    expected = {"en": (f"Bob cannot lead {face(card)}: it is Ann's lead",
                       f"You cannot lead {face(card)}: it is Ann's lead"),
                "ru": (f"Bob не может пойти с {_ru_face(card)}: сейчас ходит Ann",
                       f"Вы не можете пойти с {_ru_face(card)}: сейчас ходит Ann")}[lang]
    assert (told["error"].replace("\u00a0", " "), to_bob["error"].replace("\u00a0", " ")) == expected
    assert pages.journal() == before


def _ruling(folder: Path, seat: int, card: str) -> Any:
    """The referee's ruling on `seat`'s play of `card` in the table's open hand (`Hand.ruling`)."""
    rec = tables.view(folder)[0].open_hand
    assert rec is not None
    return rec.hand.ruling(seat, Card.parse(card))


def face(card: str) -> str:
    return Card.parse(card).face


def _ru_face(card: str) -> str:
    i18n.use("ru")
    try:
        return i18n.face(Card.parse(card))
    finally:
        i18n.use("en")


@pytest.mark.parametrize("lang", LANGS)
def test_a_real_decks_lead_is_refused_alike_at_the_command_line_and_on_a_page(cli: Cli, serve: Any,
                                                                              lang: str) -> None:
    open_table(cli, lang, dealer="Ann")
    cli.ok("deal", "--real", "--turnup", "8H")
    pages = serve()
    before = pages.journal()
    said = refusal_lines(cli.fails(3, "lead", "2C"))
    for got in (pages.post("Bob", "2C"), pages.post("Bob", "2C", check=True)):
        assert got.status_code == 409
        assert got.json() == {"error": said[0], "rule": ""}
    assert said == [{"en": "this hand is dealt from a real deck: record each card with `popejoan play NAME CARD`",
                     "ru": "эта раздача сдана настоящей колодой: записывайте каждую карту командой "
                           "`popejoan play ИМЯ КАРТА`"}[lang]]
    assert pages.journal() == before


def test_a_tally_hands_lead_is_refused_as_a_tally_at_the_command_line_and_on_a_page(cli: Cli, serve: Any) -> None:
    """A tally records no card: a lead is told how a tally is kept, not to record each card."""
    open_table(cli, "en", dealer="Ann")
    cli.ok("deal", "--real", "--tally", "--turnup", "8H")
    pages = serve()
    said = refusal_lines(cli.fails(3, "lead", "2C"))
    assert said == ["this hand is kept as a tally: record pots with `popejoan pay NAME POT`, and the end with "
                    "`popejoan out NAME --left ...`"]
    got = pages.post("Bob", "2C")
    assert got.status_code == 409 and got.json() == {"error": said[0], "rule": ""}


@pytest.mark.parametrize("lang", LANGS)
def test_the_board_narrates_a_real_decks_plays_as_the_command_line_told_them(cli: Cli, serve: Any,
                                                                            lang: str) -> None:
    """Ann deals a real deck: Bob leads 2♣ and Cat plays 3♣ to Q♣, his tenth and last card, then goes out. The
    board tells the run from its lead, then the settlement, in the words `play` and `out` printed."""
    open_table(cli, lang, dealer="Ann")
    cli.ok("deal", "--real", "--turnup", "8H")
    led = cli.ok("play", "Bob", "2C").stdout
    pages = serve()
    for said in (pages.board()["said"], pages.state("Dan")["said"]):
        assert said.replace("\u00a0", " ") == led.rstrip("\n")  # the CLI's words as read
    assert "Real deck:" not in led
    run = cli.ok("play", "Cat", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC").stdout
    said = pages.board()["said"].replace("\u00a0", " ")  # the page's words as read, as `Cli` reads the CLI's
    assert said == led.splitlines()[0] + "\n" + run.rstrip("\n")  # the whole run, from its lead
    out = cli.ok("out", "Cat", "--pope", "Ann").stdout
    assert pages.board()["said"].replace("\u00a0", " ") == out.rstrip("\n")
    first = {"en": (f"Bob leads {face('2C')}", "Cat is out."),
             "ru": ("Bob ходит: 2♣", "У игрока Cat кончились карты.")}[lang]
    assert led.startswith(first[0] + "\n") and out.startswith(first[1] + "\n")
    story = pages.board()["story"]
    assert [p.replace("\u00a0", " ") for p in story[0]] == [first[1]] and len(story) == len(out.splitlines())
