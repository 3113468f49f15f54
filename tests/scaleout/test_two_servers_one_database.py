"""Scale-out: two production servers on different ports share one database, and one
session whose requests alternate between them sees one consistent state.

On PostgreSQL (CI's second run) this is the hosted shape: N processes behind a load
balancer; on SQLite both servers share one database file. The second server runs in the
shape for hosts behind a body-buffering proxy (`PROXY_BUFFERS_BODIES=1`), so both server
shapes of practiceapi/server/serve.py are exercised against the same data.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import cycle

import pytest

from practiceapi.server.harness import Server, scratch_database
from tests.reliability.server import request

pytestmark = pytest.mark.server


@pytest.fixture(scope="module")
def servers() -> Iterator[tuple[Server, Server]]:
    with (
        scratch_database(prefix="scaleout") as url,
        Server(url) as first,
        Server(url, proxy_buffers_bodies=True) as second,
    ):
        yield first, second


def test_one_session_is_consistent_across_two_servers(servers: tuple[Server, Server]) -> None:
    turns = cycle(servers)
    created = request(next(turns), "POST", "/api/challenger")
    assert created.status == 201
    guid = created.header("X-CHALLENGER")
    session = {"X-CHALLENGER": guid}

    # Ids come from one counter whichever server answers: 11, 12, ... 20, then the cap.
    ids = []
    for n in range(10):
        reply = request(next(turns), "POST", "/api/todos", {"title": f"todo {n}"}, session)
        assert reply.status == 201, reply
        ids.append(reply.json()["id"])
    assert ids == list(range(11, 21))
    full = request(next(turns), "POST", "/api/todos", {"title": "one too many"}, session)
    assert full.status == 409

    # A delete on one server is seen by the other, and the id is never handed out again.
    assert request(next(turns), "DELETE", "/api/todos/20", headers=session).status == 204
    again = request(next(turns), "POST", "/api/todos", {"title": "after delete"}, session)
    assert again.json()["id"] == 21
    for server in servers:
        listing = request(server, "GET", "/api/todos?_limit=20", headers=session)
        assert [t["id"] for t in listing.json()["todos"]] == [*range(1, 20), 21]

    # Progress recorded through either server is the same progress.
    request(servers[0], "GET", "/api/heartbeat", headers=session)
    request(servers[1], "DELETE", "/api/heartbeat", headers=session)
    done = {}
    for server in servers:
        challenges = request(server, "GET", "/api/challenges", headers=session).json()
        done[server.port] = {c["name"] for c in challenges["challenges"] if c["status"]}
    first, second = done.values()
    assert first == second
    assert {
        "GET /api/heartbeat (204)",
        "DELETE /api/heartbeat (405)",
        "POST /api/todos (409) max todos",
    } <= first
