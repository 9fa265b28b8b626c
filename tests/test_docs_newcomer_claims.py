"""What a newcomer reads before a first run says what the code does: how to change the
coursework's recogniser, and how long things take only as measured on a machine named on a
date (issue 53's student found "52 s" and "about half a minute" promised, and took minutes)."""

import re

from typer.testing import CliRunner

from geoparser.cli.main import app
from geoparser.gazetteers.offline import BUILD_TIME
from tests.conftest import ROOT

NEWCOMER_PAGES = ("README.md", "docs/coursework.md", "docs/user-guide.md")
DURATION = re.compile(r"\b\d[\d.,–-]*\s?(?:s|min|seconds|minutes)\b|half a minute|a minute")


def _paragraphs(page: str) -> list[str]:
    return re.split(r"\n\s*\n", (ROOT / page).read_text(encoding="utf-8"))


def test_readme_says_how_to_change_the_coursework_recogniser_with_an_option_run_has():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    said = re.search(r"toposcope run --ner NAME`? changes Q1's\s+recogniser", readme)
    assert said, "the README does not say how to change the coursework's recogniser"
    help_text = CliRunner().invoke(app, ["run", "--help"], terminal_width=200).output
    assert "--ner" in help_text


def test_time_claims_for_a_newcomer_name_the_machine_and_the_date():
    claims = 0
    for page in NEWCOMER_PAGES:
        for para in _paragraphs(page):
            if ("make run" in para or "index" in para) and DURATION.search(para):
                claims += 1
                assert "half a minute" not in para, (page, para[:200])
                assert re.search(r"20\d\d-\d\d-\d\d", para) and "machine" in para, (
                    f"{page}: a time claim without the machine and the date it was measured "
                    f"on: {para[:200]!r}")
    assert claims  # the coursework page says how long a first run takes


def test_the_index_build_note_gives_the_build_time_the_docs_measured():
    figure = re.search(r"\d+-\d+ s", BUILD_TIME).group(0)
    docs = (ROOT / "docs/coursework.md").read_text(encoding="utf-8").replace("–", "-")
    assert figure in docs and "idle" in BUILD_TIME and "busy" in BUILD_TIME
