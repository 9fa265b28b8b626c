"""Serve a cassette's recorded answers over loopback HTTP, logging every request it gets.

For measuring a whole `toposcope run` against a service stand-in (no route to the real ones
here): point ``TOPOSCOPE_GEONAMES_URL`` / ``TOPOSCOPE_NOMINATIM_URL`` at it, then count the
lines of ``--log``. Answers are matched by path and query, the username ignored.

    python -m tests.web_support.replay_server cassettes/geonames_captions.yaml \\
        --port 8777 --log /tmp/requests.log
"""

from __future__ import annotations

import argparse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import yaml


def _key(url: str) -> tuple[str, tuple]:
    parts = urlsplit(url)
    query = sorted((k, v) for k, v in parse_qsl(parts.query) if k != "username")
    return parts.path, tuple(query)


def load(cassette: Path) -> dict:
    data = yaml.safe_load(cassette.read_text(encoding="utf-8"))
    return {_key(i["request"]["uri"]): i["response"] for i in data["interactions"]}


def serve(cassette: Path, port: int, log: Path) -> None:
    answers = load(cassette)

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 (http.server's name)
            with log.open("a", encoding="utf-8") as fh:
                fh.write(f"GET {_key(self.path)}\n")
            answer = answers.get(_key(self.path))
            if answer is None:
                self.send_error(404, "not in the cassette")
                return
            body = answer["body"]["string"]
            data = body.encode("utf-8") if isinstance(body, str) else body
            self.send_response(answer["status"]["code"])
            for name, values in answer["headers"].items():
                if name.lower() not in {"content-length", "date", "server"}:
                    for value in values:
                        self.send_header(name, value)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args: object) -> None:
            pass

    with ThreadingHTTPServer(("127.0.0.1", port), Handler) as server:
        server.serve_forever()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cassette", type=Path)
    parser.add_argument("--port", type=int, default=8777)
    parser.add_argument("--log", type=Path, required=True)
    args = parser.parse_args()
    serve(args.cassette, args.port, args.log)


if __name__ == "__main__":
    main()
