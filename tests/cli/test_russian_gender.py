"""Every Russian sentence about a player agrees with them (issue 25; docs/i18n.md: Gender and case).

One Russian table of women (Дарья, Вика), a man (Борис) and two players whose gender nobody knows
(Саша, Max) plays through the CLI: a virtual hand led to its end, claims right and wrong, a real hand
(`play`, `stop`, a refusal, going out), a tally hand (`pay`, `out --left`), counts, `undo`'s list,
history, the ledger, settle and the evening; and a second table, whose player leaves owing the table.
Each line is cut into clauses, and a clause that names only women says nothing masculine of them, one
that names only men nothing feminine, one that names only players of unknown gender nothing gendered
at all; a name is in its case («Дарье», «у Бориса») where the sentence needs one, never «игроку Дарья»;
a payment says its unit («8 фишек Дарье»); a debt is said as one, not as «унесено −27».
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from conftest import Cli
from popejoan_cli.store import tables

PLAYERS = "Дарья,Борис,Саша,Вика,Max"
FORMS = {  # every form a sentence may put a name in (render/morph.py reads them as the players sit down)
    "Дарья": ("f", ("Дарья", "Дарьи", "Дарье", "Дарью", "Дарьей")),
    "Вика": ("f", ("Вика", "Вики", "Вике", "Вику", "Викой")),
    "Анна": ("f", ("Анна", "Анны", "Анне", "Анну", "Анной")),
    "Борис": ("m", ("Борис", "Бориса", "Борису", "Борисом", "Борисе")),
    "Саша": ("", ("Саша", "Саши", "Саше", "Сашу", "Сашей")),
    "Max": ("", ("Max",)),
}
MASCULINE = re.compile(r"\b(сдал|сдавал|открыл|сыграл|вышел|забрал|пошёл|получил|взял|показал|играл|уходил|унёс|"
                       r"первым|следующим|сдающий|должен|он|его|него|ему|нему|ним|нём)\b", re.IGNORECASE)
FEMININE = re.compile(r"\b(сдала|сдавала|открыла|сыграла|вышла|забрала|пошла|получила|взяла|показала|играла|уходила|"
                      r"унесла|первой|следующей|сдающая|должна|она|её|неё|ей|ней)\b", re.IGNORECASE)
UNDECLINED = re.compile(r"\b[Ии]грок(а|у|ом|е) (Дарья|Вика|Анна|Борис|Саша)\b")
"""A name the dictionary declines in the construction for a name it does not (`игроку Max`)."""

EVENING: list[tuple[int, tuple[str, ...]]] = [
    # after the virtual hand (seed 7: Дарья deals, Саша goes out)
    (0, ("claim", "Саша", "cards")),
    (0, ("claim", "Вика", "ace")),
    (3, ("claim", "Дарья", "ace")),  # Вика played it
    (3, ("claim", "Max", "cards")),  # Саша went out
    (3, ("claim", "Саша", "game", "3")),
    (0, ("claim", "Саша", "pope")),
    # a real hand: Борис deals, Саша leads
    (0, ("deal", "--real", "--turnup", "4S")),
    (0, ("play", "Саша", "2C", "3C", "4C")),
    (0, ("stop",)),
    (3, ("play", "Дарья", "5H")),  # it is Саша's lead
    (0, ("play", "Саша", "2H", "3H:Дарья", "4H", "5H", "6H", "7H", "8H", "9H", "10H")),  # Дарья's 8 cards
    (3, ("play", "Дарья", "JH")),  # she has played them all
    (0, ("out", "Дарья", "--pope", "none")),
    (0, ("claim", "Дарья", "cards")),
    (3, ("claim", "Саша", "game")),  # Дарья went out first
    (3, ("claim", "Max", "cards")),
    (3, ("claim", "Борис", "cards")),
    # a tally hand: Саша deals, Вика leads
    (0, ("deal", "--real", "--tally", "--turnup", "10C")),
    (0, ("pay", "Max", "ace")),
    (0, ("pay", "Вика", "king")),
    (3, ("pay", "Борис", "king")),  # taken already, by Вика
    (0, ("claim", "Вика", "king")),
    (3, ("claim", "Борис", "king")),
    (0, ("claim", "Max", "ace")),
    (2, ("out", "Вика", "--left", "Дарья=3,Саша=2,Борис=1")),  # how many has Max?
    (2, ("out", "Вика", "--left", "Дарья=3,Саша=2,Борис=1,Max=0,Дарья=2")),
    (0, ("out", "Вика", "--left", "Дарья=3,Саша=2,Борис=1,Max=0", "--pope", "none")),
    (0, ("claim", "Вика", "cards")),
    (3, ("claim", "Борис", "game")),  # Вика went out first
    (3, ("count", "Дарья", "1")),
    (3, ("count", "Борис", "1")),
    (0, ("history",)),
    (0, ("table", "leave", "Max")),
    (0, ("ledger", "show")),
    (0, ("ledger", "settle")),
    (0, ("evening",)),
]

OWING: list[tuple[int, tuple[str, ...]]] = [
    (0, ("table", "new", "dolg", "--rules", "russian", "--players", "Анна,Борис,Саша,Max", "--counters", "3", "--lang",
         "ru")),
    (0, ("deal", "--seed", "3")),
]


@pytest.fixture(scope="module")
def said(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[tuple[str, ...], str]]:
    """What each command of the evening printed (stdout, then stderr), by its arguments; the leads of the
    virtual hands under ("lead", N)."""
    home = tmp_path_factory.mktemp("gender") / "home"
    cli = Cli(home)
    out: dict[tuple[str, ...], str] = {}
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("POPEJOAN_HOME", str(home))  # `lead_lowest` reads the table in-process
        mp.delenv("POPEJOAN_TABLE", raising=False)

        def typed(code: int, args: tuple[str, ...]) -> None:
            res = cli(*args)
            assert res.exit_code == code, (args, res.exit_code, res.stdout, res.stderr)
            assert "Traceback" not in res.stderr
            out[args] = out.get(args, "") + res.stdout + res.stderr

        def led_out(table: str) -> None:
            for n in range(80):
                if tables.view(tables.folder())[0].open_hand is None:
                    break
                out[(table, "lead", str(n))] = cli.lead_lowest(tables.folder()).stdout

        typed(0, ("table", "new", "t", "--rules", "russian", "--players", PLAYERS, "--lang", "ru"))
        typed(0, ("deal", "--seed", "7"))
        led_out("t")
        typed(0, ("undo", "2"))  # lists what it would take back, and takes nothing (no input: no)
        for code, args in EVENING:
            typed(code, args)
        for code, args in OWING:
            typed(code, args)
        led_out("dolg")
        balances = tables.view(tables.folder())[0].live_balances()
        debtor = next(name for name, n in balances.items() if n < 0)
        typed(0, ("table", "leave", debtor))
        typed(0, ("ledger", "show"))
        typed(0, ("evening",))
        out[("debtor",)] = debtor
    yield out


def _clauses(text: str) -> Iterator[str]:
    """Each clause of each line: a sentence's parts between its punctuation, where one verb agrees with one name."""
    for line in text.splitlines():
        yield from (c for c in re.split(r"[;:,.()«»│┃]| а не | — ", line) if c.strip())


def _named(clause: str) -> set[str]:
    """The genders ("m", "f", "" for unknown) of the players a clause names, in any case."""
    words = set(re.findall(r"\w+", clause))
    return {gender for gender, forms in FORMS.values() if words & set(forms)}


def test_no_clause_about_a_player_takes_another_gender(said: dict[tuple[str, ...], str]) -> None:
    wrong = []
    for args, text in said.items():
        for clause in _clauses(text):
            genders = _named(clause)
            found = (MASCULINE.findall(clause) if genders == {"f"} else FEMININE.findall(clause) if genders == {"m"}
                     else MASCULINE.findall(clause) + FEMININE.findall(clause) if genders == {""} else [])
            if found:
                wrong.append(f"{' '.join(args)}: {clause.strip()!r} says {found}")
    assert wrong == [], "\n".join(wrong)


def test_a_name_the_dictionary_declines_is_never_left_undeclined(said: dict[tuple[str, ...], str]) -> None:
    left = [f"{' '.join(args)}: {m.group(0)}" for args, text in said.items() for m in UNDECLINED.finditer(text)]
    assert left == []


def test_the_narration_agrees_and_declines(said: dict[tuple[str, ...], str]) -> None:
    everything = "\n".join(said.values())
    for words in ("Первой сдаёт Дарья: `popejoan deal`.", "Первым ходит Борис.", "Следующей ходит Вика.",
                  "Следующим ходит Борис.", "Следующий ход за Сашей.", "Следующий ход за игроком Max.",
                  "Первый ход за Сашей: записывайте", "Первой ходит Вика. Записывайте",
                  "У Саши кончились карты.", "У Дарьи кончились карты.",
                  "Max платит 3 фишки Саше за оставшиеся карты.", "Вика платит 1 фишку Саше за оставшиеся карты.",
                  "Max платит 8 фишек Дарье за оставшиеся карты."):
        assert words in everything, words


def test_claims_and_refusals_agree(said: dict[tuple[str, ...], str]) -> None:
    for args, words in [
        (("claim", "Вика", "ace"), "Вика сыграла Т♦"),
        (("claim", "Дарья", "ace"), "Т♦ сыграла Вика"),
        (("claim", "Саша", "cards"), "карты кончились у Саши; за оставшиеся карты заплатили"),
        (("claim", "Саша", "pope"), "9♦ — с руки Саши"),  # the past kept, no gender needed
        (("claim", "Саша", "game", "3"), "карты первыми кончились у Саши"),
        (("claim", "Max", "cards"), "игроку Max ничего не причитается за карты (вышла Дарья, а не Max)"),
        (("claim", "Борис", "cards"), "Борису ничего не причитается за карты (вышла Дарья, а не Борис)"),
        (("claim", "Дарья", "cards"), "вышла Дарья; за оставшиеся карты заплатили"),
        (("claim", "Саша", "game"), "первой вышла Дарья"),
        (("play", "Дарья", "JH"), "Игрок Дарья не может сыграть В♥: она уже сыграла все 8 сданных ей карт"),
        (("pay", "Борис", "king"), "секцию «Король» в этой раздаче уже забрали (она выплачена Вике)"),
        (("claim", "Вика", "king"), "секция «Король» в этой раздаче досталась Вике"),
        (("claim", "Max", "ace"), "секция «Туз» в этой раздаче досталась игроку Max"),
        (("claim", "Борис", "game"), "досталась Вике, потому что она вышла первой"),
        (("out", "Вика", "--left", "Дарья=3,Саша=2,Борис=1"), "сколько карт у игрока Max?"),
        (("out", "Вика", "--left", "Дарья=3,Саша=2,Борис=1,Max=0,Дарья=2"), "--left называет Дарью дважды"),
        (("count", "Дарья", "1"), "у Дарьи"),
        (("count", "Борис", "1"), "у Бориса"),
        (("undo", "2"), "ход Саши с "),
    ]:
        assert words in " ".join(said[args].split()), (args, said[args])  # a no-break space is a space to split()


def test_payments_and_amounts_say_their_unit(said: dict[tuple[str, ...], str]) -> None:
    everything = "\n".join(said.values())
    payments = [line for line in everything.splitlines() if " платит " in line]
    assert payments and all("фишк" in line or "фишек" in line for line in payments), payments
    assert not re.search(r"платит \S+ \d+ за", everything)  # «платит игроку Компьютер 3 5 за ...»: no more
    assert "Max (унесено фишек: " in said[("ledger", "show")]


def test_a_player_who_leaves_owing_is_said_to_owe_not_to_take_a_negative_amount(
        said: dict[tuple[str, ...], str]) -> None:
    debtor = said[("debtor",)]
    ledger = " ".join(said[("ledger", "show")].split())
    assert re.search(rf"{debtor} \(долг: \d+ фиш(ка|ки|ек)\)", ledger), ledger
    assert re.search(rf"{debtor} \(не за столом; долг: \d+ фиш", " ".join(said[("evening",)].split()))
    assert not re.search(r"(унесено|забрано|забирает)[^\n│)]*[-−]\d", "\n".join(said.values()))
    assert "ушедшие должны столу" in ledger  # the board's foot: what those who left owe, not «унесено −6»


def test_a_negative_count_takes_the_plural_of_its_size() -> None:
    from popejoan_cli.render import i18n

    i18n.use("ru")
    try:
        # A book's no-break space between a number and its noun (render/typeset.py) reads as a space here.
        assert [i18n.counters(n).lstrip("-−").replace("\xa0", " ") for n in (-27, -1, -3, -11, -21)] == \
            ["27 фишек", "1 фишка", "3 фишки", "11 фишек", "21 фишка"]
        assert i18n.cards(-5).lstrip("-−").replace("\xa0", " ") == "5 карт"
    finally:
        i18n.use("en")
