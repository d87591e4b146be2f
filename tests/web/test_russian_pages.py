"""`popejoan serve` at a Russian table (`table new --lang ru`): the pages' words, the narration, the pot labels
and the cards in Russian; an English table's pages as they were. Through Starlette's test client, and once
in headless Chromium (skipped without it).
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")

import serving

from conftest import Cli

with warnings.catch_warnings():  # as in test_app: starlette asks for httpx2, which the test client does not use yet
    warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
    from starlette.testclient import TestClient

from popejoan_cli.formats.presets import preset
from popejoan_cli.game.cards import Card
from popejoan_cli.render import i18n
from popejoan_cli.store import tables
from popejoan_cli.table.events import HandDealt, TableOpened
from popejoan_cli.web.app import STATIC, inline_styles, make_app
from popejoan_cli.web.links import make_links

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
SEEDS_WORDS = {"Поп Джон", "Матримония", "Интрига", "Туз", "Король", "Дама", "Валет", "Гейм"}
CYRILLIC = re.compile("[А-Яа-яЁё]")
ENGLISH_FACE = re.compile(r"(?<!\w)[AJQK][♣♦♥♠]")
LABELS = ("Your hand", "At the table", "The board", "Standings", "Last run", "Player", "Counters", "Cards",
          "Turn-up", "Trump", "Play", "to lead", "Spare hand")


def plain(text: str) -> str:
    """`text` with the no-break spaces Russian typesetting puts in (`render.typeset`) read as spaces."""
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def open_table(cli: Cli, name: str, *lang: str) -> Path:
    cli.ok("table", "new", name, "--rules", "russian", "--players", ",".join(PLAYERS), "--dealer", "Dan",
           "--counters", "50", *lang)
    cli.ok("deal", "--seed", "42")
    return tables.folder()


def pages(folder: Path) -> tuple[TestClient, Any]:
    links = make_links(PLAYERS)
    return TestClient(make_app(folder, links, poll=0.01)), links


@pytest.fixture
def both(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, tuple[TestClient, Any]]]:
    """The same deal (seed 42) at a Russian table and at an English one, each served."""
    for name in ("POPEJOAN_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)  # the table's own language decides, not this machine's locale
    ru, en = open_table(cli, "ru", "--lang", "ru"), open_table(cli, "en")
    (ru_client, ru_links), (en_client, en_links) = pages(ru), pages(en)
    with ru_client, en_client:
        yield {"ru": (ru_client, ru_links), "en": (en_client, en_links)}


def get(served: tuple[TestClient, Any], path: str) -> Any:
    """Ann's page at `path` ("/state"), or the board's when it starts with "board" ("board/state")."""
    client, links = served
    board = path.startswith("board")
    url = f"/b/{links.board}{path.removeprefix('board')}" if board else f"/p/{links.players['Ann']}{path}"
    got = client.get(url)
    assert got.status_code == 200, url
    return got


WORDS = ("said", "story", "why", "label", "title", "named", "whose", "table")
"""The keys of a state that hold words, which differ between the languages."""


def facts(data: Any) -> Any:
    """The state without its words: what must be the same at either table."""
    if isinstance(data, dict):
        return {k: facts(v) for k, v in data.items() if k not in WORDS}
    if isinstance(data, list):
        return [facts(v) for v in data]
    return data


def test_a_russian_tables_state_speaks_russian_with_the_seeds_words_and_russian_faces(both: Any) -> None:
    for path in ("/state", "board/state"):
        ru, en = get(both["ru"], path).json(), get(both["en"], path).json()
        assert facts(ru) == facts(en)  # the same deal, told in two languages
        assert {p["label"] for p in ru["pots"]} == SEEDS_WORDS
        assert {p["label"] for p in en["pots"]} == {"Pope", "Matrimony", "Intrigue", "Ace", "King", "Queen", "Jack",
                                                    "Game"}
        assert CYRILLIC.search(ru["said"]) and not CYRILLIC.search(en["said"])
        assert not ENGLISH_FACE.search(ru["said"])
        i18n.use("ru")
        turnup = Card.parse(ru["turnup"])
        assert i18n.face(turnup) in ru["said"]
        assert ru["trump"]["title"] == i18n.suit_label(turnup.suit).split(" ", 2)[2]
        i18n.use("en")
        assert turnup.face in en["said"] and en["trump"]["title"] == turnup.suit.title


def assert_russian_words(words: Any) -> None:
    """The Russian table's /words: the labels, plurals, ranks, suit letters and suits in Russian."""
    assert words["lang"] == words["plural"] == "ru"
    assert words["words"]["Your hand"] == "Ваши карты"
    assert all(CYRILLIC.search(text) for key, text in words["words"].items() if key != "{rank} of {suit}")
    assert words["cards"] == ["{n} карта", "{n} карты", "{n} карт"]
    assert words["counters"] == ["{n} фишка", "{n} фишки", "{n} фишек"]
    assert (words["ranks"]["A"], words["ranks"]["J"], words["ranks"]["10"]) == ("Т", "В", "10")
    assert words["letters"] == {"C": "т", "D": "б", "H": "ч", "S": "п"}
    assert words["suits"]["S"].startswith("♠ п ")


def assert_english_words(english: Any) -> None:
    """The English table's /words: each label as written."""
    assert all(key == text for key, text in english["words"].items())
    assert (english["ranks"]["A"], english["letters"]["S"], english["suits"]["S"]) == ("A", "S", "♠ S spades")


def assert_pages_as_written_or_in_russian(both: Any) -> None:
    """The English pages are the static files byte for byte, their stylesheets written into them
    (`app.inline_styles`); the Russian ones show no English label."""
    for path, name in (("", "player.html"), ("board", "board.html")):
        ru_page, en_page = get(both["ru"], path).text, get(both["en"], path).text
        assert en_page == inline_styles((STATIC / name).read_text(encoding="utf-8"))
        shown = re.sub(r' data-w="[^"]*"', "", ru_page)  # the msgids the server looks the labels up by
        assert '<html lang="ru">' in ru_page
        assert not re.search(r"Standings|At the table|The board|Your hand", shown)
        assert "Счёт" in ru_page and "За столом" in plain(ru_page)


def test_a_russian_tables_pages_have_russian_words_and_an_english_tables_are_as_written(both: Any) -> None:
    words = get(both["ru"], "/words").json()
    assert_russian_words(words)
    assert get(both["ru"], "board/words").json() == words
    assert_english_words(get(both["en"], "/words").json())
    assert_pages_as_written_or_in_russian(both)


def test_a_refused_lead_is_told_in_russian(both: Any) -> None:
    client, links = both["ru"]
    state = get(both["ru"], "/state").json()
    who = next(name for name in PLAYERS if name != state["lead"])
    got = client.post(f"/p/{links.players[who]}/lead", json={"card": "AS", "seq": state["seq"]})
    assert got.status_code == 409 and CYRILLIC.search(got.json()["error"])
    assert set(got.json()) == {"error", "rule"}  # not this player's lead: nothing private to tell
    # The leader's own refusal: public words and rule in Russian, and the reason, in Russian, on her page alone
    mine = client.post(f"/p/{links.players[state['lead']]}/lead", json={"card": "3S", "seq": state["seq"]})
    assert mine.status_code == 409
    said = {key: plain(text) for key, text in mine.json().items()}
    assert set(said) == {"error", "rule", "why"} and said["error"].startswith("Вы не можете")  # told to her: «Вы»
    assert CYRILLIC.search(said["rule"]) and "нет карты 3♠" in said["why"]
    other = client.post(f"/p/{links.players[who]}/lead", json={"card": "3S", "seq": state["seq"]})
    assert other.status_code == 409 and set(other.json()) == {"error", "rule"} and "нет карты" not in other.text
    got = client.post(f"/p/{links.players[who]}/lead", content=b"[]", headers={"content-type": "application/json"})
    assert got.status_code == 400 and CYRILLIC.search(got.json()["error"])


CHROMIUM = serving.CHROMIUM


@pytest.mark.skipif(CHROMIUM is None, reason="no Chromium at /usr/bin/chromium or on PATH")
def test_the_russian_player_page_in_a_browser_shows_no_english_label(tmp_path: Path, browser: Any) -> None:
    # Here the server's process chooses Russian (POPEJOAN_LANG), the other way a table comes to speak it.
    home = tmp_path / "home"
    serving.table(home, PLAYERS, seed=42, rules="russian")
    served = serving.start(home, env={"POPEJOAN_LANG": "ru"})
    try:
        page = browser.new_page()
        page.goto(served.players["Ann"])
        page.wait_for_selector("#standings th")
        page.wait_for_selector("#hand .card")
        shown = page.inner_text("body")
        assert page.get_attribute("html", "lang") == "ru"
        assert "Ваши карты" in shown and "Игрок" in shown and "Фишки" in shown
        assert re.search(r"\d+\u00a0карт[аы]?|Ваш ход", page.inner_text("#hand-note"))  # a count kept with its noun
        assert {page.inner_text(f"#pots .pot:nth-child({i}) .label") for i in range(1, 9)} == SEEDS_WORDS
        for word in LABELS:
            assert not re.search(rf"\b{re.escape(word)}\b", shown), word
        assert not ENGLISH_FACE.search(shown)
        letters = set(page.eval_on_selector_all("#hand .card .letter", "cs => cs.map(c => c.textContent)"))
        assert letters and letters <= {"т", "б", "ч", "п"}
    finally:
        code, _ = served.stop()
        assert code == 0


def test_a_russian_page_names_its_cards_in_russian_words() -> None:
    """A screen reader at a Russian table hears «Туз пик», «Дама червей», not "A of spades"."""
    from popejoan_cli.web.words import page_words

    i18n.use("ru")
    try:
        words = page_words("ru")
    finally:
        i18n.use("en")
    label = words["words"]["{rank} of {suit}"]
    said = {code: label.format(rank=words["rank_words"][code[:-1]], suit=words["suit_of"][code[-1]])
            for code in ("AS", "QH", "10D", "JC")}
    assert said == {"AS": "Туз пик", "QH": "Дама червей", "10D": "10 бубен", "JC": "Валет треф"}


def test_a_new_hand_says_who_leads_in_russian(tmp_path: Path) -> None:
    """The page's story of a new deal ends with who leads, in the table's language (it was English)."""
    from popejoan_cli.web.words import dealt_lines, text

    folder = tmp_path / "t"
    tables.record(lambda v: [TableOpened(name="t", rules=preset("modern-stops").to_dict(), rules_name="modern-stops",
                                         players=["Аня", "Боря", "Вика", "Дима"], counters=50, dealer="Аня",
                                         lang="ru")], where=folder, create=True)
    view = tables.record(lambda v: [HandDealt(seed=42, dealer="Аня")], where=folder).view
    i18n.use("ru")
    try:
        said = text(dealt_lines(view.hands[-1]))
    finally:
        i18n.use("en")
    assert said.splitlines()[-1] == "Боря ходит." and "leads" not in said
