"""The tagger's threshold, chosen on the spans the checked recogniser keeps on each corpus's dev."""

import pytest
import spacy

from geoparser.model import Candidate, Mention
from geoparser.recognition.training.threshold_choice import (
    checked_scores,
    choose_checked_threshold,
    gold_and_hidden,
    threshold_record,
)

NLP = spacy.blank("en")


class Known:
    """A gazetteer that knows a fixed set of names."""

    name = "known"

    def __init__(self, *names: str) -> None:
        self.names = set(names)

    def lookup(self, toponym):
        if toponym not in self.names:
            return []
        return [Candidate(source="known", source_id="1", name=toponym, lat=0.0, lon=0.0)]


class Tagger:
    """A tagger whose words at each threshold are given: ``found[t]`` lists, per text, the
    words it tags at threshold ``t``."""

    def __init__(self, found):
        self.found = found

    def recognise_at(self, texts, thresholds):
        out = {}
        for t in thresholds:
            out[t] = [[Mention(text.index(w), text.index(w) + len(w), w, "TOPONYM", "tagger")
                       for w in words] for text, words in zip(texts, self.found[t], strict=True)]
        return out


def doc(text, places=(), missing=()):
    """A dev sentence doc: ``places`` are toponyms, ``missing`` words the corpus leaves out."""
    d = NLP(text)

    def span(word, label):
        start = text.index(word)
        return d.char_span(start, start + len(word), label=label)

    d.set_ents([span(w, "TOPONYM") for w in places],
               missing=[span(w, "") for w in missing], default="outside")
    return d


def test_gold_and_hidden_read_a_dev_doc():
    d = doc("Russian troops left Kherson", places=["Kherson"], missing=["Russian"])
    assert gold_and_hidden(d) == ({(20, 27)}, [(0, 7)])


def test_a_span_the_gazetteer_does_not_know_costs_no_precision():
    # the tagger's own spans would lose precision to "GenBank" at 0.7; the checked ones do not
    dev = {"news": [doc("Lyon and GenBank in Paris", places=["Lyon", "Paris"])]}
    tagger = Tagger({0.3: [["Paris"]], 0.7: [["Lyon", "GenBank", "Paris"]]})
    best, scores = choose_checked_threshold(tagger, dev, (0.3, 0.7), Known("Lyon", "Paris"))
    assert best == 0.7
    assert scores[0.7]["news"] == {"precision": 1.0, "recall": 1.0, "f1": 1.0}
    assert scores[0.3]["news"]["recall"] == 0.5


def test_a_prediction_on_a_word_the_corpus_leaves_out_counts_neither_way():
    dev = {"science": [doc("Russian samples from Moscow", places=["Moscow"],
                           missing=["Russian"])]}
    tagger = Tagger({0.5: [["Russian", "Moscow"]]})
    scores = checked_scores(tagger, dev, (0.5,), Known("Russian", "Moscow"))
    assert scores[0.5]["science"] == {"precision": 1.0, "recall": 1.0, "f1": 1.0}


def test_each_corpus_counts_as_one_whatever_its_size():
    # pooled, the nine-document corpus's false "Lyon"s would choose 0.3; each corpus as one,
    # the small corpus's two more places choose 0.7
    big = [doc(f"Paris {k} Lyon", places=["Paris"]) for k in range(9)]
    small = [doc("Kherson, Odesa and Lviv", places=["Kherson", "Odesa", "Lviv"])]
    found = {"big": {0.3: [["Paris"]] * 9, 0.7: [["Paris", "Lyon"]] * 9},
             "small": {0.3: [["Kherson"]], 0.7: [["Kherson", "Odesa", "Lviv"]]}}

    class ByCorpus:
        def recognise_at(self, texts, thresholds):
            corpus = "big" if len(texts) == 9 else "small"
            return Tagger(found[corpus]).recognise_at(texts, thresholds)

    best, scores = choose_checked_threshold(ByCorpus(), {"big": big, "small": small},
                                            (0.3, 0.7),
                                            Known("Paris", "Lyon", "Kherson", "Odesa", "Lviv"))
    assert scores[0.3]["big"]["f1"] == 1.0 and scores[0.7]["big"]["f1"] == 0.6667
    assert scores[0.3]["small"]["f1"] == 0.5 and scores[0.7]["small"]["f1"] == 1.0
    assert scores[0.7]["mean"]["f1"] > scores[0.3]["mean"]["f1"]
    assert best == 0.7


def test_a_tie_goes_to_the_threshold_nearest_a_half():
    dev = {"news": [doc("Paris", places=["Paris"])]}
    tagger = Tagger({t: [["Paris"]] for t in (0.3, 0.6, 0.9)})
    best, _ = choose_checked_threshold(tagger, dev, (0.3, 0.6, 0.9), Known("Paris"))
    assert best == 0.6


def test_no_dev_corpora_is_an_error():
    with pytest.raises(ValueError, match="no dev corpora"):
        choose_checked_threshold(Tagger({}), {}, (0.5,), Known())


def test_a_student_keeps_its_teachers_threshold_scored_beside_the_others():
    # on its own the student would choose 0.7 (both places); it keeps the teacher's 0.6, which
    # the span decision downstream was fitted at, and 0.6's scores are recorded too
    dev = {"news": [doc("Lyon and Paris", places=["Lyon", "Paris"])]}
    tagger = Tagger({0.3: [["Paris"]], 0.6: [["Paris"]], 0.7: [["Lyon", "Paris"]]})
    known = Known("Lyon", "Paris")
    own = threshold_record(tagger, [], [], dev, (0.3, 0.7), gazetteer=known)
    kept = threshold_record(tagger, [], [], dev, (0.3, 0.7), fixed=0.6, gazetteer=known)
    assert own["threshold"] == 0.7
    assert kept["threshold"] == 0.6 and kept["dev_checked"]["news"]["recall"] == 0.5
    assert set(kept["dev_checked_by_threshold"]) == {"0.3", "0.6", "0.7"}
