"""The gazetteer matcher's filters and the hybrid recogniser's rules, each explained."""

import pytest

from geoparser.model import Mention
from geoparser.recognition import create_recogniser
from geoparser.recognition.hybrid import HybridRecogniser


@pytest.fixture(scope="module")
def matcher(offline_gazetteer):
    return create_recogniser("gazetteer")


def texts_of(mentions):
    return [m.text for m in mentions]


def test_common_words_need_a_big_namesake(matcher):
    (found,) = matcher.recognise(["We walked from the Cathedral to Bath in the Spring sunshine."])
    # Bath (pop. ~100k) passes; Cathedral and Spring are common words naming small places.
    assert texts_of(found) == ["Bath"]


def test_sentence_initial_small_place_is_skipped(matcher):
    (found,) = matcher.recognise(["Street lights came on over Kyoto."])
    assert texts_of(found) == ["Kyoto"]


def test_multiword_names_with_joiners(matcher):
    (found,) = matcher.recognise(["A ferry from Newcastle upon Tyne to Amsterdam."])
    assert texts_of(found) == ["Newcastle upon Tyne", "Amsterdam"]


@pytest.fixture(scope="module")
def hybrid(offline_gazetteer):
    return HybridRecogniser(gazetteer=offline_gazetteer)


def test_hybrid_rescues_a_place_spacy_called_an_organisation(hybrid):
    text = "Fishing boats in the harbour at Whitby, with the abbey on the cliff behind"
    (found,) = hybrid.recognise([text])
    assert texts_of(found) == ["Whitby"]
    assert "spaCy labelled it ORG" in found[0].why and found[0].label == "GPE"


def test_hybrid_keeps_spacy_places_and_skips_names_inside_persons(hybrid):
    (found,) = hybrid.recognise(["Jack London wrote in Oakland."])
    assert texts_of(found) == ["Oakland"]
    assert found[0].why == "spaCy labelled it GPE"


def test_hybrid_combine_rules_on_synthetic_mentions(hybrid):
    ents = [Mention(0, 6, "Boston", "GPE"), Mention(10, 20, "Jack Perth", "PERSON")]
    hits = [Mention(0, 6, "Boston", "GPE"), Mention(15, 20, "Perth", "GPE"),
            Mention(30, 35, "Leeds", "GPE")]
    out = hybrid._combine(ents, hits)
    assert [(m.text, m.why) for m in out] == [
        ("Boston", "spaCy labelled it GPE"),
        ("Leeds", "gazetteer match spaCy missed"),
    ]
    assert all(m.recogniser == "hybrid" for m in out)


def test_hybrid_matcher_hits_are_no_evidence_but_model_mentions_are():
    from geoparser.model import Mention
    from geoparser.recognition.hybrid import HybridRecogniser

    class Listed:
        name = "listed"

        def __init__(self, mentions):
            self.mentions = mentions

        def recognise(self, texts):
            return iter([list(self.mentions) for _ in texts])

    text = "Lincoln went to Leeds."
    hybrid = HybridRecogniser.__new__(HybridRecogniser)
    hybrid.labels, hybrid.rescue_labels, hybrid.name = frozenset({"GPE"}), frozenset(), "hybrid"
    hybrid.spacy = Listed([Mention(16, 21, "Leeds", "GPE")])
    hybrid.matcher = Listed([Mention(0, 7, "Lincoln", "GPE"), Mention(16, 21, "Leeds", "GPE")])
    [found] = hybrid.recognise([text])
    assert [(m.text, m.evidence) for m in found] == [("Lincoln", False), ("Leeds", True)]
