"""The Python examples of the README and of the Python API page run as written (from the
project root)."""

import doctest
import os

from tests.conftest import ROOT


def test_readme_examples(offline_gazetteer):
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        results = [doctest.testfile(str(ROOT / page), module_relative=False,
                                    optionflags=doctest.NORMALIZE_WHITESPACE)
                   for page in ("README.md", "docs/api-reference.md")]
    finally:
        os.chdir(cwd)
    assert sum(r.attempted for r in results) >= 8
    assert sum(r.failed for r in results) == 0
