"""Reading the committed extracts: headers, records, and the version that triggers rebuilds."""

import gzip
import json

import pytest

from geoparser.gazetteers import extras_source

HEADER = {"package": "demo@1.0", "attribution": "Demo data, public domain."}
ROW = {"source": "demo", "licence": "public domain", "id": "demo:1", "name": "Andorra",
       "lat": 42.5, "lon": 1.5, "fclass": "A", "fcode": "PCLI", "cc": "AD",
       "names": ["Andorre"], "demonyms": ["Andorran"]}


def write(path, rows):
    with gzip.open(path, "wt", encoding="utf-8") as f:
        for row in [HEADER, *rows]:
            f.write(json.dumps(row) + "\n")


def test_read_extract_gives_header_and_places(tmp_path):
    path = tmp_path / "demo.jsonl.gz"
    no_point = {**ROW, "id": "demo:2", "lat": None, "lon": None, "missing": ["coordinates"]}
    write(path, [ROW, no_point])
    header, places = extras_source.read_extract(path)
    assert header == HEADER
    assert places[0].names == ("Andorre",) and places[0].demonyms == ("Andorran",)
    assert places[0].has_point and not places[1].has_point
    assert places[1].missing == ("coordinates",)


@pytest.mark.parametrize(("files", "town_files", "changed"), [
    (("a", "b"), (), "b"),
    (("a",), ("t",), "t"),
])
def test_data_version_changes_with_any_file(tmp_path, monkeypatch, files, town_files, changed):
    monkeypatch.setattr(extras_source, "FILES", files)
    monkeypatch.setattr(extras_source, "TOWN_FILES", town_files)
    for name in (*files, *town_files):
        write(tmp_path / f"{name}.jsonl.gz", [ROW])
    before = extras_source.data_version.__wrapped__(tmp_path)
    write(tmp_path / f"{changed}.jsonl.gz", [{**ROW, "lat": 42.6}])
    assert extras_source.data_version.__wrapped__(tmp_path) != before


def test_a_town_record_keeps_its_population_and_a_missing_one_says_so(tmp_path, monkeypatch):
    monkeypatch.setattr(extras_source, "TOWN_FILES", ("t",))
    town = {**ROW, "id": "demo:3", "name": "Meadow Grove", "fclass": "P", "fcode": "PPL",
            "cc": "US", "admin1": "NE", "population": 301, "names": []}
    write(tmp_path / "t.jsonl.gz", [town, {**town, "id": "demo:4", "population": None}])
    records = list(extras_source.town_records(tmp_path))
    assert all(r.only_if_unnamed for r in records)
    first, second = (r.candidate for r in records)
    assert first.population == 301 and "population" not in first.missing
    assert second.population is None and "population" in second.missing


def test_committed_extracts_name_their_package_and_licence_every_record():
    for name in (*extras_source.FILES, *extras_source.TOWN_FILES):
        header, places = extras_source.read_extract(extras_source.DATA_DIR / f"{name}.jsonl.gz")
        assert "@" in header["package"] and header["attribution"]
        assert places and all(p.source and p.licence for p in places)


def test_geonames_country_points_are_the_ones_geonames_answers():
    """The points GeoNames' web service gives Canada (id 6251999) and the United States, as
    recorded in public API fixtures: neither is the Factbook's (60 N 95 W; 38 N 97 W) nor a
    centroid, so they tell GeoNames' own table from the other sources."""
    from geoparser.distance import distance_km

    header, places = extras_source.read_extract(
        extras_source.DATA_DIR / "geonames-countries.jsonl.gz")
    assert header["sha256"] == (
        "5d4d5527a51a187a06c74f8bf5be83e473240757070d5d2d747a5a9a7eaf1462")
    by_cc = {p.country_code: p for p in places}
    assert len(by_cc) == len(places) == 196
    assert distance_km(by_cc["CA"].lat, by_cc["CA"].lon, 60.10867, -113.64258) < 0.01
    assert distance_km(by_cc["US"].lat, by_cc["US"].lon, 39.76, -98.5) < 0.01
    assert all(p.licence.startswith("CC-BY-4.0") and not p.names for p in places)
