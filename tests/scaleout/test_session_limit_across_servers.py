"""APICHALLENGES_SESSIONS_PER_CLIENT_PER_HOUR counts one client's new sessions across
every process and host: two production servers sharing one database (PostgreSQL when the
suite runs on it, else one SQLite file) refuse the client's 5th session between them."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial

import pytest

from practiceapi.server.harness import Server, scratch_database
from tests.reliability.server import all_at_once, request

pytestmark = pytest.mark.server

LIMIT = {"APICHALLENGES_SESSIONS_PER_CLIENT_PER_HOUR": "4"}


@pytest.fixture
def servers() -> Iterator[tuple[Server, Server]]:
    with (
        scratch_database(prefix="sessionlimit") as url,
        Server(url, env=dict(LIMIT)) as first,
        Server(url, env=dict(LIMIT), proxy_buffers_bodies=True) as second,
    ):
        yield first, second


def test_the_limit_is_counted_across_two_servers(servers: tuple[Server, Server]) -> None:
    first, second = servers
    statuses = [request(server, "POST", "/api/challenger").status for server in (first, second) * 2]
    assert statuses == [201, 201, 201, 201]
    for server in servers:
        refused = request(server, "POST", "/api/challenger", headers={"Accept": "application/xml"})
        assert refused.status == 429
        assert refused.header("Retry-After")
        assert refused.body.startswith(b"<errorMessages><errorMessage>Too many sessions")


def test_concurrent_first_creates_on_two_servers_are_all_counted(
    servers: tuple[Server, Server],
) -> None:
    calls = [partial(request, server, "POST", "/api/challenger") for server in servers * 5]
    statuses = sorted(reply.status for reply in all_at_once(calls))
    assert statuses == [201] * 4 + [429] * 6
