"""The service's pages: the page at ``/`` where a person pastes a text, and ``/docs``, the API
described by the vendored Swagger UI (``service/vendor``). Both are rendered from escaping
Jinja2 templates and served under one Content-Security-Policy: only the page's own
nonce-tagged scripts run, and they may fetch from the service and nowhere else."""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Any

from fastapi.responses import HTMLResponse, Response
from jinja2 import Environment, PackageLoader, select_autoescape
from markupsafe import Markup

from geoparser.service.body import error_answer
from geoparser.service.schemas import Health

#: The vendored scripts ``/docs/assets/NAME`` serves, with their media types.
ASSETS = {"swagger-ui-bundle.js": "text/javascript; charset=utf-8"}


def csp(nonce: str) -> dict[str, str]:
    """The headers every page is served with."""
    return {"Content-Security-Policy": (
        f"default-src 'none'; script-src 'nonce-{nonce}'; style-src 'unsafe-inline'; "
        "img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; "
        "frame-ancestors 'none'"), "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer"}


def page(health: Health, max_chars: int, nonce: str) -> HTMLResponse:
    """The page at ``/``: a text box, the text with its places highlighted, a map."""
    html = _templates().get_template("page.html.j2").render(
        nonce=nonce, health=health, max_chars=max_chars, **_page_assets())
    return HTMLResponse(html, headers=csp(nonce))


def docs_page(nonce: str) -> HTMLResponse:
    """``/docs``: Swagger UI on ``/openapi.json``, its stylesheet inline, its script from
    ``/docs/assets``, nothing from the network."""
    html = _templates().get_template("docs.html.j2").render(
        nonce=nonce, swagger_css=Markup(_vendored_text("swagger-ui.css")))
    return HTMLResponse(html, headers=csp(nonce))


def vendored(name: str) -> Response:
    """A vendored script by name (404 for any other name)."""
    if name not in ASSETS:
        return error_answer(404, "no such file")
    return Response(_vendored_bytes(name), media_type=ASSETS[name],
                    headers={"Cache-Control": "public, max-age=86400",
                             "X-Content-Type-Options": "nosniff"})


@cache
def _vendored_bytes(name: str) -> bytes:
    return resources.files("geoparser.service").joinpath("vendor", name).read_bytes()


def _vendored_text(name: str) -> str:
    return _vendored_bytes(name).decode("utf-8")


@cache
def _templates() -> Environment:
    return Environment(loader=PackageLoader("geoparser.service", "templates"),
                       autoescape=select_autoescape(default=True, default_for_string=True))


@cache
def _page_assets() -> dict[str, Any]:
    from evaluation.reports.outlines import web_base
    from evaluation.reports.webmap import KIND_OUTLINES, leaflet_assets

    css, js = leaflet_assets()
    base, label = web_base(None)
    return {"leaflet_css": Markup(css), "leaflet_js": Markup(js), "base": base,
            "base_label": label, "outlines": KIND_OUTLINES}
