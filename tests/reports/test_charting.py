"""matplotlib is optional (the report extra): without it, a chart is one line naming the
extra, and geoparsing never imports it."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

from geoparser.errors import UsageError
from tests.conftest import ROOT


def test_charts_without_matplotlib_name_the_report_extra(monkeypatch):
    import evaluation.reports.charting as charting

    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as if not installed
    with pytest.raises(UsageError, match=r"pip install 'toposcope\[report\]'"):
        importlib.reload(charting)
    monkeypatch.undo()
    importlib.reload(charting)


def test_parse_and_score_never_import_matplotlib():
    code = ("import sys; sys.modules['matplotlib'] = None\n"
            "from geoparser import Geoparser\n"
            "from evaluation.schemes import score\n"
            "import evaluation.reports.score_output, evaluation.reports.webmap\n"
            "import geoparser.cli.main\n"
            "print('ok')")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, check=False)
    assert done.stdout.strip() == "ok", done.stderr[-2000:]
