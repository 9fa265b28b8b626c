"""Streets and buildings with no gazetteer entry, placed at their town."""

from dataclasses import replace

from geoparser.model import Candidate, Mention, Resolution
from geoparser.places import place_fields
from geoparser.resolution.facilities import place_facilities


def _town(name, lat, lon, gid):
    return Candidate(source="geonames", source_id=str(gid), name=name, lat=lat, lon=lon,
                     geonameid=gid, country_code="US", admin1="LA", feature_class="P",
                     feature_code="PPL", population=100_000, admin1_name="Louisiana",
                     country_name="United States")


NEW_ORLEANS = _town("New Orleans", 29.95, -90.08, 4335045)
LAFAYETTE = _town("Lafayette", 30.22, -92.02, 4330145)


def _placed(text, start, town):
    return Resolution(Mention(start, start + len(text), text, "TOPONYM"), town, 1, "context",
                      "the only place", confidence=0.9)


def _unplaced(text, start):
    return Resolution(Mention(start, start + len(text), text, "TOPONYM"), None, 0, "context",
                      "no candidate in the gazetteer")


def test_royal_street_in_a_new_orleans_story_is_placed_in_new_orleans():
    out = place_facilities([_placed("New Orleans", 0, NEW_ORLEANS),
                            _unplaced("Royal Street", 20),
                            _placed("New Orleans", 40, NEW_ORLEANS),
                            _placed("Lafayette", 60, LAFAYETTE)])
    street = out[1]
    assert (street.candidate.lat, street.candidate.lon) == (29.95, -90.08)
    fields = place_fields(street.candidate)
    assert fields["kind"] == "street" and fields["name"] == "Royal Street"
    assert fields["admin1"] == "Louisiana" and fields["geonameid"] is None
    assert fields["population"] is None and street.confidence == 0.9  # New Orleans'
    assert street.reason == ("a street with no gazetteer entry, placed at the town the "
                             "document names most: New Orleans")
    assert "coordinates" in street.candidate.derived
    assert out[0] is not street and out[3].candidate is LAFAYETTE  # the others unchanged


def test_a_street_placed_at_its_town_carries_the_town_s_best_confidence():
    """The street's point is right exactly when its town's is: its confidence is the best
    the document's mentions of that town have, and the other towns' do not count."""
    doubtful = replace(_placed("New Orleans", 40, NEW_ORLEANS), confidence=0.6)
    surer_elsewhere = replace(_placed("Lafayette", 60, LAFAYETTE), confidence=0.99)
    out = place_facilities([replace(_placed("New Orleans", 0, NEW_ORLEANS), confidence=0.8),
                            _unplaced("Royal Street", 20), doubtful, surer_elsewhere])
    assert out[1].confidence == 0.8


def test_a_street_whose_town_has_no_confidence_has_none():
    out = place_facilities([replace(_placed("New Orleans", 0, NEW_ORLEANS), confidence=None),
                            _unplaced("Royal Street", 20)])
    assert out[1].candidate is not None and out[1].confidence is None


def test_a_building_named_after_a_town_of_the_story_is_placed_there():
    out = place_facilities([_placed("New Orleans", 0, NEW_ORLEANS),
                            _placed("New Orleans", 20, NEW_ORLEANS),
                            _placed("Lafayette", 40, LAFAYETTE),
                            _unplaced("Lafayette General Hospital", 60)])
    assert out[3].candidate.lat == LAFAYETTE.lat
    assert out[3].reason.startswith("a hospital with no gazetteer entry, placed at the town "
                                    "named in it: Lafayette")


def test_a_building_after_a_town_s_possessive_is_placed_at_that_town():
    """"Lafayette's Cajundome" in a story that names New Orleans most: the possessive says
    whose building it is."""
    text = "New Orleans and New Orleans again; then Lafayette's Cajundome Arena hosted it."
    at = text.index("Cajundome")
    out = place_facilities([_placed("New Orleans", 0, NEW_ORLEANS),
                            _placed("New Orleans", 16, NEW_ORLEANS),
                            _placed("Lafayette", at - 12, LAFAYETTE),
                            _unplaced("Cajundome Arena", at)], text)
    assert out[3].candidate.lat == LAFAYETTE.lat
    assert out[3].reason.endswith("placed at the town named before it: Lafayette's")


def test_without_the_text_or_a_possessive_the_focus_town_is_used():
    text = "New Orleans and New Orleans again; then Lafayette and the Cajundome Arena."
    at = text.index("Cajundome")
    found = [_placed("New Orleans", 0, NEW_ORLEANS), _placed("New Orleans", 16, NEW_ORLEANS),
             _placed("Lafayette", text.index("Lafayette"), LAFAYETTE),
             _unplaced("Cajundome Arena", at)]
    assert place_facilities(found, text)[3].candidate.lat == NEW_ORLEANS.lat
    assert place_facilities(found)[3].candidate.lat == NEW_ORLEANS.lat


def test_an_airport_is_an_airport():
    out = place_facilities([_placed("New Orleans", 0, NEW_ORLEANS),
                            _unplaced("Lakefront Airport", 20)])
    assert out[1].reason.startswith("an airport")


def test_with_no_town_in_the_story_a_street_stays_unplaced():
    state = Candidate(source="geonames", source_id="1", name="Louisiana", lat=31.0, lon=-92.0,
                      feature_class="A", feature_code="ADM1", country_code="US")
    rs = [_placed("Louisiana", 0, state), _unplaced("Royal Street", 20)]
    assert place_facilities(rs)[1].candidate is None


def test_a_name_that_is_no_street_or_building_is_left_alone():
    rs = [_placed("New Orleans", 0, NEW_ORLEANS), _unplaced("Marigny", 20)]
    assert place_facilities(rs)[1].candidate is None


def test_a_street_a_policy_placed_from_the_gazetteer_is_left_alone():
    known = _placed("Bourbon Street", 20, _town("Bourbon Street", 29.96, -90.07, 1))
    assert place_facilities([_placed("New Orleans", 0, NEW_ORLEANS), known])[1] is known


TIJUANA = Candidate(source="geonames", source_id="3981609", name="Tijuana", lat=32.53,
                    lon=-117.02, geonameid=3981609, country_code="MX", feature_class="P",
                    feature_code="PPLA2", population=1_376_457, country_name="Mexico")


def test_a_river_no_gazetteer_lists_is_placed_at_the_place_its_name_is_made_from():
    out = place_facilities([_placed("Tijuana", 0, TIJUANA), _unplaced("Tijuana River", 20)])
    river = out[1]
    assert (river.candidate.lat, river.candidate.lon) == (32.53, -117.02)
    assert place_fields(river.candidate)["kind"] == "river"
    assert river.candidate.feature_class == "H" and river.confidence == 0.9  # Tijuana's
    assert river.reason == ("a river with no gazetteer entry, placed at Tijuana, the place its "
                            "name is made from")


def test_hills_are_hills_with_no_article():
    out = place_facilities([_placed("St. Louis", 0, _town("St. Louis", 38.6, -90.2, 4407066)),
                            _unplaced("St. Louis Hills", 20)])
    assert out[1].reason.startswith("hills with no gazetteer entry")
    assert out[1].candidate.feature_class == "T"


def test_a_natural_feature_is_never_placed_at_the_focus_town():
    rs = [_placed("New Orleans", 0, NEW_ORLEANS), _placed("New Orleans", 20, NEW_ORLEANS),
          _unplaced("Korean Peninsula", 40), _unplaced("Fire Island", 60)]
    out = place_facilities(rs)
    assert out[2].candidate is None and out[3].candidate is None


def test_the_default_geoparser_places_a_street_at_the_story_town():
    from geoparser import Geoparser

    # every marker placed (the default minimum judges a street at its town's point about
    # even odds, and leaves it unplaced with its marker confidence)
    doc = Geoparser(min_confidence=0).parse(
        "Police in New Orleans said the shooting happened on Royal Street near Frenchmen "
        "Street. New Orleans police are investigating.")
    placed = {r.mention.text: r for r in doc.resolutions}
    assert placed["Royal Street"].marker_confidence is not None
    assert placed["Royal Street"].candidate.name == "Royal Street"
    assert placed["Royal Street"].candidate.lat == placed["New Orleans"].candidate.lat
    assert doc.focus.city.name == "New Orleans"
