"""Word lists with one home: every list file says where it comes from, the reader reads its
tags, and no module spells out a list that lives here."""

import re
from pathlib import Path

import pytest

from geoparser.vocabularies import entries, words

ROOT = Path(__file__).resolve().parents[2]
LISTS = sorted(p.stem for p in (ROOT / "geoparser" / "vocabularies").glob("*.txt"))


@pytest.mark.parametrize("name", LISTS)
def test_every_list_names_its_source_and_licence_at_its_head(name):
    head = [line for line in (ROOT / "geoparser" / "vocabularies" / f"{name}.txt")
            .read_text(encoding="utf-8").splitlines() if line.startswith("#")]
    assert any(line.startswith("# Source:") for line in head)
    assert any(line.startswith("# Licence:") for line in head)


@pytest.mark.parametrize("name", LISTS)
def test_every_list_holds_each_word_once(name):
    found = [w for w, _ in entries(name)]
    assert found and len(found) == len(set(found))


def test_a_rule_reads_the_words_tagged_with_its_name_in_file_order():
    assert words("plural_area_words", "plural-list") == (
        "counties", "parishes", "townships", "boroughs", "provinces", "states")
    assert "townships" not in words("plural_area_words", "area-cue")


#: A regular expression's alternation of words ("towns?|villages?|ports?") and a literal
#: collection of quoted words ({"county", "parish"}).
_ALTERNATION = re.compile(r"\b[a-z]+\??(?:\|[a-z]+\??)+")
_COLLECTION = re.compile(r"[{(\[]\s*((?:[\"'][a-z]+[\"'],\s*)+[\"'][a-z]+[\"'])\s*,?\s*[})\]]")
#: How much of a rule's words a module's own collection must hold to be a copy of them.
_COPY_SHARE = 0.75


def _collections(source):
    source = re.sub(r"[\"']\s*\n\s*r?[\"']", "", source)  # a literal continued on the next line
    for m in _ALTERNATION.finditer(source):
        yield {w.rstrip("?") for w in m.group().split("|")}
    for m in _COLLECTION.finditer(source):
        yield set(re.findall(r"[a-z]+", m.group(1)))


def _copies(source):
    """The (list, tag) whose words a collection spelt out in ``source`` mostly holds."""
    found = set()
    for name in LISTS:
        for tag in {t for _, tags in entries(name) for t in tags}:
            wanted = set(words(name, tag))
            for group in _collections(source):
                group |= {w + "s" for w in group}  # "towns?" spells "town" and "towns"
                if len(group & wanted) >= _COPY_SHARE * len(wanted):
                    found.add((name, tag))
    return found


def test_no_module_defines_a_list_that_lives_here():
    copies = {str(p.relative_to(ROOT)): found for p in sorted((ROOT / "geoparser").rglob("*.py"))
              if (found := _copies(p.read_text(encoding="utf-8")))}
    assert copies == {}


def test_the_check_catches_a_copied_list_however_it_is_spelt():
    assert _copies('KINDS = r"(?P<kind>counties|parishes|townships|boroughs|provinces)"') == {
        ("plural_area_words", "plural-list")}
    assert ("kind_words", "held-name") in _copies(
        'K = frozenset({"city", "town", "village", "capital", "port", "province", "state",\n'
        '    "region", "district", "county", "island", "municipality", "oblast"})')
    assert _copies('r"county|state|province"') == set()


def test_no_module_of_the_package_or_the_evaluation_is_over_450_lines():
    long = {str(p.relative_to(ROOT)): n for d in ("geoparser", "evaluation")
            for p in sorted((ROOT / d).rglob("*.py"))
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 450}
    assert long == {}
