"""The chain of recognition passes over whole texts: what each pass adds, and how the chain
settles overlaps, wholes and lists between them and the recognisers' mentions."""

import pytest

from geoparser.model import Mention
from geoparser.recognition.passes.chain import convention_mentions
from tests.recognition.passes.known import Known


def names(text, mentions=(), places=()):
    return [m.text for m in convention_mentions(text, list(mentions), Known(*places))]


def at(text, name, label="GPE"):
    start = text.index(name)
    return Mention(start, start + len(name), name, label, "r")


def test_a_capitals_dateline_is_a_toponym():
    assert names("XENIA \u2014 The city council met.", places=("XENIA",)) == ["XENIA"]
    assert names("ATLANTA \u2013 Rain fell.", places=("ATLANTA",)) == ["ATLANTA"]


def test_a_dateline_with_state_and_agency_gives_both():
    text = "CHARLESTON, W.Va. (AP) \u2014 Lawmakers met."
    assert names(text, places=("CHARLESTON",)) == ["CHARLESTON", "W.Va."]
    assert names("EDMONTON, Ky \u2014 A fire.", places=("EDMONTON", "Ky")) == ["EDMONTON", "Ky"]


def test_a_capitals_opening_the_gazetteer_does_not_know_is_no_dateline():
    assert names("UPDATE \u2014 The road reopened.") == []


def test_a_province_abbreviation_after_a_place_is_a_toponym():
    text = "The mayor of Gatineau, Que. spoke."
    assert names(text, [at(text, "Gatineau")]) == ["Gatineau", "Que."]


def test_a_lowercase_word_after_a_comma_is_no_abbreviation():
    text = "Gatineau, he said."
    assert names(text, [at(text, "Gatineau")]) == ["Gatineau"]


def test_a_list_closed_by_counties_is_one_toponym_a_name():
    text = "Storms hit Becker, Clay, Douglas, Grant, Mahnomen counties on Friday."
    places = ("Becker", "Clay", "Douglas", "Grant", "Mahnomen")
    assert names(text, places=places) == list(places)


def test_two_counties_joined_by_and_replace_one_span_over_both():
    text = "in Oconee and Oglethorpe counties"
    wrong = at(text, "Oconee and Oglethorpe")
    assert names(text, [wrong], places=("Oconee", "Oglethorpe")) == ["Oconee", "Oglethorpe"]


def test_a_mention_already_made_is_kept_as_it_is():
    text = "ATLANTA \u2014 Rain fell."
    kept = at(text, "ATLANTA", "TOPONYM")
    got = convention_mentions(text, [kept], Known("ATLANTA"))
    assert got == [kept]


def test_area_abbreviations_in_a_list_are_toponyms():
    assert names("Storms moved through S.C. and N.C. on Monday.") == ["S.C.", "N.C."]
    assert names("Rain in Va., Md. and D.C. today.") == ["Va.", "Md.", "D.C."]
    text = "Fires in Texas and Okla. spread."
    assert names(text, [at(text, "Texas")]) == ["Texas", "Okla."]


def test_an_abbreviation_alone_or_before_a_name_is_no_list():
    assert names("Col. Smith and Miss. Jones met.") == []
    assert names("Ask S.C. Johnson and N.C. today.") == []
    assert names("He moved to Tenn. in 1990.") == []


KENYA = ("Suba, Migori, Homa Bay, Rongo, Siaya and Kisumu are among the worst affected "
         "districts.")
KENYA_TOWNS = ("Suba", "Migori", "Homa Bay", "Rongo", "Siaya", "Kisumu")


def test_a_list_with_two_places_found_makes_its_other_names_places():
    found = [at(KENYA, "Homa Bay"), at(KENYA, "Kisumu")]
    assert names(KENYA, found, places=KENYA_TOWNS) == list(KENYA_TOWNS)
    why = {m.text: m.why for m in convention_mentions(KENYA, found, Known(*KENYA_TOWNS))}
    assert why["Suba"] == "one of a list of places"


def test_a_list_with_one_place_found_is_left_as_it_is():
    found = [at(KENYA, "Kisumu")]
    assert names(KENYA, found, places=KENYA_TOWNS) == ["Kisumu"]


def test_a_name_of_a_list_the_gazetteer_does_not_know_stays_out():
    found = [at(KENYA, "Homa Bay"), at(KENYA, "Kisumu")]
    assert "Rongo" not in names(KENYA, found, places=("Suba", "Migori", "Siaya"))


def test_two_names_are_no_list_of_places():
    text = "Smith and Kisumu"
    assert names(text, [at(text, "Kisumu")], places=("Smith", "Kisumu")) == ["Kisumu"]


def test_a_lower_case_word_ends_a_list():
    text = "Paris, London, the Smiths, Jones and Brown"
    found = [at(text, "Paris"), at(text, "London")]
    assert names(text, found, places=("Jones", "Brown", "Smiths")) == ["Paris", "London"]


def test_a_place_at_the_end_of_a_longer_name_counts_as_found():
    text = "In Kisumu, Siaya, Bondo and Rongo"
    found = [at(text, "Kisumu"), at(text, "Siaya")]
    assert names(text, found, places=("Bondo", "Rongo")) == ["Kisumu", "Siaya", "Bondo",
                                                              "Rongo"]


def test_a_full_stop_closes_a_list_name():
    text = "They met Paris, Lyon, Nice. Bordeaux and Marseille were quiet."
    found = [at(text, "Paris"), at(text, "Lyon")]
    assert names(text, found, places=("Nice", "Bordeaux", "Marseille")) == [
        "Paris", "Lyon", "Nice"]


DRC = ("Experts went to the Democratic Republic of the Congo (DRC). MSF has 14 experts in "
       "DRC; the DRC-1 and A/DRC/07 strains are lab names.")


def test_an_acronym_a_story_defines_for_a_place_is_that_place_throughout():
    found = [at(DRC, "Democratic Republic of the Congo")]
    out = convention_mentions(DRC, found, Known("DRC"))
    assert [(m.text, m.start) for m in out] == [
        ("Democratic Republic of the Congo", DRC.index("Democratic")),
        ("DRC", DRC.index("(DRC)") + 1), ("DRC", DRC.index("in DRC") + 3)]
    assert out[1].why == "short for Democratic Republic of the Congo"


def test_an_acronym_that_does_not_spell_the_initials_is_not_defined():
    text = "Aid reached Kenya (MSF) and MSF left."
    assert names(text, [at(text, "Kenya")], places=("MSF",)) == ["Kenya"]


def test_a_building_defines_no_acronym():
    text = "At the Dubai World Trade Centre (DWTC) the DWTC board met."
    found = [at(text, "Dubai World Trade Centre")]
    assert names(text, found, places=("DWTC",)) == ["Dubai World Trade Centre"]


def test_a_two_letter_acronym_is_not_defined():
    text = "Birds in Hong Kong (HK) and the HK strain."
    assert names(text, [at(text, "Hong Kong")], places=("HK",)) == ["Hong Kong"]


def test_a_defined_acronym_the_gazetteer_does_not_know_stays_out():
    text = "the Federally Administered Tribal Areas (FATA) and FATA"
    found = [at(text, "Federally Administered Tribal Areas")]
    assert names(text, found) == ["Federally Administered Tribal Areas"]


class _Within(Known):
    """A gazetteer that knows which place lies in which area, and which of them are small
    towns (``small``)."""

    def __init__(self, *pairs, small=()):
        self.pairs, self.small = set(pairs), set(small)

    def __call__(self, names):
        return {n: n in {"CA", "RSA", "WI"} for n in names}

    def within(self, pairs, min_population=0):
        return {p: p in self.pairs and not (min_population and p[0] in self.small)
                for p in pairs}


def test_a_place_before_its_area_abbreviation_is_a_toponym_and_so_is_the_abbreviation():
    text = "the kit (Invitrogen, Carlsbad, CA) and an enzyme"
    out = convention_mentions(text, [], _Within(("Carlsbad", "CA")))
    assert [(m.text, m.why) for m in out] == [
        ("Carlsbad", "a place before its area's abbreviation"),
        ("CA", "area abbreviation after a place")]


def test_the_longest_name_the_area_holds_wins_and_nothing_else_before_it():
    text = "Researchers at Stanford University Palo Alto, CA said"
    out = convention_mentions(text, [], _Within(("Palo Alto", "CA"), ("Alto", "CA")))
    assert [m.text for m in out] == ["Palo Alto", "CA"]


def test_a_name_not_in_the_area_before_an_abbreviation_is_no_toponym():
    text = "Smith, CA said"
    assert convention_mentions(text, [], _Within(("Carlsbad", "CA"))) == []


def test_a_name_a_recogniser_found_is_not_made_again():
    text = "Johannesburg, Gauteng, RSA"
    found = [at(text, "Gauteng")]
    out = convention_mentions(text, found, _Within(("Gauteng", "RSA")))
    assert [(m.text, m.recogniser) for m in out] == [("Gauteng", "r"), ("RSA", "")]


def test_austin_tx_without_a_comma_is_austin_texas():
    """Social text leaves the comma out before a postal code: the place the gazetteer has in
    that state and the code are both toponyms, whether a recogniser found the place or not."""
    text = "Traffic from Austin TX to Halifax NS all weekend."
    out = convention_mentions(text, [at(text, "Halifax")],
                              _Within(("Austin", "TX"), ("Halifax", "NS")))
    assert [(m.text, m.why) for m in out] == [
        ("Austin", "a place before its area's abbreviation"),
        ("TX", "area abbreviation after a place"), ("Halifax", ""),
        ("NS", "area abbreviation after a place")]


def test_a_code_without_a_comma_after_a_name_the_state_does_not_hold_is_none():
    """"Smith PA said" (a physician assistant), a code in a word or a compound."""
    text = "Smith PA said the Austin TXT file and Austin TX-based firms differ."
    assert convention_mentions(text, [], _Within(("Austin", "TX"))) == []


def test_a_surname_and_initials_in_references_are_no_town_and_state():
    """"Vincent AL, Lager KM": Vincent, Alabama has 2,000 people; without a comma only an
    area or a town of 15,000 counts."""
    text = "17. Vincent AL, Lager KM, Ma W. Swine influenza."
    assert convention_mentions(text, [], _Within(("Vincent", "AL"), small={"Vincent"})) == []


def test_without_a_gazetteer_that_knows_areas_the_rule_is_off():
    text = "the kit (Invitrogen, Carlsbad, CA) and an enzyme"
    assert names(text, places=("Carlsbad", "CA")) == []


class _NamedAreas(Known):
    """A gazetteer that knows which place lies in which named country or state."""

    def __init__(self, *pairs):
        self.pairs = set(pairs)

    def __call__(self, names):
        return {n: any(n in p for p in self.pairs) for n in names}

    def within_named(self, pairs):
        return {p: p in self.pairs for p in pairs}


def test_a_place_before_its_country_is_a_toponym():
    text = "samples tested by ANSES (Nancy, France) in 2013"
    out = convention_mentions(text, [at(text, "France")], _NamedAreas(("Nancy", "France")))
    assert [(m.text, m.why) for m in out] == [
        ("Nancy", "a place before its country or state"), ("France", "")]


def test_a_place_before_its_state_on_the_next_line_is_a_toponym():
    text = "(StataCorp LP, College Station,\n Texas)"
    out = convention_mentions(text, [at(text, "Texas")],
                              _NamedAreas(("College Station", "Texas")))
    assert [m.text for m in out] == ["College Station", "Texas"]


def test_a_surname_before_a_state_is_no_toponym():
    text = "Rep. Walter Jones, Texas Republican, said"
    assert [m.text for m in convention_mentions(
        text, [at(text, "Texas")], _NamedAreas(("Jones", "Texas")))] == ["Texas"]


def test_a_name_before_a_possessive_state_is_no_toponym():
    text = "said Clinton, New York's senator"
    assert [m.text for m in convention_mentions(
        text, [at(text, "New York")], _NamedAreas(("Clinton", "New York")))] == ["New York"]


def test_a_name_the_country_does_not_hold_is_no_toponym():
    text = "said Macron, France"
    assert [m.text for m in convention_mentions(
        text, [at(text, "France")], _NamedAreas(("Nancy", "France")))] == ["France"]


def test_a_name_before_a_country_no_recogniser_found_is_no_toponym():
    text = "ANSES (Nancy, France)"
    assert convention_mentions(text, [], _NamedAreas(("Nancy", "France"))) == []


class _Countries(Known):
    """A gazetteer that knows ``places`` as countries or first-level areas and ``towns``
    as towns."""

    def __init__(self, places, towns=()):
        self.places, self.towns = set(places), set(towns)

    def __call__(self, candidates):
        return {n: n in self.places | self.towns for n in candidates}

    def country_or_state(self, candidates):
        return {n: n in self.places for n in candidates}


def marked(text, mentions=(), places=(), towns=()):
    return [m.text for m in convention_mentions(text, list(mentions),
                                                _Countries(places, towns))]


def test_a_country_with_a_footnote_marker_is_a_toponym():
    text = "1 INSERM U1052, Lyon, France1\n2 University of Copenhagen, Denmark13; Thailand6,2"
    assert marked(text, places=("France", "Denmark", "Thailand")) == [
        "France", "Denmark", "Thailand"]


def test_a_marked_place_of_several_words_replaces_its_piece():
    text = "Kowloon, Hong Kong4,5."
    assert marked(text, [at(text, "Hong")], places=("Hong Kong",)) == ["Hong Kong"]


def test_a_footnote_marker_after_a_town_or_a_word_is_no_toponym():
    """Only countries and first-level areas: "Table1", "Windows10" and a town's name with a
    number ("Springfield2", a street address's or a table's) are left alone."""
    text = "See Table1 and Windows10; the Springfield2 sample."
    assert marked(text, towns=("Springfield", "Table")) == []


def test_footnote_markers_need_a_gazetteer_that_knows_countries():
    assert names("Lyon, France1", places=("France",)) == []


def test_peoples_and_adjectives_of_places_are_toponyms():
    """GeoWebNews annotates "Russian jets" and "Texans" as toponyms of Russia and Texas; a
    tagger that finds some of them misses others, so the convention makes them all."""
    text = "Russian jets flew as Texans and South African officials watched European markets."
    assert names(text, places=("Russian", "Texans", "South African", "European")) == [
        "Russian", "Texans", "South African", "European"]


def test_ohioans_and_czechs_are_toponyms():
    """Both are in the held-out local news' gold; "Czechs" was no people while "Czech" had no
    plural, and "Poles" none while only the adjective "Polish" was known."""
    text = "Ohioans and Czechs and Poles visited."
    assert names(text, places=("Ohioans", "Czechs", "Poles")) == ["Ohioans", "Czechs", "Poles"]


def test_a_people_after_a_direction_or_opening_a_name_with_and_is_none():
    """"the North and South Poles" are no Poles; "Irish and Caicos", were the gazetteer to know
    it, opens a longer place name as "Indian Ocean" does."""
    assert names("North and South Poles melt.", places=("Poles",)) == []
    assert names("They flew to Irish and Caicos.", places=("Irish", "Irish and Caicos")) == []
    assert names("Poles and Czechs voted.", places=("Poles", "Czechs")) == ["Poles", "Czechs"]


def test_a_people_word_the_gazetteer_does_not_know_or_inside_a_word_is_none():
    assert names("Europeans watched.", places=()) == []
    assert names("The Anglo-Russian treaty; Russians' views.", places=("Russian", "Russians")) \
        == []
    assert names("Mr. English and the Russianists.", places=("English", "Russianists")) == []


def test_a_people_word_a_recogniser_found_is_kept_as_it_is():
    text = "Russian officials said so."
    found = convention_mentions(text, [at(text, "Russian", "TOPONYM")], Known("Russian"))
    assert [(m.text, m.label, m.why) for m in found] == [("Russian", "TOPONYM", "")]


def test_a_people_opening_a_longer_place_name_is_none():
    """"Indian Ocean" and "British Columbia" are places of their own, not India's or
    Britain's; "Russian Foreign Ministry" is no place, so "Russian" stays."""
    text = "Indian Ocean storms hit British Columbia, the Russian Foreign Ministry said."
    assert names(text, places=("Indian", "British", "Russian", "Indian Ocean",
                               "British Columbia")) == ["Russian"]


def test_two_peoples_in_a_row_are_one_people_and_no_place():
    text = "African Americans and Irish American voters met South African officials."
    assert names(text, places=("African", "Americans", "Irish", "American",
                               "South African")) == ["South African"]


def test_a_people_the_rule_adds_lends_no_context_and_one_a_recogniser_found_keeps_its_own():
    text = "Russian jets struck. Russian officials said so."
    found = convention_mentions(text, [at(text, "Russian", "TOPONYM")], Known("Russian"))
    assert [(m.start, m.evidence) for m in found] == [(0, True), (21, False)]


class _Found:
    """A recogniser that finds the given names wherever they stand."""

    name = "found"

    def __init__(self, *names):
        self.names = names

    def recognise(self, texts):
        for text in texts:
            yield [at(text, n) for n in self.names if n in text]


def test_nancy_before_france_in_an_affiliation_is_the_french_town(offline_gazetteer):
    from geoparser.recognition.tidied import Tidied

    text = "Samples were tested by ANSES (Nancy, France) and StataCorp LP, College Station, Texas."
    (out,) = Tidied(_Found("France", "Texas"), offline_gazetteer).recognise([text])
    assert [m.text for m in out] == ["Nancy", "France", "College Station", "Texas"]


def test_red_deer_alta_is_alberta_though_the_tagger_cut_its_full_stop():
    """A tagger that writes "Alta" without its stop read the Norwegian town; the area's
    abbreviation after the place takes the piece's place."""
    text = "Officials in Red Deer, Alta., and Gatineau, Que., said the storm moved east."
    out = convention_mentions(text, [at(text, "Red Deer"), at(text, "Alta"),
                                     at(text, "Gatineau"), at(text, "Que")], Known())
    assert [(m.text, m.why) for m in out] == [
        ("Red Deer", ""), ("Alta.", "area abbreviation after a place"), ("Gatineau", ""),
        ("Que.", "area abbreviation after a place")]


def test_a_dateline_s_area_replaces_its_piece():
    text = "CHARLESTON, W.Va. (AP) \u2014 Lawmakers met."
    assert names(text, [at(text, "W.Va")], places=("CHARLESTON",)) == ["CHARLESTON", "W.Va."]


def test_hashtags_of_countries_states_and_joined_names_are_toponyms():
    text = "#SierraLeone and #NewYork were trending, with #Nepal, #Texas and #UK."
    out = convention_mentions(text, [], _Countries(("Nepal", "Texas", "UK"),
                                                   towns=("SierraLeone", "NewYork")))
    assert [(m.text, m.why) for m in out] == [
        ("SierraLeone", "a hashtag"), ("NewYork", "a hashtag"), ("Nepal", "a hashtag"),
        ("Texas", "a hashtag"), ("UK", "a hashtag")]


def test_a_hashtag_of_a_town_s_word_or_of_no_place_is_none():
    """"#Hope" and "#Reading" tag topics far more often than Hope, Arkansas or Reading; a
    joined tag the gazetteer does not know is no place either."""
    text = "#Hope #Reading #BlackLivesMatter #nepal"
    assert marked(text, places=(), towns=("Hope", "Reading")) == []


def test_a_footnote_mark_before_a_name_is_no_hashtag():
    text = "Institute of Biotechnology, Vilnius; #Federal Biological Research Centre"
    assert marked(text, places=("Federal",)) == []


def test_a_hashtag_needs_a_gazetteer_that_knows_countries_for_one_word():
    assert names("#Nepal and #SierraLeone", places=("Nepal", "SierraLeone")) == ["SierraLeone"]


@pytest.mark.parametrize(("text", "town", "building"), [
    ("Fans queued outside Seoul's Jamsil Stadium on Friday.", "Seoul", "Jamsil Stadium"),
    ("Council voted to rename Harare's Third Street after him.", "Harare", "Third Street"),
    ("A new campus opened at Derry's Altnagelvin Hospital yesterday.", "Derry",
     "Altnagelvin Hospital"),
    ("Talks at Seoul's Jamsil Stadium Authority stalled.", "Seoul", "Jamsil Stadium"),
])
def test_a_street_or_building_after_a_town_s_possessive_is_a_toponym(text, town, building):
    out = convention_mentions(text, [at(text, town)], Known())
    assert [(m.text, m.why) for m in out] == [
        (town, ""), (building, "a street or building of the place before it")]


def test_a_possessive_before_no_street_or_building_adds_nothing():
    """"Seoul's Mayor Park", "London's Royal Free" (no street's or building's word), and a
    possessive of no toponym."""
    for text, town in (("Seoul's Mayor Park spoke.", "Seoul"),
                       ("at London's Royal Free, doctors said", "London")):
        assert [m.text for m in convention_mentions(text, [at(text, town)], Known())] == [town]
    assert convention_mentions("Smith's Grand Hotel closed.", [], Known()) == []


@pytest.mark.parametrize("text, initials", [
    ("The minister told the T&T mission to object.", "T&T"),
    ("They address the DPRK's security concerns.", "DPRK"),
    ("Talks on the DPRK-South Korea summit began.", "DPRK"),
    ("Officials of the KSA met the ROK's envoy in BiH.", "KSA"),
    ("The U.A.E. said so.", "U.A.E."),
])
def test_a_country_s_initials_are_a_toponym_where_they_stand_alone(text, initials):
    out = convention_mentions(text, [], Known("T&T", "DPRK", "KSA", "ROK", "BiH", "U.A.E."))
    assert initials in [m.text for m in out]
    assert {m.why for m in out} == {"a country's initials"}


def test_a_country_s_initials_inside_a_code_or_a_word_are_none():
    text = "The DRC-1 and A/DRC/07 strains, DRCs and the PRCA were typed."
    assert names(text, places=("DRC", "PRC")) == []


def test_initials_the_gazetteer_does_not_know_stay_out():
    # "DPRK" stays in: resolution expands it to North Korea whatever the gazetteer
    assert names("The T&T mission and the DPRK said.") == ["DPRK"]


def test_car_and_rsa_alone_are_no_country():
    # "CAR T cells", the RSA cipher: these name a country only after a place
    assert names("CAR T cells and RSA keys.", places=("CAR", "RSA")) == []


def test_a_direction_and_a_continent_s_people_are_a_toponym_of_the_region():
    text = "Central American migrants and Southeast Asians crossed."
    assert names(text, places=("Central American", "Southeast Asians")) == [
        "Central American", "Southeast Asians"]


def test_a_direction_before_a_country_s_people_stays_out():
    # "South Poles" would read as the south of Poland
    assert names("Between the North and South Poles.", places=("South Poles", "Poles")) == []


def test_a_direction_and_a_people_the_gazetteer_does_not_know_as_a_region_stay_out():
    assert names("Central American migrants crossed.") == []


class _Written(_Within):
    """``_Within`` that also lists some names as written (``KnownNames.written``) and knows
    ``names``."""

    def __init__(self, *pairs, listed=(), names=("Washington", "D.C.", "DC")):
        super().__init__(*pairs)
        self.listed, self.names = set(listed), set(names)

    def __call__(self, names):
        return {n: n in self.listed or n in self.names for n in names}

    def written(self, names):
        return {n: n in self.listed for n in names}


def test_washington_dc_is_one_toponym_and_its_pieces_give_way():
    text = "Trips to Florida and Washington, D.C., among others, and to Washington, DC twice."
    second = text.rindex("Washington")
    found = [at(text, "Florida"), at(text, "Washington"),
             Mention(second, second + 10, "Washington", "GPE", "r")]
    gaz = _Written(("Washington, D.C.", "D.C."), ("Washington, DC", "DC"),
                   listed=("Washington, D.C.", "Washington, DC"))
    out = convention_mentions(text, found, gaz)
    assert [(m.text, m.why) for m in out] == [
        ("Florida", ""),
        ("Washington, D.C.", "a place whose name holds its area's abbreviation"),
        ("Washington, DC", "a place whose name holds its area's abbreviation")]


def test_a_capitals_dateline_with_the_district_is_one_toponym():
    text = "WASHINGTON, D.C. (AP) \u2014 The Senate voted."
    gaz = _Written(("WASHINGTON, D.C.", "D.C."), listed=("WASHINGTON, D.C.",),
                   names=("WASHINGTON",))
    assert [m.text for m in convention_mentions(text, [], gaz)] == ["WASHINGTON, D.C."]


def test_a_place_and_a_state_written_out_stay_two_toponyms():
    """Mexico has a San Antonio Texas: a name written out is no part of a place's own name."""
    text = "She lives in San Antonio, Texas, near the river."
    gaz = _Written(("San Antonio, Texas", "Texas"), listed=("San Antonio, Texas",))
    out = convention_mentions(text, [at(text, "San Antonio"), at(text, "Texas")], gaz)
    assert [m.text for m in out] == ["San Antonio", "Texas"]


def test_a_place_and_its_code_stay_two_where_the_whole_is_no_name_of_a_place_there():
    """"Washington, N.C." is no name the gazetteer lists; "Washington, D.C." is, but (here)
    not of a place inside D.C."""
    text = "He flew from Washington, N.C. to Raleigh and from Washington, D.C. home."
    second = text.rindex("Washington")
    found = [at(text, "Washington"), Mention(second, second + 10, "Washington", "GPE", "r")]
    out = convention_mentions(text, found, _Written(listed=("Washington, D.C.",)))
    assert [m.text for m in out] == ["Washington", "N.C.", "Washington", "D.C."]


def test_without_a_gazetteer_that_lists_names_as_written_nothing_is_joined():
    text = "Trips to Washington, D.C. are common."
    out = convention_mentions(text, [at(text, "Washington")], _Within(("Washington, D.C.",
                                                                        "D.C.")))
    assert [m.text for m in out] == ["Washington", "D.C."]


@pytest.mark.parametrize(("text", "places", "expected"), [
    ("found in the northern town of Toruń, famous for", ("Toruń",), ["Toruń"]),
    ("the villages of Bumbacari and Dudescu on Thursday", ("Bumbacari", "Dudescu"),
     ["Bumbacari", "Dudescu"]),
    ("the cities of Suwon, Incheon and Seoul", ("Suwon", "Incheon", "Seoul"),
     ["Suwon", "Incheon", "Seoul"]),
    ("the province of Western Kasai declared", ("Western", "Western Kasai"), ["Western Kasai"]),
    ("in the state of New York State Police", ("New York",), ["New York"]),
    ("the city of Sao Paulo reported", ("Sao Paulo", "Paulo"), ["Sao Paulo"]),
])
def test_a_place_named_after_its_kind_s_word_is_a_toponym(text, places, expected):
    assert names(text, places=places) == expected
    assert {m.why for m in convention_mentions(text, [], Known(*places))} == {
        "named after its kind's word"}


@pytest.mark.parametrize(("text", "places", "expected"), [
    ("a state of Emergency was declared", (), []),                    # no place of the name
    ("the region of KBR compared to TOP", ("KBR",), []),             # in capitals: a gene's
    ("The Town of Hempstead voted", ("Hempstead",), []),              # a municipality's name
    ("the town of Toruń", (), []),                                    # a name no one knows
    ("the town where Toruń lies", ("Toruń",), []),                    # no "of"
    ("the village of Kisumu and Homa Bay", ("Kisumu", "Homa Bay"), ["Kisumu"]),  # one name
])
def test_a_kind_s_word_names_only_the_known_places_right_after_it(text, places, expected):
    assert names(text, places=places) == expected
