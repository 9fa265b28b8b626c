"""``boosted_trees``: lightgbm imported without pandas, which stays importable."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from geoparser.defaults import LEAN_LIGHTGBM_ENV


def _run(code: str) -> str:
    """``code``'s output in a fresh interpreter, started as a program is (no lean mark)."""
    env = {k: v for k, v in os.environ.items() if k != LEAN_LIGHTGBM_ENV}
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, env=env).stdout.strip()


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


def test_the_command_line_imports_no_stage_for_help_and_lightgbm_lean():
    """``toposcope --help`` marks its process lean without importing resolution (the policies,
    their features and the web gazetteers cost about a second of start-up); lightgbm, imported
    afterwards in that process, comes without pandas."""
    pytest.importorskip("lightgbm")
    pytest.importorskip("pandas")
    out = _run("import sys\n"
               "from geoparser.cli import main\n"
               "sys.argv = ['toposcope', '--help']\n"
               "try:\n"
               "    main.entry()\n"
               "except SystemExit:\n"
               "    pass\n"
               "print([m for m in ('geoparser.resolution', 'lightgbm', 'spacy', 'pandas')\n"
               "       if m in sys.modules])\n"
               "from geoparser.resolution.boosted_trees import import_lightgbm\n"
               "print('pandas' in sys.modules, import_lightgbm().compat.PANDAS_INSTALLED)")
    assert out.splitlines()[-2:] == ["[]", "False False"]


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
