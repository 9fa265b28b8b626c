"""The Python API, DataFrame conversion and GeoJSON output (validated with `geojson`)."""

import json

import geojson
import pytest

from geoparser import Geoparser, to_dataframe
from geoparser.io.geojson import feature_collection
from geoparser.model import Document


@pytest.fixture(scope="module")
def gp(offline_gazetteer):
    return Geoparser(ner="en_core_web_sm", gazetteer=offline_gazetteer, policy="population")


def test_parse_one_text(gp):
    doc = gp.parse("We flew from Paris to Tokyo.")
    assert [(r.mention.text, r.candidate.country_code) for r in doc.resolutions] == [
        ("Paris", "FR"),
        ("Tokyo", "JP"),
    ]


def test_parse_many_and_dataframe(gp):
    docs = gp.parse_many(["Boats at Galway.", "", "From Paris to Tokyo."])
    df = to_dataframe(docs)
    assert list(df["doc_id"]) == ["0", "2", "2"]
    assert list(df["text"]) == ["Galway", "Paris", "Tokyo"]
    assert {"lat", "lon", "geonameid", "reason", "n_candidates"} <= set(df.columns)
    assert to_dataframe([]).empty


def test_guided_parse_with_nearest_policy(offline_gazetteer):
    gp = Geoparser(gazetteer=offline_gazetteer, policy="nearest")
    doc = gp.parse("Autumn colours along the riverside path in Perth", guide=(56.4, -3.4))
    assert doc.resolutions[0].candidate.country_code == "GB"


def test_geojson_is_valid_rfc7946_with_lon_lat_order(gp):
    parsed = gp.parse_documents([Document("d1", "Lanterns in Kyoto at dusk.")])
    fc = feature_collection(parsed, {"d1": (35.0, 135.7)})
    obj = geojson.loads(json.dumps(fc))
    assert obj.is_valid, obj.errors()
    (feature,) = [f for f in fc["features"] if f["properties"]["text"] == "Kyoto"]
    lon, lat = feature["geometry"]["coordinates"]
    assert 135 < lon < 136 and 34 < lat < 36
    props = feature["properties"]
    assert props["text"] == "Kyoto" and props["policy"] == "population"
    assert props["geonameid"] == 1857910 and props["distance_km"] < 10
    assert "crs" not in fc


def test_geojson_counts_unresolved(gp):
    fc = feature_collection(gp.parse_many(["A trip to Qwxzzyland."]))
    assert fc["features"] == [] or all(f["geometry"] for f in fc["features"])
