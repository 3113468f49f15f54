"""Talking to the production server that the tests start (practiceapi/server/harness.py).

A tiny HTTP client that sends exactly the bytes it is given (hostile requests included)
and times the answer, the helpers the tests share to read a session back, and the reads
and terminations of a PostgreSQL database's connections that the reliability tests need.
"""

from __future__ import annotations

import contextlib
import socket
import sqlite3
import threading
import time
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

import orjson

from practiceapi.server.harness import Server, manage
from practiceapi.server.serve import is_postgres

# ---------------------------------------------------------------------------- databases


def database_backends(admin: Any, database: str) -> list[int]:
    """Pids of the PostgreSQL processes serving connections to `database`, other than
    `admin`'s own (a psycopg connection in autocommit)."""
    rows = admin.execute(
        "SELECT pid FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()",
        (database,),
    )
    return [pid for (pid,) in rows]


def terminate_backends(admin: Any, pids: list[int]) -> None:
    """pg_terminate_backend each of `pids`; return once every one of them has exited.

    Pids rather than a condition: in one statement's WHERE clause nothing makes PostgreSQL
    test `datname` before calling pg_terminate_backend(), which then ends other sessions.
    """
    # Terminating only signals: a backend sends its FATAL and exits soon after.
    admin.execute("SELECT pg_terminate_backend(pid) FROM unnest(%s::int[]) AS pid", (pids,))
    deadline = time.monotonic() + 10
    while admin.execute(
        "SELECT count(*) FROM pg_stat_activity WHERE pid = ANY(%s)", (pids,)
    ).fetchone()[0]:
        assert time.monotonic() < deadline, f"backends {pids} outlived their termination"
        time.sleep(0.01)


def create_instructor(database_url: str, username: str, password: str) -> None:
    """An admin login on the server's database, made as an instructor makes theirs."""
    manage(
        database_url,
        "createsuperuser",
        "--noinput",
        "--username",
        username,
        "--email",
        f"{username}@example.edu",
        env={"DJANGO_SUPERUSER_PASSWORD": password},
    )


# ------------------------------------------------------------------------------- client


@dataclass
class Reply:
    status: int
    headers: dict[str, str]
    body: bytes
    elapsed: float  # seconds from the first byte sent to the last byte read
    reason: str = ""  # the status line's reason phrase, as sent

    def json(self) -> Any:
        return orjson.loads(self.body)

    def header(self, name: str) -> str | None:
        return self.headers.get(name.lower())


def _read_reply(sock: socket.socket, method: str, started: float) -> Reply:
    """Read one HTTP/1.1 response (Content-Length framed, or until close)."""
    buffer = b""
    while b"\r\n\r\n" not in buffer:
        chunk = sock.recv(65536)
        if not chunk:
            break
        buffer += chunk
    head, _, body = buffer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    if not lines or not lines[0].startswith("HTTP/"):
        raise ConnectionError(f"no HTTP response: {buffer[:200]!r}")
    _version, code, *phrase = lines[0].split(" ", 2)
    status = int(code)
    headers: dict[str, str] = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        name, value = name.strip().lower(), value.strip()
        if name in headers:
            # Repeated fields: Set-Cookie values are kept one per line, others comma-joined.
            joiner = "\n" if name == "set-cookie" else ", "
            value = headers[name] + joiner + value
        headers[name] = value
    if method != "HEAD" and status not in (204, 304):
        length = headers.get("content-length")
        if length is not None:
            while len(body) < int(length):
                chunk = sock.recv(65536)
                if not chunk:
                    raise ConnectionError(f"response cut short: {len(body)} of {length} bytes")
                body += chunk
        else:
            while chunk := sock.recv(65536):
                body += chunk
    else:
        body = b""
    return Reply(status, headers, body, time.monotonic() - started, "".join(phrase))


def raw_request(server: Server, data: bytes, *, method: str = "GET", timeout: float = 10) -> Reply:
    """Send `data` verbatim (request line, headers and body) and read one response."""
    with socket.create_connection((server.host, server.port), timeout=timeout) as sock:
        started = time.monotonic()
        sock.sendall(data)
        return _read_reply(sock, method, started)


def request(
    server: Server,
    method: str,
    path: str,
    body: bytes | str | dict | list | None = None,
    headers: Mapping[str, str] | None = None,
    *,
    timeout: float = 10,
) -> Reply:
    """A well-formed request; a dict/list body is sent as JSON."""
    sent = {"Host": f"{server.host}:{server.port}", "Connection": "close"}
    if isinstance(body, dict | list):
        body = orjson.dumps(body)
        sent["Content-Type"] = "application/json"
    if isinstance(body, str):
        body = body.encode()
    sent.update(headers or {})
    if body is not None or method in ("POST", "PUT", "PATCH", "QUERY"):
        sent.setdefault("Content-Length", str(len(body or b"")))
    head = f"{method} {path} HTTP/1.1\r\n" + "".join(f"{k}: {v}\r\n" for k, v in sent.items())
    data = head.encode("latin-1") + b"\r\n" + (body or b"")
    return raw_request(server, data, method=method, timeout=timeout)


def new_session(server: Server) -> str:
    reply = request(server, "POST", "/api/challenger")
    assert reply.status == 201, reply
    guid = reply.header("X-CHALLENGER")
    assert guid
    return guid


def list_todos(server: Server, guid: str) -> list[dict]:
    """Every todo of the session (the cap is 20, the largest page too)."""
    reply = request(server, "GET", "/api/todos?_limit=20", headers={"X-CHALLENGER": guid})
    assert reply.status == 200, reply
    return reply.json()["todos"]


def progress_of(server: Server, guid: str) -> dict:
    """The session's progress payload (GET /api/challenger/{guid})."""
    reply = request(server, "GET", f"/api/challenger/{guid}")
    assert reply.status == 200, reply
    return reply.json()


def completed_keys(server: Server, guid: str) -> set[str]:
    status = progress_of(server, guid)["challengeStatus"]
    return {key for key, done in status.items() if done}


def all_at_once(calls: list[Callable[[], Reply]], timeout: float = 60) -> list[Reply]:
    """Run every call on its own thread, released together by a barrier; replies in order."""
    barrier = threading.Barrier(len(calls))

    def run(call: Callable[[], Reply]) -> Reply:
        barrier.wait(timeout)
        return call()

    with ThreadPoolExecutor(max_workers=len(calls)) as pool:
        futures = [pool.submit(run, call) for call in calls]
        return [future.result(timeout) for future in futures]


def stored_progress(database_url: str, guid: str) -> dict:
    """The session's progress map as stored (key -> completion time), read directly."""
    sql = "SELECT progress FROM challenges_challenger WHERE guid = %s"
    if is_postgres(database_url):
        import psycopg

        with psycopg.connect(database_url) as conn:
            row = conn.execute(sql, (guid,)).fetchone()
    else:
        path = urlsplit(database_url).path
        with contextlib.closing(sqlite3.connect(path)) as conn:
            row = conn.execute(sql.replace("%s", "?"), (guid,)).fetchone()
    assert row is not None, f"no session {guid}"
    value = row[0]
    return orjson.loads(value) if isinstance(value, str | bytes) else dict(value)
