"""``score --format json``: written in blocks of documents, byte for byte what
``json.dumps(result.to_json(), indent=2)`` gives, whatever the block size."""

from __future__ import annotations

import io
import json

import pytest

from evaluation.reports import score_output


class _Result:
    """A result with two lazy lists, one empty, nested at different depths."""

    def __init__(self, n: int) -> None:
        self.n = n

    def to_json(self, lazy: bool = False) -> dict:
        docs = [{"id": f"d{i}", "m": {"correct": i, "precision": None if i % 3 else i / 7,
                                      "text": 'é "<\n>'},
                 "list": [] if i % 2 else [1, {"z": []}]} for i in range(self.n)]
        return {"scheme": "t", "options": {"match": "auto"},
                "inner": {"documents": iter(docs) if lazy else docs, "after": 1},
                "documents": iter([]) if lazy else []}


@pytest.mark.parametrize("block", [1, 2, 7, 2048])
@pytest.mark.parametrize("n", [0, 1, 5, 50])
def test_json_in_blocks_is_json_dumps(monkeypatch, block, n):
    monkeypatch.setattr(score_output, "STREAM_BLOCK", block)
    buf = io.StringIO()
    score_output.write_json(_Result(n), buf.write)
    expected = json.dumps(_Result(n).to_json(), indent=2, ensure_ascii=False) + "\n"
    assert buf.getvalue() == expected
    assert json.loads(buf.getvalue()) == _Result(n).to_json()
