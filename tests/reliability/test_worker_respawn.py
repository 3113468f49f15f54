"""A worker of `make run` that dies is replaced, and the server goes on answering.

The kernel's out-of-memory killer on a crowded classroom machine, or a crash in a C
extension, can end one worker process; granian then stops the whole server unless it is
told to start the worker again (practiceapi/server/serve.py)."""

from __future__ import annotations

import time
from collections.abc import Iterator

import psutil
import pytest

from practiceapi.server.harness import Server
from tests.reliability.server import request

pytestmark = pytest.mark.server

# granian starts the new worker at once; it answers once it has imported the application.
RESPAWN_WITHIN_S = 60.0


@pytest.fixture
def own_server(server_database: str) -> Iterator[Server]:
    # Not the shared server: this test kills one of its workers.
    with Server(server_database) as server:
        yield server


def workers_of(server: Server) -> list[psutil.Process]:
    assert server.process is not None
    return psutil.Process(server.process.pid).children()


def test_a_killed_worker_is_replaced(own_server: Server) -> None:
    before = workers_of(own_server)
    assert len(before) == own_server.workers
    victim = before[0]
    victim.kill()
    victim.wait(timeout=10)

    deadline = time.monotonic() + RESPAWN_WITHIN_S
    while time.monotonic() < deadline:
        assert own_server.group is not None
        assert own_server.group.alive(), f"the server stopped:\n{own_server.log()}"
        alive = [w for w in workers_of(own_server) if w.is_running()]
        if len(alive) == own_server.workers and victim.pid not in {w.pid for w in alive}:
            break
        time.sleep(0.2)
    else:
        pytest.fail(f"no worker replaced the killed one:\n{own_server.log()}")

    # And the server answers as before.
    statuses = {request(own_server, "GET", "/api/heartbeat").status for _ in range(20)}
    assert statuses == {204}
