"""``toposcope serve`` under a bounded concurrent load on loopback, against ``toposcope parse``
on the same texts in the same run.

Starts ``toposcope serve`` on a free loopback port, waits for ``/health``, then ``--clients``
threads each send ``--requests`` one-document ``POST /parse`` requests (the caption texts in
turn), stopping at ``--max-seconds``. Reports requests/s, p50 and p95 latency and errors; then
times ``toposcope parse`` over the same texts as one JSONL file (a fresh process: model loading
included, as a user running it pays) and prints the ratio of the two throughputs.

Run: ``make bench-serve`` (``python -m benchmarks.speed.serve_load``).
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

from geoparser.io.documents import read_gold


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def running_service(*options: str, start_within: float = 120) -> Iterator[str]:
    """A ``toposcope serve`` on a free loopback port, with ``options``, once its ``/health``
    answers (within ``start_within`` seconds); yields its base URL and stops it after."""
    port = _free_port()
    server = subprocess.Popen([sys.executable, "-m", "geoparser", "-q", "serve", "--port",
                               str(port), *options],
                              env={**os.environ, "PYTHONPATH": os.getcwd()})
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + start_within
        while True:
            try:
                urllib.request.urlopen(f"{base}/health", timeout=5).close()
                break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise SystemExit("the service did not start") from None
                time.sleep(0.2)
        yield base
    finally:
        server.terminate()
        server.wait(30)


def _post(url: str, text: str) -> float:
    started = time.perf_counter()
    request = urllib.request.Request(url, data=json.dumps({"text": text}).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=120) as answer:
        json.load(answer)
    return time.perf_counter() - started


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--clients", type=int, default=4)
    ap.add_argument("--requests", type=int, default=25, help="per client")
    ap.add_argument("--max-seconds", type=float, default=300.0)
    args = ap.parse_args(argv)
    texts = [d.text for d in read_gold(Path("data/captions"))]
    with running_service() as base:
        stop = time.monotonic() + args.max_seconds
        work = [texts[i % len(texts)] for i in range(args.clients * args.requests)]
        latencies: list[float] = []
        errors = 0

        def one(text: str) -> None:
            nonlocal errors
            if time.monotonic() > stop:
                return
            try:
                latencies.append(_post(f"{base}/parse", text))
            except OSError:
                errors += 1

        started = time.perf_counter()
        with ThreadPoolExecutor(args.clients) as pool:
            list(pool.map(one, work))
        wall = time.perf_counter() - started
    done = len(latencies)
    q = statistics.quantiles(latencies, n=20) if done >= 2 else [float("nan")] * 19
    served = done / wall
    print(f"serve: {done} requests ({args.clients} clients), {errors} errors, {wall:.1f} s: "
          f"{served:.2f} requests/s, p50 {statistics.median(latencies) * 1000:.0f} ms, "
          f"p95 {q[18] * 1000:.0f} ms")
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "in.jsonl"
        source.write_text("".join(json.dumps({"id": str(i), "text": t}) + "\n"
                                  for i, t in enumerate(work[:done])), encoding="utf-8")
        started = time.perf_counter()
        subprocess.run([sys.executable, "-m", "geoparser", "-q", "parse", "--in", str(source),
                        "--out", str(Path(tmp) / "out.jsonl")], check=True,
                       env={**os.environ, "PYTHONPATH": os.getcwd()})
        parse_wall = time.perf_counter() - started
    parsed = done / parse_wall
    print(f"parse: the same {done} texts in one fresh process, {parse_wall:.1f} s: "
          f"{parsed:.2f} documents/s (model loading included)")
    print(f"serve / parse throughput: {served / parsed:.2f}")


if __name__ == "__main__":
    main()
