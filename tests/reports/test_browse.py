"""``toposcope browse``: every error of one or two systems on one offline page, with
filters by category and document, spans highlighted, and each error's map; and
``score --errors FILE.csv``, every error in a spreadsheet. The page is opened in headless
Chromium where it is installed (skipped otherwise, as the other browser tests)."""

import csv
import json
import re

import pytest
from typer.testing import CliRunner

from evaluation.reports.error_list import COLUMNS
from evaluation.schemes import score_files
from geoparser.cli.main import app
from tests.conftest import CAPTIONS
from tests.reports.browser import chromium, needs_chromium
from tests.reports.hostile import write_captions

runner = CliRunner()


def invoke(*args):
    return runner.invoke(app, [str(a) for a in args])


@pytest.fixture(scope="module")
def systems(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("browse")
    out = {}
    for name, ner in (("gazetteer", "gazetteer"), ("sm", "en_core_web_sm")):
        out[name] = tmp / f"{name}.jsonl"
        result = invoke("-q", "parse", "--in", CAPTIONS / "captions.jsonl", "--out", out[name],
                        "--ner", ner, "--policy", "population", "--with-candidates")
        assert result.exit_code == 0, result.output
    page = tmp / "browse.html"
    result = invoke("-q", "browse", "--gold", CAPTIONS, "--pred", out["gazetteer"], "--pred",
                    out["sm"], "--name", "gazetteer", "--name", "sm", "--out", page)
    assert result.exit_code == 0, result.output
    return out, page


def _data(page):
    text = page.read_text()
    raw = re.search(r'<script id="toposcope-data" type="application/json">(.*?)</script>',
                    text, re.S).group(1)
    return json.loads(raw)


def test_page_holds_every_document_and_every_error_of_both_systems(systems):
    preds, page = systems
    data = _data(page)
    assert [d["id"] for d in data["docs"]] == [f"c{i:02d}" for i in range(1, 13)]
    for s, name in zip(data["systems"], ("gazetteer", "sm"), strict=True):
        expected = score_files("errors", CAPTIONS, preds[name])
        assert len(s["errors"]) == expected.to_json()["ner_fn"]["all"] + expected.to_json()[
            "ner_fp"]["all"] + expected.to_json()["disambiguation"]["all"]
        assert s["counts"].get("disambiguation:all", 0) == expected.to_json()[
            "disambiguation"]["all"]
    assert "leaflet" in page.read_text().lower()  # inlined: the page needs no network


def test_score_errors_csv_lists_every_error(systems, tmp_path):
    preds, _ = systems
    out = tmp_path / "errors.csv"
    result = invoke("score", "--scheme", "semeval", "--gold", CAPTIONS, "--pred",
                    preds["gazetteer"], "--errors", out)
    assert result.exit_code == 0, result.output
    with out.open(newline="") as fh:
        rows = list(csv.DictReader(fh))
    assert tuple(rows[0]) == COLUMNS
    counts = score_files("errors", CAPTIONS, preds["gazetteer"]).to_json()
    assert len(rows) == sum(counts[g]["all"] for g in ("ner_fn", "ner_fp", "disambiguation"))
    whitby = next(r for r in rows if r["text"] == "Whitby" and r["group"] == "disambiguation")
    assert whitby["doc"] == "c01" and whitby["chosen_name"] == "Whitby"
    assert float(whitby["distance_km"]) > 1000 and whitby["gold_lat"] and whitby["chosen_lat"]


def test_score_errors_refuses_to_overwrite_its_input(systems):
    preds, _ = systems
    result = invoke("score", "--scheme", "errors", "--gold", CAPTIONS, "--pred",
                    preds["gazetteer"], "--errors", preds["gazetteer"])
    assert result.exit_code == 2 and "toposcope: error:" in result.output


def test_browse_takes_one_or_two_systems(systems, tmp_path):
    preds, _ = systems
    result = invoke("browse", "--gold", CAPTIONS, *(["--pred", preds["sm"]] * 3), "--out",
                    tmp_path / "b.html")
    assert result.exit_code == 2 and "one or two --pred" in result.output
    assert not (tmp_path / "b.html").exists()


@pytest.fixture(scope="module")
def hostile_page(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("browse-hostile")
    captions = write_captions(tmp / "captions")
    pred = tmp / "pred.jsonl"
    result = invoke("-q", "parse", "--in", captions / "captions.jsonl", "--out", pred, "--ner",
                    "gazetteer", "--policy", "population")
    assert result.exit_code == 0, result.output
    page = tmp / "browse.html"
    assert invoke("-q", "browse", "--gold", captions, "--pred", pred, "--out",
                  page).exit_code == 0
    return page


def test_markup_in_texts_and_ids_is_escaped(hostile_page):
    html = hostile_page.read_text()
    assert "<script>document.body" not in html and '<img src=x onerror' not in html


def _dom(tmp_path, page, fragment=""):
    proc = chromium(tmp_path / "profile", "--dump-dom", page.as_uri() + fragment)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return proc.stdout


def _body(dom):
    return re.search(r"<body[^>]*>", dom).group(0)


@needs_chromium
def test_browse_opens_offline_with_filters_and_each_errors_map(systems, tmp_path):
    preds, page = systems
    data = _data(page)
    dis = [len([e for e in s["errors"] if e["group"] == "disambiguation"])
           for s in data["systems"]]
    body = _body(_dom(tmp_path, page, "#category=disambiguation:all&open=0"))
    assert f'data-errors="{sum(dis)}"' in body
    dom = _dom(tmp_path, page, "#category=disambiguation:all&open=0")
    assert 'data-selected="gazetteer|' in dom
    assert 'class="gold-marker leaflet-interactive"' in dom
    assert 'class="chosen-marker leaflet-interactive"' in dom and 'class="error-line' in dom
    # every error reachable: with no filter, every document with an error, every error
    every = sum(len(s["errors"]) for s in data["systems"])
    assert f'data-errors="{every}"' in _body(_dom(tmp_path, page))
    # one document
    body = _body(_dom(tmp_path, page, "#doc=c04"))
    assert 'data-docs="1"' in body
    assert dom.count('class="gold"') >= 1 and 'class="pred' in dom  # spans highlighted


@needs_chromium
def test_injected_scripts_do_not_run_in_browse(hostile_page, tmp_path):
    dom = _dom(tmp_path, hostile_page, "#all=1")
    assert "data-pwned" not in _body(dom)
    assert "data-pwned" in dom  # the payload's text is on the page, as text


def test_every_error_is_kept_only_when_asked(systems):
    """The errors scheme keeps 20 examples per category unless a listing asks for all, so
    scoring a large corpus does not hold every error in memory."""
    preds, _ = systems
    examples_only = score_files("errors", CAPTIONS, preds["sm"])
    with pytest.raises(ValueError, match="every_error"):
        examples_only.errors()
    every = score_files("errors", CAPTIONS, preds["sm"], every_error=True)
    counts = every.to_json()
    assert len(every.errors()) == sum(counts[g]["all"] for g in
                                      ("ner_fn", "ner_fp", "disambiguation"))
    assert counts == examples_only.to_json()


def test_one_error_is_said_in_the_singular(tmp_path):
    import json

    from evaluation.reports.browse import browse_page

    gold = tmp_path / "gold.jsonl"
    gold.write_text(json.dumps({"id": "a", "text": "Rain in Galway.", "toponyms": [
        {"start": 8, "end": 14, "text": "Galway", "lat": 53.27, "lon": -9.05}]}) + "\n")
    pred = tmp_path / "pred.jsonl"
    pred.write_text(json.dumps({"id": "a", "toponyms": []}) + "\n")
    page = browse_page(gold, [pred])
    assert "1 error;" in page and "1 errors" not in page  # "(pred.jsonl, 1 error; match …)"
    assert '" document, "' in page  # the count line under the filters, in the singular too


def test_a_large_corpus_is_bounded_and_the_page_says_so(tmp_path):
    import json

    from evaluation.reports.browse import browse_page

    gold = tmp_path / "gold.jsonl"
    pred = tmp_path / "pred.jsonl"
    gold.write_text("".join(json.dumps({"id": f"d{k:03d}", "text": "Rain in Galway.",
                                        "toponyms": [{"start": 8, "end": 14, "text": "Galway",
                                                      "lat": 53.27, "lon": -9.05}]}) + "\n"
                            for k in range(30)))
    pred.write_text("".join(json.dumps({"id": f"d{k:03d}", "toponyms": []}) + "\n"
                            for k in range(30)))
    page = browse_page(gold, [pred], max_documents=10)
    assert "the first 10 of 30 documents and their 10 of 30 errors" in page
    assert '"d009"' in page and '"d010"' not in page
    whole = browse_page(gold, [pred], max_documents=0)
    assert '"d029"' in whole and "first 10" not in whole


def test_score_errors_to_standard_output_is_refused_not_mixed_into_json(systems, tmp_path):
    out, _ = systems
    result = invoke("score", "--scheme", "errors", "--gold", str(CAPTIONS), "--pred",
                    str(out["sm"]), "--errors", "-", "--format", "json")
    assert result.exit_code == 2 and "give --errors a file name" in result.output


def test_score_errors_onto_an_input_names_errors_not_out(systems):
    out, _ = systems
    result = invoke("score", "--scheme", "errors", "--gold", str(CAPTIONS), "--pred",
                    str(out["sm"]), "--errors", str(out["sm"]))
    assert result.exit_code == 2 and "--errors" in result.output and "--out" not in result.output


def test_each_system_says_the_match_mode_used_for_it(tmp_path):
    """browse said "match_used=span" (the first system's) for a system matched by name."""
    from evaluation.reports.browse import browse_page

    with_offsets = tmp_path / "spans.jsonl"
    names_only = tmp_path / "names.jsonl"
    with_offsets.write_text(json.dumps({"id": "c01", "toponyms": [
        {"start": 32, "end": 38, "text": "Whitby"}]}) + "\n")
    names_only.write_text(json.dumps({"id": "c01", "toponyms": [{"text": "Whitby"}]}) + "\n")
    page = browse_page(CAPTIONS, [with_offsets, names_only], ["spans", "names"])
    labels = re.findall(r'<span class="match-used">([^<]*)</span>', page)
    assert labels == ["match auto, used: span", "match auto, used: text"]
    rules = re.search(r"Rules: ([^.]*)\.", page).group(1)
    assert "match_used" not in rules and "match=auto" in rules


def test_a_system_matched_by_name_has_its_predictions_highlighted_at_the_gold_span(tmp_path):
    """Predictions without offsets were never highlighted: a name-matched one is shown at
    the span of the gold toponym it matched, its wrong place marked there too."""
    from evaluation.reports.browse import browse_page

    names_only = tmp_path / "names.jsonl"
    names_only.write_text(json.dumps({"id": "c01", "toponyms": [
        {"text": "Whitby", "lat": 54.48774, "lon": -0.61498}]}) + "\n" + json.dumps(
        {"id": "c02", "toponyms": [{"text": "Boston", "lat": 42.35843, "lon": -71.05977},
                                   {"text": "Nowhere"}]}) + "\n")
    page = browse_page(CAPTIONS, [names_only], ["names"])
    raw = re.search(r'<script id="toposcope-data" type="application/json">(.*?)</script>',
                    page, re.S).group(1)
    (system,) = json.loads(raw)["systems"]
    assert system["preds"]["c01"][0][:3] == [32, 38, "Whitby"]   # right: highlighted as such
    assert system["preds"]["c02"][1][:2] == [None, None]          # matched nothing: no span
    boston = system["preds"]["c02"][0]
    assert boston[2] == "Boston" and boston[0] is not None
    wrong = next(e for e in system["errors"] if e["doc"] == "c02" and e["group"] ==
                 "disambiguation")
    assert wrong["predicted_span"] == boston[:2]                  # marked wrong in the text


def _page_data(page: str) -> dict:
    raw = re.search(r'<script id="toposcope-data" type="application/json">(.*?)</script>',
                    page, re.S).group(1)
    return json.loads(raw)


def test_a_name_matched_prediction_that_matched_nothing_is_highlighted_where_the_text_names_it(
        tmp_path):
    """A prediction without offsets that paired with no gold toponym was never highlighted:
    it is shown at the first free occurrence of its name, marked as located by name, and
    marked wrong there (a spurious toponym); a name the text lacks stays unshown."""
    from evaluation.reports.browse import BY_NAME, browse_page

    names_only = tmp_path / "names.jsonl"
    names_only.write_text(json.dumps({"id": "c02", "toponyms": [
        {"text": "Boston", "lat": 42.35843, "lon": -71.05977},
        {"text": "Stump", "lat": 1.0, "lon": 2.0}, {"text": "Nowhere"}]}) + "\n")
    page = browse_page(CAPTIONS, [names_only], ["names"])
    (system,) = _page_data(page)["systems"]
    boston, stump, nowhere = system["preds"]["c02"]
    assert boston[:2] == [44, 50] and boston[7] == BY_NAME      # at the gold span it matched
    assert stump[:3] == [4, 9, "Stump"] and stump[7] == BY_NAME  # "The Stump towering ..."
    assert nowhere[:2] == [None, None] and len(nowhere) == 7
    spurious = next(e for e in system["errors"] if e["text"] == "Stump")
    assert spurious["group"] == "ner_fp" and (spurious["start"], spurious["end"]) == (4, 9)
    assert spurious["located_by_name"] is True
    assert "located by name" in page and 'p[7] === "by name"' in page


def test_each_prediction_located_by_name_takes_its_own_occurrence_and_stays_escaped(tmp_path):
    from evaluation.reports.browse import browse_page

    script = "<script>alert(1)</script>"
    text = f"{script} Paris or Parisian Paris and {script} again"
    gold = tmp_path / "gold.jsonl"
    gold.write_text(json.dumps({"id": "d", "text": text, "toponyms": [
        {"start": 44, "end": 49, "text": "Paris", "lat": 48.85, "lon": 2.35}]}) + "\n")
    assert text[44:49] == "Paris"
    pred = tmp_path / "pred.jsonl"
    pred.write_text(json.dumps({"id": "d", "toponyms": [
        {"text": script}, {"text": script}, {"text": "Paris", "lat": 48.85, "lon": 2.35},
        {"text": "Paris"}]}) + "\n")
    page = browse_page(gold, [pred], ["names"])
    spans = [p[:2] for p in _page_data(page)["systems"][0]["preds"]["d"]]
    # Each takes its own occurrence: both scripts, the gold Paris, then the other whole-word
    # "Paris" (not the one inside "Parisian").
    assert spans == [[0, 25], [54, 79], [44, 49], [26, 31]]
    assert script not in page and "alert(1)" in page  # only ever as escaped JSON data


@needs_chromium
def test_a_prediction_located_by_name_is_outlined_in_the_browser(tmp_path):
    from evaluation.reports.browse import browse_page

    names_only = tmp_path / "names.jsonl"
    names_only.write_text(json.dumps({"id": "c02", "toponyms": [
        {"text": "Boston", "lat": 52.97633, "lon": -0.02664},
        {"text": "Stump", "lat": 1.0, "lon": 2.0}]}) + "\n")
    page = tmp_path / "browse.html"
    page.write_text(browse_page(CAPTIONS, [names_only], ["names"]), encoding="utf-8")
    dom = _dom(tmp_path, page, "#doc=c02")
    stump = re.search(r'<span class="([^"]*)" title="([^"]*)">Stump</span>', dom)
    assert stump, dom[-3000:]
    assert stump.group(1) == "pred wrong by-name"  # spurious, and placed by its name
    assert "located by name" in stump.group(2)
    boston = re.search(r'<span class="([^"]*)" title="[^"]*">Boston</span>', dom)
    assert boston and boston.group(1) == "gold pred by-name"  # right, at the gold span
