"""CLIFF-CLAVIN's answer shape made from our records (``geoparser.corpora.cliff``), and
``toposcope parse --format cliff``."""

from __future__ import annotations

import json

from geoparser.corpora.cliff import FEATURE_CLASS_OF_CODE, char_index, cliff_answer, feature_class
from geoparser.places import FEATURE_KINDS
from tests.cli.hostile import assert_refused, invoke, write_jsonl

TEXT = "🙂 Floods hit Galway; talks in Springfield."
GALWAY = {"start": 13, "end": 19, "text": "Galway", "name": "Galway", "admin1": "Connacht",
          "country": "Ireland", "country_code": "IE", "kind": "populated place",
          "geonameid": 2964180, "lat": 53.27245, "lon": -9.05095, "population": 85910,
          "confidence": 0.914, "reason": "best context score"}
SPRINGFIELD = {"start": 31, "end": 42, "text": "Springfield", "confidence": 0.75,
               "reason": "not placed: confidence 0.75 is below the minimum 0.9"}
FOCUS = {"country": {"name": "Ireland", "geonameid": 2963597, "country_code": "IE",
                     "admin1": None, "count": 1, "share": 1.0},
         "admin1": {"name": "Connacht", "geonameid": None, "country_code": "IE",
                    "admin1": "C", "count": 1, "share": 1.0},
         "city": {"name": "Galway", "geonameid": 2964180, "country_code": "IE",
                  "admin1": "C", "count": 1, "share": 1.0}, "placed": 1}


def test_a_record_becomes_cliffs_answer_with_its_mentions_focus_and_unplaced_toponyms():
    answer = cliff_answer({"id": "1", "toponyms": [GALWAY, SPRINGFIELD], "focus": FOCUS}, TEXT)
    assert answer["status"] == "ok" and answer["version"].startswith("toposcope ")
    results = answer["results"]
    assert results["people"] is None and results["organizations"] is None
    assert answer["milliseconds"] is None
    (galway,) = results["places"]["mentions"]
    assert galway["id"] == 2964180 and galway["name"] == "Galway"
    assert (galway["lat"], galway["lon"], galway["population"]) == (53.27245, -9.05095, 85910)
    assert galway["countryCode"] == "IE" and galway["countryGeoNameId"] == "2963597"
    assert galway["stateCode"] == "C"  # Connacht's GeoNames admin1 code, from its name
    # The offline cities carry a class, not a code: the code is null, the class is told.
    assert galway["featureClass"] == "P" and galway["featureCode"] is None
    assert galway["confidence"] == 0.914
    # The emoji is one code point and two UTF-16 units: CLIFF's charIndex counts the latter.
    assert galway["source"] == {"string": "Galway", "charIndex": 14}
    assert TEXT.encode("utf-16-le")[28:40].decode("utf-16-le") == "Galway"
    (spring,) = results["places"]["unplaced"]
    assert spring["source"] == {"string": "Springfield", "charIndex": 32}
    assert spring["reason"].startswith("not placed") and spring["confidence"] == 0.75
    focus = results["places"]["focus"]
    assert [c["name"] for c in focus["countries"]] == ["Ireland"]
    assert focus["countries"][0]["score"] == 1 and focus["countries"][0]["id"] == 2963597
    assert focus["countries"][0]["lat"] is None  # the text names no country to take it from
    assert focus["states"][0]["stateCode"] == "C" and focus["states"][0]["name"] == "Connacht"
    city = focus["cities"][0]
    assert city["lat"] == 53.27245 and city["featureClass"] == "P" and city["score"] == 1
    assert "source" not in city and "confidence" not in city


def test_a_rejected_span_among_cliffs_unplaced_says_it_was_rejected_and_why():
    kibera = {"start": 31, "end": 42, "text": "Springfield", "rejected": True,
              "rejection": "not_in_gazetteer",
              "reason": "rejected: no gazetteer entry has this name"}
    answer = cliff_answer({"id": "1", "toponyms": [GALWAY, SPRINGFIELD, kibera],
                           "focus": FOCUS}, TEXT)
    unplaced = answer["results"]["places"]["unplaced"]
    assert [(u["rejected"], u["rejection"]) for u in unplaced] == [
        (False, None), (True, "not_in_gazetteer")]


def test_a_document_with_nothing_placed_has_cliffs_empty_focus():
    answer = cliff_answer({"id": "1", "toponyms": [SPRINGFIELD], "focus": None}, TEXT)
    places = answer["results"]["places"]
    assert places["mentions"] == [] and places["focus"] == {}
    assert len(places["unplaced"]) == 1


def test_the_feature_class_comes_from_the_code_else_from_a_class_word():
    assert feature_class("PPLA", "seat of a first-level area") == "P"
    assert feature_class("PCLI", "country") == "A"
    assert feature_class("ISL", "island") == "T"
    assert feature_class(None, "populated place") == "P"
    assert feature_class(None, "city") is None  # a web service's own type is not a class
    assert feature_class("city", "city") is None
    assert set(FEATURE_KINDS) == set(FEATURE_CLASS_OF_CODE)


def test_char_index_counts_utf16_units():
    assert char_index("Paris", 0) == 0
    assert char_index("é Paris", 2) == 2
    assert char_index("𝔸𝔹 Paris", 3) == 5


def test_parse_format_cliff_writes_one_cliff_answer_a_line_escaped(tmp_path):
    text = 'He said "Galway" <script>alert(1)</script> & left Cork.\u2028Then rain.'
    source = write_jsonl(tmp_path / "in.jsonl", {"id": 'a"<b>', "text": text},
                         {"id": "b", "text": "Nothing here."})
    out = tmp_path / "answers.jsonl"
    done = invoke("parse", "--in", source, "--out", out, "--format", "cliff")
    assert done.exit_code == 0, done.output
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 2
    first, second = (json.loads(line) for line in lines)
    assert first["id"] == 'a"<b>' and first["status"] == "ok"
    mentions = first["results"]["places"]["mentions"]
    assert {m["source"]["string"] for m in mentions} >= {"Galway", "Cork"}
    for m in mentions:
        i = m["source"]["charIndex"]
        assert text[i:i + len(m["source"]["string"])] == m["source"]["string"]
    assert second["results"]["places"] == {"mentions": [], "focus": {}, "unplaced": []}
    refused = invoke("parse", "--in", source, "--out", tmp_path / "x.csv", "--format", "cliff")
    assert_refused(refused, "does not match the file name")
