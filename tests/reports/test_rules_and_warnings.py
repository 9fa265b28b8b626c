"""Scores carry their rules (tolerance, match mode used, pairing) in every
header, JSON and CSV; summaries first; "undefined" explained; a warning when a shipped model
meets documents it was trained on; the report says what the recogniser tagged a missed toponym
as; ``compare`` shows progress and full names and has its own default folder."""

import csv
import io
import json

import pytest
from typer.testing import CliRunner

from evaluation.reports import trained_on
from evaluation.reports.coursework_report import missed_note
from evaluation.reports.ner_runs import run_ner
from geoparser.cli.main import app
from tests.conftest import CAPTIONS, SHARED

runner = CliRunner()


def invoke(*args, **kwargs):
    return runner.invoke(app, [str(a) for a in args], **kwargs)


@pytest.fixture(scope="module")
def preds(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("rules")
    with_spans = tmp / "spans.jsonl"
    result = invoke("-q", "parse", "--in", CAPTIONS / "captions.jsonl", "--out", with_spans,
                    "--ner", "gazetteer", "--policy", "population")
    assert result.exit_code == 0, result.output
    text_only = tmp / "text.jsonl"
    text_only.write_text("".join(
        json.dumps({"id": d["id"], "toponyms": [
            {k: v for k, v in t.items() if k not in ("start", "end")} for t in d["toponyms"]]})
        + "\n" for d in map(json.loads, with_spans.read_text().splitlines())))
    return with_spans, text_only


def test_json_options_carry_tolerance_match_used_and_pairing(preds):
    result = invoke("score", "--scheme", "errors", "--gold", CAPTIONS, "--pred", preds[0],
                    "--format", "json")
    assert result.exit_code == 0, result.output
    options = json.loads(result.stdout)["options"]
    assert options["match"] == "auto" and options["match_used"] == "span"
    assert options["tolerance_km"] == "10-20 km, per gold toponym"  # Kyoto has its own 20
    assert "one-to-one" in options["pairing"]


def test_default_tolerance_is_stated_as_10_km(preds, tmp_path):
    gold = tmp_path / "gold.jsonl"
    gold.write_text("".join(json.dumps({**d, "toponyms": [
        {k: v for k, v in t.items() if k != "tolerance_km"} for t in d["toponyms"]]}) + "\n"
        for d in map(json.loads, (CAPTIONS / "captions.jsonl").read_text().splitlines())))
    result = invoke("score", "--scheme", "distance", "--gold", gold, "--pred", preds[0],
                    "--format", "json")
    assert json.loads(result.stdout)["options"]["tolerance_km"] == 10.0


def test_text_only_predictions_say_auto_used_text(preds):
    """The header said match=auto while text matching applied."""
    result = invoke("score", "--scheme", "coursework-ner", "--gold", CAPTIONS, "--pred",
                    preds[1])
    assert result.exit_code == 0, result.output
    assert "match auto (used: text)" in result.stdout


def test_csv_rows_carry_their_rules(preds):
    result = invoke("score", "--scheme", "all", "--gold", CAPTIONS, "--pred", preds[0],
                    "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert all(r["rules"].startswith("match auto (used: span)") for r in rows)
    assert any("tolerance 10-20 km" in r["rules"] for r in rows if r["scheme"] == "distance")


def test_table_shows_summaries_and_per_document_rows_behind_an_option(preds):
    short = invoke("score", "--scheme", "all", "--gold", CAPTIONS, "--pred", preds[0])
    assert short.exit_code == 0, short.output
    assert " c01 " not in short.stdout and "per-document rows not shown" in short.stderr
    full = invoke("score", "--scheme", "all", "--gold", CAPTIONS, "--pred", preds[0],
                  "--per-document")
    assert " c01 " in full.stdout
    assert len(short.stdout.splitlines()) < len(full.stdout.splitlines())


def test_undefined_is_explained_where_it_appears(preds):
    result = invoke("score", "--scheme", "errors", "--gold", CAPTIONS, "--pred", preds[0])
    assert "undefined" in result.stdout
    assert "undefined: a ratio of 0/0" in result.stderr


def test_distance_table_fits_100_columns(preds):
    result = invoke("score", "--scheme", "distance", "--gold", CAPTIONS, "--pred", preds[0])
    table = [ln for ln in result.stdout.splitlines() if "overall" in ln]
    assert table and max(map(len, table)) <= 100


def test_score_warns_when_a_shipped_model_meets_its_training_documents(
        preds, tmp_path, monkeypatch):
    texts = [json.loads(x)["text"] for x in (CAPTIONS / "captions.jsonl").read_text().splitlines()]
    fps = tmp_path / "trained_on.json"
    fps.write_text(trained_on.fingerprints_json({"Captions corpus": texts[:5]}))
    monkeypatch.setattr(trained_on, "_path", lambda model: fps if model == "toponym" else None)
    pred = tmp_path / "pred.jsonl"
    pred.write_text(preds[0].read_text().replace('"recogniser": "gazetteer"',
                                                 '"recogniser": "toponym"'))
    result = invoke("score", "--scheme", "coursework-ner", "--gold", CAPTIONS, "--pred", pred)
    assert result.exit_code == 0, result.output
    assert ("warning: the recogniser 'toponym' was trained on Captions corpus (5 of these 12 "
            "documents)") in result.stderr
    quiet = invoke("score", "--scheme", "coursework-ner", "--gold", CAPTIONS, "--pred",
                   preds[0])
    assert "warning" not in quiet.stderr  # the gazetteer matcher was trained on nothing


@pytest.mark.skipif(not (SHARED / "corpora" / "geovirus").is_dir(),
                    reason="needs ../shared/corpora")
def test_shipped_fingerprints_know_geovirus():
    from geoparser.corpora import convert

    docs = convert("geovirus", SHARED / "corpora" / "geovirus" / "GeoVirus.xml").documents
    texts = [d["text"] for d in docs[:20]]
    assert trained_on.training_overlap("toponym", texts) == {"GeoVirus": 20}
    assert trained_on.training_overlap("learned", texts) == {"GeoVirus": 20}
    assert trained_on.training_overlap("toponym-transformer-orgs", texts) == {"GeoVirus": 20}
    assert trained_on.training_overlap("en_core_web_sm", texts) == {}


def test_report_says_what_spacy_tagged_a_missed_toponym(captions):
    """A missed caption toponym showed '— (0/0/1)' without saying spaCy tagged it ORG."""
    run = run_ner("en_core_web_sm", captions, ["GPE", "LOC"], "auto")
    notes = {p.document.id: missed_note(run, p) for p in run.parsed}
    missed = {k: v for k, v in notes.items() if v}
    assert missed and all(v.startswith("missed ") for v in missed.values())
    assert any("(tagged " in v for v in missed.values())
    assert notes["c01"] == "missed Whitby (tagged ORG)"


def test_compare_explains_undefined_strict_f1(captions):
    from evaluation.reports import compare

    c = compare.compare(["toponym", "gazetteer"], captions, ["GPE", "LOC"])
    md = compare.markdown(c)
    assert "SemEval strict F1 is *undefined* for `toponym`" in md


def test_compare_progress_full_names_and_its_own_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "results").mkdir()
    (tmp_path / "results" / "compare.md").write_text("the coursework's own")
    result = invoke("compare", "--ner", "gazetteer,toponym-checked", "--gold", CAPTIONS,
                    env={"COLUMNS": "60"})
    assert result.exit_code == 0, result.output
    assert (tmp_path / "results" / "compare.md").read_text() == "the coursework's own"
    assert (tmp_path / "results" / "compare" / "compare.md").is_file()
    assert "compare: 1/2 gazetteer" in result.stderr and "compare: 2/2 toponym-checked" in (
        result.stderr)
    assert "toponym-checked" in result.stdout  # not cut to "topon…" on a narrow terminal
