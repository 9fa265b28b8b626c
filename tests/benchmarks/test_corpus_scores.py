"""The table per corpus's row, on hand-made gold and parse outputs: every figure checked against
a worked example."""

import pytest

from benchmarks.accuracy.corpus_scores import people_per_100, score_corpus
from benchmarks.corpus_catalogue import PeopleAnnotated
from geoparser.model import (
    Candidate,
    Document,
    GoldEntity,
    GoldToponym,
    Mention,
    MentionKind,
    ParsedDocument,
    Resolution,
)

TEXT = "Jordan flew from Paris to Lyon via Main Street and Nice."
PARIS, LYON, NICE = (48.853, 2.349, 2988507), (45.749, 4.848, 2996944), (43.703, 7.266, 2990440)


def gold_toponym(text, name, point):
    start = text.index(name)
    return GoldToponym(start, start + len(name), name, lat=point[0], lon=point[1],
                       tolerance_km=161.0, geonameid=point[2])


def placed(text, name, lat, lon, marker, geonameid=None, kind=MentionKind.LITERAL):
    start = text.index(name)
    m = Mention(start, start + len(name), name, "TOPONYM")
    c = Candidate("test", name, name, lat, lon, geonameid=geonameid)
    return m, Resolution(m, c, 1, "context", "test", marker_confidence=marker, kind=kind)


def news():
    """Gold: Paris, Lyon, Nice (points, ids) and the person Jordan. Output: Jordan (a person
    drawn as a place), Paris right, Lyon placed in New York State (wrong), Main Street (a
    street-level false positive); Nice missed."""
    gold = Document("news", TEXT, (gold_toponym(TEXT, "Paris", PARIS),
                                   gold_toponym(TEXT, "Lyon", LYON),
                                   gold_toponym(TEXT, "Nice", NICE)),
                    entities=(GoldEntity(0, 6, "Jordan", "person"),))
    out = [placed(TEXT, "Jordan", 31.0, 36.0, 0.3),
           placed(TEXT, "Paris", *PARIS[:2], 0.9, geonameid=PARIS[2]),
           placed(TEXT, "Lyon", 43.08, -77.0, 0.8, geonameid=5125738),
           placed(TEXT, "Main Street", 43.7, 7.27, 0.6, kind=MentionKind.STREET)]
    return gold, ParsedDocument(gold, [m for m, _ in out], [r for _, r in out])


def unmarked():
    """A document that marks nobody: gold Berlin, found; "Smith" drawn as a place."""
    text = "Smith stayed in Berlin."
    berlin = (52.52, 13.405, 2950159)
    gold = Document("plain", text, (gold_toponym(text, "Berlin", berlin),))
    out = [placed(text, "Smith", 40.0, -75.0, 0.5),
           placed(text, "Berlin", berlin[0], berlin[1], 0.95, geonameid=berlin[2])]
    return gold, ParsedDocument(gold, [m for m, _ in out], [r for _, r in out])


def test_each_figure_of_the_worked_example():
    gold, parsed = news()
    f = score_corpus([gold], [parsed], PeopleAnnotated.EVERYWHERE)
    assert (f.documents, f.gold) == (1, 3)
    # exact: Paris and Lyon right (2 of 4 output, 2 of 3 gold)
    assert f.precision == pytest.approx(0.5)
    assert f.recall == pytest.approx(2 / 3)
    assert f.f1 == pytest.approx(2 * 0.5 * (2 / 3) / (0.5 + 2 / 3))
    assert f.f1_no_demonym == pytest.approx(f.f1)  # no output is a demonym
    # end to end: Paris alone found and placed within 161 km, and with its id
    assert f.acc161 == pytest.approx(1 / 3)
    assert f.acc_id == pytest.approx(1 / 3)
    # Jordan and Main Street are no gold span; without street-level kinds only Jordan
    assert f.fp_per_100 == pytest.approx(200 / 3)
    assert f.fp_per_100_no_street == pytest.approx(100 / 3)
    assert f.people_per_100 == pytest.approx(100 / 3)  # Jordan lay on a gold person
    # four markers, Paris the one right: bins 0.3, 0.9, 0.8, 0.6 each hold one marker, so
    # ECE = (0.3 + (1 - 0.9) + 0.8 + 0.6) / 4
    assert f.markers == 4
    assert f.markers_right == pytest.approx(0.25)
    assert f.marker_ece == pytest.approx(0.45)


def test_f1_without_demonyms_leaves_the_peoples_out_of_the_output():
    """A tweet annotating no adjectives of places: gold Paris; output Paris and "French" (a
    demonym). Exact F1 counts "French" as a false positive (P 0.5, R 1); without demonyms
    the output is Paris alone (F1 1)."""
    text = "French fans in Paris tonight"
    gold = Document("tweet", text, (gold_toponym(text, "Paris", PARIS),))
    out = [placed(text, "French", 46.0, 2.0, 0.9, kind=MentionKind.DEMONYM),
           placed(text, "Paris", *PARIS[:2], 0.9, geonameid=PARIS[2])]
    parsed = ParsedDocument(gold, [m for m, _ in out], [r for _, r in out])
    f = score_corpus([gold], [parsed], PeopleAnnotated.NOWHERE)
    assert f.f1 == pytest.approx(2 / 3)
    assert f.f1_no_demonym == pytest.approx(1.0)


def test_people_are_counted_only_where_the_corpus_marks_them():
    docs = [news(), unmarked()]
    gold, parsed = [g for g, _ in docs], [p for _, p in docs]
    assert people_per_100(gold, parsed, PeopleAnnotated.NOWHERE) is None
    # every document marks people: Jordan is one false positive on a person over 4 gold
    assert people_per_100(gold, parsed, PeopleAnnotated.EVERYWHERE) == pytest.approx(25.0)
    # only documents with entities mark people: over the 3 gold toponyms of "news" alone
    assert people_per_100(gold, parsed, PeopleAnnotated.DOCUMENTS_WITH_ENTITIES) == \
        pytest.approx(100 / 3)
    only_unmarked = [unmarked()]
    assert people_per_100([g for g, _ in only_unmarked], [p for _, p in only_unmarked],
                          PeopleAnnotated.EVERYWHERE) is None  # no entity anywhere


def test_without_points_nothing_geographic_is_told():
    text = "Rain in Leeds."
    gold = Document("np", text, (GoldToponym(8, 13, "Leeds"),))
    m = Mention(8, 13, "Leeds", "TOPONYM")
    r = Resolution(m, Candidate("t", "1", "Leeds", 53.8, -1.55), 1, "context", "t",
                   marker_confidence=0.9, kind=MentionKind.LITERAL)
    f = score_corpus([gold], [ParsedDocument(gold, [m], [r])], PeopleAnnotated.NOWHERE)
    assert (f.precision, f.recall) == (1.0, 1.0)
    assert f.acc161 is f.acc_id is f.marker_ece is f.markers_right is f.people_per_100 is None
    assert f.markers == 0
    assert f.fp_per_100 == 0.0
