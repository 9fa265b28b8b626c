"""Reading loosely typed fields of service answers: numbers may come as strings, or not at all."""

from __future__ import annotations

import math
import re
from importlib.metadata import PackageNotFoundError, version
from urllib.parse import urlsplit


def as_float(value: object) -> float | None:
    """A finite float from a number or numeric string; None for anything else."""
    if isinstance(value, bool) or value is None or value == "":
        return None
    try:
        number = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return None
    return number if math.isfinite(number) else None


def as_int(value: object) -> int | None:
    """An int from a number or a string of digits (OSM writes "12,345" or "12 345")."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return int(value) if value.is_integer() else None
    if isinstance(value, str):
        digits = re.sub(r"[ ,._'\u00a0\u202f]", "", value.strip())
        return int(digits) if digits.isdecimal() else None
    return None


def split_url(url: str) -> tuple[str, str]:
    """(scheme, domain) as geopy's geocoders take them: ``http://host:8080/x`` -> host:8080/x."""
    parts = urlsplit(url if "://" in url else f"https://{url}")
    return parts.scheme, (parts.netloc + parts.path).rstrip("/")


def host(url: str) -> str:
    """The host a service URL names, lower case, without port or trailing dot: how two
    spellings of one server (``HTTPS://Nominatim.openstreetmap.org/``) compare equal."""
    parts = urlsplit(url.strip() if "://" in url else f"https://{url.strip()}")
    return (parts.hostname or "").rstrip(".")


def user_agent(contact: str | None) -> str:
    """``toposcope/<version>``, with the user's contact in parentheses when given."""
    try:
        ours = f"toposcope/{version('toposcope')}"
    except PackageNotFoundError:  # running from a source tree that is not installed
        ours = "toposcope"
    return f"{ours} ({contact})" if contact else ours
