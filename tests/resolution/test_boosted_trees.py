"""``boosted_trees``: lightgbm imported without pandas, which stays importable."""

from __future__ import annotations

import subprocess
import sys

import pytest


def _run(code: str) -> str:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True).stdout.strip()


def test_lightgbm_is_imported_without_pandas_and_pandas_imports_afterwards():
    pytest.importorskip("lightgbm")
    pytest.importorskip("pandas")
    out = _run("import sys\n"
               "from geoparser.resolution.boosted_trees import import_lightgbm, lean_imports\n"
               "lean_imports()\n"
               "lgb = import_lightgbm()\n"
               "print('pandas' in sys.modules, lgb.__name__)\n"
               "import pandas\n"
               "print(pandas.DataFrame({'a': [1]}).shape)")
    assert out.splitlines() == ["False lightgbm", "(1, 1)"]


def test_a_program_importing_geoparser_gets_lightgbm_with_its_dataframes():
    """Outside the command line lightgbm is imported as it is: a program that loads
    Toposcope's models may still train its own on DataFrames."""
    pytest.importorskip("lightgbm")
    pytest.importorskip("pandas")
    out = _run("from geoparser.resolution.boosted_trees import import_lightgbm\n"
               "print(import_lightgbm().compat.PANDAS_INSTALLED)")
    assert out == "True"


def test_the_command_line_imports_lightgbm_lean():
    pytest.importorskip("lightgbm")
    out = _run("import sys\n"
               "from geoparser.resolution import boosted_trees\n"
               "from geoparser.cli import main\n"
               "sys.argv = ['toposcope', '--help']\n"
               "try:\n"
               "    main.entry()\n"
               "except SystemExit:\n"
               "    pass\n"
               "print(boosted_trees._lean)")
    assert out.splitlines()[-1] == "True"


def test_lightgbm_imported_after_pandas_is_the_ordinary_module():
    pytest.importorskip("lightgbm")
    pytest.importorskip("pandas")
    out = _run("import pandas\n"
               "from geoparser.resolution.boosted_trees import import_lightgbm\n"
               "import lightgbm\n"
               "print(import_lightgbm() is lightgbm, lightgbm.compat.PANDAS_INSTALLED)")
    assert out == "True True"


def test_shipped_models_load_through_it_and_predict_from_arrays():
    pytest.importorskip("lightgbm")
    from geoparser.decision.span_decision import load_decision

    models = load_decision()
    if models is None:
        pytest.skip("no span decision model shipped")
    import numpy as np

    from geoparser.decision.features import SPAN_FEATURES

    p = models.span.probabilities(np.zeros((2, len(SPAN_FEATURES))))
    assert p.shape == (2,) and ((p >= 0) & (p <= 1)).all()
