"""Real answers recorded by other projects (shared/corpora/http_fixtures) go through the full
web-gazetteer stack -- geopy, the cache, our parser -- and every record comes out as a
candidate. Skipped when the shared folder is absent; nothing is copied into the project."""

import json

import pytest
import yaml

from geoparser.gazetteers.web.geonames import GeoNamesGazetteer
from geoparser.gazetteers.web.nominatim import NominatimGazetteer
from tests.conftest import SHARED
from tests.web_support.vcr_config import make_vcr

FIXTURES = SHARED / "corpora" / "http_fixtures"
MANIFEST = FIXTURES / "MANIFEST.json"
URIS = {
    "geonames": "http://api.geonames.org/searchJSON?q=fixture&maxRows=100",
    "nominatim": "https://nominatim.openstreetmap.org/search?q=fixture&format=jsonv2&limit=40"
                 "&addressdetails=1&extratags=True",
}


def _entries() -> list[str]:
    if not MANIFEST.exists():
        return []
    return [e["file"] for e in json.loads(MANIFEST.read_text(encoding="utf-8"))]


def _body(name: str) -> str:
    """The raw body; a Ruby VCR cassette's body is the ``_0.body.json`` file beside it."""
    path = FIXTURES / name
    if path.suffix == ".yml":
        path = path.with_name(path.stem + "_0.body.json")
    return path.read_text(encoding="utf-8")


@pytest.mark.skipif(not MANIFEST.exists(), reason="shared/corpora/http_fixtures is absent")
@pytest.mark.parametrize("name", _entries())
def test_real_answer_parses_to_one_candidate_per_record(name, tmp_path, web_config,
                                                        fake_clock):
    service = name.split("/")[0]
    body = _body(name)
    cassette = {"version": 1, "interactions": [{
        "request": {"body": None, "headers": {}, "method": "GET", "uri": URIS[service]},
        "response": {"body": {"string": body}, "status": {"code": 200, "message": "OK"},
                     "headers": {"Content-Type": ["application/json; charset=utf-8"]}}}]}
    (tmp_path / "fixture.yaml").write_text(yaml.safe_dump(cassette), encoding="utf-8")
    gazetteer = (GeoNamesGazetteer if service == "geonames" else NominatimGazetteer)(web_config)
    with make_vcr("none", tmp_path).use_cassette("fixture.yaml"):
        found = gazetteer.lookup("fixture")
    doc = json.loads(body)
    records = doc["geonames"] if service == "geonames" else doc
    assert len(found) == len(records)
    for c, raw in zip(found, records, strict=True):
        assert c.source == service and c.name
        assert c.lat == float(raw["lat"])
        assert c.lon == float(raw["lng" if service == "geonames" else "lon"])
        if service == "geonames":
            assert c.geonameid == int(raw["geonameId"])
            assert c.feature_code == raw.get("fcode") and c.country_code == raw.get("countryCode")
        else:
            osm = f"osm:{raw['osm_type']}/{raw['osm_id']}" if raw.get("osm_id") else None
            assert c.source_id == (osm or f"nominatim-place:{raw['place_id']}")
            assert c.feature_class == (raw.get("category") or raw.get("class"))
    assert web_config.cache_path.exists()  # a real answer is cacheable


def test_manifest_lists_empty_answers_and_string_coordinates():
    if not MANIFEST.exists():
        pytest.skip("shared/corpora/http_fixtures is absent")
    bodies = [json.loads(_body(name)) for name in _entries()]
    assert any(b == [] or b == {"totalResultsCount": 0, "geonames": []} for b in bodies)
    assert any(isinstance(b, list) and b and "osm_id" not in b[0] for b in bodies)
