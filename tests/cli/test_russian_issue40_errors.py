"""Issue 40, the errors' slice: a refusal and a command's reply read as a printed Russian book would say them.

A card agrees as the noun it is («он уже сыгран» of a jack, «она уже сыграна» of a queen); a refusal names the
player alone, in a Russian order («Боря не может сейчас пойти с Т♣»); a player of unknown gender is told of by
the passive, never by another tense; no English word a player did not type: `claim` takes «карты» and lists it,
`undo` names the pots by the board's labels, `table use` with no table says there is none.
"""

from __future__ import annotations

import pytest

from conftest import Cli
from popejoan_cli.base.errors import Said
from popejoan_cli.game.cards import Card
from popejoan_cli.game.claims import means_cards
from popejoan_cli.render import i18n


def said(text: str) -> str:
    """`text` said in Russian, its no-break spaces (the typesetting's) read as spaces."""
    return i18n.spoken_said(text).replace("\u00a0", " ")


@pytest.mark.usefixtures("russian")
@pytest.mark.parametrize(("card", "words"), [("JC", "он уже сыгран"), ("KH", "он уже сыгран"), ("AS", "он уже сыгран"),
                                             ("QC", "она уже сыграна"), ("7D", "она уже сыграна"),
                                             ("10S", "она уже сыграна")])
def test_a_card_already_played_agrees_as_its_noun(card: str, words: str) -> None:
    refused = Said("{player} cannot play {card}: it has already been played", player="Аня", card=Card.parse(card))
    assert said(refused).endswith(f": {words}"), said(refused)


@pytest.mark.usefixtures("russian")
def test_a_lower_card_held_agrees_as_its_noun_and_the_player_is_named_alone() -> None:
    jack = Said("{player} may not lead {card}: they hold {lower}, lower in that suit", player="Боря",
                card=Card.parse("KC"), lower=Card.parse("JC"))
    seven = Said("{player} may not lead {card}: they hold {lower}, lower in that suit", player="Боря",
                 card=Card.parse("KC"), lower=Card.parse("7C"))
    assert said(jack).startswith("Боря не может пойти с К♣: ")
    assert said(jack).endswith("есть В♣, а он в этой масти младше")
    assert said(seven).endswith("есть 7♣, а она в этой масти младше")
    for refusal in (jack, seven, Said("{player} cannot lead {card} now", player="Боря", card=Card.parse("KC"))):
        assert "Игрок" not in said(refusal)
    assert said(Said("{player} cannot lead {card} now", player="Боря", card=Card.parse("KC"))) == \
        "Боря не может сейчас пойти с К♣"


@pytest.mark.usefixtures("russian")
def test_a_player_of_unknown_gender_takes_the_passive_not_the_present() -> None:
    """«Саша» is either: the sentence keeps its past tense by the passive (or needs no verb of the player)."""
    undone = i18n.t("Hand {number}, dealt by {dealer} at {dealt}, was undone at {undone}; its seed is told once the "
                    "hand is over.", number=2, dealer="Саша", dealt="20:15", undone="20:30").replace("\u00a0", " ")
    assert undone.startswith("Раздача 2, сданная Сашей в 20:15, отменена в 20:30"), undone
    pope = said(Said("{player} played the Pope ({card}); nobody holds it", player="Саша", card=Card.parse("9D")))
    assert pope.startswith("Поп Джон (9♦) сыгран Сашей"), pope
    for text in (undone, pope):
        assert "сдаёт" not in text and "кладёт" not in text and "(а)" not in text


def test_claim_takes_cards_in_russian_in_any_case() -> None:
    for word in ("cards", "card", "CARDS", "карты", "Карты", "картами", "карт", "КАРТУ"):
        assert means_cards(word), word
    for word in ("game", "карта-", "картон", "Гейм"):
        assert not means_cards(word), word


def russian_table(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POPEJOAN_HOME", str(cli.home))
    monkeypatch.delenv("POPEJOAN_TABLE", raising=False)
    cli.ok("table", "new", "vecher", "--rules", "russian", "--players", "Аня,Боря,Вика", "--lang", "ru")


def test_claim_reads_karty_and_lists_it_at_a_russian_table(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    russian_table(cli, monkeypatch)
    cli.ok("deal", "--seed", "7")
    for word in ("карты", "КАРТАМИ", "cards"):
        assert cli.fails(3, "claim", "Аня", word).startswith("popejoan: Неверно: Ане ничего не причитается за карты")
    refused = cli.fails(2, "claim", "Аня", "картв")
    assert "«Гейм», «карты»; может быть, «карты»?" in refused, refused
    assert "«cards»" not in refused and "«pope»" not in refused
    english = cli.fails(2, "claim", "Аня", "cardz", POPEJOAN_LANG="en")
    assert english.endswith("'game', 'cards'; did you mean 'cards'?\n"), english


def test_undo_names_the_pots_taken_by_the_board_s_labels(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    russian_table(cli, monkeypatch)
    cli.ok("deal", "--real", "--tally", "--turnup", "4D")
    cli.ok("pay", "Боря", "Матримония", "интрига")
    listed = " ".join(cli("undo", input="н\n").stderr.split())  # the question is on stderr
    assert "Боря забирает: Матримония, Интрига" in listed, listed
    assert "matrimony" not in listed and "intrigue" not in listed
    english = " ".join(cli("undo", input="n\n", POPEJOAN_LANG="en").stderr.split())
    assert "Боря taking matrimony, intrigue" in english, english


def test_table_use_with_no_table_says_there_is_none(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POPEJOAN_HOME", str(cli.home))
    err = cli.fails(2, "table", "use", "nope", POPEJOAN_LANG="ru")
    assert err == ("popejoan: нет стола с именем «nope»\n"
                   "  Столов пока нет: `popejoan table new ИМЯ --rules ПРАВИЛА --players А,Б,В`.\n"), err
    assert cli.fails(2, "table", "use", "nope").endswith(
        "  No tables yet: `popejoan table new NAME --rules R --players A,B,C`.\n")
