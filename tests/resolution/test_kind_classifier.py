"""The mention-kind classifier (``resolution.kind_classifier``): each kind on sentences of our
own through the default geoparser, the threshold below which a kind stays unknown, and answers
that do not depend on the batch."""

from __future__ import annotations

import json
from dataclasses import replace

import numpy as np
import pytest

from geoparser.model import Mention, MentionKind, Resolution
from geoparser.resolution.kind_classifier import (
    CLASSES,
    FEATURES,
    KindModel,
    name_run,
    shipped_model,
)
from tests.helpers import place


@pytest.fixture(scope="module")
def geoparser():
    from geoparser.api import Geoparser

    return Geoparser()


def _kind(geoparser, text: str, name: str) -> tuple[MentionKind | None, str | None]:
    parsed = geoparser.parse(text)
    r = next(r for r in parsed.resolutions if r.mention.text == name)
    return r.kind, text[slice(*r.within)] if r.within else None


def test_a_city_where_rain_fell_is_literal(geoparser):
    assert _kind(geoparser, "Heavy rain flooded streets in Manchester on Sunday.",
                 "Manchester") == (MentionKind.LITERAL, None)


def test_a_village_near_a_city_is_literal(geoparser):
    assert _kind(geoparser, "She grew up in a small village near Lyon.", "Lyon")[0] \
        is MentionKind.LITERAL


def test_a_capital_accusing_another_country_is_metonymy(geoparser):
    assert _kind(geoparser, "Washington has accused Tehran of breaking the deal.",
                 "Washington") == (MentionKind.METONYMY, None)


def test_a_country_beating_another_at_football_is_metonymy(geoparser):
    assert _kind(geoparser, "France beat Brazil 2-1 in the final.", "France")[0] \
        is MentionKind.METONYMY


def test_a_city_in_a_newspaper_s_name_is_embedded_with_the_name_s_span(geoparser):
    assert _kind(geoparser, "The Chicago Tribune reported the story first.", "Chicago") == (
        MentionKind.EMBEDDED, "Chicago Tribune")


def test_a_state_in_a_university_s_name_is_embedded(geoparser):
    kind, within = _kind(geoparser, "He studied at the University of Michigan before moving "
                         "to Denver.", "Michigan")
    assert kind is MentionKind.EMBEDDED and within is not None
    assert within.endswith("University of Michigan")


def test_a_people_is_a_demonym_end_to_end(geoparser):
    assert _kind(geoparser, "Canadian troops arrived in Halifax on Monday.", "Canadian")[0] \
        is MentionKind.DEMONYM


def test_a_street_is_street_level_end_to_end(geoparser):
    assert _kind(geoparser, "A fire broke out on Royal Street in New Orleans late on Friday.",
                 "Royal Street")[0] is MentionKind.STREET


def test_kinds_chosen_leave_the_others_out(geoparser):
    from geoparser.api import Geoparser

    text = "A fire broke out on Royal Street in New Orleans late on Friday."
    only = Geoparser(kinds="street").parse(text)
    assert [m.text for m in only.mentions] == ["Royal Street"]
    assert len(geoparser.parse(text).mentions) == 2


class _Booster:
    """Stands in for LightGBM: the same probabilities for every row."""

    def __init__(self, row):
        self.row = np.array(row)

    def predict(self, x, num_threads=None):
        assert num_threads == 1  # a forked process must not meet LightGBM's OpenMP pool
        return np.tile(self.row, (len(x), 1))


def _resolution(text: str, name: str) -> Resolution:
    start = text.index(name)
    return Resolution(Mention(start, start + len(name), name, "GPE"),
                      place(name, 0.0, 0.0, 1000, "US"), 1, "test", "")


def test_below_the_threshold_the_kind_stays_unknown():
    text = "Texas Rangers won in Austin."
    rs = [_resolution(text, "Texas"), _resolution(text, "Austin")]
    unsure = KindModel(_Booster([0.5, 0.3, 0.2]), {}, {}, threshold=0.75)
    assert [r.kind for r in unsure.classify([(text, rs)])[0]] == [None, None]
    sure = KindModel(_Booster([0.05, 0.05, 0.9]), {}, {}, threshold=0.75)
    texas = sure.classify([(text, rs)])[0][0]
    assert texas.kind is MentionKind.EMBEDDED and texas.within == (0, len("Texas Rangers"))


def test_typed_kinds_and_rejected_spans_are_not_asked():
    text = "On Royal Street."
    r = replace(_resolution(text, "Royal Street"), kind=MentionKind.STREET)
    gone = replace(_resolution(text, "On"), rejected=True)
    model = KindModel(_Booster([0.9, 0.05, 0.05]), {}, {}, threshold=0.5)
    assert model.classify([(text, [r, gone])])[0] == [r, gone]


def test_the_shipped_model_answers_the_same_in_any_batch():
    model = shipped_model()
    assert model is not None
    assert model.booster.num_feature() == len(FEATURES)
    assert model.booster.num_model_per_iteration() == len(CLASSES)
    a = "Washington has accused Tehran of breaking the deal."
    b = "Heavy rain flooded streets in Manchester on Sunday."
    ra = [_resolution(a, "Washington"), _resolution(a, "Tehran")]
    rb = [_resolution(b, "Manchester")]
    together = model.classify([(a, ra), (b, rb)])
    assert together == [model.classify([(a, ra)])[0], model.classify([(b, rb)])[0]]
    assert together[::-1] == model.classify([(b, rb), (a, ra)])


def test_the_shipped_model_says_how_it_was_validated():
    from geoparser.resolution.kind_classifier import MODEL_FILE

    data = json.loads(MODEL_FILE.read_text(encoding="utf-8"))
    report = data["validation"]["out_of_fold_at_threshold"]
    assert data["threshold"] == data["validation"]["threshold"]
    assert set(report) == {c.value for c in CLASSES}
    assert all(v["precision"] >= 0.8 for v in report.values())


@pytest.mark.parametrize(("text", "name", "run"), [
    ("the Texas Rangers won.", "Texas", "Texas Rangers"),
    ("The University of Nebraska at Omaha.", "Nebraska", "University of Nebraska"),
    ("It rained in Texas.", "Texas", "Texas"),
    ("The Texas Department of Transportation said", "Texas",
     "Texas Department of Transportation"),
    ("He went to Boston's City Hall.", "Boston", "Boston"),
])
def test_the_name_a_toponym_sits_in(text, name, run):
    start = text.index(name)
    a, b = name_run(text, start, start + len(name))
    assert text[a:b] == run
