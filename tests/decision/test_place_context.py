"""How far a span's chosen place lies from the place its text states it is in
(``place_context``)."""

from __future__ import annotations

import math

import pytest

from geoparser.decision.place_context import stated_container, stated_distances
from geoparser.model import Candidate, Mention, Resolution

NAIROBI = dict(lat=-1.28, lon=36.82, country_code="KE", admin1="05", feature_class="P",
               feature_code="PPLC")
EASTLEIGH_ENGLAND = dict(lat=50.97, lon=-1.35, country_code="GB", admin1="ENG",
                         feature_class="P", feature_code="PPL")
EASTLEIGH_NAIROBI = dict(lat=-1.27, lon=36.85, country_code="KE", admin1="05",
                         feature_class="P", feature_code="PPLX")
KENYA = dict(lat=1.0, lon=38.0, country_code="KE", feature_class="A", feature_code="PCLI")
ILLINOIS = dict(lat=40.0, lon=-89.25, country_code="US", admin1="IL", feature_class="A",
                feature_code="ADM1")
SPRINGFIELD_IL = dict(lat=39.8, lon=-89.64, country_code="US", admin1="IL",
                      feature_class="P", feature_code="PPLA")
SPRINGFIELD_MA = dict(lat=42.1, lon=-72.59, country_code="US", admin1="MA",
                      feature_class="P", feature_code="PPL")
AFRICA = dict(lat=7.19, lon=21.1, feature_class="L", feature_code="CONT")


def _doc(text: str, places: dict[str, dict | None]) -> list[Resolution]:
    """Resolutions of the names of ``places`` in ``text`` (each name's first occurrence, in
    text order), placed at the given facts (None: unplaced)."""
    out = []
    for name, facts in places.items():
        start = text.index(name)
        mention = Mention(start, start + len(name), name, "LOC")
        c = Candidate("test", name, name, **facts) if facts is not None else None
        out.append(Resolution(mention, c, 1, "context", "test"))
    return sorted(out, key=lambda r: r.mention.start)


def _stated(text: str, places: dict[str, dict | None], name: str) -> float:
    rs = _doc(text, places)
    return stated_distances(rs, text)[[r.mention.text for r in rs].index(name)]


def test_eastleigh_in_nairobi_placed_in_england_is_thousands_of_km_from_its_container() -> None:
    text = "Residents of Eastleigh in Nairobi said the police had closed the market."
    km = _stated(text, {"Eastleigh": EASTLEIGH_ENGLAND, "Nairobi": NAIROBI}, "Eastleigh")
    assert km > 6000


def test_eastleigh_in_nairobi_placed_in_nairobi_is_beside_its_container() -> None:
    text = "Residents of Eastleigh in Nairobi said the police had closed the market."
    km = _stated(text, {"Eastleigh": EASTLEIGH_NAIROBI, "Nairobi": NAIROBI}, "Eastleigh")
    assert km < 10


@pytest.mark.parametrize("text", [
    "Shoppers in Lavington, Nairobi, faced queues.",
    "The Fergus at Nairobi rose.",  # a river at its town
    "Lavington near Nairobi was shut.",
])
def test_a_comma_at_near_state_the_container(text: str) -> None:
    first = "Lavington" if "Lavington" in text else "Fergus"
    km = _stated(text, {first: EASTLEIGH_ENGLAND, "Nairobi": NAIROBI}, first)
    assert km > 6000


def test_a_state_that_holds_the_place_is_no_distance() -> None:
    text = "The mayor of Springfield, Illinois, said the bridge would reopen."
    assert _stated(text, {"Springfield": SPRINGFIELD_IL, "Illinois": ILLINOIS},
                   "Springfield") == 0.0


def test_a_state_that_does_not_hold_the_place_is_its_distance() -> None:
    text = "The mayor of Springfield, Illinois, said the bridge would reopen."
    km = _stated(text, {"Springfield": SPRINGFIELD_MA, "Illinois": ILLINOIS}, "Springfield")
    assert km > 1000


def test_a_country_that_holds_the_place_is_no_distance() -> None:
    text = "Residents of Eastleigh, Kenya, said the market was shut."
    assert _stated(text, {"Eastleigh": EASTLEIGH_NAIROBI, "Kenya": KENYA}, "Eastleigh") == 0.0


UTAH = dict(lat=39.3, lon=-111.7, country_code="US", admin1="UT", feature_class="A",
            feature_code="ADM1")
KAYIN = dict(lat=17.0, lon=97.75, country_code="MM", admin1="05", feature_class="A",
             feature_code="ADM1")


def test_two_states_are_a_list_not_a_container() -> None:
    text = "Voters in Utah, Illinois and Ohio went to the polls."
    assert math.isnan(_stated(text, {"Utah": UTAH, "Illinois": ILLINOIS}, "Utah"))


def test_a_state_said_to_be_in_a_town_is_measured() -> None:
    """"Karen, Nairobi" (a neighbourhood) read as Kayin State, Myanmar: a state lies in no
    town, so the reading is wrong, and the distance says so."""
    text = "Traders in Karen, Nairobi, closed early."
    assert _stated(text, {"Karen": KAYIN, "Nairobi": NAIROBI}, "Karen") > 6000


def test_a_continent_says_no_distance() -> None:
    """A continent's point says nothing of where it ends."""
    text = "Floods in Nairobi in Africa displaced thousands."
    assert math.isnan(_stated(text, {"Nairobi": NAIROBI, "Africa": AFRICA}, "Nairobi"))


def test_the_next_name_of_a_list_is_no_container() -> None:
    text = "Floods hit Nairobi, Eastleigh and Kenya."
    rs = _doc(text, {"Nairobi": NAIROBI, "Eastleigh": EASTLEIGH_ENGLAND, "Kenya": KENYA})
    assert stated_container(rs, 0, text) is None


def test_the_middle_of_a_list_of_countries_states_no_container() -> None:
    """"the Zaïre, Bundibugyo, Côte d'Ivoire and Sudan strains": Bundibugyo is no town of
    Côte d'Ivoire, it is the next of the list."""
    text = "the Kenya, Eastleigh, Uganda and Sudan strains"
    uganda = dict(lat=1.25, lon=32.5, country_code="UG", feature_class="A", feature_code="PCLI")
    rs = _doc(text, {"Kenya": KENYA, "Eastleigh": EASTLEIGH_NAIROBI, "Uganda": uganda,
                     "Sudan": dict(uganda, country_code="SD", lat=15.0)})
    assert stated_container(rs, 1, text) is None


def test_a_pair_before_its_town_is_in_it() -> None:
    text = "Shoppers in Eastleigh and Lavington, Nairobi, faced queues."
    rs = _doc(text, {"Eastleigh": EASTLEIGH_NAIROBI, "Lavington": EASTLEIGH_ENGLAND,
                     "Nairobi": NAIROBI})
    assert stated_container(rs, 1, text) == 2


def test_a_comma_and_closes_a_towns_state() -> None:
    text = "Springfield, Illinois, and Nairobi were twinned."
    rs = _doc(text, {"Springfield": SPRINGFIELD_IL, "Illinois": ILLINOIS, "Nairobi": NAIROBI})
    assert stated_container(rs, 0, text) == 1


@pytest.mark.parametrize("text", [
    "Eastleigh and Nairobi were flooded.",
    "From Eastleigh to Nairobi the road was shut.",
    "Eastleigh said Nairobi was wrong.",
])
def test_other_words_between_state_no_container(text: str) -> None:
    assert math.isnan(_stated(text, {"Eastleigh": EASTLEIGH_ENGLAND, "Nairobi": NAIROBI},
                              "Eastleigh"))


def test_without_a_point_there_is_no_distance() -> None:
    text = "Residents of Eastleigh in Nairobi said the police had closed the market."
    assert math.isnan(_stated(text, {"Eastleigh": None, "Nairobi": NAIROBI}, "Eastleigh"))
    assert math.isnan(_stated(text, {"Eastleigh": EASTLEIGH_ENGLAND, "Nairobi": None},
                              "Eastleigh"))


def test_distances_do_not_depend_on_the_order_resolutions_come_in() -> None:
    text = "Residents of Eastleigh in Nairobi and Springfield, Illinois, met."
    rs = _doc(text, {"Eastleigh": EASTLEIGH_ENGLAND, "Nairobi": NAIROBI,
                     "Springfield": SPRINGFIELD_MA, "Illinois": ILLINOIS})
    forward = stated_distances(rs, text)
    assert stated_distances(rs[::-1], text) == forward[::-1]
    assert forward[0] > 6000 and forward[2] > 1000
