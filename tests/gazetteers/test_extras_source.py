"""Reading the committed extracts: headers, records, and the version that triggers rebuilds."""

import gzip
import json

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


def test_data_version_changes_with_any_file(tmp_path, monkeypatch):
    monkeypatch.setattr(extras_source, "FILES", ("a", "b"))
    write(tmp_path / "a.jsonl.gz", [ROW])
    write(tmp_path / "b.jsonl.gz", [ROW])
    before = extras_source.data_version.__wrapped__(tmp_path)
    write(tmp_path / "b.jsonl.gz", [{**ROW, "lat": 42.6}])
    assert extras_source.data_version.__wrapped__(tmp_path) != before


def test_committed_extracts_name_their_package_and_licence_every_record():
    for name in extras_source.FILES:
        header, places = extras_source.read_extract(extras_source.DATA_DIR / f"{name}.jsonl.gz")
        assert "@" in header["package"] and header["attribution"]
        assert places and all(p.source and p.licence for p in places)
