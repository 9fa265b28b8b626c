"""``score`` warns when the predictions come from a shipped trained model that learned from
some of the gold documents: for every recogniser built on a trained model, the default
``toponym-transformer-orgs`` first, and for the ``learned`` policy. The default's warning never
fired: its prediction files name the part that proposed each toponym
(``toponym-transformer-checked``), and ``score`` looked only for the spaCy ``toponym`` family.
"""

import json

import pytest
from typer.testing import CliRunner

from evaluation.reports import trained_on
from geoparser.cli.main import app
from geoparser.defaults import DEFAULT_RECOGNISER
from tests.conftest import CAPTIONS, SHARED

TEXTS = [json.loads(x)["text"] for x in (CAPTIONS / "captions.jsonl").read_text().splitlines()]
#: Each trained recogniser (the default first), and the learned policy on a recogniser that
#: is trained on nothing.
SYSTEMS = [(name, "context") for name in dict.fromkeys(
    (DEFAULT_RECOGNISER, *trained_on.TOPONYM_RECOGNISERS, *trained_on.TRANSFORMER_RECOGNISERS))
] + [("gazetteer", "learned")]


def invoke(*args):
    return CliRunner().invoke(app, [str(a) for a in args])


def test_every_trained_recogniser_and_policy_is_listed():
    from geoparser.recognition import RECOGNISERS
    from geoparser.resolution import POLICIES

    trained = {n for n in RECOGNISERS.names() if n.startswith("toponym")}
    assert trained <= set(trained_on.TRAINED_MODELS)
    assert DEFAULT_RECOGNISER in trained_on.TRAINED_MODELS
    assert {"learned"} <= set(POLICIES.names()) & set(trained_on.TRAINED_MODELS)
    for name in trained_on.TRAINED_MODELS:  # each has the fingerprints it ships
        assert trained_on._path(name).is_file(), name


@pytest.mark.parametrize(("recogniser", "policy"), SYSTEMS, ids=[r if p == "context" else p
                                                                  for r, p in SYSTEMS])
def test_score_warns_for_each_trained_model(recogniser, policy, tmp_path, monkeypatch):
    pred = tmp_path / "pred.jsonl"
    done = invoke("-q", "parse", "--in", CAPTIONS / "captions.jsonl", "--out", pred,
                  "--ner", recogniser, "--policy", policy)
    assert done.exit_code == 0, done.output
    model = recogniser if policy == "context" else policy
    shipped = trained_on._path(model)
    # the shipped fingerprints, as if they held five of the captions
    monkeypatch.setattr(trained_on, "read_fingerprints", lambda path: {
        "Captions corpus": frozenset(map(trained_on.fingerprint, TEXTS[:5]))}
        if path == shipped else {})
    result = invoke("score", "--scheme", "coursework-ner", "--gold", CAPTIONS, "--pred", pred)
    assert result.exit_code == 0, result.output
    kind = "policy" if policy == "learned" else "recogniser"
    assert f"warning: the {kind} '" in result.stderr
    assert "was trained on Captions corpus (5 of these 12 documents)" in result.stderr


def test_no_warning_when_no_gold_document_was_trained_on(tmp_path):
    pred = tmp_path / "pred.jsonl"
    done = invoke("-q", "parse", "--in", CAPTIONS / "captions.jsonl", "--out", pred)
    assert done.exit_code == 0, done.output
    result = invoke("score", "--scheme", "coursework-ner", "--gold", CAPTIONS, "--pred", pred)
    assert result.exit_code == 0 and "warning" not in result.stderr


def test_the_span_decisions_training_documents_count_for_the_default(monkeypatch, tmp_path):
    """The default's span decision learned from corpora its tagger never saw (the development
    half of LGL): a score on them must warn for the default, pooled with the tagger's."""
    decision = tmp_path / "span_decision.trained_on.json"
    decision.write_text(trained_on.fingerprints_json({"LGL": TEXTS[:3], "GeoWebNews": TEXTS[2:4]}))
    tagger = tmp_path / "trained_on.json"
    tagger.write_text(trained_on.fingerprints_json({"GeoWebNews": TEXTS[3:6]}))
    monkeypatch.setattr(trained_on, "decision_fingerprints_path", lambda: decision)
    monkeypatch.setattr(trained_on, "_path", lambda model: tagger)
    for model in trained_on.DECIDED_RECOGNISERS:
        assert trained_on.training_overlap(model, TEXTS) == {"GeoWebNews": 4, "LGL": 3}
    # a recogniser whose spans the decision never judges: the tagger's alone
    assert trained_on.training_overlap("toponym-transformer", TEXTS) == {"GeoWebNews": 3}


def test_the_student_s_recognisers_read_the_student_s_fingerprints(monkeypatch, tmp_path):
    """Each tagger's recognisers warn with that tagger's training documents; the default's
    tagger moved by ``TOPOSCOPE_TRANSFORMER_MODEL`` leaves the student's where they are."""
    from geoparser.shipped_taggers import STUDENT, TEACHER

    monkeypatch.setenv(str(TEACHER.env), str(tmp_path))
    monkeypatch.delenv(str(STUDENT.env), raising=False)
    for name in STUDENT.recognisers():
        assert trained_on._path(name) == STUDENT.folder / trained_on.FILE
    assert trained_on._path("toponym-transformer-orgs") == tmp_path / trained_on.FILE
    assert {"toponym-transformer-small-orgs", "toponym-transformer-small-checked"} <= set(
        trained_on.DECIDED_RECOGNISERS)
    assert "toponym-transformer-small" not in trained_on.DECIDED_RECOGNISERS


def test_the_shipped_span_decision_ships_its_fingerprints():
    import json as json_

    from geoparser.decision.span_decision import MODEL_PATH

    learned = json_.loads(MODEL_PATH.read_text(encoding="utf-8"))["trained_on"]
    prints = trained_on.read_fingerprints(trained_on.decision_fingerprints_path())
    assert set(prints) == set(learned)


@pytest.mark.skipif(not (SHARED / "corpora").exists(), reason="../shared/corpora is absent")
@pytest.mark.parametrize("model", ["toponym-transformer", "toponym-transformer-small",
                                   "toponym", "learned", DEFAULT_RECOGNISER])
def test_shipped_models_know_geowebnews_read_without_its_headline_lines(model):
    """The shipped models learned GeoWebNews from its BRAT texts with their "TITLE: ... LINK:"
    line; the converter now reads the article alone, and both fingerprints are kept."""
    from geoparser.corpora import convert
    from geoparser.corpora.geowebnews import _text

    brat = SHARED / "corpora" / "geowebnews" / "brat"
    now = [d["text"] for d in convert("gwn", brat).documents]
    whole = [_text(p) for p in sorted(brat.glob("*.txt"))]
    assert trained_on.training_overlap(model, now)["GeoWebNews"] == 200
    assert trained_on.training_overlap(model, whole)["GeoWebNews"] == 200
