"""`toposcope parse` at scale: any input format, chunks, workers, resume, and bad rows."""

import json

import pandas as pd
import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from geoparser.batch import run as batch
from geoparser.batch.chunk_task import run_chunk
from geoparser.batch.part_store import PartStore, parts_dir, skipped_path
from geoparser.batch.run import BatchOptions, Interrupted, parse_batch
from geoparser.batch.stages import PipelineSpec
from geoparser.cli.main import app
from geoparser.errors import UsageError
from geoparser.io.documents import read_gold
from geoparser.io.sources import open_source
from geoparser.model import DocumentFocus, focus_columns
from tests.conftest import CAPTIONS

runner = CliRunner()
SPEC = PipelineSpec()


def invoke(*args):
    return runner.invoke(app, [*args])


@pytest.fixture
def docs_jsonl(tmp_path):
    """The twelve captions as plain documents (id and text only)."""
    path = tmp_path / "docs.jsonl"
    path.write_text("".join(json.dumps({"id": d.id, "text": d.text}) + "\n"
                            for d in read_gold(CAPTIONS)))
    return path


@pytest.fixture
def reference(docs_jsonl, tmp_path):
    """The output of one plain run, the yardstick for every other way of running."""
    out = tmp_path / "reference.jsonl"
    parse_batch(open_source(docs_jsonl), out, SPEC)
    return out.read_bytes()


def test_csv_and_parquet_inputs_give_the_same_output(docs_jsonl, reference, tmp_path):
    frame = pd.read_json(docs_jsonl, lines=True, dtype={"id": str})
    frame.rename(columns={"text": "body"}).to_csv(tmp_path / "docs.csv", index=False)
    frame.to_parquet(tmp_path / "docs.parquet")
    for name, extra in (("docs.csv", ["--text-column", "body"]), ("docs.parquet", [])):
        out = tmp_path / f"{name}.out.jsonl"
        result = invoke("parse", "--in", str(tmp_path / name), "--out", str(out),
                        "--chunk-size", "5", *extra)
        assert result.exit_code == 0, result.output
        assert out.read_bytes() == reference, name


def test_parquet_output_holds_the_same_toponyms(docs_jsonl, reference, tmp_path):
    out = tmp_path / "out.parquet"
    assert invoke("parse", "--in", str(docs_jsonl), "--out", str(out),
                  "--format", "parquet").exit_code == 0
    rows = pq.read_table(out).to_pylist()
    # each row: the toponym's JSONL record, its document's focus as columns, and a geometry
    docs = [json.loads(line) for line in reference.decode().splitlines()]
    expected = [{**{k: v for k, v in t.items() if k != "id"}, "doc_id": e["id"],
                 **focus_columns(DocumentFocus.from_dict(e["focus"]))}
                for e in docs for t in e["toponyms"]]
    assert [{k: v for k, v in r.items() if k != "geometry"} for r in rows] == [
        {k: e.get(k) for k in r if k != "geometry"} for r, e in zip(rows, expected, strict=True)]
    assert all(set(e) <= set(r) for r, e in zip(rows, expected, strict=True))
    assert sum(r["geometry"] is not None for r in rows) == sum("lat" in e for e in expected)


def test_two_workers_write_what_one_process_writes(docs_jsonl, reference, tmp_path):
    out = tmp_path / "out.jsonl"
    result = invoke("parse", "--in", str(docs_jsonl), "--out", str(out), "--workers", "2",
                    "--chunk-size", "2")
    assert result.exit_code == 0, result.output
    assert "2 worker processes" in result.output
    assert out.read_bytes() == reference


def test_interrupted_run_resumes_without_redoing_or_duplicating(
        docs_jsonl, reference, tmp_path, monkeypatch):
    out = tmp_path / "out.jsonl"
    options = BatchOptions(chunk_size=3)
    save = PartStore.save

    def save_then_stop(self, result):
        save(self, result)
        if len(self.finished()) == 2:
            raise KeyboardInterrupt

    monkeypatch.setattr(PartStore, "save", save_then_stop)
    with pytest.raises(Interrupted, match="2 finished chunks are kept"):
        parse_batch(open_source(docs_jsonl), out, SPEC, options)
    monkeypatch.undo()
    assert not out.exists() and parts_dir(out).is_dir()
    with pytest.raises(UsageError, match="--resume"):
        parse_batch(open_source(docs_jsonl), out, SPEC, options)

    ran = []

    def recording(task):
        ran.append(task.index)
        return run_chunk(task)

    monkeypatch.setattr(batch, "run_chunk", recording)
    options.resume = True
    stats = parse_batch(open_source(docs_jsonl), out, SPEC, options)
    assert ran == [2, 3]  # only the unfinished chunks
    assert (stats.chunks_reused, stats.parsed_now, stats.totals.parsed) == (2, 6, 12)
    assert out.read_bytes() == reference
    assert not parts_dir(out).exists()


def test_resume_refuses_a_changed_input(docs_jsonl, tmp_path):
    out = tmp_path / "out.jsonl"
    PartStore(out, batch.manifest(open_source(docs_jsonl), SPEC, BatchOptions()),
              batch.PART_FORMATS.create("jsonl")).open(resume=False)
    with docs_jsonl.open("a") as fh:
        fh.write(json.dumps({"id": "new", "text": "Snow in Oslo."}) + "\n")
    with pytest.raises(UsageError, match="cannot resume: input differ"):
        parse_batch(open_source(docs_jsonl), out, SPEC, BatchOptions(resume=True))


def test_resume_refuses_a_ranker_that_changed_since_the_run_began(docs_jsonl, tmp_path,
                                                                  monkeypatch):
    from geoparser.resolution import learned

    spec = PipelineSpec(policy="learned")
    out = tmp_path / "out.jsonl"
    PartStore(out, batch.manifest(open_source(docs_jsonl), spec, BatchOptions()),
              batch.PART_FORMATS.create("jsonl")).open(resume=False)
    other = tmp_path / "other-ranker.txt"
    other.write_bytes(learned.MODEL_PATH.read_bytes() + b"\n")
    monkeypatch.setattr(learned, "MODEL_PATH", other)
    with pytest.raises(UsageError, match="cannot resume: policy_identity differ"):
        parse_batch(open_source(docs_jsonl), out, spec, BatchOptions(resume=True))


BAD = ('{"id": "a", "text": "Snow in Boston."}\n'
       '{"id": "b", "text": ""}\n'
       '{"id": "c", "text": "Rain in Perth."\n'
       '\n'
       '{"id": "d", "text": "Fog in Cork."}\n'
       '{"id": "e", "text": 5}\n')


def test_skip_lists_bad_rows_by_line_and_counts_them(tmp_path, caplog):
    src = tmp_path / "docs.jsonl"
    src.write_text(BAD)
    out = tmp_path / "out.jsonl"
    with caplog.at_level("WARNING", logger="geoparser"):
        result = invoke("parse", "--in", str(src), "--out", str(out), "--on-error", "skip",
                        "--chunk-size", "2")
    assert result.exit_code == 0, result.output
    assert [json.loads(x)["id"] for x in out.read_text().splitlines()] == ["a", "d"]
    assert f"{src}:2: document 'b' has an empty text; skipped" in caplog.text
    assert "read 5, parsed 2, skipped 3 documents" in result.output
    listed = [json.loads(x) for x in skipped_path(out).read_text().splitlines()]
    assert [(x["line"], x["error"]) for x in listed] == [
        (2, "document 'b' has an empty text"),
        (3, "malformed JSON (Expecting ',' delimiter)"),
        (6, "field 'text' must be a string, got int")]


def test_fail_stops_at_the_bad_row_and_leaves_nothing(tmp_path):
    src = tmp_path / "docs.jsonl"
    src.write_text(BAD)
    result = invoke("parse", "--in", str(src), "--out", str(tmp_path / "out.jsonl"))
    assert result.exit_code == 2
    assert f"{src}:2: document 'b' has an empty text (--on-error skip" in result.output
    assert list(tmp_path.iterdir()) == [src]


def test_a_clean_rerun_removes_an_old_skipped_list(tmp_path, docs_jsonl):
    out = tmp_path / "out.jsonl"
    skipped_path(out).write_text("stale\n")
    assert invoke("parse", "--in", str(docs_jsonl), "--out", str(out)).exit_code == 0
    assert not skipped_path(out).exists()


@pytest.mark.parametrize(("args", "message"), [
    (["--on-error", "ignore"], "unknown --on-error 'ignore'"),
    (["--chunk-size", "0"], "--chunk-size must be from 1 to 10,000,000"),
    (["--workers", "0"], "--workers must be at least 1"),
    (["--workers", "2", "--dask", "tcp://127.0.0.1:1"], "with --dask the cluster's workers"),
    (["--format", "xml"], "unknown output format 'xml'"),
    (["--policy", "best"], "unknown policy 'best'"),
    (["--ner", "en_core_web_xx"], "'en_core_web_xx' is not installed"),
])
def test_bad_options_exit_2_before_any_work(docs_jsonl, tmp_path, args, message):
    out = tmp_path / "out.jsonl"
    result = invoke("parse", "--in", str(docs_jsonl), "--out", str(out), *args)
    assert result.exit_code == 2 and message in result.output
    assert not out.exists() and not parts_dir(out).exists()


def test_unterminated_csv_quote_stops_parse_with_file_and_line(tmp_path):
    src = tmp_path / "docs.csv"
    src.write_text('id,text\na,"Snow in Oslo."\nb,"Rain in Perth.\nc,Fog in Cork.\n')
    out = tmp_path / "out.jsonl"
    result = invoke("parse", "--in", str(src), "--out", str(out), "--ner", "gazetteer")
    assert result.exit_code == 2
    assert f"{src}:3: unreadable CSV (a quoted field opened here is never closed)" \
        in result.output
    assert not out.exists() and not parts_dir(out).exists()


FAST_CLI = ["--ner", "gazetteer", "--policy", "population"]
#: How long the tests below wait for a child run to reach a point or to end (generous: a
#: loaded machine; the loops end as soon as the point is reached).
WAIT_S = 120


def _many_docs(tmp_path, n=300):
    """Enough documents that a run is still working when the test stops it."""
    path = tmp_path / "many.jsonl"
    path.write_text("".join(json.dumps({"id": f"d{k:03d}", "text": f"Snow in Paris and "
                                        f"Berlin on day {k}; rain in Oslo."}) + "\n"
                            for k in range(n)))
    return path


def _start_parse(docs, out, *args):
    import subprocess
    import sys

    return subprocess.Popen([sys.executable, "-m", "geoparser", "-q", "parse", "--in",
                             str(docs), "--out", str(out), *FAST_CLI, *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def _terminate_when(proc, reached):
    """SIGTERM ``proc`` as soon as ``reached()`` (polled, bounded); its exit status and
    standard error."""
    import signal
    import time

    deadline = time.monotonic() + WAIT_S
    while not reached():
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline, "the run never got there"
        time.sleep(0.01)
    proc.send_signal(signal.SIGTERM)
    _, stderr = proc.communicate(timeout=WAIT_S)
    return proc.returncode, [ln for ln in stderr.decode().splitlines() if ln.strip()]


def test_sigterm_during_parse_leaves_no_parts_folder_and_a_plain_rerun_succeeds(tmp_path):
    """SIGTERM two seconds into ``parse`` left ``OUT.parts`` (run.json, lock, ledger) and the
    plain rerun was refused, where Ctrl-C left nothing: SIGTERM now stops a run as Ctrl-C
    does, with the shell's status for it (143) and one line."""
    docs, out = _many_docs(tmp_path), tmp_path / "out.jsonl"
    proc = _start_parse(docs, out, "--chunk-size", "300")  # one chunk: none finishes first
    status, lines = _terminate_when(proc, parts_dir(out).exists)
    assert status == 143 and lines == [
        "toposcope: error: stopped by SIGTERM before any chunk was finished"], (status, lines)
    assert not parts_dir(out).exists() and not out.exists()
    result = invoke("parse", "--in", str(docs), "--out", str(out), *FAST_CLI)
    assert result.exit_code == 0, result.output
    assert len(out.read_text().splitlines()) == 300


def test_sigterm_during_a_resumed_parse_keeps_the_finished_chunks_for_resume(
        tmp_path, monkeypatch):
    """What ``--resume`` promises to keep, the finished chunks, stays when a resumed run is
    stopped by SIGTERM; the next ``--resume`` finishes with every document once."""
    docs, out = _many_docs(tmp_path), tmp_path / "out.jsonl"
    options = BatchOptions(chunk_size=60)
    spec = PipelineSpec(ner="gazetteer", policy="population")
    save = PartStore.save

    def save_then_stop(self, result):
        save(self, result)
        raise KeyboardInterrupt

    monkeypatch.setattr(PartStore, "save", save_then_stop)
    with pytest.raises(Interrupted, match="1 finished chunks are kept"):
        parse_batch(open_source(docs, group_column="source"), out, spec, options)  # as the CLI
    monkeypatch.undo()
    ledger = parts_dir(out) / "written.jsonl"
    before = ledger.stat().st_size
    proc = _start_parse(docs, out, "--chunk-size", "60", "--resume")
    status, lines = _terminate_when(proc, lambda: ledger.stat().st_size > before)
    assert status == 143 and len(lines) == 1, (status, lines)
    assert lines[0].startswith("toposcope: error: stopped by SIGTERM; ")
    assert "finished chunks are kept" in lines[0] and "--resume" in lines[0]
    assert (parts_dir(out) / "chunk-00000000.json").exists() and not out.exists()
    result = invoke("parse", "--in", str(docs), "--out", str(out), "--chunk-size", "60",
                    "--resume", *FAST_CLI)
    assert result.exit_code == 0, result.output
    assert [json.loads(x)["id"] for x in out.read_text().splitlines()] == [
        f"d{k:03d}" for k in range(300)]
    assert not parts_dir(out).exists()
