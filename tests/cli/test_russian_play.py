"""Playing a hand at a Russian table, the words that were still English (issue 16; docs/i18n.md: Errors).

A tally hand end to end (pots paid right and wrong, a pot taken twice, claims, going out with
`--left`, the Pope question), the spare hand's refusals, a real hand's record refusals with their
counts in three plural forms, a shown hand's breach, and the commands' own errors (`deal`, `play`,
`board --watch`, `out`, `hand final`, `hand replay`). Each is said in Russian, and in English byte for
byte as before, with the same exit code and the journal unchanged. A golden file shows the tally hand
as a table sees it at 80 columns.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from conftest import GOLDEN, Cli, golden

FOUR = "Аня,Боря,Вика,Дима"
EIGHT = "Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal"

TALLY_EVENING: list[tuple[int, tuple[str, ...]]] = [
    (3, ("pay", "Боря", "pope")),  # no hand yet
    (0, ("deal", "--real", "--tally", "--turnup", "4S")),
    (0, ("pay", "Боря", "pope")),
    (3, ("pay", "Вика", "pope")),  # taken twice
    (2, ("pay", "Вика", "ace", "ace")),
    (3, ("pay", "Вика", "game")),  # Гейм goes to whoever goes out first
    (0, ("pay", "Вика", "matrimony")),
    (3, ("pay", "Аня", "intrigue")),  # Д♠ was shown by Вика for Матримония
    (0, ("claim", "Боря", "pope")),
    (3, ("claim", "Боря", "pope", "5")),
    (3, ("claim", "Аня", "ace")),
    (3, ("claim", "Аня", "matrimony")),
    (2, ("out", "Дима")),
    (2, ("out", "Дима", "--left", "Аня=3,Боря=2")),
    (3, ("out", "Дима", "--left", "Аня=3,Боря=2,Вика=20")),
    (3, ("out", "Дима", "--left", "Аня=3,Боря=2,Вика=4,Дима=1")),
    (3, ("out", "Дима", "--left", "Аня=3,Боря=2,Вика=4", "--pope", "Аня")),
    (0, ("out", "Дима", "--left", "Аня=1,Боря=3,Вика=5")),
    (0, ("claim", "Дима", "game")),
    (3, ("pay", "Вика", "ace")),  # the hand is over
    (0, ("deal", "--real", "--tally", "--turnup", "2C")),
    (2, ("out", "Аня", "--left", "Боря=1,Вика=3,Дима=5")),  # who holds the Pope?
    (0, ("out", "Аня", "--left", "Боря=1,Вика=3,Дима=5", "--pope", "Боря")),
    (0, ("history",)),
    (0, ("ledger", "show")),
]

ENGLISH = (" the ", " was ", " is ", " has ", " and ", " not ", " taken ", " paid ", " holds ", " hand",
           "counter", "right:", "wrong:", "went out", "who still", "already", "goes to")
"""Common English words: none of them may be left in the Russian tally hand."""


def tally_evening(cli: Cli, mp: pytest.MonkeyPatch, lang: str | None = None) -> str:
    """The tally hands of TALLY_EVENING at a Russian table, each command with what it printed."""
    mp.setenv("POPEJOAN_HOME", str(cli.home))
    mp.delenv("POPEJOAN_TABLE", raising=False)
    extra = {"POPEJOAN_LANG": lang} if lang else {}
    said = []
    for code, args in [(0, ("table", "new", "vecher", "--rules", "russian", "--players", FOUR, "--lang", "ru")),
                       *TALLY_EVENING]:
        before = cli.journals()
        res = cli(*args, **extra)
        assert res.exit_code == code, (args, res.exit_code, res.stdout, res.stderr)
        assert "Traceback" not in res.stderr
        if code:
            assert res.stdout == "" and cli.journals() == before, args
        said.append(f"$ popejoan {' '.join(args)}\n{res.set_stdout}{res.set_stderr}")
    return "\n".join(said)


def test_a_russian_tally_hand_at_80_columns(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = tally_evening(Cli(tmp_path / "home", columns="80"), monkeypatch)
    golden(GOLDEN / "russian_tally_80.txt", text)
    text = text.replace("\xa0", " ")  # a book's no-break spaces (render/typeset.py) read as spaces below
    for words in (
        "popejoan: сейчас не идёт раздача с подсчётом: ещё ничего не сдано\n"
        "  Сначала сдайте: `popejoan deal --real --tally`\n",
        "popejoan: секцию «Поп Джон» в этой раздаче уже забрали (она выплачена Боре)\n"
        "  Правило: секцию забирают один раз за раздачу\n",
        "popejoan: одна секция названа дважды\n",
        "popejoan: секция «Гейм» достаётся тому, кто выйдет первым: её выплачивает `popejoan out ИМЯ --left ...`\n"
        "  Правило: секция «Гейм» — секция первого вышедшего\n",
        "popejoan: карта Д♠ уже показана Викой (за секцию «Матримония»)\n",
        "Верно: секция «Поп Джон» в этой раздаче досталась Боре; выплачено 16 фишек\n",
        "popejoan: Неверно: секция «Поп Джон» в этой раздаче досталась Боре; за это выплачено 16 фишек, а не 5\n",
        "popejoan: Неверно: секцию «Туз» в этой раздаче ещё никто не забрал\n",
        "popejoan: Неверно: секция «Матримония» в этой раздаче досталась Вике\n",
        "  Добавьте --left ИМЯ=N,ИМЯ=N...\n",
        "popejoan: сколько карт у Вики? Укажите число карт каждого из остальных игроков\n"
        "  Например, --left Аня=3,Боря=3,Вика=3\n",
        "popejoan: у Вики не может остаться столько карт (20), если сдано 10 карт, а за секции уже показано: "
        "2 карты\n  Число от 0 до 8\n",
        "popejoan: Дима вышел, значит, карт у него 0, а не 1\n",
        "popejoan: за Поп Джона (9♦) в этой раздаче уже заплатили Боре: Поп Джон ни у кого не остался\n"
        "  Уберите --pope или напишите --pope none\n",
        "Верно: секция «Гейм» в этой раздаче досталась Диме, потому что он вышел первым; выплачено 4 фишки\n",
        "popejoan: сейчас не идёт раздача с подсчётом: прошлая раздача окончена\n",
        "popejoan: у кого остался Поп Джон? Карт popejoan не видит\n"
        "  Добавьте --pope ИМЯ, --pope spare или --pope none\n",
    ):
        assert words in text, words
    for word in ENGLISH:
        assert word not in text, word


def test_the_tally_hand_in_english_is_as_it_was(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = tally_evening(Cli(tmp_path / "home", columns="80"), monkeypatch, lang="en")
    for words in (
        "popejoan: no tally hand is being played: no hand has been dealt\n"
        "  deal one first: `popejoan deal --real --tally`\n",
        "popejoan: Pope was already taken this hand (paid to Боря)\n  rule: a pot is taken once a hand\n",
        "popejoan: a pot is named twice\n",
        "popejoan: Game goes to whoever goes out first: `popejoan out NAME --left ...` pays it\n"
        "  rule: pot game: wins = \"first-out\"\n",
        "popejoan: Q♠ was already shown by Вика (for Matrimony)\n"
        "  rule: each card is played once, by the player who holds it\n",
        "right: Pope was taken by Боря this hand; paid 16 counters\n",
        "popejoan: wrong: Pope was taken by Боря this hand; that paid 16 counters, not 5\n",
        "popejoan: wrong: Ace has not been taken yet this hand\n",
        "popejoan: wrong: Matrimony was taken by Вика this hand\n",
        "popejoan: a tally hand does not know the cards left: say how many each other player holds\n"
        "  add --left NAME=N,NAME=N...\n",
        "popejoan: how many cards does Вика hold? give every other player's count\n"
        "  e.g. --left Аня=3,Боря=3,Вика=3\n",
        "popejoan: Вика cannot hold 20: they were dealt 10 cards and showed 2 cards for pots\n"
        "  a number from 0 to 8\n",
        "popejoan: Дима went out, so holds no cards, not 1\n",
        "popejoan: Боря was paid the Pope (9♦) this hand: nobody holds it\n  leave out --pope, or say --pope none\n",
        "right: Game was taken by Дима this hand by going out first; paid 4 counters\n",
        "popejoan: no tally hand is being played: the last hand is over\n",
        "popejoan: who still holds the Pope? popejoan cannot see the cards\n"
        "  add --pope NAME, --pope spare or --pope none\n",
    ):
        assert words in text, words


def test_a_tally_claim_is_the_english_in_json(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    tally_evening(cli, monkeypatch)
    for lang in ("ru", "en"):
        said = json.loads(cli("claim", "Аня", "game", "9", "--json", POPEJOAN_LANG=lang).stdout)
        assert said["why"] == "wrong: Game was taken by Аня this hand by going out first; that paid 4 counters, not 9"


# --------------------------------------------------------------------------- counts: three Russian forms
def test_cards_dealt_and_shown_in_three_forms(cli: Cli) -> None:
    """The counts of a tally's "cannot hold": 1 карта, 2 карты, 10 карт (and the English as it was)."""
    cli.ok("table", "new", "t", "--rules", "russian", "--players", FOUR, "--lang", "ru")
    cli.ok("deal", "--real", "--tally", "--turnup", "4S")
    cli.ok("pay", "Боря", "pope")
    err = cli.fails(3, "out", "Дима", "--left", "Аня=3,Боря=20,Вика=4")
    assert err == ("popejoan: у Бори не может остаться столько карт (20), если сдано 10 карт, а за секции уже "
                   "показано: 1 карта\n  Число от 0 до 9\n")
    assert cli.fails(3, "out", "Дима", "--left", "Аня=3,Боря=20,Вика=4", POPEJOAN_LANG="en") == (
        "popejoan: Боря cannot hold 20: they were dealt 10 cards and showed 1 card for pots\n  a number from 0 to 9\n")
    assert cli.fails(3, "out", "Дима", "--left", "Аня=30,Боря=2,Вика=4") == (
        "popejoan: у Ани не может остаться столько карт (30): сдано 10 карт\n  Число от 0 до 10\n")


@pytest.fixture
def real_eight(cli: Cli) -> Cli:
    """Eight players, a real deck, modern stops (Ann deals, 8♥ turned up: Gus has it). Bob leads 5♣ and
    Cat plays 6♣ (stop); Cat leads 2♠, Dan plays 3♠ to 5♠ and Eve 6♠ to 10♠ (stop). Left: Eve 1 card,
    Dan 3, Cat 4, Bob 5; 7♣ and J♠ are in the spare hand."""
    cli.ok("table", "new", "t", "--rules", "modern-stops", "--players", EIGHT, "--dealer", "Ann", "--lang", "ru")
    cli.ok("deal", "--real", "--turnup", "8H")
    cli.ok("play", "Bob", "5C", "6C:Cat", "stop")
    cli.ok("play", "Cat", "2S", "3S:Dan", "4S", "5S", "6S:Eve", "7S", "8S", "9S", "10S", "stop")
    return cli


@pytest.mark.parametrize(("player", "russian", "english"), [
    ("Eve", "1 карта", "1 card"), ("Dan", "3 карты", "3 cards"), ("Bob", "5 карт", "5 cards")])
def test_a_shown_hand_of_the_wrong_size(real_eight: Cli, player: str, russian: str, english: str) -> None:
    shown = ("2D", "3D") if player == "Eve" else ("2D",)
    assert real_eight.fails(3, "show", player, *shown) == (
        f"popejoan: по записи у игрока {player} на руках {russian}, а не {len(shown)}\n")
    assert real_eight.fails(3, "show", player, *shown, POPEJOAN_LANG="en") == (
        f"popejoan: the record shows {player} holds {english}, not {len(shown)}\n")


def test_a_shown_hand_against_the_record(real_eight: Cli) -> None:
    cli = real_eight
    for cards, russian, english in [
        (("2C", "3H", "4H", "5H", "5C"), "у игрока Bob не может быть карты 5♣: по записи она в другом месте (уже "
         "сыграна)", "Bob cannot hold 5♣: the record places it elsewhere (played)"),
        (("2C", "3H", "4H", "5H", "7C"), "у игрока Bob не может быть карты 7♣: по записи она в другом месте (не на "
         "руках у этого игрока)", "Bob cannot hold 7♣: the record places it elsewhere (not in their hand)"),
    ]:
        assert cli.fails(3, "show", "Bob", *cards) == f"popejoan: {russian}\n"
        assert cli.fails(3, "show", "Bob", *cards, POPEJOAN_LANG="en") == f"popejoan: {english}\n"
    assert cli.fails(2, "show", "Bob", "2C", "2C", "4H", "5H", "6H") == "popejoan: одна карта названа дважды\n"
    assert cli.fails(3, "show", "Gus", "2D", "3D", "4D", "5D", "6D", "7D") == (
        "popejoan: у игрока Gus ещё должна быть карта 8♥\n")
    assert cli.fails(3, "show", "Gus", "2D", "3D", "4D", "5D", "6D", "7D", POPEJOAN_LANG="en") == (
        "popejoan: Gus must still hold 8♥\n")
    assert cli.fails(3, "out", "Eve") == (
        "popejoan: по записи у игрока Eve ещё 1 карта\n  Сначала запишите остальные ходы\n")


def test_a_breach_is_said_in_russian(real_eight: Cli) -> None:
    """Bob led 5♣ though he holds 2♣: his shown hand proves it, in either language."""
    res = real_eight.ok("show", "Bob", "2C", "3H", "4H", "5H", "6H")
    assert res.stdout == ""
    # Bob's gender is unknown: the passive keeps the past («ход … сделан»), never the present for «пошёл».
    assert res.stderr.startswith("popejoan: НАРУШЕНИЕ: ход с 5♣ сделан игроком Bob при 2♣ на руках (")
    assert 'play.lead = "lowest-in-suit")' in res.stderr  # the rule cited, in words or by its key alone
    problems = json.loads(real_eight("check", "--json").stdout)["problems"]
    assert [p["message"] for p in problems] == ["Bob led 5♣ while holding 2♣ (play.lead = \"lowest-in-suit\")"]


def test_a_breach_in_english_is_as_it_was(real_eight: Cli) -> None:
    res = real_eight.ok("show", "Bob", "2C", "3H", "4H", "5H", "6H", POPEJOAN_LANG="en")
    assert res.stderr == "popejoan: BREACH: Bob led 5♣ while holding 2♣ (play.lead = \"lowest-in-suit\")\n"


def test_a_real_hands_command_errors(real_eight: Cli) -> None:
    cli = real_eight
    assert cli.fails(2, "play", "5D") == ("popejoan: кто сыграл 5♦? В раздаче настоящей колоды сначала назовите "
                                          "игрока\n  Например, `popejoan play Eve 5D`\n")
    assert cli.fails(2, "play", "5D", POPEJOAN_LANG="en") == (
        "popejoan: who played 5♦? in a real hand, name the player first\n  e.g. `popejoan play Eve 5D`\n")
    assert cli.fails(2, "out", "Eve", "--left", "Ann=1") == (
        "popejoan: --left нужен только в раздаче с подсчётом (`deal --real --tally`): здесь карты "
        "считает запись\n")
    assert cli.fails(2, "out", "Eve", "--left", "Ann=1", POPEJOAN_LANG="en") == (
        "popejoan: --left goes with a tally hand (`deal --real --tally`): here the record counts the cards\n")
    assert cli.fails(3, "pay", "Bob", "pope") == (
        "popejoan: эта раздача идёт без подсчёта: секции выплачиваются, когда сыграны их карты\n"
        "  Чтобы вести подсчёт, сдавайте командой `popejoan deal --real --tally`\n")


# --------------------------------------------------------------------------- the spare hand
def _ruled(refused: str) -> str:
    """A refusal with its rule line reduced to the key it cites, whether the key is said in words around it
    («Правило: кто может взять дополнительную руку (deal.spare_exchange)») or alone («Правило: deal.spare_exchange»)."""
    return re.sub(r"(?m)^(  Правило: )(?:[^(\n]*\()?([a-z_.]+(?: = \"[^\"]*\")?)\)?$", r"\1\2", refused)


def test_the_spare_hands_refusals(cli: Cli) -> None:
    cli.ok("table", "new", "m", "--rules", "michigan", "--players", FOUR, "--lang", "ru")
    cli.ok("deal", "--seed", "3")
    assert _ruled(cli.fails(3, "spare", "Аня", "--price", "2")) == (
        "popejoan: сдатчик берёт дополнительную руку даром; остальные платят 0 или больше\n"
        "  Правило: deal.spare_exchange\n")
    assert cli.fails(3, "spare", "Аня", "--price", "2", POPEJOAN_LANG="en") == (
        "popejoan: the dealer takes the spare hand for nothing; others pay 0 or more\n  rule: deal.spare_exchange\n")
    cli.ok("spare", "Боря", "--price", "2")
    assert _ruled(cli.fails(3, "spare", "Вика")) == (
        "popejoan: дополнительную руку уже взяли\n  Правило: deal.spare_exchange\n")
    assert cli.fails(3, "spare", "Вика", POPEJOAN_LANG="en") == (
        "popejoan: the spare hand has already been taken\n  rule: deal.spare_exchange\n")
    cli.ok("table", "new", "p", "--rules", "modern-stops", "--players", FOUR, "--lang", "ru")
    cli.ok("deal", "--seed", "1")
    assert _ruled(cli.fails(3, "spare", "Аня")) == (
        "popejoan: по этим правилам дополнительную руку не может взять никто\n"
        "  Правило: deal.spare_exchange = \"none\"\n")
    assert cli.fails(3, "spare", "Аня", POPEJOAN_LANG="en") == (
        "popejoan: these rules do not let anyone take the spare hand\n  rule: deal.spare_exchange = \"none\"\n")


def test_the_spare_hand_only_for_the_dealer_and_before_the_first_lead(cli: Cli) -> None:
    cli.ok("table", "new", "n", "--rules", "newmarket", "--players", FOUR, "--lang", "ru")
    cli.ok("deal", "--seed", "1")
    assert _ruled(cli.fails(3, "spare", "Боря")) == ("popejoan: дополнительную руку может взять только сдатчик\n"
                                             "  Правило: deal.spare_exchange = \"dealer\"\n")
    assert cli.fails(3, "spare", "Боря", POPEJOAN_LANG="en") == (
        "popejoan: only the dealer may take the spare hand\n  rule: deal.spare_exchange = \"dealer\"\n")
    from popejoan_cli.store import tables
    from popejoan_cli.table import moves

    led = moves.lowest(tables.view(cli.home / "tables" / "n")[0])
    assert led is not None
    cli.ok("lead", led.card)
    assert _ruled(cli.fails(3, "spare", "Аня")) == ("popejoan: дополнительную руку можно взять только до первого хода\n"
                                            "  Правило: deal.spare_exchange\n")
    assert cli.fails(3, "spare", "Аня", POPEJOAN_LANG="en") == (
        "popejoan: the spare hand can be taken only before the first lead\n  rule: deal.spare_exchange\n")


# --------------------------------------------------------------------------- the commands' own errors
def test_deal_and_play_and_board_errors(cli: Cli) -> None:
    cli.ok("table", "new", "t", "--rules", "russian", "--players", FOUR, "--lang", "ru")
    for args, russian, english in [
        (("deal", "--real", "--seed", "3"), "--seed сдаёт виртуальную раздачу, а --real записывает настоящую колоду",
         "--seed deals a virtual hand; --real records a real deck"),
        (("deal", "--tally", "--seed", "3"),
         "--seed сдаёт виртуальную раздачу, а --tally ведёт подсчёт по настоящей колоде",
         "--seed deals a virtual hand; --tally keeps a tally of a real deck"),
        (("board", "--watch", "--json"), "--watch рисует доску для людей, а --json выводит её один раз",
         "--watch draws the board for people; --json prints it once"),
    ]:
        assert cli.fails(2, *args) == f"popejoan: {russian}\n  Укажите что-то одно\n"
        assert cli.fails(2, *args, POPEJOAN_LANG="en") == f"popejoan: {english}\n  give one or the other\n"
    assert cli.fails(2, "deal", "--turnup", "2C") == (
        "popejoan: --turnup нужен только с --real: виртуальная раздача открывает свою карту сама\n")
    assert cli.fails(2, "deal", "--turnup", "2C", POPEJOAN_LANG="en") == (
        "popejoan: --turnup goes with --real: a virtual deal turns up its own card\n")
    assert cli.fails(3, "hand", "show", "Аня") == (
        "popejoan: раздача сейчас не идёт\n  Сначала сдайте: `popejoan deal`\n")
    cli.ok("deal", "--seed", "7")
    assert cli.fails(2, "play", "Боря", "2C", "3C") == (
        "popejoan: продолжения виртуальной раздачи popejoan играет сам: ходите одной картой\n")
    assert cli.fails(2, "play", "Боря", "2C", "3C", POPEJOAN_LANG="en") == (
        "popejoan: popejoan plays the follows of a virtual hand itself: lead one card\n")
    assert cli.fails(3, "pay", "Боря", "pope") == (
        "popejoan: эта раздача идёт без подсчёта: секции выплачиваются, когда сыграны их карты\n"
        "  Чтобы вести подсчёт, сдавайте командой `popejoan deal --real --tally`\n")


@pytest.mark.parametrize(("board", "russian", "english"), [
    ("pope12", "запись --board «pope12» не по образцу pot=N\n  Например, --board pope=12,game=3",
     "--board entry 'pope12' is not pot=N\n  e.g. --board pope=12,game=3"),
    ("popo=12", "в --board названа секция «popo», а её нет на доске\n  Можно: «pope», «matrimony», «intrigue», "
     "«ace», «king», «queen», «jack», «game»; может быть, «pope»?",
     "--board names no pot 'popo'\n  allowed: 'pope', 'matrimony', 'intrigue', 'ace', 'king', 'queen', 'jack', "
     "'game'; did you mean 'pope'?"),
    ("pope=99999999", "--board pope='99999999': слишком много\n  Можно: от 0 до 1\u202f000\u202f000",
     "--board pope='99999999' is too large\n  allowed: 0 to 1,000,000"),
])
def test_the_final_deals_board_errors(cli: Cli, board: str, russian: str, english: str) -> None:
    args = ("hand", "final", "--rules", "russian", "--players", FOUR, "--seed", "1", "--board", board)
    assert cli.fails(2, *args, POPEJOAN_LANG="ru") == f"popejoan: {russian}\n"
    assert cli.fails(2, *args) == f"popejoan: {english}\n"


def test_no_final_deal_under_these_rules(cli: Cli) -> None:
    args = ("hand", "final", "--rules", "modern-stops", "--players", FOUR, "--seed", "1")
    assert cli.fails(2, *args, POPEJOAN_LANG="ru") == (
        "popejoan: в правилах modern-stops нет финального кона, который очищает доску (final.deal = \"none\"), так "
        "что фишки остаются на доске до следующего вечера\n"
        "  Возьмите правила с final.deal = \"holders\", например russian\n")
    assert cli.fails(2, *args) == (
        "popejoan: modern-stops has no final clearing deal (final.deal = \"none\"): its board carries over\n"
        "  use rules with final.deal = \"holders\", such as russian\n")


def test_a_lead_left_over_in_a_deal_file(cli: Cli, tmp_path: Path) -> None:
    file = tmp_path / "deal.toml"
    cli.ok("hand", "deal", "--rules", "modern-stops", "--players", "Ann,Bob,Cat", "--seed", "1", "-o", str(file))
    plays = json.loads(cli.ok("hand", "replay", str(file), "--json").stdout)["plays"]
    leads = [p["card"] for p in plays if p["lead"]] + ["2C"]
    text = file.read_text(encoding="utf-8").replace("\n[hands]", f"\nleads = {json.dumps(leads)}\n\n[hands]")
    file.write_text(text, encoding="utf-8")
    assert cli.fails(3, "hand", "replay", str(file), POPEJOAN_LANG="ru") == (
        "popejoan: ход 2♣ лишний: раздача уже закончилась\n  Уберите лишние записи из leads\n")
    assert cli.fails(3, "hand", "replay", str(file)) == (
        "popejoan: lead 2♣ is left over: the hand has already ended\n  remove the extra entries from leads\n")


def test_a_hand_not_shown_at_a_terminal(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    """No Enter at the terminal: the hand stays hidden, and the line says so in the table's language."""
    from popejoan_cli import cli as the_cli

    cli.ok("table", "new", "t", "--rules", "russian", "--players", FOUR, "--lang", "ru")
    cli.ok("deal", "--seed", "7")
    monkeypatch.setattr(the_cli, "at_terminal", lambda: True)  # the terminal is faked here, not by the runner
    res = cli.ok("hand", "show", "Боря", input="")
    assert res.stdout == "Передайте ноутбук Боре и нажмите Enter \n"
    assert res.stderr == "popejoan: карты не были показаны\n"
    res = cli.ok("hand", "show", "Боря", input="", POPEJOAN_LANG="en")
    assert res.stdout == "Pass the laptop to Боря and press Enter \n"
    assert res.stderr == "popejoan: the hand was not shown\n"
