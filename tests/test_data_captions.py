"""The caption set itself: schema, offsets, coordinates, and that its guides are real places."""

import json

from geoparser.distance import distance_km
from tests.conftest import CAPTIONS


def test_twelve_captions_one_gold_toponym_each(captions):
    assert len(captions) == 12
    assert len({d.id for d in captions}) == 12
    for doc in captions:
        assert len(doc.toponyms) == 1
        t = doc.toponyms[0]
        assert doc.text[t.start:t.end] == t.text
        assert -90 <= t.lat <= 90 and -180 <= t.lon <= 180
        assert t.tolerance_km > 0 and t.geonameid


def test_dataset_default_tolerance_applies_where_no_override(captions):
    meta = json.loads((CAPTIONS / "dataset.json").read_text())
    raw = [json.loads(line) for line in (CAPTIONS / "captions.jsonl").read_text().splitlines()]
    for doc, line in zip(captions, raw, strict=True):
        own = line["toponyms"][0].get("tolerance_km")
        assert doc.toponyms[0].tolerance_km == (own or meta["default_tolerance_km"])


def test_each_guide_is_within_tolerance_of_a_gazetteer_entry_with_that_name(
    captions, offline_gazetteer
):
    for doc in captions:
        t = doc.toponyms[0]
        near = [c for c in offline_gazetteer.lookup(t.text) if c.has_point
                and distance_km(t.lat, t.lon, c.lat, c.lon) <= t.tolerance_km]
        assert near, f"{doc.id}: no {t.text!r} within {t.tolerance_km} km of the guide"
        assert t.geonameid in {c.geonameid for c in near}


def test_at_least_four_toponyms_whose_most_populous_namesake_is_elsewhere(
    captions, offline_gazetteer
):
    elsewhere = []
    for doc in captions:
        t = doc.toponyms[0]
        top = max(offline_gazetteer.lookup(t.text), key=lambda c: c.population or -1)
        if distance_km(t.lat, t.lon, top.lat, top.lon) > t.tolerance_km:
            elsewhere.append(t.text)
    assert len(elsewhere) >= 4, elsewhere
