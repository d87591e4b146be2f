"""`popejoan serve` at a table: how quickly a lead typed on the command line reaches every open page,
and what the server holds in memory with pages open.

Builds a table (modern-stops, 4 players, one hand dealt), starts the INSTALLED `popejoan serve` on
it, and opens 5 pages' event streams (the 4 players' and the board's: httpx in threads, as a
browser's EventSource reads them). Then 50 times: the leader's lowest legal lead is recorded by a
`popejoan lead` process, and the time is taken from the journal's write (its modification time)
to the moment the last of the 5 pages has received the new state; when a hand ends the next is
dealt (untimed). Baseline, in the same run: the `popejoan lead` command itself. Then 3 more pages
(8 in all) and the server's resident memory from /proc/PID/status (Linux).

    python bench/serve.py [--leads 50] [--exe PATH]

Then as many leads from the leader's own page, as a phone's tap sends them (`POST /p/TOKEN/lead`),
timed from the request leaving to the last of the 5 pages receiving the new state.

Target: the median and the max from the journal's write to the last page < 200 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx

from evening import find_exe, open_table, timed  # bench/evening.py: run from the repo root as `python bench/serve.py`
from popejoan_cli.store import autoplay, tables
from popejoan_cli.table import moves

TARGET_MS = 200.0


class Page:
    """One open page's event stream: the time (wall clock, as the journal's mtime) each seq arrived."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.arrived: dict[int, float] = {}
        self.ready = threading.Event()
        threading.Thread(target=self.read, daemon=True).start()
        if not self.ready.wait(10):
            sys.exit(f"bench/serve.py: no event from {url}")

    def read(self) -> None:
        try:
            with httpx.Client(timeout=httpx.Timeout(5, read=None)) as client, \
                    client.stream("GET", f"{self.url}/events") as events:
                for line in events.iter_lines():
                    if line.startswith("data: "):
                        seq = json.loads(line.removeprefix("data: "))["seq"]
                        self.arrived.setdefault(seq, time.time())
                        self.ready.set()
        except httpx.HTTPError:
            return  # the server stopped


def rss_kib(pid: int) -> tuple[int, int]:
    """(VmRSS, VmHWM) of `pid` in KiB, from /proc (Linux only; (0, 0) elsewhere)."""
    try:
        text = Path(f"/proc/{pid}/status").read_text(encoding="utf-8")
    except OSError:
        return 0, 0
    fields = dict(line.split(":", 1) for line in text.splitlines() if ":" in line)

    def kib(key: str) -> int:
        return int(fields.get(key, "0 kB").split()[0])

    return kib("VmRSS"), kib("VmHWM")


def start(exe: str, env: dict[str, str]) -> tuple[subprocess.Popen[str], dict[str, Any]]:
    proc = subprocess.Popen([exe, "serve", "--port", "0", "--json"], env=env, text=True, encoding="utf-8",
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None
    first = proc.stdout.readline()
    if not first:
        sys.exit(f"bench/serve.py: popejoan serve did not start: {proc.communicate()[1][:500]}")
    links: dict[str, Any] = json.loads(first)
    return proc, links


def wait_all(pages: list[Page], seq: int, limit: float = 10.0) -> float:
    """The wall-clock time the last page received `seq` (or a later state)."""
    deadline = time.monotonic() + limit
    while True:
        times = [min((t for s, t in p.arrived.items() if s >= seq), default=None) for p in pages]
        if all(t is not None for t in times):
            return max(t for t in times if t is not None)
        if time.monotonic() > deadline:
            sys.exit(f"bench/serve.py: seq {seq} never reached every page")
        time.sleep(0.001)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--leads", type=int, default=50)
    ap.add_argument("--exe")
    args = ap.parse_args()
    exe = find_exe(args.exe, "bench/serve.py")
    with tempfile.TemporaryDirectory(prefix="popejoan-bench-") as tmp:
        folder = Path(tmp) / "table"
        open_table(folder)
        seed = 1
        autoplay.deal(folder, seed)
        env = {**os.environ, "POPEJOAN_TABLE": str(folder), "NO_COLOR": "1"}
        proc, links = start(exe, env)
        try:
            idle = rss_kib(proc.pid)
            pages = [Page(links["board"]), *(Page(url) for url in links["players"].values())]
            delivery, after_return, command = measure(folder, exe, env, pages, args.leads, seed)
            taps = measure_taps(folder, exe, env, links, pages, args.leads, seed + 1000)
            five = rss_kib(proc.pid)
            pages += [Page(links["board"]), Page(links["players"]["Ann"]), Page(links["players"]["Bob"])]
            time.sleep(0.5)
            eight = rss_kib(proc.pid)
        finally:
            proc.send_signal(signal.SIGINT)
            proc.wait(timeout=10)
    report(args.leads, delivery, after_return, command, idle, five, eight)
    report_taps(taps)


def measure(folder: Path, exe: str, env: dict[str, str], pages: list[Page], leads: int,
            seed: int) -> tuple[list[float], list[float], list[float]]:
    """`leads` leads by `popejoan lead`: (journal write -> last page, command's return -> last page, the command)."""
    delivery: list[float] = []
    after_return: list[float] = []
    command: list[float] = []
    journal = folder / "journal.jsonl"
    while len(command) < leads:
        view, _ = tables.view(folder)
        led = moves.lowest(view)
        if led is None:  # the hand is over: deal the next, untimed, and let every page see it
            seed += 1
            timed([exe, "deal", "--seed", str(seed)], env, "bench/serve.py")
            wait_all(pages, tables.view(folder)[0].last_seq)
            continue
        took = timed([exe, "lead", led.card, "--by", led.player], env, "bench/serve.py")
        returned = time.time()
        written = journal.stat().st_mtime_ns / 1e9
        last = wait_all(pages, view.last_seq + 1)
        command.append(took)
        delivery.append(last - written)
        after_return.append(max(0.0, last - returned))
    return delivery, after_return, command


def measure_taps(folder: Path, exe: str, env: dict[str, str], links: dict[str, Any], pages: list[Page], leads: int,
                 seed: int) -> list[float]:
    """`leads` leads from the leader's own page, as a phone's tap sends one (`POST /p/TOKEN/lead`, the card and
    the seq the page showed): the time from the request leaving to the last of the 5 pages receiving the state."""
    taps: list[float] = []
    with httpx.Client(timeout=10) as client:
        while len(taps) < leads:
            view, _ = tables.view(folder)
            led = moves.lowest(view)
            if led is None:
                seed += 1
                timed([exe, "deal", "--seed", str(seed)], env, "bench/serve.py")
                wait_all(pages, tables.view(folder)[0].last_seq)
                continue
            sent = time.time()
            answer = client.post(f"{links['players'][led.player]}/lead", json={"card": led.card, "seq": view.last_seq})
            if answer.status_code != 200:
                sys.exit(f"bench/serve.py: the tap was refused: {answer.text}")
            taps.append(wait_all(pages, view.last_seq + 1) - sent)
    return taps


def report_taps(taps: list[float]) -> None:
    print(f"\na tap on a phone (POST of the lead) -> last of 5 pages: median {statistics.median(taps) * 1000:.1f} ms, "
          f"max {max(taps) * 1000:.1f} ms over {len(taps)} leads")


def report(leads: int, delivery: list[float], after_return: list[float], command: list[float],
           idle: tuple[int, int], five: tuple[int, int], eight: tuple[int, int]) -> None:
    base = statistics.median(command)
    print(f"popejoan serve bench: {leads} leads by `popejoan lead`, 5 pages open (4 players and the board)\n")
    print(f"{'measure':<44}{'median ms':>10}{'max ms':>9}{'ratio':>8}")
    rows = [("`popejoan lead` (baseline)", command), ("journal write -> last of 5 pages", delivery),
            ("command's return -> last of 5 pages", after_return)]
    for name, ts in rows:
        print(f"{name:<44}{statistics.median(ts) * 1000:>10.1f}{max(ts) * 1000:>9.1f}"
              f"{statistics.median(ts) / base:>7.2f}x")
    if idle[0]:
        print(f"\nserver memory (VmRSS): {idle[0] / 1024:.1f} MiB with no page, {five[0] / 1024:.1f} MiB with 5, "
              f"{eight[0] / 1024:.1f} MiB with 8 pages open (peak VmHWM {eight[1] / 1024:.1f} MiB)")
    worst = max(delivery) * 1000
    met = statistics.median(delivery) * 1000 < TARGET_MS and worst < TARGET_MS
    print(f"\ntarget: journal write -> every page < {TARGET_MS:.0f} ms: {'met' if met else 'MISSED'} "
          f"(median {statistics.median(delivery) * 1000:.1f} ms, max {worst:.1f} ms)")


if __name__ == "__main__":
    main()
