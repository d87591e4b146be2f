"""The commands' remaining words at a Russian table (issue 16; docs/i18n.md; locales/ru/more.po).

`ledger settle`'s own errors and the rounding note under `--value`; `undo`'s list of what it takes
back, a whole phrase for each kind of command (a lead and the cards that followed it, a stop, a card
of a real hand, a player joining); `practice`'s errors and its default name, «Вы», chosen as the
practice starts, with the narration put in the second person for it (as `You` is in English), in the
terminal and on `serve --practice`'s table; `simulate`'s errors; the shell's quoting errors and its
own lines; `demo`'s players. Each in Russian, on stdout or stderr as in English, with the same exit
code; and the English byte for byte what it was.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import Cli
from popejoan_cli.formats.presets import preset
from popejoan_cli.game.cards import Card
from popejoan_cli.game.deal import seeded_deal, session_seed
from popejoan_cli.render import i18n
from popejoan_cli.store import tables

PLAYERS = "Аня,Боря,Вика"
FOUR = "Аня,Боря,Вика,Дима"


def plain(text: str) -> str:
    """`text` with the no-break spaces Russian typesetting puts in (render/figures.py) read as plain spaces."""
    return text.replace("\u00a0", " ")


@pytest.fixture
def cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Cli:
    monkeypatch.setenv("POPEJOAN_HOME", str(tmp_path / "home"))  # the tests read the table in-process too
    monkeypatch.delenv("POPEJOAN_TABLE", raising=False)
    return Cli(tmp_path / "home")


def played(cli: Cli) -> None:
    """A Russian `russian` table of Аня, Боря and Вика, one hand (seed 7) led out by the lowest lead."""
    cli.ok("table", "new", "vecher", "--rules", "russian", "--players", PLAYERS, "--lang", "ru")
    cli.ok("deal", "--seed", "7")
    for _ in range(60):
        if tables.view(tables.folder())[0].open_hand is None:
            break
        cli.lead_lowest(tables.folder())


# ------------------------------------------------------------------------------ ledger settle
def test_the_rounding_note_under_settle_value_reads_russian_and_names_the_board(cli: Cli) -> None:
    played(cli)
    res = cli.ok("ledger", "settle", "--value", "0.005", "--currency", "RUB")
    note = " ".join(res.stdout.split()).split("доска (держит Аня) ")[-1]
    assert ("1 фишка = 0,005 RUB; каждая сумма округлена до сотых (ровно половина — к чётному); от округления "
            "осталась −1 сотая, и её получает тот, чьё округление дальше всех ушло в другую сторону (при равенстве "
            "— первый по имени): доска.") in note, res.stdout
    assert "the board" not in res.stdout and "counter" not in res.stdout
    english = cli.ok("ledger", "settle", "--value", "0.005", "--currency", "RUB", POPEJOAN_LANG="en").stdout
    assert ("1 counter = 0.005 RUB; each amount is rounded half to even to a whole cent; the rounding left -1 cent, "
            "taken by the board (whose rounding moved furthest the other way; ties by name).") in " ".join(
                english.split())
    # --json never changes with the language: its note is the English.
    doc = cli.json("ledger", "settle", "--value", "0.005", "--currency", "RUB")
    assert doc == cli.json("ledger", "settle", "--value", "0.005", "--currency", "RUB", POPEJOAN_LANG="en")
    assert str(doc["note"]).startswith("1 counter = 0.005 RUB")


def test_a_settlement_with_nothing_left_over_says_so_in_russian(cli: Cli) -> None:
    played(cli)
    res = cli.ok("ledger", "settle", "--value", "0.07", "--currency", "RUB")
    assert ("1 фишка = 0,07 RUB; каждая сумма округлена до сотых (ровно половина — к чётному); остатка нет."
            in " ".join(res.stdout.split()))


SETTLE_ERRORS = [
    (("--value", "abc"), "popejoan: --value «abc» — не число\n  Например, --value 0.05 (деньги за одну фишку)\n",
     "popejoan: --value 'abc' is not a number\n  e.g. --value 0.05 (money per counter)\n"),
    (("--value", "0"), "popejoan: --value «0» — вне допустимых пределов\n"
                       "  Цена фишки должна быть больше 0 и не больше 1\u202f000\u202f000\n",
     "popejoan: --value '0' is out of range\n  a value per counter above 0 and at most 1000000\n"),
    (("--bank", "Гоша"), "popejoan: --bank «Гоша» — не игрок за этим столом\n  Можно: «Аня», «Боря», «Вика»\n",
     "popejoan: --bank 'Гоша' is not a player of this table\n  allowed: 'Аня', 'Боря', 'Вика'\n"),
    (("--bank", "Аян"), "popejoan: --bank «Аян» — не игрок за этим столом\n"
                        "  Можно: «Аня», «Боря», «Вика»; может быть, «Аня»?\n",
     "popejoan: --bank 'Аян' is not a player of this table\n  allowed: 'Аня', 'Боря', 'Вика'; did you mean 'Аня'?\n"),
    (("--currency", "RUB"), "popejoan: --currency нужен вместе с --value: без цены фишки все суммы считаются в "
                            "фишках\n  Например, --value 0.05 --currency GBP\n",
     "popejoan: --currency needs --value: without a value per counter the amounts are in counters\n"
     "  e.g. --value 0.05 --currency GBP\n"),
    (("--value", "1", "--currency", "12345678901"),
     "popejoan: --currency «12345678901» не подходит\n  Например, --currency EUR (от 1 до 10 символов)\n",
     "popejoan: --currency '12345678901' is not allowed\n  e.g. --currency EUR (1–10 characters)\n"),
]


@pytest.mark.parametrize(("args", "russian", "english"), SETTLE_ERRORS, ids=lambda v: "-".join(v) if
                         isinstance(v, tuple) else None)
def test_settles_errors_read_russian_at_a_russian_table(cli: Cli, args: tuple[str, ...], russian: str,
                                                         english: str) -> None:
    played(cli)
    assert cli.fails(2, "ledger", "settle", *args) == russian
    assert cli.fails(2, "ledger", "settle", *args, POPEJOAN_LANG="en") == english


# ------------------------------------------------------------------------------ undo
def test_undo_lists_a_lead_and_the_cards_that_followed_in_russian(cli: Cli) -> None:
    cli.ok("table", "new", "fri", "-r", "modern-stops", "-p", FOUR, "--lang", "ru")
    cli.ok("deal", "--seed", "42")
    cli.ok("lead", "AS")  # Боря leads Т♠; popejoan plays Аня's 2♠ and stops
    for _ in range(2):
        cli.lead_lowest(tables.folder())
    res = cli("undo", "3", input="n\n")
    assert res.exit_code == 0 and "Undone" not in res.stdout and "Отменено" not in res.stdout
    assert res.stderr.startswith("Отменить:\n"
                          "  ход Ани с 3♦, а следом 4♦ Бори, 5♦ Димы, 6♦ Димы и 7♦ Бори\n"
                          "  ход Ани с Т♦\n"
                          "  ход Бори с Т♠, а следом 2♠ Ани\n"
                          "Отменить это? [д/Н]:"), res.stderr
    assert res.stderr.endswith("Ничего не отменено.\n")
    english = cli("undo", "3", input="n\n", POPEJOAN_LANG="en").stderr
    assert english.startswith("Undo:\n"
                       "  Аня's lead 3♦, and Боря's 4♦, Дима's 5♦, Дима's 6♦ and Боря's 7♦ that followed\n"
                       "  Аня's lead A♦\n"
                       "  Боря's lead A♠, and Аня's 2♠ that followed\n"
                       "Undo these? [y/N]:"), english
    assert english.endswith("Nothing was undone.\n")
    assert cli.ok("undo", "--hand", "-y").stderr.endswith("  раздача 1 (сдаёт Аня)\n")


def test_undo_lists_a_stop_and_the_cards_of_a_real_hand_in_russian(cli: Cli) -> None:
    cli.ok("table", "new", "real", "-r", "modern-stops", "-p", FOUR, "--lang", "ru")
    cli.ok("deal", "--real", "--turnup", "8H")
    cli.ok("play", "Боря", "7H", "8H", "9H:Вика", "10H:Дима", "stop")
    english = cli.ok("undo", input="n\n", POPEJOAN_LANG="en")
    assert english.stderr.startswith("Undo:\n  Боря's 7♥; Боря's 8♥; Вика's 9♥; Дима's 10♥; the stop called in "
                                     "hand 1\n"), english.stderr
    res = cli.ok("undo", "-y")  # the line typed, whole: one command
    assert res.stderr == "Отменить:\n  7♥ Бори; 8♥ Бори; 9♥ Вики; 10♥ Димы; стоп, объявленный в раздаче 1\n"
    assert res.stdout.startswith("Отменено: 7♥ Бори; 8♥ Бори;"), res.stdout
    cli.ok("play", "Боря", "7H", "8H", "9H:Вика", "10H:Дима")
    cli.ok("stop")
    res = cli.ok("undo", "2", "-y")
    assert res.stderr == "Отменить:\n  стоп, объявленный в раздаче 1\n  7♥ Бори; 8♥ Бори; 9♥ Вики; 10♥ Димы\n"
    assert res.stdout == ("Отменено: 2 команды.\n"
                          "Первым ходит Боря: записывайте каждую карту командой `popejoan play ИМЯ КАРТА`.\n")
    res = cli.ok("undo", "-y")
    assert res.stderr == "Отменить:\n  раздача 1 (сдаёт Аня, настоящая колода)\n"


def test_undo_lists_a_player_joining_in_russian_with_the_count_in_its_form(cli: Cli) -> None:
    cli.ok("table", "new", "fri", "-r", "modern-stops", "-p", FOUR, "--lang", "ru")
    for counters, phrase in (("21", "приход Гены с 21 фишкой"), ("50", "приход Гены с 50 фишками"),
                             ("3", "приход Гены с 3 фишками")):
        cli.ok("table", "join", "Гена", "-c", counters)
        res = cli.ok("undo", "-y")
        assert res.stderr == f"Отменить:\n  {phrase}\n"
        assert res.stdout == f"Отменено: {phrase}.\nМежду раздачами: следующей сдаёт Аня (`popejoan deal`).\n"
    cli.ok("table", "join", "Гена", "-c", "1")
    assert cli.ok("undo", "-y", POPEJOAN_LANG="en").stderr == "Undo:\n  Гена joining with 1 counter\n"
    cli.ok("table", "leave", "Дима")
    assert cli.ok("undo", "-y").stderr == "Отменить:\n  уход Димы\n"


def test_the_phrases_of_undo_keep_their_english_and_say_cards_in_russian_faces() -> None:
    from popejoan_cli.base.errors import Said
    from popejoan_cli.game.cards import Card
    from popejoan_cli.table import undo

    follows = [Said("{player}'s {card}", player=p, card=Card.parse(c)) for p, c in (("Ann", "QS"), ("Bob", "KS"),
                                                                                     ("Cat", "JD"))]
    listed = undo._listed(follows)
    assert listed == "Ann's Q♠, Bob's K♠ and Cat's J♦"
    i18n.use("ru")
    assert plain(i18n.spoken_said(listed)) == "Д♠ игрока Ann, К♠ игрока Bob и В♦ игрока Cat"


# ------------------------------------------------------------------------------ practice
def russian_face(card: Card) -> str:
    i18n.use("ru")
    try:
        return i18n.face(card)
    finally:
        i18n.use("en")


def lower_held_in_suit(held: tuple[Card, ...]) -> tuple[Card, Card]:
    """A card in `held` and the lowest of `held` below it in its suit (modern stops: the ace is low)."""
    for card in held:
        lower = [c for c in held if c.suit == card.suit and c.rank < card.rank]
        if lower:
            return card, min(lower, key=lambda c: c.rank)
    raise AssertionError(f"no two cards of one suit in {held}")


def seed_told_once_over(out: str) -> None:
    """No seed while hand 1 of session 5 is played: the hand's once it is over, the session's at the very end."""
    over = out.index(f"После раздачи 1 (ключ тасовки {session_seed(5, 1)})")
    assert "ключ тасовки" not in out[:over].lower(), out[:over]
    assert str(session_seed(5, 1)) not in out[:over]
    assert out.endswith("\nКлюч тасовки тренировки — 5; `popejoan practice --seed 5 --computers 2 --hands 1` "
                        "повторит её.\n")
    assert out.count("Ключ тасовки тренировки") == 1


def test_practice_in_russian_names_you_vy_and_speaks_to_you(cli: Cli) -> None:
    held = seeded_deal(preset("modern-stops"), 3, 2, session_seed(5, 1)).hands[0]  # hand 1, as practice deals it
    assert Card.parse("2H") not in held
    card, lower = lower_held_in_suit(held)
    res = cli.ok("practice", "--seed", "5", "--hands", "1", "--computers", "2", input=f"2H\n{card}\n" + "1\n" * 20,
                 POPEJOAN_LANG="ru")
    out = res.stdout
    assert out.startswith("Правила «Поп Джон: современные стопы»: Вы против 2 компьютеров (уровень хороший), "
                          "1 раздача.\n")
    seed_told_once_over(out)
    for words in ("Вы ходите.", "Вы ходите: В♣ Д♣, Компьютер 2 К♣", "Вы забираете секцию «Валет» (В♣): 1 фишка",
                  "Следующий ход за Вами.", "У Вас кончились карты.",
                  "Вы не можете сейчас пойти с 2♥ (у Вас нет карты 2♥). Выберите карту с пометкой «Ход».",
                  f"Вы не можете сейчас пойти с {russian_face(card)} (у Вас есть {russian_face(lower)}, младше в "
                  "этой масти). Выберите карту с пометкой «Ход».",
                  "Компьютер 1 платит 3 фишки Вам за оставшиеся карты.", "Текущий счёт: Вы +10"):
        assert words in " ".join(out.split()), words
    for english in ("You", "игрока Вы", "игроку Вы", "игроком Вы", "ходит Вы", "does not hold", "(rule:", "(правило:"):
        assert english not in out, english
    assert not re.search(r"\bВы [а-яё]+[еёи]т\b|\b[а-яё]+[еёи]т Вы\b", out), "a verb not put in the second person"
    # In English the default is still `You`, and the refusal and the replay read as they do.
    english = cli.ok("practice", "--seed", "5", "--hands", "1", "--computers", "2", input="2H\nq\n").stdout
    assert english.startswith("Pope Joan, Modern stops rules: You against 2 computers (level good), 1 hand.\n")
    assert english.endswith("\nSession seed 5: `popejoan practice --seed 5 --computers 2 --hands 1` replays it.\n")
    assert "seed" not in english[:english.index("Session seed 5: ")].lower()
    assert "You cannot lead 2♥ now: you do not hold 2♥. Choose a card marked Play." in english
    assert "You lead." in english


def test_a_name_typed_wins_over_the_russian_default_and_is_kept_as_typed(cli: Cli) -> None:
    res = cli.ok("practice", "--seed", "5", "--hands", "1", "--computers", "2", "--name", "You", input="q\n",
                 POPEJOAN_LANG="ru")
    assert res.stdout.startswith("Правила «Поп Джон: современные стопы»: You против 2 компьютеров")
    # a replay in Russian would say «Вы» instead
    assert "--hands 1 --name You` повторит её." in " ".join(res.stdout.split())
    assert "You ходит." in res.stdout  # a name like any other: only «Вы», the default, is spoken to
    res = cli.ok("practice", "--seed", "5", "--hands", "1", "--computers", "2", "--name", "Вы", input="q\n")
    assert "`popejoan practice --seed 5 --computers 2 --hands 1 --name 'Вы'` replays it." in res.stdout


PRACTICE_ERRORS = [
    (("--variant", "nope"), "popejoan: неизвестный вариант «nope»\n  Можно: «instant-win», «split-combination»\n",
     "popejoan: unknown variant 'nope'\n  allowed: 'instant-win', 'split-combination'\n"),
    (("--level", "goood"),
     "popejoan: неизвестный уровень «goood»\n  Можно: «simple», «good», «strong»; может быть, «good»?\n",
     "popejoan: unknown level 'goood'\n  allowed: 'simple', 'good', 'strong'; did you mean 'good'?\n"),
    (("--variant", "instant-win", "--rules", "newmarket"),
     "popejoan: для instant-win нужны секция «Поп Джон» и открытая карта, а в правилах newmarket нет секции "
     "«Поп Джон»\n",
     "popejoan: instant-win needs a Pope pot and a turn-up, and newmarket has no Pope pot\n"),
]


@pytest.mark.parametrize(("args", "russian", "english"), PRACTICE_ERRORS, ids=["variant", "level", "instant-win"])
def test_practices_errors_read_russian(cli: Cli, args: tuple[str, ...], russian: str, english: str) -> None:
    assert cli.fails(2, "practice", *args, POPEJOAN_LANG="ru") == russian
    assert cli.fails(2, "practice", *args) == english


def test_a_practice_name_the_computers_hold_gets_a_russian_hint(cli: Cli) -> None:
    err = cli.fails(2, "practice", "--name", "Компьютер 1", POPEJOAN_LANG="ru")
    assert err.endswith("\n  Правила modern-stops — для 3–8 игроков; Ваше имя должно отличаться от имён компьютеров\n")
    assert cli.fails(2, "practice", "--name", "Computer 1").endswith(
        "\n  modern-stops is for 3-8 players; your name must differ from the computers'\n")


def test_serve_practice_names_you_and_the_computers_as_practice_does() -> None:
    from popejoan_cli.base.errors import RuleViolation
    from popejoan_cli.formats.presets import load_rules
    from popejoan_cli.table.events import PlayerDescribed, TableOpened
    from popejoan_cli.web.practice import Practice

    english = Practice(computers=2, level="good", seed=1)
    assert english.players == ["You", "Computer 1", "Computer 2"]
    i18n.use("ru")
    game = Practice(computers=2, level="good", seed=1)
    assert game.players == ["Вы", "Компьютер 1", "Компьютер 2"] and game.first_dealer == "Компьютер 2"
    opened, *seats = game.opening(load_rules("modern-stops"))
    assert isinstance(opened, TableOpened) and opened.players == ["Вы", "Компьютер 1", "Компьютер 2"]
    # each computer seated as `table new --computers` seats one, its name in its cases («у Компьютера 2»)
    assert [(type(e).__name__, getattr(e, "player", None)) for e in seats] == [
        ("ComputerSeated", "Компьютер 1"), ("PlayerDescribed", "Компьютер 1"),
        ("ComputerSeated", "Компьютер 2"), ("PlayerDescribed", "Компьютер 2")]
    described = seats[3]
    assert isinstance(described, PlayerDescribed) and described.forms["gen"] == "Компьютера 2"
    i18n.use("en")
    assert game.players == ["Вы", "Компьютер 1", "Компьютер 2"]  # chosen as the practice started, and kept
    assert Practice(computers=2, level="good", seed=1, you="Аня").players[0] == "Аня"

    class Open:
        number = 2

    class Ended:
        open_hand = None
        ended = True

    class Playing:
        open_hand = Open()

    with pytest.raises(RuleViolation) as playing:
        game.next_deal(Playing())  # type: ignore[arg-type]
    with pytest.raises(RuleViolation) as ended:
        game.next_deal(Ended())  # type: ignore[arg-type]
    assert (playing.value.message, playing.value.hint) == ("hand 2 is still being played", "play it out first")
    assert ended.value.message == "this practice session has ended"
    i18n.use("ru")
    assert plain(i18n.spoken_said(playing.value.message)) == "раздача 2 ещё идёт"
    assert i18n.spoken_said(playing.value.hint) == "сначала доиграйте её"
    assert i18n.spoken_said(ended.value.message) == "эта тренировка окончена"


def test_serve_practices_unknown_level_reads_as_practices(cli: Cli) -> None:
    assert cli.fails(2, "serve", "--practice", "--level", "hard", POPEJOAN_LANG="ru") == \
        "popejoan: неизвестный уровень «hard»\n  Можно: «simple», «good», «strong»\n"
    assert cli.fails(2, "serve", "--practice", "--level", "hard") == \
        "popejoan: unknown level 'hard'\n  allowed: 'simple', 'good', 'strong'\n"

def test_the_second_person_is_only_for_vy_and_leaves_other_names_alone() -> None:
    from popejoan_cli.render.practice_views import for_you
    from popejoan_cli.render.practice_views import second_person as said

    def second_person(text: str, me: str) -> str:
        return plain(said(text, me))

    assert second_person("Раздача 1: сдаёт Вы (ключ тасовки 5).", "Вы") == "Раздача 1: сдаёте Вы (ключ тасовки 5)."
    assert second_person("У игрока Вы кончились карты.", "Вы") == "У Вас кончились карты."
    assert second_person("Компьютер 2 платит 4 фишки игроку Вы за оставшиеся карты.", "Вы") == \
        "Компьютер 2 платит 4 фишки Вам за оставшиеся карты."
    assert second_person("Вы кладёт последнюю карту и выходит.", "Вы") == "Вы кладёте последнюю карту и выходите."
    assert second_person("Стоп на 5♣: следующий ход за игроком Вы, и у игрока Вы нет 6♣.", "Вы") == \
        "Стоп на 5♣: следующий ход за Вами, и у Вас нет 6♣."
    yours = for_you([["Вы держит Поп Джона (", "Д♦", ") и ничего не платит за оставшиеся карты."]], "Вы")
    assert [[plain(str(piece)) for piece in line] for line in yours] == \
        [["Вы держите Поп Джона (", "Д♦", ") и ничего не платите за оставшиеся карты."]]
    assert second_person("Аня ходит: 2♣; Следующим ходит Аня.", "Аня") == "Аня ходит: 2♣; Следующим ходит Аня."
    assert second_person("Вы ходит.", "You") == "Вы ходит."


# ------------------------------------------------------------------------------ simulate
SIMULATE_ERRORS = [
    (("-p", "9", "-k", "10"), "popejoan: --players 9: правила russian — для 3–8 игроков\n",
     "popejoan: --players 9: russian is for 3–8 players\n"),
    (("-p", "3", "-k", "0"), "popejoan: --hands 0: укажите число раздач от 1 до 10\u202f000\u202f000\n",
     "popejoan: --hands 0: give a number of hands from 1 to 10,000,000\n"),
    (("-p", "3", "-k", "10", "-P", "0"), "popejoan: --processes 0: укажите 1 или больше\n",
     "popejoan: --processes 0: give 1 or more\n"),
    (("-p", "3", "-k", "10", "-b", "good,bad"),
     "popejoan: --bots: неизвестный уровень «bad»\n  Можно: «simple», «good», «strong», «peek»\n",
     "popejoan: --bots: unknown bot level 'bad'\n  allowed: 'simple', 'good', 'strong', 'peek'\n"),
    (("-p", "3", "-k", "10", "-b", "good,good,simple,good"),
     "popejoan: в --bots больше уровней, чем игроков: 4 на 3\n"
     "  Не больше одного уровня на место; список короче повторяется по кругу\n",
     "popejoan: --bots lists 4 levels for 3 players\n"
     "  give at most one level a seat; a shorter list repeats round the table\n"),
]


@pytest.mark.parametrize(("args", "russian", "english"), SIMULATE_ERRORS,
                         ids=["players", "hands", "processes", "level", "levels"])
def test_simulates_errors_read_russian(cli: Cli, args: tuple[str, ...], russian: str, english: str) -> None:
    assert cli.fails(2, "simulate", "-r", "russian", *args, POPEJOAN_LANG="ru") == russian
    assert cli.fails(2, "simulate", "-r", "russian", *args) == english


# ------------------------------------------------------------------------------ the shell
def test_the_shells_quoting_errors_and_its_own_lines_read_russian(cli: Cli) -> None:
    played(cli)
    res = cli("shell", input='board "abc\nboard abc\\\nlead\n')
    assert res.exit_code == 2  # the last line's status: `lead` without its card is a usage error
    assert res.stderr.splitlines() == [
        "popejoan: строка набрана не до конца (нет закрывающей кавычки); возможно, имелось в виду: board abc",
        "popejoan: строка набрана не до конца (нет символа после обратной косой черты); возможно, имелось в виду: "
        "board 'abc\"'",
        "popejoan: lead: Не указана карта: нужна КАРТА. (как пользоваться: `lead --help`)",
    ]
    english = cli("shell", input='board "abc\nboard abc\\\nlead\n', POPEJOAN_LANG="en")
    assert english.stderr.splitlines() == [
        "popejoan: half-typed line (no closing quotation); did you mean: board abc",
        "popejoan: half-typed line (no escaped character); did you mean: board 'abc\"'",
        "popejoan: lead: Missing argument 'card'. (`lead --help` for usage)",
    ]


def test_the_shell_words_raise_what_shlex_raises() -> None:
    import shlex

    from popejoan_cli.cli.shell_words import split

    for line in ('lead "AS', "lead AS\\", "lead 'AS"):
        with pytest.raises(ValueError) as ours:
            split(line)
        with pytest.raises(ValueError) as theirs:
            shlex.split(line, comments=True)
        assert str(ours.value) == str(theirs.value)
    i18n.use("ru")
    with pytest.raises(ValueError) as err:
        split('lead "AS')
    assert i18n.spoken_said(err.value.args[0]) == "нет закрывающей кавычки"


# ------------------------------------------------------------------------------ demo
def test_demo_in_russian_seats_russian_names_unless_players_are_typed(cli: Cli) -> None:
    res = cli.ok("demo", "--hands", "1", POPEJOAN_LANG="ru")
    assert " ".join(res.stdout.split()).startswith("Стол на один вечер: Аня, Боря, Вика, Дима, у каждого по 50 "
                                                   "фишек, правила «Поп Джон: современные стопы».")
    assert "Ann" not in res.stdout and "Bob" not in res.stdout
    typed = cli.ok("demo", "--hands", "1", "--players", "Ann,Bob,Cat", POPEJOAN_LANG="ru").stdout
    assert typed.startswith("Стол на один вечер: Ann, Bob, Cat, у каждого по 50 фишек")
    assert cli.ok("demo", "--hands", "1").stdout.startswith("A throwaway table: Ann, Bob, Cat, Dan with 50 counters")
    # --json never changes with the language.
    assert cli.json("demo", "--hands", "1", POPEJOAN_LANG="ru") == cli.json("demo", "--hands", "1")

