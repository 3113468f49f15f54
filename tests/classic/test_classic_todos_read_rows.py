"""Classic edition: reading todos, the default data, unrouted paths."""

from __future__ import annotations

from django.test import Client

from tests.classic.helpers import fill_to, messages, send_json
from tests.todos.support import SEED_TITLES


def test_row_12_get_todos_answers_every_todo_without_paging(
    client: Client, known: dict[str, str]
) -> None:
    fill_to(client, known, 20)
    response = client.get("/todos", **known)
    assert response.status_code == 200
    assert len(response.json()["todos"]) == 20


def test_row_12_a_large_limit_is_no_error(client: Client, known: dict[str, str]) -> None:
    # The current edition's `_limit` guard (400 above 20) did not exist.
    response = client.get("/todos?_limit=50", **known)
    assert response.status_code == 200


def test_row_13_a_new_session_holds_the_ten_default_todos(
    client: Client, known: dict[str, str]
) -> None:
    todos = sorted(client.get("/todos", **known).json()["todos"], key=lambda t: t["id"])
    assert [t["title"] for t in todos] == SEED_TITLES
    assert [t["id"] for t in todos] == list(range(1, 11))
    assert {(t["doneStatus"], t["description"]) for t in todos} == {(False, "")}


def test_row_14_a_field_filter_selects_todos(client: Client, known: dict[str, str]) -> None:
    send_json(client, "POST", "/todos/3", {"doneStatus": True}, **known)
    response = client.get("/todos?doneStatus=true", **known)
    assert response.status_code == 200
    assert [t["id"] for t in response.json()["todos"]] == [3]


def test_row_15_get_todo_answers_a_one_element_collection_or_404(
    client: Client, known: dict[str, str]
) -> None:
    found = client.get("/todos/1", **known)
    missing = client.get("/todos/99", **known)
    assert found.status_code == 200
    assert found.json() == {
        "todos": [{"id": 1, "title": "scan paperwork", "doneStatus": False, "description": ""}]
    }
    assert missing.status_code == 404
    assert messages(missing) == ["Could not find an instance with todos/99"]


def test_row_16_unrouted_paths_are_404_shaped_by_accept(client: Client, db: None) -> None:
    bare = client.get("/todo")
    text = client.get("/todo", HTTP_ACCEPT="text/plain")
    as_json = client.get("/todo", HTTP_ACCEPT="application/json")
    as_xml = client.get("/todo", HTTP_ACCEPT="application/xml")
    page = client.get("/todo", HTTP_ACCEPT="text/html")
    assert (bare.status_code, bare.content, bare["Content-Type"]) == (
        404,
        b"",
        "application/json",
    )
    assert (text.content, text["Content-Type"]) == (b"", "text/plain")
    assert messages(as_json) == ["404 resource Unknown"]
    assert (
        as_xml.content == b"<errorMessages><message>404 resource Unknown</message></errorMessages>"
    )
    assert page["Content-Type"].startswith("text/html")


def test_row_17_head_todos_and_todo_have_get_status_without_body(
    client: Client, known: dict[str, str]
) -> None:
    collection = client.head("/todos", **known)
    item = client.head("/todos/1", **known)
    missing = client.head("/todos/99", **known)
    assert [r.status_code for r in (collection, item, missing)] == [200, 200, 404]
    assert {r.content for r in (collection, item, missing)} == {b""}
