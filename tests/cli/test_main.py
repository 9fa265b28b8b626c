"""The command line end to end: `toposcope run`, `score` and `resolve`, and their errors."""

import json
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from geoparser.cli.main import app
from geoparser.distance import distance_km
from geoparser.io.documents import read_gold
from geoparser.resolution import DEFAULT_POLICY
from tests.conftest import CAPTIONS, ROOT

runner = CliRunner()


@pytest.fixture(scope="module")
def run_output(tmp_path_factory):
    out = tmp_path_factory.mktemp("results")
    result = runner.invoke(app, ["run", "--gold", str(CAPTIONS), "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out, result


def test_run_writes_report_csvs_and_summary(run_output):
    out, result = run_output
    assert {p.name for p in out.iterdir()} == {
        "report.md", "report.html", "q1.csv", "q2.csv", "q3.csv", "q4.csv", "summary.json",
        "compare.png", "compare.md", "compare.csv",
        "q3_map.png", "q4_map.png", "errors.png", "confidence.png", "q3.geojson", "q4.geojson",
        "q3_map.html", "q4_map.html"}
    summary = json.loads((out / "summary.json").read_text())
    assert set(summary) == {"rules", "q1", "q2", "q3", "q4", "default"}
    assert summary["rules"]["match"] == "auto" and summary["rules"]["tolerance_km"]
    for key in ("q1", "q3", "q4", "default"):
        assert set(summary[key]) - {"policy"} == {"tp", "fp", "fn", "precision", "recall", "f1"}
        assert summary[key]["tp"] + summary[key]["fn"] == 12
    assert summary["default"]["policy"] == DEFAULT_POLICY
    assert summary["rules"]["policies"] == {
        "q3": "population points=geonames", "q4": "nearest points=geonames",
        "default": f"{DEFAULT_POLICY} points=geonames weights=default"}
    assert "policy settings: `population points=geonames`" in (out / "report.md").read_text()
    assert f"default policy `{DEFAULT_POLICY}`" in (out / "report.md").read_text()
    assert {"gazetteer", "hybrid"} <= set(summary["q2"])
    q3 = json.loads((out / "q3.geojson").read_text())
    assert q3["type"] == "FeatureCollection"
    assert len(q3["features"]) == 7 == summary["q1"]["tp"] + summary["q1"]["fp"]
    assert sum(f["geometry"] is None for f in q3["features"]) == q3["unresolved"]
    assert "Toposcope coursework summary" in result.output


def test_run_q3_and_q4_differ_on_ambiguous_names(run_output):
    out, _ = run_output
    summary = json.loads((out / "summary.json").read_text())
    # Q4 can only do at least as well as Q3 on the same recognised toponyms.
    assert summary["q4"]["tp"] >= summary["q3"]["tp"]
    assert summary["q4"]["tp"] > summary["q3"]["tp"]


def test_report_has_all_four_questions(run_output):
    report = (run_output[0] / "report.md").read_text()
    for heading in ("Question 1", "Question 2", "Question 3", "Question 4"):
        assert heading in report
    assert "matching mode: `auto`" in report


def test_score_json_matches_documented_shape(run_output, tmp_path):
    gold = CAPTIONS / "captions.jsonl"
    pred = tmp_path / "pred.jsonl"
    pred.write_text(json.dumps({"id": "c01", "toponyms": [
        {"start": 32, "end": 38, "text": "Whitby", "lat": 54.48, "lon": -0.61},
        {"text": "abbey"}]}) + "\n")
    for scheme, expected in (("coursework-ner", (1, 1, 11)), ("coursework-geo", (1, 0, 11))):
        result = runner.invoke(app, ["score", "--scheme", scheme, "--gold", str(gold),
                                     "--pred", str(pred), "--format", "json"])
        assert result.exit_code == 0, result.output
        data = json.loads(result.stdout)
        o = data["overall"]
        assert (o["tp"], o["fp"], o["fn"]) == expected
        assert [d["id"] for d in data["documents"]][:2] == ["c01", "c02"]


def test_score_csv_and_table(tmp_path):
    gold = CAPTIONS / "captions.jsonl"
    pred = tmp_path / "pred.jsonl"
    pred.write_text("")
    csv = runner.invoke(app, ["score", "--scheme", "coursework-ner", "--gold", str(gold),
                              "--pred", str(pred), "--format", "csv"])
    assert csv.exit_code == 0
    lines = csv.stdout.splitlines()
    assert lines[0] == "id,tp,fp,fn,precision,recall,f1,rules"  # each row says its rules
    assert lines[-1].startswith("overall,0,0,12,,0.0,,match auto")  # undefined stays empty
    table = runner.invoke(app, ["score", "--scheme", "coursework-ner", "--gold", str(gold),
                                "--pred", str(pred)])
    assert table.exit_code == 0 and "undefined" in table.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--scheme", "nope"], "unknown scheme 'nope'"),
        (["--scheme", "coursework-ner", "--match", "fuzzy"], "unknown match mode 'fuzzy'"),
        (["--scheme", "coursework-ner", "--format", "xml"], "unknown format 'xml'"),
    ],
)
def test_score_usage_errors_exit_2(tmp_path, args, message):
    pred = tmp_path / "p.jsonl"
    pred.write_text("")
    result = runner.invoke(app, ["score", "--gold", str(CAPTIONS), "--pred", str(pred), *args])
    assert result.exit_code == 2
    assert message in result.output


def test_run_bad_captions_exit_2_and_write_nothing(tmp_path):
    bad = tmp_path / "captions.jsonl"
    lines = (CAPTIONS / "captions.jsonl").read_text().splitlines()
    lines[4] = lines[4].replace('"lat": ', '"lat": 9')  # latitude out of range on line 5
    bad.write_text("\n".join(lines) + "\n")
    out = tmp_path / "results"
    out.mkdir()
    (out / "keep.txt").write_text("earlier results")
    result = runner.invoke(app, ["run", "--gold", str(bad), "--out", str(out)])
    assert result.exit_code == 2
    assert f"{bad}:5:" in result.output and "latitude" in result.output
    assert [p.name for p in out.iterdir()] == ["keep.txt"]


def test_run_empty_captions_file_is_an_error(tmp_path):
    empty = tmp_path / "captions.jsonl"
    empty.write_text("\n")
    result = runner.invoke(app, ["run", "--gold", str(empty), "--out", str(tmp_path / "o")])
    assert result.exit_code == 2 and "no captions" in result.output
    assert not (tmp_path / "o").exists()


def test_run_missing_model_is_a_clear_error(tmp_path):
    result = runner.invoke(app, ["run", "--ner", "en_core_web_xx", "--out", str(tmp_path / "o"),
                                 "--gold", str(CAPTIONS)])
    assert result.exit_code == 2 and "'en_core_web_xx' is not installed" in result.output
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize("module", ["geoparser", "geoparser.cli.main"])
def test_python_dash_m_entry_point(module):
    proc = subprocess.run([sys.executable, "-m", module, "--help"], capture_output=True,
                          text=True, check=False)
    assert proc.returncode == 0 and "score" in proc.stdout and "run" in proc.stdout


def test_quiet_silences_notes_but_not_errors(tmp_path):
    out = tmp_path / "o"
    ok = runner.invoke(app, ["-q", "run", "--gold", str(CAPTIONS), "--out", str(out)])
    assert ok.exit_code == 0 and "wrote" not in ok.stderr
    bad = runner.invoke(app, ["-q", "score", "--scheme", "nope", "--gold", str(CAPTIONS),
                              "--pred", str(out / "summary.json")])
    assert bad.exit_code == 2 and "unknown scheme" in bad.stderr


def test_run_with_a_caption_without_gold_toponyms_does_not_crash(tmp_path):
    # Q4's nearest policy has no guide for such a caption: its mentions stay unresolved.
    captions = tmp_path / "captions.jsonl"
    lines = (CAPTIONS / "captions.jsonl").read_text().splitlines()
    lines.append(json.dumps({"id": "c13", "text": "A rainy day in London", "toponyms": []}))
    captions.write_text("\n".join(lines) + "\n")
    out = tmp_path / "o"
    result = runner.invoke(app, ["-q", "run", "--gold", str(captions), "--out", str(out)])
    assert result.exit_code == 0, result.output
    summary = json.loads((out / "summary.json").read_text())
    assert summary["q4"]["tp"] + summary["q4"]["fn"] == 12



def within_tolerance(out) -> int:
    gold = {d.id: d.toponyms[0] for d in read_gold(CAPTIONS)}
    ok = 0
    for line in out.read_text().splitlines():
        d = json.loads(line)
        t, p = gold[d["id"]], d["toponyms"][0]
        ok += p.get("lat") is not None and distance_km(
            t.lat, t.lon, p["lat"], p["lon"]) <= t.tolerance_km
    return ok


def test_resolve_captions_as_a_collection(tmp_path):
    alone, together = tmp_path / "alone.jsonl", tmp_path / "together.jsonl"
    for out, extra in ((alone, []), (together, ["--collection"])):
        result = runner.invoke(app, ["resolve", "--gold", str(CAPTIONS), "--out", str(out),
                                     "--context-ner", "none", "--min-confidence", "0", *extra])
        assert result.exit_code == 0, result.output
    assert within_tolerance(alone) == 6
    assert within_tolerance(together) >= 11


def _paper(tmp_path, field="source"):
    """A synthetic local paper (St. Cloud, Minnesota): four stories naming its own towns and
    one "Albany driver" story with nothing else to go on."""
    stories = [("s1", "Sartell and Sauk Centre schools share a bus contract.",
                ["Sartell", "Sauk Centre"]),
               ("s2", "Holdingford crews helped in Stearns County.",
                ["Holdingford", "Stearns County"]),
               ("s3", "A Brainerd man won the contest at Nisswa.", ["Brainerd", "Nisswa"]),
               ("a", "Albany driver hurt in crash.", ["Albany"])]
    path = tmp_path / "paper.jsonl"
    with path.open("w") as fh:
        for doc_id, text, names in stories:
            toponyms = [{"start": text.index(n), "end": text.index(n) + len(n), "text": n}
                        for n in names]
            fh.write(json.dumps({"id": doc_id, "text": text, field: "St. Cloud Times",
                                 "toponyms": toponyms}) + "\n")
    return path


def _albany(out):
    for line in out.read_text().splitlines():
        d = json.loads(line)
        if d["id"] == "a":
            return d["toponyms"][0]
    raise AssertionError("no Albany")


@pytest.mark.parametrize(("field", "extra", "home"), [
    ("source", [], True),  # grouped by `source` unless told otherwise
    ("source", ["--group-by", "none"], False),
    ("domain", ["--group-by", "domain"], True),
    ("domain", [], False),  # another field is not a group unless named
])
def test_resolve_groups_documents_by_their_source(tmp_path, field, extra, home):
    out = tmp_path / "out.jsonl"
    result = runner.invoke(app, ["resolve", "--gold", str(_paper(tmp_path, field)), "--out",
                                 str(out), "--context-ner", "none", *extra])
    assert result.exit_code == 0, result.output
    albany = _albany(out)
    in_minnesota = distance_km(albany["lat"], albany["lon"], 45.63, -94.57) < 20
    assert in_minnesota == home


LOCAL_PAPER = ROOT / "tests" / "fixtures" / "local_paper.jsonl"


@pytest.mark.parametrize(("extra", "home"), [([], True), (["--group-by", "none"], False)])
def test_parse_groups_a_chunks_documents_by_their_source(tmp_path, extra, home):
    """Four stories of a synthetic St. Cloud paper (written for this test), end to end."""
    out = tmp_path / "out.jsonl"
    # every toponym placed: the home region chooses the place; the span decision's minimum
    # would leave a place the model doubts unplaced, whichever Albany it is
    result = runner.invoke(app, ["parse", "--in", str(LOCAL_PAPER), "--out", str(out),
                                 "--min-confidence", "0", *extra])
    assert result.exit_code == 0, result.output
    albany = _albany(out)
    assert (distance_km(albany["lat"], albany["lon"], 45.63, -94.57) < 20) == home


@pytest.mark.parametrize("command", ["parse", "resolve"])
def test_a_source_that_is_a_number_or_an_object_is_a_group_not_an_error(tmp_path, command):
    bad = tmp_path / "odd.jsonl"
    bad.write_text('{"id": "a", "text": "Rain in Albany.", "source": 7, "toponyms": '
                   '[{"start": 8, "end": 14, "text": "Albany"}]}\n'
                   '{"id": "b", "text": "Snow in Albany.", "source": {"id": null, "name": '
                   '"Times Union"}, "toponyms": [{"start": 8, "end": 14, "text": "Albany"}]}\n')
    out = tmp_path / "out.jsonl"
    args = ["--in", str(bad)] if command == "parse" else ["--gold", str(bad),
                                                          "--context-ner", "none"]
    result = runner.invoke(app, [command, *args, "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert [json.loads(x)["id"] for x in out.read_text().splitlines()] == ["a", "b"]


def test_parse_points_by_convention_in_every_worker(tmp_path):
    """``parse --points geonames`` places a bare "Canada" on GeoNames' own point, in the calling
    process and in worker processes alike; an unknown convention is a usage error."""
    docs = tmp_path / "docs.jsonl"
    docs.write_text("".join(json.dumps({"id": str(i), "text": "Snow across Canada."}) + "\n"
                            for i in range(4)))
    for workers in ("1", "2"):
        out = tmp_path / f"w{workers}.jsonl"
        result = runner.invoke(app, ["parse", "--in", str(docs), "--out", str(out),
                                     "--ner", "en_core_web_sm", "--points", "geonames",
                                     "--workers", workers, "--chunk-size", "2"])
        assert result.exit_code == 0, result.output
        for line in out.read_text().splitlines():
            (t,) = json.loads(line)["toponyms"]
            assert distance_km(t["lat"], t["lon"], 60.10867, -113.64258) < 1, workers
    result = runner.invoke(app, ["parse", "--in", str(docs), "--out",
                                 str(tmp_path / "x.jsonl"), "--points", "wikipedia"])
    assert result.exit_code == 2 and "unknown point convention" in result.output
    assert not (tmp_path / "x.jsonl").exists()


def test_resolve_points_by_convention(tmp_path):
    """A bare "Canada": GeoNames' own 60.10867 N 113.64258 W (as its web service answers for
    id 6251999) by default and with --points geonames, Natural Earth's centroid with
    --points natural-earth, the Factbook's 60 N 95 W with --points factbook; an unknown
    convention is a usage error."""
    gold = tmp_path / "gold.jsonl"
    gold.write_text('{"id": "a", "text": "Snow in Canada.", "toponyms": '
                    '[{"start": 8, "end": 14, "text": "Canada"}]}\n')
    points = {}
    for convention in ("natural-earth", "factbook", "geonames"):
        out = tmp_path / f"{convention}.jsonl"
        result = runner.invoke(app, ["resolve", "--gold", str(gold), "--out", str(out),
                                     "--context-ner", "none", "--points", convention])
        assert result.exit_code == 0, result.output
        t = json.loads(out.read_text())["toponyms"][0]
        points[convention] = (t["lat"], t["lon"], t["geonameid"])
    out = tmp_path / "default.jsonl"
    result = runner.invoke(app, ["resolve", "--gold", str(gold), "--out", str(out),
                                 "--context-ner", "none"])
    assert result.exit_code == 0, result.output
    t = json.loads(out.read_text())["toponyms"][0]
    points["default"] = (t["lat"], t["lon"], t["geonameid"])
    result = runner.invoke(app, ["resolve", "--gold", str(gold), "--out",
                                 str(tmp_path / "x.jsonl"), "--points", "wikipedia"])
    assert result.exit_code == 2 and "unknown point convention" in result.output
    assert {p[2] for p in points.values()} == {6251999}  # the same place
    assert distance_km(*points["factbook"][:2], 60.0, -95.0) < 5
    assert distance_km(*points["geonames"][:2], 60.10867, -113.64258) < 1
    assert distance_km(*points["natural-earth"][:2], 60.0, -95.0) > 100
    assert points["default"] == points["geonames"]


def _markdown_table_after(text: str, heading: str) -> list[list[str]]:
    """The rows of the first Markdown table after ``heading`` (its header row first)."""
    lines = text[text.index(heading):].splitlines()
    start = next(k for k, line in enumerate(lines) if line.startswith("|"))
    rows = []
    for line in lines[start:]:
        if not line.startswith("|"):
            break
        if not set(line) <= set("|-: "):
            rows.append([c.strip() for c in line.strip("|").split("|")])
    return rows


def test_coursework_md_table_is_what_run_prints(run_output):
    """docs/coursework.md listed toponym-orgs at 7/0/5 where the run printed 9/0/3: the
    coursework table in the docs is checked against a run, row for row."""
    out, result = run_output
    summary = json.loads((out / "summary.json").read_text())

    def row(question, system, s):
        return [question, system, str(s["tp"]), str(s["fp"]), str(s["fn"]),
                *(f"{s[k]:.3f}" for k in ("precision", "recall", "f1"))]

    expected = [row("Q1 NER", "en_core_web_sm", summary["q1"])]
    expected += [row("Q2 NER", name, s) for name, s in summary["q2"].items()]
    expected += [row("Q3 geocoding", "population", summary["q3"]),
                 row("Q4 geocoding", "nearest", summary["q4"]),
                 row("(default policy)", summary["default"]["policy"], summary["default"])]
    page = (ROOT / "docs" / "coursework.md").read_text()
    head, *documented = _markdown_table_after(page, "## What `make run` printed")
    assert head == ["question", "system", "TP", "FP", "FN", "precision", "recall", "F1"]
    assert documented == expected
    for line in expected:  # the terminal's table has the same rows
        assert " ".join(line) in " ".join(result.output.replace("│", " ").split())
    import csv

    with (out / "compare.csv").open() as f:
        compared = {r["recogniser"]: r for r in csv.DictReader(f)}
    head, *documented = _markdown_table_after(page, "Question 2 as `results/compare.md`")
    assert [r[0] for r in documented] == list(compared)
    for r in documented:
        c = compared[r[0]]
        cells = [c["TP"], c["FP"], c["FN"], *(f"{float(c[k]):.3f}" if c[k] else "undefined"
                                              for k in ("F1", "SemEval strict F1",
                                                        "SemEval partial F1"))]
        assert r[1:7] == cells, r[0]
