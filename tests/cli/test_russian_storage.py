"""Storage, files and the terminal lines of `serve` and `completion` at a Russian table (issue 16, the
storage slice; docs/i18n.md: Errors).

A busy table held by a real lock, a file that cannot be written or already exists, a damaged journal
under `check` and under an ordinary command, `count`'s mismatch, a player who is already at the table,
an export with problems read back, `serve`'s links and its last line, and `completion --install`: each
in Russian at a table opened with `--lang ru`, with the exit code it has in English, and the English
words byte for byte what they were. Paths, file names, keys and commands stay as written.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from conftest import Cli
from popejoan_cli.base.errors import Problem, Said
from popejoan_cli.store import disk, journal, tables

PLAYERS = "Аня,Боря,Вика"


def plain(text: str) -> str:
    """`text` with the no-break spaces Russian typesetting puts in (render/figures.py) read as plain spaces."""
    return text.replace("\u00a0", " ")


def russian_table(cli: Cli, mp: pytest.MonkeyPatch, *, name: str = "vecher") -> Path:
    """A `russian` table of Аня, Боря and Вика, opened with `--lang ru` (so Russian whoever types)."""
    mp.setenv("POPEJOAN_HOME", str(cli.home))  # the tests read the table in-process too
    mp.delenv("POPEJOAN_TABLE", raising=False)
    cli.ok("table", "new", name, "--rules", "russian", "--players", PLAYERS, "--lang", "ru")
    return tables.folder()


def test_a_busy_table_is_said_in_russian(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = russian_table(cli, monkeypatch)
    monkeypatch.setattr(journal, "LOCK_WAIT", 0.05)
    with disk.locked(folder, 0):  # a real lock on its own descriptor: the command contends with it
        err = cli.fails(4, "deal", "--seed", "7")
        english = cli.fails(4, "deal", "--seed", "7", POPEJOAN_LANG="en")
    assert err == (f"popejoan: стол в {folder} занят: в него сейчас пишет другой popejoan\n"
                   "  Дождитесь, пока он закончит, и попробуйте снова\n")
    assert english == (f"popejoan: the table at {folder} is busy: another popejoan is writing to it\n"
                       "  wait for it to finish and try again\n")
    cli.ok("deal", "--seed", "7")  # free again once the lock is let go


def test_an_export_over_an_existing_file_is_refused_in_russian(cli: Cli, monkeypatch: pytest.MonkeyPatch,
                                                               tmp_path: Path) -> None:
    russian_table(cli, monkeypatch)
    target = tmp_path / "notes.toml"
    target.write_text("мои заметки\n", encoding="utf-8")
    err = cli.fails(2, "ledger", "export", str(target))
    assert err == (f"popejoan: {target} уже существует, и это не прежняя выгрузка стола «vecher»; "
                   "перезаписывать его не буду\n  Перезапишите с --force или выберите другой файл\n")
    assert cli.fails(2, "ledger", "export", str(target), POPEJOAN_LANG="en") == (
        f"popejoan: {target} already exists and is not an earlier export of table 'vecher'; not overwriting it\n"
        "  use --force to overwrite it, or choose another file\n")
    assert target.read_text(encoding="utf-8") == "мои заметки\n"
    again = cli.ok("ledger", "export", str(target), "--force")
    assert again.stdout == f"Стол «vecher» (0 раздач) выгружен в формате toml: {target}\n"


def test_an_export_where_nothing_can_be_written_is_said_in_russian(cli: Cli, monkeypatch: pytest.MonkeyPatch,
                                                                   tmp_path: Path) -> None:
    russian_table(cli, monkeypatch)
    missing = tmp_path / "nowhere" / "x.toml"
    assert cli.fails(6, "ledger", "export", str(missing)) == (
        f"popejoan: не удаётся записать {missing}: папки {missing.parent} нет\n")
    assert cli.fails(6, "ledger", "export", str(missing), POPEJOAN_LANG="en") == (
        f"popejoan: cannot write {missing}: the folder {missing.parent} does not exist\n")
    if sys.platform == "win32" or os.geteuid() == 0:
        return  # root writes anywhere; Windows has no such permission bits
    shut = tmp_path / "shut"
    shut.mkdir()
    shut.chmod(0o500)
    try:
        err = cli.fails(6, "ledger", "export", str(shut / "x.toml"))
        english = cli.fails(6, "ledger", "export", str(shut / "x.toml"), POPEJOAN_LANG="en")
    finally:
        shut.chmod(0o700)
    assert err == f"popejoan: не удаётся записать {shut / 'x.toml'}: нет прав доступа\n"
    assert english == f"popejoan: cannot write {shut / 'x.toml'}: permission denied\n"


def _damage(folder: Path) -> int:
    """A line edited by hand at the journal's end; its line number."""
    with (folder / journal.JOURNAL).open("ab") as fh:
        fh.write(b'{"seq": 2, "event": "edited by hand"}\n')
    return len((folder / journal.JOURNAL).read_bytes().splitlines())


def test_a_damaged_journal_is_said_in_russian_by_check_and_by_any_command(cli: Cli,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    folder = russian_table(cli, monkeypatch)
    line = _damage(folder)  # after the opening and the players' descriptions
    where = f"{folder / journal.JOURNAL}:{line}:1"
    russian = (f"popejoan: {where}: строка {line} повреждена: это не запись журнала (в конце нет контрольной "
               "суммы)\n  = журнал, видимо, правили вручную или он испорчен; восстановите его из копии\n")
    english = (f"popejoan: {where}: line {line} is damaged: not a journal entry (no checksum at its end)\n"
               "  = the journal may have been edited or corrupted; restore it from a copy\n")
    # The table's language is read from its first line, which is whole: the damage reads Russian.
    assert cli.fails(5, "check") == russian
    assert cli.fails(5, "board") == russian
    assert cli.fails(5, "board", POPEJOAN_LANG="en") == english


def test_count_s_mismatch_and_check_s_problem_are_russian(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    russian_table(cli, monkeypatch)
    res = cli("count", "Аня", "3")
    assert (res.exit_code, res.stdout) == (3, "")
    assert res.stderr == ("popejoan: РАСХОЖДЕНИЕ: у Ани насчитано 3 фишки, а по журналу 50\n"
                          "  Пересчитайте или найдите недостающие фишки; `popejoan check` покажет это расхождение\n")
    check = cli("check")
    assert (check.exit_code, check.stdout) == (3, "")
    assert check.stderr == ("popejoan: у Ани насчитано 3 фишки, а по журналу 50 (в 21:04, до первой раздачи)\n"
                            "Найдена 1 проблема\n")  # 2-4:
    # the three players' descriptions
    english = cli("check", POPEJOAN_LANG="en")
    assert (english.exit_code, english.stderr) == (
        3, "popejoan: at 21:04, before the first hand: the count of Аня is 3, but the journal says 50\n"
           "1 problem found\n")
    as_json = cli("check", "--json")
    assert as_json.exit_code == 3 and json.loads(as_json.stdout)["problems"] == [
        {"where": "seq 5", "message": "the count of Аня is 3, but the journal says 50"}]  # --json never changes


def test_the_table_s_refusals_are_russian(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    russian_table(cli, monkeypatch)
    assert cli.fails(2, "table", "join", "Аня") == "popejoan: «Аня» уже за столом\n"
    assert cli.fails(2, "table", "join", "Аня", POPEJOAN_LANG="en") == "popejoan: 'Аня' is already at the table\n"
    left = cli.fails(3, "table", "leave", "Боря")
    assert left.startswith("popejoan: Боря не может уйти: "), left
    assert cli.fails(3, "table", "leave", "Боря", POPEJOAN_LANG="en").startswith("popejoan: Боря cannot leave: ")


def test_an_export_with_problems_read_back_is_russian(cli: Cli, monkeypatch: pytest.MonkeyPatch,
                                                      tmp_path: Path) -> None:
    russian_table(cli, monkeypatch)
    good = tmp_path / "vecher.toml"
    cli.ok("ledger", "export", str(good))
    bad = tmp_path / "edited.toml"
    bad.write_text(good.read_text(encoding="utf-8").replace('name = "Аня", balance = 50', 'name = "Аня", balance = 51'),
                   encoding="utf-8")
    res = cli("table", "new", "next", "--from", str(bad))
    assert (res.exit_code, res.stdout) == (5, "")
    assert res.stderr == (f"popejoan: {bad}: players[0].balance: Аня: по истории 50, а в файле указано 51\n"
                   "  = принесено 50, унесено 0, выиграно или проиграно 0\n"
                   f"{bad}: board: у игроков и на доске 151, а принесено 150 и унесено 0 (150)\n"
                   "Найдены 2 проблемы\n")
    assert cli.fails(5, "table", "new", "next", "--from", str(bad), several=True, POPEJOAN_LANG="en") == (
        f"popejoan: {bad}: players[0].balance: Аня: history gives 50, file says 51\n"
        "  = brought in 50, taken away 0, won or lost 0\n"
        f"{bad}: board: players and board hold 151, but 150 were brought in and 0 taken away (150)\n"
        "2 problems found\n")


def test_a_file_read_that_is_no_export_is_russian(cli: Cli, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    russian_table(cli, monkeypatch)
    missing = tmp_path / "gone.toml"
    assert cli.fails(2, "table", "new", "next", "--from", str(missing)) == (
        f"popejoan: {missing}: такого файла нет\n  Укажите путь к счёту, выгруженному в .toml или .json\n")
    assert cli.fails(2, "table", "new", "next", "--from", str(missing), POPEJOAN_LANG="en") == (
        f"popejoan: {missing}: no such file\n  give the path of a ledger exported as .toml or .json\n")
    other = tmp_path / "other.toml"
    other.write_text('title = "not a ledger"\n', encoding="utf-8")
    assert cli.fails(5, "table", "new", "next", "--from", str(other)) == (
        f"popejoan: {other}: это не выгрузка счёта popejoan: в ней нет `format` (TOML) или `schema_version` (JSON) "
        '''и `program = "popejoan"`\n  = выгрузите счёт командой `popejoan ledger export ФАЙЛ.toml`\n''')


def test_a_said_problem_keeps_its_values_escaped_in_both_languages() -> None:
    """An export's problem quotes the file: a control character in it is an escape in either language."""
    from popejoan_cli.base.visible import shown_said
    from popejoan_cli.render import i18n

    said = shown_said(Said("{name} is not a seated player", name="Ann\x1b[2J"))
    assert said == "Ann\\x1b[2J is not a seated player" and isinstance(said, Said)
    i18n.use("ru")
    assert plain(i18n.spoken_said(said)) == "Ann\\x1b[2J — не игрок за столом"
    assert "\x1b" not in Problem(said).render(i18n.spoken_said)


def test_serve_s_links_are_russian(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    pytest.importorskip("segno")
    from popejoan_cli.cli import serve_cmd
    from popejoan_cli.render import i18n

    monkeypatch.setattr(serve_cmd, "_qr", lambda url: None)  # the codes are segno's; the words are ours

    def printed(lan: bool, folder: Path | None) -> str:
        out = io.StringIO()
        links = type("Links", (), {"players": {"Аня": "a1", "Боря": "b2"}, "board": "bb"})()
        with contextlib.redirect_stdout(out):
            serve_cmd._print_links("http://127.0.0.1:8000", links, ["Аня", "Боря"], False, lan=lan, folder=folder)
        return out.getvalue()

    english = printed(False, tmp_path / "fri")
    assert english == ("popejoan serve: table fri at http://127.0.0.1:8000 (this computer only; --lan lets phones "
                       "connect).\nEach link is private: give each player their own, and nobody else.\n\n"
                       "Аня: http://127.0.0.1:8000/p/a1\nБоря: http://127.0.0.1:8000/p/b2\n"
                       "The board (for a second screen): http://127.0.0.1:8000/b/bb\nCtrl-C stops the server.\n")
    i18n.use("ru")
    assert plain(printed(True, tmp_path / "fri")) == (
        "popejoan serve: стол fri по адресу http://127.0.0.1:8000 (подключиться могут телефоны в этой сети).\n"
        "Каждая ссылка личная: дайте каждому игроку его собственную и больше никому.\n\n"
        "Аня: http://127.0.0.1:8000/p/a1\nБоря: http://127.0.0.1:8000/p/b2\n"
        "Доска (для второго экрана): http://127.0.0.1:8000/b/bb\nCtrl-C останавливает сервер.\n")
    assert plain(printed(False, None)).startswith(
        "popejoan serve: тренировка по адресу http://127.0.0.1:8000 (только на этом компьютере; с --lan подключится "
        "и телефон).\nОткройте свою ссылку на этом компьютере или на телефоне")


def test_serve_s_refusals_are_russian(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("starlette")
    russian_table(cli, monkeypatch)
    assert cli.fails(2, "serve", "--seed", "3") == (
        "popejoan: --computers, --seed, --rules и --level задаются только вместе с --practice\n")
    folder = tables.folder()
    with disk.locked(folder, 0, name="serve.lock"):
        assert cli.fails(4, "serve", "--port", "0") == (
            "popejoan: этот стол уже показан на телефонах (работает другой popejoan serve)\n"
            "  Сначала остановите тот (Ctrl-C там, где он запущен) или покажите другой стол\n")
        assert cli.fails(4, "serve", "--port", "0", POPEJOAN_LANG="en") == (
            "popejoan: this table is already being served (another popejoan serve)\n"
            "  stop the other one first (Ctrl-C where it runs), or serve another table\n")


def test_a_player_who_joins_while_served_gets_a_russian_line(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("starlette")
    import asyncio

    from popejoan_cli.cli import serve_cmd
    from popejoan_cli.web.hub import Hub
    from popejoan_cli.web.links import make_links

    folder = russian_table(cli, monkeypatch)
    monkeypatch.setattr(serve_cmd, "_qr", lambda url: None)
    links = make_links(PLAYERS.split(","))
    hub = Hub(folder, lambda view, screen: {}, 0.05)
    asyncio.run(hub.refresh())
    joiners = serve_cmd._Joiners(hub, links, "http://127.0.0.1:8000", False, set(PLAYERS.split(",")))
    joiners.check()  # the table as the server found it: nobody new
    cli.ok("table", "join", "Дима", "--counters", "50")
    asyncio.run(hub.refresh())  # the pages' hub reads the journal again, as it does every 50 ms
    out = io.StringIO()
    cli.ok("board")  # the command line has spoken the table's language, as serve has by the time it watches
    with contextlib.redirect_stdout(out):
        joiners.check()
    assert plain(out.getvalue()) == f"Дима садится за стол: http://127.0.0.1:8000/p/{links.token_for('Дима')}\n"


@pytest.mark.skipif(sys.platform == "win32", reason="sends SIGINT to a subprocess (POSIX)")
def test_serve_stops_with_a_russian_line(tmp_path: Path) -> None:
    """A real server on this computer's loopback only, at a Russian table (the English line is
    tests/web/test_serve_cmd.py's)."""
    pytest.importorskip("starlette")
    sys.path.insert(0, str(Path(__file__).parents[1] / "web"))
    try:
        import serving
    finally:
        sys.path.pop(0)
    home = tmp_path / "home"
    serving.table(home, players=("Аня", "Боря", "Вика"), seed=None, rules="russian")
    served = serving.start(home, env={"POPEJOAN_LANG": "ru"})
    code, err = served.stop()
    assert (code, err) == (0, "popejoan serve: остановлен\n")


def test_completion_s_lines_are_russian(tmp_path: Path) -> None:
    from popejoan_cli.cli import app

    home = tmp_path / "me"
    home.mkdir()
    env = {"HOME": str(home), "POPEJOAN_HOME": str(tmp_path / "pj"), "POPEJOAN_LANG": "ru"}
    first = CliRunner().invoke(app, ["completion", "bash", "--install"], env=env)
    script, rc = home / ".bash_completions" / "popejoan.sh", home / ".bashrc"
    assert (first.exit_code, first.stderr) == (0, "")
    assert plain(first.stdout) == (f"Записан файл {script}\nДобавлено в {rc}: source '{script}'\n"
                            "Дополнение будет работать в оболочках, запущенных с этого момента.\n")
    again = CliRunner().invoke(app, ["completion", "bash", "--install"], env=env)
    assert plain(again.stdout) == (f"Записан файл {script}\n{rc} уже его подключает\n"
                            "Дополнение будет работать в оболочках, запущенных с этого момента.\n")
    english = CliRunner().invoke(app, ["completion", "bash", "--install"], env={**env, "POPEJOAN_LANG": "en"})
    assert english.stdout == f"wrote {script}\n{rc} already loads it\nCompletion works in shells started from now on.\n"
    unknown = CliRunner().invoke(app, ["completion", "tcsh"], env=env)
    assert (unknown.exit_code, unknown.stdout) == (2, "")
    assert unknown.stderr == ("popejoan: для оболочки «tcsh» дополнения нет\n"
                              "  Можно: «bash», «zsh», «fish», «powershell»; может быть, «zsh»?\n")


def test_board_watch_s_lines_are_russian(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    from rich.console import Console

    from popejoan_cli.cli import watch

    folder = russian_table(cli, monkeypatch)
    cli.ok("deal", "--seed", "7")
    cli.lead_lowest(folder)

    def drawn() -> str:
        out = Console(width=100, file=io.StringIO(), color_system=None)
        out.print(watch._now(folder))
        return out.file.getvalue()  # type: ignore[attr-defined,no-any-return]

    monkeypatch.delenv("POPEJOAN_LANG", raising=False)
    assert "Последний ход (раздача 1):" in plain(drawn())  # the watch reads the table's own language with it
    monkeypatch.setenv("POPEJOAN_LANG", "en")
    assert "Last run (hand 1):" in drawn()
    monkeypatch.delenv("POPEJOAN_LANG")
    drawn()
    line = _damage(folder)
    damaged = " ".join(plain(drawn()).split())  # rich wraps it at 100 columns
    assert damaged.startswith("popejoan: "), damaged
    # Rich folds the long path at 100 columns wherever it falls (the temporary folder's name varies), so the path's
    # end is compared without the spaces the fold may leave.
    said = f":{line}:1: строка {line} повреждена: это не запись журнала (в конце нет контрольной суммы)"
    assert said.replace(" ", "") in damaged.replace(" ", "")
    assert damaged.endswith("(наблюдение продолжается: доска вернётся, как только журнал можно будет прочитать)")


def test_a_table_made_twice_is_refused_in_russian(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    """The store knows the journal's refusal by its msgid, not by its words, so it reads in either language."""
    folder = russian_table(cli, monkeypatch)
    again = ("table", "new", "vecher", "--rules", "russian", "--players", PLAYERS)
    assert cli.fails(2, *again) == (f"popejoan: в {folder} уже есть стол\n"
                                    "  Выберите другое имя или перейдите к нему: `popejoan table use`\n")
    assert cli.fails(2, *again, POPEJOAN_LANG="en") == (f"popejoan: a table already exists at {folder}\n"
                                                        "  pick another name, or `popejoan table use` it\n")


def test_the_ledger_s_conservation_problems_are_said_in_russian(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    from popejoan_cli.render import i18n

    folder = russian_table(cli, monkeypatch)
    view = tables.view(folder)[0]
    view.brought_in += 5  # as if five counters were brought in that no posting shows
    found = [p.message for p in tables.audit(view) if p.key == "conservation"]
    assert found == ["players plus board hold 150, but 155 were brought in and 0 taken away"]
    i18n.use("ru")
    assert [plain(i18n.spoken_said(m)) for m in found] == ["у игроков и на доске 150, а принесено 155 и унесено 0"]
