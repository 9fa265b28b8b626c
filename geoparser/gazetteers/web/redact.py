"""Keep credentials out of logs, error messages and stored URLs.

GeoNames takes its username as a URL parameter, and several libraries on the request path
(geopy, urllib3, requests, requests-cache) log or raise with the full URL. Secrets are
registered once; ``redact`` scrubs them from any text, and a logging filter on those
libraries' loggers scrubs every record before a handler sees it.
"""

from __future__ import annotations

import logging
import re
import threading

MASK = "***"
# Parameters that carry credentials in the services we call, masked even if never registered.
_SECRET_PARAMS = re.compile(r"(?i)\b(username|api_?key)=([^&\s'\"#)]+)")
# The user name and password of a URL (``http://user:pass@host``), masked whole.
_USERINFO = re.compile(r"(?i)\b([a-z][a-z0-9+.-]*://)[^/?#\s@'\"]+@")
#: Headers that carry credentials: never stored (``http.scrubbed``).
CREDENTIAL_HEADERS = frozenset({"authorization", "proxy-authorization", "cookie", "set-cookie"})
_LIBRARY_LOGGERS = ("geopy", "urllib3", "requests", "requests_cache", "vcr", "geoparser")

_lock = threading.Lock()
_secrets: set[str] = set()


def register_secret(value: str | None) -> None:
    """Mask ``value`` from now on wherever ``redact`` or the logging filter applies."""
    if value and len(value) >= 2:  # a one-letter secret would mask half of every message
        with _lock:
            _secrets.add(value)
        install_log_filter()


def redact(text: str) -> str:
    """``text`` with every registered secret and every credential-like URL parameter masked."""
    text = _SECRET_PARAMS.sub(lambda m: f"{m.group(1)}={MASK}", text)
    text = _USERINFO.sub(lambda m: f"{m.group(1)}{MASK}@", text)
    with _lock:
        secrets = sorted(_secrets, key=len, reverse=True)
    for secret in secrets:
        text = text.replace(secret, MASK)
    return text


class RedactingFilter(logging.Filter):
    """Rewrites a record's message (and exception text) with secrets masked."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        clean = redact(message)
        if clean != message:
            record.msg, record.args = clean, None
        if record.exc_info:
            # Tracebacks carry exception messages (e.g. a URL); format now, masked, and drop
            # the exception object so no handler formats it again unmasked.
            text = logging.Formatter().formatException(record.exc_info)
            record.exc_text, record.exc_info = redact(text), None
        elif record.exc_text:
            record.exc_text = redact(record.exc_text)
        return True


_filter = RedactingFilter()


def install_log_filter() -> None:
    """Attach the filter to the libraries' loggers (and their existing children), once each.

    A logger's filters see only records logged on that very logger, hence the children.
    """
    manager = logging.root.manager
    names = [
        name
        for name in list(manager.loggerDict)
        if any(name == p or name.startswith(p + ".") for p in _LIBRARY_LOGGERS)
    ]
    for name in {*names, *_LIBRARY_LOGGERS}:
        logger = logging.getLogger(name)
        if _filter not in logger.filters:
            logger.addFilter(_filter)
