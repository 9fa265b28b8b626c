"""Training-data conversion for the toponym model: spans, alignment, sentences, splits."""

import random

import pytest
from spacy.tokens import DocBin

from geoparser.recognition.training.data import (
    LABEL,
    SOURCES,
    Counts,
    annotate,
    load_gold,
    rehearse,
    sentence_tokenizer,
    sentences,
    split_documents,
    to_sentences,
    toponym_spans,
    unteachable,
    write_docbin,
)
from tests.conftest import SHARED


@pytest.fixture(scope="module")
def nlp():
    return sentence_tokenizer()


def gold(text, *phrases, doc_id="d"):
    """A gold document with each phrase's first occurrence as a toponym."""
    tops = []
    for p in phrases:
        i = text.index(p)
        tops.append({"start": i, "end": i + len(p), "text": p})
    return {"id": doc_id, "text": text, "toponyms": tops}


def test_nested_toponyms_keep_the_outermost_span():
    doc = gold("Students at University of California protested.", "University of California",
               "California")
    spans, dropped = toponym_spans(doc)
    assert spans == [(12, 36)]
    assert dropped == 1


def test_toponyms_without_offsets_are_not_training_spans():
    doc = {"id": "d", "text": "Paris", "toponyms": [{"text": "Paris"}]}
    assert toponym_spans(doc) == ([], 0)


def test_aligned_span_is_an_entity_the_rest_outside(nlp):
    counts = Counts()
    doc = annotate(nlp, "Floods hit Leeds and York.", [(11, 16), (21, 25)], counts)
    assert [(e.text, e.label_) for e in doc.ents] == [("Leeds", LABEL), ("York", LABEL)]
    assert doc[0].ent_iob_ == "O"
    assert counts.toponyms == 2 and counts.misaligned == 0


def test_misaligned_span_is_left_missing_not_taught_as_outside(nlp):
    counts = Counts()
    # "Sheffield" inside the token "Sheffield-based": no token boundary at its end.
    doc = annotate(nlp, "A Sheffieldbased firm grew.", [(2, 11)], counts)
    assert not doc.ents
    assert doc[1].ent_iob_ == ""  # missing: neither entity nor O
    assert doc[0].ent_iob_ == "O"
    assert counts.misaligned == 1


def test_sentences_are_split_but_never_inside_a_toponym(nlp):
    text = "Rain fell on Mt. Hood. Snow closed roads in Oregon. The end."
    doc = gold(text, "Mt. Hood", "Oregon")
    counts = Counts()
    sents = sentences(nlp, doc, counts)
    assert [s.text.strip() for s in sents] == ["Rain fell on Mt. Hood.",
                                                "Snow closed roads in Oregon.", "The end."]
    assert [[e.text for e in s.ents] for s in sents] == [["Mt. Hood"], ["Oregon"], []]
    assert counts.toponyms == 2


def test_a_sentence_break_inside_a_toponym_is_not_cut(nlp):
    text = "They sailed to Port. Louis harbour was calm."
    doc = gold(text, "Port. Louis")
    sents = sentences(nlp, doc, Counts())
    assert len(sents) == 1
    assert [e.text for e in sents[0].ents] == ["Port. Louis"]


def test_empty_sentences_can_be_thinned_toponym_sentences_never(nlp):
    text = " ".join(["Nothing here."] * 20 + ["Then Kyoto."])
    out = to_sentences(nlp, [gold(text, "Kyoto")], negatives=0.0, rng=random.Random(0))
    assert [[e.text for e in d.ents] for d in out.docs] == [["Kyoto"]]
    assert out.counts.empty_sentences_dropped == 20
    assert to_sentences(nlp, [gold(text, "Kyoto")]).counts.sentences == 21


def test_negative_sentences_are_kept_as_many_as_positive_ones(nlp):
    # The earlier data kept a fixed share of toponym-free sentences whatever the corpus, so a
    # news corpus taught the model few sentences in which nothing is a place.
    text = " ".join(["Nothing here."] * 10 + ["Rain in Oslo.", "Sun in Rome."])
    out = to_sentences(nlp, [gold(text, "Oslo", "Rome")], negatives=1.0, rng=random.Random(0))
    assert out.counts.sentences == 4 and out.counts.negative_sentences == 2
    assert out.counts.empty_sentences_dropped == 8
    again = to_sentences(nlp, [gold(text, "Oslo", "Rome")], negatives=1.0,
                         rng=random.Random(0))
    assert [d.text for d in again.docs] == [d.text for d in out.docs]
    few = to_sentences(nlp, [gold("Nothing. Rain in Oslo. Sun in Rome.", "Oslo", "Rome")],
                       negatives=1.0, rng=random.Random(0))
    assert few.counts.negative_sentences == 1 and few.counts.empty_sentences_dropped == 0


def test_masked_toponym_is_missing_neither_entity_nor_outside(nlp):
    doc = gold("Russian jets flew over Aleppo.", "Russian", "Aleppo")
    doc["toponyms"][0]["missing"] = True
    counts = Counts()
    [sent] = sentences(nlp, doc, counts)
    assert [e.text for e in sent.ents] == ["Aleppo"]
    assert sent[0].ent_iob_ == "" and sent[1].ent_iob_ == "O"
    assert counts.masked == 1 and counts.toponyms == 1


def test_geowebnews_demonyms_and_adjectives_are_missing_place_modifiers_kept():
    # GeoWebNews counts "Russian" in "Russian jets" and "Mexicans" as toponyms; GeoVirus and
    # SemEval-2019 leave such words unannotated, so they are left missing when training.
    from geoparser.recognition.training.prepare import people_tagger

    text = "Russian jets and US troops met Mexicans near Aleppo."
    doc = gold(text, "Russian", "US", "Mexicans", "Aleppo")
    for t, label in zip(doc["toponyms"], ["Non_Literal_Modifier", "Non_Literal_Modifier",
                                          "Demonym", "Literal"], strict=True):
        t["label"] = label
    [out] = unteachable([doc], people_tagger())
    assert [t["text"] for t in out["toponyms"] if t.get("missing")] == ["Russian", "Mexicans"]
    assert [t["text"] for t in out["toponyms"] if not t.get("missing")] == ["US", "Aleppo"]
    assert "missing" not in doc["toponyms"][0]  # the gold itself is not changed


def test_documents_go_whole_to_one_split_the_same_way_each_time():
    docs = [{"id": str(i), "text": "x", "toponyms": []} for i in range(20)]
    train, dev = split_documents(docs, 0.15, seed=0)
    assert len(dev) == 3 and len(train) == 17
    assert {d["id"] for d in train}.isdisjoint(d["id"] for d in dev)
    assert split_documents(docs, 0.15, seed=0) == (train, dev)
    assert split_documents(docs, 0.15, seed=1) != (train, dev)


def test_docbin_round_trip(nlp, tmp_path):
    docs = sentences(nlp, gold("Snow in Oslo. Sun in Rome.", "Oslo", "Rome"), Counts())
    write_docbin(docs, tmp_path / "x.spacy")
    back = list(DocBin().from_disk(tmp_path / "x.spacy").get_docs(nlp.vocab))
    assert [[e.text for e in d.ents] for d in back] == [["Oslo"], ["Rome"]]


@pytest.mark.skipif(not (SHARED / "corpora").is_dir(), reason="../shared/corpora is absent")
def test_geovirus_converts_every_toponym_to_an_entity(nlp):
    src = next(s for s in SOURCES if s.name == "GeoVirus")
    docs = load_gold(src, SHARED / "corpora")
    out = to_sentences(nlp, docs)
    assert out.counts.documents == len(docs)
    assert out.counts.toponyms == sum(len(d["toponyms"]) for d in docs)
    assert out.counts.misaligned == 0


class Teacher:
    """A stand-in for ``en_core_web_sm``'s NER: fixed entities by (text, label)."""

    def __init__(self, *ents):
        self.ents = ents

    def pipe(self, texts, batch_size=256):
        import spacy

        blank = spacy.blank("en")
        for text in texts:
            doc = blank.make_doc(text)
            spans = []
            for phrase, label in self.ents:
                if phrase in text:
                    i = text.index(phrase)
                    spans.append(doc.char_span(i, i + len(phrase), label=label))
            doc.set_ents([s for s in spans if s is not None])
            yield doc


def test_rehearsal_keeps_the_teachers_other_entities_and_corrects_its_places(nlp):
    text = "Jack London met Google staff in Paris and Georgia on Monday."
    counts = Counts()
    [doc] = sentences(nlp, gold(text, "Paris"), counts)
    teacher = Teacher(("Jack London", "PERSON"), ("Google", "ORG"), ("Paris", "LOC"),
                      ("Georgia", "GPE"), ("Monday", "DATE"))
    rehearse([doc], teacher, counts)
    assert [(e.text, e.label_) for e in doc.ents] == [
        ("Jack London", "PERSON"), ("Google", "ORG"), ("Paris", "LOC"), ("Monday", "DATE")]
    assert doc[doc.text.split().index("Georgia")].ent_iob_ == "O"  # a place gold does not name
    assert (counts.rehearsed, counts.corrected) == (3, 1)


def test_rehearsal_makes_a_toponym_gpe_and_leaves_missing_tokens_missing(nlp):
    text = "Russian jets flew over Aleppo."
    doc_gold = gold(text, "Aleppo")
    doc_gold["toponyms"].append({"start": 0, "end": 7, "text": "Russian", "missing": True})
    counts = Counts()
    [doc] = sentences(nlp, doc_gold, counts)
    rehearse([doc], Teacher(("Russian", "NORP")), counts)
    assert [(e.text, e.label_) for e in doc.ents] == [("Aleppo", "GPE")]
    assert doc[0].ent_iob == 0  # still missing: not the teacher's NORP, not outside
    assert counts.rehearsed == 0


def test_place_scores_count_toponyms_whatever_their_place_label(nlp):
    from spacy.training import Example

    from geoparser.recognition.training.callbacks import place_scores

    ref = nlp.make_doc("Rain in Oslo and Bergen hit Acme shares .")
    ref.set_ents([ref.char_span(8, 12, "GPE"), ref.char_span(17, 23, "LOC"),
                  ref.char_span(28, 32, "ORG")])
    pred = nlp.make_doc(ref.text)
    pred.set_ents([pred.char_span(8, 12, "LOC"), pred.char_span(28, 32, "GPE")])
    scores = place_scores([Example(pred, ref)], ["GPE", "LOC"])
    assert scores["ents_p"] == 0.5 and scores["ents_r"] == 0.5  # Oslo right; Acme wrong
    missing = nlp.make_doc(ref.text)
    missing.set_ents([missing.char_span(8, 12, "GPE")], missing=[missing[6:7]])
    scores = place_scores([Example(pred, missing)], ["GPE", "LOC"])
    assert scores["ents_p"] == 1.0  # Acme lies on a token with no gold: neither way


def test_upper_case_variant_keeps_entities_outside_and_missing(nlp):
    from spacy.training import Example

    from geoparser.recognition.training.callbacks import upper_case_variant

    ref = nlp.make_doc("Rain in St. Louis and Oslo today.")
    ref.set_ents([ref.char_span(8, 17, LABEL)], missing=[ref[5:6]], default="outside")
    variant = upper_case_variant(nlp, Example(nlp.make_doc(ref.text), ref))
    assert variant.text == "RAIN IN ST. LOUIS AND OSLO TODAY."
    assert [(e.text, e.label_) for e in variant.reference.ents] == [("ST. LOUIS", LABEL)]
    assert [t.ent_iob_ for t in variant.reference] == ["O", "O", "B", "I", "O", "", "O", "O"]


def test_overlapping_masked_spans_are_missing_once():
    from geoparser.recognition.training.data import Counts, annotate, sentence_tokenizer

    nlp = sentence_tokenizer()
    text = "The Long Room at Auckland Castle reopened in Durham."
    doc = annotate(nlp, text, [(45, 51)], Counts(),
                   masked=[(4, 32), (17, 32), (26, 32)])  # nested masks of one name
    assert [t.ent_iob_ for t in doc] == ["O", "", "", "", "", "", "O", "O", "B", "O"]
