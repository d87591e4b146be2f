"""The simulator and `popejoan simulate`: determinism across processes, conservation,
`good` beating `simple`, and the command's JSON, errors and clean stdout."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import Cli
from popejoan_cli.formats.presets import preset
from popejoan_cli.game.simulate import CHUNK, simulate

RULES = preset("modern-stops")


def test_same_seed_same_numbers_with_1_and_2_processes() -> None:
    one = simulate(RULES, 4, 3 * CHUNK + 17, 11, ["good", "simple", "good", "simple"], processes=1)
    two = simulate(RULES, 4, 3 * CHUNK + 17, 11, ["good", "simple", "good", "simple"], processes=2)
    assert one.to_json() == two.to_json()
    assert one.to_json()["hands"] == 3 * CHUNK + 17


def test_progress_counts_every_hand() -> None:
    seen: list[int] = []
    simulate(RULES, 3, 250, 1, ["simple"], progress=seen.append)
    assert sum(seen) == 250


def test_counters_are_conserved() -> None:
    for name in ("modern-stops", "michigan", "boodle", "russian"):
        res = simulate(preset(name), 5, 300, 3, ["good", "simple", "good", "simple", "good"])
        assert res.tally.conservation == 0
        data = res.to_json()
        assert data["conservation"] == 0
        assert abs(sum(s["mean"] for s in data["seats"])) < 30  # what stays on the board, per hand


def test_good_beats_simple() -> None:
    res = simulate(RULES, 4, 2000, 5, ["good", "simple", "good", "simple"], processes=2)
    data = res.to_json()
    assert data["levels"]["good"] > data["levels"]["simple"]
    margin = data["margin"]
    assert margin["of"] == "good" and margin["low"] > 0


def test_json_numbers_make_sense() -> None:
    data = simulate(RULES, 4, 400, 2, ["simple"]).to_json()
    assert data["margin"] is None
    assert [s["bot"] for s in data["seats"]] == ["simple"] * 4
    edge = data["dealer_edge"]
    assert edge["low"] <= edge["mean"] <= edge["high"]
    game = next(p for p in data["pots"] if p["pot"] == "game")
    assert game["won"] == 1.0 and data["endings"]["out"] == 1.0  # modern-stops: every hand goes out
    for p in data["pots"]:
        assert 0 <= p["won"] <= 1 and (p["wins"] == 0 or p["mean_hands_carried"] >= 1)



def test_cli_json_is_clean(cli: Cli) -> None:
    res = cli.ok("simulate", "--rules", "modern-stops", "--players", "4", "--hands", "200",
                 "--seed", "3", "--bots", "good,simple,good,simple", "--processes", "2", "--json")
    data = json.loads(res.stdout)
    assert list(data) == ["rules", "players", "hands", "seed", "bots", "chunk", "seats", "levels", "margin",
                          "dealer_edge", "pots", "endings", "conservation"]
    assert data["bots"] == ["good", "simple", "good", "simple"] and data["hands"] == 200
    assert set(data["seats"][0]) == {"seat", "bot", "mean", "low", "high", "stderr", "out_first"}
    one = cli("simulate", "-r", "modern-stops", "-p", "4", "-k", "200", "-s", "3",
              "-b", "good,simple,good,simple", "-P", "1", "--json")
    assert json.loads(one.stdout) == data


def test_cli_one_level_for_all_and_tables(cli: Cli) -> None:
    res = cli.ok("simulate", "--rules", "boodle", "--players", "3", "--hands", "150", "--bots", "simple",
                 "--processes", "1")
    for word in ("Per seat", "Per pot", "Hand endings", "Dealer's edge", "│"):
        assert word in res.stdout


def test_cli_bad_bots_is_a_usage_error(cli: Cli) -> None:
    cli.fails(2, "simulate", "--rules", "modern-stops", "--players", "4", "--hands", "10", "--bots", "goood",
              said=("did you mean 'good'",))
    cli.fails(2, "simulate", "--rules", "modern-stops", "--players", "4", "--hands", "10",
              "--bots", "good,simple,good,simple,good", said=("5 levels for 4 players",))
    res = cli.ok("simulate", "--rules", "modern-stops", "--players", "4", "--hands", "10",
                 "--bots", "good,simple", "--json")
    assert [s["bot"] for s in json.loads(res.stdout)["seats"]] == ["good", "simple", "good", "simple"]


def test_cli_bad_counts(cli: Cli) -> None:
    cli.fails(2, "simulate", "--rules", "modern-stops", "--players", "9", "--hands", "10", said=("3–8 players",))
    cli.fails(2, "simulate", "--rules", "modern-stops", "--players", "4", "--hands", "0")


def _cores() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def test_too_many_processes_are_cut_down_with_a_note(cli: Cli) -> None:
    cap = min(64, 2 * _cores())
    res = Cli(cli.home, columns="120").ok("simulate", "--rules", "modern-stops", "--players", "4", "--hands",
                                          str(12 * CHUNK), "--bots", "simple", "--processes", "300")
    assert res.stderr == (f"popejoan: --processes 300 is more than this machine can use; using {cap} "
                          "(2 per core, 64 at most)\n")
    used = min(cap, 12)
    assert f"{used} process{'es' if used != 1 else ''}." in res.stdout
    cli.fails(2, "simulate", "-r", "modern-stops", "-p", "4", "-k", "10", "-P", "0", said=("--processes 0",))


def test_help_says_how_many_processes_are_allowed(cli: Cli) -> None:
    res = Cli(cli.home, columns="200")("simulate", "--help")
    assert "2 per core" in res.stdout and "64 at most" in res.stdout


def _children(pid: int) -> set[int]:
    """Live processes whose parent is `pid` (read from /proc: psutil is not a dependency)."""
    kids = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text(encoding="utf-8").rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if int(fields[1]) == pid and fields[0] != "Z":
            kids.add(int(stat.parent.name))
    return kids


def _alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text(encoding="utf-8").rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_no_more_workers_than_chunks_or_asked() -> None:
    if not Path("/proc/self/stat").exists():
        pytest.skip("needs /proc")
    seen: list[int] = []
    # Children this test did not start (a browser or a server another test of this process left running) are
    # not simulate's: only those it adds are counted.
    others = _children(os.getpid())
    res = simulate(RULES, 3, 3 * CHUNK, 1, ["simple"], processes=8,
                   progress=lambda n: seen.append(len(_children(os.getpid()) - others)))
    assert res.workers == 3 and max(seen) <= 3
    assert not _children(os.getpid()) - others  # and none is left behind
    assert simulate(RULES, 3, 3 * CHUNK + 1, 1, ["simple"], processes=300).workers == 4
    assert simulate(RULES, 3, 50, 1, ["simple"], processes=8).workers == 1


def _start(tmp_path: Path) -> tuple[subprocess.Popen[str], set[int]]:
    env = {k: v for k, v in os.environ.items() if k != "POPEJOAN_TABLE"}
    env["POPEJOAN_HOME"] = str(tmp_path)
    proc = subprocess.Popen([sys.executable, "-m", "popejoan_cli", "simulate", "--rules", "modern-stops",
                             "--players", "4", "--hands", "2000000", "--processes", "2", "--json"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, encoding="utf-8", env=env,
                            start_new_session=True)
    until = time.monotonic() + 15
    while len(kids := _children(proc.pid)) < 2:
        assert proc.poll() is None and time.monotonic() < until, proc.stderr.read() if proc.stderr else ""
        time.sleep(0.02)
    time.sleep(0.3)  # the workers are busy with hands by now
    return proc, kids


def _stop(proc: subprocess.Popen[str], kids: set[int]) -> None:
    # Clean up whatever a failing run left: our own process group, and the workers we saw.
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    for kid in kids:
        if _alive(kid):
            os.kill(kid, signal.SIGKILL)


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
@pytest.mark.parametrize(("sig", "to_group"), [(signal.SIGINT, True), (signal.SIGINT, False),
                                                (signal.SIGTERM, False)])
def test_a_signal_stops_the_workers_too(tmp_path: Path, sig: signal.Signals, to_group: bool) -> None:
    proc, kids = _start(tmp_path)
    try:
        if to_group:
            os.killpg(proc.pid, sig)  # Ctrl-C at a terminal reaches the whole foreground group
        else:
            proc.send_signal(sig)  # kill(1)
        out, err = proc.communicate(timeout=10)
        assert proc.returncode == 128 + sig, err
        assert "Traceback" not in err and err.count("\n") == 1 and err.startswith("popejoan: interrupted"), err
        assert out == ""
        assert [k for k in kids if _alive(k)] == []
    finally:
        _stop(proc, kids)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="workers follow a killed parent on Linux")
def test_workers_end_when_the_parent_is_killed_outright(tmp_path: Path) -> None:
    proc, kids = _start(tmp_path)
    try:
        proc.kill()
        proc.wait(timeout=10)
        until = time.monotonic() + 5
        while [k for k in kids if _alive(k)] and time.monotonic() < until:
            time.sleep(0.02)
        assert [k for k in kids if _alive(k)] == []
    finally:
        _stop(proc, kids)
