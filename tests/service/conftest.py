"""The service under test, started once for the session: its worker processes load the
pipeline once, as ``toposcope serve`` does, and every test module shares them."""

from __future__ import annotations

import socket
import threading
import time

import pytest

pytest.importorskip("fastapi")
import uvicorn  # noqa: E402
from fastapi.testclient import TestClient  # noqa: E402

from geoparser.batch.stages import PipelineSpec  # noqa: E402
from geoparser.service.app import Limits, create_app  # noqa: E402

TEXTS = ["Floods hit Galway and Cork after the storm crossed Ireland.",
         "The mayor of Austin, Texas, met officials from Houston.",
         "Talks in Geneva ended; delegates flew home to Nairobi and Lima.",
         "Rain again in Whitby and Scarborough."]


@pytest.fixture(scope="session")
def app(offline_gazetteer):
    service = create_app(PipelineSpec(), Limits(max_body_bytes=50_000, max_documents=5,
                                                max_text_chars=5_000, max_query_chars=300,
                                                timeout_s=600))
    yield service
    service.state.pool.close()


@pytest.fixture(scope="session")
def client(app):
    return TestClient(app)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def server(app):
    port = free_port()
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="error"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not srv.started and time.monotonic() < deadline:
        time.sleep(0.05)
    assert srv.started
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(10)


def one_line_error(response, status: int, needle: str) -> None:
    """The answer is ``status`` with ``{"error": "one line holding needle"}`` and nothing
    else."""
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"error"} and "\n" not in body["error"], body
    assert needle in body["error"], body
