"""The one vcrpy configuration used to replay (tests) and record (``make cassettes``).

vcrpy and requests-cache do not cooperate out of the box (vcrpy issue #881): vcrpy's
``VCRHTTPResponse`` stands in for urllib3's ``HTTPResponse`` but lacks its ``_request_url``,
which requests-cache reads when it stores a response, so every cache write under vcrpy fails
with ``AttributeError``. ``make_vcr`` gives the stand-in that attribute, read-only, returning
vcrpy's own ``url``, before any cassette is used. Nothing else is patched, and only in
the processes that use vcrpy: tests and the recorder, never the installed program.
"""

from __future__ import annotations

from pathlib import Path

import vcr
from vcr.stubs import VCRHTTPResponse

from geoparser.gazetteers.web.redact import redact

CASSETTES = Path(__file__).resolve().parents[2] / "cassettes"
SECRET_QUERY_PARAMETERS = ["username"]


def install_request_url_shim() -> None:
    """Give vcrpy's response stand-in the ``_request_url`` requests-cache needs (#881)."""
    if not hasattr(VCRHTTPResponse, "_request_url"):
        VCRHTTPResponse._request_url = property(lambda self: getattr(self, "url", None))


def scrub_request(request):
    """Mask credentials in the recorded request URI (a redirect's target repeats the query,
    username included, and vcrpy's ``filter_query_parameters`` sees only the parameter by its
    name) and in every header value."""
    request.uri = redact(request.uri)
    for name in list(request.headers):
        request.headers[name] = redact(str(request.headers[name]))
    return request


def _scrub_response(response: dict) -> dict:
    """Mask registered secrets and credential parameters everywhere in a recorded response:
    every header value (a 302's ``Location``, a ``Set-Cookie``) and the body (GeoNames'
    messages may name the account)."""
    headers = response.get("headers") or {}
    for name, values in list(headers.items()):
        if isinstance(values, list):
            headers[name] = [redact(str(v)) for v in values]
        else:
            headers[name] = redact(str(values))
    body = response.get("body", {}).get("string")
    if isinstance(body, bytes):
        response["body"]["string"] = redact(body.decode("utf-8", "replace")).encode("utf-8")
    elif isinstance(body, str):
        response["body"]["string"] = redact(body)
    return response


def make_vcr(record_mode: str = "none", cassette_dir: Path = CASSETTES) -> vcr.VCR:
    """vcrpy that drops the username from recorded URLs (and so matches without it)."""
    install_request_url_shim()
    return vcr.VCR(
        cassette_library_dir=str(cassette_dir),
        record_mode=record_mode,
        serializer="yaml",
        match_on=["method", "scheme", "host", "port", "path", "query"],
        filter_query_parameters=SECRET_QUERY_PARAMETERS,
        filter_headers=["Authorization", "Cookie"],
        before_record_request=scrub_request,
        before_record_response=_scrub_response,
        decode_compressed_response=True,
    )
