"""HTTP for the web gazetteers, below geopy's geocoders.

* ``CachingRequestsAdapter``: geopy's ``RequestsAdapter`` (which builds its own plain session
  and accepts none) with that session wrapped by ``requests_cache.CachedSession.wrap``, so
  every request of one geocoder goes through the disk cache without patching ``requests``.
* ``BoundedRetry``: urllib3's ``Retry`` for timeouts, connection errors, 429 and 5xx, with a
  floor under every wait and a ceiling on how long a ``Retry-After`` may hold a run.
* geopy's ``RateLimiter`` wraps the transport's ``send``: only requests that reach the network
  are spaced out, never answers from the cache.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import requests
from geopy.adapters import RequestsAdapter
from geopy.extra.rate_limiter import RateLimiter
from requests_cache import CachedSession
from requests_cache.policy.settings import DEFAULT_IGNORED_PARAMS
from urllib3.exceptions import MaxRetryError, ResponseError
from urllib3.util.retry import Retry

from geoparser.web_config import WebConfig

RETRY_STATUSES = frozenset({429, 500, 502, 503, 504})
# Credentials sent as URL parameters: left out of cache keys, and requests-cache stores
# them as REDACTED in the saved request and response URLs.
SECRET_PARAMETERS = ("username",)


class BoundedRetry(Retry):
    """urllib3's ``Retry`` with every wait at least ``min_wait`` seconds (so retries respect a
    service's request rate) and ``Retry-After`` honoured up to ``max_retry_after`` seconds; a
    longer one ends the retries at once rather than stalling the run."""

    def __init__(self, *args, min_wait: float = 0.0, max_retry_after: float = 60.0, **kwargs):
        super().__init__(*args, **kwargs)
        self.min_wait = min_wait
        self.max_retry_after = max_retry_after

    def new(self, **kwargs) -> BoundedRetry:
        kwargs.setdefault("min_wait", self.min_wait)
        kwargs.setdefault("max_retry_after", self.max_retry_after)
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
        return super().increment(method, url, response, error, _pool, _stacktrace)


def make_retry(config: WebConfig, min_wait: float = 0.0) -> BoundedRetry:
    """Up to ``config.retries`` retries of a GET, exponential backoff capped at 30 s."""
    n = config.retries
    return BoundedRetry(
        total=n, connect=n, read=n, status=n, other=0,
        status_forcelist=RETRY_STATUSES, allowed_methods=frozenset({"GET"}),
        backoff_factor=config.backoff_factor_s, backoff_max=30.0,
        respect_retry_after_header=True, raise_on_status=False, raise_on_redirect=False,
        min_wait=min_wait, max_retry_after=config.max_retry_after_s,
    )


@dataclass
class TransportStats:
    """Requests that went to the network (a cache hit is not one)."""

    sent: int = 0


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
        super().__init__(
            proxies=proxies, ssl_context=ssl_context, max_retries=make_retry(config, min_delay_s)
        )
        self.stats = TransportStats()
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
        return limiter(send, *args, **kwargs)


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
        return {**common, "backend": "memory", "disabled": True}
    path = Path(config.resolved_cache_path())
    path.parent.mkdir(parents=True, exist_ok=True)
    return {**common, "cache_name": str(path), "backend": "sqlite"}

