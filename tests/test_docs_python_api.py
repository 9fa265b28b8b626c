"""docs/python-api.md's examples run as written."""

import doctest

from tests.conftest import ROOT


def test_python_api_page_examples(offline_gazetteer):
    results = doctest.testfile(str(ROOT / "docs" / "python-api.md"), module_relative=False,
                               optionflags=doctest.NORMALIZE_WHITESPACE)
    assert results.attempted >= 15
    assert results.failed == 0
