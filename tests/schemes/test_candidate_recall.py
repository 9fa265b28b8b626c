"""Candidate recall (the gazetteer oracle) and the corpora the recall script reads."""

import pytest

from evaluation.schemes.candidate_recall import candidate_recall
from geoparser.corpora import read_corpus
from geoparser.model import Candidate, Document, GoldToponym
from tests.conftest import SHARED

PERTH_AU = Candidate("t", "1", "Perth", -31.95, 115.86, 2_000_000)
PERTH_GB = Candidate("t", "2", "Perth", 56.40, -3.43, 47_000)
NO_POINT = Candidate("t", "3", "Tayside", None, None)


class StubGazetteer:
    name = "stub"

    def lookup(self, toponym):
        return {"Perth": [PERTH_AU], "Scotland Perth": [PERTH_AU, PERTH_GB],
                "Tayside": [NO_POINT]}.get(toponym, [])


def doc(*tops):
    return Document("d", "text", tuple(GoldToponym(None, None, *t) for t in tops))


def test_counts_a_toponym_with_any_candidate_within_161_km():
    r = candidate_recall([doc(("Scotland Perth", 56.5, -3.5), ("Perth", 56.4, -3.4),
                              ("Atlantis", 0.0, 0.0), ("Tayside", 56.5, -3.0))], StubGazetteer())
    assert (r.n, r.found, r.no_candidate) == (4, 1, 2)
    assert r.recall == 0.25 and r.misses == ["Perth", "Atlantis", "Tayside"]


def test_toponyms_without_coordinates_are_left_out_and_empty_recall_is_undefined():
    r = candidate_recall([doc(("Perth", None, None))], StubGazetteer())
    assert r.n == 0 and r.recall is None


def test_radius_is_a_parameter():
    # Perth, Scotland is ~100 km from Edinburgh's latitude/longitude below
    edinburgh = doc(("Scotland Perth", 55.95, -3.19))
    assert candidate_recall([edinburgh], StubGazetteer(), radius_km=161).found == 1
    assert candidate_recall([edinburgh], StubGazetteer(), radius_km=10).found == 0


def _script():
    from benchmarks.accuracy import gazetteer_recall

    return gazetteer_recall


# GeoWebNews comes from its BRAT release through geoparser.corpora (as every other reader of
# it), not from GWN.xml: 2,539 toponyms with points under the converter's type rules.
@pytest.mark.parametrize(("name", "n"), [("GeoVirus", 2170), ("GeoWebNews", 2539)])
def test_recall_script_reads_the_corpora_through_geoparser_corpora(name, n):
    fmt, rel = next((fmt, rel) for corpus, fmt, rel in _script().CORPORA if corpus == name)
    path = SHARED / "corpora" / rel
    if not path.exists():
        pytest.skip(f"{path} is absent")
    docs = read_corpus(fmt, path)
    tops = [(d, t) for d in docs for t in d.toponyms if t.has_point]
    assert len(tops) == n
    matching = sum(d.text[t.start:t.end] == t.text for d, t in tops)
    assert matching / n > 0.99, matching
