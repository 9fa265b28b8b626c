"""``toposcope compare --gold G --pred A --pred B``: systems' predictions in one table under a
scheme, each figure with its paired bootstrap interval, each pair with a paired test, in every
format; the figures on the whole corpus are ``score``'s own."""

import csv
import io
import json

import pytest
from typer.testing import CliRunner

from evaluation.reports import systems
from evaluation.schemes import score_files
from geoparser.cli.main import app
from tests.conftest import CAPTIONS

runner = CliRunner()


@pytest.fixture(scope="module")
def preds(tmp_path_factory):
    """Two systems on the captions: ``full`` gives every gold toponym with its point and
    GeoNames id; ``names`` finds two in three, gives no ids and puts every third point 300 km
    off."""
    tmp = tmp_path_factory.mktemp("systems")
    gold = [json.loads(line) for line in (CAPTIONS / "captions.jsonl").read_text().splitlines()]
    full, names = [], []
    for k, doc in enumerate(gold):
        tops = doc["toponyms"]
        full.append({"id": doc["id"], "toponyms": tops})
        names.append({"id": doc["id"], "toponyms": [
            {"start": t["start"], "end": t["end"], "text": t["text"],
             "lat": t["lat"] + (2.7 if k % 3 == 1 else 0.0), "lon": t["lon"]}
            for t in tops] if k % 3 else []})
    out = []
    for name, docs in (("full", full), ("names", names)):
        path = tmp / f"{name}.jsonl"
        path.write_text("".join(json.dumps(d) + "\n" for d in docs))
        out.append(path)
    return out


def invoke(*args):
    return runner.invoke(app, [str(a) for a in args], terminal_width=250)


@pytest.mark.parametrize("scheme", ["semeval", "coursework-ner", "coursework-geo", "pairing",
                                    "distance"])
def test_whole_corpus_figures_are_the_schemes_own(preds, scheme):
    (c,) = systems.compare_files(CAPTIONS, preds, scheme=scheme, resamples=50)
    for name, path in zip(c.names, preds, strict=True):
        got = {f: iv.value for f, iv in c.bootstrap.figures[name].items()}
        result = score_files(scheme, CAPTIONS, path).to_json()["overall"]
        if scheme == "semeval":
            expected = {f"{m} {k}": result[m][key] for m in result
                        for k, key in (("P", "precision"), ("R", "recall"), ("F1", "f1"))}
        elif scheme == "distance":
            keys = {"acc@161": "accuracy_161", "acc@10": "accuracy_10",
                    "acc@tolerance": "accuracy_tolerance", "acc by GeoNames id":
                    "accuracy_geonameid", "mean km": "mean_km", "median km": "median_km",
                    "AUC": "auc"}
            expected = {f: result[k] for f, k in keys.items() if k in result}
        else:
            expected = {"P": result["precision"], "R": result["recall"], "F1": result["f1"]}
        assert got == pytest.approx(expected), name
        for iv in c.bootstrap.figures[name].values():
            assert iv.value is None or iv.low <= iv.value + 1e-9 and iv.value <= iv.high + 1e-9


def test_distance_id_accuracy_is_na_for_the_system_without_ids_in_every_format(preds):
    (c,) = systems.compare_files(CAPTIONS, preds, scheme="distance", resamples=50)
    assert "acc by GeoNames id" in c.bootstrap.figures["full"]
    assert "acc by GeoNames id" not in c.bootstrap.figures["names"]
    row = next(r for r in systems.figure_rows(c) if r[0] == "acc by GeoNames id")
    assert row[2] == "n/a"
    assert "| acc by GeoNames id | 1.000 (1.000 to 1.000) | n/a |" in systems.markdown([c])
    rows = list(csv.DictReader(io.StringIO(systems.to_csv([c]))))
    assert {r["system"] for r in rows if r["figure"] == "acc by GeoNames id"} == {"full"}
    assert not any(d["figure"] == "acc by GeoNames id"
                   for d in systems.to_json([c])["schemes"]["distance"]["differences"])


def test_every_format_gives_intervals_tests_and_the_method(preds):
    base = ["-q", "compare", "--gold", CAPTIONS, "--pred", preds[0], "--pred", preds[1],
            "--resamples", 200, "--seed", 3]
    table = invoke(*base)
    assert table.exit_code == 0, table.output
    assert "strict F1" in table.stdout and "full − names" in table.stdout
    assert "200 resamples, seed 3, percentile method" in table.stdout
    md = invoke(*base, "--format", "markdown")
    assert "| strict F1 | 1.000 (1.000 to 1.000) |" in md.stdout
    data = json.loads(invoke(*base, "--format", "json").stdout)
    assert data["method"]["resamples"] == 200 and data["method"]["seed"] == 3
    diff = next(d for d in data["schemes"]["semeval"]["differences"]
                if d["figure"] == "exact R")
    assert diff["a"] == "full" and diff["b"] == "names"
    assert diff["value"] == pytest.approx(1 - 8 / 12) and 0 < diff["p_value"] <= 1
    assert diff["ci_low"] <= diff["value"] <= diff["ci_high"]
    rows = list(csv.DictReader(io.StringIO(invoke(*base, "--format", "csv").stdout)))
    assert {r["system"] for r in rows} == {"full", "names"}
    assert all(r["resamples"] == "200" and r["seed"] == "3" for r in rows)
    assert any(r["versus"] == "names" and r["p_value"] for r in rows)
    again = invoke(*base, "--format", "json").stdout
    assert json.loads(again) == data  # seeded: the same intervals every run


def test_all_compares_under_every_comparable_scheme(preds):
    found = systems.compare_files(CAPTIONS, preds, scheme="all", resamples=20)
    assert [c.scheme for c in found] == list(systems.COMPARABLE)


def test_names_and_match_used_per_system(preds, tmp_path):
    names_only = tmp_path / "text.jsonl"
    names_only.write_text("".join(
        json.dumps({"id": d["id"], "toponyms": [{"text": t["text"]} for t in d["toponyms"]]})
        + "\n" for d in map(json.loads, preds[0].read_text().splitlines())))
    (c,) = systems.compare_files(CAPTIONS, [preds[0], names_only], ["A", "B"], resamples=20)
    assert c.names == ("A", "B")
    assert c.rules["A"]["match_used"] == "span" and c.rules["B"]["match_used"] == "text"
    assert "B (text.jsonl): match auto (used: text)" in systems.markdown([c])


@pytest.mark.parametrize("extra, message", [
    (["--ner", "gazetteer"], "not both"),
    (["--scheme", "errors"], "compare takes the schemes"),
    (["--resamples", "0"], "--resamples"),
    (["--name", "only-one"], "one --name per --pred"),
])
def test_bad_options_are_one_line_and_exit_2(preds, extra, message):
    result = invoke("compare", "--gold", CAPTIONS, "--pred", preds[0], "--pred", preds[1],
                    *extra)
    assert result.exit_code == 2 and message in result.output, result.output


def test_one_pred_is_not_a_comparison(preds):
    result = invoke("compare", "--gold", CAPTIONS, "--pred", preds[0])
    assert result.exit_code == 2 and "at least two --pred" in result.output


def test_four_documents_warn_that_the_intervals_mean_little(preds, tmp_path):
    """compare said nothing when given 4 documents: its intervals looked as solid as on 4,000."""
    def first_four(path, name):
        out = tmp_path / name
        out.write_text("".join(path.read_text().splitlines(True)[:4]))
        return out

    gold = first_four(CAPTIONS / "captions.jsonl", "gold.jsonl")
    a, b = first_four(preds[0], "full.jsonl"), first_four(preds[1], "names.jsonl")
    base = ["-q", "compare", "--gold", gold, "--pred", a, "--pred", b, "--resamples", 50]
    table = invoke(*base)
    assert table.exit_code == 0, table.output
    assert "warning: only 4 documents: with fewer than 30" in table.stderr
    md = invoke(*base, "--format", "markdown")
    assert "**Warning**: only 4 documents" in md.stdout and "only 4 documents" in md.stderr
    data = json.loads(invoke(*base, "--format", "json").stdout)
    assert data["warnings"] and data["warnings"][0].startswith("only 4 documents")
    rows = list(csv.DictReader(io.StringIO(invoke(*base, "--format", "csv").stdout)))
    assert {r["documents"] for r in rows} == {"4"}


def test_every_format_says_how_many_tests_per_pair_and_gives_holm_p(preds):
    """compare tested 12 figures per pair and showed raw p-values with no word of it."""
    base = ["-q", "compare", "--gold", CAPTIONS, "--pred", preds[0], "--pred", preds[1],
            "--resamples", 200, "--seed", 3]
    data = json.loads(invoke(*base, "--format", "json").stdout)
    diffs = data["schemes"]["semeval"]["differences"]
    tested = [d for d in diffs if d["p_value"] is not None]
    assert data["schemes"]["semeval"]["tests_per_pair"] == {"full − names": len(tested)}
    assert len(tested) > 1 and all(d["p_holm"] >= d["p_value"] for d in tested)
    assert "Holm" in data["method"]["correction"]
    table = invoke(*base).stdout
    assert f"{len(tested)} tests per pair" in table and "p (Holm)" in table
    md = invoke(*base, "--format", "markdown").stdout
    assert "| p (Holm) |" in md and f"{len(tested)} tests per pair" in md
    rows = list(csv.DictReader(io.StringIO(invoke(*base, "--format", "csv").stdout)))
    pair = [r for r in rows if r["versus"] == "names" and r["p_value"]]
    assert pair and all(r["tests_in_pair"] == str(len(tested)) and r["p_holm"] for r in pair)
