"""Demonyms come from the committed world-countries extract: split where a string names two
peoples, left out where they are the place's own name."""

import gzip
import json

from geoparser.gazetteers.demonyms import demonyms_by_country

HEADER = {"package": "demo@1.0", "attribution": "Demo data."}


def place(cc, *demonyms, name="Demo"):
    return {"source": "demo", "licence": "ODbL-1.0", "id": f"demo:{cc}", "name": name,
            "lat": 0.0, "lon": 0.0, "fclass": "A", "fcode": "PCLI", "cc": cc,
            "demonyms": list(demonyms)}


def test_two_peoples_are_split_and_a_place_s_own_name_left_out(tmp_path):
    path = tmp_path / "wc.jsonl.gz"
    with gzip.open(path, "wt", encoding="utf-8") as f:
        for row in (HEADER, place("AG", "Antiguan, Barbudan"), place("KN", "Kittitian or Nevisian"),
                    place("TC", "Turks and Caicos Islander"), place("BV", ""),
                    place("VA", "Vatican", name="Vatican City"),
                    place("DJ", "Djibouti", name="Djibouti"),
                    place("AR", "Argentine", name="Argentina"),
                    place("CF", "Central African", name="Central African Republic")):
            f.write(json.dumps(row) + "\n")
    assert demonyms_by_country.__wrapped__(path) == {
        "AG": ("Antiguan", "Barbudan"), "KN": ("Kittitian", "Nevisian"),
        "TC": ("Turks and Caicos Islander",), "AR": ("Argentine",),
        "CF": ("Central African",)}


def test_committed_extract_covers_the_world():
    found = demonyms_by_country()
    assert found["FR"] == ("French",) and found["NZ"] == ("New Zealander",)
    assert "American" in found["US"] and len(found) > 240


def test_peoples_and_adjectives_are_told_from_places():
    from geoparser.gazetteers.demonyms import names_a_people

    for word in ("Russian", "Russians", "African", "Europeans", "Texans", "Queenslander",
                 "Chinese"):
        assert names_a_people(word), word
    for word in ("Russia", "Africa", "Texas", "Douma", "Parkland"):
        assert not names_a_people(word), word
