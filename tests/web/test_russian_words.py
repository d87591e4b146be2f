"""The words of a Russian table's pages (issue 40): each comes from the catalogue the terminal reads (no word
written into page.js or the HTML: no Cyrillic in `web/static`), in the glossary's words (секвенция, «забирает
секцию», «не состоялась»), addressed to the one person with the polite capital «Вы»; a run and each pot taken are
told in the narration's own sentences; the trump is said once («Козырь: черви ♥»); a card in a sentence is its
face, the suit's letter only on a tile of the hand; a message about a card agrees with it («пойти с него» of a
king, «с неё» of a queen); your own row of the standings is said to you. Through Starlette's test client, and in
headless Chromium (skipped without it).
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")

import serving
from test_russian_pages import CYRILLIC, both, get, plain

from popejoan_cli.formats import po
from popejoan_cli.game.cards import Card, Suit
from popejoan_cli.render import i18n
from popejoan_cli.render.typeset import typeset
from popejoan_cli.web.app import STATIC

__all__ = ["both"]  # the fixture, from test_russian_pages

PHONE = {"width": 390, "height": 844}
REJECTED = re.compile(r"\b(берёт|берете|берёте|аннулирован\w*|ход 4|червы|сессия|Остатки)\b", re.IGNORECASE)
LOWER_YOU = re.compile(r"\b(вы|вас|вам|вами|ваш\w*)\b")
"""The polite «Вы», «Вас», «Ваш» written in lower case: the pages address one person, with the capital."""


def test_no_word_is_written_into_the_pages_files() -> None:
    """page.js, the HTML and the stylesheets hold no Russian: every word a page shows comes from the server."""
    for path in sorted(STATIC.iterdir()):
        found = CYRILLIC.search(path.read_text(encoding="utf-8"))
        assert found is None, f"{path.name}: {found and found[0]!r}"


def catalogue_texts() -> set[str]:
    """Every Russian msgstr (each plural form), as written and as typeset (`tp` sets a sentence so)."""
    texts = {form for forms in po.packaged("ru").messages.values() for form in forms}
    return texts | {typeset(text) for text in texts}


def test_every_word_the_russian_pages_show_is_a_catalogue_msgstr(both: Any) -> None:
    words = get(both["ru"], "/words").json()
    texts = catalogue_texts()
    shown = [*words["words"].values(), *words["rank_words"].values(), *words["suit_of"].values(),
             *words["levels"].values()]
    for text in shown:
        assert text in texts or text.isdigit(), text
    for kind in ("cards", "counters", "against"):  # the forms of a count, as the catalogue's plural entries
        assert all(form in texts for form in words[kind]), words[kind]


def test_the_pages_say_the_glossarys_words_and_the_polite_you(both: Any) -> None:
    words = {key: plain(text) for key, text in get(both["ru"], "/words").json()["words"].items()}
    assert words["Last run"] == "Последняя секвенция" and words["Runs this hand"] == "Секвенции этой раздачи"
    assert words["void"] == "не состоялась"
    for key, text in words.items():
        assert not REJECTED.search(text), (key, text)
        assert not LOWER_YOU.search(text), (key, text)
    assert words["{player} ← your lead"] == "{player} (Ваш ход)"
    assert words["{player} ← to lead"] == "{player} (ходит)"  # not «Боря ← ходит»


def lead_until_a_pot_is_taken(served: tuple[Any, Any]) -> dict[str, Any]:
    """Lead each leader's first legal card from their page until a pot has been taken: the board's state then."""
    client, links = served
    for _ in range(40):
        board = get(served, "board/state").json()
        if board["awards"] or board["lead"] is None:
            return dict(board)
        page = f"/p/{links.players[board['lead']]}"
        mine = client.get(f"{page}/state").json()
        client.post(f"{page}/lead", json={"card": mine["you"]["legal"][0], "seq": mine["seq"]})
    raise AssertionError("no pot was taken in 40 leads")


def test_runs_and_pots_taken_are_the_narrations_sentences(both: Any) -> None:
    board = lead_until_a_pot_is_taken(both["ru"])
    assert board["awards"], "seed 42 takes a pot before the hand ends"
    for award in board["awards"]:
        told = "".join(piece for piece in award["story"][0] if isinstance(piece, str))  # its words, not its cards
        assert f"{award['player']} забирает секцию «{award['label']}»" in plain(told), told
    for run in board["runs"]:
        first = run["story"][0][0]
        assert isinstance(first, str) and plain(first).startswith(f"{run['leader']} ходит"), run["story"]
    english = lead_until_a_pot_is_taken(both["en"])
    assert all(" wins " in a["story"][0][0] for a in english["awards"])


def test_the_trump_is_said_once_by_its_name_then_its_symbol(both: Any) -> None:
    board = get(both["ru"], "board/state").json()
    suit = Suit[board["trump"]["suit"]]
    i18n.use("ru")
    try:
        named = i18n.suit_named(suit)
    finally:
        i18n.use("en")
    assert board["trump"]["named"] == named and named.endswith(suit.symbol) and named.count(" ") == 1
    assert get(both["en"], "board/state").json()["trump"]["named"] == f"{suit.title} {suit.symbol}"


def test_the_page_head_declines_its_players_name(both: Any) -> None:
    client, links = both["ru"]
    assert plain(client.get(f"/p/{links.players['Ann']}/state").json()["you"]["whose"]) == "Карты игрока Ann"
    _, en_links = both["en"]
    assert both["en"][0].get(f"/p/{en_links.players['Ann']}/state").json()["you"]["whose"] == "Ann's hand"


CHROMIUM = serving.CHROMIUM
PLAYERS = ["Аня", "Боря", "Вика", "Саша"]


def served_mid_hand(home: Path) -> serving.Served:
    """A Russian table (seed 42), four leads made from the pages: Боря to lead, holding К♠ and Д♥ to lead."""
    serving.table(home, PLAYERS, seed=42, rules="russian")
    served = serving.start(home, env={"POPEJOAN_LANG": "ru"})
    for _ in range(4):
        board = serving.board_state(served)
        mine = serving.http.get(served.players[board["lead"]] + "/state", timeout=5).json()
        serving.http.post(served.players[board["lead"]] + "/lead", json={"card": mine["you"]["legal"][0],
                                                                         "seq": mine["seq"]}, timeout=5)
        serving.wait_past(served, board["seq"])
    return served


@pytest.mark.skipif(CHROMIUM is None, reason="no Chromium at /usr/bin/chromium or on PATH")
def test_a_russian_phone_page_agrees_with_its_cards_and_says_your_row_to_you(tmp_path: Path, browser: Any) -> None:
    served = served_mid_hand(tmp_path / "home")
    try:
        board = serving.board_state(served)
        leader = board["lead"]
        legal = serving.http.get(served.players[leader] + "/state", timeout=5).json()["you"]["legal"]
        page = browser.new_page(viewport=PHONE, has_touch=True)
        page.goto(served.players[leader])
        page.wait_for_selector("#hand .card.legal")
        time.sleep(0.8)  # a hand just laid out takes no tap for a moment (page.js: SETTLE)
        row = next(r for r in page.locator("#standings tr").all_inner_texts() if r.startswith(leader))
        assert plain(row).startswith(f"{leader} (Ваш ход)"), row
        assert leader == "Боря" and plain(page.inner_text("#title")) == "Карты Бори"  # declined by the server
        said = {}
        for code in legal:
            gender = "m" if code[:-1] in ("J", "K", "A") else "f"
            if gender in said:
                continue
            page.locator(f'#hand button[data-card="{code}"]').tap()
            said[gender] = plain(page.inner_text("#hand-note"))
        assert set(said) == {"m", "f"}, legal  # Боря may lead a king and a queen (or a numbered card)
        assert "пойти с него," in said["m"] and "пойти с неё," in said["f"], said
        # A card in a sentence is its face (no letter); a tile of the hand shows its letter too.
        assert page.locator("#said .card .letter").count() == 0 and page.locator("#lastrun .card .letter").count() == 0
        assert page.locator("#hand .card .letter").count() == len(page.locator("#hand .card").all())
        trump = plain(page.inner_text("#centre .trump"))
        symbol = Card.parse(board["turnup"]).suit.symbol
        assert trump.count(symbol) == 1 and re.fullmatch(rf"Козырь: [а-я]+ {symbol}", trump), trump
        for url in (served.players[leader], served.board):  # no sideways scroll on a phone (a no-break space's
            page.goto(url)  # «За раздачу» once held the standings wider than the screen)
            page.wait_for_selector("#standings td")
            assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], url
    finally:
        served.stop()
