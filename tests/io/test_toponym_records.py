"""Every output names the place and says why, the same way.

Name, first-level area, country, kind and integer GeoNames id in JSONL, GeoJSON, CSV, Parquet,
the data frame and the spaCy component; candidates best first, the chosen one marked,
alternate-name matches labelled; and the counts in reasons agree with ``n_candidates``.
"""

import csv
import json
import re

import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from evaluation.reports.map_inputs import read_result
from geoparser.cli.main import app
from geoparser.io.toponym_records import TOPONYM_COLUMNS
from geoparser.model import Document, Mention, ParsedDocument
from geoparser.pipeline import resolve
from geoparser.places import describe, feature_kind
from geoparser.resolution import create_policy

runner = CliRunner()
TEXTS = ["Storm damage in Paris, Texas and in Boston.", "Flights from Japan to Richmond.",
         "Nothing to see here."]


@pytest.fixture(scope="module")
def outputs(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("outputs")
    src = tmp / "docs.jsonl"
    src.write_text("".join(json.dumps({"id": f"d{i}", "text": t}) + "\n"
                           for i, t in enumerate(TEXTS)))
    out = {}
    for fmt in ("jsonl", "geojson", "csv", "parquet"):
        out[fmt] = tmp / f"out.{fmt}"
        args = ["-q", "parse", "--in", str(src), "--out", str(out[fmt]), "--ner", "gazetteer",
                "--policy", "context"]
        if fmt == "jsonl":
            args.append("--with-candidates")
        result = runner.invoke(app, args)
        assert result.exit_code == 0, result.output
    return out


def _jsonl_toponyms(path):
    return [t for line in path.read_text().splitlines() for t in json.loads(line)["toponyms"]]


def test_every_flat_output_has_the_place_columns(outputs):
    with outputs["csv"].open(newline="") as fh:
        rows = list(csv.DictReader(fh))
    assert tuple(rows[0]) == TOPONYM_COLUMNS
    japan = next(r for r in rows if r["text"] == "Japan")
    assert japan["country"] == "Japan" and japan["kind"] == "country"
    assert japan["geonameid"] == "1861060" and japan["reason"]
    parquet = pq.read_table(outputs["parquet"]).to_pylist()
    assert [r["text"] for r in parquet] == [r["text"] for r in rows]
    assert next(r for r in parquet if r["text"] == "Japan")["geonameid"] == 1861060


def test_paris_texas_is_said_to_be_in_texas(outputs):
    """The issue's popup read "Paris at 33.6609, -95.5555 (GeoNames 4717560)"."""
    paris = next(t for t in _jsonl_toponyms(outputs["jsonl"]) if t["text"] == "Paris")
    assert (paris["admin1"], paris["country"]) == ("Texas", "United States")
    assert paris["kind"] and isinstance(paris["geonameid"], int)
    place = describe(paris)
    assert place.startswith("Paris, Texas, United States (") and "GeoNames" in place


def test_candidates_best_first_chosen_marked_alternate_names_labelled(outputs):
    for t in _jsonl_toponyms(outputs["jsonl"]):
        cands = t["candidates"]
        assert len(cands) == t["n_candidates"]
        if t.get("lat") is None:  # left unplaced: its best guess comes first, none chosen
            assert not any(c["chosen"] for c in cands) and "not placed" in t["reason"]
        else:
            assert [c["chosen"] for c in cands].count(True) == 1 and cands[0]["chosen"]
        scores = [c["score"] for c in cands if "score" in c]
        assert scores == sorted(scores, reverse=True)
        for c in cands:
            expected = "name" if c["name"].casefold() == t["text"].casefold() else None
            if expected:
                assert c["match"] == "name"
    boston = next(t for t in _jsonl_toponyms(outputs["jsonl"]) if t["text"] == "Boston")
    alternates = [c for c in boston["candidates"] if c["match"] == "alternate name"]
    assert alternates and all(c["name"] != "Boston" for c in alternates)


def test_maps_say_the_same_from_jsonl_and_geojson(outputs):
    from_jsonl = {(t.doc_id, t.start): t.place for t in read_result(outputs["jsonl"])}
    from_geojson = {(t.doc_id, t.start): t.place for t in read_result(outputs["geojson"])}
    assert from_jsonl == from_geojson
    assert any(p and "Texas, United States" in p for p in from_jsonl.values())
    reasons = [t.reason for t in read_result(outputs["geojson"])]
    assert all(reasons)


@pytest.mark.parametrize("policy", ["population", "context", "learned", "nearest"])
def test_counts_in_reasons_agree_with_n_candidates(policy, offline_gazetteer, captions):
    """'n_candidates: 22' beside 'best context score of 21 places', and 'Japan' with 3
    candidates and 'the only place of this name': a count in a reason is n_candidates."""
    docs = [*captions, Document("j", "Japan and Paris and Richmond.")]
    parsed = [ParsedDocument(d, [Mention(d.text.index(w), d.text.index(w) + len(w), w, "GPE")
                                 for w in ("Japan", "Paris", "Richmond") if w in d.text]
                             or [Mention(t.start, t.end, t.text, "GPE") for t in d.toponyms])
              for d in docs]
    guides = {d.id: (d.toponyms[0].lat, d.toponyms[0].lon) for d in captions}
    guides["j"] = (35.0, 139.0)
    checked = 0
    for p in resolve(parsed, offline_gazetteer, create_policy(policy), guides):
        for r in p.resolutions:
            assert r.n_candidates == len(r.ranked), r
            counts = [int(n) for n in re.findall(r"of (\d+) places", r.reason)]
            if counts:
                assert counts[-1] == r.n_candidates or "near the guide" in r.reason, r.reason
                checked += 1
            if r.reason.startswith("the only place"):
                assert r.n_candidates == 1 or "near the guide" in r.reason, r.reason
    assert checked


def test_japan_is_one_place_with_several_sources(offline_gazetteer):
    doc = Document("j", "Japan")
    (p,) = resolve([ParsedDocument(doc, [Mention(0, 5, "Japan", "GPE")])], offline_gazetteer,
                   create_policy("context"))
    (r,) = p.resolutions
    assert len(r.candidates) > r.n_candidates == 1
    assert r.reason.startswith("the only place of this name")


def test_feature_kinds_in_words():
    assert feature_kind("P", "PPLA2") == "seat of a second-level area"
    assert feature_kind("A", "PCLI") == "country"
    assert feature_kind("H", "XYZ") == "water body"
    assert feature_kind(None, "city") == "city"  # a web service's own type, as given
    assert feature_kind(None, None) is None


def test_spacy_component_names_the_place(offline_gazetteer):
    import spacy

    nlp = spacy.blank("en")
    nlp.add_pipe("toposcope", config={"recogniser": "gazetteer", "policy": "population"})
    doc = nlp("Rain in Japan.")
    (span,) = doc._.toponyms
    assert (span._.place_name, span._.country, span._.kind) == ("Japan", "Japan", "country")
    assert isinstance(span._.geonameid, int) and span._.n_candidates == 1
    assert span._.record["candidates"][0]["chosen"] is True


def _jsonl_docs(path):
    return {d["id"]: d for d in map(json.loads, path.read_text().splitlines())}


def test_jsonl_gives_each_document_its_focus_once_and_null_without_places(outputs):
    docs = _jsonl_docs(outputs["jsonl"])
    # Paris (Texas), Texas, Boston (Massachusetts): the cities tie, Paris is named first
    assert docs["d0"]["focus"] == {
        "country": {"name": "United States", "geonameid": 6252001, "country_code": "US",
                    "admin1": None, "count": 3, "share": 1.0},
        "admin1": {"name": "Texas", "geonameid": 4736286, "country_code": "US",
                   "admin1": "TX", "count": 2, "share": 2 / 3},
        "city": {"name": "Paris", "geonameid": 4717560, "country_code": "US", "admin1": "TX",
                 "count": 1, "share": 1 / 3},
        "placed": 3}
    assert docs["d2"] == {"id": "d2", "toponyms": [], "focus": None}
    assert all("focus_country" not in t for t in _jsonl_toponyms(outputs["jsonl"]))


def test_every_flat_output_repeats_the_documents_focus_on_its_rows(outputs):
    from geoparser.model import FOCUS_COLUMNS, DocumentFocus, focus_columns

    expected = {i: focus_columns(DocumentFocus.from_dict(d["focus"]))
                for i, d in _jsonl_docs(outputs["jsonl"]).items()}
    with outputs["csv"].open(newline="") as fh:
        csv_rows = list(csv.DictReader(fh))
    parquet_rows = pq.read_table(outputs["parquet"]).to_pylist()
    features = json.loads(outputs["geojson"].read_text())["features"]
    assert len(csv_rows) == len(parquet_rows) == len(features) > 0
    for row, prow, feature in zip(csv_rows, parquet_rows, features, strict=True):
        want = expected[row["doc_id"]]
        assert {c: prow[c] for c in FOCUS_COLUMNS} == want
        assert {c: feature["properties"][c] for c in FOCUS_COLUMNS} == want
        assert {c: row[c] for c in FOCUS_COLUMNS} == {
            c: "" if v is None else str(v) for c, v in want.items()}
    assert isinstance(parquet_rows[0]["focus_country_geonameid"], int)


def test_our_jsonl_with_its_focus_reads_back_for_scores_maps_and_browse(outputs, tmp_path):
    from evaluation.reports.browse import browse_page
    from geoparser.io.documents import read_predictions

    gold = [Document(f"d{i}", t) for i, t in enumerate(TEXTS)]
    predictions = read_predictions(outputs["jsonl"], gold)
    assert [p.text for p in predictions["d0"].toponyms][:2] == ["Paris", "Texas"]
    on_map = read_result(outputs["jsonl"])
    assert all(t.focus and "United States" in t.focus for t in on_map if t.doc_id == "d0")
    assert {t.doc_id: t.focus for t in on_map} == {
        t.doc_id: t.focus for t in read_result(outputs["geojson"])}
    gold_file = tmp_path / "gold.jsonl"
    gold_file.write_text("".join(json.dumps({"id": d.id, "text": d.text, "toponyms": []}) + "\n"
                                 for d in gold))
    assert "Paris" in browse_page(gold_file, [outputs["jsonl"]])


def test_a_documents_focus_in_the_data_frame_and_the_parsed_dicts(offline_gazetteer):
    from geoparser import Geoparser, to_dataframe

    gp = Geoparser(ner="gazetteer", gazetteer=offline_gazetteer, policy="context")
    docs = gp.parse(TEXTS)
    frame = to_dataframe(docs)
    first = frame[frame["doc_id"] == "0"].iloc[0]
    assert first["focus_admin1"] == "Texas" and first["focus_admin1_geonameid"] == 4736286
    assert str(frame["focus_country_geonameid"].dtype) == "Int64"
    assert docs[0].to_dict()["focus"]["admin1"]["name"] == "Texas"
    assert docs[2].to_dict()["focus"] is None
    props = docs[0].to_geojson()["features"][0]["properties"]
    assert props["focus_admin1"] == "Texas"
