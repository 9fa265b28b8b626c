"""The command line as a new user meets it: plain text in, options
anywhere, -h, --version, choices in help, one name for one thing, and clear refusals."""

import json
import re

import pytest
from typer.testing import CliRunner

from geoparser.cli.group import hoist
from geoparser.cli.main import app
from geoparser.io.documents import read_gold
from tests.conftest import CAPTIONS

runner = CliRunner()


def invoke(*args, **kwargs):
    return runner.invoke(app, list(args), terminal_width=200, **kwargs)


def flat(text):
    """Help text with the box drawing and line breaks of rich's layout taken out."""
    return " ".join(re.sub(r"[│╭╮╰╯─]", " ", text).split())


@pytest.fixture(scope="module")
def docs_jsonl(tmp_path_factory):
    path = tmp_path_factory.mktemp("docs") / "docs.jsonl"
    path.write_text("".join(json.dumps({"id": d.id, "text": d.text}) + "\n"
                            for d in read_gold(CAPTIONS)[:3]))
    return path


def test_parse_a_txt_file_and_a_folder_of_them(tmp_path):
    folder = tmp_path / "news"
    folder.mkdir()
    (folder / "b-york.txt").write_text("Floods closed roads in York and Leeds.")
    (folder / "a-galway.txt").write_text("Ferries left Galway at dawn.")
    out = tmp_path / "out.jsonl"
    result = invoke("parse", "--in", str(folder), "--out", str(out))
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["id"] for r in rows] == ["a-galway", "b-york"]
    assert [t["text"] for r in rows for t in r["toponyms"]] == ["Galway", "York", "Leeds"]
    one = tmp_path / "one.jsonl"
    assert invoke("parse", "--in", str(folder / "b-york.txt"), "--out", str(one)).exit_code == 0
    assert json.loads(one.read_text())["id"] == "b-york"


def test_parse_reads_standard_input_as_text_or_jsonl(tmp_path):
    out = tmp_path / "out.jsonl"
    result = invoke("parse", "--in", "-", "--out", str(out),
                    input="Floods closed roads in York and Leeds.\n")
    assert result.exit_code == 0, result.output
    row = json.loads(out.read_text())
    assert row["id"] == "stdin" and [t["text"] for t in row["toponyms"]] == ["York", "Leeds"]
    lines = '{"text": "Rain in Oslo."}\n{"id": "b", "text": "Snow in Bergen."}\n'
    result = invoke("parse", "--in", "-", "--out", str(out), input=lines)
    assert result.exit_code == 0, result.output
    assert [json.loads(x)["id"] for x in out.read_text().splitlines()] == ["1", "b"]
    bad = invoke("parse", "--in", "-", "--out", str(out), "--resume", input=lines)
    assert bad.exit_code == 2 and "--resume needs an input file" in bad.output


def test_quiet_and_verbose_anywhere_on_the_line(docs_jsonl, tmp_path):
    out = tmp_path / "o.jsonl"
    after = invoke("parse", "--in", str(docs_jsonl), "--out", str(out), "-q")
    assert after.exit_code == 0, after.output
    assert "wrote" not in after.stderr
    loud = invoke("parse", "--in", str(docs_jsonl), "--out", str(out), "--verbose")
    assert loud.exit_code == 0 and "wrote" in loud.stderr
    assert hoist(["parse", "--in", "x", "-q", "--", "-v"]) == ["-q", "parse", "--in", "x",
                                                             "--", "-v"]


def test_dash_h_is_help_everywhere():
    for args in (["-h"], ["parse", "-h"], ["gazetteer", "build", "-h"], ["score", "-h"]):
        result = invoke(*args)
        assert result.exit_code == 0, args
        assert "Usage" in result.output and "--help" in result.output


def test_version():
    from importlib.metadata import version

    result = invoke("--version")
    assert result.exit_code == 0 and result.output.strip() == f"toposcope {version('toposcope')}"


def test_help_lists_the_registered_choices():
    parse_help = flat(invoke("parse", "--help").output)
    assert "Resolver policy: context, learned, nearest, population" in parse_help
    assert "Gazetteer: geonames, geonames-dump, nominatim, offline" in parse_help
    assert re.search(r"Recogniser: (\S+, )*en_core_web_sm, (\S+, )*gazetteer, hybrid",
                     parse_help)
    resolve_help = flat(invoke("resolve", "--help").output)
    assert "Resolver policy: context, learned, nearest, population" in resolve_help
    run_help = flat(invoke("run", "--help").output)
    assert "Gazetteer for Q3/Q4: geonames, geonames-dump, nominatim, offline" in run_help


def test_flags_show_no_value_placeholder():
    text = flat(invoke("parse", "--help").output)
    assert "--resume Finish" in text and "--with-candidates JSONL or GeoJSON" in text
    assert "--no-resume" not in text
    for args in (["-h"], ["parse", "-h"], ["run", "-h"], ["gazetteer", "build", "-h"]):
        text = invoke(*args).output
        assert "<bool>" not in text and "BOOLEAN" not in text, args
    assert "-q, --quiet Only errors" in flat(invoke("-h").output)


def test_gold_is_the_one_name_for_gold_documents(tmp_path):
    for command in ("run", "compare", "resolve", "score"):
        assert "--gold" in flat(invoke(command, "--help").output), command
    assert "--captions" not in flat(invoke("run", "--help").output)
    assert "--corpus" not in flat(invoke("compare", "--help").output)
    # The old spellings still work, as hidden aliases.
    assert hoist(["run", "--captions", "x"]) == ["run", "--gold", "x"]
    assert hoist(["compare", "--corpus=x"]) == ["compare", "--gold=x"]
    assert hoist(["parse", "--input-format", "csv"]) == ["parse", "--in-format", "csv"]


def test_old_spelling_still_works_end_to_end(docs_jsonl, tmp_path):
    out = tmp_path / "o.jsonl"
    result = invoke("parse", "--in", str(docs_jsonl), "--out", str(out), "--input-format",
                    "jsonl")
    assert result.exit_code == 0, result.output
    assert len(out.read_text().splitlines()) == 3


@pytest.mark.parametrize("command", ["parse", "resolve", "run"])
def test_contact_wherever_nominatim_can_be_used(command, tmp_path, monkeypatch):
    monkeypatch.delenv("TOPOSCOPE_CONTACT", raising=False)
    monkeypatch.setenv("TOPOSCOPE_WEB_CACHE", str(tmp_path / "cache.sqlite"))
    assert "--contact" in flat(invoke(command, "--help").output)
    args = {"parse": ["--in", str(CAPTIONS / "captions.jsonl")],
            "resolve": ["--gold", str(CAPTIONS)], "run": ["--gold", str(CAPTIONS)]}[command]
    out = str(tmp_path / ("o" if command == "run" else "o.jsonl"))
    missing = invoke(command, *args, "--out", out, "--gazetteer", "nominatim")
    assert missing.exit_code == 2 and "--contact" in missing.output


def test_parse_contact_reaches_the_gazetteer():
    from geoparser.batch.stages import PipelineSpec, build_gazetteer
    from geoparser.cli.options import web_overrides

    spec = PipelineSpec(gazetteer="nominatim", web=web_overrides(
        "nominatim", contact="me@example.org", no_cache=True))
    gaz = build_gazetteer(spec)
    assert gaz.config.contact == "me@example.org" and gaz.config.use_cache is False
    assert "web" not in spec.to_json()  # the contact stays out of the run's manifest


def test_parse_policy_nearest_without_guides_is_an_error(docs_jsonl, tmp_path):
    out = tmp_path / "o.jsonl"
    result = invoke("parse", "--in", str(docs_jsonl), "--out", str(out), "--policy", "nearest")
    assert result.exit_code == 2
    assert "policy 'nearest' needs a guide point per document" in result.output
    assert not out.exists()


def test_gazetteer_build_help_is_plain_text():
    text = invoke("gazetteer", "build", "--help").output
    assert "``" not in text and "--gazetteer geonames-dump" in flat(text)
    assert "{FILE}..." in text and "╭" not in text  # no box drawing either


def test_parse_with_candidates_lets_the_errors_scheme_file_disambiguation_errors(tmp_path):
    plain, full = tmp_path / "plain.jsonl", tmp_path / "full.jsonl"
    gold = str(CAPTIONS / "captions.jsonl")
    for out, extra in ((plain, []), (full, ["--with-candidates"])):
        result = invoke("parse", "--in", gold, "--out", str(out), "--policy", "population",
                        *extra)
        assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in full.read_text().splitlines()]
    cands = [t["candidates"] for r in rows for t in r["toponyms"] if t.get("n_candidates")]
    assert cands and all(len(c) >= 1 and "lat" in c[0] for c in cands)
    assert "\"candidates\":" not in plain.read_text()

    def categories(pred):
        result = invoke("score", "--scheme", "errors", "--gold", gold, "--pred", str(pred),
                        "--format", "json")
        assert result.exit_code == 0, result.output
        return json.loads(result.stdout)["disambiguation"]

    without, with_ = categories(plain), categories(full)
    assert without["all"] == with_["all"] > 0
    assert without["other"] == without["all"]  # every error filed under "other"
    assert with_["multiple_candidates"] > 0 and with_["other"] < with_["all"]
    bad = invoke("parse", "--in", gold, "--out", str(tmp_path / "x.csv"), "--with-candidates")
    assert bad.exit_code == 2 and "--with-candidates writes JSONL or GeoJSON" in bad.output


def test_quick_start_geojson_map_popups_list_the_candidates(tmp_path):
    """README quick start 2: the GeoJSON route's map lists each toponym's candidates, as the
    README, the user guide and the map's subtitle say; without them the map says why not."""
    source = tmp_path / "my.jsonl"
    source.write_text('{"id": "a1", "text": "Floods hit Galway after the storm."}\n')
    out, page = tmp_path / "places.geojson", tmp_path / "map.html"
    done = invoke("parse", "--in", str(source), "--out", str(out), "--with-candidates",
                  "--map", str(page))
    assert done.exit_code == 0, done.output
    props = json.loads(out.read_text())["features"][0]["properties"]
    assert props["text"] == "Galway" and props["candidates"]
    assert sum(c["chosen"] for c in props["candidates"]) == 1
    html = page.read_text()
    assert "why, and the candidates" in html and '"candidates": [{' in html
    bare = tmp_path / "bare.geojson"
    assert invoke("parse", "--in", str(source), "--out", str(bare), "--map",
                  str(tmp_path / "bare.html")).exit_code == 0
    assert "candidates" not in json.loads(bare.read_text())["features"][0]["properties"]
    assert "parse --with-candidates</code> keeps them" in (tmp_path / "bare.html").read_text()


def test_progress_bar_knows_the_total_and_shows_time_left(docs_jsonl, tmp_path, monkeypatch):
    from geoparser import progress
    from geoparser.batch import run as batch

    seen = {}
    real = progress.counter

    def spy(description, total=None):
        seen["total"] = total() if callable(total) else total
        return real(description, total)

    monkeypatch.setattr(progress, "visible", lambda: True)
    monkeypatch.setattr(batch, "counter", spy)
    assert invoke("parse", "--in", str(docs_jsonl), "--out", str(tmp_path / "o.jsonl")
                  ).exit_code == 0
    assert seen["total"] == 3
    names = [type(c).__name__ for c in progress.columns(3)]
    assert "TimeRemainingColumn" in names and "MofNCompleteColumn" in names
    assert "TimeRemainingColumn" not in [type(c).__name__ for c in progress.columns(None)]


def test_toposcope_help_lists_commands_without_importing_spacy():
    """Filling in registry choices is for the help of one command; the command list itself
    stays as light as before the choices existed."""
    import subprocess
    import sys

    code = ("import sys; from typer.testing import CliRunner; from geoparser.cli.main import app;"
            "r = CliRunner().invoke(app, ['--help']); assert r.exit_code == 0, r.output;"
            "assert 'parse' in r.output; print(sorted(m for m in ('spacy', 'pandas', 'wordfreq')"
            " if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "[]"


def test_tolerance_km_says_which_toponyms_keep_their_own(tmp_path):
    from tests.cli.hostile import write_jsonl

    gold = write_jsonl(tmp_path / "gold.jsonl", {
        "id": "a", "text": "Paris and Lyon.", "toponyms": [
            {"start": 0, "end": 5, "text": "Paris", "lat": 48.857, "lon": 2.352,
             "tolerance_km": 5},
            {"start": 10, "end": 14, "text": "Lyon", "lat": 45.76, "lon": 4.84}]})
    pred = write_jsonl(tmp_path / "pred.jsonl", {"id": "a", "toponyms": [
        {"start": 0, "end": 5, "text": "Paris", "lat": 48.9, "lon": 2.4}]})
    result = invoke("score", "--scheme", "coursework-geo", "--gold", str(gold), "--pred",
                    str(pred), "--tolerance-km", "50")
    assert result.exit_code == 0, result.output
    assert ("note: 1 of 2 gold toponyms carry their own tolerance_km, which wins over "
            "--tolerance-km 50 (the default for the other 1)") in flat(result.stderr)
    silent = invoke("score", "--scheme", "coursework-geo", "--gold", str(gold), "--pred",
                    str(pred))
    assert "tolerance_km, which wins" not in silent.stderr
