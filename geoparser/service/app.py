"""The HTTP service: ``POST /parse`` (and ``GET /parse?text=`` for a short text) answers the
records ``toposcope parse`` writes as JSONL for the same documents, or with ``format=cliff``
one text's answer in CLIFF-CLAVIN's shape, which ``/parse/text?q=`` gives as CLIFF's own
route does (``corpora.cliff``), ``GET /health`` says what is loaded, ``GET /`` is a page where a
person pastes text and sees its places on an offline map, and ``/docs`` describes the API
(``/openapi.json``) with a vendored Swagger UI.

The pipeline runs in worker processes (``service.workers``) loaded once, when the app is made:
a request past its time is answered 504 and its worker is killed, so its work stops there,
and a long request never occupies every worker, so short ones are answered while it runs.
Requests are bounded in size (bytes, documents, characters), in time and in how many may wait.
Every error is JSON with one line in ``error``, never a traceback or an HTML page.
"""

from __future__ import annotations

import json
import re
import secrets
import threading
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Annotated, Any, Literal

import anyio
from fastapi import FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from starlette.exceptions import HTTPException

from geoparser.batch.stages import PipelineSpec
from geoparser.corpora.cliff import cliff_answer, toposcope_version
from geoparser.errors import UsageError
from geoparser.model import Document
from geoparser.service.body import BodyCheck, error_answer
from geoparser.service.cliff_schemas import CliffAnswer
from geoparser.service.pages import docs_page, page, vendored
from geoparser.service.query import QueryError, merged, single_values, strict_pairs
from geoparser.service.schemas import (
    DocumentIn,
    ErrorAnswer,
    Health,
    ParseRequest,
    ParseResponse,
    WorkerStatus,
    no_lone_surrogate,
)
from geoparser.service.workers import (
    Job,
    RequestFailed,
    RequestRefused,
    RequestTimeout,
    Unavailable,
    WorkerPool,
)


@dataclass(frozen=True)
class Limits:
    """What one request may ask: a bigger one is refused (413, 400, 414) before any work."""

    max_body_bytes: int = 2_000_000
    max_documents: int = 100
    max_text_chars: int = 100_000
    #: Characters ``GET /parse?text=`` takes; a longer text is POSTed.
    max_query_chars: int = 2_000
    timeout_s: float = 60.0
    #: Requests waiting or running at once; past it a request is a 503 at once.
    max_pending: int = 32
    #: A request of at most this many characters in all is small: one worker is kept for such
    #: requests while long ones run (``service.workers``).
    small_chars: int = 10_000
    #: ... and at most this many distinct capitalised words, which bound the names it can
    #: hold: the resolution's cost grows with them (``service.workers.is_large``).
    small_names: int = 500


_ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorAnswer, "description": what} for code, what in {
        400: "the body is not JSON, or the request is refused (empty, duplicate, too long)",
        413: "the body is more than the bytes a request may have",
        414: "the GET text is longer than GET takes",
        422: "JSON of the wrong shape or type",
        503: "too many requests waiting, or no pipeline worker could be started",
        504: "the request took more than its time; its work was stopped",
    }.items()}


FormatQuery = Annotated[Literal["toposcope", "cliff"], Query(
    description="'cliff': answer one text in CLIFF-CLAVIN's shape (`CliffAnswer`), for code "
                "written for CLIFF")]


#: The parameters of CLIFF's ``/parse/text``, as its servlet reads them (a form in POST, the
#: URL in GET).
_CLIFF_FIELDS: dict[str, dict[str, Any]] = {
    "q": {"type": "string", "description": "the text"},
    "replaceAllDemonyms": {"type": "string", "enum": ["true", "false"],
                           "description": "accepted; no effect (the recogniser's own demonym "
                                          "handling applies)"},
    "language": {"type": "string", "enum": ["EN", "en"], "description": "English only"}}
_CLIFF_FORM = {"type": "object", "required": ["q"], "properties": _CLIFF_FIELDS}
_CLIFF_QUERY = [{"name": name, "in": "query", "required": name == "q", "schema": schema,
                 "description": schema["description"]} for name, schema in _CLIFF_FIELDS.items()]
#: The path prefix CLIFF's clients put before its routes (``/cliff-2.6.1/parse/text``).
_CLIFF_PREFIX = re.compile(r"cliff-[0-9]+(?:\.[0-9]+)*")


def create_app(spec: PipelineSpec | None = None, limits: Limits | None = None,
               workers: int = 2) -> FastAPI:
    """The service for ``spec`` (the default pipeline when ``None``), its ``workers`` pipeline
    processes started and loaded now."""
    spec = spec or PipelineSpec()
    limits = limits or Limits()
    spec.check()
    identity = spec.policy_identity()
    pool = WorkerPool(spec, workers, limits.small_chars, limits.small_names)
    pending = _Pending(limits.max_pending)

    @asynccontextmanager
    async def lifespan(_: FastAPI):
        yield
        pool.close()

    app = FastAPI(title="Toposcope", summary="Find place names in text and put them on the map",
                  version=toposcope_version(), docs_url=None, redoc_url=None, lifespan=lifespan)
    app.state.pool = pool
    app.add_middleware(BodyCheck, limit=limits.max_body_bytes, json_paths=frozenset({"/parse"}))

    def health() -> Health:
        status = pool.status()
        degraded = not (status["idle"] or status["busy"] or status["starting"])
        return Health(status="degraded" if degraded else "ok", recogniser=spec.ner,
                      gazetteer=spec.gazetteer, policy=spec.policy, points=spec.points,
                      min_confidence=spec.min_confidence, policy_identity=identity,
                      workers=WorkerStatus(**status))

    @app.exception_handler(RequestValidationError)
    async def invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {}
        if first.get("type") == "json_invalid":  # BodyCheck answers these first
            return error_answer(400, f"the request body is not JSON: {first.get('msg', '')}")
        where = ".".join(str(p) for p in first.get("loc", ()) if p not in ("body", "query"))
        message = first.get("msg", "is not valid").removeprefix("Value error, ")
        return error_answer(422, f"{where or 'the request'}: {message}")

    @app.exception_handler(HTTPException)
    async def http_error(_: Request, exc: HTTPException) -> JSONResponse:
        return error_answer(exc.status_code, str(exc.detail))

    @app.exception_handler(Exception)
    async def unexpected(_: Request, exc: Exception) -> JSONResponse:
        return error_answer(500, f"the service failed on this request ({type(exc).__name__})")

    @app.get("/health", response_model=Health)
    async def get_health() -> Health:
        """What the service runs: recogniser, gazetteer, policy, point convention, workers."""
        return health()

    async def run(request: ParseRequest, given: list[DocumentIn]) -> list[str] | Response:
        """The records' JSON lines for ``given``, or the error answer."""
        try:
            documents = _documents(given, limits)
            _check_min_confidence(request.min_confidence)
        except UsageError as exc:
            return error_answer(400, str(exc))
        if not pending.enter():
            return error_answer(503, f"{limits.max_pending} requests are already waiting or "
                                     "running; try again shortly", {"Retry-After": "5"})
        job = Job(tuple(documents), request.with_candidates, request.min_confidence)
        try:
            lines = await anyio.to_thread.run_sync(pool.run, job, limits.timeout_s)
        except RequestTimeout:
            return error_answer(504, f"the request took more than the {limits.timeout_s:g} s "
                                     "allowed and was stopped; send fewer or shorter documents")
        except RequestRefused as exc:
            return error_answer(400, str(exc))
        except RequestFailed as exc:
            return error_answer(500, f"the service failed on this request ({exc})")
        except Unavailable as exc:
            return error_answer(503, f"no pipeline worker is running ({exc})")
        finally:
            pending.leave()
        return lines

    async def answer(request: ParseRequest, given: list[DocumentIn],
                     shape: str = "toposcope") -> Response:
        lines = await run(request, given)
        if isinstance(lines, Response):
            return lines
        if shape == "cliff":
            # In a thread: the first answer reads the GeoNames code tables (seconds), which
            # must not hold up the requests answered meanwhile.
            cliff = await anyio.to_thread.run_sync(cliff_answer, json.loads(lines[0]),
                                                   given[0].text)
            return Response(json.dumps(cliff, ensure_ascii=False),
                            media_type="application/json")
        return Response("".join(['{"records": [', ", ".join(line.rstrip("\n") for line in lines),
                                 "]}"]), media_type="application/json")

    @app.post("/parse", responses={200: {"model": ParseResponse | CliffAnswer}, **_ERRORS})
    async def parse(request: ParseRequest, format: FormatQuery = "toposcope") -> Response:
        """Geoparse a text or documents: one record a document, as ``parse``'s JSONL; with
        ``?format=cliff``, one text's answer in CLIFF-CLAVIN's shape."""
        if (request.text is None) == (request.documents is None):
            return error_answer(400, "give either 'text' or 'documents'")
        if format == "cliff" and (request.documents is not None or request.with_candidates):
            return error_answer(400, "format=cliff answers one 'text', as CLIFF does, without "
                                     "candidates; send 'text' alone or drop format=cliff")
        given = ([DocumentIn(id="1", text=request.text)] if request.text is not None
                 else request.documents or [])
        return await answer(request, given, format)

    def query_refused(request: Request, known: set[str], text: str, limit: int,
                      method: str = "GET") -> Response | None:
        """The error answer for a query that is not UTF-8, with an unknown or repeated
        parameter, a text that is no text or one longer than ``limit``; else None."""
        try:
            params = single_values(strict_pairs(request.scope.get("query_string", b"")))
        except QueryError as exc:
            return error_answer(exc.status, str(exc))
        unknown = sorted(set(params) - known)
        if unknown:
            return error_answer(422, f"query: {unknown[0]!r} is not a parameter")
        try:
            no_lone_surrogate(text)
        except ValueError as exc:
            return error_answer(422, f"text: {exc}")
        if len(text) > limit:
            return error_answer(414 if method == "GET" else 400,
                                f"a text of {len(text):,} characters is more than the "
                                f"{limit:,} {method} takes" + ("; POST it" if method == "GET"
                                                               else ""))
        return None

    @app.get("/parse", responses={200: {"model": ParseResponse | CliffAnswer}, **_ERRORS})
    async def parse_short(
        request: Request,
        text: Annotated[str, Query(description="the text, up to the characters GET takes "
                                               "(2,000 by default); POST a longer one")],
        with_candidates: Annotated[Literal["true", "false"], Query(
            description="add each toponym's candidate places")] = "false",
        min_confidence: Annotated[float | None, Query(
            ge=0, le=1, description="as in POST; absent: the service's own")] = None,
        format: FormatQuery = "toposcope",
    ) -> Response:
        """Geoparse one short text given in the URL: the record of document '1', as POST (or,
        with ``format=cliff``, CLIFF-CLAVIN's answer)."""
        refused = query_refused(request, {"text", "with_candidates", "min_confidence",
                                          "format"}, text, limits.max_query_chars)
        if refused is not None:
            return refused
        body = ParseRequest(text=text, with_candidates=with_candidates == "true",
                            min_confidence=min_confidence)
        return await parse(body, format)

    cliff_answers: dict[int | str, dict[str, Any]] = {200: {"model": CliffAnswer}, **_ERRORS}

    @app.get("/parse/text", operation_id="parse_text_get", responses=cliff_answers,
             openapi_extra={"parameters": _CLIFF_QUERY})
    @app.post("/parse/text", operation_id="parse_text_post", responses=cliff_answers,
              openapi_extra={"requestBody": {"content": {
                  "application/x-www-form-urlencoded": {"schema": _CLIFF_FORM}}}})
    async def parse_text(request: Request) -> Response:
        """CLIFF-CLAVIN's own route: the text in ``q`` (in the URL, or POSTed as a form),
        answered in CLIFF's shape, so code written for CLIFF can be pointed here; the same
        route answers under CLIFF's versioned path (``/cliff-2.6.1/parse/text``), where CLIFF's
        clients send it. CLIFF's ``replaceAllDemonyms`` is accepted and has no effect (the
        recogniser's own demonym handling applies); ``language`` may only be EN."""
        limit = limits.max_query_chars if request.method == "GET" else limits.max_text_chars
        body = await request.body() if request.method == "POST" else b""
        is_form = request.headers.get("content-type", "").startswith(
            "application/x-www-form-urlencoded")
        if body and not is_form:
            return error_answer(415, "POST /parse/text takes a form "
                                     "(application/x-www-form-urlencoded), as CLIFF does")
        try:
            query = single_values(strict_pairs(request.scope.get("query_string", b"")))
            form = single_values(strict_pairs(body, "the form"), "form") if body else {}
            params = merged(query, form)
        except QueryError as exc:
            return error_answer(exc.status, str(exc))
        text = params.get("q")
        if text is None:
            return error_answer(400, "give the text as 'q', as CLIFF takes it")
        known = {"q", "replaceAllDemonyms", "language"}
        unknown = sorted(set(params) - known)
        if unknown:
            return error_answer(422, f"query: {unknown[0]!r} is not a parameter")
        if params.get("language", "EN").upper() != "EN":
            return error_answer(400, "Toposcope reads English only ('language' may only be EN)")
        refused = query_refused(request, known, text, limit, request.method)
        if refused is not None:
            return refused
        return await answer(ParseRequest(text=text), [DocumentIn(id="1", text=text)], "cliff")

    @app.get("/{cliff}/parse/text", include_in_schema=False)
    @app.post("/{cliff}/parse/text", include_in_schema=False)
    async def parse_text_of_a_cliff_version(cliff: str, request: Request) -> Response:
        """``/parse/text`` under CLIFF's versioned path, where its clients send it."""
        if not _CLIFF_PREFIX.fullmatch(cliff):
            raise HTTPException(404, "Not Found")
        return await parse_text(request)

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    async def get_page() -> HTMLResponse:
        return page(health(), limits.max_text_chars, secrets.token_urlsafe(16))

    @app.get("/docs", response_class=HTMLResponse, include_in_schema=False)
    async def get_docs() -> HTMLResponse:
        return docs_page(secrets.token_urlsafe(16))

    @app.get("/docs/assets/{name}", include_in_schema=False)
    async def get_asset(name: str) -> Response:
        return vendored(name)

    return app


class _Pending:
    """How many requests are waiting or running, bounded (threads are few)."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.count = 0
        self._lock = threading.Lock()

    def enter(self) -> bool:
        with self._lock:
            if self.count >= self.limit:
                return False
            self.count += 1
            return True

    def leave(self) -> None:
        with self._lock:
            self.count -= 1


def _documents(given: list[DocumentIn], limits: Limits) -> list[Document]:
    """The request's documents, checked against the limits (``UsageError``, one line)."""
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


def _check_min_confidence(value: float | None) -> None:
    """A request's minimum confidence is a probability (said without the CLI's flag)."""
    if value is not None and not 0.0 <= value <= 1.0:
        raise UsageError(f"'min_confidence' must be a probability from 0 to 1, got {value!r}")

