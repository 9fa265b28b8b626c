"""GIS outputs (the ``geo`` extra): ``to_geodataframe``, ``parse --out x.gpkg`` and GeoParquet,
each a Point per placed toponym in EPSG:4326 and no geometry for an unplaced one; without the
extra, one line naming what to install and exit 2."""

import json

import geopandas as gpd
import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from geoparser import Geoparser, to_geodataframe
from geoparser.batch import part_formats
from geoparser.cli.main import app
from geoparser.errors import UsageError
from geoparser.io import geo
from geoparser.io.toponym_records import TOPONYM_COLUMNS
from geoparser.model import Candidate, Document, Mention, ParsedDocument, Resolution
from geoparser.resolution.focus import document_focus

runner = CliRunner()
TEXTS = ["Floods hit Austin and Dallas, Texas after the storm in Austin.",
         "Nothing to see here.", "Ferries from Galway to Qwxzzyland."]


def parsed_by_hand():
    """Austin placed, Qwxzzyland not: the two kinds of row."""
    austin = Candidate("geonames", "4671654", "Austin", 30.26715, -97.74306, geonameid=4671654,
                       country_code="US", admin1="TX", feature_class="P", feature_code="PPL")
    text = "Austin or Qwxzzyland"
    res = [Resolution(Mention(0, 6, "Austin", "GPE"), austin, 1, "test", "the only one"),
           Resolution(Mention(10, 20, "Qwxzzyland", "GPE"), None, 0, "test", "no candidate")]
    return ParsedDocument(Document("h", text), [r.mention for r in res], res,
                          document_focus(res))


def test_to_geodataframe_is_points_in_epsg_4326_and_keeps_unplaced_rows():
    frame = to_geodataframe(parsed_by_hand())
    assert isinstance(frame, gpd.GeoDataFrame) and frame.crs == "EPSG:4326"
    assert frame.crs.to_epsg() == 4326
    austin, nowhere = frame.itertuples()
    assert (austin.geometry.x, austin.geometry.y) == (-97.74306, 30.26715)  # lon, lat
    assert nowhere.geometry is None and nowhere.text == "Qwxzzyland"
    assert austin.focus_city == "Austin" and austin.focus_city_share == 1.0  # 1 of 1 placed
    assert list(frame.columns) == ["doc_id" if c == "id" else c for c in TOPONYM_COLUMNS] + [
        "geometry"]


def test_to_geodataframe_of_several_parsed_documents(offline_gazetteer):
    gp = Geoparser(ner="gazetteer", gazetteer=offline_gazetteer, policy="context")
    frame = to_geodataframe(gp.parse(TEXTS))
    assert set(frame["doc_id"]) == {"0", "2"}  # a document without toponyms has no row
    placed = frame[frame.geometry.notna()]
    assert (placed.geometry.y == placed["lat"]).all() and (placed.geometry.x == placed["lon"]).all()


@pytest.fixture(scope="module")
def docs_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("geo") / "docs.jsonl"
    path.write_text("".join(json.dumps({"id": f"d{i}", "text": t}) + "\n"
                            for i, t in enumerate(TEXTS)))
    return path


def parse(docs_file, out, *more):
    return runner.invoke(app, ["-q", "parse", "--in", str(docs_file), "--out", str(out),
                               "--ner", "gazetteer", "--policy", "context", *more])


@pytest.fixture(scope="module")
def csv_rows(docs_file, tmp_path_factory):
    import csv

    out = tmp_path_factory.mktemp("csv") / "out.csv"
    assert parse(docs_file, out).exit_code == 0
    with out.open(newline="") as fh:
        return list(csv.DictReader(fh))


def test_a_geopackage_reads_back_with_geopandas_as_the_csv_rows(docs_file, csv_rows, tmp_path):
    out = tmp_path / "places.gpkg"
    result = parse(docs_file, out, "--chunk-size", "1")  # several parts, appended in order
    assert result.exit_code == 0, result.output
    frame = gpd.read_file(out, layer=geo.GPKG_LAYER)
    assert frame.crs.to_epsg() == 4326
    assert list(frame["text"]) == [r["text"] for r in csv_rows]
    assert list(frame.columns) == [*TOPONYM_COLUMNS, "geometry"]
    for row, (_, f) in zip(csv_rows, frame.iterrows(), strict=True):
        if row["lat"]:
            assert (f.geometry.y, f.geometry.x) == (float(row["lat"]), float(row["lon"]))
        else:
            assert f.geometry is None
    assert set(frame["focus_admin1"].dropna()) == {"Texas", "Connacht"}  # Galway is in Connacht
    assert not list(tmp_path.glob(".*"))  # no temporary file left beside it


def test_geoparquet_reads_back_with_geopandas_and_stays_flat_parquet(docs_file, csv_rows,
                                                                     tmp_path):
    out = tmp_path / "places.parquet"
    assert parse(docs_file, out).exit_code == 0
    frame = gpd.read_parquet(out)
    assert frame.crs.to_epsg() == 4326 and frame.geometry.name == "geometry"
    assert list(frame["text"]) == [r["text"] for r in csv_rows]
    placed = frame[frame.geometry.notna()]
    assert len(placed) == sum(1 for r in csv_rows if r["lat"])
    assert (placed.geometry.x == placed["lon"]).all()
    geo_meta = json.loads(pq.read_schema(out).metadata[b"geo"])
    assert geo_meta["primary_column"] == "geometry"
    assert geo_meta["columns"]["geometry"]["encoding"] == "WKB"
    table = pq.read_table(out)  # still plain Parquet to any reader: the same columns first
    assert tuple(table.column_names[:-1]) == TOPONYM_COLUMNS


def test_without_the_extra_parquet_is_plain_as_before(docs_file, tmp_path, monkeypatch):
    monkeypatch.setattr(part_formats, "have_geopandas", lambda: False)
    out = tmp_path / "plain.parquet"
    assert parse(docs_file, out).exit_code == 0
    schema = pq.read_schema(out)
    assert tuple(schema.names) == TOPONYM_COLUMNS and b"geo" not in (schema.metadata or {})


def _no_geopandas(monkeypatch):
    """Imports of geopandas fail, as where the extra is not installed."""
    import builtins

    real_import = builtins.__import__

    def fake_import(name, *args, **kwargs):
        if name.split(".")[0] in ("geopandas", "pyogrio", "shapely"):
            raise ImportError(f"No module named {name!r}")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", fake_import)


def test_a_geopackage_without_the_extra_is_one_line_naming_the_install(docs_file, tmp_path,
                                                                       monkeypatch):
    _no_geopandas(monkeypatch)
    out = tmp_path / "places.gpkg"
    result = parse(docs_file, out)
    assert result.exit_code == 2
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert lines == ["toposcope: error: GeoPackage output needs geopandas: "
                     "pip install 'toposcope[geo]'"]
    assert not out.exists() and not list(tmp_path.iterdir())


def test_to_geodataframe_without_the_extra_says_what_to_install(monkeypatch):
    _no_geopandas(monkeypatch)
    with pytest.raises(UsageError, match=r"pip install 'toposcope\[geo\]'"):
        to_geodataframe(parsed_by_hand())


def test_gpkg_is_named_by_its_extension_and_refused_with_candidates(docs_file, tmp_path):
    result = parse(docs_file, tmp_path / "x.gpkg", "--with-candidates")
    assert result.exit_code == 2 and "--with-candidates writes JSONL" in result.output
    result = parse(docs_file, tmp_path / "x.gpkg", "--format", "csv")
    assert result.exit_code == 2 and "does not match the file name" in result.output
