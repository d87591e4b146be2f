"""`popejoan serve` as people start and stop it: the links it prints, where it listens, one server per
table, Ctrl-C, a missing `web` extra, a player who joins later, practice, and start-up of the
other commands (they never import the web extra).

Each test runs a real server in a subprocess (`serving`): signals, sockets and the lock are the
process's own. The pages' contents are the app's tests' business (test_app.py, test_browser.py).
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("starlette")
httpx = pytest.importorskip("httpx")

import serving  # noqa: E402  tests/web/serving.py: after the skips, which need no server

from popejoan_cli.cli.serve_cmd import LOCK, MISSING_EXTRA, lan_address  # noqa: E402

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="sends SIGINT to a subprocess (POSIX)")

STOPPED = "popejoan serve: stopped\n"


@pytest.fixture
def home(tmp_path: Path) -> Path:
    """A home folder whose current table `fri` (Ann, Bob, Cat, Dan) has hand 1 dealt from seed 42."""
    serving.table(tmp_path / "home")
    return tmp_path / "home"


def _hand(home: Path, name: str) -> list[str]:
    env = {**os.environ, "POPEJOAN_HOME": str(home)}
    env.pop("POPEJOAN_TABLE", None)
    done = subprocess.run(serving.popejoan("hand", "show", name, "--json"), env=env, capture_output=True, check=True,
                          text=True, encoding="utf-8", timeout=30)
    cards: list[str] = json.loads(done.stdout)["cards"]
    return cards


def test_serve_prints_each_link_and_stops_on_ctrl_c_with_one_line(home: Path) -> None:
    served = serving.start(home)
    try:
        assert sorted(served.players) == ["Ann", "Bob", "Cat", "Dan"]
        assert served.base.startswith("http://127.0.0.1:") and not served.base.endswith(":0")
        tokens = {url.rsplit("/", 1)[1] for url in [served.board, *served.players.values()]}
        assert len(tokens) == 5 and all(len(t) >= 16 for t in tokens)  # five different secrets
        for name, url in served.players.items():
            state = serving.http.get(f"{url}/state", timeout=5).json()
            assert state["you"]["name"] == name
            assert state["you"]["hand"] == _hand(home, name)
        board = serving.http.get(f"{served.board}/state", timeout=5).json()
        assert "you" not in board
        assert serving.http.get(f"{served.base}/p/not-a-token/state", timeout=5).status_code == 404
    finally:
        code, err = served.stop()
    assert (code, err) == (0, STOPPED)


def test_without_lan_it_listens_on_this_computer_only(home: Path) -> None:
    address = lan_address()
    served = serving.start(home)
    try:
        port = int(served.base.rsplit(":", 1)[1])
        with socket.create_connection(("127.0.0.1", port), timeout=2):
            pass
        if address.startswith("127."):
            pytest.skip("this machine has no network address besides the loopback")
        with pytest.raises(OSError), socket.create_connection((address, port), timeout=2):
            pass
    finally:
        assert served.stop()[0] == 0


def test_with_lan_the_links_name_the_network_address(home: Path) -> None:
    address = lan_address()
    served = serving.start(home, "--lan")
    try:
        assert served.base.startswith(f"http://{address}:")
        port = int(served.base.rsplit(":", 1)[1])
        # Every interface: the loopback answers too.
        board = served.board.rsplit("/", 1)[1]
        assert serving.http.get(f"http://127.0.0.1:{port}/b/{board}/state", timeout=5).is_success
    finally:
        assert served.stop()[0] == 0


def test_a_second_serve_on_the_same_table_is_refused_with_exit_4(home: Path) -> None:
    served = serving.start(home)
    try:
        env = {**os.environ, "POPEJOAN_HOME": str(home)}
        env.pop("POPEJOAN_TABLE", None)
        second = subprocess.run(serving.popejoan("serve", "--port", "0", "--json"), env=env, capture_output=True,
                                text=True, encoding="utf-8", timeout=30)
        assert second.returncode == 4, second.stderr
        assert second.stdout == ""
        assert second.stderr.startswith("popejoan: this table is already being served (another popejoan serve)\n")
        assert "Traceback" not in second.stderr
        assert (home / "tables" / "fri" / LOCK).exists()
        # The first still serves, and the command line still writes the journal.
        assert serving.http.get(f"{served.board}/state", timeout=5).is_success
        lead = subprocess.run(serving.popejoan("lead", "AS"), env=env, capture_output=True, text=True,
                              encoding="utf-8", timeout=30)
        assert lead.returncode == 0, lead.stderr
    finally:
        assert served.stop()[0] == 0
    again = serving.start(home)  # the lock went with the first server
    assert again.stop()[0] == 0


def test_ctrl_c_with_pages_open_stops_at_once_with_one_line(home: Path) -> None:
    served = serving.start(home)
    with httpx.Client(timeout=10) as client, client.stream("GET", f"{served.players['Bob']}/events") as events:
        first = next(line for line in events.iter_lines() if line.startswith("data: "))
        assert json.loads(first.removeprefix("data: "))["you"]["name"] == "Bob"
        # It stops with the stream still open (a server that waited for its streams to end would not stop, and
        # `stop` would fail at its own deadline): no wall clock is asserted.
        code, err = served.stop()
        assert not events.is_closed
    assert (code, err) == (0, STOPPED)


def test_sigterm_stops_it_with_the_same_line_and_143(home: Path) -> None:
    served = serving.start(home)
    code, err = served.stop(sig=signal.SIGTERM)
    assert (code, err) == (143, STOPPED)


def test_a_player_who_joins_gets_a_link_when_they_appear(tmp_path: Path) -> None:
    home = tmp_path / "home"
    serving.table(home, seed=None)  # between hands: players may join
    served = serving.start(home)
    try:
        env = {**os.environ, "POPEJOAN_HOME": str(home)}
        env.pop("POPEJOAN_TABLE", None)
        subprocess.run(serving.popejoan("table", "join", "Eve", "--counters", "30"), env=env, check=True,
                       capture_output=True, timeout=30)
        joined = json.loads(served.next_line(wait=10))
        assert list(joined["players"]) == ["Eve"]
        url = joined["players"]["Eve"]
        assert url.startswith(served.base + "/p/") and url not in served.players.values()
        deadline = time.monotonic() + 5
        while (answer := serving.http.get(f"{url}/state", timeout=5)).status_code == 404 \
                and time.monotonic() < deadline:
            time.sleep(0.05)  # the app reads the journal on its own poll
        assert answer.json()["you"]["name"] == "Eve"
    finally:
        assert served.stop()[0] == 0


def _secrets(served: serving.Served) -> dict[str, str]:
    """The secret in each link the server printed, by whose it is ("": the board's), whatever its port."""
    return {name: url.rsplit("/", 1)[1] for name, url in [("", served.board), *served.players.items()]}


def _tokens(served: serving.Served) -> set[str]:
    return set(_secrets(served).values())


def test_serve_started_again_gives_the_same_links_and_new_links_revokes_them(home: Path) -> None:
    first = serving.start(home)
    assert first.stop() == (0, STOPPED)
    again = serving.start(home)  # the laptop's lid closed and opened: the links everyone holds still open
    try:
        assert _secrets(again) == _secrets(first)
        assert serving.http.get(f"{again.base}/p/{first.players['Ann'].rsplit('/', 1)[1]}/state", timeout=5).is_success
    finally:
        assert again.stop() == (0, STOPPED)
    renewed = serving.start(home, "--new-links")
    try:
        assert _tokens(renewed).isdisjoint(_tokens(first)) and len(_tokens(renewed)) == 5
        _assert_revoked(renewed, first)
    finally:
        code, err = renewed.stop()
    assert (code, err) == (0, "New links: the ones given out before no longer open any page.\n" + STOPPED)
    last = serving.start(home)  # and the new ones are the table's from now on
    assert _secrets(last) == _secrets(renewed)
    assert last.stop()[0] == 0
    links_file = home / "tables" / "fri" / "serve-links.json"
    assert links_file.stat().st_mode & 0o777 == 0o600


def _assert_revoked(now: serving.Served, before: serving.Served) -> None:
    """Every link `before` printed opens nothing on `now`: a page says so, the rest is a bare 404."""
    for name, old in before.players.items():
        token = old.rsplit("/", 1)[1]
        state = serving.http.get(f"{now.base}/p/{token}/state", timeout=5)
        assert (state.status_code, state.text) == (404, "Not found")
        page = serving.http.get(f"{now.base}/p/{token}", timeout=5)
        assert page.status_code == 404 and "This link is not valid, or no longer valid." in page.text
        assert name not in page.text
        assert serving.http.get(f"{now.players[name]}/state", timeout=5).json()["you"]["name"] == name
    assert serving.http.get(f"{now.base}/b/{before.board.rsplit('/', 1)[1]}/state", timeout=5).status_code == 404


def test_a_joiners_link_outlives_the_server_too(tmp_path: Path) -> None:
    home = tmp_path / "home"
    serving.table(home, seed=None)
    served = serving.start(home)
    try:
        env = {**os.environ, "POPEJOAN_HOME": str(home)}
        env.pop("POPEJOAN_TABLE", None)
        subprocess.run(serving.popejoan("table", "join", "Eve", "--counters", "30"), env=env, check=True,
                       capture_output=True, timeout=30)
        url = json.loads(served.next_line(wait=10))["players"]["Eve"]
    finally:
        assert served.stop()[0] == 0
    again = serving.start(home)  # another free port, the same secrets
    try:
        assert _secrets(again) == {**_secrets(served), "Eve": url.rsplit("/", 1)[1]}
        assert serving.http.get(f"{again.players['Eve']}/state", timeout=5).json()["you"]["name"] == "Eve"
    finally:
        assert again.stop()[0] == 0


def test_a_damaged_links_file_is_one_message_and_exit_5(home: Path) -> None:
    (home / "tables" / "fri" / "serve-links.json").write_text("not links\n", encoding="utf-8")
    env = {**os.environ, "POPEJOAN_HOME": str(home)}
    env.pop("POPEJOAN_TABLE", None)
    done = subprocess.run(serving.popejoan("serve", "--port", "0", "--json"), env=env, capture_output=True,
                          text=True, encoding="utf-8", timeout=30)
    assert done.returncode == 5 and done.stdout == ""
    assert done.stderr == (f"popejoan: {home / 'tables' / 'fri' / 'serve-links.json'}: this file does not hold "
                           "popejoan serve's links\n  = `popejoan serve --new-links` makes new ones (every link "
                           "given out before stops working)\n")
    renewed = serving.start(home, "--new-links")  # starting over
    assert renewed.stop()[0] == 0


def test_practice_links_are_new_at_every_start_and_kept_nowhere(tmp_path: Path) -> None:
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    seen = []
    for _ in range(2):
        served = serving.start(tmp_path / "home", "--practice", "--seed", "7", env={"TMPDIR": str(scratch)})
        seen.append(_tokens(served))
        assert served.stop()[0] == 0
    assert seen[0].isdisjoint(seen[1])
    assert list(scratch.iterdir()) == [] and not (tmp_path / "home" / "tables").exists()


def test_practice_prints_your_link_and_the_boards_and_leaves_nothing_behind(tmp_path: Path) -> None:
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    served = serving.start(tmp_path / "home", "--practice", "--computers", "2", "--seed", "7", "--level", "simple",
                           env={"TMPDIR": str(scratch)})
    try:
        assert list(served.players) == ["You"]
        state = serving.http.get(f"{served.players['You']}/state", timeout=5).json()
        assert [p["name"] for p in state["players"]] == ["You", "Computer 1", "Computer 2"]
        assert state["hand"] == 1 and state["you"]["hand"]
        # The session seed deals every hand: while it is served no page is told it, nor the open hand's
        assert state["seed"] is None and state["practice"] == {"level": "simple", "computers": 2, "hand_seed": None,
                                                               "speed": "normal"}
        assert list(scratch.iterdir()), "the throwaway table lives in the temporary folder"
    finally:
        code, err = served.stop()
    assert (code, err) == (0, STOPPED + "The practice's session seed was 7: "
                                        "`popejoan serve --practice --seed 7` plays it again.\n")
    assert list(scratch.iterdir()) == []
    assert not (tmp_path / "home" / "tables").exists()  # no table of the user's was made


def test_practice_options_need_practice(tmp_path: Path) -> None:
    env = {**os.environ, "POPEJOAN_HOME": str(tmp_path / "home")}
    done = subprocess.run(serving.popejoan("serve", "--seed", "3"), env=env, capture_output=True, text=True,
                          encoding="utf-8", timeout=30)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("popejoan: --computers, --seed, --rules and --level go with --practice")


def test_a_port_in_use_is_one_message_and_exit_2(home: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        env = {**os.environ, "POPEJOAN_HOME": str(home)}
        env.pop("POPEJOAN_TABLE", None)
        done = subprocess.run(serving.popejoan("serve", "--port", str(port)), env=env, capture_output=True,
                              text=True, encoding="utf-8", timeout=30)
    assert done.returncode == 2 and done.stdout == "", done.stderr
    assert done.stderr.startswith(f"popejoan: cannot listen on port {port}: ")
    assert "Traceback" not in done.stderr


def test_without_the_web_extra_serve_says_so_in_one_line(home: Path) -> None:
    code = ("import sys; sys.modules['starlette'] = None; sys.argv = ['popejoan', 'serve']\n"
            "from popejoan_cli.launch import main\nmain()")
    env = {**os.environ, "POPEJOAN_HOME": str(home)}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, encoding="utf-8",
                          timeout=30)
    assert (done.returncode, done.stdout, done.stderr) == (2, "", MISSING_EXTRA)
    assert MISSING_EXTRA == 'popejoan serve needs the web extra: pip install "popejoan[web]"\n'


def test_other_commands_never_import_the_web_extra() -> None:
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "popejoan_cli", "rules", "list", "--json"],
                          capture_output=True, text=True, encoding="utf-8", timeout=60)
    assert done.returncode == 0
    loaded = {line.rsplit("|", 1)[-1].strip().split(".")[0] for line in done.stderr.splitlines() if "|" in line}
    assert loaded & {"starlette", "uvicorn", "segno", "anyio", "h11", "popejoan_cli"} == {"popejoan_cli"}
    assert not any("serve_cmd" in line or "popejoan_cli.web" in line for line in done.stderr.splitlines())
