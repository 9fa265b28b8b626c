"""A generated part of a page: only what lies between its markers is replaced, atomically, and
a page without its markers is refused with a clear error and left as it was."""

import pytest

from benchmarks.generated_section import MissingMarkers, markers, replaced, write_section

START, END = markers("corpus-table")
PAGE = f"# Title\n\nBefore.\n\n{START}\nold table\n{END}\n\nAfter, with a {{brace}}.\n"


def test_only_what_lies_between_the_markers_is_replaced():
    new = replaced(PAGE, "corpus-table", "| a |\n|---|\n| 1 |\n")
    assert new == (f"# Title\n\nBefore.\n\n{START}\n| a |\n|---|\n| 1 |\n{END}\n\n"
                   "After, with a {brace}.\n")
    assert replaced(new, "corpus-table", "old table") == PAGE  # and back: nothing else moved


def test_empty_markers_are_filled():
    page = f"text\n{START}\n{END}\nmore\n"
    assert replaced(page, "corpus-table", "body") == f"text\n{START}\nbody\n{END}\nmore\n"


@pytest.mark.parametrize("page, said", [
    ("# A page without a place for the table\n", "found 0 and 0"),
    (f"{START}\n{END}\n{START}\n{END}\n", "found 2 and 2"),
    (f"{START}\nno end\n", "found 1 and 0"),
    (f"{END}\n{START}\n", "comes before"),
])
def test_a_page_without_its_markers_once_is_refused(page, said):
    with pytest.raises(MissingMarkers, match=said) as caught:
        replaced(page, "corpus-table", "body", "docs/x.md")
    assert str(caught.value).startswith("docs/x.md: ")


def test_the_page_is_written_whole_or_left_as_it_was(tmp_path):
    page = tmp_path / "page.md"
    page.write_text(PAGE, encoding="utf-8")
    write_section(page, "corpus-table", "new table")
    assert page.read_text(encoding="utf-8") == PAGE.replace("old table", "new table")
    bare = tmp_path / "bare.md"
    bare.write_text("# no markers\n", encoding="utf-8")
    with pytest.raises(MissingMarkers, match=str(bare)):
        write_section(bare, "corpus-table", "new table")
    assert bare.read_text(encoding="utf-8") == "# no markers\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bare.md", "page.md"]  # no temp left
