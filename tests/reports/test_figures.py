"""Figures, maps and the HTML report render offline and are self-contained."""

import re

import pandas as pd

from evaluation.reports.html import Heading, Image, Para, Table, to_html
from evaluation.reports.maps import MapPoint, small_multiples_png
from evaluation.reports.plots import error_distance_plot, metric_bars

PNG = b"\x89PNG\r\n\x1a\n"
POINTS = [
    MapPoint(
        "c02", "Boston", 52.976, -0.027, 10, 42.358, -71.06, "Boston, MA", "outside tolerance"
    ),
    MapPoint("c07", "Galway", 53.272, -9.051, 10, 53.272, -9.051, "Galway", "within tolerance"),
    MapPoint("c01", "Whitby", 54.488, -0.615, 10, verdict="not recognised"),
]


def test_pngs():
    assert small_multiples_png(POINTS, "Q3").startswith(PNG)
    assert small_multiples_png([], "empty").startswith(PNG)
    assert error_distance_plot({"a": [0.0, 5.0, 5000.0], "b": []}, 10, n_total={"a": 4}).startswith(
        PNG
    )
    assert metric_bars({"x": {"P": 1.0, "R": None}, "y": {"P": 0.5, "R": 0.2}}).startswith(PNG)


def test_html_report_inlines_images_and_needs_no_network():
    blocks = [Heading("T", 1), Table(pd.DataFrame({"a": [1], "b": [2]})), Image("m", "m.png"),
              Para("[link](q3_map.html)")]
    page = to_html(blocks, {"m.png": PNG + b"data"}, "T")
    assert "<table>" in page and 'src="data:image/png;base64,' in page
    assert not re.search(r'src="https?://', page)
    assert 'href="q3_map.html"' in page
