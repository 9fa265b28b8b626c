"""The README's Python examples run as written (from the project root)."""

import doctest
import os

from tests.conftest import ROOT


def test_readme_examples(offline_gazetteer):
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        results = doctest.testfile(str(ROOT / "README.md"), module_relative=False,
                                   optionflags=doctest.NORMALIZE_WHITESPACE)
    finally:
        os.chdir(cwd)
    assert results.attempted >= 8
    assert results.failed == 0
