"""`toposcope parse` and `toposcope resolve`: streaming output, formats, and bad input."""

import json

import geojson
import pytest
from typer.testing import CliRunner

from geoparser.batch.corpus import chunked
from geoparser.cli.main import app
from tests.conftest import CAPTIONS

runner = CliRunner()


def invoke(*args):
    return runner.invoke(app, ["-q", *args])


def test_chunked():
    assert list(chunked(range(5), 2)) == [[0, 1], [2, 3], [4]]
    assert list(chunked([], 3)) == []


def test_parse_writes_predictions_that_score_reads(tmp_path):
    out = tmp_path / "pred.jsonl"
    assert invoke("parse", "--in", str(CAPTIONS), "--out", str(out)).exit_code == 0
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert [d["id"] for d in lines] == [f"c{i:02d}" for i in range(1, 13)]
    boston = next(d for d in lines if d["id"] == "c02")["toponyms"][0]
    assert boston["text"] == "Boston" and boston["n_candidates"] > 1 and "geonameid" in boston
    scored = invoke("score", "--scheme", "coursework-ner", "--gold", str(CAPTIONS),
                    "--pred", str(out), "--format", "json")
    # the default recogniser (toponym-transformer-orgs) finds all twelve caption toponyms, and
    # the span decision keeps them all ("Durham" of "Durham Cathedral" as embedded)
    assert json.loads(scored.stdout)["overall"]["tp"] == 12


def test_parse_geojson_is_valid(tmp_path):
    out = tmp_path / "pred.geojson"
    assert invoke("parse", "--in", str(CAPTIONS), "--out", str(out),
                  "--format", "geojson").exit_code == 0
    obj = geojson.loads(out.read_text())
    assert obj.is_valid, obj.errors()
    assert len(obj["features"]) == 12  # every caption toponym
    assert sum(f["geometry"] is None for f in obj["features"]) == obj["unresolved"]


def test_the_captions_durham_of_durham_cathedral_is_kept_as_embedded(tmp_path):
    out = tmp_path / "pred.jsonl"
    assert invoke("parse", "--in", str(CAPTIONS), "--out", str(out), "--keep-rejected"
                  ).exit_code == 0
    toponyms = [t for line in out.read_text().splitlines()
                for t in json.loads(line)["toponyms"]]
    assert len(toponyms) == 12 and not any(t["rejected"] for t in toponyms)
    assert all(0 <= t["span_probability"] <= 1 for t in toponyms)
    durham = next(t for t in toponyms if t["text"] == "Durham")
    assert durham["mention_kind"] == "embedded"


def test_keep_rejected_keeps_french_of_french_toast_marked_and_score_leaves_it_out(tmp_path):
    text = "We ate French toast at a cafe in Paris on Sunday."
    gold = tmp_path / "gold.jsonl"
    gold.write_text(json.dumps({"id": "a", "text": text, "toponyms": [
        {"start": text.index("Paris"), "end": text.index("Paris") + 5, "text": "Paris",
         "lat": 48.8566, "lon": 2.3522}]}) + "\n", encoding="utf-8")
    out = tmp_path / "pred.jsonl"
    assert invoke("parse", "--in", str(gold), "--out", str(out), "--keep-rejected"
                  ).exit_code == 0
    toponyms = json.loads(out.read_text())["toponyms"]
    assert [t["text"] for t in toponyms if t["rejected"]] == ["French"]
    scored = invoke("score", "--scheme", "coursework-ner", "--gold", str(gold),
                    "--pred", str(out), "--format", "json")
    overall = json.loads(scored.stdout)["overall"]
    assert (overall["tp"], overall["fp"]) == (1, 0)


def test_resolve_from_gold_mentions(tmp_path):
    out = tmp_path / "res.jsonl"
    assert invoke("resolve", "--gold", str(CAPTIONS), "--out", str(out),
                  "--policy", "population").exit_code == 0
    docs = [json.loads(line) for line in out.read_text().splitlines()]
    assert all(len(d["toponyms"]) == 1 for d in docs)
    scored = invoke("score", "--scheme", "coursework-geo", "--gold", str(CAPTIONS),
                    "--pred", str(out), "--format", "json")
    o = json.loads(scored.stdout)["overall"]
    assert o["tp"] + o["fn"] == 12 and o["tp"] >= 3


@pytest.mark.parametrize("command", ["parse", "resolve"])
def test_bad_line_stops_with_location_and_leaves_no_output(tmp_path, command):
    src = tmp_path / "docs.jsonl"
    src.write_text('{"id": "a", "text": "Snow in Boston."}\n{"id": "b", "text": ""}\n')
    out = tmp_path / "out.jsonl"
    flag = "--in" if command == "parse" else "--gold"
    result = invoke(command, flag, str(src), "--out", str(out))
    assert result.exit_code == 2
    assert f"{src}:2:" in result.output and "empty text" in result.output
    assert list(tmp_path.iterdir()) == [src]


def test_resolve_needs_offsets(tmp_path):
    src = tmp_path / "docs.jsonl"
    src.write_text('{"id": "a", "text": "Snow in Boston.", "toponyms": [{"text": "Boston"}]}\n')
    result = invoke("resolve", "--gold", str(src), "--out", str(tmp_path / "o.jsonl"))
    assert result.exit_code == 2 and "has no offsets" in result.output


def test_unknown_format_and_policy(tmp_path):
    out = str(tmp_path / "o")
    assert "unknown output format 'xml'" in invoke(
        "parse", "--in", str(CAPTIONS), "--out", out, "--format", "xml").output
    assert "unknown policy 'best'" in invoke(
        "resolve", "--gold", str(CAPTIONS), "--out", out, "--policy", "best").output


def test_resolve_rejects_nearest_which_needs_guides(tmp_path):
    result = invoke("resolve", "--gold", str(CAPTIONS), "--out", str(tmp_path / "o.jsonl"),
                    "--policy", "nearest")
    assert result.exit_code == 2 and "needs guide points" in result.output
    assert not (tmp_path / "o.jsonl").exists()


def test_resolve_rejects_duplicate_ids(tmp_path):
    src = tmp_path / "docs.jsonl"
    doc = {"id": "a", "text": "Snow in Boston.", "toponyms": [{"start": 8, "end": 14,
                                                               "text": "Boston"}]}
    src.write_text(json.dumps(doc) + "\n" + json.dumps(doc) + "\n")
    result = invoke("resolve", "--gold", str(src), "--out", str(tmp_path / "o.jsonl"))
    assert result.exit_code == 2
    assert f"{src}:2:" in result.output and "duplicate id" in result.output
