"""A document's focus (CLIFF-CLAVIN's): the country, first-level area and city most of its
placed toponyms fall in, each with its GeoNames id and share; ties, no places, unplaced ones."""

import pytest

from geoparser.model import Candidate, DocumentFocus, FocusPlace, Mention, Resolution
from geoparser.pipeline import recognise, resolve
from geoparser.recognition import create_recogniser
from geoparser.resolution import create_policy
from geoparser.resolution.focus import document_focus


def town(name, gid, cc="US", admin1="TX", lat=30.0, lon=-97.0, fclass="P", fcode="PPL"):
    return Candidate("geonames", str(gid), name, lat, lon, geonameid=gid, country_code=cc,
                     admin1=admin1, feature_class=fclass, feature_code=fcode)


AUSTIN = town("Austin", 4671654)
DALLAS = town("Dallas", 4684888)
TEXAS = town("Texas", 4736286, fclass="A", fcode="ADM1", lat=31.1, lon=-98.8)
USA = town("United States", 6252001, admin1="00", fclass="A", fcode="PCLI", lat=39.8, lon=-98.5)
PARIS = town("Paris", 2988507, cc="FR", admin1="11", lat=48.85, lon=2.35)
ATLANTIC = town("Atlantic Ocean", 3411923, cc=None, admin1=None, fclass="H", fcode="OCN",
                lat=10.0, lon=-30.0)


def resolutions(*placed):
    """One resolution per (start, candidate or None), as the pipeline gives them."""
    out = []
    for start, c in placed:
        name = c.name if c else "Qwxzzyland"
        m = Mention(start, start + len(name), name, "GPE")
        out.append(Resolution(m, c, 1 if c else 0, "test", "test"))
    return out


def test_a_story_about_texas_towns_is_about_the_us_texas_and_its_most_named_town():
    focus = document_focus(resolutions((0, DALLAS), (10, AUSTIN), (20, TEXAS), (30, AUSTIN),
                                       (40, PARIS)))
    assert focus == DocumentFocus(
        country=FocusPlace("United States", 6252001, "US", None, 4, 0.8),
        admin1=FocusPlace("Texas", 4736286, "US", "TX", 4, 0.8),
        city=FocusPlace("Austin", 4671654, "US", "TX", 2, 0.4),
        placed=5)


def test_a_country_named_alone_counts_for_the_country_but_no_area_or_city():
    focus = document_focus(resolutions((0, USA), (20, USA)))
    assert focus.country.name == "United States" and focus.country.share == 1.0
    assert focus.admin1 is None and focus.city is None and focus.placed == 2


def test_a_tie_goes_to_the_place_the_text_names_first_whatever_the_order_given():
    early, late = (0, PARIS), (30, AUSTIN)
    for order in ((early, late), (late, early)):
        focus = document_focus(resolutions(*order))
        assert focus.country.country_code == "FR" and focus.country.share == 0.5
        assert focus.city.name == "Paris" and focus.admin1.name == "Île-de-France"


def test_the_place_named_first_is_the_first_mention_of_it_not_its_count_of_mentions():
    # Dallas and Austin twice each; Austin's first mention comes before Dallas's.
    focus = document_focus(resolutions((5, AUSTIN), (10, DALLAS), (20, DALLAS), (40, AUSTIN)))
    assert focus.city.name == "Austin" and focus.city.count == 2


def test_no_placed_toponym_no_focus():
    assert document_focus([]) is None
    assert document_focus(resolutions((0, None), (20, None))) is None


def test_unplaced_toponyms_do_not_count_in_the_shares():
    focus = document_focus(resolutions((0, None), (20, AUSTIN), (40, None)))
    assert focus.placed == 1 and focus.city.share == 1.0


def test_a_place_in_no_country_counts_in_the_shares_but_for_no_country():
    focus = document_focus(resolutions((0, ATLANTIC), (30, AUSTIN)))
    assert focus.placed == 2 and focus.country.share == 0.5 and focus.city.name == "Austin"
    sea_only = document_focus(resolutions((0, ATLANTIC)))
    assert sea_only.country is None and sea_only.admin1 is None and sea_only.city is None


def test_a_place_without_a_point_is_not_placed():
    pointless = town("Nowhere", 1, lat=None, lon=None)
    assert document_focus(resolutions((0, pointless))) is None


def test_the_focus_reads_back_from_its_json_and_refuses_nothing():
    focus = document_focus(resolutions((0, DALLAS), (10, TEXAS)))
    assert DocumentFocus.from_dict(focus.to_dict()) == focus
    assert DocumentFocus.from_dict(None) is None and DocumentFocus.from_dict([1]) is None
    odd = DocumentFocus.from_dict({"country": {"name": 3, "share": "x"}, "city": "Paris"})
    assert odd.country.name is None and odd.country.share == 0.0 and odd.city is None


@pytest.fixture(scope="module")
def texas_story(offline_gazetteer):
    text = ("Storms swept through Austin on Monday. Officials in Austin, Texas said Dallas "
            "and Houston were spared, and the Texas governor flew to Austin.")
    from geoparser.model import Document

    parsed = recognise(create_recogniser("gazetteer"), [Document("tx", text)])
    return resolve(parsed, offline_gazetteer, create_policy("context"))[0]


def test_the_pipeline_gives_a_texas_story_its_focus(texas_story):
    focus = texas_story.focus
    assert (focus.country.name, focus.country.geonameid) == ("United States", 6252001)
    assert (focus.admin1.name, focus.admin1.geonameid) == ("Texas", 4736286)
    assert (focus.city.name, focus.city.geonameid) == ("Austin", 4671654)
    assert focus.city.count == 3 and focus.country.share == 1.0
    assert focus.city.share == pytest.approx(3 / focus.placed)


def test_a_document_has_the_same_focus_alone_or_among_others(offline_gazetteer, texas_story):
    from geoparser.model import Document

    docs = [Document("fr", "Rain in Paris and Lyon."), texas_story.document,
            Document("none", "Nothing to see.")]
    parsed = recognise(create_recogniser("gazetteer"), docs)
    together = resolve(parsed, offline_gazetteer, create_policy("context"))
    assert together[1].focus == texas_story.focus
    assert together[0].focus.country.name == "France" and together[2].focus is None
