"""PATCH /api/todos/{id} with application/merge-patch+json (RFC 7396)."""

from __future__ import annotations

from django.test import Client

from tests.todos.support import create, errors, send

MERGE = "application/merge-patch+json"


def merge(client: Client, guid: str, todo_id: int, body: object):  # noqa: ANN201
    return send(client, "PATCH", f"/api/todos/{todo_id}", body, guid=guid, content_type=MERGE)


def test_it_merges_into_the_todo(client: Client, guid: str) -> None:
    response = merge(client, guid, 1, {"doneStatus": True, "description": "merged"})
    assert response.status_code == 200
    assert response.json() == {
        "id": 1,
        "title": "scan paperwork",
        "doneStatus": True,
        "description": "merged",
    }


def test_null_removes_a_field_back_to_its_default(client: Client, guid: str) -> None:
    create(client, guid, "x", doneStatus=True, description="d")
    response = merge(client, guid, 11, {"description": None, "doneStatus": None})
    assert response.json() == {"id": 11, "title": "x", "doneStatus": False, "description": ""}


def test_removing_the_title_is_422(client: Client, guid: str) -> None:
    response = merge(client, guid, 1, {"title": None})
    assert response.status_code == 422
    assert errors(response) == ["Failed Validation: title : field is mandatory"]


def test_adding_an_unknown_field_is_422(client: Client, guid: str) -> None:
    response = merge(client, guid, 1, {"priority": 1})
    assert errors(response) == ["Failed Validation: Could not find field: priority"]


def test_changing_the_id_is_422(client: Client, guid: str) -> None:
    assert errors(merge(client, guid, 1, {"id": 2})) == ["Can not amend id from 1 to 2"]


def test_a_wrong_type_is_422(client: Client, guid: str) -> None:
    response = merge(client, guid, 1, {"doneStatus": "yes"})
    assert errors(response) == ["doneStatus should be BOOLEAN but was STRING"]


def test_a_document_that_is_not_an_object_is_422(client: Client, guid: str) -> None:
    response = merge(client, guid, 1, "[1]")
    assert response.status_code == 422
    assert errors(response) == ["JSON Merge Patch for entity resources must be an object"]
    assert response.has_header("Accept-Patch")


def test_an_empty_body_is_422(client: Client, guid: str) -> None:
    response = merge(client, guid, 1, "")
    assert errors(response) == ["JSON Merge Patch for entity resources must be an object"]


def test_malformed_json_is_400(client: Client, guid: str) -> None:
    response = merge(client, guid, 1, "{nope")
    assert response.status_code == 400
    assert errors(response)[0].startswith("Malformed JSON Merge Patch document")


def test_existence_is_checked_first(client: Client, guid: str) -> None:
    response = merge(client, guid, 99, "{nope")
    assert response.status_code == 404
    assert errors(response) == ["No such todo entity instance with id == 99 found"]


def test_member_names_ignore_case(client: Client, guid: str) -> None:
    create(client, guid, "x", description="d")
    response = merge(client, guid, 11, {"Description": None, "TITLE": "y"})
    assert response.json() == {"id": 11, "title": "y", "doneStatus": False, "description": ""}
