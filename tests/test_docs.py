"""The documentation site builds with no warning (`make docs`), and the README stays short."""

import os
import re
import subprocess
import sys

from tests.conftest import ROOT


def test_docs_build_strict(tmp_path):
    proc = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path / "site")],
        cwd=ROOT, capture_output=True, text=True, timeout=300, check=False,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    cli = (tmp_path / "site" / "cli" / "index.html").read_text()
    for command in ("run", "score", "parse", "map", "resolve", "compare", "convert"):
        assert f"toposcope {command}" in cli  # the reference is generated from the app
    api = (tmp_path / "site" / "api-reference" / "index.html").read_text()
    assert "Geoparser" in api and "parse_many" in api  # mkdocstrings rendered the docstrings
    for page in (tmp_path / "site").rglob("*.html"):  # the site reads offline: no web fonts,
        html = page.read_text(encoding="utf-8")      # scripts or styles from another host
        assert "fonts.googleapis" not in html and "fonts.gstatic" not in html, page
        assert not re.search(r'<(?:script|link)[^>]+(?:src|href)="(?:https?:)?//', html), page


def test_readme_fits_on_three_screens():
    readme = (ROOT / "README.md").read_text()
    assert len(readme.splitlines()) <= 150
    for quick_start in ("make run", "make test", "toposcope map", "toposcope score"):
        assert quick_start in readme


def test_readme_links_point_at_pages_that_exist():
    readme = (ROOT / "README.md").read_text()
    targets = re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", readme)
    local = [t for t in targets if not t.startswith(("http://", "https://"))]
    assert local
    for target in local:
        assert (ROOT / target).exists(), target


def test_the_service_page_s_example_records_carry_every_field_a_record_has():
    import json

    from geoparser.io.toponym_records import RECORD_FIELDS

    text = (ROOT / "docs" / "service.md").read_text(encoding="utf-8")
    records = [t for block in re.findall(r"```json\n(.*?)```", text, re.S)
               for r in json.loads(block).get("records", []) for t in r["toponyms"]]
    assert len(records) >= 4
    always = {"marker_confidence", "span_probability", "demonym", "rejected", "confidence"}
    for t in records:
        assert always <= set(t), (t["text"], always - set(t))
        assert set(t) - {"candidates"} <= set(RECORD_FIELDS)
