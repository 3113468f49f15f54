"""A body that stops arriving is cut by HAProxy (`timeout http-request` with
`option http-buffer-request`, deploy/haproxy.cfg; 2 s in these tests, 10 s as shipped):
the client gets HAProxy's 408 and no app process ever sees the request, so none of their
few Django threads waits for it (the app processes read bodies without a deadline of
their own: PROXY_BUFFERS_BODIES=1)."""

from __future__ import annotations

import socket
import time

import pytest

from tests.hosted.shape import Shape, new_session, send, wait_for_log

pytestmark = pytest.mark.server

CLIENT = "127.0.0.6"


def test_a_body_that_stops_arriving_is_answered_408_by_the_proxy(shape: Shape) -> None:
    guid = new_session(shape, CLIENT)
    head = (
        f"POST /api/todos HTTP/1.1\r\nHost: 127.0.0.1:{shape.port}\r\nX-CHALLENGER: {guid}\r\n"
        "Content-Type: application/json\r\nContent-Length: 100\r\n\r\n"
    )
    with socket.create_connection(
        (shape.host, shape.port), timeout=15, source_address=(CLIENT, 0)
    ) as sock:
        started = time.monotonic()
        sock.sendall(head.encode() + b'{"title":')  # 9 of the 100 bytes, then nothing
        answer = sock.recv(65536)
        elapsed = time.monotonic() - started

    assert answer.startswith(b"HTTP/1.1 408 "), answer[:200]
    assert 1.5 < elapsed < 10, elapsed
    cut = wait_for_log(shape, CLIENT, 2)[-1]
    assert (cut["status"], cut["server"]) == ("408", "<NOSRV>"), cut
    listed = send(
        shape, "GET", "/api/todos?_limit=20", headers={"X-CHALLENGER": guid}, client=CLIENT
    )
    assert len(listed.json()["todos"]) == 10  # the session's ten todos, no more
