"""Builders for span-level documents used by the SemEval-related tests."""

from __future__ import annotations

from geoparser.model import Document, GoldToponym, PredictedDocument, Prediction


def doc_from(pieces: list[tuple[str, str | None]], doc_id: str = "d") -> tuple[str, dict]:
    """Join text pieces; returns the text and {tag: (start, end)} for tagged pieces."""
    text, spans, pos = "", {}, 0
    for piece, tag in pieces:
        if tag is not None:
            spans[tag] = (pos, pos + len(piece))
        text += piece
        pos += len(piece)
    return text, spans


def gold(doc_id: str, text: str, *items: tuple[int, int, str | None]) -> Document:
    return Document(doc_id, text, tuple(GoldToponym(s, e, text[s:e], label=lab)
                                        for s, e, lab in items))


def preds(doc_id: str, text: str, *items: tuple[int, int, str | None]) -> PredictedDocument:
    return PredictedDocument(doc_id, tuple(Prediction(text[s:e], s, e, lab)
                                           for s, e, lab in items))
