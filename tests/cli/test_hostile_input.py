"""Hostile input through the command line: each case one line naming the file (and line),
exit 2 -- never a traceback -- or, where the input is sound, accepted everywhere alike."""

from __future__ import annotations

import json
import logging
import os
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from tests.cli.hostile import (
    GOLD,
    PRED,
    assert_refused,
    commands,
    invoke,
    write_jsonl,
)
from tests.conftest import ROOT

NESTED = '{"id": "a", "text": "x", "toponyms": ' + "[" * 50_000 + "]" * 50_000 + "}\n"


@pytest.mark.parametrize("command", ["run", "parse", "resolve", "score"])
def test_deeply_nested_json_is_one_line(tmp_path, command):
    nested = tmp_path / "nested.jsonl"
    nested.write_text(NESTED, encoding="utf-8")
    pred = write_jsonl(tmp_path / "pred.jsonl", PRED)
    result = invoke(*commands(nested, pred, tmp_path)[command])
    assert_refused(result, f"{nested}:1:", "nested more than")


def test_deeply_nested_predictions_are_one_line(tmp_path):
    gold = write_jsonl(tmp_path / "gold.jsonl", GOLD)
    nested = tmp_path / "nested.jsonl"
    nested.write_text(NESTED, encoding="utf-8")
    assert_refused(invoke("score", "--scheme", "semeval", "--gold", gold, "--pred", nested),
                   f"{nested}:1:", "nested more than")


def test_deeply_nested_wiktor_is_one_line(tmp_path):
    nested = tmp_path / "wiktor.jsonl"
    nested.write_text(NESTED, encoding="utf-8")
    assert_refused(invoke("convert", "--from", "wiktor", nested), f"{nested}:1:")


SURROGATE_TEXT = '{"id": "a", "text": "I went to Paris \\ud800."}\n'
SURROGATE_ID = '{"id": "a\\ud800", "text": "I went to Paris."}\n'


@pytest.mark.parametrize("command", ["run", "parse", "resolve", "score"])
@pytest.mark.parametrize("line", [SURROGATE_TEXT, SURROGATE_ID], ids=["text", "id"])
def test_lone_surrogate_is_one_line(tmp_path, command, line):
    bad = tmp_path / "bad.jsonl"
    bad.write_text(line, encoding="utf-8")
    pred = write_jsonl(tmp_path / "pred.jsonl", PRED)
    result = invoke(*commands(bad, pred, tmp_path)[command])
    assert_refused(result, f"{bad}:1:", "lone surrogate")
    assert not (tmp_path / "results").exists() and not (tmp_path / "parsed.jsonl").exists()


def test_lone_surrogate_in_predictions_is_one_line(tmp_path):
    gold = write_jsonl(tmp_path / "gold.jsonl", GOLD)
    pred = tmp_path / "pred.jsonl"
    pred.write_text('{"id": "a", "toponyms": [{"text": "Paris\\udfff"}]}\n', encoding="utf-8")
    assert_refused(invoke("score", "--scheme", "semeval", "--gold", gold, "--pred", pred),
                   f"{pred}:1:", "lone surrogate")


def test_lone_surrogate_in_wiktor_is_one_line(tmp_path):
    bad = tmp_path / "wiktor.jsonl"
    bad.write_text('{"doc_index": 0, "text": "Paris \\ud800", "toponyms": []}\n',
                   encoding="utf-8")
    assert_refused(invoke("convert", "--from", "wiktor", bad), f"{bad}:1:", "lone surrogate")


@pytest.mark.parametrize("line", [SURROGATE_TEXT, SURROGATE_ID], ids=["text", "id"])
def test_lone_surrogate_is_skipped_and_listed_under_on_error_skip(tmp_path, line):
    src = tmp_path / "in.jsonl"
    src.write_text(json.dumps({"id": "ok", "text": "I went to Paris."}) + "\n" + line,
                   encoding="utf-8")
    out = tmp_path / "out.jsonl"
    result = invoke("-q", "parse", "--in", src, "--out", out, "--ner", "gazetteer",
                    "--on-error", "skip")
    assert result.exit_code == 0, result.output
    assert [json.loads(x)["id"] for x in out.read_text().splitlines()] == ["ok"]
    skipped = (tmp_path / "out.jsonl.skipped.jsonl").read_text()
    assert "lone surrogate" in skipped and '"line": 2' in skipped.replace('"line":2', '"line": 2')


def test_raw_surrogate_bytes_are_not_utf8(tmp_path):
    src = tmp_path / "raw.jsonl"
    src.write_bytes(b'{"id": "a", "text": "I went to Paris \xed\xa0\x80."}\n')
    out = tmp_path / "out.jsonl"
    assert_refused(invoke("parse", "--in", src, "--out", out, "--ner", "gazetteer"),
                   f"{src}:1:", "not UTF-8")
    assert not out.exists()


def test_resolve_not_utf8_names_the_line(tmp_path):
    gold = tmp_path / "gold.jsonl"
    gold.write_bytes(json.dumps(GOLD).encode() + b"\n" + b'{"id": "b", "text": "\xff"}\n')
    assert_refused(invoke("resolve", "--gold", gold, "--out", tmp_path / "o.jsonl",
                          "--context-ner", "none"), f"{gold}:2:", "not UTF-8")


LONG = "Paris is big. " * 75_000  # 1,050,000 characters


def test_text_over_a_million_characters_is_skipped_and_listed(tmp_path):
    src = write_jsonl(tmp_path / "in.jsonl", {"id": "ok", "text": "I went to Paris."},
                      {"id": "long", "text": LONG})
    out = tmp_path / "out.jsonl"
    result = invoke("-q", "parse", "--in", src, "--out", out, "--ner", "gazetteer",
                    "--on-error", "skip")
    assert result.exit_code == 0, result.output
    assert [json.loads(x)["id"] for x in out.read_text().splitlines()] == ["ok"]
    assert "1,050,000 characters" in (tmp_path / "out.jsonl.skipped.jsonl").read_text()


def test_text_over_a_million_characters_is_a_clear_error(tmp_path):
    src = write_jsonl(tmp_path / "in.jsonl", {"id": "long", "text": LONG})
    assert_refused(invoke("parse", "--in", src, "--out", tmp_path / "o.jsonl",
                          "--ner", "gazetteer"), f"{src}:1:", "1,050,000 characters")


@pytest.mark.parametrize("command", ["run", "resolve"])
def test_text_over_spacy_max_length_is_a_clear_error(tmp_path, command):
    gold = write_jsonl(tmp_path / "gold.jsonl", {"id": "long", "text": LONG, "toponyms": [
        {"start": 0, "end": 5, "text": "Paris", "lat": 48.857, "lon": 2.352}]})
    args = {"run": ["run", "--captions", gold, "--out", tmp_path / "r", "--others", ""],
            "resolve": ["resolve", "--gold", gold, "--out", tmp_path / "o.jsonl"]}[command]
    assert_refused(invoke(*args), "1,050,000 characters", "spaCy pipeline")


@pytest.mark.parametrize(("record", "message"), [
    ({"text": 5}, "'text' must be a string"),
    ({"text": "a b", "toponyms": 5}, "'toponyms' must be a list of objects"),
    ({"text": "a b", "toponyms": [5]}, "'toponyms' must be a list of objects"),
    ({"text": "a b", "toponyms": [{"phrase": 5}]}, "'phrase' must be a string"),
    ({"text": "a b", "toponyms": [{"phrase": "a", "start": "x", "end": []}]},
     "'start' must be an integer"),
    ({"text": "a b", "toponyms": [{"phrase": "a", "lat": "x", "lon": 2}]},
     "'lat' must be a number"),
    ({"text": "a b", "doc_index": {}}, "'doc_index' must be a number or a string"),
])
def test_wiktor_wrong_types_are_one_line(tmp_path, record, message):
    src = write_jsonl(tmp_path / "wiktor.jsonl", record)
    assert_refused(invoke("convert", "--from", "wiktor", src), f"{src}:1:", message)


@pytest.fixture
def unreadable_captions(tmp_path, monkeypatch):
    """A dataset folder that can be listed, holding a captions.jsonl that cannot be read
    (as with chmod 000; patched, because root reads anything)."""
    folder = tmp_path / "dataset"
    folder.mkdir()
    write_jsonl(folder / "captions.jsonl", GOLD)
    real_open = Path.open

    def guarded(self, *args, **kwargs):
        if self.name == "captions.jsonl":
            raise PermissionError(13, "Permission denied", str(self))
        return real_open(self, *args, **kwargs)

    real_os_open = os.open

    def guarded_os_open(path, *args, **kwargs):  # the regular-file opener uses os.open
        if Path(path).name == "captions.jsonl":
            raise PermissionError(13, "Permission denied", str(path))
        return real_os_open(path, *args, **kwargs)

    monkeypatch.setattr(Path, "open", guarded)
    monkeypatch.setattr(os, "open", guarded_os_open)
    return folder


@pytest.mark.parametrize("command", ["run", "parse", "resolve", "score"])
def test_unreadable_captions_in_a_readable_folder_is_one_line(tmp_path, unreadable_captions,
                                                              command):
    pred = write_jsonl(tmp_path / "pred.jsonl", PRED)
    result = invoke(*commands(unreadable_captions, pred, tmp_path)[command])
    assert_refused(result, str(unreadable_captions / "captions.jsonl"), "Permission denied")


def bom_crlf(path: Path, *objects: dict) -> Path:
    text = "".join(json.dumps(o) + "\r\n" for o in objects)
    path.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    return path


def test_bom_and_crlf_are_accepted_everywhere(tmp_path):
    plain_gold = write_jsonl(tmp_path / "gold.jsonl", GOLD)
    plain_pred = write_jsonl(tmp_path / "pred.jsonl", PRED)
    gold = bom_crlf(tmp_path / "bom-gold.jsonl", GOLD)
    pred = bom_crlf(tmp_path / "bom-pred.jsonl", PRED)
    outputs = {}
    for name, (g, p) in {"plain": (plain_gold, plain_pred), "bom": (gold, pred)}.items():
        d = tmp_path / name
        d.mkdir()
        for command, args in commands(g, p, d).items():
            result = invoke("-q", *args, *(["--format", "json"] if command == "score" else []))
            assert result.exit_code == 0, (name, command, result.output)
            outputs[name, command] = result.stdout if command == "score" else None
        outputs[name, "parse"] = (d / "parsed.jsonl").read_text()
        outputs[name, "resolve"] = (d / "resolved.jsonl").read_text()
        outputs[name, "run"] = (d / "results" / "summary.json").read_text()
    for command in ("run", "parse", "resolve", "score"):
        assert outputs["bom", command] == outputs["plain", command], command
    # A dataset folder's dataset.json with a BOM, and the scores from it.
    folder = tmp_path / "dataset"
    folder.mkdir()
    bom_crlf(folder / "captions.jsonl", GOLD)
    (folder / "dataset.json").write_bytes(b"\xef\xbb\xbf" + b'{"default_tolerance_km": 5}\r\n')
    result = invoke("score", "--scheme", "coursework-geo", "--gold", folder, "--pred", pred,
                    "--format", "json")
    assert result.exit_code == 0, result.output


NAN_GOLD = '{"id": "a", "text": "I went to Paris.", "toponyms": [{"start": 10, "end": 15, ' \
           '"text": "Paris", "lat": 48.857, "lon": 2.352, "tolerance_km": %s}]}\n'


@pytest.mark.parametrize("value", ["NaN", "Infinity", "-Infinity", "1e999"])
def test_nan_tolerance_in_gold_is_refused(tmp_path, value):
    gold = tmp_path / "gold.jsonl"
    gold.write_text(NAN_GOLD % value, encoding="utf-8")
    pred = write_jsonl(tmp_path / "pred.jsonl", PRED)
    for command in ("score", "run", "resolve"):
        args = commands(gold, pred, tmp_path)[command]
        result = invoke(*args, *(["--scheme", "coursework-geo"] if command == "score" else []))
        assert_refused(result, f"{gold}:1:", "tolerance_km")


@pytest.mark.parametrize("value", ["nan", "inf", "-inf"])
def test_nan_tolerance_option_is_refused(tmp_path, value):
    gold = write_jsonl(tmp_path / "gold.jsonl", GOLD)
    pred = write_jsonl(tmp_path / "pred.jsonl", PRED)
    score = invoke("score", "--scheme", "coursework-geo", "--gold", gold, "--pred", pred,
                   "--tolerance-km", value)
    assert_refused(score, "tolerance")
    run = invoke(*commands(gold, pred, tmp_path)["run"], "--tolerance-km", value)
    assert_refused(run, "tolerance")
    assert not (tmp_path / "results").exists()


def test_nan_dataset_tolerance_is_refused(tmp_path):
    folder = tmp_path / "dataset"
    folder.mkdir()
    write_jsonl(folder / "captions.jsonl", GOLD)
    (folder / "dataset.json").write_text('{"default_tolerance_km": NaN}')
    pred = write_jsonl(tmp_path / "pred.jsonl", PRED)
    assert_refused(invoke("score", "--scheme", "coursework-geo", "--gold", folder,
                          "--pred", pred), "dataset.json", "default_tolerance_km")


@pytest.mark.parametrize("where", ["gold", "pred", "candidate"])
def test_nan_coordinates_are_refused(tmp_path, where):
    gold, pred = json.dumps(GOLD), json.dumps(PRED)
    if where == "gold":
        gold = gold.replace("48.857", "NaN")
    elif where == "pred":
        pred = pred.replace("48.857", "NaN")
    else:
        pred = pred.replace('"lon": 2.352}', '"lon": 2.352, "candidates": [{"lat": NaN, '
                                             '"lon": 1}]}')
    (tmp_path / "gold.jsonl").write_text(gold + "\n")
    (tmp_path / "pred.jsonl").write_text(pred + "\n")
    result = invoke("score", "--scheme", "all", "--gold", tmp_path / "gold.jsonl",
                    "--pred", tmp_path / "pred.jsonl")
    assert_refused(result, ":1:", "finite")


@pytest.fixture
def web_env(tmp_path, monkeypatch):
    monkeypatch.setenv("GEONAMES_USERNAME", "toposcope-test-user")
    monkeypatch.setenv("TOPOSCOPE_WEB_CACHE", str(tmp_path / "web-cache.sqlite"))
    return tmp_path


@pytest.mark.parametrize("value", ["nan", "inf"])
def test_cache_days_nan_is_refused(web_env, value):
    gold = write_jsonl(web_env / "gold.jsonl", GOLD)
    result = invoke(*commands(gold, gold, web_env)["run"], "--gazetteer", "geonames",
                    "--cache-days", value)
    assert_refused(result, "cache expiry", value)


@pytest.mark.parametrize("value", ["abc", "nan", "-1"])
def test_web_cache_days_env_not_a_number_is_refused(web_env, monkeypatch, value):
    monkeypatch.setenv("TOPOSCOPE_WEB_CACHE_DAYS", value)
    gold = write_jsonl(web_env / "gold.jsonl", GOLD)
    result = invoke(*commands(gold, gold, web_env)["run"], "--gazetteer", "geonames")
    line = assert_refused(result)
    assert "TOPOSCOPE_WEB_CACHE_DAYS" in line or "cache expiry" in line


class ClosingServer:
    """Accepts each connection and closes it at once: urllib3 retries, warning each time."""

    def __init__(self) -> None:
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.sock.getsockname()[1]}"

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            conn.recv(65536)
            conn.close()


@pytest.mark.parametrize("quiet", [True, False])
def test_quiet_silences_urllib3_retry_warnings(web_env, monkeypatch, fake_clock, caplog, quiet):
    server = ClosingServer()
    monkeypatch.setenv("TOPOSCOPE_GEONAMES_URL", server.url)
    gold = write_jsonl(web_env / "gold.jsonl", GOLD)
    try:
        with caplog.at_level(logging.WARNING):
            result = invoke(*(["-q"] if quiet else []),
                            *commands(gold, gold, web_env)["run"], "--gazetteer", "geonames")
    finally:
        server.sock.close()
    assert_refused(result, "GeoNames, query 'Paris'", "4 attempts")
    retries = [r for r in caplog.records if r.name.startswith("urllib3")]
    assert (retries == []) is quiet  # without -q they are shown, as before


def test_conftest_runs_without_cacheprovider(tmp_path):
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "-x",
         "tests/test_names.py"], cwd=ROOT, capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    assert "'Config' object has no attribute 'cache'" not in proc.stdout + proc.stderr
