"""`toposcope map RESULT` and `parse --map`: a self-contained offline map of any result;
unplaced toponyms listed beside it and kept in GeoJSON as null geometry."""

import json
import re

import geojson
from typer.testing import CliRunner

from geoparser.cli.main import app
from tests.conftest import CAPTIONS

runner = CliRunner()


def _data(html: str) -> dict:
    match = re.search(r'<script id="toposcope-data" type="application/json">(.*?)</script>',
                      html, re.S)
    assert match
    return json.loads(match.group(1))


def _assert_offline(html: str) -> None:
    # nothing loaded from the web (a plain link, like Leaflet's credit, loads nothing)
    assert not re.search(r'src="https?://|<link[^>]*href="https?://|url\(["\']?https?://', html)
    assert "Leaflet 1.9.4" in html  # inlined, not linked
    assert '"tiles": null' in html


def _predictions(tmp_path):
    pred = tmp_path / "pred.jsonl"
    pred.write_text(
        json.dumps({"id": "c01", "toponyms": [
            {"start": 32, "end": 38, "text": "Whitby", "lat": 54.486, "lon": -0.615,
             "geonameid": 2634135, "n_candidates": 2, "candidates": [
                 {"name": "Whitby", "lat": 54.486, "lon": -0.615, "population": 13213},
                 {"name": "Whitby", "lat": 43.88, "lon": -78.94, "population": 128377}]}]})
        + "\n"
        + json.dumps({"id": "c02", "toponyms": [
            {"start": 44, "end": 50, "text": "Boston", "lat": 42.358, "lon": -71.06}]}) + "\n"
        + json.dumps({"id": "c03", "toponyms": [{"start": 49, "end": 57, "text": "Richmond"}]})
        + "\n"
    )
    return pred


def test_map_command_draws_gold_errors_and_unplaced(tmp_path):
    out = tmp_path / "map.html"
    result = runner.invoke(app, ["map", str(_predictions(tmp_path)), "--gold", str(CAPTIONS),
                                 "--in", str(CAPTIONS / "captions.jsonl"), "--out", str(out)])
    assert result.exit_code == 0, result.output
    html = out.read_text()
    _assert_offline(html)
    points = {p["doc_id"]: p for p in _data(html)["points"]}
    assert points["c01"]["verdict"] == "TP" and points["c01"]["error_km"] < 1
    assert points["c02"]["verdict"] == "FP" and points["c02"]["error_km"] > 5000
    assert len(points["c01"]["candidates"]) == 2
    assert "»Whitby«" in points["c01"]["context"]
    aside = html[html.index('<aside id="unplaced">'):html.index("</aside>")]
    assert "Richmond" in aside  # recognised, not placed
    assert "not recognised" in aside  # gold toponyms the result missed (c04..c12)
    legend = {item["label"] for item in _data(html)["legend"]}
    assert {"gold (guide) point", "tolerance circle"} <= legend


def test_map_reads_geojson_with_null_geometry(tmp_path):
    fc = {"type": "FeatureCollection", "features": [
        {"type": "Feature", "geometry": {"type": "Point", "coordinates": [-9.05, 53.27]},
         "properties": {"doc_id": "d1", "text": "Galway", "name": "Galway",
                        "reason": "most populous of 3"}},
        {"type": "Feature", "geometry": None,
         "properties": {"doc_id": "d1", "text": "Qwxzzyland", "reason": "no candidates"}}]}
    src = tmp_path / "r.geojson"
    src.write_text(json.dumps(fc))
    out = tmp_path / "m.html"
    assert runner.invoke(app, ["map", str(src), "--out", str(out)]).exit_code == 0
    html = out.read_text()
    _assert_offline(html)
    (point,) = _data(html)["points"]
    assert point["reason"] == "most populous of 3" and point["name"] == "Galway"
    assert "Qwxzzyland" in html[html.index('<aside id="unplaced">'):]


def test_map_of_bad_result_is_one_line_and_exit_2(tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "a", "toponyms": [{"text": "X", "lat": 95, "lon": 0}]}\n')
    result = runner.invoke(app, ["map", str(bad), "--out", str(tmp_path / "m.html")])
    assert result.exit_code == 2
    assert "bad.jsonl:1: point (95.0, 0.0) is out of range" in result.output
    assert not (tmp_path / "m.html").exists()


def test_map_tiles_are_off_unless_asked(tmp_path):
    out = tmp_path / "m.html"
    assert runner.invoke(app, ["map", str(_predictions(tmp_path)), "--out", str(out),
                               "--tiles"]).exit_code == 0
    assert _data(out.read_text())["config"]["tiles"]["url"].startswith("https://")


def test_parse_map_writes_a_map_and_geojson_keeps_unplaced(tmp_path):
    out, html = tmp_path / "pred.geojson", tmp_path / "map.html"
    result = runner.invoke(app, ["parse", "--in", str(CAPTIONS), "--out", str(out),
                                 "--format", "geojson", "--map", str(html)])
    assert result.exit_code == 0, result.output
    obj = geojson.loads(out.read_text())
    assert obj.is_valid, obj.errors()
    page = html.read_text()
    _assert_offline(page)
    placed = [f for f in obj["features"] if f["geometry"] is not None]
    assert len(_data(page)["points"]) == len(placed)
    assert all(p["context"] for p in _data(page)["points"])  # texts read back from --in


def test_parse_map_refuses_parquet_output(tmp_path):
    result = runner.invoke(app, ["parse", "--in", str(CAPTIONS), "--out",
                                 str(tmp_path / "p.parquet"), "--format", "parquet",
                                 "--map", str(tmp_path / "m.html")])
    assert result.exit_code == 2 and "--map" in result.output


def test_map_reads_geojson_with_a_byte_order_mark(tmp_path):
    src = tmp_path / "r.geojson"
    fc = {"type": "FeatureCollection", "features": [
        {"type": "Feature", "geometry": {"type": "Point", "coordinates": [-9.05, 53.27]},
         "properties": {"doc_id": "d1", "text": "Galway"}}]}
    src.write_bytes(b"\xef\xbb\xbf" + json.dumps(fc).encode())
    result = runner.invoke(app, ["map", str(src), "--out", str(tmp_path / "m.html")])
    assert result.exit_code == 0, result.output


def test_map_out_equal_to_result_is_refused(tmp_path):
    pred = _predictions(tmp_path)
    before = pred.read_bytes()
    result = runner.invoke(app, ["map", str(pred), "--out", str(pred)])
    assert result.exit_code == 2 and pred.read_bytes() == before


def test_parse_map_to_stdout_output_is_refused(tmp_path):
    result = runner.invoke(app, ["parse", "--in", str(CAPTIONS), "--out", "-", "--format",
                                 "jsonl", "--map", str(tmp_path / "m.html")])
    assert result.exit_code == 2 and "--map" in result.output
