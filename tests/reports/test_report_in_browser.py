"""results/report.html renders in a real browser: headless Chromium (Debian's `chromium`).

`make test` installs Chromium when it can (root and apt); elsewhere this test is skipped and
says why.
"""

import re

import matplotlib.image
import pytest
from typer.testing import CliRunner

from geoparser.cli.main import app
from tests.conftest import CAPTIONS
from tests.reports.browser import chromium as _chromium
from tests.reports.browser import needs_chromium

pytestmark = needs_chromium


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    out = tmp_path_factory.mktemp("results")
    result = CliRunner().invoke(app, ["-q", "run", "--gold", str(CAPTIONS), "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out / "report.html"


def chromium(tmp_path, *args):
    return _chromium(tmp_path / "profile", *args)


def test_report_dom_has_tables_and_images(report, tmp_path):
    proc = chromium(tmp_path, "--dump-dom", report.as_uri())
    assert proc.returncode == 0, proc.stderr[-2000:]
    dom = proc.stdout
    assert dom.count("<table>") >= 5  # Q1, Q2 (two), Q3, Q4
    assert dom.count('src="data:image/png;base64,') == 5  # NER bars, two maps, errors, confidence
    for heading in ("Question 1", "Question 2", "Question 3", "Question 4"):
        assert heading in dom


def test_report_renders_something_visible(report, tmp_path):
    shot = tmp_path / "shot.png"
    proc = chromium(tmp_path, f"--screenshot={shot}", "--window-size=1200,2400",
                    report.as_uri())
    assert proc.returncode == 0 and shot.exists(), proc.stderr[-2000:]
    pixels = matplotlib.image.imread(shot)
    assert pixels.shape[0] == 2400 and pixels.shape[1] == 1200
    assert pixels.std() > 0.05  # not a blank page


def test_report_tables_fit_1280px(report, tmp_path):
    """No table of the report needs sideways scrolling in a 1280 px window."""
    measure = (
        "<script>var wide = [...document.querySelectorAll('table')].filter("
        "t => t.getBoundingClientRect().right > document.documentElement.clientWidth"
        " || t.scrollWidth > t.parentElement.clientWidth + 1).length;"
        "document.body.setAttribute('data-wide', String(wide));"
        "document.body.setAttribute('data-tables', "
        "String(document.querySelectorAll('table').length));</script>"
    )
    body = _probe(report, tmp_path, measure)
    assert 'data-wide="0"' in body, body
    assert 'data-tables="0"' not in body


def test_report_headers_break_only_between_words(report, tmp_path):
    """Headers read "geonamei d" and "T P" (broken mid-word) in the report. A break
    after a hyphen ("toponym-" / "transformer-checked") is between words."""
    measure = (
        "<script>var broken = [...document.querySelectorAll('th')].filter(th => {"
        "var words = th.textContent.trim().split(/[\\s-]+/).length;"
        "var range = document.createRange(); range.selectNodeContents(th);"
        "var lines = new Set([...range.getClientRects()].map(r => Math.round(r.top))).size;"
        "return lines > words; }).map(th => th.textContent);"
        "document.body.setAttribute('data-broken', JSON.stringify(broken));"
        "document.body.setAttribute('data-headers', "
        "String(document.querySelectorAll('th').length));</script>"
    )
    body = _probe(report, tmp_path, measure)
    assert 'data-broken="[]"' in body, body
    assert 'data-headers="0"' not in body


def _probe(report, tmp_path, script: str) -> str:
    """The report with ``script`` run at its end in a 1280 px window: the body tag it left."""
    probe = tmp_path / "probe.html"
    probe.write_text(report.read_text().replace("</body>", script + "</body>"))
    proc = chromium(tmp_path, "--dump-dom", "--window-size=1280,900", probe.as_uri())
    assert proc.returncode == 0, proc.stderr[-2000:]
    return re.search(r"<body[^>]*>", proc.stdout).group(0)
