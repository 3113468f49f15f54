"""PUT /api/todos: replace the todo named by the body id."""

from __future__ import annotations

from django.test import Client

from tests.todos.support import errors, get_one, send


def put(client: Client, guid: str, body: object, **kwargs: str):  # noqa: ANN201
    return send(client, "PUT", "/api/todos", body, guid=guid, **kwargs)


def test_a_body_id_of_an_existing_todo_replaces_it(client: Client, guid: str) -> None:
    response = put(client, guid, {"id": 2, "title": "by body id", "doneStatus": True})
    assert response.status_code == 200
    assert response.json() == {
        "id": 2,
        "title": "by body id",
        "doneStatus": True,
        "description": "",
    }
    assert get_one(client, guid, 2).json()["todos"][0]["title"] == "by body id"


def test_no_id_is_422(client: Client, guid: str) -> None:
    response = put(client, guid, {"title": "x"})
    assert response.status_code == 422
    assert errors(response) == ["PUT requires an identifier in the URI or payload"]


def test_an_empty_id_is_422(client: Client, guid: str) -> None:
    response = put(client, guid, {"id": "", "title": "x"})
    assert errors(response) == ["PUT requires an identifier in the URI or payload"]


def test_an_unknown_id_is_422(client: Client, guid: str) -> None:
    response = put(client, guid, {"id": 99, "title": "x"})
    assert response.status_code == 422
    assert errors(response) == ["Cannot create todo with PUT due to Auto fields id"]


def test_a_missing_title_is_422(client: Client, guid: str) -> None:
    response = put(client, guid, {"id": 1})
    assert errors(response) == ["Failed Validation: title : field is mandatory"]


def test_it_accepts_xml_with_an_id(client: Client, guid: str) -> None:
    body = "<todo><id>3</id><title>xml</title></todo>"
    response = put(client, guid, body, content_type="application/xml")
    assert response.status_code == 200
    assert response.json()["id"] == 3
