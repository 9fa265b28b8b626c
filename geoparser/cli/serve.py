"""``toposcope serve``: the geoparser as a local HTTP service and page (``geoparser.service``),
on uvicorn.

The address is bound before anything is loaded or announced, so a port in use is one line and
exit 2, never "serving on" followed by the server's own error; an address other than loopback
is served with a warning that the service has no authentication."""

from __future__ import annotations

import errno
import ipaddress
import socket
from typing import Annotated

import typer

from geoparser.cli.common import err, info
from geoparser.cli.options import (
    GazetteerOption,
    KindsOption,
    LabelsOption,
    NerOption,
    PolicyOption,
)
from geoparser.defaults import DEFAULT_POINTS, DEFAULT_POLICY, DEFAULT_RECOGNISER
from geoparser.errors import UsageError


def serve(
    host: Annotated[str, typer.Option(
        help="Address to listen on (127.0.0.1: this machine only).")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    ner: NerOption = DEFAULT_RECOGNISER,
    labels: LabelsOption = "GPE,LOC",
    gazetteer: GazetteerOption = "offline",
    policy: PolicyOption = DEFAULT_POLICY,
    points: Annotated[str, typer.Option(
        help="Whose point stands for a country or first-level area: geonames, natural-earth "
        "or factbook (as parse --points).")] = DEFAULT_POINTS,
    min_confidence: Annotated[float | None, typer.Option(
        "--min-confidence", metavar="P", help="As parse --min-confidence; a request may give "
        "its own.")] = None,
    max_documents: Annotated[int, typer.Option(help="Documents a request may hold.")] = 100,
    timeout: Annotated[float, typer.Option(
        help="Seconds a request may take; its work is stopped then.")] = 60.0,
    workers: Annotated[int, typer.Option(
        help="Pipeline processes, each with its own copy of the models; with two or more, one "
        "is kept for short requests while long ones run.")] = 2,
    kinds: KindsOption = "all",
) -> None:
    """Serve the geoparser over HTTP: POST /parse (JSON, the records parse writes), GET
    /parse?text= for a short text, GET /health, the API described at /docs, and a page at /
    to paste text into."""
    from geoparser.batch.stages import PipelineSpec
    from geoparser.cli.options import minimum_confidence, split_list
    from geoparser.resolution.mention_kinds import chosen_kinds

    try:
        import uvicorn

        from geoparser.service.app import Limits, create_app
    except ImportError:
        raise UsageError("toposcope serve needs the serve extra: pip install "
                         "'toposcope[serve]'") from None
    if not 0 < port < 65536:
        raise UsageError(f"--port must be from 1 to 65535, got {port}")
    if max_documents < 1 or timeout <= 0 or workers < 1:
        raise UsageError("--max-documents, --timeout and --workers must be positive")
    spec = PipelineSpec(ner, tuple(split_list(labels)), gazetteer, policy, (), points,
                        minimum_confidence(policy, min_confidence), kinds=chosen_kinds(kinds))
    sock = listening_socket(host, port)
    try:
        if not is_loopback(sock):
            err.print(f"toposcope: warning: listening on {host} port {port}: anyone who can "
                      "reach this machine there can use the service, which has no "
                      "authentication", markup=False, highlight=False, soft_wrap=True)
        info.print(f"loading {ner}, {gazetteer}, {policy} ...", highlight=False)
        application = create_app(spec, Limits(max_documents=max_documents, timeout_s=timeout),
                                 workers=workers)
        info.print(f"serving on http://{_url_host(host)}:{port}/ (the page), /parse, /health "
                   "and /docs; Ctrl-C stops", highlight=False, soft_wrap=True)
        server = uvicorn.Server(uvicorn.Config(application, log_level="warning"))
        server.run(sockets=[sock])
    finally:
        sock.close()


def listening_socket(host: str, port: int) -> socket.socket:
    """A socket bound to ``host``:``port`` and listening; ``UsageError`` (one line) if the
    address cannot be had: the port in use, or a host this machine does not have."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0]
    except (socket.gaierror, UnicodeError) as exc:
        raise UsageError(f"cannot listen on --host {host!r}: {_reason(exc)}") from None
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(128)
    except OSError as exc:
        sock.close()
        where = f"{host} port {port}"
        if exc.errno == errno.EADDRINUSE:
            raise UsageError(f"{where} is in use (another server is listening there); choose "
                             "another --port or stop that server") from None
        raise UsageError(f"cannot listen on {where}: {_reason(exc)}") from None
    sock.set_inheritable(True)
    return sock


def is_loopback(sock: socket.socket) -> bool:
    """Whether the socket listens on a loopback address only."""
    address = sock.getsockname()[0]
    try:
        return ipaddress.ip_address(address.split("%")[0]).is_loopback
    except ValueError:
        return False


def _url_host(host: str) -> str:
    return f"[{host}]" if ":" in host else host


def _reason(exc: BaseException) -> str:
    return " ".join((getattr(exc, "strerror", None) or str(exc) or type(exc).__name__).split())

