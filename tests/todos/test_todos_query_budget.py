"""SQL statements per todo request (design.md "Performance budget").

Each request is made once first, so that the challenges it completes are already credited
(a first completion adds one write, counted by the tracking tests, not here). Savepoints
are the test transaction's, not the request's: they are left out of the count.
"""

from __future__ import annotations

from collections.abc import Callable

from django.db import connection
from django.http import HttpResponse
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tests.todos.support import send, session


def statements(call: Callable[[], HttpResponse], status: int) -> list[str]:
    """The SQL of a repeated request (the first run completes its challenges)."""
    assert call().status_code == status
    with CaptureQueriesContext(connection) as captured:
        assert call().status_code == status
    return [
        query["sql"]
        for query in captured.captured_queries
        if "SAVEPOINT" not in query["sql"].upper()
    ]


def test_get_list_is_session_plus_todos(client: Client, guid: str) -> None:
    sql = statements(lambda: client.get("/api/todos?_sortBy=-id", headers=session(guid)), 200)
    assert len(sql) == 2, sql


def test_a_repeated_plain_list_is_the_session_only(client: Client, guid: str) -> None:
    # The fast lane reuses the list it rendered while the session's list_token is unchanged.
    assert len(statements(lambda: client.get("/api/todos", headers=session(guid)), 200)) == 1


def test_get_one_is_session_plus_todos(client: Client, guid: str) -> None:
    assert len(statements(lambda: client.get("/api/todos/1", headers=session(guid)), 200)) == 2


def test_head_is_session_plus_todos(client: Client, guid: str) -> None:
    assert len(statements(lambda: client.head("/api/todos", headers=session(guid)), 200)) == 2


def test_query_is_session_plus_todos(client: Client, guid: str) -> None:
    def call() -> HttpResponse:
        return send(
            client,
            "QUERY",
            "/api/todos",
            "doneStatus=false",
            guid=guid,
            content_type="application/x-www-form-urlencoded",
        )

    assert len(statements(call, 200)) == 2


def test_export_is_session_plus_todos(client: Client, guid: str) -> None:
    call = lambda: client.get("/api/todos/export?format=csv", headers=session(guid))  # noqa: E731
    assert len(statements(call, 200)) == 2


def test_create_is_session_plus_two_writes(client: Client, guid: str) -> None:
    sql = statements(lambda: send(client, "POST", "/api/todos", {"title": "x"}, guid=guid), 201)
    assert len(sql) == 3, sql
    assert sql[1].startswith("UPDATE") and sql[2].startswith("INSERT")


def test_amend_is_session_lock_and_write(client: Client, guid: str) -> None:
    titles = iter(["first", "second"])
    sql = statements(
        lambda: send(client, "POST", "/api/todos/1", {"title": next(titles)}, guid=guid), 200
    )
    # Session read, session row lock (before the todo rows, as every writer), rows, UPDATE.
    assert len(sql) == 4, sql


def test_delete_is_session_plus_two_writes(client: Client, guid: str) -> None:
    ids = iter([1, 2])
    sql = statements(lambda: client.delete(f"/api/todos/{next(ids)}", headers=session(guid)), 204)
    assert len(sql) == 3, sql
