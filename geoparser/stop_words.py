"""English stop words: spaCy's list (``spacy/lang/en/stop_words.py``), read without importing
spaCy, so commands that only list or score never pay for spaCy's start-up.

Recognition and resolution read the same set (a stop word alone never names a place).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path


def _spacy_stop_words() -> frozenset[str]:
    """spaCy's English ``STOP_WORDS``, from the installed file, without ``import spacy``
    (``find_spec`` of a top-level package locates it without running its ``__init__``)."""
    spec = importlib.util.find_spec("spacy")
    if spec is None or not spec.submodule_search_locations:
        raise ImportError("spaCy is not installed; Toposcope needs it (pip install toposcope)")
    path = Path(next(iter(spec.submodule_search_locations))) / "lang" / "en" / "stop_words.py"
    module_spec = importlib.util.spec_from_file_location("_toposcope_spacy_stop_words", path)
    if module_spec is None or module_spec.loader is None:
        raise ImportError(f"spaCy's English stop words are missing: {path}")
    module = importlib.util.module_from_spec(module_spec)
    module_spec.loader.exec_module(module)
    return frozenset(module.STOP_WORDS)


#: spaCy's English stop words (326 words and the contractions' forms), as spaCy has them.
STOP_WORDS: frozenset[str] = _spacy_stop_words()
