"""What the web gazetteers share: a geopy geocoder call, memoised, with errors made readable.

Each service module supplies only how to query (a configured geopy geocoder) and how to turn
one raw result into a ``Candidate`` -- as in geopy, where geocoders differ only there.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Any

from geoparser.errors import InputError, ServiceError
from geoparser.gazetteers.web.http import CachingRequestsAdapter
from geoparser.gazetteers.web.service_errors import service_errors
from geoparser.model import Candidate
from geoparser.web_config import WebConfig

log = logging.getLogger(__name__)


class WebGazetteer:
    """A gazetteer answering from a web geocoder; every distinct query is sent at most once
    per run (both coursework policies look up the same toponyms)."""

    name = "web"
    service = "web service"

    def __init__(
        self,
        config: WebConfig,
        geocode: Callable[[str], Sequence[Any] | None],
        adapter: CachingRequestsAdapter,
        to_candidate: Callable[[dict], Candidate | None],
    ) -> None:
        self.config = config
        self._geocode = geocode
        self.adapter = adapter
        self._to_candidate = to_candidate
        self._memo: dict[str, tuple[Candidate, ...]] = {}

    @property
    def requests_sent(self) -> int:
        """HTTP requests that went to the network so far (cache hits excluded)."""
        return self.adapter.stats.sent

    def lookup(self, toponym: str) -> list[Candidate]:
        query = " ".join(toponym.split())
        if not query:
            return []
        if query not in self._memo:
            self._memo[query] = tuple(self._fetch(query))
        return list(self._memo[query])

    def _fetch(self, query: str) -> list[Candidate]:
        before, tried = self.requests_sent, self.adapter.stats.attempts
        self.adapter.last_from_cache = False
        try:
            with service_errors(self.service, query,
                                lambda: self.adapter.stats.attempts - tried,
                                self.config.timeout_s):
                locations = self._geocode(query) or []
        except ServiceError as exc:
            if not self.adapter.last_from_cache:
                raise
            # Only sound answers are ever stored, so this one was changed in the file.
            detail = str(exc).split(": ", 1)[-1]
            raise InputError(
                f"the web cache holds an unsound {self.service} answer for {query!r} "
                f"({detail}); it was changed after it was stored: delete the file, or rerun "
                "with --refresh", self.config.resolved_cache_path()) from None
        candidates = [
            c for loc in locations if loc is not None
            if (c := self._to_candidate(loc.raw)) is not None
        ]
        log.debug("%s: %r -> %d candidates (%s)", self.name, query, len(candidates),
                  "network" if self.requests_sent > before else "cache")
        return candidates
