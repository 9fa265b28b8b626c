"""``toposcope serve``: the same records as ``parse``, bounded requests with JSON errors,
concurrent requests, real HTTP on loopback, and the page in headless Chromium offline."""

from __future__ import annotations

import json
import re
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import pytest

pytest.importorskip("fastapi")

from tests.cli.hostile import invoke, write_jsonl  # noqa: E402
from tests.reports.browser import CHROMIUM, FLAGS, needs_chromium  # noqa: E402
from tests.service.conftest import TEXTS, one_line_error  # noqa: E402


def test_the_service_answers_the_records_parse_writes(client, tmp_path):
    docs = [{"id": f"d{i}", "text": t, "source": "paper" if i % 2 else "other"}
            for i, t in enumerate(TEXTS)]
    source = write_jsonl(tmp_path / "in.jsonl", *docs)
    out = tmp_path / "out.jsonl"
    for extra in ([], ["--with-candidates"]):
        done = invoke("parse", "--in", source, "--out", out, *extra)
        assert done.exit_code == 0, done.output
        expected = [json.loads(line) for line in out.read_text().splitlines()]
        answer = client.post("/parse", json={"documents": docs,
                                             "with_candidates": bool(extra)})
        assert answer.status_code == 200, answer.text
        assert answer.json()["records"] == expected
    one = client.post("/parse", json={"text": TEXTS[0]}).json()["records"]
    assert [r["id"] for r in one] == ["1"] and one[0]["toponyms"]


def test_health_and_openapi_describe_the_service(client):
    health = client.get("/health").json()
    assert health["status"] == "ok" and health["recogniser"] and health["gazetteer"]
    assert health["policy_identity"] == f"context points={health['points']} weights=default"
    spec = client.get("/openapi.json").json()
    assert "/parse" in spec["paths"] and "ParseRequest" in json.dumps(spec)


def test_a_request_may_set_its_own_minimum_confidence(client):
    text = "Officials met in Springfield."
    placed = client.post("/parse", json={"text": text, "min_confidence": 0}).json()
    strict = client.post("/parse", json={"text": text, "min_confidence": 1}).json()
    assert any("lat" in t for t in placed["records"][0]["toponyms"])
    assert not any("lat" in t for t in strict["records"][0]["toponyms"])
    one_line_error(client.post("/parse", json={"text": text, "min_confidence": 2}), 400,
                    "confidence")


@pytest.mark.parametrize(("body", "status", "needle"), [
    (b"not json", 400, "the request body is not JSON"),
    (json.dumps({"text": 3}).encode(), 422, "text:"),
    (json.dumps({"documents": []}).encode(), 400, "'documents' is empty"),
    (json.dumps({"text": "a", "documents": [{"id": "x", "text": "b"}]}).encode(), 400,
     "either 'text' or 'documents'"),
    (json.dumps({"documents": [{"id": "x", "text": "b"}] * 2}).encode(), 400, "duplicate"),
    (json.dumps({"documents": [{"id": str(i), "text": "b"} for i in range(6)]}).encode(), 400,
     "more than the 5"),
    (json.dumps({"text": "x" * 6_000}).encode(), 400, "6,000 characters"),
    (json.dumps({"text": "   "}).encode(), 400, "empty text"),
    (json.dumps({"text": "a", "script": "<b>"}).encode(), 422, "script"),
    (b"{" * 60_000, 413, "more than the 50,000"),
])
def test_bad_requests_are_one_line_of_json(client, body, status, needle):
    response = client.post("/parse", content=body, headers={"Content-Type": "application/json"})
    one_line_error(response, status, needle)


def test_concurrent_requests_each_get_their_own_answer(client):
    alone = [client.post("/parse", json={"text": t}).json() for t in TEXTS]
    with ThreadPoolExecutor(8) as pool:
        together = list(pool.map(lambda t: client.post("/parse", json={"text": t}).json(),
                                 TEXTS * 4))
    assert together == alone * 4




def test_real_http_on_loopback(server):
    with urllib.request.urlopen(f"{server}/health", timeout=30) as answer:
        assert json.load(answer)["status"] == "ok"
    request = urllib.request.Request(f"{server}/parse", method="POST",
                                     data=json.dumps({"text": TEXTS[1]}).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as answer:
        records = json.load(answer)["records"]
    assert {t["text"] for t in records[0]["toponyms"]} >= {"Austin", "Texas", "Houston"}
    with urllib.request.urlopen(f"{server}/", timeout=30) as answer:
        csp = answer.headers["Content-Security-Policy"]
        page = answer.read().decode()
    assert "script-src 'nonce-" in csp and "default-src 'none'" in csp
    assert not re.search(r'<(?:script|link|img)[^>]+(?:src|href)="(?:https?:)?//', page)


@needs_chromium
def test_the_page_shows_a_pasted_texts_places_on_the_map_offline(server, tmp_path):
    import subprocess

    text = "Floods hit Galway and Cork; <img src=x onerror=alert(1)> Lima too."
    flags = [f for f in FLAGS if not f.startswith("--proxy-bypass-list")]
    proc = subprocess.run(
        [CHROMIUM, *flags, "--proxy-bypass-list=127.0.0.1", f"--user-data-dir={tmp_path}",
         "--virtual-time-budget=20000", "--dump-dom",
         f"{server}/#text={urllib.parse.quote(text)}"],
        capture_output=True, text=True, timeout=120, check=False)
    dom = proc.stdout
    assert proc.returncode == 0, proc.stderr[-2000:]
    body = dom.split("<body", 1)[1].split(">", 1)[0]
    assert "data-error" not in body, body
    markers = int(dom.split('data-markers="')[1].split('"')[0])
    assert markers >= 3
    assert dom.count("<mark") >= 3 and re.search(r"<mark[^>]*>Galway</mark>", dom)
    assert dom.count('class="place-marker leaflet-interactive"') == markers
    assert "<img src=\"x\"" not in dom  # the pasted markup stayed text
    assert "Connacht" in dom and "Ireland" in dom and "confidence" in dom
    assert "the text is about Ireland" in dom  # the document's focus
    assert "Ireland, Ireland" not in dom  # a country is not its own country
