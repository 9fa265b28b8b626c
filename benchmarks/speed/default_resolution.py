"""What the resolution benchmarks share: one public corpus's documents recognised once by the
default recogniser, and the default gazetteer and policy to resolve them with."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from geoparser.defaults import DEFAULT_POLICY, DEFAULT_RECOGNISER
from geoparser.model import Document, ParsedDocument
from geoparser.pipeline import recognise
from geoparser.recognition.training.data import load_gold, source


def arguments(description: str, argv: list[str] | None) -> argparse.Namespace:
    """``--corpora``, ``--corpus`` (GeoWebNews unless told) and ``--repeat``."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--corpora", type=Path, default=Path("../shared/corpora"))
    ap.add_argument("--corpus", default="GeoWebNews")
    ap.add_argument("--repeat", type=int, default=3)
    return ap.parse_args(argv)


def recognised(corpora: Path, corpus: str) -> tuple[list[ParsedDocument], Any, Any]:
    """The corpus's documents with the default recogniser's mentions, and the offline
    gazetteer and default policy."""
    from geoparser.gazetteers import create_gazetteer
    from geoparser.recognition import create_recogniser
    from geoparser.resolution import create_policy

    docs = [Document(d["id"], d["text"]) for d in load_gold(source(corpus), corpora)]
    parsed = recognise(create_recogniser(DEFAULT_RECOGNISER), docs)
    return parsed, create_gazetteer("offline"), create_policy(DEFAULT_POLICY)
