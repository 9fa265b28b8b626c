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
    unplaced = [f for f in fc["features"] if f["geometry"] is None]
    assert len(unplaced) == fc["unresolved"]


def test_parse_accepts_a_list_of_strings_not_only_one(gp):
    """`Geoparser().parse([...])` used to pass the list to spaCy as one text and fail there."""
    docs = gp.parse(["Boats at Galway.", "From Paris to Tokyo."])
    assert [d.document.id for d in docs] == ["0", "1"]
    assert [[r.mention.text for r in d.resolutions] for d in docs] == [
        ["Galway"], ["Paris", "Tokyo"]]


def test_parse_accepts_documents_and_generators(gp):
    docs = gp.parse(Document(f"d{i}", t) for i, t in enumerate(["Rain in Oslo.", "Sun."]))
    assert [d.document.id for d in docs] == ["d0", "d1"]
    one = gp.parse(Document("x", "Snow in Oslo."))
    assert one.document.id == "x" and one.resolutions[0].candidate.country_code == "NO"
    with pytest.raises(TypeError, match="item 1 is a int"):
        gp.parse(["Oslo", 3])
    with pytest.raises(TypeError, match="not bytes"):
        gp.parse(b"Oslo")


def test_results_have_to_dict_that_json_dumps_takes(gp):
    doc = gp.parse("We flew from Paris to Qwxzzyland.")
    data = json.loads(json.dumps(doc.to_dict()))
    assert data["id"] == "0" and data["text"].startswith("We flew")
    paris = data["toponyms"][0]
    assert paris["text"] == "Paris" and paris["place"]["country_code"] == "FR"
    # the first-level area and country in words, as JSONL, CSV and DataFrames give them
    assert paris["place"]["admin1"] == "Île-de-France" and paris["place"]["country"] == "France"
    assert paris["place"]["admin1_code"] == "11" and "admin1_name" not in paris["place"]
    assert paris["place"]["lat"] == pytest.approx(48.85, abs=0.1)
    assert paris["policy"] == "population" and paris["reason"]
    assert "candidates" not in paris
    full = json.loads(json.dumps(doc.to_dict(with_candidates=True)))
    assert len(full["toponyms"][0]["candidates"]) == paris["n_candidates"] > 1


def test_to_geojson_keeps_unplaced_toponyms_with_null_geometry(gp):
    doc = gp.parse("Ferries from Galway to Qwxzzyland.")
    assert [r.candidate is None for r in doc.resolutions] == [False, True]
    fc = doc.to_geojson()
    obj = geojson.loads(json.dumps(fc))
    assert obj.is_valid, obj.errors()
    texts = {f["properties"]["text"]: f["geometry"] for f in fc["features"]}
    assert texts["Galway"]["coordinates"][0] < 0  # longitude first
    assert all(m.text in texts for m in doc.mentions)
    unplaced = [f for f in fc["features"] if f["geometry"] is None]
    assert len(unplaced) == sum(1 for r in doc.resolutions if r.candidate is None)


def test_a_policy_that_needs_guides_without_any_is_an_error(offline_gazetteer):
    from geoparser.errors import UsageError

    gp = Geoparser(gazetteer=offline_gazetteer, policy="nearest")
    with pytest.raises(UsageError, match="needs a guide point"):
        gp.parse("Autumn colours in Perth")
    with pytest.raises(UsageError, match="needs a guide point"):
        gp.parse(["Autumn colours in Perth"])
    docs = gp.parse([Document("p", "Autumn colours in Perth")], guide={"p": (-31.9, 115.9)})
    assert docs[0].resolutions[0].candidate.country_code == "AU"


def test_unplaced_toponym_is_a_feature_with_null_geometry():
    from geoparser.model import Document, Mention, ParsedDocument, Resolution

    m = Mention(10, 20, "Qwxzzyland", "GPE")
    doc = ParsedDocument(Document("d1", "A trip to Qwxzzyland."), [m],
                         [Resolution(m, None, 0, "population", "no candidates")])
    fc = feature_collection([doc])
    (feature,) = fc["features"]
    assert feature["geometry"] is None and feature["properties"]["text"] == "Qwxzzyland"
    assert feature["properties"]["reason"] == "no candidates" and fc["unresolved"] == 1
    assert geojson.loads(json.dumps(fc)).is_valid


def test_parse_a_collection_lends_lone_texts_its_places(offline_gazetteer):
    gp = Geoparser(ner="gazetteer", gazetteer=offline_gazetteer)
    texts = ["Fishing boats in the harbour at Whitby", "Buskers in Galway",
             "Houses at Portree", "The castle at Kilkenny"]
    assert gp.parse(texts)[0].resolutions[0].candidate.country_code == "CA"
    together = gp.parse(texts, collection=True)
    assert together[0].resolutions[0].candidate.country_code == "GB"


def test_two_geoparsers_with_different_point_conventions_live_side_by_side(offline_gazetteer):
    """The point convention is the geoparser's own (a constructor argument), not a setting of
    the process: Canada is at GeoNames' point in one and at the Factbook's in the other,
    whichever ran first, and again after the other ran."""
    from geoparser.distance import distance_km

    geonames = Geoparser(ner="gazetteer", gazetteer=offline_gazetteer, points="geonames")
    factbook = Geoparser(ner="gazetteer", gazetteer=offline_gazetteer, points="factbook")
    assert (geonames.points, factbook.points) == ("geonames", "factbook")

    def canada(gp):
        (t,) = [r.candidate for r in gp.parse("Snow across Canada.").resolutions]
        return t.lat, t.lon

    for _ in range(2):
        assert distance_km(*canada(geonames), 60.10867, -113.64258) < 1
        assert distance_km(*canada(factbook), 60.0, -95.0) < 5


def test_an_unknown_point_convention_is_refused(offline_gazetteer):
    from geoparser.errors import UsageError

    with pytest.raises(UsageError, match="unknown point convention 'wikipedia'"):
        Geoparser(ner="gazetteer", gazetteer=offline_gazetteer, points="wikipedia")


def test_documents_recognised_apart_and_resolved_together_are_parsed_as_one(offline_gazetteer):
    """A corpus recognised a part at a time (each part by the tagger that never saw it) and
    resolved together gets its papers' home regions from all their stories, as one ``parse``
    does: the synthetic St. Cloud paper's "Albany driver" is in Minnesota only then."""
    from geoparser.pipeline import recognise

    paper = "St. Cloud Times (synthetic)"
    texts = ["Sartell and Sauk Centre schools share a new bus contract.",
             "Holdingford fire crews helped in Stearns County on Sunday.",
             "Detroit Lakes and Staples teams meet on Friday.",
             "An Albany driver was hurt in a crash on the highway."]
    docs = [Document(f"s{i}", t, source=paper) for i, t in enumerate(texts)]
    gp = Geoparser(ner="en_core_web_sm", gazetteer=offline_gazetteer)
    whole = gp.parse_documents(docs)
    parts = recognise(gp.recogniser, docs[:2]) + recognise(gp.recogniser, docs[2:])
    together = gp.resolve_documents(parts)
    assert [p.to_dict() for p in together] == [p.to_dict() for p in whole]
    (albany,) = together[-1].resolutions
    assert albany.candidate.admin1 == "MN"
    (apart,) = gp.resolve_documents(parts[2:])[-1].resolutions
    assert apart.candidate.admin1 != "MN"
