"""Keeping, dropping and unplacing spans by fitted models, on a small model fitted here."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from geoparser.decision.features import (
    PROPOSERS,
    SPAN_FEATURES,
    DocumentEvidence,
    feature_row,
    feature_rows,
    placed_rows,
)
from geoparser.decision.span_decision import SpanDecision, decision_for, load_decision
from geoparser.errors import ModelNotFoundError
from geoparser.model import Candidate, Document, Mention, ParsedDocument, Rejection, Resolution

TAGGER_P = SPAN_FEATURES.index("tagger_p")


def _booster(column: int):
    """A booster whose score rises with feature ``column``."""
    import lightgbm

    rng = np.random.default_rng(0)
    x = rng.random((400, len(SPAN_FEATURES)))
    y = (x[:, column] > 0.5).astype(float)
    params = {"objective": "binary", "num_leaves": 3, "min_data_in_leaf": 5, "verbosity": -1,
              "seed": 1, "deterministic": True, "num_threads": 1}
    return lightgbm.train(params, lightgbm.Dataset(x, y, feature_name=list(SPAN_FEATURES)), 20)


@pytest.fixture(scope="module")
def model_file(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("decision") / "span_decision.json"
    booster = _booster(TAGGER_P).model_to_string()
    data = {"features": list(SPAN_FEATURES), "proposers": list(PROPOSERS),
            "recogniser": "toponym-transformer-orgs", "policy": "context",
            "keep_threshold": 0.5, "min_marker_confidence": 0.5,
            "span": {"booster": booster, "platt": [1.0, 0.0]},
            "marker": {"booster": booster, "platt": [1.0, 0.0]}}
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _doc(scores: list[float]) -> tuple[ParsedDocument, list[Resolution]]:
    text = "Galway and Cork and Sligo and Derry."
    words = ["Galway", "Cork", "Sligo", "Derry"]
    place = Candidate("test", "1", "Galway", 53.27, -9.05, 80000, 2964180, "IE", "C", "P",
                      "PPLA")
    resolutions = []
    for word, score in zip(words, scores, strict=False):
        start = text.index(word)
        m = Mention(start, start + len(word), word, "TOPONYM", "toponym-transformer-orgs",
                    score=score)
        resolutions.append(Resolution(m, place, 1, "context", "the only place",
                                      confidence=0.9))
    parsed = ParsedDocument(Document("d", text), [r.mention for r in resolutions], resolutions)
    return parsed, resolutions


def test_a_span_the_model_doubts_is_dropped_and_a_sure_one_kept(model_file: Path) -> None:
    parsed, resolutions = _doc([0.95, 0.05])
    mentions, kept = SpanDecision(path=model_file).decide(parsed, resolutions)
    assert [m.text for m in mentions] == ["Galway"]
    assert kept[0].span_probability > 0.5 and kept[0].marker_confidence is not None


def test_keep_rejected_keeps_the_dropped_span_marked(model_file: Path) -> None:
    parsed, resolutions = _doc([0.95, 0.05])
    _, kept = SpanDecision(keep_rejected=True, path=model_file).decide(parsed, resolutions)
    assert [r.rejected for r in kept] == [False, True]
    assert "rejected" in kept[1].reason
    assert [r.rejection for r in kept] == [None, Rejection.NOT_A_TOPONYM]  # typed, not words


def _with_thresholds(model_file: Path, tmp_path: Path, **thresholds: float) -> Path:
    data = json.loads(model_file.read_text(encoding="utf-8"))
    path = tmp_path / "span_decision.json"
    path.write_text(json.dumps({**data, **thresholds}), encoding="utf-8")
    return path


def test_a_sure_span_with_no_marker_to_draw_is_dropped_below_the_unplaced_threshold(
        model_file: Path, tmp_path: Path) -> None:
    """Galway has a point and a marker above the minimum: kept. Cork's name is not in the
    gazetteer: with no marker to draw, its span probability must reach the unplaced
    threshold, which none can here."""
    parsed, resolutions = _doc([0.95, 0.95])
    resolutions[1] = replace(resolutions[1], candidate=None, n_candidates=0)
    path = _with_thresholds(model_file, tmp_path, keep_unplaced_threshold=0.999)
    mentions, kept = SpanDecision(path=path).decide(parsed, resolutions)
    assert [m.text for m in mentions] == ["Galway"]
    _, marked = SpanDecision(keep_rejected=True, path=path).decide(parsed, resolutions)
    assert [r.rejected for r in marked] == [False, True]
    assert marked[1].rejection is Rejection.NOT_A_TOPONYM
    assert "with no marker to draw it is kept only at 0.999" in marked[1].reason
    # at the span threshold alone (no unplaced threshold given) it is kept, unplaced
    assert [m.text for m in SpanDecision(path=model_file).decide(parsed, resolutions)[0]] == [
        "Galway", "Cork"]


def test_a_toponym_a_strict_minimum_leaves_unplaced_must_reach_the_unplaced_threshold(
        model_file: Path, tmp_path: Path) -> None:
    """Whatever the minimum, a toponym is output without a point only at the unplaced
    threshold: asking for every marker (0) draws Galway; a minimum it cannot reach would
    leave it unplaced, so it is not output."""
    parsed, resolutions = _doc([0.95])
    decision = SpanDecision(path=_with_thresholds(model_file, tmp_path,
                                                  keep_unplaced_threshold=0.999))
    drawn = decision.decide(parsed, resolutions, 0.0)[1]
    assert len(drawn) == 1 and drawn[0].candidate is not None
    assert decision.decide(parsed, resolutions, 0.999)[0] == []


def test_an_unplaced_threshold_below_the_span_threshold_is_refused(
        model_file: Path, tmp_path: Path) -> None:
    path = _with_thresholds(model_file, tmp_path, keep_unplaced_threshold=0.4)
    with pytest.raises(ModelNotFoundError, match="thresholds"):
        load_decision(path)


def test_a_kept_toponym_below_the_minimum_is_unplaced_with_its_best_guess(
        model_file: Path) -> None:
    parsed, resolutions = _doc([0.95])
    decision = SpanDecision(path=model_file)
    sure = decision.decide(parsed, resolutions, 0.0)[1]
    strict = decision.decide(parsed, resolutions, 0.999)[1]
    assert sure[0].candidate is not None
    assert strict[0].candidate is None and "best guess was Galway" in strict[0].reason
    assert strict[0].marker_confidence == sure[0].marker_confidence


def test_a_span_s_features_do_not_depend_on_the_documents_beside_it() -> None:
    parsed, resolutions = _doc([0.9, 0.3])
    alone = feature_rows(parsed, resolutions)
    again = feature_rows(parsed, resolutions)
    assert np.array_equal(alone, again, equal_nan=True)
    assert alone.shape == (2, len(SPAN_FEATURES))


def test_placed_rows_are_the_spans_resolution_gave_a_point() -> None:
    """Training reads which spans are placed off the rows (``placed_rows``), as none of the
    model's features says it alone; an unplaced span, a candidate without a point, one with."""
    parsed, resolutions = _doc([0.9, 0.8, 0.7])
    pointless = Candidate("test", "2", "Cork", None, None, country_code="IE")
    resolutions[0] = Resolution(resolutions[0].mention, None, 0, "context", "no place")
    resolutions[1] = Resolution(resolutions[1].mention, pointless, 1, "context", "no point")
    assert placed_rows(feature_rows(parsed, resolutions)).tolist() == [False, False, True]


def test_the_decision_applies_only_to_the_recogniser_it_was_fitted_on(model_file: Path) -> None:
    assert decision_for("toponym-transformer-orgs", "context", path=model_file) is not None
    assert decision_for("en_core_web_sm", "context", path=model_file) is None
    assert decision_for("toponym-transformer-orgs", "nearest", path=model_file) is None
    assert load_decision(model_file.parent / "absent.json") is None


def test_the_decision_judges_the_default_s_composition_over_the_student(model_file: Path
                                                                        ) -> None:
    """The student's ``-orgs`` proposes what the default does with a smaller tagger: the
    decision fitted on the default's proposals judges its spans; other compositions not."""
    assert decision_for("toponym-transformer-small-orgs", "context", path=model_file) is not None
    assert decision_for("toponym-transformer-small-orgs", "nearest", path=model_file) is None
    for other in ("toponym-transformer-small-checked", "toponym-transformer-small",
                  "toponym-transformer-hybrid", "toponym-orgs"):
        assert decision_for(other, "context", path=model_file) is None, other


def test_a_damaged_decision_model_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "span_decision.json"
    path.write_text('{"features": ["x"]}', encoding="utf-8")
    with pytest.raises(ModelNotFoundError, match="make train-decision"):
        load_decision(path)


def test_a_vetoed_row_has_span_probability_zero_and_the_others_keep_theirs() -> None:
    from geoparser.decision.span_decision import span_probabilities

    x = np.zeros((3, len(SPAN_FEATURES)))
    x[:, SPAN_FEATURES.index("people_word")] = [1, 1, 0]
    x[0, SPAN_FEATURES.index("thing_after")] = 1  # "[French] toast"
    x[2, SPAN_FEATURES.index("thing_after")] = 1  # no people's word: not vetoed
    assert span_probabilities(x, np.array([0.9, 0.8, 0.7])).tolist() == [0.0, 0.8, 0.7]


def test_several_documents_decided_in_one_model_call_are_decided_as_each_alone(
        model_file: Path) -> None:
    """``pipeline.resolve`` asks the models once a chunk (``SpanDecision.predict`` over
    several documents' rows); each document's answer must be what deciding it alone gives."""
    decision = SpanDecision(keep_rejected=True, path=model_file)
    docs = [_doc([0.95]), _doc([0.9, 0.3]), _doc([0.2])]
    rows = [decision.rows(parsed, resolutions) for parsed, resolutions in docs]
    together = [decision.answer(resolutions, x, raw)
                for (_, resolutions), x, raw in zip(docs, rows, decision.predict(rows),
                                                    strict=True)]
    assert together == [decision.decide(parsed, resolutions) for parsed, resolutions in docs]
    one = feature_rows(*docs[1])
    assert np.array_equal(one, np.vstack([feature_row(r, DocumentEvidence(*docs[1]))
                                          for r in docs[1][1]]), equal_nan=True)


def test_a_marker_confidence_of_0195_does_not_read_as_020_below_the_minimum_02() -> None:
    from geoparser.decision.span_decision import unplaced

    _, [r] = _doc([0.9])
    r = replace(r, marker_confidence=0.195, confidence=0.48)
    reason = unplaced(r, 0.2).reason
    assert "marker confidence 0.195 is below the minimum 0.2" in reason, reason
    assert "marker confidence 0.19 is below" in unplaced(replace(r, marker_confidence=0.19),
                                                         0.2).reason


def test_a_marker_far_from_its_stated_container_has_marker_probability_zero() -> None:
    from geoparser.decision.span_decision import STATED_APART_KM, marker_probabilities

    x = np.zeros((4, len(SPAN_FEATURES)))
    # Eastleigh in Nairobi placed in England; beside Nairobi; no container; just inside
    x[:, SPAN_FEATURES.index("stated_km")] = [6835.0, 4.0, np.nan, STATED_APART_KM - 1]
    assert marker_probabilities(x, np.array([0.6, 0.6, 0.6, 0.6])).tolist() == [
        0.0, 0.6, 0.6, 0.6]


def test_a_toponym_placed_far_from_its_stated_container_is_unplaced_with_its_best_guess(
        model_file: Path) -> None:
    """Whatever the models say, "Eastleigh in Nairobi" is not drawn in England; the place
    it would have drawn is in the reason."""
    text = "Residents of Eastleigh in Nairobi said the market was shut."
    england = Candidate("test", "1", "Eastleigh", 50.97, -1.35, 54225, 2650497, "GB", "ENG",
                        "P", "PPL")
    nairobi = Candidate("test", "2", "Nairobi", -1.28, 36.82, 2750547, 184745, "KE", "05",
                        "P", "PPLC")
    resolutions = []
    for word, place in (("Eastleigh", england), ("Nairobi", nairobi)):
        start = text.index(word)
        m = Mention(start, start + len(word), word, "TOPONYM", "toponym-transformer-orgs",
                    score=0.99)
        resolutions.append(Resolution(m, place, 2, "context", "the best place",
                                      confidence=0.9))
    parsed = ParsedDocument(Document("d", text), [r.mention for r in resolutions], resolutions)
    decision = SpanDecision(path=model_file)
    _, kept = decision.decide(parsed, resolutions, 0.01)
    assert kept[0].candidate is None and "best guess was Eastleigh" in kept[0].reason
    assert kept[0].marker_confidence == 0.0
    assert kept[1].candidate is not None and kept[1].candidate.name == "Nairobi"
    # a minimum of 0 asks for every marker, this one too
    assert decision.decide(parsed, resolutions, 0.0)[1][0].candidate is not None
