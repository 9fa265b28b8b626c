"""A long request cannot deny the service to everyone: while the longest request the limits
allow runs, ``/health`` and a short text are answered; at its deadline its work is stopped
(its worker process killed, a fresh one started) and the service goes on answering.

No timing is asserted beyond that functional bound: the short request is answered while the
long one still runs. The deadline is tight (``TIMEOUT_S``) so the test takes seconds, and still
far longer than a short text takes: a worker parses a text before it says it is ready, so
none pays its warm-up (ten seconds or more on a loaded machine) in a request."""

from __future__ import annotations

import os
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402

from geoparser.batch.stages import PipelineSpec  # noqa: E402
from geoparser.service.app import Limits, create_app  # noqa: E402
from tests.service.conftest import TEXTS, one_line_error  # noqa: E402

NEWS = ("Floods hit Galway and Cork after the storm crossed Ireland, officials in Dublin said "
        "on Monday, and talks in Geneva ended as delegates flew home to Nairobi and Lima. ")
#: The longest request the default limits allow (18 documents of 100,000 characters, 1.8 MB),
#: minutes of work: far longer than ``TIMEOUT_S``, at which it is stopped.
LONG = {"documents": [{"id": str(i), "text": (NEWS * 700)[:100_000]} for i in range(18)]}
#: A warm worker answers a short text in about 0.2 s on a machine loaded eight times over its
#: cores (0.05 s idle); the deadline leaves it twenty-five times that.
TIMEOUT_S = 5.0


def _wait_for(condition, what: str, limit_s: float = 300.0) -> None:
    deadline = time.monotonic() + limit_s
    while not condition():
        assert time.monotonic() < deadline, f"still waiting for {what}"
        time.sleep(0.1)


@pytest.fixture(scope="module")
def tight(offline_gazetteer):
    service = create_app(PipelineSpec(), Limits(timeout_s=TIMEOUT_S), workers=2)
    yield service
    service.state.pool.close()


def test_a_long_request_keeps_no_one_waiting_and_its_work_stops_at_its_deadline(tight):
    client = TestClient(tight)
    pool = tight.state.pool
    before = set(pool.pids())
    with ThreadPoolExecutor(1) as background:
        long_request = background.submit(client.post, "/parse", json=LONG)
        _wait_for(lambda: pool.status()["busy"] == 1, "the long request to start")
        health = client.get("/health")
        short = client.post("/parse", json={"text": TEXTS[0]})
        # both answered while the long request still ran: it had not reached its deadline
        assert not long_request.done()
        assert health.status_code == 200 and health.json()["workers"]["busy"] == 1
        assert short.status_code == 200, short.text
        assert {t["text"] for t in short.json()["records"][0]["toponyms"]} >= {"Galway"}
        one_line_error(long_request.result(), 504, "was stopped")
    # its worker was killed at the deadline (its work stopped), and replaced
    stopped = before - set(pool.pids())
    assert len(stopped) == 1
    with pytest.raises(ProcessLookupError):
        os.kill(stopped.pop(), 0)
    _wait_for(lambda: pool.status()["idle"] == 2, "the replacement worker")
    assert client.get("/health").json()["workers"] == {
        "idle": 2, "busy": 0, "starting": 0, "stopped_at_deadline": 1}
    again = client.post("/parse", json={"text": TEXTS[1]})
    assert again.status_code == 200 and again.json()["records"][0]["toponyms"]


def test_long_requests_never_take_the_worker_kept_for_short_ones(tight):
    client = TestClient(tight)
    pool = tight.state.pool
    _wait_for(lambda: pool.status()["idle"] == 2, "both workers")
    with ThreadPoolExecutor(2) as background:
        first = background.submit(client.post, "/parse", json=LONG)
        _wait_for(lambda: pool.status()["busy"] == 1, "the first long request to start")
        second = background.submit(client.post, "/parse", json=LONG)
        short = client.post("/parse", json={"text": TEXTS[2]})
        assert short.status_code == 200, short.text
        assert pool.status()["busy"] <= 1  # the second long one waits for the first's worker
        for answer in (first.result(), second.result()):
            one_line_error(answer, 504, f"more than the {TIMEOUT_S:g} s")


def _towns(n: int) -> str:
    """"Aid went to " and ``n`` distinct town names: 1,000 fit in about 10,000 characters."""
    return "Aid went to " + ", ".join(f"Town{chr(65 + k % 26)}{k}" for k in range(n)) + "."


@pytest.mark.parametrize("n", [600, 1000])
def test_a_list_of_many_towns_within_the_small_characters_is_a_large_request(n):
    """Eight requests of ~10,000 characters naming 1,000 towns each counted as small and
    filled both workers for seconds each: their cost grows with the names, not the
    characters."""
    from geoparser.model import Document
    from geoparser.service.workers import is_large

    text = _towns(n)
    assert len(text) <= 10_000
    assert is_large((Document("1", text),), 10_000, 500)
    assert is_large(tuple(Document(str(k), t) for k, t in enumerate(text.split(", "))),
                    10_000, 500)  # the same names over many documents


def test_an_article_that_repeats_its_names_stays_a_small_request():
    from geoparser.model import Document
    from geoparser.service.workers import is_large

    article = (NEWS * 61)[:10_000]  # nine names, over and over
    assert not is_large((Document("1", article),), 10_000, 500)
    assert is_large((Document("1", article + "x"),), 10_000, 500)  # too many characters


def test_name_heavy_requests_never_take_the_worker_kept_for_short_ones(tight):
    client = TestClient(tight)
    pool = tight.state.pool
    _wait_for(lambda: pool.status()["idle"] == 2, "both workers")
    heavy = {"text": _towns(1000)}
    with ThreadPoolExecutor(2) as background:
        first = background.submit(client.post, "/parse", json=heavy)
        _wait_for(lambda: pool.status()["busy"] == 1, "the first heavy request to start")
        second = background.submit(client.post, "/parse", json=heavy)
        short = client.post("/parse", json={"text": TEXTS[2]})
        assert short.status_code == 200, short.text
        for answer in (first.result(), second.result()):
            assert answer.status_code in (200, 504), answer.text
