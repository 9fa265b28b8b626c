"""How fast ``toposcope serve`` answers ``/health`` and a short text while the longest request
its limits allow is being worked on, against the same requests to the idle service in the
same run.

Starts ``toposcope serve`` (default limits, ``--timeout`` seconds a request) on a free
loopback port and waits for ``/health``. Baseline: ``--probes`` ``GET /health`` and one-caption
``POST /parse`` requests, one after another, to the idle service. Then a worst-case request --
18 documents of 100,000 characters of repetitive news text (1.8 MB, under the 2,000,000-byte
body limit), minutes of work -- is sent in the background, and the same probes are sent while
it runs, each timed from send to answer. Prints the median and the slowest of each kind, idle
and under the long request, the long request's status and how long it took to be answered
(its work stopped at the timeout), and whether every probe was answered within ``--within``
seconds.

With ``--load names``, the load is instead eight requests at once of ~10,000 characters
each, ``"Aid went to "`` and 1,000 distinct city names (``distinct_names.city_names``; each
request its own thousand): small by their characters, heavy by their names.

Run: ``make bench-service`` (``python -m benchmarks.speed.serve_under_long [--load names]``).
"""

from __future__ import annotations

import argparse
import json
import statistics
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

from benchmarks.speed.serve_load import running_service
from geoparser.io.documents import read_gold

NEWS = ("Floods hit Galway and Cork after the storm crossed Ireland, officials in Dublin said "
        "on Monday, and talks in Geneva ended as delegates flew home to Nairobi and Lima. ")
#: The worst case the default limits take: 18 documents of the longest text a document may
#: have (100,000 characters) fill 1.8 MB of the 2,000,000-byte body limit.
LONG = {"documents": [{"id": str(i), "text": (NEWS * 700)[:100_000]} for i in range(18)]}
#: Requests sent at once with ``--load names``, and the distinct names in each.
NAME_REQUESTS, NAMES_EACH = 8, 1000


def name_requests() -> list[dict]:
    """``NAME_REQUESTS`` bodies of "Aid went to " and ``NAMES_EACH`` city names each."""
    from benchmarks.speed.distinct_names import city_names

    names = city_names(NAME_REQUESTS * NAMES_EACH)
    return [{"text": "Aid went to " + ", ".join(names[k * NAMES_EACH:(k + 1) * NAMES_EACH])
             + "."} for k in range(NAME_REQUESTS)]


def _timed(request: urllib.request.Request | str, timeout: float = 600) -> tuple[float, int]:
    """(seconds from send to the whole answer, HTTP status)."""
    started = time.perf_counter()
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            answer.read()
            status = answer.status
    except urllib.error.HTTPError as err:
        err.read()
        status = err.code
    return time.perf_counter() - started, status


def _post(url: str, body: dict) -> urllib.request.Request:
    return urllib.request.Request(url, data=json.dumps(body).encode(),
                                  headers={"Content-Type": "application/json"})


def _probe(base: str, texts: list[str], n: int) -> dict[str, list[float]]:
    """``n`` health checks and ``n`` short parses, alternating; each must be answered 200."""
    out: dict[str, list[float]] = {"health": [], "short": []}
    for i in range(n):
        seconds, status = _timed(f"{base}/health")
        assert status == 200, status
        out["health"].append(seconds)
        seconds, status = _timed(_post(f"{base}/parse", {"text": texts[i % len(texts)]}))
        assert status == 200, status
        out["short"].append(seconds)
    return out


def _line(what: str, seconds: list[float]) -> str:
    slowest = max(range(len(seconds)), key=seconds.__getitem__)
    return (f"{what}: {len(seconds)} answered, median {statistics.median(seconds) * 1000:.0f} "
            f"ms, slowest {seconds[slowest] * 1000:.0f} ms (probe {slowest + 1}), "
            f"{sum(s <= 2.0 for s in seconds)} within 2 s")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--timeout", type=float, default=60.0,
                    help="serve --timeout: seconds a request may take (the default's)")
    ap.add_argument("--probes", type=int, default=20, help="of each kind, idle and under load")
    ap.add_argument("--within", type=float, default=2.0, help="the bound checked, seconds")
    ap.add_argument("--load", choices=("long", "names"), default="long",
                    help="long: the worst-case request; names: eight requests of 1,000 names")
    args = ap.parse_args(argv)
    texts = [d.text for d in read_gold(Path("data/captions"))]
    bodies = [LONG] if args.load == "long" else name_requests()
    with running_service("--timeout", f"{args.timeout:g}", start_within=600) as base:
        idle = _probe(base, texts, args.probes)
        answers: list[tuple[float, int]] = []
        senders = [threading.Thread(target=lambda b=b: answers.append(
            _timed(_post(f"{base}/parse", b))), daemon=True) for b in bodies]
        for sender in senders:
            sender.start()
        time.sleep(1.0)  # the load is read and handed to the workers
        loaded = _probe(base, texts, args.probes)
        still_running = any(sender.is_alive() for sender in senders)
        for sender in senders:
            sender.join()
    long_s, long_status = max(answers)
    body = sum(len(json.dumps(b).encode()) for b in bodies)
    what = ("worst-case request (18 x 100,000 characters)" if args.load == "long" else
            f"{len(bodies)} requests of {NAMES_EACH:,} city names each "
            f"(~{len(bodies[0]['text']):,} characters each)")
    print(f"service: serve --timeout {args.timeout:g}, default limits; {what}, {body:,} bytes")
    print("idle    " + _line("GET /health", idle["health"]))
    print("idle    " + _line("POST /parse one caption", idle["short"]))
    print("loaded  " + _line("GET /health", loaded["health"]))
    print("loaded  " + _line("POST /parse one caption", loaded["short"]))
    print(f"load: the last answered {long_status} after {long_s:.1f} s (statuses "
          f"{sorted(status for _, status in answers)}); "
          f"{'still running' if still_running else 'already answered'} when the last probe "
          "was answered")
    slowest = max(loaded["health"] + loaded["short"])
    ratio = statistics.median(loaded["short"]) / statistics.median(idle["short"])
    print(f"short parse median, loaded / idle: {ratio:.2f}")
    print(f"every probe within {args.within:g} s while the load ran: "
          f"{'yes' if slowest <= args.within and still_running else 'NO'} "
          f"(slowest {slowest:.2f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
