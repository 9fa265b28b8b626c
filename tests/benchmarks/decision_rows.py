"""Span-decision rows made by hand, for the tests of its training and thresholds."""

import numpy as np

from benchmarks.training.decision_data import DecisionRows
from geoparser.decision.features import SPAN_FEATURES


def rows(toponym, right, masked=None, documents=None, gold=None) -> DecisionRows:
    n = len(toponym)
    x = np.zeros((n, len(SPAN_FEATURES)))  # same_country 0, not NaN: every span is placed
    return DecisionRows(x, np.asarray(toponym, float), np.asarray(right, float),
                        np.full(n, np.nan), np.ones(n, bool), np.zeros(n, bool),
                        documents or [f"d{i}" for i in range(n)],
                        gold if gold is not None else int(sum(toponym)),
                        int(np.sum(~np.isnan(np.asarray(right, float))
                                   & (np.asarray(toponym) == 1))),
                        0, None if masked is None else np.asarray(masked, bool))
