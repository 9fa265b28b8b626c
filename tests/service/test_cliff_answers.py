"""The service's answer in CLIFF-CLAVIN's shape: ``/parse?format=cliff`` (GET and POST) and
CLIFF's own route ``/parse/text?q=`` (GET, and POST as a form) answer what
``parse --format cliff`` writes, described field by field in ``/openapi.json``."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("fastapi")

from geoparser.service.cliff_schemas import CliffAnswer  # noqa: E402
from tests.cli.hostile import invoke, write_jsonl  # noqa: E402
from tests.service.conftest import TEXTS, one_line_error  # noqa: E402

FORM = {"Content-Type": "application/x-www-form-urlencoded"}


def test_every_cliff_route_answers_what_parse_format_cliff_writes(client, tmp_path):
    text = TEXTS[1]
    source = write_jsonl(tmp_path / "in.jsonl", {"id": "1", "text": text})
    out = tmp_path / "out.jsonl"
    done = invoke("parse", "--in", source, "--out", out, "--format", "cliff")
    assert done.exit_code == 0, done.output
    expected = json.loads(out.read_text(encoding="utf-8"))
    assert expected.pop("id") == "1"
    answers = [client.get("/parse", params={"text": text, "format": "cliff"}),
               client.post("/parse?format=cliff", json={"text": text}),
               client.get("/parse/text", params={"q": text}),
               client.post("/parse/text", data={"q": text, "replaceAllDemonyms": "false"}),
               client.post("/parse/text", params={"q": text})]
    for answer in answers:
        assert answer.status_code == 200, answer.text
        assert answer.headers["content-type"] == "application/json"
        assert answer.json() == expected
        CliffAnswer.model_validate(answer.json(), strict=True)  # extra fields are refused
    places = expected["results"]["places"]
    assert {m["name"] for m in places["mentions"]} >= {"Austin", "Houston"}
    assert places["focus"]["countries"][0]["countryCode"] == "US"
    assert places["focus"]["states"][0]["stateCode"] == "TX"


def test_a_cliff_answer_keeps_the_text_as_text(client):
    text = 'Floods in "Galway" <img src=x onerror=alert(1)> & Cork\\n.'
    answer = client.get("/parse/text", params={"q": text})
    assert answer.status_code == 200 and answer.headers["content-type"] == "application/json"
    for m in answer.json()["results"]["places"]["mentions"]:
        i, s = m["source"]["charIndex"], m["source"]["string"]
        assert text[i:i + len(s)] == s
    assert "<img" not in json.dumps(answer.json()["results"])  # no span takes the markup


def test_unplaced_toponyms_are_listed_apart_from_cliffs_mentions(client):
    answer = client.get("/parse", params={"text": "Officials met in Springfield.",
                                          "format": "cliff", "min_confidence": "1"}).json()
    places = answer["results"]["places"]
    assert places["mentions"] == [] and places["focus"] == {}
    (spring,) = places["unplaced"]
    assert spring["source"] == {"string": "Springfield", "charIndex": 17}
    assert spring["reason"].startswith("not placed")


def test_cliff_requests_that_cannot_be_answered_are_refused_in_one_line(client):
    one_line_error(client.post("/parse?format=cliff", json={"documents": [
        {"id": "a", "text": "Rain in Cork."}]}), 400, "one 'text'")
    one_line_error(client.post("/parse?format=cliff", json={
        "text": "Rain in Cork.", "with_candidates": True}), 400, "without candidates")
    one_line_error(client.get("/parse", params={"text": "Cork", "format": "xml"}), 422,
                   "format")
    one_line_error(client.get("/parse/text"), 400, "'q'")
    one_line_error(client.get("/parse/text", params={"q": "Cork", "lang": "EN"}), 422, "'lang'")
    one_line_error(client.get("/parse/text", params={"q": "Cork", "language": "DE"}), 400,
                   "English only")
    one_line_error(client.get("/parse/text", params={"q": "x" * 301}), 414, "POST it")
    one_line_error(client.post("/parse/text", content=b"q=%FF", headers=FORM), 400, "UTF-8")
    one_line_error(client.post("/parse/text", content=b"q=a&q=b", headers=FORM), 422, "twice")


def test_openapi_describes_the_cliff_answer_and_its_null_fields(client):
    spec = client.get("/openapi.json").json()
    assert "/parse/text" in spec["paths"]
    schemas = spec["components"]["schemas"]
    for name in ("CliffAnswer", "CliffMention", "CliffFocusPlace", "CliffUnplaced"):
        assert name in schemas
    assert "UTF-16" in schemas["CliffSource"]["properties"]["charIndex"]["description"]
    assert "places only" in schemas["CliffResults"]["properties"]["people"]["description"]
    formats = [p for p in spec["paths"]["/parse"]["get"]["parameters"] if p["name"] == "format"]
    assert formats and "cliff" in json.dumps(formats)


@pytest.mark.parametrize("prefix", ["/cliff-2.6.1", "/cliff-2.4.2", "/cliff-3"])
def test_cliffs_versioned_path_answers_as_parse_text(client, prefix):
    expected = client.get("/parse/text", params={"q": TEXTS[1]}).json()
    posted = client.post(f"{prefix}/parse/text", data={"q": TEXTS[1], "language": "EN",
                                                       "replaceAllDemonyms": "false"})
    assert posted.status_code == 200, posted.text
    assert posted.json() == expected
    assert client.get(f"{prefix}/parse/text", params={"q": TEXTS[1]}).json() == expected


@pytest.mark.parametrize("path", ["/cliff-2.6.1/parse/json", "/cliff-2.6.1/geonames",
                                  "/clif-2.6.1/parse/text", "/cliff-x/parse/text", "/nowhere"])
def test_a_form_posted_to_an_unknown_path_is_a_404_not_a_json_error(client, path):
    one_line_error(client.post(path, data={"q": "Rain in Cork."}), 404, "Not Found")
    one_line_error(client.post(path, content=b"not json"), 404, "Not Found")


def test_openapi_lists_the_parameters_of_get_parse_text(client):
    spec = client.get("/openapi.json").json()
    params = {p["name"]: p for p in spec["paths"]["/parse/text"]["get"]["parameters"]}
    assert set(params) == {"q", "replaceAllDemonyms", "language"}
    assert params["q"]["required"] and params["q"]["in"] == "query"
    assert not params["language"]["required"]


def test_openapi_version_is_the_services_own(client):
    from geoparser.corpora.cliff import toposcope_version

    assert client.get("/openapi.json").json()["info"]["version"] == toposcope_version()
    assert client.get("/parse/text", params={"q": TEXTS[1]}).json()["version"] == (
        f"toposcope {toposcope_version()}")


def test_q_in_the_url_and_in_the_form_is_refused_not_one_chosen(client):
    one_line_error(client.post("/parse/text", params={"q": "Rain in Cork."},
                               data={"q": "Rain in Galway."}),
                   422, "'q' is given both in the URL and in the form")


def test_a_body_that_is_not_a_form_is_refused_by_parse_text(client):
    one_line_error(client.post("/parse/text", json={"q": "Rain in Cork."}), 415, "form")
