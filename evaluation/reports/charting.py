"""matplotlib, the charts' one optional dependency, with its Agg backend (no display needed).

Only the coursework report, ``compare`` and their PNG maps draw charts; a user who only
geoparses installs Toposcope without matplotlib (the ``report`` extra adds it). Importing this
module without it is a one-line ``UsageError`` naming the extra, not a traceback.
"""

from __future__ import annotations

from geoparser.errors import UsageError

try:
    import matplotlib
except ImportError:  # the install without the report extra
    raise UsageError("charts and PNG maps need matplotlib, in the report extra: pip install "
                     "'toposcope[report]' (make run installs it)") from None

matplotlib.use("Agg")
from matplotlib import pyplot as plt  # noqa: E402
from matplotlib.collections import PolyCollection  # noqa: E402
from matplotlib.lines import Line2D  # noqa: E402
from matplotlib.ticker import FuncFormatter, MaxNLocator  # noqa: E402

__all__ = ["FuncFormatter", "Line2D", "MaxNLocator", "PolyCollection", "plt"]
