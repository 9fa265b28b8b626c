"""What a request body must be before any route reads it: at most so many bytes, UTF-8, and
JSON no deeper and with no longer numbers than a request needs.

Every body that is not such JSON gets one answer, whatever is wrong with it (malformed, cut
short, invalid UTF-8, nested a thousand deep, a 5,000-digit number, ``NaN``): 400 with
``{"error": "the request body is not JSON: ..."}``. JSON of the wrong shape is a 422 from the
routes' models, and so is an object with a key given twice (which value was meant is not for
the service to guess, as with a repeated query parameter). A UTF-8 byte order mark before the
JSON is allowed (RFC 8259 section 8.1). Only the routes that take JSON are checked: a body sent
to any other path is that route's to refuse (a form, a 405, a 404). A body too big is refused
(413) as soon as it is known to be, by its declared length or while it arrives, before any of
it is parsed.
"""

from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import Any

from starlette.responses import JSONResponse

#: Nesting a request needs: an object, a list of documents, a document (3); room to spare.
MAX_DEPTH = 32
#: Digits a number in a request needs (a confidence, a count): far fewer than this.
MAX_NUMBER_CHARS = 100
_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"', re.S)
_NOT_BRACKET = bytes(b for b in range(256) if b not in b"[]{}")


class BodyError(ValueError):
    """Why a body is not JSON a request may be, in a few words."""


class RepeatedKey(BodyError):
    """An object of the body gives one key twice."""


def error_answer(status: int, message: str, headers: dict[str, str] | None = None
                 ) -> JSONResponse:
    """The one shape of every error: ``{"error": "one line"}``."""
    return JSONResponse({"error": " ".join(message.split())}, status_code=status,
                        headers=headers)


def check_json(body: bytes) -> Any:
    """The JSON value ``body`` holds; ``BodyError`` if it is not UTF-8 JSON within
    ``MAX_DEPTH`` and ``MAX_NUMBER_CHARS``."""
    try:
        text = body.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        raise BodyError(f"byte {exc.start} is not UTF-8") from None
    if not text.strip():
        raise BodyError("it is empty")
    # Depth from the brackets outside strings, before the parser recurses into them.
    brackets = _STRING.sub(b"", body).translate(None, _NOT_BRACKET)
    depth = max(accumulate(1 if b in b"[{" else -1 for b in brackets), default=0)
    if depth > MAX_DEPTH:
        raise BodyError(f"it is nested {depth} deep, more than the {MAX_DEPTH} a request may be")
    try:
        return json.loads(text, parse_int=_number(int), parse_float=_number(float),
                          parse_constant=_no_constant, object_pairs_hook=_unique_keys)
    except json.JSONDecodeError as exc:
        raise BodyError(f"{exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except RecursionError:
        raise BodyError(f"it is nested more than the {MAX_DEPTH} deep a request may be"
                        ) from None


def _number(kind: type) -> Any:
    def parse(digits: str) -> Any:
        if len(digits) > MAX_NUMBER_CHARS:
            raise BodyError(f"a number of {len(digits):,} characters, more than the "
                            f"{MAX_NUMBER_CHARS} a request may have")
        return kind(digits)
    return parse


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    keys: set[str] = set()
    for key, _ in pairs:
        if key in keys:
            raise RepeatedKey(f"{key!r} is given twice in one object")
        keys.add(key)
    return dict(pairs)


def _no_constant(name: str) -> Any:
    raise BodyError(f"{name} is not a JSON number")


class BodyCheck:
    """ASGI middleware: a body past ``limit`` bytes is a 413, before any route sees it; one sent
    to a route in ``json_paths`` that is not JSON a 400 (``check_json``). Bodies sent elsewhere
    (CLIFF's form, a path that takes none) are bounded alike but not read as JSON."""

    def __init__(self, app: Any, limit: int, json_paths: frozenset[str] = frozenset()) -> None:
        self.app = app
        self.limit = limit
        self.json_paths = json_paths

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http" or scope["method"] not in ("POST", "PUT", "PATCH"):
            await self.app(scope, receive, send)
            return
        declared = dict(scope["headers"]).get(b"content-length", b"").decode("latin-1")
        if declared.isdecimal() and int(declared) > self.limit:
            await error_answer(413, f"the request is {int(declared):,} bytes, more than the "
                                    f"{self.limit:,} a request may have")(scope, receive, send)
            return
        chunks, size, more = [], 0, True
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            chunks.append(chunk)
            if size > self.limit:
                await error_answer(413, f"the request is more than the {self.limit:,} bytes a "
                                        "request may have")(scope, receive, send)
                return
            more = message.get("more_body", False)
        body = b"".join(chunks)
        try:
            if scope.get("path") in self.json_paths:
                check_json(body)
                body = body.removeprefix(b"\xef\xbb\xbf")  # read as JSON without it
        except RepeatedKey as exc:
            await error_answer(422, f"the request: {exc}")(scope, receive, send)
            return
        except BodyError as exc:
            await error_answer(400, f"the request body is not JSON: {exc}")(scope, receive, send)
            return
        replayed = False

        async def replay() -> dict[str, Any]:
            nonlocal replayed
            if replayed:
                return await receive()
            replayed = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)
