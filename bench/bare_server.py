"""`bench/run.py --server granian:W:T+bare` or `granian-wsgi:W:T+bare`: a measured
prototype of a design that leaves Django's request handling and DRF off the todo routes,
not a shape to serve.

`GET /api/todos` (with or without `?doneStatus=`), `GET`, `PUT` and `DELETE
/api/todos/{id}` and `POST /api/todos` with a JSON body are answered by a plain WSGI
callable that runs the floor's statements (bench/floor.py's `FloorStatements`: the
session's row on every request, the rows as ours keeps them, the same writes) through
Django's database connection, and answers the same bodies with the headers ours sends,
rendered by orjson. No Django request or response object, no middleware, no URL
resolving, no DRF, no content negotiation, no challenge tracking. Everything else (the
sessions, anything the prototype does not recognise) goes to our application.

What this reaches beside json-server is what a Python design on this server and machine
reaches when it still reads the session on every request: where it falls short of a
target, no change to our Django code can meet it; where it clears one that the floor
(a bare DRF `APIView`, `+floor`) misses, meeting it means leaving Django and DRF off the
request path.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from io import BytesIO
from typing import Any

import orjson

from bench.floor import FloorStatements
from practiceapi.asgi import BufferedBodies
from practiceapi.asgi import application as our_front
from practiceapi.protocol.querybody import ACCEPT_QUERY
from practiceapi.wsgi import application as ours

ONE_TODO = re.compile(r"^/api/todos/(\d+)$")
# What ours sends after Content-Type, Accept-Query and X-CHALLENGER on a todo answer.
COMMON_HEADERS = [
    ("X-Frame-Options", "DENY"),
    ("Cache-Control", "no-store"),
    ("X-Robots-Tag", "noindex"),
    ("Access-Control-Allow-Origin", "*"),
    ("Access-Control-Allow-Headers", "*"),
    ("Access-Control-Allow-Methods", "*"),
    ("Access-Control-Expose-Headers", "*"),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "same-origin"),
    ("Cross-Origin-Opener-Policy", "same-origin"),
]
STATUS_LINES = {200: "200 OK", 201: "201 Created", 204: "204 No Content"}
statements = FloorStatements()

Answer = tuple[int, bytes, list[tuple[str, str]]]  # status, body, headers of its own


def todos_body(rows: list[tuple]) -> bytes:
    return orjson.dumps({"todos": [statements.as_dict(r) for r in rows]})


def read(guid: str, todo_id: int | None, query: str) -> Answer | None:
    if query and (todo_id is not None or query not in ("doneStatus=true", "doneStatus=false")):
        return None
    rows = statements.session_rows(guid)
    if rows is None:
        return None
    if todo_id is not None:
        rows = [r for r in rows if r[0] == todo_id]
        if not rows:
            return None
    elif query:
        done = query.endswith("true")
        rows = [r for r in rows if bool(r[2]) is done]
    return 200, todos_body(rows if todo_id is not None else rows[: statements.PAGE]), []


def write(method: str, guid: str, todo_id: int | None, data: dict[str, Any]) -> Answer | None:
    if method == "DELETE" and todo_id is not None:
        session = statements.session_row(guid)
        if session is None:
            return None
        statements.delete(session[0], todo_id)
        return 204, b"", []
    title, description = data.get("title"), data.get("description", "")
    if not isinstance(title, str) or not isinstance(description, str):
        return None
    done = bool(data.get("doneStatus"))
    session = statements.session_row(guid)
    if session is None:
        return None
    if method == "POST" and todo_id is None:
        row = statements.create(session[0], title, done, description)
        location = [("Location", f"/api/todos/{row[0]}")]
        return 201, orjson.dumps(statements.as_dict(row)), location
    if method == "PUT" and todo_id is not None and "description" in data:
        row = (todo_id, title, done, description)
        statements.amend(session, row)
        return 200, orjson.dumps(statements.as_dict(row)), []
    return None


def answer(
    method: str, guid: str, todo_id: int | None, query: str, content_type: str, body: bytes
) -> Answer | None:
    """What the prototype answers to a request for `/api/todos` (`todo_id` None) or
    `/api/todos/{todo_id}`, or None for what ours must answer."""
    if method == "GET":
        return read(guid, todo_id, query)
    data: Any = {}
    if body:
        if content_type != "application/json":
            return None
        try:
            data = orjson.loads(body)
        except orjson.JSONDecodeError:
            return None
        if not isinstance(data, dict):
            return None
    return write(method, guid, todo_id, data)


def headers_of(guid: str, body: bytes, own: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The headers ours sends with a todo answer, in its order."""
    typed = [("Content-Type", "application/json"), ("Accept-Query", ACCEPT_QUERY)] if body else []
    return [
        *typed,
        ("X-CHALLENGER", guid),
        *own,
        *COMMON_HEADERS,
        ("Content-Length", str(len(body))),
    ]


def wsgi(environ: dict[str, Any], start_response: Callable) -> Iterable[bytes]:
    path, guid = environ["PATH_INFO"], environ.get("HTTP_X_CHALLENGER")
    one = ONE_TODO.match(path)
    if not guid or (one is None and path != "/api/todos"):
        return ours(environ, start_response)
    length = int(environ.get("CONTENT_LENGTH") or 0)
    body = environ["wsgi.input"].read(length) if length else b""
    answered = answer(
        environ["REQUEST_METHOD"],
        guid,
        int(one.group(1)) if one else None,
        environ.get("QUERY_STRING", ""),
        environ.get("CONTENT_TYPE", ""),
        body,
    )
    if answered is None:
        environ["wsgi.input"] = BytesIO(body)  # ours reads the body this one has read
        return ours(environ, start_response)
    status, content, own = answered
    start_response(STATUS_LINES[status], headers_of(guid, content, own))
    return [content]


application = BufferedBodies(wsgi, threads=our_front.django.count)
