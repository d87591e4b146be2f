"""Issue 39's smaller items, each through the CLI as a banker meets it: the shell's hints name commands as
the shell takes them, a table that does not exist is one exit code, ..."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from conftest import Cli, play_hand


def _table(cli: Cli, *extra: str) -> None:
    cli.ok("table", "new", "fri", "--rules", "modern-stops", "--players", "Ann,Bob,Cat", "--counters", "50", *extra)


def test_every_hint_inside_the_shell_names_a_command_without_popejoan(cli: Cli) -> None:
    """Narration, plain messages and errors (message and hint) follow one rule at `popejoan shell`: a command
    in backquotes is written as the shell takes it (`deal`), in English and in Russian; outside it, as typed
    at the system's shell (`popejoan deal`)."""
    lines = "table new fri --rules modern-stops --players Ann,Bob,Cat --counters 50\nhistory\ndeal --seed 3\n" \
            "ledger settle\nlead 2C\nexit\n"
    res = cli("shell", input=lines)
    said = res.stdout + res.stderr
    assert "`popejoan" not in said, said
    assert "deals first: `deal`." in said  # a plain message (table new)
    assert "Ann deals first (`deal`)." in said  # a line drawn by the history
    assert "own hand with `hand show NAME`" in said  # the narration
    assert "finish it with `lead ...` until someone is out, or take it back with `undo --hand`" in said  # a hint
    assert "`hand show Bob --why 2C`" in said  # a refused lead's pointer
    ru = cli("shell", input="ledger settle\nlead 2C\nexit\n", POPEJOAN_LANG="ru")
    assert "`popejoan" not in ru.stdout + ru.stderr, ru.stderr
    assert "ходами `lead ...`" in ru.stderr and "`undo --hand`" in ru.stderr
    # Outside the shell the same hints keep `popejoan`: the rule lasts as long as the shell runs.
    out = cli.fails(3, "ledger", "settle")
    assert "`popejoan lead ...`" in out and "`popejoan undo --hand`" in out
    assert "`popejoan deal`" in cli.ok("table", "new", "sat", "--rules", "hoyle", "--players", "A,B,C",
                                       COLUMNS="200").stdout


def test_a_table_that_is_not_there_is_exit_2_wherever_it_is_named(cli: Cli, tmp_path: Path) -> None:
    """`table use NOSUCH`, `--table PATH`, POPEJOAN_TABLE and the current table's folder removed: one usage error
    (exit 2, README: Exit codes), where `--table` used to be exit 5, as a damaged journal is."""
    _table(cli)
    cli.fails(2, "table", "use", "nosuch", said=("no table called 'nosuch'",))
    cli.fails(2, "--table", str(tmp_path / "nosuch"), "ledger", "show", said=("no table here (no journal)",))
    cli.fails(2, "board", POPEJOAN_TABLE=str(tmp_path / "nosuch"), said=("no table here",))
    cli.ok("table", "new", "sat", "--rules", "hoyle", "--players", "A,B,C")
    shutil.rmtree(cli.home / "tables" / "sat")
    cli.fails(2, "deal", said=("sat/journal.jsonl: no table here (no journal)", "`popejoan table new NAME`"))
    ru = cli.fails(2, "check", POPEJOAN_LANG="ru")
    assert "sat/journal.jsonl: здесь нет стола (нет журнала)" in ru, ru
    cli.fails(2, "table", "use", "sat", said=("no table called 'sat'",))
    (tmp_path / "bad.toml").write_text("name = [\n", encoding="utf-8")
    cli.fails(5, "rules", "check", str(tmp_path / "bad.toml"))  # bad data is still exit 5: a file there and wrong


def _one_hand_evening(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    """fri opened at 19:00, its one hand dealt and played at 19:30 (Ann −14, Bob +2, Cat +1, the board +11), a
    count at 23:00 and the session ended at 23:30."""
    cli.ok("table", "new", "fri", "--rules", "modern-stops", "--players", "Ann,Bob,Cat", "--counters", "50",
           POPEJOAN_NOW="2026-12-01T19:00:00+01:00")
    monkeypatch.setenv("POPEJOAN_NOW", "2026-12-01T19:30:00+01:00")
    play_hand(cli, 2)
    monkeypatch.delenv("POPEJOAN_NOW")
    cli.ok("count", "Cat", "51", POPEJOAN_NOW="2026-12-01T23:00:00+01:00")
    cli.ok("end", POPEJOAN_NOW="2026-12-01T23:30:00+01:00")


def test_settling_pays_one_transfer_between_two_people(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    """With Bob holding the board, Ann paid him twice ("11 counters for the board", then "2 counters"); the board's
    share and his own are one purse now: one transfer, and his putting the board's part aside, said apart."""
    _one_hand_evening(cli, monkeypatch)
    assert cli.json("ledger", "settle")["nets"] == {"Ann": -14, "Bob": 2, "Cat": 1, "the board": 11}
    for args in ([], ["--value", "0.05"]):
        doc = cli.json("ledger", "settle", "--bank", "Bob", *args)
        unit = "cents" if args else "counters"
        moves = [(m["from"], m["to"], m[unit]) for m in doc["transfers"]]
        pairs = [frozenset(m[:2]) for m in moves]
        assert len(pairs) == len(set(pairs)), moves
        for who, net in doc["cents" if args else "nets"].items():  # conserved: each gets its net, no more
            assert sum(n for _, to, n in moves if to == who) - sum(n for by, _, n in moves if by == who) == net
        assert moves[-1] == ("Bob", "the board", 55 if args else 11)
        assert cli.json("evening", "--bank", "Bob", *args)["transfers"] == doc["transfers"]
    said = cli.ok("ledger", "settle", "--bank", "Bob").stdout
    assert "Ann pays Bob 13 counters\nAnn pays Cat 1 counter\nBob (the banker) puts 11 counters aside for the " \
           "board\n" in said, said
    assert "for the board\nAnn pays Bob" not in said
    ru = cli.ok("ledger", "settle", "--bank", "Bob", POPEJOAN_LANG="ru").stdout
    assert "Ann платит игроку Bob: 13 фишек" in ru and "Bob (банкир) откладывает для доски: 11 фишек" in ru, ru


def test_evening_and_session_new_say_one_span_for_one_evening(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    """Both from `table.evening.played`: the first hand dealt to the last hand ended. `evening` said 19:00–23:30
    (`table new` to `end`), `session new` 19:30–19:30 (the export's hands)."""
    _one_hand_evening(cli, monkeypatch)
    doc = cli.json("evening")
    assert (doc["began"], doc["finished"]) == ("2026-12-01T19:30:00+01:00", "2026-12-01T19:30:00+01:00")
    assert "fri: the evening of 2026-12-01, 19:30–19:30" in cli.ok("evening").stdout
    said = cli.ok("session", "new", COLUMNS="200").stdout
    assert "The session it continues was played 2026-12-01, 19:30–19:30." in said, said


def test_a_real_decks_stop_says_the_spare_hand_is_inferred_not_seen(cli: Cli) -> None:
    """popejoan never sees a real deck's spare hand: after `stop` it says what follows from the cards recorded
    (nobody played 3♠), in English and Russian; a dealt hand, whose spare hand popejoan dealt, says it is there."""
    cli.ok("table", "new", "r", "--rules", "modern-stops", "--players", "Ann,Bob,Cat,Dan")
    cli.ok("deal", "--real", "--turnup", "8H")
    cli.ok("play", "Bob", "AS", "2S:Ann")
    said = cli.ok("stop", COLUMNS="200").stdout
    assert "Stop at 2♠: nobody played 3♠, so it is taken to be in the spare hand." in said, said
    assert "is in the spare hand" not in said
    ru = cli.ok("play", "Ann", "5C", "6C:Bob", "stop", POPEJOAN_LANG="ru", COLUMNS="200").stdout
    assert "Стоп на 6♣: 7♣ никто не сыграл, значит, считается, что эта карта в дополнительной руке." in ru, ru
    cli.ok("table", "new", "v", "--rules", "modern-stops", "--players", "Ann,Bob,Cat,Dan")
    cli.ok("deal", "--seed", "42")
    assert "the next card, 3♠, is in the spare hand" in cli.ok("lead", "AS", COLUMNS="200").stdout


def test_check_names_a_count_by_its_time_and_hand_not_its_seq(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    """`check` said "seq 38", a number a banker never sees: a count is named as `history` shows the evening, by its
    clock time and the hand it came in or after (a damaged entry keeps its journal place)."""
    cli.ok("table", "new", "fri", "--rules", "modern-stops", "--players", "Ann,Bob,Cat", "--counters", "50",
           POPEJOAN_NOW="2026-12-01T19:00:00+01:00")
    monkeypatch.setenv("POPEJOAN_NOW", "2026-12-01T19:30:00+01:00")
    play_hand(cli, 2)
    monkeypatch.delenv("POPEJOAN_NOW")
    cli.fails(3, "count", "Cat", "40", POPEJOAN_NOW="2026-12-01T23:00:00+01:00", journal=False)  # recorded
    res = cli("check")
    err = res.stderr
    assert res.exit_code == 3 and err.endswith("1 problem found\n"), err
    assert "popejoan: at 23:00, after hand 1: the count of Cat is 40, but the journal says 51\n" in err, err
    assert "seq" not in err
    ru = cli("check", POPEJOAN_LANG="ru").stderr
    assert "popejoan: у игрока Cat насчитано 40 фишек, а по журналу 51 (в 23:00, после раздачи 1)\n" in ru, ru
    cli.ok("count", "Cat", "51", POPEJOAN_NOW="2026-12-01T23:10:00+01:00")
    said = " ".join(cli.ok("check").stdout.split())
    assert "resolved: the count of Cat was 40 (at 23:00, after hand 1), the journal said 51; the later count (at " \
           "23:10, after hand 1) agreed." in said, said
    assert "seq" not in said
    ru = " ".join(cli.ok("check", POPEJOAN_LANG="ru").stdout.split())
    assert "(в 23:00, после раздачи 1), а в журнале было 51; следующий пересчёт (в 23:10, после раздачи 1) совпал." \
        in ru, ru


def test_ledger_stats_groups_by_evening_as_evening_defines_one(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    """`--by evening`: an evening as `popejoan evening` sums it up (`table.evening.played`), by the day it began: one
    played past midnight is one evening (by month it is one month, by day it would be two)."""
    cli.ok("table", "new", "fri", "--rules", "modern-stops", "--players", "Ann,Bob,Cat", "--counters", "50")
    for at, seed in (("2026-12-01T21:00:00+01:00", 1), ("2026-12-02T00:30:00+01:00", 2)):
        monkeypatch.setenv("POPEJOAN_NOW", at)
        play_hand(cli, seed)
    cli.ok("end")
    assert cli.json("evening")["days"] == ["2026-12-01", "2026-12-02"]
    monkeypatch.setenv("POPEJOAN_NOW", "2026-12-08T21:00:00+01:00")
    cli.ok("session", "new")
    play_hand(cli, 3)
    doc = cli.json("ledger", "stats", "--by", "evening")
    assert doc["by"] == "evening" and [g["group"] for g in doc["groups"]] == ["2026-12-01", "2026-12-08"]
    first, second = ({p["player"]: p for p in g["players"]} for g in doc["groups"])
    assert {p["hands"] for p in first.values()} == {2} and {p["hands"] for p in second.values()} == {1}
    sessions = cli.json("ledger", "stats", "--by", "session")["groups"]
    assert [g["players"] for g in doc["groups"]] == [g["players"] for g in sessions]  # one session an evening here
    assert [g["group"] for g in cli.json("ledger", "stats", "--by", "month")["groups"]] == ["2026-12"]
    said = cli.ok("ledger", "stats", "--by", "Evening", COLUMNS="120").stdout
    assert said.startswith("Standings by evening over 2 sessions: fri, fri-s2") and "2026-12-08" in said
    ru = cli.ok("ledger", "stats", "--by", "evening", POPEJOAN_LANG="ru", COLUMNS="120").stdout
    # a session is «вечер», and an evening by its day
    assert ru.startswith("Положение по дням за 2 вечера: fri, fri-s2"), ru
    cli.fails(2, "ledger", "stats", "--by", "night", said=("`month`, `session` or `evening`, not 'night'",))
