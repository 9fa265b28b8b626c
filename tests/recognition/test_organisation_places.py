"""Place names inside organisation names, added to a recogniser that only tags toponyms."""

from dataclasses import replace

import pytest

from geoparser.model import Candidate, Mention
from geoparser.recognition.organisation_places import (
    MIN_COMMON_POPULATION,
    MIN_TOWN_POPULATION,
    OrganisationPlaces,
    _prominent,
    embedded_as_found,
)


def _place(fclass, fcode, population=None, name="x"):
    return Candidate(source="t", source_id="1", name=name, lat=0.0, lon=0.0,
                     feature_class=fclass, feature_code=fcode, population=population)


STATE = _place("A", "ADM1", name="Illinois")
CITY = _place("P", "PPL", 2_700_000)
TOWN = _place("P", "PPL", MIN_TOWN_POPULATION - 1)


@pytest.mark.parametrize(("name", "candidates", "prominent"), [
    ("Illinois", [STATE], True),
    ("Toronto", [CITY], True),
    ("Allendale", [TOWN], False),  # a town too small to be read out of a name by chance
    ("Orange", [_place("P", "PPL", MIN_COMMON_POPULATION - 1, "Orange"),
                _place("A", "ADM2", name="Orange")],
     False),  # a common word: only a country, a state or a city
    ("Georgia", [_place("A", "ADM1", name="Georgia")], True),
    ("Orange", [_place("P", "PPL", MIN_COMMON_POPULATION, "Orange")], True),
    # a common word that is only another name of the place: a translation, a nickname
    ("Interior", [_place("A", "ADM1", name="Ad Dākhilīyah")], False),
    ("Capital", [_place("A", "ADM1", name="Höfuðborgarsvæði")], False),
    ("Golden State", [_place("A", "ADM1", name="California")], False),
    ("Georgia", [STATE], False),  # Illinois is no Georgia
    ("Bombay", [_place("P", "PPL", 12_000_000, "Mumbai")], True),  # a city by another name
    ("Holland", [_place("A", "PCLI", 17_000_000, "Netherlands")], True),  # a country too
    ("Zurich", [_place("A", "ADM1", name="Zürich")], True),  # the same name unaccented
    ("NBC", [CITY], False),  # an acronym, not a place
    ("MoD", [CITY], False),  # the Ministry of Defence, not "Mod" (Modesto)
    ("South", [STATE], False),  # "South Central Ambulance Service": a direction
    ("US", [_place("A", "PCLI", 330_000_000)], True),  # an area code
    ("La", [STATE], False),
    ("The", [CITY], False),
    ("Nowhere", [], False),
    ("Marathon County", [_place("A", "ADM2")], True),  # common words, but a county's name
    ("Cauvery", [replace(_place("H", "STM"), scale_rank=7.0)], True),  # a river on the map
    ("Cauvery", [_place("H", "STM")], False),  # a stream no map labels
    ("Amazon", [replace(_place("H", "STM"), scale_rank=0.0)], False),  # a common word
    ("Marcy", [replace(_place("T", "MT"), scale_rank=8.0)], False),  # a mountain: a person too
    ("Marathon", [_place("A", "ADM2")], False),
    ("S.", [_place("A", "PCLD")], False),  # one letter, whatever a source spells so
    ("UK", [_place("A", "PCLI")], True),
])
def test_only_a_prominent_place_is_read_out_of_an_organisation_name(name, candidates,
                                                                    prominent):
    assert _prominent(name, candidates) is prominent


class _Fixed:
    name = "fixed"

    def __init__(self, *words):
        self.words = words

    def recognise(self, texts):
        for text in texts:
            yield [Mention(text.index(w), text.index(w) + len(w), w, "TOPONYM", "fixed")
                   for w in self.words if w in text]


@pytest.fixture(scope="module")
def gazetteer():
    from geoparser.gazetteers import create_gazetteer

    return create_gazetteer("offline")


TEXT = ("Experts at the Illinois Department of Public Health say the water is safe. "
        "It rained all day in Chicago.")


def test_the_place_opening_an_organisation_name_is_a_mention_lending_no_context(gazetteer):
    (out,) = OrganisationPlaces(_Fixed("Chicago"), gazetteer).recognise([TEXT])
    assert [m.text for m in out] == ["Illinois", "Chicago"]
    illinois = out[0]
    assert (illinois.start, illinois.end) == (TEXT.index("Illinois"),
                                              TEXT.index("Illinois") + len("Illinois"))
    assert illinois.evidence is False and "ORG" in illinois.why


def test_a_place_the_inner_recogniser_found_is_not_added_twice(gazetteer):
    (out,) = OrganisationPlaces(_Fixed("Illinois", "Chicago"), gazetteer).recognise([TEXT])
    assert [m.text for m in out] == ["Illinois", "Chicago"]
    assert out[0].recogniser == "fixed"


def test_a_place_the_inner_recogniser_found_inside_a_name_is_embedded_in_it(gazetteer):
    (out,) = OrganisationPlaces(_Fixed("Illinois", "Chicago"), gazetteer).recognise([TEXT])
    illinois, chicago = out
    assert TEXT[slice(*illinois.within)] == "Illinois Department of Public Health"
    assert illinois.recogniser == "fixed" and illinois.evidence is True
    assert chicago.within is None


def test_embedded_as_found_gives_only_an_exact_span_without_its_own_name():
    own = [Mention(10, 18, "Michigan", "TOPONYM", "t"),
           Mention(30, 36, "Denver", "TOPONYM", "t"),
           Mention(40, 45, "Paris", "TOPONYM", "t", within=(40, 52))]
    theirs = [Mention(5, 13, "Michigan", "GPE", "s", evidence=False, within=(0, 13)),
              Mention(26, 31, "Denve", "GPE", "s", evidence=False, within=(20, 31)),
              Mention(35, 40, "Paris", "GPE", "s", evidence=False, within=(35, 60)),
              Mention(25, 31, "Denver", "GPE", "s")]  # a place entity, not inside a name
    michigan, denver, paris = embedded_as_found(own, theirs, at=5)
    assert michigan.within == (5, 18)
    assert denver.within is None
    assert paris.within == (40, 52)


def test_only_sentences_with_a_place_the_inner_recogniser_missed_reach_the_spacy_pipeline(
        gazetteer):
    recogniser = OrganisationPlaces(_Fixed("Chicago"), gazetteer)
    seen = []
    inner = recogniser.organisations.recognise

    def spy(texts):
        texts = list(texts)
        seen.extend(texts)
        return inner(texts)

    recogniser.organisations.recognise = spy
    list(recogniser.recognise([TEXT, "Nothing here names a place at all."]))
    assert seen == ["Experts at the Illinois Department of Public Health say the water is "
                    "safe. "]


def test_a_text_gives_the_same_mentions_alone_and_among_others(gazetteer):
    texts = [TEXT, "The Toronto Transit Commission met. Nothing else.", "No names.",
             "Millions of users had their data exploited by Cambridge Analytica."]
    recogniser = OrganisationPlaces(_Fixed("Chicago"), gazetteer)
    together = list(recogniser.recognise(texts))
    alone = [next(recogniser.recognise([t])) for t in texts]
    assert together == alone
    assert [m.text for m in together[1]] == ["Toronto"]
    assert [m.text for m in together[3]] == ["Cambridge"]
    assert list(reversed(list(recogniser.recognise(list(reversed(texts)))))) == together


def test_cambridge_in_cambridge_analytica_is_added_when_the_inner_recogniser_missed_it(
        gazetteer):
    """en_core_web_sm tags "Cambridge" a GPE there; a prominent place, so it is a toponym of
    its own, lending context as any other."""
    text = "Millions of users had their data exploited by Cambridge Analytica."
    (out,) = OrganisationPlaces(_Fixed(), gazetteer).recognise([text])
    assert [(m.text, m.evidence) for m in out] == [("Cambridge", True)]


def test_texas_in_texas_southern_university_is_the_toponym(gazetteer):
    """A tagger taught by GeoWebNews (which annotates facilities whole) may tag the whole
    institution, a name no gazetteer places; the news the issue describes annotates the state
    inside it, which stands for it, lending no context."""
    text = "Students at Texas Southern University and Seoul City Hall staff protested."
    (out,) = OrganisationPlaces(_Fixed("Texas Southern University", "Seoul City Hall"),
                                gazetteer).recognise([text])
    assert [(m.text, m.evidence) for m in out] == [("Texas", False), ("Seoul", False)]
    assert out[0].recogniser == "fixed" and "Texas Southern University" in out[0].why


@pytest.mark.parametrize("name", [
    "John F. Kennedy International Airport",  # an airport is a place of its own
    "Washington Square",  # a name the gazetteer knows
    "Union Station",  # no prominent place inside
    "Royal Street",  # a street, no institution
])
def test_an_institution_s_name_stays_whole_where_nothing_stands_for_it(gazetteer, name):
    text = f"Crowds gathered at {name} on Monday."
    (out,) = OrganisationPlaces(_Fixed(name), gazetteer).recognise([text])
    assert [m.text for m in out] == [name]


def test_a_place_entity_no_gazetteer_knows_is_not_added(gazetteer):
    (out,) = OrganisationPlaces(_Fixed(), gazetteer).recognise(
        ["The family moved to Wakanda last year."])
    assert out == []


def test_the_interior_ministry_is_no_province_of_oman(gazetteer):
    """Natural Earth gives Oman's Ad Dākhilīyah the English name "Interior": a common word
    that is only a translation is not read out of an organisation's name (18 false
    positives on LGL-dev's Georgian war stories)."""
    text = "The Interior Ministry said the Capital Region police had made no arrests."
    (out,) = OrganisationPlaces(_Fixed(), gazetteer).recognise([text])
    assert out == []


def test_the_registered_recogniser_finds_the_place_in_the_name():
    from geoparser.recognition import create_recogniser

    (out,) = create_recogniser("toponym-transformer-orgs").recognise(
        ["Riders said the Toronto Transit Commission cut service on Monday."])
    assert "Toronto" in [m.text for m in out]


def test_every_trained_recogniser_has_an_organisation_places_variant():
    from geoparser.recognition import RECOGNISERS, create_recogniser

    assert {"toponym-orgs", "toponym-transformer-orgs"} <= set(RECOGNISERS.names())
    (out,) = create_recogniser("toponym-orgs").recognise(
        ["Riders said the Toronto Transit Commission cut service on Monday."])
    assert "Toronto" in [m.text for m in out]


class _Counting:
    """A gazetteer that records each batch of names it is asked."""

    name = "offline"

    def __init__(self, inner):
        self.inner, self.batches = inner, []

    def lookup(self, toponym):
        self.batches.append([toponym])
        return self.inner.lookup(toponym)

    def lookup_many(self, toponyms):
        self.batches.append(list(toponyms))
        return self.inner.lookup_many(self.batches[-1])


def test_the_sentences_to_read_are_chosen_with_one_gazetteer_batch_a_document(gazetteer):
    """Every name run's words are asked of the gazetteer together, once a document, not once
    a run (2,012 batches on 100 GeoWebNews articles, docs/measurements.md, *Start-up*)."""
    counting = _Counting(gazetteer)
    recogniser = OrganisationPlaces(_Fixed(), counting)
    text = ("The Ohio River rose. Officials at the Illinois Department of Public Health met "
            "Red Cross staff in Louisville. Mayor Greg Fischer of Louisville spoke.")
    asked_before_spacy = []
    inner = recogniser.organisations.recognise

    def spy(texts):
        asked_before_spacy.append(len(counting.batches))
        return inner(texts)

    recogniser.organisations.recognise = spy
    (out,) = recogniser.recognise([text])
    assert asked_before_spacy == [1]
    assert {"Ohio", "Illinois", "Louisville"} & {m.text for m in out}
