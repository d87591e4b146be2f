"""A Russian table set as a Russian book sets it (issue 25, render/figures.py): «ёлочки» for a quoted name or
word, the minus sign (−27) and not the hyphen, an en dash in a range, a decimal comma in money (7,60 EUR), a
narrow no-break space between thousands (60 000), and a capital where a sentence begins (after «?», at the
start of a line: «Верно: …», a hint under an error).

One Russian evening serves the module: a table of five with 12 000 counters each, a hand led to its end, the
ledger, settle in money, stats, history, the evening's summary, a count that disagrees (a negative one), a
claim right and a claim wrong, and a refusal whose hint names a limit in the thousands. Every line any of them
printed is read by each rule below. English stays exactly as it was: the last test reads the same figures in
English.
"""

from __future__ import annotations

import re

import pytest

from conftest import Cli
from popejoan_cli.store import tables

OPEN: tuple[str, ...] = ("table", "new", "vecher", "--rules", "russian", "--players", "Дарья,Борис,Саша:ж,Анна,Глеб",
                          "--counters", "12000", "--lang", "ru")
EVENING: list[tuple[int, tuple[str, ...]]] = [
    (0, ("board",)),
    (0, ("claim", "Анна", "ace")),  # right: Анна played Т♦ (seed 7), printed at the start of a line
    (3, ("claim", "Борис", "ace")),  # wrong: Глеб played Т♥
    (0, ("ledger", "show")),
    (0, ("ledger", "settle", "--value", "0.05")),
    (0, ("ledger", "stats")),
    (0, ("history",)),
    (0, ("evening", "--value", "0.05")),
    (3, ("count", "Дарья", "-27")),  # a mismatch, and a negative count
    (2, ("table", "new", "too-many", "--rules", "russian", "--players", "Аня,Боря,Вика", "--counters", "9999999")),
    (2, ("deal", "--seed", "x" * 200)),  # a quoted typed word, cut short
    (3, ("check", "--json")),  # JSON never changes: read below, not by the rules
]


@pytest.fixture(scope="module")
def evening(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, ...], str]:
    """What each command of the Russian evening printed (stdout then stderr), by its arguments."""
    home = tmp_path_factory.mktemp("typography")
    cli = Cli(home, columns="80")
    said: dict[tuple[str, ...], str] = {}
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("POPEJOAN_HOME", str(home))  # `lead_lowest` reads the table in-process
        mp.delenv("POPEJOAN_TABLE", raising=False)
        # As printed, no-break spaces and all (`set_stdout`): what this file tests is how the text is set.
        for args in (OPEN, ("deal", "--seed", "7")):
            said[args] = cli.ok(*args).set_stdout
        for turn in range(60):
            if tables.view(tables.folder())[0].open_hand is None:
                break
            said[("lead", str(turn))] = cli.lead_lowest(tables.folder()).set_stdout
        for code, args in EVENING:
            res = cli(*args)
            assert res.exit_code == code, (args, res.exit_code, res.stdout, res.stderr)
            said[args] = res.set_stdout + res.set_stderr
    return said


def _text(evening: dict[tuple[str, ...], str]) -> str:
    return "\n".join(text for args, text in evening.items() if "--json" not in args)


def _found(pattern: str, text: str) -> list[str]:
    """Each line of `text` where `pattern` matches (ISO dates, 2026-12-01, are no ranges and are left out)."""
    return [line for line in text.splitlines() if re.search(pattern, re.sub(r"\d{4}-\d\d-\d\d", "DATE", line))]


def test_a_quoted_name_or_word_takes_guillemets(evening: dict[tuple[str, ...], str]) -> None:
    text = _text(evening)
    assert _found(r"""['"][\w.-]+['"]""", text) == []
    assert evening[OPEN].startswith("Стол «vecher» готов")
    assert "«xxxxxxxxxxxxxxxxxxxx…xxxxxxxxxxxxxxxxxxxx» (200\u00a0символов)" in text


def test_a_negative_takes_the_minus_sign_and_a_range_the_en_dash(evening: dict[tuple[str, ...], str]) -> None:
    text = _text(evening)
    assert _found(r"(?<![\w-])-\d", text) == []  # a negative with a hyphen
    assert _found(r"\d-\d", text) == []  # a range with a hyphen
    assert "насчитано\u00a0−27\u00a0фишек" in evening[("count", "Дарья", "-27")]  # and the plural of 27
    assert "│  −20 │" in evening[("ledger", "show")]


def test_money_and_figures_take_the_decimal_comma_and_narrow_spaces(evening: dict[tuple[str, ...], str]) -> None:
    text = _text(evening)
    assert _found(r"\d\.\d", text) == []  # a decimal point
    # A comma between thousands (not a decimal comma, 0,333)
    assert _found(r"(?<![\d,])[1-9]\d{0,2}(?:,\d{3})+(?![\d,])", text) == []
    settle = evening[("ledger", "settle", "--value", "0.05")]
    assert "Итоги по\u00a00,05\u00a0EUR за\u00a0фишку" in settle and "│ −1,00\u00a0EUR │" in settle
    assert "1\u00a0фишка = 0,05\u00a0EUR" in settle
    assert "Принесено\u00a060\u202f000, унесено\u00a00." in evening[("ledger", "show")]
    assert "│ 11\u202f980 │" in evening[("evening", "--value", "0.05")]
    assert "а\u00a0по\u00a0журналу\u00a011\u202f980" in evening[("count", "Дарья", "-27")]
    assert "от\u00a00\u00a0до\u00a01\u202f000\u202f000" in text


def test_a_sentence_begins_with_a_capital(evening: dict[tuple[str, ...], str]) -> None:
    """After «?», «.» or «!» within a line; on a line after one that ended a sentence; as a command's first line;
    and as a hint, the indented line under a `popejoan:` one."""
    lower = r"[а-яё]"
    wrong = []
    for args, text in evening.items():
        if "--json" in args:
            continue
        lines = text.splitlines()
        wrong += [line for line in lines if re.search(rf"[.!?] {lower}", line)]
        for before, line in zip([".", *lines], lines, strict=False):
            starts = re.match(rf"\s*{lower}", line)
            after_end = re.search(r"[.!?]$", before.rstrip()) is not None
            hint = before.startswith("popejoan: ") and line.startswith("  ")
            if starts and (after_end or hint):
                wrong.append(line)
    assert wrong == []
    assert evening[("claim", "Анна", "ace")].startswith("Верно: ")
    assert evening[("claim", "Борис", "ace")].startswith("popejoan: Неверно: ")
    assert "\n  Пересчитайте" in evening[("count", "Дарья", "-27")]


def test_json_is_untouched(evening: dict[tuple[str, ...], str]) -> None:
    assert '"message": "the count of Дарья is -27, but the journal says 11980"' in evening[("check", "--json")]


def test_a_grouped_number_is_never_broken_at_the_end_of_a_line() -> None:
    """rich wraps at any space, a no-break one too, unless told (`figures.keep_together`, done by `cli.console`)."""
    from io import StringIO

    from rich.console import Console

    from popejoan_cli.render import figures

    figures.keep_together()
    out = StringIO()
    Console(file=out, width=16).print("Принесено 60\u202f000, унесено 1\u00a0234,50\u00a0EUR.")
    assert out.getvalue().splitlines() == ["Принесено ", "60\u202f000, унесено ", "1\u00a0234,50\u00a0EUR."]


def test_english_figures_are_as_they_were() -> None:
    """The one module in English writes every figure as the code wrote it before (`f"{n:+d}"`, `1,000`, `7.60 EUR`)."""
    from decimal import Decimal

    from popejoan_cli.render import figures, i18n

    i18n.use("en")
    assert [figures.count(12000), figures.grouped(1048576), figures.signed(-27), figures.signed(0),
            figures.decimal(Decimal("0.05")), figures.decimal(-0.1234, "+.3f"), figures.money(-760, "EUR"),
            figures.money(1234, "£"), figures.quote("vecher")] == \
        ["12000", "1,048,576", "-27", "+0", "0.05", "-0.123", "-7.60 EUR", "12.34 £", "'vecher'"]
    assert figures.book("{n:,} {m:+d} {name!r}", {"n": 1000, "m": 5, "name": "x"}) == "1,000 +5 'x'"
    i18n.use("ru")
    try:
        assert [figures.count(12000), figures.count(2500), figures.signed(0), figures.money(123456, "RUB"),
                figures.span(2, 7)] == ["12\u202f000", "2500", "0", "1234,56\u00a0RUB", "2–7"]
    finally:
        i18n.use("en")

