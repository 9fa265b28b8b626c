"""``toposcope serve``: the geoparser as a local HTTP service and page (``geoparser.service``),
on uvicorn."""

from __future__ import annotations

from typing import Annotated

import typer

from geoparser.cli.common import info
from geoparser.cli.options import GazetteerOption, LabelsOption, NerOption, PolicyOption
from geoparser.defaults import DEFAULT_POINTS, DEFAULT_POLICY, DEFAULT_RECOGNISER


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
    timeout: Annotated[float, typer.Option(help="Seconds a request may take.")] = 60.0,
) -> None:
    """Serve the geoparser over HTTP: POST /parse (JSON, the records parse writes), GET
    /health, the OpenAPI description at /docs, and a page at / to paste text into."""
    from geoparser.batch.stages import PipelineSpec
    from geoparser.cli.options import minimum_confidence, split_list
    from geoparser.errors import UsageError

    try:
        import uvicorn

        from geoparser.service.app import Limits, create_app
    except ImportError:
        raise UsageError("toposcope serve needs the serve extra: pip install "
                         "'toposcope[serve]'") from None
    if not 0 < port < 65536:
        raise UsageError(f"--port must be from 1 to 65535, got {port}")
    if max_documents < 1 or timeout <= 0:
        raise UsageError("--max-documents and --timeout must be positive")
    spec = PipelineSpec(ner, tuple(split_list(labels)), gazetteer, policy, (), points,
                        minimum_confidence(policy, min_confidence))
    info.print(f"loading {ner}, {gazetteer}, {policy} ...", highlight=False)
    application = create_app(spec, Limits(max_documents=max_documents, timeout_s=timeout))
    info.print(f"serving on http://{host}:{port}/ (the page), /parse, /health and /docs; "
               "Ctrl-C stops", highlight=False, soft_wrap=True)
    uvicorn.run(application, host=host, port=port, log_level="warning")
