"""LightGBM for reading and running the shipped models, imported without pandas.

On import, lightgbm imports pandas when it is installed (to take DataFrames); Toposcope hands
its boosters NumPy arrays only, and pandas cost about a third of a second of CPU at every
``parse``'s start-up (measured, docs/measurements.md, *Where the default's time goes*).
In a process Toposcope's command line owns (``cli.main.entry`` sets ``LEAN_LIGHTGBM_ENV``, as
``lean_imports()`` does, and the workers it starts inherit it), ``import_lightgbm()`` imports
it with pandas hidden when nothing has imported pandas yet; pandas
stays importable afterwards, but that lightgbm takes no DataFrame. A program that imports
``geoparser`` gets the ordinary lightgbm: it may train its own models on DataFrames.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from types import ModuleType

import numpy as np

from geoparser.defaults import LEAN_LIGHTGBM_ENV

#: What lightgbm looks for on import and Toposcope never gives it.
_UNUSED = ("pandas",)


def lean_imports() -> None:
    """From now on in this process and those it starts, import lightgbm without the libraries
    in ``_UNUSED``."""
    os.environ[LEAN_LIGHTGBM_ENV] = "1"


def import_lightgbm() -> ModuleType:
    """The ``lightgbm`` module, imported (once); without the libraries in ``_UNUSED`` after
    ``lean_imports()``."""
    if "lightgbm" in sys.modules:
        return sys.modules["lightgbm"]
    lean = os.environ.get(LEAN_LIGHTGBM_ENV) == "1"
    hidden = [name for name in _UNUSED if name not in sys.modules] if lean else []
    for name in hidden:
        sys.modules[name] = None  # type: ignore[assignment]  # import raises ImportError
    try:
        import lightgbm as module
    finally:
        for name in hidden:
            if sys.modules.get(name, ...) is None:
                del sys.modules[name]
    return module


def predict_stacked(blocks: Sequence[np.ndarray], *predicts: Callable[[np.ndarray], np.ndarray]
                    ) -> list[tuple[np.ndarray, ...]]:
    """Each block's rows answered by each of ``predicts``, every one called once over the
    blocks stacked: a call's set-up costs as much as a document's dozen rows
    (``benchmarks.speed.resolution``), and a row's answer is the same in any batch, so no
    block's answer depends on the others beside it."""
    x = np.vstack(blocks)
    answers = [predict(x) for predict in predicts]
    ends = np.cumsum([len(b) for b in blocks]).tolist()
    return [tuple(a[end - len(b):end] for a in answers)
            for b, end in zip(blocks, ends, strict=True)]
