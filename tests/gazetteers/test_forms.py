"""Joined and hashtag forms, and the people of states and provinces, in the offline gazetteer."""

import pytest

from geoparser.gazetteers.offline import unjoined


@pytest.mark.parametrize(("written", "apart"), [
    ("SierraLeone", "Sierra Leone"), ("NewYork", "New York"), ("#Nepal", "Nepal"),
    ("#NewZealand", "New Zealand"), ("Nepal", None), ("New York", None), ("USA", None),
    ("sierraleone", None),
])
def test_unjoined_puts_words_apart(written, apart):
    assert unjoined(written) == apart


@pytest.mark.parametrize(("written", "country"), [
    ("SierraLeone", "SL"), ("#SierraLeone", "SL"), ("NewZealand", "NZ"), ("#Nepal", "NP"),
])
def test_joined_and_hashtag_forms_find_the_place(offline_gazetteer, written, country):
    assert country in {c.country_code for c in offline_gazetteer.lookup(written)}


@pytest.mark.parametrize(("people", "cc", "admin1"), [
    ("Ohioans", "US", "OH"), ("Texans", "US", "TX"), ("New Yorkers", "US", "NY"),
    ("Albertans", "CA", "01"), ("Queenslanders", "AU", "04"), ("Californian", "US", "CA"),
])
def test_plural_demonyms_of_states_name_the_state(offline_gazetteer, people, cc, admin1):
    found = offline_gazetteer.lookup(people)
    assert any(c.country_code == cc and c.admin1 == admin1 and c.feature_code == "ADM1"
               for c in found)


@pytest.mark.parametrize(("people", "continent"), [
    ("Europeans", "Europe"), ("Africans", "Africa"), ("Asians", "Asia"), ("European", "Europe"),
])
def test_a_continent_s_people_name_the_continent(offline_gazetteer, people, continent):
    assert any(c.name == continent and c.feature_code == "CONT"
               for c in offline_gazetteer.lookup(people))
