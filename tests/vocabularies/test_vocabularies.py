"""Word lists with one home: every list file says where it comes from, the reader reads its
tags, and no module spells out a list that lives here."""

import re
from pathlib import Path

import pytest

from geoparser.vocabularies import entries, pairs, words

ROOT = Path(__file__).resolve().parents[2]
HOME = ROOT / "geoparser" / "vocabularies"
#: Every list, by the name its loader takes: "kind_words", "decision/name_heads".
LISTS = sorted(str(p.relative_to(HOME).with_suffix("")) for p in HOME.rglob("*.txt"))


@pytest.mark.parametrize("name", LISTS)
def test_every_list_names_its_source_and_licence_at_its_head(name):
    head = [line for line in (HOME / f"{name}.txt").read_text(encoding="utf-8").splitlines()
            if line.startswith("#")]
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


#: A regular expression's alternation of words ("towns?|villages?|ports?"), a literal
#: collection of quoted words ({"county", "parish"}, ("U.S.", "USA")) and a literal mapping
#: of quoted words ({"DRC": "CD", "KSA": "SA"}, {"Africa": ("African",)}).
_ALTERNATION = re.compile(r"\b[a-z]+\??(?:\|[a-z]+\??)+")
_WORD = r"[\"'][A-Za-z][\w.& ]*[\"']"
_COLLECTION = re.compile(rf"[{{(\[]\s*((?:{_WORD}(?:\s*[,:()]\s*)+)+{_WORD})[\s,)]*[}})\]]")
#: How much of a rule's words a module's own collection must hold to be a copy of them.
_COPY_SHARE = 0.75


def _collections(source):
    source = re.sub(r"[\"']\s*\n\s*r?[\"']", "", source)  # a literal continued on the next line
    source = re.sub(r"^\s*#.*\n", "", source, flags=re.MULTILINE)  # comments inside a literal
    for m in _ALTERNATION.finditer(source):
        yield {w.rstrip("?") for w in m.group().split("|")}
    for m in _COLLECTION.finditer(source):
        yield {w.lower() for w in re.findall(r"[\"']([A-Za-z][\w.& ]*)[\"']", m.group(1))}


def _copies(source):
    """The (list, tag) whose words a collection spelt out in ``source`` mostly holds."""
    found = set()
    for name in LISTS:
        for tag in {t for _, tags in entries(name) for t in tags}:
            wanted = {w.lower() for w in words(name, tag)}
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


def test_the_check_catches_a_copied_table_of_initials_or_peoples():
    """The tables these lists replaced, as they were written, would each fail the check."""
    assert ("country_initials", "standalone") in _copies(
        'COUNTRY_INITIALS = {\n    "DRC": "CD", "DPRK": "KP", "PRC": "CN", "ROK": "KR",'
        ' "KSA": "SA", "UAE": "AE",\n    "U.A.E.": "AE", "T&T": "TT", "BiH": "BA",\n}')
    assert ("country_initials", "expansion") in _copies(
        '_COUNTRIES = {"CD": ("DRC", "DR Congo"), "CF": ("CAR",), "ZA": ("RSA",),'
        ' "KP": ("DPRK",),\n "CN": ("PRC",), "KR": ("ROK",)}')
    assert ("country_initials", "alias") in _copies(
        'A = {"US": ("U.S.", "U.S.A.", "US", "USA"), "GB": ("U.K.", "UK"), "AE": ("U.A.E.",'
        ' "UAE"), "SA": ("KSA",), "CN": ("PRC",), "KR": ("ROK",), "NZ": ("NZ",),'
        ' "TT": ("T&T",), "BA": ("BiH",)}')
    assert ("continent_peoples", "direction-people") in _copies(
        'PEOPLES = frozenset({"african", "asian", "european", "american"})')
    assert ("continent_peoples", "adjective") in _copies(
        'ADJ = {"Africa": ("African",), "Asia": ("Asian",), "Europe": ("European",)}')


def test_a_word_s_place_is_a_field_not_a_tag():
    assert ("DR Congo", "CD") in pairs("country_initials", "country", "expansion")
    assert dict(entries("country_initials"))["DRC"] == {"expansion", "standalone"}
    assert pairs("continent_peoples", "continent", "adjective")[0] == ("African", "Africa")


def test_no_module_of_the_package_or_the_evaluation_is_over_450_lines():
    long = {str(p.relative_to(ROOT)): n for d in ("geoparser", "evaluation")
            for p in sorted((ROOT / d).rglob("*.py"))
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 450}
    assert long == {}
