"""`Server` on the wire: the classic edition's answers carry the classic service's
`Jetty(9.4.z-SNAPSHOT)`, in both of `make run`'s server shapes (granian's ASGI and WSGI
interfaces both send the application's `Server` instead of their own), and the current
edition's carry the server's own."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from practiceapi.server.harness import Server
from tests.reliability.server import request

pytestmark = pytest.mark.server

JETTY = "Jetty(9.4.z-SNAPSHOT)"


@pytest.fixture(scope="module", params=[False, True], ids=["asgi", "wsgi"])
def classic_server(request: pytest.FixtureRequest, server_database: str) -> Iterator[Server]:
    env = {"APICHALLENGES_EDITION": "classic"}
    with Server(server_database, env=env, workers=1, proxy_buffers_bodies=request.param) as live:
        yield live


@pytest.mark.parametrize(
    ("method", "path"),
    [("GET", "/todos"), ("GET", "/heartbeat"), ("POST", "/challenger"), ("GET", "/no/such")],
)
def test_the_classic_edition_answers_as_jetty(
    classic_server: Server, method: str, path: str
) -> None:
    assert request(classic_server, method, path).header("Server") == JETTY


def test_the_current_edition_keeps_the_servers_own(server: Server) -> None:
    assert request(server, "GET", "/api/todos").header("Server") == "granian"
