"""PATCH /api/todos/{id} with application/json: partial update."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.todos.support import errors, get_one, send

ACCEPT_PATCH = "application/json, application/merge-patch+json, application/json-patch+json"


def patch(client: Client, guid: str, todo_id: int, body: object, **kwargs: str):  # noqa: ANN201
    return send(client, "PATCH", f"/api/todos/{todo_id}", body, guid=guid, **kwargs)


def test_only_supplied_fields_change(client: Client, guid: str) -> None:
    response = patch(client, guid, 1, {"doneStatus": True})
    assert response.status_code == 200
    assert response.json() == {
        "id": 1,
        "title": "scan paperwork",
        "doneStatus": True,
        "description": "",
    }
    assert get_one(client, guid, 1).json()["todos"][0]["doneStatus"] is True


def test_success_has_no_accept_patch(client: Client, guid: str) -> None:
    assert not patch(client, guid, 1, {"doneStatus": True}).has_header("Accept-Patch")


def test_an_empty_body_changes_nothing(client: Client, guid: str) -> None:
    response = patch(client, guid, 1, " ")
    assert response.status_code == 200
    assert response.json()["title"] == "scan paperwork"


def test_malformed_json_is_400(client: Client, guid: str) -> None:
    response = patch(client, guid, 1, '{"title":')
    assert response.status_code == 400
    assert errors(response)[0].startswith("Malformed JSON document (line 1 column 10: ")


def test_a_document_that_is_not_an_object_is_400(client: Client, guid: str) -> None:
    response = patch(client, guid, 1, "[]")
    assert response.status_code == 400
    assert errors(response) == ["PATCH partial JSON update document must be an object"]


def test_types_are_checked_before_existence(client: Client, guid: str) -> None:
    response = patch(client, guid, 99, {"doneStatus": "x"})
    assert response.status_code == 422
    assert errors(response) == ["doneStatus should be BOOLEAN but was STRING"]
    assert response["Accept-Patch"] == ACCEPT_PATCH


def test_a_missing_todo_is_404(client: Client, guid: str) -> None:
    response = patch(client, guid, 99, {"title": "x"})
    assert response.status_code == 404
    assert errors(response) == ["No such todo entity instance with id == 99 found"]


def test_an_unknown_field_is_422(client: Client, guid: str) -> None:
    response = patch(client, guid, 1, {"priority": "high"})
    assert errors(response) == ["Failed Validation: Could not find field: priority"]


@pytest.mark.parametrize("content_type", ["application/xml", "text/plain", None])
def test_other_content_types_are_415(client: Client, guid: str, content_type: str | None) -> None:
    response = patch(client, guid, 1, '{"title":"x"}', content_type=content_type)
    assert response.status_code == 415
    assert errors(response) == ["Unsupported PATCH Content Type"]
    assert response["Accept-Patch"] == ACCEPT_PATCH


def test_the_style_ignores_case_and_parameters(client: Client, guid: str) -> None:
    response = patch(
        client, guid, 1, {"title": "x"}, content_type="Application/JSON; charset=utf-8"
    )
    assert response.status_code == 200


def test_patch_needs_a_session_in_multi_mode(client: Client, db: None) -> None:
    response = send(client, "PATCH", "/api/todos/1", {"title": "x"})
    assert response.status_code == 401
