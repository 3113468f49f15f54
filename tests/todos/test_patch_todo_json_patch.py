"""PATCH /api/todos/{id} with application/json-patch+json (RFC 6902)."""

from __future__ import annotations

from django.test import Client

from tests.todos.support import errors, get_one, send

JSON_PATCH = "application/json-patch+json"


def json_patch(client: Client, guid: str, todo_id: int, body: object):  # noqa: ANN201
    return send(client, "PATCH", f"/api/todos/{todo_id}", body, guid=guid, content_type=JSON_PATCH)


def test_it_applies_operations(client: Client, guid: str) -> None:
    ops = [
        {"op": "replace", "path": "/title", "value": "patched"},
        {"op": "replace", "path": "/doneStatus", "value": True},
        {"op": "copy", "from": "/title", "path": "/description"},
    ]
    response = json_patch(client, guid, 1, ops)
    assert response.status_code == 200
    assert response.json() == {
        "id": 1,
        "title": "patched",
        "doneStatus": True,
        "description": "patched",
    }
    assert get_one(client, guid, 1).json()["todos"][0]["title"] == "patched"


def test_a_passing_test_operation_applies(client: Client, guid: str) -> None:
    ops = [
        {"op": "test", "path": "/title", "value": "scan paperwork"},
        {"op": "replace", "path": "/title", "value": "tested"},
    ]
    assert json_patch(client, guid, 1, ops).json()["title"] == "tested"


def test_a_failing_test_operation_is_409(client: Client, guid: str) -> None:
    ops = [
        {"op": "test", "path": "/title", "value": "other"},
        {"op": "replace", "path": "/title", "value": "never"},
    ]
    response = json_patch(client, guid, 1, ops)
    assert response.status_code == 409
    assert errors(response) == ["JSON Patch could not be applied"]
    assert get_one(client, guid, 1).json()["todos"][0]["title"] == "scan paperwork"


def test_a_missing_path_is_409(client: Client, guid: str) -> None:
    response = json_patch(client, guid, 1, [{"op": "remove", "path": "/nothing"}])
    assert response.status_code == 409


def test_an_unknown_operation_is_409(client: Client, guid: str) -> None:
    response = json_patch(client, guid, 1, [{"op": "bogus", "path": "/title"}])
    assert response.status_code == 409


def test_adding_an_unknown_field_is_422(client: Client, guid: str) -> None:
    response = json_patch(client, guid, 1, [{"op": "add", "path": "/priority", "value": 1}])
    assert response.status_code == 422
    assert errors(response) == ["Failed Validation: Could not find field: priority"]


def test_removing_the_title_is_422(client: Client, guid: str) -> None:
    response = json_patch(client, guid, 1, [{"op": "remove", "path": "/title"}])
    assert errors(response) == ["Failed Validation: title : field is mandatory"]


def test_changing_the_id_is_422(client: Client, guid: str) -> None:
    response = json_patch(client, guid, 1, [{"op": "replace", "path": "/id", "value": 2}])
    assert errors(response) == ["Can not amend id from 1 to 2"]


def test_a_string_done_status_is_422(client: Client, guid: str) -> None:
    ops = [{"op": "replace", "path": "/doneStatus", "value": "true"}]
    assert errors(json_patch(client, guid, 1, ops)) == [
        "doneStatus should be BOOLEAN but was STRING"
    ]


def test_a_result_that_is_not_an_object_is_422(client: Client, guid: str) -> None:
    response = json_patch(client, guid, 1, [{"op": "replace", "path": "", "value": "x"}])
    assert response.status_code == 422
    assert errors(response) == ["PATCH result for entity resources must be an object"]


def test_a_document_that_is_not_an_array_is_400(client: Client, guid: str) -> None:
    response = json_patch(client, guid, 1, {"op": "remove", "path": "/title"})
    assert response.status_code == 400
    assert errors(response) == ["JSON Patch document must be an array of operations"]


def test_an_empty_body_is_400(client: Client, guid: str) -> None:
    response = json_patch(client, guid, 1, "")
    assert errors(response) == ["JSON Patch document must be an array of operations"]


def test_malformed_json_is_400(client: Client, guid: str) -> None:
    response = json_patch(client, guid, 1, "[{")
    assert response.status_code == 400
    assert errors(response)[0].startswith("Malformed JSON Patch document")


def test_existence_is_checked_first(client: Client, guid: str) -> None:
    response = json_patch(client, guid, 99, "not even json")
    assert response.status_code == 404


def test_a_document_doubling_itself_is_409(client: Client, guid: str) -> None:
    ops = [{"op": "copy", "from": "", "path": f"/x{n}"} for n in range(100)]
    response = json_patch(client, guid, 1, ops)
    assert response.status_code == 409
    assert errors(response) == ["JSON Patch could not be applied"]


def test_operations_apply_in_order(client: Client, guid: str) -> None:
    ops = [
        {"op": "add", "path": "/extra", "value": "moved"},
        {"op": "move", "from": "/extra", "path": "/description"},
    ]
    assert json_patch(client, guid, 1, ops).json()["description"] == "moved"
