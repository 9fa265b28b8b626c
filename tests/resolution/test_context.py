"""The context policy on a micro-gazetteer; each test is named after the mistake it prevents."""

from geoparser.model import Candidate, Document, Mention, ParsedDocument
from geoparser.pipeline import resolve
from geoparser.resolution import create_policy
from tests.helpers import place as c

PLACES = {
    "paris": [c("Paris", 48.857, 2.352, 2_138_551, "FR", "11", gid=1),
              c("Paris", 33.661, -95.556, 24_171, "US", "TX", gid=2)],
    "texas": [c("Texas", 31.25, -99.25, 29_000_000, "US", "TX", "A", "ADM1", gid=3)],
    "georgia": [c("Georgia", 42.0, 43.5, 3_700_000, "GE", None, "A", "PCLI", gid=4),
                c("Georgia", 32.75, -83.5, 10_700_000, "US", "GA", "A", "ADM1", gid=5)],
    "atlanta": [c("Atlanta", 33.749, -84.388, 498_715, "US", "GA", gid=6)],
    "savannah": [c("Savannah", 32.08, -81.09, 147_780, "US", "GA", gid=7)],
    "tbilisi": [c("Tbilisi", 41.69, 44.83, 1_049_498, "GE", "04", gid=8)],
    "boston": [c("Boston", 42.358, -71.060, 653_833, "US", "MA", gid=9),
               c("Boston", 52.976, -0.027, 45_339, "GB", "ENG", gid=10)],
    "skegness": [c("Skegness", 53.144, 0.336, 19_579, "GB", "ENG", gid=11)],
    "atlantis": [Candidate("t", "t:atl", "Atlantis", None, None, 1_000_000, 12)],
}


class MicroGazetteer:
    name = "micro"

    def lookup(self, toponym):
        return PLACES.get(toponym.lower(), [])


def resolve_text(text, names, guide=None):
    mentions = []
    for name in names:
        start = text.index(name)
        mentions.append(Mention(start, start + len(name), name, "GPE"))
    doc = Document("d", text)
    (parsed,) = resolve([ParsedDocument(doc, mentions)], MicroGazetteer(),
                        create_policy("context"), {"d": guide} if guide else None)
    return {r.mention.text: r for r in parsed.resolutions}


def test_bare_paris_is_the_french_capital():
    r = resolve_text("A weekend in Paris.", ["Paris"])["Paris"]
    assert r.candidate.country_code == "FR"
    assert r.reason.startswith("best context score of 2")


def test_paris_texas_is_contained_in_texas():
    r = resolve_text("Flooding in Paris, Texas, closed roads.", ["Paris", "Texas"])["Paris"]
    assert (r.candidate.country_code, r.candidate.admin1) == ("US", "TX")
    assert "contained +2.00" in r.reason


def test_bare_georgia_is_the_country():
    r = resolve_text("Elections in Georgia.", ["Georgia"])["Georgia"]
    assert r.candidate.country_code == "GE"


def test_georgia_next_to_atlanta_and_savannah_is_the_us_state():
    got = resolve_text("From Atlanta to Savannah, Georgia voted early.",
                       ["Atlanta", "Savannah", "Georgia"])
    assert got["Georgia"].candidate.country_code == "US"


def test_georgia_next_to_tbilisi_is_the_country():
    got = resolve_text("Tbilisi, the capital of Georgia.", ["Tbilisi", "Georgia"])
    assert got["Georgia"].candidate.country_code == "GE"


def test_boston_near_skegness_is_lincolnshire_boston():
    got = resolve_text("Boston and Skegness flood defences.", ["Boston", "Skegness"])
    assert got["Boston"].candidate.country_code == "GB"
    assert "near co-mentions" in got["Boston"].reason


def test_guide_point_biases_the_choice():
    r = resolve_text("Market day in Boston.", ["Boston"], guide=(52.9, 0.0))["Boston"]
    assert r.candidate.country_code == "GB" and "guide" in r.reason


def test_lone_boston_is_massachusetts():
    assert resolve_text("Snow in Boston.", ["Boston"])["Boston"].candidate.country_code == "US"


def test_unplaceable_candidate_is_still_chosen_when_alone():
    r = resolve_text("The lost city of Atlantis.", ["Atlantis"])["Atlantis"]
    assert r.candidate.name == "Atlantis" and "unplaceable" in r.reason


def test_order_of_candidates_does_not_matter():
    before = resolve_text("Boston and Skegness.", ["Boston", "Skegness"])["Boston"].candidate
    PLACES["boston"].reverse()
    try:
        after = resolve_text("Boston and Skegness.", ["Boston", "Skegness"])["Boston"].candidate
    finally:
        PLACES["boston"].reverse()
    assert before == after


def test_one_entity_from_several_sources_counts_once_with_the_preferred_point():
    from geoparser.resolution.base import representatives

    ne = Candidate("natural-earth", "ne:1", "Canada", 57.9, -102.4, 37_000_000, 6251999, "CA",
                   None, "A", "PCLI")
    wc = Candidate("world-countries", "wc:1", "Canada", 60.0, -95.0, 37_000_000, 6251999, "CA",
                   None, "A", "PCLI")
    town = c("Canada", 38.8, -4.0, 106, "ES", gid=2520387)
    assert representatives([wc, town, ne]) == [ne, town]


def test_state_without_population_beats_a_village_of_its_name():
    PLACES["ontario"] = [
        c("Ontario", 34.06, -117.65, 171_214, "US", "CA", gid=5379439),
        Candidate("natural-earth", "ne:on", "Ontario", 50.0, -86.0, None, 6093943, "CA", "08",
                  "A", "ADM1"),
    ]
    try:
        r = resolve_text("Flooding in Ontario.", ["Ontario"])["Ontario"]
    finally:
        del PLACES["ontario"]
    assert r.candidate.feature_code == "ADM1" and "population (imputed)" in r.reason


def test_alternate_name_only_match_is_penalised():
    # A larger town that is only *also known as* Springfield loses to Springfield itself;
    # on population alone (0.71 vs 0.68) it would win.
    PLACES["springfield"] = [
        c("Old Town", 40.0, -80.0, 100_000, "US", "PA", gid=1001),
        c("Springfield", 39.8, -89.6, 60_000, "US", "IL", gid=1002),
    ]
    try:
        r = resolve_text("Snow in Springfield.", ["Springfield"])["Springfield"]
    finally:
        del PLACES["springfield"]
    assert r.candidate.name == "Springfield"


def test_context_mentions_are_evidence_but_not_output():
    PLACES["santa maria"] = [
        c("Santa Maria", -29.68, -53.81, 261_031, "BR", "23", gid=3450083),
        c("Santa Maria", 34.95, -120.44, 107_263, "US", "CA", gid=5393049),
    ]
    PLACES["california"] = [Candidate("t", "t:ca", "California", 36.7, -119.6, None, 5332921,
                                      "US", "CA", "A", "ADM1")]
    text = "Santa Maria is a city in Santa Barbara County, California."
    doc = Document("d", text)
    gold = ParsedDocument(doc, [Mention(0, 11, "Santa Maria", "GOLD")])
    ca = text.index("California")
    extra = {"d": [Mention(ca, ca + 10, "California", "GPE"), Mention(0, 11, "Santa Maria", "GPE")]}
    try:
        (alone,) = resolve([gold], MicroGazetteer(), create_policy("context"))
        (helped,) = resolve([gold], MicroGazetteer(), create_policy("context"),
                            context_mentions=extra)
    finally:
        del PLACES["santa maria"], PLACES["california"]
    assert alone.resolutions[0].candidate.country_code == "BR"
    assert helped.resolutions[0].candidate.country_code == "US"
    assert [m.text for m in helped.mentions] == ["Santa Maria"]  # context is not output
    assert len(helped.resolutions) == 1


ORANGE_COUNTIES = [
    c("Orange County", 41.41, -74.22, None, "US", "NY", "A", "ADM2", gid=5129832),
    c("Orange County", 28.53, -81.42, None, "US", "FL", "A", "ADM2", gid=4167147),
    c("Orange County", 33.70, -117.83, None, "US", "CA", "A", "ADM2", gid=5379524),
]
STATES = {
    "california": [c("California", 37.25, -119.75, None, "US", "CA", "A", "ADM1", gid=5332921)],
    "florida": [c("Florida", 28.75, -82.5, None, "US", "FL", "A", "ADM1", gid=4155751)],
}


def with_places(places, text, names, weights=None):
    from geoparser.resolution.context import ContextPolicy

    PLACES.update(places)
    try:
        mentions = []
        at = 0
        for name in names:
            start = text.index(name, at)
            mentions.append(Mention(start, start + len(name), name, "GPE"))
            at = start + len(name)
        policy = ContextPolicy(weights) if weights else create_policy("context")
        (parsed,) = resolve([ParsedDocument(Document("d", text), mentions)], MicroGazetteer(),
                            policy)
    finally:
        for key in places:
            del PLACES[key]
    return {r.mention.text: r for r in parsed.resolutions}


def test_a_county_in_a_story_that_names_its_state_is_in_that_state():
    """Orange County, New York lay nearer the US towns named Greece and Portugal; the story
    says "California" (a Sacramento Bee opinion piece)."""
    got = with_places({"orange county": ORANGE_COUNTIES, **STATES},
                      "Orange County leaders voted again. Orange County has an especially "
                      "bad case of a California malady.",
                      ["Orange County", "California"])
    r = got["Orange County"]
    assert r.candidate.admin1 == "CA" and "state named +1.00" in r.reason


def test_a_named_state_weighs_less_among_several():
    got = with_places({"orange county": ORANGE_COUNTIES, **STATES},
                      "Orange County, like Florida and California, voted.",
                      ["Orange County", "Florida", "California"])
    assert "state named +0.50" in got["Orange County"].reason


def test_collection_toponyms_are_those_most_documents_name(monkeypatch):
    """A collection of thousands lends each lone document its most shared names, capped."""
    from geoparser import pipeline

    monkeypatch.setattr(pipeline, "COLLECTION_TOPONYMS", 2)
    place = Candidate(name="X", lat=0.0, lon=0.0, country_code="GB", source="t", source_id="1")
    docs = [[Mention(0, 4, "York", "GPE"), Mention(5, 9, "york", "GPE")],
            [Mention(0, 4, "York", "GPE"), Mention(5, 10, "Leeds", "GPE")],
            [Mention(0, 5, "Leeds", "GPE")], [Mention(0, 4, "Hull", "GPE")],
            [Mention(0, 7, "Nowhere", "GPE")]]
    names = {"York": [place], "york": [place], "Leeds": [place], "Hull": [place],
             "Nowhere": []}
    got = pipeline.collection_toponyms(docs, names)
    assert list(got) == ["york", "leeds"]  # York counted once per document; Nowhere has none


def test_a_name_said_again_is_chosen_as_a_document_of_it_alone_chooses_it():
    """The policy remembers, within a document, what it chose by a reading's rows; a second
    "Boston" must get the very choice, scores and reason that a fresh policy gives it, and
    another weighting must not be answered from the first's memo."""
    from dataclasses import replace

    from geoparser.resolution.base import ResolutionContext
    from geoparser.resolution.context import ContextPolicy, ContextWeights

    text = "Boston and Skegness. Boston again."
    mentions = [Mention(0, 6, "Boston", "GPE"), Mention(11, 19, "Skegness", "GPE"),
                Mention(21, 27, "Boston", "GPE")]
    found = {(m.start, m.end): tuple(PLACES[m.text.lower()]) for m in mentions}
    found[21, 27] = found[0, 6]
    context = ResolutionContext(Document("d", text), tuple(mentions), None, found)
    policy = ContextPolicy()
    first, _, again = (policy.choose(m, found[m.start, m.end], context) for m in mentions)
    fresh = ContextPolicy().choose(mentions[2], found[21, 27], context)
    assert again == fresh == replace(first, mention=mentions[2])
    assert first.candidate.country_code == "GB"
    other = ContextPolicy(ContextWeights(same_country=0.0, near=0.0, focus=0.0,
                                         same_first_level=0.0))
    other.extractor = policy.extractor  # one memo, two weightings
    assert other.choose(mentions[2], found[21, 27], context).scores != first.scores
