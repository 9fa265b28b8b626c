"""Text and ids from the data never become markup in the HTML we write."""

import json
import re

import pytest

from evaluation.reports.html import Heading, Para, Table, inline_markup, to_html
from evaluation.reports.webmap import MapToponym, page
from tests.reports.hostile import (
    EVIL_ID,
    PWN,
    SCRIPT_CAPTION,
    run_on_hostile_captions,
)


@pytest.fixture(scope="module")
def hostile_results(tmp_path_factory):
    return run_on_hostile_captions(tmp_path_factory.mktemp("hostile"))


def _data_json(html: str) -> dict:
    match = re.search(r'<script id="toposcope-data" type="application/json">(.*?)</script>',
                      html, re.S)
    assert match
    return json.loads(match.group(1))


def test_caption_script_is_escaped_in_report(hostile_results):
    html = (hostile_results / "report.html").read_text()
    assert "<script" not in html  # the report itself has no script at all
    assert "<img src=x" not in html
    assert "&lt;script&gt;" in html and "&lt;/script&gt;&lt;img src=x onerror=" in html


def test_id_closing_script_tag_is_escaped_in_map(hostile_results):
    for name in ("q3_map.html", "q4_map.html"):
        html = (hostile_results / name).read_text()
        assert EVIL_ID not in html and "<img" not in html
        # our three scripts (Leaflet, the data, the page's code) and no other
        assert html.count("<script") == 3 and html.count("</script>") == 3
        ids = {p["doc_id"] for p in _data_json(html)["points"]}
        assert EVIL_ID in ids  # the id survives as data


def test_map_unplaced_list_escapes_text():
    html = page([MapToponym(doc_id=EVIL_ID, text=SCRIPT_CAPTION, reason="<b>x</b>")], "<i>t</i>")
    assert EVIL_ID not in html and SCRIPT_CAPTION not in html
    assert "&lt;b&gt;x&lt;/b&gt;" in html and "<title>&lt;i&gt;t&lt;/i&gt;</title>" in html


def test_report_blocks_escape_every_field():
    import pandas as pd

    html = to_html([Heading(EVIL_ID), Para(f"caption `{SCRIPT_CAPTION}`"),
                    Table(pd.DataFrame({EVIL_ID: [SCRIPT_CAPTION]}))], {}, EVIL_ID)
    assert "<script" not in html and "<img" not in html
    assert PWN.replace("'", "&#39;") in html


def test_inline_links_only_name_files_beside_the_report():
    assert 'href="q3_map.html"' in inline_markup("[map](q3_map.html)")
    assert "href" not in inline_markup("[x](javascript:alert(1))")
    assert "href" not in inline_markup('[x](a.html" onclick="alert(1))')
