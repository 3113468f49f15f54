"""Behind HAProxy, the requests of one session go to the two app processes in turn
(`balance roundrobin`, no sticky sessions), and each process sees what the other wrote:
HAProxy's log names the process that answered each request."""

from __future__ import annotations

import pytest

from tests.hosted.shape import Shape, new_session, send, wait_for_log

pytestmark = pytest.mark.server

CLIENT = "127.0.0.2"


def test_one_sessions_requests_alternate_between_the_two_processes(shape: Shape) -> None:
    guid = new_session(shape, CLIENT)
    session = {"X-CHALLENGER": guid}
    ids = []
    for n in range(4):
        created = send(shape, "POST", "/api/todos", {"title": f"turn {n}"}, session, client=CLIENT)
        assert created.status == 201, created
        ids.append(created.json()["id"])
        listed = send(shape, "GET", "/api/todos?_limit=20", headers=session, client=CLIENT)
        # Each list comes from the other process than the create just before it.
        assert ids[-1] in [todo["id"] for todo in listed.json()["todos"]]

    lines = wait_for_log(shape, CLIENT, 9)
    servers = [line["server"] for line in lines]
    assert len(servers) == 9, shape.log()
    assert set(servers) == {"app1", "app2"}
    assert all(a != b for a, b in zip(servers, servers[1:], strict=False)), servers
