"""Every number that changes a result says where it came from (docs/numbers.md), and the
page lists every number chosen by hand. The checker (docs/number_origins.py) is tested on
small code samples: a test that cannot fail would prove nothing."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT


def _load():
    spec = importlib.util.spec_from_file_location("number_origins",
                                                  ROOT / "docs" / "number_origins.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["number_origins"] = module
    spec.loader.exec_module(module)
    return module


origins = _load()


def _unsourced(source: str) -> list[tuple[str, str]]:
    return [(n.where, n.value) for n in origins.unsourced(source)]


def test_every_number_of_the_stages_says_where_it_came_from_and_the_page_lists_the_hand_picked():
    assert origins.problems() == []


def test_a_class_field_without_a_source_is_found():
    source = ('class Weights:\n    """The weights."""\n\n'
              "    near: float = 0.8\n"
              "    far: float = 0.3  # chosen by hand\n")
    assert _unsourced(source) == [("Weights.near", "0.8")]


def test_a_number_inside_a_function_body_without_a_source_is_found():
    source = ("def window(text, start):\n"
              '    """The text before start."""\n'
              "    return text[max(0, start - 40):start]\n"
              "def other(text, start):\n"
              "    # 30 characters back: chosen by hand.\n"
              "    return text[max(0, start - 30):start]\n")
    assert _unsourced(source) == [("window", "40")]


def test_a_default_argument_without_a_source_is_found():
    assert _unsourced("def f(x, limit=50):\n    return x[:limit]\n") == [("f", "50")]


def test_a_decorators_number_without_a_source_is_found():
    source = ("from functools import lru_cache\n\n"
              "@lru_cache(maxsize=64)\ndef f(x):\n    return x\n\n"
              "# maxsize 32: chosen by hand.\n@lru_cache(maxsize=32)\ndef g(x):\n    return x\n")
    assert _unsourced(source) == [("f", "64")]


def test_measured_alone_is_no_origin():
    assert _unsourced("#: How near, measured.\nNEAR_KM = 25.0\n") == [("NEAR_KM", "25.0")]


@pytest.mark.parametrize("comment", [
    "#: Chosen by hand.",
    "#: Measured by `make bench-context-weights`.",
    "#: Measured: python -m benchmarks.accuracy.context_weights",
    "#: Source: https://download.geonames.org/export/dump/readme.txt",
    "#: As docs/resolution.md says.",
    "#: Fixed by the length of \"'s \".",
])
def test_a_source_a_command_or_chosen_by_hand_is_an_origin(comment):
    assert _unsourced(f"{comment}\nNEAR_KM = 25.0\n") == []


def test_a_constant_docstring_and_a_comment_over_a_group_of_constants_count():
    assert _unsourced('NEAR_KM = 25.0\n"""Chosen by hand."""\n') == []
    assert _unsourced("#: Both chosen by hand.\nA = 25.0\nB = 7\n\nC = 9\n") == [("C", "9")]


def test_trivial_numbers_need_no_origin_and_the_trivial_set_is_narrow():
    source = ("def f(xs, row):\n"
              "    return xs[0] + xs[-1] * 2 + row[5] + 1.0 - 0.0 + xs[1] * 100 + 1024\n"
              "def g(x):\n"
              "    return x * 0.5 + x[:3] + 3\n")
    assert _unsourced(source) == [("g", "0.5"), ("g", "3"), ("g", "3")]


def test_an_unsourced_threshold_in_the_gazetteers_or_the_decision_is_found(tmp_path: Path):
    page = tmp_path / "numbers.md"
    page.write_text(origins.section([]), encoding="utf-8")  # no number chosen by hand
    for part, source in (("gazetteers", "#: How near a twin lies.\nTWIN_KM = 25.0\n"),
                         ("decision", "def before(text, i):\n    return text[i - 40:i]\n")):
        (tmp_path / "geoparser" / part).mkdir(parents=True)
        (tmp_path / "geoparser" / part / "rule.py").write_text(source, encoding="utf-8")
    found = origins.problems(tmp_path, page)
    assert sorted(line.split(":")[0] for line in found) == [
        "geoparser/decision/rule.py", "geoparser/gazetteers/rule.py"]
    assert "25.0 in TWIN_KM" in " ".join(found) and "40 in before" in " ".join(found)


def test_the_page_must_list_a_number_chosen_by_hand(tmp_path: Path):
    (tmp_path / "geoparser" / "decision").mkdir(parents=True)
    rule = tmp_path / "geoparser" / "decision" / "rule.py"
    rule.write_text("#: Chosen by hand.\nWINDOW = 40\n", encoding="utf-8")
    page = tmp_path / "numbers.md"
    page.write_text(f"{origins.START}\n{origins.END}\n", encoding="utf-8")
    assert origins.problems(tmp_path, page) == [
        f"{page} is out of date: run python docs/number_origins.py"]
    page.write_text(origins.rewritten(page.read_text("utf-8"), origins.every_number(tmp_path)),
                    encoding="utf-8")
    assert "| `geoparser/decision/rule.py` | `WINDOW` | `40` |" in page.read_text("utf-8")
    assert origins.problems(tmp_path, page) == []
    rule.write_text("#: Chosen by hand.\nWINDOW = 30\n", encoding="utf-8")
    assert origins.problems(tmp_path, page) != []  # a stale listing fails


def test_the_scan_covers_every_stage_package():
    scanned = {p.relative_to(ROOT).parts[1] for p in origins.scanned_files()}
    assert {"recognition", "resolution", "gazetteers", "decision"} <= scanned
