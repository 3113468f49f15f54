"""GET /api/todos/{id}: a one-element collection, and the 404."""

from __future__ import annotations

from django.test import Client

from tests.todos.support import errors, get_one, session


def test_it_answers_a_one_element_collection(client: Client, guid: str) -> None:
    response = get_one(client, guid, 3)
    assert response.status_code == 200
    assert response.json() == {
        "todos": [{"id": 3, "title": "process payments", "doneStatus": False, "description": ""}]
    }


def test_it_answers_xml_wrapped_in_todos(client: Client, guid: str) -> None:
    response = client.get("/api/todos/1", headers=session(guid, Accept="application/xml"))
    assert response.content.startswith(b"<todos><todo><doneStatus>false</doneStatus>")


def test_it_sends_no_accept_query(client: Client, guid: str) -> None:
    assert not get_one(client, guid, 1).has_header("Accept-Query")


def test_a_missing_todo_is_404(client: Client, guid: str) -> None:
    response = get_one(client, guid, 99)
    assert response.status_code == 404
    assert errors(response) == ["Could not find an instance with todos/99"]


def test_the_legacy_path_names_the_same_path(client: Client, guid: str) -> None:
    response = client.get("/todos/99", headers=session(guid))
    assert errors(response) == ["Could not find an instance with todos/99"]


def test_ids_are_matched_as_exact_text(client: Client, guid: str) -> None:
    for text in ("01", "1.0", "+1", "one"):
        assert get_one(client, guid, text).status_code == 404, text


def test_a_huge_id_is_just_not_found(client: Client, guid: str) -> None:
    assert get_one(client, guid, "9" * 40).status_code == 404


def test_query_parameters_are_ignored(client: Client, guid: str) -> None:
    response = client.get("/api/todos/2?id=3&_limit=50", headers=session(guid))
    assert response.status_code == 200
    assert response.json()["todos"][0]["id"] == 2


def test_a_deleted_todo_is_404(client: Client, guid: str) -> None:
    client.delete("/api/todos/4", headers=session(guid))
    assert get_one(client, guid, 4).status_code == 404


def test_406_applies(client: Client, guid: str) -> None:
    response = client.get("/api/todos/1", headers=session(guid, Accept="application/gzip"))
    assert response.status_code == 406


def test_export_is_never_an_id(client: Client, guid: str) -> None:
    response = client.get("/api/todos/export", headers=session(guid))
    assert response.status_code == 400
    assert errors(response)[0].startswith("Unsupported export format")
