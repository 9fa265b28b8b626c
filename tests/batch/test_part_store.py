"""The part store: a chunk counts only once its summary is written; resumes must match."""

import json

import pytest

from geoparser.batch.chunk_task import BadRow, ChunkResult
from geoparser.batch.part_formats import PART_FORMATS
from geoparser.batch.part_store import PartStore, parts_dir, skipped_path
from geoparser.errors import UsageError


def result(index, lines, bad=()):
    data = "".join(json.dumps({"id": line, "toponyms": []}) + "\n" for line in lines)
    return ChunkResult(index, len(lines) + len(bad), len(lines), 0, 0,
                       [BadRow(loc, msg) for loc, msg in bad], data.encode())


def store(tmp_path, **manifest):
    return PartStore(tmp_path / "out.jsonl", {"chunk_size": 2, **manifest},
                     PART_FORMATS.create("jsonl"))


def test_chunks_are_finished_only_with_their_summary(tmp_path):
    s = store(tmp_path)
    assert s.open(resume=False) == set()
    s.save(result(1, ["c", "d"]))
    (s.dir / "chunk-00000000.jsonl").write_text("half of a chunk")  # data, no summary
    assert s.finished() == {1}
    with pytest.raises(UsageError, match="holds 1 finished chunks.*--resume"):
        store(tmp_path).open(resume=False)
    assert store(tmp_path).open(resume=True) == {1}


def test_resume_refuses_other_options(tmp_path):
    store(tmp_path).open(resume=False)
    with pytest.raises(UsageError, match="chunk_size, output_format differ"):
        PartStore(tmp_path / "out.jsonl", {"chunk_size": 3, "output_format": "geojson"},
                  PART_FORMATS.create("jsonl")).open(resume=True)


def test_finish_joins_in_order_lists_skipped_rows_and_cleans_up(tmp_path):
    s = store(tmp_path)
    s.open(resume=False)
    s.save(result(1, ["c"], bad=[(4, "missing field 'text'")]))
    s.save(result(0, ["a", "b"]))
    with pytest.raises(RuntimeError, match="chunk 2 is not finished"):
        s.totals(3)
    totals = s.finish(2, "in.jsonl")
    assert (totals.read, totals.parsed, totals.skipped) == (4, 3, 1)
    assert [json.loads(x)["id"] for x in s.out.read_text().splitlines()] == ["a", "b", "c"]
    assert json.loads(skipped_path(s.out).read_text()) == {
        "source": "in.jsonl", "line": 4, "error": "missing field 'text'"}
    assert not parts_dir(s.out).exists()
