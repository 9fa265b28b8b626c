"""Turn whatever a geocoder call raised into one ``ServiceError`` naming service and query.

Every message goes through ``redact``: exception texts from requests/urllib3 carry the full
request URL, and GeoNames' own messages may name the account.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import requests
from geopy.exc import (
    GeocoderParseError,
    GeocoderRateLimited,
    GeocoderServiceError,
    GeocoderTimedOut,
    GeocoderUnavailable,
)

from geoparser.errors import ServiceError
from geoparser.gazetteers.web.redact import redact


class ServiceAnswerError(ServiceError):
    """The service answered 200 with an error or a body we cannot read; raised while parsing."""


def cacheable_if(check_answer: Callable[[object], None]) -> Callable[[requests.Response], bool]:
    """A requests-cache filter: store a 200 only when its JSON body passes ``check_answer``
    (which raises ``ServiceAnswerError`` on an error reported inside a 200)."""

    def cacheable(response: requests.Response) -> bool:
        if response.status_code != 200:
            return False
        try:
            check_answer(json.loads(response.content))
        except (ValueError, RecursionError, ServiceAnswerError):
            return False
        return True

    return cacheable


@contextmanager
def service_errors(service: str, query: str, attempts: Callable[[], int], timeout_s: float
                   ) -> Iterator[None]:
    """Re-raise any failure inside the block as a ``ServiceError`` with a one-line message;
    ``attempts()`` is how many requests the block sent, said as it happened."""
    try:
        yield
    except ServiceAnswerError as exc:
        problem = str(exc)
    except GeocoderServiceError as exc:
        problem = _describe(exc, attempts(), timeout_s)
    else:
        return
    raise ServiceError(redact(f"{service}, query {query!r}: {' '.join(problem.split())}"))


def _describe(exc: GeocoderServiceError, attempts: int, timeout_s: float) -> str:
    status = getattr(exc.__cause__, "status_code", None)
    tries = f"{attempts} attempt{'s' if attempts != 1 else ''}"
    if isinstance(exc, GeocoderParseError):
        return "the answer is not valid JSON"
    if isinstance(exc, GeocoderRateLimited):
        wait = f"; it asked to wait {exc.retry_after:g} s" if exc.retry_after is not None else ""
        return f"rate limited (HTTP 429) after {tries}{wait}; try again later"
    if status is not None and status >= 500:
        return f"server error (HTTP {status}) after {tries}"
    if status is not None:
        return f"refused with HTTP {status}"
    # requests reports read timeouts that exhausted urllib3's retries as connection errors.
    if isinstance(exc, GeocoderTimedOut) or "timed out" in str(exc).lower():
        return f"no answer within {timeout_s:g} s, {tries}"
    if isinstance(exc, GeocoderUnavailable):
        return f"could not connect after {tries} ({_reason(str(exc))})"
    return str(exc)


def _reason(text: str) -> str:
    """The innermost cause of a requests/urllib3 connection error, without the URL."""
    for marker in ("Caused by ", "Failed to "):
        if marker in text:
            text = text[text.rindex(marker):]
            break
    return text.strip(" ()'\"")[:160]
