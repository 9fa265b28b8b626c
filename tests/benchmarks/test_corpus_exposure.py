"""What the default's models saw of a corpus: the tagger's documents by fingerprint, the models
trained on whole corpora by name, the fold tagger as never having seen it."""

from benchmarks.accuracy.corpus_exposure import Exposure, exposure, whole_corpus_models
from benchmarks.corpus_catalogue import ALL, entry
from evaluation.reports.trained_on import fingerprints_json
from geoparser.model import Document


def tagger_trained_on(tmp_path, texts):
    folder = tmp_path / "tagger"
    folder.mkdir()
    (folder / "trained_on.json").write_text(fingerprints_json({"GeoVirus": texts}))
    return folder


def shipped_tagger():
    from geoparser.recognition.transformer_tagger import model_dir

    return model_dir()


def test_the_tagger_documents_are_counted_by_fingerprint(tmp_path):
    docs = [Document("a", "Flu in Hanoi."), Document("b", "Cholera in Lima.")]
    tagger = tagger_trained_on(tmp_path, ["Flu in Hanoi.", "another text"])
    seen = exposure(entry("geovirus"), docs, tagger, fold=False)
    assert (seen.tagger_seen, seen.documents) == (1, 2)
    assert seen.others == ("span decision", "confidence model")
    assert seen.in_sample
    assert seen.describe() == ("tagger trained on 1 of these 2; span decision, confidence "
                               "model trained on it (in-sample)")


def test_a_fold_tagger_never_saw_it_but_the_other_models_may_have(tmp_path):
    docs = [Document("a", "Flu in Hanoi.")]
    tagger = tagger_trained_on(tmp_path, ["Flu in Hanoi."])  # not read: the fold's
    seen = exposure(entry("geowebnews"), docs, tagger, fold=True)
    assert seen.tagger_seen is None
    assert seen.describe().startswith("tagger: the fold's, which never saw it; span decision, "
                                      "confidence model, kind classifier trained on it")


def test_a_corpus_no_model_saw():
    assert Exposure(0, 10, (), 0).describe() == "unseen by every model"
    assert Exposure(None, 10, (), 0).describe() == ("tagger: the fold's, which never saw it; "
                                                    "no other model saw it")
    assert not Exposure(0, 10, (), 7).in_sample  # the ranker is not the default's
    assert Exposure(0, 10, (), 7).describe() == (
        "unseen by every model; the `learned` ranker, not the default's, trained on 7 of them")


def test_the_shipped_models_name_their_corpora():
    models = whole_corpus_models()
    assert models["span decision"] == {"GeoWebNews", "GeoVirus", "LGL (development half)",
                                       "War of the Rebellion", "GUM", "Broad Twitter Corpus",
                                       "WNUT-17"}
    assert models["kind classifier"] == {"GeoWebNews"}
    assert "SemEval-2019 T12 (train)" in models["confidence model"]
    names = {a for e in ALL for a in e.aliases}
    assert set().union(*models.values()) <= names  # every name is some entry's


def test_local_news_is_seen_by_the_span_decision_alone_beside_the_tagger():
    seen = exposure(entry("lgl-dev"), [Document("a", "Flooding in Alexandria.")],
                    shipped_tagger(), fold=False)
    assert seen.others == ("span decision",) and seen.in_sample
