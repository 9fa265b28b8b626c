"""``browse`` bounds the errors it lists, not only the documents: one document with
thousands of false positives (or of missed toponyms) makes a page of at most ``MAX_ERRORS``
errors and highlighted toponyms per system, and the page says what it left out."""

from __future__ import annotations

import json
import re

import pytest

from evaluation.reports import browse
from evaluation.reports.browse import browse_page

WORD = "Galway "
N = 300


def _data(page: str) -> dict:
    raw = re.search(r'<script id="toposcope-data" type="application/json">(.*?)</script>',
                    page, re.S).group(1)
    return json.loads(raw)


def _spans(n: int) -> list[dict]:
    return [{"start": k * len(WORD), "end": k * len(WORD) + 6, "text": "Galway"}
            for k in range(n)]


def _files(tmp_path, gold_toponyms: list[dict], pred_toponyms: list[dict]):
    gold, pred = tmp_path / "gold.jsonl", tmp_path / "pred.jsonl"
    text = WORD * N
    gold.write_text(json.dumps({"id": "d", "text": text, "toponyms": [
        {**t, "lat": 53.27, "lon": -9.05} for t in gold_toponyms]}) + "\n")
    pred.write_text(json.dumps({"id": "d", "toponyms": [
        {**t, "lat": 53.27, "lon": -9.05} for t in pred_toponyms]}) + "\n")
    return gold, pred


@pytest.mark.parametrize("gold_n,pred_n", [(1, N), (N, 0)], ids=["false-positives",
                                                               "missed-toponyms"])
def test_one_document_with_thousands_of_errors_is_bounded_and_the_page_says_so(
        tmp_path, monkeypatch, gold_n, pred_n):
    monkeypatch.setattr(browse, "MAX_ERRORS", 50)
    gold, pred = _files(tmp_path, _spans(gold_n), _spans(pred_n))
    page = browse_page(gold, [pred, pred], ["a", "b"])
    data = _data(page)
    for system in data["systems"]:
        assert len(system["errors"]) == 50
        assert sum(len(v) for v in system["preds"].values()) <= 50
    assert f"a: the first 50 of {N - 1 if gold_n == 1 else N:,} errors" in page
    assert "lists at most 50 errors" in page and "b: the first 50" in page


def test_a_page_within_the_bound_says_nothing_is_left_out(tmp_path, monkeypatch):
    monkeypatch.setattr(browse, "MAX_ERRORS", 1000)
    gold, pred = _files(tmp_path, _spans(1), _spans(N))
    page = browse_page(gold, [pred])
    assert len(_data(page)["systems"][0]["errors"]) == N - 1
    assert "lists at most" not in page


def test_thousands_of_missed_toponyms_highlight_a_bounded_number_of_gold_spans(
        tmp_path, monkeypatch):
    monkeypatch.setattr(browse, "MAX_ERRORS", 50)
    gold, pred = _files(tmp_path, _spans(N), _spans(0))
    page = browse_page(gold, [pred])
    data = _data(page)
    assert sum(len(d["gold"]) for d in data["docs"]) == 50
    assert f"the first 50 of {N:,} gold toponyms" in page
    assert data["docs"][0]["gold"][0][:3] == [0, 6, "Galway"]  # the first ones, in order
