"""`popejoan serve`: the latency of one small request on a keep-alive connection (issue 26, item 7).

Builds a table (modern-stops, 4 players, one hand dealt) in a temporary home, starts `popejoan serve`
on it with this interpreter (`python -m popejoan_cli`: the package on `sys.path`, so that PYTHONPATH
picks the code measured), and times N sequential `GET /p/TOKEN/state` on ONE keep-alive connection
(http.client), after a few untimed ones. Prints the median and the 90th percentile in milliseconds.

    python bench/keepalive.py [--requests 200]

Without TCP_NODELAY on the accepted socket, Nagle's algorithm and the client's delayed ACK hold each
response's last segment back: about 40 ms a request on Linux. Target: a median under 5 ms.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit

TARGET_MS = 5.0


def popejoan(*args: str) -> list[str]:
    return [sys.executable, "-m", "popejoan_cli", *args]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--requests", type=int, default=200)
    n = parser.parse_args().requests
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "POPEJOAN_HOME": str(Path(home)), "NO_COLOR": "1"}
        env.pop("POPEJOAN_TABLE", None)
        subprocess.run(popejoan("table", "new", "fri", "--rules", "modern-stops", "--players", "Ann,Bob,Cat,Dan",
                                "--counters", "50"), env=env, check=True, capture_output=True)
        subprocess.run(popejoan("deal", "--seed", "42"), env=env, check=True, capture_output=True)
        proc = subprocess.Popen(popejoan("serve", "--port", "0", "--json"), env=env, text=True,
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        try:
            assert proc.stdout is not None
            url = urlsplit(json.loads(proc.stdout.readline())["players"]["Ann"])
            assert url.hostname is not None
            conn = http.client.HTTPConnection(url.hostname, url.port, timeout=10)
            times = []
            for i in range(n + 10):
                start = time.perf_counter()
                conn.request("GET", f"{url.path}/state")
                res = conn.getresponse()
                res.read()
                assert res.status == 200 and not res.will_close, res.status
                if i >= 10:  # the first few warm the server up
                    times.append((time.perf_counter() - start) * 1000)
            conn.close()
        finally:
            proc.terminate()
            proc.wait()
    median, p90 = statistics.median(times), statistics.quantiles(times, n=10)[-1]
    verdict = "ok" if median < TARGET_MS else "over target"
    print(f"{n} keep-alive GETs on one connection: median {median:.2f} ms, p90 {p90:.2f} ms "
          f"(target: median < {TARGET_MS:.0f} ms: {verdict})")


if __name__ == "__main__":
    main()
