"""Concurrent writes of one session: never over the cap, never an id twice.

Real requests on real threads, each with its own database connection, committed for real
(`transaction=True`). PostgreSQL runs them in parallel under row locks; SQLite's in-memory
test database (shared cache) reports "table is locked" instead of waiting, so the test
runs there only against a file database.
"""

from __future__ import annotations

import threading
from collections import Counter
from datetime import timedelta
from io import StringIO

import orjson
import pytest
from django.core.management import call_command
from django.db import connection, transaction
from django.utils import timezone

from challengers.models import Challenger, new_list_token
from challengers.sessions import create_challenger
from tests.client import Client
from todos.models import Todo
from todos.selectors import DEFAULT_TITLES

WORKERS = 16


pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _a_database_that_waits(transactional_db: None) -> None:
    # Checked once the test database exists (its name says whether it is in memory).
    name = str(connection.settings_dict["NAME"])
    if connection.vendor == "sqlite" and ("memory" in name or not name):
        pytest.skip(
            "SQLite's shared-cache in-memory test database fails concurrent writers with "
            "'table is locked' instead of waiting; run with DATABASE_URL=postgres://..."
        )


def _run_concurrently(action) -> list:  # noqa: ANN001
    """Call `action(client, index)` on WORKERS threads released at once; their results."""
    barrier = threading.Barrier(WORKERS)
    results: list = [None] * WORKERS

    def work(index: int) -> None:
        try:
            barrier.wait()
            results[index] = action(Client(), index)
        finally:
            connection.close()

    threads = [threading.Thread(target=work, args=(i,)) for i in range(WORKERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def test_concurrent_creates_stop_exactly_at_the_cap() -> None:
    guid = create_challenger().guid

    def create(client: Client, index: int) -> tuple[int, int | None]:
        response = client.post(
            "/api/todos",
            data='{"title":"race"}',
            content_type="application/json",
            headers={"X-CHALLENGER": guid},
        )
        return response.status_code, response.json().get("id")

    results = _run_concurrently(create)
    statuses = Counter(status for status, _ in results)
    assert statuses == {201: 10, 409: WORKERS - 10}
    created = sorted(todo_id for status, todo_id in results if status == 201)
    assert created == list(range(11, 21))
    session = Challenger.objects.get(pk=guid)
    assert (session.todo_count, session.next_todo_id) == (20, 21)
    assert Todo.objects.filter(challenger=session).count() == 20


def test_concurrent_creates_and_deletes_keep_the_count() -> None:
    guid = create_challenger().guid

    def write(client: Client, index: int) -> int:
        if index % 2:
            return client.post(
                "/api/todos",
                data='{"title":"race"}',
                content_type="application/json",
                headers={"X-CHALLENGER": guid},
            ).status_code
        return client.delete("/api/todos/1", headers={"X-CHALLENGER": guid}).status_code

    results = _run_concurrently(write)
    assert Counter(results)[204] <= 1
    session = Challenger.objects.get(pk=guid)
    stored = Todo.objects.filter(challenger=session)
    assert session.todo_count == stored.count()
    ids = list(stored.values_list("todo_id", flat=True))
    assert len(ids) == len(set(ids))
    assert session.next_todo_id > max(ids)


def test_concurrent_deletes_of_one_todo_delete_it_once() -> None:
    guid = create_challenger().guid

    def delete(client: Client, index: int) -> int:
        return client.delete("/api/todos/3", headers={"X-CHALLENGER": guid}).status_code

    assert Counter(_run_concurrently(delete)) == {204: 1, 404: WORKERS - 1}
    session = Challenger.objects.get(pk=guid)
    assert session.todo_count == Todo.objects.filter(challenger=session).count() == 9


def test_concurrent_amends_of_one_todo_lose_no_change() -> None:
    # Each amend reads the todo, changes it and writes it back: two that read the same
    # title may not both write. A JSON Patch that tests the title it read succeeds once.
    guid = create_challenger().guid

    def amend(client: Client, index: int) -> int:
        return client.patch(
            "/api/todos/3",
            data=orjson.dumps(
                [
                    {"op": "test", "path": "/title", "value": DEFAULT_TITLES[2]},
                    {"op": "replace", "path": "/title", "value": f"amended by {index}"},
                ]
            ),
            content_type="application/json-patch+json",
            headers={"X-CHALLENGER": guid},
        ).status_code

    assert Counter(_run_concurrently(amend)) == {200: 1, 409: WORKERS - 1}


def test_concurrent_amends_and_deletes_never_deadlock() -> None:
    # An amend and a delete both lock the session row (each gives it a new list_token) and
    # a todo row: taken in opposite orders, PostgreSQL aborts one of them (a 500).
    def race(guid: str, done: bool) -> list[int]:
        def write(client: Client, index: int) -> int:
            todo = f"/api/todos/{index // 2 % 4 + 1}"  # an amend and a delete per todo
            if index % 2:
                return client.post(
                    todo,
                    data=f'{{"doneStatus":{"true" if done else "false"}}}',
                    content_type="application/json",
                    headers={"X-CHALLENGER": guid},
                ).status_code
            return client.delete(todo, headers={"X-CHALLENGER": guid}).status_code

        return _run_concurrently(write)

    for round_ in range(4):
        results = race(create_challenger().guid, done=bool(round_ % 2))
        assert set(results) <= {200, 204, 404}, results


def test_a_purge_waits_for_a_writer_before_touching_the_sessions_todos() -> None:
    # A todo writer holds the session row (as every writer takes it first). The purge must
    # wait for that row before it deletes any todo row: if it held todo rows while waiting,
    # the writer's next step (locking a todo row) would deadlock with it.
    if connection.vendor != "postgresql":
        pytest.skip("row locks: PostgreSQL only (SQLite serialises whole transactions)")
    guid = create_challenger().guid
    Challenger.objects.filter(pk=guid).update(last_seen=timezone.now() - timedelta(days=30))
    purged = threading.Event()

    def purge() -> None:
        try:
            call_command("purge_challengers", "--days", "7", stdout=StringIO())
            purged.set()
        finally:
            connection.close()

    with transaction.atomic():
        Challenger.objects.filter(pk=guid).update(list_token=new_list_token())
        purger = threading.Thread(target=purge)
        purger.start()
        assert not purged.wait(0.5)  # waiting for the session row
        # Raises if the purge already holds a todo row of the session.
        assert len(Todo.objects.select_for_update(nowait=True).filter(challenger_id=guid)) == 10
    purger.join(10)
    assert purged.is_set()
    assert not Challenger.objects.filter(pk=guid).exists()
