"""A request's query string and CLIFF's form, read strictly: each value decoded as UTF-8 or
refused (a ``%FF`` is not a character, and ``GET`` must refuse what ``POST`` refuses), and a
parameter given twice, or both in the URL and in the form, refused rather than one of them
silently chosen.
"""

from __future__ import annotations

import urllib.parse


class QueryError(ValueError):
    """Why a query or form cannot be read, in a few words, and the status that answers it:
    400 for bytes that are not text, 422 for a parameter given twice."""

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.status = status


def strict_pairs(raw: bytes, where: str = "the query") -> list[tuple[str, str]]:
    """The ``name=value`` pairs of a query string or form body ``raw``, percent-decoded and
    read as UTF-8; ``QueryError`` names ``where`` ("the query", "the form") if a byte is not."""
    try:
        return urllib.parse.parse_qsl(raw.decode("utf-8"), keep_blank_values=True,
                                      encoding="utf-8", errors="strict")
    except UnicodeDecodeError as exc:
        raise QueryError(f"{where} is not UTF-8 (byte {exc.object[exc.start]:#04x}, "
                         "percent-decoded)", 400) from None


def single_values(pairs: list[tuple[str, str]], where: str = "query") -> dict[str, str]:
    """``pairs`` as a dict; ``QueryError`` if a name is given twice."""
    values: dict[str, str] = {}
    for name, value in pairs:
        if name in values:
            raise QueryError(f"{where}: {name!r} is given twice", 422)
        values[name] = value
    return values


def merged(query: dict[str, str], form: dict[str, str]) -> dict[str, str]:
    """The URL's and the form's parameters together; ``QueryError`` if one is in both (which
    should win is not for the service to guess)."""
    both = sorted(set(query) & set(form))
    if both:
        raise QueryError(f"{both[0]!r} is given both in the URL and in the form; give it once",
                         422)
    return {**query, **form}
