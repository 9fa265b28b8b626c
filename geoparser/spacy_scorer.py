"""The toponym scorer spaCy's ``nlp.evaluate`` and ``spacy evaluate`` call: toponym precision,
recall and F1 by exact character span, and accuracy within 161 km of the gold point.

Registered as ``toposcope.toponym_scorer.v1`` in spaCy's ``scorers`` registry (and through
the ``spacy_scorers`` entry point, so a saved pipeline finds it without an import); the
``toposcope`` component's ``score`` calls it. The gold toponyms of an ``Example`` are its
reference doc's ``spans["toponyms"]`` when that group exists (``toposcope convert --to
docbin`` writes it), else its entities with a toponym label; a gold point is the span's
``._.lat``/``._.lon`` (kept in a DocBin's user data) and a gold GeoNames id its ``kb_id_``.
The predicted toponyms are the predicted doc's ``._.toponyms``, else its entities with a
toponym label, their points ``._.lat``/``._.lon`` as the component sets them.

The figures (``None`` where their denominator is 0): ``toponym_p``, ``toponym_r``,
``toponym_f`` (spans the same in both, counted over every example); ``toponym_acc161``, the
share of gold toponyms with a point, found with exactly their span, whose predicted point lies
within 161 km (an unplaced prediction counts as wrong), and ``toponym_acc161_n`` its
denominator; ``toponym_acc_id``, the share of found gold toponyms with a GeoNames id whose
prediction has the same ``kb_id_``. P, R and F1 are also ``spans_toponyms_p``, ``_r`` and
``_f``, the names ``spacy evaluate --spans-key toponyms`` prints in its results table (it
prints only the scores it knows; ``--output`` writes every one).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from spacy.tokens import Doc, Span
from spacy.training import Example
from spacy.util import registry

from geoparser.distance import distance_km

#: The span group a gold DocBin keeps its toponyms in (``toposcope convert --to docbin``).
SPANS_KEY = "toponyms"
#: Entity labels read as toponyms where a doc has no ``toponyms`` span group.
TOPONYM_LABELS = ("GPE", "LOC", "TOPONYM")
#: Accuracy's distance, the field's usual 161 km (100 miles).
ACC_KM = 161.0
#: The scores the component reports, and their weights in a pipeline's final score.
SCORE_WEIGHTS = {"toponym_f": 0.5, "toponym_acc161": 0.5, "toponym_p": 0.0,
                 "toponym_r": 0.0, "toponym_acc_id": 0.0}


def register_point_extensions() -> None:
    """Declare ``Span._.lat`` and ``._.lon`` (the component's names) where nothing has."""
    for attr in ("lat", "lon"):
        if not Span.has_extension(attr):
            Span.set_extension(attr, default=None)


def gold_toponyms(doc: Doc, labels: Sequence[str] = TOPONYM_LABELS) -> list[Span]:
    """The reference doc's toponyms: its ``toponyms`` span group, else its toponym entities."""
    if SPANS_KEY in doc.spans:
        return list(doc.spans[SPANS_KEY])
    return [e for e in doc.ents if e.label_ in labels]


def predicted_toponyms(doc: Doc, labels: Sequence[str] = TOPONYM_LABELS) -> list[Span]:
    """The predicted doc's toponyms: ``doc._.toponyms`` when the component ran, else its
    toponym entities."""
    found = doc._.toponyms if Doc.has_extension("toponyms") else None
    if found is not None:
        return list(found)
    return [e for e in doc.ents if e.label_ in labels]


def _point(span: Span) -> tuple[float, float] | None:
    lat, lon = span._.lat, span._.lon
    if isinstance(lat, int | float) and isinstance(lon, int | float):
        return float(lat), float(lon)
    return None


def _ratio(num: int, den: int) -> float | None:
    return num / den if den else None


def score_toponyms(examples: Iterable[Example], labels: Sequence[str] = TOPONYM_LABELS,
                   **_: Any) -> dict[str, float | int | None]:
    """The figures of the module doc over ``examples``; entities with one of ``labels`` (or
    of ``TOPONYM_LABELS``) are toponyms where a doc says no better. Other keyword arguments,
    which spaCy's ``Scorer`` passes to every scorer, are ignored."""
    register_point_extensions()
    labels = tuple(dict.fromkeys((*labels, *TOPONYM_LABELS)))
    tp = n_pred = n_gold = 0
    near = with_point = same_id = with_id = 0
    for eg in examples:
        gold = {(s.start_char, s.end_char): s for s in gold_toponyms(eg.reference, labels)}
        pred = {(s.start_char, s.end_char): s for s in predicted_toponyms(eg.predicted, labels)}
        n_gold += len(gold)
        n_pred += len(pred)
        for key, g in gold.items():
            p = pred.get(key)
            if p is None:
                continue
            tp += 1
            gold_point = _point(g)
            if gold_point is not None:
                with_point += 1
                point = _point(p)
                near += point is not None and distance_km(*gold_point, *point) <= ACC_KM
            if g.kb_id_:
                with_id += 1
                same_id += p.kb_id_ == g.kb_id_
    precision, recall = _ratio(tp, n_pred), _ratio(tp, n_gold)
    f1 = (2 * precision * recall / (precision + recall)
          if precision is not None and recall is not None and precision + recall else
          (0.0 if precision is not None and recall is not None else None))
    return {"toponym_p": precision, "toponym_r": recall, "toponym_f": f1,
            "toponym_acc161": _ratio(near, with_point), "toponym_acc161_n": with_point,
            "toponym_acc_id": _ratio(same_id, with_id),
            # the names ``spacy evaluate --spans-key toponyms`` prints in its table
            f"spans_{SPANS_KEY}_p": precision, f"spans_{SPANS_KEY}_r": recall,
            f"spans_{SPANS_KEY}_f": f1}


@registry.scorers("toposcope.toponym_scorer.v1")
def make_toponym_scorer() -> Callable[..., dict[str, float | int | None]]:
    """What spaCy's config names ``{"@scorers": "toposcope.toponym_scorer.v1"}``."""
    return score_toponyms
