"""SQL statements per todo request, each held to its budget.

Each request is made once first, so that the challenges it completes are already credited
(a first completion adds one write, counted by the tracking tests, not here). Savepoints
are the test transaction's, not the request's: they are left out of the count.

A read costs the session's statement and its rows'; while the session's list is unchanged
the rows are kept (todos.selectors.KeptRows) and the session's statement is all. Each read
is counted both ways (`reads`: rows kept or not).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import pytest
from django.db import connection
from django.http import HttpResponse
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tests.todos.support import send, session
from todos import selectors


def statements(
    call: Callable[[], HttpResponse], status: int, between: Callable[[], object] = lambda: None
) -> list[str]:
    """The SQL of a repeated request (the first run completes its challenges); `between`
    runs after the first run, uncounted."""
    assert call().status_code == status
    between()
    with CaptureQueriesContext(connection) as captured:
        assert call().status_code == status
    return [
        query["sql"]
        for query in captured.captured_queries
        if "SAVEPOINT" not in query["sql"].upper()
    ]


class Reads(NamedTuple):
    statements: int  # of the repeated read
    between: Callable[[], object]  # what happens between the first read and the counted one


@pytest.fixture(params=[True, False], ids=["rows kept", "rows read"])
def reads(request: pytest.FixtureRequest) -> Reads:
    """A repeated read costs its session's statement, plus its rows' unless they are kept:
    they are not when another process wrote the list or the store let them go (here it is
    emptied between the two reads)."""
    if request.param:
        return Reads(1, lambda: None)
    return Reads(2, selectors.KEPT_ROWS.clear)


def test_get_list_is_session_plus_todos(client: Client, guid: str, reads: Reads) -> None:
    call = lambda: client.get("/api/todos?_sortBy=-id", headers=session(guid))  # noqa: E731
    sql = statements(call, 200, reads.between)
    assert len(sql) == reads.statements, sql


def test_a_read_after_a_write_is_session_plus_todos(client: Client, guid: str) -> None:
    assert client.get("/api/todos", headers=session(guid)).status_code == 200  # rows kept
    send(client, "POST", "/api/todos/1", {"title": "renamed"}, guid=guid)
    with CaptureQueriesContext(connection) as captured:
        assert client.get("/api/todos", headers=session(guid)).status_code == 200
    assert len(captured.captured_queries) == 2, captured.captured_queries


def test_get_one_is_session_plus_todos(client: Client, guid: str, reads: Reads) -> None:
    call = lambda: client.get("/api/todos/1", headers=session(guid))  # noqa: E731
    assert len(statements(call, 200, reads.between)) == reads.statements


def test_head_is_session_plus_todos(client: Client, guid: str, reads: Reads) -> None:
    call = lambda: client.head("/api/todos", headers=session(guid))  # noqa: E731
    assert len(statements(call, 200, reads.between)) == reads.statements


def test_query_is_session_plus_todos(client: Client, guid: str, reads: Reads) -> None:
    def call() -> HttpResponse:
        return send(
            client,
            "QUERY",
            "/api/todos",
            "doneStatus=false",
            guid=guid,
            content_type="application/x-www-form-urlencoded",
        )

    assert len(statements(call, 200, reads.between)) == reads.statements


def test_export_is_session_plus_todos(client: Client, guid: str, reads: Reads) -> None:
    call = lambda: client.get("/api/todos/export?format=csv", headers=session(guid))  # noqa: E731
    assert len(statements(call, 200, reads.between)) == reads.statements


def test_create_is_session_plus_two_writes(client: Client, guid: str) -> None:
    sql = statements(lambda: send(client, "POST", "/api/todos", {"title": "x"}, guid=guid), 201)
    if connection.vendor == "postgresql":
        # The claim and the INSERT in one data-modifying WITH, committed on its own.
        assert len(sql) == 2, sql
        assert sql[1].startswith("WITH") and "INSERT" in sql[1]
    else:
        assert len(sql) == 3, sql
        assert sql[1].startswith("UPDATE") and sql[2].startswith("INSERT")


def test_amend_is_session_lock_and_write(client: Client, guid: str) -> None:
    titles = iter(["first", "second"])
    sql = statements(
        lambda: send(client, "POST", "/api/todos/1", {"title": next(titles)}, guid=guid), 200
    )
    if connection.vendor == "postgresql":
        # Session read, the rows with their token (the first amend changed it), and the
        # write in one statement, made only while that token is still the session's.
        assert len(sql) == 3, sql
        assert sql[2].startswith("WITH") and "list_token" in sql[2], sql
    else:
        # Session read, session row lock (before the todo rows, as every writer), rows, UPDATE.
        assert len(sql) == 4, sql


def test_amend_of_a_list_just_read_is_session_and_write(client: Client, guid: str) -> None:
    titles = iter(["first", "second"])

    def read_the_list() -> None:  # its rows kept under the token the first amend gave
        assert client.get("/api/todos", headers=session(guid)).status_code == 200

    sql = statements(
        lambda: send(client, "POST", "/api/todos/1", {"title": next(titles)}, guid=guid),
        200,
        between=read_the_list,
    )
    if connection.vendor == "postgresql":
        assert len(sql) == 2, sql  # the rows kept under the session's token are not read
    else:
        assert len(sql) == 4, sql


def test_delete_is_session_plus_two_writes(client: Client, guid: str) -> None:
    ids = iter([1, 2])
    sql = statements(lambda: client.delete(f"/api/todos/{next(ids)}", headers=session(guid)), 204)
    if connection.vendor == "postgresql":
        # The session lock, the DELETE and the count in one data-modifying WITH.
        assert len(sql) == 2, sql
        assert sql[1].startswith("WITH") and "DELETE" in sql[1]
    else:
        assert len(sql) == 3, sql
