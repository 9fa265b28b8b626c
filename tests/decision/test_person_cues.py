"""A story's people: titles, verbs of saying, common given names."""

from __future__ import annotations

import pytest

from geoparser.decision.person_cues import person_words


@pytest.mark.parametrize(("text", "word"), [
    ("Mayor John Smith opened the bridge.", "smith"),
    ("Coach Jordan was pleased.", "jordan"),
    ("“We won,” Lincoln said.", "lincoln"),
    ("The plan works, said Austin on Monday.", "austin"),
    ("Emily Houston runs the bakery.", "houston"),
    ("according to Dr. Chester Reading of the clinic", "reading"),
])
def test_a_person_named_in_the_story_is_counted(text: str, word: str) -> None:
    assert person_words(text)[word] >= 1


@pytest.mark.parametrize("text", [
    "Floods hit Galway after the storm.",
    "Police in Houston said the roads were closed.",  # "Police" is no given name
    "The Texas governor visited Austin.",
])
def test_a_place_is_not_taken_for_a_person(text: str) -> None:
    people = person_words(text)
    assert people["galway"] == 0 and people["houston"] == 0 and people["austin"] == 0


@pytest.mark.parametrize("text", [
    "Mr. John Smith met Mrs  Ann Lee and MR Brown; the mr. Bean show.",
    "Dr.Smith, Lt. Gov. Smith Jones Brown Black and Sen. Dr. Sheriff Smith.",
    "ſir Bob and Kıng Arthur met Governor\nJerry Brown; x_mr Smith, Mayor-elect Jones.",
    "Coach\tO'Neil said so, as did Kingston Town and Generalissimo Franco.",
])
def test_titles_are_found_where_the_whole_pattern_finds_them(text: str) -> None:
    """``_titled`` tries the title pattern only at whole words before a capitalised one; it
    must find exactly what the pattern finds scanning every position."""
    from geoparser.decision.person_cues import _patterns, _titled

    titled = _patterns()[0]
    assert ([(m.span(), m.groups()) for m in _titled(titled, text)]
            == [(m.span(), m.groups()) for m in titled.finditer(text)])
