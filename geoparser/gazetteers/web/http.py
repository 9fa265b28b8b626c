"""HTTP for the web gazetteers, below geopy's geocoders.

* ``CachingRequestsAdapter``: geopy's ``RequestsAdapter`` (which builds its own plain session
  and accepts none) with that session wrapped by ``requests_cache.CachedSession.wrap``, so
  every request of one geocoder goes through the disk cache without patching ``requests``.
* ``BoundedRetry``: urllib3's ``Retry`` for timeouts, connection errors, 429 and 5xx, with a
  floor under every wait and a ceiling on how long a ``Retry-After`` may hold a run.
* geopy's ``RateLimiter`` wraps the transport's ``send``: only requests that reach the network
  are spaced out, never answers from the cache. The same wrapper reads each answer's body with
  a ceiling (``MAX_ANSWER_BYTES``), so a huge answer is refused without being held in memory.
* ``scrubbed``: the one filter every response passes on its way into the cache -- its URL, its
  request's URL and every header value, and the same for each redirect it followed (a 302's
  ``Location`` may repeat the query, username included) -- with credentials masked.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import requests
from geopy.adapters import RequestsAdapter
from geopy.extra.rate_limiter import RateLimiter
from requests.cookies import RequestsCookieJar
from requests.structures import CaseInsensitiveDict
from requests_cache import CachedResponse, CachedSession
from requests_cache.policy.settings import DEFAULT_IGNORED_PARAMS
from requests_cache.serializers import SerializerPipeline, Stage, json_serializer
from urllib3.exceptions import MaxRetryError, ResponseError
from urllib3.response import HTTPResponse
from urllib3.util.retry import Retry

from geoparser.errors import InputError, ServiceError
from geoparser.gazetteers.web.cache_backend import LOCK_WAIT_S, BoundedSQLiteCache
from geoparser.gazetteers.web.redact import CREDENTIAL_HEADERS, redact
from geoparser.io.bounded_read import open_regular
from geoparser.web_config import WebConfig

RETRY_STATUSES = frozenset({429, 500, 502, 503, 504})
# Credentials sent as URL parameters: left out of cache keys, and requests-cache stores
# them as REDACTED in the saved request and response URLs.
SECRET_PARAMETERS = ("username",)
#: The largest answer body read from a service; a larger one is refused unread.
MAX_ANSWER_BYTES = 16 * 1024 * 1024


class AnswerTooLargeError(ServiceError):
    """A service answered with a body over ``MAX_ANSWER_BYTES``."""


class AnswerTooSlowError(ServiceError):
    """A service's answer did not arrive whole within the request's time limit."""


def scrubbed(response: CachedResponse) -> CachedResponse:
    """``response`` with credentials masked in every URL and header value it carries, and in
    every response of its redirect history, before it is stored."""
    response.url = redact(response.url)
    response.headers = _clean_headers(response.headers)
    request = response.request
    if request is not None:
        request.url = redact(request.url or "")
        request.headers = _clean_headers(request.headers)
        request.cookies = RequestsCookieJar()  # the jar sent on after a redirect, too
    response.history = [scrubbed(r) for r in response.history]
    response.cookies = RequestsCookieJar()  # a cookie set on a redirect may hold the query
    return response


def _clean_headers(headers: Mapping[str, object]) -> CaseInsensitiveDict:
    """Headers with credentials masked, and those that only carry credentials (the Basic
    authorisation requests builds from ``http://user:pass@host``, cookies) left out."""
    return CaseInsensitiveDict({k: redact(str(v)) for k, v in headers.items()
                                if k.lower() not in CREDENTIAL_HEADERS})


#: requests-cache's JSON serializer with ``scrubbed`` as its first stage: nothing reaches the
#: cache file without passing it, and what is read back is parsed as JSON into plain fields --
#: never unpickled, so a cache file from elsewhere (shared, downloaded, crafted) cannot run
#: code. A value that is not our JSON (an older pickled cache) is a cache miss, fetched again.
SCRUBBING_SERIALIZER = SerializerPipeline(
    [Stage(dumps=scrubbed, loads=lambda response: response), *json_serializer.stages],
    name="json-scrubbed", is_binary=json_serializer.is_binary,
)


class BoundedRetry(Retry):
    """urllib3's ``Retry`` with every wait at least ``min_wait`` seconds (so retries respect a
    service's request rate) and ``Retry-After`` honoured up to ``max_retry_after`` seconds; a
    longer one ends the retries at once rather than stalling the run."""

    def __init__(self, *args, min_wait: float = 0.0, max_retry_after: float = 60.0,
                 on_retry: Callable[[], None] | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.min_wait = min_wait
        self.max_retry_after = max_retry_after
        self.on_retry = on_retry  # told of each retry granted, so messages count attempts

    def new(self, **kwargs) -> BoundedRetry:
        kwargs.setdefault("min_wait", self.min_wait)
        kwargs.setdefault("max_retry_after", self.max_retry_after)
        kwargs.setdefault("on_retry", self.on_retry)
        return super().new(**kwargs)  # type: ignore[return-value]

    def get_backoff_time(self) -> float:
        return max(self.min_wait, super().get_backoff_time())

    def sleep_for_retry(self, response) -> bool:
        wait = self.get_retry_after(response)
        if wait is None:
            return False
        time.sleep(max(wait, self.min_wait))
        return True

    def increment(self, method=None, url=None, response=None, error=None, _pool=None,
                  _stacktrace=None):
        if response is not None and self.respect_retry_after_header:
            wait = self.get_retry_after(response)
            if wait is not None and wait > self.max_retry_after:
                # Treated as exhausted: with raise_on_status off, the caller gets this response.
                raise MaxRetryError(_pool, url, ResponseError(
                    f"Retry-After {wait:g} s is more than {self.max_retry_after:g} s"))
        retry = super().increment(method, url, response, error, _pool, _stacktrace)
        if self.on_retry is not None:
            self.on_retry()
        return retry


def make_retry(config: WebConfig, min_wait: float = 0.0,
               on_retry: Callable[[], None] | None = None) -> BoundedRetry:
    """Up to ``config.retries`` retries of a GET, exponential backoff capped at 30 s."""
    n = config.retries
    return BoundedRetry(
        total=n, connect=n, read=n, status=n, other=0,
        status_forcelist=RETRY_STATUSES, allowed_methods=frozenset({"GET"}),
        backoff_factor=config.backoff_factor_s, backoff_max=30.0,
        respect_retry_after_header=True, raise_on_status=False, raise_on_redirect=False,
        min_wait=min_wait, max_retry_after=config.max_retry_after_s, on_retry=on_retry,
    )


@dataclass
class TransportStats:
    """Requests that went to the network (a cache hit is not one), and the retries urllib3
    made of them: ``sent + retried`` is how many attempts reached the network."""

    sent: int = 0
    retried: int = 0

    def count_retry(self) -> None:
        self.retried += 1

    @property
    def attempts(self) -> int:
        return self.sent + self.retried


def _call(func: Callable, *args, **kwargs):
    return func(*args, **kwargs)


class CachingRequestsAdapter(RequestsAdapter):
    """geopy's requests adapter sending through a ``CachedSession``.

    ``cacheable(response)`` decides what is stored: only 200s that it accepts, so a service's
    error reported inside a 200 is never cached.
    """

    def __init__(
        self,
        *,
        proxies,
        ssl_context,
        config: WebConfig,
        cacheable: Callable[[requests.Response], bool],
        min_delay_s: float = 0.0,
    ) -> None:
        self.stats = TransportStats()
        self._started, self._timeout_s = time.monotonic(), float(config.timeout_s)
        self.last_from_cache = False
        super().__init__(proxies=proxies, ssl_context=ssl_context,
                         max_retries=make_retry(config, min_delay_s, self.stats.count_retry))
        limiter = RateLimiter(_call, min_delay_seconds=min_delay_s, max_retries=0,
                              swallow_exceptions=False)
        for transport in set(self.session.adapters.values()):
            transport.send = partial(self._counted, limiter, transport.send)  # type: ignore
        self.session = CachedSession.wrap(self.session, **cache_settings(config, cacheable))
        if config.refresh:
            # Skips reading the cache; the fresh answer replaces the stored one.
            self.session.headers["Cache-Control"] = "no-cache"

    def _counted(self, limiter: RateLimiter, send: Callable, *args, **kwargs):
        self.stats.sent += 1
        response = limiter(send, *args, **kwargs)
        return read_bounded(response, deadline=self._started + self._timeout_s,
                            allowed_s=self._timeout_s)

    def _request(self, url, *, timeout, headers):
        # The time limit is for the whole request, headers to last byte: a server dripping
        # a byte a second never lets a per-read timeout expire (the transport reads it).
        self._started, self._timeout_s = time.monotonic(), float(timeout)
        response = super()._request(url, timeout=timeout, headers=headers)
        self.last_from_cache = bool(getattr(response, "from_cache", False))
        return response


def read_bounded(response: requests.Response, limit: int | None = None,
                 deadline: float | None = None, allowed_s: float = 0.0) -> requests.Response:
    """Read ``response``'s body now, refusing it past ``limit`` bytes (``MAX_ANSWER_BYTES``)
    without holding more than that in memory, and past ``deadline`` (``time.monotonic``):
    each read returns what has arrived, so a slow drip is cut within one read timeout."""
    limit = MAX_ANSWER_BYTES if limit is None else limit
    if getattr(response, "_content_consumed", True):
        return response
    declared = response.headers.get("Content-Length", "")
    if declared.isdecimal() and int(declared) > limit:
        response.close()
        raise AnswerTooLargeError(f"the answer is {int(declared):,} bytes, more than the "
                                  f"{limit:,} read from a service")
    chunks, size = [], 0
    for chunk in _body_chunks(response):
        if deadline is not None and time.monotonic() > deadline:
            response.close()
            raise AnswerTooSlowError(f"the answer came too slowly: not whole within the "
                                     f"{allowed_s:g} s allowed per request")
        size += len(chunk)
        if size > limit:
            response.close()
            raise AnswerTooLargeError(f"the answer is more than the {limit:,} bytes read from "
                                      "a service")
        chunks.append(chunk)
    response._content = b"".join(chunks)
    response._content_consumed = True
    return response


def _body_chunks(response: requests.Response):
    """The body as it arrives: urllib3's ``read1`` returns whatever one read gives (a
    dripped byte too), where ``iter_content`` would wait for a whole 64 KiB block."""
    raw = response.raw
    if isinstance(raw, HTTPResponse) and hasattr(raw, "read1"):
        while chunk := raw.read1(64 * 1024, decode_content=True):
            yield chunk
        yield b""  # one last look at the clock
    else:
        yield from response.iter_content(64 * 1024)


def cache_settings(
    config: WebConfig, cacheable: Callable[[requests.Response], bool]
) -> dict[str, object]:
    """Keyword arguments for ``CachedSession``: SQLite file, expiry, what may be stored."""
    common = {
        "allowable_codes": (200,),
        "allowable_methods": ("GET",),
        "filter_fn": cacheable,
        "ignored_parameters": (*DEFAULT_IGNORED_PARAMS, *SECRET_PARAMETERS),
        "expire_after": config.expire_after,
    }
    if not config.use_cache:
        return {**common, "backend": "memory", "disabled": True,
                "serializer": SCRUBBING_SERIALIZER}
    path = Path(config.resolved_cache_path())
    path.parent.mkdir(parents=True, exist_ok=True)
    check_cache_file(path)
    return {**common, "backend": BoundedSQLiteCache(path, serializer=SCRUBBING_SERIALIZER)}



def check_cache_file(path: Path) -> None:
    """Check an existing web cache with ``PRAGMA quick_check`` and its tables' columns before
    it is used.

    A garbled or truncated cache is not moved aside or rebuilt behind the user's back (it may
    be a file given by mistake, and its answers cost requests to replace): it is a one-line
    error naming the file, never blamed on the service. A cache another program holds locked
    is only busy: the error says so, and never advises deleting it.
    """
    if not path.exists():
        return  # nothing stored yet
    # A named pipe, a device (a link to /dev/zero) or a folder is refused before SQLite opens
    # it (without waiting for a pipe's writer): SQLite fails on either only when it first
    # writes, with "disk I/O error", and a link to /dev/zero reads as an empty database.
    open_regular(path, "web cache file (SQLite)").close()
    try:
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=LOCK_WAIT_S)
        try:
            result = con.execute("PRAGMA quick_check").fetchone()
            problem = None if result and result[0] == "ok" else str(result[0] if result else "")
            problem = problem or _table_problem(con)
        finally:
            con.close()
    except sqlite3.OperationalError as exc:
        if _is_busy(exc):
            raise InputError(f"the web cache is locked by another program ({exc}); wait for "
                             "it to finish, give another --web-cache, or run with --no-cache",
                             path) from None
        problem = str(exc)
    except sqlite3.Error as exc:
        problem = str(exc)
    if problem:
        raise InputError(
            f"the web cache is unreadable ({problem}); delete it or move it aside (its answers "
            "are fetched again), or run with --no-cache", path)


#: The columns requests-cache reads in each of its tables (it adds ``expires`` itself).
CACHE_TABLE_COLUMNS = {"responses": {"key", "value"}, "redirects": {"key", "value"}}


def _table_problem(con: sqlite3.Connection) -> str | None:
    """What is wrong with the cache's tables, if anything: a file that passes SQLite's check
    but holds a ``responses`` table of another shape would fail at the first lookup, and that
    failure would be blamed on the service asked."""
    for table, wanted in CACHE_TABLE_COLUMNS.items():
        columns = {row[1] for row in con.execute(f"PRAGMA table_info({table})")}
        if columns and not wanted <= columns:
            missing = ", ".join(sorted(wanted - columns))
            return f"its {table} table has no {missing} column"
    return None


def _is_busy(exc: sqlite3.OperationalError) -> bool:
    """Whether SQLite refused because another connection holds the file."""
    code = getattr(exc, "sqlite_errorcode", None)
    return code in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED) or "locked" in str(exc)
