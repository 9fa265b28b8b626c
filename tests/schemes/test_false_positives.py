"""False positives named by what they lay on (``evaluation.false_positives``): the rule's cases,
every scheme that counts false positives, every output format, ``--errors``, and gold without
entities left exactly as it was."""

import csv
import io
import json

import pytest
from typer.testing import CliRunner

from evaluation.false_positives import LayOn, lay_on
from evaluation.schemes import score, score_files
from geoparser.cli.main import app
from geoparser.model import Document, GoldEntity, GoldToponym, PredictedDocument, Prediction
from tests.reports.browser import chromium, needs_chromium

T1 = "Jordan Peterson read the Washington Post in Paris."
T2 = "The Boston Marathon passed through Newton and Wellesley on Monday."


def span(text, phrase, **extra):
    i = text.index(phrase)
    return {"start": i, "end": i + len(phrase), "text": phrase, **extra}


GOLD = [
    {"id": "d1", "text": T1, "toponyms": [span(T1, "Paris")],
     "entities": [span(T1, "Jordan Peterson", kind="person"),
                  span(T1, "Washington Post", kind="organisation")]},
    {"id": "d2", "text": T2, "toponyms": [span(T2, "Newton"), span(T2, "Wellesley")],
     "entities": [span(T2, "Boston Marathon", kind="other")]},
]
PRED = [
    {"id": "d1", "toponyms": [span(T1, "Jordan"), span(T1, "Washington"), span(T1, "Paris")]},
    {"id": "d2", "toponyms": [span(T2, "Boston"), span(T2, "Newton and Wellesley"),
                              span(T2, "Newton"), span(T2, "Wellesley"), span(T2, "Monday")]},
]
EACH_ONCE = {"person": 1, "organisation": 1, "other_name": 1, "gold_toponym": 1, "nothing": 1,
             "no_offsets": 0}


@pytest.fixture
def files(tmp_path):
    gold, pred = tmp_path / "gold.jsonl", tmp_path / "pred.jsonl"
    gold.write_text("".join(json.dumps(d) + "\n" for d in GOLD))
    pred.write_text("".join(json.dumps(d) + "\n" for d in PRED))
    return gold, pred


PERSON = GoldEntity(0, 15, "Jordan Peterson", "person")
ORG = GoldEntity(25, 40, "Washington Post", "organisation")


@pytest.mark.parametrize(("start", "end", "toponyms", "expected"), [
    (0, 6, [], LayOn.PERSON),                    # part of a person's name
    (0, 15, [(0, 6)], LayOn.PERSON),             # exactly the person, though a toponym overlaps
    (25, 35, [], LayOn.ORGANISATION),            # inside an organisation's name
    (10, 33, [], LayOn.ORGANISATION),            # more on the organisation than the person
    (12, 28, [], LayOn.PERSON),                  # as much on each: the person first
    (44, 49, [(44, 46)], LayOn.GOLD_TOPONYM),    # a wrong span of a gold toponym
    (44, 49, [], LayOn.NOTHING),
    (None, None, [], LayOn.NO_OFFSETS),
])
def test_what_a_false_positive_lay_on(start, end, toponyms, expected):
    assert lay_on(start, end, [PERSON, ORG], toponyms) is expected


@pytest.mark.parametrize("scheme", ["coursework-ner", "semeval", "errors"])
def test_each_scheme_that_counts_false_positives_names_them(files, scheme):
    result = score_files(scheme, *files).to_json()
    assert result["false_positives"]["lay_on"] == EACH_ONCE
    assert result["false_positives"]["per_100_gold"]["person"] == pytest.approx(100 / 3)
    assert result["false_positives"]["gold_toponyms"] == 3


def test_score_writes_them_in_csv_json_and_markdown(files):
    gold, pred = files
    run = CliRunner().invoke
    base = ["score", "--scheme", "all", "--gold", str(gold), "--pred", str(pred)]
    rows = list(csv.DictReader(io.StringIO(run(app, [*base, "--format", "csv"]).stdout)))
    on_person = [r for r in rows if r.get("lay_on") == "person"]
    assert {r["scheme"] for r in on_person} == {"coursework-ner", "semeval", "errors"}
    assert all(float(r["per_100_gold"]) == pytest.approx(33.333, abs=1e-3) for r in on_person)
    found = json.loads(run(app, [*base, "--format", "json"]).stdout)
    assert found["errors"]["false_positives"]["lay_on"]["organisation"] == 1
    markdown = run(app, [*base, "--format", "markdown"]).stdout
    assert "| organisation | inside an organisation's name | 1 | 33.333 |" in markdown
    table = run(app, base).stdout
    assert "false positives by what they lay on (5; 3 gold toponyms)" in table


def test_the_error_list_says_what_each_false_positive_lay_on(files, tmp_path):
    gold, pred = files
    errors = tmp_path / "errors.csv"
    result = CliRunner().invoke(app, ["score", "--scheme", "semeval", "--gold", str(gold),
                                      "--pred", str(pred), "--errors", str(errors)])
    assert result.exit_code == 0
    rows = list(csv.DictReader(errors.open()))
    assert [(r["text"], r["lay_on"]) for r in rows if r["group"] == "ner_fp"] == [
        ("Jordan", "person"), ("Washington", "organisation"), ("Boston", "other_name"),
        ("Newton and Wellesley", "gold_toponym"), ("Monday", "nothing")]


def test_gold_without_entities_gets_no_breakdown(files, tmp_path):
    gold, pred = files
    plain = tmp_path / "plain.jsonl"
    plain.write_text("".join(json.dumps({k: v for k, v in d.items() if k != "entities"}) + "\n"
                             for d in GOLD))
    for scheme in ("coursework-ner", "semeval", "errors"):
        found = score_files(scheme, plain, pred)
        assert "false_positives" not in found.to_json()
        assert not any("lay_on" in row for row in found.to_rows())


def test_the_python_api_scores_them_too():
    gold = [Document("d", "Bob went to Oslo.", (GoldToponym(12, 16, "Oslo"),),
                     entities=(GoldEntity(0, 3, "Bob", "person"),))]
    preds = {"d": PredictedDocument("d", (Prediction("Bob", 0, 3), Prediction("Oslo", 12, 16)))}
    found = score("errors", gold, preds).to_json()["false_positives"]
    assert found["lay_on"]["person"] == 1 and found["per_100_gold"]["person"] == 100.0


def test_browse_shows_and_filters_what_each_false_positive_lay_on(files, tmp_path):
    import html
    import re

    gold, pred = files
    page_path = tmp_path / "browse.html"
    result = CliRunner().invoke(app, ["browse", "--gold", str(gold), "--pred", str(pred),
                                      "--out", str(page_path)])
    assert result.exit_code == 0, result.output
    page = page_path.read_text()
    raw = re.search(r'<script id="toposcope-data" type="application/json">(.*?)</script>',
                    page, re.S).group(1)
    system, = json.loads(raw)["systems"]
    assert {(e["text"], e["lay_on"]) for e in system["errors"] if e["group"] == "ner_fp"} == {
        ("Jordan", "person"), ("Washington", "organisation"), ("Boston", "other_name"),
        ("Newton and Wellesley", "gold_toponym"), ("Monday", "nothing")}
    assert system["counts"]["ner_fp:lay_on:person"] == 1  # a filter of its own
    assert ("false positives per 100 gold toponyms, by what they lay on: on a person 33.3 (1); "
            "inside an organisation's name 33.3 (1)") in html.unescape(page)


@needs_chromium
def test_browse_filters_false_positives_by_what_they_lay_on_in_the_browser(files, tmp_path):
    import re

    gold, pred = files
    page = tmp_path / "browse.html"
    CliRunner().invoke(app, ["browse", "--gold", str(gold), "--pred", str(pred), "--out",
                             str(page)])
    proc = chromium(tmp_path / "profile", "--dump-dom",
                    page.as_uri() + "#category=ner_fp:lay_on:organisation")
    assert proc.returncode == 0, proc.stderr[-2000:]
    shown = re.findall(r'<li class="error[^"]*" data-group="ner_fp">(.*?)</li>', proc.stdout)
    assert len(shown) == 1 and "Washington" in shown[0]
    assert "inside an organisation's name" in shown[0]


def test_score_refuses_a_gold_entity_outside_its_text_in_one_line(files, tmp_path):
    _, pred = files
    bad = tmp_path / "bad.jsonl"
    doc = {**GOLD[0], "entities": [{"start": 40, "end": 90, "text": "x", "kind": "person"}]}
    bad.write_text(json.dumps(GOLD[1]) + "\n" + json.dumps(doc) + "\n")
    result = CliRunner().invoke(app, ["score", "--scheme", "errors", "--gold", str(bad),
                                      "--pred", str(pred)])
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        f"toposcope: error: {bad}:2: entity 1: offsets 40-90 are outside the text (length 50)"]
