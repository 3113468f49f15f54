"""PUT /api/todos/{id}: full replace, and the not-found rules."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.todos.support import create, errors, get_one, send


def put(client: Client, guid: str, todo_id: int | str, body: object, **kwargs: str):  # noqa: ANN201
    return send(client, "PUT", f"/api/todos/{todo_id}", body, guid=guid, **kwargs)


def test_it_replaces_every_field(client: Client, guid: str) -> None:
    create(client, guid, "full", doneStatus=True, description="old")
    response = put(client, guid, 11, {"title": "replaced"})
    assert response.status_code == 200
    assert response.json() == {
        "id": 11,
        "title": "replaced",
        "doneStatus": False,
        "description": "",
    }
    assert get_one(client, guid, 11).json()["todos"][0]["description"] == ""


def test_a_full_body_is_stored(client: Client, guid: str) -> None:
    body = {"title": "t", "doneStatus": True, "description": "d"}
    assert put(client, guid, 1, body).json() == {"id": 1, **body}


def test_a_missing_title_is_422(client: Client, guid: str) -> None:
    response = put(client, guid, 1, {"doneStatus": True})
    assert response.status_code == 422
    assert errors(response) == ["Failed Validation: title : field is mandatory"]


def test_an_equal_body_id_is_ignored(client: Client, guid: str) -> None:
    assert put(client, guid, 1, {"id": 1, "title": "same id"}).status_code == 200


def test_another_body_id_is_422(client: Client, guid: str) -> None:
    response = put(client, guid, 1, {"id": 2, "title": "x"})
    assert response.status_code == 422
    assert errors(response) == ["Can not amend id from 1 to 2"]


def test_a_missing_todo_without_body_id_is_404(client: Client, guid: str) -> None:
    response = put(client, guid, 99, {"title": "x"})
    assert response.status_code == 404
    assert errors(response) == ["No such todo entity instance with id == 99"]


def test_that_404_is_always_json(client: Client, guid: str) -> None:
    response = put(client, guid, 99, {"title": "x"}, Accept="application/xml")
    assert response["Content-Type"] == "application/json"
    assert errors(response) == ["No such todo entity instance with id == 99"]


def test_a_missing_todo_with_body_id_is_422(client: Client, guid: str) -> None:
    response = put(client, guid, 99, {"id": 99, "title": "x"})
    assert response.status_code == 422
    assert errors(response) == ["Cannot create todo with PUT due to Auto fields id"]


def test_put_never_creates(client: Client, guid: str) -> None:
    put(client, guid, 99, {"id": 99, "title": "x"})
    assert get_one(client, guid, 99).status_code == 404


def test_type_errors_have_no_prefix(client: Client, guid: str) -> None:
    response = put(client, guid, 1, {"title": "x", "doneStatus": "yes"})
    assert errors(response) == ["doneStatus should be BOOLEAN but was STRING"]


def test_it_replaces_from_xml(client: Client, guid: str) -> None:
    body = "<todo><title>xml</title><doneStatus>false</doneStatus></todo>"
    response = put(client, guid, 1, body, content_type="application/xml")
    assert response.json()["title"] == "xml"


@pytest.mark.parametrize("path", ["/api/todos/1", "/todos/1"])
def test_it_replaces_from_an_xml_fragment(client: Client, guid: str, path: str) -> None:
    body = " <title>replaced</title> <doneStatus>true</doneStatus> "
    response = send(client, "PUT", path, body, guid=guid, content_type="application/xml")
    assert response.status_code == 200
    assert response.json() == {"id": 1, "title": "replaced", "doneStatus": True, "description": ""}
    assert get_one(client, guid, 1).json()["todos"][0]["title"] == "replaced"


def test_content_type_is_checked(client: Client, guid: str) -> None:
    assert put(client, guid, 1, "x", content_type="text/plain").status_code == 415
    assert errors(put(client, guid, 1, "x", content_type=None)) == [
        "Unknown content Type: API cannot parse "
    ]
