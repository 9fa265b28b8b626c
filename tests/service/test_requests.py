"""What a request may be: strict types (nothing coerced), text that is text, one answer for
every body that is not JSON, errors that name no command-line flag, ``GET /parse`` for a short
text, and an OpenAPI description of every field of a request and of a record."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest

pytest.importorskip("fastapi")

from geoparser.service.schemas import DocumentRecord, ParseResponse  # noqa: E402
from tests.service.conftest import TEXTS, one_line_error  # noqa: E402

VENDOR = Path(__file__).resolve().parents[2] / "geoparser" / "service" / "vendor"


def _post(client, body: bytes):
    return client.post("/parse", content=body, headers={"Content-Type": "application/json"})


@pytest.mark.parametrize(("body", "needle"), [
    (json.dumps({"text": "Floods in \ud800 Galway"}), "text: holds a lone surrogate"),
    (json.dumps({"documents": [{"id": "a", "text": "Floods in \udfff Galway"}]}),
     "documents.0.text: holds a lone surrogate"),
    (json.dumps({"documents": [{"id": "a", "text": "Galway", "source": "paper \ud83c"}]}),
     "documents.0.source: holds a lone surrogate"),
    (json.dumps({"documents": [{"id": "\udc00", "text": "Galway"}]}), "documents.0.id:"),
])
def test_a_lone_surrogate_in_text_source_or_id_is_a_422_not_a_500(client, body, needle):
    one_line_error(_post(client, body.encode()), 422, needle)


@pytest.mark.parametrize("body", [{"text": ""}, {"documents": [{"id": "a", "text": ""}]}])
def test_an_empty_text_is_a_400_not_a_500(client, body):
    one_line_error(client.post("/parse", json=body), 400, "empty text")


@pytest.mark.parametrize(("field", "value"), [
    ("min_confidence", True), ("min_confidence", "0.99"), ("min_confidence", [0.5]),
    ("with_candidates", "yes"), ("with_candidates", 1), ("with_candidates", "true"),
    ("text", 3), ("documents", "Galway"),
])
def test_the_service_does_not_coerce_types(client, field, value):
    body = {"text": "Floods hit Galway.", field: value} if field != "documents" else {
        "documents": value}
    one_line_error(client.post("/parse", json=body), 422, f"{field}:")


def test_a_document_field_of_the_wrong_type_is_a_422(client):
    one_line_error(client.post("/parse", json={"documents": [{"id": 7, "text": "Galway"}]}),
                   422, "documents.0.id")


@pytest.mark.parametrize("value", [b"2", b"-0.1", b"1e999"])
def test_error_answers_name_no_command_line_flag(client, value):
    response = _post(client, b'{"text": "Floods hit Galway.", "min_confidence": ' + value + b"}")
    one_line_error(response, 400, "'min_confidence' must be a probability from 0 to 1")
    assert "--" not in response.json()["error"]


@pytest.mark.parametrize("body", [
    b"not json",
    b'{"text": "Galway"',
    b"",
    b"[" * 1000 + b"]" * 1000,
    b'{"text": "Galway", "documents": ' + b"[" * 40 + b"]" * 40 + b"}",
    b'{"text": "Galway", "min_confidence": ' + b"1" * 5000 + b"}",
    b'{"text": "Galway", "min_confidence": 0.' + b"1" * 5000 + b"}",
    b'{"text": "Gal\xffway"}',
    b'{"text": "Galway", "min_confidence": NaN}',
])
def test_every_body_that_is_not_json_gets_one_shape_and_status(client, body):
    one_line_error(_post(client, body), 400, "the request body is not JSON: ")


def test_json_of_the_wrong_shape_is_a_422_not_a_body_error(client):
    one_line_error(_post(client, b"[1, 2]"), 422, "the request")


def test_get_parse_answers_a_short_text_as_post_does(client):
    got = client.get("/parse", params={"text": TEXTS[1], "with_candidates": "true"})
    posted = client.post("/parse", json={"text": TEXTS[1], "with_candidates": True})
    assert got.status_code == 200, got.text
    assert got.json() == posted.json()
    assert {t["text"] for t in got.json()["records"][0]["toponyms"]} >= {"Austin", "Houston"}
    strict = client.get("/parse", params={"text": "Officials met in Springfield.",
                                          "min_confidence": "1"}).json()
    assert not any("lat" in t for t in strict["records"][0]["toponyms"])


@pytest.mark.parametrize(("params", "status", "needle"), [
    ({"text": "x" * 301}, 414, "301 characters is more than the 300 GET takes"),
    ({"text": "Galway", "with_candidates": "yes"}, 422, "with_candidates"),
    ({"text": "Galway", "min_confidence": "true"}, 422, "min_confidence"),
    ({"text": "Galway", "min_confidence": "2"}, 422, "min_confidence"),
    ({"text": "Galway", "candidates": "true"}, 422, "'candidates' is not a parameter"),
    ({}, 422, "text"),
    ({"text": "   "}, 400, "empty text"),
])
def test_get_parse_refuses_what_post_refuses(client, params, status, needle):
    one_line_error(client.get("/parse", params=params), status, needle)


def test_get_parse_refuses_a_repeated_parameter(client):
    one_line_error(client.get("/parse?text=Galway&text=Cork"), 422, "'text' is given twice")


def test_openapi_describes_every_field_of_a_request_and_a_record(client):
    spec = client.get("/openapi.json").json()
    schemas = spec["components"]["schemas"]
    toponym = schemas["ToponymRecord"]["properties"]
    for field in ("start", "end", "text", "name", "admin1", "country", "geonameid", "lat", "lon",
                  "confidence", "marker_confidence", "demonym", "reason", "candidates"):
        assert field in toponym, field
    assert "code points" in toponym["start"]["description"]
    assert set(schemas["DocumentRecord"]["properties"]) == {"id", "toponyms", "focus"}
    assert {"country", "admin1", "city", "placed"} <= set(schemas["DocumentFocus"]["properties"])
    assert {"text", "documents", "with_candidates", "min_confidence"} <= set(
        schemas["ParseRequest"]["properties"])
    ok = spec["paths"]["/parse"]["post"]["responses"]["200"]["content"]["application/json"]
    # The records, or with format=cliff one text's answer in CLIFF-CLAVIN's shape.
    assert sorted(a["$ref"].rsplit("/", 1)[1] for a in ok["schema"]["anyOf"]) == [
        "CliffAnswer", "ParseResponse"]
    assert "get" in spec["paths"]["/parse"]
    for code in ("400", "413", "422", "504"):
        assert spec["paths"]["/parse"]["post"]["responses"][code]


def test_real_records_are_what_the_models_describe(client):
    for with_candidates in (False, True):
        answer = client.post("/parse", json={"documents": [
            {"id": str(i), "text": t} for i, t in enumerate(TEXTS)],
            "with_candidates": with_candidates}).json()
        ParseResponse.model_validate(answer, strict=True)  # extra fields are refused
        assert all(DocumentRecord.model_validate(r) for r in answer["records"])
    assert any(t.get("candidates") for r in answer["records"] for t in r["toponyms"])


def test_docs_is_swagger_ui_from_the_service_itself(client):
    page = client.get("/docs")
    assert page.status_code == 200
    assert "script-src 'nonce-" in page.headers["Content-Security-Policy"]
    assert not re.search(r'(?:src|href)="(?:https?:)?//', page.text)
    assert 'src="docs/assets/swagger-ui-bundle.js"' in page.text
    script = client.get("/docs/assets/swagger-ui-bundle.js")
    assert script.status_code == 200 and script.headers["content-type"].startswith("text/javasc")
    readme = (VENDOR / "README.md").read_text()
    assert hashlib.sha256(script.content).hexdigest() in readme
    css = (VENDOR / "swagger-ui.css").read_bytes()
    assert hashlib.sha256(css).hexdigest() in readme
    one_line_error(client.get("/docs/assets/swagger-ui.css.map"), 404, "no such file")
    assert client.get("/docs/assets/..%2F..%2Fapp.py").status_code == 404
    assert client.get("/redoc").status_code == 404


@pytest.mark.parametrize("query", ["text=Rain%20in%20Cork%FF", "text=Rain%20in%20Cork%ED%A0%80"])
@pytest.mark.parametrize("path", ["/parse", "/parse/text"])
def test_a_query_that_is_not_utf8_is_refused_as_the_form_is(client, query, path):
    query = query.replace("text=", "q=") if path == "/parse/text" else query
    one_line_error(client.get(f"{path}?{query}"), 400, "the query is not UTF-8")
    form = {"Content-Type": "application/x-www-form-urlencoded"}
    one_line_error(client.post("/parse/text", content=b"q=Rain%20in%20Cork%FF", headers=form),
                   400, "the form is not UTF-8")


def test_a_json_key_given_twice_is_a_422_as_a_repeated_parameter(client):
    one_line_error(_post(client, b'{"text": "Rain in Cork.", "text": "Rain in Galway."}'),
                   422, "'text' is given twice")
    one_line_error(_post(client, b'{"documents": [{"id": "1", "id": "2", "text": "Cork."}]}'),
                   422, "'id' is given twice")


@pytest.mark.parametrize("path", ["/health", "/", "/openapi.json", "/docs"])
@pytest.mark.parametrize("body", [b"", b"not json", b"{}"])
def test_a_post_to_a_get_route_is_a_405_in_the_error_shape(client, path, body):
    one_line_error(client.post(path, content=body), 405, "Method Not Allowed")


def test_a_json_body_with_a_byte_order_mark_is_read(client):
    plain = _post(client, json.dumps({"text": TEXTS[1]}).encode())
    marked = _post(client, b"\xef\xbb\xbf" + json.dumps({"text": TEXTS[1]}).encode())
    assert marked.status_code == 200, marked.text
    assert marked.json() == plain.json()


@pytest.mark.parametrize("cork", ["Cork%00", "Cork%E2%80%8B", "%E2%80%AECork%E2%80%AC"])
def test_a_nul_or_invisible_character_beside_cork_stays_out_of_its_span(client, cork):
    """``GET /parse?text=Rain in Cork%00 today.`` gave the span ``Cork\\x00``: scored against
    gold Cork 8-12 as one false positive and one false negative."""
    answer = client.get(f"/parse?text=Rain%20in%20{cork}%20today.")
    assert answer.status_code == 200, answer.text
    [cork_span] = [t for t in answer.json()["records"][0]["toponyms"] if "Cork" in t["text"]]
    assert cork_span["text"] == "Cork"
