"""``toposcope map`` draws the CSV, Parquet and GeoPackage ``parse`` writes, as it draws its
JSONL: the same toponyms, points, reasons and rejected spans."""

from __future__ import annotations

import pytest

from evaluation.reports.map_inputs import read_result
from geoparser.io.geo import have_geopandas
from tests.cli.hostile import assert_refused, invoke, write_jsonl

TEXTS = [{"id": "1", "text": "Floods hit Galway and Cork after the storm crossed Ireland."},
         {"id": "2", "text": "=cmd|' /C calc'!A0 met officials in Kibera, Nairobi."}]


@pytest.fixture(scope="module")
def jsonl(tmp_path_factory):
    folder = tmp_path_factory.mktemp("tables")
    source = write_jsonl(folder / "in.jsonl", *TEXTS)
    out = folder / "out.jsonl"
    done = invoke("parse", "--in", source, "--out", out, "--keep-rejected")
    assert done.exit_code == 0, done.output
    return source, out


def _seen(path):
    return [(t.doc_id, t.text, t.start, t.end, t.lat, t.lon, t.reason, t.confidence,
             t.rejected, t.rejection) for t in read_result(path)]


@pytest.mark.parametrize("suffix", [
    ".csv", ".parquet",
    pytest.param(".gpkg", marks=pytest.mark.skipif(not have_geopandas(),
                                                    reason="the geo extra"))])
def test_map_draws_the_table_parse_wrote_as_it_draws_its_jsonl(jsonl, tmp_path, suffix):
    pytest.importorskip("pyarrow")
    source, out = jsonl
    table = tmp_path / f"out{suffix}"
    done = invoke("parse", "--in", source, "--out", table, "--keep-rejected")
    assert done.exit_code == 0, done.output
    assert _seen(table) == _seen(out)
    assert any(t[-2] for t in _seen(table))  # a rejected span comes through as rejected
    page = tmp_path / "map.html"
    drawn = invoke("map", table, "--out", page)
    assert drawn.exit_code == 0, drawn.output
    assert "Galway" in page.read_text(encoding="utf-8")


def test_a_csv_that_parse_did_not_write_is_one_line(tmp_path):
    other = tmp_path / "other.csv"
    other.write_text("a,b\n1,2\n", encoding="utf-8")
    assert_refused(invoke("map", other, "--out", tmp_path / "m.html"), "no doc_id, text column")
    assert not (tmp_path / "m.html").exists()


def test_csv_for_excel_starts_with_a_byte_order_mark_and_is_the_csv_otherwise(jsonl, tmp_path):
    source, out = jsonl
    plain, excel = tmp_path / "plain.csv", tmp_path / "excel.csv"
    assert invoke("parse", "--in", source, "--out", plain).exit_code == 0
    done = invoke("parse", "--in", source, "--out", excel, "--format", "csv-excel")
    assert done.exit_code == 0, done.output
    assert excel.read_bytes() == b"\xef\xbb\xbf" + plain.read_bytes()
    assert _seen(excel) == _seen(plain)  # map reads it as the plain CSV
