"""Hostile input and output cases, each a named test, on the command line where a user meets
it (the web gazetteers' cases are in tests/gazetteers/web/test_hostile_web.py and
test_answer_fields.py, the atomic renames' in tests/io/test_output_path.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from geoparser.io.csv_text import csv_text, frame_csv
from geoparser.io.output_lock import locked_folder
from tests.cli.hostile import GOLD, PRED, assert_refused, invoke, write_jsonl

ROOT = Path(__file__).resolve().parents[2]
PARIS = {"id": "a", "text": "I went to Paris."}


def test_skipped_rows_list_never_overwrites_the_input(tmp_path):
    """Case 4: the skip list of o.jsonl is o.jsonl.skipped.jsonl, here the input."""
    source = write_jsonl(tmp_path / "o.jsonl.skipped.jsonl", PARIS, {"id": "b"})
    before = source.read_bytes()
    assert_refused(invoke("parse", "--in", source, "--out", tmp_path / "o.jsonl", "--ner",
                          "gazetteer", "--on-error", "skip"),
                   "its skipped-rows list", "is the input")
    assert source.read_bytes() == before and not (tmp_path / "o.jsonl").exists()


@pytest.mark.parametrize("command", ["run", "compare"])
def test_a_second_run_into_the_same_folder_is_refused(tmp_path, command):
    """Case 7: run and compare take the lock parse takes; the second is refused."""
    out = tmp_path / "results"
    gold = write_jsonl(tmp_path / "gold.jsonl", GOLD)
    args = {"run": ["run", "--gold", gold, "--ner", "gazetteer", "--others", ""],
            "compare": ["compare", "--gold", gold, "--ner", "gazetteer"]}[command]
    with locked_folder(out):
        assert_refused(invoke(*args, "--out", out), "another toposcope run is writing")
    assert list(out.iterdir()) == []


def test_csv_cells_that_spreadsheets_would_run_are_neutralised():
    """Case 12: OWASP's rule, in the one helper every CSV goes through."""
    text = csv_text([["id", "lon"], ["=HYPERLINK(\"http://x\")", -0.61], ["+1", 2],
                     ["-2+3", None], ["@SUM(A1)", 1.5], ["\tx", 0], ["Paris", 1]])
    import csv
    import io

    cells = list(csv.reader(io.StringIO(text)))
    assert [c[0] for c in cells[1:]] == ["'=HYPERLINK(\"http://x\")", "'+1", "'-2+3",
                                         "'@SUM(A1)", "'\tx", "Paris"]
    assert cells[1][1] == "-0.61"  # a number stays a number
    from geoparser.io.csv_text import safe_cell

    assert safe_cell("\rx") == "'\rx" and safe_cell(-3) == -3 and safe_cell(None) == ""


def test_q_csvs_and_compare_csv_are_neutralised():
    import pandas as pd

    frame = pd.DataFrame({"caption": ["=cmd|' /C calc'!A0", "Paris"], "lat": [-1.5, 2.0]})
    text = frame_csv(frame)
    assert "\n'=cmd" in text.replace('"', "") and "-1.5" in text


def test_parse_csv_output_neutralises_formula_ids(tmp_path):
    source = write_jsonl(tmp_path / "in.jsonl", {"id": "=1+1", "text": "I went to Paris."},
                         {"id": "@x", "text": "Then to Lyon."})
    result = invoke("parse", "--in", source, "--out", tmp_path / "o.csv", "--ner", "gazetteer")
    assert result.exit_code == 0, result.output
    import csv

    rows = list(csv.DictReader((tmp_path / "o.csv").open(encoding="utf-8")))
    assert {r["doc_id"] for r in rows} == {"'=1+1", "'@x"}


NESTED_FIELD = ('{"id": "a", "text": "I went to Paris.", "toponyms": [{"start": 10, "end": 15, '
                '"text": "Paris", "lat": 48.857, "lon": 2.352, "note": '
                + "[" * 1000 + "]" * 1000 + "}]}\n")


@pytest.mark.parametrize("command", ["score", "run", "map"])
def test_nested_1000_levels_in_gold_is_one_line(tmp_path, command):
    """Case 13: msgspec's RecursionError in the fast reader is no traceback."""
    gold = tmp_path / "gold.jsonl"
    gold.write_text(NESTED_FIELD, encoding="utf-8")
    pred = write_jsonl(tmp_path / "pred.jsonl", PRED)
    args = {"score": ["score", "--scheme", "semeval", "--gold", gold, "--pred", pred],
            "run": ["run", "--gold", gold, "--out", tmp_path / "r", "--ner", "gazetteer",
                    "--others", ""],
            "map": ["map", pred, "--gold", gold, "--out", tmp_path / "m.html"]}[command]
    result = invoke(*args)
    if result.exit_code == 0:  # the slow reader takes an unknown field it may ignore
        assert "Traceback" not in result.output
    else:
        assert_refused(result, str(gold))


@pytest.mark.parametrize("candidate,needle", [
    ({"name": "Paris", "lat": 48.85, "lon": 2.35, "population": float("nan")}, "population"),
    ({"name": "Paris", "lat": 48.85, "lon": 2.35, "population": float("inf")}, "population"),
    ({"name": "Paris", "lat": "48.85", "lon": 2.35}, "lat"),
    ({"name": "Paris", "lat": 48.85, "lon": 2.35, "country_code": ["FR"]}, "country_code"),
])
def test_map_of_a_candidate_the_browser_cannot_read_is_refused(tmp_path, candidate, needle):
    """Case 14: NaN (JSON.parse refuses it: a blank page), a number as a string, a list as a
    code (a traceback) are one line naming the file and line."""
    pred = tmp_path / "pred.jsonl"
    doc = {**PRED, "toponyms": [{**PRED["toponyms"][0], "candidates": [candidate]}]}
    pred.write_text(json.dumps(doc) + "\n", encoding="utf-8")
    assert_refused(invoke("map", pred, "--out", tmp_path / "m.html"), f"{pred}:1:",
                   "candidate 1", needle)
    assert not (tmp_path / "m.html").exists()


def test_markdown_outputs_run_no_html(tmp_path):
    """Case 15: raw HTML or a javascript: link in an id stays text when rendered."""
    import markdown

    evil = '<img src=x onerror=alert(1)>[x](javascript:alert(2))'
    gold = write_jsonl(tmp_path / "gold.jsonl", {**GOLD, "id": evil})
    pred = write_jsonl(tmp_path / "pred.jsonl", {**PRED, "id": evil})
    result = invoke("score", "--scheme", "all", "--gold", gold, "--pred", pred,
                    "--format", "markdown")
    assert result.exit_code == 0, result.output
    html = markdown.markdown(result.stdout, extensions=["tables"])
    assert "<img" not in html and 'href="javascript' not in html


def test_report_and_compare_markdown_run_no_html(tmp_path):
    import markdown

    evil = "<script>alert(1)</script>"
    gold = write_jsonl(tmp_path / "gold.jsonl", {**GOLD, "id": evil})
    out = tmp_path / "results"
    result = invoke("run", "--gold", gold, "--out", out, "--ner", "gazetteer", "--others",
                    "hybrid")
    assert result.exit_code == 0, result.output
    for name in ("report.md", "compare.md"):
        html = markdown.markdown((out / name).read_text(encoding="utf-8"),
                                 extensions=["tables"])
        assert "<script" not in html, name


def test_resume_after_an_edit_keeping_size_and_mtime_is_refused(tmp_path):
    """Case 16: the input's digest is part of what a resume must match."""
    from geoparser.io.sources import fingerprint, open_source

    source = write_jsonl(tmp_path / "in.jsonl", PARIS)
    before = fingerprint(open_source(source, None, "text", "id"))
    st = source.stat()
    source.write_bytes(source.read_bytes().replace(b"Paris", b"Lyons"))
    os.utime(source, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert source.stat().st_size == st.st_size
    assert fingerprint(open_source(source, None, "text", "id")) != before


def test_immutable_file_is_named_in_the_error(tmp_path, monkeypatch):
    """Case 18: the file whose rename failed is the one named, not the last one."""
    import errno

    from geoparser.errors import OutputError
    from geoparser.io.atomic import write_files_atomic

    files = {tmp_path / n: "new" for n in ("q1.csv", "q3.csv", "summary.json")}
    for path in files:
        path.write_text("old")
    real = os.replace

    def replace(src, dst):
        if str(src).endswith("q3.csv"):  # chattr +i: q3.csv cannot be moved
            raise PermissionError(errno.EPERM, "Operation not permitted")
        return real(src, dst)

    monkeypatch.setattr(os, "replace", replace)
    with pytest.raises(OutputError, match=r"q3\.csv: Operation not permitted"):
        write_files_atomic(files)
    assert all(p.read_text() == "old" for p in files)


@pytest.mark.parametrize("kind", ["dangling", "loop", "dev-zero", "fifo"])
def test_special_entries_in_a_text_folder_are_refused(tmp_path, kind):
    """Case 22: never skipped in silence, and never read (a device or pipe may block)."""
    folder = tmp_path / "texts"
    folder.mkdir()
    (folder / "a.txt").write_text("I went to Paris.")
    odd = folder / "b.txt"
    if kind == "dangling":
        odd.symlink_to(folder / "missing.txt")
    elif kind == "loop":
        odd.symlink_to(folder / "c.txt")
        (folder / "c.txt").symlink_to(odd)
    elif kind == "dev-zero":
        odd.symlink_to("/dev/zero")
    else:
        os.mkfifo(odd)
    assert_refused(invoke("parse", "--in", folder, "--out", tmp_path / "o.jsonl", "--ner",
                          "gazetteer"), f"{folder}: b.txt is")


def test_parse_refuses_a_repeated_id(tmp_path):
    """Case 23: score would refuse the output; parse says so first, at the line."""
    source = write_jsonl(tmp_path / "in.jsonl", PARIS, {"id": "b", "text": "Lyon."}, PARIS)
    assert_refused(invoke("parse", "--in", source, "--out", tmp_path / "o.jsonl", "--ner",
                          "gazetteer", "--chunk-size", "1"),
                   f"{source}:3:", "document id 'a' is used again", f"{source}:1")
    assert not (tmp_path / "o.jsonl").exists()


def test_huge_chunk_size_is_one_line(tmp_path):
    """Case 25."""
    source = write_jsonl(tmp_path / "in.jsonl", PARIS)
    assert_refused(invoke("parse", "--in", source, "--out", tmp_path / "o.jsonl", "--ner",
                          "gazetteer", "--chunk-size", "99999999999999999999"),
                   "--chunk-size must be from 1 to")


def test_map_of_a_folder_named_geojson_is_one_line(tmp_path):
    """Case 26."""
    folder = tmp_path / "x.geojson"
    folder.mkdir()
    assert_refused(invoke("map", folder, "--out", tmp_path / "m.html"), "is a folder")


def _toposcope(*args: str, cwd: Path, close_stdout: bool = False,
               script: str | None = None) -> subprocess.CompletedProcess:
    command = [sys.executable, "-c", script or "from geoparser.cli.main import entry; entry()",
               *args]
    return subprocess.run(command, cwd=cwd, capture_output=not close_stdout, text=True,
                          stdout=subprocess.DEVNULL if close_stdout else None,
                          stderr=subprocess.PIPE if close_stdout else None,
                          preexec_fn=(lambda: os.close(1)) if close_stdout else None,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})


def test_out_dash_with_stdout_closed_is_one_line(tmp_path):
    """Case 27: `parse --out - >&-`."""
    source = write_jsonl(tmp_path / "in.jsonl", PARIS)
    done = _toposcope("parse", "--in", str(source), "--out", "-", "--ner", "gazetteer",
                      cwd=tmp_path, close_stdout=True)
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert done.returncode == 2, done.stderr
    assert lines == ["toposcope: error: cannot write to standard output: it is closed"]


def test_gazetteer_build_with_invalid_utf8_is_one_line(tmp_path):
    """Case 28 (a): a dump line that is not UTF-8 names its line."""
    row = "\t".join(["1", "Paris", "Paris", "", "48.85", "2.35", "P", "PPLC", "FR", "", "11",
                     "", "", "", "2138551", "", "42", "Europe/Paris", "2024-01-01"])
    dump = tmp_path / "FR.txt"
    dump.write_bytes(row.encode() + b"\n" + row.replace("Paris", "Par\xffs", 1).encode(
        "latin-1") + b"\n")
    assert_refused(invoke("gazetteer", "build", dump, "--out", tmp_path / "i.sqlite"),
                   f"{dump}:2:", "not UTF-8")


def test_gazetteer_build_bounds_the_line_it_holds(tmp_path, monkeypatch):
    """Case 28 (b): a 300 MB line was read whole (695 MB); now refused at the bound."""
    from geoparser.gazetteers import geonames_dump

    monkeypatch.setattr(geonames_dump, "MAX_LINE_BYTES", 1000)
    dump = tmp_path / "FR.txt"
    dump.write_bytes(b"1\t" + b"x" * 5000 + b"\n")
    assert_refused(invoke("gazetteer", "build", dump, "--out", tmp_path / "i.sqlite"),
                   f"{dump}:1:", "a line longer than 1,000 bytes")


def test_parse_map_failure_leaves_out_as_it_was(tmp_path, monkeypatch):
    """Case 29: OUT and the map are one output."""
    from geoparser.errors import OutputError

    def failing_page(*args, **kwargs):
        raise OutputError("cannot write the map")

    monkeypatch.setattr("evaluation.reports.webmap.page", failing_page)
    source = write_jsonl(tmp_path / "in.jsonl", PARIS)
    out = tmp_path / "o.jsonl"
    args = ("parse", "--in", source, "--out", out, "--ner", "gazetteer", "--map",
            tmp_path / "m.html")
    assert_refused(invoke(*args), "cannot write the map")
    assert not out.exists()
    out.write_text("earlier output\n")
    assert_refused(invoke(*args), "cannot write the map")
    assert out.read_text() == "earlier output\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.jsonl", "o.jsonl"]


def test_dev_zero_as_gold_is_refused(tmp_path):
    """Case 30: a device never ends; it is refused before reading."""
    pred = write_jsonl(tmp_path / "pred.jsonl", PRED)
    assert_refused(invoke("score", "--scheme", "semeval", "--gold", "/dev/zero", "--pred",
                          pred), "/dev/zero", "is a device")
    assert_refused(invoke("map", pred, "--gold", "/dev/zero", "--out", tmp_path / "m.html"),
                   "is a device")


def test_csv_with_a_duplicated_header_column_is_refused(tmp_path):
    """Case 31."""
    source = tmp_path / "in.csv"
    source.write_text("id,text,text\na,I went to Paris.,Lyon\n", encoding="utf-8")
    assert_refused(invoke("parse", "--in", source, "--out", tmp_path / "o.jsonl", "--ner",
                          "gazetteer"), f"{source}:1:", "column 'text' 2 times")


def test_score_with_an_empty_gold_file_is_refused(tmp_path):
    """Case 32: zeros with exit 0 looked like a score."""
    gold = tmp_path / "gold.jsonl"
    gold.write_text("\n")
    pred = write_jsonl(tmp_path / "pred.jsonl", PRED)
    assert_refused(invoke("score", "--scheme", "semeval", "--gold", gold, "--pred", pred),
                   str(gold), "no gold documents")


def test_too_many_pairs_names_the_gold_file_and_line(tmp_path):
    """Case 33: the 4,000,000-pairs refusal names FILE:LINE of the document."""
    n = 2001
    text = "x " * n
    toponyms = [{"start": 2 * k, "end": 2 * k + 1, "text": "x", "lat": 1.0, "lon": 1.0}
                for k in range(n)]
    gold = write_jsonl(tmp_path / "gold.jsonl", {**GOLD},
                       {"id": "big", "text": text, "toponyms": toponyms})
    pred = write_jsonl(tmp_path / "pred.jsonl", PRED, {"id": "big", "toponyms": [
        {"text": "x", "lat": 1.0, "lon": 1.0} for _ in range(n)]})
    assert_refused(invoke("score", "--scheme", "semeval", "--gold", gold, "--pred", pred,
                          "--match", "text"), f"{gold}:2:", "pairs per document")


def test_quiet_hides_library_warnings(tmp_path):
    """Case 34: -q means only errors; matplotlib's glyph warnings are not errors."""
    script = ("import sys, warnings\n"
              "import evaluation.schemes as schemes\n"
              "real = schemes.score_files\n"
              "def noisy(*a, **k):\n"
              "    warnings.warn('Glyph 8594 missing from font(s) DejaVu Sans.', UserWarning)\n"
              "    return real(*a, **k)\n"
              "schemes.score_files = noisy\n"
              "from geoparser.cli.main import entry\n"
              "entry()\n")
    gold = write_jsonl(tmp_path / "gold.jsonl", GOLD)
    pred = write_jsonl(tmp_path / "pred.jsonl", PRED)
    args = ["score", "--scheme", "semeval", "--gold", str(gold), "--pred", str(pred)]
    loud = _toposcope(*args, cwd=tmp_path, script=script)
    quiet = _toposcope("-q", *args, cwd=tmp_path, script=script)
    assert "Glyph 8594" in loud.stderr  # the warning does reach stderr without -q
    assert quiet.returncode == 0 and "Glyph" not in quiet.stderr
