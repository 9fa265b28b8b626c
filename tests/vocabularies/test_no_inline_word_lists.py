"""Every list of words the code reads lives in geoparser/vocabularies/ with its source: a
test fails on a word list written in package code, ten or more natural-language words as a
list, set, tuple, dict keys or a split string. Field orders, schemas and identifiers (the names
of features, proposers, files, reason terms) are not word lists; each is named here with what
it names."""

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: How many words make a list.
MIN_WORDS = 10
#: A natural-language word or phrase: letters in lower case or capitalised, maybe with an
#: inner apostrophe, hyphen or full stop, and a closing full stop ("st.", "Mr", "alternate
#: name"); never a code in capitals ("PPLA") or an identifier with an underscore or a digit.
_WORD = re.compile(r"[A-Za-z][a-z]*(?:['’.-]?[a-z]+)*\.?")
#: The collections of words the code keeps as identifiers, by module and name.
IDENTIFIERS = {
    ("geoparser/decision/features.py", "PROPOSERS"): "the proposers' categories the model reads",
    ("geoparser/decision/features.py", "CATEGORY"): "each proposer's name and its category",
    ("geoparser/decision/name_context.py", "CONTAINERS"): "the container kinds the model reads",
    ("geoparser/gazetteers/extras_source.py", "FILES"): "the shipped extracts' file names",
    ("geoparser/places.py", "PART_KINDS"): "Candidate.part's values and their words",
    ("geoparser/resolution/context.py", "TERMS"): "the terms of the context policy's reasons",
}


def is_word(value: object) -> bool:
    return (isinstance(value, str) and not value.isupper()
            and all(_WORD.fullmatch(w) for w in value.split(" ")))


def words_in(node: ast.AST) -> list[object] | None:
    """The items of a literal collection (a dict's keys), or the words of ``"...".split()``."""
    if isinstance(node, ast.List | ast.Set | ast.Tuple):
        return [e.value if isinstance(e, ast.Constant) else e for e in node.elts]
    if isinstance(node, ast.Dict):
        return [k.value if isinstance(k, ast.Constant) else k for k in node.keys]
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr == "split" and isinstance(node.func.value, ast.Constant)
            and isinstance(node.func.value.value, str)):
        return node.func.value.value.split()
    return None


def word_lists(source: str) -> list[tuple[str, int]]:
    """(the name it is assigned to, or "?", and its line) of each word list in ``source``."""
    found = []
    for statement in ast.parse(source).body:
        targets = (statement.targets if isinstance(statement, ast.Assign) else
                   [statement.target] if isinstance(statement, ast.AnnAssign) else [])
        name = next((t.id for t in targets if isinstance(t, ast.Name)), "?")
        for node in ast.walk(statement):
            items = words_in(node)
            if items and len(items) >= MIN_WORDS and all(map(is_word, items)):
                found.append((name, node.lineno))
    return found


def test_no_word_list_is_written_in_package_code():
    found = [f"{path.relative_to(ROOT)}:{line} {name}"
             for package in ("geoparser", "evaluation")
             for path in sorted((ROOT / package).rglob("*.py"))
             for name, line in word_lists(path.read_text(encoding="utf-8"))
             if (str(path.relative_to(ROOT)), name) not in IDENTIFIERS]
    assert found == []


def test_every_identifier_named_here_is_still_in_the_code():
    for path, name in IDENTIFIERS:
        assert name in {n for n, _ in word_lists((ROOT / path).read_text(encoding="utf-8"))}, (
            path, name)


def test_the_check_finds_a_word_list_however_it_is_written():
    words = ", ".join(f'"{w}"' for w in ["mayor", "governor", "president", "prime", "premier",
                                         "minister", "chief", "police", "senator", "judge"])
    for source in (f"T = frozenset({{{words}}})", f"T = ({words})", f"T = [{words}]",
                   f"T = {{{', '.join(f'{w}: 1' for w in words.split(', '))}}}",
                   'T = "a an and as at by for from in into".split()',
                   f"def f():\n    return x in ({words})"):
        assert [n for n, _ in word_lists(source)] in (["T"], ["?"]), source
    assert word_lists('F = ("id", "start", "end", "text", "label", "recogniser", "name", '
                      '"admin1", "country_code", "kind")') == []  # a field order
    assert word_lists('K = ("PPLA", "PPLC", "ADM1", "ADM2", "PCLI", "ISL", "MT", "STM", '
                      '"LK", "VAL")') == []  # codes
    assert word_lists(f"T = ({', '.join(words.split(', ')[:9])})") == []  # nine words
