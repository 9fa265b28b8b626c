"""Mistakes found on the captions and corpora, on the real offline gazetteer. Each test is
named after the mistake it prevents, and each one that reads a ``policy`` runs under every
shipped policy that places a mention without a guide point (``nearest`` needs one: its tests
are in test_resolution.py). A mistake a policy still makes is listed in ``STILL_WRONG`` and
expected to fail, strictly: once the policy gets it right, the test says so."""

from __future__ import annotations

import re

import pytest

from geoparser.distance import distance_km
from geoparser.model import Document, Mention, ParsedDocument
from geoparser.pipeline import resolve
from geoparser.resolution import DEFAULT_POLICY, POLICIES, Policy, create_policy

#: Every shipped policy that needs no guide point, the default first.
SHIPPED = sorted((n for n in POLICIES.names()
                  if not getattr(POLICIES.get(n), "needs_guide", False)),
                 key=lambda n: (n != DEFAULT_POLICY, n))

#: The cases each policy still gets wrong, and why: (test, a piece of its case's id, "" for
#: its only case). They are expected to fail, strictly.
STILL_WRONG: dict[str, tuple[str, list[tuple[str, str]]]] = {
    "learned": ("the learned ranker has not learned the case from the corpora (it reads none "
                "of the context policy's own cues, RANKER_CONTEXT_WEIGHTS)", [
        ("test_a_town_before_its_state_after_a_country_keeps_its_state", ""),
        ("test_becker_clay_douglas_grant_mahnomen_counties_are_counties", ""),
        ("test_dubrovnik_alone_is_the_croatian_city", ""),
        ("test_dubrovnik_is_the_croatian_city_not_a_slovenian_municipality", ""),
        ("test_guam_in_a_story_about_the_united_states_is_guam_with_its_geonames_id", ""),
        ("test_heathrow_airport_in_a_story_of_russia_is_the_airport", ""),
        ("test_long_island_is_new_york_s_island_not_the_district_or_long_island_city",
         "Bird flu was"),
        ("test_new_york_once_called_a_state_is_the_state_throughout_the_story", ""),
        ("test_oconee_and_oglethorpe_counties_are_counties", ""),
        ("test_ontario_alone_is_still_the_province", ""),
        ("test_paris_texas_comma_and_dallas_is_still_in_texas", ""),
        ("test_the_danube_is_the_river_not_the_serbian_district_that_lists_it_as_an_alias", ""),
    ]),
    "population": ("the population baseline places the most populous namesake and reads no "
                   "context", [
        ("test_a_region_of_the_story_s_country_is_not_a_namesake_abroad", "A storm hit the"),
        ("test_a_region_of_the_story_s_country_is_not_a_namesake_abroad", "Flooding across"),
        ("test_a_story_that_calls_a_name_both_a_state_and_a_city_lends_neither", ""),
        ("test_a_town_before_its_state_after_a_country_keeps_its_state", ""),
        ("test_a_town_before_its_state_does_not_make_the_town_an_area", ""),
        ("test_an_italian_region_by_its_english_name_is_the_region", "Rain fell across"),
        ("test_an_italian_region_by_its_english_name_is_the_region", "The virus spread"),
        ("test_an_italian_region_by_its_english_name_is_the_region", "Wine tours in"),
        ("test_becker_clay_douglas_grant_mahnomen_counties_are_counties", ""),
        ("test_buffalo_new_york_is_held_by_the_state", ""),
        ("test_burkina_faso_s_sahel_region_is_the_province", ""),
        ("test_county_galway_is_the_county", ""),
        ("test_garden_city_in_the_united_states_is_not_singapore", ""),
        ("test_gulf_province_of_papua_new_guinea_is_still_the_province", ""),
        ("test_heathrow_airport_in_a_story_of_russia_is_the_airport", ""),
        ("test_heathrow_alone_is_the_airport", ""),
        ("test_heathrow_beside_london_is_the_airport", ""),
        ("test_jersey_in_a_story_about_newark_is_new_jersey", ""),
        ("test_kashmir_is_not_azad_kashmir_by_a_part_of_its_name", ""),
        ("test_lancaster_pa_abbreviation_is_pennsylvania", ""),
        ("test_long_island_beside_the_bahamas_is_still_the_district", ""),
        ("test_long_island_is_new_york_s_island_not_the_district_or_long_island_city",
         "Bird flu was"),
        ("test_long_island_is_new_york_s_island_not_the_district_or_long_island_city",
         "Storms flooded"),
        ("test_moscow_is_in_russia_in_a_us_story", ""),
        ("test_new_england_is_the_region_not_the_town_in_north_dakota", ""),
        ("test_new_york_after_buffalo_makes_the_story_s_new_york_the_state", ""),
        ("test_new_york_governor_is_the_state", ""),
        ("test_new_york_in_a_list_of_states_is_the_state", ""),
        ("test_new_york_once_called_a_state_is_the_state_throughout_the_story", ""),
        ("test_newcastle_after_manchester_united_is_in_england", ""),
        ("test_oconee_and_oglethorpe_counties_are_counties", ""),
        ("test_ontario_alone_is_still_the_province", ""),
        ("test_orange_county_in_a_story_about_california_is_in_california", ""),
        ("test_paris_texas_comma_and_dallas_is_still_in_texas", ""),
        ("test_perth_scotland_is_contained_in_scotland", ""),
        ("test_salisbury_the_english_city_is_in_england", ""),
        ("test_siberia_alone_is_siberia_not_a_village_in_chiapas", ""),
        ("test_the_atlantic_is_the_ocean_not_a_town_in_iowa", "Hurricane season"),
        ("test_the_atlantic_is_the_ocean_not_a_town_in_iowa", "Storms crossed"),
        ("test_the_atlantic_is_the_ocean_not_a_town_in_iowa", "text2-names2"),
        ("test_the_gulf_is_the_sea_the_story_is_beside", "Saudi Arabia"),
        ("test_the_middle_east_is_the_region_not_a_village_in_maryland", ""),
        ("test_the_north_sea_is_the_sea_not_a_hamlet_in_new_york", "Fishermen in the"),
        ("test_the_pacific_alone_is_the_ocean_not_pacific_county", ""),
        ("test_the_pantanal_is_the_wetland_not_a_town_in_santa_catarina", ""),
        ("test_yorkshire_in_a_list_of_english_circuits_is_the_county", ""),
    ]),
}


@pytest.fixture(autouse=True)
def _still_wrong(request):
    """Marks a test that a policy is known to get wrong as an expected (strict) failure."""
    callspec = getattr(request.node, "callspec", None)
    if callspec is None or "policy" not in callspec.params:
        return
    why, cases = STILL_WRONG.get(callspec.params["policy"], ("", []))
    rest = callspec.id.replace(callspec.params["policy"], "")
    if any(name == request.node.originalname and piece in rest for name, piece in cases):
        request.applymarker(pytest.mark.xfail(reason=why, strict=True))


_POLICIES: dict[str, Policy] = {}


def policy_named(name: str) -> Policy:
    """The policy ``name``, made once for the whole module: the learned ranker's model is
    loaded once, not once per test."""
    if name not in _POLICIES:
        _POLICIES[name] = create_policy(name)
    return _POLICIES[name]


def resolutions(gazetteer, policy, text, names, guide=None):
    """The policy's resolution of each of ``names``, found in order in ``text``, whatever its
    confidence (abstention: test_confidence.py)."""
    mentions, at = [], 0
    for name in names:
        start = text.index(name, at)
        mentions.append(Mention(start, start + len(name), name, "GPE"))
        at = start + len(name)
    (parsed,) = resolve([ParsedDocument(Document("d", text), mentions)], gazetteer,
                        policy_named(policy) if isinstance(policy, str) else policy,
                        {"d": guide} if guide else None, min_confidence=0.0)
    return parsed.resolutions


def resolve_text(gazetteer, policy, text, names, guide=None):
    return {r.mention.text: r for r in resolutions(gazetteer, policy, text, names, guide)}


def km_from(r, lat, lon):
    return distance_km(r.candidate.lat, r.candidate.lon, lat, lon)


@pytest.mark.parametrize("policy", SHIPPED)
def test_galway_alone_is_the_city(offline_gazetteer, policy):
    r = resolve_text(offline_gazetteer, policy,
                     "Buskers and bunting during the arts festival in Galway", ["Galway"])
    assert r["Galway"].candidate.feature_class == "P"
    assert km_from(r["Galway"], 53.27245, -9.05095) <= 10


@pytest.mark.parametrize("policy", SHIPPED)
@pytest.mark.parametrize(("text", "name", "lat", "lon"), [
    ("Snow in Boston", "Boston", 42.35843, -71.05977),
    ("Rain in Manchester", "Manchester", 53.48095, -2.23743),
    ("Police in Dublin said", "Dublin", 53.33306, -6.24889),
])
def test_a_famous_city_named_alone_is_the_famous_one(offline_gazetteer, policy, text, name,
                                                      lat, lon):
    """A ranker retrained with US local news (LGL-dev) put these at Boston, Lincolnshire,
    Manchester, New Hampshire and Dublin, Ohio, though its acc@161 was higher on four of the
    five held-out corpora and level on the fifth: a story naming the city alone means the one
    everybody knows."""
    r = resolve_text(offline_gazetteer, policy, text, [name])
    assert km_from(r[name], lat, lon) <= 25


@pytest.mark.parametrize("policy", SHIPPED)
def test_kyoto_alone_is_the_city(offline_gazetteer, policy):
    r = resolve_text(offline_gazetteer, policy, "Flights from Paris to Kyoto",
                     ["Paris", "Kyoto"])
    assert r["Kyoto"].candidate.feature_class == "P"
    assert km_from(r["Kyoto"], 35.02107, 135.75385) <= 20
    assert r["Paris"].candidate.country_code == "FR"


@pytest.mark.parametrize("policy", SHIPPED)
def test_county_galway_is_the_county(offline_gazetteer, policy):
    r = resolve_text(offline_gazetteer, policy, "Flooding across County Galway", ["Galway"])
    assert r["Galway"].candidate.feature_class == "A"


@pytest.mark.parametrize("policy", SHIPPED)
def test_moscow_is_in_russia_in_a_us_story(offline_gazetteer, policy):
    r = resolve_text(offline_gazetteer, policy,
                     "Officials in Texas and Ohio met the ambassador from Moscow.",
                     ["Texas", "Ohio", "Moscow"])
    assert r["Moscow"].candidate.country_code == "RU"
    assert r["Texas"].candidate.country_code == "US"


@pytest.mark.parametrize("policy", SHIPPED)
def test_washington_after_prime_minister_is_the_capital(offline_gazetteer, policy):
    r = resolve_text(offline_gazetteer, policy,
                     "Manchester United beat Newcastle 2-1. The prime minister flew to Washington.",
                     ["Newcastle", "Washington"])
    assert (r["Washington"].candidate.country_code, r["Washington"].candidate.admin1) == (
        "US", "DC")


@pytest.mark.parametrize("policy", SHIPPED)
def test_newcastle_after_manchester_united_is_in_england(offline_gazetteer, policy):
    """GeoNames calls the city "Newcastle upon Tyne": the everyday short form is its name,
    not an alternate one that a village of Washington State may outrank."""
    r = resolve_text(offline_gazetteer, policy,
                     "Manchester United beat Newcastle 2-1. The prime minister flew to "
                     "Washington.", ["Newcastle", "Washington"])
    assert (r["Newcastle"].candidate.country_code, r["Newcastle"].candidate.admin1) == (
        "GB", "ENG")
    assert km_from(r["Newcastle"], 54.97328, -1.61396) <= 10


@pytest.mark.parametrize("policy", SHIPPED)
def test_dubrovnik_alone_is_the_croatian_city(offline_gazetteer, policy):
    """A Slovenian municipality that lists "Dubrovnik" among its other names kept a state's
    imputed million people under that name, and won."""
    r = resolve_text(offline_gazetteer, policy, "Old town walls at sunset, Dubrovnik",
                     ["Dubrovnik"])
    assert r["Dubrovnik"].candidate.country_code == "HR"
    assert km_from(r["Dubrovnik"], 42.64125, 18.10909) <= 10


def test_mexico_is_not_mexico_city(offline_gazetteer):
    """The short-form rule is for a river or district qualifier ("upon Tyne", "am Main"), not
    for "Mexico City", whose short form is the country's name."""
    r = resolve_text(offline_gazetteer, DEFAULT_POLICY, "Exports from Mexico rose.", ["Mexico"])
    assert r["Mexico"].candidate.feature_code.startswith("PCL")


@pytest.mark.parametrize("policy", SHIPPED)
def test_buffalo_new_york_is_held_by_the_state(offline_gazetteer, policy):
    r = resolve_text(offline_gazetteer, policy, "a girl from Buffalo, New York. She died.",
                     ["Buffalo", "New York"])
    assert r["New York"].candidate.feature_code == "ADM1"
    assert r["Buffalo"].candidate.admin1 == "NY"


@pytest.mark.parametrize("policy", SHIPPED)
def test_new_york_governor_is_the_state(offline_gazetteer, policy):
    r = resolve_text(offline_gazetteer, policy,
                     "New York Governor Andrew M. Cuomo declared a state of emergency.",
                     ["New York"])
    assert r["New York"].candidate.feature_code == "ADM1"


@pytest.mark.parametrize("policy", SHIPPED)
def test_new_york_in_a_list_of_states_is_the_state(offline_gazetteer, policy):
    r = resolve_text(offline_gazetteer, policy,
                     "Cases in Michigan, Oregon, New Mexico, New York, Indiana and Ohio.",
                     ["Michigan", "Oregon", "New Mexico", "New York", "Indiana", "Ohio"])
    assert r["New York"].candidate.feature_code == "ADM1"


@pytest.mark.parametrize("policy", SHIPPED)
def test_washington_new_york_and_boston_are_cities(offline_gazetteer, policy):
    """A list of cities is no "town, state" pair, though a town Washington lies in New York
    State."""
    r = resolve_text(offline_gazetteer, policy,
                     "After stops in Washington, New York and Boston, the prince flew home.",
                     ["Washington", "New York", "Boston"])
    assert r["New York"].candidate.feature_class == "P"
    assert km_from(r["New York"], 40.71427, -74.00597) <= 10


@pytest.mark.parametrize("policy", SHIPPED)
@pytest.mark.parametrize("text", [
    "After stops in Washington, New York and Boston, the prince flew home.",
    "Rallies in Washington, New York, Boston and Chicago drew crowds.",
])
def test_washington_before_new_york_in_a_list_is_the_capital_not_watervliet(
        offline_gazetteer, policy, text):
    """New York read as the state held a town that bears "Washington" as another name
    (Watervliet, +2.0 "contained"), though the list made New York the city."""
    names = [n for n in ("Washington", "New York", "Boston", "Chicago") if n in text]
    r = resolve_text(offline_gazetteer, policy, text, names)
    assert km_from(r["Washington"], 38.89511, -77.03637) <= 10


@pytest.mark.parametrize("policy", SHIPPED)
def test_paris_texas_comma_and_dallas_is_still_in_texas(offline_gazetteer, policy):
    """A comma and "and" after the state closes a town's state, AP style; it is no list."""
    r = resolve_text(offline_gazetteer, policy, "Flooding in Paris, Texas, and Dallas closed "
                     "roads.", ["Paris", "Texas", "Dallas"])
    assert (r["Paris"].candidate.country_code, r["Paris"].candidate.admin1) == ("US", "TX")
    assert "contained" in r["Paris"].reason


@pytest.mark.parametrize("policy", SHIPPED)
def test_davis_ca_and_madison_wi_name_their_states(offline_gazetteer, policy):
    """Postal codes annotated as toponyms in their own right (SemEval's "Davis, CA")."""
    r = resolve_text(offline_gazetteer, policy, "Samples from Davis, CA and Madison, WI.",
                     ["Davis", "CA", "Madison", "WI"])
    assert (r["CA"].candidate.admin1, r["CA"].candidate.feature_code) == ("CA", "ADM1")
    assert (r["WI"].candidate.admin1, r["WI"].candidate.feature_code) == ("WI", "ADM1")
    assert r["Davis"].candidate.admin1 == "CA"


@pytest.mark.parametrize("policy", SHIPPED)
def test_floods_in_nsw_are_in_new_south_wales(offline_gazetteer, policy):
    r = resolve_text(offline_gazetteer, policy, "Floods in NSW closed roads.", ["NSW"])
    assert (r["NSW"].candidate.country_code, r["NSW"].candidate.admin1) == ("AU", "02")


@pytest.mark.parametrize("policy", SHIPPED)
def test_lancaster_pa_abbreviation_is_pennsylvania(offline_gazetteer, policy):
    r = resolve_text(offline_gazetteer, policy, "Police in Lancaster, Pa. said on Monday",
                     ["Lancaster"])
    assert (r["Lancaster"].candidate.country_code, r["Lancaster"].candidate.admin1) == (
        "US", "PA")


@pytest.mark.parametrize("policy", SHIPPED)
def test_perth_scotland_is_contained_in_scotland(offline_gazetteer, policy):
    r = resolve_text(offline_gazetteer, policy, "He moved to Perth, Scotland, last year.",
                     ["Perth", "Scotland"])
    assert r["Perth"].candidate.country_code == "GB"


def test_captions_from_gold_mentions_with_their_guides(offline_gazetteer, captions):
    """The captions figure of docs/resolution.md: the default policy, each caption's guide."""
    from evaluation.reports.coursework_answer import caption_guides

    docs = [ParsedDocument(d, [Mention(t.start, t.end, t.text, "GPE") for t in d.toponyms])
            for d in captions]
    parsed = resolve(docs, offline_gazetteer, create_policy(DEFAULT_POLICY),
                     caption_guides(captions))
    within = sum(
        km_from(p.resolutions[0], t.lat, t.lon) <= t.tolerance_km
        for d, p in zip(captions, parsed, strict=True) for t in d.toponyms[:1]
        if p.resolutions[0].candidate is not None)
    assert within >= 11


def _captions_within(gazetteer, captions, **kw) -> int:
    docs = [ParsedDocument(d, [Mention(t.start, t.end, t.text, "GPE") for t in d.toponyms])
            for d in captions]
    parsed = resolve(docs, gazetteer, create_policy(DEFAULT_POLICY), min_confidence=0.0, **kw)
    return sum(
        km_from(p.resolutions[0], t.lat, t.lon) <= t.tolerance_km
        for d, p in zip(captions, parsed, strict=True) for t in d.toponyms[:1]
        if p.resolutions[0].candidate is not None)


def test_captions_as_one_collection_from_gold_mentions(offline_gazetteer, captions):
    """Captions target without guide points: a lone caption borrows the
    collection's toponyms (Whitby among Galway, Portree and Kilkenny is in Yorkshire)."""
    assert _captions_within(offline_gazetteer, captions) == 6  # each caption alone
    assert _captions_within(offline_gazetteer, captions, collection=True) >= 11


def test_whitby_among_the_captions_is_in_yorkshire(offline_gazetteer, captions):
    docs = [ParsedDocument(d, [Mention(t.start, t.end, t.text, "GPE") for t in d.toponyms])
            for d in captions]
    parsed = resolve(docs, offline_gazetteer, create_policy(DEFAULT_POLICY), collection=True)
    whitby = next(p.resolutions[0] for p in parsed if p.document.id == "c01")
    assert whitby.candidate.country_code == "GB" and km_from(whitby, 54.48774, -0.61498) <= 10


def test_a_document_with_its_own_co_mentions_ignores_the_collection(offline_gazetteer):
    """Only a lone toponym borrows: "Perth, Western Australia" stays in Australia among
    Scottish captions."""
    docs = [ParsedDocument(Document(i, t), [Mention(t.index(n), t.index(n) + len(n), n, "GPE")
                                            for n in names])
            for i, t, names in [("a", "Rain in Stirling", ["Stirling"]),
                                ("b", "Fog over Inverness", ["Inverness"]),
                                ("c", "Sunset in Perth, Western Australia",
                                 ["Perth", "Western Australia"])]]
    parsed = resolve(docs, offline_gazetteer, create_policy(DEFAULT_POLICY), collection=True)
    assert parsed[2].resolutions[0].candidate.country_code == "AU"


# An imputed population is no prominence; world cities under their English names;
# names the gazetteer files under another; lists closed by a plural. Sentences written for
# these tests.

@pytest.mark.parametrize("policy", SHIPPED)
def test_manchester_alone_is_in_england(offline_gazetteer, policy):
    """Manchester Parish, Jamaica has no population of its own; an imputed one is no rival
    for a city of half a million."""
    r = resolve_text(offline_gazetteer, policy, "Heavy rain again in Manchester.",
                     ["Manchester"])
    assert (r["Manchester"].candidate.country_code, r["Manchester"].candidate.admin1) == (
        "GB", "ENG")


@pytest.mark.parametrize("policy", SHIPPED)
def test_portland_selectmen_are_not_in_jamaica(offline_gazetteer, policy):
    r = resolve_text(offline_gazetteer, policy, "Portland selectmen hire veteran lawyer",
                     ["Portland"])
    assert r["Portland"].candidate.country_code == "US"


@pytest.mark.parametrize("policy", SHIPPED)
def test_ontario_alone_is_still_the_province(offline_gazetteer, policy):
    """A Canadian province likely holds millions: the Californian city of 170,000 is no
    reason to drop its imputed population (unlike a Jamaican parish's)."""
    r = resolve_text(offline_gazetteer, policy, "Snow closes roads across Ontario.",
                     ["Ontario"])
    assert (r["Ontario"].candidate.country_code, r["Ontario"].candidate.feature_code) == (
        "CA", "ADM1")


@pytest.mark.parametrize("policy", SHIPPED)
def test_munich_alone_is_the_bavarian_city(offline_gazetteer, policy):
    r = resolve_text(offline_gazetteer, policy, "Beer tents going up in Munich", ["Munich"])
    assert km_from(r["Munich"], 48.13743, 11.57549) <= 10


@pytest.mark.parametrize(("name", "lat", "lon"), [
    ("Lyons", 45.74846, 4.84671),  # GeoNames: Lyon; Lyons, Illinois bears the name
    ("Bruges", 51.20892, 3.22424),  # Brugge; Bruges, Gironde
    ("Hanover", 52.37052, 9.73322),  # Hannover; Hanover Parish, Jamaica and Hanover, PA
    ("Brunswick", 52.26594, 10.52673),  # Braunschweig; Brunswick, Ohio
    ("Berne", 46.94809, 7.44744),  # Bern, the capital; Berne, Indiana
])
def test_world_city_under_its_english_name_beats_a_small_namesake_abroad(
        offline_gazetteer, name, lat, lon):
    r = resolve_text(offline_gazetteer, DEFAULT_POLICY, f"A rainy afternoon in {name}", [name])
    assert km_from(r[name], lat, lon) <= 10, r[name].reason


@pytest.mark.parametrize("name", ["Salisbury", "Franklin"])
def test_an_old_or_unlike_name_lends_no_prominence(offline_gazetteer, name):
    """Harare was once Salisbury, and GeoNames lists "Franklin" among Columbus's names: neither
    is the city's name in English today, so neither borrows the city's size; a place that
    bears the name wins."""
    r = resolve_text(offline_gazetteer, DEFAULT_POLICY, f"Council meeting in {name}", [name])
    assert r[name].candidate.name == name, r[name].reason


@pytest.mark.parametrize("policy", SHIPPED)
def test_america_is_the_united_states(offline_gazetteer, policy):
    r = resolve_text(offline_gazetteer, policy, "Jobs are coming back to America.",
                     ["America"])
    assert (r["America"].candidate.country_code, r["America"].candidate.feature_code) == (
        "US", "PCLI")


@pytest.mark.parametrize("policy", SHIPPED)
def test_jersey_in_a_story_about_newark_is_new_jersey(offline_gazetteer, policy):
    r = resolve_text(offline_gazetteer, policy,
                     "Commuters from Newark and Trenton say Jersey needs new tunnels.",
                     ["Newark", "Trenton", "Jersey"])
    assert (r["Jersey"].candidate.country_code, r["Jersey"].candidate.admin1) == ("US", "NJ")


@pytest.mark.parametrize("policy", SHIPPED)
def test_jersey_alone_is_the_island(offline_gazetteer, policy):
    r = resolve_text(offline_gazetteer, policy, "Ferries to Jersey were cancelled.",
                     ["Jersey"])
    assert r["Jersey"].candidate.country_code == "JE"


@pytest.mark.parametrize(("name", "cc", "admin1"), [
    ("Palestinians", "PS", None), ("Russians", "RU", None), ("Iraqis", "IQ", None),
    ("Sinhalese", "LK", None), ("Abkhaz", "GE", "02"), ("Chechens", "RU", "12"),
])
def test_plural_and_people_demonyms_name_their_place(offline_gazetteer, name, cc, admin1):
    r = resolve_text(offline_gazetteer, DEFAULT_POLICY, f"{name} went to the polls.", [name])
    c = r[name].candidate
    assert c is not None and c.country_code == cc
    assert admin1 is None or (c.admin1, c.feature_code) == (admin1, "ADM1")


@pytest.mark.parametrize("written", ["Lakewood Township", "the Township of Lakewood"])
def test_lakewood_township_is_lakewood_new_jersey(offline_gazetteer, written):
    text = f"Residents of {written}, near Toms River, packed the hall."
    name = written.removeprefix("the ")
    r = resolve_text(offline_gazetteer, DEFAULT_POLICY, text, [name, "Toms River"])
    assert (r[name].candidate.country_code, r[name].candidate.admin1) == ("US", "NJ")


@pytest.mark.parametrize("policy", SHIPPED)
def test_oconee_and_oglethorpe_counties_are_counties(offline_gazetteer, policy):
    r = resolve_text(offline_gazetteer, policy,
                     "Schools in Oconee and Oglethorpe counties closed early.",
                     ["Oconee", "Oglethorpe"])
    for name in ("Oconee", "Oglethorpe"):
        assert (r[name].candidate.feature_code, r[name].candidate.admin1) == ("ADM2", "GA")


@pytest.mark.parametrize("policy", SHIPPED)
def test_becker_clay_douglas_grant_mahnomen_counties_are_counties(offline_gazetteer, policy):
    names = ["Becker", "Clay", "Douglas", "Grant", "Mahnomen"]
    r = resolve_text(offline_gazetteer, policy,
                     "Storm warnings for Becker, Clay, Douglas, Grant, Mahnomen counties.",
                     names)
    for name in names:
        c = r[name].candidate
        assert (c.feature_code, c.country_code, c.admin1) == ("ADM2", "US", "MN"), name


@pytest.mark.parametrize("policy", SHIPPED)
def test_canadian_smoke_over_minneapolis_is_from_canada(offline_gazetteer, policy):
    """A demonym is how news names a country, not an alternate name to be penalised: a US
    co-mention does not make "Canadian" the Texan town of 2,000 that bears the word."""
    r = resolve_text(offline_gazetteer, policy,
                     "Canadian wildfire smoke drifted over Minneapolis.",
                     ["Canadian", "Minneapolis"])
    assert r["Canadian"].candidate.country_code == "CA"


@pytest.mark.parametrize("policy", SHIPPED)
def test_the_danube_is_the_river_not_the_serbian_district_that_lists_it_as_an_alias(
        offline_gazetteer, policy):
    r = resolve_text(offline_gazetteer, policy, "Barges sailed down the Danube.", ["Danube"])
    assert r["Danube"].candidate.feature_code == "STM", r["Danube"].reason


@pytest.mark.parametrize(("name", "own", "qualified"), [
    ("danube river", "danube", True), ("river danube", "danube", True),
    ("mount everest", "everest", True), ("gobi desert", "gobi", True),
    ("newcastle upon tyne", "newcastle", True), ("mexico city", "mexico", False),
    ("lake victoria", "victoria", False), ("riverside", "river", False),
])
def test_a_name_with_its_kind_is_the_same_name(name, own, qualified):
    from geoparser.resolution.place_facts import is_qualified_name

    assert is_qualified_name(name, own) is qualified


# A natural feature with no population is ranked by Natural Earth's scale rank, not as a
# place of nobody. Sentences written for these tests.

@pytest.mark.parametrize("policy", SHIPPED)
def test_korea_alone_is_south_korea_not_a_village_in_ivory_coast(offline_gazetteer, policy):
    # "Korea" was the peninsula, Natural Earth's label, until it became South Korea's alias
    r = resolve_text(offline_gazetteer, policy,
                     "Samples were collected in Korea between 2009 and 2011.", ["Korea"])
    assert (r["Korea"].candidate.country_code, r["Korea"].candidate.feature_code) == (
        "KR", "PCLI")
    assert km_from(r["Korea"], 36.5, 127.75) <= 161


@pytest.mark.parametrize("policy", SHIPPED)
def test_the_korean_peninsula_is_the_peninsula(offline_gazetteer, policy):
    r = resolve_text(offline_gazetteer, policy, "Tensions rose on the Korean Peninsula.",
                     ["Korean Peninsula"])
    assert r["Korean Peninsula"].candidate.feature_code == "PEN"


@pytest.mark.parametrize("policy", SHIPPED)
def test_siberia_alone_is_siberia_not_a_village_in_chiapas(offline_gazetteer, policy):
    r = resolve_text(offline_gazetteer, policy, "Permafrost thaws across Siberia.",
                     ["Siberia"])
    assert r["Siberia"].candidate.country_code != "MX"
    assert r["Siberia"].candidate.lat > 50


@pytest.mark.parametrize("policy", SHIPPED)
def test_the_pantanal_is_the_wetland_not_a_town_in_santa_catarina(offline_gazetteer, policy):
    r = resolve_text(offline_gazetteer, policy, "Jaguars of the Pantanal were tracked.",
                     ["Pantanal"])
    assert km_from(r["Pantanal"], -18.0, -56.0) <= 161


@pytest.mark.parametrize("policy", SHIPPED)
def test_eu_is_the_european_union_not_eu_in_normandy(offline_gazetteer, policy):
    r = resolve_text(offline_gazetteer, policy, "Britain will leave the EU next year.",
                     ["Britain", "EU"])
    assert r["EU"].candidate.name == "European Union"
    assert all(c.name != "Eu" for c in r["EU"].candidates or ())


def test_a_name_in_lower_case_letters_keeps_its_town(offline_gazetteer):
    from geoparser.pipeline import lookup_all

    found = lookup_all(offline_gazetteer, ["Eu", "EU"])
    assert any(c.name == "Eu" for c in found["Eu"])  # written as a town's name, it is one
    assert not any(c.name == "Eu" for c in found["EU"])


@pytest.mark.parametrize("policy", SHIPPED)
def test_the_middle_east_is_the_region_not_a_village_in_maryland(offline_gazetteer, policy):
    """"The Middle East" is GeoNames' region; the village of Middle East, Maryland (1,872
    people) is no rival without Maryland in the story."""
    r = resolve_text(offline_gazetteer, policy,
                     "Iran and Saudi Arabia compete for influence in the Middle East.",
                     ["Iran", "Saudi Arabia", "Middle East"])
    assert r["Middle East"].candidate.feature_code == "RGN"
    assert km_from(r["Middle East"], 29.0, 45.0) <= 1000


@pytest.mark.parametrize("policy", SHIPPED)
def test_middle_east_beside_frederick_maryland_is_the_village(offline_gazetteer, policy):
    r = resolve_text(offline_gazetteer, policy,
                     "The governor visited Middle East, a village near Frederick, Maryland.",
                     ["Middle East", "Frederick", "Maryland"])
    assert r["Middle East"].candidate.country_code == "US"


@pytest.mark.parametrize("policy", SHIPPED)
def test_the_pacific_alone_is_the_ocean_not_pacific_county(offline_gazetteer, policy):
    r = resolve_text(offline_gazetteer, policy, "A typhoon formed in the western Pacific.",
                     ["Pacific"])
    assert r["Pacific"].candidate.feature_code == "OCN"
    assert km_from(r["Pacific"], 3.51, -132.19) <= 50  # GeoNames' point of the ocean


@pytest.mark.parametrize("policy", SHIPPED)
def test_pacific_missouri_is_the_town(offline_gazetteer, policy):
    r = resolve_text(offline_gazetteer, policy, "The city of Pacific, Missouri, flooded.",
                     ["Pacific", "Missouri"])
    assert r["Pacific"].candidate.feature_class == "P"
    assert r["Pacific"].candidate.admin1 == "MO"


@pytest.mark.parametrize("policy", SHIPPED)
def test_new_england_is_the_region_not_the_town_in_north_dakota(offline_gazetteer, policy):
    r = resolve_text(offline_gazetteer, policy,
                     "Snow fell across New England, from Maine to Connecticut.",
                     ["New England", "Maine", "Connecticut"])
    assert r["New England"].candidate.feature_code == "RGN"
    assert km_from(r["New England"], 43.5, -71.5) <= 300


@pytest.mark.parametrize("policy", SHIPPED)
def test_persia_is_iran_not_an_alternate_name_of_gowanda(offline_gazetteer, policy):
    r = resolve_text(offline_gazetteer, policy, "Carpets from Persia were sold in London.",
                     ["Persia", "London"])
    assert r["Persia"].candidate.country_code == "IR"


@pytest.mark.parametrize("policy", SHIPPED)
@pytest.mark.parametrize(("text", "names"), [
    ("Hurricane season in the Atlantic starts June 1, forecasters said.", ["Atlantic"]),
    ("Storms crossed the Atlantic to Ireland.", ["Atlantic", "Ireland"]),
    ("Colorado State University forecasts a busy season. Hurricane season in the Atlantic "
     "starts June 1, Colorado forecasters said.", ["Colorado", "Atlantic", "Colorado"]),
])
def test_the_atlantic_is_the_ocean_not_a_town_in_iowa(offline_gazetteer, policy, text, names):
    """An "… Ocean" is an ocean, of world scale as a continent is, not a sea that weighs
    nothing: "the Atlantic" was Atlantic, Iowa (6,833 people), or, beside Ireland (which
    is also a US place), East Rockaway, New York, which bears the name as an alternate."""
    r = resolve_text(offline_gazetteer, policy, text, names)["Atlantic"]
    assert r.candidate.feature_code == "OCN" and r.candidate.name == "Atlantic Ocean"


@pytest.mark.parametrize("policy", SHIPPED)
@pytest.mark.parametrize(("text", "name"), [
    ("Fishermen in the North Sea protested.", "North Sea"),
    ("Oil spilled into the Gulf of Mexico near Texas.", "Gulf of Mexico"),
])
def test_the_north_sea_is_the_sea_not_a_hamlet_in_new_york(offline_gazetteer, policy, text,
                                                            name):
    """A sea weighs by the scale Natural Earth labels it from: the North Sea (scale rank 2)
    was North Sea, New York (4,458 people), a sea without a population weighing nothing."""
    names = [name, "Texas"] if "Texas" in text else [name]
    r = resolve_text(offline_gazetteer, policy, text, names)[name]
    assert r.candidate.feature_code == "SEA" and r.candidate.name == name


@pytest.mark.parametrize("policy", SHIPPED)
def test_orange_county_in_a_story_about_california_is_in_california(offline_gazetteer,
                                                                    policy):
    """Eight US counties bear the name and none has a population in the gazetteer; Orange
    County, New York lay nearer the towns called Greece and Portugal, until the state the
    story names counted."""
    text = ("Orange County is one of the richest jurisdictions on earth, with a bigger economy "
            "than Greece or Portugal. Orange County has an especially bad case of a California "
            "malady.")
    r = resolve_text(offline_gazetteer, policy, text,
                     ["Orange County", "Greece", "Portugal", "Orange County", "California"])
    assert km_from(r["Orange County"], 33.78779, -117.85311) <= 30


@pytest.mark.parametrize("weight", [0.0, 0.5, 5.0])
def test_a_named_state_never_moves_wales_to_a_village_in_england(offline_gazetteer, weight):
    """As the home region, a state the story names chooses among towns and counties only:
    beside "England", the village of Wales, South Yorkshire would gain it, at any weight."""
    from geoparser.resolution.context import ContextPolicy, ContextWeights

    wales = resolve_text(offline_gazetteer, ContextPolicy(ContextWeights(state_named=weight)),
                         "Wales and England share a border; Cardiff and Bristol lie close.",
                         ["Wales", "England", "Cardiff", "Bristol"])["Wales"]
    assert (wales.candidate.feature_code, wales.candidate.admin1) == ("ADM1", "WLS")


def test_dublin_in_a_story_that_names_the_state_of_ohio_is_in_ohio(offline_gazetteer):
    """Natural Earth's Irish counties ("Dublin City", "South Dublin") gave "Dublin" first-level
    readings, which kept the state the story names from weighing in: thirteen Dublins of a
    Dublin, Ohio arts council's story were drawn in Ireland (LGL-dev)."""
    text = ("Dublin Arts Council awards community arts grants. Groups must be registered with "
            "the State of Ohio and based in Dublin.")
    r = resolve_text(offline_gazetteer, create_policy("context"), text,
                     ["Dublin", "State of Ohio", "Dublin"])["Dublin"]
    assert (r.candidate.country_code, r.candidate.admin1) == ("US", "OH")
    assert "state named +1.00" in r.reason


def test_washington_in_a_story_that_names_england_is_still_the_capital(offline_gazetteer):
    """A state's own name keeps a named state out wherever the state lies: "Washington" is
    no village of West Sussex for a story that names England (GeoWebNews: Russian envoys
    leave Washington; London, Salisbury, England)."""
    text = ("The Latest: Russian envoys leave Washington. In Washington, Russian diplomats "
            "expelled from the United States boarded a bus at the embassy in the U.S. "
            "capital, to fly to Moscow. In England, police in Salisbury went on searching.")
    r = resolve_text(offline_gazetteer, create_policy("context"), text,
                     ["Washington", "Washington", "United States", "U.S.", "Moscow", "England",
                      "Salisbury"])
    assert (r["Washington"].candidate.country_code, r["Washington"].candidate.admin1) == (
        "US", "DC")
    assert "state named" not in r["Washington"].reason


@pytest.mark.parametrize("policy", SHIPPED)
@pytest.mark.parametrize(("text", "names", "cc"), [
    ("Rents keep rising across the Bay Area.", ["Bay Area"], "US"),
    ("A storm hit the West Coast, from Seattle to Los Angeles.",
     ["West Coast", "Seattle", "Los Angeles"], "US"),
    ("Heavy snow on the East Coast, from Boston to Washington.",
     ["East Coast", "Boston", "Washington"], "US"),
    ("Flooding across the Midlands closed roads near Birmingham.", ["Midlands", "Birmingham"],
     "GB"),
])
def test_a_region_of_the_story_s_country_is_not_a_namesake_abroad(offline_gazetteer, policy,
                                                                   text, names, cc):
    """"West Coast" was New Zealand's region, "East Coast" Gisborne's, "Midlands" Zimbabwe's
    province, and the Bay Area nothing at all."""
    r = resolve_text(offline_gazetteer, policy, text, names)[names[0]]
    assert (r.candidate.feature_code, r.candidate.country_code) == ("RGN", cc)


@pytest.mark.parametrize("policy", SHIPPED)
@pytest.mark.parametrize(("text", "names"), [
    ("Jihadists in the Sahel attacked again.", ["Sahel"]),
    ("Drought in the Sahel has displaced farmers in Mali and Niger.", ["Sahel", "Mali", "Niger"]),
])
def test_the_sahel_is_the_belt_not_burkina_faso_s_province(offline_gazetteer, policy, text,
                                                           names):
    """A region of several countries is of world scale, as a continent is: the first-level
    area of Burkina Faso named Sahel outweighed the belt by its kind."""
    r = resolve_text(offline_gazetteer, policy, text, names)["Sahel"]
    assert (r.candidate.feature_code, r.candidate.country_code) == ("RGN", None)


@pytest.mark.parametrize("policy", SHIPPED)
def test_burkina_faso_s_sahel_region_is_the_province(offline_gazetteer, policy):
    r = resolve_text(offline_gazetteer, policy,
                     "Markets in Dori, capital of Burkina Faso's Sahel region, reopened.",
                     ["Dori", "Burkina Faso", "Sahel"])["Sahel"]
    assert (r.candidate.feature_code, r.candidate.country_code) == ("ADM1", "BF")


@pytest.mark.parametrize("policy", SHIPPED)
@pytest.mark.parametrize(("text", "names", "sea"), [
    ("Saudi Arabia imposed an embargo on a fellow US ally in the Gulf, Qatar.",
     ["Saudi Arabia", "US", "Gulf", "Qatar"], "Persian Gulf"),
    ("Shrimpers in Louisiana said the Gulf was too warm, New Orleans officials said.",
     ["Louisiana", "Gulf", "New Orleans"], "Gulf of Mexico"),
])
def test_the_gulf_is_the_sea_the_story_is_beside(offline_gazetteer, policy, text, names, sea):
    """"The Gulf" had only Gulf Province, Papua New Guinea and a Florida county; news names
    the Persian Gulf and the Gulf of Mexico so, as it names "the Atlantic"."""
    r = resolve_text(offline_gazetteer, policy, text, names)["Gulf"]
    assert (r.candidate.name, r.candidate.feature_code) == (sea, "SEA")


@pytest.mark.parametrize("policy", SHIPPED)
def test_gulf_province_of_papua_new_guinea_is_still_the_province(offline_gazetteer, policy):
    r = resolve_text(offline_gazetteer, policy, "Flooding in Gulf province, Papua New Guinea.",
                     ["Gulf", "Papua New Guinea"])["Gulf"]
    assert (r.candidate.feature_code, r.candidate.country_code) == ("ADM1", "PG")


@pytest.mark.parametrize("policy", SHIPPED)
def test_iraq_in_a_list_of_countries_is_the_country(offline_gazetteer, policy):
    # Arāk, Iran, is also called Iraq; "Iraq, Iran" in a list of countries is no town in Iran
    text = ("The FAO asked countries neighbouring Turkey, specifically Armenia, Azerbaijan, "
            "Georgia, Iraq, Iran, and Syria, to be cautious.")
    r = resolve_text(offline_gazetteer, policy, text,
                     ["Turkey", "Armenia", "Azerbaijan", "Georgia", "Iraq", "Iran", "Syria"])
    assert r["Iraq"].candidate.country_code == "IQ"
    assert r["Georgia"].candidate.country_code == "GE"


@pytest.mark.parametrize("policy", SHIPPED)
def test_a_town_before_its_state_after_a_country_keeps_its_state(offline_gazetteer, policy):
    # only a toponym of the same kind before it makes a list: Athens is a town
    text = "She studied in Athens, Georgia, USA, and moved to Paris, Texas, and Dallas."
    r = resolve_text(offline_gazetteer, policy, text,
                     ["Athens", "Georgia", "USA", "Paris", "Texas", "Dallas"])
    assert (r["Athens"].candidate.country_code, r["Athens"].candidate.admin1) == ("US", "GA")
    assert (r["Georgia"].candidate.admin1, r["Paris"].candidate.admin1) == ("GA", "TX")


@pytest.mark.parametrize("policy", SHIPPED)
def test_heathrow_beside_london_is_the_airport(offline_gazetteer, policy):
    # Heathrow, Florida (5,896 people) is no "far larger" namesake of an airport, whose size
    # is unknown: a place of unknown size abroad is no small rival
    r = resolve_text(offline_gazetteer, policy,
                     "Flights at Heathrow were cancelled after snow hit London.",
                     ["Heathrow", "London"])
    assert r["Heathrow"].candidate.feature_code == "AIRP"
    assert km_from(r["Heathrow"], 51.47, -0.46) <= 5


@pytest.mark.parametrize("policy", SHIPPED)
def test_tenerife_alone_is_the_canary_island(offline_gazetteer, policy):
    r = resolve_text(offline_gazetteer, policy, "Tourists returned to Tenerife this summer.",
                     ["Tenerife"])["Tenerife"]
    assert km_from(r, 28.3, -16.6) <= 60


@pytest.mark.parametrize("policy", SHIPPED)
def test_the_pyrenees_beside_france_are_the_range_not_a_shire_of_victoria(offline_gazetteer,
                                                                          policy):
    text = "Snow closed roads in the Pyrenees and across southern France."
    r = resolve_text(offline_gazetteer, policy, text, ["Pyrenees", "France"])["Pyrenees"]
    assert r.candidate.feature_code == "MTS"


@pytest.mark.parametrize("policy", SHIPPED)
def test_provence_is_the_region_not_marseille_provence_airport(offline_gazetteer, policy):
    r = resolve_text(offline_gazetteer, policy, "Wildfires burned in Provence this summer.",
                     ["Provence"])["Provence"]
    assert (r.candidate.feature_code, r.candidate.country_code) == ("RGN", "FR")


@pytest.mark.parametrize("policy", SHIPPED)
def test_heathrow_alone_is_the_airport(offline_gazetteer, policy):
    # "Heathrow" is the airport's own short name, no alternate name, and a world hub weighs
    # as Natural Earth labels it (scale rank 2): more than Heathrow, Florida (5,896 people)
    r = resolve_text(offline_gazetteer, policy, "Heathrow cancelled 40 departures.",
                     ["Heathrow"])
    assert r["Heathrow"].candidate.feature_code == "AIRP"


@pytest.mark.parametrize("policy", SHIPPED)
def test_o_hare_alone_is_the_airport_and_sure_of_it(offline_gazetteer, policy):
    # the only place of the name, a world hub: it had been held back as "a small place"
    # (confidence 0.70), its size unknown
    r = resolve_text(offline_gazetteer, policy, "Flights from O'Hare were delayed by snow.",
                     ["O'Hare"])["O'Hare"]
    assert r.candidate.feature_code == "AIRP" and r.confidence >= 0.75


@pytest.mark.parametrize("policy", SHIPPED)
def test_heathrow_in_florida_is_the_town(offline_gazetteer, policy):
    r = resolve_text(offline_gazetteer, policy,
                     "Heathrow residents met in Seminole County, Florida.",
                     ["Heathrow", "Seminole County", "Florida"])
    assert (r["Heathrow"].candidate.country_code, r["Heathrow"].candidate.admin1) == ("US", "FL")


@pytest.mark.parametrize("policy", SHIPPED)
def test_heathrow_airport_in_a_story_of_russia_is_the_airport(offline_gazetteer, policy):
    # GeoWebNews: "searched an Aeroflot passenger plane at Heathrow airport"; the text calls
    # it an airport, and only one candidate is one
    text = ("Russian officials said British officers searched an Aeroflot passenger plane at "
            "Heathrow airport. The poisoning in Salisbury angered Moscow.")
    r = resolve_text(offline_gazetteer, policy, text,
                     ["Russian", "British", "Heathrow", "Salisbury", "Moscow"])
    assert r["Heathrow"].candidate.feature_code == "AIRP"
    assert "said kind +1.00" in r["Heathrow"].reason


@pytest.mark.parametrize("policy", SHIPPED)
@pytest.mark.parametrize(("text", "name", "region"), [
    ("The virus spread in Lombardy.", "Lombardy", "Lombardia"),
    ("Wine tours in Tuscany are booming.", "Tuscany", "Toscana"),
    ("Rain fell across Piedmont.", "Piedmont", "Piemonte"),
])
def test_an_italian_region_by_its_english_name_is_the_region(offline_gazetteer, policy, text,
                                                             name, region):
    # the English name is the region's own in English news, not another name of it: a town
    # in Georgia or Canada that bears it is no rival
    r = resolve_text(offline_gazetteer, policy, text, [name])
    assert (r[name].candidate.name, r[name].candidate.feature_code) == (region, "ADM1")


@pytest.mark.parametrize("policy", SHIPPED)
def test_dubrovnik_is_the_croatian_city_not_a_slovenian_municipality(offline_gazetteer, policy):
    r = resolve_text(offline_gazetteer, policy, "Flights to Dubrovnik resumed.", ["Dubrovnik"])
    assert r["Dubrovnik"].candidate.country_code == "HR"


@pytest.mark.parametrize("policy", SHIPPED)
def test_piedmont_california_keeps_its_state(offline_gazetteer, policy):
    r = resolve_text(offline_gazetteer, policy, "Police in Piedmont, California said.",
                     ["Piedmont", "California"])
    assert (r["Piedmont"].candidate.country_code, r["Piedmont"].candidate.admin1) == ("US", "CA")


@pytest.mark.parametrize("policy", SHIPPED)
def test_kashmir_is_not_azad_kashmir_by_a_part_of_its_name(offline_gazetteer, policy):
    r = resolve_text(offline_gazetteer, policy, "Troops patrolled Kashmir.", ["Kashmir"])
    assert r["Kashmir"].candidate.country_code == "IN"


def resolve_every(gazetteer, policy, text, name, others=()):
    """The place of each occurrence of ``name`` in ``text``, in order; every occurrence of
    ``others`` is a mention too."""
    mentions = sorted((Mention(m.start(), m.end(), n, "GPE") for n in (name, *others)
                       for m in re.finditer(rf"\b{re.escape(n)}\b", text)),
                      key=lambda m: m.start)
    (parsed,) = resolve([ParsedDocument(Document("d", text), mentions)], gazetteer,
                        policy_named(policy), min_confidence=0.0)
    return [r.candidate for r in parsed.resolutions if r.mention.text == name]


@pytest.mark.parametrize("policy", SHIPPED)
def test_new_york_once_called_a_state_is_the_state_throughout_the_story(offline_gazetteer,
                                                                         policy):
    # GeoVirus: "New York state governor David Paterson …" then "… died in New York since
    # April": the story says once what New York is, and every bare mention is that
    text = ("New York state governor David Paterson declared an emergency. At least 75 people "
            "have died of flu in New York since April.")
    assert [c.feature_code for c in resolve_every(offline_gazetteer, policy, text,
                                                  "New York")] == ["ADM1", "ADM1"]


@pytest.mark.parametrize("policy", SHIPPED)
def test_a_story_that_calls_a_name_both_a_state_and_a_city_lends_neither(offline_gazetteer,
                                                                         policy):
    text = "Washington state officials met. Tourists visit Washington city and Washington."
    state, city, bare = resolve_every(offline_gazetteer, policy, text, "Washington")
    assert (state.feature_code, state.admin1) == ("ADM1", "WA")
    assert city.feature_class == "P" and bare.admin1 == "DC"


@pytest.mark.parametrize("policy", SHIPPED)
def test_a_county_of_the_name_says_nothing_of_the_bare_town(offline_gazetteer, policy):
    # a story names the county with its word; the bare name stays what it would be alone
    text = "Lexington is the seat of Lexington County. Police in Lexington said."
    alone = resolve_every(offline_gazetteer, policy, "Police in Lexington said.", "Lexington")
    *_, last = resolve_every(offline_gazetteer, policy, text, "Lexington")
    assert last.feature_class == "P" and last.source_id == alone[0].source_id


@pytest.mark.parametrize("policy", SHIPPED)
def test_a_town_before_its_state_does_not_make_the_town_an_area(offline_gazetteer, policy):
    # WikToR: "near Aurora, Missouri" has the form of a list of areas; it says nothing of
    # the article's other "Aurora"s, which stay the town (not the Philippine province)
    text = ("Aurora is a city in Lawrence County. The Honey Creek area, near Aurora, Missouri "
            "was settled by pioneers. They were later instrumental in founding Aurora.")
    assert {(c.feature_class, c.admin1) for c in resolve_every(
        offline_gazetteer, policy, text, "Aurora", ["Lawrence County", "Honey Creek",
                                                    "Missouri"])} == {("P", "MO")}


@pytest.mark.parametrize("policy", SHIPPED)
def test_new_york_after_buffalo_makes_the_story_s_new_york_the_state(offline_gazetteer, policy):
    text = ("A girl from Buffalo, New York died of flu. Hospitals across New York are full.")
    *_, last = resolve_every(offline_gazetteer, policy, text, "New York", ["Buffalo"])
    assert last.feature_code == "ADM1"


@pytest.mark.parametrize("policy", SHIPPED)
def test_yorkshire_in_a_list_of_english_circuits_is_the_county(offline_gazetteer, policy):
    # GeoWebNews: "23/24 June: Croft, Yorkshire. 28/29 July: Snetterton, Norfolk." was
    # Yorkshire, Virginia: GeoNames splits the county into its boroughs
    r = resolve_text(offline_gazetteer, policy,
                     "Races at Croft, Yorkshire and Snetterton, Norfolk.",
                     ["Croft", "Yorkshire", "Snetterton", "Norfolk"])
    assert (r["Yorkshire"].candidate.country_code, r["Yorkshire"].candidate.feature_code) == (
        "GB", "RGN")


@pytest.mark.parametrize("policy", SHIPPED)
def test_salisbury_the_english_city_is_in_england(offline_gazetteer, policy):
    """"English" is England, and "the English city of" holds Salisbury there (it had been
    Salisbury, North Carolina, and "English" the town of English, Indiana)."""
    text = ("Russia denied poisoning a former Russian agent in the English city of "
            "Salisbury. She was visiting her father in Salisbury.")
    r = resolve_text(offline_gazetteer, policy, text, ["Russia", "English", "Salisbury"])
    assert (r["English"].candidate.country_code, r["English"].candidate.admin1) == ("GB", "ENG")
    assert r["Salisbury"].candidate.country_code == "GB"


def test_a_container_named_before_the_kind_holds_the_place(offline_gazetteer):
    text = "Cases rose in the Chinese province of Hubei and in Nigeria's northern state of Kano."
    r = resolve_text(offline_gazetteer, "context", text, ["Chinese", "Hubei", "Nigeria", "Kano"])
    for name, cc in (("Hubei", "CN"), ("Kano", "NG")):
        assert r[name].candidate.country_code == cc
        assert "contained" in r[name].reason


def test_atlanta_georgia_is_the_state_that_holds_atlanta(offline_gazetteer):
    """"Atlanta, Georgia" in a paper's affiliations: the state holds an Atlanta, the country
    none (a close call that an unrelated toponym elsewhere had tipped to the country); and
    "Tbilisi, Georgia" is the country."""
    text = ("Centers for Disease Control and Prevention, Atlanta, Georgia; National Centre "
            "for Disease Control, Tbilisi, Georgia")
    georgias = [r for r in resolutions(offline_gazetteer, "context", text,
                                       ["Atlanta", "Georgia", "Tbilisi", "Georgia"])
                if r.mention.text == "Georgia"]
    assert [(g.candidate.country_code, g.candidate.feature_code) for g in georgias] == [
        ("US", "ADM1"), ("GE", "PCLI")]
    assert "holds the place before" in georgias[0].reason


def test_atlanta_georgia_usa_is_still_the_state(offline_gazetteer):
    """A country after the state closes the address; no list goes on from "Georgia"."""
    text = "CDC, Atlanta, Georgia, USA; Tbilisi, Georgia"
    first = next(r for r in resolutions(offline_gazetteer, "context", text,
                                        ["Atlanta", "Georgia", "USA", "Tbilisi", "Georgia"])
                 if r.mention.text == "Georgia")
    assert (first.candidate.country_code, first.candidate.feature_code) == ("US", "ADM1")
    assert "holds the place before" in first.reason


@pytest.mark.parametrize(("text", "names"), [
    # the name says it is an island: not the Bahamian district, nor Long Island City, which
    # GeoNames also calls "Long Island"
    ("Bird flu was found on a farm on Long Island.", ["Long Island"]),
    # the island lies in New York as the towns around it do, so the container holds it as it
    # holds Long Island City (80 km from the island's middle)
    ("Storms flooded homes across Long Island, New York.", ["Long Island", "New York"]),
])
@pytest.mark.parametrize("policy", SHIPPED)
def test_long_island_is_new_york_s_island_not_the_district_or_long_island_city(
        offline_gazetteer, policy, text, names):
    r = resolve_text(offline_gazetteer, policy, text, names)["Long Island"]
    assert r.candidate.feature_code == "ISL"
    assert km_from(r, 40.8, -73.0) <= 60


@pytest.mark.parametrize("policy", SHIPPED)
def test_long_island_beside_the_bahamas_is_still_the_district(offline_gazetteer, policy):
    r = resolve_text(offline_gazetteer, policy,
                     "The hurricane hit Long Island and Exuma in the Bahamas.",
                     ["Long Island", "Exuma", "Bahamas"])["Long Island"]
    assert r.candidate.country_code == "BS"


@pytest.mark.parametrize("policy", SHIPPED)
def test_guam_in_a_story_about_the_united_states_is_guam_with_its_geonames_id(
        offline_gazetteer, policy):
    # countrystatecity lists Guam among the US states: that record, without an id, had won
    r = resolve_text(offline_gazetteer, policy,
                     "The Pentagon said the United States will send bombers to Guam and "
                     "Texas.", ["United States", "Guam", "Texas"])
    assert (r["Guam"].candidate.geonameid, r["Guam"].candidate.feature_code) == (
        4043988, "PCLD")


@pytest.mark.parametrize("policy", SHIPPED)
def test_the_vatican_is_the_country_not_its_one_first_level_area(offline_gazetteer, policy):
    r = resolve_text(offline_gazetteer, policy,
                     "Pilgrims from Italy travelled to the Vatican for Easter.",
                     ["Italy", "Vatican"])
    assert r["Vatican"].candidate.geonameid == 3164670


@pytest.fixture(scope="module")
def default_geoparser():
    from geoparser import Geoparser

    return Geoparser()


def test_washington_dc_written_whole_leaves_washington_the_state_in_a_washington_story(
        default_geoparser):
    # "Washington" + "D.C." read apart made the story call "Washington" a city as well as a
    # state, so the story's cue said neither and the last "Washington" went to the capital
    doc = default_geoparser.parse(
        "CAMP MURRAY, Wash. \u2014 The civil support team of Washington state is on call. "
        "Trips to Saipan, Guam, Alaska, Hawaii, Florida and Washington, D.C., have put it on "
        "planes. Its focus has been at home in Washington.")
    placed = [(r.mention.text, r.candidate.geonameid) for r in doc.resolutions if r.candidate]
    assert ("Washington, D.C.", 4138106) in placed
    assert placed[-1] == ("Washington", 5815135)
    assert "D.C." not in [name for name, _ in placed]


def test_washington_township_new_jersey_is_found_and_placed_in_new_jersey(default_geoparser):
    # the tagger found "Washington Township", but the gazetteer check, which looked the name
    # up only as written, dropped it: GeoNames files New Jersey's towns under bare names
    doc = default_geoparser.parse(
        "The dinner is at Seasons restaurant in Washington Township, N.J., on April 24.")
    placed = {r.mention.text: r.candidate for r in doc.resolutions}
    assert placed["Washington Township"] is not None
    assert placed["Washington Township"].admin1 == "NJ"


@pytest.mark.parametrize("policy", SHIPPED)
def test_rome_beside_a_saint_peter_of_wisconsin_is_rome_italy(offline_gazetteer, policy):
    """Lomé, written "Rome" among its other names, had taken the capital's prominence as
    its rival abroad, so two Wisconsin villages near each other outweighed it."""
    r = resolve_text(offline_gazetteer, policy,
                     "Pope Francis led the Easter Vigil in St. Peter's Basilica, and the man "
                     "asked the Rome police captain to be his godfather.", ["St. Peter", "Rome"])
    assert r["Rome"].candidate.country_code == "IT"


@pytest.mark.parametrize("policy", SHIPPED)
def test_garden_city_in_the_united_states_is_not_singapore(offline_gazetteer, policy):
    """"Garden City", a nickname of Singapore, is no name of it in another language: it
    keeps the alternate-name penalty and wins neither the capital's nor the prominence term."""
    r = resolve_text(offline_gazetteer, policy,
                     "Garden City is a city in the United States whose schools opened in 1902.",
                     ["Garden City", "United States"])
    assert r["Garden City"].candidate.country_code == "US"
