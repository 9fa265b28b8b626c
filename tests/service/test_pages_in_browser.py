"""The service's pages in headless Chromium with the network cut: highlights land on the
right words after characters JavaScript counts twice (emoji), a malformed link says so, the
text box keeps its height under a long article's results, and ``/docs`` renders offline
under the page's Content-Security-Policy."""

from __future__ import annotations

import re
import subprocess
import urllib.parse

import pytest

pytest.importorskip("fastapi")

from tests.reports.browser import CHROMIUM, FLAGS, needs_chromium  # noqa: E402


def _dom(server: str, path: str, profile, budget_ms: int = 20000) -> str:
    flags = [f for f in FLAGS if not f.startswith(("--proxy-bypass-list",
                                                    "--virtual-time-budget"))]
    proc = subprocess.run(
        [CHROMIUM, *flags, "--proxy-bypass-list=127.0.0.1", f"--user-data-dir={profile}",
         f"--virtual-time-budget={budget_ms}", "--dump-dom", f"{server}{path}"],
        capture_output=True, text=True, timeout=180, check=False)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return proc.stdout


def _body(dom: str) -> str:
    return dom.split("<body", 1)[1].split(">", 1)[0]


@needs_chromium
def test_highlights_after_emoji_mark_the_places_not_characters_beside_them(server, tmp_path):
    text = "🌊🌊🌊 Floods hit Galway; 👩‍👩‍👧 in Cork 🇮🇪 and Lima."
    dom = _dom(server, "/#text=" + urllib.parse.quote(text), tmp_path)
    assert "data-error" not in _body(dom), _body(dom)
    marks = re.findall(r"<mark[^>]*>([^<]*)</mark>", dom)
    assert {"Galway", "Cork", "Lima"} <= set(marks), marks
    assert "it Gal" not in marks


@needs_chromium
def test_a_malformed_percent_escape_in_the_link_says_so(server, tmp_path):
    dom = _dom(server, "/#text=Floods%20in%ZZGalway%E0%A4", tmp_path)
    body = _body(dom)
    assert 'data-error="the link' in body, body
    assert "not followed by two hexadecimal digits" in dom


@needs_chromium
def test_the_text_box_keeps_its_height_under_a_long_articles_results(server, tmp_path):
    article = "\n".join(["Floods hit Galway and Cork after the storm crossed Ireland."] * 6
                        + ["Talks in Geneva ended; delegates flew home to Nairobi and Lima."] * 6)
    dom = _dom(server, "/#text=" + urllib.parse.quote(article), tmp_path)
    body = _body(dom)
    assert "data-error" not in body, body
    assert int(re.search(r'data-toponyms="(\d+)"', body).group(1)) >= 12
    # 10em of a 16px font; a sliver would be a line or two
    assert int(re.search(r'data-input-height="(\d+)"', body).group(1)) >= 96


@needs_chromium
def test_docs_renders_offline_from_vendored_swagger_ui(server, tmp_path):
    dom = _dom(server, "/docs", tmp_path)
    assert 'data-loaded="yes"' in _body(dom), dom[:2000]
    assert "Toposcope" in dom and "/parse" in dom and "/health" in dom
    assert "ParseRequest" in dom  # the models, described


@needs_chromium
def test_the_page_marks_each_place_with_how_the_text_uses_it(server, tmp_path):
    text = "Canadian troops met on Royal Street in New Orleans."
    dom = _dom(server, "/#text=" + urllib.parse.quote(text), tmp_path)
    assert "data-error" not in _body(dom), _body(dom)
    kinds = dict((word, cls) for cls, word in
                 re.findall(r'<mark class="([^"]*)"[^>]*>([^<]*)</mark>', dom))
    assert "kind-demonym" in kinds["Canadian"] and "kind-street" in kinds["Royal Street"]
    assert "used as: street" in dom
