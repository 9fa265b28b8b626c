"""``--scheme all`` prints one table per scheme, "n/a" for a measure that does
not apply and "undefined" only for 0/0; ``to_dataframe`` gives a tidy long frame for every
scheme and for ``all``."""

import io
import math

import pytest
from rich.console import Console

from evaluation import score, to_dataframe
from evaluation.reports.score_output import print_table
from evaluation.schemes import SCHEMES
from geoparser.model import Document, GoldToponym, PredictedDocument, Prediction

GOLD = [Document("a", "Perth and Bath", (GoldToponym(0, 5, "Perth", 56.4, -3.4, label="LOC"),
                                         GoldToponym(10, 14, "Bath", 51.38, -2.36))),
        Document("b", "Nothing.", ())]
PRED = {"a": PredictedDocument("a", (Prediction("Perth", 0, 5, "LOC", 56.4, -3.4),
                                     Prediction("Bat", 10, 13, "LOC", 51.0, -2.0)))}


def printed(result):
    buf = io.StringIO()
    print_table(Console(file=buf, width=100), result)
    return buf.getvalue()


def test_all_prints_one_table_per_scheme():
    text = printed(score("all", GOLD, PRED))
    for name in SCHEMES.names():
        if name != "all":
            assert f"{name}: match auto" in text  # each table titled with its rules
    assert max(len(line) for line in text.splitlines()) < 160  # not one 433-column table


def test_not_applicable_is_na_and_zero_over_zero_is_undefined():
    text = printed(score("errors", GOLD, PRED))
    ner_fp_all = next(line for line in text.splitlines()
                      if "ner_fp" in line and " all " in line)
    assert "n/a" in ner_fp_all and "undefined" not in ner_fp_all
    rows = score("errors", GOLD, PRED).to_rows()
    zero = [r for r in rows if r.get("denominator") == 0]
    assert zero and all(r["rate"] is None for r in zero)
    assert "undefined" in text


@pytest.mark.parametrize("scheme", SCHEMES.names())
def test_to_dataframe_is_tidy_for_every_scheme(scheme):
    frame = to_dataframe(score(scheme, GOLD, PRED))
    assert list(frame.columns) == ["scheme", "measure", "document", "value"]
    assert len(frame) > 0
    assert frame["value"].dtype == float
    assert all(isinstance(v, float) for v in frame["value"])  # no dicts in cells
    if scheme == "all":
        assert set(frame["scheme"]) == set(SCHEMES.names()) - {"all"}


def test_semeval_frame_holds_numbers_per_document_and_overall():
    frame = to_dataframe(score("semeval", GOLD, PRED))
    row = frame[(frame.measure == "strict.correct") & (frame.document == "a")]
    assert row["value"].tolist() == [1.0]
    assert frame[(frame.measure == "strict.precision") & (frame.document == "b")
                 ]["value"].map(math.isnan).all()  # 0/0: undefined
    assert (frame[frame.document == "overall"].measure == "macro.exact.f1").any()


def test_errors_frame_leaves_out_what_does_not_apply():
    frame = to_dataframe(score("errors", GOLD, PRED))
    assert not (frame.measure == "denominators.ner_fp.all").any()
    assert (frame.measure == "denominators.ner_fp.wrong_span").any()


def test_distance_table_shows_n():
    buf = io.StringIO()
    print_table(Console(file=buf, width=80), score("distance", GOLD, PRED))
    header = next(line for line in buf.getvalue().splitlines() if "acc@161" in line)
    assert header.split()[:2] == ["scope", "n"]


def test_distance_table_prints_the_reliability_and_coverage_rows_as_schemes_md_says():
    """docs/schemes.md says tables print the reliability rows; they printed one line."""
    pred = {"a": PredictedDocument("a", (
        Prediction("Perth", 0, 5, "LOC", 56.4, -3.4, confidence=0.95),
        Prediction("Bath", 10, 14, "LOC", 48.0, 2.0, confidence=0.35)))}
    text = printed(score("distance", GOLD, pred))
    assert "reliability" in text and "accuracy against coverage" in text
    assert "0.9–1.0" in text and "0.3–0.4" in text  # a row per bin, empty ones included
    assert "0.0–0.1" in text and "100%" in text
