"""Request history written the way production writes it: by each server process's batch
thread, off the request's path, on one shared database (SQLite file or PostgreSQL).

Two production servers (both shapes of practiceapi/server/serve.py) serve one session's
requests in turns; either server then shows the whole history, newest first, bounded.
A server stopped before its next batch writes what it holds on its way out.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from itertools import cycle
from typing import Any

import pytest

from practiceapi.server.harness import Server, scratch_database
from tests.reliability.server import new_session, request

pytestmark = pytest.mark.server


@pytest.fixture(scope="module")
def database() -> Iterator[str]:
    with scratch_database(prefix="history") as url:
        yield url


def history(server: Server, guid: str) -> list[dict[str, Any]]:
    reply = request(server, "GET", f"/api/challenger/{guid}/requests")
    assert reply.status == 200, reply
    return reply.json()["requests"]


def history_of_length(server: Server, guid: str, length: int, within: float = 15) -> list:
    deadline = time.monotonic() + within
    while True:
        shown = history(server, guid)
        if len(shown) >= length or time.monotonic() > deadline:
            return shown
        time.sleep(0.2)


def test_two_servers_write_one_history_newest_first_and_bounded(database: str) -> None:
    with Server(database) as first, Server(database, proxy_buffers_bodies=True) as second:
        guid = new_session(first)
        turns = cycle((first, second))
        for n in range(130):
            reply = request(next(turns), "GET", f"/api/todos?n={n}", headers={"X-CHALLENGER": guid})
            assert reply.status == 200
        expected = [f"/api/todos?n={n}" for n in range(129, 29, -1)]
        shown = history_of_length(first, guid, 100)
        # The last batches may still be on their way: wait for the newest to show.
        deadline = time.monotonic() + 15
        while [e["path"] for e in shown] != expected and time.monotonic() < deadline:
            time.sleep(0.3)
            shown = history(first, guid)
        assert [e["path"] for e in shown] == expected
        assert [e["path"] for e in history(second, guid)] == expected


def test_a_stopped_server_writes_its_last_batch_on_the_way_out(database: str) -> None:
    # A batch every hour: only the exit writes these.
    hourly = {"APICHALLENGES_HISTORY_BATCH_SECONDS": "3600"}
    with Server(database) as reader:
        guid = new_session(reader)
    server = Server(database, env=hourly).start()
    try:
        for n in (1, 2):
            reply = request(server, "GET", f"/api/todos/{n}", headers={"X-CHALLENGER": guid})
            assert reply.status == 200
    finally:
        server.stop()
    with Server(database) as reader:
        assert [e["path"] for e in history(reader, guid)] == ["/api/todos/2", "/api/todos/1"]
