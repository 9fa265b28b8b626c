"""The cascade measurement's counting: exact spans, recall and false spans per 100 gold."""

from __future__ import annotations

import pytest

from benchmarks.accuracy.tagger_cascade import recall_and_fp


def test_recall_and_false_spans_count_exact_spans_only() -> None:
    gold = [{(0, 5), (10, 15)}, {(3, 8)}]
    found = [{(0, 5), (10, 14)}, {(3, 8), (20, 25)}]
    recall, fp = recall_and_fp(gold, found)
    assert recall == pytest.approx(2 / 3)
    assert fp == pytest.approx(100 * 2 / 3)


def test_no_gold_is_no_division_by_zero() -> None:
    assert recall_and_fp([set()], [{(0, 1)}]) == (0.0, 100.0)
