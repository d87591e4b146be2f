"""Refusals and errors at a Russian table (issue 16, the errors' slice; docs/i18n.md: Errors).

Each refusal is one message on stderr in Russian, with the exit code it has in English and the
journal unchanged; the English words are byte for byte what they were; `--json` does not change;
and a refusal of a card in the unseen spare hand reads exactly as one of a card another player
holds, in either language. A golden file shows a few Russian refusals at 80 columns.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import GOLDEN, Cli, golden
from popejoan_cli.base.errors import Said, SaidN, allowed
from popejoan_cli.game.cards import SPARE, Card
from popejoan_cli.store import tables

PLAYERS = "Аня,Боря,Вика"


def russian_table(cli: Cli, mp: pytest.MonkeyPatch, *, lang: str | None = "ru", deal: bool = True) -> Path:
    """A `russian` table of Аня, Боря and Вика (Russian unless `lang` is None), dealt with seed 7."""
    mp.setenv("POPEJOAN_HOME", str(cli.home))  # the tests read the table in-process too
    mp.delenv("POPEJOAN_TABLE", raising=False)
    cli.ok("table", "new", "vecher", "--rules", "russian", "--players", PLAYERS, *(["--lang", lang] if lang else []))
    if deal:
        cli.ok("deal", "--seed", "7")
    return tables.folder()


def places(folder: Path) -> tuple[str, str, str, str]:
    """The leader, another player, a card that other player holds, and a card in the spare hand."""
    hand = tables.view(folder)[0].open_hand
    assert hand is not None
    h = hand.hand
    leader = h.leader
    other = (leader + 1) % h.seats
    held = Card(h.ordered[other][0])
    spare = Card(next(c for c in range(52) if h.holder[c] == SPARE))
    return hand.players[leader], hand.players[other], str(held), str(spare)


def test_a_card_not_held_is_refused_in_russian(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = russian_table(cli, monkeypatch)
    leader, _, held, _ = places(folder)
    err = cli.fails(3, "lead", held)
    face = held[:-1].replace("A", "Т").replace("K", "К").replace("Q", "Д").replace("J", "В")
    assert err.startswith(f"popejoan: {leader} не может сейчас пойти с {face}"), err
    assert "  Правило: ходить можно только с карты, которая есть на руках\n" in err
    assert f"  Причину увидит только {leader}: `popejoan hand show {leader} --why {held}`\n" in err
    english = cli.fails(3, "lead", held, POPEJOAN_LANG="en")
    assert english == (f"popejoan: {leader} cannot lead {Card.parse(held).face} now\n"
                       "  rule: a player leads a card they hold\n"
                       f"  {leader} alone may see why: `popejoan hand show {leader} --why {held}`\n")
    # ... and the leader alone is told why, in the table's language
    full = face + Card.parse(held).suit.symbol
    assert f"Почему не {full}: у Вас нет карты {full}." in cli.ok("hand", "show", leader, "--why", held).stdout


def test_the_spare_hand_is_refused_as_any_card_not_held(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    """Probing with refused leads cannot find the spare hand: its card reads as another's, in both."""
    folder = russian_table(cli, monkeypatch)
    _, _, held, spare = places(folder)
    for lang in ("ru", "en"):
        said_held = cli.fails(3, "lead", held, POPEJOAN_LANG=lang)
        said_spare = cli.fails(3, "lead", spare, POPEJOAN_LANG=lang)
        assert said_spare.splitlines()[1] == said_held.splitlines()[1]  # the same rule
        assert "spare" not in said_spare and "лишн" not in said_spare


def test_out_of_turn_is_refused_in_russian(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = russian_table(cli, monkeypatch)
    leader, other, held, _ = places(folder)
    err = cli.fails(3, "lead", held, "--by", other)
    assert err.startswith(f"popejoan: {other} не может пойти с "), err
    assert f": сейчас ходит {leader}\n  Правило: очерёдность хода после стопа\n" in err
    assert cli.fails(3, "lead", held, "--by", other, POPEJOAN_LANG="en").endswith(
        f": it is {leader}'s lead\n  rule: who leads after a stop\n")


def test_no_hand_open_is_refused_in_russian(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    russian_table(cli, monkeypatch, deal=False)
    assert cli.fails(3, "lead", "7H") == ("popejoan: раздача сейчас не идёт\n"
                                          "  Сначала сдайте: `popejoan deal`\n")
    assert cli.fails(3, "lead", "7H", POPEJOAN_LANG="en") == ("popejoan: no hand is being played\n"
                                                             "  deal one first: `popejoan deal`\n")


def test_an_unknown_player_is_refused_in_russian(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    russian_table(cli, monkeypatch)
    assert cli.fails(2, "lead", "7H", "--by", "Аню") == ("popejoan: в этой раздаче нет игрока «Аню»\n"
                                                        "  Можно: «Аня», «Боря», «Вика»; может быть, «Аня»?\n")
    assert cli.fails(2, "lead", "7H", "--by", "Аню", POPEJOAN_LANG="en") == (
        "popejoan: no player 'Аню' in this hand\n  allowed: 'Аня', 'Боря', 'Вика'; did you mean 'Аня'?\n")


def test_an_unknown_command_names_the_nearest_in_russian(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    russian_table(cli, monkeypatch, deal=False)  # the table's own language, with no command run to read it
    err = cli.fails(2, "boardd")
    assert err.startswith("popejoan: Нет такой команды «boardd».\n  Можно: «"), err  # the list, in Typer's order
    assert err.endswith(". Может быть, «board»? См. `popejoan --help`\n"), err
    english = cli.fails(2, "boardd", POPEJOAN_LANG="en")
    assert english.startswith("popejoan: No such command 'boardd'.\n  allowed: '")
    assert english.endswith("; did you mean 'board'?; see `popejoan --help`\n")
    # With no table at all, POPEJOAN_LANG decides.
    assert Cli(cli.home.parent / "none").fails(2, "boardd", POPEJOAN_LANG="ru").startswith("popejoan: Нет такой")


def test_an_english_table_refuses_in_english_unless_asked(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    russian_table(cli, monkeypatch, lang=None, deal=False)
    assert cli.fails(3, "lead", "7H").startswith("popejoan: no hand is being played\n")
    assert cli.fails(3, "lead", "7H", POPEJOAN_LANG="ru").startswith("popejoan: раздача сейчас не идёт")
    assert cli.fails(3, "lead", "7H", LC_ALL="ru_RU.UTF-8").startswith("popejoan: раздача сейчас не идёт")


def test_json_is_the_same_in_both_languages(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    russian_table(cli, monkeypatch)
    for args in (("board",), ("ledger", "show"), ("history",)):
        assert cli.ok(*args, "--json").stdout == cli.ok(*args, "--json", POPEJOAN_LANG="en").stdout


def test_said_is_the_english_exactly() -> None:
    """The pure layers' words are plain English strings too: nothing that reads them changes."""
    text = Said("{player} does not hold {card}", player="Ann", card=Card.parse("7H"))
    assert text == "Ann does not hold 7♥" and str(text) == "Ann does not hold 7♥" and isinstance(text, str)
    assert text.msgid == "{player} does not hold {card}" and text.params["player"] == "Ann"
    assert SaidN("there is only {n} command to undo", "there are only {n} commands to undo", 1) == \
        "there is only 1 command to undo"
    assert SaidN("there is only {n} command to undo", "there are only {n} commands to undo", 3) == \
        "there are only 3 commands to undo"
    assert allowed(["Ann", "Bob"], "Anne") == "allowed: 'Ann', 'Bob'; did you mean 'Ann'?"
    assert allowed(["Ann", "Bob"]) == "allowed: 'Ann', 'Bob'"


def test_russian_plurals_in_refusals(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = russian_table(cli, monkeypatch)
    assert "popejoan: отменить можно только 1 команду\n" in cli.fails(3, "undo", "5")
    cli.lead_lowest(folder)
    assert "popejoan: отменить можно только 2 команды\n" in cli.fails(3, "undo", "5")
    assert "popejoan: there are only 2 commands to undo\n" in cli.fails(3, "undo", "5", POPEJOAN_LANG="en")


def test_a_few_russian_refusals_at_80_columns(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cli = Cli(tmp_path / "home", columns="80")
    russian_table(cli, monkeypatch, deal=False)
    # The root's unknown command is not here: its list follows the order the command modules were imported.
    said = [cli.fails(3, "lead", "7H", as_set=True), cli.fails(2, "ledger", "shwo", as_set=True),
            cli.fails(3, "undo", "2", as_set=True)]
    cli.ok("deal", "--seed", "7")
    folder = tables.folder()
    _, other, held, spare = places(folder)
    said += [cli.fails(3, "lead", held, as_set=True), cli.fails(3, "lead", spare, as_set=True),
             cli.fails(3, "lead", held, "--by", other, as_set=True),
             cli.fails(2, "lead", "7H", "--by", "Аню", as_set=True), cli.fails(3, "deal", as_set=True),
             cli.fails(2, "table", "join", "Гриша", "--counters", "-3", as_set=True)]
    text = "".join(said)
    golden(GOLDEN / "russian_refusals_80.txt", text)
    assert not any(word in text for word in ("rule:", "allowed:", "does not hold", "spare hand", "лишн"))


@pytest.mark.parametrize(("players", "russian", "english"), [
    ("Аня,Аня,Боря", "игрок «Аня» указан дважды", "player 'Аня' is listed twice"),
    ("Аня,Боря,spare", "игрока нельзя назвать «spare» (так называется дополнительная рука)",
     "no player may be called 'spare' (it names the spare hand)"),
    ("Аня,Аня", "2 игрока, а правила russian — для 3–8 игроков; игрок «Аня» указан дважды",
     "2 players, but russian is for 3–8 players; player 'Аня' is listed twice"),
])
def test_a_seat_list_s_problems_in_russian_each_in_its_own_words(cli: Cli, players: str, russian: str,
                                                                english: str) -> None:
    """Several problems with `--players` on one line: each said in Russian, joined as in English."""
    for args in (("table", "new", "t", "--rules", "russian", "--players", players),
                 ("hand", "deal", "--rules", "russian", "--players", players, "--seed", "1")):
        assert cli.fails(2, *args, POPEJOAN_LANG="ru").splitlines()[0] == f"popejoan: {russian}"
        assert cli.fails(2, *args).splitlines()[0] == f"popejoan: {english}"
