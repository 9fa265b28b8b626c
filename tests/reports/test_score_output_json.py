"""``score --format json``: the summaries indented, each item of a streamed list (the
per-document part) one compact line, written in blocks; ``json.loads`` of it is what
``json.dumps(result.to_json())`` holds, whatever the block size."""

from __future__ import annotations

import io
import json

import msgspec
import pytest

from evaluation.reports import score_output
from evaluation.results import EncodedLines


class _Result:
    """A result with two lazy lists, one empty, nested at different depths."""

    def __init__(self, n: int, encoded: bool = False) -> None:
        self.n, self.encoded = n, encoded

    def to_json(self, lazy: bool = False) -> dict:
        docs = [{"id": f"d{i}", "m": {"correct": i, "precision": None if i % 3 else i / 7,
                                      "text": 'é "<\n>\u2028'},
                 "list": [] if i % 2 else [1, {"z": []}]} for i in range(self.n)]
        streamed = (EncodedLines(msgspec.json.Encoder().encode_lines(docs[k:k + 3])
                                 for k in range(0, self.n + 3, 3))  # an empty block at the end
                    if self.encoded else iter(docs))
        return {"scheme": "t", "options": {"match": "auto"},
                "inner": {"documents": streamed if lazy else docs, "after": 1},
                "documents": iter([]) if lazy else []}


def _written(result) -> str:
    buf = io.StringIO()
    score_output.write_json(result, buf.write)
    return buf.getvalue()


@pytest.mark.parametrize("encoded", [False, True])
@pytest.mark.parametrize("block", [1, 2, 7, 2048])
@pytest.mark.parametrize("n", [0, 1, 5, 50])
def test_json_in_blocks_reads_as_json_dumps(monkeypatch, block, n, encoded):
    monkeypatch.setattr(score_output, "STREAM_BLOCK", block)
    text = _written(_Result(n, encoded))
    assert json.loads(text) == json.loads(json.dumps(_Result(n).to_json()))
    assert text == _written(_Result(n, not encoded))  # encoded ahead or here: the same bytes


def test_summaries_are_indented_and_each_document_is_one_line():
    text = _written(_Result(4))
    lines = text.split("\n")
    assert lines[:3] == ['{', '  "scheme": "t",', '  "options": {']
    start = lines.index('    "documents": [')
    docs = lines[start + 1:start + 5]
    assert lines[start + 5:start + 7] == ["    ],", '    "after": 1']
    for k, line in enumerate(docs):
        assert line.startswith('      {"id":') and line.endswith("}," if k < 3 else "}")
        assert json.loads(line.strip().rstrip(",")) == _Result(4).to_json()["inner"][
            "documents"][k]
    assert lines[-3:] == ['  "documents": []', "}", ""]


@pytest.mark.parametrize("scheme", ["semeval", "all"])
def test_score_json_reads_as_the_results_dicts_a_document_a_line(scheme):
    """Every scheme's result through the writer (``all``: each scheme's per-document list
    nested one level deeper) reads back as ``json.dumps`` of ``to_json()``, with points,
    tolerances, a document without toponyms and an id that needs escaping."""
    import random

    from evaluation import score
    from geoparser.model import Document, GoldToponym, PredictedDocument, Prediction

    rng = random.Random(7)
    text = "Perth and Bath and Kyoto."
    spans = [(0, 5), (10, 14), (19, 24)]
    golds, predictions = [], {}
    for k in range(30):
        doc_id = f'd{k} "<b>"\n' if k == 3 else f"d{k}"
        golds.append(Document(doc_id, text, tuple(
            GoldToponym(s, e, text[s:e], rng.uniform(-60, 60), rng.uniform(-170, 170),
                        label=rng.choice(["GPE", "LOC"]), tolerance_km=rng.choice([None, 50.0]))
            for s, e in spans if k % 5 and rng.random() < 0.7)))
        predictions[doc_id] = PredictedDocument(doc_id, tuple(
            Prediction(text[s + shift:e], s + shift, e, rng.choice(["GPE", "LOC"]),
                       rng.uniform(-60, 60), rng.uniform(-170, 170))
            for s, e in spans for shift in [rng.choice([0, 1])] if rng.random() < 0.6))
    result = score(scheme, golds, predictions)
    text_out = _written(result)
    assert json.loads(text_out) == json.loads(json.dumps(result.to_json()))
    document_lines = [line for line in text_out.split("\n") if line.lstrip().startswith('{"id":')]
    lists = 1 if scheme == "semeval" else sum(
        isinstance(part, dict) and isinstance(part.get("documents"), list)
        and bool(part["documents"]) for part in result.to_json().values())
    assert len(document_lines) == 30 * lists
