"""Todo reads with each session's rows kept under its `list_token` (todos.selectors.KeptRows)
answer exactly as reads from the database, after every kind of write, in any order.

Each request shape is answered from rows read afresh (the store emptied first) and from the
same rows kept, and the two answers must be equal: status, every header, body. The statement counts show that a read of
an unchanged list runs its session's statement only, and that a write is seen at once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from django.db import connection
from django.http import HttpResponse
from django.test import Client
from django.test.utils import CaptureQueriesContext

from challengers.models import Challenger
from tests.todos.support import SEED_TITLES, send
from todos import selectors
from todos.models import Todo
from todos.services import create_todo

# (path, extra request headers): every kind of read of a session's rows.
SHAPES = [
    ("/api/todos", {}),
    ("/api/todos", {"Accept": "*/*", "Postman-Token": "a1b2", "Cache-Control": "no-cache"}),
    ("/todos", {}),
    ("/api/todos?doneStatus=false", {}),
    ("/api/todos?doneStatus=true&_limit=2", {}),
    ("/api/todos?_limit=20", {"Accept": "application/xml"}),
    ("/api/todos", {"Accept": "text/csv"}),
    ("/api/todos/2", {}),
    ("/api/todos/11", {"Accept": "application/xml"}),
    ("/api/todos/4", {}),  # deleted: 404
    ("/api/todos/export", {}),
]


def answer(response: HttpResponse) -> tuple[int, dict[str, str], bytes]:
    return response.status_code, dict(response.items()), response.content


@pytest.fixture(autouse=True)
def empty_store() -> Iterator[None]:
    selectors.KEPT_ROWS.clear()
    yield
    selectors.KEPT_ROWS.clear()


@pytest.fixture
def varied_guid(client: Client, guid: str) -> str:
    """A session whose list is not the seed: one todo done, one deleted, three added (more
    than the default page of ten)."""
    send(client, "POST", "/api/todos/2", {"doneStatus": True}, guid=guid)
    send(client, "DELETE", "/api/todos/4", guid=guid, content_type=None)
    for n in range(2):
        send(client, "POST", "/api/todos", {"title": f"extra {n}"}, guid=guid)
    created = send(
        client,
        "POST",
        "/api/todos",
        {"title": 'Ünïcode "quotes" <tags> & ✓', "description": "line\nbreak\ttab"},
        guid=guid,
    )
    assert created.status_code == 201
    return guid


def statements(client: Client, path: str, headers: dict[str, str]) -> list[str]:
    with CaptureQueriesContext(connection) as captured:
        client.get(path, headers=headers)
    return [query["sql"] for query in captured.captured_queries]


@pytest.mark.parametrize(("path", "headers"), SHAPES)
def test_kept_rows_answer_exactly_as_fresh_ones(
    client: Client, varied_guid: str, path: str, headers: dict[str, str]
) -> None:
    request_headers = {"X-CHALLENGER": varied_guid, **headers}
    selectors.KEPT_ROWS.clear()
    fresh = answer(client.get(path, headers=request_headers))  # read, and kept
    kept = answer(client.get(path, headers=request_headers))  # from the store
    assert kept == fresh


def test_a_read_of_an_unchanged_list_runs_only_its_sessions_statement(
    client: Client, varied_guid: str
) -> None:
    headers = {"X-CHALLENGER": varied_guid}
    first = statements(client, "/api/todos", headers)
    again = statements(client, "/api/todos/3", headers)
    # Tracking may record a read's credits after it; the session's SELECT comes first.
    assert "todos_todo" in first[1]
    assert "challenges_challenger" in again[0]
    assert not [sql for sql in again if "todos_todo" in sql]


def test_the_kept_rows_are_the_sessions_current_todos(client: Client, varied_guid: str) -> None:
    client.get("/api/todos", headers={"X-CHALLENGER": varied_guid})
    listed = client.get("/api/todos", headers={"X-CHALLENGER": varied_guid}).json()["todos"]
    assert [t["id"] for t in listed] == [1, 2, 3, 5, 6, 7, 8, 9, 10, 11]
    assert listed[1]["doneStatus"] is True
    everything = client.get("/api/todos?_limit=20", headers={"X-CHALLENGER": varied_guid})
    assert everything.json()["todos"][-1]["title"] == 'Ünïcode "quotes" <tags> & ✓'


def test_a_changed_row_dict_does_not_change_the_kept_rows(guid: str) -> None:
    session = Challenger.objects.get(pk=guid)
    selectors.list_rows(session)[0]["title"] = "changed by a caller"
    assert selectors.list_rows(session)[0]["title"] == SEED_TITLES[0]


def test_a_read_after_a_write_in_the_same_request_sees_the_write(guid: str) -> None:
    session = Challenger.objects.get(pk=guid)
    assert len(selectors.list_rows(session)) == 10  # kept under the session's token
    create_todo(session, {"title": "new", "doneStatus": False, "description": ""}, cap=0)
    assert [row["id"] for row in selectors.list_rows(session)][-1] == 11


# Every way a session's todos change, each followed by a read of the list.
WRITES = {
    "POST create": lambda c, g: send(c, "POST", "/api/todos", {"title": "new"}, guid=g),
    "POST amend": lambda c, g: send(c, "POST", "/api/todos/3", {"title": "amended"}, guid=g),
    "PUT": lambda c, g: send(
        c, "PUT", "/api/todos/3", {"title": "put", "doneStatus": True}, guid=g
    ),
    "PATCH": lambda c, g: send(c, "PATCH", "/api/todos/3", {"doneStatus": True}, guid=g),
    "DELETE": lambda c, g: send(c, "DELETE", "/api/todos/3", guid=g, content_type=None),
    "restore": lambda c, g: send(
        c, "PUT", f"/api/challenger/database/{g}", {"todos": [{"id": 3, "title": "restored"}]}
    ),
}


@pytest.mark.parametrize("write", WRITES.values(), ids=WRITES.keys())
def test_a_list_read_again_after_a_write_shows_the_write(
    client: Client, guid: str, write: Callable[[Client, str], object]
) -> None:
    headers = {"X-CHALLENGER": guid}
    send(client, "DELETE", "/api/todos/10", guid=guid, content_type=None)  # room for one more
    before = answer(client.get("/api/todos", headers=headers))
    write(client, guid)
    kept = answer(client.get("/api/todos", headers=headers))
    selectors.KEPT_ROWS.clear()
    fresh = answer(client.get("/api/todos", headers=headers))
    assert kept == fresh
    assert kept[2] != before[2]


def test_a_list_put_back_with_its_old_token_is_listed_as_put_back(
    client: Client, guid: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A write lands between a request's session read and its rows read; later the
    # database goes back to the state before it (a backup restored), old token included.
    # What was kept must belong to the token read with the rows, not the earlier one.
    headers = {"X-CHALLENGER": guid}
    old_token = Challenger.objects.get(pk=guid).list_token
    real = selectors._rows_with_token

    def write_first(challenger: Challenger):  # noqa: ANN202 - as _rows_with_token
        # Once: the amend reads the rows too.
        monkeypatch.setattr(selectors, "_rows_with_token", real)
        send(client, "POST", "/api/todos/3", {"title": "written meanwhile"}, guid=guid)
        return real(challenger)

    monkeypatch.setattr(selectors, "_rows_with_token", write_first)
    client.get("/api/todos", headers=headers)
    Todo.objects.filter(challenger_id=guid, todo_id=3).update(title=SEED_TITLES[2])
    Challenger.objects.filter(pk=guid).update(list_token=old_token)
    listed = client.get("/api/todos", headers=headers).json()["todos"]
    assert listed[2]["title"] == SEED_TITLES[2]
