"""`popejoan simulate --against` and `--against-bots` at the command line: the tables a person reads (80 columns,
English and Russian), the JSON, and the refusals of options that contradict each other."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import Cli
from popejoan_cli.cli import cluster


@pytest.fixture
def lieu(tmp_path: Path, cli: Cli) -> str:
    """A house-rule file: modern-stops with the Pope in lieu of a stop (`rules new`, one key changed)."""
    path = tmp_path / "lieu.toml"
    cli.ok("rules", "new", "--from", "modern-stops", "-o", str(path))
    text = path.read_text(encoding="utf-8").replace("pope_in_lieu = false", "pope_in_lieu = true")
    path.write_text(text.replace('name = "modern-stops"', 'name = "lieu"', 1), encoding="utf-8")
    return str(path)


def test_a_rule_comparison_reads_at_80_columns(cli: Cli, lieu: str) -> None:
    cli.columns = "80"
    said = cli.ok("simulate", "--rules", lieu, "--against", "modern-stops", "--players", "4", "--hands", "300",
                  "-P", "1").stdout
    assert "A = lieu, B = modern-stops: 300 deals, 4 players, seed 0, 1 process; each played under both." in \
        " ".join(said.split())
    assert "A − B per seat" in said and "A − B per pot" in said and "Dealer's edge: A" in said
    assert all(len(line) <= 80 for line in said.splitlines())
    doc = cli.json("simulate", "--rules", lieu, "--against", "modern-stops", "--players", "4", "--hands", "300",
                   "-P", "2")
    assert doc["comparison"] == "rules" and doc["a"]["rules"] == "lieu" and doc["b"]["rules"] == "modern-stops"
    pope = next(p for p in doc["difference"]["pots"] if p["pot"] == "pope")
    assert pope["won"]["clear"] and pope["won"]["mean"] > 0  # in lieu of a stop the Pope is played, and won, more


def test_a_line_up_comparison_in_russian_reads_at_80_columns(cli: Cli) -> None:
    cli.columns = "80"
    said = cli.ok("simulate", "--rules", "modern-stops", "--bots", "простой,хороший", "--against-bots", "хороший",
                  "--players", "4", "--hands", "100", "-P", "1", POPEJOAN_LANG="ru").stdout
    words = " ".join(said.split())
    assert "100 раскладов, 4 игрока" in words and "при каждом повороте вокруг стола (400 раздач на сторону)" in words
    assert "простой/хороший" in said and "порознь" in said and "есть" in said
    assert all(len(line) <= 80 for line in said.splitlines())
    doc = cli.json("simulate", "--rules", "modern-stops", "--bots", "simple,good", "--against-bots", "good",
                   "--players", "4", "--hands", "100", "-P", "1")
    assert doc["comparison"] == "bots" and doc["turns"] == 4 and doc["a"]["bots"] == ["simple", "good"] * 2


def test_options_that_contradict_each_other_are_refused(cli: Cli, lieu: str) -> None:
    cli.fails(2, "simulate", "--rules", "modern-stops", "--players", "4", "--hands", "10", "--against", lieu,
              "--against-bots", "good", said=["--against and --against-bots each name what B is: give one"])
    cli.fails(2, "simulate", "--rules", "modern-stops", "--players", "4", "--hands", "10", "-P", "2",
              "--cluster", "tcp://127.0.0.1:9", said=["--processes and --cluster both say who plays the hands"])
    cli.fails(2, "simulate", "--rules", "modern-stops", "--players", "9", "--hands", "10", "--against", "boodle",
              said=["--players 9"])


def test_a_cluster_nobody_answers_at_is_one_line_and_what_to_do(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("dask.distributed", reason="the cluster extra (dask.distributed) is not installed")
    monkeypatch.setattr(cluster, "CONNECT", 0.5)
    cli.fails(2, "simulate", "--rules", "modern-stops", "--players", "4", "--hands", "10", "--cluster",
              "tcp://127.0.0.1:9", said=["--cluster tcp://127.0.0.1:9: no Dask scheduler answered there",
                                         "dask scheduler"])


def test_without_the_cluster_extra_the_option_says_how_to_install_it(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    def missing() -> None:
        raise ImportError("No module named 'dask'")

    monkeypatch.setattr(cluster, "_distributed", missing)
    cli.fails(2, "simulate", "--rules", "modern-stops", "--players", "4", "--hands", "10", "--cluster",
              "tcp://127.0.0.1:9", said=["--cluster needs Dask's distributed scheduler, which is not installed",
                                         "pip install 'popejoan[cluster]'"])
    assert cli.json("simulate", "--rules", "modern-stops", "--players", "4", "--hands", "10")["hands"] == 10
