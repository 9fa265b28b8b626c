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


def test_regional_panel_uses_10m_outlines_world_panel_110m():
    from evaluation.reports.outlines import rings_in, scale_for

    uk = (-3.0, 1.0, 53.5, 55.5)  # Whitby with its 10 km tolerance and some sea
    assert scale_for(uk) == "10m" and scale_for((-180, 180, -60, 85)) == "110m"
    coast = sum(len(r) for r in rings_in(uk, "10m"))
    assert coast > 20 * sum(len(r) for r in rings_in(uk, "110m"))  # detail the zoom needs


def test_small_multiples_have_legend_axes_and_scale_bar():
    import matplotlib.pyplot as plt

    from evaluation.reports.maps import small_multiples_figure

    fig = small_multiples_figure(POINTS, "Q3")
    try:
        (legend,) = fig.legends
        labels = [t.get_text() for t in legend.get_texts()]
        assert labels[0] == "gold (guide) point" and "tolerance circle" in labels
        assert "chosen place, within tolerance (TP)" in labels
        assert "chosen place, outside tolerance (FP)" in labels
        galway = fig.axes[1]
        assert galway.get_title() == "c07 Galway: TP"
        ticks = [t.get_text() for t in galway.get_xticklabels()]
        assert any(t.endswith("°W") for t in ticks)
        assert any(t.get_text().endswith(" km") for t in galway.texts)  # the scale bar
        assert "Natural Earth 1:10m" in legend.get_title().get_text()
    finally:
        plt.close(fig)


def test_region_names_instead_of_admin_codes():
    from evaluation.reports.coursework_report import _describe_candidate
    from geoparser.gazetteers.regions import where
    from geoparser.model import Candidate

    assert where("GB", "ENG") == "England, United Kingdom"
    assert where("US", "MA") == "Massachusetts, United States"
    assert where("IE", "C") == "Connacht, Ireland"  # GeoNames' provinces, by their ISO letter
    assert where("TW", "04") == "Taiwan"  # a code with no single name is left out, not shown
    c = Candidate("geonames", "1", "Boston", 42.36, -71.06, 617594, 4930956, "US", "MA")
    assert _describe_candidate(c) == "Boston (Massachusetts, United States; pop. 617,594)"


def test_numbers_are_formatted_by_kind():
    from evaluation.reports.formatting import frame

    df = pd.DataFrame({"TP": [7], "precision": [1], "recall": [0.58333], "F1": [None],
                       "docs/s": [144.374], "distance km": [5236.04]}, dtype=object)
    assert frame(df).iloc[0].tolist() == ["7", "1.000", "0.583", "undefined", "144.4",
                                         "5,236.0"]
