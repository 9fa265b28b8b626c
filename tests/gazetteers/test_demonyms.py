"""Demonyms come from the committed world-countries extract: split where a string names two
peoples, left out where they are the place's own name."""

import gzip
import json

import pytest

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


@pytest.mark.parametrize(("people", "cc"), [
    ("Czechs", "CZ"), ("Poles", "PL"), ("Swedes", "SE"), ("Danes", "DK"), ("Finns", "FI"),
    ("Spaniards", "ES"), ("Britons", "GB"), ("Brits", "GB"), ("Serbs", "RS"),
    ("Croats", "HR"), ("Saudis", "SA"),
])
def test_czechs_and_poles_are_peoples_of_their_countries(offline_gazetteer, people, cc):
    """The nouns English names a people by, where the demonym is an adjective ("Polish"), and
    "Czech"'s plural, which the rule that "French" and "Dutch" have none had withheld."""
    from geoparser.gazetteers.demonyms import names_a_people

    assert names_a_people(people)
    assert cc in {c.country_code for c in offline_gazetteer.lookup(people)
                  if c.feature_code == "PCLI"}


@pytest.mark.parametrize(("people", "admin1"), [
    ("Scottish", "SCT"), ("Scots", "SCT"), ("Welsh", "WLS"), ("Northern Irish", "NIR"),
])
def test_the_peoples_of_britain_s_nations_name_them(offline_gazetteer, people, admin1):
    from geoparser.gazetteers.demonyms import names_a_people

    assert names_a_people(people)
    assert ("GB", admin1) in {(c.country_code, c.admin1) for c in offline_gazetteer.lookup(people)
                              if c.feature_code == "ADM1"}


@pytest.mark.parametrize("name", ["Finn", "Dane", "Brit", "Scot", "Pole", "Turks", "English",
                                  "Philippines"])
def test_a_first_name_a_language_or_a_country_is_no_people(name):
    """"Finn Wolfhard", "Dane Cook", "Brit Hume": first names; "the North Pole"; "Turks" a
    tagger cuts out of "Turks and Caicos"; "English" is a language first; a country's own name
    is the place."""
    from geoparser.gazetteers.demonyms import names_a_people

    assert not names_a_people(name)


def test_english_is_england_though_no_rule_calls_it_a_people(offline_gazetteer):
    """A recogniser's "English" is England (it had been English, Indiana); "in English" is
    a language, so no rule adds it (``LANGUAGE_FIRST``)."""
    from geoparser.gazetteers.demonyms import names_a_people

    assert not names_a_people("English")
    assert ("GB", "ENG") in {(c.country_code, c.admin1) for c in offline_gazetteer.lookup("English")
                             if c.feature_code == "ADM1"}


@pytest.mark.parametrize(("people", "region"), [
    ("Abkhaz", "Abkhazia"), ("Abkhazians", "Abkhazia"), ("Chechens", "Chechnya"),
    ("Catalan", "Catalonia"), ("South Ossetian", "South Ossetia"),
    ("South Ossetians", "South Ossetia"),
])
def test_a_region_s_people_is_a_people_found_at_its_region(offline_gazetteer, people, region):
    """The peoples of regions that are no country: demonyms, as "Georgian" is, and placed at
    their region as a country's demonym is at the country."""
    from geoparser.gazetteers.demonyms import names_a_people
    from geoparser.gazetteers.english_names import REGION_PEOPLES

    assert names_a_people(people) and people in REGION_PEOPLES[region]
    assert offline_gazetteer.lookup(people), people


@pytest.mark.parametrize("name", ["Ossetia", "Chechnya", "Catalonia", "South"])
def test_a_region_s_own_name_is_no_people(name):
    from geoparser.gazetteers.demonyms import names_a_people

    assert not names_a_people(name)
