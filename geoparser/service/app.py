"""The HTTP service: ``POST /parse`` answers the records ``toposcope parse`` writes as JSONL for
the same documents, ``GET /health`` says what is loaded, ``GET /`` is a page where a person
pastes text and sees its places on an offline map; FastAPI writes the OpenAPI description
(``/openapi.json``, ``/docs``).

The models load once, when the app is made. Requests are bounded in size (bytes, documents,
characters) and time; the pipeline runs one request at a time behind a lock (spaCy objects are
not meant to be shared across threads), so concurrent requests queue and all get their answer.
Every error is JSON with one line in ``error``, never a traceback or an HTML page.
"""

from __future__ import annotations

import json
import secrets
import threading
from dataclasses import dataclass, replace
from typing import Any

import anyio
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse
from jinja2 import Environment, PackageLoader, select_autoescape
from pydantic import BaseModel, ConfigDict, Field
from starlette.exceptions import HTTPException

from geoparser.batch.stages import PipelineSpec, Stages, parse_documents, stages_for
from geoparser.errors import ToposcopeError
from geoparser.io.writers import prediction_line
from geoparser.model import Document
from geoparser.resolution.base import policy_identity
from geoparser.resolution.confidence import check_min_confidence


@dataclass(frozen=True)
class Limits:
    """What one request may ask: a bigger one is refused (413) before any work."""

    max_body_bytes: int = 2_000_000
    max_documents: int = 100
    max_text_chars: int = 100_000
    timeout_s: float = 60.0


class DocumentIn(BaseModel):
    """One document, as a line of ``parse``'s JSONL input."""

    model_config = ConfigDict(extra="forbid")
    id: str = Field(min_length=1, max_length=200)
    text: str = Field(min_length=1)
    source: str | None = Field(default=None, description="its group (the paper), as in parse")


class ParseRequest(BaseModel):
    """A text, or documents; the options ``parse`` takes per run that make sense per request."""

    model_config = ConfigDict(extra="forbid")
    text: str | None = Field(default=None, description="one document, id '1'")
    documents: list[DocumentIn] | None = None
    with_candidates: bool = Field(default=False, description="as parse --with-candidates")
    min_confidence: float | None = Field(
        default=None, description="as parse --min-confidence (else the service's own)")


class ParseResponse(BaseModel):
    """Each document's record, exactly as a line of ``parse``'s JSONL output."""

    records: list[dict[str, Any]]


class Health(BaseModel):
    status: str
    recogniser: str
    gazetteer: str
    policy: str
    points: str
    min_confidence: float | None
    #: The policy and everything it was made with (``resolution.base.policy_identity``).
    policy_identity: str


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": " ".join(message.split())}, status_code=status)


class BodyLimit:
    """ASGI middleware: a body past ``limit`` bytes is refused (413) as soon as it is known to
    be, by its declared length or while it arrives, before any of it is parsed."""

    def __init__(self, app, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http" or scope["method"] not in ("POST", "PUT", "PATCH"):
            await self.app(scope, receive, send)
            return
        declared = dict(scope["headers"]).get(b"content-length", b"").decode("latin-1")
        if declared.isdecimal() and int(declared) > self.limit:
            await _error(413, f"the request is {int(declared):,} bytes, more than the "
                              f"{self.limit:,} a request may have")(scope, receive, send)
            return
        body, more = b"", True
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            body += message.get("body", b"")
            if len(body) > self.limit:
                await _error(413, f"the request is more than the {self.limit:,} bytes a request "
                                  "may have")(scope, receive, send)
                return
            more = message.get("more_body", False)
        replayed = False

        async def replay() -> dict[str, Any]:
            nonlocal replayed
            if replayed:
                return await receive()
            replayed = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)


def create_app(spec: PipelineSpec | None = None, limits: Limits | None = None) -> FastAPI:
    """The service for ``spec`` (the default pipeline when ``None``), its models loaded now."""
    spec = spec or PipelineSpec()
    limits = limits or Limits()
    spec.check()
    stages = stages_for(spec)
    lock = threading.Lock()
    app = FastAPI(title="Toposcope", summary="Find place names in text and put them on the map",
                  version="1", docs_url="/docs", redoc_url=None)
    app.add_middleware(BodyLimit, limit=limits.max_body_bytes)
    health = Health(status="ok", recogniser=spec.ner, gazetteer=spec.gazetteer,
                    policy=spec.policy, points=spec.points, min_confidence=spec.min_confidence,
                    policy_identity=policy_identity(stages.policy))

    @app.exception_handler(RequestValidationError)
    async def invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {}
        if first.get("type") == "json_invalid":
            return _error(422, f"the request body is not valid JSON ({first.get('msg', '')})")
        where = ".".join(str(p) for p in first.get("loc", ()) if p != "body")
        return _error(422, f"{where or 'the request'}: {first.get('msg', 'is not valid')}")

    @app.exception_handler(HTTPException)
    async def http_error(_: Request, exc: HTTPException) -> JSONResponse:
        return _error(exc.status_code, str(exc.detail))

    @app.exception_handler(Exception)
    async def unexpected(_: Request, exc: Exception) -> JSONResponse:
        return _error(500, f"the service failed on this request ({type(exc).__name__})")

    @app.get("/health", response_model=Health)
    def get_health() -> Health:
        """What the service runs: recogniser, gazetteer, policy, point convention."""
        return health

    @app.post("/parse", response_model=ParseResponse,
              responses={400: {}, 413: {}, 422: {}, 504: {}})
    async def parse(request: ParseRequest) -> Any:
        """Geoparse a text or documents: one record a document, as ``parse``'s JSONL."""
        try:
            documents = _documents(request, limits)
            chosen = _stages_for(stages, request.min_confidence)
        except ToposcopeError as exc:
            return _error(400, str(exc))
        try:
            with anyio.fail_after(limits.timeout_s):
                lines = await anyio.to_thread.run_sync(
                    _parse, chosen, documents, request.with_candidates, lock,
                    abandon_on_cancel=True)
        except TimeoutError:
            return _error(504, f"the request took more than the {limits.timeout_s:g} s "
                               "allowed; send fewer or shorter documents")
        except ToposcopeError as exc:
            return _error(400, str(exc))
        return {"records": [json.loads(line) for line in lines]}

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    def page() -> HTMLResponse:
        nonce = secrets.token_urlsafe(16)
        html = _page_template().render(nonce=nonce, health=health, **_page_assets())
        return HTMLResponse(html, headers={"Content-Security-Policy": (
            f"default-src 'none'; script-src 'nonce-{nonce}'; style-src 'unsafe-inline'; "
            "img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; "
            "frame-ancestors 'none'"), "X-Content-Type-Options": "nosniff"})

    return app


def _documents(request: ParseRequest, limits: Limits) -> list[Document]:
    """The request's documents, checked against the limits (``UsageError``-like one line)."""
    from geoparser.errors import UsageError

    if (request.text is None) == (request.documents is None):
        raise UsageError("give either 'text' or 'documents'")
    given = ([DocumentIn(id="1", text=request.text)] if request.text is not None
             else request.documents or [])
    if not given:
        raise UsageError("'documents' is empty")
    if len(given) > limits.max_documents:
        raise UsageError(f"{len(given):,} documents, more than the {limits.max_documents:,} a "
                         "request may have")
    seen: set[str] = set()
    for d in given:
        if d.id in seen:
            raise UsageError(f"duplicate document id {d.id!r}")
        seen.add(d.id)
        if len(d.text) > limits.max_text_chars:
            raise UsageError(f"document {d.id!r} has {len(d.text):,} characters, more than the "
                             f"{limits.max_text_chars:,} a document may have here")
        if not d.text.strip():
            raise UsageError(f"document {d.id!r} has an empty text")
    return [Document(d.id, d.text, source=d.source) for d in given]


def _stages_for(stages: Stages, min_confidence: float | None) -> Stages:
    if min_confidence is None:
        return stages
    check_min_confidence(min_confidence)
    return replace(stages, min_confidence=min_confidence)


def _parse(stages: Stages, documents: list[Document], with_candidates: bool,
           lock: threading.Lock) -> list[str]:
    with lock:
        return [prediction_line(p, with_candidates) for p in parse_documents(stages, documents)]


def _page_template():
    env = Environment(loader=PackageLoader("geoparser.service", "templates"),
                      autoescape=select_autoescape(default=True, default_for_string=True))
    return env.get_template("page.html.j2")


def _page_assets() -> dict[str, Any]:
    from markupsafe import Markup

    from evaluation.reports.outlines import web_base
    from evaluation.reports.webmap import leaflet_assets

    css, js = leaflet_assets()
    base, label = web_base(None)
    return {"leaflet_css": Markup(css), "leaflet_js": Markup(js), "base": base,
            "base_label": label}
