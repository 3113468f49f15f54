"""Concurrent writes to one session's todo list over real HTTP.

Fifty threads, released together by a barrier, POST to the production server (2 granian
processes x 4 threads, so requests really overlap in different processes). The cap of 20
and the per-session id counter must hold: exactly 20 todos, unique ids, every refused
create a 409 with the cap message. On SQLite the writers are serialised by IMMEDIATE
transactions, on PostgreSQL by the session row's lock: both must give the same result.
"""

from __future__ import annotations

from collections import Counter
from functools import partial

import pytest

from practiceapi.server.harness import Server
from tests.reliability.server import Reply, all_at_once, list_todos, new_session, request

pytestmark = pytest.mark.server

CAP = 20
SEEDED = 10
LIMIT_MESSAGE = "ERROR: Cannot add instance, maximum limit of 20 reached"


def _create(server: Server, guid: str, n: int) -> Reply:
    return request(server, "POST", "/api/todos", {"title": f"racer {n}"}, {"X-CHALLENGER": guid})


def test_fifty_concurrent_creates_end_with_exactly_twenty_todos(server: Server) -> None:
    guid = new_session(server)
    replies = all_at_once([partial(_create, server, guid, n) for n in range(50)])

    statuses = Counter(reply.status for reply in replies)
    assert statuses == {201: CAP - SEEDED, 409: 50 - (CAP - SEEDED)}
    assert len(list_todos(server, guid)) == CAP


def test_concurrent_creates_hand_out_unique_ids(server: Server) -> None:
    guid = new_session(server)
    replies = all_at_once([partial(_create, server, guid, n) for n in range(50)])

    created = sorted(reply.json()["id"] for reply in replies if reply.status == 201)
    assert created == list(range(SEEDED + 1, CAP + 1))
    assert sorted(todo["id"] for todo in list_todos(server, guid)) == list(range(1, CAP + 1))


def test_every_refused_concurrent_create_is_a_409_with_the_cap_message(server: Server) -> None:
    guid = new_session(server)
    replies = all_at_once([partial(_create, server, guid, n) for n in range(50)])

    refused = [reply for reply in replies if reply.status != 201]
    assert refused
    assert all(reply.status == 409 for reply in refused)
    assert all(reply.json() == {"errorMessages": [LIMIT_MESSAGE]} for reply in refused)


def test_each_created_todo_is_stored_as_answered(server: Server) -> None:
    guid = new_session(server)
    replies = all_at_once([partial(_create, server, guid, n) for n in range(50)])

    answered = {
        reply.json()["id"]: reply.json()["title"] for reply in replies if reply.status == 201
    }
    stored = {todo["id"]: todo["title"] for todo in list_todos(server, guid)}
    assert {i: stored[i] for i in answered} == answered


def test_concurrent_creates_in_many_sessions_do_not_disturb_each_other(server: Server) -> None:
    guids = [new_session(server) for _ in range(4)]
    calls = [partial(_create, server, guid, n) for n in range(15) for guid in guids]
    all_at_once(calls)

    for guid in guids:
        ids = sorted(todo["id"] for todo in list_todos(server, guid))
        assert ids == list(range(1, CAP + 1))


def test_the_count_stays_true_under_concurrent_creates_and_deletes(server: Server) -> None:
    """Deletes free places while creates take them; afterwards the cap still means 20 rows."""
    guid = new_session(server)
    headers = {"X-CHALLENGER": guid}
    deletes = [
        partial(request, server, "DELETE", f"/api/todos/{todo_id}", None, headers)
        for todo_id in range(1, SEEDED + 1)
    ]
    creates = [partial(_create, server, guid, n) for n in range(30)]
    replies = all_at_once(deletes + creates)

    assert all(reply.status == 204 for reply in replies[: len(deletes)])
    stored = list_todos(server, guid)
    created = [reply for reply in replies[len(deletes) :] if reply.status == 201]
    assert len(stored) == len(created)

    # Fill up sequentially: the list must take exactly as many as it has room for.
    extra = [_create(server, guid, 100 + n) for n in range(CAP + 1)]
    assert sum(reply.status == 201 for reply in extra) == CAP - len(stored)
    assert len(list_todos(server, guid)) == CAP
    ids = [todo["id"] for todo in list_todos(server, guid)]
    assert len(set(ids)) == CAP and min(ids) > SEEDED


def test_concurrent_session_creations_give_distinct_sessions(server: Server) -> None:
    replies = all_at_once([partial(request, server, "POST", "/api/challenger") for _ in range(30)])

    assert all(reply.status == 201 for reply in replies)
    guids = {reply.header("X-CHALLENGER") for reply in replies}
    assert len(guids) == 30
    assert all(len(list_todos(server, guid)) == SEEDED for guid in guids)
