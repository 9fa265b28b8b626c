"""A loopback HTTP server answering from a test's own function, for faults no cassette can
replay faithfully (a redirect that repeats the query, a body of any size).

    with scripted_server(lambda path: (302, {"Location": "/v2" + path}, b"")) as url:
        ...

The function gets the request's path and query and returns (status, headers, body); every
path asked is kept in ``server.paths``.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

Answer = tuple[int, dict[str, str], bytes]


class ScriptedServer(ThreadingHTTPServer):
    paths: list[str]
    url: str


@contextmanager
def scripted_server(answer: Callable[[str], Answer]) -> Iterator[ScriptedServer]:
    """Serve ``answer`` on a free 127.0.0.1 port until the block ends."""

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 (http.server's name)
            server.paths.append(self.path)
            status, headers, body = answer(self.path)
            self.send_response(status)
            for name, value in headers.items():
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    server = ScriptedServer(("127.0.0.1", 0), Handler)
    server.paths = []
    server.url = f"http://127.0.0.1:{server.server_address[1]}"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
