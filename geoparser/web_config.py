"""Settings of the web gazetteers: cache, retries, credentials and service addresses.

Read from the environment (``GEONAMES_USERNAME``, ``TOPOSCOPE_CONTACT``, ...) and overridden by
command-line options, so the CLI only passes values through. The username is kept out of
``repr`` so that it cannot reach a log line or a traceback by accident.
"""

from __future__ import annotations

import math
import os
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import timedelta
from pathlib import Path

from geoparser.paths import cache_dir

GEONAMES_URL = "http://api.geonames.org"  # GeoNames' free service has no https
NOMINATIM_URL = "https://nominatim.openstreetmap.org"
CACHE_FILENAME = "web-cache.sqlite"
DEFAULT_EXPIRY_DAYS = 30.0


@dataclass(frozen=True)
class WebConfig:
    """How the web gazetteers talk to their services."""

    use_cache: bool = True
    refresh: bool = False
    cache_path: Path | None = None  # None: web-cache.sqlite in the user cache dir
    expire_after: timedelta = timedelta(days=DEFAULT_EXPIRY_DAYS)
    timeout_s: float = 10.0
    retries: int = 3
    backoff_factor_s: float = 1.0
    max_retry_after_s: float = 60.0
    contact: str | None = None
    geonames_username: str | None = field(default=None, repr=False)
    geonames_url: str = GEONAMES_URL
    geonames_max_rows: int = 100
    nominatim_url: str = NOMINATIM_URL
    nominatim_limit: int = 40  # Nominatim's maximum

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> WebConfig:
        env = os.environ if environ is None else environ
        cfg = cls(
            contact=env.get("TOPOSCOPE_CONTACT") or None,
            geonames_username=env.get("GEONAMES_USERNAME") or None,
            geonames_url=service_url(env, "TOPOSCOPE_GEONAMES_URL", GEONAMES_URL),
            nominatim_url=service_url(env, "TOPOSCOPE_NOMINATIM_URL", NOMINATIM_URL),
        )
        if env.get("TOPOSCOPE_WEB_CACHE"):
            cfg = replace(cfg, cache_path=Path(env["TOPOSCOPE_WEB_CACHE"]))
        if env.get("TOPOSCOPE_WEB_CACHE_DAYS"):
            days = env["TOPOSCOPE_WEB_CACHE_DAYS"]
            try:
                number = float(days)
            except ValueError:
                number = math.nan
            if not math.isfinite(number):
                from geoparser.errors import UsageError

                raise UsageError(f"TOPOSCOPE_WEB_CACHE_DAYS must be a number of days, not {days!r}")
            cfg = replace(cfg, expire_after=expiry_days(number))
        return cfg

    def resolved_cache_path(self) -> Path:
        """The SQLite file the cache is kept in: requests-cache adds ``.sqlite`` to a name
        without a suffix (``--web-cache cache`` is ``cache.sqlite``), and so do its checks
        and messages."""
        path = self.cache_path or cache_dir() / CACHE_FILENAME
        return path if path.suffix else path.with_name(path.name + ".sqlite")


def service_url(env: Mapping[str, str], name: str, default: str) -> str:
    """The service address in ``env[name]`` (else ``default``): an http or https URL with a
    host; anything else (``file:///etc/passwd``, ``http://[::1``) is a ``UsageError``."""
    from urllib.parse import urlsplit

    url = (env.get(name) or "").strip()
    if not url:
        return default
    try:
        parts = urlsplit(url if "://" in url else f"https://{url}")
        host, _ = parts.hostname, parts.port  # reading the port checks it
    except ValueError as exc:
        host, parts = None, None
        problem = str(exc)
    else:
        problem = "it names no host"
    if parts is not None and parts.scheme.lower() not in ("http", "https"):
        problem = f"the scheme {parts.scheme!r} is not http or https"
    elif host:
        return url
    from geoparser.errors import UsageError

    raise UsageError(f"{name} must be an http or https address of the service, not {url!r} "
                     f"({problem})")


def expiry_days(days: float) -> timedelta:
    """A cache lifetime of ``days`` days; a negative or non-finite one is a usage error."""
    if not math.isfinite(days) or days < 0:
        from geoparser.errors import UsageError

        raise UsageError(f"cache expiry must be a finite number of days, 0 or more, not {days:g}")
    return timedelta(days=days)
