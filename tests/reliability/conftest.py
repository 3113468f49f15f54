"""Fixtures of the reliability suite: one production server (granian, as `make run`)
shared by the hostile-input, isolation and concurrency tests, on a scratch database of its
own, warmed up so that timings measure requests rather than first-request imports."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest

from practiceapi.server.harness import Server, scratch_database
from tests.reliability.server import new_session, request

# Server-log lines that mean a request crashed instead of getting a 4xx: Django's 500
# log line, and the server's when an exception escaped the application.
CRASH_MARKERS = ("Internal Server Error:", "Error handling request")


@pytest.fixture(scope="session")
def server_database() -> Iterator[str]:
    """DATABASE_URL of a migrated scratch database (PostgreSQL when the suite runs on it)."""
    with scratch_database() as url:
        yield url


def _warm_up(server: Server) -> None:
    """Send every kind of request the suite times to both workers, many times over.

    Django imports views, parsers and the JSONPath/regex machinery on first use per worker
    process; bursts of concurrent requests make sure both workers have done so.
    """
    guid = new_session(server)
    headers = {"X-CHALLENGER": guid}
    kinds = [
        ("GET", "/api/todos?title~=a.*", None, headers),
        ("POST", "/api/todos", b"<todo><title>w", {**headers, "Content-Type": "application/xml"}),
        ("POST", "/api/todos", b"{", {**headers, "Content-Type": "application/json"}),
        (
            "QUERY",
            "/api/todos",
            b"$.todos[?match(@.title, 'a.*')]",
            {**headers, "Content-Type": "application/jsonpath"},
        ),
        (
            "QUERY",
            "/api/todos",
            b'{"filter":{"title":{"matches":"a.*"}}}',
            {**headers, "Content-Type": "application/vnd.service.query+json"},
        ),
        ("GET", "/sim/entities?name~=a.*", None, {}),
        ("GET", "/api/heartbeat", None, {}),
    ]
    with ThreadPoolExecutor(max_workers=16) as pool:
        for _ in range(4):
            jobs = [pool.submit(request, server, *kind) for kind in kinds for _ in range(3)]
            for job in jobs:
                job.result()


@pytest.fixture(scope="session")
def production_server(server_database: str) -> Iterator[Server]:
    """The production server as `make run` starts it, answering on a free port."""
    with Server(server_database) as server:
        _warm_up(server)
        yield server


@pytest.fixture
def server(production_server: Server) -> Iterator[Server]:
    """The shared production server; the test fails if it logged a crash meanwhile."""
    start = len(production_server.log())
    yield production_server
    crashed = production_server.log()[start:]
    assert not any(marker in crashed for marker in CRASH_MARKERS), crashed


@pytest.fixture
def session_guid(production_server: Server) -> str:
    """A fresh session on the production server (POST /api/challenger)."""
    return new_session(production_server)
