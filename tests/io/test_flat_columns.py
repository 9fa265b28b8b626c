"""Every flat output (CSV, Parquet, GeoPackage, GeoJSON properties, data frames) names a
toponym's document ``doc_id``, and its whole numbers come back as integers, never floats."""

import json

import pandas as pd
import pytest

from geoparser import read_toponyms, to_dataframe
from geoparser.io.toponym_records import INTEGER_COLUMNS, TOPONYM_COLUMNS
from tests.batch.test_part_formats import DOCS, join

FORMATS = ["csv", "parquet", "gpkg", "geojson"]


def _written(fmt, tmp_path):
    return join(fmt, [DOCS[:3], DOCS[3:]], tmp_path)  # d0, d3, d6 unplaced: gaps


def test_csv_geopackage_geojson_and_frames_all_name_the_document_doc_id(tmp_path):
    import geopandas as gpd

    assert TOPONYM_COLUMNS[0] == "doc_id" and "id" not in TOPONYM_COLUMNS
    assert _written("csv", tmp_path).read_text().startswith("doc_id,start,end,text,")
    assert list(gpd.read_file(_written("gpkg", tmp_path)).columns)[0] == "doc_id"
    props = json.loads(_written("geojson", tmp_path).read_text())["features"][0]["properties"]
    assert next(iter(props)) == "doc_id" and "id" not in props
    assert list(to_dataframe(DOCS).columns)[0] == "doc_id"


def test_geonameid_read_back_from_parquet_is_an_integer_not_a_float(tmp_path):
    frame = pd.read_parquet(_written("parquet", tmp_path))  # plain pandas, no helper
    assert frame["geonameid"].dtype == "Int64" and frame["population"].dtype == "Int64"
    assert frame["geonameid"].tolist()[:2] == [pd.NA, 2063523]
    assert str(frame["population"].iloc[1]) == "1896548"  # not 1896548.0


@pytest.mark.parametrize("fmt", FORMATS)
def test_read_toponyms_gives_nullable_integers_from_every_format(tmp_path, fmt):
    frame = read_toponyms(_written(fmt, tmp_path))
    for column in INTEGER_COLUMNS:
        assert frame[column].dtype == "Int64", (fmt, column)
    assert frame["geonameid"].isna().sum() == 3
    assert set(frame["geonameid"].dropna()) == {2063523}
    assert frame["doc_id"].tolist() == [f"d{i}" for i in range(7)]


def test_read_toponyms_keeps_a_country_code_na_as_text(tmp_path):
    path = tmp_path / "x.csv"
    path.write_text(",".join(TOPONYM_COLUMNS) + "\n"
                    + "d1,0,7,Namibia,GPE,,Namibia,,,NA" + "," * (len(TOPONYM_COLUMNS) - 10)
                    + "\n")
    assert read_toponyms(path)["country_code"].tolist() == ["NA"]
