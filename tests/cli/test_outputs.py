"""Where the commands write: never over their input, never a folder for a file, never a rename
over a device; standard output and formats by extension; all-or-nothing results; and every
failure to write is one line and exit 2, never a traceback."""

import errno
import json
import os
import stat
import zipfile
from types import SimpleNamespace

import pytest
from typer.testing import CliRunner

from geoparser.batch.part_store import PartStore, parts_dir
from geoparser.cli.main import app
from geoparser.io.toponym_records import TOPONYM_COLUMNS
from tests.conftest import CAPTIONS, ROOT
from tests.helpers import failing_fsync

runner = CliRunner()
AD = ROOT / "tests" / "data" / "geonames" / "AD.txt"
FAST = ["--ner", "gazetteer", "--policy", "population"]


def invoke(*args):
    return runner.invoke(app, [str(a) for a in args])


def one_line_error(result, text):
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        result.exception
    lines = [ln for ln in result.output.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("toposcope: error: "), result.output
    assert text in lines[0], lines[0]


@pytest.fixture
def docs(tmp_path):
    path = tmp_path / "docs.jsonl"
    path.write_text('{"id": "a", "text": "Snow in Paris and Berlin."}\n'
                    '{"id": "b", "text": "Rain in Oslo."}\n')
    return path


def test_out_equal_to_in_is_refused(docs):
    before = docs.read_bytes()
    one_line_error(invoke("parse", "--in", docs, "--out", docs, *FAST), "is the input")
    assert docs.read_bytes() == before
    assert not parts_dir(docs).exists()


def test_resolve_out_equal_to_gold_is_refused(tmp_path):
    gold = tmp_path / "gold.jsonl"
    gold.write_bytes((CAPTIONS / "captions.jsonl").read_bytes())
    before = gold.read_bytes()
    one_line_error(invoke("resolve", "--gold", gold, "--out", gold, "--context-ner", "none"),
                   "is the input")
    assert gold.read_bytes() == before
    # the same file through a dataset folder
    one_line_error(invoke("resolve", "--gold", CAPTIONS, "--out", CAPTIONS / "captions.jsonl",
                          "--context-ner", "none"), "is the input")


def test_out_naming_a_directory_is_refused_and_leaves_no_parts(docs, tmp_path):
    folder = tmp_path / "outdir"
    folder.mkdir()
    one_line_error(invoke("parse", "--in", docs, "--out", folder, *FAST), "is a folder")
    assert not parts_dir(folder).exists() and list(folder.iterdir()) == []


def test_out_inside_a_file_is_refused(docs, tmp_path):
    one_line_error(invoke("parse", "--in", docs, "--out", docs / "out.jsonl", *FAST),
                   "is a file, not a folder")
    assert not parts_dir(docs / "out.jsonl").exists()


def test_run_out_naming_a_file_is_refused(tmp_path):
    f = tmp_path / "results"
    f.write_text("mine")
    one_line_error(invoke("run", "--captions", CAPTIONS, "--out", f), "is a file; give a folder")
    assert f.read_text() == "mine"


def test_dev_stdout_is_not_replaced(docs, tmp_path):
    link = tmp_path / "stdout"  # stands for /dev/stdout: a symlink to a character device
    link.symlink_to("/dev/null")
    result = invoke("parse", "--in", docs, "--out", link, *FAST)
    assert result.exit_code == 0, result.output
    assert link.is_symlink() and os.readlink(link) == "/dev/null"
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["docs.jsonl", "stdout"]


def test_out_dash_writes_to_standard_output(docs, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = invoke("parse", "--in", docs, "--out", "-", *FAST)
    assert result.exit_code == 0, result.output
    lines = [json.loads(x) for x in result.stdout.splitlines()]
    assert [d["id"] for d in lines] == ["a", "b"]
    assert {t["text"] for t in lines[0]["toponyms"]} >= {"Paris", "Berlin"}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["docs.jsonl"]  # no "-" file


def test_out_dash_with_resume_is_refused(docs):
    one_line_error(invoke("parse", "--in", docs, "--out", "-", "--resume", *FAST),
                   "cannot be resumed")


def test_resolve_out_dash_writes_to_standard_output():
    result = invoke("resolve", "--gold", CAPTIONS, "--out", "-", "--format", "geojson",
                    "--policy", "population", "--context-ner", "none")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["type"] == "FeatureCollection"


@pytest.mark.parametrize("name", ["out.geojson", "out.csv", "out.parquet", "out.jsonl"])
def test_output_format_follows_the_extension(docs, tmp_path, name):
    out = tmp_path / name
    result = invoke("parse", "--in", docs, "--out", out, *FAST)
    assert result.exit_code == 0, result.output
    if name.endswith(".geojson"):
        fc = json.loads(out.read_text())
        assert fc["type"] == "FeatureCollection" and fc["features"]
    elif name.endswith(".csv"):
        header, *rows = out.read_text().splitlines()
        assert header == ",".join(TOPONYM_COLUMNS)
        assert rows[0].startswith("a,8,13,Paris,")
    elif name.endswith(".parquet"):
        import pyarrow.parquet as pq

        rows = pq.read_table(out).to_pylist()  # flat: one row per toponym
        assert list(dict.fromkeys(r["doc_id"] for r in rows)) == ["a", "b"]
    else:
        assert [json.loads(x)["id"] for x in out.read_text().splitlines()] == ["a", "b"]


def test_resolve_csv_output(tmp_path):
    out = tmp_path / "r.csv"
    result = invoke("resolve", "--gold", CAPTIONS, "--out", out, "--policy", "population",
                    "--context-ner", "none")
    assert result.exit_code == 0, result.output
    assert out.read_text().startswith(",".join(TOPONYM_COLUMNS) + "\n")


@pytest.mark.parametrize("args,message", [
    (["--out", "x.geojson", "--format", "jsonl"], "--format jsonl does not match"),
    (["--out", "x.parquet", "--format", "csv"], "--format csv does not match"),
    (["--out", "x.json"], "GeoJSON or JSON Lines"),
])
def test_format_mismatch_is_one_line_and_exit_2(docs, tmp_path, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)
    one_line_error(invoke("parse", "--in", docs, *args, *FAST), message)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["docs.jsonl"]


def test_resolve_cannot_write_parquet(tmp_path):
    one_line_error(invoke("resolve", "--gold", CAPTIONS, "--out", tmp_path / "r.parquet"),
                   "cannot write parquet")


def test_read_only_output_dir_is_one_line(docs, tmp_path, monkeypatch):
    (tmp_path / "ro").mkdir()
    monkeypatch.setattr(os, "access", lambda path, mode: not mode & os.W_OK)  # root writes anywhere
    one_line_error(invoke("parse", "--in", docs, "--out", tmp_path / "ro" / "o.jsonl", *FAST),
                   "permission denied or read-only")
    one_line_error(invoke("run", "--captions", CAPTIONS, "--out", tmp_path / "ro"),
                   "permission denied or read-only")


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write in a read-only folder")
def test_read_only_output_dir_for_real(docs, tmp_path):
    ro = tmp_path / "ro"
    ro.mkdir()
    ro.chmod(0o555)
    try:
        one_line_error(invoke("parse", "--in", docs, "--out", ro / "o.jsonl", *FAST),
                       "permission denied or read-only")
    finally:
        ro.chmod(0o755)


def test_write_refused_by_the_system_is_one_line(docs, tmp_path, monkeypatch):
    import tempfile

    def refuse(*a, **k):
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    one_line_error(invoke("parse", "--in", docs, "--out", tmp_path / "o.jsonl", *FAST),
                   "Permission denied")


def test_disk_full_in_parse_is_one_line_and_keeps_finished_chunks(docs, tmp_path, monkeypatch):
    out = tmp_path / "o.jsonl"
    # run.json, chunk 0's data and marker are written; chunk 1's data hits the full disk
    monkeypatch.setattr(os, "fsync", failing_fsync(after=3))
    one_line_error(invoke("parse", "--in", docs, "--out", out, "--chunk-size", "1", *FAST),
                   "No space left on device")
    assert not out.exists()
    assert sorted(p.name for p in parts_dir(out).iterdir() if p.name.startswith("chunk")) == [
        "chunk-00000000.json", "chunk-00000000.jsonl"]
    monkeypatch.undo()
    result = invoke("parse", "--in", docs, "--out", out, "--chunk-size", "1", "--resume", *FAST)
    assert result.exit_code == 0, result.output
    assert [json.loads(x)["id"] for x in out.read_text().splitlines()] == ["a", "b"]


def test_disk_full_while_joining_is_one_line(docs, tmp_path, monkeypatch):
    from geoparser.batch import part_formats

    def full(src, dst):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(part_formats.shutil, "copyfileobj", full)
    out = tmp_path / "o.jsonl"
    one_line_error(invoke("parse", "--in", docs, "--out", out, *FAST),
                   "No space left on device; 1 finished chunks are kept")
    assert not out.exists() and parts_dir(out).is_dir()
    monkeypatch.undo()
    assert invoke("parse", "--in", docs, "--out", out, "--resume", *FAST).exit_code == 0
    assert [json.loads(x)["id"] for x in out.read_text().splitlines()] == ["a", "b"]


def test_concurrent_resume_second_run_refuses_with_one_line(docs, tmp_path):
    out = tmp_path / "o.jsonl"
    first = PartStore(out, {}, None)
    first.open(resume=False)  # a run in progress holds the parts folder
    try:
        one_line_error(invoke("parse", "--in", docs, "--out", out, "--resume", *FAST),
                       "another toposcope run is writing")
        assert parts_dir(out).is_dir()  # not deleted under the first run's feet
    finally:
        first.discard()


# ---- run: all or nothing ---------------------------------------------------------------

OLD = {f"f{i:02d}.csv": f"old {i}\n" for i in range(17)}


def _fake_run(monkeypatch, files):
    from evaluation.reports import coursework_answer, coursework_report

    ans = SimpleNamespace(summary=dict, q1=SimpleNamespace(recogniser="fake"))
    monkeypatch.setattr(coursework_answer, "answer", lambda *a, **k: ans)
    monkeypatch.setattr(coursework_report, "render", lambda ans, cmd: dict(files))


def _results(tmp_path):
    results = tmp_path / "results"
    results.mkdir()
    for name, text in OLD.items():
        (results / name).write_text(text)
    (results / "mine.txt").write_text("not toposcope's")
    return results


def _snapshot(folder):
    return {p.name: (p.read_bytes() if p.is_file() else "dir") for p in folder.iterdir()}


def test_run_disk_full_leaves_results_as_they_were(tmp_path, monkeypatch):
    results = _results(tmp_path)
    before = _snapshot(results)
    _fake_run(monkeypatch, {name: f"new {name}\n" for name in OLD})
    monkeypatch.setattr(os, "fsync", failing_fsync(after=7))
    one_line_error(invoke("run", "--captions", CAPTIONS, "--out", results),
                   "No space left on device")
    assert _snapshot(results) == before


def test_run_with_a_folder_where_summary_json_goes_leaves_results_as_they_were(
        tmp_path, monkeypatch):
    results = _results(tmp_path)
    (results / "summary.json").mkdir()
    before = _snapshot(results)
    _fake_run(monkeypatch, {**{name: "new\n" for name in OLD}, "summary.json": "{}\n"})
    one_line_error(invoke("run", "--captions", CAPTIONS, "--out", results), "summary.json")
    assert _snapshot(results) == before


def test_run_replaces_every_file_and_keeps_the_others(tmp_path, monkeypatch):
    results = _results(tmp_path)
    _fake_run(monkeypatch, {name: "new\n" for name in OLD})
    monkeypatch.setattr("geoparser.cli.coursework._print_summary", lambda *a: None)
    result = invoke("run", "--captions", CAPTIONS, "--out", results)
    assert result.exit_code == 0, result.output
    snap = _snapshot(results)
    assert snap.pop("mine.txt") == b"not toposcope's"
    assert snap == {name: b"new\n" for name in OLD}  # no temporary or backup files left


def test_run_output_naming_the_captions_file_is_refused(tmp_path, monkeypatch):
    folder = tmp_path / "set"
    folder.mkdir()
    (folder / "captions.jsonl").write_bytes((CAPTIONS / "captions.jsonl").read_bytes())
    before = _snapshot(folder)
    _fake_run(monkeypatch, {"captions.jsonl": "clobbered\n"})
    one_line_error(invoke("run", "--captions", folder, "--out", folder), "is the input")
    assert _snapshot(folder) == before


def test_outputs_respect_the_umask(docs, tmp_path):
    old = os.umask(0o077)
    try:
        assert invoke("parse", "--in", docs, "--out", tmp_path / "o.jsonl", *FAST).exit_code == 0
        assert invoke("gazetteer", "build", AD, "--out", tmp_path / "ad.sqlite").exit_code == 0
    finally:
        os.umask(old)
    for name in ("o.jsonl", "ad.sqlite"):
        assert stat.S_IMODE((tmp_path / name).stat().st_mode) == 0o600, name


# ---- gazetteer build ----------------------------------------------------------------------

def test_gazetteer_build_bad_zip_is_one_line(tmp_path):
    bad = tmp_path / "bad.zip"
    bad.write_bytes(b"PK\x03\x04 this is not really a zip")
    one_line_error(invoke("gazetteer", "build", bad, "--out", tmp_path / "x.sqlite"),
                   "not a readable zip file")
    assert not (tmp_path / "x.sqlite").exists()


def test_gazetteer_build_damaged_zip_member_is_one_line(tmp_path):
    good = tmp_path / "AD.zip"
    with zipfile.ZipFile(good, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.write(AD, "AD.txt")
    data = bytearray(good.read_bytes())
    data[60:90] = b"\x00" * 30  # inside the compressed member
    good.write_bytes(bytes(data))
    result = invoke("gazetteer", "build", good, "--out", tmp_path / "x.sqlite")
    assert result.exit_code == 2 and "Traceback" not in result.output, result.output


def test_gazetteer_build_out_naming_a_folder_is_one_line(tmp_path):
    one_line_error(invoke("gazetteer", "build", AD, "--out", tmp_path), "is a folder")


def test_gazetteer_build_skips_latitude_95_with_a_count(tmp_path):
    rows = AD.read_text(encoding="utf-8").splitlines()
    bad = rows[0].split("\t")
    bad[0], bad[4] = "99999999", "95.0"
    worse = rows[1].split("\t")
    worse[0], worse[5] = "99999998", "nan"
    dump = tmp_path / "XX.txt"
    dump.write_text("\n".join([*rows, "\t".join(bad), "\t".join(worse)]) + "\n",
                    encoding="utf-8")
    out = tmp_path / "xx.sqlite"
    result = invoke("gazetteer", "build", dump, "--out", out)
    assert result.exit_code == 0, result.output
    assert "skipped 2 rows with impossible coordinates" in result.output
    assert f"XX.txt:{len(rows) + 1}: latitude 95.0 is outside -90..90" in result.output
    assert f"indexed {len(rows)} places" in result.output


# ---- web cache ----------------------------------------------------------------------------

def test_web_cache_naming_a_directory_is_refused(tmp_path):
    from geoparser.cli.options import gazetteer_config
    from geoparser.errors import OutputError

    with pytest.raises(OutputError, match="--web-cache .* is a folder"):
        gazetteer_config("nominatim", cache_path=tmp_path, contact="me@example.org")
    result = invoke("run", "--captions", CAPTIONS, "--gazetteer", "nominatim", "--contact",
                    "me@example.org", "--web-cache", tmp_path, "--out", tmp_path / "r")
    one_line_error(result, "--web-cache")
    assert not tmp_path.with_name(tmp_path.name + ".sqlite").exists()


def test_parse_web_cache_naming_a_directory_is_refused(tmp_path):
    """parse hands its web settings to the workers (web_overrides): the same guard applies."""
    docs = tmp_path / "docs.jsonl"
    docs.write_text('{"id": "a", "text": "Snow in Oslo."}\n')
    cache = tmp_path / "cache"
    cache.mkdir()
    result = invoke("parse", "--in", docs, "--out", tmp_path / "p.jsonl", "--gazetteer",
                    "nominatim", "--contact", "me@example.org", "--web-cache", cache)
    one_line_error(result, "--web-cache")
    assert not (tmp_path / "p.jsonl").exists()


def test_disk_full_in_resolve_is_one_line_and_writes_nothing(tmp_path, monkeypatch):
    monkeypatch.setattr(os, "fsync", failing_fsync(after=0))
    out = tmp_path / "r.jsonl"
    one_line_error(invoke("resolve", "--gold", CAPTIONS, "--out", out, "--policy", "population",
                          "--context-ner", "none"), "No space left on device")
    assert list(tmp_path.iterdir()) == []


def test_compare_out_naming_a_file_is_refused(tmp_path):
    f = tmp_path / "results"
    f.write_text("mine")
    one_line_error(invoke("compare", "--ner", "gazetteer", "--out", f), "is a file")
    assert f.read_text() == "mine"


def test_dev_stdout_redirected_to_a_file_is_written_through(docs, tmp_path):
    target = tmp_path / "redirect.jsonl"
    with target.open("wb") as fh:  # stands for `--out /dev/stdout > redirect.jsonl`
        result = invoke("parse", "--in", docs, "--out", f"/dev/fd/{fh.fileno()}", *FAST)
    assert result.exit_code == 0, result.output
    assert [json.loads(x)["id"] for x in target.read_text().splitlines()] == ["a", "b"]


def test_concurrent_resume_in_another_process_is_refused(docs, tmp_path):
    import subprocess
    import sys

    out = tmp_path / "o.jsonl"
    parts_dir(out).mkdir()
    (parts_dir(out) / "run.json").write_text("{\"toposcope_parts\": 1}")
    from geoparser.batch.part_ledger import LEDGER_HEADER

    (parts_dir(out) / "written.jsonl").write_text(  # its ledger: the manifest and the lock
        LEDGER_HEADER + '{"file": "run.json"}\n{"file": "lock"}\n')
    # another process in the middle of a run: it holds OUT.parts/lock as PartStore does
    holder = subprocess.Popen(
        [sys.executable, "-c",
         "import fcntl, sys; fh = open(sys.argv[1], 'ab'); fcntl.flock(fh, fcntl.LOCK_EX); "
         "print('holding', flush=True); sys.stdin.read()", str(parts_dir(out) / "lock")],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "holding"
        one_line_error(invoke("parse", "--in", docs, "--out", out, "--resume", *FAST),
                       "another toposcope run is writing")
    finally:
        holder.communicate("", timeout=60)
    # the holder has gone and the system dropped its lock: what stops this resume now is only
    # that the holder's run was another run (its run.json differs)
    one_line_error(invoke("parse", "--in", docs, "--out", out, "--resume", *FAST),
                   "cannot resume: ")
