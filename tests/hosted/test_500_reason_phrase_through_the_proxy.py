"""The deliberate 500 of `PATCH /api/heartbeat` reaches clients through HAProxy as
`500 Server Error`, the reason phrase of the public service (Jetty): the app server
writes the standard `Internal Server Error` (tests/reliability/test_status_lines.py), and
deploy/haproxy.cfg rewrites the phrase of 500s. Other statuses keep their phrases."""

from __future__ import annotations

import pytest

from tests.hosted.shape import Shape, send

pytestmark = pytest.mark.server


def test_patch_heartbeat_is_500_server_error_through_the_proxy(shape: Shape) -> None:
    reply = send(shape, "PATCH", "/api/heartbeat", client="127.0.0.4")
    assert (reply.status, reply.reason) == (500, "Server Error")


@pytest.mark.parametrize(
    ("method", "status", "reason"),
    [("TRACE", 501, "Not Implemented"), ("DELETE", 405, "Method Not Allowed")],
)
def test_other_statuses_keep_their_phrases_through_the_proxy(
    shape: Shape, method: str, status: int, reason: str
) -> None:
    reply = send(shape, method, "/api/heartbeat", client="127.0.0.4")
    assert (reply.status, reply.reason) == (status, reason)
