"""What the docs say `make setup` (run by `make run`) installs is what the Makefile installs:
formats.md and the user guide said it installs the `geo` and `parquet` extras, and a
`make run`-only clone has neither."""

import re

from tests.conftest import ROOT

DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def setup_extras() -> set[str]:
    """The extras the Makefile's `make setup` rule installs (`pip install -e '.[a,b]'`)."""
    makefile = (ROOT / "Makefile").read_text()
    rule = makefile[makefile.index("$(STAMP):"):makefile.index("setup-dev:")]
    return {e.strip() for group in re.findall(r"-e '\.\[([^\]]*)\]'", rule)
            for e in group.split(",")}


def claims(text: str) -> list[tuple[str, set[str]]]:
    """Each sentence that says `make setup` or `make run` installs (or has) an extra, with the
    extras it names."""
    flat = " ".join(text.split())
    out = []
    for sentence in re.split(r"(?<=[.!?])\s+(?=[A-Z`(])", flat):
        if re.search(r"`make (setup|run)`\s*(installs|has) (it|them)|also in `make (setup|run)`",
                     sentence):
            out.append((sentence, set(re.findall(r"toposcope\[(\w+)\]", sentence))))
    return out


def test_docs_claim_only_the_extras_make_setup_installs():
    extras = setup_extras()
    assert "report" in extras
    for path in DOCS:
        for sentence, named in claims(path.read_text(encoding="utf-8")):
            assert named <= extras, f"{path.name}: {sentence!r} (make setup installs {extras})"


def test_the_check_sees_the_claim_it_guards_against():
    old = ("With the `geo` extra installed (`pip install 'toposcope[geo]'`; `make setup` "
           "installs it), the Parquet output is GeoParquet.")
    assert claims(old) == [(old, {"geo"})]


def only_claims(text: str) -> list[tuple[str, set[str]]]:
    """Each "`make run`'s (.venv) has only `a`[, `b`]" in ``text``, with the extras it names."""
    flat = " ".join(text.split())
    return [(m.group(0), set(re.findall(r"`(\w+)`", m.group(1))))
            for m in re.finditer(r"`make (?:run|setup)`'s (?:`\.venv` )?has only "
                                 r"((?:`\w+`(?:, | and | or )?)+)", flat)]


def test_no_doc_says_make_run_has_only_some_of_its_extras():
    """The user guide said `make run`'s `.venv` has "only `report`"; it has geo and parquet too."""
    extras = setup_extras()
    old = "In a clone, `make test`'s `.venv` has both extras; `make run`'s has only `report`."
    assert only_claims(old) == [("`make run`'s has only `report`", {"report"})]
    for path in DOCS:
        for sentence, named in only_claims(path.read_text(encoding="utf-8")):
            assert named == extras, f"{path.name}: {sentence!r} (make setup installs {extras})"


def test_make_runs_venv_size_row_names_every_extra_it_installs():
    """development.md measured `make run`'s `.venv` with `report` alone (828 MB) after `make
    setup` had come to install `geo` and `parquet` too (1,146 MB)."""
    text = (ROOT / "docs" / "development.md").read_text(encoding="utf-8")
    row = next(line for line in text.splitlines() if line.startswith("| `make run`'s `.venv`"))
    first_cell = row.split("|")[1]
    assert setup_extras() <= set(re.findall(r"`(\w+)`", first_cell)), row
