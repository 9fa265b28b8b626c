"""Names the recogniser reads as toponyms but no gazetteer knows are not lost without a trace:
asked for rejected spans, a parse keeps them, marked ``rejected`` with the typed reason
``Rejection.NOT_IN_GAZETTEER``, and the map lists them; the default output leaves them out as
before."""

from __future__ import annotations

import json

import pytest

from geoparser.api import Geoparser
from geoparser.recognition import create_recogniser
from tests.cli.hostile import invoke, write_jsonl

# Written for this test: Nairobi's neighbourhoods, which the offline gazetteer does not list.
NAIROBI = ("Heavy rain flooded homes across Nairobi on Sunday. In Kibera and Mathare, residents "
           "waded through water, while in Embakasi, Kawangware and Westlands roads were cut "
           "off, city officials said.")
QUARTERS = ["Kibera", "Mathare", "Embakasi", "Kawangware", "Westlands"]


@pytest.fixture(scope="module")
def geoparsers(offline_gazetteer):
    return Geoparser(), Geoparser(keep_rejected=True)


def test_nairobis_quarters_no_gazetteer_knows_are_kept_as_rejected_not_in_gazetteer(geoparsers):
    from geoparser.model import Rejection

    default, keeping = geoparsers
    plain, kept = default.parse(NAIROBI), keeping.parse(NAIROBI)
    assert [m.text for m in plain.mentions] == ["Nairobi"]
    rejected = [r for r in kept.resolutions if r.rejected]
    assert [r.mention.text for r in rejected] == QUARTERS
    assert {r.rejection for r in rejected} == {Rejection.NOT_IN_GAZETTEER}
    assert all(r.candidate is None for r in rejected)
    # the toponyms the default output has are the same, placed the same
    assert [r for r in kept.resolutions if not r.rejected] == plain.resolutions
    assert kept.focus == plain.focus
    assert [p.text for p in kept.predictions().toponyms] == ["Nairobi"]  # not predictions


def test_the_gazetteer_check_answers_the_names_it_drops():
    text = "Floods cut off Vrondelspruit and Pretoria overnight."
    [(kept, unknown)] = create_recogniser("toponym-checked").recognise_with_unknown([text])
    assert [m.text for m in kept] == ["Pretoria"]
    assert [m.text for m in unknown] == ["Vrondelspruit"]


def test_parse_keep_rejected_writes_unknown_names_and_the_map_lists_them(tmp_path):
    source = write_jsonl(tmp_path / "in.jsonl", {"id": "n", "text": NAIROBI})
    out, plain = tmp_path / "kept.jsonl", tmp_path / "plain.jsonl"
    assert invoke("parse", "--in", source, "--out", out, "--keep-rejected").exit_code == 0
    assert invoke("parse", "--in", source, "--out", plain).exit_code == 0
    toponyms = json.loads(out.read_text(encoding="utf-8"))["toponyms"]
    rejected = {t["text"]: t["rejection"] for t in toponyms if t["rejected"]}
    assert rejected == dict.fromkeys(QUARTERS, "not_in_gazetteer")
    assert [t["text"] for t in json.loads(plain.read_text(encoding="utf-8"))["toponyms"]] == [
        "Nairobi"]
    page = tmp_path / "map.html"
    done = invoke("map", out, "--out", page)
    assert done.exit_code == 0, done.output
    html = page.read_text(encoding="utf-8")
    listed = html[html.index('id="rejected-list"'):]
    assert all(q in listed for q in QUARTERS) and "no gazetteer entry" in listed
    assert "1 placed, 0 too uncertain to place, 0 not placed, 5 rejected" in html


def test_kept_rejected_spans_leave_invisible_characters_out_as_the_default_does():
    from geoparser import Geoparser

    text = "Rain in Cork\u200b today."
    kept = Geoparser(keep_rejected=True).parse(text)
    assert [(m.start, m.end, m.text) for m in kept.mentions] == [
        (m.start, m.end, m.text) for m in Geoparser().parse(text).mentions]
    assert ("Cork" in [m.text for m in kept.mentions])
