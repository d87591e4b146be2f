"""The narration, the claims and the board read as a Russian book would print them (issue 40).

Each test is one class of defect the Russian table had, and fails on the words before the fix:
a card that did not agree as the noun it is («В♣ не сыграна»), a player of unknown gender told in the
present where the others are told in the past («К♣ кладёт Саша»), a thing said twice («секцию «В♠» (В♠)»,
«Открытая карта идёт сдатчику» once for each pot of a turned-up Pope, «К♣ (KC, вне игры)»), a line begun
in lower case («доска: …», «открытая карта 4♦» in the board's box), a block headed «Раздача финальный кон»,
and a table that never says it cannot tell a player's gender.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from conftest import Cli
from popejoan_cli.base.errors import Said
from popejoan_cli.base.people import Person
from popejoan_cli.game.cards import Card
from popejoan_cli.game.state import Award
from popejoan_cli.render import i18n, narrate
from popejoan_cli.store import tables

PEOPLE = {"Вика": Person("f", {"gen": "Вики", "dat": "Вике", "ins": "Викой"}),
          "Борис": Person("m", {"gen": "Бориса", "dat": "Борису", "ins": "Борисом"}),
          "Саша": Person("", {"gen": "Саши", "dat": "Саше", "ins": "Сашей"})}
"""A woman, a man and a player whose gender the name does not tell, as the journal describes them."""


@pytest.fixture
def russian() -> Iterator[None]:
    i18n.use("ru")
    i18n.meet(PEOPLE)
    try:
        yield
    finally:
        i18n.meet({})
        i18n.use("en")


def spoken(said: Said) -> str:
    """An error's or a verdict's words as the CLI says them (a card filled in as a face that knows its card)."""
    from popejoan_cli.cli.exits import spoken as said_by_the_cli

    return said_by_the_cli(said).replace("\xa0", " ")


def line(msgid: str, **named: object) -> str:
    return narrate.plain(narrate.said(msgid, **named)).replace("\xa0", " ")


# --------------------------------------------------------------------------- a card agrees as its noun
@pytest.mark.usefixtures("russian")
def test_a_card_agrees_as_the_noun_it_is() -> None:
    """валет, король, туз are masculine; дама and a numbered card (семёрка) feminine."""
    assert spoken(Said("{card} has not been played", card=Card.parse("JC"))) == "В♣ не сыгран"
    assert spoken(Said("{card} has not been played", card=Card.parse("KS"))) == "К♠ не сыгран"
    assert spoken(Said("{card} has not been played", card=Card.parse("QC"))) == "Д♣ не сыграна"
    assert spoken(Said("{card} has not been played", card=Card.parse("7C"))) == "7♣ не сыграна"
    assert spoken(Said("{card} was turned up and has not been played", card=Card.parse("AS"))) == (
        "Т♠ открыт при сдаче и не сыгран")
    assert spoken(Said("{high} was played before {low}", high=Card.parse("KD"), low=Card.parse("QD"))) == (
        "К♦ сыгран раньше, чем Д♦")
    assert line("Next: {card}, which {player} holds.", card=Card.parse("JC"), player="Вика") == (
        "Дальше — В♣, он у Вики.")
    assert line("Next: {card}, which {player} holds.", card=Card.parse("QC"), player="Вика") == (
        "Дальше — Д♣, она у Вики.")
    assert line("Next: {card}, from whoever holds it; or `popejoan stop` if nobody can.", card=Card.parse("AC")) == (
        "Дальше — Т♣, его кладёт тот, у кого он есть; если ни у кого нет, — `popejoan stop`.")


# --------------------------------------------------------------------------- unknown gender: the past kept
@pytest.mark.usefixtures("russian")
def test_a_player_of_unknown_gender_is_told_in_the_past_as_the_others_are() -> None:
    """«К♣ кладёт Саша» beside «Д♣ сыграла Вика» changed the tense; the passive keeps it and needs no gender."""
    played = [spoken(Said("{card} was played by {player}", card=Card.parse(c), player=p))
              for c, p in (("QC", "Вика"), ("KC", "Борис"), ("KC", "Саша"), ("QC", "Саша"))]
    assert played == ["Д♣ сыграла Вика", "К♣ сыграл Борис", "К♣ сыгран Сашей", "Д♣ сыграна Сашей"]
    assert spoken(Said("{player} played {cards}", player="Саша", cards=Card.parse("9D"))) == "9♦ — с руки Саши"
    took = spoken(Said("the dealer, {player}, took {pot} when {card} was turned up", player="Саша", pot="Король",
                       card=Card.parse("KC")))
    assert took == "секцию «Король» забрал сдатчик Саша, когда при сдаче открылся К♣"
    breach = spoken(Said("{player} led {card} while holding {lower}", player="Саша", card=Card.parse("5C"),
                         lower=Card.parse("2C")))
    assert breach == "ход с 5♣ сделан Сашей при 2♣ на руках"
    for words in (played[2:], took, breach):
        assert " кладёт " not in f" {words} " and " ходит " not in f" {words} " and "сдаёт" not in words


# --------------------------------------------------------------------------- one thing said once
@pytest.mark.usefixtures("russian")
def test_a_pot_named_by_its_card_is_not_followed_by_the_card_again() -> None:
    labels = {"jack": "Jack of spades", "king": "King"}
    assert narrate.plain(narrate.award(Award("jack", 0, 6, "play", (Card.parse("JS"),)), ["Борис"], labels)) == (
        "Борис забирает секцию «В♠»: 6\xa0фишек")
    assert narrate.plain(narrate.award(Award("king", 0, 5, "play", (Card.parse("KD"),)), ["Борис"], labels)) == (
        "Борис забирает секцию «Король» (К♦): 5\xa0фишек")


@pytest.mark.usefixtures("russian")
def test_a_turned_up_pope_says_the_turn_up_once() -> None:
    awards = [Award("pope", 0, 20, "turnup"), Award("game", 0, 5, "turnup")]
    told = [narrate.plain(x).replace("\xa0", " ")
            for x in narrate.turnup_awards(awards, ["Вика"], {"pope": "Pope", "game": "Game"})]
    assert told == ["За открытую карту Вика забирает секцию «Поп Джон»: 20 фишек",
                    "Вика забирает секцию «Гейм»: 5 фишек"]


def test_a_russian_deal_shows_the_turn_up_by_its_russian_face_alone(cli: Cli) -> None:
    said = cli.ok("hand", "deal", "--rules", "russian", "--players", "Вика,Дарья,Саша", "--seed", "3",
                  POPEJOAN_LANG="ru").stdout
    assert "Открытая карта: К♣ (вне игры); козырь: трефы ♣" in said
    assert "KC" not in said
    english = cli.ok("hand", "deal", "--rules", "russian", "--players", "Ann,Bob,Cat", "--seed", "3").stdout
    assert "Turn-up: K♣ (KC, out of play); trump: clubs ♣" in english  # English as it was


# --------------------------------------------------------------------------- a line begins with a capital
def test_the_board_and_a_count_begin_their_lines_with_a_capital(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POPEJOAN_HOME", str(cli.home))
    cli.ok("table", "new", "t", "--rules", "russian", "--players", "Вика,Борис,Саша", "--lang", "ru")
    board = cli.ok("board").stdout
    assert "Раздач ещё не было" in board and "раздач ещё не было" not in board
    pots = "Поп Джон=0,Матримония=0,Интрига=0,Туз=0,Король=0,Дама=0,Валет=0,Гейм=0"
    assert cli.ok("count", "board", pots).stdout.startswith("Доска: 0 фишек, ")  # never «доска: …»
    cli.ok("deal", "--seed", "7")
    board = cli.ok("board").stdout
    assert "Открытая карта 4♦" in board and "Козырь: бубны ♦" in board


def test_the_final_deal_is_headed_by_its_own_name(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    """At a width that turns the history on its side, each hand is a block headed «Раздача 1» and the final deal
    «Финальный кон», never «Раздача финальный кон»."""
    monkeypatch.setenv("POPEJOAN_HOME", str(cli.home))
    cli.ok("table", "new", "t", "--rules", "russian", "--players", "Вика,Дарья,Максим,Саша,Ann", "--lang", "ru")
    cli.ok("deal", "--seed", "7")
    while tables.view(tables.folder())[0].open_hand is not None:
        cli.lead_lowest(tables.folder())
    cli.ok("end", "--seed", "5")
    history = Cli(cli.home, columns="60").ok("history").stdout
    assert "\nРаздача 1\n" in history and "\nФинальный кон\n" in history, history
    assert "Раздача финальный" not in history


# --------------------------------------------------------------------------- a gender nobody can tell
def test_a_russian_table_says_whose_gender_it_cannot_tell(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    from rich.console import Console

    from popejoan_cli.render.table_views import gender_unknown

    monkeypatch.setenv("POPEJOAN_HOME", str(cli.home))
    cli.ok("table", "new", "t", "--rules", "russian", "--players", "Вика,Саша,Ann,Борис", "--lang", "ru")
    view = tables.view(tables.folder())[0]

    def said(names: list[str]) -> str | None:
        text = gender_unknown(view, names)
        if text is None:
            return None
        console = Console(width=200, color_system=None)
        with console.capture() as out:
            console.print(text)
        return " ".join(out.get().replace("\xa0", " ").split())

    i18n.use("ru")
    try:
        assert said(view.players) == ("Род игроков Саша и Ann по именам не определить: укажите род каждого командой "
                                      "`popejoan table gender ИМЯ ж` (или `м`).")
        assert said(["Саша"]) == ("Род игрока Саша по имени не определить: укажите его командой "
                                  "`popejoan table gender Саша ж` (или `м`).")
        assert said(["Вика", "Борис"]) is None  # the names tell
    finally:
        i18n.use("en")
    assert said(view.players) is None  # English needs no gender


@pytest.mark.usefixtures("russian")
def test_cards_played_in_turn_take_a_comma_before_then() -> None:
    won = narrate.award(Award("matrimony", 0, 4, "play", (Card.parse("QH"), Card.parse("KH"))), ["Борис"],
                        {"matrimony": "Matrimony"})
    assert narrate.plain(won).replace("\xa0", " ") == "Борис забирает секцию «Матримония» (Д♥, затем К♥): 4 фишки"


def test_a_board_with_no_turn_up_begins_its_line_with_a_capital(cli: Cli) -> None:
    cli.ok("table", "new", "m", "--rules", "michigan", "--players", "Вика,Борис,Саша", "--lang", "ru")
    cli.ok("deal", "--seed", "3")
    assert "Без открытой карты" in cli.ok("board").stdout
